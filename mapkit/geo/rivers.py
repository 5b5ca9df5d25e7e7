"""Rivers: picking rivers out of a line network, and snapping them onto chains of hex edges.

A river on the board is a chain of hex sides (edges), drawn in blue. :func:`snap_line` finds
it as a shortest path through the graph of hex corners, where walking along a side costs its
length times (a little + the squared distance from the real river): the cheapest chain hugs
the river and is continuous by construction (each side starts at the corner where the last
one ended).

>>> from mapkit.grid import Grid, edge_name
>>> g = Grid("pointy", "odd", 6, 4, hex_mm=10)
>>> corners = CornerGraph(g)
>>> y = g.centre_mm((0, 1))[1] - g.size_mm / 2      # along the sides between rows 0 and 1
>>> chain = corners.snap([(0.0, y), (60.0, y)])
>>> is_chain(chain, g)
True
>>> sorted({min(a.row, b.row) for a, b in chain}), len(chain) >= 10
([0], True)

:func:`river_network` joins the basemap line pieces that share an end point;
:func:`trace` follows the network through given waypoints (to pick one named river), and
:func:`main_rivers` picks the long rivers and their long tributaries automatically.
"""

from __future__ import annotations

import math
from collections import defaultdict

from ..grid import Edge, Grid, Hex, edge
from ..search import dijkstra

__all__ = ["CornerGraph", "is_chain", "chain_order", "river_network", "trace", "main_rivers",
           "polyline_length"]


def polyline_length(points) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


class CornerGraph:
    """The graph whose nodes are hex corners and whose links are hex sides (board edges).

    Only sides between two hexes of the board are links (a side on the board's rim is not an
    edge of the map). ``blocked`` edges cost ``block_factor`` times more (e.g. sides touching
    water, where a river line would only draw over the coast).
    """

    def __init__(self, grid: Grid, blocked=frozenset(), block_factor: float = 20.0):
        self.grid = grid
        self.key_of: dict = {}
        self.points: list[tuple[float, float]] = []
        self.links: dict[int, list[tuple[int, Edge]]] = defaultdict(list)
        self.factor = {}
        for e in grid.edges():
            p, q = grid.edge_segment_mm(e)
            a, b = self._node(p), self._node(q)
            self.links[a].append((b, e))
            self.links[b].append((a, e))
            self.factor[e] = block_factor if e in blocked else 1.0
        import numpy as np

        self._array = np.array(self.points)

    def _node(self, p) -> int:
        key = (round(p[0], 3), round(p[1], 3))
        n = self.key_of.get(key)
        if n is None:
            n = self.key_of[key] = len(self.points)
            self.points.append((float(p[0]), float(p[1])))
        return n

    def nearest(self, p, among=None) -> int:
        """The corner nearest to point ``p`` (optionally among a set of corners)."""
        import numpy as np

        if among:
            nodes = sorted(among)
            pts = self._array[nodes]
            i = int(np.argmin(((pts - np.asarray(p)) ** 2).sum(axis=1)))
            return nodes[i]
        return int(np.argmin(((self._array - np.asarray(p)) ** 2).sum(axis=1)))

    def corners_of(self, edges) -> set[int]:
        """Corner nodes touched by ``edges``."""
        out = set()
        for e in edges:
            p, q = self.grid.edge_segment_mm(e)
            out.add(self.key_of[(round(p[0], 3), round(p[1], 3))])
            out.add(self.key_of[(round(q[0], 3), round(q[1], 3))])
        return out

    def snap(self, line, start=None, end=None) -> list[Edge]:
        """The chain of edges (in order from start to end) that follows polyline ``line`` (mm).

        ``start``/``end``: corner nodes to begin/finish at (default: nearest to the line's ends).
        """
        from shapely.geometry import LineString, Point

        pts = [tuple(map(float, p)) for p in line]
        if len(pts) < 2:
            return []
        ls = LineString(pts)
        a = self.nearest(pts[0]) if start is None else start
        b = self.nearest(pts[-1]) if end is None else end
        if a == b:
            return []
        scale = self.grid.size_mm
        dist_cache: dict[int, float] = {}

        def dist(n: int) -> float:
            d = dist_cache.get(n)
            if d is None:
                d = dist_cache[n] = ls.distance(Point(self.points[n])) / scale
            return d

        # Dijkstra from a to b; cost of a side = length * (0.05 + mean squared distance of its
        # ends and middle from the river, in hex radii).
        def sides(n: int):
            pm = self.points[n]
            for m, e in self.links[n]:
                qm = self.points[m]
                mid = ((pm[0] + qm[0]) / 2, (pm[1] + qm[1]) / 2)
                dm = ls.distance(Point(mid)) / scale
                w = math.dist(pm, qm) / scale * (0.05 + (dist(n) ** 2 + dist(m) ** 2 + dm ** 2) / 3)
                yield m, w * self.factor[e], e

        found = dijkstra([a], sides, targets={b}, eps=1e-12)
        return found.labels(b) if found.found is not None else []


