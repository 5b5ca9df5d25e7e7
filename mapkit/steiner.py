"""Steiner trees: the cheapest network that joins a few terminals, exactly.

A TransAmerica round is scored by the *cheapest completion* of each player's network: the
fewest track pieces (a double line counts 2, track already on the board 0) that would join his
network to his unconnected cities. That is the Steiner tree problem with a handful of
terminals on a graph of small whole costs, solved exactly here by the Dreyfus-Wagner dynamic
programme in the form of Erickson, Monma and Veinott:

* ``cost[S][v]`` -- the cheapest tree that joins the terminals of the set ``S`` and the node
  ``v``. For one terminal it is the distance from it (a search from all its nodes);
* for a larger ``S``, first the best *merge* at ``v`` of two trees for a split of ``S``
  (``cost[A][v] + cost[S - A][v]``, vectorised over all nodes with numpy), then a
  shortest-path search that starts every node at its merged cost (:func:`mapkit.search.dial`
  with ``seeds``): a tree for ``S`` ending at ``v`` is a tree for ``S`` at some ``u`` plus the
  path from ``u`` to ``v``.

With ``k`` terminals besides a root it does ``2^k`` searches and ``3^k`` vector merges, so it
is meant for ``k`` up to about 8 (TransAmerica: 5 cities and a network). A terminal is a *set*
of nodes, joined when the tree touches any of them (a player's whole network; "any seat").
``limit``, an upper bound of the answer (the cost of a known tree), keeps the searches from
going farther than a tree could.

:func:`steiner_tree` gives the tree (its cost, nodes and edges); :func:`tree_costs` gives, for
every node ``v``, the cost of the cheapest tree that joins all terminals *and* ``v`` (where a
TransAmerica start marker is cheapest).

>>> adj = [((1, 1), (3, 1)), ((0, 1), (2, 1), (4, 2)), ((1, 1), (5, 1)),
...        ((0, 1), (4, 1)), ((3, 1), (5, 1), (1, 2)), ((2, 1), (4, 1))]   # a 2 x 3 ladder
>>> t = steiner_tree(adj, [[0], [2], [4]])
>>> t.cost, sorted(t.edges)
(4, [(0, 3), (2, 5), (3, 4), (4, 5)])
>>> steiner_tree(adj, [[0], [5]], root=[2, 3]).cost   # touching 2 or 3 is enough: 0-3, 3-4-5
3
>>> tree_costs(adj, [[0], [2]])[4]    # a tree through 0, 2 and 4 costs 4
4
"""

from __future__ import annotations

from dataclasses import dataclass

from .search import INF, CostGraph, dial_arrays

__all__ = ["SteinerTree", "steiner_tree", "tree_costs", "MAX_TERMINALS"]

# More terminals than this would take 3^k merges: a sign of a caller's mistake.
MAX_TERMINALS = 12


@dataclass(frozen=True)
class SteinerTree:
    """``cost``: the sum of the edges' costs; ``edges``: ``(u, v)`` pairs with ``u < v``;
    ``nodes``: every node of the tree (a lone terminal node when it has no edge)."""

    cost: int
    edges: frozenset
    nodes: frozenset


class _Programme:
    """The dynamic programme over subsets of the non-root terminals (see the module notes)."""

    def __init__(self, adjacency, terminals, limit, max_weight, blocked):
        import numpy as np

        self.np = np
        self.graph = CostGraph(adjacency, max_weight)
        self.n = len(adjacency)
        self.terms = [sorted(set(t)) for t in terminals]
        if len(self.terms) > MAX_TERMINALS:
            raise ValueError(f"{len(self.terms)} terminals: at most {MAX_TERMINALS}")
        self.limit = INF if limit is None else int(limit)
        self.blocked = None
        if blocked:
            self.blocked = np.zeros(self.n, dtype=np.uint8)
            self.blocked[[v for v in blocked if 0 <= v < self.n]] = 1
        self.cost: dict = {}        # subset mask -> numpy array of costs by node
        self.pred: dict = {}        # subset mask -> numpy array: the node before v on the last path
        self.split: dict = {}       # subset mask -> [splits]: the subsets A of a merge A + (S - A)

    def _search(self, sources=(), seeds=None, targets=None, bounds=None):
        return dial_arrays(self.graph, list(sources), seeds=seeds, preds=True, limit=self.limit,
                           blocked=self.blocked, targets=targets, first=targets is not None, bounds=bounds)

    def run(self, full_mask: int, root=None) -> bool:
        """Fill the table up to ``full_mask``; False when some terminal cannot be joined.

        With a ``root`` (node collection) the answer is wanted there only: the bound ``limit``
        is lowered to the cost of a spanning tree of the terminals over their distances (a
        network that joins them all), and a subtree for ``S`` ending at ``v`` is pruned when its
        cost plus ``v``'s distance to the farthest terminal outside ``S`` exceeds the bound.
        """
        np = self.np
        k = len(self.terms)
        big = np.int64(INF)
        dist = []
        for i in range(k):
            self.cost[1 << i], self.pred[1 << i] = self._search(self.terms[i])
            dist.append(self.cost[1 << i])
        if root is not None:
            bound = _greedy_bound(dist, [self.pred[1 << i] for i in range(k)], root)
            if bound >= INF:
                return False
            self.limit = min(self.limit, bound)
            dist.append(self._search(root)[0])
        buf = np.empty(((1 << max(k - 1, 0)), self.n), dtype=np.int64)     # room for the most splits
        for mask in sorted(range(1, full_mask + 1), key=lambda m: (bin(m).count("1"), m)):
            if mask & (mask - 1) == 0 or mask & full_mask != mask:
                continue
            low = mask & -mask
            splits = []
            a = (mask - 1) & mask
            while a:
                if a & low:
                    splits.append(a)
                a = (a - 1) & mask
            # the best merge at each node (which split gives it is asked for by tree(), for the
            # few nodes of the answer only)
            sums = buf[:len(splits)]
            for j, a in enumerate(splits):
                np.add(self.cost[a], self.cost[mask ^ a], out=sums[j])
            merged = np.minimum(sums.min(axis=0), big)
            bounds = None
            if root is not None:
                rest = [dist[i] for i in range(k) if not mask >> i & 1] + [dist[k]]
                caps = self.limit - np.maximum.reduce(rest)
                seeds = np.where(merged <= caps, merged, big)
                bounds = caps
            else:
                seeds = np.where(merged <= self.limit, merged, big)
            self.cost[mask], self.pred[mask] = self._search(seeds=seeds, bounds=bounds,
                                                            targets=root if mask == full_mask else None)
            self.split[mask] = splits
        return True

    def best_split(self, mask: int, v: int) -> int:
        """The subset ``A`` whose merge ``cost[A][v] + cost[mask - A][v]`` (at most INF) is the
        least at node ``v``; the first such in the order of the splits."""
        best = None
        for a in self.split[mask]:
            x = min(int(self.cost[a][v]) + int(self.cost[mask ^ a][v]), INF)
            if best is None or x < best[0]:
                best = (x, a)
        assert best is not None
        return best[1]

    def tree(self, mask: int, v: int, edges: set, nodes: set) -> None:
        """Add the edges of the tree behind ``cost[mask][v]``."""
        stack = [(mask, v)]
        while stack:
            mask, v = stack.pop()
            pred = self.pred[mask]
            while pred[v] != -1:
                u = int(pred[v])
                edges.add((u, v) if u < v else (v, u))
                nodes.add(v)
                v = u
            nodes.add(v)
            if mask & (mask - 1):
                a = self.best_split(mask, v)
                stack.append((a, v))
                stack.append((mask ^ a, v))


