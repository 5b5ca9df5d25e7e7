"""The Dampfross family as mapkit's front ends see it (:class:`~mapkit.engine.family.GameFamily`):
its presets, state and bots, its race tables in the engine's document (:mod:`.racetables`,
compiled for every map), its figures in ``mapkit simulate``, its replay summary, and the
hooks that load its terminal, browser and paper front ends (:mod:`.front`) when asked."""

from __future__ import annotations

from typing import Any

from ...bots.easy import EasyBot
from ...family import GameFamily
from . import racetables
from .bots.greedy import GreedyBot
from .bots.levels import StrongBot
from .presets import PRESETS
from .state import DampfrossState

__all__ = ["DampfrossFamily"]

class DampfrossFamily(GameFamily):
    name = "dampfross"
    description = "Dampfross, Paluba and Expres (docs/rules.md: the board, Paluba, the options, Expres)"
    presets = PRESETS
    State = DampfrossState
    bots = {"easy": EasyBot, "greedy": GreedyBot, "strong": StrongBot}
    default_bot = "greedy"
    sheet_presets = ("paluba", "dampfross", "expres")
    compiles_every_map = True   # the race tables: every map is a Dampfross board (.racetables)

    # the engine's document: the race tables (.racetables), from the core's map fields
    def engine_schema(self) -> dict[str, Any]:
        return dict(racetables.ENGINE_SCHEMA)

    def compile_extras(self, m) -> dict[str, Any]:
        return racetables.compiled_tables(m)

    def board_part(self, board) -> Any:
        return racetables.read_board_tables(board)

    # mapkit validate --rules: the board's size for the preset's dice and races (.fit)
    def fit_issues(self, m, preset: str) -> list:
        from .fit import fit_issues

        return fit_issues(m, next(p for p in self.presets if p.name == preset))

    def start_places(self, board, rules) -> list[str]:
        """Every city a player may start from: the map's ``start_cities`` under the presets
        that keep them (else every city), those with a way out (docs/rules.md, The start city)."""
        return [board.cities[c].name for c in rules.start_cities(board)]

    def start_action(self, state, seat: int, place: str) -> dict | None:
        if state.step in ("start", "secret_start"):     # in turn (Paluba) or in secret (Expres)
            return {"type": "start", "player": seat, "city": place}
        return None

    def normal_end(self, reason: str | None) -> bool:
        return reason is not None and not reason.startswith("no race can be drawn")

    def terminal_front(self) -> Any:
        from .front.terminal import DampfrossFront

        return DampfrossFront()
