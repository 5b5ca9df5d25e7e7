"""Railroad Tycoon's section of a map (``GameFamily.map_keys``: ``railroad_tycoon``).

A map that Railroad Tycoon plays on says, in its ``rules`` block, which cities take which goods,
how many goods each holds at set-up, where the Western Link starts, which hexes the free-build
card covers and which of its cities stand in for the cities the cards name::

    rules:
      railroad_tycoon:
        colours: {New York: blue, Scranton: grey}    # red|blue|purple|yellow|black|grey
        goods: {New York: 3}                          # cubes at set-up, 0..6
        western_link: [Kansas City, Des Moines]       # 1..2 cities
        free_build: [F5, F6]                          # the free-build card's green hexes
        card_cities: {Chicago: Brno}                  # a card's city -> the map's city

A city not named in ``colours`` is grey. A city not named in ``goods`` holds 2 cubes when it
has a colour and none when it is grey (the seed prints the number on the board; a grey city
takes goods only when it is founded). A card city that is no city of the map and has no
substitute leaves its cards out of the game (a warning, W270).

======  ==============================================================================
E170    a colour that is not red, blue, purple, yellow, black or grey
E171    a goods count outside 0..6
E172    a city named in ``colours`` or ``goods`` that the map does not have
E173    a Western Link city unknown, not 1..2 of them, or not joined by track to the rest
E174    a free-build hex off the board or where no track can go
E175    a card-city substitute that is no city of the map
W270    a card city neither on the map nor substituted: its cards are left out
======  ==============================================================================

:func:`compiled` is what ``mapkit export`` writes (the engine document's ``railroad_tycoon``,
:data:`ENGINE_SCHEMA`), :func:`read_board` what the engine reads back (:class:`RTBoard`,
``board.part("railroad_tycoon")``). The document also carries the map's ridges (edge names),
which the core's compiled board leaves out and a tile across one costs extra.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ....diagnostics import Issue, issue, register_codes
from ....grid import HexNameError, edge_name, hex_name, parse_hex

__all__ = ["KEY", "GOODS_COLOURS", "CITY_COLOURS", "MAP_SCHEMA", "ENGINE_SCHEMA", "RTBoard", "section_issues",
           "compiled", "read_board", "rt_board", "card_city_names", "renamed_section"]

KEY = "railroad_tycoon"
GOODS_COLOURS = ("red", "blue", "purple", "yellow", "black")
CITY_COLOURS = GOODS_COLOURS + ("grey",)
GOODS_MAX = 6
DEFAULT_GOODS = 2       # a coloured city's cubes at set-up when the map names no number

CODES = {
    "E170": ("error", "Railroad Tycoon: unknown city colour"),
    "E171": ("error", "Railroad Tycoon: goods count out of range"),
    "E172": ("error", "Railroad Tycoon: a named city is not on the map"),
    "E173": ("error", "Railroad Tycoon: Western Link city unknown or unreachable"),
    "E174": ("error", "Railroad Tycoon: free-build hex off the board or not buildable"),
    "E175": ("error", "Railroad Tycoon: card-city substitute is no city of the map"),
    "W270": ("warning", "Railroad Tycoon: a card city is missing; its cards are left out"),
}
register_codes(CODES)

_NAMES = {"type": "object", "additionalProperties": {"type": "string"}}
MAP_SCHEMA = {
    "description": "Optional: Railroad Tycoon's section (docs/rules.md, Railroad Tycoon): city colours, "
                   "goods at set-up, the Western Link cities, the free-build hexes and card-city substitutes.",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "colours": {"type": "object", "additionalProperties": {"enum": list(CITY_COLOURS)}},
        "goods": {"type": "object", "additionalProperties": {"type": "integer"}},
        "western_link": {"type": "array", "items": {"type": "string"}},
        "free_build": {"type": "array", "items": {"type": "string"}},
        "card_cities": _NAMES,
    },
}

ENGINE_SCHEMA = {
    "type": "object",
    "description": "Railroad Tycoon's part of the board (the map's rules.railroad_tycoon), absent without it",
    "required": ["cities", "western_link", "free_build", "card_cities", "ridges"],
    "additionalProperties": False,
    "properties": {
        "cities": {"type": "array", "items": {
            "type": "object", "required": ["name", "colour", "goods"], "additionalProperties": False,
            "properties": {"name": {"type": "string"}, "colour": {"enum": list(CITY_COLOURS)},
                           "goods": {"type": "integer", "minimum": 0}}}},
        "western_link": {"type": "array", "items": {"type": "string"}},
        "free_build": {"type": "array", "items": {"$ref": "#/$defs/hexName"}},
        "card_cities": _NAMES,
        "ridges": {"type": "array", "items": {"type": "string"}},
    },
}


@dataclass(frozen=True)
class RTBoard:
    """What the engine reads of the section, by city index and hex/edge id: ``colour[i]`` and
    ``goods[i]`` of every city, ``western`` (city indices), ``free_build`` (hex ids),
    ``card_city`` (a card's city name -> city index; cities the cards name and the map lacks
    are absent), ``ridges`` (edge ids)."""

    colour: tuple[str, ...]
    goods: tuple[int, ...]
    western: tuple[int, ...]
    free_build: frozenset[int]
    card_city: dict
    ridges: frozenset[int]


def card_city_names() -> tuple[str, ...]:
    from .cards import CARD_CITIES

    return CARD_CITIES


def _block(m) -> dict:
    return m.rules.extra.get(KEY) or {}


def section_issues(m) -> list[Issue]:
    """Every problem of map ``m``'s section (codes above)."""
    block = _block(m)
    out: list[Issue] = []
    for name, colour in (block.get("colours") or {}).items():
        if m.city_named(str(name)) is None:
            out.append(issue("E172", f"railroad_tycoon.colours: {name!r} is not a city of the map", str(name)))
        if colour not in CITY_COLOURS:
            out.append(issue("E170", f"railroad_tycoon.colours: {name}: {colour!r} is not one of "
                                     f"{', '.join(CITY_COLOURS)}", str(name)))
    for name, n in (block.get("goods") or {}).items():
        if m.city_named(str(name)) is None:
            out.append(issue("E172", f"railroad_tycoon.goods: {name!r} is not a city of the map", str(name)))
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= GOODS_MAX:
            out.append(issue("E171", f"railroad_tycoon.goods: {name}: {n!r} is not a number 0..{GOODS_MAX}",
                             str(name)))
    track = functools.cache(lambda: _track_rows(m))       # made once, when first needed
    out += _western_issues(m, block, track)
    out += _free_issues(m, block, track)
    out += _card_issues(m, block)
    return out


