"""TransAmerica's ``strong`` bot: rollouts over the greedy bot
(:class:`mapkit.engine.bots.search.SearchBot`) among the moves of :mod:`.options`, measured in
points.

It searches where the start marker goes, with rollouts to the end of the round (every player
then building as the greedy bot does, in the world sampled: the others' hands are a sample),
valued by the scores after the round's scoring; it builds as the greedy bot does, but lays
first the pieces of its plan that the others' plans share least (:mod:`.sharing`). Why
(docs/play.md, "Bots by level"): the marker decides which networks meet and who builds the
pieces others use, and a round's rollout costs about what a round costs (25-40 ms of one core
on the USA map at TransAmerica's scale with the compiled search kernel, about twice that
without), which one decision a round can afford 32 times; a search of the building decisions
with rollouts of one round of turns, valued by each player's score less his cheapest
completion, cost 0.3-0.4 s a decision (before the kernel) and won nothing the games measured
could show. 32 rollouts, not the 16 of before the kernel: on ``maps/usa-transamerica.yaml``
the strong seats won 71.6 % [65.0-77.4] of 200 games against greedy ones with 32, 62.8 %
[56.0-69.2] with 16 (``benchmarks/bots.py``, seed 1)."""

from __future__ import annotations

from ....bots.search import Budget, SearchBot
from .greedy import GreedyBot
from .sharing import SharingBot

__all__ = ["StrongBot"]


class StrongBot(SearchBot):
    policy = GreedyBot
    DEFAULT_BUDGET = Budget(rollouts=32)
    SCALE = 3.0         # points

    def __init__(self, seed: int = 0, option: str | None = None):
        super().__init__(seed, option)
        self.builder = SharingBot(seed)

    def act(self, state) -> dict:
        if state.step == "build":      # built in the sharing order, not searched
            self.last_search = None
            return self.builder.act(state)
        return super().act(state)

    def score(self, state, seat: int) -> float:
        return state.scores[seat]

    def searches(self, state) -> bool:
        return state.step == "place"

    def cut(self, root, sim) -> bool:
        return sim.round_no != root.round_no
