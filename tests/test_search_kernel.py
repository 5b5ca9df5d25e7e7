"""The compiled kernel of Dial's search (csrc/mapkit_search.c) against its reference, the Python
loop of mapkit.search: the same distances and the same predecessors, to the last tie, on random
graphs with every option dial has (so a game played with the kernel is the game played without
it), and a clear error, with nothing written, on input it cannot read."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mapkit import search
from mapkit.search import INF, CostGraph, dial, dial_arrays

kernel = pytest.importorskip("_mapkit_search", reason="the compiled search kernel is not built (no C compiler)")
pytestmark = pytest.mark.skipif(not search.COMPILED, reason="MAPKIT_PURE_PYTHON is set: mapkit does not use the kernel")


@pytest.fixture
def pure(monkeypatch):
    """Run mapkit.search as if the kernel were not built."""
    def use(on: bool):
        if on:
            monkeypatch.setattr(search, "_KERNEL", None)
        else:
            monkeypatch.undo()
    return use


def _graph(rng: random.Random):
    """A random graph of up to 60 nodes, costs 0..3 (zero-cost steps included), not symmetric."""
    n = rng.randint(1, 60)
    rows = []
    for _ in range(n):
        rows.append(tuple((rng.randrange(n), rng.choice((0, 1, 1, 2, 3))) for _ in range(rng.randint(0, 5))))
    return rows


def _question(rng: random.Random, n: int) -> dict:
    """Random options of dial: sources, seeds, targets, first, limit, blocked, bounds."""
    q: dict = {"sources": rng.sample(range(n), rng.randint(0, min(3, n)))}
    if rng.random() < 0.5:
        q["seeds"] = [(rng.randrange(n), rng.randint(0, 8)) for _ in range(rng.randint(0, 6))]
    if rng.random() < 0.4:
        q["targets"] = rng.sample(range(n), rng.randint(1, min(3, n)))
        q["first"] = rng.random() < 0.5
    if rng.random() < 0.3:
        q["limit"] = rng.randint(0, 6)
    if rng.random() < 0.3:
        q["blocked"] = set(rng.sample(range(n), rng.randint(0, n // 3)))
    if rng.random() < 0.3:
        q["bounds"] = [rng.randint(0, 10) for _ in range(n)]
    return q


def test_the_kernel_and_the_python_loop_give_the_same_distances_and_paths(pure):
    rng = random.Random(38)
    compared = 0
    for _ in range(600):
        rows = _graph(rng)
        q = _question(rng, len(rows))
        sources = q.pop("sources")
        pure(False)
        fast = dial(rows, sources, preds=True, **q)
        pure(True)
        slow = dial(rows, sources, preds=True, **q)
        assert fast == slow, (rows, sources, q)
        compared += any(d not in (0, INF) for d in slow[0])
    assert compared > 300       # most questions reach beyond their sources


def test_the_array_search_gives_dials_numbers(pure):
    rng = random.Random(7)
    for _ in range(300):
        rows = _graph(rng)
        n = len(rows)
        q = _question(rng, n)
        sources = q.pop("sources")
        seeds = q.pop("seeds", None)
        if seeds is not None:       # one cost a node: the cheapest
            costs = np.full(n, INF, dtype=np.int64)
            for s, c in seeds:
                costs[s] = min(costs[s], c)
            q["seeds"] = [(s, c) for s, c in enumerate(costs.tolist()) if c < INF]
            seeds = costs
        reference = dial(rows, sources, preds=True, **q)
        q.pop("seeds", None)
        if "blocked" in q:
            flags = np.zeros(n, dtype=np.uint8)
            flags[sorted(q["blocked"])] = 1
            q["blocked"] = flags
        if "bounds" in q:
            q["bounds"] = np.array(q["bounds"], dtype=np.int64)
        for on in (False, True):
            pure(on)
            d, p = dial_arrays(CostGraph(rows), sources, seeds=seeds, preds=True, **q)
            assert (d.tolist(), list(p)) == reference, (rows, sources, q, on)


def test_a_steiner_tree_is_the_same_with_the_kernel_and_without(pure):
    """On a 12 x 10 grid with double lines, as TransAmerica's scoring and bots solve them."""
    from mapkit.steiner import steiner_tree, tree_costs

    rng = random.Random(5)
    cols, nrows = 12, 10
    cost = {}
    rows = []
    for u in range(cols * nrows):
        x, y = u % cols, u // cols
        row = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
            if 0 <= x + dx < cols and 0 <= y + dy < nrows:
                v = (y + dy) * cols + x + dx
                w = cost.setdefault(frozenset((u, v)), rng.choice((0, 1, 1, 1, 2)))
                row.append((v, w))
        rows.append(tuple(row))
    terminals = [[3], [40], [77], [115], [59]]
    trees, costs = [], []
    for on in (False, True):
        pure(on)
        trees.append(steiner_tree(rows, terminals[:-1], root=[0, 1, 2], max_weight=2, blocked={50, 51}))
        costs.append(tree_costs(rows, terminals, max_weight=2))
    assert trees[0] == trees[1] and trees[0] is not None and costs[0] == costs[1]


