"""Bots that play the engine's games: ``random`` (uniform over legal actions, for every game)
and each game family's own (``greedy``: :mod:`mapkit.engine.games.dampfross.bots.greedy`).

A bot is made by name with a seed and asked for the action of the player to move
(``bot.decide(state)``); it is given what that seat may know only, never the whole state, and
is deterministic under its seed (:mod:`mapkit.engine.bots.base`).
A name means the bot of the game being played: ``make_bot("greedy", preset="expres")``.

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
from ..game import FAMILIES, PRESETS
from .base import Bot
from .random import RandomBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot", "bots_for"]


def bots_for(preset: str | None = None) -> dict:
    """Bot name -> class for the game of ``preset`` (None: every family's, first found)."""
    out: dict = {"random": RandomBot}
    if preset is not None and preset in PRESETS:
        out.update(FAMILIES[PRESETS[preset].family].bots)
        return out
    for fam in FAMILIES.values():
        for name, cls in fam.bots.items():
            out.setdefault(name, cls)
    return out


class _Bots(dict):
    """Every bot name (filled when the families are loaded)."""

    def _fill(self):
        if not dict.__len__(self):
            self.update(bots_for())

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __contains__(self, k):
        self._fill()
        return dict.__contains__(self, k)

    def __getitem__(self, k):
        self._fill()
        return dict.__getitem__(self, k)

    def __len__(self):
        self._fill()
        return dict.__len__(self)

    def keys(self):
        self._fill()
        return dict.keys(self)

    def get(self, k, default=None):
        self._fill()
        return dict.get(self, k, default)


BOTS: dict = _Bots()


def make_bot(name: str, seed: int = 0, preset: str | None = None) -> Bot:
    """The bot called ``name`` (case-insensitive) with ``seed``, for the game of ``preset``."""
    known = bots_for(preset)
    cls = known.get(str(name).strip().lower())
    if cls is None:
        raise InputError(f"unknown bot {name!r}; bots: {', '.join(sorted(known))}")
    return cls(seed)


def __getattr__(name):
    # The Dampfross family's greedy bot was mapkit.engine.bots.GreedyBot before the families
    # were packages; it is found through the registry, as the core imports no game.
    if name == "GreedyBot":
        return bots_for("paluba")["greedy"]
    raise AttributeError(name)
