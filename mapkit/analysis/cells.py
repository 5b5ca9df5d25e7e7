"""A map compiled for fast searches: integer cells, six fixed neighbour offsets, edge weights.

Every search in :mod:`mapkit.analysis` (distance tables, routes, race statistics) runs on a
:class:`Board`, not on :class:`~mapkit.model.Map` objects: hexes become small integers and
each of the six neighbour directions a fixed integer offset, so a step is one addition.

How: the board is laid into a rectangle of *axial* coordinates ``(q, r)`` (see
:meth:`mapkit.grid.Grid.to_axial`) with one cell of padding all round. In axial coordinates
the six neighbours of every hex are at the same offsets, whatever the offset layout
(pointy/flat, odd/even), so the neighbour of cell ``c`` in direction ``k`` is
``c + offsets[k]``. Padding cells and the skewed corners of the rectangle are never
passable, so no search needs a bounds check. The rectangle has at most about 1.5 times as
many cells as the board has hexes: memory stays linear in the number of hexes.

Edge weights come from :class:`~mapkit.analysis.costs.CostModel`: ``weights(metric)[k][c]``
is the cost of the step from cell ``c`` to its neighbour in direction ``k`` (0 = closed).
``steps`` and ``build`` are symmetric; ``travel`` is the cost of stepping *into* the
neighbour (uphill 2), so it is not.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, EdgeSet
>>> m = Map(Grid("flat", "even", 3, 2), terrain={H("B1"): "mountain", H("C2"): "water"},
...         rivers=[EdgeSet({(H("A1"), H("A2"))})])
>>> b = Board(m)
>>> sorted((str(h), w) for h, w in b.neighbours(H("A1"), "build"))
[('A2', 3), ('B1', 3), ('B2', 1)]
>>> sorted((str(h), w) for h, w in b.neighbours(H("B2"), "travel"))  # C2 is water
[('A1', 1), ('A2', 1), ('B1', 2), ('C1', 1)]
"""

from __future__ import annotations

from ..grid import AXIAL_DIRECTIONS, Hex, hex_name
from ..model import Map
from .costs import METRICS, CostModel

__all__ = ["Board", "INF"]

# The six axial neighbour steps (dq, dr); every hex has its neighbours at these offsets.
DIRECTIONS = AXIAL_DIRECTIONS
# "Unreachable" in the integer distance arrays: larger than any real distance.
INF = 2**31 - 1