def test_input_it_cannot_read_is_an_error_and_nothing_is_written():
    dist = [0, INF, INF]
    pred = [-1, -1, -1]
    for rows, kind in (([((1, 1),), "no pairs", ()], TypeError), ([((1, 1),), ((5, 1),), ()], IndexError),
                       ([((1, -1),), (), ()], ValueError)):
        with pytest.raises(kind):
            kernel.scan(rows, dist, pred, [0], [], None, 0, 3, None, None, None)
        assert dist == [0, INF, INF] and pred == [-1, -1, -1]
    with pytest.raises(TypeError, match="row 1"):
        kernel.csr([((1, 1),), "x"])
    g = CostGraph([((1, 1),), ((0, 1),)])
    with pytest.raises(ValueError, match="sizes"):
        kernel.scan_arrays(g.indptr, g.nbr, g.wt, np.zeros(3, dtype=np.int64), None, np.zeros(0, dtype=np.int64),
                           np.zeros(2, dtype=np.int64), None, 0, 2, None, None, None)
    with pytest.raises(TypeError, match="8 bytes"):
        kernel.scan_arrays(g.indptr, g.nbr, g.wt, np.zeros(2, dtype=np.int32), None, np.zeros(0, dtype=np.int64),
                           None, None, 0, 2, None, None, None)


class _Rows(dict):
    """Rows made when first asked for, as the bots' price caches are (a dict with __missing__)."""

    def __init__(self, graph):
        super().__init__()
        self.graph = graph
        self.made = 0

    def __missing__(self, u):
        self.made += 1
        r = self[u] = tuple(self.graph[u])
        return r


def _weighted(rng: random.Random):
    """Up to 40 nodes, costs whole or fractional (as fees weighted by 1.5 make them), labels."""
    n = rng.randint(1, 40)
    costs = (0, 1, 2, 3, 1.5, 2.25, 0.1)
    return [[(rng.randrange(n), rng.choice(costs), f"e{u}-{k}") for k in range(rng.randint(0, 5))] for u in range(n)]


