"""From SVG pages to PDF and PNG bytes, through cairosvg and the system's cairo library.

One SVG per page is the single source of every format, so the board looks the same on screen,
in the PDF and in the PNG. cairosvg draws each page with cairo (vector PDF with embedded,
subsetted DejaVu Sans and real, extractable text; PNG at any dpi); pypdf joins the pages of a
multi-page PDF and writes fixed document metadata, so the same map gives the same bytes. A
kit's PDF and its preview come from one drawing of each page (:func:`pdf_and_preview`).

>>> svg = '<svg xmlns="http://www.w3.org/2000/svg" width="25.4mm" height="50.8mm" viewBox="0 0 25.4 50.8"/>'
>>> png = svg_to_png(svg, dpi=100)
>>> png_size(png)
(100, 200)
>>> from PIL import Image
>>> [round(v) for v in Image.open(io.BytesIO(png)).info["dpi"]]
[100, 100]
>>> pdf = svgs_to_pdf([svg, svg], title="Test")
>>> from pypdf import PdfReader
>>> import io
>>> pdf[:5], len(PdfReader(io.BytesIO(pdf)).pages)
(b'%PDF-', 2)
"""

from __future__ import annotations

import io

from ..errors import InputError, MissingDependency

__all__ = ["svg_to_png", "svgs_to_pdf", "pdf_and_preview", "png_size", "png_pixels", "MAX_PNG_PIXELS",
           "check_cairo"]

# A PNG larger than this would need gigabytes in memory; ask for a lower --dpi instead.
MAX_PNG_PIXELS = 150_000_000
MM_PER_INCH = 25.4
# The faces the pages' text is set in, as cairosvg asks cairo for them (the first family of
# font-family, or sans-serif; normal or bold, upright or sloped): see _settle_faces.
_FAMILIES = ("DejaVu Sans", "sans-serif")
_SETTLED: list = []


def _cairosvg():
    try:
        import cairosvg  # noqa: F401  (imports cairocffi, which loads the system's libcairo)
    except ImportError:
        raise MissingDependency("PDF and PNG output", "cairosvg") from None
    except OSError:
        raise InputError("PDF and PNG output need the system library cairo, which was not found "
                         "(Debian/Ubuntu: apt install libcairo2; macOS: brew install cairo)") from None
    return cairosvg


def _settle_faces(cairosvg) -> None:
    """Resolve each face the pages use on a picture surface, once a process, before any PDF.

    cairo (1.16) keeps a text face's first resolution for the life of the process: resolved for
    a PDF page (no hinting), it makes every later PNG of that process differ from the same PNG
    drawn in a fresh one. Settled here first, a PNG is the same bytes whatever the process drew
    before (a kit's previews, the server's jobs, tests that run mapkit in one process); the
    PDFs are the same either way. The faces are kept, so cairo never resolves them again."""
    if _SETTLED:
        return
    cairo = cairosvg.surface.cairo
    context = cairo.Context(cairo.ImageSurface(cairo.FORMAT_A8, 1, 1))
    for family in _FAMILIES:
        for slant in (cairo.FONT_SLANT_NORMAL, cairo.FONT_SLANT_ITALIC, cairo.FONT_SLANT_OBLIQUE):
            for weight in (cairo.FONT_WEIGHT_NORMAL, cairo.FONT_WEIGHT_BOLD):
                face = cairo.ToyFontFace(family, slant, weight)
                context.set_font_face(face)
                context.set_font_size(10)
                context.text_extents("0")
                _SETTLED.append(face)


def check_cairo() -> None:
    """Raise the one-line error for a missing cairosvg or cairo, or return quietly."""
    _cairosvg()


