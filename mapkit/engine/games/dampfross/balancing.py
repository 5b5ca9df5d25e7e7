"""The Dampfross family's changes for ``mapkit balance``
(:meth:`~mapkit.engine.family.GameFamily.balance_changes`): race numbers moved between cities,
and the start cities chosen.

**Race numbers.** The dice draw a race's start and target by race number, so how often a
city is raced to is how many numbers it carries: a change moves one number from a city with
two or more to another city of the home land (with fewer than three, or than the map's
biggest city has), so no city is left without a number. A number keeps its tens digit, and the
cities of a tens digit are a region (docs/rules.md, The board): the city that takes it must
stand where the region stays no wider than the widest region of the input map
(:func:`mapkit.engine.balance.changes.spread`). Moving a number from one city of a region to
another is such a move too. Swapping two cities' numbers is never tried: both still carry as
many, so the games would hardly differ.

**Start cities** (the map's ``rules.start_cities``; none listed means every city): a start
city taken off the list, one put on it (a city of the home land with race numbers), or one
replaced by another; the list never gets shorter than the number of players, or than the
input map's list when that is shorter (France starts everybody in Paris). A list that grows
back to every city is written as none. A start city nobody started from in the current map's
games is not taken off alone: the bots would choose as before, and the games would be the same.

The weights: a number is likelier moved away from a start city that wins more than its
share (and toward one that wins less), by how near the cities are (``exp(-steps / 4)``); a
start city far from its share, above it (everybody wants it) or below it (the last to choose
is left with it), is likelier taken off or replaced: up to five times as likely as an
aimless change when the bots chose their start cities, about twenty times when the cities
were dealt (``--start-cities rotate``) and so measure the cities alone (:func:`_weighted`). :attr:`Context.heat
<mapkit.engine.balance.changes.Context>` gives those wins.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine.balance.changes import Context, Pins
>>> m = Map(Grid("pointy", "odd", 6, 2), cities=[City("A", H("A1"), (11, 12)), City("B", H("C1"), (13,)),
...     City("C", H("F2"), (21, 22, 23, 24, 25, 26)), City("D", H("E1"), (14, 15, 16))])
>>> ch = balance_changes(m, Context(m, Pins(), 2))
>>> sorted(c.words for c in ch if c.kind == "numbers" and "from A" in c.words)
['moved 11 from A to B', 'moved 11 from A to D', 'moved 12 from A to B', 'moved 12 from A to D']
>>> [c.words for c in ch if "moved 21" in c.words]   # A, six steps from F2, would make the 2x region too wide
['moved 21 from C to B', 'moved 21 from C to D']
>>> [c.words for c in ch if c.kind == "start"][:2]
['A is no longer a start city', 'B is no longer a start city']
>>> ch[0].make().city_named("B").numbers
(11, 13)
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial

from ....i18n import N_
from ....i18n.said import said
from ...balance.changes import Change, Context, spread, widest

__all__ = ["balance_changes", "REACH", "MOST_NUMBERS"]

REACH = 4.0          # hex steps over which a number's nearness to a start city fades (by e)
MOST_NUMBERS = 3     # a city may take numbers up to this many (or the map's biggest city's)
PULL = 4.0           # chosen start cities: the change aimed best weighs 1 + PULL, an aimless one 1
SHARP = 3.0          # dealt start cities: the change aimed best weighs e ** SHARP (20) times an aimless one


def balance_changes(m, ctx: Context) -> list[Change]:
    """Every change of race numbers and start cities allowed on map ``m``."""
    out = [] if ctx.pins.numbers else _number_moves(m, ctx)
    if not ctx.pins.start:
        out += _start_moves(m, ctx)
    return out


def _home(m, c) -> bool:
    return m.terrain_at(c.hex) != "foreign"


def _regions(m) -> dict[int, list]:
    """Tens digit -> the hexes of the cities carrying one of its numbers."""
    out: dict[int, list] = {}
    for c in m.cities:
        for t in sorted({n // 10 for n in c.numbers}):
            out.setdefault(t, []).append(c.hex)
    return out


def _nearness(m, heat: dict):
    """hex -> how near it is to the start cities that win too much, less to those that win
    too little (each weighted by its wins above the fair share)."""
    hot = [(m.city_named(name).hex, h) for name, h in sorted(heat.items()) if m.city_named(name) is not None]

    def near(h) -> float:
        return sum(w * math.exp(-m.grid.distance(h, at) / REACH) for at, w in hot)
    return near


def _weighted(changes: list[tuple[float, Change]], dealt: bool) -> list[Change]:
    """The changes weighted by their score (below 0 counts 0) over the best score ``x``: ``1 +
    PULL * x`` when the bots chose their start cities (a city's heat is partly their liking,
    so the aim leans the draw only), ``exp(SHARP * x)`` when the start cities were dealt (a
    city's heat measures the city: the draw all but goes down the list of the changes aimed
    best, a start city winning 83 % of its starts replaced before one near the fair share, and
    every change keeps a chance)."""
    top = max((s for s, _ in changes), default=0.0)

    def weight(s: float) -> float:
        x = max(s, 0.0) / top if top > 0 else 0.0
        return math.exp(SHARP * x) if dealt else 1.0 + PULL * x
    return [replace(c, weight=weight(s)) for s, c in changes]


def _number_moves(m, ctx: Context) -> list[Change]:
    grid, pinned = m.grid, ctx.pins.cities
    limit = widest(grid, _regions(ctx.original))
    cap = max([MOST_NUMBERS] + [len(c.numbers) for c in ctx.original.cities])
    regions = _regions(m)
    near = _nearness(m, ctx.heat)
    takers = [c for c in m.cities if _home(m, c) and c.name not in pinned and len(c.numbers) < cap]
    scored = []
    for a in m.cities:
        if len(a.numbers) < 2 or a.name in pinned:
            continue
        for n in a.numbers:
            t = n // 10
            keeps = any(x // 10 == t for x in a.numbers if x != n)
            rest = [h for h in regions[t] if keeps or h != a.hex]
            for b in takers:
                if b.name == a.name or spread(grid, rest + [b.hex]) > limit:
                    continue
                ch = Change("numbers", said(N_("moved {n} from {city} to {to}"), n=n, city=a.name, to=b.name),
                            {"number": n, "from": a.name, "to": b.name}, (a.name, b.name),
                            partial(_moved, m, n, a.name, b.name))
                scored.append((near(a.hex) - near(b.hex), ch))
    return _weighted(scored, ctx.dealt)


def _moved(m, n: int, a: str, b: str):
    """Map ``m`` with race number ``n`` moved from city ``a`` to city ``b``."""
    cities = []
    for c in m.cities:
        if c.name == a:
            c = replace(c, numbers=tuple(x for x in c.numbers if x != n))
        elif c.name == b:
            c = replace(c, numbers=tuple(sorted(c.numbers + (n,))))
        cities.append(c)
    return m.replace(cities=cities)


def _choosable(m) -> list[str]:
    """The cities a start list may name: the home land's cities with race numbers."""
    return [c.name for c in m.cities if _home(m, c) and c.numbers]


