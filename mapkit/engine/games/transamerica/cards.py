"""TransAmerica's city cards on a map: 35 cities in 5 colours, 7 of each (docs/rules.md, TransAmerica),
the family's map section (``GameFamily.map_keys``: ``city_cards``).

A map carries them in ``rules.city_cards`` (an optional key of the format): per colour the
seven cities, each a city of the map by name or another place given with its hex, and the two
*removed* with two or three players (the underlined names of the published cards; the seats
of the seats variants)::

    rules:
      city_cards:
        green:
          cities: [Seattle, Portland, Boise, {name: Helena, hex: Q7}, Reno, Salt Lake City, Billings]
          removed: [Reno, Helena]

:func:`read_cards` turns the block into :class:`Card` objects in a fixed order (colours in
the order of the published game, red, orange, yellow, green, blue, then any other name
alphabetically; cities as listed), with what is wrong with it as validation issues:

======  ==============================================================================
E160    not 5 colours of 7 cards
E161    a card names no city of the map and gives no hex (or a hex off the board)
E162    one city (name or hex) on two cards
E163    a card city where no track can go (water, off the board, closed foreign land)
E164    a card city that track cannot join to the other card cities
E165    removed cards: not 2 per colour, or not among that colour's cities
E166    a card gives a map city another hex, or puts a new name on a map city's hex
======  ==============================================================================

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map, City, Rules
>>> block = {c: {"cities": [f"{c}{i}" for i in range(7)], "removed": [f"{c}0", f"{c}1"]}
...          for c in ("blue", "red", "green", "yellow", "orange")}
>>> cities = [City(f"{c}{i}", (i, k)) for k, c in enumerate(block) for i in range(7)]
>>> m = Map(Grid("pointy", "odd", 7, 5), cities=cities, rules=Rules(extra={"city_cards": block}))
>>> cards, problems = read_cards(m)
>>> len(cards), problems, [c.colour for c in cards[::7]]
(35, [], ['red', 'orange', 'yellow', 'green', 'blue'])
>>> cards[0]
Card(name='red0', hex=Hex(col=0, row=1), colour='red', removed=True, on_map=True)

:func:`compiled_cards` is what ``mapkit export`` writes of them (the document's ``city_cards``,
:data:`ENGINE_SCHEMA`), :func:`board_cards` what the engine reads back (:class:`CardInfo`);
:data:`MAP_SCHEMA` is the block's part of the map format's schema.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....diagnostics import Issue, issue, register_codes
from ....grid import Hex, HexNameError, hex_name, parse_hex

__all__ = ["Card", "CardInfo", "CARD_KEY", "COLOURS", "PER_COLOUR", "REMOVED_PER_COLOUR", "MAP_SCHEMA",
           "ENGINE_SCHEMA", "colour_order", "read_cards", "card_issues", "track_edges", "with_card_cities",
           "compiled_cards", "board_cards"]

CARD_KEY = "city_cards"
COLOURS = 5
PER_COLOUR = 7
REMOVED_PER_COLOUR = 2
# The published game's colours, in the order of its rules (the seed: red, orange, yellow,
# green, blue): cards are dealt and listed in this order.
PUBLISHED = ("red", "orange", "yellow", "green", "blue")


# The section's validation codes (mapkit.diagnostics).
CODES = {
    "E160": ("error", "city cards: not 5 colours of 7 cards"),
    "E161": ("error", "city card names no city of the map and gives no hex on the board"),
    "E162": ("error", "one city on two city cards"),
    "E163": ("error", "city card city where no track can go"),
    "E164": ("error", "city card city that track cannot join to the others"),
    "E165": ("error", "removed city cards not 2 per colour"),
    "E166": ("error", "city card at odds with the map's cities"),
}
register_codes(CODES)

# The block's part of the map format's schema (``rules.city_cards``).
MAP_SCHEMA = {
    "description": "Optional: TransAmerica's city cards (docs/rules.md, TransAmerica): five colours (red, orange, "
                   "yellow, green, blue or other names), each with its seven cities (a city of the map by name, or "
                   "another place with its hex) and the two removed with 2-3 players.",
    "type": "object",
    "additionalProperties": {
        "type": "object",
        "additionalProperties": False,
        "required": ["cities"],
        "properties": {
            "cities": {"type": "array", "items": {"oneOf": [
                {"type": "string", "minLength": 1},
                {"type": "object", "additionalProperties": False, "required": ["name", "hex"],
                 "properties": {"name": {"type": "string", "minLength": 1}, "hex": {"type": "string"}}}]}},
            "removed": {"type": "array", "items": {"type": "string"}},
        },
    },
}

# What the engine's document holds of them (its top-level ``city_cards``).
ENGINE_SCHEMA = {
    "type": "array",
    "description": "TransAmerica's city cards (the map's rules.city_cards) in dealing order: colours in the "
                   "published order, cities as the map lists them; absent when the map has none",
    "items": {
        "type": "object",
        "required": ["name", "hex", "colour", "removed"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string"},
            "hex": {"$ref": "#/$defs/hexName"},
            "colour": {"type": "string"},
            "removed": {"type": "boolean",
                        "description": "set aside with 2 or 3 players (a seat in the seats variants)"},
        },
    },
}


@dataclass(frozen=True)
class CardInfo:
    """A city card as the engine sees it: ``hex`` is a hex id; ``removed``: set aside with
    2-3 players."""

    name: str
    hex: int
    colour: str
    removed: bool


@dataclass(frozen=True)
class Card:
    """One city card: the city's ``name`` and ``hex``, its ``colour``, whether it is
    ``removed`` with 2-3 players, and whether the city is ``on_map`` (a city of the map)."""

    name: str
    hex: Hex
    colour: str
    removed: bool
    on_map: bool


def colour_order(names) -> list[str]:
    """Colours in dealing order: the published five first, in their order, then the rest.

    >>> colour_order(["blue", "violet", "red", "amber"])
    ['red', 'blue', 'amber', 'violet']
    """
    names = list(dict.fromkeys(names))
    return [c for c in PUBLISHED if c in names] + sorted(c for c in names if c not in PUBLISHED)


def _entry(item):
    """``(name, hex text or None)`` of one entry of a colour's ``cities`` list."""
    if isinstance(item, dict):
        return str(item.get("name", "")), item.get("hex")
    return str(item), None


