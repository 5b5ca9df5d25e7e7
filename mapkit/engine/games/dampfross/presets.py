"""The presets of the Dampfross family, each a small class of constants beside docs/rules.md.

* :class:`Paluba` -- the Czech competition rules (section 2): accounts start at 20; the
  round's roller throws two dice for everybody; parallel track 2 per half piece outside a
  city; the build phase ends when every city is connected (or by declaration two rounds after
  the second-to-last one); races drawn with the 6x6 used-number table, at least 6 pieces of
  built track apart, paying 20 and 10; the winners build from this race's income; 9 races.
  The map's special races and ferries are played (section 3).
* :class:`Dampfross` -- Paluba with the original (D) rules: the first train to arrive wins
  at once, and after a race a player may also build with the joining fees he received from
  those who built before him in this round (the seed's (D) wording: "a případně též cenu za
  připojení tratí hráčů, kteří stavěli v tomto kole před ním").
* :class:`Expres` -- section 4: 2-8 players, accounts at 6, start cities written secretly,
  one die each for himself, parallel 4 per piece, the end declared with one city left and
  then three more rounds from the declarer (who draws the first race), later races draw only
  the target, races under 10 in the distance table are not held, prizes 2x / 1x the table
  distance, every step 1, no two trains on one field, building from the account after a
  race, the winner first and then everybody in turn.

>>> Dampfross().options.diff(Paluba.defaults)
{'finish': 'first', 'budget_counts_fees': True}
>>> o = Expres().options
>>> o.start_money, o.build_dice, o.build_roll, o.fees, o.prizes, o.uphill
(6, 1, 'own', 'expres', 'table', 1)
"""

from __future__ import annotations

from ....i18n import N_
from .options import Options
from .rules import DampfrossRules

__all__ = ["Paluba", "Dampfross", "Expres", "PRESETS"]


class Paluba(DampfrossRules):
    name = "paluba"
    description = N_("Paluba competition rules (docs/rules.md, Paluba)")
    defaults = Options()


class Dampfross(Paluba):
    name = "dampfross"
    description = N_("Dampfross: Paluba with the (D) rules (first arrival wins)")
    defaults = Paluba.defaults.replace(finish="first", budget_counts_fees=True)


class Expres(DampfrossRules):
    name = "expres"
    description = N_("Expres (docs/rules.md, Expres)")
    defaults = Options(
        max_players=8, start_money=6, start_choice="secret", start_cities="any",
        build_dice=1, build_roll="own", rotate_rounds=False, fees="expres",
        build_end="declaration", number_table="free", start_from_previous_target=True,
        first_race_roller="ender", forbidden="table", own_piece_required=False, fare_limit=None,
        uphill=1, no_shared_stop=True, prizes="table", post_race="account", post_race_order="seat")


PRESETS = (Paluba, Dampfross, Expres)
