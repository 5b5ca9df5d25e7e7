"""Path planning on the engine's board for bots and for human players' suggestions.

Every search here is one of :mod:`mapkit.search` (the project's one module of shortest
paths), on the compiled board (hex ids and edge ids), deterministic (ties broken by hex id):

* :func:`extension` -- the cheapest way to extend a player's network *now*: Dijkstra from all
  of the player's hexes at once, where a piece costs its build cost plus ``money_weight``
  times the fees it would pay today (joining/crossing at its far end, parallel to foreign
  pieces: the engine's ``quote`` rule, as the tolls of :class:`~mapkit.tolled.TolledRows`, whose
  rows the compiled kernel makes itself), and his own pieces cost nothing. With ``target`` it
  is A* toward one hex, guided by the empty board's build cost to it (a lower bound: fees
  only add), which settles a narrow corridor instead of a disk. :func:`pieces_to` reads the
  new pieces off it.
* :func:`network_nearest` -- the empty board's build cost from a player's network to each
  city (a lower bound of the extension's cost), brought up to date as the network grows.
* :class:`BoardTables` -- per board and rules, computed once and shared: piece costs,
  movement costs, city hexes, and the empty-board build cost from every city to every hex
  (Dial's search per city on small boards; numpy's batch search on large ones).

The searches over built track (race routes, fares) are in :mod:`.routes`. The searches read
the state's public data and never change it; what they keep between decisions is kept beside
the track (:mod:`.kept`).

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> m = Map(Grid("pointy", "odd", 6, 1), terrain={H("C1"): "mountain"},
...         cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("F1"), (12,))])
>>> g = new_game(m, "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> g.apply({"type": "start", "city": "Aš"})
>>> s = extension(g, 0)
>>> s.cost(g.board.hex_id("F1"))              # 1 + 3 + 3 + 1 + 1: the mountain C1 costs 3 twice
9
>>> [g.board.edge_name(e) for e in pieces_to(s, g.board.hex_id("D1"))]
['A1/B1', 'B1/C1', 'C1/D1']
>>> extension(g, 0, target=g.board.hex_id("F1")).cost(g.board.hex_id("F1"))   # A*: the same cost
9
"""

from __future__ import annotations

import math
import weakref

from .....search import COMPILED, dial, dial_batch, dijkstra
from .....search import INF as NO_WAY
from .....tolled import TolledRows, team_bits
from .kept import RowTable, kept

__all__ = ["BoardTables", "tables", "Extension", "extension", "pieces_to", "network_hexes", "network_nearest",
           "INF"]

INF = float("inf")
# Above this many (cities x hexes) the empty-board tables use numpy's batch search.
NUMPY_THRESHOLD = 400_000