def read_cards(m):
    """``(cards, issues)`` for map ``m``'s city cards (``([], [])`` when it has none)."""
    block = m.rules.extra.get(CARD_KEY)
    if not block:
        return [], []
    problems: list[Issue] = []
    colours = colour_order(block)
    if len(colours) != COLOURS:
        problems.append(issue("E160", f"city cards: {len(colours)} colours ({', '.join(colours)}); "
                                      f"TransAmerica has {COLOURS}", "rules.city_cards"))
    cards: list[Card] = []
    for colour in colours:
        spec = block[colour] or {}
        entries = [_entry(x) for x in spec.get("cities") or []]
        if len(entries) != PER_COLOUR:
            problems.append(issue("E160", f"city cards: {colour} has {len(entries)} cards, not {PER_COLOUR}", colour))
        removed = [str(x) for x in spec.get("removed") or []]
        names = [n for n, _ in entries]
        for r in removed:
            if r not in names:
                problems.append(issue("E165", f"city cards: removed card {r!r} is not one of the {colour} cards", r))
        if len(set(removed)) != REMOVED_PER_COLOUR:
            problems.append(issue("E165", f"city cards: {colour} removes {len(set(removed))} cards with 2-3 "
                                          f"players, not {REMOVED_PER_COLOUR}", colour))
        for name, where in entries:
            card = _card(m, name, where, colour, name in removed, problems)
            if card is not None:
                cards.append(card)
    _distinct(cards, problems)
    return cards, problems


def _advice(m, name) -> str:
    """What to do about a card naming no city: the map's city of the nearest name first (a
    city renamed after the cards were made), then a place of the card's own."""
    import difflib

    own = f"or give the card a hex of its own ({{name: {name}, hex: HEX}})"
    names = [c.name for c in m.cities]
    key = str(name).casefold()
    # a name grown longer ("Kolín" -> "Kolín nad Labem") first, then a name spelt alike
    close = ([n for n in names if n.casefold().startswith(key) or key.startswith(n.casefold())][:1]
             or difflib.get_close_matches(str(name), names, n=1, cutoff=0.6))
    if not close:
        return own.removeprefix("or ")
    city = m.city_named(close[0])
    return f"did you mean {city.name} ({hex_name(city.hex)})? name the card so, {own}"


