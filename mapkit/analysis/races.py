"""Races by number: the forbidden-race table and the Expres prize table.

A race joins two race numbers (11..66). Its distance is the ``steps`` distance between the
two numbers' cities over the whole board, ignoring built track (the Expres distance table;
two numbers of one city are 0 apart). A race is *forbidden* when that distance is below the
threshold: the map's ``rules.min_race_distance``, else 10 (Expres). A race to a city that
cannot be reached at all cannot be run either, so it is forbidden too. Prizes (Expres): the
winner gets twice the distance, the second once.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City, Rules
>>> m = Map(Grid("pointy", "odd", 12, 1), rules=Rules(min_race_distance=8), cities=[
...     City("Aš", H("A1"), (11, 12)), City("Cheb", H("F1"), (13,)), City("Most", H("L1"), (14,))])
>>> min_distance_of(m), min_distance_of(m, 3)
(8, 3)
>>> forbidden_pairs(m)
[(11, 12), (11, 13), (12, 13), (13, 14)]
>>> prizes(m)[(11, 14)], prizes(m)[(13, 14)]
((22, 11), (12, 6))

The Paluba rules forbid a race by the built track instead (shorter than 6 pieces between
start and target). A built track never runs shorter than the steps distance, so before any
track is built the table already tells the races that always run (6 steps or more apart) from
those that need the track counted (:func:`race_verdict`):

>>> v = race_verdicts(m, "track", 6)
>>> v[(11, 12)], v[(12, 13)], v[(13, 14)]
('yes', 'track', 'no')
"""

from __future__ import annotations

from itertools import combinations

from ..model import Map
from .distances import CityTable, city_table

__all__ = ["DEFAULT_MIN_DISTANCE", "min_distance_of", "race_numbers", "number_distance",
           "number_distances", "forbidden_pairs", "is_forbidden", "prizes", "RULES", "race_verdict",
           "race_verdicts"]

DEFAULT_MIN_DISTANCE = 10  # Expres: races under 10 fields are not held
# The two forbidden-race rules of the engine's option ``forbidden``: by the distance table
# (Expres) or by the built track (Paluba, Dampfross).
RULES = ("table", "track")


def min_distance_of(m: Map, override: int | None = None) -> int:
    """The forbidden-race threshold: ``override``, else the map's rule, else 10."""
    if override is not None:
        return int(override)
    if m.rules.min_race_distance is not None:
        return int(m.rules.min_race_distance)
    return DEFAULT_MIN_DISTANCE


def race_numbers(m: Map) -> list[int]:
    """The race numbers the map uses, ascending."""
    return m.used_numbers()


def _steps(m: Map, table: CityTable | None) -> CityTable:
    if table is None:
        return city_table(m, "steps")
    if table.metric != "steps":
        raise ValueError(f"race distances use the steps table, not {table.metric!r}")
    return table


def number_distances(m: Map, table: CityTable | None = None) -> dict[tuple[int, int], int | None]:
    """``{(a, b): steps distance}`` for every pair ``a < b`` of the map's race numbers."""
    table = _steps(m, table)
    row = table.by_number()
    return {(a, b): table.matrix[row[a]][row[b]] for a, b in combinations(race_numbers(m), 2)}


def number_distance(m: Map, a: int, b: int, table: CityTable | None = None) -> int | None:
    """Steps distance between the cities of race numbers ``a`` and ``b``."""
    table = _steps(m, table)
    row = table.by_number()
    return table.matrix[row[a]][row[b]]


def is_forbidden(distance: int | None, min_distance: int) -> bool:
    """A race of ``distance`` is forbidden when below the threshold or impossible (None)."""
    return distance is None or distance < min_distance


def forbidden_pairs(m: Map, min_distance: int | None = None,
                    table: CityTable | None = None) -> list[tuple[int, int]]:
    """Forbidden races as pairs of race numbers ``(a, b)`` with ``a < b``, sorted."""
    limit = min_distance_of(m, min_distance)
    return [p for p, d in number_distances(m, table).items() if is_forbidden(d, limit)]


def prizes(m: Map, table: CityTable | None = None) -> dict[tuple[int, int], tuple[int | None, int | None]]:
    """Expres prizes ``{(a, b): (winner, second)}`` = twice and once the steps distance.

    Every pair ``a < b`` of the map's race numbers is listed, forbidden or not; a pair whose
    cities cannot reach each other gets ``(None, None)``.
    """
    return {p: (None, None) if d is None else (2 * d, d)
            for p, d in number_distances(m, table).items()}


def race_verdict(distance: int | None, rule: str, limit: int) -> str:
    """Whether a race between two numbers ``distance`` steps apart is forbidden, as far as the
    board tells before any track is built: ``"yes"``, ``"no"`` or ``"track"`` (it depends on
    the built track).

    ``rule="table"`` (Expres): forbidden under ``limit`` steps or when there is no way at all.
    ``rule="track"`` (Paluba): run only when the shortest built track between the two cities
    is at least ``limit`` pieces. A track is never shorter than the steps distance, so a race
    ``limit`` or more steps apart always runs; two numbers of one city (0 steps) or cities
    with no way between them never do; in between, the track decides.

    >>> race_verdict(9, "table", 10), race_verdict(10, "table", 10), race_verdict(None, "table", 10)
    ('yes', 'no', 'yes')
    >>> race_verdict(0, "track", 6), race_verdict(5, "track", 6), race_verdict(6, "track", 6)
    ('yes', 'track', 'no')
    """
    if rule not in RULES:
        raise ValueError(f"unknown forbidden-race rule {rule!r}; use table or track")
    if distance is None:
        return "yes"
    if rule == "table":
        return "yes" if distance < limit else "no"
    if distance == 0:
        return "yes"
    return "track" if distance < limit else "no"


def race_verdicts(m: Map, rule: str, limit: int, table: CityTable | None = None) -> dict[tuple[int, int], str]:
    """``{(a, b): race_verdict(...)}`` for every pair ``a < b`` of the map's race numbers."""
    return {p: race_verdict(d, rule, limit) for p, d in number_distances(m, table).items()}
