"""The TransAmerica family as mapkit's front ends see it
(:class:`~mapkit.engine.family.GameFamily`): its presets, state and bots, its figures in
``mapkit simulate``, its replay summary, and the hooks that load its terminal, browser and
paper front ends (:mod:`.front`) when asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...bots.easy import EasyBot
from ...family import GameFamily, PrintedSheets, SheetRequest, renamed
from . import stats, view
from .bots.greedy import GreedyBot
from .bots.levels import StrongBot
from .presets import PRESETS
from .state import TransAmericaState

__all__ = ["TransAmericaFamily"]

FRONT = Path(__file__).parent / "front"


class TransAmericaFamily(GameFamily):
    name = "transamerica"
    description = "TransAmerica / TransEuropa (docs/rules.md, TransAmerica)"
    presets = PRESETS
    State = TransAmericaState
    bots = {"easy": EasyBot, "greedy": GreedyBot, "strong": StrongBot}
    default_bot = "greedy"
    needs_cards = True          # a map without rules.city_cards cannot be played
    board_look = "transamerica"
    sheet_presets = ("transamerica",)
    map_keys = ("city_cards",)  # the deck of city cards (.cards)
    map_keys_since = 18

    # the map's section: the deck of city cards (.cards)
    def map_schema(self) -> dict[str, Any]:
        from .cards import CARD_KEY, MAP_SCHEMA

        return {CARD_KEY: MAP_SCHEMA}

    def validate_map(self, m) -> list:
        from .cards import card_issues

        return card_issues(m)

    def fit_issues(self, m, preset: str) -> list:
        from .fit import fit_issues

        return fit_issues(m, next(p for p in self.presets if p.name == preset))

    def plays_on(self, m) -> bool:
        from .cards import read_cards

        cards, problems = read_cards(m)
        return bool(cards) and not problems

    def engine_schema(self) -> dict[str, Any]:
        from .cards import CARD_KEY, ENGINE_SCHEMA

        return {CARD_KEY: ENGINE_SCHEMA}

    def compile_extras(self, m) -> dict[str, Any]:
        from .cards import compiled_cards

        return compiled_cards(m)

    def board_part(self, board) -> Any:
        from .cards import read_board_cards

        return read_board_cards(board)

    def rename_city(self, key: str, value, old: str, new: str):
        # every string of the deck names a city (colours are its keys): a card of the
        # renamed city, or one of its removed cards, follows the city
        return renamed(value, old, new)

    def picture_map(self, m, board):
        from .cards import board_cards, with_card_cities

        return with_card_cities(m, [(c.name, board.grid.hex_at(c.hex)) for c in board_cards(board)])

    # simulate's figures and replay's summary: the family's stats and view modules
    def move_options(self, state, seed: int = 0) -> list:
        from .bots.options import move_options

        return move_options(state, seed)

    def game_stats(self, state) -> dict[str, Any]:
        return stats.game_stats(state)

    def summarize(self, board, spec, per_game: list[dict], report: dict) -> None:
        stats.summarize(board, spec, per_game, report)

    def seat_line(self, seat: dict) -> str:
        return stats.seat_line(seat)

    def report_lines(self, report: dict) -> list[str]:
        return stats.report_lines(report)

    def normal_end(self, reason: str | None) -> bool:
        """A game cut off by the option round_limit (a cap for simulations, not a rule) did not
        end normally."""
        return reason is not None and "round limit" not in reason

    def summary(self, state) -> dict[str, Any]:
        return view.summary(state)

    def summary_lines(self, summary: dict) -> list[str]:
        return view.summary_lines(summary)

    def terminal_front(self) -> Any:
        from .front.terminal import TransAmericaFront

        return TransAmericaFront()

    def web_requests(self):
        from .front.web import REQUESTS

        return REQUESTS

    def public_requests(self) -> frozenset[str]:
        from .front.web import PUBLIC

        return PUBLIC

    def option_notes(self):
        from .front.web import OPTION_NOTES

        return OPTION_NOTES

    def refusal(self, state, seat: int, action: dict) -> tuple[str, str] | None:
        from .front.web import refusal

        return refusal(state, seat, action)

    def web_script(self) -> Path:
        return FRONT / "web.js"

    def board_art(self, m, style: str) -> tuple[Any, list[dict]]:
        from .front.web import board_art

        return board_art(m, style)

    def write_sheets(self, m, folder: Path, request: SheetRequest) -> PrintedSheets:
        from .front.sheets import write_kit

        return write_kit(m, folder, request)

    # mapkit balance: the city cards dealt anew (.balancing)
    def balance_changes(self, m, context) -> list:
        from .balancing import balance_changes

        return balance_changes(m, context)
