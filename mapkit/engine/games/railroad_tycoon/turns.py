"""The action phase of a Railroad Tycoon round: three actions each, one at a time in turn from
the first player (docs/rules.md, Railroad Tycoon), and the choices some cards ask for.

Actions: take an action card, build, deliver, buy the next locomotive, found a city, buy the
Western Link, or pass (decided: a player may give up an action). Shares may be issued at any
time of one's turn without using an action. After each action the actor scores the green and
S cards whose goal he now meets. The two-actions card gives its taker two more actions at once.

Refusals (besides :mod:`.track`'s and :mod:`.deliver`'s): ``take.card``, ``loco.max``,
``loco.money``, ``found.city``, ``found.colour``, ``found.money``, ``western.city``,
``western.track``, ``western.money``, ``place.city``.
"""

from __future__ import annotations

from ....i18n import N_
from ....i18n.said import said, said_list
from ...errors import IllegalAction
from ...steps import Step
from . import deliver, goals, track
from .cards import CARDS, HELD_KINDS
from .mapdata import GOODS_COLOURS
from .steps import add_goods, empty_to_end, income, issue, run_draws

__all__ = ["ActStep", "ChooseStep", "end_action"]

RULES = "docs/rules.md, Railroad Tycoon"


def end_action(s) -> None:
    """The actor's action is over: his goals, then the next action (or income)."""
    actor = s.order[s.turn]
    goals.claim_goals(s, actor)
    s.pending = {}
    if s.extra:
        s.extra -= 1
        s.go("act")
        return
    s.turn += 1
    if s.turn == len(s.order):
        s.turn = 0
        s.action_no += 1
        if s.action_no == s.rules.ACTIONS:
            income(s)
            return
    s.go("act")


def _found_options(s, p) -> list:
    cities = [i for i in range(len(s.board.cities)) if s.rt.colour[i] == "grey" and i not in s.founded]
    colours = [c for c in GOODS_COLOURS if s.city_tiles.get(c, 0) > 0]
    return [{"type": "found", "player": p, "city": s.city_name(i), "colour": c} for i in cities for c in colours]


def _western_ok(s, p, city: int) -> None:
    if city not in s.rt.western or city in s.western:
        raise IllegalAction("western.city", f"{s.city_name(city)} is no Western Link city free to link ({RULES})")
    hexes = s.board.cities[city].hex
    if not any(link["owner"] == p and link["done"] and hexes in (link["path"][0], link["path"][-1])
               for link in s.links.values()):
        raise IllegalAction("western.track", f"the Western Link needs one's own link into {s.city_name(city)} "
                                             f"({RULES})")
    if s.money[p] < s.rules.WESTERN:
        raise IllegalAction("western.money", f"the Western Link costs {s.rules.WESTERN} (issue shares first)")


