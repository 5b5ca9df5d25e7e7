"""The questions a TransAmerica page asks the server (docs/rules.md, TransAmerica), answered by the engine.

* ``board`` -- what the page draws beside the printed board and what does not change during a
  game: the junctions, the double lines (by the game's rules and options), the colour region
  of every junction (the variants *one colour* and *unique colour region* place start markers
  by it) and the city cards with whether they are in play. Public: a spectator may ask it.
* ``check`` -- whether the engine would take an action of the asker's seat now (a start
  marker on a clicked junction, a bridge to break), with its reason when not; nothing is done;
* ``preview`` -- what laying pieces along a clicked path would do: piece by piece single or
  double, already on the board, or refused with the engine's reason (the whole beginning of
  the path that can be laid is checked as one action, as the engine will check it), the
  ``action`` to send, and what is left of the turn after it;
* ``plan`` -- the cheapest way from the asker's network to a clicked junction (track on the
  board costs nothing, a single line 1, a double 2), as a path of hexes;
* ``completion`` -- the asker's own cheapest completion now (the points he would lose if the
  round ended now) and the pieces it lays (the terminal's ``cost``).

None of them changes the game, and none tells a seat anything of another seat's cards: the
answers come from the asker's seat and what the board shows. In Mission TA a seat lays its
pieces one at a time (:func:`refusal`): the engine takes two in one action unless the first
joins a city someone holds (a card is then drawn before the second), so its answer to two
would tell whether another seat holds a city the asker's network reaches.

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map, City, Rules
>>> from mapkit.engine import new_game
>>> block = {c: {"cities": [f"{c[0]}{i}" for i in range(7)], "removed": [f"{c[0]}0", f"{c[0]}1"]}
...          for c in ("red", "orange", "yellow", "green", "blue")}
>>> m = Map(Grid("pointy", "odd", 7, 5), terrain={(3, 2): "mountain"},
...         cities=[City(f"{c[0]}{i}", (i, k)) for k, c in enumerate(block) for i in range(7)],
...         rules=Rules(extra={"city_cards": block}))
>>> g = new_game(m, "transamerica", ["Ann", "Bob"], {"first_player": 0})
>>> for city in ("r2", "o2", "y2", "g2", "b2", "r3", "o3", "y3", "g3", "b3"):
...     g.apply({"type": "deal", "city": city})
>>> check(g, 0, {"action": {"type": "start", "at": "y2"}})
{'ok': True, 'action': {'type': 'start', 'player': 0, 'at': 'C3'}, 'reason': None, 'rule': None}
>>> g.apply({"type": "start", "at": "C3"}); g.apply({"type": "start", "at": "F1"})
>>> p = preview(g, 0, {"path": ["B3", "C3", "D3", "E3"]})   # B3/C3 touches C3 too; D3 is a mountain
>>> [(x["edge"], x["double"], x["ok"]) for x in p["pieces"]], p["action"]["pieces"]
([('B3/C3', False, True), ('C3/D3', True, False), ('D3/E3', True, False)], ['B3/C3'])
>>> p["pieces"][1]["reason"]
"a double line is the turn's only piece (C3/D3 is double; docs/rules.md, TransAmerica)"
>>> plan(g, 0, {"to": "C5"})         # two single lines (by B4 or C4: as cheap)
{'path': ['C3', 'B4', 'C5'], 'pieces': 2}
>>> completion(g, 0, {})["cost"]      # C1, C2 above C3 and C4, C5 below: 4 single lines
4
"""

from __future__ import annotations

from itertools import pairwise

from mapkit.engine.errors import IllegalAction, map_named
from mapkit.engine.games.transamerica.cards import board_cards
from mapkit.i18n import N_
from mapkit.errors import InputError
from mapkit.web.families import hex_of, hexes_of

__all__ = ["REQUESTS", "PUBLIC", "OPTION_NOTES", "board", "check", "preview", "plan", "completion", "board_art",
           "refusal", "ONE_AT_A_TIME"]

# Mission TA: why a page's build carries one piece (see the module notes).
ONE_AT_A_TIME = ("lay the pieces one at a time in Mission TA (a piece may join a city someone holds, "
                 "and a card is then drawn before the next; docs/rules.md, TransAmerica)", "web.one-by-one")