def test_the_compiled_dijkstra_settles_as_the_python_loop(pure):
    """Every option of dijkstra, with costs whole and fractional and labels weighted into them:
    the same costs (ints where Python's are ints), paths, order of settling and the node found."""
    from mapkit.search import dijkstra

    rng = random.Random(11)
    for case in range(500):
        graph = _weighted(rng)
        n = len(graph)
        estimates = [rng.choice((0, 1, 2, 0.5)) for _ in range(n)]
        kw: dict = {}
        if rng.random() < 0.5:
            kw["heuristic"] = estimates.__getitem__ if rng.random() < 0.5 else (lambda v, e=estimates: e[v] * 2)
        if rng.random() < 0.4:
            kw["targets"] = frozenset(rng.sample(range(n), rng.randint(1, min(3, n))))
        if rng.random() < 0.2:
            kw["limit"] = rng.choice((3, 4.5))
        if rng.random() < 0.2:
            kw["eps"] = 0.01
        if rng.random() < 0.2:
            kw["max_expansions"] = rng.randint(0, 10)
        if rng.random() < 0.4:
            kw["tie"] = rng.choice((0, 1, rng.getrandbits(64), -5, 2**70 + 3))
        if rng.random() < 0.3:
            kw["settled_only"] = True
        if rng.random() < 0.3:      # the labels are numbers (fares), weighted into the cost
            kw["label_weight"] = rng.choice((1.0, 3, 0.5, 0, 0.0))
            graph = [[(v, c, rng.choice((0, 1, 2, 0.5))) for v, c, _ in row] for row in graph]
        sources = rng.sample(range(n), rng.randint(1, min(3, n)))
        answers = []
        for on in (False, True):
            pure(on)
            seen: list = []
            stop = (lambda u, d, seen=seen: seen.append((u, d)) or d > 5) if case % 3 == 0 else None
            how = case % 2
            rows = _Rows(graph)
            neighbours = rows.__getitem__ if how else (lambda u, g=graph: iter(g[u]))
            p = dijkstra(sources, neighbours, stop=stop, **kw)
            answers.append(([(k, v, type(v)) for k, v in p.dist.items()], p.prev, p.settled, p.found, seen))
        assert answers[0] == answers[1], (graph, sources, kw)


def test_the_python_loop_runs_where_the_kernel_does_not_apply():
    """Nodes that are not ints (the river tracer's and the snapper's), and costs it cannot add
    exactly: the Python loop answers."""
    from mapkit.search import dijkstra

    rows = {("a", 1): ((("b", 2), 1, "x"),), ("b", 2): ()}
    assert dijkstra([("a", 1)], rows.__getitem__).dist == {("a", 1): 0, ("b", 2): 1}
    from fractions import Fraction

    p = dijkstra([0], [((1, Fraction(1, 3), None),), ()].__getitem__)
    assert p.dist[1] == Fraction(1, 3)
    big = 2**40     # beyond the kernel's arrays by node; and nodes below 0
    assert dijkstra([big], {big: ((big + 1, 2, "x"),), big + 1: ()}.__getitem__).dist == {big: 0, big + 1: 2}
    assert dijkstra([-1], {-1: ((-2, 2, "x"),), -2: ()}.__getitem__).path(-2) == [-1, -2]


def test_a_search_started_inside_another_keeps_both_apart(pure):
    """A row function that runs a search of its own (the kernel keeps its arrays between
    searches, and one started inside another must not share them): the same answers as the
    Python loop."""
    from mapkit.search import dijkstra

    rng = random.Random(5)
    graph = _weighted(rng)
    while len(graph) < 10:
        graph = _weighted(rng)
    answers = []
    for on in (False, True):
        pure(on)
        inner: list = []

        def rows(u, inner=inner):
            inner.append(sorted(dijkstra([u], lambda x: iter(graph[x])).dist.items()))
            return graph[u]
        p = dijkstra([0, 3], rows, tie=9)
        answers.append((list(p.dist.items()), p.prev, p.settled, inner))
    assert answers[0] == answers[1]
    assert len(answers[1][3]) == len(answers[1][2]) > 1


