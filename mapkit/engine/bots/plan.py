"""Path planning on the engine's board for bots and for human players' suggestions.

Three searches, all on the compiled board (:class:`~mapkit.engine.board.EngineMap`, hex ids and
edge ids) and all deterministic (ties are broken by hex id):

* :func:`extension` -- the cheapest way to extend a player's network to every hex *now*: a
  Dijkstra search from all of the player's hexes at once, where a piece costs its build cost
  plus ``money_weight`` times the fees it would pay today (joining/crossing at its far end,
  parallel to foreign pieces: the engine's :meth:`~mapkit.engine.state.GameState.quote` rule),
  and the player's own pieces cost nothing. :func:`pieces_to` reads the new pieces off it.
* :func:`track_routes` -- routes over *built* track from a race's start to its target, trading
  movement points against fares (the fastest, the cheapest in fares, and a few in between).
* :class:`BoardTables` -- what does not change during a game, computed once per board and
  rules and shared: piece costs, movement costs, city hexes, and the build-cost distance
  between every pair of cities on the empty board (for choosing a start city).

The searches read the state's public attributes (``nodes``, ``edge_owners``, ``hex_owners``,
``reached``) and never change it.

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
"""

from __future__ import annotations

import heapq
import weakref

__all__ = ["BoardTables", "tables", "Extension", "extension", "pieces_to", "route_info", "network_fares",
           "track_routes", "INF"]

INF = float("inf")

_CACHE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class BoardTables:
    """Per board and rules: piece costs (by edge id), step costs (by hex id), city hexes, and
    the build-cost distances between cities on the empty board (computed on first use)."""

    def __init__(self, board, rules):
        self.board = board
        self.piece_cost = [rules.piece_cost(board, e) for e in range(len(board.edge_ends))]
        self.into = [rules.step_cost(board, h) for h in range(len(board.hex_names))]
        self.city_hex = [c.hex for c in board.cities]
        # neighbours with the piece cost: ((neighbour, edge id, cost), ...) per hex
        self.adj = [tuple((nb, e, self.piece_cost[e]) for nb, e in board.adj[h])
                    for h in range(len(board.hex_names))]
        self._city_build = None
        self._from_city: dict = {}

    def build_from_city(self, ci: int) -> list:
        """Build cost from city ``ci`` to every hex on the empty board (INF: unreachable)."""
        d = self._from_city.get(ci)
        if d is None:
            d = _dijkstra(self.adj, [self.city_hex[ci]])
            self._from_city[ci] = d
        return d

    def build_from_hex(self, h: int) -> list:
        """Build cost from hex ``h`` to every hex on the empty board (INF: unreachable)."""
        if h in self.city_hex:
            return self.build_from_city(self.city_hex.index(h))
        return _dijkstra(self.adj, [h])

    def city_build(self) -> list:
        """``[i][j]``: build cost between cities ``i`` and ``j`` on the empty board."""
        if self._city_build is None:
            self._city_build = [[self.build_from_city(i)[h] for h in self.city_hex]
                                for i in range(len(self.city_hex))]
        return self._city_build


def _dijkstra(adj, sources) -> list:
    dist = [INF] * len(adj)
    heap = []
    for s in sources:
        dist[s] = 0
        heap.append((0, s))
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for nb, _, c in adj[h]:
            nd = d + c
            if nd < dist[nb]:
                dist[nb] = nd
                heapq.heappush(heap, (nd, nb))
    return dist


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


class Extension:
    """The result of :func:`extension`: ``dist[h]`` (weighted cost to reach hex ``h``),
    ``points[h]`` (build cost alone), ``fees[h]`` (fees alone) and ``prev[h]`` = (previous hex,
    edge id) or None at the player's own hexes."""

    __slots__ = ("dist", "points", "fees", "prev")

    def __init__(self, dist, points, fees, prev):
        self.dist = dist
        self.points = points
        self.fees = fees
        self.prev = prev

    def cost(self, h: int):
        """Build cost (points or money) of the cheapest extension to ``h``; None: unreachable."""
        return None if h not in self.dist else self.points[h]


