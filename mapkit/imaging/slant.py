"""Pictures taken at a slant: the picture resampled through a homography so that the grid
is affine again (:func:`straighten`). ``T`` (3 x 3) maps a pixel ``(x, y, 1)`` of the
straightened picture to one of the original, as Pillow's ``PERSPECTIVE`` wants it. See
``docs/import.md``, "Slant".

>>> T = np.array([[1.0, 0.0, 5.0], [0.0, 1.0, -2.0], [0.0, 0.0, 1.0]])
>>> [round(float(v), 6) for v in apply_homography(T, np.array([10.0, 10.0]))]
[15.0, 8.0]
>>> rgb = np.zeros((40, 60, 3), np.uint8); rgb[10:20, 30:40] = 255
>>> out, T2, valid = straighten(rgb, T)
>>> out.shape, [round(float(v), 6) for v in T2[:2, 2]], bool(valid.all())
((40, 60, 3), [0.0, 0.0], True)
"""

from __future__ import annotations

import math

import numpy as np

from . import params as P

__all__ = ["apply_homography", "straighten", "departure"]


def apply_homography(T: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """``T`` applied to points ``(..., 2)``."""
    pts = np.asarray(pts, dtype=np.float64)
    h = pts @ T[:2, :2].T + T[:2, 2]
    d = pts @ T[2, :2] + T[2, 2]
    return h / d[..., None]


def straighten(rgb: np.ndarray, T: np.ndarray):
    """``(picture, T, valid)``: resampled through ``T`` into a frame holding it all, ``T`` in the
    new frame, where the picture shows; None when too big (``MAX_GROWTH``) or folded."""
    from PIL import Image
    H, W = rgb.shape[:2]
    corners = np.array([[0, 0], [W, 0], [W, H], [0, H]], dtype=np.float64)
    Tinv = np.linalg.inv(T)
    d = corners @ Tinv[2, :2] + Tinv[2, 2]
    if np.any(d <= 0):
        return None
    back = apply_homography(Tinv, corners)
    x0, y0 = np.floor(back.min(axis=0))
    x1, y1 = np.ceil(back.max(axis=0))
    w, h = int(x1 - x0), int(y1 - y0)
    if w <= 0 or h <= 0 or w * h > P.MAX_GROWTH * W * H:
        return None
    moved = T @ np.array([[1.0, 0.0, x0], [0.0, 1.0, y0], [0.0, 0.0, 1.0]])
    moved = moved / moved[2, 2]
    edge = np.concatenate([rgb[0], rgb[-1], rgb[:, 0], rgb[:, -1]])
    fill = tuple(int(v) for v in np.median(edge, axis=0))
    data = tuple(moved.ravel()[:8])
    img = Image.fromarray(rgb).transform((w, h), Image.Transform.PERSPECTIVE, data, Image.Resampling.BICUBIC,
                                         fillcolor=fill)
    inside = Image.new("L", (W, H), 255).transform((w, h), Image.Transform.PERSPECTIVE, data,
                                                   Image.Resampling.NEAREST, fillcolor=0)
    return np.asarray(img), moved, np.asarray(inside) > 0


def departure(g_of, box, steps: int = P.DEPARTURE_STEPS) -> float:
    """How far (grid units) a map ``g_of(points)`` strays from the best affine map over the
    box ``(x0, y0, x1, y1)``: the largest residual on a ``steps`` x ``steps`` lattice.

    >>> departure(lambda p: p * 2.0 + 1.0, (0, 0, 10, 10)) < 1e-9
    True
    """
    xs = np.linspace(box[0], box[2], steps)
    ys = np.linspace(box[1], box[3], steps)
    pts = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    G = g_of(pts)
    A = np.hstack([pts, np.ones((len(pts), 1))])
    coef = np.linalg.lstsq(A, G, rcond=None)[0]
    res = G - A @ coef
    return float(math.sqrt(float((res ** 2).sum(axis=1).max())))
