"""Buying ferry lines (docs/rules.md, Options): who may buy which line now, and the purchase.

A line is bought in one's own turn (the build step or the building after a race), from a port
the buyer's network reaches, one line per port, up to the map's limit; it joins the line's
landing to his network (:func:`~.listing.track_changed` prices his frontier there again).
"""

from __future__ import annotations

from ...errors import IllegalAction
from ...ledger import BANK
from .listing import track_changed
from ....i18n import N_
from ....i18n.said import said
from ....wording import who

__all__ = ["ferries_to_buy", "act_ferry"]


def _ferry_refusal(s, p: int, k: int) -> str | None:
    f = s.board.ferries[k]
    own = [j for j, o in enumerate(s.ferry_owners) if p in o]
    if k in own:
        return f"you already own the {f.name} line"
    if len(own) >= s.board.ferry_limit:
        return f"a player may own {s.board.ferry_limit} ferry line(s) of this map; you have {len(own)}"
    if any(s.board.ferries[j].port == f.port for j in own):
        return f"you already own a line from {s.board.cities[f.city].name}; lines leave from different ports"
    if f.port not in s.net.nodes[p]:
        return f"your network does not reach {s.board.cities[f.city].name}, the port of this line"
    if s.money.accounts[p] < f.cost:
        return f"the line costs {f.cost}; you have {s.money.accounts[p]} on the account"
    return None


def ferries_to_buy(s, p: int) -> list:
    """Indices of the ferry lines player ``p`` may buy now."""
    if not s.board.ferries or not s.rules.ferries() or s.step not in ("build", "post_build") or s.joint:
        return []
    return [k for k in range(len(s.board.ferries)) if _ferry_refusal(s, p, k) is None]


def act_ferry(s, p: int, action: dict):
    board = s.board
    if not s.rules.ferries() or not board.ferries:
        raise IllegalAction("ferry.off", "no ferries are played" + ("" if board.ferries else " on this map")
                            + " (option ferries, docs/rules.md, Options)")
    if s.joint:
        raise IllegalAction("ferry.not-now", "a ferry line is bought in one's own turn, not on a joint track")
    ref = action.get("ferry")
    names = [f.name for f in board.ferries]
    k = next((i for i, n in enumerate(names) if isinstance(ref, str) and n.casefold() == ref.casefold()), None)
    if k is None:
        raise IllegalAction("ferry.name", f"{ref!r} is not a ferry line of this map (lines: {', '.join(names)})")
    why = _ferry_refusal(s, p, k)
    if why:
        raise IllegalAction("ferry.rule", f"{names[k]}: {why} (docs/rules.md, Options)")

    def plan():
        f = board.ferries[k]
        s.pay(p, BANK, f.cost, said(N_("ferry {line}"), line=f.name))
        s.ferry_owners[k] = s.ferry_owners[k] + (p,)
        s.net.add_node(p, f.to)
        track_changed(s, (f.to,), (p,))
        if s.step == "post_build":
            s.budget = min(s.budget, s.money.accounts[p])
        s.say(N_("{player} buys the ferry line {line}"), f"{who(s.players[p], 'buy')} the ferry line {f.name}",
              player=s.players[p], line=f.name)
    return {"type": "ferry", "player": p, "ferry": names[k]}, plan
