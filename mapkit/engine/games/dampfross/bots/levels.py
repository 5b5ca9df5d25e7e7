"""The Dampfross family's ``strong`` bot: rollouts over the greedy bot
(:class:`mapkit.engine.bots.search.SearchBot`) among the moves of :mod:`.options`, measured in
money (the final accounts decide the game).

It searches the start city and the player's first building turn (the way out of the start
city, which decides as much where every player starts from one city), both with rollouts to
the end of the game, and each race's declaration, with rollouts to the end of that race (its
prizes and fares are what the choice changes); it builds on as the greedy bot does. Why
(docs/play.md, "Bots by level"): a rollout of a whole game costs about as much as the game, so
a search of a building decision costs about a second; searching every building decision won
nothing that the games measured could show, while the start and the first way out of it decide
much of a game and come once per player."""

from __future__ import annotations

from ....bots.search import SearchBot
from .greedy import GreedyBot

__all__ = ["StrongBot"]


class StrongBot(SearchBot):
    policy = GreedyBot
    SCALE = 20.0        # money

    def score(self, state, seat: int) -> float:
        return state.accounts[seat]

    def searches(self, state) -> bool:
        if state.step == "build":
            # the first building turn: the network is the start city alone
            return len(state.nodes[state.current_player()]) <= 1
        return state.step in ("start", "secret_start", "declare")

    def cut(self, root, sim) -> bool:
        return root.step == "declare" and (sim.step == "post_build" or sim.race_no != root.race_no)
