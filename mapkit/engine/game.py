"""A game's fixed facts, the rules base class, and the registry of game families and presets.

* :class:`GameRules` -- the base of every preset (not the map's ``rules:`` block,
  :class:`mapkit.model.Rules`): its ``name``, its ``family`` (the game package
  that plays it), its option defaults and the hooks the family's steps ask. A preset is a
  small subclass that sets constants and overrides hooks (python-chess variants, 18xx's
  ``g_1889/game.rb``).
* :class:`Game` -- what does not change during a game: the board, the rules, the players,
  the seed, and the tables the family derives once (shared by every clone of the state).
* :func:`make_rules`, :func:`new_game`, :data:`PRESETS` -- presets by name, across every
  family found under :mod:`mapkit.engine.games` or offered through the entry-point group
  ``mapkit.games``, on the first look-up (a new family registers itself by being there: no
  other file changes; its interface is :class:`mapkit.engine.family.GameFamily`).

>>> sorted(PRESETS)[:3]
['dampfross', 'expres', 'paluba']
>>> make_rules("expres", {"races": 5}).options.races
5
>>> make_rules("chess")
Traceback (most recent call last):
...
mapkit.errors.InputError: unknown rules preset 'chess'; use one of dampfross, expres, paluba,
    railroad-tycoon, transamerica, transamerica-mega
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

from ..errors import InputError
from .errors import IllegalAction
from .family import GameFamily

__all__ = ["GameRules", "Game", "PRESETS", "FAMILIES", "DEFAULT_PRESET", "load_families", "make_rules", "new_game",
           "sheet_printer", "family_of", "family_of_look"]

_V = TypeVar("_V")


# The most players of any game, where its rules set no limit (the Dampfross family): its games
# are for 2 to 8, and a count far beyond them is a slip that would fill the memory.
MAX_PLAYERS = 32


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
        if isinstance(options, dict):
            options = self.defaults.replace(**options)      # (which checks them)
        else:
            options = self.defaults if options is None else options
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
        most = MAX_PLAYERS if rules.max_players is None else rules.max_players
        if len(players) > most:
            raise IllegalAction("setup.players", f"{len(players)} players; {rules.name} allows at most {most}")
        # a record and the bots name a seat's earlier actions by its player's name
        twice = next((p for i, p in enumerate(players) if p in players[:i]), None)
        if twice is not None:
            raise IllegalAction("setup.players", f"two players named {twice!r}: each seat needs a name of its own")
        self.board = board
        self.rules = rules
        self.options = rules.options
        self.players = players
        self.num_players = len(players)
        self.seed = seed
        self.tables = None

    def __repr__(self):
        return f"Game({self.board.name!r}, {self.rules!r}, {list(self.players)}, seed={self.seed})"


class _Registry(Mapping[str, _V]):
    """A read-only table of names filled on its first look-up (:func:`load_families`): the core
    finds the families when a game is asked for, not when it is imported, so that importing
    :mod:`mapkit.engine` imports no game (and a game package may import the core)."""

    def __init__(self, what: str):
        self._what = what
        self._entries: dict[str, _V] = {}

    def __getitem__(self, name: str) -> _V:
        _find_families_once()
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        _find_families_once()
        return iter(self._entries)

    def __len__(self) -> int:
        _find_families_once()
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<{self._what}: {', '.join(self)}>"


# Family name -> its :class:`~mapkit.engine.family.GameFamily`; preset name -> its
# :class:`GameRules` class.
FAMILIES: _Registry[GameFamily] = _Registry("game families")
PRESETS: _Registry[type[GameRules]] = _Registry("rules presets")

# The preset a command plays or prints when none is named.
DEFAULT_PRESET = "paluba"


# Whether the families were found; the lock makes a second thread wait for the first's search
# (a server's threads may ask at once) rather than read half-filled tables.
_found = False
_searching = False
_search_lock = threading.RLock()


def _find_families_once() -> None:
    global _found, _searching
    if _found:
        return
    with _search_lock:
        # _searching: a look-up made while a family package is being imported sees the families
        # found so far instead of starting the search again inside it.
        if _found or _searching:
            return
        _searching = True
        try:
            load_families()
        finally:
            _searching = False
        _found = True


def load_families() -> None:
    """Register every game family: the packages under :mod:`mapkit.engine.games` (each with
    its ``FAMILY``), then those offered in the entry-point group ``mapkit.games``, as
    :func:`mapkit.plugins.discover` finds them (done on the first look-up of :data:`FAMILIES`
    or :data:`PRESETS`; a second call adds only the families not yet known)."""
    from ..plugins import discover

    for fam in discover():
        _register(fam)


def _register(fam) -> None:
    if fam is None or fam.name in FAMILIES._entries:
        return
    if not isinstance(fam, GameFamily):
        raise TypeError(f"{fam!r} is not a GameFamily (mapkit.engine.family)")
    FAMILIES._entries[fam.name] = fam
    for cls in fam.presets:
        if cls.name in PRESETS._entries:
            raise RuntimeError(f"preset {cls.name!r} is defined by two game families")
        PRESETS._entries[cls.name] = cls


def make_rules(preset: str = DEFAULT_PRESET, options=None) -> GameRules:
    """The rules of ``preset`` with ``options`` changed (a dict of option names, or options)."""
    cls = PRESETS.get(preset)
    if cls is None:
        raise InputError(f"unknown rules preset {preset!r}; use one of {', '.join(sorted(PRESETS))}")
    return cls(options)


def family_of(preset: str) -> GameFamily:
    """The game family that plays ``preset``."""
    return FAMILIES[make_rules(preset).family]


def family_of_look(look: str) -> GameFamily:
    """The game family whose printed board is ``look`` (its ``board_look``): what ``mapkit
    render --style`` and the browser draw a family's own board with."""
    for fam in FAMILIES.values():
        if fam.board_look == look:
            return fam
    raise InputError(f"no game family prints the board look {look!r}")


def sheet_printer(asked: str | None, map_preset: str | None) -> tuple[GameFamily, str, str]:
    """``(family, preset, source)``: the family that prints the kit of preset ``asked`` (an
    :class:`InputError` when no family prints one), else of ``map_preset`` (the map's
    ``rules.preset``) when a family prints it, else of :data:`DEFAULT_PRESET`; ``source`` says
    which: ``"asked"``, ``"map"`` or ``"default"``. What ``mapkit sheets`` and the editor's kit
    both print."""
    printers = {preset: fam for fam in FAMILIES.values() for preset in fam.sheet_presets}
    if asked is not None:
        if asked not in printers:
            raise InputError(f"rules {asked!r}: sheets are printed for {', '.join(sorted(printers))}")
        return printers[asked], asked, "asked"
    if map_preset in printers:
        return printers[map_preset], map_preset, "map"
    return printers[DEFAULT_PRESET], DEFAULT_PRESET, "default"


def new_game(board, preset: str = DEFAULT_PRESET, players=("A", "B"), options=None, seed: int = 0):
    """A new game on ``board`` (an :class:`~mapkit.engine.compiled.EngineMap`, a
    :class:`~mapkit.model.Map` or a path) by ``preset`` with ``options``."""
    from .compiled import EngineMap, load_engine_map

    if not isinstance(board, EngineMap):
        from ..model import Map

        board = EngineMap.from_map(board) if isinstance(board, Map) else load_engine_map(board)
    rules = preset if isinstance(preset, GameRules) else make_rules(preset, options)
    game = Game(board, rules, players, seed)
    return rules.state_class()(game)
