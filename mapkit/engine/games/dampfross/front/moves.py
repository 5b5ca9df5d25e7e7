"""What a Dampfross, Paluba or Expres player types, turned into engine actions: hexes and city names, paths, routes,
with helpful errors and suggestions.

Places are hex names (``E4``), city names (``Plzeň``, also without accents: ``plzen``) or race
numbers (``45``). A path is places separated by spaces, commas or dashes (``E4 E5 F5``,
``Praha-E5-F5``); pieces may also be given as edges (``E4/E5 E5/F5``). City names of several
words (``Ústí nad Labem``) are recognised as a whole.

========================  ==============================================================
``start CITY``            choose the start city (``CITY`` alone works too)
``build PATH``            build pieces along a path (``b``; a bare path works too)
``to CITY``               build along the cheapest path toward a city, as far as the points go
``cost PLACE [PLACE]``    the cheapest extension of your network to a place (or between two)
``done``                  end the build turn (``d``)
``declare``               declare the end of the build phase
``routes``                the race routes you could declare, with movement points and fares
``race [N|cheap|PATH]``   race the fastest route, the cheapest, route ``N`` of ``routes``, or a path
``pass``                  do not race
``joint PLAYER HEX``      propose a joint track; ``accept`` / ``decline`` a proposal
``ferry [LINE]``          the ferry lines you may buy, or buy one (from the account)
``hint``                  what the greedy bot would do here
``undo``                  take back your own last action, until dice are rolled or another moves
``show`` / ``map``        the state again / a text map of the board
``help`` / ``quit``       this list / save and stop (resume with ``--resume``)
========================  ==============================================================

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> m = Map(Grid("pointy", "odd", 8, 2), cities=[City("Plzeň", H("A1"), (11,)),
...         City("Ústí nad Labem", H("H2"), (12,))])
>>> g = new_game(m, "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> parse_command(g, "start plzen").action
{'type': 'start', 'player': 0, 'city': 'Plzeň'}
>>> g.apply({"type": "start", "city": "Plzeň"}); g.apply({"type": "roll", "dice": [1, 2]})
>>> parse_command(g, "to Ústí nad Labem").action["pieces"]
['A1/B1', 'B1/C1', 'C1/D1']
>>> parse_command(g, "build A1 B1 B2").action
{'type': 'build', 'player': 0, 'path': ['A1', 'B1', 'B2']}
>>> parse_command(g, "to Usti").action == parse_command(g, "to Ústí nad Labem").action   # a unique beginning
True
>>> parse_command(g, "to Usty")
Traceback (most recent call last):
...
mapkit.play.commands.CommandError: 'Usty' is neither a hex nor a city of the map; did you mean Ústí nad Labem?
"""

from __future__ import annotations

import difflib

from mapkit.play.commands import (DONE_WORDS, META, Command, CommandError, build_action, edge_list, first_word,
                                  fold, help_text, one_place, shown, split_places, two_places)
from mapkit.engine.errors import IllegalAction
from ..bots.plan import extension, pieces_to, tables
from ..bots.routes import route_info, track_routes

__all__ = ["parse_command", "race_candidates", "action_as_command", "cost_text", "routes_text", "toward", "HELP"]

HELP = help_text(__doc__)


def _need(state, stages, what: str):
    st = state.stage
    if st in stages:
        return
    now = _now(state)
    raise CommandError(f"{what} is not possible now: {now}")


def _now(state) -> str:
    st = state.stage
    if state.phase == "over":
        return "the game is over"
    if st == "start":
        return "choose a start city (start CITY)"
    if st == "build":
        return "it is a build turn (build PATH, to CITY, done)"
    if st == "post_build":
        return "it is the building after a race (build PATH, to CITY, done)"
    if st == "joint_answer":
        return "answer the joint-track proposal (accept or decline)"
    if state.phase == "race" and state.race_stage() == "declare":
        return "declare for the race (race, routes, pass)"
    return "waiting for dice"


