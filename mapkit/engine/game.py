"""A game's fixed facts, the rules base class, and the registry of game families and presets.

* :class:`GameRules` -- the base of every preset (not the map's ``rules:`` block,
  :class:`mapkit.model.Rules`): its ``name``, its ``family`` (the game package
  that plays it), its option defaults and the hooks the family's steps ask. A preset is a
  small subclass that sets constants and overrides hooks (python-chess variants, 18xx's
  ``g_1889/game.rb``).
* :class:`Game` -- what does not change during a game: the board, the rules, the players,
  the seed, and the tables the family derives once (shared by every clone of the state).
* :func:`make_rules`, :func:`new_game`, :data:`PRESETS` -- presets by name, across every
  family found under :mod:`mapkit.engine.games` (a new family registers itself by being there:
  no other file changes).

>>> sorted(PRESETS)[:3]
['dampfross', 'expres', 'paluba']
>>> make_rules("expres", {"races": 5}).options.races
5
>>> make_rules("chess")
Traceback (most recent call last):
...
mapkit.errors.InputError: unknown rules preset 'chess'; use one of dampfross, expres, paluba,
    transamerica, transamerica-mega
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from .errors import IllegalAction

__all__ = ["GameRules", "Game", "Family", "PRESETS", "FAMILIES", "load_families", "make_rules", "new_game", "family_of"]


class GameRules:
    """The base of a preset: ``name``, ``family``, ``description``, ``defaults`` (an
    :class:`~mapkit.engine.options.OptionSet`) and the family's hooks (in its subclass)."""

    name = "custom"
    family = ""
    description = ""
    # A family's own OptionSet subclass, whose fields its hooks read (so typed loosely here).
    defaults: Any = None
    options: Any

    @property
    def min_players(self) -> int:
        return 2

    @property
    def max_players(self) -> int | None:
        return None

    def __init__(self, options=None):
        if options is None:
            options = self.defaults
        elif isinstance(options, dict):
            options = self.defaults.replace(**options)
        options.check()
        self.options = options

    def __repr__(self):
        d = self.options.diff(self.defaults)
        return f"{type(self).__name__}({d})" if d else f"{type(self).__name__}()"

    @classmethod
    def from_record(cls, values: dict) -> GameRules:
        """The rules a record names: options it lacks play as before they existed."""
        return cls(type(cls.defaults).from_record(cls.defaults, values))

    def state_class(self):
        """The family's :class:`~mapkit.engine.state.State` subclass."""
        return FAMILIES[self.family].State


class Game:
    """The fixed facts of one game, shared by its state and every clone of it.

    ``tables``: what the family derives from the board and rules once (costs per edge, the
    cities that must be connected, ...); set by the family's state on first use.
    """

    __slots__ = ("board", "rules", "options", "players", "num_players", "seed", "tables")

    def __init__(self, board, rules, players, seed: int = 0):
        players = tuple(str(p) for p in players)
        if len(players) < rules.min_players:
            raise IllegalAction("setup.players", f"{len(players)} players; {rules.name} needs at least "
                                                 f"{rules.min_players}")
        if rules.max_players is not None and len(players) > rules.max_players:
            raise IllegalAction("setup.players", f"{len(players)} players; {rules.name} allows at most "
                                                 f"{rules.max_players}")
        self.board = board
        self.rules = rules
        self.options = rules.options
        self.players = players
        self.num_players = len(players)
        self.seed = seed
        self.tables = None

    def __repr__(self):
        return f"Game({self.board.name!r}, {self.rules!r}, {list(self.players)}, seed={self.seed})"


@dataclass(frozen=True)
class Family:
    """What a game package under :mod:`mapkit.engine.games` gives the engine (its ``FAMILY``).

    ``presets``: its :class:`GameRules` classes; ``State``: its state class; ``bots``: bot name ->
    class (a ``random`` bot works for every family, :mod:`mapkit.engine.bots`); ``stats``: a
    module with ``game_stats(state)``, ``summarize(spec, per_game)`` and
    ``format_report(report)`` for ``mapkit simulate``.
    """

    name: str
    description: str
    presets: tuple
    State: type
    bots: dict = field(default_factory=dict)
    stats: object = None


# Family name -> its package's ``FAMILY``; preset name -> its :class:`GameRules` class. Filled by
# :func:`load_families` when :mod:`mapkit.engine` is imported.
FAMILIES: dict = {}
PRESETS: dict = {}


def load_families() -> None:
    """Find every game family under :mod:`mapkit.engine.games` and register its presets."""
    from . import games

    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg:
            continue
        fam = getattr(importlib.import_module(f"{games.__name__}.{info.name}"), "FAMILY", None)
        if fam is None or fam.name in FAMILIES:
            continue
        FAMILIES[fam.name] = fam
        for cls in fam.presets:
            if cls.name in PRESETS:
                raise RuntimeError(f"preset {cls.name!r} is defined by two game families")
            PRESETS[cls.name] = cls


def make_rules(preset: str = "paluba", options=None) -> GameRules:
    """The rules of ``preset`` with ``options`` changed (a dict of option names, or options)."""
    cls = PRESETS.get(preset)
    if cls is None:
        raise InputError(f"unknown rules preset {preset!r}; use one of {', '.join(sorted(PRESETS))}")
    return cls(options)


def family_of(preset: str):
    """The family package (its ``FAMILY``) that plays ``preset``."""
    return FAMILIES[make_rules(preset).family]


def new_game(board, preset: str = "paluba", players=("A", "B"), options=None, seed: int = 0):
    """A new game on ``board`` (an :class:`~mapkit.engine.compiled.EngineMap`, a
    :class:`~mapkit.model.Map` or a path) by ``preset`` with ``options``."""
    from .compiled import EngineMap, load_engine_map

    if not isinstance(board, EngineMap):
        from ..model import Map

        board = EngineMap.from_map(board) if isinstance(board, Map) else load_engine_map(board)
    rules = preset if isinstance(preset, GameRules) else make_rules(preset, options)
    game = Game(board, rules, players, seed)
    return rules.state_class()(game)
