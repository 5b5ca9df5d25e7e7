"""Preset ``paluba``: the Paluba competition rules (rules.md section 2).

Every account starts at 20; the round's roller throws two dice for everybody; parallel
track costs 2 per half piece outside a city; the build phase ends when every city is
connected (or two rounds after the second-to-last one, by declaration); races are drawn
with the 6x6 used-number table, need at least 6 pieces of built track, pay 20 and 10, and
the winners build from this race's income only; the game ends after 9 races.

>>> Paluba().options.start_money, Paluba().options.races
(20, 9)
"""

from __future__ import annotations

from .base import Options, Rules

__all__ = ["Paluba"]


class Paluba(Rules):
    name = "paluba"
    description = "Paluba competition rules (rules.md section 2)"
    defaults = Options()
