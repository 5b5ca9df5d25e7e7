"""Preset ``expres``: the Czech Expres rules (rules.md section 4).

2-8 players; accounts start at 6; start cities are written secretly (sharing allowed, any
city); every player throws one die for himself, in a fixed order; parallel track costs 4 per
shared piece; the build phase ends when every city is connected or, with one city left,
by a declaration followed by three more rounds from the declarer, who then draws the first
race; later races draw only the target (the start is the previous target); races under 10
in the distance table are not held; the prize is 2x / 1x the table distance; every step costs
1; a train may not stop on an occupied field; after a race everyone builds from his account.

>>> o = Expres().options
>>> o.start_money, o.build_dice, o.build_roll, o.fees, o.prizes, o.uphill
(6, 1, 'own', 'expres', 'table', 1)
"""

from __future__ import annotations

from .base import Options, Rules

__all__ = ["Expres"]


class Expres(Rules):
    name = "expres"
    description = "Expres (rules.md section 4)"
    defaults = Options(
        max_players=8, start_money=6, start_choice="secret", start_cities="any",
        build_dice=1, build_roll="own", rotate_rounds=False, fees="expres",
        build_end="declaration", number_table="free", start_from_previous_target=True,
        first_race_roller="ender", forbidden="table", own_piece_required=False, fare_limit=None,
        uphill=1, no_shared_stop=True, prizes="table", post_race="account")
