"""The steps of a TransAmerica game, in the order they come (tobymao/18xx's steps):

=============  =======  ========================================================================
step           phase    what happens
=============  =======  ========================================================================
``order``      setup    chance: who starts the game (:mod:`.rounds`)
``variant``    setup    maturita: the start player picks the round's variant (:mod:`.rounds`)
``changer``    setup    Super Changer: buy or not, before the deal (:mod:`.rounds`)
``close``      setup    chance: nuclear TA's closed city of each colour (:mod:`.rounds`)
``colour``     setup    chance: one colour's card (:mod:`.rounds`)
``deal``       setup    chance: the city cards, one of each colour (:mod:`.rounds`)
``pass``       setup    card passing I, in turn (:mod:`.rounds`)
``pass_all``   setup    card passing II, all at once (:mod:`.rounds`)
``block``      setup    broken bridge: a double line blocked each (:mod:`.rounds`)
``place``      round    start markers, in turn (:mod:`.turns`)
``build``      round    build turns: pieces, ``done`` (Mission TA II: ``draw``) (:mod:`.turns`)
``top``        round    chance: Mission TA's new top card (:mod:`.turns`)
``over``       over     the end
=============  =======  ========================================================================
"""

from __future__ import annotations

from .rounds import (BlockStep, ChangerStep, CloseStep, ColourStep, DealStep, OrderStep, PassAllStep, PassStep,
                     VariantStep)
from .turns import BuildStep, OverStep, PlaceStep, TopStep

__all__ = ["STEPS"]

STEPS = {step.name: step for step in (
    OrderStep(), VariantStep(), ChangerStep(), CloseStep(), ColourStep(), DealStep(), PassStep(), PassAllStep(),
    BlockStep(), PlaceStep(), BuildStep(), TopStep(), OverStep())}
