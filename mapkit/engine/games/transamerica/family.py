"""The TransAmerica family as mapkit's front ends see it
(:class:`~mapkit.engine.family.GameFamily`): its presets, state and bots, its figures in
``mapkit simulate``, its replay summary, and the hooks that load its terminal, browser and
paper front ends (:mod:`.front`) when asked."""

from __future__ import annotations

from typing import Any

from ...bots.easy import EasyBot
from ...family import GameFamily, renamed
from .bots.greedy import GreedyBot
from .bots.levels import StrongBot
from .presets import PRESETS
from .state import TransAmericaState

__all__ = ["TransAmericaFamily"]

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

    def normal_end(self, reason: str | None) -> bool:
        """A game cut off by the option round_limit (a cap for simulations, not a rule) did not
        end normally."""
        return reason is not None and "round limit" not in reason

    def terminal_front(self) -> Any:
        from .front.terminal import TransAmericaFront

        return TransAmericaFront()