def extension(state, p: int, money_weight: float = 1.0, limit: float = INF, stop=None) -> Extension:
    """Cheapest extensions of player ``p``'s network to every hex (see the module notes).

    ``limit``: do not look beyond this weighted cost. ``stop(h, d)``: called on every hex as it
    is settled with its weighted cost; returning True ends the search early.
    """
    t = tables(state)
    board = state.board
    rules = state.rules
    is_city = board.is_city
    edge_owners = state.edge_owners
    hex_owners = state.hex_owners
    me = 1 << p
    mine = state.nodes[p] if state.nodes[p] else {state.starts[p]} - {None}
    join_fee: dict = {}
    par: dict = {}
    dist: dict = {}
    points: dict = {}
    fees: dict = {}
    prev: dict = {}
    heap = []
    for s in sorted(mine):
        dist[s] = 0
        points[s] = 0
        fees[s] = 0
        prev[s] = None
        heap.append((0, s))
    heapq.heapify(heap)
    done = set()
    adj = t.adj
    while heap:
        d, h = heapq.heappop(heap)
        if h in done:
            continue
        done.add(h)
        if stop is not None and stop(h, d):
            break
        ph, fh = points[h], fees[h]
        for nb, e, c in adj[h]:
            if nb in done:
                continue
            owners = edge_owners.get(e)
            fee = 0
            if owners:
                if p in owners:
                    c = 0
                else:
                    f = par.get(e)
                    if f is None:
                        f = par[e] = rules.parallel_fee(board, e)
                    fee = f * len(owners)
            if c and nb not in mine and not is_city[nb]:
                m = hex_owners[nb] & ~me
                if m:
                    jf = join_fee.get(nb)
                    if jf is None:
                        jf = join_fee[nb] = rules.join_fee(board, nb)
                    k = 0
                    q = 0
                    while m:
                        if m & 1 and not (owners and q in owners):
                            k += 1
                        m >>= 1
                        q += 1
                    fee += k * jf
            nd = d + c + money_weight * fee
            if nd > limit:
                continue
            old = dist.get(nb)
            if old is None or nd < old:
                dist[nb] = nd
                points[nb] = ph + c
                fees[nb] = fh + fee
                prev[nb] = (h, e)
                heapq.heappush(heap, (nd, nb))
    # only settled hexes are answers
    for h in [h for h in dist if h not in done]:
        del dist[h]
    return Extension(dist, points, fees, prev)


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


def route_info(state, p: int, route: list) -> tuple:
    """``(travel points, fares, own pieces)`` of a route (hex ids) for player ``p``.

    The owner of each step is the engine's default: ``p`` where he has a piece, else the
    first builder; a fare is due for every step on another player's piece.
    """
    t = tables(state)
    board = state.board
    owners = state.edge_owners
    fare = state.options.fare
    travel = fares = own = 0
    for a, b in zip(route, route[1:]):
        travel += t.into[b]
        o = owners.get(board.edge_between(a, b), ())
        if p in o:
            own += 1
        else:
            fares += fare
    return travel, fares, own


def track_routes(state, p: int, start: int, targets, weights=(0.0, 1.0, 3.0, 100.0)) -> list:
    """Routes (hex id lists) over built track from ``start`` to any hex of ``targets``.

    One search per weight ``w``: a step costs its movement points plus ``w`` per fare, so
    ``w = 0`` is the fastest route and a large ``w`` the cheapest in fares. Distinct routes
    only, in the order of ``weights``.
    """
    t = tables(state)
    board = state.board
    owners = state.edge_owners
    fare = state.options.fare
    into = t.into
    targets = set(targets)
    out = []
    for w in weights:
        dist = {start: 0.0}
        prev = {}
        heap = [(0.0, start)]
        found = None
        while heap:
            d, h = heapq.heappop(heap)
            if d > dist[h]:
                continue
            if h in targets:
                found = h
                break
            for nb, e in board.adj[h]:
                o = owners.get(e)
                if not o:
                    continue
                nd = d + into[nb] + (0.0 if p in o else w * fare)
                if nb not in dist or nd < dist[nb]:
                    dist[nb] = nd
                    prev[nb] = h
                    heapq.heappush(heap, (nd, nb))
        if found is None:
            return out
        route = [found]
        while route[-1] != start:
            route.append(prev[route[-1]])
        route.reverse()
        if route not in out:
            out.append(route)
    return out


def network_fares(state, p: int) -> dict:
    """Fares from player ``p``'s network to every hex reachable over built track.

    A 0-1 search: own pieces are free, every other piece costs the fare. Hexes not in the
    answer cannot be reached over built track from the network at all.
    """
    board = state.board
    owners = state.edge_owners
    fare = state.options.fare
    mine = state.nodes[p] if state.nodes[p] else {state.starts[p]} - {None}
    dist = {h: 0 for h in mine}
    heap = [(0, h) for h in sorted(mine)]
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for nb, e in board.adj[h]:
            o = owners.get(e)
            if not o:
                continue
            nd = d + (0 if p in o else fare)
            if nb not in dist or nd < dist[nb]:
                dist[nb] = nd
                heapq.heappush(heap, (nd, nb))
    return dist
