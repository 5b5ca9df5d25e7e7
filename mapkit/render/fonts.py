"""Text metrics for DejaVu Sans, the font every sheet is set in.

Label placement needs the width of a name before it is drawn. The widths come from the font
file itself (through Pillow) when it is installed, so that the boxes checked for overlaps are
the boxes the printed text fills; without the font a per-character estimate is used.

>>> round(text_width("Brno", 10.0), 1) > 0
True
>>> text_width("", 3.0)
0.0
>>> text_width("Praha", 2.0) * 2 == text_width("Praha", 4.0)
True
"""

from __future__ import annotations

import functools

__all__ = ["text_width", "ASCENT", "DESCENT", "DIGIT_HEIGHT", "font_available"]

# Vertical extent per unit of font size, measured on DejaVu Sans: capitals with a haček or an
# acute (Ř, Ú, Č) reach 0.93 above the baseline, descenders (g, j, p, y) 0.21 below; digits
# stand 0.73 high.
ASCENT = 0.93
DESCENT = 0.24
DIGIT_HEIGHT = 0.73
# Average advance of DejaVu Sans per character, for when the font file is missing.
_FALLBACK_ADVANCE = {False: 0.6, True: 0.68}
_MEASURE_SIZE = 1000
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@functools.lru_cache(maxsize=4)
def _font(bold: bool):
    try:
        from PIL import ImageFont

        return ImageFont.truetype(_FILES[bold], _MEASURE_SIZE)
    except Exception:  # Pillow searches the system font folders; no font -> estimate
        return None


def font_available(bold: bool = False) -> bool:
    """Whether the DejaVu Sans font file was found (widths are then exact)."""
    return _font(bold) is not None


@functools.lru_cache(maxsize=4096)
def _advance(text: str, bold: bool) -> float:
    font = _font(bold)
    if font is None:
        return _FALLBACK_ADVANCE[bold] * len(text)
    # a line break inside a name (validate warns, W205) fails Pillow's layout; the board
    # prints it as a space, as SVG does any white space
    text = "".join(" " if ch < " " or ch == "\x7f" else ch for ch in text)
    return font.getlength(text) / _MEASURE_SIZE


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Advance width of ``text`` set at font size ``size`` (in the unit of ``size``)."""
    if not text:
        return 0.0
    return _advance(text, bool(bold)) * size