def _greedy_bound(dist, preds, root) -> int:
    """The cost of a tree grown from one root node by the shortest paths of the terminals'
    searches (each time the terminal nearest to the tree so far): a network that joins them
    all, so the Steiner tree costs no more. (Terminals are sets of nodes that need not hang
    together, so distances between them alone would not bound it.)"""
    import numpy as np

    # a root node that every terminal reaches (a tree through the root holds one)
    start = min(root, key=lambda v: (sum(min(int(d[v]), INF) for d in dist), v))
    tree = [start]
    left = list(range(len(dist)))
    total = 0
    while left:
        idx = np.asarray(tree, dtype=np.int64)
        near = {i: int(dist[i][idx].argmin()) for i in left}
        i = min(left, key=lambda x: (int(dist[x][idx[near[x]]]), x))
        v = tree[near[i]]
        if dist[i][v] >= INF:
            return INF
        total += int(dist[i][v])
        left.remove(i)
        pred = preds[i]
        while pred[v] != -1:
            v = int(pred[v])
            tree.append(v)
    return total


def _max_weight(adjacency) -> int:
    return max((w for row in adjacency for _, w in row), default=0)


def steiner_tree(adjacency, terminals, *, root=None, limit: int | None = None, max_weight: int | None = None,
                 blocked=None):
    """The cheapest tree joining every terminal (and ``root``), or None when none exists.

    ``adjacency[u]``: tuple of ``(v, cost)``, whole costs >= 0, both directions listed.
    ``terminals``: node collections; the tree touches at least one node of each. ``root``: one
    more terminal (a node collection), where the last search stops. ``limit``: an upper bound of
    the cost (None: none); a tree dearer than it is not found (None is returned).
    ``blocked``: nodes no tree may enter (terminal nodes among them are not used either).
    """
    terms = [list(t) for t in terminals]
    if root is not None:
        terms.append(list(root))
    if blocked:
        terms = [[x for x in t if x not in blocked] for t in terms]
    if any(not t for t in terms):
        return None
    if not terms:
        return SteinerTree(0, frozenset(), frozenset())
    if max_weight is None:
        max_weight = _max_weight(adjacency)
    last = terms.pop()
    if not terms:       # one terminal: a node of it, no edge
        return SteinerTree(0, frozenset(), frozenset([min(last)]))
    prog = _Programme(adjacency, terms, limit, max_weight, blocked)
    full = (1 << len(terms)) - 1
    if not prog.run(full, root=last):
        return None
    costs = prog.cost[full]
    end = min(last, key=lambda v: (int(costs[v]), v))
    if costs[end] >= INF or costs[end] > prog.limit:
        return None
    edges: set = set()
    nodes: set = set()
    prog.tree(full, end, edges, nodes)
    return SteinerTree(int(costs[end]), frozenset(edges), frozenset(nodes))


def tree_costs(adjacency, terminals, *, limit: int | None = None, max_weight: int | None = None, blocked=None):
    """Per node ``v``: the cost of the cheapest tree joining every terminal and ``v``
    (:data:`mapkit.search.INF` where there is none, or where it would cost over ``limit``)."""
    terms = [list(t) for t in terminals]
    if blocked:
        terms = [[x for x in t if x not in blocked] for t in terms]
    n = len(adjacency)
    if any(not t for t in terms):
        return [INF] * n
    if not terms:
        return [0] * n
    if max_weight is None:
        max_weight = _max_weight(adjacency)
    prog = _Programme(adjacency, terms, limit, max_weight, blocked)
    full = (1 << len(terms)) - 1
    prog.run(full)
    return [int(x) if x <= prog.limit else INF for x in prog.cost[full].tolist()]
