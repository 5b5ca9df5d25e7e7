"""The rule hooks of the Dampfross family: what the steps ask, and nothing else, about the
rules that differ between presets and options.

The steps (:mod:`~mapkit.engine.games.dampfross.steps`) never read an option: they call a
hook of :class:`DampfrossRules`. Each hook's default follows the options (so every
alternative stays switchable with ``--option``); a preset that plays a rule no option
describes overrides the hook (python-chess variants). The hooks take the compiled board
(:class:`~mapkit.engine.compiled.EngineMap`) or the state and return plain values; what
the board holds of races (start cities, the distance table, the threshold, special races)
they read from the family's part of it (:func:`.racetables.race_tables`).

>>> from mapkit.engine.games.dampfross.presets import Paluba, Expres
>>> Paluba().prize_of_place(None, 0, 1, 1), Paluba().finish_on_first_arrival()
(20, False)
>>> Expres().post_race_order([2], 4)   # the winner, then the others from his left
[2, 3, 0, 1]
>>> Paluba().post_race_order([2, 0], 4)  # winner, second, then clockwise
[2, 0, 3, 1]
"""

from __future__ import annotations

from ...game import GameRules
from .options import TARGET_SCORES, Options
from .racetables import race_tables

__all__ = ["DampfrossRules"]


