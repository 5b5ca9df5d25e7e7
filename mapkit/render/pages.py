"""Putting a drawn board on paper: one page, or tiles with an overview page.

One page (:func:`board_page`): the title, the board frame and the legend, centred on the
smallest of A4..A0 that holds them inside :data:`~mapkit.render.paper.PAGE_MARGIN_MM` (or on
the paper asked for; ``"fit"`` makes a page just the size of the drawing).

Tiles (:func:`tiled_pages`): the board frame (board plus coordinate margins) is cut into
windows of ``paper - 2 * TILE_MARGIN_MM`` that overlap by ``overlap`` mm. Every tile page shows
its window at true scale with cut marks at the window corners, ticks where the neighbour's
overlap begins, registration marks (circles with a cross) in the middle of every overlap strip
(they fall on the same spot of the board on both pages), and a label: page number, row and
column, and arrows to the neighbouring pages. The first page shows how the pages go together,
the legend and how to assemble them.

>>> from mapkit.io.yamlmap import load_map
>>> import pathlib
>>> m = load_map(pathlib.Path(__file__).parents[2] / "maps" / "example.yaml")
>>> page = board_page(BoardArt(m))
>>> (page.width, page.height)
(420.0, 297.0)
>>> pages, layout = tiled_pages(BoardArt(m), "A4")
>>> len(pages), layout.columns, layout.rows, str(layout.page)
(2, 1, 1, 'A4 landscape')
"""

from __future__ import annotations

from dataclasses import dataclass

import svgwrite

from .boardart import BoardArt, fmt
from .fonts import ASCENT, DIGIT_HEIGHT, text_width
from .paper import (DEFAULT_OVERLAP_MM, PAGE_MARGIN_MM, TILE_MARGIN_MM, Page, TileLayout,
                    fit_page, printed_paper, tile_layout)
from .style import FONT_FAMILY
from ..i18n import _, ngettext

__all__ = ["SvgPage", "board_page", "tiled_pages", "new_drawing", "SECTION_GAP_MM", "FIT_MARGIN_MM"]

SECTION_GAP_MM = 4.0      # between title, board frame and legend
FIT_MARGIN_MM = 5.0       # around the drawing on a "fit" page
MARK_COLOUR = "#000000"
MARK_WIDTH = 0.2
CUT_MARK = (1.5, 7.0)     # cut marks run from 1.5 to 7 mm outside the window corner
REG_RADIUS = 2.2          # registration mark radius, mm


@dataclass(frozen=True)
class SvgPage:
    """One page as SVG text with its paper size in mm."""

    svg: str
    width: float
    height: float
    label: str = ""


def new_drawing(width: float, height: float, background: str | None = "#ffffff"):
    """An svgwrite drawing ``width`` x ``height`` mm whose user unit is one millimetre."""
    dwg = svgwrite.Drawing(size=(f"{fmt(width)}mm", f"{fmt(height)}mm"),
                           viewBox=f"0 0 {fmt(width)} {fmt(height)}", debug=False, profile="full")
    if background:
        dwg.add(dwg.rect((0, 0), (fmt(width), fmt(height)), fill=background))
    return dwg


def board_page(art: BoardArt, paper: str | None = None, title: str | None = None) -> SvgPage:
    """The whole board with title and legend on one page (see the module notes)."""
    fw, fh = art.frame_size
    scratch = new_drawing(1, 1)
    width = max(fw, 150.0)
    title_g, title_h = art.title(scratch, width - 2 * art.margin, title)
    legend_g, legend_h = art.legend(scratch, width - 2 * art.margin)
    content_w = width
    content_h = title_h + SECTION_GAP_MM + fh + SECTION_GAP_MM + legend_h
    if paper == "fit":
        page = Page("fit", content_w + 2 * FIT_MARGIN_MM, content_h + 2 * FIT_MARGIN_MM)
    else:
        page = fit_page(content_w, content_h, paper, PAGE_MARGIN_MM)
    dwg = new_drawing(page.width, page.height)
    ox = (page.width - content_w) / 2
    oy = (page.height - content_h) / 2
    top = dwg.g(transform=f"translate({fmt(ox)},{fmt(oy)})")
    top.add(_moved(dwg, title_g, art.margin, 0))
    top.add(_moved(dwg, art.frame(dwg), (width - fw) / 2, title_h + SECTION_GAP_MM))
    top.add(_moved(dwg, legend_g, art.margin, title_h + SECTION_GAP_MM + fh + SECTION_GAP_MM))
    dwg.add(top)
    label = str(page) if page.name != "fit" else f"{page.width:.0f} x {page.height:.0f} mm"
    return SvgPage(dwg.tostring(), page.width, page.height, label)