class ActStep(Step):
    """One action of the player to move."""

    name = "act"
    label = N_("actions")
    phase = "play"
    stage = "actions"

    def decider(self, s):
        return s.order[s.turn]

    def legal_actions(self, s, p):
        out = [{"type": "pass", "player": p}, {"type": "issue", "player": p, "count": 1}]
        out += [{"type": "take", "player": p, "card": c} for c in s.display if CARDS[c].kind not in ("green", "s")]
        out += deliver.delivery_options(s, p)
        out += track.build_options(s, p)
        if s.loco[p] < s.rules.MAX_LOCO and s.money[p] >= s.rules.loco_price(s.loco[p] + 1):
            out.append({"type": "loco", "player": p})
        if s.money[p] >= s.rules.FOUND:
            out += _found_options(s, p)
        for city in s.rt.western:
            try:
                _western_ok(s, p, city)
            except IllegalAction:
                continue
            out.append({"type": "western", "player": p, "city": s.city_name(city)})
        return out

    def act_issue(self, s, p, action):
        return issue(s, p, action)

    def act_pass(self, s, p, action):
        def go():
            s.say(N_("{player} passes an action"), player=s.players[p])
            end_action(s)
        return {"type": "pass", "player": p}, go

    def act_take(self, s, p, action):
        card = action.get("card")
        if card not in s.display or CARDS[card].kind in ("green", "s"):
            raise IllegalAction("take.card", f"{card!r} is not a laid-out card that may be taken ({RULES})")

        def go():
            s.display = [c for c in s.display if c != card]
            s.say(N_("{player} takes '{card}'"), player=s.players[p], card=CARDS[card].title)
            kind = CARDS[card].kind
            if kind in HELD_KINDS:
                s.held[p] = s.held[p] + [card]
                end_action(s)
                return
            s.discarded.append(card)
            if card == "two-actions":
                s.extra += s.rules.EXTRA_ACTIONS
                end_action(s)
            elif card == "two-goods":
                s.draws = s.draws + [{"kind": "loose"}] * s.rules.TWO_GOODS
                s.after = "place"
                run_draws(s)
            elif _found_options(s, p):
                s.pending = {"kind": "found", "player": p}
                s.go("choose")
            else:
                end_action(s)
        return {"type": "take", "player": p, "card": card}, go

    def act_build(self, s, p, action):
        plan = track.check_build(s, p, action)

        def go():
            lid = track.apply_build(s, plan)
            link = s.links[lid]
            s.say(N_("{player} builds {n} tile(s) for {cost}: link {link}") if link["done"]
                  else N_("{player} builds {n} tile(s) for {cost}: unfinished link {link}"),
                  player=s.players[p], n=len(plan.tiles), cost=plan.cost, link=lid)
            end_action(s)
        out = {"type": "build", "player": p, "path": plan.names}
        if plan.free:
            out["free"] = True
        return out, go

    def act_deliver(self, s, p, action):
        d = deliver.check_deliver(s, p, action)

        def go():
            _deliver(s, d)
        return {"type": "deliver", "player": p, "from": s.city_name(d.cities[0]), "colour": d.colour,
                "links": list(d.links)}, go

    def act_loco(self, s, p, action):
        level = s.loco[p] + 1
        if level > s.rules.MAX_LOCO:
            raise IllegalAction("loco.max", f"locomotive {s.rules.MAX_LOCO} is the last ({RULES})")
        price = s.rules.loco_price(level)
        if price > s.money[p]:
            raise IllegalAction("loco.money", f"locomotive {level} costs {price} (issue shares first, {RULES})")

        def go():
            s.ledger.pay(p, -1, price, said(N_("locomotive {n}"), n=level))
            s.loco[p] = level
            if level == 6 and s.loco6_first is None:
                s.loco6_first = p
            s.say(N_("{player} buys locomotive {n}"), player=s.players[p], n=level)
            end_action(s)
        return {"type": "loco", "player": p}, go

    def act_found(self, s, p, action):
        return _found(s, p, action, free=False)

    def act_western(self, s, p, action):
        city = s.city_ref(action.get("city"))
        _western_ok(s, p, city)

        def go():
            s.ledger.pay(p, -1, s.rules.WESTERN, said(N_("Western Link")))
            s.western = {**s.western, city: p}
            k = min(s.rules.WESTERN_GOODS, s.bag.get("red", 0))
            s.bag = {**s.bag, "red": s.bag.get("red", 0) - k}
            add_goods(s, city, ["red"] * k)
            s.western_goods = {**s.western_goods, city: s.western_goods.get(city, 0) + k}
            s.say(N_("{player} buys the Western Link at {city}: {n} red goods"), player=s.players[p],
                  city=s.city_name(city), n=k)
            end_action(s)
        return {"type": "western", "player": p, "city": s.city_name(city)}, go