_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class BoardTables:
    """Per board and rules: piece costs (by edge id), step costs (by hex id), city hexes, and
    the empty-board build cost from each city to every hex (computed on first use)."""

    def __init__(self, board, rules):
        self.board = board
        self.piece_cost = [rules.piece_cost(board, e) for e in range(len(board.edge_ends))]
        self.into = [rules.step_cost(board, h) for h in range(len(board.hex_names))]
        self.line_moves = [f.steps for f in board.ferries]       # the movement of a ferry line
        self.city_hex = [c.hex for c in board.cities]
        # (city index, hex, how many race numbers) of the cities that track can reach
        self.linked_cities = tuple((ci, c.hex, len(c.numbers)) for ci, c in enumerate(board.cities) if board.adj[c.hex])
        self._city_of_hex = {h: i for i, h in reversed(list(enumerate(self.city_hex)))}
        # neighbours with the piece cost: ((neighbour, edge id, cost), ...) per hex
        self.adj = [tuple((nb, e, self.piece_cost[e]) for nb, e in board.adj[h])
                    for h in range(len(board.hex_names))]
        self._from_city: list | None = None
        self._city_build = None
        self._estimates: dict = {}
        self._from_array = None
        self._by_hex: list | None = None
        self._decay: dict = {}

    def _all_from_cities(self) -> list:
        if self._from_city is None:
            board = self.board
            n_hex = len(board.hex_names)
            sources = self.city_hex
            if len(sources) * n_hex > NUMPY_THRESHOLD:
                cells, offsets, _ = board.cells()
                weights, passable = board.cell_weights(self.piece_cost)
                rows = dial_batch(offsets, weights, passable, [cells[h] for h in sources], cells)
                self._from_city = [[NO_WAY if v is None else v for v in row] for row in rows]
            else:
                adj = [tuple((nb, c) for nb, _, c in row) for row in self.adj]
                maxw = max(self.piece_cost, default=1)
                self._from_city = [dial(adj, [h], max_weight=maxw) for h in sources]
        return self._from_city

    def build_from_city(self, ci: int) -> list:
        """Build cost from city ``ci`` to every hex on the empty board (a large number:
        unreachable; compare with :data:`INF` through ``< INF``)."""
        return self._all_from_cities()[ci]

    def build_from_hex(self, h: int) -> list:
        """Build cost from hex ``h`` to every hex on the empty board."""
        ci = self._city_of_hex.get(h)
        if ci is not None:
            return self.build_from_city(ci)
        adj = [tuple((nb, c) for nb, _, c in row) for row in self.adj]
        return dial(adj, [h], max_weight=max(self.piece_cost, default=1))

    def city_build(self) -> list:
        """``[i][j]``: build cost between cities ``i`` and ``j`` on the empty board (INF: none)."""
        if self._city_build is None:
            rows = self._all_from_cities()
            self._city_build = [[INF if row[h] >= NO_WAY else row[h] for h in self.city_hex] for row in rows]
        return self._city_build

    def decay(self, reach: float) -> list:
        """``[i][j]``: ``exp(-city_build()[i][j] / reach)`` (0 where no track can join them)."""
        table = self._decay.get(reach)
        if table is None:
            table = self._decay[reach] = [[math.exp(-c / reach) for c in row] for row in self.city_build()]
        return table

    def nearest(self, cities, hexes) -> list:
        """For each city index of ``cities``: the least empty-board build cost from it to a hex
        of ``hexes`` (a large number where none leads; :data:`INF` when ``hexes`` is empty).

        The minima are taken in C: over the costs of each hex to every city (``zip`` and
        ``min``), or with numpy on a board large enough for numpy's batch search."""
        if not hexes:
            return [INF] * len(cities)
        rows = self._all_from_cities()
        if len(self.city_hex) * len(self.board.hex_names) > NUMPY_THRESHOLD:
            import numpy as np

            if self._from_array is None:
                self._from_array = np.array(rows, dtype=np.int32)
            at = np.fromiter(hexes, dtype=np.intp, count=len(hexes))
            return self._from_array[np.ix_(np.asarray(cities, dtype=np.intp), at)].min(axis=1).tolist()
        if self._by_hex is None:
            self._by_hex = list(zip(*rows, strict=True))
        by_hex = self._by_hex
        least = list(map(min, zip(*[by_hex[h] for h in hexes], strict=True)))
        return [least[ci] for ci in cities]

    def estimate_to(self, h: int) -> list:
        """The A* estimate of :func:`extension` toward hex ``h``, by hex id: the empty board's
        build cost to ``h`` (:data:`INF` where none leads). Kept for the last few hundred hexes."""
        est = self._estimates.get(h)
        if est is None:
            ci = self._city_of_hex.get(h)
            row = self.build_from_city(ci) if ci is not None else self.build_from_hex(h)
            if len(self._estimates) >= 256:
                self._estimates.clear()
            est = self._estimates[h] = [INF if v >= NO_WAY else v for v in row]
        return est


def tables(state) -> BoardTables:
    """The :class:`BoardTables` of the state's board and rules (cached per board)."""
    board = state.board
    o = state.options
    key = (o.river_between_mountains, o.uphill)
    per_board = _CACHE.get(board)
    if per_board is None:
        per_board = {}
        _CACHE[board] = per_board
    t = per_board.get(key)
    if t is None:
        t = BoardTables(board, state.rules)
        per_board[key] = t
    return t


