"""The random bot: a uniformly random legal action (for testing rules and maps).

It draws from :meth:`~mapkit.engine.state.State.legal_actions`: a start city, one piece
of track at a time or ``done``, ``pass`` or one of the suggested routes in a race, so it
builds slowly and wanders. It is the baseline that :mod:`~mapkit.engine.games.dampfross.bots.greedy` must
beat clearly, and it finds rule combinations that end a game in an odd way.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> g = new_game(Map(Grid("pointy", "odd", 9, 1), cities=[City("Aš", H("A1"), (11,)),
...              City("Cheb", H("I1"), (12,))]), "paluba", ["A", "B"], {"first_player": 0})
>>> RandomBot(seed=1).decide(g) == RandomBot(seed=1).decide(g)   # the same seed, the same choice
True
"""

from __future__ import annotations

from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Uniform over the listed legal actions; deterministic under its seed."""

    name = "random"
    reads = "listing"           # legal_actions() and the position alone (Bot.decide)

    def act(self, state) -> dict:
        acts = state.legal_actions()
        if not acts:
            raise ValueError("no legal action to choose from (a chance node or the end)")
        return self.rng(state).choice(acts)
