"""The board's printed title (:func:`read_title`): the map's name, as ``mapkit render`` prints
it in bold above the board (:meth:`mapkit.render.legend.BoardLegend.title`), for the
imported map's name; without it the map was named after the picture's file ("cz").

Where: above the board's top row, past the column letters (``TITLE_BELOW`` hexes up) and
within ``TITLE_ABOVE`` hexes. Which: of the lines of dark print there, the tallest (the title
is set at 6.5 mm, the figures beside it and the column letters at 3 mm or less); of its print
the first run from the left (the figures stand apart at the right). Read by Tesseract as one
line in the installed languages of ``TITLE_LANGUAGES``; a reading less sure than
``NAME_SURE`` or without a letter is none, and the file's name stays.
"""

from __future__ import annotations

import numpy as np

from . import params as P
from .colour import LUMA
from .numbercrops import ink_runs
from .sampling import LINEAR_LUT, apply_affine

__all__ = ["read_title", "title_crop"]

TITLE_BELOW = 0.6          # hexes above the top row's corners: the column letters end here
TITLE_ABOVE = 3.0          # ... and the title lies within this
TITLE_INK = 0.35           # linear lightness under which a pixel is print
TITLE_LEAST = 0.12         # hexes: a line of print lower than this is no title
TITLE_PX = 48              # the title's line is enlarged (or shrunk) to this many pixels for Tesseract
TITLE_LANGUAGES = ("eng", "deu", "ces", "pol")


def title_crop(rgb: np.ndarray, fit) -> np.ndarray | None:
    """The title's print as a grey picture (uint8, white paper), or None when there is none."""
    grid = fit.grid
    corners = apply_affine(fit.affine, np.array([grid.corners_mm(h) for h in grid.hexes()]).reshape(-1, 2))
    top = float(corners[:, 1].min())
    y0, y1 = max(0, int(top - TITLE_ABOVE * fit.hex_px)), int(top - TITLE_BELOW * fit.hex_px)
    x0 = max(0, int(corners[:, 0].min() - fit.hex_px))
    x1 = min(rgb.shape[1], int(corners[:, 0].max() + fit.hex_px))
    if y1 - y0 < TITLE_LEAST * fit.hex_px or x1 <= x0:
        return None
    grey = LINEAR_LUT[rgb[y0:y1, x0:x1]] @ LUMA
    ink = grey < TITLE_INK
    lines = [(a, b) for a, b in ink_runs(ink.any(axis=1)) if b - a >= TITLE_LEAST * fit.hex_px]
    if not lines:
        return None
    a, b = max(lines, key=lambda r: r[1] - r[0])
    height = b - a
    cols = ink_runs(ink[a:b].any(axis=0))
    left, right = cols[0]
    for c0, c1 in cols[1:]:
        if c0 - right > height:          # (a gap wider than the line is high: the figures)
            break
        right = c1
    pad = max(2, height // 4)
    box = grey[max(0, a - pad):b + pad, max(0, left - pad):right + pad]
    crop = (np.clip(box, 0, 1) ** (1 / 2.2) * 255).astype(np.uint8)
    return _scaled(crop, TITLE_PX / (height + 2 * pad))


def _scaled(crop: np.ndarray, factor: float) -> np.ndarray:
    from PIL import Image
    img = Image.fromarray(crop)
    size = (max(1, round(crop.shape[1] * factor)), max(1, round(crop.shape[0] * factor)))
    return np.asarray(img.resize(size, Image.Resampling.LANCZOS))


def read_title(rgb: np.ndarray, fit) -> str | None:
    """The board's title, or None (none printed, none read surely, or no Tesseract)."""
    from .ocr import languages, ocr_available, read_sheets_scored
    if ocr_available() is not None:
        return None
    crop = title_crop(rgb, fit)
    if crop is None:
        return None
    langs = "+".join(languages(TITLE_LANGUAGES)) or "eng"
    text, conf = read_sheets_scored([("title", crop)], config=f"--psm 7 -l {langs}",
                                    line_px=crop.shape[0])["title"]
    text = " ".join(text.split())
    if conf < P.NAME_SURE or not any(ch.isalpha() for ch in text):
        return None
    return text
