"""A board's size in the units of a game's pieces: what joining its cities costs.

The game families judge whether a board suits a rule set (``GameFamily.fit_issues``, W214 and
W215 of ``mapkit validate --rules``) from these figures and the rule set's own numbers:

* :func:`network_cost`: the build cost of a cheap network joining every numbered city (the
  shortest-path heuristic of :mod:`mapkit.analysis.network`, at most ``2 (1 - 1/t)`` times the
  cheapest): the least the Dampfross family's building phase, which ends when every city is
  joined, has to build;
* :func:`short_race_share`: the chance that a race drawn with the dice (as
  :func:`mapkit.analysis.stats.draw_weights` draws it) joins two cities under a given number
  of steps apart, among the races whose cities track can join at all: the races a board's
  size forbids (under the table rule), or lets run only over a detour of track;
* :func:`hand_network_mean`: over every hand of one city from each group (TransAmerica: one
  card of each colour), the mean cost of the cheapest tree joining the hand's cities through
  their pairwise cheapest paths (the minimum spanning tree of the metric closure: never below
  the cheapest network, at most twice it; on 150 random hands of ``czechia`` and of ``usa``
  5 % above the exact Steiner tree of :mod:`mapkit.steiner` on average, 21 % at most), on a
  board of given piece costs.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 5, 1), terrain={H("C1"): "mountain"},
...         cities=[City("A", H("A1"), (11,)), City("E", H("E1"), (12,))])
>>> network_cost(m)        # A1-B1 1, B1-C1 3 (into the mountains), C1-D1 3, D1-E1 1
8
>>> short_race_share(m, 4), short_race_share(m, 5)     # A and E are 4 steps apart
(0.0, 1.0)
>>> # a path 0 - 1 - 2 - 3 of costs 1, 2, 1: hands {0 or 3} x {1} x {2}
>>> adj = [((1, 1),), ((0, 1), (2, 2)), ((1, 2), (3, 1)), ((2, 1),)]
>>> hand_network_mean(adj, [[0, 3], [1], [2]])   # {0,1,2}: 1 + 2; {3,1,2}: 1 + 2
3.0
"""

from __future__ import annotations

from itertools import product

from ..model import Map

__all__ = ["network_cost", "short_race_share", "hand_network_mean"]


def network_cost(m: Map) -> int:
    """Build cost of a cheap network joining every numbered city of ``m`` (cities that cannot
    reach each other are joined group by group)."""
    from .cells import Board
    from .network import shortest_path_heuristic

    board = Board(m)
    cost, _ = shortest_path_heuristic(board, [c.hex for c in m.cities if c.numbers and c.hex in m.grid])
    return cost


def short_race_share(m: Map, limit: int, table=None) -> float | None:
    """The chance that a drawn race joins cities fewer than ``limit`` steps apart, among the
    drawn races whose cities can reach each other (None: there are none). ``table``: the map's
    steps table (:func:`~mapkit.analysis.distances.city_table`), to share it."""
    from .distances import city_table
    from .stats import draw_weights

    table = table or city_table(m, "steps")
    row = table.by_number()
    short = total = 0
    for a, targets in draw_weights(m.used_numbers()).items():
        for b, w in targets.items():
            d = table.matrix[row[a]][row[b]]
            if d is not None:
                total += w
                short += w * (d < limit)
    return short / total if total else None


def hand_network_mean(adjacency, groups) -> float | None:
    """The mean over every hand (one node of each of ``groups``) of the closure-MST cost
    joining the hand, on ``adjacency`` (``adjacency[u]``: ``((v, cost), ...)``, whole costs);
    None when some hand cannot be joined."""
    from ..search import INF, dial
    from .network import closure_mst_cost

    nodes = sorted({n for g in groups for n in g})
    at = {n: i for i, n in enumerate(nodes)}
    dist = []
    for n in nodes:
        d = dial(adjacency, [n], targets=nodes)
        dist.append([None if d[k] == INF else d[k] for k in nodes])
    total = count = 0
    for hand in product(*([at[n] for n in g] for g in groups)):
        cost = closure_mst_cost(list(hand), lambda a, b: dist[a][b])
        if cost is None:
            return None
        total += cost
        count += 1
    return total / count if count else None
