"""A sample's colour explained as a hex's fill plus shares of a stroke and of black ink, by
least squares in linear RGB (:func:`unmix`, :func:`stroke_share`, :func:`mix_residual`).

>>> white, red, black = np.ones(3), np.array([0.8, 0.02, 0.02]), np.zeros(3)
>>> a, b, miss = unmix(0.5 * white + 0.5 * red, white, red, black)
>>> round(float(a), 3), round(float(b), 3), round(float(miss), 3)
(0.5, 0.0, 0.0)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from . import params as P

__all__ = ["Against", "against", "unmix", "unmix_against", "mix_residual", "stroke_share", "low_quantile", "dot",
           "norm"]


def dot(x, y):
    """Dot products over the colour axis, by ``np.einsum`` (no array of the products)."""
    return np.einsum("...i,...i->...", x, y)


def norm(x):
    """Lengths over the last axis, as ``np.linalg.norm(x, axis=-1)``."""
    return np.sqrt(dot(x, x))


def _solve(uu, vv, uv, ur, vr):
    """``(a, b)`` of ``r = a u + b v`` by least squares, from the dot products of ``u``, ``v``
    and ``r``."""
    det = uu * vv - uv * uv
    det = np.where(np.abs(det) < 1e-12, np.float32(1e-12), det)
    return (ur * vv - vr * uv) / det, (vr * uu - ur * uv) / det


class Against(NamedTuple):
    """Samples ``c`` measured against a ``fill`` and black ink, whatever the stroke: ``r = c -
    fill``, ``v = ink - fill`` and their dot products (float32)."""

    fill: np.ndarray
    v: np.ndarray
    r: np.ndarray
    vv: np.ndarray
    vr: np.ndarray
    rr: np.ndarray


def against(c, fill, ink) -> Against:
    """The part of :func:`unmix` that does not depend on the stroke, to unmix several strokes
    over one background (:func:`unmix_against`)."""
    c, fill, ink = (np.asarray(x, dtype=np.float32) for x in (c, fill, ink))
    v = ink - fill
    r = c - fill
    return Against(fill, v, r, dot(v, v) + np.float32(1e-4), dot(v, r), dot(r, r))


def unmix(c, fill, stroke, ink):
    """``c = fill + a (stroke - fill) + b (ink - fill)`` by least squares, ``a`` in [0, ``SHARE_MAX``],
    ``b`` >= 0: ``(a, b, miss)``, miss the unexplained part relative to stroke - fill."""
    return unmix_against(against(c, fill, ink), stroke)


def unmix_against(bg: Against, stroke):
    """:func:`unmix` of the samples measured in ``bg`` with ``stroke``."""
    u = np.asarray(stroke, dtype=np.float32) - bg.fill
    uu = dot(u, u) + np.float32(1e-9)
    uv, ur = dot(u, bg.v), dot(u, bg.r)
    vv, vr = bg.vv, bg.vr
    a, b = _solve(uu, vv, uv, ur, vr)
    # The ink share cannot be negative: a paler sample is explained by the stroke alone.
    a = np.clip(np.where(b < 0, ur / uu, a), 0.0, P.SHARE_MAX)
    b = np.clip(b, 0.0, 1.0)
    # |r - a u - b v|^2 without forming the residual vectors.
    res2 = bg.rr - 2 * a * ur - 2 * b * vr + a * a * uu + 2 * a * b * uv + b * b * vv
    miss = np.sqrt(np.maximum(res2, 0.0) / uu)
    return a, b, miss


def mix_residual(c, p0, p1, p2):
    """How far ``c`` lies from every mix of ``p0``, ``p1``, ``p2`` (weights >= 0, sum 1).

    >>> white, blue, black = np.ones(3), np.array([0.1, 0.3, 0.9]), np.zeros(3)
    >>> round(float(mix_residual(0.5 * white + 0.5 * blue, white, blue, black)), 3)
    0.0
    >>> round(float(mix_residual(np.array([0.0, 0.0, 1.0]), white, black, black)), 3)
    0.816
    """
    c, p0, p1, p2 = (np.asarray(x, dtype=np.float32) for x in (c, p0, p1, p2))
    u, v, r = p1 - p0, p2 - p0, c - p0
    uu = dot(u, u) + np.float32(1e-9)
    vv = dot(v, v) + np.float32(1e-9)
    t, b = _solve(uu, vv, dot(u, v), dot(u, r), dot(v, r))
    inside = (t >= 0) & (b >= 0) & (t + b <= 1)
    res = norm(r - t[..., None] * u - b[..., None] * v)
    best = np.where(inside, res, np.inf)
    # Outside the triangle the nearest mix lies on one of its sides.
    for q0, q1 in ((p0, p1), (p0, p2), (p1, p2)):
        d, w = q1 - q0, c - q0
        s = np.clip(dot(w, d) / (dot(d, d) + np.float32(1e-9)), 0.0, 1.0)
        best = np.minimum(best, norm(w - s[..., None] * d))
    return best


def stroke_share(bg: Against, fill, stroke):
    """Samples (c, ..., 3) measured against their edge's ``fill`` (c, 3) (``bg``, by
    :func:`against`): ``(share, residual, hidden)``, the share less where much is unexplained,
    and whether black ink hides the sample."""
    a, b, miss = unmix_against(bg, stroke)
    r = miss * np.linalg.norm(stroke - fill, axis=-1)[:, None, None]
    lo, span = P.MISS_FULL, P.MISS_FADE
    g = np.where(miss < lo, a, a * np.clip(1.0 - (miss - lo) / span, 0.0, 1.0))
    return g, r, (b > P.HIDDEN_INK) & (a < P.HIDDEN_STROKE)


def low_quantile(a: np.ndarray, n_valid: np.ndarray, q: float) -> np.ndarray:
    """The ``q`` quantile along the last axis of ``a`` ignoring NaN (``n_valid`` per row;
    rows with none give 0): a share most of a side's samples reach.

    >>> low_quantile(np.array([[0.1, 0.5, np.nan], [np.nan, np.nan, np.nan]]), np.array([2, 0]), 0.3)
    array([0.1, 0. ])
    """
    srt = np.sort(a, axis=-1)                       # NaN sort last
    k = np.clip(np.floor(q * (n_valid - 1)).astype(np.intp), 0, a.shape[-1] - 1)
    out = np.take_along_axis(srt, k[..., None], axis=-1)[..., 0]
    return np.where(n_valid > 0, np.nan_to_num(out), 0.0)
