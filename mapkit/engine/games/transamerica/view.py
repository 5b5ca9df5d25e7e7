"""What a TransAmerica state shows: the summary of ``mapkit replay`` and the family's part of
the generic front-end view (:meth:`~mapkit.engine.state.State.view`).

Secrets: a player's city cards are shown to him alone (to everybody under the open-hand
variant, and to all once the game is over); a card passed on is known to its giver and its
receiver only; Mission TA's top card shows its colour, not its city. A spectator (no seat)
sees what is public.
"""

from __future__ import annotations

from .cards import board_cards

__all__ = ["summary", "summary_lines", "details", "MESSAGES_SHOWN"]

MESSAGES_SHOWN = 30


def _sees_hand(s, seat, p) -> bool:
    return seat == p or s.has("open_hand") or s.is_terminal()


def _players(s, seat) -> list:
    b = s.board
    t = s.tables
    cards = board_cards(b)
    out = []
    for p, name in enumerate(s.players):
        mark = s.net.markers.get(p)
        entry = {"seat": p, "name": name, "score": s.scores[p], "money": None, "account": s.scores[p],
                 "marker": b.hex_names[s.net.hex_of(mark)] if mark is not None else None,
                 "cards": len(s.hands[p]), "changer": p in s.changer, "out": p in s.out,
                 "network": sorted(s.net.seats_with(p))}
        if _sees_hand(s, seat, p):
            net = s.net.network_hexes(p)
            entry["hand"] = [{"city": cards[k].name, "colour": t.colours[t.card_colour[k]],
                              "hex": b.hex_names[cards[k].hex], "joined": cards[k].hex in net} for k in s.hands[p]]
        if s.rules.mission():
            entry["laid"] = [cards[k].name for k in s.laid[p]]
        out.append(entry)
    return out


def _board(s) -> dict:
    b = s.board
    net = s.net
    track = []
    for e, (x, _) in sorted(net.pieces.items()):
        root = net.find(x)
        track.append({"edge": b.edge_names[e], "owners": [],
                      "network": sorted(q for q, m in net.markers.items() if net.find(m) == root),
                      "double": s.tables.size[e] == 2})
    return {"track": track,
            "markers": {s.players[p]: b.hex_names[net.hex_of(x)] for p, x in sorted(net.markers.items())},
            "pawns": [{"hex": b.hex_names[net.hex_of(x)], "seat": p, "kind": "marker"}
                      for p, x in sorted(net.markers.items())],
            "blocked": sorted(b.edge_names[e] for e in s.blocked),
            "closed": [s.card_name(k) for k in s.closed],
            "opened": sorted(b.hex_names[h] for h in s.opened)}


def _round(s) -> dict:
    t = s.tables
    p = s.turn_player
    out = {"round": s.round_no, "start_player": s.players[s.round_first] if s.round_first is not None else None,
           "turn_player": s.players[p] if p is not None else None, "pieces_used": s.used,
           "pieces_left": s.pieces_left(), "barrier": s.barrier, "variants": sorted(s.variants),
           "maturita": s.choice}
    if p is not None and s.step == "build":
        singles = s.rules.singles_per_turn(p in s.changer)
        out["singles_left"] = 0 if s.turn_double else singles - s.turn_singles
        out["double_allowed"] = not s.turn_singles and not s.turn_double
    if s.colour is not None:
        out["colour"] = t.colours[s.colour]
    if s.rules.mission():
        out["top_colour"] = t.colours[t.card_colour[s.top]] if s.top is not None else None
        out["deck"] = len(s.deck) + (s.top is not None)
    return out


def details(s, seat) -> dict:
    """The family's part of the generic view, for ``seat`` (None: a spectator)."""
    period = {"kind": "round", "number": s.round_no} if s.round_no else None
    return {"players": _players(s, seat), "board": _board(s), "race": None, "round": _round(s), "period": period,
            "results": [dict(r) for r in s.results], "ledger": [list(e) for e in s.score.entries[-MESSAGES_SHOWN:]],
            "messages": list(s.messages[-MESSAGES_SHOWN:])}


def summary(s) -> dict:
    """The public state as JSON (``mapkit replay``): phase, scores, markers, track, rounds."""
    b = s.board
    out = {
        "phase": s.phase,
        "step": s.step,
        "current_player": s.current_player(),
        "round": s.round_no,
        "barrier": s.barrier,
        "players": [{"seat": p, "name": n, "score": s.scores[p], "out": p in s.out,
                     "marker": b.hex_names[s.net.hex_of(s.net.markers[p])] if p in s.net.markers else None}
                    for p, n in enumerate(s.players)],
        "track": s.track_names(),
        "rounds": [dict(r) for r in s.results],
    }
    if s.is_terminal():
        out["winners"] = [s.players[p] for p in s.winners_]
        out["end"] = s.end_reason
    return out


def summary_lines(s: dict) -> list:
    """The :func:`summary` as text for ``mapkit replay``: scores, markers, each round's end and
    points lost, the winners."""
    lines = [f"round {s['round']}; the barrier: at {s['barrier']} or below; {len(s['track'])} pieces on the board"]
    for pl in s["players"]:
        lines.append(f"{pl['name']}: score {pl['score']}" + (f", marker {pl['marker']}" if pl["marker"] else "")
                     + (" (out)" if pl["out"] else ""))
    for r in s["rounds"]:
        lost = ", ".join(f"{n} {v}" for n, v in r["lost"].items())
        lines.append(f"round {r['round']} ({r['end']}; {r['pieces']} pieces): lost {lost or 'nothing'}")
    if s["phase"] == "over":
        lines.append("winner: " + ", ".join(s["winners"]))
    return lines
