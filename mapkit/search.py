"""Shortest paths: the one module of searches that every part of mapkit uses.

Three algorithms, one family (as networkx keeps one algorithm family per module):

* :func:`dial` -- Dijkstra with a bucket queue (*Dial's algorithm*) for small whole-number
  costs over an adjacency list (``adjacency[u]`` = tuple of ``(v, cost)``): the distance
  tables, routes and network costs of :mod:`mapkit.analysis`, the engine's race-drawing
  distances. Costs may be 0. Several sources, targets that stop the search, predecessors.
* :func:`dijkstra` -- any non-negative costs (floats too) from a ``neighbours(u)`` function
  that yields ``(v, cost, label)``; with a ``heuristic`` it is A*. Sources, targets,
  a ``stop(u, dist)`` test as nodes are settled, a cost ``limit``, an expansion cap. Used
  by the bots (cheapest extension of a network over tolled track, :mod:`mapkit.tolled`; race
  routes, movement and fares weighed by ``label_weight``), river tracing
  (:mod:`mapkit.geo.rivers`) and snapping lines to hex sides (:mod:`mapkit.snap`).
* :func:`bfs` -- every step costs 1 (breadth-first), over a mapping of rows; the answer is a
  dict, so a search over a few hundred built pieces of a huge board costs what they cost.
* :func:`dial_batch` -- many sources at once with numpy, over a board laid out in cells
  with six fixed neighbour offsets (:class:`mapkit.analysis.cells.Board`, or the engine's
  board): one vector operation per distance level, direction and cost. Large boards.

Ties are broken deterministically: :func:`dial` settles nodes in the order they reached
their distance; :func:`dijkstra` by ``(cost, node)`` (``(cost + estimate, cost, node)`` for
A*), so nodes must be comparable (ints, tuples). Of equally cheap paths it so keeps the one
through the smaller nodes; a ``tie`` key (an int, e.g. drawn from a bot's seeded generator)
orders equal costs by :func:`tie_rank` instead, a scrambled order of the nodes that the key
chooses: a bot whose hexes are numbered row by row from the north would otherwise always bend
its track north.

>>> adj = [((1, 1),), ((0, 1), (2, 3)), ((1, 3),)]      # 0 -1- 1 -3- 2
>>> dial(adj, [0])
[0, 1, 4]
>>> p = dijkstra([0], lambda u: ((v, w, f"{u}-{v}") for v, w in adj[u]), targets={2})
>>> p.found, p.dist[2], p.path(2), p.labels(2)
(2, 4, [0, 1, 2], ['0-1', '1-2'])
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Container
from typing import NamedTuple

from .kernel import COMPILED, KERNEL
from .tolled import TolledRows, TrackFares

__all__ = ["INF", "bfs", "dial", "path_to", "dijkstra", "Paths", "dial_batch", "COMPILED", "CostGraph",
           "dial_arrays", "tie_rank"]

# "Unreachable" in the integer distance lists: larger than any real distance.
INF = 2**31 - 1


# the compiled kernel (:mod:`mapkit.kernel`), or None: then the Python loops run (dial's
# :func:`_scan_buckets`, dijkstra's), with the same results to the last tie
_KERNEL = KERNEL


def bfs(rows, sources, limit: int | None = None) -> dict:
    """Steps from ``sources`` to every node reachable over ``rows`` (``rows.get(u)``: the
    neighbours of ``u``, or nothing), as a dict; ``limit``: nodes farther than this are left out.

    >>> bfs({0: (1,), 1: (0, 2), 2: (1,)}, [0]), bfs({0: (1,), 1: (0, 2), 2: (1,)}, [0], limit=1)
    ({0: 0, 1: 1, 2: 2}, {0: 0, 1: 1})
    """
    dist = {s: 0 for s in sources}
    frontier = list(dist)
    d = 0
    get = rows.get
    while frontier and (limit is None or d < limit):
        d += 1
        nxt = []
        for u in frontier:
            for v in get(u, ()):
                if v not in dist:
                    dist[v] = d
                    nxt.append(v)
        frontier = nxt
    return dist


def dial(adjacency, sources, *, targets=None, first: bool = False, preds: bool = False,
         max_weight: int | None = None, limit: int | None = None, blocked=None, size: int | None = None,
         seeds=None, bounds=None):
    """Distances (a list indexed by node) from ``sources`` (a node or a list of nodes).

    ``adjacency[u]``: tuple of ``(v, cost)`` with whole costs >= 0. ``targets``: nodes; the
    search stops once all are settled (``first=True``: once one is; other nodes may then
    hold upper bounds or :data:`INF`). ``preds=True`` returns ``(dist, pred)``, ``pred[v]``
    the node before ``v`` on one cheapest path (-1 at sources and unreached nodes).
    ``max_weight``: the largest cost (found by scanning when not given); ``limit``: nodes
    farther than this are not settled; ``blocked``: a container of nodes never entered;
    ``size``: the number of nodes when ``adjacency`` is a mapping (nodes 0 .. size - 1).
    ``seeds``: ``(node, cost)`` pairs, sources that start at that cost instead of 0 (the
    relaxation step of :mod:`mapkit.steiner`: every node starts with the cost of a subtree
    that ends there, and a path may beat it); a seed is never ``pred``'s end of a path. Give a
    node once (twice at one cost, it would be settled twice: a target counted twice).
    ``bounds[v]``: ``v`` is never reached at a higher cost (a limit per node: pruning by a known
    upper bound of a whole answer minus a lower bound of what is still to come from ``v``).

    >>> dial([((1, 0),), ((2, 2),), ()], 0, preds=True)
    ([0, 0, 2], [-1, 0, 1])
    >>> dial([((1, 1),), ((0, 1), (2, 1)), ((1, 1),)], [], seeds=[(0, 5), (2, 0)])
    [2, 1, 0]
    """
    if size is None:
        size = len(adjacency)
    dist = [INF] * size
    pred = [-1] * size if preds else None
    starts = [sources] if isinstance(sources, int) else list(sources)
    starts = [s for s in dict.fromkeys(starts) if 0 <= s < size]
    done = (dist, pred) if preds else dist
    # seeds enter the buckets when the search reaches their cost (the buckets are a ring)
    later = sorted((c, s) for s, c in seeds if 0 <= s < size and c < INF) if seeds else []
    if not starts and not later:
        return done
    for s in starts:
        dist[s] = 0
    for c, s in later:
        if c < dist[s]:
            dist[s] = c
    want = None
    remaining = 0
    if targets is not None:
        want, remaining, answered = _wanted(targets, starts, size, first, bool(later))
        if answered:
            return done
    if max_weight is None:
        rows = adjacency.values() if hasattr(adjacency, "values") else adjacency
        max_weight = max((w for row in rows for _, w in row), default=0)
    span = max(max_weight, 1) + 1
    if _KERNEL is not None and type(adjacency) is list:
        _KERNEL.scan(*_Scan(adjacency, dist, pred, starts, later, want, remaining, span, limit, blocked,
                            bounds if bounds is None or type(bounds) is list else list(bounds)))
    else:
        _scan_buckets(_Scan(adjacency, dist, pred, starts, later, want, remaining, span, limit, blocked, bounds))
    return done


class _Scan(NamedTuple):
    """One search of :func:`dial`, as its two loops take it (the kernel's ``scan`` takes these
    fields in this order): the rows, ``dist`` and ``pred`` to fill in, the sources at cost 0,
    ``later`` (the seeds, ``(cost, node)`` in order), ``want`` (the wanted nodes flagged, or
    None) and how many are still to settle, the ring's ``span`` of buckets, ``limit``,
    ``blocked`` and ``bounds`` as :func:`dial` has them."""

    adjacency: list
    dist: list
    pred: list | None
    starts: list
    later: list
    want: list | None
    remaining: int
    span: int
    limit: int | None
    blocked: Container | None
    bounds: list | None


def _scan_buckets(scan: _Scan) -> None:
    """:func:`dial`'s search proper, over a ring of ``span`` buckets: settles nodes distance by
    distance (``dist``, ``pred`` filled in place) until every node is settled, the ``limit``
    is passed or the last wanted node (``remaining`` of them, flagged in ``want``) is settled."""
    adjacency, dist, pred, starts, later, want, remaining, span, limit, blocked, bounds = scan
    buckets: list[list] = [[] for _ in range(span)]
    buckets[0].extend(starts)
    pending = len(starts)
    nxt, n_later = 0, len(later)
    d = 0 if starts or not later else later[0][0]
    while pending or nxt < n_later:
        if limit is not None and d > limit:
            break
        i = d % span
        while nxt < n_later and later[nxt][0] == d:
            if dist[later[nxt][1]] == d:
                buckets[i].append(later[nxt][1])
                pending += 1
            nxt += 1
        if not pending and nxt < n_later:
            d = later[nxt][0]
            continue
        bucket = buckets[i]
        if bucket:
            buckets[i] = []
            pending -= len(bucket)
            k = 0
            while k < len(bucket):          # cost-0 steps append to the bucket being read
                u = bucket[k]
                k += 1
                if dist[u] != d:
                    continue                # stale: u was reached more cheaply later
                if want is not None and want[u]:
                    remaining -= 1
                    if remaining == 0:
                        return
                for v, w in adjacency[u]:
                    nd = d + w
                    if (nd < dist[v] and (blocked is None or v not in blocked)
                            and (bounds is None or nd <= bounds[v])):
                        dist[v] = nd
                        if pred is not None:
                            pred[v] = u
                        if w:
                            buckets[nd % span].append(v)
                            pending += 1
                        else:
                            bucket.append(v)
        d += 1


class CostGraph:
    """An adjacency list (``rows[u]``: tuple of ``(v, cost)``, whole costs >= 0) with the same
    graph as arrays (CSR: the neighbours of ``u`` are ``nbr[indptr[u]:indptr[u + 1]]``, their
    costs in ``wt``), made once for many searches by :func:`dial_arrays` (the Steiner programme's
    dozens a solve), which then cost no Python object per node.

    >>> g = CostGraph([((1, 1),), ((0, 1), (2, 3)), ((1, 3),)])
    >>> g.max_weight, g.indptr.tolist() if COMPILED else [0, 1, 3, 4]
    (3, [0, 1, 3, 4])
    """

    __slots__ = ("rows", "indptr", "nbr", "wt", "max_weight")

    def __init__(self, rows, max_weight: int | None = None):
        import numpy as np

        self.rows = rows
        if _KERNEL is None:         # the arrays only serve the compiled searches
            self.indptr = self.nbr = self.wt = None
            self.max_weight = max((w for r in rows for _, w in r), default=0) if max_weight is None else max_weight
            return
        indptr, nbr, wt, top = _KERNEL.csr(rows if type(rows) is list else list(rows))
        self.indptr, self.nbr, self.wt = (np.frombuffer(x, dtype=np.int64) for x in (indptr, nbr, wt))
        self.max_weight = top if max_weight is None else max_weight

    def __len__(self) -> int:
        return len(self.rows)


def dial_arrays(graph: CostGraph, sources=(), *, seeds=None, targets=None, first: bool = False, preds: bool = False,
                limit: int | None = None, blocked=None, bounds=None):
    """:func:`dial` over a :class:`CostGraph`, with numpy arrays in and out: ``(dist, pred)``
    (int64 arrays; ``pred`` None unless ``preds``, a list where the kernel is not built).
    ``seeds``: an int64 array, the cost each node starts at (:data:`INF`: none; :func:`dial`'s
    seeds, in its order: by cost, then node); ``blocked``: a uint8 array, 1 for a node never
    entered; ``bounds``: an int64 array; the rest as :func:`dial`. The same numbers as
    :func:`dial`.

    >>> import numpy as np
    >>> g = CostGraph([((1, 1),), ((0, 1), (2, 1)), ((1, 1),)])
    >>> d, p = dial_arrays(g, seeds=np.array([5, INF, 0]), preds=True)
    >>> d.tolist(), [int(x) for x in p]
    ([2, 1, 0], [1, 2, -1])
    """
    import numpy as np

    n = len(graph)
    starts = [s for s in dict.fromkeys([sources] if isinstance(sources, int) else sources) if 0 <= s < n]
    if _KERNEL is None:
        later = None
        if seeds is not None:
            at = np.flatnonzero(seeds < INF)
            later = zip(at.tolist(), seeds[at].tolist(), strict=True)
        d = dial(graph.rows, starts, seeds=later, targets=targets, first=first, preds=preds,
                 max_weight=graph.max_weight, limit=limit, bounds=None if bounds is None else bounds.tolist(),
                 blocked=None if blocked is None else set(np.flatnonzero(blocked).tolist()))
        if preds:       # the predecessors stay a list: most are never read (a tree reads a few)
            return np.asarray(d[0], dtype=np.int64), d[1]
        return np.asarray(d, dtype=np.int64), None
    dist = np.empty(n, dtype=np.int64)
    pred = np.empty(n, dtype=np.int64) if preds else None
    want, remaining = None, 0
    if targets is not None:
        want, remaining, answered = _wanted(targets, starts, n, first, seeds is not None and bool((seeds < INF).any()))
        if answered:
            dist.fill(INF)      # answered at the start: dial's first values, no search
            if seeds is not None:
                np.minimum(dist, seeds, out=dist)
            dist[starts] = 0
            if pred is not None:
                pred.fill(-1)
            return dist, pred
    _KERNEL.scan_arrays(graph.indptr, graph.nbr, graph.wt, dist, pred, np.asarray(starts, dtype=np.int64),
                        None if seeds is None else np.ascontiguousarray(seeds, dtype=np.int64), want, remaining,
                        max(graph.max_weight, 1) + 1, limit, blocked,
                        None if bounds is None else np.ascontiguousarray(bounds, dtype=np.int64))
    return dist, pred


def _wanted(targets, starts, size: int, first: bool, seeded: bool):
    """``(flags by node, how many must be settled, answered)`` for :func:`dial`'s targets; 0 when
    the sources already answer (a source is a target, and one is enough or none is left);
    ``answered`` when no search is needed: one is enough and a source is one, or none is left and
    no seed (``seeded``) is to be spread."""
    want = bytearray(size)
    for t in targets:
        if 0 <= t < size:
            want[t] = 1
    remaining = sum(want)
    if first and any(want[s] for s in starts):
        return want, 0, True
    for s in starts:
        if want[s]:
            want[s] = 0
            remaining -= 1
    if first and remaining:
        remaining = 1
    return want, remaining, remaining == 0 and not seeded


def path_to(pred: list, target: int, dist: list | None = None) -> list[int]:
    """The nodes from a source to ``target`` along ``pred`` (from :func:`dial`).

    A source itself has ``pred == -1``: give ``dist`` to tell it (path ``[target]``) from an
    unreached node (path ``[]``); without ``dist`` both give ``[]``.
    """
    if pred[target] == -1:
        return [target] if dist is not None and dist[target] == 0 else []
    out = [target]
    c = target
    while pred[c] != -1:
        c = pred[c]
        out.append(c)
    out.reverse()
    return out


class Paths:
    """The result of :func:`dijkstra`: ``dist[v]`` (settled nodes, and the best costs found
    for unsettled ones when the search stopped early), ``prev[v] = (u, label)`` (None at
    sources), ``settled`` (the nodes in the order they were settled) and ``found`` (the
    target that stopped the search, or None)."""

    __slots__ = ("dist", "prev", "settled", "found")

    def __init__(self, dist, prev, settled, found):
        self.dist = dist
        self.prev = prev
        self.settled = settled
        self.found = found

    def path(self, v) -> list:
        """The nodes from a source to ``v`` ([] when ``v`` was not reached)."""
        if v not in self.prev:
            return []
        out = [v]
        while self.prev[v] is not None:
            v = self.prev[v][0]
            out.append(v)
        out.reverse()
        return out

    def labels(self, v) -> list:
        """The labels of the steps from a source to ``v``, in order."""
        out = []
        step = self.prev.get(v)
        while step is not None:
            out.append(step[1])
            step = self.prev[step[0]]
        out.reverse()
        return out


_MASK = 2**64 - 1


def tie_rank(node: int, tie: int) -> int:
    """Where ``node`` comes among equally cheap nodes in :func:`dijkstra` with the key ``tie``:
    splitmix64's finaliser of ``node * 0x9E3779B97F4A7C15 + tie`` (modulo 2**64): the order it
    gives the nodes owes nothing to their numbering, and each key gives another. The kernel
    (csrc/astar.c) computes the same numbers.

    >>> hex(tie_rank(1, 0)), hex(tie_rank(2, 0))     # splitmix64's first outputs from seed 0
    ('0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4')
    """
    z = (node * 0x9E3779B97F4A7C15 + tie) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def dijkstra(sources, neighbours, *, heuristic=None, targets=None, stop=None, limit: float = math.inf,
             eps: float = 0.0, max_expansions: int | None = None, tie: int | None = None,
             label_weight: float | None = None, settled_only: bool = False) -> Paths:
    """Cheapest paths from ``sources`` where ``neighbours(u)`` yields ``(v, cost, label)``
    (``neighbours`` may also be a mapping from ``u`` to those rows, read as they are).

    ``heuristic(v)``: a lower bound of the cost from ``v`` to the nearest target (A*; it
    must never overestimate). ``targets``: a container; the search stops at the first one
    settled (``Paths.found``). ``stop(u, d)``: called as each node is settled with its cost;
    True ends the search. ``limit``: costs above it are not pursued. ``eps``: a new cost
    must beat the old by more than this (for float costs). ``max_expansions``: give up
    (``found`` None) after settling this many nodes. ``tie``: an int whose :func:`tie_rank`
    orders nodes of equal cost (ints only) before their own order does. ``label_weight``: the
    labels are numbers too, and a step costs ``cost + label_weight * label`` (two criteria in
    one, such as a route's movement points and its fares: the rows are made once for every
    weight asked for). ``settled_only``: ``dist`` and ``prev`` hold the settled nodes alone, in
    the order settled (not the best costs found so far of the nodes left waiting): a search that
    stops early from many sources hands back what it settled, not its whole frontier.

    >>> square = {0: ((1, 1, "a"), (2, 1, "b")), 1: ((3, 1, "c"),), 2: ((3, 1, "d"),)}
    >>> dijkstra([0], square).path(3), dijkstra([0], square, tie=0).path(3)
    ([0, 1, 3], [0, 2, 3])
    >>> tolls = {0: ((1, 4, 0), (2, 1, 2)), 1: ((3, 1, 0),), 2: ((3, 1, 2),)}   # label: the toll
    >>> dijkstra([0], tolls).path(3), dijkstra([0], tolls, label_weight=1.0).path(3)
    ([0, 2, 3], [0, 1, 3])
    """
    if _KERNEL is not None:
        paths = _compiled_dijkstra(sources, neighbours, heuristic, targets, stop,
                                   (limit, eps, max_expansions, tie, label_weight), settled_only)
        if paths is not None:
            return paths
    dist: dict = {}
    prev: dict = {}
    heap: list[tuple] = []
    # the heap's entries: (cost, node), (cost + estimate, cost, node) for A*; with a tie key the
    # node's rank comes before the node (keyed)
    keyed = None if tie is None else _keyed(heuristic, tie)
    for s in sorted(set(sources)):
        dist[s] = 0
        prev[s] = None
        heap.append(keyed(0, s) if keyed else (heuristic(s), 0, s) if heuristic else (0, s))
    heapq.heapify(heap)
    at = 1 if heuristic else 0      # where an entry holds the cost
    settled: list = []
    found = None
    pop, push = heapq.heappop, heapq.heappush
    if not callable(neighbours):
        rows = neighbours

        def neighbours(u, get=rows.get):
            return get(u, ())
    has_targets = targets is not None
    # A node is settled when it leaves the heap at its best cost; a later, dearer entry of it
    # is stale. (A cost must beat the old one by more than ``eps`` to be pushed, so equal
    # entries never pile up.) Without a limit or ``eps`` the steps carry no test for them.
    plain = limit == math.inf and not eps
    weighed, lw = label_weight is not None, label_weight
    if weighed and not plain:
        unweighted = neighbours

        def neighbours(u):
            return [(v, w + lw * label, label) for v, w, label in unweighted(u)]
    while heap:
        e = pop(heap)
        d, u = e[at], e[-1]
        if d > dist[u]:
            continue
        settled.append(u)
        if has_targets and u in targets:
            found = u
            break
        if stop is not None and stop(u, d):
            break
        if max_expansions is not None and len(settled) > max_expansions:
            break
        if plain:
            for v, w, label in neighbours(u):
                nd = d + (w + lw * label) if weighed else d + w     # the product first, as the kernel
                old = dist.get(v)
                if old is None or nd < old:
                    dist[v] = nd
                    prev[v] = (u, label)
                    push(heap, keyed(nd, v) if keyed else (nd + heuristic(v), nd, v) if heuristic else (nd, v))
            continue
        for v, w, label in neighbours(u):
            nd = d + w
            if nd > limit:
                continue
            old = dist.get(v)
            if old is None or nd < old - eps:
                dist[v] = nd
                prev[v] = (u, label)
                push(heap, keyed(nd, v) if keyed else (nd + heuristic(v), nd, v) if heuristic else (nd, v))
    if settled_only:
        dist = {v: dist[v] for v in settled}
        prev = {v: prev[v] for v in settled}
    return Paths(dist, prev, settled, found)


def _keyed(heuristic, tie: int):
    """The heap entry of :func:`dijkstra`'s loop for a node at a cost with the key ``tie``."""
    if heuristic:
        return lambda d, v: (d + heuristic(v), d, tie_rank(v, tie), v)
    return lambda d, v: (d, tie_rank(v, tie), v)


