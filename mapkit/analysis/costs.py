"""What a track piece costs to build and what a step costs a train (docs/rules.md, The board).

A piece lies on an edge between two adjacent hexes. Build costs:

====================================================  ====
plain (or city) to plain (or city)                      1
across a river, lowland                                 3
plain <-> mountain                                      3
mountain <-> mountain                                   5
plain <-> mountain across a river                       5
mountain <-> mountain across a river                    5 (7 under the EJ house rule)
into water or off the board                             never
across a state border / into foreign land               never, unless border crossing is on
between two foreign hexes                               never with ``stop_at_border`` (a
                                                        track stops on the first hex beyond
                                                        the border)
====================================================  ====

A city counts as the terrain of its hex (a mountain city is a mountain). Race movement:
stepping *into* a mountain hex costs 2 ("uphill"), every other step 1 (Expres: all 1).
Hex steps (the Expres distance table) count 1 per step.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, EdgeSet
>>> m = Map(Grid("pointy", "odd", 3, 1), terrain={H("C1"): "mountain"},
...         rivers=[EdgeSet({(H("B1"), H("C1"))})])
>>> c = CostModel(m)
>>> c.build_cost(H("A1"), H("B1")), c.build_cost(H("B1"), H("C1"))
(1, 5)
>>> c.move_cost(H("B1"), H("C1")), c.move_cost(H("C1"), H("B1"))
(2, 1)
"""

from __future__ import annotations

from ..grid import Hex
from ..model import Map

__all__ = ["CostModel", "METRICS", "PLAIN", "RIVER", "MOUNTAIN", "MOUNTAIN_MOUNTAIN",
           "MOUNTAIN_RIVER", "RIVER_BETWEEN_MOUNTAINS", "RIVER_BETWEEN_MOUNTAINS_EJ", "UPHILL"]

PLAIN = 1
RIVER = 3
MOUNTAIN = 3
MOUNTAIN_MOUNTAIN = 5
MOUNTAIN_RIVER = 5
RIVER_BETWEEN_MOUNTAINS = 5
RIVER_BETWEEN_MOUNTAINS_EJ = 7
UPHILL = 2
METRICS = ("steps", "build", "travel")


class CostModel:
    """The costs of one map under one set of switches.

    ``border_crossing``: None follows the map's ``rules.border_crossing``.
    ``river_between_mountains``: 5 (sober rules) or 7 (the EJ house rule).
    ``uphill``: movement cost of a step into a mountain (2 in Dampfross, 1 in Expres).
    ``stop_at_border``: with border crossing, a track stops on the first hex beyond the border,
    so no piece joins two foreign hexes; None follows the map's ``rules.stop_at_border``
    (default false: the map format makes foreign land passable throughout). The engine
    always builds by this rule.
    """

    def __init__(self, m: Map, border_crossing: bool | None = None,
                 river_between_mountains: int = RIVER_BETWEEN_MOUNTAINS, uphill: int = UPHILL,
                 stop_at_border: bool | None = None):
        self.map = m
        self.border_crossing = m.rules.border_crossing if border_crossing is None else bool(border_crossing)
        self.stop_at_border = m.rules.stop_at_border if stop_at_border is None else bool(stop_at_border)
        self.river_between_mountains = river_between_mountains
        self.uphill = uphill
        self.rivers = m.edge_set("rivers")
        self.borders = m.edge_set("borders")

    def passable(self, h) -> bool:
        """Whether track and trains may enter hex ``h``."""
        return self.map.is_passable(h, self.border_crossing)

    def edge_open(self, a: Hex, b: Hex) -> bool:
        """Whether a piece may lie between adjacent hexes ``a`` and ``b`` at all.

        With ``stop_at_border``, a track "must stop on the first hex beyond the border"
        (docs/rules.md, Options): a piece never joins two foreign hexes.
        """
        if not (self.passable(a) and self.passable(b)):
            return False
        if not self.border_crossing:
            return ((a, b) if a <= b else (b, a)) not in self.borders
        if self.stop_at_border:
            terrain = self.map.terrain_at
            return not (terrain(a) == "foreign" and terrain(b) == "foreign")
        return True

    def build_cost(self, a: Hex, b: Hex) -> int | None:
        """Cost of one track piece between adjacent ``a`` and ``b``; None when impossible."""
        if not self.edge_open(a, b):
            return None
        ma = self.map.terrain_at(a) == "mountain"
        mb = self.map.terrain_at(b) == "mountain"
        river = ((a, b) if a <= b else (b, a)) in self.rivers
        if ma and mb:
            return self.river_between_mountains if river else MOUNTAIN_MOUNTAIN
        if ma or mb:
            return MOUNTAIN_RIVER if river else MOUNTAIN
        return RIVER if river else PLAIN

    def move_cost(self, a: Hex, b: Hex) -> int | None:
        """Movement points for a train stepping from ``a`` into ``b``; None when impossible."""
        if not self.edge_open(a, b):
            return None
        return self.uphill if self.map.terrain_at(b) == "mountain" else 1

    def step_cost(self, a: Hex, b: Hex) -> int | None:
        """1 for every possible step (the Expres distance table); None when impossible."""
        return 1 if self.edge_open(a, b) else None

    def cost(self, metric: str, a: Hex, b: Hex) -> int | None:
        """The cost of the step ``a`` -> ``b`` under ``metric`` (steps, build or travel)."""
        if metric == "steps":
            return self.step_cost(a, b)
        if metric == "build":
            return self.build_cost(a, b)
        if metric == "travel":
            return self.move_cost(a, b)
        raise ValueError(f"unknown metric {metric!r}; use one of {', '.join(METRICS)}")