def _to_move(state, seat) -> None:
    if seat is None or state.current_player() != seat:
        raise InputError("it is not your turn")


def _building(state, seat) -> None:
    _to_move(state, seat)
    if state.step != "build":
        raise InputError("you are not laying track now")


def board(state, seat, msg: dict) -> dict:
    """The board's fixed facts for this game (see the module notes)."""
    b = state.board
    t = state.tables
    names = b.hex_names
    regions: dict[str, list[str]] = {c: [] for c in t.colours}
    for h in t.junctions:
        if t.region[h] >= 0:
            regions[t.colours[t.region[h]]].append(names[h])
    in_play = set(t.in_play)
    return {"junctions": [names[h] for h in t.junctions], "doubles": [b.edge_names[e] for e in t.doubles],
            "colours": list(t.colours), "regions": regions,
            "cards": [{"city": c.name, "hex": names[c.hex], "colour": c.colour, "removed": c.removed,
                       "in_play": k in in_play} for k, c in enumerate(board_cards(b))]}


def refusal(state, seat, action: dict):
    """``ONE_AT_A_TIME`` for a Mission TA build of more than one piece, else None."""
    if not state.rules.mission() or action.get("type") != "build":
        return None
    path, pieces = action.get("path"), action.get("pieces")
    many = (isinstance(path, list) and len(path) > 2) or (isinstance(pieces, list) and len(pieces) > 1)
    return ONE_AT_A_TIME if many else None


def check(state, seat, msg: dict) -> dict:
    """``{ok, action (normalized), reason, rule}`` of ``msg["action"]`` for the asker's seat."""
    action = msg.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InputError("'action' is a JSON object with a \"type\"")
    _to_move(state, seat)
    if action["type"] in state.CHANCE_TYPES:
        raise InputError("chance draws are the server's")
    policy = refusal(state, seat, action)
    if policy is not None:
        return {"ok": False, "action": None, "reason": policy[0], "rule": policy[1]}
    try:
        norm = state.check({**action, "player": seat})
    except IllegalAction as exc:
        return {"ok": False, "action": None, "reason": exc.reason, "rule": exc.rule}
    return {"ok": True, "action": norm, "reason": None, "rule": None}


def preview(state, seat, msg: dict) -> dict:
    """Piece by piece along ``msg["path"]``: ``{edge, from, to, double, laid, ok, reason}``;
    ``action`` (the pieces that can be laid now, as one build action, or None), ``singles_left``
    and ``turn_over`` (whether the turn ends with them)."""
    _building(state, seat)
    b = state.board
    size = state.tables.size
    hexes = hexes_of(b, msg.get("path"))
    pieces = []
    take: list[str] = []
    stopped = None
    for a, z in pairwise(hexes):
        e = b.edge_between(a, z)
        name = b.edge_names[e] if e is not None else f"{b.hex_names[a]}/{b.hex_names[z]}"
        item = {"edge": name, "from": b.hex_names[a], "to": b.hex_names[z], "double": e is not None and size[e] == 2,
                "laid": False, "ok": False, "reason": None}
        pieces.append(item)
        if stopped is None and e is None:
            stopped = (f"no track can join {b.hex_names[a]} and {b.hex_names[z]} "
                       f"(not neighbours, water, off the board or a closed border)")
        elif stopped is None and e in state.net.pieces:
            item.update(laid=True, ok=True)
            continue
        elif stopped is None and take and state.rules.mission():
            stopped = ONE_AT_A_TIME[0]
        elif stopped is None:
            try:
                state.check({"type": "build", "player": seat, "pieces": take + [name]})
            except IllegalAction as exc:
                stopped = exc.reason
            else:
                item["ok"] = True
                take.append(name)
                continue
        item["reason"] = stopped
    singles = sum(1 for x in pieces if x["ok"] and not x["laid"] and not x["double"])
    double = state.turn_double or any(x["ok"] and not x["laid"] and x["double"] for x in pieces)
    left = 0 if double else state.rules.singles_per_turn(seat in state.changer) - state.turn_singles - singles
    return {"pieces": pieces, "action": {"type": "build", "player": seat, "pieces": take} if take else None,
            "singles_left": left, "turn_over": bool(take) and left <= 0}