def _compiled_dijkstra(sources, neighbours, heuristic, targets, stop, bounds, settled_only: bool) -> Paths | None:
    """:func:`dijkstra` by the kernel (csrc/astar.c: the same loop, the same order; a dict's
    rows and those of :mod:`mapkit.tolled` are read in C), or None
    where it does not apply: nodes that are not ints, rows read from a mapping with ``get``, a
    cost it cannot add exactly (Python's loop then runs; not after a ``stop`` was called, whose
    calls may have done something, so then the error is raised)."""
    limit, eps, max_expansions, tie, label_weight = bounds
    if not callable(neighbours) or (max_expansions is not None and max_expansions < 0):
        return None
    starts = sorted(set(sources))
    rows, by_key = neighbours, 0
    owner = getattr(neighbours, "__self__", None)
    # a dict's own lookup (a subclass's __missing__ included) is read in C
    if isinstance(owner, dict) and type(owner).__getitem__ is dict.__getitem__ and (
            getattr(neighbours, "__name__", "") == "__getitem__"):
        rows, by_key = owner, 1
    elif type(neighbours) is TolledRows:      # its rows are made in C from its lists
        t = neighbours
        rows, by_key = (t.adjacency, t.cost, t.owners, t.owner_bits, t.node_owners, t.edge_toll, t.node_toll,
                        t.us, t.weight), 2
    elif type(neighbours) is TrackFares:
        f = neighbours
        rows, by_key = (f.track, f.into, f.line_moves, f.fare, f.us), 3
    estimate = heuristic
    owner = getattr(heuristic, "__self__", None)
    if type(owner) is list and getattr(heuristic, "__name__", "") == "__getitem__":
        estimate = owner
    try:
        done = _KERNEL.astar(starts, rows, by_key, estimate, targets, stop, float(limit), float(eps),
                             -1 if max_expansions is None else max_expansions, tie, label_weight, settled_only)
    except TypeError:
        if stop is not None:
            raise
        return None
    return None if done is None else Paths(*done)


