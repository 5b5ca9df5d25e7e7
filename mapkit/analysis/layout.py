"""Where a board's numbered cities stand: touching groups, rows of race numbers, places split.

The figures behind the design warnings of :mod:`mapkit.boardcheck` (W210-W213), measured on
the board alone, with no rule set: a *numbered city* is a city with race numbers on the board;
a *row* is the cities that carry one tens digit (docs/rules.md, The board: the tens digit is a
region), each city once however many of the row's numbers it carries.

* :func:`touching_groups`: numbered cities joined hex to hex (A touches B, B touches C), with
  the race numbers they carry together;
* :func:`rows` and :func:`row_spreads`: each row's cities, and how far apart they lie (the mean
  hex distance between two of them) beside two numbered cities of the whole board;
* :func:`row_span`: the most steps between two of a row's cities over land track may use (the
  distance table's steps), searched no farther than a limit;
* :func:`close_places`: pairs of cities whose real places (``lon``/``lat``) lie closer than a
  given distance.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 8, 3), cities=[
...     City("Alt", H("A1"), (11, 12)), City("Neu", H("B1"), (13,)), City("Dorf", H("B2"), (21,)),
...     City("Ost", H("H3"), (22, 14))])
>>> [(sorted(c.name for c in g.cities), g.numbers) for g in touching_groups(m)]
[(['Alt', 'Dorf', 'Neu'], 4)]
>>> {t: [c.name for c in cs] for t, cs in rows(m).items()}
{1: ['Alt', 'Neu', 'Ost'], 2: ['Ost', 'Dorf']}
>>> rows(m, complete=True)         # row 1 lacks 15 and 16, row 2 lacks 23 to 26
{}
>>> s = row_spreads(m)[1]      # Ost-Dorf 6 apart; the six pairs of the board: 1 8 2 7 1 6
>>> s.tens, s.mean, round(s.board_mean, 2), round(s.ratio, 2)
(2, 6.0, 4.17, 1.44)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..grid import connected_pieces
from ..model import City, Map

__all__ = ["TouchingGroup", "RowSpread", "numbered_cities", "touching_groups", "rows", "mean_distance",
           "row_spreads", "row_span", "close_places"]


@dataclass(frozen=True)
class TouchingGroup:
    """Numbered cities on touching hexes (in the map's city order) and the race numbers they
    carry together."""

    cities: tuple[City, ...]
    numbers: int


@dataclass(frozen=True)
class RowSpread:
    """Row ``tens``: its cities, the mean hex distance between two of them, the mean between
    two numbered cities of the board, and their ratio (1 is as far apart as any two cities)."""

    tens: int
    cities: tuple[City, ...]
    mean: float
    board_mean: float

    @property
    def ratio(self) -> float:
        return self.mean / self.board_mean if self.board_mean else 0.0


def numbered_cities(m: Map) -> list[City]:
    """The cities with race numbers that stand on the board, in the map's order."""
    return [c for c in m.cities if c.numbers and c.hex in m.grid]


def touching_groups(m: Map) -> list[TouchingGroup]:
    """Every group of two or more numbered cities joined hex to hex, in the order of its first
    city on the map."""
    cities = numbered_cities(m)
    pieces = connected_pieces([c.hex for c in cities], m.grid.neighbours)
    piece_of = {h: k for k, piece in enumerate(pieces) for h in piece}
    members: dict[int, list[City]] = {}
    for c in cities:
        members.setdefault(piece_of[c.hex], []).append(c)
    return [TouchingGroup(tuple(cs), sum(len(c.numbers) for c in cs)) for cs in members.values() if len(cs) > 1]


def rows(m: Map, complete: bool = False) -> dict[int, list[City]]:
    """Tens digit -> its numbered cities (each once, in the map's order), for the tens digits
    the map uses, ascending; ``complete``: only the rows whose six numbers are all on the board."""
    out: dict[int, list[City]] = {}
    units: dict[int, set[int]] = {}
    for c in numbered_cities(m):
        for tens in sorted({n // 10 for n in c.numbers}):
            out.setdefault(tens, []).append(c)
        for n in c.numbers:
            units.setdefault(n // 10, set()).add(n % 10)
    return {t: cs for t, cs in sorted(out.items()) if not complete or units[t] >= {1, 2, 3, 4, 5, 6}}


def mean_distance(m: Map, cities) -> float:
    """The mean hex distance (steps on an open board) between two of ``cities``; 0 for fewer
    than two."""
    pairs = [m.grid.distance(a.hex, b.hex) for a, b in combinations(cities, 2)]
    return sum(pairs) / len(pairs) if pairs else 0.0


def row_spreads(m: Map, complete: bool = False) -> list[RowSpread]:
    """How far apart the cities of each row lie (``complete``: of each row whose six numbers
    are all on the board), beside the board's numbered cities."""
    board_mean = mean_distance(m, numbered_cities(m))
    return [RowSpread(tens, tuple(cs), mean_distance(m, cs), board_mean) for tens, cs in rows(m, complete).items()]


def row_span(m: Map, cities, limit: int, board=None) -> int | None:
    """The most steps between two of ``cities`` over passable land (the distance table's
    steps: not through water, off-board hexes or closed borders), when every two lie less than
    ``limit`` steps apart; None when some two lie ``limit`` or more apart or cannot reach each
    other. ``board``: the map compiled (:class:`~mapkit.analysis.cells.Board`), to share it.

    >>> from mapkit.grid import Grid, parse_hex as H
    >>> from mapkit.model import Map, City
    >>> m = Map(Grid("pointy", "odd", 5, 3), terrain={H("B1"): "water", H("B2"): "water"},
    ...         cities=[City("A", H("A1"), (11,)), City("C", H("C1"), (12,))])
    >>> # round the lake: A1 A2 B3 C3 C2 C1
    >>> m.grid.distance(H("A1"), H("C1")), row_span(m, m.cities, 6), row_span(m, m.cities, 5)
    (2, 5, None)
    """
    from .cells import INF, Board
    from .search import search_from

    board = board or Board(m)
    cells = [board.cell(c.hex) for c in cities]
    span = 0
    for i, source in enumerate(cells[:-1]):
        dist = search_from(board, source, "steps", targets=cells[i + 1:])
        far = max(dist[t] if t >= 0 else INF for t in cells[i + 1:])
        if far >= limit:
            return None
        span = max(span, far)
    return span


def close_places(m: Map, km: float) -> list[tuple[City, City, float]]:
    """Pairs of numbered cities with a real position whose places lie less than ``km`` apart
    (great-circle distance), with that distance, in the map's order.

    >>> from mapkit.grid import Grid, parse_hex as H
    >>> from mapkit.model import Map, City
    >>> m = Map(Grid("pointy", "odd", 4, 1), cities=[
    ...     City("Innsbruck", H("A1"), (11,), lon=11.393, lat=47.268),
    ...     City("Hötting", H("B1"), (12,), lon=11.376, lat=47.276),
    ...     City("Telfs", H("D1"), (13,), lon=11.071, lat=47.307)])
    >>> [(a.name, b.name, round(d, 1)) for a, b, d in close_places(m, 8.0)]
    [('Innsbruck', 'Hötting', 1.6)]
    """
    from ..geo.projection import great_circle_km

    placed = [(c, c.lon, c.lat) for c in numbered_cities(m) if c.lon is not None and c.lat is not None]
    out = []
    for (a, alon, alat), (b, blon, blat) in combinations(placed, 2):
        d = great_circle_km(alon, alat, blon, blat)
        if d < km:
            out.append((a, b, d))
    return out
