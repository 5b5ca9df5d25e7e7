"""The greedy Railroad Tycoon bot: the action worth most victory points now.

Every action is valued in VP: a delivery by the points it brings its player (his own links, his
hotel); a build by how much more his best delivery would bring once the link stands (routes
searched over the links as they are plus the new one), less its price (20000 counted as a VP:
the shares that pay for it cost 1 VP each at the end and 1000 a round); a locomotive by the
better delivery one more link opens; a card by a small fixed worth. Links longer than one
action's tiles are started early in a round and continued on the next action (an unfinished
link is removed at the round's end). Shares are issued only to pay for the action chosen, as
few as cover it. In the auction it bids up to the worth of moving first: its best delivery's
points less one, 1000 a point, from money it has.

Speed (issue 32; the same choices as the plain searches, checked by
``tests/engine/railroad_tycoon/test_greedy.py``): a new link's value is searched over the
routes through it only (:func:`through_value`), the tile paths out of a city are kept for the
game while nothing within their reach changes (:meth:`GreedyBot._paths`), and only the best
build is checked for legality.
"""

from __future__ import annotations

import heapq
from typing import NamedTuple

from ....bots.base import Bot
from ....errors import IllegalAction
from .. import deliver, track
from ..cards import CARDS

__all__ = ["GreedyBot"]

MONEY_PER_VP = 20000
CARD_WORTH = {"two-actions": 1.5, "hotel": 0.8, "two-goods": 0.6, "engineering": 0.5, "free-build": 0.5,
              "found-city": 0.3}
LONG_LINK = 8           # tiles of a link planned over two actions
NEAR = LONG_LINK + 2    # the cities listed near each hex: as far as this many steps


def best_value(s, p: int, graph: dict, loco: int, known: tuple | None = None) -> float:
    """The most VP ``p`` would get from one delivery over the links of ``graph`` (the routes
    of :func:`.deliver.delivery_options` with locomotive ``loco``). ``known``: what
    :func:`goods_known` says of ``s`` (read once a decision)."""
    colour, goods_at = known or goods_known(s)
    best = 0.0
    for origin, goods in goods_at:
        if origin in graph:
            for c in goods:
                best = _Deliveries(graph, p, colour, c, loco, None).best_from(origin, best)
    return best


def through_value(s, p: int, graph: dict, loco: int, a: int, b: int, known: tuple | None = None) -> float:
    """The most VP ``p`` would get from one delivery over the links of ``graph`` and a new
    link of his between cities ``a`` and ``b`` that uses the new link (0.0: none). With
    ``best_value(s, p, graph, loco)`` the value without it, the value with it is the greater
    of the two: only a route through the new link is new."""
    dist = {a: 0, b: 0}         # links from a city to a or b, as far as one can go before it
    ring = [a, b]
    for d in range(1, loco):
        out = []
        for x in ring:
            for y, _, _ in graph.get(x, ()):
                if y not in dist:
                    dist[y] = d
                    out.append(y)
        ring = out
    colour, goods_at = known or goods_known(s)
    best = 0.0
    new = (a, b)
    for origin, goods in goods_at:
        if origin in dist:
            for c in goods:
                best = _Deliveries(graph, p, colour, c, loco, (new, dist)).best_from(origin, best)
    return best


class _Deliveries(NamedTuple):
    """The depth-first search of the routes of :func:`.deliver.delivery_options`, for the best
    value of a ``c`` good's delivery by player ``p`` over ``graph`` with locomotive ``loco``
    (``colour``: every city's). ``new``: ``((a, b), links to a or b)`` to search only routes
    over a new link of ``p``'s between ``a`` and ``b``; None: every route."""

    graph: dict
    p: int
    colour: tuple
    c: str
    loco: int
    new: tuple | None

    def best_from(self, origin: int, best: float) -> float:
        """The best of ``best`` and the values of the routes from ``origin``."""
        return self._walk(origin, {origin}, (0, 0, False), best)

    def _walk(self, city, visited: set, so_far: tuple, best: float) -> float:
        """From ``city``, ``so_far`` being (links taken, how many of them ``p``'s, whether the
        new link is among them)."""
        length, own, used = so_far
        p, new = self.p, self.new
        step = self.graph.get(city, ())
        dist: dict = {}
        if new is not None:
            (a, b), dist = new
            if city == a:
                step = [*step, (b, -1, p)]
            elif city == b:
                step = [*step, (a, -1, p)]
        n = length + 1
        for nxt, lid, owner in step:
            if (not length and owner != p) or nxt in visited:
                continue
            mine = own + (owner == p)
            if self.colour[nxt] == self.c:
                if new is None or used or lid == -1:
                    best = max(best, mine - 0.01 * (n - mine))
            elif n < self.loco:
                if new is None or used or lid == -1:
                    best = self._walk(nxt, visited | {nxt}, (n, mine, used or lid == -1), best)
                elif n + 1 + dist.get(nxt, self.loco) <= self.loco:
                    best = self._walk(nxt, visited | {nxt}, (n, mine, False), best)
        return best


