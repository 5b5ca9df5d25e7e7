"""The text side of a Dampfross-family game in the terminal (its :class:`~.terminal.DampfrossFront`):
a compact view of the state, one line per action played (with the money it moved) and the
picture's title. The text map of the board is :mod:`mapkit.play.textmap`; the last word of any
game is :func:`mapkit.play.fronts.final_text`.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> m = Map(Grid("pointy", "odd", 6, 2), cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("F2"), (12,))])
>>> g = new_game(m, "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> g.apply({"type": "start", "city": "Aš"})
>>> before = Snapshot(g)
>>> g.apply({"type": "roll", "dice": [2, 3]})
>>> narrate(before, g, g.history[-1])
'Anna rolls 2+3: 5 build points for everybody this round'
>>> before = Snapshot(g)
>>> g.apply({"type": "build", "path": ["A1", "B1", "C1"]})
>>> narrate(before, g, g.history[-1])
'Anna builds A1 B1 C1 (2 points)'
"""

from __future__ import annotations

from .....wording import plural, verb

__all__ = ["Snapshot", "narrate", "status", "prompt_line", "race_line", "title"]


class Snapshot:
    """What :func:`narrate` compares with: accounts, ledger length, race state before an action."""

    def __init__(self, g):
        self.ledger = len(g.ledger)
        self.points = g.points
        self.budget = g.budget
        self.phase = g.phase
        self.stage = g.stage
        self.results = len(g.results)
        self.race = g.race_view() if g.phase == "race" else None
        self.round = g.round_no


def _money(g, since: int) -> str:
    names = g.players
    parts = []
    for src, dst, amount, why in g.ledger[since:]:
        if why.startswith("build ") and src >= 0 and dst < 0:
            continue           # post-race building: shown with the build itself
        if src < 0:
            parts.append(f"{names[dst]} +{amount} ({why})")
        elif dst < 0:
            parts.append(f"{names[src]} -{amount} ({why})")
        else:
            parts.append(f"{names[src]} pays {names[dst]} {amount} ({why})")
    return "; ".join(parts)


def race_line(r: dict) -> str:
    """A finished race in one line."""
    head = f"race {r['race']}: {r['start']} {r['start_city']} -> {r['target']} {r['target_city']}"
    if not r["racers"]:
        return f"{head}: nobody raced"
    places = ", ".join(f"{i}. {'+'.join(p)}" for i, p in enumerate(r["places"], 1))
    prizes = ", ".join(f"{k} {v}" for k, v in r["prizes"].items())
    return f"{head}: {places}" + (f" (prizes: {prizes})" if prizes else "")


def narrate(before: Snapshot, g, a: dict) -> str:
    """One line (sometimes a few) telling what action ``a`` did; ``before`` was taken before it."""
    names = g.players
    t = a["type"]
    who = names[a["player"]] if isinstance(a.get("player"), int) and a["player"] >= 0 else "?"
    out = ""
    if t == "first":
        out = f"{who} {verb(who, 'play')} first"
    elif t == "roll":
        out = _roll_line(before, g, a, who)
    elif t == "start":
        out = (f"{who} {verb(who, 'start')} in {a['city']}" if g.phase != "start"
               else f"{who} {verb(who, 'choose')} a start city (secret)")
        if before.phase == "start" and g.phase != "start":
            starts = ", ".join(f"{names[p]} {g.board.cities[c].name}" for p, c in enumerate(g.start_city)
                               if c is not None)
            out = f"{who} {verb(who, 'choose')} a start city; revealed: {starts}"
    elif t == "build":
        from .moves import action_as_command

        spent = sum(g.piece_cost(e) or 0 for e in a.get("pieces", ()))
        desc = action_as_command(g, a)[len("build "):]
        cost = f" ({plural(spent, 'point')})" if before.stage == "build" else f" (paid {spent})"
        out = f"{who} {verb(who, 'build')} {desc}{cost}"
    elif t == "done":
        out = f"{who} {verb(who, 'end')} the turn"
    elif t == "declare_end":
        out = f"{who} {verb(who, 'declare')} the end of the build phase"
    elif t == "pass":
        out = f"{who} {verb(who, 'do', 'does')} not race"
    elif t == "race":
        out = f"{who} {verb(who, 'race')} {' '.join(a['route'])}"
    elif t == "joint":
        out = f"{who} {verb(who, 'propose')} a joint track to {names[a['with']]} at {a['at']}"
    elif t == "ferry":
        out = f"{who} {verb(who, 'buy')} the ferry line {a['ferry']}"
    elif t == "timeout":
        out = ("Your" if who.strip().lower() == "you" else f"{who}'s") + " time is up"
    elif t == "time_up":
        out = "the agreed time is over: one more race"
    elif t in ("accept", "decline"):
        out = f"{who} {verb(who, t)}"
    money = _money(g, before.ledger)
    if money:
        out += f"; {money}"
    if t != "roll" and len(g.results) > before.results:
        out += "\n" + race_line(g.results[-1])
    if before.phase == "build" and g.phase == "race":
        out += f"\nThe build phase is over ({g.build_end_reason}); the races begin."
    return out


