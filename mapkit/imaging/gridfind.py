"""Finding the hex grid in a picture: orientation, rotation, hex size, origin, offset, size.

The hex outlines are the one thing every board has. Their edge pixels (strong brightness
gradients) carry everything:

1. **Orientation and rotation.** Hex sides run in three directions 60 degrees apart, so the
   gradient directions, taken modulo 60 degrees, pile up at one angle: near 0 for pointy-top
   hexes (vertical sides), near 30 for flat-top ones. The peak is the rotation.
2. **Hex size and phase.** A flat-top grid is a pointy one with x and y swapped, so only the
   pointy case is solved. The vertical sides, projected across themselves, form a comb whose
   period is half the distance between hex centres (rows alternate by half a hex); its
   Fourier peak gives the period and the phase. Which rows are pushed shows as a square wave
   along y when the side pixels are signed by the parity of their comb tooth.
3. **Refinement.** In grid units (centre spacing 1) every side lies on a line ``n . g = k/2``
   for one of three normals ``n``. Each edge pixel, given its line, is one linear equation in
   the six numbers of an affine map pixel -> grid; robust least squares over a growing region
   absorbs rotation, scale, shear and a different x/y scale of the scanner.
4. **The board.** Each hex of the lattice whose sides show lines belongs to the board; the
   largest connected group, as a rectangle, gives columns, rows and the offset (whether the
   first row or column is pushed). The top-left hex is ``A1``.

Hints (orientation, offset, columns, rows, hex size in pixels) replace what they name.

>>> from mapkit.testing import random_map, draw_board, dampfross_style
>>> m = random_map(1, 9, 7, "pointy", "even")
>>> img, _ = draw_board(m, 26, dampfross_style())
>>> fit = find_grid(np.asarray(img))
>>> (fit.grid.orientation, fit.grid.offset, fit.grid.columns, fit.grid.rows, round(fit.hex_px))
('pointy', 'even', 9, 7, 26)
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError
from ..grid import AXIAL_DIRECTIONS, Grid, Hex
from .sampling import apply_affine

__all__ = ["Hints", "GridFit", "find_grid", "NoGridError", "SIDE_DIRECTIONS"]

SQRT3 = math.sqrt(3.0)
# Pictures are analysed for the grid at no more than this many pixels (an integer reduction).
WORK_PIXELS = 6_000_000
# A picture whose hex sides depart this far (hex units) from every flat grid was taken at a
# slant, and is straightened when the slanted fit also explains this much more of the lines.
SLANT_MIN = 0.04
SLANT_GAIN = 0.005
STRAIGHTEN_ROUNDS = 2     # a second round corrects what the first left
# Dark land (a neighbouring state in dark grey) is under this share of the paper's grey.
DARK_LAND = 0.55
# Normals of the three families of sides, in grid units of a pointy grid (y down).
_NORMALS = np.array([[1.0, 0.0], [0.5, SQRT3 / 2], [-0.5, SQRT3 / 2]])
# Unit steps to the six neighbours of a pointy hex in grid units (y down).
SIDE_DIRECTIONS = np.array([[math.cos(math.radians(a)), math.sin(math.radians(a))]
                            for a in (0, 60, 120, 180, 240, 300)])


class NoGridError(InputError):
    """The picture shows no hex grid (or too little of one)."""


@dataclass
class Hints:
    """What the user knows about the grid; ``None`` = find it."""

    orientation: str | None = None
    offset: str | None = None
    columns: int | None = None
    rows: int | None = None
    hex_px: float | None = None


@dataclass
class GridFit:
    """A grid found in a picture.

    ``affine`` (2 x 3) maps grid units -- the coordinates of ``Grid.centre_mm`` for a grid
    with ``hex_mm = 1`` -- to pixels ``(x, y)`` of the full picture.
    """

    grid: Grid
    affine: np.ndarray
    hex_px: float
    rotation: float
    line_score: float
    outline: dict = field(default_factory=dict)   # Hex -> number of its sides showing a line
    notes: list = field(default_factory=list)
    # A picture taken at a slant is straightened before the grid is sought (see
    # :mod:`.slant`): then ``picture`` is the straightened picture, the one this fit and every
    # reading refer to, and ``slant`` how far (hex units) the hexes of the picture as taken
    # stood from any flat grid. Otherwise None and 0.
    picture: np.ndarray | None = None
    slant: float = 0.0

    def centre_px(self, h) -> tuple[float, float]:
        x, y = apply_affine(self.affine, np.array(self.grid.centre_mm(h)))
        return float(x), float(y)


# -- edge pixels -----------------------------------------------------------------------------
def _work_gray(rgb: np.ndarray):
    """Grey picture reduced to at most WORK_PIXELS, lightly smoothed; and the factor."""
    from PIL import Image, ImageFilter

    h, w = rgb.shape[:2]
    f = max(1, int(math.ceil(math.sqrt(h * w / WORK_PIXELS))))
    img = Image.fromarray(rgb).convert("L")
    if f > 1:
        img = img.reduce(f)
    img = img.filter(ImageFilter.GaussianBlur(0.7))
    return np.asarray(img, dtype=np.float32), f


def _sobel(a: np.ndarray):
    gx = np.zeros_like(a)
    gy = np.zeros_like(a)
    gx[1:-1, 1:-1] = ((a[:-2, 2:] + 2 * a[1:-1, 2:] + a[2:, 2:])
                      - (a[:-2, :-2] + 2 * a[1:-1, :-2] + a[2:, :-2])) / 8.0
    gy[1:-1, 1:-1] = ((a[2:, :-2] + 2 * a[2:, 1:-1] + a[2:, 2:])
                      - (a[:-2, :-2] + 2 * a[:-2, 1:-1] + a[:-2, 2:])) / 8.0
    return gx, gy


class _Edges:
    """Strong edge pixels of the working picture: position, normal angle, weight."""

    def __init__(self, gray: np.ndarray, max_points: int = 150_000, valid=None):
        gx, gy = _sobel(gray)
        mag = np.hypot(gx, gy)
        self.shape = gray.shape
        self.noise = float(np.median(mag))
        hi = float(np.percentile(mag, 99.5))
        self.threshold = max(3.0 * self.noise + 3.0, 0.12 * hi)
        strong = mag > self.threshold
        if valid is not None:
            strong &= valid
        ys, xs = np.nonzero(strong)
        if len(xs) > max_points:
            step = len(xs) / max_points
            idx = (np.arange(max_points) * step).astype(np.intp)
            ys, xs = ys[idx], xs[idx]
        self.x = xs.astype(np.float64)
        self.y = ys.astype(np.float64)
        gxs, gys = gx[ys, xs], gy[ys, xs]
        # Direction of the gradient (towards the brighter side), degrees, y down.
        self.theta = np.degrees(np.arctan2(gys, gxs)) % 360.0
        # Every edge pixel counts the same: weighting by contrast would pull each line
        # towards its brighter flank (white paper beside a black line beside dark grey land),
        # and a state along one side of the board would then bend the whole grid.
        self.w = np.ones(len(xs))
        self.gx, self.gy = gx, gy
        self.gray = gray
        self.valid = valid

    @property
    def alpha(self) -> np.ndarray:
        """Angle of the normal of the edge through each pixel, 0..180 degrees."""
        return self.theta % 180.0

    def subset(self, sel) -> "_Edges":
        e = object.__new__(_Edges)
        e.shape, e.noise, e.threshold = self.shape, self.noise, self.threshold
        e.gx, e.gy, e.gray, e.valid = self.gx, self.gy, self.gray, self.valid
        e.x, e.y, e.theta, e.w = self.x[sel], self.y[sel], self.theta[sel], self.w[sel]
        return e

    def swapped(self) -> "_Edges":
        """The same pixels with x and y exchanged (a flat-top grid becomes a pointy one)."""
        e = object.__new__(_Edges)
        e.shape = self.shape[::-1]
        e.noise, e.threshold = self.noise, self.threshold
        e.x, e.y = self.y, self.x
        e.theta = (90.0 - self.theta) % 360.0
        e.w = self.w
        e.gx, e.gy = self.gy.T, self.gx.T
        e.gray = self.gray.T
        e.valid = None if self.valid is None else self.valid.T
        return e


def _orientation_peak(alpha: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Peak of the normal angles modulo 60 degrees, and its prominence (peak / mean)."""
    bins = 300
    hist = np.bincount(((alpha % 60.0) / 60.0 * bins).astype(np.intp) % bins, weights=w,
                       minlength=bins)
    k = np.exp(-0.5 * (np.arange(-9, 10) * 0.2 / 0.6) ** 2)
    ext = np.concatenate([hist[-9:], hist, hist[:9]])
    sm = np.convolve(ext, k / k.sum(), mode="same")[9:-9]
    i = int(np.argmax(sm))
    a, b, c = sm[(i - 1) % bins], sm[i], sm[(i + 1) % bins]
    den = a - 2 * b + c
    frac = 0.5 * (a - c) / den if den < 0 else 0.0
    peak = ((i + 0.5 + frac) * 60.0 / bins) % 60.0
    return peak, float(b / max(sm.mean(), 1e-9))


