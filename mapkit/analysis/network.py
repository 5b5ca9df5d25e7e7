"""Networks over the whole board: where cheapest city-to-city paths run, and what it costs to
connect the cities.

* :func:`path_heat`: for every hex (and every city), how many cheapest paths between two
  *other* cities run through it. When a pair has several equally cheap paths each counts
  with its share (Brandes' betweenness restricted to city pairs, from networkx's
  ``betweenness_centrality_subset``); each unordered pair counts once for symmetric
  metrics, each ordered pair for ``travel``.
* :func:`steiner_network`: a cheap network connecting all cities (build costs): the cheaper
  of two approximations of the Steiner tree, each at most ``2 (1 - 1/t)`` times the optimum
  for ``t`` cities: *Mehlhorn's* (networkx ``steiner_tree(method="mehlhorn")``) and the
  *shortest-path heuristic* of Takahashi and Matsuyama (grow the network from the first
  city, each time adding the cheapest path to the nearest city not yet joined), which
  often finds junctions away from the cities that Mehlhorn's misses.
* :func:`nearest_cities`: for each possible start city, its nearest 5 cities by build cost,
  the sum of those costs, and the cost of one network joining the start with all five (the
  minimum spanning tree of their cheapest-path costs, the metric closure: at most twice the
  optimum network, and never more than the sum).

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 5, 1), cities=[
...     City("A", H("A1"), (11,)), City("C", H("C1"), (12,)), City("E", H("E1"), (13,))])
>>> hexes, cities = path_heat(m, "build")
>>> {str(h): v for h, v in sorted(hexes.items())}   # A-C via B1; A-E via B1 C1 D1; C-E via D1
{'B1': 2.0, 'C1': 1.0, 'D1': 2.0}
>>> cities
{'A': 0.0, 'C': 1.0, 'E': 0.0}
>>> steiner_network(m)["cost"]
4
"""

from __future__ import annotations

from ..grid import Hex
from ..model import Map
from .cells import INF, Board
from .costs import CostModel
from .distances import SYMMETRIC, CityTable, city_table
from .search import path_to, search_from

__all__ = ["board_graph", "path_heat", "steiner_network", "shortest_path_heuristic",
           "nearest_cities", "closure_mst_cost", "heat_by_name", "STEINER_METHOD"]

STEINER_METHOD = "mehlhorn"


def board_graph(board: Board, metric: str):
    """A networkx graph of the board: hexes as nodes, open steps as weighted edges
    (a DiGraph for the non-symmetric ``travel``)."""
    import networkx as nx

    directed = metric not in SYMMETRIC
    G = nx.DiGraph() if directed else nx.Graph()
    adj = board.adjacency(metric)
    for c in board.hex_cells:
        if board.passable[c]:
            G.add_node(board.hex(c))
    for c in board.hex_cells:
        h = board.hex(c) if board.passable[c] else None
        if h is None:
            continue
        for n, w in adj[c]:
            if directed or c < n:
                G.add_edge(h, board.hex(n), weight=w)
    return G


def path_heat(m: Map, metric: str = "build", board: Board | None = None, costs: CostModel | None = None):
    """``(hex -> paths through it, city name -> paths through it)``, cheapest city-to-city paths.

    Only hexes with a non-zero count are in the first dict; every city is in the second.
    """
    import networkx as nx

    board = board or Board(m, costs=costs)
    G = board_graph(board, metric)
    cities = [c.hex for c in m.cities if c.hex in G]
    got = nx.betweenness_centrality_subset(G, cities, cities, normalized=False, weight="weight")
    hexes = {h: float(v) for h, v in got.items() if v > 1e-12}
    per_city = {c.name: float(got.get(c.hex, 0.0)) for c in m.cities}
    return hexes, per_city


