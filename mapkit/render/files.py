"""Writing a rendered board to files: the format follows the suffix (.svg, .pdf, .png).

A single page goes to the one file named. Tiles go to one PDF (overview page first, then one
page per tile); as SVG or PNG they go to numbered files next to the name given
(``board.png`` -> ``board-00.png`` overview, ``board-01.png`` ...). Every file is written
atomically and never over an input.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..fileio import atomic_write, check_output_path
from .boardart import BoardArt
from .output import MAX_PNG_PIXELS, png_pixels, svg_to_png, svgs_to_pdf
from .pages import SvgPage, board_page, tiled_pages
from .paper import DEFAULT_OVERLAP_MM

__all__ = ["FORMATS", "RenderResult", "BoardOutput", "output_format", "render_pages", "write_pages", "write_board",
           "write_art"]

FORMATS = (".svg", ".pdf", ".png")
MIN_DPI, MAX_DPI = 10, 2400


@dataclass
class RenderResult:
    """What was written: the files, the pages, the paper and names that found no free place."""

    files: list = field(default_factory=list)
    pages: list = field(default_factory=list)
    paper: str = ""
    layout: object = None
    clashes: list = field(default_factory=list)


@dataclass(frozen=True)
class BoardOutput:
    """How a drawn board goes to paper and files: ``paper`` (None: the smallest A size that
    holds it; A4 with ``tile``), tiles and their ``overlap``, PNG ``dpi``, the ``title`` (None:
    the map's name), the ``inputs`` never to overwrite and the ``source`` errors name."""

    paper: str | None = None
    tile: bool = False
    overlap: float = DEFAULT_OVERLAP_MM
    dpi: float = 150
    title: str | None = None
    inputs: tuple = ()
    source: str = "<map>"


def output_format(path) -> str:
    """The output format of ``path`` from its suffix; InputError for anything else.

    >>> output_format("board.PDF"), output_format("x/y.svg")
    ('.pdf', '.svg')
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise InputError(f"{path}: unknown output format {suffix or '(no suffix)'!r}; "
                         f"name the file .svg, .pdf or .png")
    return suffix


def render_pages(art: BoardArt, paper: str | None = None, tile: bool = False,
                 overlap: float = DEFAULT_OVERLAP_MM, title: str | None = None, source: str = "<map>"):
    """The SVG pages of a board: ``([SvgPage], paper description, TileLayout or None)``."""
    if tile:
        try:
            pages, layout = tiled_pages(art, paper or "A4", overlap, title)
        except ValueError as exc:
            raise InputError(f"{source}: cannot tile: {exc}") from None
        n = len(layout.tiles)
        return pages, f"{n} tile{'s' if n != 1 else ''} on {layout.page} + overview", layout
    try:
        page = board_page(art, paper, title)
    except ValueError as exc:
        hint = "use --tile or a larger --paper" if paper else "use --tile to print it on several pages"
        raise InputError(f"{source}: the board with its title and legend: {exc}; {hint}") from None
    return [page], page.label, None


def write_pages(pages: list[SvgPage], output, fmt: str, dpi: float = 150, title: str | None = None,
                inputs=()) -> list[Path]:
    """Write pages in format ``fmt``: one PDF, or one SVG/PNG per page (numbered when several)."""
    out = Path(output)
    if fmt == ".pdf":
        check_output_path(out, inputs)
        return [atomic_write(out, svgs_to_pdf([p.svg for p in pages], title=title), inputs)]
    if fmt == ".png":
        if not MIN_DPI <= dpi <= MAX_DPI:
            raise InputError(f"--dpi {dpi:g}: use a value from {MIN_DPI} to {MAX_DPI}")
        for p in pages:
            w, h = png_pixels(p.width, p.height, dpi)
            if w * h > MAX_PNG_PIXELS:
                raise InputError(f"{out}: a {p.width:g} x {p.height:g} mm page at {dpi:g} dpi is "
                                 f"{w} x {h} pixels, too large; lower --dpi")
    names = [out] if len(pages) == 1 else [out.with_name(f"{out.stem}-{i:02d}{out.suffix}")
                                           for i in range(len(pages))]
    for n in names:
        check_output_path(n, inputs)
    written = []
    for page, name in zip(pages, names, strict=False):
        data = page.svg if fmt == ".svg" else svg_to_png(page.svg, dpi)
        written.append(atomic_write(name, data, inputs))
    return written


def write_board(m, output, paper: str | None = None, tile: bool = False,
                overlap: float = DEFAULT_OVERLAP_MM, dpi: float = 150, style: str = "colour",
                title: str | None = None, inputs=(), source: str = "<map>") -> RenderResult:
    """Render map ``m`` in mapkit's board look and ``style`` to ``output`` (see the module notes)."""
    return write_art(BoardArt(m, style), output, BoardOutput(paper, tile, overlap, dpi, title, tuple(inputs), source))


def write_art(art: BoardArt, output, how: BoardOutput) -> RenderResult:
    """Write a drawn board (mapkit's :class:`BoardArt` or a game family's look of it, such as
    TransAmerica's) to ``output`` as ``how`` says (see the module notes)."""
    fmt = output_format(output)
    check_output_path(output, how.inputs)
    pages, paper_text, layout = render_pages(art, how.paper, how.tile, how.overlap, how.title, how.source)
    files = write_pages(pages, output, fmt, how.dpi, how.title or art.map.name or None, how.inputs)
    return RenderResult(files, pages, paper_text, layout, art.clashes())