def _coherence(vals: np.ndarray, w: np.ndarray, period: float) -> complex:
    """Mean of ``w * exp(2 pi i vals / period)`` over ``w``: 1 for a perfect comb."""
    z = np.exp(2j * np.pi * vals / period)
    return complex(np.dot(w, z) / max(float(np.abs(w).sum()), 1e-12))


def _binned(vals: np.ndarray, w: np.ndarray, binw: float = 0.2):
    """Positions collapsed into bins (their weighted sums): coherence on thousands of bins
    instead of hundreds of thousands of points, with a phase error of under 0.1 pixel."""
    lo = float(vals.min())
    idx = ((vals - lo) / binw).astype(np.intp)
    sums = np.bincount(idx, weights=w)
    nz = np.nonzero(sums)[0]
    return lo + (nz + 0.5) * binw, sums[nz]


def _comb_period(projections, pmin: float, pmax: float,
                 guess: float | None = None) -> tuple[float, float]:
    """Period of combs of positions: ``projections`` is a list of ``(positions, weights)``
    that share one period (the three families of sides, each across itself).

    The mean coherence is high at the period and at its fractions p/2, p/3 (harmonics,
    weaker once blurred), and low at its multiples (teeth cancel): the answer is the most
    coherent period, or a multiple of it that is nearly as coherent.
    """
    binned = [(_binned(v, w, 0.25), float(w.sum())) for v, w in projections if len(v) >= 10]
    total = sum(n for _, n in binned)
    if not binned or total < 20:
        raise NoGridError("too few straight lines")
    if guess:
        pmin, pmax = guess * 0.95, guess * 1.05
    if pmax <= pmin:
        raise NoGridError("no regular spacing of lines")
    # The coherence at every frequency at once: the Fourier transform of the positions'
    # histogram, padded so that neighbouring frequencies differ by 0.2 % of the period.
    binw = 0.5
    length = max(pmax / 0.002, 4 * max(float(np.ptp(v)) for (v, _), _ in binned))
    size = 1 << int(math.ceil(math.log2(length / binw)))
    freqs = np.fft.rfftfreq(size, d=binw)
    band = np.nonzero((freqs >= 1.0 / pmax) & (freqs <= 1.0 / pmin))[0]
    if not len(band):
        raise NoGridError("no regular spacing of lines")
    score = np.zeros(len(band))
    for (bv, bw), n in binned:
        lo = float(bv.min())
        hist = np.bincount(((bv - lo) / binw).astype(np.intp), weights=bw,
                           minlength=1)
        score += np.abs(np.fft.rfft(hist, size)[band])
    score /= total
    i = int(np.argmax(score))
    # The best may be a harmonic (period p/2 or p/3 of a sharp comb): step to a multiple of
    # the period while that is nearly as coherent.
    f_of = freqs[band]
    while True:
        moved = False
        for div in (2, 3):
            target = f_of[i] / div
            j = int(np.argmin(np.abs(f_of - target)))
            win = np.arange(max(0, j - 2), min(len(band), j + 3))
            if not len(win) or abs(f_of[j] - target) > 0.02 * target:
                continue
            k = int(win[np.argmax(score[win])])
            if score[k] >= 0.7 * score[i]:
                i, moved = k, True
                break
        if not moved:
            break
    p0 = float(1.0 / freqs[band[i]])
    fine = p0 * (1 + np.linspace(-0.004, 0.004, 33))
    sc = np.zeros(len(fine))
    for (bv, bw), n in binned:
        sc += np.abs(np.exp(2j * np.pi * bv[None, :] / fine[:, None]) @ bw)
    j = int(np.argmax(sc))
    return float(fine[j]), float(sc[j] / total)


