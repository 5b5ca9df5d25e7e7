"""The light over the picture: a smooth surface of paper white, and a shadow's edge.

:class:`Light` is a smooth surface per channel in linear RGB, fitted to the hexes believed
to be paper: dividing by it removes a light gradient, a vignette and the paper's tint. A
smooth surface cannot follow the edge of a shadow cast by the phone or a hand over half the
sheet, under which plain paper comes out as dark as a grey mountain.

A person tells the two apart by what is around: the paper in the shadow is still paper next
to the rest of the shaded ground. So for every hex (:func:`local_shade`), the paper level
near it is the median lightness of the hexes within a few steps whose colour has the
paper's hue (a shadow darkens, it does not tint); where that level is clearly below the
paper's, the hex lies in shade by that much (or clearly above it: the smooth light took the
shade for the paper, and the part in the light is too bright). Dark land is no shade, and a
level that a grey terrain of the legend shows is left alone: a grey mountain range looks
just like paper in shade. Once terrain is read, every hex says how much lighter or darker
than its terrain it still is (:func:`residual_shade`), which finishes the light.
:class:`ShadeMap` spreads the hexes' values over the picture.

>>> import numpy as np
>>> from mapkit.grid import Grid
>>> g = Grid("pointy", "odd", 8, 6)
>>> hexes = list(g.hexes())
>>> white = np.array([0.9, 0.9, 0.85])
>>> shade = [0.3 if h[0] >= 4 else 1.0 for h in hexes]      # the right half in shade
>>> fills = np.array([white * s for s in shade])
>>> logs = local_shade(g, hexes, fills, white)
>>> bool(np.allclose(np.exp(logs[[i for i, h in enumerate(hexes) if h[0] >= 6]]), 0.3 / P.SHADE_FREE))
True
>>> bool(np.all(logs[[i for i, h in enumerate(hexes) if h[0] <= 1]] == 0.0))
True
"""

from __future__ import annotations

import numpy as np

from . import params as P
from .colour import LUMA

__all__ = ["Light", "local_shade", "residual_shade", "paper_hued", "ShadeMap"]


class Light:
    """Paper white over the picture: a smooth surface per channel in linear RGB.

    ``gains(x, y)`` are the factors that turn a measured colour into the colour it would have
    under even white light, with the paper at ``white`` (the legend's plain colour); and,
    where a shadow falls over part of the sheet, out of its shade (``shade``: a
    :class:`ShadeMap`).
    """

    def __init__(self, coef: np.ndarray, centre, scale, shade=None):
        self.coef = coef           # (3, k)
        self.centre = centre
        self.scale = scale
        self.shade = shade

    def shaded(self, shade) -> "Light":
        """The same smooth light with ``shade`` (or none) over it."""
        return Light(self.coef, self.centre, self.scale, shade)

    @staticmethod
    def _design(x, y, centre, scale, k):
        u = (np.asarray(x, dtype=np.float64) - centre[0]) / scale
        v = (np.asarray(y, dtype=np.float64) - centre[1]) / scale
        cols = [np.ones_like(u), u, v, u * u, u * v, v * v]
        return np.stack(cols[:k], axis=-1)

    @classmethod
    def fit(cls, xy: np.ndarray, colours: np.ndarray, white: np.ndarray) -> "Light":
        """Fit to hexes believed to be paper: positions ``xy`` (n, 2), linear colours (n, 3)."""
        n = len(xy)
        centre = xy.mean(axis=0) if n else np.zeros(2)
        scale = float(max(np.ptp(xy[:, 0]) if n else 1, np.ptp(xy[:, 1]) if n else 1, 1.0)) / 2
        k = 6 if n >= 40 else (3 if n >= 8 else 1)
        X = cls._design(xy[:, 0], xy[:, 1], centre, scale, k)
        target = np.log(np.maximum(colours, 1e-4)) - np.log(np.maximum(white, 1e-4))
        coef = np.zeros((3, k))
        for ch in range(3):
            w = np.ones(n)
            for _ in range(4):   # robust: a few hexes misread as paper must not bend it
                Xw = X * w[:, None]
                sol = np.linalg.lstsq(Xw.T @ X + 1e-6 * np.eye(k), Xw.T @ target[:, ch], rcond=None)[0]
                r = target[:, ch] - X @ sol
                s = max(float(np.median(np.abs(r))) * 1.5, 0.02)
                w = 1.0 / np.maximum(1.0, np.abs(r) / s)
            coef[ch] = sol
        return cls(coef, centre, scale)

    def gains(self, x, y) -> np.ndarray:
        k = self.coef.shape[1]
        X = self._design(x, y, self.centre, self.scale, k)
        g = np.exp(-(X @ self.coef.T))
        if self.shade is not None:
            g = g * np.exp(-self.shade.at(x, y))[..., None]
        return g


