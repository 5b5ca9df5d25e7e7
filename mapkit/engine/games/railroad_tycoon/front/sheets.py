"""Railroad Tycoon's paper kit (``mapkit sheets --rules railroad-tycoon``): the board with each
city's goods colour and goods, the victory-point track with its incomes, the action, task,
locomotive and share cards, and the rules in brief
(:func:`mapkit.engine.games.railroad_tycoon.front.paper.write_railroad_tycoon_sheets`)."""

from __future__ import annotations

from mapkit.engine.family import PrintedSheets, SheetRequest
from mapkit.engine.games.railroad_tycoon.front.paper import write_railroad_tycoon_sheets

__all__ = ["write_kit"]


def write_kit(m, folder, request: SheetRequest) -> PrintedSheets:
    """Railroad Tycoon's kit of map ``m`` into ``folder``."""
    return write_railroad_tycoon_sheets(m, folder, request)