def chain_order(edges, grid: Grid):
    """Group ``edges`` into connected chains (sides that share a corner) as lists of corners.

    Returns the number of connected pieces; used by :func:`is_chain` and the tests.
    """
    from networkx.utils import UnionFind

    cg_nodes: dict = {}
    corners = UnionFind()

    def key(p):
        return (round(p[0], 3), round(p[1], 3))

    for e in edges:
        p, q = grid.edge_segment_mm(e)
        corners.union(key(p), key(q))
        cg_nodes[e] = key(p)
    return len({corners[k] for k in cg_nodes.values()}) if edges else 0


def is_chain(edges, grid: Grid) -> bool:
    """True when ``edges`` form one connected line of hex sides (no gaps)."""
    return chain_order(list(edges), grid) == 1


# -- the river network --------------------------------------------------------------------------

def river_network(lines, precision: int = 4, join_deg: float = 0.05):
    """A graph of river lines: every vertex a node, pieces joined where they share a point.

    ``lines``: arrays of (lon, lat) rows. Returns ``(nodes, adjacency)``: node positions and,
    for each node, a list of ``(other node, piece array oriented from this node, length, piece id)``;
    lengths are in degrees-of-latitude-scaled units (good enough to compare pieces).
    The data has small gaps at confluences: an end of a line within ``join_deg`` of a line of
    another connected part is joined to its nearest vertex.
    """
    import numpy as np

    index: dict = {}
    nodes: list = []
    adj: dict[int, list] = defaultdict(list)

    def node(pt) -> int:
        k = (round(float(pt[0]), precision), round(float(pt[1]), precision))
        i = index.get(k)
        if i is None:
            i = index[k] = len(nodes)
            nodes.append(k)
        return i

    eid = 0
    for a in lines:
        a = np.asarray(a, dtype=float)
        if len(a) < 2:
            continue
        coslat = math.cos(math.radians(float(a[:, 1].mean())))
        ids = [node(p) for p in a]
        # Every vertex is a node, so that a waypoint may fall anywhere along a piece.
        for i in range(len(a) - 1):
            u, v = ids[i], ids[i + 1]
            if u == v:
                continue
            seg = a[i:i + 2]
            length = float(math.hypot((seg[1, 0] - seg[0, 0]) * coslat, seg[1, 1] - seg[0, 1]))
            adj[u].append((v, seg, length, eid))
            adj[v].append((u, seg[::-1], length, eid))
            eid += 1
    if join_deg > 0 and nodes:
        from networkx.utils import UnionFind

        pieces = UnionFind(range(len(nodes)))
        for n, lst in adj.items():
            for m, _, _, _ in lst:
                pieces.union(n, m)
        arr = np.array(nodes)
        for n in sorted(adj):
            if len(adj[n]) != 1:
                continue
            lon, lat = nodes[n]
            coslat = math.cos(math.radians(lat))
            d = np.hypot((arr[:, 0] - lon) * coslat, arr[:, 1] - lat)
            for m in np.argsort(d, kind="stable")[:64]:
                m = int(m)
                if d[m] > join_deg:
                    break
                if pieces[m] != pieces[n]:
                    seg = np.array([nodes[n], nodes[m]], dtype=float)
                    adj[n].append((m, seg, float(d[m]), eid))
                    adj[m].append((n, seg[::-1], float(d[m]), eid))
                    eid += 1
                    pieces.union(n, m)
                    break
    return nodes, adj


def _dijkstra(adj, sources, blocked_pieces=frozenset()):
    """Cheapest ways through the river network: ``(dist, prev)``, ``prev[m] = (n, piece, id)``."""
    def pieces(n):
        for m, piece, length, pid in adj.get(n, ()):
            if pid not in blocked_pieces:
                yield m, length, (piece, pid)

    found = dijkstra(sources, pieces, eps=1e-12)
    prev = {m: (n, piece, pid) for m, step in found.prev.items() if step is not None
            for n, (piece, pid) in (step,)}
    return found.dist, prev


def _path_points(prev, start, end):
    import numpy as np

    pieces, ids = [], []
    n = end
    while n != start:
        n, piece, pid = prev[n]
        pieces.append(piece)
        ids.append(pid)
    pieces.reverse()
    if not pieces:
        return np.zeros((0, 2)), []
    return np.vstack([pieces[0]] + [p[1:] for p in pieces[1:]]), ids