def network_nearest(state, p: int) -> list:
    """By city index: the least empty-board build cost from a hex of player ``p``'s network
    (``state.nodes[p]``) to the city (:meth:`BoardTables.nearest` of every city; :data:`INF`
    when the network is empty). A network only grows: the costs known are lowered with the
    hexes it gained since (kept beside the track, :mod:`.kept`); callers must not change it."""
    k = kept(state)
    nodes = state.nodes[p]
    key = ("near", p)
    known = k.grown.get(key)
    if known is not None and len(known[0]) == len(nodes):
        return known[1]
    t = tables(state)
    cities = range(len(t.city_hex))
    if known is None or not known[0] <= nodes:
        least = t.nearest(cities, nodes)
    else:
        least = list(map(min, known[1], t.nearest(cities, nodes - known[0])))
    k.grown[key] = (frozenset(nodes), least)
    return least


class Extension:
    """The result of :func:`extension`: ``dist[h]`` (weighted cost to reach hex ``h``),
    ``points[h]`` (build cost alone), ``fees[h]`` (fees alone) and ``prev[h]`` = (previous hex,
    edge id) or None at the player's own hexes. Only settled hexes are in ``dist``."""

    __slots__ = ("dist", "points", "fees", "prev")

    def __init__(self, dist, points, fees, prev):
        self.dist = dist
        self.points = points
        self.fees = fees
        self.prev = prev

    def cost(self, h: int):
        """Build cost (points or money) of the cheapest extension to ``h``; None: unreachable."""
        return None if h not in self.dist else self.points[h]


def network_hexes(state, p: int) -> set:
    """Player ``p``'s network: its hexes, or before his first piece his start city's hex (none
    before he has one)."""
    return state.nodes[p] if state.nodes[p] else {state.starts[p]} - {None}


def extension(state, p: int, money_weight: float = 1.0, limit: float = INF, stop=None,
              target: int | None = None, sources=None, team: tuple = (), tie: int | None = None) -> Extension:
    """Cheapest extensions of player ``p``'s network (see the module notes).

    ``limit``: do not look beyond this weighted cost. ``stop(h, d)``: called on every hex as it
    is settled with its weighted cost; returning True ends the search early. ``target``: a
    hex; the search is A* toward it and ends when it is settled. ``sources``: the hexes to
    grow from (default: the network); ``team``: other players whose pieces count as own and
    whose track pays no fee (a joint track's partner). ``tie``: the key that orders equally
    cheap paths (:meth:`~mapkit.engine.bots.base.Bot.search_tie`; None: by hex id).
    """
    t = tables(state)
    us = (p,) + tuple(team)
    if sources is not None:
        mine = set(sources)
    else:
        mine = network_hexes(state, p) if not team else set().union(*(network_hexes(state, q) for q in us))
    rows = _fee_rows(state, us, money_weight)
    heuristic = None
    if target is not None:
        estimate = t.estimate_to(target)
        heuristic = estimate.__getitem__
        if stop is None and sources is None and limit < INF:
            stop = _beyond(estimate, limit)
    found = dijkstra(mine, rows, heuristic=heuristic, targets=None if target is None else (target,),
                     stop=stop, limit=limit, tie=tie, settled_only=True)
    points = _PathSums(found.dist, found.prev, t.piece_cost, money_weight, fees=False)
    fees = _PathSums(found.dist, found.prev, t.piece_cost, money_weight, fees=True)
    return Extension(found.dist, points, fees, found.prev)


def _beyond(estimate: list, limit: float):
    """``stop`` of an A* toward a target within ``limit``: true once a hex is settled whose cost
    plus estimate exceeds ``limit``. The estimate is consistent on the rows of a network's
    extension (a step costs at least its build cost, and an own piece, costing nothing, joins
    two hexes of the network, which are sources at cost 0 and never reached again), so hexes
    are settled in order of cost plus estimate and the target, at its cost, would come later:
    it is farther than ``limit``, where the search without the test found it unreachable too
    after settling every hex within ``limit``. The target within ``limit`` is settled before
    any such hex: the answer is the same."""
    def stop(h: int, d: float) -> bool:
        return d + estimate[h] > limit
    return stop


