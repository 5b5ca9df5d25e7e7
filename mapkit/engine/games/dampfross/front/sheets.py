"""The paper kit of Dampfross, Paluba and Expres (``mapkit sheets``):
:func:`mapkit.render.sheets.write_sheets`, through the family's ``write_sheets`` hook."""

from __future__ import annotations

from mapkit.engine.family import PrintedSheets, SheetRequest
from mapkit.i18n import _
from mapkit.render.kit import KIT_PRESETS
from mapkit.render.sheets import write_sheets

__all__ = ["KIT_PRESETS", "write_kit"]


def write_kit(m, folder, request: SheetRequest) -> PrintedSheets:
    """Every sheet of the kit of ``request.preset`` on map ``m`` into ``folder``."""
    result = write_sheets(m, folder, rules=request.preset, players=request.players, style=request.style,
                          min_distance=request.min_distance, races=request.races,
                          light_foreign=request.light_foreign, inputs=list(request.inputs), source=request.source,
                          show_progress=None)
    return PrintedSheets(result.files, result.pages, result.clashes,
                         _("index with previews; CSV: {files}").format(files="distances, races, numbers, scores"))
