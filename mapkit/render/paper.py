"""Paper sizes, choosing a page for a board, and cutting a large board into tiles.

All sizes are millimetres. A single-page board keeps :data:`PAGE_MARGIN_MM` free on every side
(what office printers cannot print); a tiled page keeps :data:`TILE_MARGIN_MM` for the cut marks
and the page label, and shows a *window* of the board inside it. Neighbouring windows overlap by
``overlap`` millimetres, so a page moves ``window - overlap`` along the board, and a board of
length ``L`` needs ``ceil((L - overlap) / (window - overlap))`` pages in that direction (one if
it fits the window).

>>> fit_page(245, 180).name, fit_page(245, 180).landscape
('A4', True)
>>> fit_page(300, 200).name
'A3'
>>> t = tile_layout(581, 382, "A4", overlap=10)
>>> (t.page.landscape, t.columns, t.rows, len(t.tiles))
(False, 4, 2, 8)
>>> [round(v, 1) for v in t.window]
[186.0, 273.0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..i18n import _

__all__ = ["PAPER_SIZES", "ISO_ORDER", "PAGE_MARGIN_MM", "TILE_MARGIN_MM", "DEFAULT_OVERLAP_MM",
           "Page", "Tile", "TileLayout", "paper_name", "printed_paper", "fit_page", "tile_layout", "pages_needed"]

# Portrait width x height of each paper size.
PAPER_SIZES = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "A2": (420.0, 594.0),
    "A1": (594.0, 841.0),
    "A0": (841.0, 1189.0),
    "letter": (215.9, 279.4),
}
# Sizes tried, smallest first, when no paper is asked for (letter only on request).
ISO_ORDER = ("A4", "A3", "A2", "A1", "A0")
PAGE_MARGIN_MM = 10.0
TILE_MARGIN_MM = 12.0
DEFAULT_OVERLAP_MM = 10.0
_EPS = 1e-6


@dataclass(frozen=True)
class Page:
    """A sheet of paper in one orientation."""

    name: str
    width: float
    height: float

    @property
    def landscape(self) -> bool:
        return self.width > self.height

    def __str__(self) -> str:
        return f"{self.name} {'landscape' if self.landscape else 'portrait'}"


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: its place in the grid of pages and the board window it shows.

    ``x``, ``y`` is the top-left of the window in board-frame millimetres (may be negative on
    the first row/column: the board is centred in the span of all windows).
    """

    number: int        # 1-based page number among the tiles (the overview page comes before)
    row: int           # 0-based
    column: int
    x: float
    y: float


@dataclass(frozen=True)
class TileLayout:
    page: Page
    margin: float
    overlap: float
    window: tuple        # (width, height) of the board shown on one page
    columns: int
    rows: int
    tiles: tuple

    @property
    def step(self) -> tuple:
        return (self.window[0] - self.overlap, self.window[1] - self.overlap)

    def tile_at(self, row: int, column: int) -> Tile | None:
        if 0 <= row < self.rows and 0 <= column < self.columns:
            return self.tiles[row * self.columns + column]
        return None


def printed_paper(label: str) -> str:
    """A page's label (``"A4 landscape"``, English: the command line prints it) in the words of
    the current language; other labels (``"300 x 200 mm"``) as they are."""
    name, _sep, orientation = label.rpartition(" ")
    if orientation == "landscape":
        return _("{paper} landscape").format(paper=name)
    if orientation == "portrait":
        return _("{paper} portrait").format(paper=name)
    return label


def paper_name(name: str) -> str:
    """The canonical spelling of a paper size (``a4`` -> ``A4``, ``Letter`` -> ``letter``).

    >>> paper_name("a3"), paper_name("LETTER")
    ('A3', 'letter')
    """
    for key in PAPER_SIZES:
        if key.lower() == str(name).strip().lower():
            return key
    raise ValueError(f"unknown paper size {name!r}; use one of {', '.join(PAPER_SIZES)}")


def _orientations(name: str):
    w, h = PAPER_SIZES[name]
    return (Page(name, w, h), Page(name, h, w))


def fit_page(width: float, height: float, paper: str | None = None,
             margin: float = PAGE_MARGIN_MM) -> Page:
    """The page that holds ``width`` x ``height`` inside ``margin``: of size ``paper``, or the
    smallest of A4..A0; when both orientations fit, the one shaped like the drawing (landscape
    for a wide one). ValueError when none does."""
    names = (paper_name(paper),) if paper else ISO_ORDER
    for name in names:
        pages = _orientations(name)
        if width > height:  # try the orientation of the drawing first
            pages = pages[::-1]
        for page in pages:
            if width <= page.width - 2 * margin + _EPS and height <= page.height - 2 * margin + _EPS:
                return page
    biggest = names[-1]
    raise ValueError(f"{width:.0f} x {height:.0f} mm does not fit on {biggest} "
                     f"(with {margin:g} mm margins) in either orientation")


def pages_needed(length: float, window: float, overlap: float) -> int:
    """Pages along one direction: ``ceil((length - overlap) / (window - overlap))``, at least 1.

    >>> pages_needed(245, 186, 10), pages_needed(186, 186, 10), pages_needed(187, 186, 10)
    (2, 1, 2)
    """
    if window - overlap <= 0:
        raise ValueError("the overlap must be smaller than the printable window")
    if length <= window + _EPS:
        return 1
    return max(1, math.ceil((length - overlap) / (window - overlap) - _EPS))


# The most pages a tiled board takes: a kit of 120 A4 sheets covers a wall of 2.5 x 3.5 m; a
# board beyond it is a slip (hex_mm, a grid's size), and its pages would take minutes to draw.
MAX_TILES = 120


def tile_layout(width: float, height: float, paper: str = "A4",
                overlap: float = DEFAULT_OVERLAP_MM, margin: float = TILE_MARGIN_MM) -> TileLayout:
    """Split a ``width`` x ``height`` board frame over pages of ``paper``.

    The orientation with fewer pages wins (portrait on a tie). The board is centred in the span
    the windows cover, so the spare paper is shared by the first and last row and column.
    """
    name = paper_name(paper)
    if overlap < 0:
        raise ValueError("the overlap cannot be negative")
    best = None
    for page in _orientations(name):
        ww, wh = page.width - 2 * margin, page.height - 2 * margin
        if overlap * 2 > min(ww, wh):
            raise ValueError(f"an overlap of {overlap:g} mm is too large for {name} "
                             f"(at most half the printable width, {min(ww, wh) / 2:.0f} mm)")
        cols = pages_needed(width, ww, overlap)
        rows = pages_needed(height, wh, overlap)
        if best is None or cols * rows < best[0]:
            best = (cols * rows, page, ww, wh, cols, rows)
    assert best is not None     # there are always two orientations, and each either raised or set it
    _count, page, ww, wh, cols, rows = best
    if cols * rows > MAX_TILES:
        raise ValueError(f"{width:.0f} x {height:.0f} mm would take {cols * rows} pages of {name} "
                         f"({cols} x {rows}); at most {MAX_TILES}: choose a larger --paper or a smaller hex_mm")
    sx, sy = ww - overlap, wh - overlap
    span_w = cols * sx + overlap if cols > 1 else ww
    span_h = rows * sy + overlap if rows > 1 else wh
    ox, oy = (span_w - width) / 2, (span_h - height) / 2
    tiles = tuple(Tile(r * cols + c + 1, r, c, -ox + c * sx, -oy + r * sy)
                  for r in range(rows) for c in range(cols))
    return TileLayout(page, margin, overlap, (ww, wh), cols, rows, tiles)