class _PathSums(dict):
    """The build points (``fees`` False) or the fees (True) of an extension's paths, read like
    a dict of the settled hexes and summed along the path to a hex when it is first asked for
    (the caller reads a few hexes of the hundreds settled): a step's weighted cost less its
    build cost (0 for a piece of one's own) is its fees times the fee weight. (The two sums are
    two objects that know nothing of each other: a cycle between them would leave every
    extension to the garbage collector.)"""

    __slots__ = ("dist", "prev", "cost", "weight", "fees")

    def __init__(self, dist: dict, prev: dict, cost: list, weight: float, fees: bool):
        super().__init__()
        self.dist, self.prev, self.cost, self.weight, self.fees = dist, prev, cost, weight, fees

    def __missing__(self, h):
        prev, dist = self.prev, self.dist
        if h not in dist:
            raise KeyError(h)
        chain = []
        at = h
        while not dict.__contains__(self, at):
            step = prev[at]
            if step is None:
                dict.__setitem__(self, at, 0)
                break
            chain.append(at)
            at = step[0]
        for x in reversed(chain):
            u, e = prev[x]
            w = dist[x] - dist[u]
            c = 0 if w == 0 else self.cost[e]
            before = dict.__getitem__(self, u)
            if not self.fees:
                dict.__setitem__(self, x, before + c)
            else:
                dict.__setitem__(self, x, before + round((w - c) / self.weight) if self.weight else before)
        return dict.__getitem__(self, h)

    def __contains__(self, h) -> bool:
        return h in self.dist

    def get(self, h, default=None):
        return self[h] if h in self.dist else default


class _FeeRows(RowTable):
    """The rows of the extension search for one team and fee weight, kept for the Python loop:
    ``rows[h]`` is :meth:`TolledRows.row` of ``h``, made on first use and kept until a piece is
    laid at the hex or beside it (:mod:`.kept`). (The compiled kernel makes the rows itself
    from the tolls' lists, faster than it could read them from here.)"""

    reach = 1
    __slots__ = ("tolls",)

    def __init__(self, tolls: TolledRows):
        super().__init__()
        self.tolls = tolls

    def __missing__(self, h):
        r = self[h] = self.tolls.row(h)
        return r


def _tolls(state, us: tuple, weight: float) -> TolledRows:
    """The extension's steps for the team ``us`` (see the module notes): the engine's ``quote``
    rule as tolls, over the lists of the state's track (read as they are when searched)."""
    net = state.net
    return TolledRows(adjacency=state.board.adj, cost=tables(state).piece_cost, owners=net.owners_of,
                      owner_bits=net.owner_bits, node_owners=net.hex_owners, edge_toll=state.tables.par_fee,
                      node_toll=state.tables.join_fee_at, us=team_bits(us), weight=weight)


def _fee_rows(state, us: tuple, weight: float):
    """The ``neighbours`` of the extension search: the tolls themselves where the compiled
    kernel reads them; for the Python loop, their rows kept beside the track. (A table kept
    holds the lists of the track it belongs to, changed in place as pieces are laid, not a
    state, which may copy its track.)"""
    tolls = _tolls(state, us, weight)
    if COMPILED:
        return tolls
    return kept(state).rows(("fees", us, weight), lambda: _FeeRows(tolls)).__getitem__


def pieces_to(ext: Extension, h: int) -> list:
    """Edge ids of the new pieces from the network to hex ``h``, in building order."""
    out = []
    while ext.prev.get(h) is not None:
        h0, e = ext.prev[h]
        if ext.points[h] != ext.points[h0]:   # an own piece costs nothing: not built again
            out.append(e)
        h = h0
    out.reverse()
    return out
