"""What a person types in a Railroad Tycoon game (the command table: :mod:`.terminal`), read
into the family's JSON actions (:mod:`..actions`) or into information for his eyes only.

>>> from mapkit.engine.games.railroad_tycoon.front.plan import example
>>> g = example()
>>> read(g, "bid 2").action                  # a small number counts thousands
{'type': 'bid', 'player': 1, 'amount': 2000}
>>> g.apply(read(g, "pass").action)          # Ann is first player
>>> read(g, "build as b1 c1 d1 cheb").action
{'type': 'build', 'player': 0, 'path': ['A1', 'B1', 'C1', 'D1', 'E1']}
>>> g.goods[0]                               # Aš's goods
['black', 'red']
>>> read(g, "deliver As red to Cheb")        # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mapkit.play.commands.CommandError: no delivery of yours fits: the first link your own, ...
"""

from __future__ import annotations

import difflib

from mapkit.engine.errors import IllegalAction
from mapkit.play.commands import META, Command, CommandError, first_word, one_place, shown, split_places

from ..cards import CARDS, TASKS
from .plan import best_delivery, card_id, cheapest_way, colour_of, way_action

__all__ = ["read", "COMMANDS", "cards_text", "goods_text", "links_text"]

COMMANDS = ["bid", "pass", "issue", "take", "build", "to", "deliver", "loco", "found", "western", "place",
            "cards", "goods", "links", *META]
ACTING = {"bid": "bid", "pass": "pass", "issue": "issue", "take": "take", "build": "build", "b": "build",
          "to": "to", "toward": "to", "towards": "to", "deliver": "deliver", "d": "deliver", "loco": "loco",
          "locomotive": "loco", "found": "found", "western": "western", "place": "place"}


def read(g, line: str) -> Command:
    """The :class:`~mapkit.play.commands.Command` of a typed line for the player to move."""
    words = first_word(line)
    if isinstance(words, Command):
        return words
    text, word, w, rest = words
    p = g.current_player()
    if p < 0:
        raise CommandError("the game is over" if g.is_terminal() else "waiting for the draws")
    if w == "cards":
        return Command("info", text=cards_text(g, p))
    if w == "goods":
        return Command("info", text=goods_text(g))
    if w == "links":
        return Command("info", text=links_text(g))
    kind = ACTING.get(w)
    if kind is None:
        near = difflib.get_close_matches(w, COMMANDS, n=1)
        raise CommandError(f"unknown command {shown(word)!r}" + (f"; did you mean {near[0]!r}?" if near else "")
                           + " (help lists every command)")
    if g.step not in STEPS[kind]:
        raise CommandError(f"{NOT_NOW[kind]}; now: {_now(g)}")
    try:
        action, note = READERS[kind](g, p, rest)
    except IllegalAction as exc:
        raise CommandError(exc.reason) from None
    return Command("action", action={"type": action["type"], "player": p,
                                     **{k: v for k, v in action.items() if k not in ("type", "player")}}, text=note)


# the steps a command acts in, and why not otherwise
STEPS = {"bid": ("auction",), "pass": ("auction", "act"), "issue": ("auction", "act"), "take": ("act",),
         "build": ("act",), "to": ("act",), "deliver": ("act",), "loco": ("act",), "found": ("act", "choose"),
         "western": ("act",), "place": ("choose",)}
NOT_NOW = {"bid": "bids are made in the auction for first player", "pass": "a card's choice is made now",
           "issue": "shares are issued in the auction or as an action turn, not in a card's choice",
           "take": "cards are taken as an action", "build": "track is built as an action",
           "to": "track is built as an action", "deliver": "goods are delivered as an action",
           "loco": "a locomotive is bought as an action", "found": "a city is founded as an action",
           "western": "the Western Link is bought as an action",
           "place": "goods are placed after the two-goods card"}


def _now(g) -> str:
    if g.step == "auction":
        return "the auction for first player (bid N, pass)"
    if g.step == "choose":
        return "place CITY" if g.pending.get("kind") == "place" else "found CITY COLOUR (for free)"
    return "an action"


def _number(text: str, what: str) -> int:
    try:
        return int(text.replace(",", "").replace("_", "").strip())
    except ValueError:
        raise CommandError(f"{what} is a number, not {shown(text)!r}") from None


def _bid(g, p, rest):
    n = _number(rest, "a bid")
    return {"type": "bid", "amount": n * 1000 if 0 < n < 1000 else n}, None


def _issue(g, p, rest):
    return {"type": "issue", "count": _number(rest or "1", "the number of shares")}, None


def _take(g, p, rest):
    open_cards = [c for c in g.display if CARDS[c].kind not in ("green", "s")]
    card = card_id(g, rest, open_cards)
    if card is None:
        listed = "; ".join(f"{c} ({CARDS[c].title})" for c in open_cards) or "none"
        raise CommandError(f"{shown(rest)!r} is no card you may take; laid out: {listed}")
    return {"type": "take", "card": card}, None


