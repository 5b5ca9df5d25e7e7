"""Warnings about a board's design: what makes a valid map a poor board (W210-W216).

:func:`mapkit.validate.validate` adds these to the checks of a map's content. The figures come
from :mod:`mapkit.analysis.layout`; the thresholds, and why, are here and in
docs/map-format.md (Validation codes), each measured on the bundled maps (which play) and on
the drafts ``mapkit design`` made before issue 39 (which did not).

Without a rule set (:func:`layout_issues`):

* **W210** numbered cities on touching hexes, chained, that carry more than three race numbers
  together. A track that reaches one of them reaches the others for a piece each, and a race
  between two of them runs only over a detour of track, so together they are one stop: a city
  with more numbers than the rules give the biggest (docs/rules.md, The board: two or three).
  Two towns of one number each side by side (Ústí nad Labem and Děčín, 1 + 1) or a big city
  beside a town (Chicago and Milwaukee, 2 + 1) are left alone; Wien and Baden (3 + 1) or five
  Silesian towns are not.
* **W211** a row (the cities of one tens digit) spread over the board: its cities lie on average
  at least 0.8 times as far apart as two numbered cities of the whole board. The bundled maps'
  rows reach 0.58 and the drafts' 0.66; the 36 numbers dealt to the same cities at random give
  1.0 on average and more than 0.8 in 82-92 % of the rows.
* **W212** a row crammed into a few hexes: its cities (two or more) all lie within 5 steps of
  each other, so a race within the row runs only over a detour of built track (Paluba,
  Dampfross: 6 pieces) and never under Expres's table (10): the row is a spot, not a region.
  A row held by one city alone is not judged.
* **W213** two numbered cities whose real places (``lon``/``lat``) lie less than half a hex
  apart (the hex size from the map's ``geo.hex_km``): at the board's scale one place, a district
  or suburb moved to the next free hex. The bundled maps' closest pair is 0.64 hex apart (Washington
  and Baltimore); the drafts' districts lie 0.04-0.46 hex from their city.

A row is judged (W211, W212) once all six of its numbers are on the board: a map still without
some of them is W200's.

For a rule set (:func:`rule_issues`, ``mapkit validate --rules PRESET``): **W216** when the
preset's game family cannot play on the map at all, else what the family's
:meth:`~mapkit.engine.family.GameFamily.fit_issues` says of the board's size for the preset's
pieces (**W214** too big, **W215** too small).
"""

from __future__ import annotations

from .diagnostics import Issue, issue
from .grid import hex_name
from .model import ALL_RACE_NUMBERS, Map

__all__ = ["MAX_NUMBERS_TOGETHER", "SPREAD_RATIO", "CRAMMED_STEPS", "SAME_PLACE_HEXES", "layout_issues",
           "rule_issues", "family_of"]

# docs/rules.md, The board: "A big city may carry two or three numbers".
MAX_NUMBERS_TOGETHER = 3
# A row whose cities lie this many times as far apart as two cities of the board, or more.
SPREAD_RATIO = 0.8
# docs/rules.md, Drawing a race: a race over built track under 6 pieces is not run (Paluba);
# Expres's table forbids under 10. Within a row whose cities all lie closer a race runs only
# over a detour of track.
CRAMMED_STEPS = 6
# Two places closer than this many hexes in reality are one place at the board's scale.
SAME_PLACE_HEXES = 0.5


def _named(cities, most: int = 12) -> str:
    """The cities with their hexes, the first ``most`` of them."""
    names = ", ".join(f"{c.name} ({hex_name(c.hex)})" for c in cities[:most])
    return names + (f" and {len(cities) - most} more" if len(cities) > most else "")


