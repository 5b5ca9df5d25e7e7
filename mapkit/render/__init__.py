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
:mod:`.board`              drawing the board: terrain, hexes, edges, cities, names, legend
:mod:`.pages`              single page and tiled pages with marks and overview
:mod:`.output`             SVG -> PDF / PNG
:mod:`.files`              ``mapkit render``: write a board to .svg / .pdf / .png
:mod:`.kit`                the rules a paper kit follows (one preset of the engine)
:mod:`.tables`             the table sheets as SVG pages
:mod:`.scores`             the banker's sheet: running accounts
:mod:`.sheets`             ``mapkit sheets``: every sheet in a folder with CSV and index.html
:mod:`.transamerica`       ``mapkit sheets --rules transamerica``: board, city cards, score track, rules
=========================  ==========================================================
"""

from .boardart import BoardArt, COORD_MARGIN_MM, cross_cities
from .files import RenderResult, write_board
from .pages import SvgPage, board_page, tiled_pages
from .paper import (DEFAULT_OVERLAP_MM, PAGE_MARGIN_MM, PAPER_SIZES, TILE_MARGIN_MM, fit_page,
                    tile_layout)
from .sheets import SheetsResult, write_sheets
from .style import COLOUR, EXPRES, MONO, get_style, light_foreign

__all__ = ["BoardArt", "COORD_MARGIN_MM", "cross_cities", "RenderResult", "write_board", "SvgPage",
           "board_page", "tiled_pages", "DEFAULT_OVERLAP_MM", "PAGE_MARGIN_MM", "PAPER_SIZES",
           "TILE_MARGIN_MM", "fit_page", "tile_layout", "SheetsResult", "write_sheets", "COLOUR",
           "MONO", "EXPRES", "get_style", "light_foreign"]
