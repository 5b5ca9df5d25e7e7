"""TransAmerica's changes for ``mapkit balance``
(:meth:`~mapkit.engine.family.GameFamily.balance_changes`): the city cards dealt anew.

A map's deck (``rules.city_cards``, :mod:`.cards`) is five colours of seven cities, each
colour a region of the board. Two changes keep that shape:

* **swap**: two cards of different colours change colours (each takes the other's place in
  its list, and its standing as a card removed with 2-3 players);
* **replace**: a card goes to a city of the map that has none (of the home land, where track
  can go), in the same place of its colour's list.

Either may not make a colour wider than the widest colour of the input map (the most hex
steps between two of its cities, :func:`mapkit.engine.balance.changes.spread`), and a city
the designer keeps (``--keep``) neither gives nor takes a card; ``--keep-cards`` keeps the
deck as it is. Every proposal has the same weight: the measured start cities say nothing of a
deck (TransAmerica's players place their start marker where they like).

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map, City, Rules
>>> from mapkit.engine.balance.changes import Context, Pins
>>> colours = ("red", "orange", "yellow", "green", "blue")
>>> block = {c: {"cities": [f"{c[0]}{i}" for i in range(7)], "removed": [f"{c[0]}0", f"{c[0]}1"]} for c in colours}
>>> cities = [City(f"{c[0]}{i}", (i, 2 * k), (11,)) for k, c in enumerate(colours) for i in range(7)]
>>> m = Map(Grid("pointy", "odd", 8, 10), cities=cities + [City("x", (7, 0), (12,))],
...         rules=Rules(extra={"city_cards": block}))
>>> ch = balance_changes(m, Context(m, Pins(), 4))
>>> [c.words for c in ch if "r0" in c.words]     # each colour a row 6 steps wide: only o6 is near enough
['swapped the cards of r0 (red) and o6 (orange)', "r0's red card given to x"]
>>> new = ch[0].make().rules.extra["city_cards"]
>>> new["red"]["cities"][0], new["red"]["removed"], new["orange"]["cities"][6], new["orange"]["removed"]
('o6', ['o6', 'r1'], 'r0', ['o0', 'o1'])
"""

from __future__ import annotations

import copy
from functools import partial

from ....i18n import N_
from ....i18n.said import said
from ...balance.changes import Change, Context, spread, widest
from .cards import CARD_KEY, read_cards, track_edges

__all__ = ["balance_changes"]


def _groups(cards) -> dict[str, list]:
    out: dict[str, list] = {}
    for c in cards:
        out.setdefault(c.colour, []).append(c.hex)
    return out


def balance_changes(m, ctx: Context) -> list[Change]:
    """Every swap and replacement of city cards allowed on map ``m`` (module notes)."""
    if ctx.pins.cards:
        return []
    cards, problems = read_cards(m)
    if not cards or problems:
        return []
    grid, pinned = m.grid, ctx.pins.cities
    limit = widest(grid, _groups(read_cards(ctx.original)[0]))
    groups = _groups(cards)
    free = [c for c in cards if c.name not in pinned]
    held = {c.name for c in cards} | {c.hex for c in cards}
    rows = track_edges(m)
    spare = [c for c in m.cities if c.name not in held and c.hex not in held and c.name not in pinned
             and m.terrain_at(c.hex) != "foreign" and rows.get(c.hex)]
    out = []

    def fits(colour, leaves, comes) -> bool:
        return spread(grid, [h for h in groups[colour] if h != leaves] + [comes]) <= limit

    for i, a in enumerate(free):
        for b in free[i + 1:]:
            if b.colour != a.colour and fits(a.colour, a.hex, b.hex) and fits(b.colour, b.hex, a.hex):
                words = said(N_("swapped the cards of {city} ({colour}) and {other} ({other_colour})"), city=a.name,
                             colour=said(a.colour), other=b.name, other_colour=said(b.colour))
                out.append(Change("cards", words,
                                  {"swap": [a.name, b.name], "colours": [a.colour, b.colour]}, (a.name, b.name),
                                  partial(_dealt, m, {a.name: b.name, b.name: a.name})))
        for d in spare:
            if fits(a.colour, a.hex, d.hex):
                words = said(N_("{city}'s {colour} card given to {to}"), city=a.name, colour=said(a.colour), to=d.name)
                out.append(Change("cards", words,
                                  {"from": a.name, "to": d.name, "colour": a.colour}, (a.name, d.name),
                                  partial(_dealt, m, {a.name: d.name})))
    return out


def _name(entry) -> str:
    return str(entry.get("name")) if isinstance(entry, dict) else str(entry)


def _dealt(m, moves: dict):
    """Map ``m`` with its deck's cards of the cities ``moves`` names put in the places of the
    cities they map to (each place keeps its colour and its standing as removed)."""
    block = copy.deepcopy(m.rules.extra[CARD_KEY])
    entries = {_name(e): e for spec in block.values() for e in spec.get("cities") or []}
    for spec in block.values():
        spec["cities"] = [copy.deepcopy(entries.get(moves[_name(e)], moves[_name(e)])) if _name(e) in moves else e
                          for e in spec.get("cities") or []]
        spec["removed"] = [moves.get(str(r), r) for r in spec.get("removed") or []]
    rules = copy.copy(m.rules)
    rules.extra = {**m.rules.extra, CARD_KEY: block}
    return m.replace(rules=rules)