def _roll_line(before: Snapshot, g, a: dict, who: str) -> str:
    """What a roll did: build points, a race number drawn, a special race's target, a train's
    move, or a tie-break."""
    dice = a["dice"]
    ds = "+".join(map(str, dice))
    if before.phase == "build":
        shared = g.options.build_roll == "shared"
        out = (f"{who} {verb(who, 'roll')} {ds}: {plural(sum(dice), 'build point')}"
               + (" for everybody this round" if shared else ""))
    elif before.race is not None and before.race["stage"] in ("draw_start", "draw_target"):
        now = g.race_view() if g.phase == "race" else None
        key = "start" if before.race["stage"] == "draw_start" else "target"
        num = 10 * dice[0] + dice[1]
        if now is not None and now.get(key) is not None and now.get(key) != before.race.get(key):
            out = f"{who} {verb(who, 'draw')} {num}: {key} {now[key]} {now[key + '_city']}"
            if now[key] != num:
                out += f" ({num} is used or missing: the next free number)"
        else:
            rej = (now or {}).get("rejected") or []
            why = rej[-1]["why"] if rej else "drawn again"
            out = f"{who} {verb(who, 'draw')} {num} for the {key}: not possible ({why}), drawn again"
        if g.results and len(g.results) > before.results:
            out += "; " + race_line(g.results[-1])
    elif before.race is not None and before.race["stage"] == "draw_special":
        now = g.race_view() if g.phase == "race" else None
        if now is not None and now.get("target") is not None and now.get("stage") != "draw_special":
            out = (f"{who} {verb(who, 'roll')} {ds}: special race to {now['target_city']} ({now['target']}; finish at "
                   f"any of {', '.join(now.get('target_hexes', []))})")
        else:
            rej = (now or {}).get("rejected") or []
            why = rej[-1]["why"] if rej else "rolled again"
            out = f"{who} {verb(who, 'roll')} {ds} for the special race's target: not possible ({why}), rolled again"
    elif before.race is not None and before.race["stage"] == "run":
        now = g.race_view() if g.phase == "race" else None
        pos = (now or {}).get("positions", {}).get(who) if now else None
        out = f"{who} {verb(who, 'roll')} {dice[0]}" + (f": train at {pos}" if pos else "")
    else:
        out = f"{who} {verb(who, 'roll')} {ds} (tie-break)"
    return out


def status(g, seats=None, me: int | None = None) -> str:
    """The compact view: players, accounts, start cities, networks; the phase and the race."""
    b = g.board
    lines = []
    o = g.options
    if g.phase == "build":
        head = f"Build phase, round {g.round_no + 1}"
        left = sorted(b.cities[c].name for c in range(len(b.cities))
                      if c not in g.reached and b.cities[c].numbers and b.adj[b.cities[c].hex])
        if left:
            more = " ..." if len(left) > 12 else ""
            head += f"; {len(left)} cities without railway: " + ", ".join(left[:12]) + more
    elif g.phase == "race":
        head = f"Race {g.race_no}" + (f" of {o.races}" if o.races else "")
    elif g.phase == "over":
        head = "Game over"
    else:
        head = "Choosing start cities"
    lines.append(f"== {b.name or 'game'} ({g.rules.name}) == {head}")
    cur = g.current_player()
    for p, name in enumerate(g.players):
        kind = f" [{seats[p]}]" if seats and seats[p] != "human" else ""
        start = b.cities[g.start_city[p]].name if g.start_city[p] is not None else "-"
        cities = sum(1 for c in b.cities if c.hex in g.nodes[p])
        mark = ">" if p == cur else " "
        lines.append(f" {mark} {p + 1} {name + kind:<18} account {g.accounts[p]:4d}   start {start:<16} "
                     f"{len(g.track[p]):3d} pieces  {cities:2d} cities")
    race = g.race_status()
    if g.phase == "race" and race is not None and not race.finished:
        v = g.race_view()
        if v.get("start_city"):
            line = f" Race {v['race']}: {v['start']} {v['start_city']}"
            if v.get("target_city"):
                kind = "special race to " if v.get("special") else ""
                line += f" -> {kind}{v['target']} {v['target_city']}"
                line += f" (prizes {g.race_prize(1)} and {g.race_prize(2)})"
            lines.append(line)
        for name, route in v.get("routes", {}).items():
            lines.append(f"   {name} races {' '.join(route)}")
        if v.get("positions"):
            lines.append("   trains: " + ", ".join(f"{n} at {h}" for n, h in v["positions"].items()))
    if g.results:
        lines.append(" last " + race_line(g.results[-1]))
    return "\n".join(lines)


def prompt_line(g) -> str:
    """What the player to move is asked, with the figures he needs."""
    p = g.current_player()
    name = g.players[p]
    st = g.stage
    if st == "start":
        return f"{name}, choose your start city: {', '.join(g.start_options(p))}"
    if st == "build":
        extra = " (you may declare the end of the build phase)" if g.may_declare_end() else ""
        return f"{name}, {g.points} build points left, account {g.accounts[p]}{extra}"
    if st == "post_build":
        return f"{name}, you may build for up to {g.budget} after the race (account {g.accounts[p]})"
    if st == "joint_answer":
        return f"{name}, a joint track is proposed to you: accept or decline"
    race = g.race_status()
    if g.phase == "race" and race is not None and race.stage == "declare":
        offer = " (a joint train is offered to you: accept)" if p in race.offers else ""
        return f"{name}, race or pass? (routes lists your routes){offer}"
    return name


def title(g) -> str:
    """The picture's header line: the phase, the round or the race."""
    name = g.board.name
    if g.phase == "over":
        return f"{name}: game over, won by " + ", ".join(g.players[p] for p in g.winners())
    if g.phase == "race":
        v = g.race_view() or {}
        races = g.options.races
        head = f"{name}: race {v.get('race', g.race_no)}" + (f" of {races}" if races else "")
        if v.get("start_city"):
            head += f": {v['start']} {v['start_city']}"
            if v.get("target_city"):
                head += f" -> {v['target']} {v['target_city']}"
        return head
    if g.phase == "build":
        return f"{name}: build phase, round {g.round_no + 1}"
    return f"{name}: choosing start cities"
