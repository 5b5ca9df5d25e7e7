"""The exact Steiner tree (mapkit.steiner) against an independent brute force.

The brute force tries every set of edges of a small random graph, keeps those in which one
connected piece touches every terminal (a terminal is a set of nodes, as a player's network
or "any seat"), and takes the cheapest: no shortest paths, no dynamic programme. Boards are
random subgraphs of small hex grids with the TransAmerica costs 0 (track already built),
1 (single line) and 2 (double line), and random graphs with costs 0..3.
"""

from __future__ import annotations

import itertools
import random

import pytest

from mapkit.search import INF
from mapkit.steiner import steiner_tree, tree_costs


def _adjacency(n, edges):
    adj = [[] for _ in range(n)]
    for (a, b), w in edges.items():
        adj[a].append((b, w))
        adj[b].append((a, w))
    return [tuple(r) for r in adj]


def _joined(n, chosen, groups):
    """Whether one connected piece of the edge set ``chosen`` touches every group."""
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in chosen:
        parent[find(a)] = find(b)
    nodes = {x for e in chosen for x in e}
    candidates = {find(x) for x in nodes} | {find(x) for g in groups for x in g}
    return any(all(any(find(x) == root for x in g) for g in groups) for root in candidates)


def brute_force(n, edges, groups):
    """The cheapest edge set joining every group (INF when none does)."""
    best = INF
    items = list(edges.items())
    for k in range(len(items) + 1):
        for combo in itertools.combinations(items, k):
            cost = sum(w for _, w in combo)
            if cost < best and _joined(n, [e for e, _ in combo], groups):
                best = cost
    return best


def hex_board(rng, cols, rows, keep=0.85):
    """A random part of a small pointy hex grid, costs 0, 1 or 2 (built, single, double)."""
    from mapkit.grid import Grid

    g = Grid("pointy", "odd", cols, rows)
    edges = {}
    for a, b in g.edges():
        if rng.random() < keep:
            edges[(g.index(a), g.index(b))] = rng.choice((0, 1, 1, 1, 2, 2))
    return len(g), edges


def random_graph(rng, n, m):
    pairs = list(itertools.combinations(range(n), 2))
    rng.shuffle(pairs)
    return n, {p: rng.randint(0, 3) for p in pairs[:m]}


def _groups(rng, n, k):
    """``k`` terminals: mostly single nodes, sometimes a set of two or three (a network)."""
    out = []
    for _ in range(k):
        size = rng.choice((1, 1, 1, 2, 3))
        out.append(rng.sample(range(n), size))
    return out


def _check_tree(n, edges, groups, tree):
    """The returned tree is made of the graph's edges, costs what it says and joins the groups."""
    cost = 0
    for a, b in tree.edges:
        w = edges.get((a, b), edges.get((b, a)))
        assert w is not None, (a, b)
        cost += w
    assert cost == tree.cost
    assert _joined(n, list(tree.edges), groups) or (not tree.edges and all(
        set(g) & tree.nodes for g in groups))


CASES = [("hex", s) for s in range(70)] + [("random", s) for s in range(50)]


@pytest.mark.parametrize("kind,seed", CASES)
def test_steiner_tree_matches_brute_force(kind, seed):
    rng = random.Random(f"steiner:{kind}:{seed}")
    if kind == "hex":
        n, edges = hex_board(rng, rng.choice((3, 4)), 3)
        while len(edges) > 12:          # keep the brute force small: 2^12 edge sets
            edges.pop(rng.choice(sorted(edges)))
    else:
        n, edges = random_graph(rng, rng.randint(4, 8), rng.randint(4, 11))
    groups = _groups(rng, n, rng.randint(2, 5))
    truth = brute_force(n, edges, groups)
    adj = _adjacency(n, edges)
    tree = steiner_tree(adj, groups[:-1], root=groups[-1])
    if truth == INF:
        assert tree is None
        return
    assert tree is not None and tree.cost == truth
    _check_tree(n, edges, groups, tree)
    # the same answer whichever terminal is the root, and with a limit at the answer
    assert steiner_tree(adj, groups[1:], root=groups[0]).cost == truth
    assert steiner_tree(adj, groups, limit=truth).cost == truth
    if truth > 0:
        assert steiner_tree(adj, groups, limit=truth - 1) is None


@pytest.mark.parametrize("seed", range(25))
def test_tree_costs_match_brute_force(seed):
    rng = random.Random(f"tree-costs:{seed}")
    n, edges = random_graph(rng, rng.randint(4, 7), rng.randint(4, 10))
    groups = [[x] for x in rng.sample(range(n), rng.randint(1, 3))]
    costs = tree_costs(_adjacency(n, edges), groups)
    for v in range(n):
        assert costs[v] == brute_force(n, edges, groups + [[v]]), v


def test_blocked_nodes_are_never_entered():
    # a path 0-1-2 and a dear detour 0-3-4-2: blocking 1 forces the detour
    edges = {(0, 1): 1, (1, 2): 1, (0, 3): 2, (3, 4): 2, (4, 2): 2}
    adj = _adjacency(5, edges)
    assert steiner_tree(adj, [[0], [2]]).cost == 2
    tree = steiner_tree(adj, [[0], [2]], blocked={1})
    assert tree.cost == 6 and 1 not in tree.nodes
    assert steiner_tree(adj, [[0], [1]], blocked={1}) is None


def test_built_track_costs_nothing_and_joins_a_network():
    # a network {0, 1, 2} joined by built track (cost 0) reaches city 5 through 2
    edges = {(0, 1): 0, (1, 2): 0, (2, 5): 1, (0, 3): 1, (3, 4): 1, (4, 5): 1}
    tree = steiner_tree(_adjacency(6, edges), [[5]], root=[0])
    assert tree.cost == 1 and (2, 5) in tree.edges