def _tukey(r: np.ndarray, c: float) -> np.ndarray:
    u = np.clip(np.abs(r) / c, 0, 1)
    return (1 - u * u) ** 2


def _fit_affine(e: _Edges, M: np.ndarray, t: np.ndarray, centre, radii,
                tukey: float = 0.12) -> tuple[np.ndarray, np.ndarray, float]:
    """Robust least squares of pixel -> grid (``g = M p + t``) on the lines of the sides."""
    M, t, _, score = _fit_lines(e, M, t, centre, radii, tukey)
    return M, t, score


def _fit_lines(e: _Edges, M: np.ndarray, t: np.ndarray, centre, radii, tukey: float = 0.12,
               slant: np.ndarray | None = None):
    """Robust least squares of pixel -> grid on the lines of the sides: ``g = M p + t``, or
    with ``slant`` (a start, e.g. zeros) the projective ``g = (M p + t) / (1 + w . (p - o) / S)``
    of a picture taken at a slant (``o`` the middle of the picture, ``S`` its larger side:
    ``w`` is then a few hundredths). Returns ``(M, t, w or None, score)``."""
    cx, cy = centre
    dist = np.hypot(e.x - cx, e.y - cy)
    na = np.radians(e.theta)
    nimg = np.stack([np.cos(na), np.sin(na)], axis=1)
    o, S = _slant_frame(e)
    w_slant = None if slant is None else np.asarray(slant, dtype=np.float64)
    score = 0.0
    for radius in radii:
        sel = dist <= radius
        x, y, w, ni = e.x[sel], e.y[sel], e.w[sel], nimg[sel]
        for _ in range(2 if w_slant is None else 3):
            den = 1.0
            if w_slant is not None:
                den = 1.0 + (w_slant[0] * (x - o[0]) + w_slant[1] * (y - o[1])) / S
            g0 = (M[0, 0] * x + M[0, 1] * y + t[0]) / den
            g1 = (M[1, 0] * x + M[1, 1] * y + t[1]) / den
            if w_slant is None:
                nl = ni @ np.linalg.inv(M)    # normals transform with M^-T: (M^-T n)^T = n^T M^-1
            else:
                # The projective map's own derivative at each pixel, (M - g a^T) / den with
                # a = w / S: only the normal's direction is wanted, so its adjugate serves.
                a0, a1 = w_slant[0] / S, w_slant[1] / S
                j00, j01 = M[0, 0] - g0 * a0, M[0, 1] - g0 * a1
                j10, j11 = M[1, 0] - g1 * a0, M[1, 1] - g1 * a1
                nl = np.stack([ni[:, 0] * j11 - ni[:, 1] * j10,
                               -ni[:, 0] * j01 + ni[:, 1] * j00], axis=1)
            ang = np.degrees(np.arctan2(nl[:, 1], nl[:, 0])) % 180.0
            fam = np.rint(ang / 60.0).astype(np.intp)
            dev = np.abs(ang - 60.0 * fam)
            fam %= 3
            ok = dev < 12.0
            # Leave out the corners, where three sides meet and blur rounds them: their
            # pixels lie off every side's line and would bend the fit.
            rf = g1 / (SQRT3 / 2)
            qr, rr = _axial_round(g0 - rf / 2, rf)
            du = g0 - (qr + rr / 2.0)
            dv = g1 - rr * SQRT3 / 2
            theta = np.degrees(np.arctan2(dv, du))
            ok &= np.abs(((theta - 30.0) % 60.0) - 30.0) > 13.0
            nf = _NORMALS[fam[ok]]
            px, py, ww = x[ok], y[ok], w[ok]
            g0, g1 = g0[ok], g1[ok]
            c = nf[:, 0] * g0 + nf[:, 1] * g1
            k = np.rint(2 * c)
            r = c - k / 2
            # A line has two flanks, a gradient pixel on each side of its centre, and the
            # gradient tells which side: fitting flanks to the centre line would pull every
            # line towards whichever flank happens to be nearer. Move each pixel to the
            # centre by the typical half width (the median over the pixels of each flank).
            side = np.sign((nl[ok] * nf).sum(axis=1))
            side[side == 0] = 1.0
            half = float(np.median(side * r)) if len(r) else 0.0
            half = float(np.clip(half, -0.1, 0.1))
            target = k / 2 + side * half
            r = c - target
            wt = ww * _tukey(r, tukey)
            if wt.sum() <= 0:
                raise NoGridError("no hex sides found")
            cols = [nf[:, 0] * px, nf[:, 0] * py, nf[:, 1] * px, nf[:, 1] * py,
                    nf[:, 0], nf[:, 1]]
            if w_slant is not None:
                # n . (M p + t) = target * (1 + w . (p - o) / S): still linear, in 8 numbers.
                cols += [-target * (px - o[0]) / S, -target * (py - o[1]) / S]
            A = np.stack(cols, axis=1)
            Aw = A * wt[:, None]
            theta = np.linalg.lstsq(Aw.T @ A, Aw.T @ target, rcond=None)[0]
            M = np.array([[theta[0], theta[1]], [theta[2], theta[3]]])
            t = np.array([theta[4], theta[5]])
            if w_slant is not None:
                w_slant = np.array([theta[6], theta[7]])
            if not np.all(np.isfinite(M)) or abs(np.linalg.det(M)) < 1e-12:
                raise NoGridError("the lines do not form a grid")
            score = float((ww * (np.abs(r) < 0.05)).sum() / max(ww.sum(), 1e-9))
    return M, t, w_slant, score


