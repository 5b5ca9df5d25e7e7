"""What a Railroad Tycoon state shows: the family's part of the generic view (the core's view
contract, version 2), the summary of ``mapkit replay``, and what one seat may know.

Secrets: a player's task card is his alone until the game is over (in an observation the
others' task cards are a sample of the cards the seat cannot see, and their task draws in the
history lose the card); the view shows other players' held action cards as a count. (The
cards themselves were taken face up from the table, so an observation keeps them.)
"""

from __future__ import annotations

from ...state import Log
from .cards import CARDS, TASKS

__all__ = ["details", "summary", "summary_lines", "conceal", "MESSAGES_SHOWN"]

MESSAGES_SHOWN = 30


def _players(s, seat) -> list:
    out = []
    for p, name in enumerate(s.players):
        entry = {"seat": p, "name": name, "money": s.money[p], "score": s.vp.accounts[p], "account": s.money[p],
                 "shares": s.shares[p], "loco": s.loco[p]}
        if seat == p or s.is_terminal():
            entry["cards"] = list(s.held[p])
            entry["task"] = s.task[p]
        else:
            entry["cards"] = len(s.held[p])
        if s.is_terminal():
            entry["final"] = s.final[p]
        out.append(entry)
    return out


def _track(s) -> list:
    names = s.board.hex_names
    out = []
    for lid, link in sorted(s.links.items()):
        path = link["path"]
        for i in range(1, len(path) - 1):
            out.append({"hex": names[path[i]], "joins": [names[path[i - 1]], names[path[i + 1]]],
                        "owners": [link["owner"]], "link": lid, "finished": link["done"]})
    return out


def _links(s) -> list:
    names = s.board.hex_names
    return [{"link": lid, "owner": link["owner"], "path": [names[h] for h in link["path"]], "finished": link["done"]}
            for lid, link in sorted(s.links.items())]


def _board(s) -> dict:
    b = s.board
    tokens = []
    cities = []
    for i, c in enumerate(b.cities):
        counts: dict = {}
        for colour in s.goods[i]:
            counts[colour] = counts.get(colour, 0) + 1
        tokens += [{"hex": b.hex_names[c.hex], "kind": "goods", "colour": col, "count": k}
                   for col, k in sorted(counts.items())]
        if i in s.western:
            tokens.append({"hex": b.hex_names[c.hex], "kind": "western_link", "owner": s.western[i]})
        cities.append({"name": c.name, "hex": b.hex_names[c.hex], "colour": s.city_colour(i), "empty": i in s.empty,
                       "founded": i in s.founded})
    return {"track": _track(s), "links": _links(s), "tokens": tokens, "cities": cities,
            "free_build": sorted(b.hex_names[h] for h in s.rt.free_build)}


def _auction(s) -> dict | None:
    a = s.auction
    if not a:
        return None
    return {"active": list(a["active"]), "bid": a["bid"], "leader": a["leader"], "opener": s.opener}


def details(s, seat) -> dict:
    """The family's part of the view, for ``seat`` (None: a spectator)."""
    return {"players": _players(s, seat), "board": _board(s),
            "period": {"kind": "round", "number": s.round_no, "part": s.part, "action": s.action_no + 1},
            "race": None, "auction": _auction(s) if s.part == "auction" else None,
            "cards": [{"card": c, "kind": CARDS[c].kind, "title": CARDS[c].title} for c in s.display],
            "deck": len(s.deck), "bag": dict(s.bag), "empty_to_end": _empty_to_end(s),
            "messages": list(s.messages[-MESSAGES_SHOWN:]),
            "ledger": [list(e) for e in s.ledger.entries[-MESSAGES_SHOWN:]]}


def _empty_to_end(s) -> int:
    from .steps import empty_to_end

    return empty_to_end(s)


def summary(s) -> dict:
    """The public state as JSON (``mapkit replay``)."""
    out = {"phase": s.phase, "step": s.step, "round": s.round_no, "current_player": s.current_player(),
           "empty": len(s.empty),
           "players": [{"seat": p, "name": n, "score": s.vp.accounts[p], "account": s.money[p],
                        "shares": s.shares[p], "loco": s.loco[p],
                        "links": sum(1 for x in s.links.values() if x["owner"] == p and x["done"])}
                       for p, n in enumerate(s.players)],
           "deliveries": len(s.deliveries)}
    if s.is_terminal():
        out["final"] = list(s.final)
        out["tasks"] = [s.task[p] for p in range(s.num_players)]
        out["winners"] = [s.players[p] for p in s.winners_]
        out["end"] = s.end_reason
    return out


def summary_lines(sm: dict) -> list:
    lines = [f"round {sm['round']}; {sm['empty']} cities empty; {sm['deliveries']} deliveries"]
    for k, pl in enumerate(sm["players"]):
        line = (f"{pl['name']}: VP {pl['score']}, money {pl['account']}, shares {pl['shares']}, loco {pl['loco']}, "
                f"{pl['links']} links")
        if "final" in sm:
            task = sm["tasks"][k]
            line += f"; final {sm['final'][k]} (task {TASKS[task].title if task else 'none'})"
        lines.append(line)
    if sm["phase"] == "over":
        lines.append(f"winner: {', '.join(sm['winners'])} ({sm['end']})")
    return lines


def conceal(s, seat, rng) -> None:
    """Replace the task cards ``seat`` may not see by a sample (see the notes)."""
    if s.is_terminal():
        return
    hidden = [q for q in range(s.num_players) if q != seat and s.task[q] is not None]
    if not hidden:
        return
    pool = sorted(set(s.tasks_left) | {s.task[q] for q in hidden})
    rng.shuffle(pool)
    task = list(s.task)
    for q in hidden:
        task[q] = pool.pop()
    s.task = task
    s.tasks_left = sorted(pool)
    history = Log(s.history)
    for i, a in enumerate(history):
        if a["type"] == "task" and a.get("player") != seat and "card" in a:
            history[i] = {"type": "task", "player": a["player"]}
    s.history = history