def plan(state, seat, msg: dict) -> dict:
    """``{"path": [hex, ...], "pieces": n}``: the cheapest way from the asker's network to hex
    ``msg["to"]`` (``pieces``: singles count 1, doubles 2, track on the board 0)."""
    from ..scoring import cheapest_way

    _building(state, seat)
    b = state.board
    h = hex_of(b, msg.get("to"))
    if h in state.network(seat):
        raise InputError(f"{b.hex_names[h]} is on your network already")
    way = cheapest_way(state, seat, h)
    if way is None:
        raise InputError(f"no track can join {b.hex_names[h]} to your network")
    return {"path": [b.hex_names[x] for x in way[0]], "pieces": way[1]}


def completion(state, seat, msg: dict) -> dict:
    """The asker's cheapest completion now: ``cost`` (the points he would lose; None when no
    track can join his cities any more), ``pieces`` (the edges it lays), ``complete``."""
    if seat is None:
        raise InputError("a spectator holds no cards")
    if state.net.markers.get(seat) is None or not state.hands[seat]:
        return {"cost": None, "pieces": [], "complete": False, "placed": False}
    b = state.board
    tree = state.shortfall(seat)
    if tree is None:
        return {"cost": None, "pieces": [], "complete": False, "placed": True}
    edges = sorted(b.edge_between(x, y) for x, y in tree.edges)
    return {"cost": tree.cost, "pieces": [b.edge_names[e] for e in edges if e not in state.net.pieces],
            "complete": state.complete(seat), "placed": True}


REQUESTS = {"board": board, "check": check, "preview": preview, "plan": plan, "completion": completion}
PUBLIC = frozenset({"board"})

# What the options mean, for the lobby (docs/rules.md, TransAmerica; the seed's names in
# mapkit.engine.games.transamerica.options).
OPTION_NOTES = {
    "first_player": N_("seat that starts (0 = the first); empty: drawn"),
    "start_points": N_("points on the score track at the start"),
    "pieces": N_("track pieces in play a round"),
    "double_lines": N_("which pieces are double lines (2 of a turn's allowance)"),
    "round_limit": N_("end after this many rounds (not a rule: for short games)"),
    "open_hand": N_("variant: every hand is shown"),
    "card_passing": N_("variant: pass a card to the left after the deal (I: one colour in turn; II: all at once)"),
    "mission": N_("variant Mission TA (I or II): cards one at a time, laid down when joined"),
    "seat_start": N_("variant: start markers stand on a seat (a removed card's city)"),
    "seat_connect": N_("variant: a network must also join a seat"),
    "no_barrier": N_("variant: no barrier; the game ends when someone falls below 0"),
    "elimination": N_("variant: who passes the barrier is out; the last one left wins"),
    "restricted_connection": N_("variant: once two networks join, no third joins them (odd player counts)"),
    "ele": N_("variant ELE TA: track grows only at its ends, never branches"),
    "super_changer": N_("variant: buy 3 single pieces a turn for 3 points"),
    "broken_bridge": N_("variant: each player blocks a double line for the round"),
    "quarantine": N_("variant: only a holder of a city's card may enter it first"),
    "nuclear": N_("variant: one city of each colour closed a round"),
    "fixed_start": N_("variant: a start marker, once placed, stands there in every later round"),
    "unique_region_start": N_("variant: every start marker in a different colour region"),
    "one_colour": N_("variant: every start marker in the colour region of a drawn card"),
    "maturita": N_("variant: the start player picks the variant of each round"),
    "mega": N_("the mega game: Super Changer, no barrier, elimination, broken bridge"),
}


def board_art(m, style: str):
    """The board TransAmerica is printed on (as ``mapkit sheets --rules transamerica`` prints
    it) and its cities: the card cities, each with its colour and whether its card is removed
    with 2-3 players."""
    from mapkit.engine.games.transamerica.cards import read_cards
    from mapkit.render.style import named_colour
    from mapkit.engine.games.transamerica.front.paper import TransAmericaArt, card_map

    cards, problems = read_cards(m)
    if not cards or problems:
        raise InputError(f"{map_named(m.name)} has no deck of city cards (rules.city_cards): "
                         f"{problems[0] if problems else 'none'}")
    cities = [{"name": c.name, "hex": c.hex, "numbers": [], "colour": c.colour, "ink": named_colour(c.colour),
               "removed": c.removed} for c in cards]
    return TransAmericaArt(card_map(m, cards), style), cities