def _slant_frame(e: _Edges) -> tuple[np.ndarray, float]:
    """``(o, S)`` of the slant term ``w . (p - o) / S`` of :func:`_fit_lines`: the middle of
    the working picture and its larger side."""
    return np.array(e.shape[::-1], dtype=np.float64) / 2.0, float(max(e.shape))


# -- the board: which hexes of the lattice are drawn ---------------------------------------------
def _side_strength(e: _Edges, Minv: np.ndarray, tinv: np.ndarray, qs: np.ndarray, rs: np.ndarray):
    """Line strength on the six sides of lattice hexes ``(q, r)`` (n x 6), and the gradient
    inside them (n).

    Only the gradient across a side counts, less the gradient along it: a frame or a margin
    line that crosses a side obliquely does not make a side. Across the side the strongest
    of a few offsets is taken (a thick river has its edges off the centre line); along it a
    low quantile (a line runs the whole side; text crossing it is short).
    """
    cu = qs + rs / 2.0
    cv = rs * SQRT3 / 2.0
    s = 1.0 / SQRT3
    along = np.linspace(-0.36, 0.36, 9) * s
    across = np.array([-0.08, -0.04, 0.0, 0.04, 0.08])
    out = np.empty((len(qs), 6))
    h, w = e.shape
    # Pixel-space normal of each family: rows of M^-T applied to the lattice normals.
    Mt = np.linalg.inv(Minv).T           # = M^T ... normals map as M^T n_lattice
    for j, (dx, dy) in enumerate(SIDE_DIRECTIONS):
        npx = Mt @ np.array([dx, dy])
        npx /= np.linalg.norm(npx)
        tpx = np.array([-npx[1], npx[0]])
        mu, mv = cu + dx / 2, cv + dy / 2
        best = None
        for a in across:
            pu = mu[:, None] + (-dy) * along[None, :] + dx * a
            pv = mv[:, None] + dx * along[None, :] + dy * a
            X = Minv[0, 0] * pu + Minv[0, 1] * pv + tinv[0]
            Y = Minv[1, 0] * pu + Minv[1, 1] * pv + tinv[1]
            xi = np.clip(np.rint(X), 0, w - 1).astype(np.intp)
            yi = np.clip(np.rint(Y), 0, h - 1).astype(np.intp)
            gx, gy = e.gx[yi, xi], e.gy[yi, xi]
            val = np.abs(gx * npx[0] + gy * npx[1]) - np.abs(gx * tpx[0] + gy * tpx[1])
            inside = (X >= 0) & (X <= w - 1) & (Y >= 0) & (Y <= h - 1)
            val = np.where(inside, val, 0.0)
            best = val if best is None else np.maximum(best, val)
        out[:, j] = np.maximum(np.percentile(best, 30, axis=1), 0.0)
    # The gradient inside each hex (its noise, or its text), away from the sides.
    a = np.radians(np.arange(8) * 45.0)
    pu = cu[:, None] + 0.22 * np.cos(a)[None, :]
    pv = cv[:, None] + 0.22 * np.sin(a)[None, :]
    X = Minv[0, 0] * pu + Minv[0, 1] * pv + tinv[0]
    Y = Minv[1, 0] * pu + Minv[1, 1] * pv + tinv[1]
    xi = np.clip(np.rint(X), 0, w - 1).astype(np.intp)
    yi = np.clip(np.rint(Y), 0, h - 1).astype(np.intp)
    inner = np.median(np.hypot(e.gx[yi, xi], e.gy[yi, xi]), axis=1)
    return out, inner


def _interior_grey(e: _Edges, Minv: np.ndarray, tinv: np.ndarray, qs: np.ndarray, rs: np.ndarray):
    """Median grey inside each lattice hex and how uniform it is (inter-quartile range)."""
    h, w = e.shape
    a = np.radians(np.arange(12) * 30.0)
    rad = np.concatenate([[0.0], np.full(6, 0.14), np.full(12, 0.27)])
    ang = np.concatenate([[0.0], a[::2], a])
    pu = (qs + rs / 2.0)[:, None] + (rad * np.cos(ang))[None, :]
    pv = (rs * SQRT3 / 2.0)[:, None] + (rad * np.sin(ang))[None, :]
    X = Minv[0, 0] * pu + Minv[0, 1] * pv + tinv[0]
    Y = Minv[1, 0] * pu + Minv[1, 1] * pv + tinv[1]
    xi = np.clip(np.rint(X), 0, w - 1).astype(np.intp)
    yi = np.clip(np.rint(Y), 0, h - 1).astype(np.intp)
    v = e.gray[yi, xi]
    q25, q50, q75 = np.percentile(v, [25, 50, 75], axis=1)
    return q50, q75 - q25


