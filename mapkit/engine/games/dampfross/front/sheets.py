"""The paper kit of Dampfross, Paluba and Expres (``mapkit sheets``):
:func:`mapkit.render.sheets.write_sheets` by the preset's :class:`~.kit.KitRules`, through the
family's ``write_sheets`` hook."""

from __future__ import annotations

from mapkit.engine.family import PrintedSheets, SheetRequest
from mapkit.i18n import _
from mapkit.render.sheets import write_sheets

from .kit import KitRules

__all__ = ["write_kit"]


def write_kit(m, folder, request: SheetRequest) -> PrintedSheets:
    """Every sheet of the kit of ``request.preset`` on map ``m`` into ``folder``."""
    kit = KitRules.of(m, request.preset, request.min_distance, request.races)
    result = write_sheets(m, folder, kit, players=request.players, style=request.style,
                          light_foreign=request.light_foreign, inputs=list(request.inputs), source=request.source,
                          show_progress=None)
    return PrintedSheets(result.files, result.pages, result.clashes,
                         _("index with previews; CSV: {files}").format(files="distances, races, numbers, scores"))
