"""Race statistics of a map: how often a drawn race is forbidden, what races are left, prizes.

**The draw.** A race is drawn with dice: two dice give the start number (red = tens, white =
units), two more the target. Every one of the 36 codes is equally likely; a code that no
city of the map carries is thrown again, so the start is uniform over the map's numbers
``U``. The target is thrown the same way; if it equals the start number, the rules take the
*nearest higher unused number* (after the highest, the lowest), because the start's number
is used. So for start ``a`` the target is every other number with probability ``1/|U|``,
except the number after ``a``, which has ``2/|U|``. That is :func:`draw_weights`.

**Forbidden.** A drawn race is forbidden when the steps distance between the two numbers'
cities is below the threshold (two numbers of one city are 0 apart: always forbidden).
:func:`forbidden_probability` gives the chance over the draw above, and also over the
simpler model "two different numbers, all pairs equally likely".

**Expected prize (Expres).** A forbidden target is drawn again until the race is allowed, so
for start ``a`` the race is distributed as the draw restricted to ``a``'s allowed targets.
The expected winner's prize is the average over starts of ``2 x`` the expected distance
(starts with no allowed target at all are left out); the second gets half of it.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 12, 1), cities=[
...     City("A", H("A1"), (11,)), City("B", H("B1"), (12,)), City("C", H("L1"), (13,))])
>>> s = race_stats(m, min_distance=5)
>>> s["draws"]["forbidden"], s["draws"]["total"]   # 11->12, 12->11, and 11->11 made 11->12
(3, 9)
>>> s["histogram"]
{10: 1, 11: 1}
>>> # Starts 11 (only 13 allowed: 11), 12 (only 13: 10), 13 (11 twice as likely as 12, since
>>> # 13 thrown again becomes 11: (2*11 + 10) / 3); winner 2 x (11 + 10 + 32/3) / 3 = 190/9.
>>> round(s["expected_winner_prize"], 4), round(190 / 9, 4)
(21.1111, 21.1111)
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Map
from .distances import CityTable, city_table
from .races import is_forbidden, min_distance_of

__all__ = ["draw_weights", "forbidden_probability", "allowed_histogram", "expected_prizes",
           "race_stats"]


def draw_weights(numbers: list[int]) -> dict[int, dict[int, int]]:
    """``w[a][b]``: how many of the ``|U|`` equally likely target throws give race ``a -> b``.

    >>> draw_weights([11, 12, 13])[13]
    {11: 2, 12: 1}
    """
    ns = sorted(numbers)
    out = {}
    for i, a in enumerate(ns):
        row = {b: 1 for b in ns if b != a}
        if len(ns) > 1:
            row[ns[(i + 1) % len(ns)]] += 1  # a thrown again: the next higher number
        out[a] = row
    return out


def _number_steps(m: Map, table: CityTable) -> dict[tuple[int, int], int | None]:
    row = table.by_number()
    return {(a, b): table.matrix[row[a]][row[b]] for a in row for b in row}


def forbidden_probability(m: Map, min_distance: int | None = None, table: CityTable | None = None) -> dict:
    """The chance that a drawn race is forbidden, under the dice draw and among distinct pairs."""
    limit = min_distance_of(m, min_distance)
    table = table or city_table(m, "steps")
    dist = _number_steps(m, table)
    numbers = m.used_numbers()
    weights = draw_weights(numbers)
    total = bad = 0
    for a, row in weights.items():
        for b, w in row.items():
            total += w
            bad += w * is_forbidden(dist[(a, b)], limit)
    pairs = [(a, b) for a in numbers for b in numbers if a != b]
    bad2 = sum(is_forbidden(dist[p], limit) for p in pairs)
    return {
        "min": limit,
        "total": total, "forbidden": bad,
        "p_forbidden": float(Fraction(bad, total)) if total else None,
        "distinct_pairs": {"total": len(pairs), "forbidden": bad2,
                           "p_forbidden": float(Fraction(bad2, len(pairs))) if pairs else None},
    }


def allowed_histogram(m: Map, min_distance: int | None = None, table: CityTable | None = None) -> dict[int, int]:
    """Steps distance -> number of allowed races (unordered pairs of race numbers) that long."""
    limit = min_distance_of(m, min_distance)
    table = table or city_table(m, "steps")
    dist = _number_steps(m, table)
    numbers = m.used_numbers()
    hist: dict[int, int] = {}
    for i, a in enumerate(numbers):
        for b in numbers[i + 1:]:
            d = dist[(a, b)]
            if d is not None and not is_forbidden(d, limit):
                hist[d] = hist.get(d, 0) + 1
    return dict(sorted(hist.items()))


def expected_prizes(m: Map, min_distance: int | None = None, table: CityTable | None = None) -> dict:
    """Expected Expres prizes of a drawn race (forbidden targets drawn again): winner and second."""
    limit = min_distance_of(m, min_distance)
    table = table or city_table(m, "steps")
    dist = _number_steps(m, table)
    weights = draw_weights(m.used_numbers())
    per_start = []
    for a, row in weights.items():
        allowed = {b: (w, d) for b, w in row.items() if (d := dist[(a, b)]) is not None and not is_forbidden(d, limit)}
        total = sum(w for w, _ in allowed.values())
        if total:
            per_start.append(Fraction(sum(w * d for w, d in allowed.values()), total))
    if not per_start:
        return {"winner": None, "second": None, "starts_without_race": len(weights)}
    mean = sum(per_start) / len(per_start)
    return {"winner": float(2 * mean), "second": float(mean),
            "starts_without_race": len(weights) - len(per_start)}


def race_stats(m: Map, min_distance: int | None = None, table: CityTable | None = None) -> dict:
    """All race figures of the map: draws, histogram of allowed distances, expected prizes."""
    table = table or city_table(m, "steps")
    prizes = expected_prizes(m, min_distance, table)
    return {
        "min": min_distance_of(m, min_distance),
        "draws": forbidden_probability(m, min_distance, table),
        "histogram": allowed_histogram(m, min_distance, table),
        "expected_winner_prize": prizes["winner"],
        "expected_second_prize": prizes["second"],
        "starts_without_race": prizes["starts_without_race"],
    }
