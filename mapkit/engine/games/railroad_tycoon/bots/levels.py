"""Railroad Tycoon's ``strong`` bot: rollouts over the greedy bot
(:class:`mapkit.engine.bots.search.SearchBot`) among the moves of :mod:`.options`, measured in
final points (VP less shares plus the task; the others' tasks are a sample).

A game is some hundred decisions, so a rollout plays on until the seat is to act again (every
other player has had his action) or the round ends, and is valued there by the final points
as they would stand plus what each player's links and locomotive are worth for the next turn:
the VP of the best delivery he could make (:func:`.greedy.best_value`). Without that part a
link built or a locomotive bought is only its price at the cut, and the search, which saw
only that, lost the games it played against the greedy bot."""

from __future__ import annotations

from ....bots.search import SearchBot
from .greedy import GreedyBot, best_value

__all__ = ["StrongBot"]


class StrongBot(SearchBot):
    policy = GreedyBot
    SCALE = 5.0         # points

    def score(self, state, seat: int) -> float:
        points = state.final_scores()[seat]
        if state.is_terminal():
            return points
        from .. import deliver

        return points + best_value(state, seat, deliver.city_links(state), state.loco[seat])

    def cut(self, root, sim) -> bool:
        return sim.round_no != root.round_no or (
            sim.current_player() == root.current_player() and len(sim.history) > len(root.history) + 1)
