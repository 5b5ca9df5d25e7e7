"""The Railroad Tycoon family (docs/rules.md, Railroad Tycoon; the Czech seed
``railroad-tycoon-rules.cs.txt``) on any mapkit map whose file carries the section
``rules.railroad_tycoon`` (city colours, goods, the Western Link, the free-build hexes).

Track is tiles on hexes, grouped in links between cities (:mod:`.track`); goods travel over
links to cities of their colour (:mod:`.deliver`); the cards (:mod:`.cards`) and their goals
(:mod:`.goals`); the auction, income and the round's flow (:mod:`.steps`), the actions
(:mod:`.turns`); :mod:`.state`, :mod:`.view`, :mod:`.stats`, the greedy bot (:mod:`.bots`)
and :mod:`.family` (``FAMILY``).
"""

from __future__ import annotations

from .bots.greedy import GreedyBot
from .family import RailroadTycoonFamily
from .rules import Options, RailroadTycoon, RailroadTycoonRules
from .state import RailroadTycoonState

__all__ = ["FAMILY", "RailroadTycoonFamily", "Options", "RailroadTycoonRules", "RailroadTycoon",
           "RailroadTycoonState", "GreedyBot"]

FAMILY = RailroadTycoonFamily()
