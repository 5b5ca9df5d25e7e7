"""The Dampfross family's ``strong`` bot: rollouts over the greedy bot
(:class:`mapkit.engine.bots.search.SearchBot`) among the moves of :mod:`.options`, measured in
money (the final accounts decide the game). A rollout of a race's declaration ends with the
race (its prizes and fares are what the choice changes); every other one plays the game to its
end."""

from __future__ import annotations

from ....bots.search import SearchBot
from .greedy import GreedyBot

__all__ = ["StrongBot"]


class StrongBot(SearchBot):
    policy = GreedyBot
    SCALE = 20.0        # money

    def score(self, state, seat: int) -> float:
        return state.accounts[seat]

    def cut(self, root, sim) -> bool:
        return root.step == "declare" and (sim.step == "post_build" or sim.race_no != root.race_no)