def toward(state, p: int, target: int) -> tuple:
    """The build action along the cheapest path toward hex ``target`` that the points allow,
    and a note on what is left of the way (None when the target is reached)."""
    board = state.board
    t = tables(state)
    name = board.cities[board.city_at[target]].name if target in board.city_at else board.hex_names[target]
    if target in state.nodes[p]:
        raise CommandError(f"{name} is already on your network")
    ext = extension(state, p, 1.0)
    if target not in ext.dist:
        raise CommandError(f"no track can be built from your network to {name}")
    pieces = pieces_to(ext, target)
    post = state.stage == "post_build"
    left = state.budget if post else state.points
    take = []
    for e in pieces:
        if t.piece_cost[e] > left:
            break
        take.append(e)
        left -= t.piece_cost[e]
    while take:
        a = {"type": "build", "player": p, "pieces": [board.edge_name(e) for e in take]}
        if state.is_legal(a):
            rest = pieces[len(take):]
            note = None
            if rest:
                note = (f"  {len(rest)} more pieces to {name} ({sum(t.piece_cost[e] for e in rest)} points); "
                        f"the next, {board.edge_name(rest[0])}, costs {t.piece_cost[rest[0]]}")
            return a, note
        take.pop()
    first = pieces[0]
    have = state.budget if post else state.points
    why = None
    try:
        state.check({"type": "build", "player": p, "pieces": [board.edge_name(first)]})
    except IllegalAction as exc:
        why = exc.reason
    raise CommandError(f"the next piece toward {name}, {board.edge_name(first)}, cannot be built: "
                       f"{why or f'it costs {t.piece_cost[first]} and you have {have}'}; "
                       f"type done to end the turn")


def cost_text(state, p: int, places: list) -> str:
    """The answer to ``cost``: the cheapest extension to a place, or the cost between two."""
    board = state.board
    t = tables(state)

    def label(h):
        return (f"{board.cities[board.city_at[h]].name} ({board.hex_names[h]})" if h in board.city_at
                else board.hex_names[h])

    if len(places) == 1:
        h = places[0]
        if p is None or not state.nodes[p]:
            raise CommandError("you have no network yet: give two places (cost A B)")
        if h in state.nodes[p]:
            return f"{label(h)} is on your network"
        ext = extension(state, p, 1.0)
        if h not in ext.dist:
            return f"no track can be built from your network to {label(h)}"
        pieces = pieces_to(ext, h)
        path = _path_of(board, pieces)
        fees = ext.fees[h]
        return (f"{label(h)}: {ext.points[h]} build points" + (f" + {fees} in fees" if fees else "")
                + f", {len(pieces)} pieces: {' '.join(path)}")
    if len(places) == 2:
        a, b = places
        c = t.build_from_hex(a)[b]
        if c == float("inf"):
            return f"no track can join {label(a)} and {label(b)}"
        return f"{label(a)} - {label(b)}: {c} build points on an empty board"
    raise CommandError("cost takes one place (from your network) or two places")


def _path_of(board, pieces) -> list:
    """Hex names along a chain of pieces (edge ids)."""
    if not pieces:
        return []
    ends = [board.edge_ends[e] for e in pieces]
    if len(ends) == 1:
        return [board.hex_names[h] for h in ends[0]]
    a, b = ends[0]
    path = [b, a] if a in ends[1] else [a, b]
    for x, y in ends[1:]:
        path.append(y if x == path[-1] else x)
    return [board.hex_names[h] for h in path]


def race_candidates(state, p: int) -> list:
    """``[(route hex ids, travel points, fares, own pieces), ...]``: the routes ``routes`` lists."""
    r = state.race_status()
    routes = state.suggest_routes(p)
    for route in track_routes(state, p, r.start_hex, r.target_hexes):
        if route not in routes:
            routes.append(route)
    out = [(route, *route_info(state, p, route)) for route in routes]
    out.sort(key=lambda x: (x[1], x[2], x[0]))
    return out


def routes_text(state, p: int) -> str:
    board = state.board
    cands = race_candidates(state, p)
    if not cands:
        return "no built track leads from the start to the target"
    o = state.options
    lines = []
    for i, (route, travel, fares, own) in enumerate(cands, 1):
        note = ""
        if o.own_piece_required and not own:
            note = "  (none of your pieces: not allowed)"
        elif o.fare_limit is not None and fares > o.fare_limit:
            note = f"  (over the fare limit of {o.fare_limit} unless others pay you)"
        lines.append(f"  {i}) {travel} movement points, {fares} in fares, {own} own pieces: "
                     f"{' '.join(board.hex_names[h] for h in route)}{note}")
    return "\n".join(lines)


