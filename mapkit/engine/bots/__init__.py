"""Bots that play the engine's games: ``random`` (uniform over legal actions, for every game)
and each game family's own by level: ``easy`` (:mod:`.easy`), ``greedy``
(:mod:`mapkit.engine.games.dampfross.bots.greedy` ...) and ``strong`` (:mod:`.search`).

A bot is made by name with a seed and asked for the action of the player to move
(``bot.decide(state)``); it is given what that seat may know only, never the whole state, and
is deterministic under its seed (:mod:`mapkit.engine.bots.base`).
A name means the bot of the game being played: ``make_bot("greedy", preset="expres")``. A
bot that takes an option has it after a colon: ``strong:64`` (64 rollouts a decision),
``strong:200ms`` (a time per decision, :func:`mapkit.engine.bots.search.parse_budget`).

>>> sorted(BOTS)
['easy', 'greedy', 'random', 'strong']
>>> make_bot("greedy", seed=5)
GreedyBot(seed=5)
>>> make_bot("Strong:200ms", seed=1, preset="paluba")
StrongBot(seed=1, budget=200ms)
>>> check_bot("strong:64", "transamerica"), reproducible("strong:64"), reproducible("strong:1s")
('strong:64', True, False)
>>> make_bot("clever")
Traceback (most recent call last):
...
mapkit.errors.InputError: unknown bot 'clever'; bots: easy, greedy, random, strong
>>> make_bot("greedy:64")
Traceback (most recent call last):
...
mapkit.errors.InputError: bot 'greedy' takes no option (':64')
"""

from __future__ import annotations

from ...errors import InputError
from ..game import FAMILIES, PRESETS
from .base import Bot
from .random import RandomBot

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot", "bots_for", "check_bot", "reproducible", "base_name"]


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


def base_name(name: str) -> str:
    """The bot's name without its option: ``strong`` of ``strong:64``."""
    return str(name).strip().lower().partition(":")[0].strip()


def _split(name: str, preset: str | None):
    text = str(name).strip().lower()
    base, colon, option = text.partition(":")
    base, option = base.strip(), option.strip()
    known = bots_for(preset)
    cls = known.get(base)
    if cls is None:
        raise InputError(f"unknown bot {base or name!r}; bots: {', '.join(sorted(known))}")
    if colon and not getattr(cls, "takes_option", False):
        raise InputError(f"bot {base!r} takes no option (':{option}')")
    return cls, base, (option if colon else None)


def make_bot(name: str, seed: int = 0, preset: str | None = None) -> Bot:
    """The bot called ``name`` (case-insensitive; ``NAME:OPTION`` for a bot that takes an
    option) with ``seed``, for the game of ``preset``."""
    cls, _, option = _split(name, preset)
    return cls(seed) if option is None else cls(seed, option)


def check_bot(name: str, preset: str | None = None) -> str:
    """``name`` as the bots are known (lower case, ``strong:64``) if a bot of that name and
    option can be made for the game of ``preset``; else a one-line InputError."""
    cls, base, option = _split(name, preset)
    if option is None:
        return base
    bot = cls(0, option)
    return f"{base}:{option}" if not hasattr(bot, "budget") else f"{base}:{bot.budget}"


def reproducible(name: str, preset: str | None = None) -> bool:
    """Whether bot ``name`` decides the same in the same position on any machine (False for a
    search with a time budget, ``strong:200ms``)."""
    bot = make_bot(name, 0, preset)
    budget = getattr(bot, "budget", None)
    return budget is None or budget.reproducible


def __getattr__(name):
    # The Dampfross family's greedy bot was mapkit.engine.bots.GreedyBot before the families
    # were packages; it is found through the registry, as the core imports no game.
    if name == "GreedyBot":
        return bots_for("paluba")["greedy"]
    raise AttributeError(name)
