"""The game engine: play any mapkit map by the rules of the games mapkit knows.

The engine knows no particular game (as in tobymao/18xx): a game is a board
(:class:`EngineMap`, compiled from a map or read from ``mapkit export``), a rules object (a
preset of a game family plus options) and a list of JSON actions, dice rolls included, so a
:class:`Record` replays exactly. The core (this package's modules) gives every game the
OpenSpiel-like :class:`State` protocol, chance nodes, JSON actions, records and replay, the
ledger, track networks and a front-end ``view()``; each game family is a package under
:mod:`mapkit.engine.games` (Dampfross, Paluba and Expres: :mod:`mapkit.engine.games.dampfross`;
TransAmerica: :mod:`mapkit.engine.games.transamerica`).

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> board = EngineMap.from_map(Map(Grid("pointy", "odd", 9, 1), cities=[
...     City("Aš", H("A1"), (11,)), City("Cheb", H("I1"), (12,))]))
>>> g = new_game(board, "expres", ["Anna", "Bert"], {"first_player": 0})
>>> g.accounts, g.phase, g.current_player()
([6, 6], 'start', 0)
"""

from __future__ import annotations

from .compiled import CityInfo, EngineMap, FerryInfo, compile_map, load_engine_map, map_hash
from .errors import IllegalAction, RecordError
from .family import GameFamily
from .game import FAMILIES, PRESETS, Game, GameRules, family_of, load_families, make_rules, new_game
from .ledger import BANK, Ledger
from .record import Record, load_record, replay, save_record
from .state import CHANCE, TERMINAL, State

__all__ = ["EngineMap", "CityInfo", "FerryInfo", "compile_map", "map_hash", "load_engine_map", "IllegalAction",
           "RecordError", "Record", "load_record", "save_record", "replay", "PRESETS", "FAMILIES", "Options",
           "GameRules", "Rules", "GameFamily", "Game", "make_rules", "family_of", "load_families", "State",
           "GameState", "CHANCE", "TERMINAL", "BANK", "Ledger", "new_game"]


# The name the rules base had before it was told apart from the map's rules (mapkit.model.Rules).
Rules = GameRules


def __getattr__(name: str):
    # The Dampfross family's options were mapkit.engine.Options before the families were
    # packages. They are found through the registry (the default preset's options), as the core
    # imports no game: the game packages import the core, and a lookup here comes after both.
    if name == "Options":
        return type(PRESETS["paluba"].defaults)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def GameState(board, rules, players, seed: int = 0):  # noqa: N802  (the constructor of old)
    """A new game's state from a board, a rules object, player names and a seed (as
    ``new_game``, for code written when the engine had one state class)."""
    return rules.state_class()(Game(board, rules, players, seed))