def png_pixels(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The pixel size of a ``width_mm`` x ``height_mm`` page at ``dpi`` (as cairosvg rounds it).

    >>> png_pixels(210, 297, 150)
    (1240, 1754)
    """
    return round(width_mm * dpi / MM_PER_INCH), round(height_mm * dpi / MM_PER_INCH)


def svg_to_png(svg: str, dpi: float = 150) -> bytes:
    """A PNG of one SVG page at ``dpi`` (pixels per inch of paper)."""
    cairosvg = _cairosvg()
    return _with_dpi(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi), dpi)


def _with_dpi(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk after the header, so viewers and printers know its true size."""
    import struct
    import zlib

    ppm = round(dpi / MM_PER_INCH * 1000)  # pixels per metre
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    end_of_ihdr = 8 + 8 + 13 + 4
    if png[12:16] != b"IHDR" or b"pHYs" in png[:end_of_ihdr + 64]:
        return png
    return png[:end_of_ihdr] + chunk + png[end_of_ihdr:]


def svgs_to_pdf(svgs, title: str | None = None) -> bytes:
    """One PDF with one page per SVG (page sizes from the SVGs, in mm)."""
    cairosvg = _cairosvg()
    _settle_faces(cairosvg)
    return _joined([cairosvg.svg2pdf(bytestring=svg.encode("utf-8")) for svg in svgs], title)


def pdf_and_preview(svgs, title: str | None, dpi: float) -> tuple[bytes, bytes]:
    """:func:`svgs_to_pdf` of ``svgs`` and :func:`svg_to_png` of the first at ``dpi`` (a kit's file
    and its preview), each page drawn by cairosvg once: into a cairo recording surface, with the
    text set as on a PDF page (the same glyphs at the same places as :func:`svgs_to_pdf` puts
    them), then played back onto each PDF page and onto the preview's picture. Drawing is most
    of the work (cairosvg sets each letter on its own), so the preview costs little more."""
    cairosvg = _cairosvg()
    _settle_faces(cairosvg)
    cairo = cairosvg.surface.cairo
    pages = []
    for svg in svgs:
        recording, width, height = _recorded(cairosvg, svg)
        out = io.BytesIO()
        pdf = cairo.PDFSurface(out, width, height)
        _play(recording, cairo.Context(pdf), 1.0)
        pdf.finish()
        pages.append(out.getvalue())
        if len(pages) == 1:
            # the picture's size in pixels as cairosvg rounds it (a point is 1/72 inch)
            scale = dpi / 72
            picture = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(width * scale), round(height * scale))
            _play(recording, cairo.Context(picture), scale)
            png = io.BytesIO()
            picture.write_to_png(png)
    return _joined(pages, title), _with_dpi(png.getvalue(), dpi)


def _recorded(cairosvg, svg: str):
    """``(recording surface, width, height)`` of one SVG page in points, as cairosvg draws it
    onto a PDF page."""
    # cairosvg.surface.cairo, imported by name so that mypy can take a class of it as a base
    import cairocffi as cairo

    class PdfText(cairo.Context):
        # cairosvg asks for the surface's hinting at each element; a recording surface's is
        # the screen's (glyph advances rounded to whole points), a PDF page's none
        def set_font_options(self, options):
            options.set_hint_style(cairo.HINT_STYLE_NONE)
            options.set_hint_metrics(cairo.HINT_METRICS_OFF)
            super().set_font_options(options)

    class Recording(cairosvg.surface.Surface):
        context: cairo.Context      # made by cairosvg's Surface; draw makes it a PdfText

        def _create_surface(self, width, height):
            return cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height)), width, height

        def draw(self, node):
            if not isinstance(self.context, PdfText):      # the same cairo context, seen as PdfText
                self.context = PdfText._from_pointer(self.context._pointer, incref=True)
            super().draw(node)

    tree = cairosvg.parser.Tree(bytestring=svg.encode("utf-8"))
    drawn = Recording(tree, None, 96)          # 96: the dpi cairosvg's svg2pdf draws at
    return drawn.cairo, drawn.width, drawn.height


def _play(recording, context, scale: float) -> None:
    context.scale(scale, scale)
    context.set_source_surface(recording, 0, 0)
    context.paint()


def _joined(pdfs, title: str | None) -> bytes:
    """The pages of ``pdfs`` (PDF files) as one PDF, with fixed metadata."""
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError:
        raise MissingDependency("multi-page PDF output", "pypdf") from None
    writer = PdfWriter()
    for one in pdfs:
        for page in PdfReader(io.BytesIO(one)).pages:
            writer.add_page(page)
    # Fixed metadata (no creation date): the same map gives the same bytes.
    meta = {"/Producer": "mapkit (cairosvg, cairo, pypdf)", "/Creator": "mapkit"}
    if title:
        meta["/Title"] = title
    writer.add_metadata(meta)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