def goods_known(s) -> tuple:
    """What the delivery searches read of a position: every city's colour as it stands
    (:meth:`city_colour`), and ``(city, its goods' colours)`` of every city with goods."""
    return (tuple(s.city_colour(i) for i in range(len(s.goods))),
            [(origin, set(goods)) for origin, goods in enumerate(s.goods) if goods])


class GreedyBot(Bot):
    """See the module notes."""

    name = "greedy"

    def act(self, state) -> dict:
        s = state
        p = s.current_player()
        if s.step == "auction":
            return self._bid(s, p)
        if s.step == "choose":
            return self._choose(s, p)
        return self._action(s, p)

    # -- the auction -----------------------------------------------------------------------
    def _bid(self, s, p) -> dict:
        worth = best_value(s, p, deliver.city_links(s), s.loco[p])
        limit = min(s.money[p], int(max(0.0, worth - 1)) * 1000)
        a = s.auction
        low = max(s.rules.OPENING_BID, a["bid"] + s.rules.BID_STEP)
        if a["leader"] != p and low <= limit:
            return {"type": "bid", "player": p, "amount": low}
        return {"type": "pass", "player": p}

    # -- a card's choice -------------------------------------------------------------------
    def _choose(self, s, p) -> dict:
        acts = s.legal_actions()
        if s.pending["kind"] == "place":
            graph = deliver.city_links(s)
            mine = {c: sum(1 for _, _, o in graph.get(c, ()) if o == p) for c in range(len(s.goods))}
            best = max(range(len(s.goods)), key=lambda c: (mine[c], -c))
            return {"type": "place", "player": p, "city": s.city_name(best)}
        return acts[0]

    # -- an action -------------------------------------------------------------------------
    def _action(self, s, p) -> dict:
        options = []        # (worth, order, action, price)
        graph = deliver.city_links(s)
        known = goods_known(s)
        now = best_value(s, p, graph, s.loco[p], known)
        for a in deliver.delivery_options(s, p):
            owners = [s.links[lid]["owner"] for lid in a["links"]]
            worth = owners.count(p) + self._hotel(s, p, a) - 0.01 * (len(owners) - owners.count(p))
            options.append((worth + 0.1, 0, a, 0))
        options += self._builds(s, p, graph, now, known)
        options += self._loco(s, p, graph, now, known)
        options += self._western(s, p)
        for card in s.display:
            kind = CARDS[card].kind
            if kind not in ("green", "s"):
                worth = CARD_WORTH.get(card, CARD_WORTH.get(kind, 0.2))
                options.append((worth, 3, {"type": "take", "player": p, "card": card}, 0))
        options = [o for o in options if o[0] > 0]
        if not options:
            return {"type": "pass", "player": p}
        worth, _, action, price = max(options, key=lambda o: (o[0], -o[1]))
        if price > s.money[p]:
            return {"type": "issue", "player": p, "count": -(-(price - s.money[p]) // s.rules.SHARE)}
        return action

    @staticmethod
    def _hotel(s, p, a) -> int:
        dest = a["links"] and _dest(s, a)
        cc = s.rt.card_city
        return sum(1 for c in s.held[p] if CARDS[c].kind == "hotel" and cc.get(CARDS[c].cities[0]) == dest)

    def _loco(self, s, p, graph, now, known) -> list:
        level = s.loco[p] + 1
        if level > s.rules.MAX_LOCO:
            return []
        gain = best_value(s, p, graph, level, known) - now
        price = s.rules.loco_price(level)
        worth = 0.9 * gain - price / MONEY_PER_VP
        return [(worth, 1, {"type": "loco", "player": p}, price)] if gain > 0 else []

    def _western(self, s, p) -> list:
        out = []
        for city in s.rt.western:
            a = {"type": "western", "player": p, "city": s.city_name(city)}
            if s.money[p] >= s.rules.WESTERN and s.is_legal(a):
                out.append((2.0, 2, a, 0))
        return out

    # -- building --------------------------------------------------------------------------
    def _builds(self, s, p, graph, now, known) -> list:
        """The best candidate build (finishing one's unfinished link, or a new link from a
        city): the first of those worth most that is legal, as ``[(worth, 2, action,
        price)]`` (none: ``[]``). Only the best can be chosen, so only it is checked."""
        out = []
        rules = s.rules
        tiles = rules.max_tiles("engineering" in s.held[p] and p not in s.engineered)
        mine = [link["path"] for _, link in sorted(s.links.items()) if link["owner"] == p and not link["done"]]
        starts: list = [(lp[0], lp[-2], lp[-1]) for lp in mine]
        if not mine:
            long_ok = s.action_no < rules.ACTIONS - 1
            starts = [(c, None, None) for c in sorted(s.board.city_at)]
        else:
            long_ok = False
        through: dict = {}     # (city, city) -> the best delivery over a new link between them
        for origin, last, pointer in starts:
            for target, path, cost in self._paths(s, origin, last, pointer, tiles + (LONG_LINK - tiles) * long_ok):
                a_city, b_city = s.board.city_at[origin], s.board.city_at[target]
                pair = (a_city, b_city) if a_city < b_city else (b_city, a_city)
                value = through.get(pair)
                if value is None:
                    value = through[pair] = through_value(s, p, graph, s.loco[p], a_city, b_city, known)
                if value <= now:
                    continue
                gain = value - now
                part = path if len(path) - 2 <= tiles else path[:tiles + 2]
                action = {"type": "build", "player": p, "path": [s.board.hex_names[h] for h in part]}
                worth = 0.9 * gain * (1.0 if part is path else 0.8) - cost / MONEY_PER_VP
                out.append((worth, action))
        out.sort(key=lambda o: -o[0])       # stable: the first of equal worth first
        rich = _rich(s, p)
        for worth, action in out:
            try:
                plan = track.check_build(rich, p, action)
            except IllegalAction:
                continue
            return [(worth, 2, action, plan.cost)]
        return []

    def _paths(self, s, origin, last, pointer, limit) -> list:
        """Cheapest tile paths (cost by the rules, at most ``limit`` tiles) from a city (or
        from an unfinished link's end) into other cities: ``(city hex, path, cost)``, each city
        once, as first reached (:meth:`_search`). The paths out of a city are kept for the
        game (its players' searches share them) as long as no tile is laid or taken away
        within ``limit`` steps of it: the hexes the search may look at."""
        if last is not None:
            return self._search(s, origin, last, pointer, limit)
        steps, kept = _steps(s)
        region = _region(s.board, origin, limit)
        occupied = frozenset(h for h in s.tiles if h in region)
        hit = kept.get((origin, limit))
        if hit is not None and hit[0] == occupied:
            return hit[1]
        out = self._search(s, origin, last, pointer, limit)
        kept[origin, limit] = (occupied, out)
        return out

    def _search(self, s, origin, last, pointer, limit) -> list:
        """The search of :meth:`_paths`.

        A search in order of (cost, tiles, path): a hex is expanded again only by a path of
        fewer tiles than every expansion before. Two cuts change nothing of the answer: a path
        that such a hex would refuse is not queued, and a hex is not expanded when no city not
        yet reached lies within the tiles left (by hex distance, :func:`_near`): nothing it
        leads to could reach a new city, and a later path into the hex, with no more tiles
        left, could not either."""
        steps = _steps(s)[0]
        near = _near(s.board)
        tiles = s.tiles
        best: dict = {}         # hex -> fewest tiles of the paths expanded there
        if last is None:
            first = [(step + tile, t) for t, step, city, tile in steps[origin] if not city and t not in tiles]
            prefix = origin
        else:
            first = [(step + tile, t) for t, step, city, tile in steps[last]
                     if t == pointer and not city and t not in tiles]
            prefix = last
            best[last] = 0      # the path's own first hex (a tile already: never entered)
        heap = [(c, 1, [prefix, t]) for c, t in first]
        heapq.heapify(heap)
        out = []
        seen = {origin}
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            cost, n, path = pop(heap)
            h = path[-1]
            if best.get(h, 99) <= n:
                continue
            left = limit - n + 1
            if left <= NEAR:
                for d, c in near[h]:
                    if d > left or c not in seen:
                        break
                else:
                    continue
                if d > left:
                    continue
            best[h] = n
            more = n < limit
            for nb, step, city, tile in steps[h]:
                if city:
                    if nb not in seen:
                        seen.add(nb)
                        out.append((nb, [*path, nb], cost + step))
                elif more and nb not in tiles and best.get(nb, 99) > n + 1:
                    push(heap, (cost + step + tile, n + 1, [*path, nb]))
        return out

_STEPS: dict = {}       # id(surcharge) -> (surcharge, the table of _steps, paths kept)
_NEAR: dict = {}        # id(board) -> (board, the table of _near, the regions of _region)


def _steps(s) -> tuple:
    """Per hex, its neighbours as ``(hex, crossing price, city?, price of a new tile there)``
    (the game's prices, read once a game: shared by its states as ``s.surcharge`` is); and
    the paths :meth:`GreedyBot._paths` keeps for the game."""
    key = id(s.surcharge)
    hit = _STEPS.get(key)
    if hit is not None and hit[0] is s.surcharge:
        return hit[1:]
    b, r = s.board, s.rules
    cost = [r.TILE + (r.MOUNTAIN if m else 0) for m in b.mountain]
    table = tuple(tuple((nb, track.crossing(s, h, nb), b.is_city[nb], cost[nb]) for nb, _ in b.adj[h])
                  for h in range(len(b.adj)))
    if len(_STEPS) > 8:
        _STEPS.clear()
    _STEPS[key] = (s.surcharge, table, {})
    return table, _STEPS[key][2]


def _near(b) -> tuple:
    """Per hex, the city hexes within ``NEAR`` steps over hexes without a city, as
    ``(steps, city hex)`` nearest first: a path whose last tile is on the hex with ``k``
    tiles still to lay reaches no city farther than ``k + 1`` steps."""
    hit = _NEAR.get(id(b))
    if hit is not None and hit[0] is b:
        return hit[1]
    found: list = [[] for _ in b.adj]
    reach = NEAR
    for c in sorted(b.city_at):
        dist = {c: 0}
        ring = [c]
        for d in range(1, reach + 1):
            nxt = []
            for h in ring:
                if h != c and b.is_city[h]:
                    continue
                for nb, _ in b.adj[h]:
                    if nb not in dist:
                        dist[nb] = d
                        nxt.append(nb)
                        found[nb].append((d, c))
            ring = nxt
    table = tuple(tuple(sorted(x)) for x in found)
    if len(_NEAR) > 8:
        _NEAR.clear()
    _NEAR[id(b)] = (b, table, {})
    return table


def _region(b, city: int, limit: int) -> frozenset:
    """The hexes within ``limit`` steps of a city hex over hexes without a city: those
    whose tiles a search of paths of at most ``limit`` tiles out of it may look at."""
    _near(b)
    regions = _NEAR[id(b)][2]
    hit = regions.get((city, limit))
    if hit is None:
        seen = {city}
        ring = [city]
        for _ in range(limit):
            out = []
            for h in ring:
                for nb, _ in b.adj[h]:
                    if nb not in seen:
                        seen.add(nb)
                        if not b.is_city[nb]:
                            out.append(nb)
            ring = out
        hit = regions[city, limit] = frozenset(seen) - {city}
    return hit


def _dest(s, a) -> int:
    city = s.board.city_index(a["from"])
    for lid in a["links"]:
        path = s.links[lid]["path"]
        ends = (s.board.city_at[path[0]], s.board.city_at[path[-1]])
        city = ends[1] if ends[0] == city else ends[0]
    return city


class _Rich:
    """A view of the state whose player has money enough (to check a build's legality and
    price before the shares that pay for it are issued)."""

    def __init__(self, s, p):
        self.__dict__.update(s.__dict__)        # the state's fields read without __getattr__
        self._s = s
        self.money = [1 << 40 if q == p else m for q, m in enumerate(s.money)]

    def __getattr__(self, name):
        return getattr(self._s, name)


def _rich(s, p):
    return _Rich(s, p)