def _local_max(index: dict, values: np.ndarray, radius: int) -> np.ndarray:
    """For each lattice hex, the largest value among hexes within ``radius`` steps.

    >>> index = {(0, 0): 0, (1, 0): 1, (3, 0): 2}
    >>> _local_max(index, np.array([1.0, 5.0, 2.0]), 1).tolist()
    [5.0, 5.0, 2.0]
    """
    keys = np.array(list(index), dtype=np.int64).reshape(-1, 2)
    at = np.array(list(index.values()), dtype=np.intp)
    if not len(at):
        return values.copy()
    q = keys[:, 0] - keys[:, 0].min() + radius
    r = keys[:, 1] - keys[:, 1].min() + radius
    # The values on a padded (r, q) array: each step is a shifted look-up.
    table = np.full((r.max() + radius + 1, q.max() + radius + 1), -np.inf)
    table[r, q] = values[at]
    out = values.copy()
    for a in range(-radius, radius + 1):
        for b in range(-radius, radius + 1):
            if (a or b) and abs(a) + abs(b) + abs(a + b) <= 2 * radius:
                out[at] = np.maximum(out[at], table[r + b, q + a])
    return out


def _grown(core: set, extra: set) -> set:
    """``core`` plus the hexes of ``extra`` connected to it (axial coordinates)."""
    out = set(core)
    dq = deque(core)
    while dq:
        q, r = dq.popleft()
        for a, b in AXIAL_DIRECTIONS:
            n = (q + a, r + b)
            if n in extra and n not in out:
                out.add(n)
                dq.append(n)
    return out


def _largest_component(cells: set, count: set | None = None) -> set:
    """The connected piece of ``cells`` with the most members (of ``count``, when given)."""
    best: set = set()
    best_n = -1
    seen: set = set()
    for start in sorted(cells):
        if start in seen:
            continue
        comp = _grown({start}, cells)
        seen |= comp
        n = len(comp) if count is None else len(comp & count)
        if n > best_n:
            best, best_n = comp, n
    return best


