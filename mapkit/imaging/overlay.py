"""What was read, drawn over the picture: the grid in cyan with a letter for each terrain,
rivers cyan, borders magenta, cities yellow with their numbers, the least sure in orange
(``mapkit import --overlay``; tested in ``tests/imaging/test_import.py``).
"""

from __future__ import annotations

import numpy as np

from ..model import CHAR_OF_TERRAIN
from . import params as P
from .sampling import apply_affine

__all__ = ["overlay_png"]

GRID = (0, 200, 220)
STROKES = {"river": (0, 230, 255), "border": (255, 0, 200), "ridge": (120, 60, 0)}
CITY = (255, 215, 0)
UNSURE = (255, 140, 0)
TEXT = (200, 0, 120)


def overlay_png(rgb: np.ndarray, fit, reading, numbers: dict) -> bytes:
    """The picture, lightened, with the reading drawn over it: PNG bytes (for an atomic write)."""
    import io

    from PIL import Image, ImageDraw, ImageFont
    base = Image.fromarray(rgb).convert("RGB")
    img = Image.blend(base, Image.new("RGB", base.size, (255, 255, 255)), 0.35)
    dr = ImageDraw.Draw(img)
    grid, A, px = fit.grid, fit.affine, fit.hex_px
    lw = max(1, int(round(px / 25)))
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont
    small: ImageFont.FreeTypeFont | ImageFont.ImageFont
    try:
        font = ImageFont.truetype("DejaVuSans-Bold.ttf", max(8, int(px * 0.32)))
        small = ImageFont.truetype("DejaVuSans.ttf", max(7, int(px * 0.22)))
    except OSError:
        font = small = ImageFont.load_default()
    for h in grid.hexes():
        pts = [tuple(p) for p in apply_affine(A, np.array(grid.corners_mm(h)))]
        unsure = reading.terrain_conf.get(h, 1.0) < P.UNSURE_BELOW
        dr.line(pts + [pts[0]], fill=UNSURE if unsure else GRID, width=lw * (2 if unsure else 1))
        t = reading.terrain.get(h, "plain")
        if t != "plain":
            dr.text(fit.centre_px(h), CHAR_OF_TERRAIN.get(t, "?"), font=font, fill=TEXT, anchor="mm")
    for kind, edges in reading.strokes.items():
        for e in edges:
            p, q = (tuple(v) for v in apply_affine(A, np.array(grid.edge_segment_mm(e))))
            dr.line([p, q], fill=STROKES[kind], width=max(2, int(px * 0.09)))
    for e, (_kind, conf) in reading.edge_conf.items():
        if conf < P.UNSURE_BELOW:
            p, q = apply_affine(A, np.array(grid.edge_segment_mm(e)))
            for k in range(0, 10, 2):   # dashed: unsure either way
                dr.line([tuple(p + (q - p) * k / 10), tuple(p + (q - p) * (k + 1) / 10)], fill=UNSURE,
                        width=max(2, lw * 2))
    for h, ring in reading.cities.items():
        cx, cy = fit.centre_px(h)
        r = ring * px
        unsure = reading.city_conf.get(h, 1.0) < 0.75
        dr.ellipse([cx - r, cy - r, cx + r, cy + r], outline=UNSURE if unsure else CITY,
                   width=max(2, lw * 2))
        nums = numbers.get(h)
        if nums:
            dr.text((cx, cy + r + 2), " ".join(str(n) for n in nums), font=small, fill=TEXT,
                    anchor="mt")
    # Near misses: rings that did not quite make a city.
    for h, score in reading.city_conf.items():
        if h not in reading.cities and score > 0.0:
            cx, cy = fit.centre_px(h)
            r = 0.35 * px
            dr.ellipse([cx - r, cy - r, cx + r, cy + r], outline=UNSURE, width=lw)
    x, y = fit.centre_px((0, 0))
    dr.text((x, y - 0.3 * px), "A1", font=small, fill=TEXT, anchor="mb")
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
