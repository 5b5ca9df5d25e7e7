"""Bots that play the engine's games: ``random`` (uniform over legal actions) and ``greedy``
(a one-move-deep planner, see :mod:`mapkit.engine.bots.greedy`).

A bot is made by name with a seed and asked for the action of the player to move; it reads
the public state only and is deterministic under its seed (:mod:`mapkit.engine.bots.base`).

>>> sorted(BOTS)
['greedy', 'random']
>>> make_bot("greedy", seed=5)
GreedyBot(seed=5)
>>> make_bot("clever")
Traceback (most recent call last):
...
mapkit.errors.InputError: unknown bot 'clever'; bots: greedy, random
"""

from __future__ import annotations

from ...errors import InputError
from .base import Bot
from .greedy import GreedyBot
from .random import RandomBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot"]

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` (case-insensitive) with ``seed``."""
    cls = BOTS.get(str(name).strip().lower())
    if cls is None:
        raise InputError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    return cls(seed)