def _moved(dwg, element, dx, dy):
    g = dwg.g(transform=f"translate({fmt(dx)},{fmt(dy)})")
    g.add(element)
    return g


def tiled_pages(art: BoardArt, paper: str = "A4", overlap: float = DEFAULT_OVERLAP_MM,
                title: str | None = None, cull: bool = True) -> tuple[list[SvgPage], TileLayout]:
    """The overview page followed by one page per tile (row by row).

    ``cull``: leave out of each page what its window cannot show (False: the whole board on
    every page, clipped; for comparison only).
    """
    fw, fh = art.frame_size
    layout = tile_layout(fw, fh, paper, overlap, TILE_MARGIN_MM)
    name = title or art.map.name or _("Map")
    pages = [_overview_page(art, layout, name)]
    for tile in layout.tiles:
        pages.append(_tile_page(art, layout, tile, name, cull))
    return pages, layout


def _tile_code(t) -> str:
    return f"{t.number}"


def _tile_page(art: BoardArt, layout: TileLayout, tile, name: str, cull: bool = True) -> SvgPage:
    page, mg = layout.page, layout.margin
    ww, wh = layout.window
    ov = layout.overlap
    dwg = new_drawing(page.width, page.height)
    clip = dwg.clipPath(id="window")
    clip.add(dwg.rect((fmt(mg), fmt(mg)), (fmt(ww), fmt(wh))))
    dwg.defs.add(clip)
    view = dwg.g(clip_path="url(#window)")
    inner = dwg.g(transform=f"translate({fmt(mg - tile.x)},{fmt(mg - tile.y)})")
    inner.add(art.frame(dwg, window=(tile.x, tile.y, tile.x + ww, tile.y + wh) if cull else None))
    inner.add(_registration_marks(dwg, layout))
    view.add(inner)
    dwg.add(view)
    dwg.add(_cut_marks(dwg, mg, mg, ww, wh))

    # Ticks in the margin where the neighbour's strip begins (lay the trimmed neighbour there).
    marks = dwg.g(stroke=MARK_COLOUR, stroke_width=fmt(MARK_WIDTH), stroke_dasharray="1,0.8")
    if layout.tile_at(tile.row, tile.column + 1):
        x = mg + ww - ov
        marks.add(dwg.line((fmt(x), fmt(mg - 6)), (fmt(x), fmt(mg - 1))))
        marks.add(dwg.line((fmt(x), fmt(mg + wh + 1)), (fmt(x), fmt(mg + wh + 6))))
    if layout.tile_at(tile.row + 1, tile.column):
        y = mg + wh - ov
        marks.add(dwg.line((fmt(mg - 6), fmt(y)), (fmt(mg - 1), fmt(y))))
        marks.add(dwg.line((fmt(mg + ww + 1), fmt(y)), (fmt(mg + ww + 6), fmt(y))))
    dwg.add(marks)

    # The label and the arrows to the neighbours.
    size = 2.8
    lab = dwg.g(font_family=FONT_FAMILY, font_size=fmt(size), fill="#000000")
    total = len(layout.tiles)
    text = name + " · " + _("page {page} of {pages} · tile {tile} of {tiles}: row {row} of {rows}, column "
                            "{column} of {columns}").format(
        page=tile.number + 1, pages=total + 1, tile=tile.number, tiles=total, row=tile.row + 1, rows=layout.rows,
        column=tile.column + 1, columns=layout.columns)
    lab.add(dwg.text(text, insert=(fmt(mg + CUT_MARK[0] + 1.5), fmt(mg - 3.2)), font_weight="bold"))
    for dr, dc, word in ((-1, 0, "up"), (1, 0, "down"), (0, -1, "left"), (0, 1, "right")):
        other = layout.tile_at(tile.row + dr, tile.column + dc)
        if other is None:
            continue
        lab.add(_arrow(dwg, layout, word, _("tile {n}").format(n=other.number), size))
    dwg.add(lab)
    return SvgPage(dwg.tostring(), page.width, page.height, f"tile {tile.number}")


