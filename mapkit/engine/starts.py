"""Start cities dealt to the seats (``mapkit simulate --start-cities rotate``).

When the bots choose their start cities, a city's win rate in the report measures the city
*and* the bots' liking for it: a city no bot picks is never measured, a city every bot picks is
always shared. Dealing the cities instead makes each city's figure the city's own: the allowed
start cities (the family's :meth:`~mapkit.engine.family.GameFamily.start_places`) are dealt in
rounds of ``K`` games (``K`` the number of cities). Round ``b`` shuffles the cities with a
generator seeded by the simulation's seed and ``b``; game ``r`` of the round gives seat ``s``
the city at place ``(r + s) mod K`` of that order. So in every complete round each seat starts
once from each city (and each city is played by each seat equally often), two seats never share
a city when there are at least as many cities as seats, and the shuffle changes which cities
meet from round to round. Everything else -- the bots, the dice, who plays first -- is as
without dealing: the seat's bot plays the game, only its start choice is made for it
(:class:`DealtStart`).

>>> cities = ["Aš", "Brno", "Cheb"]
>>> games = [deal(cities, 2, i, seed=1) for i in range(3)]       # one round of 3 games
>>> sorted(g[0] for g in games) == sorted(g[1] for g in games) == cities
True
>>> all(g[0] != g[1] for g in games), deal(cities, 2, 4, seed=1) == deal(cities, 2, 4, seed=1)
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import InputError

__all__ = ["MODES", "deal", "DealtStart", "check_deal", "dealt_bots"]

# --start-cities: the bots choose (the default), or the cities are dealt.
MODES = ("choose", "rotate")


def deal(places: list[str], seats: int, index: int, seed: int) -> list[str]:
    """The start city of each seat in game ``index`` (0-based) of a simulation with ``seed``."""
    k = len(places)
    block, r = divmod(index, k)
    order = list(places)
    random.Random(f"mapkit-starts:{seed}:{block}").shuffle(order)
    return [order[(r + s) % k] for s in range(seats)]


class DealtStart:
    """A seat's bot whose start choice is made for it: ``place``, by the family's
    :meth:`~mapkit.engine.family.GameFamily.start_action`; every other decision is the bot's."""

    def __init__(self, bot: Any, place: str, family: Any):
        self.bot, self.place, self.family = bot, place, family
        self.name = bot.name

    def __repr__(self):
        return f"DealtStart({self.bot!r}, {self.place!r})"

    def decide(self, state) -> dict:
        action = self.family.start_action(state, state.current_player(), self.place)
        return action if action is not None else self.bot.decide(state)


def _places(board, preset: str, options: dict) -> tuple[Any, Any, list[str] | None]:
    from .game import FAMILIES, make_rules

    rules = make_rules(preset, options)
    family = FAMILIES[rules.family]
    return rules, family, family.start_places(board, rules)


def check_deal(board, preset: str, options: dict) -> list[str]:
    """The start cities to deal, or InputError saying why there are none."""
    _, _, places = _places(board, preset, options)
    if places is None:
        raise InputError(f"--start-cities rotate: the {preset} rules have no start cities to deal")
    if not places:
        raise InputError("--start-cities rotate: the map has no city a player may start from")
    return places       # (too few for unique start cities: the game's set-up says so first)


def dealt_bots(board, spec, index: int, game_seed: int) -> list[DealtStart]:
    """The bots of game ``index`` of simulation ``spec``, each with its dealt start city
    (made with the game's seed, as :func:`mapkit.engine.simulate.play_game` makes them)."""
    from .bots import make_bot

    _, family, places = _places(board, spec.preset, spec.options)
    if not places:
        raise InputError(f"--start-cities rotate: the {spec.preset} rules have no start cities to deal")
    dealt = deal(places, len(spec.bots), index, spec.seed)
    return [DealtStart(make_bot(b, game_seed, preset=spec.preset), c, family) for b, c in zip(spec.bots, dealt,
                                                                                              strict=True)]