def test_a_tie_key_chooses_among_equally_cheap_paths_alike_both_ways(pure):
    """A square grid 5 x 5, every step costing 1, from the north-west corner to the south-east
    one: the cheapest paths that start east and those that start south mirror each other
    across the diagonal. Without a key the search always keeps the same one (through the
    smaller ids); over 200 keys each side is taken about half the time (the figure of a fair
    coin: 100 +- 7), and the kernel finds what the Python loop finds."""
    from mapkit.search import dijkstra

    n = 5

    def at(x, y):
        return y * n + x
    rows = {}
    for y in range(n):
        for x in range(n):
            rows[at(x, y)] = tuple((at(x + dx, y + dy), 1, None) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                                   if 0 <= x + dx < n and 0 <= y + dy < n)
    start, corner = at(0, 0), at(4, 4)
    first = {dijkstra([start], rows.__getitem__).path(corner)[1] for _ in range(3)}
    assert len(first) == 1
    east = 0
    for key in range(200):
        paths = []
        for on in (False, True):
            pure(on)
            paths.append(dijkstra([start], rows.__getitem__, tie=key).path(corner))
        assert paths[0] == paths[1]
        assert len(paths[0]) == 9
        east += paths[0][1] == at(1, 0)
    assert 70 <= east <= 130, east


def _tolled(rng: random.Random):
    """TolledRows on a random graph of up to 30 nodes whose edges join two nodes each way, with
    pieces of up to 4 players on some edges, track at some nodes, tolls and a team."""
    from mapkit.tolled import TolledRows

    n = rng.randint(2, 30)
    pairs = {tuple(sorted(rng.sample(range(n), 2))) for _ in range(rng.randint(1, 3 * n))}
    edges = sorted(pairs)
    adjacency: list = [[] for _ in range(n)]
    for e, (a, b) in enumerate(edges):
        adjacency[a].append((b, e))
        adjacency[b].append((a, e))
    owners = [tuple(rng.sample(range(4), rng.choice((0, 0, 1, 1, 2)))) for _ in edges]
    owner_bits = [sum(1 << q for q in o) for o in owners]
    node_owners = [0] * n
    for (a, b), bits in zip(edges, owner_bits, strict=True):
        node_owners[a] |= bits
        node_owners[b] |= bits
    return TolledRows(adjacency=[tuple(row) for row in adjacency], cost=[rng.randint(1, 5) for _ in edges],
                      owners=owners, owner_bits=owner_bits, node_owners=node_owners,
                      edge_toll=[rng.choice((0, 2, 4)) for _ in edges],
                      node_toll=[rng.choice((0, 1)) for _ in range(n)],
                      us=rng.choice((1, 2, 3, 8)), weight=rng.choice((1.0, 1.5, 1, 2)))


def test_tolled_rows_made_in_the_kernel_are_the_python_rows(pure):
    """A search over TolledRows: the kernel makes the rows itself from the lists; the Python
    loop calls TolledRows.row. The same costs (ints where Python's are ints), paths and order."""
    from mapkit.search import dijkstra

    rng = random.Random(7)
    priced = 0
    for _ in range(400):
        rows = _tolled(rng)
        n = len(rows.adjacency)
        kw: dict = {"tie": rng.getrandbits(64)} if rng.random() < 0.5 else {}
        if rng.random() < 0.4:
            kw["targets"] = (rng.randrange(n),)
        if rng.random() < 0.3:
            kw["limit"] = rng.choice((4, 7.5))
        sources = rng.sample(range(n), rng.randint(1, 2))
        answers = []
        for on in (False, True):
            pure(on)
            p = dijkstra(sources, rows, **kw)
            answers.append(([(k, v, type(v)) for k, v in p.dist.items()], p.prev, p.settled, p.found))
        assert answers[0] == answers[1], (rows.adjacency, sources, kw)
        priced += any(type(v) is float for _, v, _ in answers[1][0])
    assert priced > 100         # most searches step next to track, where the rows are priced


def test_a_tolled_table_it_cannot_read_is_a_clear_error(pure):
    from mapkit.search import dijkstra
    from mapkit.tolled import TolledRows

    short = TolledRows(adjacency=[((1, 0),), ((0, 0),)], cost=[1], owners=[()], owner_bits=[0], node_owners=[0],
                       edge_toll=[0], node_toll=[0, 0], us=1, weight=1.0)
    with pytest.raises(IndexError):
        dijkstra([0], short)


