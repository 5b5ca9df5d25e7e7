"""Path planning on the engine's board for bots and for human players' suggestions.

Every search here is one of :mod:`mapkit.search` (the project's one module of shortest
paths), on the compiled board (hex ids and edge ids), deterministic (ties broken by hex id):

* :func:`extension` -- the cheapest way to extend a player's network *now*: Dijkstra from all
  of the player's hexes at once, where a piece costs its build cost plus ``money_weight``
  times the fees it would pay today (joining/crossing at its far end, parallel to foreign
  pieces: the engine's ``quote`` rule), and his own pieces cost nothing. With ``target`` it
  is A* toward one hex, guided by the empty board's build cost to it (a lower bound: fees
  only add), which settles a narrow corridor instead of a disk. :func:`pieces_to` reads the
  new pieces off it.
* :func:`track_routes` -- routes over *built* track (and bought ferries) from a race's start
  to its target, trading movement points against fares.
* :func:`network_fares` -- fares from a network to every hex over built track.
* :class:`BoardTables` -- per board and rules, computed once and shared: piece costs,
  movement costs, city hexes, and the empty-board build cost from every city to every hex
  (Dial's search per city on small boards; numpy's batch search on large ones).

The searches read the state's public data and never change it.

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
from collections import deque

from .....search import INF as NO_WAY
from .....search import dial, dial_batch, dijkstra

__all__ = ["BoardTables", "tables", "Extension", "extension", "pieces_to", "route_info", "network_fares",
           "track_routes", "INF"]

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
        self.city_hex = [c.hex for c in board.cities]
        self._city_of_hex = {h: i for i, h in reversed(list(enumerate(self.city_hex)))}
        # neighbours with the piece cost: ((neighbour, edge id, cost), ...) per hex
        self.adj = [tuple((nb, e, self.piece_cost[e]) for nb, e in board.adj[h])
                    for h in range(len(board.hex_names))]
        # the same as rows of the searches: ((neighbour, cost, edge id), ...)
        self.rows = [tuple((nb, c, e) for nb, e, c in row) for row in self.adj]
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


def _network(state, p: int) -> set:
    return state.nodes[p] if state.nodes[p] else {state.starts[p]} - {None}


def extension(state, p: int, money_weight: float = 1.0, limit: float = INF, stop=None,
              target: int | None = None, sources=None, team: tuple = ()) -> Extension:
    """Cheapest extensions of player ``p``'s network (see the module notes).

    ``limit``: do not look beyond this weighted cost. ``stop(h, d)``: called on every hex as it
    is settled with its weighted cost; returning True ends the search early. ``target``: a
    hex; the search is A* toward it and ends when it is settled. ``sources``: the hexes to
    grow from (default: the network); ``team``: other players whose pieces count as own and
    whose track pays no fee (a joint track's partner).
    """
    t = tables(state)
    us = (p,) + tuple(team)
    mine = set(sources) if sources is not None else set().union(*(_network(state, q) for q in us))
    rows = _fee_rows(state, us, money_weight)
    heuristic = None
    if target is not None:
        estimate = t.estimate_to(target)
        heuristic = estimate.__getitem__
        if stop is None and sources is None and limit < INF:
            stop = _beyond(estimate, limit)
    found = dijkstra(mine, rows.__getitem__, heuristic=heuristic, targets=None if target is None else (target,),
                     stop=stop, limit=limit)
    dist = {h: found.dist[h] for h in found.settled}
    prev = {h: found.prev[h] for h in found.settled}
    sums = _PathSums(dist, prev, t.piece_cost, money_weight)
    return Extension(dist, sums.points, sums.fees, prev)


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


class _PathSums:
    """The build points and fees of an extension's paths, summed along the path to a hex when
    it is first asked for (the caller reads a few hexes of the hundreds settled): a step's
    weighted cost less its build cost (0 for a piece of one's own) is its fees times the fee
    weight. ``points`` and ``fees`` are read like dicts of the settled hexes."""

    __slots__ = ("dist", "prev", "cost", "weight", "points", "fees")

    def __init__(self, dist: dict, prev: dict, cost: list, weight: float):
        self.dist, self.prev, self.cost, self.weight = dist, prev, cost, weight
        self.points = _Sums(self)
        self.fees = _Sums(self)

    def fill(self, h: int) -> None:
        points, fees, prev, dist = self.points, self.fees, self.prev, self.dist
        chain = []
        while not dict.__contains__(points, h):
            step = prev[h]
            if step is None:
                dict.__setitem__(points, h, 0)
                dict.__setitem__(fees, h, 0)
                break
            chain.append(h)
            h = step[0]
        for h in reversed(chain):
            u, e = prev[h]
            w = dist[h] - dist[u]
            c = 0 if w == 0 else self.cost[e]
            dict.__setitem__(points, h, dict.__getitem__(points, u) + c)
            f = dict.__getitem__(fees, u)
            dict.__setitem__(fees, h, f + round((w - c) / self.weight) if self.weight else f)


class _Sums(dict):
    """One of :class:`_PathSums`' two mappings: a settled hex's sum, made when asked for."""

    __slots__ = ("sums",)

    def __init__(self, sums: _PathSums):
        super().__init__()
        self.sums = sums

    def __missing__(self, h):
        if h not in self.sums.dist:
            raise KeyError(h)
        self.sums.fill(h)
        return dict.__getitem__(self, h)

    def __contains__(self, h) -> bool:
        return h in self.sums.dist

    def get(self, h, default=None):
        return self[h] if h in self.sums.dist else default


class _FeeRows(dict):
    """The rows of the extension search for one team and fee weight: ``rows[h]`` gives
    ``((neighbour, cost, edge id), ...)``, the empty board's costs except where a piece pays
    fees or is the team's own (free). Rows near track are priced on first use and kept until
    the track changes."""

    __slots__ = ("owners_of", "owner_bits", "par", "jfee", "us", "bits", "weight", "base", "hex_owners")

    def __init__(self, state, us: tuple, weight: float):
        super().__init__()
        # the lists of the track the cache belongs to, changed in place as pieces are laid (not
        # a state, which may copy its track; not the track, which the cache must not keep alive)
        net = state.net
        self.owners_of, self.owner_bits = net.owners_of, net.owner_bits
        self.par, self.jfee = state.tables.par_fee, state.tables.join_fee_at
        self.us = us
        self.bits = 0
        for q in us:
            self.bits |= 1 << q
        self.weight = weight
        self.base = tables(state).rows
        self.hex_owners = state.net.hex_owners

    def __missing__(self, h):
        ho = self.hex_owners
        near = ho[h] or any(ho[nb] for nb, _, _ in self.base[h])
        r = self[h] = self._priced(h) if near else self.base[h]
        return r

    def _priced(self, h) -> tuple:
        owners_of, owner_bits, hex_owners = self.owners_of, self.owner_bits, self.hex_owners
        par, jfee = self.par, self.jfee
        others = ~self.bits
        out = []
        bits = self.bits
        for nb, c, e in self.base[h]:
            owners = owners_of[e]
            fee = 0
            if owners:
                if owner_bits[e] & bits:
                    out.append((nb, 0, e))
                    continue
                fee = par[e] * len(owners)
            m = hex_owners[nb] & others & ~owner_bits[e]
            if m:
                fee += jfee[nb] * m.bit_count()
            out.append((nb, c + self.weight * fee, e))
        return tuple(out)


def _fee_rows(state, us: tuple, weight: float) -> _FeeRows:
    cache = _route_cache(state)
    key = ("fees", us, weight)
    rows = cache.get(key)
    if rows is None:
        rows = cache[key] = _FeeRows(state, us, weight)
    return rows


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


_ROUTES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _route_cache(state) -> dict:
    """A cache of searches over the built track of ``state``, emptied when the track changes.

    Kept beside the track object, not in the state: a clone copies the track and starts with
    none, while a bot's observation shares the game's track until it changes it (copy-on-write,
    :meth:`~mapkit.engine.state.State.observation`), so the routes one seat's bot found serve
    the next seat's too while the track stays as it is (the declarations of a race).

    The rows the searches read outlive a change that only laid pieces (the same track object,
    more pieces, the same ferry owners): a hex's rows over the track change only where a piece
    was laid at it, its fee rows only there and beside it (:func:`_carry_rows`)."""
    net = state.net
    version = (net.version, tuple(state.ferry_owners))
    cache = _ROUTES.get(net)
    if cache is None:
        cache = _ROUTES[net] = {"version": version}
    elif cache["version"] != version:
        old_laid, old_ferries = cache["version"]
        rows = {}
        if old_ferries == version[1] and old_laid <= version[0]:
            state.track_rows()          # the track graph brought up to date
            rows = _carry_rows(cache, state.board, net.laid[old_laid:])
        cache.clear()
        cache.update(rows)
        cache["version"] = version
    return cache


_ROWS = ("steps", "moves", "weighted", "fees")


def _carry_rows(cache: dict, board, laid: list) -> dict:
    """The row tables of ``cache`` that stay good after the pieces ``laid``, without the rows
    those pieces changed: the rows over the track of the hexes at their ends, the fee rows of
    those hexes and their neighbours (a fee depends on who owns the far hex and the edge)."""
    ends = set()
    for e in laid:
        ends.update(board.edge_ends[e])
    beside = set(ends)
    for h in ends:
        beside.update(nb for nb, _ in board.adj[h])
    out = {}
    for key, rows in cache.items():
        if isinstance(key, tuple) and key[0] in _ROWS:
            for h in (beside if key[0] == "fees" else ends):
                rows.pop(h, None)
            out[key] = rows
    return out


class _StepRows(dict):
    """``rows[h]``: ``((hex, movement, fare), ...)`` over built track and bought ferries from
    hex ``h``, in the order of the track graph; pieces of ``p`` and of his ``team`` (a joint
    train's partner) pay no fare. Filled as hexes are asked for, kept until the track changes."""

    __slots__ = ("track", "ferries", "into", "fare", "p", "us")

    def __init__(self, state, p: int, team: tuple):
        super().__init__()
        self.track = state.track_rows()
        self.ferries = state.board.ferries
        self.into = tables(state).into
        self.fare = state.options.fare
        self.p = p
        self.us = frozenset(team)

    def __missing__(self, h):
        p, us, into, ferries, fare = self.p, self.us, self.into, self.ferries, self.fare
        row = self[h] = [(nb, (into[nb] if step >= 0 else ferries[-1 - step].steps),
                          (0 if p in own or (us and not us.isdisjoint(own)) else fare))
                         for nb, step, own in self.track.get(h, ())]
        return row


class _MoveRows(dict):
    """``rows[h]``: ``((hex, movement, step), ...)`` over built track and bought ferries from
    hex ``h`` (a step: an edge id, or ``-1 - k`` for ferry line ``k``): the fastest route's
    search, the same for every player. Filled as hexes are asked for."""

    __slots__ = ("track", "ferries", "into")

    def __init__(self, state):
        super().__init__()
        self.track = state.track_rows()
        self.ferries = state.board.ferries
        self.into = tables(state).into

    def __missing__(self, h):
        into, ferries = self.into, self.ferries
        row = self[h] = [(nb, (into[nb] if step >= 0 else ferries[-1 - step].steps), step)
                         for nb, step, _ in self.track.get(h, ())]
        return row


class _WeightedRows(dict):
    """The rows of a route search: ``((hex, movement + w x fare, fare), ...)``."""

    __slots__ = ("steps", "w")

    def __init__(self, steps: _StepRows, w: float):
        super().__init__()
        self.steps = steps
        self.w = w

    def __missing__(self, h):
        w = self.w
        row = self[h] = [(nb, m + w * f, f) for nb, m, f in self.steps[h]]
        return row


def _track_steps(state, p: int, team: tuple = ()) -> _StepRows:
    """:class:`_StepRows` of ``p`` and ``team`` (kept until the track changes)."""
    cache = _route_cache(state)
    key = ("steps", p, tuple(team))
    rows = cache.get(key)
    if rows is None:
        rows = cache[key] = _StepRows(state, p, team)
    return rows


def route_info(state, p: int, route: list, team: tuple = ()) -> tuple:
    """``(travel points, fares, own pieces)`` of a route (hex ids) for player ``p``.

    The owner of each step is the engine's default: ``p`` where he has a piece, else the
    first builder; a fare is due for every step on another player's piece (or ferry).
    """
    steps = _track_steps(state, p, team)
    travel = fares = own = 0
    for a, b in zip(route, route[1:], strict=False):
        for nb, move, fare in steps[a]:
            if nb == b:
                travel += move
                fares += fare
                own += fare == 0
                break
    return travel, fares, own


def track_routes(state, p: int, start: int, targets, weights=(0.0, 1.0, 3.0, 100.0), team: tuple = ()) -> list:
    """Routes (hex id lists) over built track from ``start`` to any hex of ``targets``.

    One search per weight ``w``: a step costs its movement points plus ``w`` per fare, so
    ``w = 0`` is the fastest route and a large ``w`` the cheapest in fares. Distinct routes
    only, in the order of ``weights``. A* toward the targets: a step moves at least one
    point, so the grid distance bounds what is left. Kept beside the state until the track
    changes (bots ask again for the same rivals' routes).

    Work that would find nothing new is left out, the answer staying the same:

    * with ``w = 0`` a step costs its movement alone, whoever races: one search gives every
      player's fastest route;
    * a route that pays ``p`` no fare is the answer of every larger weight too, so those are
      not searched: along it the costs are those of the smaller weight and elsewhere no lower,
      its hexes are settled in the same order with the same estimates, and each keeps the
      same predecessor (the first settled of those that reach it as cheaply, all free).
    """
    targets = frozenset(targets)
    cache = _route_cache(state)
    steps = _track_steps(state, p, team)
    to_go = state.board.distance_table(targets).__getitem__
    out: list = []
    free_from = None            # the smallest weight whose route paid no fare so far
    for w in weights:
        if free_from is not None and w >= free_from:
            continue            # the same route again
        key = ("route", start, targets) if w == 0 else ("route", p, tuple(team), start, targets, w)
        route = cache.get(key, False)
        if route is False:
            rows = _fast_rows(state, cache) if w == 0 else _weighted_rows(cache, steps, p, team, w)
            found = dijkstra([start], rows.__getitem__, targets=targets, heuristic=to_go)
            route = cache[key] = None if found.found is None else found.path(found.found)
        if route is None:
            return out
        if (free_from is None or w < free_from) and not _pays_fares(steps, route):
            free_from = w
        if route not in out:
            out.append(list(route))
    return out


def _fast_rows(state, cache: dict) -> _MoveRows:
    rows = cache.get(("moves",))
    if rows is None:
        rows = cache[("moves",)] = _MoveRows(state)
    return rows


def _weighted_rows(cache: dict, steps: _StepRows, p: int, team: tuple, w: float) -> _WeightedRows:
    key = ("weighted", p, tuple(team), w)
    rows = cache.get(key)
    if rows is None:
        rows = cache[key] = _WeightedRows(steps, w)
    return rows


def _pays_fares(steps: _StepRows, route: list) -> bool:
    """Whether a step of ``route`` pays a fare (by the rows of :func:`_track_steps`)."""
    for a, b in zip(route, route[1:], strict=False):
        for nb, _, fare in steps[a]:
            if nb == b:
                if fare:
                    return True
                break
    return False


def network_fares(state, p: int) -> dict:
    """Fares from player ``p``'s network to every hex reachable over built track.

    Own pieces are free, every other piece (or ferry) costs the fare. Hexes not in the answer
    cannot be reached over built track from the network at all. Kept until the track changes
    (callers must not change it). A step costs nothing or the fare, so a breadth-first search
    that takes free steps first (a double-ended queue) gives the distances in order.
    """
    cache = _route_cache(state)
    key = ("fares", p, state.starts[p], len(state.nodes[p]))
    fares = cache.get(key)
    if fares is None:
        fares = cache[key] = _fares_from(state.track_rows(), sorted(_network(state, p)), p, state.options.fare)
    return fares


def _fares_from(track: dict, sources: list, p: int, fare: int) -> dict:
    dist = dict.fromkeys(sources, 0)
    queue = deque(sources)
    done: set = set()
    while queue:
        u = queue.popleft()
        if u in done:
            continue
        done.add(u)
        d = dist[u]
        for nb, _, own in track.get(u, ()):
            free = p in own
            nd = d if free else d + fare
            old = dist.get(nb)
            if old is None or nd < old:
                dist[nb] = nd
                if free or not fare:
                    queue.appendleft(nb)
                else:
                    queue.append(nb)
    return dist
