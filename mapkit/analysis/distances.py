"""City-distance tables over the whole board, ignoring built track.

Three metrics (``docs/rules.md``, The board; ``docs/map-format.md``, "What the tools make of a map"):

* ``steps``: the least number of hex steps (the Expres distance table);
* ``build``: the least total build cost of a track between the two cities;
* ``travel``: the least race movement points, stepping into a mountain costs 2 (so the table
  is not symmetric: ``matrix[i][j]`` is *from* city ``i`` *to* city ``j``).

Water and off-board hexes are never entered; foreign land and border edges only with border
crossing (the map's ``rules.border_crossing`` unless the caller says otherwise). A city
whose hex cannot be entered has no distances at all (``None``, even to itself).

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 4, 1), terrain={H("D1"): "mountain"},
...         cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("D1"), (12,))])
>>> city_table(m).matrix
[[0, 3], [3, 0]]
>>> city_table(m, "build").matrix
[[0, 5], [5, 0]]
>>> city_table(m, "travel").matrix
[[0, 4], [3, 0]]
>>> distances_from(m, H("D1"))[H("A1")]
3

A city without race numbers that no other city can reach (a special-race target deep in a
neighbouring state, as the Czech map's red-cross towns, where a track must stop on the first
hex beyond the border) takes no part in races: :func:`stranded_cities` names such cities and
:meth:`CityTable.without` leaves them out of a table, so it has no rows of dashes.

>>> m2 = Map(Grid("pointy", "odd", 6, 1), terrain={H("D1"): "water"}, cities=[
...     City("Aš", H("A1"), (11,)), City("Cheb", H("C1"), (12,)), City("Hof", H("F1"), ())])
>>> t = city_table(m2)
>>> [c.name for c in stranded_cities(t)], t.without(stranded_cities(t)).matrix
(['Hof'], [[0, 2], [2, 0]])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grid import Hex
from ..model import City, Map
from .cells import INF, Board
from .costs import METRICS, CostModel
from .search import search_from, search_many

__all__ = ["CityTable", "city_table", "distances_from", "board_for", "stranded_cities", "METRICS",
           "SYMMETRIC"]

# Metrics whose tables are symmetric (a triangle shows them completely).
SYMMETRIC = frozenset({"steps", "build"})


@dataclass(frozen=True)
class CityTable:
    """``matrix[i][j]``: distance from ``cities[i]`` to ``cities[j]`` (None: unreachable)."""

    metric: str
    cities: list[City]
    matrix: list[list[int | None]]

    @property
    def symmetric(self) -> bool:
        return self.metric in SYMMETRIC

    def index(self, city) -> int:
        """Position of a city (a :class:`City` or its name) in the table."""
        name = city.name if isinstance(city, City) else city
        for i, c in enumerate(self.cities):
            if c.name == name:
                return i
        raise KeyError(name)

    def between(self, a, b) -> int | None:
        """Distance from city ``a`` to city ``b`` (cities or names)."""
        return self.matrix[self.index(a)][self.index(b)]

    def by_number(self) -> dict[int, int]:
        """Race number -> row of its city."""
        return {n: i for i, c in enumerate(self.cities) for n in c.numbers}

    def without(self, cities) -> CityTable:
        """The table without ``cities`` (City objects or names), rows and columns alike."""
        drop = {c.name if isinstance(c, City) else c for c in cities}
        keep = [i for i, c in enumerate(self.cities) if c.name not in drop]
        return CityTable(self.metric, [self.cities[i] for i in keep],
                         [[self.matrix[i][j] for j in keep] for i in keep])

    def as_json(self, map_name: str = "") -> dict:
        """The JSON shape of ``mapkit distances --format json`` (docs/analysis.md, JSON output)."""
        return {"map": map_name, "metric": self.metric, "cities": [c.name for c in self.cities],
                "matrix": [list(row) for row in self.matrix]}


def board_for(m: Map, border_crossing: bool | None = None, costs: CostModel | None = None) -> Board:
    """The compiled :class:`Board` of ``m`` (``costs`` wins over ``border_crossing``)."""
    return Board(m, costs=costs, border_crossing=border_crossing)


def city_table(m: Map, metric: str = "steps", border_crossing: bool | None = None,
               costs: CostModel | None = None, board: Board | None = None,
               engine: str | None = None) -> CityTable:
    """The table of ``metric`` distances between all cities of ``m`` in ``m.cities`` order.

    ``border_crossing``: None follows the map's rules. ``costs``: a cost model to use instead
    (e.g. ``CostModel(m, river_between_mountains=7)``); ``board``: a compiled board to reuse
    across metrics. ``engine``: see :func:`mapkit.analysis.search.search_many`.
    """
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; use one of {', '.join(METRICS)}")
    if board is None:
        board = Board(m, costs=costs, border_crossing=border_crossing)
    cities = list(m.cities)
    cells = [board.cell(c.hex) for c in cities]
    usable = [i for i, c in enumerate(cells) if c >= 0 and board.passable[c]]
    n = len(cities)
    matrix: list[list[int | None]] = [[None] * n for _ in range(n)]
    if usable:
        ucells = [cells[i] for i in usable]
        if metric in SYMMETRIC and (engine == "python" or engine is None
                                    and len(ucells) * board.size <= _numpy_threshold()):
            # Symmetric and small: each source only needs the cities after it.
            for a, i in enumerate(usable):
                later = ucells[a:]
                dist = search_from(board, ucells[a], metric, targets=later)
                for b, j in enumerate(usable[a:]):
                    v = dist[later[b]]
                    matrix[i][j] = matrix[j][i] = None if v == INF else v
        else:
            rows = search_many(board, ucells, metric, ucells, engine=engine)
            for a, i in enumerate(usable):
                for b, j in enumerate(usable):
                    matrix[i][j] = rows[a][b]
    return CityTable(metric, cities, matrix)


def stranded_cities(table: CityTable) -> list[City]:
    """The cities without race numbers that reach no other city, nor any other city them."""
    n = len(table.cities)
    return [c for i, c in enumerate(table.cities)
            if not c.numbers and all(table.matrix[i][j] is None and table.matrix[j][i] is None
                                     for j in range(n) if j != i)]


def _numpy_threshold() -> int:
    from .search import NUMPY_THRESHOLD

    return NUMPY_THRESHOLD


def distances_from(m: Map | Board, source: Hex, metric: str = "steps",
                   border_crossing: bool | None = None, costs: CostModel | None = None,
                   targets=None) -> dict[Hex, int]:
    """Distances from hex ``source`` to every reachable hex (a dict; unreachable hexes absent).

    ``m`` may be a compiled :class:`Board` (then ``border_crossing`` and ``costs`` are its
    own). ``targets``: hexes; stop once they are all settled (only they are then exact).
    """
    board = m if isinstance(m, Board) else Board(m, costs=costs, border_crossing=border_crossing)
    tcells = None if targets is None else [board.cell(t) for t in targets]
    dist = search_from(board, board.cell(source), metric, targets=tcells)
    if tcells is not None:
        return {Hex(*t): dist[c] for t, c in zip(targets, tcells, strict=False) if c >= 0 and dist[c] != INF}
    return {board.hex(c): v for c, v in enumerate(dist) if v != INF}