def dial_batch(offsets, weights, passable, sources, targets=None, batch: int = 64):
    """Distances from many sources at once, with numpy, on a board of cells.

    ``offsets[k]``: the cell offset of direction ``k`` (six, fixed for every cell);
    ``weights``: a ``(6, cells)`` integer array, ``weights[k][c]`` the cost of the step from
    cell ``c`` in direction ``k`` (0 = closed); ``passable``: a boolean array by cell (padding
    cells are never passable, so no step leaves the board). Returns, per source, the
    distances to ``targets`` (a list of cells; None: to every cell) as lists with None for
    unreachable. ``batch`` sources are searched side by side (memory ``4 * batch`` bytes per
    cell). Each distance level is expanded for the whole batch with one vector operation
    per direction and cost; within one direction every frontier cell has a different
    neighbour, so the updates never collide.
    """
    import numpy as np

    weights = np.asarray(weights)
    size = weights.shape[1]
    classes = []
    for k in range(6):
        wk = weights[k]
        classes.append([(int(c), wk == c) for c in np.unique(wk) if c])
    sources = list(sources)
    tcells = None if targets is None else np.asarray(targets, dtype=np.int64)
    maxw = max(1, int(weights.max()) if weights.size else 1)
    span = maxw + 1
    passable = np.asarray(passable, dtype=bool)
    out: list[list[int | None]] = []
    for lo in range(0, len(sources), max(1, batch)):
        chunk = sources[lo:lo + batch]
        nb = len(chunk)
        dist = np.full(nb * size, INF, dtype=np.int32)
        src = np.asarray(chunk, dtype=np.int64)
        ok = (src >= 0) & passable[np.clip(src, 0, size - 1)]
        starts = np.arange(nb, dtype=np.int64)[ok] * size + src[ok]
        dist[starts] = 0
        buckets: list[list] = [[] for _ in range(span)]
        buckets[0].append(starts)
        pending = 1 if len(starts) else 0
        d = 0
        while pending:
            i = d % span
            parts = buckets[i]
            if parts:
                buckets[i] = []
                pending -= len(parts)
                front = parts[0] if len(parts) == 1 else np.concatenate(parts)
                front = front[dist[front] == d]
                if len(front):
                    cells = front % size
                    for k in range(6):
                        off = offsets[k]
                        for c, mask in classes[k]:
                            hit = front[mask[cells]]
                            if not len(hit):
                                continue
                            hit += off
                            nd = d + c
                            hit = hit[dist[hit] > nd]
                            if len(hit):
                                dist[hit] = nd
                                buckets[nd % span].append(hit)
                                pending += 1
            d += 1
        table = dist.reshape(nb, size)
        if tcells is not None:
            table = table[:, tcells] if len(tcells) else np.zeros((nb, 0), np.int32)
        for row in table.tolist():
            out.append([None if v == INF else v for v in row])
    return out
