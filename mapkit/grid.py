"""Hex grids: coordinates, names, neighbours, edges, distances and geometry.

A board is a rectangle of ``columns`` x ``rows`` hexes in one of four *offset layouts*
(see ``docs/map-format.md``): ``pointy`` hexes sit in horizontal rows and the odd
(or even) rows are pushed half a hex to the right; ``flat`` hexes sit in vertical columns
and the odd (or even) columns are pushed half a hex down.

A hex is a :class:`Hex` ``(col, row)``, both 0-based; its name is the column in letters
and the row in digits counted from 1: ``Hex(0, 0)`` is ``A1``, ``Hex(2, 3)`` is ``C4``,
``Hex(26, 11)`` is ``AA12``.

>>> g = Grid("pointy", "odd", columns=5, rows=4)
>>> sorted(hex_name(h) for h in g.neighbours(parse_hex("B2")))
['A2', 'B1', 'B3', 'C1', 'C2', 'C3']
>>> g.distance(parse_hex("A1"), parse_hex("E4"))
6

Edges (where rivers, borders and track lie) are order-independent pairs:

>>> edge(parse_hex("H8"), parse_hex("H7")) == edge(parse_hex("H7"), parse_hex("H8"))
True
>>> edge_name(edge(parse_hex("H8"), parse_hex("H7")))
'H7/H8'
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple
from collections.abc import Iterator

__all__ = [
    "Hex",
    "Edge",
    "Grid",
    "ORIENTATIONS",
    "OFFSETS",
    "OFFSET_MEANING",
    "column_name",
    "column_index",
    "hex_name",
    "parse_hex",
    "edge",
    "edge_name",
    "parse_edge",
    "cube_distance",
    "connected_pieces",
    "HexNameError",
]

ORIENTATIONS = ("pointy", "flat")
OFFSETS = ("odd", "even")
# What offset means, for the errors that mention it: it counts rows (columns) from 0, so
# "odd" pushes the even printed rows (2, 4, ...), which surprises a reader of "odd rows pushed".
OFFSET_MEANING = ("offset counts rows (pointy) or columns (flat) from 0: odd pushes the 2nd, 4th, ... "
                  "printed row (rows 2, 4, ...; columns B, D, ...) half a hex, even the 1st, 3rd, ...")
SQRT3 = math.sqrt(3.0)
MM_PER_INCH = 25.4

# Axial neighbour directions (dq, dr). Both orientations use the same axial steps; only the
# conversion to offset coordinates and to screen geometry differs.
AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_STEPS: dict = {}    # (orientation, parity, odd row or column) -> the (col, row) steps to neighbours


class HexNameError(ValueError):
    """A string that is not a hex name (``A1``, ``AA12``) or edge name (``A1/A2``)."""


class Hex(NamedTuple):
    """A hex in offset coordinates: 0-based column and row."""

    col: int
    row: int

    def __str__(self) -> str:
        return hex_name(self)


# An edge is the pair of its two hexes in sorted order, so that (a, b) and (b, a) are one value.
Edge = tuple[Hex, Hex]


def edge(a: Hex, b: Hex) -> Edge:
    """The order-independent value of the edge between hexes ``a`` and ``b``."""
    return (a, b) if a <= b else (b, a)


def column_name(col: int) -> str:
    """Spreadsheet-style column letters: 0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``.

    >>> [column_name(c) for c in (0, 25, 26, 27, 51, 52, 701, 702)]
    ['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']
    """
    if col < 0:
        raise ValueError(f"column {col} is negative")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """Inverse of :func:`column_name` (case-insensitive).

    >>> column_index("A"), column_index("z"), column_index("AA"), column_index("AAA")
    (0, 25, 26, 702)
    """
    n = 0
    for ch in letters.upper():
        if not "A" <= ch <= "Z":
            raise HexNameError(f"{letters!r} is not a column name")
        n = n * 26 + (ord(ch) - ord("A") + 1)
    if n == 0:
        raise HexNameError("empty column name")
    return n - 1


def hex_name(h: tuple[int, int]) -> str:
    """The name of hex ``(col, row)``: ``Hex(2, 3)`` -> ``C4``."""
    return f"{column_name(h[0])}{h[1] + 1}"


_HEX_RE = re.compile(r"^\s*([A-Za-z]{1,4})([0-9]{1,5})\s*$")


def parse_hex(name: str) -> Hex:
    """The hex named ``name`` (case-insensitive): ``"c4"`` -> ``Hex(2, 3)``.

    Raises :class:`HexNameError` for anything that is not letters followed by a row >= 1.
    """
    if not isinstance(name, str):
        raise HexNameError(f"{name!r} is not a hex name")
    m = _HEX_RE.match(name)
    if not m:
        raise HexNameError(f"{name!r} is not a hex name (expected letters then a row number, e.g. C4)")
    row = int(m.group(2))
    if row < 1:
        raise HexNameError(f"{name!r} is not a hex name (rows count from 1)")
    return Hex(column_index(m.group(1)), row - 1)


def edge_name(e: Edge) -> str:
    """``H7/H8``: the two hex names of an edge in sorted order."""
    a, b = edge(*e)
    return f"{hex_name(a)}/{hex_name(b)}"


def parse_edge(name: str) -> Edge:
    """The edge named ``"H7/H8"`` (order of the two names does not matter).

    Adjacency is not checked here (it depends on the layout): see :meth:`Grid.is_edge`.
    """
    if not isinstance(name, str) or name.count("/") != 1:
        raise HexNameError(f"{name!r} is not an edge name (expected two hexes joined by '/', e.g. H7/H8)")
    left, right = name.split("/")
    return edge(parse_hex(left), parse_hex(right))


def cube_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance between two hexes given in *axial* coordinates ``(q, r)``."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def connected_pieces(nodes, near) -> list[set]:
    """The connected pieces of ``nodes`` (hexes, edges, anything hashable), ``near(n)`` giving
    the nodes joined to ``n`` (either way; what is not in ``nodes`` is left out), in the order
    of their first node in ``nodes``: networkx's ``connected_components`` of that graph (the
    tests compare the two), by union-find, without building networkx's graph of dicts, which
    cost the picture importer's large boards seconds (``docs/import.md``, "Benchmark figures").

    >>> connected_pieces([1, 2, 3, 5, 6], lambda n: (n - 1, n + 1))
    [{1, 2, 3}, {5, 6}]
    """
    parent = dict.fromkeys(nodes)

    def root(n):
        while parent[n] is not None:
            if parent[parent[n]] is not None:
                parent[n] = parent[parent[n]]       # (path halving)
            n = parent[n]
        return n

    for n in parent:
        for m in near(n):
            if m in parent:
                a, b = root(n), root(m)
                if a != b:
                    parent[b] = a
    pieces: dict = {}
    for n in parent:
        pieces.setdefault(root(n), set()).add(n)
    return list(pieces.values())


class Grid:
    """A rectangular board of hexes in one offset layout, with its printed size.

    ``hex_mm`` is the distance between the centres of two adjacent hexes on paper.
    Geometry is in millimetres with the origin at the top-left corner of the board's
    bounding box, x to the right and y downwards (as on paper and in SVG).
    """

    __slots__ = ("orientation", "offset", "columns", "rows", "hex_mm", "_parity")

    def __init__(self, orientation: str = "pointy", offset: str = "odd", columns: int = 1,
                 rows: int = 1, hex_mm: float = 14.0):
        if orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be one of {ORIENTATIONS}, not {orientation!r}")
        if offset not in OFFSETS:
            raise ValueError(f"offset must be one of {OFFSETS}, not {offset!r} ({OFFSET_MEANING})")
        if columns < 1 or rows < 1:
            raise ValueError("a board has at least one column and one row")
        if not hex_mm > 0:
            raise ValueError("hex_mm must be positive")
        self.orientation = orientation
        self.offset = offset
        self.columns = int(columns)
        self.rows = int(rows)
        self.hex_mm = float(hex_mm)
        # The parity (0 or 1) of the rows (pointy) or columns (flat) that are pushed.
        self._parity = 1 if offset == "odd" else 0

    # -- identity -------------------------------------------------------------------------
    def _key(self):
        return (self.orientation, self.offset, self.columns, self.rows, self.hex_mm)

    def __eq__(self, other):
        return isinstance(other, Grid) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (f"Grid({self.orientation!r}, {self.offset!r}, columns={self.columns}, "
                f"rows={self.rows}, hex_mm={self.hex_mm:g})")

    @property
    def pointy(self) -> bool:
        return self.orientation == "pointy"

    # -- the hexes ------------------------------------------------------------------------
    def __contains__(self, h) -> bool:
        return 0 <= h[0] < self.columns and 0 <= h[1] < self.rows

    def __len__(self) -> int:
        return self.columns * self.rows

    def hexes(self) -> Iterator[Hex]:
        """All hexes, row by row (reading order)."""
        for r in range(self.rows):
            for c in range(self.columns):
                yield Hex(c, r)

    def index(self, h: tuple[int, int]) -> int:
        """Row-major index of a hex: ``row * columns + col`` (for flat arrays)."""
        return h[1] * self.columns + h[0]

    def hex_at(self, index: int) -> Hex:
        r, c = divmod(index, self.columns)
        return Hex(c, r)

    # -- coordinates ----------------------------------------------------------------------
    def to_axial(self, h: tuple[int, int]) -> tuple[int, int]:
        """Offset ``(col, row)`` -> axial ``(q, r)``; the cube coordinate is ``(q, r, -q-r)``."""
        col, row = h
        if self.pointy:
            if self._parity:  # odd-r
                return col - (row - (row & 1)) // 2, row
            return col - (row + (row & 1)) // 2, row  # even-r
        if self._parity:  # odd-q
            return col, row - (col - (col & 1)) // 2
        return col, row - (col + (col & 1)) // 2  # even-q

    def from_axial(self, a: tuple[int, int]) -> Hex:
        q, r = a
        if self.pointy:
            if self._parity:
                return Hex(q + (r - (r & 1)) // 2, r)
            return Hex(q + (r + (r & 1)) // 2, r)
        if self._parity:
            return Hex(q, r + (q - (q & 1)) // 2)
        return Hex(q, r + (q + (q & 1)) // 2)

    def to_cube(self, h: tuple[int, int]) -> tuple[int, int, int]:
        q, r = self.to_axial(h)
        return q, r, -q - r

    def from_cube(self, c: tuple[int, int, int]) -> Hex:
        if c[0] + c[1] + c[2] != 0:
            raise ValueError(f"{c} is not a cube coordinate (x + y + z must be 0)")
        return self.from_axial((c[0], c[1]))

    # -- neighbours, edges, distance --------------------------------------------------------
    def neighbours_all(self, h: tuple[int, int]) -> list[Hex]:
        """The six neighbours of ``h``, on the board or not, in direction order."""
        col, row = h
        return [Hex(col + dc, row + dr) for dc, dr in self._steps(h)]

    def _steps(self, h: tuple[int, int]) -> tuple:
        """The six ``(col, row)`` steps from ``h`` to its neighbours in direction order: they
        depend only on whether its row (pointy) or column (flat) is odd."""
        odd = (h[1] if self.pointy else h[0]) & 1
        steps = _STEPS.get((self.orientation, self._parity, odd))
        if steps is None:
            origin = (0, odd) if self.pointy else (odd, 0)
            q, r = self.to_axial(origin)
            steps = tuple((c - origin[0], rr - origin[1])
                          for c, rr in (self.from_axial((q + dq, r + dr)) for dq, dr in AXIAL_DIRECTIONS))
            _STEPS[(self.orientation, self._parity, odd)] = steps
        return steps

    def neighbours(self, h: tuple[int, int]) -> list[Hex]:
        """The neighbours of ``h`` that lie on the board."""
        return [n for n in self.neighbours_all(h) if n in self]

    def adjacent(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when hexes ``a`` and ``b`` share a side (whether on the board or not)."""
        return cube_distance(self.to_axial(a), self.to_axial(b)) == 1

    def is_edge(self, e: Edge) -> bool:
        """True when both hexes of ``e`` are on the board and adjacent."""
        return e[0] in self and e[1] in self and self.adjacent(e[0], e[1])

    def edges(self) -> Iterator[Edge]:
        """Every edge between two hexes of the board, each once."""
        for h in self.hexes():
            for n in self.neighbours(h):
                if h < n:
                    yield (h, n)

    def end_hexes(self, e: Edge) -> list[Hex]:
        """The two hexes (on the board or not) that meet side ``e`` at its two ends; the sides
        sharing a corner with ``e`` run between them and ``e``'s hexes.

        >>> g = Grid("pointy", "odd", 4, 4)
        >>> [hex_name(h) for h in g.end_hexes(parse_edge("B2/C2"))]
        ['C1', 'C3']
        """
        a, b = e
        return [c for c in self.neighbours_all(a) if self.adjacent(c, b)]

    def touching(self, e: Edge) -> list[Edge]:
        """The four sides (on the board or not) that share a corner with side ``e``.

        >>> g = Grid("pointy", "odd", 4, 4)
        >>> sorted(edge_name(x) for x in g.touching(parse_edge("B2/C2")))
        ['B2/C1', 'B2/C3', 'C1/C2', 'C2/C3']
        """
        a, b = e
        return [edge(h, c) for c in self.end_hexes(e) for h in (a, b)]

    def edges_of(self, h: tuple[int, int]) -> list[Edge]:
        return [edge(Hex(*h), n) for n in self.neighbours(h)]

    def distance(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        """Hex steps between ``a`` and ``b`` on an open board (cube distance)."""
        return cube_distance(self.to_axial(a), self.to_axial(b))

    def line(self, a: tuple[int, int], b: tuple[int, int]) -> list[Hex]:
        """The hexes on the straight line from ``a`` to ``b``, both included.

        Cube linear interpolation with a tiny nudge so that points on a hex side fall
        consistently; consecutive hexes of the result are adjacent.
        """
        ca, cb = self.to_cube(a), self.to_cube(b)
        n = cube_distance(ca[:2], cb[:2])
        if n == 0:
            return [Hex(*a)]
        eps = (1e-6, 2e-6, -3e-6)
        out = []
        for i in range(n + 1):
            t = i / n
            x, y, z = (ca[k] + eps[k] + (cb[k] - ca[k]) * t for k in range(3))
            out.append(self.from_cube(_cube_round(x, y, z)))
        return out

    # -- geometry ---------------------------------------------------------------------------
    @property
    def size_mm(self) -> float:
        """Centre-to-corner radius of a hex in millimetres."""
        return self.hex_mm / SQRT3

    def centre_mm(self, h: tuple[int, int]) -> tuple[float, float]:
        """Centre of hex ``h`` in millimetres from the top-left of the board's bounding box."""
        col, row = h
        d = self.hex_mm
        s = d / SQRT3
        if self.pointy:
            push = 0.5 if (row & 1) == self._parity else 0.0
            return (d / 2 + d * (col + push), s + 1.5 * s * row)
        push = 0.5 if (col & 1) == self._parity else 0.0
        return (s + 1.5 * s * col, d / 2 + d * (row + push))

    def corners_mm(self, h: tuple[int, int]) -> list[tuple[float, float]]:
        """The six corners of ``h`` in millimetres, clockwise on screen (y down).

        Pointy hexes start at the upper-right corner (-30 degrees), flat hexes at the
        right corner (0 degrees). :meth:`edge_segment_mm` finds the side between two hexes.
        """
        cx, cy = self.centre_mm(h)
        s = self.size_mm
        start = -30.0 if self.pointy else 0.0
        pts = []
        for i in range(6):
            ang = math.radians(start + 60.0 * i)
            pts.append((cx + s * math.cos(ang), cy + s * math.sin(ang)))
        return pts

    def edge_segment_mm(self, e: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
        """The side shared by the two hexes of ``e``, as two corner points in millimetres."""
        a, b = e
        if not self.adjacent(a, b):
            raise ValueError(f"{hex_name(a)} and {hex_name(b)} are not adjacent")
        bx, by = self.centre_mm(b)
        corners = self.corners_mm(a)
        corners.sort(key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
        p, q = corners[0], corners[1]
        return (p, q) if p <= q else (q, p)

    def bounds_mm(self) -> tuple[float, float]:
        """Width and height of the board's bounding box in millimetres.

        The box always has room for the half-hex push, so that the four layouts of one
        size have boxes of one size.
        """
        d = self.hex_mm
        s = d / SQRT3
        if self.pointy:
            return d * (self.columns + 0.5), s * (1.5 * (self.rows - 1) + 2)
        return s * (1.5 * (self.columns - 1) + 2), d * (self.rows + 0.5)

    def centre_px(self, h: tuple[int, int], dpi: float) -> tuple[float, float]:
        """Centre of ``h`` in pixels at ``dpi`` (origin at the board's top-left)."""
        k = dpi / MM_PER_INCH
        x, y = self.centre_mm(h)
        return x * k, y * k

    def corners_px(self, h: tuple[int, int], dpi: float) -> list[tuple[float, float]]:
        k = dpi / MM_PER_INCH
        return [(x * k, y * k) for x, y in self.corners_mm(h)]

    def polygon(self, h: tuple[int, int], scale: float = 1.0, origin=(0.0, 0.0)):
        """A shapely polygon of hex ``h`` (millimetres times ``scale``, shifted by ``origin``)."""
        from shapely.geometry import Polygon

        ox, oy = origin
        return Polygon([(ox + x * scale, oy + y * scale) for x, y in self.corners_mm(h)])

    def hex_at_mm(self, x: float, y: float) -> Hex:
        """The hex (on the board or not) whose area contains the point ``(x, y)`` in mm."""
        s = self.size_mm
        if self.pointy:
            # Undo centre_mm for the axial frame whose hex (0,0) centre is at (d/2 + d*push0, s).
            q0, r0 = self.to_axial((0, 0))
            x0, y0 = self.centre_mm((0, 0))
            px, py = x - x0, y - y0
            qf = (SQRT3 / 3 * px - py / 3) / s
            rf = (2.0 / 3 * py) / s
        else:
            q0, r0 = self.to_axial((0, 0))
            x0, y0 = self.centre_mm((0, 0))
            px, py = x - x0, y - y0
            qf = (2.0 / 3 * px) / s
            rf = (-px / 3 + SQRT3 / 3 * py) / s
        qr, rr, _ = _cube_round(qf, rf, -qf - rf)
        return self.from_axial((q0 + qr, r0 + rr))


def _cube_round(x: float, y: float, z: float) -> tuple[int, int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return int(rx), int(ry), int(rz)

