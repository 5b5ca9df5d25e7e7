"""Drawing a map as a board picture, independently of mapkit's renderer.

Its own hex geometry, line widths, ring shapes, fonts (DejaVu Sans or Serif, or a face
given), margins and colours, all drawn from a seed (:func:`random_style`), so that the
importer is measured on pictures it was not written against. Drawing is supersampled (3x)
for anti-aliasing.

>>> from mapkit.testing.maps import random_map
>>> img, legend = draw_board(random_map(7, 8, 6, "flat", "even"), hex_px=24, style=random_style(7))
>>> img.mode, legend["plain"].startswith("#")
('RGB', True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from ..grid import Grid
from ..model import Map

if TYPE_CHECKING:
    from PIL import ImageDraw

__all__ = ["BoardStyle", "DAMPFROSS", "dampfross_style", "random_style", "board_geometry",
           "draw_board", "SUPERSAMPLE"]

SQRT3 = math.sqrt(3.0)
SUPERSAMPLE = 3


@dataclass(frozen=True)
class BoardStyle:
    """Everything about the look of one drawn board. Sizes are fractions of the hex spacing
    unless they say ``px``."""

    colours: dict = field(default_factory=dict)   # plain mountain water foreign river border city grid
    paper: str = "#ffffff"                         # the margin around the board
    text: str = "#1a1a1a"
    outline_px: float = 1.5
    river_w: float = 0.12
    border_w: float = 0.11
    ring: str = "circle"                           # circle or hexagon
    ring_r: float = 0.36                           # circle radius / hexagon apothem
    ring_w: float = 0.06
    number_size: float = 0.27
    name_size: float = 0.16
    name_place: str = "below"                      # below, above, none
    font: str = "DejaVuSans.ttf"
    margin: float = 1.0                            # margin around the board, in hexes
    labels: bool = True                            # column letters and row numbers
    frame: bool = False
    multi: str = "stack"                           # how two or three numbers are set: stack, row
    border_dash: float = 0.0                       # dashed borders: dash length (0: solid)
    key: bool = False                              # a title and a colour key above the board


DAMPFROSS = {"plain": "#ffffff", "mountain": "#c9935a", "water": "#9cc9ec", "foreign": "#5b5b5b",
             "river": "#1565c0", "border": "#d32020", "city": "#d32020", "grid": "#000000"}


def dampfross_style(**changes) -> BoardStyle:
    """The default Dampfross colours with middle-of-the-range widths."""
    return replace(BoardStyle(colours=dict(DAMPFROSS)), **changes)


def _hexstr(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*tuple(int(round(v)) for v in rgb))


def _lab(rgb):
    from ..imaging.colour import srgb_to_lab

    return srgb_to_lab(np.array(rgb, dtype=np.uint8))


def _random_palette(rng) -> dict:
    """Other colours than Dampfross (as a legend would give), distinct enough to tell apart."""
    from ..imaging.colour import parse_colour

    for _ in range(200):
        plain = (rng.randint(235, 255), rng.randint(228, 255), rng.randint(200, 245))
        mountain = rng.choice([(rng.randint(150, 215), rng.randint(100, 160), rng.randint(40, 110)),
                               (rng.randint(150, 190),) * 3,
                               (rng.randint(120, 180), rng.randint(150, 200), rng.randint(90, 130))])
        water = (rng.randint(110, 190), rng.randint(170, 225), rng.randint(215, 255))
        foreign = rng.choice([(rng.randint(60, 110),) * 3,
                              (rng.randint(200, 230), rng.randint(190, 215), rng.randint(150, 190)),
                              (rng.randint(70, 120), rng.randint(80, 120), rng.randint(60, 90))])
        river = (rng.randint(0, 60), rng.randint(40, 120), rng.randint(160, 230))
        border = rng.choice([(rng.randint(190, 240), rng.randint(0, 50), rng.randint(0, 60)),
                             (rng.randint(150, 200), rng.randint(0, 40), rng.randint(120, 190))])
        city = border if rng.random() < 0.6 else (rng.randint(200, 250), rng.randint(20, 80), rng.randint(0, 40))
        grid = (rng.randint(0, 60),) * 3
        cols = {"plain": plain, "mountain": mountain, "water": water, "foreign": foreign,
                "river": river, "border": border, "city": city, "grid": grid}
        labs = {k: _lab(v) for k, v in cols.items()}
        fills = ("plain", "mountain", "water", "foreign")
        ok = all(np.linalg.norm(labs[a] - labs[b]) > 28 for i, a in enumerate(fills) for b in fills[i + 1:])
        ok = ok and all(np.linalg.norm(labs[s] - labs[f]) > 30 for s in ("river", "border", "city") for f in fills)
        ok = ok and bool(np.linalg.norm(labs["river"] - labs["border"]) > 40)
        if ok:
            return {k: _hexstr(v) for k, v in cols.items()}
    return {k: _hexstr(parse_colour(v)) for k, v in DAMPFROSS.items()}


def random_style(seed: int, palette: str = "mixed") -> BoardStyle:
    """A random look: ``palette`` is ``dampfross`` (the default legend), ``other`` (colours
    that need ``--legend``) or ``mixed`` (either)."""
    rng = random.Random(seed * 7919 + 13)
    if palette == "mixed":
        palette = "dampfross" if rng.random() < 0.5 else "other"
    colours = dict(DAMPFROSS) if palette == "dampfross" else _random_palette(rng)
    return BoardStyle(
        colours=colours,
        paper=colours["plain"] if rng.random() < 0.5 else "#ffffff",
        text=rng.choice(("#000000", "#1a1a1a", "#222244", "#333333")),
        outline_px=rng.uniform(1.0, 2.6),
        river_w=rng.uniform(0.08, 0.15),
        border_w=rng.uniform(0.08, 0.15),
        ring=rng.choice(("circle", "circle", "hexagon")),
        ring_r=rng.uniform(0.30, 0.40),
        ring_w=rng.uniform(0.045, 0.08),
        number_size=rng.uniform(0.24, 0.32),
        name_size=rng.uniform(0.13, 0.19),
        name_place=rng.choice(("below", "above", "below", "none")),
        # "pillow-default" is not a file: Pillow's own face (Aileron) stands in, as in a
        # drawer that never chose a font.
        font=rng.choice(("DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSans-Bold.ttf", "pillow-default")),
        margin=rng.uniform(0.4, 2.0),
        labels=rng.random() < 0.8,
        frame=rng.random() < 0.4,
        multi=rng.choice(("stack", "row")),
    )


# -- the drawing ---------------------------------------------------------------------------
def board_geometry(grid: Grid, hex_px: float, margin_px: float):
    """Functions of this drawer's own geometry: ``centre(h)`` and ``corners(h)`` in pixels.

    Written apart from :mod:`mapkit.grid` on purpose (the tests compare the two): pointy hexes
    in rows, odd/even rows pushed right; flat hexes in columns, odd/even columns pushed down.
    """
    d = hex_px
    s = d / SQRT3
    parity = 1 if grid.offset == "odd" else 0
    pointy = grid.orientation == "pointy"

    def centre(h):
        c, r = h
        if pointy:
            return (margin_px + d / 2 + d * c + (d / 2 if r % 2 == parity else 0.0),
                    margin_px + s + 1.5 * s * r)
        return (margin_px + s + 1.5 * s * c,
                margin_px + d / 2 + d * r + (d / 2 if c % 2 == parity else 0.0))

    def corners(h, radius=s):
        x, y = centre(h)
        start = 30.0 if pointy else 0.0
        return [(x + radius * math.cos(math.radians(start + 60 * i)),
                 y + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    if pointy:
        size = (d * (grid.columns + 0.5), s * (1.5 * (grid.rows - 1) + 2))
    else:
        size = (s * (1.5 * (grid.columns - 1) + 2), d * (grid.rows + 0.5))
    return centre, corners, size


def _font(name: str, px: float):
    from PIL import ImageFont

    size = max(4, int(round(px)))
    try:
        return ImageFont.truetype(name, size)
    except OSError:
        return ImageFont.load_default(size)


def _side(corners_a, centre_b):
    """The two corners of a hex nearest the neighbour's centre: their shared side."""
    bx, by = centre_b
    pts = sorted(corners_a, key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
    return pts[0], pts[1]


@dataclass
class _Sheet:
    """What drawing one board needs: the pen, the supersampled hex size ``d`` (between
    centres) and side ``s``, the outline width ``lw``, the style and the placed geometry."""

    dr: ImageDraw.ImageDraw
    d: float
    s: float
    lw: int
    style: BoardStyle
    centre: Callable[[tuple[int, int]], tuple[float, float]]
    corners: Callable[..., list[tuple[float, float]]]     # (hex[, radius]) -> the six corners


def draw_board(m: Map, hex_px: float, style: BoardStyle, seed: int = 0,
               supersample: int = SUPERSAMPLE):
    """Draw ``m`` with ``hex_px`` pixels between adjacent centres; returns ``(image, legend)``
    where ``legend`` maps the legend keys to ``"#rrggbb"`` (what ``--legend`` would say).
    ``supersample`` times larger is drawn and shrunk (anti-aliasing)."""
    from PIL import Image, ImageDraw

    k = max(1, int(supersample))
    d = hex_px * k
    s = d / SQRT3
    margin = style.margin * d + (0.6 * d if style.labels else 0.0)
    top = margin + (2.2 * d if style.key else 0.0)     # room for the title and the key
    centre0, corners0, (bw, bh) = board_geometry(m.grid, d, margin)

    def centre(h):
        x, y = centre0(h)
        return x, y + top - margin

    def corners(h, radius=s):
        return [(x, y + top - margin) for x, y in corners0(h, radius)]

    width, height = int(math.ceil(bw + 2 * margin)), int(math.ceil(bh + margin + top))
    col = style.colours
    img = Image.new("RGB", (width, height), style.paper)
    dr = ImageDraw.Draw(img)
    lw = max(1, int(round(style.outline_px * k)))
    sheet = _Sheet(dr, d, s, lw, style, centre, corners)
    if style.frame:
        pad = 0.25 * d
        dr.rectangle([margin - pad, top - pad, margin + bw + pad, top + bh + pad],
                     outline=col["grid"], width=max(1, int(style.outline_px * k * 1.5)))
    for h in m.grid.hexes():
        dr.polygon(corners(h, s + 0.5), fill=col[m.terrain[h]] if m.terrain[h] != "off" else style.paper)
    for h in m.grid.hexes():
        pts = corners(h)
        dr.line(pts + [pts[0]], fill=col["grid"], width=lw, joint="curve")
    for es in m.rivers:
        _stroke(sheet, es.edges, col["river"], style.river_w)
    for es in m.borders:
        _stroke(sheet, es.edges, col["border"], style.border_w, style.border_dash)
    if "ridge" in col:
        for es in m.ridges:
            _stroke(sheet, es.edges, col["ridge"], style.river_w)
    fonts = (_font(style.font, style.number_size * d), _font(style.font, style.number_size * d * 0.8),
             _font(style.font, style.name_size * d))
    for c in m.cities:
        _draw_city(sheet, c, fonts)
    if style.labels:
        _draw_labels(sheet, m.grid, margin, top, bw, bh)
    if style.key:
        _draw_key(sheet, m.meta.get("name", "Board"), margin)
    out = img.resize((max(1, round(width / k)), max(1, round(height / k))), Image.Resampling.LANCZOS) if k > 1 else img
    legend = {key: col[key] for key in ("plain", "mountain", "water", "foreign", "river", "border", "city")}
    return out, legend


def _stroke(sheet: _Sheet, edges, colour, w, dash=0.0) -> None:
    """Rivers and borders: thick lines along hex sides (never thinner than 1.6 hex outlines),
    solid with round joins, or dashed."""
    dr, d = sheet.dr, sheet.d
    wpx = max(1, int(round(max(w * d, 1.6 * sheet.lw))))
    for a, b in edges:
        p, q = _side(sheet.corners(a), sheet.centre(b))
        if dash:
            # Dashes along the side, centred on it so that each corner gets a half dash.
            n = max(1, int(round(1.0 / (2 * dash))))
            for i in range(n + 1):
                t0, t1 = max(0.0, (i - 0.25) / n), min(1.0, (i + 0.25) / n)
                dr.line([(p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                         (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)],
                        fill=colour, width=wpx)
            continue
        dr.line([p, q], fill=colour, width=wpx)
        for x, y in (p, q):  # round joins where two sides of one river meet
            dr.ellipse([x - wpx / 2, y - wpx / 2, x + wpx / 2, y + wpx / 2], fill=colour)


def _draw_city(sheet: _Sheet, c, fonts) -> None:
    """A city's ring, its race numbers (one, a row of two, or stacked) and its name."""
    dr, d, style = sheet.dr, sheet.d, sheet.style
    nfont, small, name_font = fonts
    col = style.colours
    x, y = sheet.centre(c.hex)
    rw = max(1, int(round(style.ring_w * d)))
    r = style.ring_r * d
    if style.ring == "circle":
        dr.ellipse([x - r, y - r, x + r, y + r], outline=col["city"], width=rw)
    else:
        pts = sheet.corners(c.hex, r * 2 / SQRT3)
        dr.line(pts + [pts[0], pts[1]], fill=col["city"], width=rw, joint="curve")
    nums = [str(n) for n in c.numbers]
    if len(nums) == 1:
        dr.text((x, y), nums[0], font=nfont, fill=style.text, anchor="mm")
    elif style.multi == "row" and len(nums) == 2:
        dr.text((x, y), " ".join(nums), font=small, fill=style.text, anchor="mm")
    elif nums:
        f = small if len(nums) == 2 else _font(style.font, style.number_size * d * 0.62)
        lh = f.size * 1.05
        for i, t in enumerate(nums):
            dr.text((x, y + (i - (len(nums) - 1) / 2) * lh), t, font=f, fill=style.text, anchor="mm")
    if style.name_place != "none":
        dy = (style.ring_r + style.ring_w / 2) * d + name_font.size * 0.6
        ny = y + dy if style.name_place == "below" else y - dy
        dr.text((x, ny), c.name, font=name_font, fill=style.text, anchor="mm")


def _draw_labels(sheet: _Sheet, grid: Grid, margin: float, top: float, bw: float, bh: float) -> None:
    """Column letters above and below the board, row numbers left and right."""
    from ..grid import column_name

    dr, d, text = sheet.dr, sheet.d, sheet.style.text
    lf = _font(sheet.style.font, 0.3 * d)
    for cidx in range(grid.columns):
        x, _ = sheet.centre((cidx, 0))
        dr.text((x, top - 0.35 * d), column_name(cidx), font=lf, fill=text, anchor="mm")
        dr.text((x, top + bh + 0.35 * d), column_name(cidx), font=lf, fill=text, anchor="mm")
    for r in range(grid.rows):
        _, y = sheet.centre((0, r))
        dr.text((margin - 0.35 * d, y), str(r + 1), font=lf, fill=text, anchor="mm")
        dr.text((margin + bw + 0.35 * d, y), str(r + 1), font=lf, fill=text, anchor="mm")


def _draw_key(sheet: _Sheet, title: str, margin: float) -> None:
    """A title and a key of the colours, as printed boards have: text and swatches in the
    margin are no hexes."""
    dr, d, style = sheet.dr, sheet.d, sheet.style
    col = style.colours
    dr.text((margin, margin), title, font=_font(style.font, 0.6 * d), fill=style.text, anchor="lt")
    kf = _font(style.font, 0.3 * d)
    x = margin
    y = margin + 1.1 * d
    for name in ("plain", "mountain", "water", "foreign", "river", "border", "city"):
        if name in ("river", "border"):
            dr.line([(x, y + 0.2 * d), (x + 0.5 * d, y + 0.2 * d)], fill=col[name], width=max(1, int(0.1 * d)))
        elif name == "city":
            dr.ellipse([x + 0.05 * d, y, x + 0.45 * d, y + 0.4 * d], outline=col[name],
                       width=max(1, int(style.ring_w * d)))
        else:
            dr.rectangle([x, y, x + 0.5 * d, y + 0.4 * d], fill=col[name], outline=col["grid"], width=sheet.lw)
        dr.text((x + 0.6 * d, y + 0.2 * d), name, font=kf, fill=style.text, anchor="lm")
        x += 2.0 * d