def _track_rows(m) -> dict:
    """hex -> its neighbours over edges a tile may cross (as the engine compiles the map)."""
    from ....analysis.costs import CostModel

    cm = CostModel(m, stop_at_border=True)
    rows: dict = {}
    for a, b in m.grid.edges():
        if cm.build_cost(a, b) is not None:
            rows.setdefault(a, []).append(b)
            rows.setdefault(b, []).append(a)
    return rows


def _western_issues(m, block, track) -> list[Issue]:
    from ....search import bfs

    names = [str(x) for x in block.get("western_link") or []]
    out = []
    if not 1 <= len(names) <= 2:
        out.append(issue("E173", f"railroad_tycoon.western_link: {len(names)} cities, not 1 or 2", "western_link"))
    for name in names:
        city = m.city_named(name)
        if city is None:
            out.append(issue("E173", f"railroad_tycoon.western_link: {name!r} is not a city of the map", name))
            continue
        seen = bfs(track(), [city.hex])
        if not any(c.hex in seen for c in m.cities if c.hex != city.hex):
            out.append(issue("E173", f"railroad_tycoon.western_link: no track can join {name} to another city",
                             name))
    return out


def _free_issues(m, block, track) -> list[Issue]:
    out = []
    for text in block.get("free_build") or []:
        try:
            h = parse_hex(str(text))
        except HexNameError as exc:
            out.append(issue("E174", f"railroad_tycoon.free_build: {exc}", str(text)))
            continue
        if h not in m.grid:
            out.append(issue("E174", f"railroad_tycoon.free_build: {hex_name(h)} is off the board", hex_name(h)))
            continue
        if not track().get(h) or m.city_at(h) is not None:
            out.append(issue("E174", f"railroad_tycoon.free_build: no tile can lie on {hex_name(h)} "
                                     f"({m.terrain_at(h)}{', a city' if m.city_at(h) else ''})", hex_name(h)))
    return out