def _fares(rng: random.Random):
    """TrackFares on random track of up to 30 nodes: pieces of up to 4 players, a few extra
    lines (ferries), a fare and a team."""
    from mapkit.tolled import TrackFares

    n = rng.randint(2, 30)
    track: dict = {}
    lines = [rng.randint(1, 4) for _ in range(rng.randint(0, 2))]
    pairs = sorted({tuple(sorted(rng.sample(range(n), 2))) for _ in range(rng.randint(1, 2 * n))})
    for e, (a, b) in enumerate(pairs):
        step = -1 - rng.randrange(len(lines)) if lines and rng.random() < 0.1 else e
        owners = tuple(rng.sample(range(4), rng.choice((1, 1, 2))))
        track.setdefault(a, []).append((b, step, owners))
        track.setdefault(b, []).append((a, step, owners))
    return TrackFares(track={h: tuple(r) for h, r in track.items()}, into=[rng.randint(1, 3) for _ in range(n)],
                      line_moves=lines, fare=rng.choice((0, 1, 2, 5)), us=rng.choice((0, 1, 2, 6)))


def test_track_fares_made_in_the_kernel_are_the_python_rows(pure):
    """Routes over TrackFares, movement alone or with the fares weighed in: the kernel makes the
    rows itself; the same costs, paths and order as the Python loop over TrackFares.row."""
    from mapkit.search import dijkstra

    rng = random.Random(3)
    paid = 0
    for _ in range(400):
        rows = _fares(rng)
        n = len(rows.into)
        kw: dict = {"label_weight": rng.choice((None, 1.0, 3.0, 100.0))}
        if rng.random() < 0.5:
            kw["targets"] = frozenset(rng.sample(range(n), rng.randint(1, 2)))
            kw["heuristic"] = [0 for _ in range(n)].__getitem__
        source = rng.randrange(n)
        answers = []
        for on in (False, True):
            pure(on)
            p = dijkstra([source], rows, **kw)
            answers.append(([(k, v, type(v)) for k, v in p.dist.items()], p.prev, p.settled, p.found))
        assert answers[0] == answers[1], (rows.track, kw)
        paid += any(step[1] for step in answers[1][1].values() if step)
    assert paid > 100           # most searches step on others' track


def test_the_kernel_walks_a_route_as_the_python_loop_does():
    """The movement, fares and free steps along a route (TrackFares.walk: a bot's sums of every
    route it weighs): the kernel's, from the track's lists, against the Python loop over the
    rows of TrackFares.row; routes along the track and across it (a step off the track adds
    nothing), from 0 to 12 nodes."""
    rng = random.Random(5)
    paid = free = 0
    for _ in range(400):
        rows = _fares(rng)
        n = len(rows.into)
        route = [rng.randrange(n)]
        for _ in range(rng.randint(-1, 11)):
            steps = rows.row(route[-1])
            route.append(rng.choice(steps)[0] if steps and rng.random() < 0.9 else rng.randrange(n))
        route = route if len(route) > 0 and rng.random() < 0.95 else []
        got = rows.walk(route)
        assert got == rows.walk(route, {h: rows.row(h) for h in range(n)}), (rows.track, route)
        assert all(type(x) is int for x in got)
        paid += got[1] > 0
        free += got[2] > 0
    assert paid > 100 and free > 100