def steiner_network(m: Map, board: Board | None = None, costs: CostModel | None = None,
                    cities=None) -> dict:
    """A cheap network joining all cities on build costs (Mehlhorn's Steiner approximation).

    ``cities``: the cities to join (default: all the map's). Cities that cannot reach each
    other are joined group by group; ``groups`` says how many.
    Returns ``{"method", "cost", "pieces", "edges": [(Hex, Hex)...], "groups"}``.
    """
    import networkx as nx
    from networkx.algorithms.approximation import steiner_tree

    board = board or Board(m, costs=costs)
    G = board_graph(board, "build")
    terminals = [c.hex for c in (m.cities if cities is None else cities) if c.hex in G]
    edges = []
    cost = 0
    groups = 0
    for comp in nx.connected_components(G):
        ts = [t for t in terminals if t in comp]
        if not ts:
            continue
        groups += 1
        if len(ts) < 2:
            continue
        T = steiner_tree(G.subgraph(comp), ts, weight="weight", method=STEINER_METHOD)
        for a, b, w in T.edges(data="weight"):
            edges.append((a, b) if a <= b else (b, a))
            cost += w
    edges.sort()
    sp_cost, sp_edges = shortest_path_heuristic(board, terminals)
    if sp_cost < cost:
        return {"method": "shortest-path heuristic (Takahashi-Matsuyama; at most 2(1-1/t) x optimum; "
                          "cheaper here than Mehlhorn's " + str(cost) + ")",
                "cost": sp_cost, "pieces": len(sp_edges), "edges": sp_edges, "groups": groups}
    return {"method": f"{STEINER_METHOD} (networkx steiner_tree; at most 2(1-1/t) x optimum)",
            "cost": cost, "pieces": len(edges), "edges": edges, "groups": groups}


def shortest_path_heuristic(board: Board, terminals) -> tuple[int, list]:
    """Takahashi-Matsuyama: ``(cost, sorted edges)`` of a network joining ``terminals``.

    Start at the first terminal; repeatedly search from the whole network at once to the
    nearest terminal not yet joined and add that cheapest path. Terminals that cannot be
    reached start a network of their own.
    """
    cells = [board.cell(t) for t in terminals]
    left = dict.fromkeys(c for c in cells if c >= 0 and board.passable[c])
    adj = board.adjacency("build")
    edges: set = set()
    cost = 0
    while left:
        tree = {next(iter(left))}
        del left[next(iter(tree))]
        while left:
            dist, pred = search_from(board, sorted(tree), "build", targets=list(left),
                                     preds=True, first=True)
            t = min(left, key=lambda c: (dist[c], c))
            if dist[t] == INF:
                break  # the rest lie in other groups
            path = path_to(pred, t, dist)
            for a, b in zip(path, path[1:], strict=False):
                e = (a, b) if a < b else (b, a)
                if e not in edges:
                    edges.add(e)
                    cost += dict(adj[a])[b]
            for c in path:
                tree.add(c)
                left.pop(c, None)
    hexes = sorted((board.hex(a), board.hex(b)) for a, b in edges)
    return cost, sorted((a, b) if a <= b else (b, a) for a, b in hexes)


def closure_mst_cost(nodes: list[int], dist) -> int | None:
    """Cost of the minimum spanning tree of ``nodes`` under ``dist(i, j)`` (Prim); None if
    some node cannot be reached.

    >>> closure_mst_cost([0, 1, 2], lambda i, j: abs(i - j) * 3)
    6
    """
    if not nodes:
        return 0
    inside = {nodes[0]}
    best = {n: dist(nodes[0], n) for n in nodes[1:]}
    total = 0
    while best:
        n = min(best, key=lambda k: (float("inf") if best[k] is None else best[k], k))
        if best[n] is None:
            return None
        total += best.pop(n)
        inside.add(n)
        for k in best:
            d = dist(n, k)
            if d is not None and (best[k] is None or d < best[k]):
                best[k] = d
    return total


def nearest_cities(m: Map, table: CityTable | None = None, k: int = 5, starts=None) -> list[dict]:
    """For each start city (``starts``, else the map's start cities, else every city with race
    numbers: a city without numbers, such as a special-race target abroad, is never a start):
    the ``k`` nearest cities by build cost (ties by table order), their costs, the sum, and the
    cost of one network joining them with the start (closure MST)."""
    table = table or city_table(m, "build")
    if table.metric != "build":
        raise ValueError("nearest cities are measured by build cost")
    names = [c.name for c in table.cities]
    if starts is None:
        starts = m.rules.start_cities or [c.name for c in table.cities if c.numbers] or names
    out = []
    for name in starts:
        i = names.index(name)
        row = table.matrix[i]
        near = sorted((d, j) for j in range(len(names)) if j != i and (d := row[j]) is not None)[:k]
        js = [j for _, j in near]
        network = closure_mst_cost([i] + js, lambda a, b: table.matrix[a][b])
        out.append({"city": name, "nearest": [names[j] for j in js], "costs": [d for d, _ in near],
                    "sum": sum(d for d, _ in near), "network": network})
    return out


def heat_by_name(hexes: dict[Hex, float]) -> dict[str, float]:
    from ..grid import hex_name

    return {hex_name(h): round(v, 4) for h, v in sorted(hexes.items())}
