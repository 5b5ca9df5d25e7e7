"""The Railroad Tycoon family as mapkit's front ends see it (:class:`~mapkit.engine.family.GameFamily`):
its preset, state and bots, its map section (:mod:`.mapdata`), its figures in ``mapkit
simulate`` (:mod:`.stats`) and its replay summary (:mod:`.view`). No front end of its own yet:
``mapkit play`` and ``serve`` show the generic one."""

from __future__ import annotations

from typing import Any

from ...bots.easy import EasyBot
from ...family import GameFamily
from .bots.greedy import GreedyBot
from .bots.levels import StrongBot
from .mapdata import KEY
from .rules import PRESETS
from .state import RailroadTycoonState

__all__ = ["RailroadTycoonFamily"]

class RailroadTycoonFamily(GameFamily):
    name = "railroad_tycoon"
    description = "Railroad Tycoon (docs/rules.md, Railroad Tycoon)"
    presets = PRESETS
    State = RailroadTycoonState
    bots = {"easy": EasyBot, "greedy": GreedyBot, "strong": StrongBot}
    default_bot = "greedy"
    needs_cards = True          # a map without rules.railroad_tycoon cannot be played
    map_keys = (KEY,)
    map_keys_since = 32
    sheet_presets = ("railroad-tycoon",)

    # the map's section (.mapdata)
    def map_schema(self) -> dict[str, Any]:
        from .mapdata import MAP_SCHEMA

        return {KEY: MAP_SCHEMA}

    def validate_map(self, m) -> list:
        from .mapdata import section_issues

        return section_issues(m)

    def fit_issues(self, m, preset: str) -> list:
        from .fit import fit_issues

        return fit_issues(m, next(p for p in self.presets if p.name == preset)())

    def plays_on(self, m) -> bool:
        return KEY in m.rules.extra and not any(i.is_error for i in self.validate_map(m))

    def rename_city(self, key: str, value, old: str, new: str):
        from .mapdata import renamed_section

        return renamed_section(value, old, new)

    def engine_schema(self) -> dict[str, Any]:
        from .mapdata import ENGINE_SCHEMA

        return {KEY: ENGINE_SCHEMA}

    def compile_extras(self, m) -> dict[str, Any]:
        from .mapdata import compiled

        return compiled(m)

    def board_part(self, board) -> Any:
        from .mapdata import read_board

        return read_board(board)

    def normal_end(self, reason: str | None) -> bool:
        """A game cut off by the option round_limit (a cap for simulations, not a rule) did not
        end normally."""
        return reason is not None and "limit" not in reason

    # mapkit play and serve: the family's front ends (.front)
    def terminal_front(self) -> Any:
        from .front.terminal import RailroadTycoonFront

        return RailroadTycoonFront()
