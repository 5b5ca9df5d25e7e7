"""The options of the TransAmerica family: the published rules' figures and the 20 variants of
docs/rules.md, TransAmerica, each a switch (``--option KEY=VALUE``).

=========================  ====================================================================
option                     variant (docs/rules.md, TransAmerica; the seed's Czech name)
=========================  ====================================================================
``open_hand``              open hand (Otevřená ruka): every hand is shown
``card_passing``           ``one_colour``: card passing I (Posílání karet); ``all_at_once``: II
``mission``                ``one``: Mission TA I (Mise TA); ``two``: Mission TA II
``seat_start``             start in a seat (Start v sídle)
``seat_connect``           must also connect a seat (Spojení se sídlem)
``no_barrier``             no barrier (Zrušení závory): play until someone falls below 0
``elimination``            elimination (Eliminační TA)
``restricted_connection``  restricted connection (Omezené spojení), odd player counts only
``ele``                    ELE TA: extend only at track ends, no branching
``super_changer``          Super Changer: 3 points for 3 single pieces a turn
``broken_bridge``          broken bridge (Stržený most): each blocks one double line a round
``quarantine``             quarantine (Karanténa)
``nuclear``                nuclear TA (Nukleární TA): one city of each colour closed a round
``fixed_start``            fixed start (Fixovaný start)
``unique_region_start``    start in a unique colour region (Start v unikátní barvě)
``one_colour``             one colour (Jedna barva): all start in a drawn card's colour region
``maturita``               maturita: the start player picks the variant of each round
``mega``                   mega game (Mega hra): the seed's combination -- Super Changer, no
                           barrier, elimination and broken bridge (any other combination is
                           made by switching several options)
=========================  ====================================================================

>>> o = Options().replace(quarantine=True, card_passing="all_at_once")
>>> o.quarantine, o.card_passing, o.start_points, o.pieces
(True, 'all_at_once', 13, 84)
>>> Options().replace(mission="one", maturita=True)
Traceback (most recent call last):
...
mapkit.errors.InputError: option mission cannot be played with maturita (Mission TA is a game of its own,
docs/rules.md, TransAmerica)
"""

from __future__ import annotations

from dataclasses import dataclass

from ....errors import InputError
from ...options import OptionSet, option

__all__ = ["Options", "DOUBLE_LINES"]

# Which pieces are double lines (docs/rules.md, TransAmerica): a river crossing or a step into or out of a
# mountain hex (the default), only one of the two, or none.
DOUBLE_LINES = ("rivers_and_mountains", "rivers", "mountains", "none")


@dataclass(frozen=True)
class Options(OptionSet):
    """Every rule switch of the TransAmerica family. Defaults: the published rules (section 5)."""

    first_player: int | None = option(None, low=0)        # None: drawn (a chance action)
    start_points: int = option(13, low=1)
    pieces: int | None = option(84, low=1, nullable=True)  # per round; None: no limit
    double_lines: str = option("rivers_and_mountains", choices=DOUBLE_LINES)
    round_limit: int | None = option(None, low=1)          # not a rule: a cap for simulations
    # -- the 20 variants
    open_hand: bool = option(False)
    card_passing: str = option("none", choices=("none", "one_colour", "all_at_once"))
    mission: str = option("none", choices=("none", "one", "two"))
    seat_start: bool = option(False)
    seat_connect: bool = option(False)
    no_barrier: bool = option(False)
    elimination: bool = option(False)
    restricted_connection: bool = option(False)
    ele: bool = option(False)
    super_changer: bool = option(False)
    broken_bridge: bool = option(False)
    quarantine: bool = option(False)
    nuclear: bool = option(False)
    fixed_start: bool = option(False)
    unique_region_start: bool = option(False)
    one_colour: bool = option(False)
    maturita: bool = option(False)
    mega: bool = option(False)

    def check_together(self) -> None:
        if self.mission != "none":
            for name in ("maturita", "mega", "elimination", "no_barrier", "fixed_start"):
                if getattr(self, name):
                    raise InputError(f"option mission cannot be played with {name} (Mission TA is a game of its "
                                     f"own, docs/rules.md, TransAmerica)")
            if self.card_passing != "none":
                raise InputError("option mission cannot be played with card_passing: nobody holds cards "
                                 "before the start markers are placed (docs/rules.md, TransAmerica)")
