"""The TransAmerica family: TransAmerica / TransEuropa (docs/rules.md, TransAmerica) on any mapkit map
whose file carries the 35 city cards (``rules.city_cards``).

On a hex map the junctions are the hex centres and a piece joins two adjacent ones; a double
line crosses a river or enters or leaves a mountain hex (the hook
:meth:`.rules.TransAmericaRules.piece_size`); water, ``off`` hexes and closed foreign land take
no track. Networks are shared (:class:`~mapkit.engine.network.SharedTrack`), a round is scored
by the exact cheapest completion (:mod:`mapkit.steiner`).

* :mod:`.presets` -- ``transamerica``, ``transamerica-mega``;
* :mod:`.rules` -- the hooks (piece sizes, allowances, the barrier, the variants in force);
* :mod:`.options` -- the published figures and the 20 variants (``--option KEY=VALUE``);
* :mod:`.steps` -- the round's set-up, markers, build turns, Mission TA's cards;
* :mod:`.state`, :mod:`.track`, :mod:`.scoring`, :mod:`.view` -- what the steps share;
* :mod:`.bots` -- the greedy bot (the engine's ``random`` bot plays every family);
* :mod:`.stats` -- its figures in ``mapkit simulate``;
* :mod:`.family` -- the family as the front ends see it (``FAMILY``), :mod:`.front` its
  terminal, browser and paper front ends.
"""

from __future__ import annotations

from .bots.greedy import GreedyBot
from .family import TransAmericaFamily
from .options import Options
from .presets import TransAmerica, TransAmericaMega
from .rules import TransAmericaRules
from .state import TransAmericaState

__all__ = ["FAMILY", "TransAmericaFamily", "Options", "TransAmericaRules", "TransAmerica", "TransAmericaMega",
           "TransAmericaState", "GreedyBot"]

FAMILY = TransAmericaFamily()
