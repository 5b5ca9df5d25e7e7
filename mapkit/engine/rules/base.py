"""Rule options and the rule hooks every preset shares.

:class:`Options` holds every switch of rules.md sections 2-4 (one field per alternative,
with the Paluba value as default); :class:`Rules` reads them through small *hook* methods that
the engine calls (costs, fees, build points, forbidden races, prizes, post-race budgets,
the end of the game). A preset is a subclass that changes ``defaults`` and, where a rule is
not just a switch, overrides a hook, in the manner of python-chess variants.

>>> o = Options().replace(fees="expres", build_dice=1)
>>> o.fees, o.build_dice, o.start_money
('expres', 1, 20)
>>> Options().replace(fees="cheap")
Traceback (most recent call last):
...
mapkit.errors.InputError: option fees: 'cheap' is not one of paluba, expres
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields

from ...errors import InputError

__all__ = ["Options", "Rules", "CHOICES", "TARGET_SCORES"]

# Allowed values of the options that are choices between named alternatives.
CHOICES = {
    "start_choice": ("in_turn", "secret"),
    "start_cities": ("map", "any"),
    "build_roll": ("shared", "own"),
    "fees": ("paluba", "expres"),
    "build_end": ("two_rounds", "declaration"),
    "number_table": ("used", "compressed", "free"),
    "first_race_roller": ("next", "ender"),
    "forbidden": ("track", "table"),
    "finish": ("round", "first"),
    "prizes": ("fixed", "table"),
    "post_race": ("income", "account", "tenth", "none"),
    "winner_by": ("account", "last_three"),
}
# rules.md section 3, end of game: the point target by number of players.
TARGET_SCORES = {2: 250, 3: 250, 4: 225, 5: 200, 6: 200}


@dataclass(frozen=True)
class Options:
    """Every rule switch. Defaults are the Paluba competition rules (rules.md section 2)."""

    # -- players and money (section 2 setup; Expres: 2-8 players, 6 points)
    min_players: int = 2
    max_players: int | None = None     # None: no upper limit
    start_money: int = 20
    first_player: int | None = None    # None: drawn (highest roll / lot), a chance action
    # -- start cities (section 3 "start choice")
    start_choice: str = "in_turn"      # in_turn (D): pick when first on turn; secret: all at once
    unique_starts: bool = False        # (EJ) two players may not share a start city
    start_cities: str = "map"          # map: only the map's prescribed start cities (if any)
    # -- building (sections 1, 2, 3 "build points", 4)
    build_dice: int = 2                # dice thrown for build points (1 or 2)
    build_roll: str = "shared"         # shared: the round's roller throws for all; own (E)
    rotate_rounds: bool = True         # the round's first player moves one seat each round
    river_between_mountains: int = 5   # 7 under (EJ)
    unused_points_to_account: bool = False  # (EJ)
    fees: str = "paluba"               # paluba: 2 per half piece outside cities; expres: 4 per piece
    join_fee: int = 1                  # joining or crossing a foreign track at a hex
    city_bonus: int = 6
    joint_track: bool = False          # (section 3) shared track, 3/4 of both rolls
    # -- end of the build phase
    build_end: str = "two_rounds"      # two_rounds (Paluba) | declaration (E): + 3 rounds
    extra_rounds: int = 3              # rounds played after an Expres declaration
    build_round_limit: int | None = None   # not a rule: a safety cap for simulations (bots
    #                                        that stop building would otherwise never end)
    # -- drawing races
    number_table: str = "used"         # used 6x6 | compressed 3x6 | free (Expres: no table)
    number_uses: int = 1               # long games: each number once (18 races) or twice (36)
    start_from_previous_target: bool = False  # (E, D2)
    first_race_roller: str = "next"    # next: left of the last builder-roller; ender (E)
    forbidden: str = "track"           # track: built track >= min_track; table (E): distance
    min_track: int = 6
    min_table_distance: int | None = None  # None: the map's min_race_distance, else 10
    # -- declaring
    fare: int = 1                      # per foreign piece of the route
    own_piece_required: bool = True
    fare_limit: int | None = 10        # may pay others at most this much more than he receives
    joint_races: bool = False          # (D2) two players race one train
    # -- racing
    uphill: int = 2                    # movement cost of a step into a mountain (Expres 1)
    no_shared_stop: bool = False       # (E) a train may not stop on an occupied hex
    finish: str = "round"              # round: judged at the end of the round; first (D)
    prizes: str = "fixed"              # fixed 20/10 | table (E): 2x / 1x the table distance
    prize_first: int = 20
    prize_second: int = 10
    # -- after a race
    post_race: str = "income"          # income (Paluba, D) | account (E) | tenth (D2) | none
    budget_counts_fees: bool = False   # (D, seed) fees received from earlier builders count
    # -- end of the game
    races: int | None = 9
    target_score: int | str | None = None  # a number, "auto" (250/225/200) or None
    winner_by: str = "account"         # account | last_three (EJ2: most gained in 3 races)

    def replace(self, **changes) -> "Options":
        """A copy with ``changes``; unknown names and bad values raise :class:`InputError`."""
        known = {f.name for f in fields(self)}
        for k in changes:
            if k not in known:
                import difflib

                near = difflib.get_close_matches(k, sorted(known), n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise InputError(f"unknown rule option {k!r}{hint}")
        new = dataclasses.replace(self, **changes)
        new.check()
        return new

    def check(self) -> None:
        """Raise :class:`InputError` naming the first option with a bad value."""
        for name, allowed in CHOICES.items():
            v = getattr(self, name)
            if v not in allowed:
                raise InputError(f"option {name}: {v!r} is not one of {', '.join(allowed)}")
        ints = {"min_players": 1, "start_money": 0, "build_dice": 1, "river_between_mountains": 1,
                "join_fee": 0, "city_bonus": 0, "extra_rounds": 0, "number_uses": 1, "min_track": 0,
                "fare": 0, "uphill": 1, "prize_first": 0, "prize_second": 0}
        for name, low in ints.items():
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < low:
                raise InputError(f"option {name}: {v!r} is not a whole number >= {low}")
        if self.build_dice > 2:
            raise InputError(f"option build_dice: {self.build_dice} (one or two dice)")
        for name in ("max_players", "first_player", "min_table_distance", "fare_limit", "races",
                     "build_round_limit"):
            v = getattr(self, name)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                raise InputError(f"option {name}: {v!r} is not a whole number or null")
        if self.races is None and self.target_score is None:
            raise InputError("options races and target_score are both null: the game would never end")
        ts = self.target_score
        if ts is not None and ts != "auto" and (not isinstance(ts, int) or isinstance(ts, bool) or ts < 1):
            raise InputError(f"option target_score: {ts!r} is not a number, \"auto\" or null")
        for name in ("unique_starts", "rotate_rounds", "unused_points_to_account", "joint_track",
                     "start_from_previous_target", "own_piece_required", "joint_races",
                     "no_shared_stop", "budget_counts_fees"):
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"option {name}: {getattr(self, name)!r} is not true or false")

    def as_json(self) -> dict:
        return dataclasses.asdict(self)

    def diff(self, base: "Options") -> dict:
        """The options that differ from ``base`` (for short descriptions)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


