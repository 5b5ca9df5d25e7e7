"""The light: a smooth surface of paper white (:class:`Light`) and a shadow's edge, measured
round each hex (:func:`local_shade`, :func:`residual_shade`). ``docs/import.md``, "Shade".

>>> import numpy as np
>>> from mapkit.grid import Grid
>>> g = Grid("pointy", "odd", 8, 6)
>>> hexes = list(g.hexes())
>>> white = np.array([0.9, 0.9, 0.85])
>>> fills = np.array([white * (0.3 if h[0] >= 4 else 1.0) for h in hexes])   # right half shaded
>>> logs = local_shade(g, hexes, fills, white)
>>> bool(np.allclose(np.exp(logs[[i for i, h in enumerate(hexes) if h[0] >= 6]]), 0.3 / P.SHADE_FREE))
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import params as P
from .colour import LUMA
from .mixing import low_quantile
from .sampling import hex_neighbourhood

__all__ = ["Light", "local_shade", "residual_shade", "paper_hued", "ShadeMap"]


@dataclass
class Light:
    """Paper white over the picture, a smooth surface per channel: ``gains(x, y)`` turn a colour
    into the one under even white light (the paper at ``white``), out of any ``shade``."""

    coef: np.ndarray            # (3, k): the surface's coefficients, each channel's log
    centre: np.ndarray
    scale: float
    shade: ShadeMap | None = None

    @staticmethod
    def _design(x, y, centre, scale, k):
        u = (np.asarray(x, dtype=np.float64) - centre[0]) / scale
        v = (np.asarray(y, dtype=np.float64) - centre[1]) / scale
        cols = [np.ones_like(u), u, v, u * u, u * v, v * v]
        return np.stack(cols[:k], axis=-1)

    @classmethod
    def fit(cls, xy: np.ndarray, colours: np.ndarray, white: np.ndarray) -> Light:
        """Fit to hexes believed to be paper: positions ``xy`` (n, 2), linear colours (n, 3)."""
        n = len(xy)
        centre = xy.mean(axis=0) if n else np.zeros(2)
        scale = float(max(np.ptp(xy[:, 0]) if n else 1, np.ptp(xy[:, 1]) if n else 1, 1.0)) / 2
        k = 6 if n >= P.LIGHT_TERMS_FROM[1] else (3 if n >= P.LIGHT_TERMS_FROM[0] else 1)
        X = cls._design(xy[:, 0], xy[:, 1], centre, scale, k)
        target = np.log(np.maximum(colours, 1e-4)) - np.log(np.maximum(white, 1e-4))
        coef = np.zeros((3, k))
        for ch in range(3):
            w = np.ones(n)
            for _ in range(4):   # robust: a few hexes misread as paper must not bend it
                Xw = X * w[:, None]
                sol = np.linalg.lstsq(Xw.T @ X + 1e-6 * np.eye(k), Xw.T @ target[:, ch], rcond=None)[0]
                r = target[:, ch] - X @ sol
                s = max(float(np.median(np.abs(r))) * P.LIGHT_ROBUST[0], P.LIGHT_ROBUST[1])
                w = 1.0 / np.maximum(1.0, np.abs(r) / s)
            coef[ch] = sol
        return cls(coef, centre, scale)

    def gains(self, x, y) -> np.ndarray:
        X = self._design(x, y, self.centre, self.scale, self.coef.shape[1])
        g = np.exp(-(X @ self.coef.T))
        if self.shade is not None:
            g = g * np.exp(-self.shade.at(x, y))[..., None]
        return g


def local_shade(grid, hexes, fills: np.ndarray, white: np.ndarray, others=()) -> np.ndarray:
    """Log of how much darker than the smooth light each hex's surroundings are (negative in
    shade); a level a grey terrain of ``others`` also shows is left alone."""
    fills = np.maximum(np.asarray(fills, dtype=np.float64), 1e-4)
    lum_w = float(np.maximum(np.asarray(white, dtype=np.float64), 1e-4) @ LUMA)
    level = (fills @ LUMA) / lum_w
    off_hue = _off_hue(fills, white)
    paperlike = (off_hue < P.PAPER_HUE) | ((level > 1.0) & (off_hue < P.PAPER_HUE_LIGHTER * P.PAPER_HUE))
    # Terrains of the paper's hue (grey mountains, a grey neighbouring state): their levels.
    grey = [np.maximum(np.asarray(c, dtype=np.float64), 1e-4) for c in others]
    grey_levels = [float(c @ LUMA) / lum_w for c in grey if paper_hued(c, white)[0]]
    for lc in grey_levels:
        # A hex as light as such a terrain may be one: it says nothing of the paper.
        paperlike &= np.abs(np.log(np.maximum(level, 1e-9)) - np.log(lc)) >= P.LEVEL_ALIKE
    axial = np.array([grid.to_axial(h) for h in hexes])
    near = hex_neighbourhood(axial, np.where(paperlike, level, np.nan), P.SHADE_RADIUS, np.nan)
    count = np.sum(~np.isnan(near), axis=1)
    # (each row's percentile, NaN left out: np.nanpercentile loops in Python)
    srt = np.sort(near, axis=1)                      # NaN last
    pos = P.PAPER_QUANTILE / 100.0 * np.maximum(count - 1, 0)
    lo = np.floor(pos).astype(np.intp)
    hi = np.minimum(lo + 1, np.maximum(count - 1, 0))
    rows = np.arange(len(hexes))
    frac = pos - lo
    paper = srt[rows, lo] * (1.0 - frac) + np.where(frac > 0, srt[rows, hi], 0.0) * frac
    paper = np.where(count >= P.PAPER_PEERS, paper, np.inf)
    paper = np.where(paper < P.SHADE_DEEPEST, np.inf, paper)
    for lc in grey_levels:
        paper = np.where(np.abs(np.log(np.maximum(paper, 1e-9)) - np.log(lc)) < P.LEVEL_ALIKE,
                         np.inf, paper)
    # (both ways: with most of the sheet in shadow, the lit part is brighter than paper)
    lg = np.log(np.clip(paper, 1e-3, None))
    lg = np.where(np.isfinite(paper), lg, 0.0)
    return np.sign(lg) * np.maximum(np.abs(lg) + np.log(P.SHADE_FREE), 0.0)


def paper_hued(colours: np.ndarray, white: np.ndarray) -> np.ndarray:
    """Which colours (linear RGB, (n, 3)) have the paper's hue: every channel's log share of
    the lightness within ``PAPER_HUE`` of the paper's (greys on white paper; not blue water
    or brown mountains).

    >>> paper_hued(np.array([[0.3, 0.3, 0.28], [0.3, 0.5, 0.8]]), np.array([0.9, 0.9, 0.85]))
    array([ True, False])
    """
    return _off_hue(colours, white) < P.PAPER_HUE


def _off_hue(colours, white) -> np.ndarray:
    """How far each colour's hue is from the paper's (largest channel log-share difference)."""
    colours = np.maximum(np.atleast_2d(np.asarray(colours, dtype=np.float64)), 1e-4)
    white = np.maximum(np.asarray(white, dtype=np.float64), 1e-4)
    hue = np.log(colours) - np.log(colours @ LUMA)[:, None]
    hue_w = np.log(white) - np.log(float(white @ LUMA))
    return np.abs(hue - hue_w).max(axis=1)


def residual_shade(grid, hexes, fills: np.ndarray, expected: np.ndarray, alone=None) -> np.ndarray:
    """Log of how much lighter or darker than their terrain's colour the hexes round each one are
    (median over it and its neighbours, 0 within ``RESIDUAL_FREE``); ``alone``: hexes whose
    own residual counts."""
    fills = np.maximum(np.asarray(fills, dtype=np.float64), 1e-4)
    expected = np.maximum(np.asarray(expected, dtype=np.float64), 1e-4)
    r = np.log(fills @ LUMA) - np.log(expected @ LUMA)
    near = hex_neighbourhood(np.array([grid.to_axial(h) for h in hexes]), r, 1, np.nan)
    mid = low_quantile(near, np.sum(~np.isnan(near), axis=1), 0.5)    # (of an even count, the lower)
    if alone is not None:
        mid = np.where(alone, r, mid)
    return np.sign(mid) * np.maximum(np.abs(mid) - P.RESIDUAL_FREE, 0.0)


class ShadeMap:
    """Each hex's shade over the picture, blurred half a hex: ``at(x, y)``, the log factor."""

    def __init__(self, corners_px: np.ndarray, logs: np.ndarray, size: tuple[int, int],
                 hex_px: float):
        from PIL import Image, ImageDraw
        self.corners, self.logs, self.size, self.hex_px = corners_px, logs, size, hex_px

        w, h = size
        self.cell = max(P.SHADE_CELL[1], hex_px / P.SHADE_CELL[0])
        cw, ch = int(w / self.cell) + 2, int(h / self.cell) + 2
        img = Image.new("F", (cw, ch), 0.0)
        draw = ImageDraw.Draw(img)
        for pts, v in zip(corners_px, logs, strict=False):
            if v != 0:
                draw.polygon([(float(x) / self.cell, float(y) / self.cell) for x, y in pts],
                             fill=float(v))
        # (Pillow blurs no float pictures: a separable Gaussian by hand.)
        k = np.exp(-0.5 * (np.arange(-P.SHADE_BLUR[1], P.SHADE_BLUR[1] + 1) / P.SHADE_BLUR[0]) ** 2)
        k /= k.sum()
        r = np.asarray(img, dtype=np.float64)
        r = np.apply_along_axis(lambda v: np.convolve(v, k, mode="same"), 0, r)
        self.raster = np.apply_along_axis(lambda v: np.convolve(v, k, mode="same"), 1, r)

    def at(self, x, y) -> np.ndarray:
        """Bilinear reading of the raster at picture points (any shape)."""
        x = np.asarray(x, dtype=np.float64) / self.cell
        y = np.asarray(y, dtype=np.float64) / self.cell
        h, w = self.raster.shape
        x0 = np.clip(np.floor(x).astype(np.intp), 0, w - 2)
        y0 = np.clip(np.floor(y).astype(np.intp), 0, h - 2)
        fx = np.clip(x - x0, 0.0, 1.0)
        fy = np.clip(y - y0, 0.0, 1.0)
        r = self.raster
        return (r[y0, x0] * (1 - fx) * (1 - fy) + r[y0, x0 + 1] * fx * (1 - fy)
                + r[y0 + 1, x0] * (1 - fx) * fy + r[y0 + 1, x0 + 1] * fx * fy)