def action_as_command(state, action: dict) -> str:
    """An action written as the command that makes it (for ``hint``)."""
    t = action["type"]
    board = state.board
    if t == "start":
        return f"start {action['city']}"
    if t == "build":
        pieces = action.get("pieces")
        if pieces is None:
            return "build " + " ".join(action["path"])
        ids = [board.edge_between(*board.parse_edge(x)) for x in pieces]
        try:
            path = _path_of(board, ids)
            chain = len(path) == len(ids) + 1 and all(
                board.edge_between(board.hex_id(a), board.hex_id(b)) in ids
                for a, b in zip(path, path[1:], strict=False))
        except (ValueError, KeyError):
            chain = False
        return "build " + (" ".join(path) if chain else " ".join(pieces))
    if t == "race":
        return "race " + " ".join(action["route"])
    if t == "joint":
        return f"joint {state.players[action['with']]} {action['at']}"
    if t == "ferry":
        return f"ferry {action['ferry']}"
    return t.replace("_end", "")


def parse_command(state, line: str) -> Command:
    """The command typed by the player to move (see the module notes)."""
    words = first_word(line)
    if isinstance(words, Command):
        return words
    text, word, w, rest = words
    p = state.current_player()
    if p < 0:
        raise CommandError(_now(state))
    handler = _COMMANDS.get(w)
    if handler is not None:
        return handler(state, p, w, rest)
    got = _bare(state, p, text)
    if got is not None:
        return got
    near = difflib.get_close_matches(w, [*dict.fromkeys(_COMMANDS), *META], n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise CommandError(f"unknown command {shown(word)!r}{hint} ({_now(state)}; help lists every command)")


def _act(p: int, a: dict, note=None) -> Command:
    return Command("action", action={"type": a["type"], "player": p,
                                     **{k: v for k, v in a.items() if k not in ("type", "player")}}, text=note)


def _cmd_start(state, p, w, rest):
    board = state.board
    _need(state, ("start",), "choosing a start city")
    if not rest:
        raise CommandError("start which city? " + ", ".join(state.start_options(p)))
    h = one_place(board, rest)
    if h not in board.city_at:
        raise CommandError(f"{board.hex_names[h]} is not a city")
    return _act(p, {"type": "start", "city": board.cities[board.city_at[h]].name})


def _cmd_build(state, p, w, rest):
    _need(state, ("build", "post_build"), "building")
    if not rest:
        raise CommandError("build what? e.g. build E4 E5 F5, or to CITY")
    if rest.lower().startswith("to "):
        return _act(p, *toward(state, p, one_place(state.board, rest[3:])))
    return _act(p, build_action(state.board, rest))


def _cmd_toward(state, p, w, rest):
    _need(state, ("build", "post_build"), "building")
    if not rest:
        raise CommandError("to which city or hex?")
    return _act(p, *toward(state, p, one_place(state.board, rest)))


def _cmd_cost(state, p, w, rest):
    if not rest:
        raise CommandError("cost of what? cost CITY (from your network) or cost A B")
    return Command("info", text=cost_text(state, p, two_places(state.board, rest)))


def _cmd_done(state, p, w, rest):
    _need(state, ("build", "post_build"), "ending a build turn")
    return _act(p, {"type": "done"})


def _cmd_declare(state, p, w, rest):
    _need(state, ("build",), "declaring the end of the build phase")
    return _act(p, {"type": "declare_end"})


def _cmd_answer(state, p, w, rest):
    return _act(p, {"type": "accept" if w in ("accept", "yes") else "decline"})


def _cmd_joint(state, p, w, rest):
    _need(state, ("build",), "proposing a joint track")
    parts = rest.split()
    if len(parts) < 2:
        raise CommandError("joint PLAYER HEX: the player to share with and the hex where you meet")
    who = " ".join(parts[:-1])
    seats = [i for i, n in enumerate(state.players) if fold(n) == fold(who)]
    if not seats:
        raise CommandError(f"no player called {shown(who)!r}; players: {', '.join(state.players)}")
    return _act(p, {"type": "joint", "with": seats[0], "at": state.board.hex_names[one_place(state.board, parts[-1])]})


def _cmd_ferry(state, p, w, rest):
    _need(state, ("build", "post_build"), "buying a ferry line")
    lines = [f.name for f in state.board.ferries]
    if not rest:
        can = state.ferry_options(p)
        if not lines:
            raise CommandError("this map has no ferry lines")
        return Command("info", text=("you may buy: " + ", ".join(can)) if can else
                       f"no line you may buy now (lines: {', '.join(lines)}; the port must be in your network)")
    hit = [n for n in lines if fold(n) == fold(rest)] or [n for n in lines if fold(n).startswith(fold(rest))]
    if len(hit) != 1:
        raise CommandError(f"{shown(rest)!r} is not one ferry line of the map (lines: {', '.join(lines) or 'none'})")
    return _act(p, {"type": "ferry", "ferry": hit[0]})


def _declaring(state) -> bool:
    return state.phase == "race" and state.race_stage() == "declare"


def _need_race(state) -> None:
    if not _declaring(state):
        raise CommandError(f"no race is being declared: {_now(state)}")


def _cmd_routes(state, p, w, rest):
    _need_race(state)
    return Command("info", text=routes_text(state, p))


def _cmd_pass(state, p, w, rest):
    _need_race(state)
    return _act(p, {"type": "pass"})


def _cmd_race(state, p, w, rest):
    _need_race(state)
    board = state.board
    cands = race_candidates(state, p)
    if rest.lower() in ("", "fast", "fastest", "cheap", "cheapest"):
        ok = [c for c in cands if c[3] or not state.options.own_piece_required]
        if not ok:
            raise CommandError("no route with one of your own pieces leads to the target: pass")
        best = ok[0] if rest.lower() in ("", "fast", "fastest") else min(ok, key=lambda c: (c[2], c[1]))
        return _act(p, {"type": "race", "route": [board.hex_names[h] for h in best[0]]})
    if rest.isdigit() and len(rest) == 1:
        k = int(rest)
        if not 1 <= k <= len(cands):
            raise CommandError(f"there are {len(cands)} routes (type routes to list them)")
        return _act(p, {"type": "race", "route": [board.hex_names[h] for h in cands[k - 1][0]]})
    return _act(p, {"type": "race", "route": [board.hex_names[h] for h in split_places(board, rest)]})


# command word -> its handler (the first word of each is the one suggested)
_COMMANDS = {
    "start": _cmd_start, "build": _cmd_build, "b": _cmd_build,
    "to": _cmd_toward, "toward": _cmd_toward, "towards": _cmd_toward,
    "cost": _cmd_cost, "path": _cmd_cost, "price": _cmd_cost,
    **{word: _cmd_done for word in DONE_WORDS},
    "declare": _cmd_declare, "declare_end": _cmd_declare,
    "accept": _cmd_answer, "yes": _cmd_answer, "decline": _cmd_answer, "no": _cmd_answer,
    "joint": _cmd_joint, "ferry": _cmd_ferry,
    "routes": _cmd_routes, "pass": _cmd_pass, "race": _cmd_race, "r": _cmd_race,
}


def _bare(state, p: int, text: str):
    """A bare city (start), path or pieces (build) or route (race); None if it is none."""
    board = state.board
    if state.stage == "start":
        h = one_place(board, text)
        if h in board.city_at:
            return _act(p, {"type": "start", "city": board.cities[board.city_at[h]].name})
    if state.stage in ("build", "post_build"):
        try:
            places = split_places(board, text)
        except CommandError:
            places = None
        if places and len(places) >= 2:
            return _act(p, {"type": "build", "path": [board.hex_names[h] for h in places]})
        if places and len(places) == 1:
            raise CommandError(f"one place is not a path: build toward it with 'to {shown(text)}', "
                               f"or ask its price with 'cost {shown(text)}'")
        pieces = edge_list(board, text)
        if pieces:
            return _act(p, {"type": "build", "pieces": pieces})
    if _declaring(state):
        try:
            places = split_places(board, text)
        except CommandError:
            places = None
        if places and len(places) >= 2:
            return _act(p, {"type": "race", "route": [board.hex_names[h] for h in places]})
    return None