def _arrow(dwg, layout: TileLayout, side, text, size):
    """A triangle pointing to the neighbour on ``side`` with its name, in the margin of a tile's
    page (``layout``'s margin round its window)."""
    mg = layout.margin
    ww, wh = layout.window
    g = dwg.g()
    a = 2.4
    tw = text_width(text, size)
    if side in ("up", "down"):
        cx = mg + ww / 2
        cy = mg - 6.8 if side == "up" else mg + wh + 6.8
        sgn = -1 if side == "up" else 1
        if side == "up":
            cx = mg + ww - tw - 6   # the label runs along the top-left; put this one right
        g.add(dwg.polygon([(fmt(cx - a), fmt(cy - sgn * a / 2)), (fmt(cx + a), fmt(cy - sgn * a / 2)),
                           (fmt(cx), fmt(cy + sgn * a))], fill="#000000"))
        g.add(dwg.text(text, insert=(fmt(cx + a + 1.2), fmt(cy + ASCENT * size / 2 - 0.3)), font_size=fmt(size)))
    else:
        cy = mg + wh / 2
        cx = mg - 6.8 if side == "left" else mg + ww + 6.8
        sgn = -1 if side == "left" else 1
        g.add(dwg.polygon([(fmt(cx - sgn * a / 2), fmt(cy - a)), (fmt(cx - sgn * a / 2), fmt(cy + a)),
                           (fmt(cx + sgn * a), fmt(cy))], fill="#000000"))
        rot = -90 if side == "left" else 90
        # Rotated text reads along the margin, beside the arrow, its glyphs centred on the arrow.
        ty = cy - a - 1.5 - tw / 2 if side == "left" else cy + a + 1.5 + tw / 2
        tx = cx + (DIGIT_HEIGHT * size / 2 if side == "left" else -DIGIT_HEIGHT * size / 2)
        t = dwg.text(text, insert=(fmt(tx), fmt(ty)), font_size=fmt(size), text_anchor="middle",
                     transform=f"rotate({rot},{fmt(tx)},{fmt(ty)})")
        g.add(t)
    return g


def _cut_marks(dwg, x, y, w, h):
    g = dwg.g(stroke=MARK_COLOUR, stroke_width=fmt(MARK_WIDTH), id="cut-marks")
    near, far = CUT_MARK
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            g.add(dwg.line((fmt(cx + sx * near), fmt(cy)), (fmt(cx + sx * far), fmt(cy))))
            g.add(dwg.line((fmt(cx), fmt(cy + sy * near)), (fmt(cx), fmt(cy + sy * far))))
    return g


def registration_points(layout: TileLayout) -> list[tuple[float, float]]:
    """Centres of the registration marks in frame mm: two in the middle of every overlap strip."""
    ww, wh = layout.window
    ov = layout.overlap
    pts = []
    for t in layout.tiles:
        right = layout.tile_at(t.row, t.column + 1)
        if right is not None:
            x = right.x + ov / 2
            pts += [(x, t.y + wh * 0.25), (x, t.y + wh * 0.75)]
        below = layout.tile_at(t.row + 1, t.column)
        if below is not None:
            y = below.y + ov / 2
            pts += [(t.x + ww * 0.25, y), (t.x + ww * 0.75, y)]
    return pts


def _registration_marks(dwg, layout: TileLayout):
    g = dwg.g(id="registration", fill="none", stroke=MARK_COLOUR, stroke_width=fmt(MARK_WIDTH))
    r = min(REG_RADIUS, layout.overlap * 0.4) if layout.overlap > 0 else 0
    if r <= 0:
        return g
    for x, y in registration_points(layout):
        g.add(dwg.circle((fmt(x), fmt(y)), fmt(r), fill="#ffffff", fill_opacity="0.6"))
        g.add(dwg.line((fmt(x - r * 1.5), fmt(y)), (fmt(x + r * 1.5), fmt(y))))
        g.add(dwg.line((fmt(x), fmt(y - r * 1.5)), (fmt(x), fmt(y + r * 1.5))))
    return g