def _board(e: _Edges, M, t, hints_frame: Hints):
    """The drawn hexes: rows, columns, offset; returns the lattice -> unit-grid shift too."""
    Minv = np.linalg.inv(M)
    tinv = -Minv @ t
    h, w = e.shape
    corners = np.array([[0, 0], [w, 0], [0, h], [w, h]], dtype=np.float64)
    g = corners @ M.T + t
    rv = g[:, 1] / (SQRT3 / 2)
    r_lo, r_hi = int(math.floor(rv.min())) - 1, int(math.ceil(rv.max())) + 1
    qs, rs = [], []
    for r in range(r_lo, r_hi + 1):
        q_lo = int(math.floor(g[:, 0].min() - r / 2)) - 1
        q_hi = int(math.ceil(g[:, 0].max() - r / 2)) + 1
        q = np.arange(q_lo, q_hi + 1)
        qs.append(q)
        rs.append(np.full(len(q), r))
    qs = np.concatenate(qs).astype(np.float64)
    rs = np.concatenate(rs).astype(np.float64)
    # Hexes whose centre falls in the picture.
    cx = Minv[0, 0] * (qs + rs / 2) + Minv[0, 1] * (rs * SQRT3 / 2) + tinv[0]
    cy = Minv[1, 0] * (qs + rs / 2) + Minv[1, 1] * (rs * SQRT3 / 2) + tinv[1]
    keep = (cx >= 0) & (cx < w) & (cy >= 0) & (cy < h)
    qs, rs = qs[keep], rs[keep]
    strength, inner = _side_strength(e, Minv, tinv, qs, rs)
    flat = np.sort(strength.ravel())
    typical = float(flat[int(0.8 * (len(flat) - 1))]) if len(flat) else 0.0
    # A side shows a line when it stands above the noise (the side statistic of pure noise
    # is about half the median gradient) and is not negligible beside the typical side:
    # black on dark grey (a neighbouring state) is a weak edge, but a clear one.
    thr = max(1.0 * e.noise + 2.5, 0.2 * typical)
    sides = (strength > thr).sum(axis=1)
    on = {(int(q), int(r)) for q, r, n in zip(qs, rs, sides) if n >= 5}
    # Dark land (a neighbouring state drawn dark grey, black outlines barely show) is on the
    # board by its fill: uniform and clearly darker than the paper around it.
    grey, spread = _interior_grey(e, Minv, tinv, qs, rs)
    index = {(int(q), int(r)): i for i, (q, r) in enumerate(zip(qs, rs))}
    paper = _local_max(index, grey, 3)
    # (Darker by a share, not by an amount: a shadow over part of a photographed sheet
    # darkens its margin by a third, a neighbouring state's grey is under half the paper.)
    dark = {k for k, i in index.items()
            if paper[i] - grey[i] > 30 and grey[i] < DARK_LAND * paper[i]
            and spread[i] < 12 + 0.15 * (paper[i] - grey[i])}
    if e.valid is not None:
        # The filled corners of a straightened picture are uniform too, and no board.
        dark = {k for k in dark if e.valid[int(np.clip(round(cy[index[k]]), 0, h - 1)),
                                           int(np.clip(round(cx[index[k]]), 0, w - 1))]}
    # The piece with the most outlined hexes: a dark table round a photographed sheet is
    # uniform and dark too, and may be larger than the board.
    board = _largest_component(on | dark, on)
    board = {k for k in board if k in on} | _grown(board & on, dark)
    if len(board) < 4:
        raise NoGridError("no hex grid found")
    outline = {(int(q), int(r)): int(n) for q, r, n in zip(qs, rs, sides)}

    rows_of: dict[int, list[int]] = {}
    for q, r in board:
        rows_of.setdefault(r, []).append(2 * q + r)     # doubled x: 2 * (q + r/2)
    # Rows with at least a third of the fullest row's hexes are part of the rectangle.
    fullest = max(len(v) for v in rows_of.values())
    good = sorted(r for r, v in rows_of.items() if len(v) >= max(1, fullest / 3))
    r0, r1 = good[0], good[-1]
    lefts = {0: [], 1: []}
    for r in range(r0, r1 + 1):
        if r in rows_of:
            lefts[(r - r0) % 2].append(min(rows_of[r]))
    x_even = _robust_min(lefts[0])        # leftmost doubled x of rows r0, r0+2, ...
    x_odd = _robust_min(lefts[1]) if lefts[1] else x_even + 1
    pushed_first = x_even > x_odd          # row 0 further right than row 1: row 0 is pushed
    if hints_frame.offset is not None:
        pushed_first = hints_frame.offset == "even"
    offset = "even" if pushed_first else "odd"
    # Doubled x of column 0 in an unpushed row.
    if pushed_first:
        x_left = min(x_even - 1, x_odd)
    else:
        x_left = min(x_even, x_odd - 1)
    rights = []
    for r in range(r0, r1 + 1):
        push = 1 if ((r - r0) % 2 == 0) == pushed_first else 0
        if r in rows_of:
            rights.append((max(rows_of[r]) - x_left - push) // 2)
    columns = int(_robust_max(rights)) + 1
    rows = r1 - r0 + 1
    if hints_frame.columns:
        columns = hints_frame.columns
    if hints_frame.rows:
        rows = hints_frame.rows
    # Unit grid centre of (c, R) = (1/2 + c + push/2, s + R*sqrt3/2); lattice centre =
    # (x/2, r*sqrt3/2) with x = x_left + push + 2c, r = r0 + R: the shift is constant.
    shift = np.array([x_left / 2.0 - 0.5, r0 * SQRT3 / 2 - 1.0 / SQRT3])
    return columns, rows, offset, shift, outline, (qs, rs, strength, thr), r0, x_left, pushed_first, board


def _robust_min(vals):
    """The k-th smallest value, k a fifth of them: a stray hex in the margin does not move
    the board's edge, but a few rows with a missing edge hex do not either."""
    v = sorted(vals)
    return v[max(1, len(v) // 5) - 1]


def _robust_max(vals):
    return -_robust_min([-x for x in vals])


# -- the whole search ----------------------------------------------------------------------------
def _fit_frame(e: _Edges, rho_deg: float, hints_frame: Hints, factor: int):
    """Fit a pointy grid to the edges (already swapped for a flat grid): ``g = M p + t``."""
    rho = math.radians(rho_deg)
    dal = ((e.alpha - rho_deg + 90.0) % 180.0) - 90.0
    vert = np.abs(dal) < 8.0
    if vert.sum() < 50:
        raise NoGridError("no hex sides found")
    xv, yv, wv = e.x[vert], e.y[vert], e.w[vert]
    ext = max(e.shape)
    guess = hints_frame.hex_px / factor / 2 if hints_frame.hex_px else None
    pmax = min(max(6.0, ext / 8.0), 400.0)

    def families(r):
        out = []
        for j in range(3):
            a = math.radians(math.degrees(r) + 60.0 * j)
            d = ((e.alpha - math.degrees(a) + 90.0) % 180.0) - 90.0
            sel = np.abs(d) < 8.0
            out.append((e.x[sel] * math.cos(a) + e.y[sel] * math.sin(a), e.w[sel]))
        return out

    p, coh = _comb_period(families(rho), 3.0, pmax, guess)
    # Refine the rotation: the comb is sharpest when the sides are exactly across it.
    best = (-1.0, 0.0)
    for dd in np.linspace(-0.6, 0.6, 25):
        r2 = rho + math.radians(dd)
        cc = abs(_coherence(*_binned(xv * math.cos(r2) + yv * math.sin(r2), wv), p))
        if cc > best[0]:
            best = (cc, dd)
    rho += math.radians(best[1])
    c, s = math.cos(rho), math.sin(rho)
    uv = xv * c + yv * s
    vv = -xv * s + yv * c
    p, coh = _comb_period(families(rho), 3.0, pmax, p)
    if coh < 0.05:
        raise NoGridError("no regular spacing of hex sides")
    bu, bw = _binned(uv, wv)
    u0 = np.angle(_coherence(bu, bw, p)) / (2 * math.pi) * p
    k = np.rint((uv - u0) / p).astype(np.intp)
    sign = np.where(k % 2 == 0, 1.0, -1.0)
    # Row spacing: ~sqrt(3) p; allow a different vertical scale (scanner, camera).
    bv, bsw = _binned(vv, sign * wv)
    best = (-1.0, SQRT3 * p)
    for rel in np.linspace(-0.2, 0.2, 161):
        hh = SQRT3 * p * (1 + rel)
        cc = abs(_coherence(bv, bsw, 2 * hh))
        if cc > best[0]:
            best = (cc, hh)
    hrow = best[1]
    z = _coherence(bv, bsw, 2 * hrow)
    if abs(z) < 0.02:
        raise NoGridError("no rows of hexes")
    v_plus = np.angle(z) / math.pi * hrow       # rows whose sides sit on even teeth
    v_minus = v_plus + hrow                     # lattice row 0 (centres on even teeth)
    M = np.array([[c / (2 * p), s / (2 * p)],
                  [-s * SQRT3 / (2 * hrow), c * SQRT3 / (2 * hrow)]])
    t = np.array([-u0 / (2 * p), -v_minus * SQRT3 / (2 * hrow)])
    centre = (float(np.median(e.x)), float(np.median(e.y)))
    span = float(np.hypot(*e.shape))
    # Growing passes on a sample of the pixels (plenty for six numbers); the final pass, on
    # the board's pixels, uses them all.
    n = len(e.x)
    sample = e.subset(np.arange(0, n, max(1, n // 40000))) if n > 40000 else e
    M, t, score = _fit_affine(sample, M, t, centre, [span * 0.15, span * 0.3, span * 0.6, span * 1.2])
    return M, t, score


def _on_board(e: _Edges, M, t, board: set) -> np.ndarray:
    """Which edge pixels lie in (or on the sides of) the board's hexes."""
    gu = M[0, 0] * e.x + M[0, 1] * e.y + t[0]
    gv = M[1, 0] * e.x + M[1, 1] * e.y + t[1]
    rf = gv / (SQRT3 / 2)
    qf = gu - rf / 2
    q, r = _axial_round(qf, rf)
    keys = q * 100003 + r
    wanted = np.array(sorted(qq * 100003 + rr for qq, rr in board), dtype=np.int64)
    return np.isin(keys, wanted)


def _axial_round(qf, rf):
    xf, zf = qf, rf
    yf = -xf - zf
    rx, ry, rz = np.rint(xf), np.rint(yf), np.rint(zf)
    dx, dy, dz = np.abs(rx - xf), np.abs(ry - yf), np.abs(rz - zf)
    fix_x = (dx > dy) & (dx > dz)
    fix_y = ~fix_x & (dy > dz)
    rx = np.where(fix_x, -ry - rz, rx)
    rz = np.where(~fix_x & ~fix_y, -rx - ry, rz)
    return rx.astype(np.int64), rz.astype(np.int64)


def find_grid(rgb: np.ndarray, hints: Hints | None = None) -> GridFit:
    """The hex grid of a picture (``(h, w, 3)`` uint8); :class:`NoGridError` when there is none.

    A picture taken at a slant is straightened first, and the fit refers to the straightened
    picture, given as ``fit.picture`` (see :class:`GridFit`)."""
    from .slant import straighten

    hints = hints or Hints()
    best = None
    picture, T, valid, amount = rgb, None, None, 0.0
    for attempt in range(STRAIGHTEN_ROUNDS + 1):
        try:
            with np.errstate(all="ignore"):
                fit, slant = _find_grid(picture, hints, attempt < STRAIGHTEN_ROUNDS, valid)
        except (np.linalg.LinAlgError, ValueError, ZeroDivisionError, IndexError) as exc:
            # Whatever the search tripped on, a picture it cannot fit has no usable grid.
            if best is None:
                raise NoGridError(f"no hex grid found ({type(exc).__name__})") from None
            break
        except NoGridError:
            if best is None:
                raise
            break       # the straightened picture lost the grid: the best one before
        if T is not None:
            fit.picture, fit.slant = picture, amount
        # Of the picture as taken and as straightened, the one where the most hex sides
        # fall on lines: a straightening gone wrong loses sides, a right one gains them.
        if best is None or _sides_seen(fit) > _sides_seen(best):
            best = fit
        if slant is None:
            break
        H, more = slant
        done = straighten(rgb, H if T is None else T @ H)
        if done is None:
            break       # too slanted to straighten (or a fit gone wrong)
        picture, T, valid = done
        amount = max(amount, more)
    return best


def _sides_seen(fit: GridFit) -> int:
    return sum(fit.outline.values())


def _slant(e: _Edges, M: np.ndarray, t: np.ndarray, flat: bool, factor: int):
    """A picture at a slant: the projective map of the sides, and when it departs from the
    best affine one by more than ``SLANT_MIN`` (hex units) over the lines, and fits the
    lines better, ``(homography, departure)``: the homography (full picture pixels) that
    straightens it: the grid affine again, at the scale it has in the middle of the lines."""
    from .slant import apply_homography, departure

    n = len(e.x)
    sample = e.subset(np.arange(0, n, max(1, n // 40000))) if n > 40000 else e
    span = float(np.hypot(*e.shape))
    centre = (float(np.median(sample.x)), float(np.median(sample.y)))
    # Grown from the middle as the affine fit is, where the slant shows least.
    radii = [span * f for f in (0.25, 0.35, 0.5, 0.7, 0.9, 1.2)]
    Ms, ts, w, score_s = _fit_lines(sample, M, t, centre, radii, slant=np.zeros(2))
    score = _fit_lines(sample, M, t, centre, radii[-1:])[-1]
    o, S = _slant_frame(e)
    P = np.array([[Ms[0, 0], Ms[0, 1], ts[0]], [Ms[1, 0], Ms[1, 1], ts[1]],
                  [w[0] / S, w[1] / S, 1.0 - float(w @ o) / S]])
    box = (float(np.percentile(sample.x, 2)), float(np.percentile(sample.y, 2)),
           float(np.percentile(sample.x, 98)), float(np.percentile(sample.y, 98)))
    amount = departure(lambda p: apply_homography(P, p), box)
    if amount < SLANT_MIN or score_s < score + SLANT_GAIN:
        return None
    # The grid of the straightened picture: the projective map's own tangent at the middle,
    # made a similarity (its rotation, its mean scale): the board's hexes are regular, and
    # the search assumes it (a slant also shortens the picture across the tilt).
    c = np.array([*centre, 1.0])
    hc = P @ c
    gc, d = hc[:2] / hc[2], hc[2]
    J = (Ms - np.outer(gc, P[2, :2])) / d
    U, sv, Vt = np.linalg.svd(J)
    J = math.sqrt(float(sv[0] * sv[1])) * (U @ Vt)
    Q = np.array([[J[0, 0], J[0, 1], gc[0] - J[0] @ c[:2]],
                  [J[1, 0], J[1, 1], gc[1] - J[1] @ c[:2]], [0.0, 0.0, 1.0]])
    # Full pixels -> working pixels (a reduced pixel covers factor x factor), and x, y
    # exchanged for a flat grid (solved as a pointy one).
    f = float(factor)
    K = np.array([[1 / f, 0.0, -(f - 1) / (2 * f)], [0.0, 1 / f, -(f - 1) / (2 * f)],
                  [0.0, 0.0, 1.0]])
    X = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]) if flat else np.eye(3)
    T = np.linalg.inv(K) @ X @ np.linalg.inv(P) @ Q @ X @ K
    return T / T[2, 2], amount


def _work_valid(valid: np.ndarray, f: int) -> np.ndarray:
    """Where the working picture shows the picture (a straightened picture has filled
    corners): reduced like the picture, and kept 3 pixels clear of the filling, whose seam
    is a straight line that would pass for hex sides."""
    from PIL import Image, ImageFilter

    img = Image.fromarray(valid.astype(np.uint8) * 255)
    if f > 1:
        img = img.reduce(f)
    img = img.filter(ImageFilter.MinFilter(7))
    return np.asarray(img) == 255


def _find_grid(rgb: np.ndarray, hints: Hints, measure_slant: bool = False,
               valid: np.ndarray | None = None):
    """The grid of a picture as it is, and (with ``measure_slant``) the straightening it
    needs, if any: ``(GridFit, None or (homography, departure))``. ``valid``: where a
    straightened picture shows the picture."""
    gray, f = _work_gray(rgb)
    edges = _Edges(gray, valid=None if valid is None else _work_valid(valid, f))
    if len(edges.x) < 200:
        raise NoGridError("no hex grid found (hardly any lines in the picture)")
    peak, prominence = _orientation_peak(edges.alpha, edges.w)
    if hints.orientation:
        orientation = hints.orientation
    else:
        orientation = "pointy" if (peak < 15.0 or peak >= 45.0) else "flat"
    rho = ((peak + 30.0) % 60.0) - 30.0 if orientation == "pointy" else peak - 30.0
    if abs(rho) > 10.0 and not hints.orientation:
        raise NoGridError("no hex grid found (lines are not at hex angles)")
    if prominence < 1.6:
        raise NoGridError("no hex grid found (no lines in three directions 60 degrees apart)")
    flat = orientation == "flat"
    e = edges.swapped() if flat else edges
    # In the pointy frame a flat grid's columns are rows.
    frame = Hints(orientation, hints.offset,
                  hints.rows if flat else hints.columns,
                  hints.columns if flat else hints.rows, hints.hex_px)
    M, t, score = _fit_frame(e, -rho if flat else rho, frame, f)
    if score < 0.15:
        raise NoGridError("no hex grid found (lines do not form hexes)")
    board = _board(e, M, t, frame)[-1]
    # Refit on the board alone: a frame, margin labels and titles off the board no longer pull.
    sel = _on_board(e, M, t, board)
    slant = None
    if measure_slant and sel.sum() > 200:
        # (On the board alone too: the edges of a photographed sheet are long straight lines.)
        slant = _slant(e.subset(sel), M, t, flat, f)
    if sel.sum() > 200:
        sub = e.subset(sel)
        M, t, score = _fit_affine(sub, M, t, (float(np.median(sub.x)), float(np.median(sub.y))),
                                  [float(np.hypot(*e.shape)) * 1.2], tukey=0.1)
    cols, rows, offset, shift, outline, _, r0, x_left, pushed_first, board = _board(e, M, t, frame)
    # pixel(work, frame) = M^-1 (unit + shift - t)
    Minv = np.linalg.inv(M)
    A = np.hstack([Minv, (Minv @ (shift - t))[:, None]])
    if flat:
        P = np.array([[0.0, 1.0], [1.0, 0.0]])
        A = np.hstack([P @ A[:, :2] @ P, (P @ A[:, 2])[:, None]])
        cols, rows = rows, cols
    # Working pixels -> full pixels (a reduced pixel covers f x f full pixels).
    A = A * f
    A[:, 2] += (f - 1) / 2.0
    grid = Grid(orientation, offset, cols, rows, 1.0)
    # Outline counts per board hex (lattice -> board coordinates).
    out_map = {}
    for (q, r), n in outline.items():
        R = r - r0
        xx = 2 * q + r
        push = 1 if (R % 2 == 0) == pushed_first else 0
        cc = xx - x_left - push
        if cc % 2 == 0:
            hx = (cc // 2, R) if not flat else (R, cc // 2)
            if hx in grid:
                out_map[Hex(*hx)] = n
    lines = [n for n in out_map.values()]
    line_score = float(np.mean(lines) / 6.0) if lines else 0.0
    hex_px = float(np.sqrt(abs(np.linalg.det(A[:, :2]))))
    rotation = math.degrees(math.atan2(A[1, 0], A[0, 0]))
    return GridFit(grid, A, hex_px, rotation, line_score, out_map), slant