def _card_issues(m, block) -> list[Issue]:
    subs = block.get("card_cities") or {}
    out = []
    for card, city in subs.items():
        if m.city_named(str(city)) is None:
            out.append(issue("E175", f"railroad_tycoon.card_cities: {card} -> {city!r}, which is not a city of "
                                     f"the map", str(city)))
    for name in card_city_names():
        if name not in subs and m.city_named(name) is None:
            out.append(issue("W270", f"railroad_tycoon: the cards' city {name} is not on the map and has no "
                                     f"substitute (card_cities); its cards are left out", name))
    return out


def renamed_section(block, old: str, new: str):
    """The section with city ``old`` called ``new`` (:func:`mapkit.renaming.rename_city`): the
    keys of ``colours`` and ``goods``, the Western Link cities and the cities standing in for
    the cards' (not the cards' own names, the keys of ``card_cities``); hexes stay."""
    if not isinstance(block, dict):
        return block
    out = dict(block)
    for key in ("colours", "goods"):
        if isinstance(out.get(key), dict):
            out[key] = {new if k == old else k: v for k, v in out[key].items()}
    if isinstance(out.get("western_link"), list):
        out["western_link"] = [new if c == old else c for c in out["western_link"]]
    if isinstance(out.get("card_cities"), dict):
        out["card_cities"] = {k: new if v == old else v for k, v in out["card_cities"].items()}
    return out


def city_colour(block, name: str) -> str:
    return (block.get("colours") or {}).get(name, "grey")


def compiled(m) -> dict:
    """``{"railroad_tycoon": {...}}`` for the engine's document when map ``m`` has the section."""
    block = m.rules.extra.get(KEY)
    if block is None:
        return {}
    goods = block.get("goods") or {}
    cities = []
    for c in m.cities:
        colour = city_colour(block, c.name)
        n = goods.get(c.name, 0 if colour == "grey" else DEFAULT_GOODS)
        cities.append({"name": c.name, "colour": colour, "goods": int(n) if isinstance(n, int) else 0})
    subs = {str(k): str(v) for k, v in (block.get("card_cities") or {}).items() if m.city_named(str(v))}
    for name in card_city_names():
        if name not in subs and m.city_named(name) is not None:
            subs[name] = name
    free = []
    for text in block.get("free_build") or []:
        try:
            h = parse_hex(str(text))
        except HexNameError:
            continue
        if h in m.grid:
            free.append(hex_name(h))
    return {KEY: {"cities": cities,
                  "western_link": [str(x) for x in block.get("western_link") or [] if m.city_named(str(x))],
                  "free_build": free, "card_cities": dict(sorted(subs.items())),
                  "ridges": [edge_name(e) for e in sorted(m.edge_set("ridges"))]}}


def read_board(board) -> RTBoard | None:
    """The section of an engine map's document as an :class:`RTBoard` (None: it has none)."""
    part = board.data.get(KEY)
    if part is None:
        return None
    by_name = {c["name"]: c for c in part["cities"]}
    colour, goods = [], []
    for c in board.cities:
        entry = by_name.get(c.name, {"colour": "grey", "goods": 0})
        colour.append(entry["colour"])
        goods.append(int(entry["goods"]))
    index = {c.name: i for i, c in enumerate(board.cities)}
    ridges = frozenset(board.edge_by_name[e] for e in part["ridges"] if e in board.edge_by_name)
    return RTBoard(tuple(colour), tuple(goods), tuple(index[n] for n in part["western_link"] if n in index),
                   frozenset(board.hex_id(h) for h in part["free_build"]),
                   {k: index[v] for k, v in part["card_cities"].items() if v in index}, ridges)


def rt_board(board) -> RTBoard:
    """The section of ``board``, read once (``board.part``)."""
    return board.part(KEY)
