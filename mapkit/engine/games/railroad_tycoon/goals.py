"""What the cards reward in Railroad Tycoon: the green-circle and S cards' goals (scored by the
first to meet them), the task cards (scored at the end) and the final score.

A green card laid out when its goal has been met already (the seed): if one player has met
it he scores it at once, if several have, nobody does; either way the card is discarded and
its place stays empty until the next refill. A "most ..." or "fewest ..." task is met by
every player tied for it (decided). The final score is VP minus shares issued plus the task
card; a tie goes to more links, then more money, else the tied share the win.
"""

from __future__ import annotations

from ....i18n import N_
from ....i18n.said import said
from .cards import CARDS, TASKS
from .track import owned_links

__all__ = ["met_by", "claim_goals", "lay_out", "task_points", "final_scores", "rank", "longest_chain",
           "chained"]


def _own_graph(s, p) -> dict:
    g: dict = {}
    for lid, a, b in owned_links(s, p):
        g.setdefault(a, []).append((b, lid))
        g.setdefault(b, []).append((a, lid))
    return g


def chained(s, p: int, a: int | None, b: int | None) -> bool:
    """Whether ``p``'s own links join cities ``a`` and ``b`` (city indices)."""
    if a is None or b is None:
        return False
    g = _own_graph(s, p)
    seen = {a}
    todo = [a]
    while todo:
        c = todo.pop()
        for n, _ in g.get(c, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return b in seen


def longest_chain(s, p: int) -> int:
    """The most own links in one chain that visits no city twice."""
    g = _own_graph(s, p)
    best = 0

    def walk(c, seen, n):
        nonlocal best
        best = max(best, n)
        for nxt, _ in g.get(c, ()):
            if nxt not in seen:
                walk(nxt, seen | {nxt}, n + 1)
    for c in g:
        walk(c, {c}, 0)
    return best


def met_by(s, card_id: str) -> set:
    """The players who have met the goal of a green or S card."""
    card = CARDS[card_id]
    cc = s.rt.card_city
    seats = range(s.num_players)
    if card_id.startswith("connect"):
        a, b = (cc.get(x) for x in card.cities)
        out = {p for p in seats if chained(s, p, a, b)}
        if card_id.startswith("connect-western"):
            out &= set(s.western.values())
        return out
    if card_id.startswith("first:"):
        city = cc.get(card.cities[0])
        return {d[0] for d in s.deliveries if d[2] == city}
    if card_id == "s:first-delivery":
        return {d[0] for d in s.deliveries}
    if card_id == "s:three-links":
        return {d[0] for d in s.deliveries if d[4] >= 3}
    if card_id == "s:loco4":
        return {p for p in seats if s.loco[p] >= 4}
    return set()


def _score(s, p: int, card_id: str) -> None:
    card = CARDS[card_id]
    s.vp.pay(-1, p, card.points, said(N_("card {card}"), f"card {card_id}", card=card.title))
    s.say(N_("{player} meets '{card}': {n} VP"), player=s.players[p], card=card.title, n=card.points)


def claim_goals(s, actor: int) -> None:
    """After an action: the laid-out green and S cards whose goal ``actor`` now meets are his."""
    for card_id in list(s.display):
        if CARDS[card_id].kind in ("green", "s") and actor in met_by(s, card_id):
            _score(s, actor, card_id)
            s.display = [c for c in s.display if c != card_id]
            s.discarded.append(card_id)


def lay_out(s, card_id: str) -> None:
    """A card drawn to the table: a green card whose goal was met before is scored (by one
    player) or discarded (several) at once."""
    if CARDS[card_id].kind in ("green", "s"):
        who = met_by(s, card_id)
        if who:
            if len(who) == 1:
                _score(s, next(iter(who)), card_id)
            else:
                s.say(N_("'{card}' was met before it was laid out, by several: discarded"),
                      card=CARDS[card_id].title)
            s.discarded.append(card_id)
            return
    s.display = s.display + [card_id]


def _links(s, p) -> int:
    return len(owned_links(s, p))


def task_points(s, p: int) -> int:
    """What ``p``'s task card is worth at the end."""
    task_id = s.task[p]
    if task_id is None:
        return 0
    t = TASKS[task_id]
    seats = range(s.num_players)
    cc = s.rt.card_city
    goal = t.goal
    if goal == "chain":
        ok = chained(s, p, cc.get(t.cities[0]), cc.get(t.cities[1]))
    elif goal == "most-links":
        ok = _links(s, p) > 0 and _links(s, p) == max(_links(s, q) for q in seats)
    elif goal == "longest-chain":
        mine = longest_chain(s, p)
        ok = mine > 0 and mine == max(longest_chain(s, q) for q in seats)
    elif goal == "loco6":
        ok = s.loco6_first == p
    elif goal == "most-money":
        ok = s.money[p] == max(s.money)
    elif goal == "fewest-shares":
        ok = s.shares[p] == min(s.shares)
    elif goal == "western":
        ok = p in s.western.values()
    elif goal == "chicago":
        chicago = cc.get("Chicago")
        return t.points * sum(1 for _, a, b in owned_links(s, p) if chicago in (a, b))
    else:
        ok = False
    return t.points if ok else 0


def final_scores(s) -> list:
    """Per seat: VP minus shares plus the task card."""
    return [s.vp.accounts[p] - s.shares[p] + task_points(s, p) for p in range(s.num_players)]


def rank(s) -> list:
    """The winners: the best final score, then more links, then more money."""
    scores = final_scores(s)
    key = [(scores[p], _links(s, p), s.money[p]) for p in range(s.num_players)]
    best = max(key)
    return [p for p in range(s.num_players) if key[p] == best]