class Board:
    """A map compiled for searches under one cost model.

    ``costs``: a :class:`CostModel` (default: ``CostModel(m, border_crossing)``). The standard
    cost model is compiled directly from its switches; a subclass that overrides the costs is
    asked edge by edge, so custom rules are honoured (more slowly).
    """

    def __init__(self, m: Map, costs: CostModel | None = None, border_crossing: bool | None = None):
        self.map = m
        self.costs = costs if costs is not None else CostModel(m, border_crossing)
        g = m.grid
        self.grid = g
        # Along a row (or column) of the offset layout q and r change monotonically, so the
        # extreme axial coordinates lie on the board's outer rows and columns.
        qs, rs = [], []
        for c in range(g.columns):
            for r in (0, g.rows - 1):
                q_, r_ = g.to_axial((c, r))
                qs.append(q_)
                rs.append(r_)
        for r in range(g.rows):
            for c in (0, g.columns - 1):
                q_, r_ = g.to_axial((c, r))
                qs.append(q_)
                rs.append(r_)
        self.qmin, self.rmin = min(qs), min(rs)
        self.width = max(qs) - self.qmin + 3
        self.height = max(rs) - self.rmin + 3
        self.size = self.width * self.height
        w = self.width
        # Neighbour offsets in DIRECTIONS order (dq, dr) -> dr * width + dq.
        self.offsets = tuple(dr * w + dq for dq, dr in DIRECTIONS)
        # cell of every hex in row-major grid order (Grid.index), and back.
        self.hex_cells: list[int] = [self._cell_axial(g.to_axial(h)) for h in g.hexes()]
        self._hex_of: dict[int, Hex] = {c: h for c, h in zip(self.hex_cells, g.hexes(), strict=False)}
        cb = self.costs
        plain_cells = cb.passable
        self.passable = bytearray(self.size)
        self.mountain = bytearray(self.size)
        self.foreign = bytearray(self.size)
        for h, c in zip(g.hexes(), self.hex_cells, strict=False):
            if plain_cells(h):
                self.passable[c] = 1
                if m.terrain[h] == "mountain":
                    self.mountain[c] = 1
                elif m.terrain[h] == "foreign":
                    self.foreign[c] = 1
        self._weights: dict[str, list[list[int]]] = {}
        self._adjacency: dict[str, list] = {}
        self._np: dict[str, object] = {}

    # -- cells and hexes -------------------------------------------------------------------
    def _cell_axial(self, a: tuple[int, int]) -> int:
        return (a[1] - self.rmin + 1) * self.width + (a[0] - self.qmin + 1)

    def cell(self, h) -> int:
        """The cell of hex ``h``; ``-1`` for a hex outside the board."""
        if h not in self.grid:
            return -1
        return self.hex_cells[self.grid.index(h)]

    def hex(self, cell: int) -> Hex:
        """The hex of a board cell (KeyError for a padding cell)."""
        return self._hex_of[cell]

    def is_passable(self, h) -> bool:
        c = self.cell(h)
        return c >= 0 and bool(self.passable[c])

    # -- weights ---------------------------------------------------------------------------
    def weights(self, metric: str) -> list[list[int]]:
        """``weights(metric)[k][c]``: cost of the step from cell ``c`` in direction ``k``; 0 = closed."""
        if metric not in METRICS:
            raise ValueError(f"unknown metric {metric!r}; use one of {', '.join(METRICS)}")
        got = self._weights.get(metric)
        if got is None:
            got = self._standard_weights(metric) if type(self.costs) is CostModel else self._asked_weights(metric)
            self._weights[metric] = got
        return got

    def _pairs(self, kind: str) -> set[int]:
        """The edges of ``kind`` as ``cell_a * size + cell_b`` in both orders."""
        out = set()
        size = self.size
        g = self.grid
        for a, b in self.map.edge_set(kind):
            if a in g and b in g and g.adjacent(a, b):
                ca, cb = self.cell(a), self.cell(b)
                out.add(ca * size + cb)
                out.add(cb * size + ca)
        return out

    def _standard_weights(self, metric: str) -> list[list[int]]:
        # The rules of CostModel.build_cost / move_cost / step_cost, over all cells at once.
        # tests/analysis/test_cells.py checks them against CostModel edge by edge.
        cm = self.costs
        size = self.size
        pas, mnt, foreign = self.passable, self.mountain, self.foreign
        borders = set() if cm.border_crossing else self._pairs("borders")
        stop = cm.border_crossing and cm.stop_at_border
        rivers = self._pairs("rivers") if metric == "build" else set()
        cells = [c for c in self.hex_cells if pas[c]]
        out = []
        for off in self.offsets:
            wk = [0] * size
            for c in cells:
                n = c + off
                if not pas[n]:
                    continue
                key = c * size + n
                if borders and key in borders:
                    continue
                if stop and foreign[c] and foreign[n]:
                    continue  # a track stops on the first hex beyond the border
                if metric == "steps":
                    wk[c] = 1
                elif metric == "travel":
                    wk[c] = cm.uphill if mnt[n] else 1
                else:
                    river = key in rivers
                    mc, mn = mnt[c], mnt[n]
                    if mc and mn:
                        wk[c] = cm.river_between_mountains if river else 5
                    elif mc or mn:
                        wk[c] = 5 if river else 3
                    else:
                        wk[c] = 3 if river else 1
            out.append(wk)
        return out

    def _asked_weights(self, metric: str) -> list[list[int]]:
        out = []
        cost = self.costs.cost
        for off in self.offsets:
            wk = [0] * self.size
            for c, h in self._hex_of.items():
                n = self._hex_of.get(c + off)
                if n is None:
                    continue
                v = cost(metric, h, n)
                if v is None:
                    continue
                if not isinstance(v, int) or v < 1:
                    raise ValueError(f"cost of {hex_name(h)}->{hex_name(n)} is {v!r}; "
                                     f"searches need whole numbers >= 1")
                wk[c] = v
            out.append(wk)
        return out

    def max_weight(self, metric: str) -> int:
        return max((max(wk) for wk in self.weights(metric)), default=0)

    def adjacency(self, metric: str) -> list:
        """``adjacency(metric)[c]``: tuple of ``(neighbour_cell, cost)`` over open edges."""
        got = self._adjacency.get(metric)
        if got is None:
            ws = self.weights(metric)
            offs = self.offsets
            got = [()] * self.size
            for c in self.hex_cells:
                if self.passable[c]:
                    got[c] = tuple((c + offs[k], ws[k][c]) for k in range(6) if ws[k][c])
            self._adjacency[metric] = got
        return got

    def neighbours(self, h, metric: str) -> list[tuple[Hex, int]]:
        """The open neighbours of ``h`` with the cost of stepping there."""
        c = self.cell(h)
        if c < 0:
            return []
        return [(self._hex_of[n], w) for n, w in self.adjacency(metric)[c]]

    def numpy_weights(self, metric: str):
        """The weights as a ``(6, size)`` numpy ``uint16`` array (numpy imported on demand)."""
        got = self._np.get(metric)
        if got is None:
            import numpy as np

            got = np.array(self.weights(metric), dtype=np.uint16)
            self._np[metric] = got
        return got