def _build(g, p, rest):
    words = rest.split()
    free = bool(words) and words[-1].lower() == "free"
    places = split_places(g.board, " ".join(words[:-1] if free else words))
    if len(places) < 2:
        raise CommandError("a link is a path of at least two places: build CITY HEX ... (or to CITY)")
    a = {"type": "build", "path": [g.board.hex_names[h] for h in places]}
    return ({**a, "free": True} if free else a), None


def _toward(g, p, rest):
    target = one_place(g.board, rest)
    way = cheapest_way(g, p, target)
    name = g.city_name(g.board.city_at[target]) if target in g.board.city_at else g.board.hex_names[target]
    if way is None:
        raise CommandError(f"no new track can reach {name}")
    action, left = way_action(g, p, way)
    return action, (f"  {left} more tile(s) to {name} on a later action" if left else None)


def _deliver(g, p, rest):
    words = rest.split()
    at = next((i for i, x in enumerate(words) if colour_of(x)), None)
    if not words:
        return best_delivery(g, p), None
    if at is None:
        return best_delivery(g, p, origin=_city_id(g, rest)), None
    origin = _city_id(g, " ".join(words[:at])) if at else None
    colour = colour_of(words[at])
    tail = words[at + 1:]
    if origin is not None and colour not in g.goods[origin]:
        raise CommandError(f"{g.city_name(origin)} has no {colour} good")
    if tail and all(x.isdigit() for x in tail):
        if origin is None:
            raise CommandError("deliver CITY COLOUR LINK...: name the city the good leaves")
        return {"type": "deliver", "from": g.city_name(origin), "colour": colour, "links": [int(x) for x in tail]}, None
    if tail and tail[0].lower() == "to":
        tail = tail[1:]
    dest = _city_id(g, " ".join(tail)) if tail else None
    return best_delivery(g, p, origin, colour, dest), None


def _found(g, p, rest):
    words = rest.split()
    colour = colour_of(words[-1]) if words else None
    if colour is None:
        raise CommandError("found CITY COLOUR: a grey city and the colour of its new city tile")
    return {"type": "found", "city": _city(g, " ".join(words[:-1])), "colour": colour}, None


def _city_id(g, text: str) -> int:
    """The city a place names; a place that is no city is refused by its hex's name (short,
    whatever was typed)."""
    h = one_place(g.board, text)
    if h not in g.board.city_at:
        raise CommandError(f"{g.board.hex_names[h]} is not a city")
    return g.board.city_at[h]


def _city(g, text: str) -> str:
    return g.city_name(_city_id(g, text))


READERS = {"bid": _bid, "pass": lambda g, p, rest: ({"type": "pass"}, None), "issue": _issue, "take": _take,
           "build": _build, "to": _toward, "deliver": _deliver, "loco": lambda g, p, rest: ({"type": "loco"}, None),
           "found": _found, "western": lambda g, p, rest: ({"type": "western", "city": _city(g, rest)}, None),
           "place": lambda g, p, rest: ({"type": "place", "city": _city(g, rest)}, None)}


# -- information for the player's eyes ------------------------------------------------------
def cards_text(g, p: int) -> str:
    """The cards laid out, the player's own held cards and his own task card (nobody else's)."""
    v = g.view(p)
    lines = [" laid out: " + ("; ".join(_card_line(c["card"]) for c in v["cards"]) or "none")]
    me = v["players"][p]
    lines.append(" your cards: " + (", ".join(CARDS[c].title for c in me["cards"]) or "none"))
    task = me.get("task")
    lines.append(" your task: " + (f"{TASKS[task].title} ({TASKS[task].points} VP)" if task else "none yet"))
    return "\n".join(lines)


def _card_line(c: str) -> str:
    card = CARDS[c]
    if card.kind in ("green", "s"):
        return f"{card.title} ({card.points} VP to the first)"
    return f"{card.title} [take {c}]"


def goods_text(g) -> str:
    """The goods on the board, city by city, with each city's colour."""
    v = g.view()
    counts: dict = {}
    for t in v["board"]["tokens"]:
        if t["kind"] == "goods":
            counts.setdefault(t["hex"], []).append(f"{t['count']} {t['colour']}" if t["count"] > 1 else t["colour"])
    lines = []
    for c in v["board"]["cities"]:
        if c["hex"] in counts or c["empty"]:
            what = ", ".join(counts.get(c["hex"], [])) or "empty"
            lines.append(f"  {c['name']} ({c['colour']}, {c['hex']}): {what}")
    return "\n".join(lines) or "  no goods on the board"


def links_text(g) -> str:
    """Every link on the board: its id (what ``deliver CITY COLOUR LINK...`` names), owner, ends."""
    lines = []
    for link in g.view()["board"]["links"]:
        ends = [g.board.cities[g.board.city_at[g.board.hex_id(h)]].name if g.board.hex_id(h) in g.board.city_at
                else h for h in (link["path"][0], link["path"][-1])]
        state = "" if link["finished"] else " (unfinished)"
        lines.append(f"  link {link['link']}: {g.players[link['owner']]}, {ends[0]} - {ends[1]}{state}")
    return "\n".join(lines) or "  no links yet"
