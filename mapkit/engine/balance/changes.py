"""The changes ``mapkit balance`` may make to a map: what a game family proposes
(:meth:`mapkit.engine.family.GameFamily.balance_changes`), what the designer pins, and the
checks every candidate passes before a game is played on it.

A family proposes every change it allows on the current map as :class:`Change` objects, each
with a weight (how promising it looks from the measured start cities, :attr:`Context.heat`)
and the map it makes, built only when the change is drawn. The search draws one by weight
with its seeded generator (:func:`draw`) and keeps it only when :func:`acceptable`: the new
map validates (``mapkit.validate``) with no error and no warning the input map did not have.

A region is a group of cities that belong together (the cities of a race number's tens
digit; TransAmerica's cards of one colour); :func:`spread` is its width, the most hex steps
between two of its cities, and a change may not make a region wider than the widest region
of the input map (:func:`widest`).

>>> from mapkit.grid import Grid, parse_hex as H
>>> grid = Grid("pointy", "odd", 8, 4)
>>> spread(grid, [H("A1"), H("C1"), H("A3")])     # C1 to A3: three steps
3
>>> widest(grid, {"1": [H("A1"), H("E1")], "2": [H("A1")]})
4
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Pins", "Context", "Change", "spread", "widest", "draw", "acceptable", "baseline_issues"]


@dataclass(frozen=True)
class Pins:
    """What the designer keeps: ``cities`` (names) whose race numbers, cards and start-city
    standing do not change; ``numbers``: no race number moves; ``start``: the start cities stay;
    ``cards``: TransAmerica's cards stay."""

    cities: frozenset[str] = frozenset()
    numbers: bool = False
    start: bool = False
    cards: bool = False

    def as_json(self) -> dict:
        return {"cities": sorted(self.cities), "numbers": self.numbers, "start": self.start, "cards": self.cards}


@dataclass(frozen=True)
class Context:
    """What a family's proposals depend on besides the current map: the ``original`` map (whose
    regions bound the changes), the ``pins``, the number of ``players``, ``heat``: start
    city -> its wins above the fair share in the current map's games (positive: too strong),
    and whether the start cities were ``dealt`` (``--start-cities rotate``: then a city's heat
    measures the city; chosen by the bots, it measures their liking too)."""

    original: Any
    pins: Pins
    players: int
    heat: dict[str, float] = field(default_factory=dict)
    dealt: bool = False


@dataclass(frozen=True)
class Change:
    """One proposed change: its ``kind`` (``numbers``, ``start``, ``cards``), the ``words`` that
    tell it ("moved 34 from Kolín to Pardubice"), ``detail`` (the same as JSON data), the cities
    it touches, the ``weight`` of its draw, and ``make``, which builds the changed map."""

    kind: str
    words: str
    detail: dict
    cities: tuple[str, ...]
    make: Callable[[], Any]
    weight: float = 1.0

    @property
    def key(self) -> str:
        """What identifies the change on one map (a change tried once is not tried again)."""
        return self.words


def spread(grid, hexes) -> int:
    """The most hex steps on ``grid`` between two of ``hexes`` (0 for one or none)."""
    hs = list(hexes)
    return max((grid.distance(a, b) for i, a in enumerate(hs) for b in hs[i + 1:]), default=0)


def widest(grid, groups: dict) -> int:
    """The :func:`spread` of the widest of ``groups`` (name -> hexes)."""
    return max((spread(grid, hs) for hs in groups.values()), default=0)


def draw(changes: list[Change], rng: random.Random, tried: set) -> Change | None:
    """One change drawn by weight among those not in ``tried`` (their keys); None when none is
    left."""
    left = [c for c in changes if c.key not in tried and c.weight > 0]
    if not left:
        return None
    return rng.choices(left, weights=[c.weight for c in left])[0]


def baseline_issues(m) -> frozenset:
    """The warnings of map ``m`` as ``(code, where)`` pairs (a change may not add one)."""
    from ...validate import validate

    return frozenset((i.code, i.where) for i in validate(m) if not i.is_error)


def acceptable(m, allowed: frozenset) -> str | None:
    """Why map ``m`` may not be played (its first error, or a warning not in ``allowed``), or
    None when it may."""
    from ...validate import validate

    for i in validate(m):
        if i.is_error or (i.code, i.where) not in allowed:
            return f"{i.code} {i.message}"
    return None
