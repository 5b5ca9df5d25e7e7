"""Snap lines drawn on a board (rivers, borders) onto continuous chains of hex edges.

Rivers and borders lie on hex *edges*, the sides between two hexes. A line drawn freely (a
river from geographic data, a polyline in Tiled) is turned into edges by walking the board's
*corner graph*: hex corners are its nodes, hex sides its links. Every point of the line goes to
its nearest corner, and consecutive corners are joined by the cheapest path along hex sides,
where a side costs its length plus a penalty for its distance from the drawn line (A* search).
The result is a chain of edges in which each edge shares a corner with the next one.

A corner is named by the three hexes that meet there, as a sorted tuple of :class:`Hex`
(like an :data:`~mapkit.grid.Edge` is the sorted pair of its two hexes).

>>> from mapkit.grid import Grid, edge_name
>>> g = Grid("pointy", "odd", columns=6, rows=5)
>>> # A line along the sides between row 2 and row 3, in millimetres:
>>> left, right = g.centre_mm((1, 2)), g.centre_mm((4, 2))
>>> line = [(left[0], left[1] + g.size_mm * 0.75), (right[0], right[1] + g.size_mm * 0.75)]
>>> [edge_name(e) for e in snap_polyline_to_edges(g, line)]
['B3/B4', 'B4/C3', 'C3/C4', 'C4/D3', 'D3/D4', 'D4/E3']

The inverse, :func:`edges_to_polylines`, turns a set of edges into as few continuous lines of
corner points as a simple walk finds; snapping those lines gives the edges back exactly:

>>> edges = snap_polyline_to_edges(g, line)
>>> lines = edges_to_polylines(g, edges)
>>> sorted(e for ln in lines for e in snap_polyline_to_edges(g, ln)) == sorted(edges)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .grid import Edge, Grid, Hex, edge
from .search import dijkstra

__all__ = [
    "Corner",
    "corner_point",
    "corners_of_hex",
    "corners_of_edge",
    "nearest_corner",
    "corner_neighbours",
    "snap_polyline_to_corners",
    "corner_path_to_edges",
    "snap_polyline_to_edges",
    "edges_to_polylines",
    "LineGuard",
]

# A corner: the three hexes that meet there, sorted (hexes may lie off the board).
Corner = tuple[Hex, Hex, Hex]

# A side costs its length times (1 + PENALTY * distance from the drawn line / hex size):
# far enough from 0 that the path hugs the line, small enough that it never detours wildly.
PENALTY = 2.0
# Points along the drawn line are taken at most this many hex sizes apart.
SAMPLE_STEP = 0.5
# A* between two nearby corners never needs many nodes; this only guards against bugs.
MAX_EXPANSIONS = 20_000
# Lines are cut this many hex sizes (centre to corner) around the board's box: what lies further
# out never has an edge on the board, and snapping it would walk the corner graph all the way there.
BOARD_MARGIN = 2.0
# Points beyond this many millimetres are pulled in to it, so that differences stay finite.
FAR_MM = 1e12
# Points per hex side that a board's lines may have in all (a traced river has a few per side).
POINTS_PER_SIDE = 10


def _corner(a, b, c) -> Corner:
    return tuple(sorted((Hex(*a), Hex(*b), Hex(*c))))  # type: ignore[return-value]


def corner_point(grid: Grid, corner: Corner) -> tuple[float, float]:
    """The position of a corner in millimetres: the mean of its three hexes' centres.

    >>> g = Grid("flat", "even", 3, 3, hex_mm=10)
    >>> c = corners_of_hex(g, (1, 1))[0]
    >>> x, y = corner_point(g, c); cx, cy = g.centre_mm((1, 1))
    >>> round(math.hypot(x - cx, y - cy), 9) == round(g.size_mm, 9)
    True
    """
    xs, ys = zip(*(grid.centre_mm(h) for h in corner), strict=False)
    return (sum(xs) / 3.0, sum(ys) / 3.0)


def corners_of_hex(grid: Grid, h) -> list[Corner]:
    """The six corners of hex ``h`` (on the board or not), in neighbour-direction order."""
    ns = grid.neighbours_all(h)
    return [_corner(h, ns[i], ns[(i + 1) % 6]) for i in range(6)]


def _common_neighbours(grid: Grid, a: Hex, b: Hex) -> list[Hex]:
    return sorted(set(grid.neighbours_all(a)) & set(grid.neighbours_all(b)))


def corners_of_edge(grid: Grid, e: Edge) -> tuple[Corner, Corner]:
    """The two corners at the ends of the side shared by the two hexes of ``e``.

    >>> g = Grid("pointy", "odd", 4, 4)
    >>> from mapkit.grid import parse_edge, hex_name
    >>> [[hex_name(h) for h in c] for c in corners_of_edge(g, parse_edge("B2/B3"))]
    [['A2', 'B2', 'B3'], ['B2', 'B3', 'C3']]
    """
    a, b = e
    if not grid.adjacent(a, b):
        raise ValueError(f"{a} and {b} are not adjacent")
    c, d = _common_neighbours(grid, Hex(*a), Hex(*b))
    return (_corner(a, b, c), _corner(a, b, d))


def corner_neighbours(grid: Grid, corner: Corner) -> list[tuple[Corner, Edge]]:
    """The three corners one side away from ``corner``, each with the edge of that side."""
    out = []
    for i in range(3):
        x, y, z = corner[i], corner[(i + 1) % 3], corner[(i + 2) % 3]
        other = [h for h in _common_neighbours(grid, x, y) if h != z]
        out.append((_corner(x, y, other[0]), edge(x, y)))
    return out


def nearest_corner(grid: Grid, x: float, y: float) -> Corner:
    """The hex corner nearest the point ``(x, y)`` in millimetres (on the board or not).

    The nearest corner of the whole lattice is always a corner of the hex containing the point.
    """
    h = grid.hex_at_mm(x, y)

    def distance_and_corner(c: Corner) -> tuple[float, Corner]:
        px, py = corner_point(grid, c)
        return ((px - x) ** 2 + (py - y) ** 2, c)

    return min(map(distance_and_corner, corners_of_hex(grid, h)))[1]


def _segment_distance(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / n))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _path(grid: Grid, start: Corner, goal: Corner, seg_a, seg_b) -> list[Corner]:
    """Cheapest corner path from ``start`` to ``goal`` hugging the segment ``seg_a``-``seg_b``."""
    if start == goal:
        return [start]
    s = grid.size_mm
    gx, gy = corner_point(grid, goal)
    pos = {start: corner_point(grid, start)}

    def h(c):
        x, y = pos[c]
        return math.hypot(x - gx, y - gy)

    def sides(c):
        cx, cy = pos[c]
        for n, _ in corner_neighbours(grid, c):
            if n not in pos:
                pos[n] = corner_point(grid, n)
            nx, ny = pos[n]
            mid = ((cx + nx) / 2, (cy + ny) / 2)
            yield n, s * (1.0 + PENALTY * _segment_distance(mid, seg_a, seg_b) / s), None

    found = dijkstra([start], sides, heuristic=h, targets={goal}, eps=1e-12, max_expansions=MAX_EXPANSIONS)
    if found.found is not None:
        return found.path(goal)
    raise ValueError("no path along hex sides between two corners (internal limit reached)")


def snap_polyline_to_corners(grid: Grid, points_mm: Sequence[tuple[float, float]], *,
                             spurs: bool = False) -> list[Corner]:
    """The chain of corners (each one side from the next) that follows a drawn line.

    Back-and-forth spurs (corners A, B, A: out along a side and straight back) come from
    the jitter of a hand-drawn line and are removed, unless ``spurs`` is true (for lines that
    already run exactly along hex sides, where a spur is meant). A line that closes on
    itself stays closed.
    """
    pts = [(float(x), float(y)) for x, y in points_mm]
    for x, y in pts:
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError(f"point ({x}, {y}) is not finite")
    if len(pts) < 2:
        return []
    step = grid.size_mm * SAMPLE_STEP
    # Samples along the line, each with the segment it lies on (for the distance penalty).
    samples: list[tuple[Corner, tuple, tuple]] = []
    for a, b in zip(pts, pts[1:], strict=False):
        n = max(1, math.ceil(math.hypot(b[0] - a[0], b[1] - a[1]) / step - 1e-9))
        for i in range(n + 1):
            t = i / n
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            c = nearest_corner(grid, *p)
            if not samples or samples[-1][0] != c:
                samples.append((c, a, b))
    chain: list[Corner] = [samples[0][0]]
    for (c0, _, _), (c1, a, b) in zip(samples, samples[1:], strict=False):
        chain.extend(_path(grid, c0, c1, a, b)[1:])
    # Remove spurs: A B A -> A (repeatedly, with a stack).
    out: list[Corner] = []
    for c in chain:
        if out and out[-1] == c:
            continue
        if not spurs and len(out) >= 2 and out[-2] == c:
            out.pop()
            continue
        out.append(c)
    return out if len(out) >= 2 else []


def corner_path_to_edges(grid: Grid, corners: Sequence[Corner], clip: bool = True) -> list[Edge]:
    """The edges of the sides between consecutive corners (each edge once, in path order).

    With ``clip`` the edges that have a hex off the board are left out (the board's rim is
    not an edge in mapkit).
    """
    out: list[Edge] = []
    seen: set = set()
    for c0, c1 in zip(corners, corners[1:], strict=False):
        shared = sorted(set(c0) & set(c1))
        if len(shared) != 2:
            raise ValueError("consecutive corners are not one side apart")
        e = edge(*shared)
        if e in seen or (clip and not grid.is_edge(e)):
            continue
        seen.add(e)
        out.append(e)
    return out


def snap_polyline_to_edges(grid: Grid, points_mm: Sequence[tuple[float, float]], *,
                           clip: bool = True, spurs: bool = False) -> list[Edge]:
    """A continuous chain of hex edges following the line through ``points_mm``.

    ``points_mm`` are board millimetres (:meth:`Grid.centre_mm` coordinates: origin at the
    top-left of the board's bounding box, y down). Each point goes to its nearest hex corner
    and consecutive corners are joined along hex sides close to the line, so every edge of the
    result touches the next one, except where the line leaves the board (``clip`` drops the
    edges with a hex off the board). Fewer than two points, or a line shorter than a side,
    give no edges. ``spurs``: keep back-and-forth pieces (see :func:`snap_polyline_to_corners`).

    >>> g = Grid("flat", "odd", 5, 4)
    >>> from mapkit.grid import edge_name
    >>> a, b = corner_point(g, corners_of_hex(g, (1, 1))[2]), corner_point(g, corners_of_hex(g, (1, 1))[3])
    >>> [edge_name(e) for e in snap_polyline_to_edges(g, [a, b])]
    ['A2/B2']
    """
    return corner_path_to_edges(grid, snap_polyline_to_corners(grid, points_mm, spurs=spurs), clip=clip)


def edges_to_polylines(grid: Grid, edges: Iterable[Edge]) -> list[list[tuple[float, float]]]:
    """Lines of corner points (millimetres) that together run along exactly ``edges``.

    A walk from the corners with an odd number of edges (the ends of chains) first, then from
    the rest (closed loops); deterministic for a given set. Snapping each line with
    :func:`snap_polyline_to_edges` gives back exactly the edges.
    """
    adj: dict[Corner, list[tuple[Corner, Edge]]] = {}
    for e in sorted(set(edge(*e) for e in edges)):
        c0, c1 = corners_of_edge(grid, e)
        adj.setdefault(c0, []).append((c1, e))
        adj.setdefault(c1, []).append((c0, e))
    used: set = set()
    left = {c: len(v) for c, v in adj.items()}
    chains: list[list[Corner]] = []
    order = sorted(adj)
    while True:
        starts = [c for c in order if left[c] % 2 == 1] or [c for c in order if left[c] > 0]
        if not starts:
            break
        c = starts[0]
        chain = [c]
        while left[c]:
            for n, e in adj[c]:
                if e not in used:
                    used.add(e)
                    left[c] -= 1
                    left[n] -= 1
                    chain.append(n)
                    c = n
                    break
        chains.append(chain)
    return [[corner_point(grid, c) for c in chain] for chain in chains]


def _clip(a, b, lo, hi):
    """The part of the segment ``a``-``b`` inside the box ``lo``..``hi`` (Liang-Barsky), or None."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - lo[0]), (dx, hi[0] - x0), (-dy, y0 - lo[1]), (dy, hi[1] - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 > t1:
        return None
    start = a if t0 == 0.0 else (x0 + t0 * dx, y0 + t0 * dy)  # the ends inside stay exactly as given
    end = b if t1 == 1.0 else (x0 + t1 * dx, y0 + t1 * dy)
    return start, end


class LineGuard:
    """The one guard in front of snapping the lines of an imported file: the work of
    :func:`snap_polyline_to_edges` grows with a line's length and its number of points, and a
    hostile file (a waypoint at 1e300, a 200,000-point scribble) made it run forever.

    :meth:`pieces` cuts a line to the board's box plus :data:`BOARD_MARGIN` hex sizes (a line
    that leaves and comes back becomes two pieces) and refuses non-finite points. Together the
    pieces of all lines may run at most twice as many hex sides as the board has (a real river
    runs along each side once) and have at most :data:`POINTS_PER_SIDE` points per side of that.
    Errors are :class:`ValueError` with one line naming the line (``what``).

    >>> g = Grid("pointy", "odd", 4, 3)
    >>> LineGuard(g).pieces([(10.0, 10.0), (1e300, 10.0)], "river 1")[0][1][0] == g.bounds_mm()[0] + 2 * g.size_mm
    True
    """

    def __init__(self, grid: Grid):
        self.grid = grid
        self.max_sides = 2 * 3 * len(grid) + 100
        self.max_points = POINTS_PER_SIDE * self.max_sides
        self.sides = 0.0
        self.points = 0
        m = BOARD_MARGIN * grid.size_mm
        w, h = grid.bounds_mm()
        self.lo, self.hi = (-m, -m), (w + m, h + m)

    def pieces(self, points_mm: Sequence[tuple[float, float]], what: str) -> list[list[tuple[float, float]]]:
        lo, hi = self.lo, self.hi
        pieces: list[list[tuple[float, float]]] = []
        cur: list[tuple[float, float]] = []
        prev = None
        for x, y in points_mm:
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError(f"{what}: point ({x}, {y}) is not finite")
            point = (min(max(float(x), -FAR_MM), FAR_MM), min(max(float(y), -FAR_MM), FAR_MM))
            inside = lo[0] <= point[0] <= hi[0] and lo[1] <= point[1] <= hi[1]
            if prev is None:
                if inside:
                    cur = [point]
            else:
                seg = _clip(prev, point, lo, hi)
                if seg is None:
                    if cur:
                        pieces.append(cur)
                    cur = []
                else:
                    start, end = seg
                    if not cur or cur[-1] != start:
                        if cur:
                            pieces.append(cur)
                        cur = [start]
                    cur.append(end)
                    if not inside:  # it leaves the box here
                        pieces.append(cur)
                        cur = []
            prev = point
        if cur:
            pieces.append(cur)
        pieces = [p for p in pieces if len(p) >= 2]
        # Both bounds count what is left on the board: that is what snapping works through.
        self.points += sum(map(len, pieces))
        if self.points > self.max_points:
            raise ValueError(f"{what}: the lines have more than {self.max_points} points on the board, "
                             f"{POINTS_PER_SIDE} for each of twice its hex sides; not lines of this map")
        s = self.grid.size_mm
        self.sides += sum(math.hypot(b[0] - a[0], b[1] - a[1]) / s
                          for p in pieces for a, b in zip(p, p[1:], strict=False))
        if self.sides > self.max_sides:
            raise ValueError(f"{what}: the lines run more than {self.max_sides} hex sides, twice what the "
                             f"board has; not lines of this map")
        return pieces
