"""The Dampfross family: Dampfross (Railway Rivals), the Czech Paluba rules and Expres
(docs/rules.md: the board, Paluba, the options, Expres), on any mapkit map.

* :mod:`.presets` -- ``paluba``, ``dampfross``, ``expres``: small classes of constants;
* :mod:`.rules` -- the hooks the steps ask (costs, fees, prizes, orders, budgets ...);
* :mod:`.options` -- every switch of sections 2-4 (``--option KEY=VALUE``);
* :mod:`.steps` -- the turn sequence as steps (order, start, build, draw, declare, run,
  post-race building);
* :mod:`.state`, :mod:`.building`, :mod:`.race`, :mod:`.special`, :mod:`.view`,
  :mod:`.numbers` -- the state and what the steps share;
* :mod:`.racetables` -- the race tables (distances, forbidden races, prizes, start cities,
  special races): the family's part of the engine's document, compiled for every map;
* :mod:`.bots` -- the greedy bot (a ``random`` bot is the engine's, for every family);
* :mod:`.stats` -- its figures in ``mapkit simulate``;
* :mod:`.family` -- the family as the front ends see it (``FAMILY``), :mod:`.front` its
  terminal, browser and paper front ends.
"""

from __future__ import annotations

from .bots.greedy import GreedyBot
from .family import DampfrossFamily
from .options import Options
from .presets import Dampfross, Expres, Paluba
from .rules import DampfrossRules
from .state import DampfrossState

__all__ = ["FAMILY", "DampfrossFamily", "Options", "DampfrossRules", "Paluba", "Dampfross", "Expres", "DampfrossState",
           "GreedyBot"]

FAMILY = DampfrossFamily()
