"""Sampling a picture at many points at once: patterns in grid units (hex spacing 1) placed
round hexes or along sides through the grid's affine map (:func:`apply_affine`, :func:`sample`).

>>> img = np.arange(2 * 3 * 3, dtype=np.uint8).reshape(2, 3, 3)
>>> sample(img, np.array([0.2, 2.0]), np.array([0.0, 1.4])).tolist()
[[0, 1, 2], [15, 16, 17]]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .colour import srgb_to_linear

if TYPE_CHECKING:
    from .light import Light      # (light imports this module)

__all__ = ["HexPicture", "sample", "linear_at", "apply_affine", "bilinear", "disc_pattern", "hex_neighbourhood",
           "LINEAR_LUT"]

LINEAR_LUT = srgb_to_linear(np.arange(256, dtype=np.uint8))   # sRGB level -> linear light


def apply_affine(A: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """``A`` (2x3) applied to points ``(..., 2)``."""
    pts = np.asarray(pts, dtype=np.float64)
    return pts @ A[:, :2].T + A[:, 2]


def sample(img: np.ndarray, xs, ys) -> np.ndarray:
    """Nearest-pixel values of ``img`` at ``(xs, ys)`` (any shape), clamped to the picture."""
    h, w = img.shape[:2]
    xi = np.clip(np.rint(xs), 0, w - 1).astype(np.intp)
    yi = np.clip(np.rint(ys), 0, h - 1).astype(np.intp)
    # (one index into the rows of pixels: np.take gathers them several times faster)
    return np.take(img.reshape(h * w, *img.shape[2:]), yi * w + xi, axis=0)


def linear_at(img: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Linear RGB of ``img`` (uint8 sRGB) at the nearest pixels to ``pts`` (..., 2)."""
    return LINEAR_LUT[sample(img, pts[..., 0], pts[..., 1])]


@dataclass(frozen=True)
class HexPicture:
    """A picture of a board and where its hexes lie on it: what the stages that sample round
    hexes and along sides (cities, edges, ferries) read alike.

    ``rgb``: the picture (uint8 sRGB); ``affine``: grid millimetres -> pixels (2x3);
    ``hex_px``: pixels between hex centres; ``hexes``: the grid's hexes in order; ``centres``:
    their centres (mm, ``(n, 2)``); ``fills``: each hex's terrain colour as printed (linear RGB,
    ``(n, 3)``); ``light``: stage 2's light, whose ``gains(x, y)`` even out the lighting."""

    rgb: np.ndarray
    affine: np.ndarray
    hex_px: float
    hexes: list
    centres: np.ndarray
    fills: np.ndarray
    light: Light

    def pixels(self, pts: np.ndarray) -> np.ndarray:
        """Where grid points ``pts`` (..., 2) lie in the picture."""
        return apply_affine(self.affine, pts)

    def linear(self, pts: np.ndarray) -> np.ndarray:
        """Linear RGB at grid points ``pts`` (..., 2), as printed (the lighting not evened out)."""
        return linear_at(self.rgb, apply_affine(self.affine, pts))

    def gains(self, pts: np.ndarray) -> np.ndarray:
        """The light's gains at grid points ``pts`` (n, 2): ``(n, 3)``."""
        xy = apply_affine(self.affine, pts)
        return self.light.gains(xy[:, 0], xy[:, 1])


def bilinear(img: np.ndarray, x, y) -> np.ndarray:
    """Bilinear values of a 2-D ``img`` at ``(x, y)`` (any shape), clamped to the picture."""
    h, w = img.shape
    x = np.clip(x, 0, w - 1.001)
    y = np.clip(y, 0, h - 1.001)
    x0, y0 = np.floor(x).astype(np.intp), np.floor(y).astype(np.intp)
    fx, fy = x - x0, y - y0
    return ((1 - fy) * ((1 - fx) * img[y0, x0] + fx * img[y0, x0 + 1])
            + fy * ((1 - fx) * img[y0 + 1, x0] + fx * img[y0 + 1, x0 + 1]))


def disc_pattern(radius: float, n: int) -> np.ndarray:
    """About ``n`` x ``n`` points on a square lattice, kept inside a disc of ``radius``."""
    t = np.linspace(-radius, radius, n)
    xx, yy = np.meshgrid(t, t)
    keep = xx ** 2 + yy ** 2 <= radius ** 2 + 1e-12
    return np.stack([xx[keep], yy[keep]], axis=1)


def hex_neighbourhood(axial: np.ndarray, values: np.ndarray, radius: int, fill: float) -> np.ndarray:
    """``(n, k)``: the values of the hexes within ``radius`` steps of each hex (axial
    coordinates ``(n, 2)``), itself first; ``fill`` where there is no hex.

    >>> axial = np.array([(0, 0), (1, 0), (3, 0)])
    >>> hex_neighbourhood(axial, np.array([1.0, 5.0, 2.0]), 1, -np.inf).max(axis=1).tolist()
    [5.0, 5.0, 2.0]
    """
    if not len(axial):
        return np.full((0, 1), fill)
    q0, r0 = axial.min(axis=0)
    table = np.full(tuple(axial.max(axis=0) - (q0, r0) + 1 + 2 * radius), fill)
    qi, ri = axial[:, 0] - q0 + radius, axial[:, 1] - r0 + radius
    table[qi, ri] = values
    steps = [(0, 0)] + [(a, b) for a in range(-radius, radius + 1) for b in range(-radius, radius + 1)
                        if (a or b) and abs(a) + abs(b) + abs(a + b) <= 2 * radius]
    return np.stack([table[qi + a, ri + b] for a, b in steps], axis=1)
