"""TransAmerica's ``strong`` bot: rollouts over the greedy bot
(:class:`mapkit.engine.bots.search.SearchBot`) among the moves of :mod:`.options`, measured in
points.

A whole round costs about 40 greedy decisions (half a second on the USA map), so a rollout
plays on until every other player has had his turn after the move (or the round ends) and is
valued by what each player would keep if the round ended there: his score less his cheapest
completion (:func:`.scoring.shortfall`), in the world the rollout sampled (the others' hands
are a sample). It searches the building decisions only: where the start marker goes shows in
no figure until networks meet, rounds later, so a search of it would find every cheapest
junction alike; it places the marker as the greedy bot does."""

from __future__ import annotations

from ....bots.search import SearchBot
from .greedy import GreedyBot

__all__ = ["StrongBot"]


class StrongBot(SearchBot):
    policy = GreedyBot
    SCALE = 3.0         # points

    def score(self, state, seat: int) -> float:
        """The score less the cheapest completion while a round is being built (what the seat
        would keep if it ended now), else the score."""
        from ..scoring import shortfall

        if state.is_terminal() or state.step in ("deal", "place") or not state.hands[seat] or state.complete(seat):
            return state.scores[seat]
        return state.scores[seat] - shortfall(state, seat)

    def searches(self, state) -> bool:
        return state.step == "build"

    def cut(self, root, sim) -> bool:
        return sim.round_no != root.round_no or (
            sim.current_player() == root.current_player() and sim.decision_key() != root.decision_key())