def trace(network, waypoints, snap_deg: float = 0.3, max_gap_deg: float = 0.6):
    """The river through ``waypoints`` (lon, lat; source to mouth) as one lon/lat array.

    Each waypoint goes to the nearest network node (within ``snap_deg``); consecutive
    waypoints are joined by the shortest way through the network. Where the data has a gap
    (a river missing through a reservoir, say) of at most ``max_gap_deg``, the nearest ends of
    the two parts are joined by a straight line. Raises ValueError when a waypoint is off the
    network or two waypoints cannot be joined; returns None for an empty network.
    """
    import numpy as np

    nodes, adj = network
    if not nodes:
        return None
    arr = np.array(nodes)
    ids: list[int] = []
    for lon, lat in waypoints:
        coslat = math.cos(math.radians(lat))
        d = np.hypot((arr[:, 0] - lon) * coslat, arr[:, 1] - lat)
        i = int(np.argmin(d))
        if d[i] > snap_deg:
            raise ValueError(f"waypoint {len(ids) + 1} ({lon:g}, {lat:g}) is {d[i]:.2f} degrees from "
                             f"the nearest river of the data")
        ids.append(i)
    parts: list[np.ndarray] = []
    for a, b in zip(ids, ids[1:], strict=False):
        if a == b:
            continue
        dist, prev = _dijkstra(adj, [a])
        if b in dist:
            pts, _ = _path_points(prev, a, b)
        else:
            back, prev_b = _dijkstra(adj, [b])
            ra, rb = sorted(dist), sorted(back)
            pa, pb = arr[ra], arr[rb]
            coslat = math.cos(math.radians(float(pa[:, 1].mean())))
            dd = np.hypot((pa[:, None, 0] - pb[None, :, 0]) * coslat, pa[:, None, 1] - pb[None, :, 1])
            # The cheapest way across the gap: along the rivers, plus the straight gap counted
            # twice (so the way does not detour up a tributary to find a shorter gap).
            along = np.array([dist[n] for n in ra])[:, None] + np.array([back[n] for n in rb])[None, :]
            cost = np.where(dd <= max_gap_deg, along + 2.0 * dd, np.inf)
            ia, jb = np.unravel_index(int(np.argmin(cost)), cost.shape)
            if not np.isfinite(cost[ia, jb]):
                k = ids.index(a)
                raise ValueError(f"waypoints {k + 1} and {k + 2} are on rivers that do not meet "
                                 f"(gap {float(dd.min()):.2f} degrees)")
            u, v = ra[int(ia)], rb[int(jb)]
            first, _ = _path_points(prev, a, u)
            second, _ = _path_points(prev_b, b, v)
            first = first if len(first) else arr[[a]]
            second = second[::-1] if len(second) else arr[[b]]
            pts = np.vstack([first, second])
        parts.append(pts if not parts else pts[1:])
    if not parts:
        return None
    return np.vstack(parts)


def main_rivers(network, min_length: float, max_rivers: int = 40):
    """The long rivers of a network and their long tributaries, longest first.

    For each connected part the longest path is the main river; then, repeatedly, the longest
    branch that leaves an already chosen river is added while it is at least ``min_length``
    long (same units as :func:`river_network`). Returns lon/lat arrays.
    """
    nodes, adj = network
    seen: set[int] = set()
    comps = []
    for s in range(len(nodes)):
        if s in seen or s not in adj:
            continue
        comp = []
        stack = [s]
        seen.add(s)
        while stack:
            n = stack.pop()
            comp.append(n)
            for m, _, _, _ in adj[n]:
                if m not in seen:
                    seen.add(m)
                    stack.append(m)
        comps.append(sorted(comp))
    found = []
    for comp in comps:
        # Longest path of a tree: farthest node from any node, then farthest from that one.
        d0, _ = _dijkstra(adj, [comp[0]])
        far = max(sorted(d0), key=lambda n: d0[n])
        d1, prev = _dijkstra(adj, [far])
        other = max(sorted(d1), key=lambda n: d1[n])
        if d1[other] < min_length:
            continue
        pts, pieces = _path_points(prev, far, other)
        found.append((d1[other], pts))
        used = set(pieces)
        chosen = set()
        n = other
        while True:
            chosen.add(n)
            if n == far:
                break
            n = prev[n][0]
        while True:
            dist, prv = _dijkstra(adj, chosen, used)
            cand = [n for n in dist if n not in chosen]
            if not cand:
                break
            tip = max(sorted(cand), key=lambda n: dist[n])
            if dist[tip] < min_length:
                break
            root = tip
            while root not in chosen:
                root = prv[root][0]
            pts, pieces = _path_points(prv, root, tip)
            found.append((dist[tip], pts[::-1]))
            used |= set(pieces)
            n = tip
            while n not in chosen:
                chosen.add(n)
                n = prv[n][0]
    found.sort(key=lambda t: -t[0])
    return [pts for _, pts in found[:max_rivers]]


def edges_between(grid: Grid, hexes_a, hexes_b) -> set[Edge]:
    """Every edge with one hex in ``hexes_a`` and the other in ``hexes_b``."""
    b = set(hexes_b)
    out = set()
    for h in hexes_a:
        for n in grid.neighbours(h):
            if n in b:
                out.add(edge(Hex(*h), n))
    return out