def local_shade(grid, hexes, fills: np.ndarray, white: np.ndarray, others=()) -> np.ndarray:
    """Log of how much darker than the smooth light says each hex's surroundings are (0
    where they are not, negative in shade, positive where lighter): ``fills`` are the hexes'
    colours (linear RGB, the smooth light already taken out), ``white`` the paper's,
    ``others`` the other terrains' colours. A level that one of them, of the paper's hue, also shows (a grey
    mountain range is paper in shade to the eye) is left alone: no shade is read there."""
    fills = np.maximum(np.asarray(fills, dtype=np.float64), 1e-4)
    lum_w = float(np.maximum(np.asarray(white, dtype=np.float64), 1e-4) @ LUMA)
    level = (fills @ LUMA) / lum_w
    # (Lighter than the paper, only paper can be: there the hue may stray twice as far, as
    # the smooth light, fitted mostly in the shade, tints the part in the light.)
    off_hue = _off_hue(fills, white)
    paperlike = (off_hue < P.PAPER_HUE) | ((level > 1.0) & (off_hue < 2 * P.PAPER_HUE))
    # Terrains of the paper's hue (grey mountains, a grey neighbouring state): their levels.
    grey = [np.maximum(np.asarray(c, dtype=np.float64), 1e-4) for c in others]
    grey_levels = [float(c @ LUMA) / lum_w for c in grey if paper_hued(c, white)[0]]
    for lc in grey_levels:
        # A hex as light as such a terrain may be one: it says nothing of the paper.
        paperlike &= np.abs(np.log(np.maximum(level, 1e-9)) - np.log(lc)) >= P.LEVEL_ALIKE
    near = _around(grid, hexes, np.where(paperlike, level, np.nan), P.SHADE_RADIUS)
    count = np.sum(~np.isnan(near), axis=1)
    # The percentile of each row's values, NaN left out (np.nanpercentile goes row by row in
    # Python: seconds on a board of ten thousand hexes).
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
    # (Both ways: when most of the sheet lies in the shadow, the smooth light takes the shade
    # for the paper, and the part in the light comes out brighter than paper.)
    lg = np.log(np.clip(paper, 1e-3, None))
    lg = np.where(np.isfinite(paper), lg, 0.0)
    return np.sign(lg) * np.maximum(np.abs(lg) + np.log(P.SHADE_FREE), 0.0)


def paper_hued(colours: np.ndarray, white: np.ndarray, tolerance: float = P.PAPER_HUE) -> np.ndarray:
    """Which colours (linear RGB, (n, 3)) have the paper's hue: every channel's log share of
    the lightness within ``tolerance`` of the paper's (greys on white paper; not blue water
    or brown mountains).

    >>> paper_hued(np.array([[0.3, 0.3, 0.28], [0.3, 0.5, 0.8]]), np.array([0.9, 0.9, 0.85]))
    array([ True, False])
    """
    return _off_hue(colours, white) < tolerance