class DampfrossRules(GameRules):
    """The base rules of the family: the Paluba defaults, every hook following the options."""

    family = "dampfross"
    name = "custom"
    description = "the Dampfross family's base rules (Paluba defaults)"
    defaults = Options()

    @property
    def min_players(self) -> int:
        return self.options.min_players

    @property
    def max_players(self) -> int | None:
        return self.options.max_players

    # -- costs (docs/rules.md, The board) ----------------------------------------------------------
    def piece_cost(self, board, eid: int) -> int:
        """Build cost of the piece on edge ``eid`` (EJ: a river between mountains costs 7)."""
        a, b = board.edge_ends[eid]
        if board.edge_river[eid] and board.mountain[a] and board.mountain[b]:
            return self.options.river_between_mountains
        return board.edge_build[eid]

    def step_cost(self, board, into: int) -> int:
        """Movement points of a step into hex ``into`` (uphill 2 in Dampfross, 1 in Expres)."""
        return self.options.uphill if board.mountain[into] else 1

    # -- fees for building ---------------------------------------------------------------
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

    def city_bonus(self) -> int:
        return self.options.city_bonus

    # -- start cities ----------------------------------------------------------------------
    def secret_start(self) -> bool:
        """Whether start cities are written secretly and revealed together (E)."""
        return self.options.start_choice == "secret"

    def unique_starts(self) -> bool:
        """Whether two players may not share a start city (EJ)."""
        return self.options.unique_starts

    def start_cities(self, board) -> list[int]:
        """The cities a player may start from (indices), before others' choices count."""
        usable = [i for i, c in enumerate(board.cities) if board.adj[c.hex]]
        starts = race_tables(board).start_cities
        if self.options.start_cities == "map" and starts:
            usable = [i for i in starts if board.adj[board.cities[i].hex]]
        return usable

    def distinct_start_directions(self, board) -> bool:
        """Whether players who start in one city must leave it in different directions
        (France: "every player must leave Paris in a different direction")."""
        mode = self.options.start_directions
        return mode == "distinct" or (mode == "map" and board.start_directions == "distinct")

    # -- build points ----------------------------------------------------------------------
    def build_dice(self) -> int:
        return self.options.build_dice

    def shared_roll(self) -> bool:
        """Whether the round's roller throws for everybody (Paluba) or each for himself (E)."""
        return self.options.build_roll == "shared"

    def rotate_rounds(self) -> bool:
        return self.options.rotate_rounds

    def build_points(self, dice: list[int]) -> int:
        """Build points of one roll (the sum of the dice)."""
        return sum(dice)

    def joint_points(self, a: int, b: int) -> int:
        """Joint track: 3/4 of both players' points, rounded down (4+4 -> 6, 3+3 -> 4)."""
        return (3 * (a + b)) // 4

    def unused_points_pay(self) -> bool:
        """Whether unused build points go to the account (EJ)."""
        return self.options.unused_points_to_account

    def joint_track(self) -> bool:
        return self.options.joint_track

    def ferries(self) -> bool:
        return self.options.ferries

    def check_build(self, state, player: int, eid: int, from_hex: int) -> str | None:
        """A map- or variant-specific refusal of a piece (a message), or None."""
        return None

    # -- the end of the build phase ----------------------------------------------------------
    def end_by_declaration(self) -> bool:
        """Expres: with one city left anyone may declare the end, then ``extra_rounds`` more
        rounds from the declarer. Paluba: declared two rounds after the second-to-last city."""
        return self.options.build_end == "declaration"

    def extra_rounds(self) -> int:
        return self.options.extra_rounds

    def round_limit(self) -> int | None:
        return self.options.build_round_limit

    # -- drawing races -------------------------------------------------------------------
    def first_race_roller(self, ender: int, last_roller: int | None, n: int) -> int:
        """Who draws the first race: the ender (E) or the player left of the last roller."""
        if self.options.first_race_roller == "ender":
            return ender
        last = last_roller if last_roller is not None else ender
        return (last + 1) % n

    def start_from_previous_target(self) -> bool:
        return self.options.start_from_previous_target

    def forbidden_by_table(self) -> bool:
        """Races are forbidden by the distance table (E) or by built track (Paluba)."""
        return self.options.forbidden == "table"

    def min_track(self) -> int:
        return self.options.min_track

    def min_table_distance(self, board) -> int:
        o = self.options
        return o.min_table_distance if o.min_table_distance is not None else race_tables(board).min_race_distance

    def special_every(self, board) -> int | None:
        """Every how many races a race is special (the map's table), or None."""
        sr = race_tables(board).special_races
        if not self.options.special_races or not sr or not sr.get("every") or not sr.get("table"):
            return None
        return int(sr["every"])

    # -- declaring -----------------------------------------------------------------------
    def fare(self) -> int:
        return self.options.fare

    def own_piece_required(self) -> bool:
        return self.options.own_piece_required

    def fare_limit(self) -> int | None:
        return self.options.fare_limit

    def joint_races(self) -> bool:
        return self.options.joint_races

    # -- racing --------------------------------------------------------------------------
    def no_shared_stop(self) -> bool:
        """(E) A train may not end its move on a hex where another train stands."""
        return self.options.no_shared_stop

    def trains_may_share(self, edge_a: int, owner_a: int, edge_b: int, owner_b: int) -> bool:
        """Under the no-shared-stop rule, whether two trains that arrived at one hex over
        these pieces may stand there together: only on different parallel tracks between
        the same two hexes (docs/rules.md, Options). ``stop_exception = owner`` (the engine before
        2026-12) let any two pieces of different owners share."""
        if self.options.stop_exception == "owner":
            return owner_a != owner_b
        return edge_a == edge_b and owner_a != owner_b

    def finish_on_first_arrival(self) -> bool:
        """(D) the first train to arrive wins at once; else judged at the end of the round."""
        return self.options.finish == "first"

    def prize_of_place(self, board, start_city: int, target_city: int | None, place: int,
                       distance: int | None = None) -> int:
        """Prize of ``place`` (1 or 2). Table prizes (E): 2x / 1x the table distance
        (``distance``: the steps to a special race's nearest target hex; without it, the race
        is to ``target_city``)."""
        o = self.options
        if o.prizes == "table":
            if distance is None:
                assert target_city is not None, "a race without a distance has a target city"
                distance = race_tables(board).steps_between(start_city, target_city) or 0
            return 2 * distance if place == 1 else distance
        return o.prize_first if place == 1 else o.prize_second

    def prize(self, board, start_city: int, target_city: int, place: int) -> int:
        """Prize of ``place`` for the race between two cities (the public hook of old)."""
        return self.prize_of_place(board, start_city, target_city, place)

    # -- after a race ----------------------------------------------------------------------
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

    def budget_counts_fees(self) -> bool:
        """(D) fees received from earlier builders of this round add to the budget."""
        return self.options.budget_counts_fees

    def post_race_order(self, placed: list, n: int) -> list:
        """Who builds after a race, in order. ``placed``: the seats of the first two places
        (partners included), winner first. Paluba: winner, second, then clockwise from the
        winner's left; Expres: the winner, then everybody in turn from his left."""
        w = placed[0]
        if self.options.post_race_order == "seat":
            return [(w + i) % n for i in range(n)]
        first = list(dict.fromkeys(placed))
        return first + [(w + i) % n for i in range(1, n) if (w + i) % n not in first]

    # -- the end of the game -----------------------------------------------------------------
    def races(self) -> int | None:
        return self.options.races

    def target_score(self, n_players: int) -> int | None:
        ts = self.options.target_score
        if ts == "auto":
            return TARGET_SCORES.get(n_players, 200 if n_players > 6 else 250)
        return ts

    def turn_timer(self) -> int | None:
        return self.options.turn_timer

    def time_limit(self) -> int | None:
        return self.options.time_limit

    def scores(self, accounts: list, snapshots: list) -> list:
        """What decides the winner: the accounts, or (EJ2) the gain over the last 3 races."""
        if self.options.winner_by == "last_three" and len(snapshots) >= 3:
            return [a - s for a, s in zip(accounts, snapshots[-3], strict=False)]
        return list(accounts)
