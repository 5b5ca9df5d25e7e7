"""The options, rule hooks and preset of the Railroad Tycoon family (docs/rules.md, Railroad Tycoon).

The seed's figures are constants of :class:`RailroadTycoonRules`; the figures the seed leaves
open are decided here (docs/engine.md, "Railroad Tycoon"): the income of each field of the
victory-point track, the bag's cubes, the city tiles, no starting money.

>>> r = RailroadTycoon()
>>> [r.income(v) for v in (0, 1, 10, 11, 30, 35, 100, 101, 110)]
[0, 1000, 10000, 10000, 20000, 21000, 34000, 1000, 10000]
>>> [r.loco_price(k) for k in range(2, 9)]
[5000, 10000, 10000, 15000, 15000, 20000, 20000]
>>> r.empty_cities_to_end(4), RailroadTycoon({"empty_cities": 3}).empty_cities_to_end(4)
(14, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from ....i18n import N_
from ...game import GameRules
from ...options import OptionSet, option
from .mapdata import GOODS_COLOURS

__all__ = ["Options", "RailroadTycoonRules", "RailroadTycoon", "PRESETS"]


@dataclass(frozen=True)
class Options(OptionSet):
    """The switches of the family: the seed's figures where it gives them."""

    opener: int | None = option(None, low=0)            # round 1's auction opener; None: drawn
    empty_cities: int | None = option(None, low=1)      # None: 10/12/14/16/18 by players
    bag_per_colour: int = option(20, low=1)             # decided: cubes of each colour in the bag
    city_tiles: int = option(2, low=0)                  # decided: city tiles of each colour
    round_limit: int | None = option(30, low=1)         # not a rule: a cap for games that stall


class RailroadTycoonRules(GameRules):
    """The seed's rules; every figure a hook (a preset overrides one to play another)."""

    family = "railroad_tycoon"
    name = "custom"
    description = "the Railroad Tycoon family's base rules"
    defaults = Options()
    min_players = 2
    max_players = 6

    ACTIONS = 3                 # actions a player takes a round
    CARDS_PER_PLAYER = 2        # action cards laid out: 2 x players (+ the S cards)
    OPENING_BID = 1000
    BID_STEP = 1000
    SHARE = 5000                # paid for a share
    SHARE_COST = 1000           # a share's cost each round (and 1 VP at the end)
    TILE = 2000
    RIVER = 1000
    MOUNTAIN = 2000
    RIDGE = 4000
    DOUBLE = 2000               # upgrade to a double tile (base rate)
    TILES = 4
    ENGINEERING_TILES = 5
    FOUND = 10000
    FOUND_GOODS = 2
    WESTERN = 30000
    WESTERN_GOODS = 4
    CHICAGO_GOODS = 2           # random goods to Chicago per Western-Link good delivered there
    TWO_GOODS = 2
    EXTRA_ACTIONS = 2
    MAX_LOCO = 8
    TRACK_FIELDS = 100          # past 100 VP the track continues from 1
    END_TABLE = {2: 10, 3: 12, 4: 14, 5: 16, 6: 18}

    def income(self, vp: int) -> int:
        """The income printed at VP ``vp``'s field (decided: 1000 a point up to 10, then 1000 per
        2 points up to 30, then 1000 per 5 points; past 100 the track and its incomes start
        again from 1)."""
        f = vp if vp <= self.TRACK_FIELDS else (vp - 1) % self.TRACK_FIELDS + 1
        if f <= 10:
            k = max(f, 0)
        elif f <= 30:
            k = 10 + (f - 10) // 2
        else:
            k = 20 + (f - 30) // 5
        return 1000 * k

    def loco_price(self, level: int) -> int:
        """The price of locomotive ``level`` (2: 5000; 3-4: 10000; 5-6: 15000; 7-8: 20000)."""
        return {2: 5000, 3: 10000, 4: 10000, 5: 15000, 6: 15000, 7: 20000, 8: 20000}[level]

    def empty_cities_to_end(self, n_players: int) -> int:
        o = self.options.empty_cities
        return o if o is not None else self.END_TABLE[n_players]

    def bag(self) -> dict:
        return {c: self.options.bag_per_colour for c in GOODS_COLOURS}

    def city_tiles(self) -> dict:
        return {c: self.options.city_tiles for c in GOODS_COLOURS}

    def max_tiles(self, engineering: bool) -> int:
        return self.ENGINEERING_TILES if engineering else self.TILES

    def round_limit(self) -> int | None:
        return self.options.round_limit


class RailroadTycoon(RailroadTycoonRules):
    name = "railroad-tycoon"
    description = N_("Railroad Tycoon (docs/rules.md, Railroad Tycoon)")


PRESETS = (RailroadTycoon,)
