"""The steps of a Dampfross-family game, in the order they come (tobymao/18xx's steps):

=================  ======  ==================================================================
step               phase   what happens
=================  ======  ==================================================================
``order``          order   chance: who starts (:mod:`.setup`)
``secret_start``   start   each writes his start city; revealed together (E) (:mod:`.setup`)
``start``          build   the start city, on one's first turn (D) (:mod:`.build`)
``roll``           build   chance: build points (:mod:`.build`)
``build``          build   pieces, ferries, ``done``, declaring the end, joint track (:mod:`.build`)
``joint_answer``   build   the partner accepts or declines a joint track (:mod:`.build`)
``joint_roll``     build   chance: the joint partner's points (:mod:`.build`)
``draw_start``     race    chance: the race's start city (:mod:`.draw`)
``draw_target``    race    chance: its target city (:mod:`.draw`)
``draw_special``   race    chance: a special race's target from the map's table (:mod:`.draw`)
``declare``        race    routes, passes, joint trains (:mod:`.declare`)
``run``            race    chance: one die per train and turn (:mod:`.run`)
``tiebreak``       race    chance: equal leftovers roll again (:mod:`.run`)
``post_build``     race    building after the race, paid by the preset's budget (:mod:`.after`)
``over``           over    the end
=================  ======  ==================================================================
"""

from __future__ import annotations

from .after import OverStep, PostBuildStep
from .build import BuildStep, JointAnswerStep, JointRollStep, RollStep, StartStep
from .declare import DeclareStep
from .draw import DrawSpecialStep, DrawStartStep, DrawTargetStep
from .run import RunStep, TiebreakStep
from .setup import OrderStep, SecretStartStep

__all__ = ["STEPS"]

STEPS = {step.name: step for step in (
    OrderStep(), SecretStartStep(), StartStep(), RollStep(), BuildStep(), JointAnswerStep(), JointRollStep(),
    DrawStartStep(), DrawTargetStep(), DrawSpecialStep(), DeclareStep(), RunStep(), TiebreakStep(),
    PostBuildStep(), OverStep())}
