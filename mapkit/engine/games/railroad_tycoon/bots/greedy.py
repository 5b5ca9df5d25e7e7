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
"""

from __future__ import annotations

import heapq

from ....bots.base import Bot
from ....errors import IllegalAction
from .. import deliver, track
from ..cards import CARDS

__all__ = ["GreedyBot"]

MONEY_PER_VP = 20000
CARD_WORTH = {"two-actions": 1.5, "hotel": 0.8, "two-goods": 0.6, "engineering": 0.5, "free-build": 0.5,
              "found-city": 0.3}
LONG_LINK = 8           # tiles of a link planned over two actions


def best_value(s, p: int, graph: dict, loco: int) -> float:
    """The most VP ``p`` would get from one delivery over the links of ``graph``."""
    saved = s.loco
    s.loco = [loco if q == p else x for q, x in enumerate(saved)]
    try:
        best = 0.0
        for origin, goods in enumerate(s.goods):
            if not goods or origin not in graph:
                continue
            for colour in set(goods):
                for ids in deliver._routes(s, graph, p, origin, colour):
                    owners = [_owner(s, graph, lid) for lid in ids]
                    best = max(best, owners.count(p) - 0.01 * (len(owners) - owners.count(p)))
        return best
    finally:
        s.loco = saved


def _owner(s, graph, lid) -> int:
    link = s.links.get(lid)
    return link["owner"] if link is not None else graph["_new_owner"]


def _with_link(graph: dict, a: int, b: int, p: int) -> dict:
    g: dict = {k: list(v) for k, v in graph.items()}
    g.setdefault(a, []).append((b, -1, p))
    g.setdefault(b, []).append((a, -1, p))
    g["_new_owner"] = p
    return g


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
        now = best_value(s, p, graph, s.loco[p])
        for a in deliver.delivery_options(s, p):
            owners = [s.links[lid]["owner"] for lid in a["links"]]
            worth = owners.count(p) + self._hotel(s, p, a) - 0.01 * (len(owners) - owners.count(p))
            options.append((worth + 0.1, 0, a, 0))
        options += self._builds(s, p, graph, now)
        options += self._loco(s, p, graph, now)
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

    def _loco(self, s, p, graph, now) -> list:
        level = s.loco[p] + 1
        if level > s.rules.MAX_LOCO:
            return []
        gain = best_value(s, p, graph, level) - now
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
    def _builds(self, s, p, graph, now) -> list:
        """Candidate builds: finishing one's unfinished link, or a new link from a city."""
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
        for origin, last, pointer in starts:
            for target, path, cost in self._paths(s, origin, last, pointer, tiles + (LONG_LINK - tiles) * long_ok):
                a_city, b_city = s.board.city_at[origin], s.board.city_at[target]
                gain = best_value(s, p, _with_link(graph, a_city, b_city, p), s.loco[p]) - now
                if gain <= 0:
                    continue
                part = path if len(path) - 2 <= tiles else path[:tiles + 2]
                action = {"type": "build", "player": p, "path": [s.board.hex_names[h] for h in part]}
                try:
                    plan = track.check_build(_rich(s, p), p, action)
                except IllegalAction:
                    continue
                worth = 0.9 * gain * (1.0 if part is path else 0.8) - cost / MONEY_PER_VP
                out.append((worth, 2, action, plan.cost))
        return out

    def _paths(self, s, origin, last, pointer, limit) -> list:
        """Cheapest tile paths (cost by the rules, at most ``limit`` tiles) from a city (or
        from an unfinished link's end) into other cities: ``(city hex, path, cost)``."""
        b = s.board
        rules = s.rules
        if last is None:
            first = [(rules.TILE + (rules.MOUNTAIN if b.mountain[t] else 0) + track.crossing(s, origin, t), t)
                     for t, _ in b.adj[origin] if not b.is_city[t] and t not in s.tiles]
            prefix = [origin]
        else:
            first = [(rules.TILE + (rules.MOUNTAIN if b.mountain[pointer] else 0) + track.crossing(s, last, pointer),
                      pointer)] if not b.is_city[pointer] and pointer not in s.tiles else []
            prefix = [last]
        best: dict = {}
        heap = [(c, 1, [*prefix, t]) for c, t in first]
        heapq.heapify(heap)
        out = []
        seen_city = set()
        while heap:
            cost, n, path = heapq.heappop(heap)
            h = path[-1]
            if best.get(h, (1 << 30, 99))[1] <= n and best.get(h, (1 << 30,))[0] <= cost:
                continue
            best[h] = (cost, n)
            for nb, _ in b.adj[h]:
                if nb in path or nb == origin:
                    continue
                step = track.crossing(s, h, nb)
                if b.is_city[nb]:
                    if nb not in seen_city:
                        seen_city.add(nb)
                        out.append((nb, [*path, nb], cost + step))
                elif n < limit and nb not in s.tiles:
                    c = cost + step + rules.TILE + (rules.MOUNTAIN if b.mountain[nb] else 0)
                    heapq.heappush(heap, (c, n + 1, [*path, nb]))
        return out


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
        self._s = s
        self.money = [1 << 40 if q == p else m for q, m in enumerate(s.money)]

    def __getattr__(self, name):
        return getattr(self._s, name)


def _rich(s, p):
    return _Rich(s, p)