def _off_hue(colours, white) -> np.ndarray:
    """How far each colour's hue is from the paper's: the largest difference, over the
    channels, of the log share of the lightness."""
    colours = np.maximum(np.atleast_2d(np.asarray(colours, dtype=np.float64)), 1e-4)
    white = np.maximum(np.asarray(white, dtype=np.float64), 1e-4)
    hue = np.log(colours) - np.log(colours @ LUMA)[:, None]
    hue_w = np.log(white) - np.log(float(white @ LUMA))
    return np.abs(hue - hue_w).max(axis=1)


def _around(grid, hexes, values: np.ndarray, radius: int) -> np.ndarray:
    """The values of the hexes within ``radius`` steps of each hex, itself first: (n, k),
    NaN off the board.

    >>> from mapkit.grid import Grid
    >>> g = Grid("pointy", "odd", 3, 3)
    >>> near = _around(g, list(g.hexes()), np.arange(9.0), 1)
    >>> near.shape, sorted(int(v) for v in near[4] if v == v)
    ((9, 7), [1, 2, 3, 4, 5, 7, 8])
    """
    ax = np.array([grid.to_axial(h) for h in hexes])
    q0, r0 = ax.min(axis=0)
    table = np.full(tuple(ax.max(axis=0) - (q0, r0) + 1 + 2 * radius), np.nan)
    qi, ri = ax[:, 0] - q0 + radius, ax[:, 1] - r0 + radius
    table[qi, ri] = values
    steps = [(0, 0)] + [(a, b) for a in range(-radius, radius + 1) for b in range(-radius, radius + 1)
                        if (a or b) and abs(a) + abs(b) + abs(a + b) <= 2 * radius]
    return np.stack([table[qi + a, ri + b] for a, b in steps], axis=1)


def residual_shade(grid, hexes, fills: np.ndarray, expected: np.ndarray, alone=None) -> np.ndarray:
    """Log of how much lighter or darker than their terrain's colour the hexes round each one
    still are (the median over the hex and its six neighbours, 0 within ``RESIDUAL_FREE``):
    once terrain is read, every hex, not only paper, says how much light falls on it. The
    paper-only level is coarse (3 steps round), and a mountain beside the shadow's edge
    came out lighter than mountains are, redder, as if a city ring tinted it.
    ``alone``: hexes (booleans) whose own residual counts, not their neighbours' median."""
    fills = np.maximum(np.asarray(fills, dtype=np.float64), 1e-4)
    expected = np.maximum(np.asarray(expected, dtype=np.float64), 1e-4)
    r = np.log(fills @ LUMA) - np.log(expected @ LUMA)
    near = _around(grid, hexes, r, 1)
    srt = np.sort(near, axis=1)                      # NaN last
    count = np.sum(~np.isnan(near), axis=1)
    mid = srt[np.arange(len(hexes)), (count - 1) // 2]
    if alone is not None:
        mid = np.where(alone, r, mid)
    return np.sign(mid) * np.maximum(np.abs(mid) - P.RESIDUAL_FREE, 0.0)


class ShadeMap:
    """The shade of each hex spread over the picture: ``at(x, y)`` gives the log factor at
    picture points (each hex's value over its own area, blurred by half a hex so the edge of
    a shadow is not a step at the hex sides)."""

    def __init__(self, corners_px: np.ndarray, logs: np.ndarray, size: tuple[int, int],
                 hex_px: float):
        from PIL import Image, ImageDraw

        self.corners, self.logs, self.size, self.hex_px = corners_px, logs, size, hex_px

        w, h = size
        self.cell = max(2.0, hex_px / 4.0)
        cw, ch = int(w / self.cell) + 2, int(h / self.cell) + 2
        img = Image.new("F", (cw, ch), 0.0)
        draw = ImageDraw.Draw(img)
        for pts, v in zip(corners_px, logs):
            if v != 0:
                draw.polygon([(float(x) / self.cell, float(y) / self.cell) for x, y in pts],
                             fill=float(v))
        # (Pillow blurs no float pictures: a separable Gaussian of two cells by hand.)
        k = np.exp(-0.5 * (np.arange(-6, 7) / 2.0) ** 2)
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
