"""The grid search's raw material: edge pixels (:class:`EdgePixels`), their directions'
peak (:func:`orientation_peak`), the comb of hex sides (:func:`comb_period`), the robust
line fit (:func:`fit_lines`). See ``docs/import.md``, "Grid".

>>> round(comb_period([(np.arange(0, 400, 12.5), np.ones(32))], 5.0, 40.0)[0], 2)
12.5
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

import numpy as np

from . import params as P
from ..grid import SQRT3
from .gridtypes import NoGridError

__all__ = ["EdgePixels", "work_gray", "orientation_peak", "coherence", "binned", "comb_period",
           "fit_lines", "slant_frame", "axial_round", "NORMALS"]

# Normals of the three families of sides, in grid units of a pointy grid (y down).
NORMALS = np.array([[1.0, 0.0], [0.5, SQRT3 / 2], [-0.5, SQRT3 / 2]])
_NORMAL_X, _NORMAL_Y = NORMALS[:, 0].copy(), NORMALS[:, 1].copy()


def work_gray(rgb: np.ndarray, valid: np.ndarray | None = None):
    """Grey picture reduced to at most WORK_PIXELS, lightly smoothed; the factor; and where it
    shows the picture (``valid`` reduced, ``SEAM_CLEAR`` clear of a straightened one's seam)."""
    from PIL import Image, ImageFilter
    f = max(1, int(math.ceil(math.sqrt(rgb.shape[0] * rgb.shape[1] / P.WORK_PIXELS))))
    img = Image.fromarray(rgb).convert("L").reduce(f).filter(ImageFilter.GaussianBlur(P.WORK_BLUR_PX))
    if valid is not None:
        shows = Image.fromarray(valid.astype(np.uint8) * 255).reduce(f)
        valid = np.asarray(shows.filter(ImageFilter.MinFilter(2 * P.SEAM_CLEAR + 1))) == 255
    return np.asarray(img, dtype=np.float32), f, valid


def _sobel(a: np.ndarray):
    gx = np.zeros_like(a)
    gy = np.zeros_like(a)
    gx[1:-1, 1:-1] = ((a[:-2, 2:] + 2 * a[1:-1, 2:] + a[2:, 2:])
                      - (a[:-2, :-2] + 2 * a[1:-1, :-2] + a[2:, :-2])) / 8.0
    gy[1:-1, 1:-1] = ((a[2:, :-2] + 2 * a[2:, 1:-1] + a[2:, 2:])
                      - (a[:-2, :-2] + 2 * a[:-2, 1:-1] + a[:-2, 2:])) / 8.0
    return gx, gy


@dataclass
class EdgePixels:
    """Strong edge pixels of the working picture (:meth:`find`): positions, the direction of
    the gradient (``theta``, degrees towards the brighter side, y down), weights; and the
    picture's gradients, grey, noise level, where it shows (``valid``) and the gradient an edge
    pixel has at least (``level``)."""

    x: np.ndarray
    y: np.ndarray
    theta: np.ndarray
    w: np.ndarray
    shape: tuple
    noise: float
    gx: np.ndarray
    gy: np.ndarray
    gray: np.ndarray
    valid: np.ndarray | None = None
    level: float = 0.0

    @classmethod
    def find(cls, gray: np.ndarray, valid=None) -> EdgePixels:
        gx, gy = _sobel(gray)
        mag = np.hypot(gx, gy)
        noise = float(np.median(mag))
        (slope, floor), (share, q) = P.EDGE_OVER_NOISE, P.EDGE_OVER_PEAK
        level = max(slope * noise + floor, share * float(np.percentile(mag, q)))
        strong = mag > level
        if valid is not None:
            strong &= valid
        ys, xs = np.nonzero(strong)
        if len(xs) > P.EDGE_POINTS:
            idx = (np.arange(P.EDGE_POINTS) * (len(xs) / P.EDGE_POINTS)).astype(np.intp)
            ys, xs = ys[idx], xs[idx]
        theta = np.degrees(np.arctan2(gy[ys, xs], gx[ys, xs])) % 360.0
        # (unweighted: contrast would pull lines towards a brighter flank and bend the grid)
        return cls(xs.astype(np.float64), ys.astype(np.float64), theta, np.ones(len(xs)),
                   gray.shape, noise, gx, gy, gray, valid, level)

    @functools.cached_property
    def alpha(self) -> np.ndarray:
        """Angle of the normal of the edge through each pixel, 0..180 degrees (worked out once:
        the grid search asks for it seven times; a subset has its own).

        >>> e = EdgePixels(np.zeros(2), np.zeros(2), np.array([10.0, 350.0]), np.ones(2), (4, 4), 0.0,
        ...                None, None, None)
        >>> e.alpha.tolist(), e.subset(np.array([False, True])).alpha.tolist()
        ([10.0, 170.0], [170.0])
        """
        return self.theta % 180.0

    def subset(self, sel) -> EdgePixels:
        return replace(self, x=self.x[sel], y=self.y[sel], theta=self.theta[sel], w=self.w[sel])

    def thinned(self) -> EdgePixels:
        """Every k-th pixel, at most about ``FIT_POINTS`` of them."""
        n = len(self.x)
        return self.subset(np.arange(0, n, max(1, n // P.FIT_POINTS))) if n > P.FIT_POINTS else self

    def swapped(self) -> EdgePixels:
        """The same pixels with x and y exchanged (a flat-top grid becomes a pointy one)."""
        return EdgePixels(self.y, self.x, (90.0 - self.theta) % 360.0, self.w, self.shape[::-1],
                          self.noise, self.gy.T, self.gx.T, self.gray.T,
                          None if self.valid is None else self.valid.T, self.level)


def orientation_peak(alpha: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Peak of the normal angles modulo 60 degrees and its prominence. Which peak: an angle counts
    as much as the weakest of its three directions (a hatching shows in one only); where it lies:
    the peak of all three directions summed, within ``ORIENTATION_SPREAD`` of it (in a picture
    taken at a slant the three directions are not quite 60 degrees apart, and the weakest of
    them peaks where their flanks cross, not at their middle).

    >>> sides = np.array([10.0] * 50 + [70.0] * 50 + [130.0] * 50 + [45.0] * 400)
    >>> round(orientation_peak(sides, np.ones(len(sides)))[0])
    10
    """
    bins, sigma, n = P.ORIENTATION_HISTOGRAM
    hist = np.bincount(((alpha % 180.0) / 180.0 * 3 * bins).astype(np.intp) % (3 * bins),
                       weights=w, minlength=3 * bins)
    k = np.exp(-0.5 * (np.arange(-n, n + 1) * (60.0 / bins) / sigma) ** 2)
    ext = np.concatenate([hist[-n:], hist, hist[:n]])
    sm3 = np.convolve(ext, k / k.sum(), mode="same")[n:-n].reshape(3, bins)
    weakest = 3 * sm3.min(axis=0)
    summed = sm3.sum(axis=0)
    i0 = int(np.argmax(weakest))
    reach = int(round(P.ORIENTATION_SPREAD / (60.0 / bins)))
    near = (i0 + np.arange(-reach, reach + 1)) % bins
    i = int(near[np.argmax(summed[near])])
    a, b, c = summed[(i - 1) % bins], summed[i], summed[(i + 1) % bins]
    den = a - 2 * b + c
    frac = 0.5 * (a - c) / den if den < 0 else 0.0
    peak = ((i + 0.5 + frac) * 60.0 / bins) % 60.0
    return peak, float(weakest[i0] / max(weakest.mean(), 1e-9))


def coherence(vals: np.ndarray, w: np.ndarray, period: float) -> complex:
    """Mean of ``w * exp(2 pi i vals / period)`` over ``w``: 1 for a perfect comb."""
    z = np.exp(2j * np.pi * vals / period)
    return complex(np.dot(w, z) / max(float(np.abs(w).sum()), 1e-12))


def binned(vals: np.ndarray, w: np.ndarray, binw: float = P.LINE_BIN_PX) -> tuple[np.ndarray, np.ndarray]:
    """Positions collapsed into weighted bins (a phase error under 0.1 pixel)."""
    lo = float(vals.min())
    sums = np.bincount(((vals - lo) / binw).astype(np.intp), weights=w)
    nz = np.nonzero(sums)[0]
    return lo + (nz + 0.5) * binw, sums[nz]


def comb_period(projections, pmin: float, pmax: float,
                 guess: float | None = None) -> tuple[float, float]:
    """The period of combs of positions (``[(positions, weights)]``, the three families of sides):
    the most coherent period, or a multiple nearly as coherent (fractions are harmonics)."""
    (fine_bin, binw), (least, least_total) = P.COMB_BIN_PX, P.COMB_MIN
    bins = [(binned(v, w, fine_bin), float(w.sum())) for v, w in projections if len(v) >= least]
    total = sum(n for _, n in bins)
    if not bins or total < least_total:
        raise NoGridError("too few straight lines")
    if guess:
        pmin, pmax = guess * P.PERIOD_WINDOW[0], guess * P.PERIOD_WINDOW[1]
    # Coherence at every frequency: the FFT of the positions' histogram, finely padded.
    length = max(pmax / P.COMB_FFT[0], P.COMB_FFT[1] * max(float(np.ptp(v)) for (v, _), _ in bins))
    size = 1 << int(math.ceil(math.log2(length / binw)))
    freqs = np.fft.rfftfreq(size, d=binw)
    band = np.nonzero((freqs >= 1.0 / pmax) & (freqs <= 1.0 / pmin))[0]
    if not len(band):
        raise NoGridError("no regular spacing of lines")
    score = np.zeros(len(band))
    for (bv, bw), _n in bins:
        hist = np.bincount(((bv - float(bv.min())) / binw).astype(np.intp), weights=bw, minlength=1)
        score += np.abs(np.fft.rfft(hist, size)[band])
    score /= total
    i = int(np.argmax(score))
    f_of = freqs[band]

    def multiple(i: int) -> int | None:
        for div in (2, 3):
            target = f_of[i] / div
            j = int(np.argmin(np.abs(f_of - target)))
            win = np.arange(max(0, j - P.HARMONIC_NEAR[1]), min(len(band), j + P.HARMONIC_NEAR[1] + 1))
            if abs(f_of[j] - target) <= P.HARMONIC_NEAR[0] * target:
                k = int(win[np.argmax(score[win])])
                if score[k] >= P.HARMONIC_KEEP * score[i]:
                    return k
        return None

    while (k := multiple(i)) is not None:
        i = k
    fine = float(1.0 / freqs[band[i]]) * (1 + np.linspace(*P.PERIOD_REFINE))
    sc = np.zeros(len(fine))
    for (bv, bw), _n in bins:
        sc += np.abs(np.exp(2j * np.pi * bv[None, :] / fine[:, None]) @ bw)
    j = int(np.argmax(sc))
    return float(fine[j]), float(sc[j] / total)


def fit_lines(e: EdgePixels, M: np.ndarray, t: np.ndarray, centre, radii, tukey: float = P.FIT_TUKEY[0],
               slant: np.ndarray | None = None):
    """Robust least squares pixel -> grid on the sides' lines: ``g = M p + t``, or with ``slant``
    ``g = (M p + t) / (1 + w . (p - o) / S)``. Returns ``(M, t, w or None, score)``."""
    dist = np.hypot(e.x - centre[0], e.y - centre[1])
    na = np.radians(e.theta)
    nimg = np.stack([np.cos(na), np.sin(na)], axis=1)
    o, S = slant_frame(e)
    w_slant = None if slant is None else np.asarray(slant, dtype=np.float64)
    score, taken = 0.0, -1
    for radius in radii:
        sel = dist <= radius
        if int(sel.sum()) != taken:     # (a larger radius that takes no more pixels takes the same)
            x, y, w, ni = e.x[sel], e.y[sel], e.w[sel], nimg[sel]
            taken = len(x)
        for _ in range(P.FIT_PASSES[0] if w_slant is None else P.FIT_PASSES[1]):
            den = 1.0 if w_slant is None else 1.0 + (w_slant[0] * (x - o[0]) + w_slant[1] * (y - o[1])) / S
            g0 = (M[0, 0] * x + M[0, 1] * y + t[0]) / den
            g1 = (M[1, 0] * x + M[1, 1] * y + t[1]) / den
            if w_slant is None:
                nl = ni @ np.linalg.inv(M)    # normals transform with M^-T: (M^-T n)^T = n^T M^-1
                nl0, nl1 = nl[:, 0], nl[:, 1]
            else:
                # The projective map's own derivative at each pixel, (M - g a^T) / den with
                # a = w / S: only the normal's direction is wanted, so its adjugate serves.
                a0, a1 = w_slant[0] / S, w_slant[1] / S
                j00, j01 = M[0, 0] - g0 * a0, M[0, 1] - g0 * a1
                j10, j11 = M[1, 0] - g1 * a0, M[1, 1] - g1 * a1
                nl0 = ni[:, 0] * j11 - ni[:, 1] * j10
                nl1 = -ni[:, 0] * j01 + ni[:, 1] * j00
            ang = np.degrees(np.arctan2(nl1, nl0)) % 180.0
            fam = np.rint(ang / 60.0)
            ok = np.flatnonzero(np.abs(ang - 60.0 * fam) < P.FAMILY_DEG)
            # Of those, not the corners: blur rounds them off every side's line.
            g0, g1 = g0[ok], g1[ok]
            rf = g1 / (SQRT3 / 2)
            qr, rr = _axial_round(g0 - rf / 2, rf)
            du = g0 - (qr + rr / 2.0)
            dv = g1 - rr * SQRT3 / 2
            theta = np.degrees(np.arctan2(dv, du))
            off_corner = np.abs(((theta - 30.0) % 60.0) - 30.0) > P.CORNER_DEG
            ok = ok[off_corner]
            f = fam[ok].astype(np.intp) % 3
            nf0, nf1 = _NORMAL_X[f], _NORMAL_Y[f]
            px, py, ww = x[ok], y[ok], w[ok]
            c = nf0 * g0[off_corner] + nf1 * g1[off_corner]
            k = np.rint(2 * c)
            r = c - k / 2
            # Each flank's pixels moved to the line's centre by the median half width (the
            # gradient tells the flank), or lines lean towards the nearer flank.
            side = np.sign(nl0[ok] * nf0 + nl1[ok] * nf1)
            side[side == 0] = 1.0
            half = float(np.clip(np.median(side * r), -P.HALF_WIDTH_MAX, P.HALF_WIDTH_MAX)) if len(r) else 0.0
            target = k / 2 + side * half
            r = c - target
            u = np.clip(np.abs(r) / tukey, 0, 1)
            wt = ww * (1 - u * u) ** 2      # Tukey's biweight
            if wt.sum() <= 0:
                raise NoGridError("no hex sides found")
            cols = [nf0 * px, nf0 * py, nf1 * px, nf1 * py, nf0, nf1]
            if w_slant is not None:
                # n . (M p + t) = target * (1 + w . (p - o) / S): still linear, in 8 numbers.
                cols += [-target * (px - o[0]) / S, -target * (py - o[1]) / S]
            A = np.stack(cols, axis=1)
            Aw = A * wt[:, None]
            theta = np.linalg.lstsq(Aw.T @ A, Aw.T @ target, rcond=None)[0]
            M, t = theta[:4].reshape(2, 2), theta[4:6]
            if w_slant is not None:
                w_slant = theta[6:8]
            if not np.all(np.isfinite(M)) or abs(np.linalg.det(M)) < 1e-12:
                raise NoGridError("the lines do not form a grid")
            score = float((ww * (np.abs(r) < P.ON_LINE)).sum() / max(ww.sum(), 1e-9))
    return M, t, w_slant, score


def slant_frame(e: EdgePixels) -> tuple[np.ndarray, float]:
    """``(o, S)`` of :func:`fit_lines`' slant term: the working picture's middle, larger side."""
    return np.array(e.shape[::-1], dtype=np.float64) / 2.0, float(max(e.shape))


def axial_round(qf, rf):
    """The axial hex ``(q, r)`` (int arrays) holding each fractional ``(qf, rf)``.

    >>> [a.tolist() for a in axial_round(np.array([0.4, 0.45, -0.6]), np.array([0.4, -0.1, 0.3]))]
    [[0, 0, 0], [1, 0, 0]]
    """
    rx, rz = _axial_round(qf, rf)
    return rx.astype(np.int64), rz.astype(np.int64)


def _axial_round(qf, rf):
    """:func:`axial_round` as whole numbers in floats (for the line fit's arithmetic)."""
    sf = -qf - rf
    rx, ry, rz = np.rint(qf), np.rint(sf), np.rint(rf)
    dx, dy, dz = np.abs(rx - qf), np.abs(ry - sf), np.abs(rz - rf)
    fix_x = (dx > dy) & (dx > dz)
    fix_y = ~fix_x & (dy > dz)
    rx = np.where(fix_x, -ry - rz, rx)
    rz = np.where(~fix_x & ~fix_y, -rx - ry, rz)
    return rx, rz