def _start_moves(m, ctx: Context) -> list[Change]:
    choosable = _choosable(m)
    current = list(m.rules.start_cities) or choosable
    original = list(ctx.original.rules.start_cities) or _choosable(ctx.original)
    least = max(1, min(len(original), ctx.players))
    free = [c for c in current if c not in ctx.pins.cities]
    outside = [c for c in choosable if c not in current and c not in ctx.pins.cities]
    heat = ctx.heat
    every = not ctx.original.rules.start_cities     # a list of every city is written as none
    scored = []
    for c in free:       # a city far from its share either way is likelier taken off
        # a city nobody started from: the bots' choices, and so the games, would stay the same
        if len(current) > least and (c in heat or not heat):
            scored.append((abs(heat.get(c, 0.0)), _start(m, current, c, None, every)))
        for d in outside:
            scored.append((abs(heat.get(c, 0.0)), _start(m, current, c, d, every)))
    for d in outside:
        scored.append((-heat.get(d, 0.0), _start(m, current, None, d, every)))
    return _weighted(scored, ctx.dealt)


def _start(m, current: list[str], out: str | None, into: str | None, every: bool) -> Change:
    """The change of the start list ``current`` taking ``out`` off and putting ``into`` on."""
    names = tuple(c for c in (out, into) if c)
    if out and into:
        words = said(N_("start city {city} replaced by {to}"), city=out, to=into)
    else:
        words = (said(N_("{city} is no longer a start city"), city=out) if out
                 else said(N_("{city} is a start city"), city=into))
    new = [into if c == out else c for c in current if c != out or into]
    if into and not out:
        new.append(into)
    return Change("start", words, {"off": out, "on": into}, names,
                  partial(_started, m, tuple(new), every))


def _started(m, names: tuple, every: bool):
    """Map ``m`` with the start list ``names``; none when it names every city it could and
    ``every`` (the input map listed none)."""
    none = every and set(names) == set(_choosable(m))
    return m.replace(rules=replace(m.rules, start_cities=[] if none else list(names)))
