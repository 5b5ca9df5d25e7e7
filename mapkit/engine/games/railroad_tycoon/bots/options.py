"""The moves worth considering in a Railroad Tycoon position, with their figures: what
``easy`` chooses among, ``strong`` searches and ``hint`` lists
(:meth:`~mapkit.engine.family.GameFamily.move_options`). Read from the seat's own cards and
the public board only.

Each action is valued in VP as the greedy bot values it (:mod:`.greedy`), with its parts:
``VP`` (the points it brings now: a delivery's own links and hotel; a link or locomotive by
how much more the best delivery would bring once it stands), ``income`` (what those points
add to the income paid each round) and ``money`` (its price, in thousands). The score is the
VP less the money at the greedy bot's rate (20000 a VP). A laid-out card is worth the greedy
bot's small fixed figure; in the auction, a pass and the lowest bid.
"""

from __future__ import annotations

from .....i18n import N_
from ....bots.moves import Candidate, listed
from ....errors import IllegalAction
from .. import deliver, track
from ..cards import CARDS
from .greedy import CARD_WORTH, MONEY_PER_VP, GreedyBot, best_value, goods_known, through_value

__all__ = ["move_options", "LIMIT"]

LIMIT = 6
VP, INCOME, MONEY = N_("VP"), N_("income"), N_("money")


def move_options(state, seed: int = 0) -> list:
    """The moves worth considering for the player to move, best first, the greedy bot's (with
    ``seed``) marked; [] when nobody is to move."""
    return listed(state, seed, GreedyBot, _moves, LIMIT)


def _moves(state, p: int, first: dict, bot) -> list:
    if state.step == "act":
        return _actions(state, p)
    if state.step == "auction":
        return [Candidate(a, 0.0, (), N_("pass") if a["type"] == "pass" else N_("bid {amount}"),
                          (("amount", a.get("amount")),)) for a in state.legal_actions()[:2] if a["type"] != "issue"]
    return []


def _candidate(s, p: int, action: dict, vp: float, price: int, what: str, args: tuple = ()) -> Candidate:
    """The candidate of ``action`` worth ``vp`` for ``price``; when the money does not cover
    the price, its first step, the shares that pay for it (as the greedy bot plays it)."""
    if price > s.money[p]:
        action = {"type": "issue", "player": p, "count": -(-(price - s.money[p]) // s.rules.SHARE)}
    vp_now = s.vp.accounts[p]
    gain = s.rules.income(vp_now + round(vp)) - s.rules.income(vp_now)
    parts = ((VP, vp), (INCOME, gain / 1000), (MONEY, -price / 1000))
    return Candidate(action, vp - price / MONEY_PER_VP, parts, what, args)


def _actions(s, p: int) -> list:
    out = [Candidate({"type": "pass", "player": p}, 0.0, (), N_("pass"))]
    graph = deliver.city_links(s)
    known = goods_known(s)
    now = best_value(s, p, graph, s.loco[p], known)
    for a in deliver.delivery_options(s, p):
        owners = [s.links[lid]["owner"] for lid in a["links"]]
        out.append(_candidate(s, p, a, owners.count(p), 0, N_("deliver {colour} from {city}"),
                              (("colour", a["colour"]), ("city", a["from"]))))
    if s.loco[p] < s.rules.MAX_LOCO:
        gain = best_value(s, p, graph, s.loco[p] + 1, known) - now
        a = {"type": "loco", "player": p}
        out.append(_candidate(s, p, a, gain, s.rules.loco_price(s.loco[p] + 1), N_("a locomotive")))
    for card in s.display:
        kind = CARDS[card].kind
        if kind not in ("green", "s"):
            worth = CARD_WORTH.get(card, CARD_WORTH.get(kind, 0.2))
            out.append(Candidate({"type": "take", "player": p, "card": card}, worth, ((VP, worth),),
                                 N_("take {card}"), (("card", CARDS[card].title),)))
    out += _links(s, p, graph, now, known)
    return out


def _links(s, p: int, graph, now: float, known) -> list:
    """One-tile builds that finish a link between two cities (the listed legal builds), valued
    by the best delivery over the new link."""
    b = s.board
    out = []
    for a in track.build_options(s, p):
        path = [b.hex_id(h) for h in a["path"]]
        ends = (b.city_at.get(path[0]), b.city_at.get(path[-1]))
        if None in ends or ends[0] == ends[1]:
            continue
        value = through_value(s, p, graph, s.loco[p], ends[0], ends[1], known)
        if value <= now:
            continue
        try:
            price = track.check_build(s, p, a).cost
        except IllegalAction:
            continue
        out.append(_candidate(s, p, a, value - now, price, N_("link {a} and {b}"),
                              (("a", b.cities[ends[0]].name), ("b", b.cities[ends[1]].name))))
    return out