def _card(m, name, where, colour, removed, problems):
    city = m.city_named(name) if name else None
    if where is None:
        if city is None:
            problems.append(issue("E161", f"city cards: {name!r} ({colour}) is not a city of the map; "
                                          f"{_advice(m, name)}", name or colour))
            return None
        return Card(city.name, city.hex, colour, removed, True)
    try:
        h = parse_hex(str(where))
    except HexNameError as exc:
        problems.append(issue("E161", f"city cards: {name} ({colour}): {exc}", name))
        return None
    if h not in m.grid:
        problems.append(issue("E161", f"city cards: {name} ({colour}) stands on {hex_name(h)}, outside the "
                                      f"board", name))
        return None
    other = m.city_at(h)
    if city is not None and city.hex != h:
        problems.append(issue("E166", f"city cards: {name} is a city of the map at {hex_name(city.hex)}, "
                                      f"not {hex_name(h)}", name))
    elif city is None and other is not None:
        problems.append(issue("E166", f"city cards: {name} at {hex_name(h)} stands where the map's city "
                                      f"{other.name} is (use its name)", name))
    return Card(name, h, colour, removed, city is not None)


def _distinct(cards, problems) -> None:
    by_name: dict = {}
    by_hex: dict = {}
    for c in cards:
        for key, seen, what in ((c.name, by_name, "name"), (c.hex, by_hex, "hex")):
            if key in seen:
                first = seen[key]
                problems.append(issue("E162", f"city cards: {c.name} ({c.colour}) and {first.name} "
                                              f"({first.colour}) have the same {what}"
                                              + (f" {hex_name(c.hex)}" if what == "hex" else ""), c.name))
            else:
                seen[key] = c


def track_edges(m) -> dict:
    """hex -> its neighbours over edges a track piece may take (as the engine compiles the
    map: no water, off-board or closed border; a track stops on the first foreign hex)."""
    from ....analysis.costs import CostModel

    cm = CostModel(m, stop_at_border=True)
    out: dict = {}
    for a, b in m.grid.edges():
        if cm.build_cost(a, b) is not None:
            out.setdefault(a, []).append(b)
            out.setdefault(b, []).append(a)
    return out


def card_issues(m) -> list[Issue]:
    """Every problem of the map's city cards, with where the cities stand (E163, E164)."""
    cards, problems = read_cards(m)
    if not cards:
        return problems
    rows = track_edges(m)
    placed = []
    for c in cards:
        if not rows.get(c.hex):
            what = m.terrain_at(c.hex)
            problems.append(issue("E163", f"city cards: no track can reach {c.name} at {hex_name(c.hex)} "
                                          f"({what})", c.name))
        else:
            placed.append(c)
    if placed:
        from ....search import bfs

        seen = bfs(rows, [placed[0].hex])
        for c in placed:
            if c.hex not in seen:
                problems.append(issue("E164", f"city cards: track cannot join {c.name} ({hex_name(c.hex)}) "
                                              f"to {placed[0].name}", c.name))
    return problems


def with_card_cities(m, cards=None):
    """The map with every card city that is not one of its cities added as a city without race
    numbers, tagged ``card`` (so a TransAmerica board shows it). ``cards``: ``(name, hex)``
    pairs (default: the map's own cards)."""
    from ....model import City

    if cards is None:
        cards = [(c.name, c.hex) for c in read_cards(m)[0]]
    extra = [City(name, h, (), ("card",)) for name, h in cards
             if m.city_at(h) is None and m.city_named(name) is None]
    return m.replace(cities=list(m.cities) + extra) if extra else m


def compiled_cards(m) -> dict:
    """``{"city_cards": [...]}`` for the engine's document when map ``m`` has city cards, else
    nothing."""
    cards, _ = read_cards(m)
    if not cards:
        return {}
    return {CARD_KEY: [{"name": c.name, "hex": hex_name(c.hex), "colour": c.colour, "removed": c.removed}
                       for c in cards]}


def read_board_cards(board) -> list[CardInfo]:
    """The cards of an engine map's document (:func:`compiled_cards`), as :class:`CardInfo`."""
    hex_id = board.hex_id
    return [CardInfo(c["name"], hex_id(c["hex"]), c["colour"], bool(c["removed"]))
            for c in board.data.get(CARD_KEY, [])]


def board_cards(board) -> list[CardInfo]:
    """The city cards of an :class:`~mapkit.engine.compiled.EngineMap` (empty: it has none),
    read once per board."""
    return board.part("transamerica")
