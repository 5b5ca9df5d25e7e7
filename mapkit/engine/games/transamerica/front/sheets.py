"""TransAmerica's paper kit (``mapkit sheets --rules transamerica``): the board with a dot on
every junction, the city cards, the score track and the rules in brief
(:func:`mapkit.engine.games.transamerica.front.paper.write_transamerica_sheets`)."""

from __future__ import annotations

from mapkit.engine.family import PrintedSheets, SheetRequest
from mapkit.errors import InputError
from mapkit.i18n import _
from mapkit.engine.games.transamerica.front.paper import write_transamerica_sheets

__all__ = ["write_kit"]


def write_kit(m, folder, request: SheetRequest) -> PrintedSheets:
    """TransAmerica's kit of map ``m`` into ``folder``."""
    if request.min_distance is not None or request.races is not None:
        raise InputError("--min and --races belong to the Dampfross kits; TransAmerica has no races")
    result = write_transamerica_sheets(m, folder, request)
    return PrintedSheets(result.files, result.pages, result.clashes, _("index with previews"))
