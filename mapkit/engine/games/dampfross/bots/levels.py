"""The Dampfross family's ``strong`` bot: rollouts over the greedy bot
(:class:`mapkit.engine.bots.search.SearchBot`) among the moves of :mod:`.options`, measured in
money (the final accounts decide the game).

It searches the start city and the player's first building turn (the way out of the start
city, which decides as much where every player starts from one city), both with rollouts to
the end of the game, and each race's declaration, with rollouts to the end of that race (its
prizes and fares are what the choice changes); it builds on as the greedy bot does. Why
(docs/play.md, "Bots by level"): a rollout of a whole game costs about as much as the game, so
a search of a building decision costs about a second; searching further building decisions
(the first three building rounds, every building after a race) won nothing that 200 games
could show, while the start and the first way out of it decide much of a game and come once
per player. Those two get the most: twice the moves (the family's eight best) and three times
the budget (with ``strong:32``, 96 rollouts): against four moves and 32 rollouts, the strong
seats won 11.5 games more in 200 on the Czech map and 5.5 fewer on Germany with ferries, 68.5 %
on both, where the Czech figure had been under the 65 % target."""

from __future__ import annotations

from ....bots.search import Budget, SearchBot
from .greedy import GreedyBot
from .options import LIMIT

__all__ = ["StrongBot"]


class StrongBot(SearchBot):
    policy = GreedyBot
    SCALE = 20.0        # money
    DECISIVE_WIDTH = LIMIT  # moves compared for the start city and the first way out: all listed
    DECISIVE_TIMES = 3  # the budget there: this many times the bot's

    def score(self, state, seat: int) -> float:
        return state.accounts[seat]

    @staticmethod
    def decisive(state) -> bool:
        """The start city, and the first building turn (the network is the start city alone)."""
        if state.step == "build":
            return len(state.nodes[state.current_player()]) <= 1
        return state.step in ("start", "secret_start")

    def searches(self, state) -> bool:
        return self.decisive(state) or state.step == "declare"

    def effort(self, state) -> tuple[int, Budget]:
        if self.decisive(state):
            return self.DECISIVE_WIDTH, self.budget.times(self.DECISIVE_TIMES)
        return self.WIDTH, self.budget

    def cut(self, root, sim) -> bool:
        return root.step == "declare" and (sim.step == "post_build" or sim.race_no != root.race_no)
