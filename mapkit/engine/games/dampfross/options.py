"""The options of the Dampfross family: every switch of docs/rules.md: Paluba, the options, Expres.

One field per alternative, with the Paluba value as default; presets
(:mod:`~mapkit.engine.games.dampfross.presets`) change the defaults, ``--option KEY=VALUE``
changes one. Options added after the first records were written carry ``before``: the value
that plays as the engine did then (special races and ferries were not played, ...), so old
records replay exactly.

>>> o = Options().replace(fees="expres", build_dice=1)
>>> o.fees, o.build_dice, o.start_money
('expres', 1, 20)
>>> Options().replace(fees="cheap")
Traceback (most recent call last):
...
mapkit.errors.InputError: option fees: 'cheap' is not one of paluba, expres
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ....errors import InputError
from ...options import OptionSet, option

__all__ = ["Options", "CHOICES", "TARGET_SCORES"]

# docs/rules.md, Options, the end of the game: the point target by number of players.
TARGET_SCORES = {2: 250, 3: 250, 4: 225, 5: 200, 6: 200}


@dataclass(frozen=True)
class Options(OptionSet):
    """Every rule switch of the Dampfross family. Defaults: the Paluba rules (section 2)."""

    # -- players and money (section 2 setup; Expres: 2-8 players, 6 points)
    min_players: int = option(2, low=1)
    max_players: int | None = option(None, low=1)          # None: no upper limit
    start_money: int = option(20, low=0)
    first_player: int | None = option(None, low=0)         # None: drawn (a chance action)
    # -- start cities (section 3 "start choice")
    start_choice: str = option("in_turn", choices=("in_turn", "secret"))
    unique_starts: bool = option(False)                    # (EJ) two players may not share a start
    start_cities: str = option("map", choices=("map", "any"))
    start_directions: str = option("map", choices=("map", "any", "distinct"), before="any")
    # -- building (sections 1, 2, 3 "build points", 4)
    build_dice: int = option(2, low=1, high=2)
    build_roll: str = option("shared", choices=("shared", "own"))
    rotate_rounds: bool = option(True)
    river_between_mountains: int = option(5, low=1)       # 7 under (EJ)
    unused_points_to_account: bool = option(False)        # (EJ)
    fees: str = option("paluba", choices=("paluba", "expres"))
    join_fee: int = option(1, low=0)
    city_bonus: int = option(6, low=0)
    joint_track: bool = option(False)
    ferries: bool = option(True, before=False)             # buy and sail the map's ferries (section 3)
    # -- end of the build phase
    build_end: str = option("two_rounds", choices=("two_rounds", "declaration"))
    extra_rounds: int = option(3, low=0)
    build_round_limit: int | None = option(None, low=0)   # not a rule: a cap for simulations
    # -- drawing races
    number_table: str = option("used", choices=("used", "compressed", "free"))
    number_uses: int = option(1, low=1)
    start_from_previous_target: bool = option(False)
    first_race_roller: str = option("next", choices=("next", "ender"))
    forbidden: str = option("track", choices=("track", "table"))
    min_track: int = option(6, low=0)
    min_table_distance: int | None = option(None, low=0)
    special_races: bool = option(True, before=False)       # the map's international races (section 3)
    # -- declaring
    fare: int = option(1, low=0)
    own_piece_required: bool = option(True)
    fare_limit: int | None = option(10, low=0, nullable=True)
    joint_races: bool = option(False)
    # -- racing
    uphill: int = option(2, low=1)
    no_shared_stop: bool = option(False)
    stop_exception: str = option("parallel", choices=("parallel", "owner"), before="owner")
    finish: str = option("round", choices=("round", "first"))
    prizes: str = option("fixed", choices=("fixed", "table"))
    prize_first: int = option(20, low=0)
    prize_second: int = option(10, low=0)
    # -- after a race
    post_race: str = option("income", choices=("income", "account", "tenth", "none"))
    budget_counts_fees: bool = option(False)
    post_race_order: str = option("placed", choices=("placed", "seat"), before="placed")
    # -- clocks and the end of the game
    turn_timer: int | None = option(None, low=1, before=None)   # seconds per decision (section 3)
    time_limit: int | None = option(None, low=1, before=None)   # minutes, then one more race
    races: int | None = option(9, low=1, nullable=True)
    target_score: int | str | None = option(None, low=1, extra=("auto",))
    winner_by: str = option("account", choices=("account", "last_three"))

    def check_together(self) -> None:
        if self.races is None and self.target_score is None and self.time_limit is None:
            raise InputError("options races, target_score and time_limit are all null: the game would never end")


# Allowed values of the options that choose between named alternatives (for help texts).
CHOICES = {f.name: f.metadata["choices"] for f in fields(Options) if f.metadata.get("choices")}
