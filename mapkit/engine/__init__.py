"""The rules engine: play any mapkit map by the Paluba, Expres or Dampfross rules.

The engine knows no particular game (as in tobymao/18xx): a game is a board
(:class:`EngineMap`, compiled from a map or read from ``mapkit export``), a rules object
(a preset of :mod:`mapkit.engine.rules` plus options) and a list of JSON actions
(:mod:`mapkit.engine.actions`), dice rolls included, so a :class:`Record` replays exactly.
The state has an OpenSpiel-like interface (:class:`GameState`).

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> board = EngineMap.from_map(Map(Grid("pointy", "odd", 9, 1), cities=[
...     City("Aš", H("A1"), (11,)), City("Cheb", H("I1"), (12,))]))
>>> g = new_game(board, "expres", ["Anna", "Bert"], {"first_player": 0})
>>> g.accounts, g.phase, g.current_player()
([6, 6], 'start', 0)
"""

from __future__ import annotations

from .board import CityInfo, EngineMap, compile_map, load_engine_map, map_hash
from .errors import IllegalAction, RecordError
from .record import Record, load_record, replay, save_record
from .rules import PRESETS, Options, Rules, make_rules
from .state import BANK, CHANCE, TERMINAL, GameState

__all__ = ["EngineMap", "CityInfo", "compile_map", "load_engine_map", "map_hash", "IllegalAction",
           "RecordError", "Record", "load_record", "save_record", "replay", "PRESETS", "Options",
           "Rules", "make_rules", "GameState", "CHANCE", "TERMINAL", "BANK", "new_game"]


def new_game(board, preset: str = "paluba", players=("A", "B"), options: dict | None = None,
             seed: int = 0) -> GameState:
    """A new game on ``board`` (an :class:`EngineMap`, a :class:`~mapkit.model.Map` or a path)."""
    if not isinstance(board, EngineMap):
        from ..model import Map

        board = EngineMap.from_map(board) if isinstance(board, Map) else load_engine_map(board)
    return GameState(board, make_rules(preset, options), list(players), seed)