def _found(s, p, action, free: bool):
    city = s.city_ref(action.get("city"))
    colour = action.get("colour")
    if s.rt.colour[city] != "grey" or city in s.founded:
        raise IllegalAction("found.city", f"a city is founded on a grey city, not {s.city_name(city)} ({RULES})")
    if colour not in GOODS_COLOURS or s.city_tiles.get(colour, 0) <= 0:
        raise IllegalAction("found.colour", f"no {colour!r} city tile is left ({RULES})")
    price = 0 if free else s.rules.FOUND
    if price > s.money[p]:
        raise IllegalAction("found.money", f"founding a city costs {price} (issue shares first, {RULES})")

    def go():
        s.ledger.pay(p, -1, price, said(N_("found a city")))
        s.founded = {**s.founded, city: colour}
        s.city_tiles = {**s.city_tiles, colour: s.city_tiles[colour] - 1}
        s.say(N_("{player} founds {city} ({colour})"), player=s.players[p], city=s.city_name(city),
              colour=said(colour))
        s.draws = s.draws + [{"kind": "goods", "city": city}] * s.rules.FOUND_GOODS
        s.after = "end_action"
        run_draws(s)
    return {"type": "found", "player": p, "city": s.city_name(city), "colour": colour}, go


def _deliver(s, d) -> None:
    p = d.player
    origin, dest = d.cities[0], d.cities[-1]
    goods = list(s.goods[origin])
    goods.remove(d.colour)
    s.goods[origin] = goods
    if d.western:
        left = s.western_goods[origin] - 1
        s.western_goods = {k: v for k, v in s.western_goods.items() if k != origin}
        if left:
            s.western_goods[origin] = left
    for owner in d.owners:
        s.vp.pay(-1, owner, 1, said(N_("link")))
    cc = s.rt.card_city
    for q in range(s.num_players):
        for card in s.held[q]:
            if CARDS[card].kind == "hotel" and cc.get(CARDS[card].cities[0]) == dest:
                s.vp.pay(-1, q, 1, said(N_("hotel {city}"), city=s.city_name(dest)))
    s.deliveries.append([p, origin, dest, d.colour, len(d.links)])
    s.say(N_("{player} delivers {colour} from {origin} to {target} over {n} link(s)"), player=s.players[p],
          colour=said(d.colour), origin=s.city_name(origin), target=s.city_name(dest), n=len(d.links))
    if not goods:
        s.empty = s.empty | {origin}
        s.say(N_("{city} is empty ({n} empty)"), city=s.city_name(origin), n=len(s.empty))
        if len(s.empty) >= empty_to_end(s) and not s.ending:
            s.ending = True
            s.say(N_("enough cities are empty: this is the last round"))
    if d.western and dest == cc.get("Chicago"):
        s.draws = s.draws + [{"kind": "goods", "city": dest}] * s.rules.CHICAGO_GOODS
    s.after = "end_action"
    run_draws(s)


class ChooseStep(Step):
    """A card's choice: the city for the two goods, or the city founded for free."""

    name = "choose"
    label = N_("choosing")
    phase = "play"
    stage = "choose"

    def decider(self, s):
        return s.pending["player"]

    def legal_actions(self, s, p):
        if s.pending["kind"] == "found":
            return _found_options(s, p)
        return [{"type": "place", "player": p, "city": c.name} for c in s.board.cities]

    def act_found(self, s, p, action):
        if s.pending["kind"] != "found":
            raise IllegalAction("found.not-now", "the goods are placed now")
        return _found(s, p, action, free=True)

    def act_place(self, s, p, action):
        if s.pending["kind"] != "place":
            raise IllegalAction("place.not-now", "a city is founded now")
        city = s.city_ref(action.get("city"))

        def go():
            add_goods(s, city, s.loose)
            goods = said_list([said(c) for c in s.loose]) if s.loose else said(N_("nothing"))
            s.say(N_("{player} puts {goods} in {city}"), player=s.players[p], goods=goods, city=s.city_name(city))
            s.loose = []
            end_action(s)
        return {"type": "place", "player": p, "city": s.city_name(city)}, go
