"""What a Dampfross-family state shows: the summary of ``mapkit replay``, the race being
played, and the family's part of the generic front-end view (:meth:`State.view`).

The summary's shape is a contract (``docs/engine.md``): ``phase``, ``current_player``,
``players`` (seat, name, account, start, track), ``races`` (one result per race),
``race_no``, ``used_numbers``, ``unconnected_cities``, ``current_race`` while a race is on,
``winners`` and ``end`` at the end. Special races add ``special`` and ``finish`` to their
result, ferries a ``ferries`` list per player (when the map has ferries).
"""

from __future__ import annotations

from .race import SEA

__all__ = ["summary", "summary_lines", "race_view", "details"]

MESSAGES_SHOWN = 30


def summary(s) -> dict:
    b = s.board
    players = []
    for p in range(s.num_players):
        entry = {"seat": p, "name": s.players[p], "account": s.money.accounts[p],
                 "start": b.cities[s.start_city[p]].name if s.start_city[p] is not None else None,
                 "track": s.track_names(p)}
        if b.ferries and any(p in own for own in s.ferry_owners):
            entry["ferries"] = s.ferries_of(p)
        players.append(entry)
    out = {
        "phase": s.phase,
        "current_player": s.current_player(),
        "players": players,
        "races": [dict(r) for r in s.results],
        "race_no": s.race_no,
        "used_numbers": sorted(n for n, c in s.table.used.items() if c),
        "unconnected_cities": sorted(b.cities[c].name for c in s.must_connect - s.reached),
    }
    r = s.current
    if s.phase == "race" and r is not None and not r.finished:
        out["current_race"] = race_view(s)
    if s.is_terminal():
        out["winners"] = [s.players[p] for p in s.winners_]
        out["end"] = s.end_reason
    return out


def _stop_name(b, h: int) -> str:
    return "at sea" if h == SEA else b.hex_names[h]


def race_view(s) -> dict | None:
    """The race being drawn, declared or run: cities, routes, train positions, places."""
    r = s.current
    if r is None:
        return None
    b = s.board
    names = s.players
    out = {
        "race": r.no, "stage": r.stage, "roller": names[r.roller],
        "start": r.start, "start_city": b.cities[r.start_city].name if r.start_city is not None else None,
        "target": r.target,
        "target_city": r.target_name if r.special else (b.cities[r.target_city].name
                                                        if r.target_city is not None else None),
        "rejected": [dict(x) for x in r.rejected],
        "routes": {names[p]: [b.hex_names[h] for h in d["route"]] for p, d in r.decl.items() if "route" in d},
        "racers": [[names[m] for m in r.members[p]] for p in r.trains],
        "positions": {names[p]: _stop_name(b, r.decl[p]["stops"][i]) for p, i in r.pos.items()},
        "places": [[names[m] for m in r.members[p]] for p in r.places],
    }
    if r.special:
        out["special"] = True
        out["target_hexes"] = sorted(b.hex_names[h] for h in r.target_hexes)
    return out


def details(s, seat: int | None) -> dict:
    """The family's part of :meth:`~mapkit.engine.state.State.view`."""
    b = s.board
    players = []
    for p in range(s.num_players):
        start = s.start_city[p]
        entry = {"seat": p, "name": s.players[p], "money": s.money.accounts[p], "account": s.money.accounts[p],
                 "start": b.cities[start].name if start is not None else None,
                 "pieces": len(s.net.track[p]), "ferries": s.ferries_of(p)}
        if s.step == "secret_start" and p in s.secret:
            # a secret start choice is shown to its writer only
            entry["chosen"] = b.cities[s.secret[p]].name if seat == p else True
        players.append(entry)
    board = {"track": [{"edge": b.edge_names[e], "owners": list(o)} for e, o in sorted(s.net.edge_owners.items())],
             "ferries": [{"name": f.name, "port": b.hex_names[f.port], "to": b.hex_names[f.to],
                          "owners": list(own)} for f, own in zip(b.ferries, s.ferry_owners, strict=False)],
             "starts": [b.hex_names[h] if h is not None else None for h in s.starts],
             "pawns": _pawns(s),
             "connected_cities": sorted(b.cities[c].name for c in s.reached)}
    turn = {"round": s.round_no + 1, "points": s.points, "budget": s.budget, "race_no": s.race_no,
            "stage": s.stage, "may_declare_end": s.may_declare_end(), "timer": s.rules.turn_timer(),
            "elapsed": round(s.decision_elapsed(), 1)}
    return {"players": players, "board": board, "race": race_view(s), "period": period(s), "turn": turn,
            "results": [dict(r) for r in s.results], "ledger": [list(e) for e in s.money.entries[-MESSAGES_SHOWN:]],
            "messages": list(s.messages[-MESSAGES_SHOWN:])}


def period(s) -> dict | None:
    """The part of the game being played, named neutrally (:mod:`mapkit.engine.view`): the
    setting up (the order, the start cities), a building round, a race, the end."""
    if s.phase == "race" and s.current is not None:
        return {"kind": "race", "number": s.current.no, "stage": s.current.stage}
    if s.phase == "build":
        return {"kind": "round", "number": s.round_no + 1}
    return {"kind": "setup" if s.phase in ("order", "start") else s.phase, "number": None}


def _pawns(s) -> list:
    """Start cities, and the trains of a race being run, as pawns on hexes."""
    b = s.board
    out = [{"hex": b.hex_names[h], "seat": p, "kind": "start"} for p, h in enumerate(s.starts) if h is not None]
    r = s.current
    if s.phase == "race" and r is not None and not r.finished:
        for p, i in sorted(r.pos.items()):
            h = r.decl[p]["stops"][i]
            if h != SEA:        # on a ferry: no hex of the board to stand on
                out.append({"hex": b.hex_names[h], "seat": p, "kind": "train"})
    return out


def summary_lines(s: dict) -> list:
    """The :func:`summary` as text for ``mapkit replay``: each player's account, start and
    track, each race's places and prizes, the winners."""
    lines = []
    for pl in s["players"]:
        start = f", start {pl['start']}" if pl["start"] else ""
        lines.append(f"{pl['name']}: account {pl['account']}{start}, {len(pl['track'])} pieces"
                     + (f": {' '.join(pl['track'])}" if pl["track"] else ""))
    for r in s["races"]:
        head = f"race {r['race']}: {r['start']} {r['start_city']} -> {r['target']} {r['target_city']}"
        if not r["racers"]:
            lines.append(f"{head}: nobody raced")
            continue
        places = ", ".join(f"{i}. {'+'.join(p)}" for i, p in enumerate(r["places"], 1))
        prizes = ", ".join(f"{k} {v}" for k, v in r["prizes"].items())
        lines.append(f"{head}: {places}" + (f" (prizes: {prizes})" if prizes else ""))
    if s["phase"] == "over":
        lines.append("winner: " + ", ".join(s["winners"]))
    return lines
