"""The rule hooks of the TransAmerica family: what the steps ask about the rules, and nothing
else (the steps never read an option).

The published figures are constants here; a preset that plays other figures sets them, a
preset that plays another rule overrides the hook (as in the Dampfross family). The score
track (docs/rules.md, TransAmerica, settled here; ``docs/engine.md`` explains it): every player starts with
13 points (option ``start_points``) and loses the pieces he is short; the barrier stands before the red
field, so a locomotive passes it on reaching 0. After round ``BARRIER_ROUND`` (2), if the
leading locomotive -- the one that has lost most -- has still lost ``LEADER_LIMIT`` (4) points
or fewer, the barrier moves up to stand ``BARRIER_GAP`` (2) fields in front of it: it is then
passed on reaching the leader's score minus 3.

>>> r = TransAmericaRules()
>>> r.moved_barrier([12, 9, 11], 0), r.moved_barrier([12, 8, 11], 0)
(6, 0)
>>> r.passed(0, 0), r.passed(1, 0), TransAmericaRules({"no_barrier": True}).passed(0, 0)
(True, False, False)
>>> sorted(TransAmericaRules({"mega": True}).round_variants())
['broken_bridge', 'super_changer']
"""

from __future__ import annotations

from ...game import GameRules
from .options import Options

__all__ = ["TransAmericaRules", "ROUND_VARIANTS", "MATURITA_CHOICES"]

# The variants that change a round (the rest change the game: mission, no barrier, elimination,
# maturita); maturita's start player picks one of these, or "standard", for his round.
ROUND_VARIANTS = ("open_hand", "card_passing_1", "card_passing_2", "seat_start", "seat_connect",
                  "restricted_connection", "ele", "super_changer", "broken_bridge", "quarantine", "nuclear",
                  "fixed_start", "unique_region_start", "one_colour")
MATURITA_CHOICES = ("standard",) + ROUND_VARIANTS


class TransAmericaRules(GameRules):
    """The base rules of the family: the published game, every hook following the options."""

    family = "transamerica"
    name = "custom"
    description = "the TransAmerica family's base rules"
    defaults = Options()
    min_players = 2
    max_players = 6

    SINGLES_PER_TURN = 2
    CHANGER_SINGLES = 3
    CHANGER_PRICE = 3
    BARRIER = 0             # a score at or below the barrier has passed it
    BARRIER_ROUND = 2
    LEADER_LIMIT = 4
    BARRIER_GAP = 2
    REMOVED_UP_TO = 3       # with this many players or fewer the removed cards are set aside

    # -- the board -----------------------------------------------------------------------
    def piece_size(self, board, eid: int) -> int:
        """1 for a single line, 2 for a double line: a piece that crosses a river or enters or
        leaves a mountain hex (option ``double_lines`` narrows it). A map or preset that wants
        other double lines overrides this hook."""
        mode = self.options.double_lines
        a, b = board.edge_ends[eid]
        river = board.edge_river[eid] and mode in ("rivers_and_mountains", "rivers")
        mountain = (board.mountain[a] or board.mountain[b]) and mode in ("rivers_and_mountains", "mountains")
        return 2 if river or mountain else 1

    # -- figures -------------------------------------------------------------------------
    def start_points(self) -> int:
        """Every locomotive's start field (13)."""
        return self.options.start_points

    def pieces_per_round(self) -> int | None:
        """Track pieces in play a round (84); None: no limit (Mission TA needs more)."""
        return None if self.mission() else self.options.pieces

    def singles_per_turn(self, changer: bool) -> int:
        return self.CHANGER_SINGLES if changer else self.SINGLES_PER_TURN

    def removed_cards_out(self, n_players: int) -> bool:
        """Whether the removed (underlined) cards are set aside: with 2-3 players."""
        return n_players <= self.REMOVED_UP_TO

    def round_limit(self) -> int | None:
        return self.options.round_limit

    # -- variants ------------------------------------------------------------------------
    def round_variants(self) -> frozenset:
        """The round variants switched on for every round (maturita adds one per round)."""
        o = self.options
        on = {name for name in ROUND_VARIANTS if getattr(o, name, False)}
        if o.card_passing == "one_colour":
            on.add("card_passing_1")
        elif o.card_passing == "all_at_once":
            on.add("card_passing_2")
        if o.mega:
            on |= {"super_changer", "broken_bridge"}
        return frozenset(on)

    def mission(self) -> str | None:
        """``"one"`` or ``"two"`` (Mission TA I or II), or None."""
        return None if self.options.mission == "none" else self.options.mission

    def maturita(self) -> bool:
        return self.options.maturita

    def no_barrier(self) -> bool:
        return self.options.no_barrier or self.options.mega

    def elimination(self) -> bool:
        return self.options.elimination or self.options.mega

    # -- the score track -----------------------------------------------------------------
    def passed(self, score: int, barrier: int) -> bool:
        """Whether a locomotive at ``score`` has passed the barrier (no barrier: fallen into
        the sea below 0)."""
        return score < 0 if self.no_barrier() else score <= barrier

    def moved_barrier(self, scores: list, barrier: int) -> int:
        """The barrier after round ``BARRIER_ROUND``'s scoring (``scores``: of the players
        still in the game)."""
        leader = min(scores)
        if self.start_points() - leader <= self.LEADER_LIMIT:
            return max(barrier, leader - self.BARRIER_GAP - 1)
        return barrier