def layout_issues(m: Map) -> list[Issue]:
    """W210-W213 for map ``m`` (see the module notes), in that order."""
    from .analysis import layout

    out = []
    for g in layout.touching_groups(m):
        if g.numbers > MAX_NUMBERS_TOGETHER:
            out.append(issue("W210", f"cities {_named(g.cities)} stand on touching hexes and carry {g.numbers} "
                                     f"race numbers together: a track reaching one reaches them all, a city "
                                     f"bigger than the biggest the rules allow ({MAX_NUMBERS_TOGETHER} numbers)",
                             g.cities[0].name))
    if len(layout.numbered_cities(m)) > len(ALL_RACE_NUMBERS):
        return out      # numbers used twice (E141): no rows to judge, and no cost square in the cities
    for s in layout.row_spreads(m, complete=True):
        if len(s.cities) > 1 and s.ratio >= SPREAD_RATIO:
            out.append(issue("W211", f"tens digit {s.tens} is spread over the board: its cities "
                                     f"{', '.join(c.name for c in s.cities)} lie {s.mean:.1f} hexes apart on "
                                     f"average, {s.ratio:.2f} times the {s.board_mean:.1f} between two cities of "
                                     f"the board (a row of race numbers is a region: docs/rules.md, The board)",
                             s.cities[0].name))
    out += _crammed(m, layout.rows(m, complete=True))
    out += _same_places(m)
    return out


def _crammed(m: Map, rows) -> list[Issue]:
    """W212: rows whose cities all lie under :data:`CRAMMED_STEPS` steps apart."""
    from .analysis import layout

    candidates = {t: cs for t, cs in rows.items()
                  if len(cs) > 1 and all(m.grid.distance(a.hex, b.hex) < CRAMMED_STEPS for a in cs for b in cs)}
    if not candidates:
        return []   # steps over land are never fewer than on an open board: no board to compile
    from .analysis.cells import Board

    board = Board(m)
    out = []
    for tens, cities in candidates.items():
        span = layout.row_span(m, cities, CRAMMED_STEPS, board)
        if span is not None:
            out.append(issue("W212", f"tens digit {tens} is crammed into a few hexes: its cities {_named(cities)} "
                                     f"all lie within {span} steps of each other: a race between two of them runs only "
                                     f"over a detour of track ({CRAMMED_STEPS} pieces under Paluba), never under the "
                                     f"Expres table (10)", cities[0].name))
    return out


def _same_places(m: Map) -> list[Issue]:
    """W213: numbered cities really less than :data:`SAME_PLACE_HEXES` hexes apart."""
    from .analysis import layout

    geo = m.meta.get("geo")
    hex_km = geo.get("hex_km") if isinstance(geo, dict) else None
    if not isinstance(hex_km, int | float) or isinstance(hex_km, bool) or hex_km <= 0:
        return []
    out = []
    for a, b, km in layout.close_places(m, SAME_PLACE_HEXES * hex_km):
        small = b if len(b.numbers) <= len(a.numbers) else a
        big = a if small is b else b
        out.append(issue("W213", f"cities {small.name} ({hex_name(small.hex)}) and {big.name} ({hex_name(big.hex)}) "
                                 f"lie {km:.1f} km apart in reality, less than half a hex ({hex_km / 2:.1f} km): one "
                                 f"place split in two, a district or suburb set on a hex of its own", small.name))
    return out


def family_of(preset: str):
    """The game family that plays rule preset ``preset`` (found through :mod:`mapkit.plugins`);
    ValueError when none does."""
    from .plugins import families

    for fam in families():
        if preset in {p.name for p in fam.presets}:
            return fam
    names = sorted(p.name for fam in families() for p in fam.presets)
    raise ValueError(f"unknown rule preset {preset!r} (known: {', '.join(names)})")


def rule_issues(m: Map, preset: str) -> list[Issue]:
    """W214-W216 for map ``m`` played by rule preset ``preset`` (ValueError: no such preset)."""
    fam = family_of(preset)
    if not fam.plays_on(m):
        lacks = (f": it lacks {' or '.join('rules.' + k for k in fam.map_keys)}, or that section has errors"
                 if fam.needs_cards else "")
        return [issue("W216", f"the {preset} rules cannot be played on this map{lacks}", None)]
    return list(fam.fit_issues(m, preset))