class Rules:
    """The rule hooks of a game; ``options`` are this game's switches.

    The engine (:mod:`mapkit.engine.state`) asks these methods and nothing else about the
    rules that vary between presets. Hooks receive the compiled board
    (:class:`~mapkit.engine.board.EngineMap`) or the state and return plain numbers.
    """

    name = "custom"
    description = "the engine's base rules (Paluba defaults)"
    defaults = Options()

    def __init__(self, options: Options | dict | None = None):
        if options is None:
            options = self.defaults
        elif isinstance(options, dict):
            options = self.defaults.replace(**options)
        options.check()
        self.options = options

    def __repr__(self):
        d = self.options.diff(self.defaults)
        return f"{type(self).__name__}({d})" if d else f"{type(self).__name__}()"

    # -- costs -------------------------------------------------------------------------------
    def piece_cost(self, board, eid: int) -> int:
        """Build cost of the piece on edge ``eid`` (section 1; EJ: river between mountains 7)."""
        a, b = board.edge_ends[eid]
        if board.edge_river[eid] and board.mountain[a] and board.mountain[b]:
            return self.options.river_between_mountains
        return board.edge_build[eid]

    def step_cost(self, board, into: int) -> int:
        """Movement points of a step into hex ``into`` (uphill 2 in Dampfross, 1 in Expres)."""
        return self.options.uphill if board.mountain[into] else 1

    # -- fees for building -----------------------------------------------------------------
    def parallel_fee(self, board, eid: int) -> int:
        """Fee to each owner of the edge a new piece runs parallel to.

        Paluba: 2 per half piece outside a city (4 between two plain hexes, 2 into a city);
        Expres: 4 per shared piece.
        """
        if self.options.fees == "expres":
            return 4
        a, b = board.edge_ends[eid]
        return (0 if board.is_city[a] else 2) + (0 if board.is_city[b] else 2)

    def join_fee(self, board, hid: int) -> int:
        """Fee to each owner of a foreign track joined or crossed at hex ``hid`` (0 in cities)."""
        return 0 if board.is_city[hid] else self.options.join_fee

    # -- build points ----------------------------------------------------------------------
    def build_points(self, dice: list[int]) -> int:
        """Build points of one roll (the sum of the dice)."""
        return sum(dice)

    def joint_points(self, a: int, b: int) -> int:
        """Joint track: 3/4 of both players' points, rounded down (4+4 -> 6, 3+3 -> 4)."""
        return (3 * (a + b)) // 4

    # -- races -----------------------------------------------------------------------------
    def min_table_distance(self, board) -> int:
        o = self.options
        return o.min_table_distance if o.min_table_distance is not None else board.min_race_distance

    def prize(self, board, start_city: int, target_city: int, place: int) -> int:
        """Prize of ``place`` (1 or 2) for the race between two cities."""
        o = self.options
        if o.prizes == "table":
            d = board.steps_between(start_city, target_city) or 0
            return 2 * d if place == 1 else d
        return o.prize_first if place == 1 else o.prize_second

    def target_score(self, n_players: int) -> int | None:
        ts = self.options.target_score
        if ts == "auto":
            return TARGET_SCORES.get(n_players, 200 if n_players > 6 else 250)
        return ts

    def post_race_budget(self, race_no: int, account: int, income: int) -> int | None:
        """Build budget after race ``race_no`` (1-based); None: no building after this race.

        ``income``: this race's income of the player (prize + fares received).
        """
        mode = self.options.post_race
        if mode == "none":
            return None
        if mode == "income":
            return min(income, account)
        if mode == "account":
            return account
        # tenth (D2): after every second race, 10% of the account; 5 under 50
        if race_no % 2:
            return None
        return min(account, account // 10 if account >= 50 else 5)

    def fees_from_budget(self) -> bool:
        """Whether fees of post-race building come out of the budget (income, account)."""
        return self.options.post_race in ("income", "account")

    def check_build(self, state, player: int, eid: int, from_hex: int) -> str | None:
        """Map- or variant-specific refusal of a piece (a message), or None. Default: none."""
        return None
