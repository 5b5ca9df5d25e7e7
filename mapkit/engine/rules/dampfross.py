"""Preset ``dampfross``: Paluba with the original Dampfross (D) rules of rules.md section 3.

The deltas: the first train to arrive wins at once (no end-of-round judgement), and after a
race a player may also build with the joining fees he received from the players who built
before him in this post-race round (the seed's (D) wording: "a případně též cenu za
připojení tratí hráčů, kteří stavěli v tomto kole před ním"; the digest leaves it out).
The other (D) rules (start chosen in turn, the map's prescribed start cities, building
limited to the race income) are already Paluba's.

>>> Dampfross().options.diff(Paluba.defaults)
{'finish': 'first', 'budget_counts_fees': True}
"""

from __future__ import annotations

from .paluba import Paluba

__all__ = ["Dampfross"]


class Dampfross(Paluba):
    name = "dampfross"
    description = "Dampfross: Paluba with the (D) rules (first arrival wins)"
    defaults = Paluba.defaults.replace(finish="first", budget_counts_fees=True)