def _overview_lines(layout: TileLayout, scale_mm: float) -> list[str]:
    """How to print and assemble the tiles, a sentence a line."""
    rows = ngettext("{n} row", "{n} rows", layout.rows).format(n=layout.rows)
    columns = ngettext("{n} column", "{n} columns", layout.columns).format(n=layout.columns)
    n = len(layout.tiles)
    return [
        ngettext("This board prints on {n} page ({paper}, {rows} × {columns}) plus this page.",
                 "This board prints on {n} pages ({paper}, {rows} × {columns}) plus this page.", n).format(
            n=n, paper=printed_paper(str(layout.page)), rows=rows, columns=columns),
        _("Print at 100 % (actual size, no “fit to page”); check the scale bar: it must measure {mm:g} mm.").format(
            mm=scale_mm),
        _("Trim each page along its cut marks on the sides that meet a neighbour; neighbours share a {mm:g} mm "
          "strip.").format(mm=layout.overlap),
        _("Lay the trimmed edge on the dashed ticks of the neighbour, match the ⊕ marks and the hex lines, and "
          "glue."),
    ]


def _overview_page(art: BoardArt, layout: TileLayout, name: str) -> SvgPage:
    page = layout.page
    mg = PAGE_MARGIN_MM
    dwg = new_drawing(page.width, page.height)
    width = page.width - 2 * mg
    title_g, title_h = art.title(dwg, width, name)
    dwg.add(_moved(dwg, title_g, mg, mg))
    y = mg + title_h + SECTION_GAP_MM

    size = 3.0
    lines = _overview_lines(layout, 5 * art.grid.hex_mm)
    text = dwg.g(font_family=FONT_FAMILY, font_size=fmt(size), fill="#1a1a1a")
    for line in lines:
        y += size * 1.45
        text.add(dwg.text(line, insert=(fmt(mg), fmt(y))))
    dwg.add(text)
    y += SECTION_GAP_MM

    legend_g, legend_h = art.legend(dwg, width)
    # The miniature fills what the legend leaves.
    avail_h = page.height - mg - y - legend_h - SECTION_GAP_MM
    fw, fh = art.frame_size
    ww, wh = layout.window
    span_x0 = min(t.x for t in layout.tiles)
    span_y0 = min(t.y for t in layout.tiles)
    span_x1 = max(t.x for t in layout.tiles) + ww
    span_y1 = max(t.y for t in layout.tiles) + wh
    x0, y0 = min(0.0, span_x0), min(0.0, span_y0)
    x1, y1 = max(fw, span_x1), max(fh, span_y1)
    scale = min(width / (x1 - x0), avail_h / (y1 - y0))
    ox = mg + (width - (x1 - x0) * scale) / 2
    mini = dwg.g(transform=f"translate({fmt(ox)},{fmt(y)}) scale({scale:.5f}) translate({fmt(-x0)},{fmt(-y0)})")
    mini.add(art.frame(dwg))
    sw = 0.5 / scale
    for t in layout.tiles:
        mini.add(dwg.rect((fmt(t.x), fmt(t.y)), (fmt(ww), fmt(wh)), fill="#1e5fd0", fill_opacity="0.06",
                          stroke="#1e5fd0", stroke_width=fmt(sw)))
    for t in layout.tiles:
        fs = min(ww, wh) * 0.22
        cx, cy = t.x + ww / 2, t.y + wh / 2
        mini.add(dwg.text(str(t.number), insert=(fmt(cx), fmt(cy + fs * 0.36)), font_size=fmt(fs),
                          font_family=FONT_FAMILY, font_weight="bold", text_anchor="middle",
                          fill="#1e5fd0", fill_opacity="0.75", stroke="#ffffff", stroke_width=fmt(sw)))
    dwg.add(mini)
    y += (y1 - y0) * scale + SECTION_GAP_MM
    dwg.add(_moved(dwg, legend_g, mg, y))
    return SvgPage(dwg.tostring(), page.width, page.height, "overview")
