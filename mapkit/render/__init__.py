"""Printable boards and sheets: the board at true scale as SVG, PDF and PNG, tiled printing,
and the tables of a game (distances, races, race numbers, the banker's sheet).

Data flows map -> :class:`~mapkit.render.boardart.BoardArt` (svgwrite groups in millimetres) ->
pages (:mod:`~mapkit.render.pages`: one page, or tiles with an overview) -> files
(:mod:`~mapkit.render.output`: cairosvg turns each SVG page into PDF or PNG, pypdf joins pages).

=========================  ==========================================================
:mod:`.style`              colours, widths, font sizes of the ``colour``, ``mono`` and ``expres`` looks
:mod:`.fonts`              DejaVu Sans text widths (for label placement)
:mod:`.labels`             city names placed clear of other names and city hexes (shapely)
:mod:`.paper`              paper sizes, page choice, tile layout
:mod:`.boardart`           drawing the board: terrain, hexes, edges, cities, names
:mod:`.legend`             the board's title and legend
:mod:`.pages`              single page and tiled pages with marks and overview
:mod:`.output`             SVG -> PDF / PNG
:mod:`.files`              ``mapkit render``: write a board to .svg / .pdf / .png
:mod:`.kit`                the rules a paper kit follows (one preset of the engine)
:mod:`.tables`             the table sheets as SVG pages
:mod:`.scores`             the banker's sheet: running accounts
:mod:`.sheets`             ``mapkit sheets``: every sheet in a folder with CSV and index.html
:mod:`.heatmap`            ``mapkit report --html``: the board coloured by cheapest paths, its scale
:mod:`.report`             ``mapkit report``: the report as text and as an HTML page
=========================  ==========================================================
"""

# Each name is imported from its module on first use (PEP 562): a module of the package that
# needs none of them (the report's text and heat map) is then read without svgwrite, which
# would otherwise add about 60 ms (a quarter) to every ``mapkit report``.
_HOMES = {
    "BoardArt": "boardart", "COORD_MARGIN_MM": "boardart", "cross_cities": "boardart",
    "RenderResult": "files", "write_board": "files", "write_art": "files", "BoardOutput": "files",
    "SvgPage": "pages", "board_page": "pages", "tiled_pages": "pages",
    "DEFAULT_OVERLAP_MM": "paper", "PAGE_MARGIN_MM": "paper", "PAPER_SIZES": "paper",
    "TILE_MARGIN_MM": "paper", "fit_page": "paper", "tile_layout": "paper",
    "SheetsResult": "sheets", "write_sheets": "sheets",
    "COLOUR": "style", "MONO": "style", "EXPRES": "style", "get_style": "style", "light_foreign": "style",
}

__all__ = list(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