def test_the_kernel_lowers_fares_as_the_python_loop_does(monkeypatch):
    """The least fares from a network (TrackFares.lower), found from nothing and brought up to
    date after more pieces: the kernel's against the Python loop's, and both against the fares
    found afresh on the grown track (an independent check of the lowering)."""
    import mapkit.tolled as tolled
    from mapkit.tolled import TrackFares

    def lowered(rows, least, seeds, free, compiled: bool) -> dict:
        out = dict(least)
        with monkeypatch.context() as m:
            if not compiled:
                m.setattr(tolled, "KERNEL", None)
            rows.lower(out, seeds, free)
        return out

    rng = random.Random(7)
    for _ in range(300):
        rows = _fares(rng)
        n = len(rows.into)
        free = set(rng.sample(range(n), rng.randint(1, min(3, n))))
        first = [lowered(rows, {}, free, free, on) for on in (False, True)]
        assert first[0] == first[1], (rows.track, free)
        # more pieces: new steps from random nodes, and the network grown by a node
        grown = {h: list(r) for h, r in rows.track.items()}
        ends: set = set()
        for _ in range(rng.randint(1, 4)):
            a, b = rng.sample(range(n), 2)
            owners = (rng.randrange(4),)
            grown.setdefault(a, []).append((b, 10_000 + a, owners))
            grown.setdefault(b, []).append((a, 10_000 + a, owners))
            ends |= {a, b}
        more = TrackFares(track={h: tuple(r) for h, r in grown.items()}, into=rows.into,
                          line_moves=rows.line_moves, fare=rows.fare, us=rows.us)
        new_free = free | {rng.randrange(n)}
        seeds = (new_free - free) | ends
        again = [lowered(more, first[0], seeds, new_free, on) for on in (False, True)]
        afresh = lowered(more, {}, new_free, new_free, False)
        assert again[0] == again[1] == afresh, (grown, free, new_free)


def test_a_route_of_fares_too_large_for_the_kernel_is_walked_by_the_python_loop():
    from mapkit.tolled import TrackFares

    track = {0: ((1, 0, (2,)),), 1: ((0, 0, (2,)), (2, 1, (2**70,))), 2: ((1, 1, (2**70,)),)}
    fares = TrackFares(track=track, into=[1, 2, 3], line_moves=[], fare=2**65, us=1)
    assert fares.walk([0, 1, 2]) == (5, 2 * 2**65, 0)      # two fares, each of 2**65
    assert fares.walk([2, 1, 0, 5]) == (3, 2 * 2**65, 0)   # 5 is not on the track: nothing added
    # sums past 64 bits, and a movement a double does not hold exactly
    big = TrackFares(track=track, into=[1, 2**62, 2**62], line_moves=[], fare=2**62, us=1)
    assert big.walk([0, 1, 2]) == (2**63, 2**63, 0)
    odd = TrackFares(track=track, into=[1, 2**53 + 1, 3], line_moves=[], fare=1, us=1)
    assert odd.walk([0, 1]) == (2**53 + 1, 1, 0)


def test_tolls_too_large_for_the_kernel_are_searched_by_the_python_loop():
    """Owners as bits of players beyond 63 and tolls beyond 64 bits: Python's ints hold them, the
    kernel's do not, so the Python loop answers (the same answer as its own)."""
    from mapkit.search import dijkstra
    from mapkit.tolled import TolledRows

    huge = 1 << 70
    rows = TolledRows(adjacency=[((1, 0),), ((0, 0), (2, 1)), ((1, 1),)], cost=[1, 2], owners=[(), (70,)],
                      owner_bits=[0, huge], node_owners=[0, huge, huge], edge_toll=[0, 2**65], node_toll=[1, 1, 1],
                      us=1, weight=1)
    assert dijkstra([0], rows, targets=(2,)).dist[2] == 1 + 1 + 2 + 2**65
    from mapkit.tolled import TrackFares

    fares = TrackFares(track={0: ((1, 0, (2**70,)),), 1: ((0, 0, (2**70,)),)}, into=[1, 1], line_moves=[], fare=3,
                       us=1)
    assert dijkstra([0], fares, label_weight=1.0).dist[1] == 4.0       # a fare to player 2**70
