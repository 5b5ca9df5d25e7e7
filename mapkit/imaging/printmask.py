"""Where a name's print lies near the grid (:func:`print_masks`): grey pixels off the hex
outlines, off the city hexes and off the black lines read (rivers and borders of a board
without colour); and the outlines lifted off a name's crop (:func:`lift_outlines`).
Both locate each pixel by its hex and its nearest side (:func:`_offsets`, :func:`_across_line`).
See ``docs/import.md``, "Names".
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from . import params as P
from ..grid import SQRT3
from .gridlines import axial_round
from .gridtypes import SIDE_DIRECTIONS
from .numbercrops import full_squares
from .sampling import LINEAR_LUT, sample

__all__ = ["print_masks", "lift_outlines", "outline_band", "solid_ink"]


def print_masks(rgb, fit, reading, box, levels, sides: bool = True, rim: float = 0.0) -> list[np.ndarray]:
    """Print in ``box`` at each ``(prefilter, dark)`` of ``levels``: grey pixels (darkest channel
    under ``prefilter``, under ``dark`` once the light is out) on no hex outline (unless print lies
    on both sides of it) and in no city hex (but for ``rim`` hexes along its sides, inside its
    ring). Where the pixels lie in the grid is worked out once for all levels."""
    x0, y0, x1, y1 = box
    patch = rgb[y0:y1, x0:x1]
    lo, hi = patch.min(axis=2), patch.max(axis=2)
    # (a cheap first cut, in sRGB levels)
    cand = (lo < max(prefilter for prefilter, _dark in levels)) & (hi - lo < P.TEXT_HUE)
    ys, xs = np.nonzero(cand)
    if not len(xs):
        return [np.zeros(cand.shape, dtype=bool) for _ in levels]
    px, py = xs + x0, ys + y0
    lum = (LINEAR_LUT[patch[ys, xs]] * reading.light.gains(px, py)).mean(axis=1)
    du, dv, key = _offsets(fit, _grid_coords(fit, px, py))
    axis, across = _across_line(du, dv)
    side = np.abs(across)
    kept = ~(np.isin(key, _keys(fit, list(reading.cities))) & (side > rim))
    kept &= ~_on_strokes(fit, reading, du, dv, key)
    band = P.TEXT_OFF_SIDE_PX + P.TEXT_SIDE_WIDTH * fit.hex_px
    on_side = (side * fit.hex_px <= band) if sides else np.zeros(len(xs), dtype=bool)
    out = []
    for prefilter, dark in levels:
        printed = (lo[ys, xs] < prefilter) & (lum < dark) & kept
        mask = np.zeros(cand.shape, dtype=bool)
        mask[ys[printed & ~on_side], xs[printed & ~on_side]] = True
        cross = np.nonzero(printed & on_side)[0]
        if len(cross):
            step = _across_px(fit, axis[cross]) * (band + P.NAME_PAST_PX)
            both = np.ones(len(cross), dtype=bool)
            for sign in (1.0, -1.0):
                both &= sample(mask, xs[cross] + sign * step[:, 0], ys[cross] + sign * step[:, 1])
            mask[ys[cross[both]], xs[cross[both]]] = True
        out.append(mask)
    return out


def solid_ink(mask: np.ndarray, side: int, rim: int = 0) -> np.ndarray:
    """The pixels of ``mask`` in a square ``side`` pixels wide wholly of ``mask`` (a fill, a
    thick line: black land, an Expres river; no letter's stroke is so wide), and ``rim`` pixels
    round them (their blurred edge).

    >>> m = np.zeros((8, 9), dtype=bool); m[1:6, 0:5] = True; m[0:7, 7] = True   # a block, a stroke
    >>> solid_ink(m, 3).astype(int).sum(axis=0).tolist(), solid_ink(m, 3, rim=1)[:, 5:9].any(axis=0).tolist()
    ([5, 5, 5, 5, 5, 0, 0, 0, 0], [True, False, False, False])
    """
    h, w = mask.shape
    if side < 1 or h < side or w < side:
        return np.zeros_like(mask)
    return _spread(full_squares(mask, side), side - 1 + rim, rim, mask.shape)


def _spread(corner: np.ndarray, right: int, left: int, shape) -> np.ndarray:
    """The squares whose top left corners ``corner`` marks, ``right`` pixels on to the right and
    down and ``left`` back to the left and up, in an array of ``shape``."""
    out = np.zeros((shape[0] + right + left, shape[1] + right + left), dtype=np.int32)
    ys, xs = np.nonzero(corner)
    np.add.at(out, (ys, xs), 1)
    np.add.at(out, (ys, xs + right + left + 1), -1)
    np.add.at(out, (ys + right + left + 1, xs), -1)
    np.add.at(out, (ys + right + left + 1, xs + right + left + 1), 1)
    out = out.cumsum(axis=0).cumsum(axis=1) > 0
    return out[left:left + shape[0], left:left + shape[1]]


def outline_band(fit, box) -> np.ndarray:
    """The pixels of ``box`` on a hex outline: within the band round each side where
    :func:`print_masks` takes print for the line's (unless print lies on both sides), so that a
    letter's stroke there is lost with the line.

    >>> from types import SimpleNamespace
    >>> from mapkit.grid import Grid
    >>> fit = SimpleNamespace(grid=Grid("pointy", "odd", 3, 3, 1.0), hex_px=40.0,
    ...                       affine=np.array([[40.0, 0.0, 0.0], [0.0, 40.0, 0.0]]))
    >>> np.nonzero(outline_band(fit, (30, 20, 50, 22))[0])[0] + 30     # the side at x = 40
    array([39, 40, 41])
    """
    x0, y0, x1, y1 = box
    ys, xs = np.mgrid[y0:y1, x0:x1]
    du, dv, _key = _offsets(fit, _grid_coords(fit, xs.ravel(), ys.ravel()))
    _axis, across = _across_line(du, dv)
    band = P.TEXT_OFF_SIDE_PX + P.TEXT_SIDE_WIDTH * fit.hex_px
    return (np.abs(across) * fit.hex_px <= band).reshape(y1 - y0, x1 - x0)


def _on_strokes(fit, reading, du, dv, key) -> np.ndarray:
    """Which points lie on a river or border read on their hex's side or beside it (black lines of
    a board without colour; coloured lines are no print anyway)."""
    out = np.zeros(len(du), dtype=bool)
    if reading.in_colour:
        return out          # the lines are in colour: no print
    beside = reading.strokes.get("river", set()) & reading.strokes.get("border", set())
    edges = [e for kind in ("river", "border") for e in reading.strokes.get(kind, ())]
    keys = _keys(fit, [h for e in edges for h in e])
    near = defaultdict(list)    # (side direction, a river beside a border) -> the keys of its hexes
    for n, (a, b) in enumerate(edges):
        pa, pb = _pointy_frame(fit, np.array([fit.grid.centre_mm(a), fit.grid.centre_mm(b)]))
        k = int(np.argmax(SIDE_DIRECTIONS @ (pb - pa)))      # the side of a towards b
        near[k, (a, b) in beside].append(keys[2 * n])
        near[(k + 3) % 6, (a, b) in beside].append(keys[2 * n + 1])
    for (k, both), hexes in near.items():
        depth = 0.5 - (du * SIDE_DIRECTIONS[k, 0] + dv * SIDE_DIRECTIONS[k, 1])
        close = np.abs(depth) <= P.TEXT_STROKE_WIDTH
        if both:
            close |= np.abs(depth - P.MONO_BESIDE) <= P.TEXT_STROKE_WIDTH
        out |= close & np.isin(key, hexes)
    return out


def _grid_coords(fit, px, py) -> np.ndarray:
    """Pixels (arrays) in grid units (the coordinates of ``Grid.centre_mm`` at hex_mm 1)."""
    A = fit.affine
    return np.stack([px - A[0, 2], py - A[1, 2]], axis=1) @ np.linalg.inv(A[:, :2]).T


def _offsets(fit, g):
    """Each grid point's offset ``(du, dv)`` from its nearest hex centre in the pointy frame, and
    that hex's key (centres: A1's plus steps (1, 0) and (1/2, sqrt3/2))."""
    d = _pointy_frame(fit, g)
    rf = d[:, 1] / (SQRT3 / 2)
    q, r = axial_round(d[:, 0] - rf / 2, rf)
    return d[:, 0] - (q + r / 2), d[:, 1] - r * SQRT3 / 2, q * 100003 + r


def _pointy_frame(fit, g) -> np.ndarray:
    """Grid points ``g`` from A1's centre, in the pointy frame (a flat grid's axes swapped)."""
    d = g - np.array(fit.grid.centre_mm((0, 0)))
    return d if fit.grid.orientation == "pointy" else d[:, ::-1]


def _keys(fit, hexes) -> list[int]:
    """The keys :func:`_offsets` gives the points of ``hexes``."""
    return _offsets(fit, np.array([fit.grid.centre_mm(h) for h in hexes], dtype=float).reshape(-1, 2))[2].tolist()


def _across_px(fit, axis) -> np.ndarray:
    """Unit vectors in pixels across sides in the directions ``axis`` (:func:`_across_line`): (n, 2)."""
    n = SIDE_DIRECTIONS[axis]
    if fit.grid.orientation != "pointy":
        n = n[:, ::-1]
    v = n @ fit.affine[:, :2].T
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def lift_outlines(fit, grey: np.ndarray, crop, picture: np.ndarray) -> np.ndarray:
    """``grey`` (the print in ``crop``) with the hex outlines across it lifted, each quarter
    pixel across a line (:func:`_across_line`, within ``NAME_LINE_HALF`` and ``NAME_LINE_SEEK``
    of the fitted line and a pixel's half) by the line's own grey there in the ``picture``
    (the crop's darkest channel, :func:`_line_greys`):
    a pixel shows ``grey * 255 / line`` (the line over paper goes, a letter under it stays
    darker); where the line alone is darker than ``NAME_LINE_SOLID`` (it hides what lies under
    it) the pixel takes the lighter of the pixels just past the line either side, so a letter
    the line crosses stays whole. Each line is measured apart (one may be under a name's plate)."""
    h, w = grey.shape
    ys, xs = np.indices((h, w)).reshape(2, -1)
    g = _grid_coords(fit, xs + crop[0], ys + crop[1])
    du, dv, _key = _offsets(fit, g)
    axis, t = _across_line(du, dv)
    # (each line apart: where along its direction's normal it runs, in quarter grid units)
    line_at = np.round(((_pointy_frame(fit, g) * SIDE_DIRECTIONS[axis]).sum(axis=1) - t) * 4).astype(int) * 3 + axis
    t = t * fit.hex_px
    window = (P.NAME_LINE_HALF + P.NAME_LINE_SEEK) * fit.hex_px + 0.5
    out = grey.astype(float).ravel()
    for one in np.unique(line_at[np.abs(t) <= window]):
        near = np.nonzero((line_at == one) & (np.abs(t) <= window))[0]
        bins = np.round(t[near] * 4).astype(int)
        keys, line = _line_greys(bins, picture[ys[near], xs[near]])
        own = line[np.searchsorted(keys, bins)]
        out[near] = np.minimum(255.0, out[near] * 255.0 / np.maximum(own, 1.0))
        solid = own < P.NAME_LINE_SOLID
        if not solid.any():
            continue
        full = near[solid]
        step = _across_px(fit, axis[full])
        clear, dark = keys[line >= P.TEXT_SOFT_PREFILTER], keys[line < P.NAME_LINE_SOLID]
        lighter = np.zeros(len(full))
        for past in (clear[clear < dark.min()].max(initial=-4 * window),
                     clear[clear > dark.max()].min(initial=4 * window)):
            move = past / 4.0 - t[full]
            lighter = np.maximum(lighter, sample(grey, xs[full] + move * step[:, 0], ys[full] + move * step[:, 1]))
        out[full] = lighter
    return np.rint(out).astype(np.uint8).reshape(h, w)


def _line_greys(bins: np.ndarray, grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each quarter pixel across a line (``bins``) and the line's own grey there: that of its
    lighter pixels, ``NAME_LINE_RUNS`` of them darker (a line runs through all the rows of a
    name; a letter's stroke along it leaves some).

    >>> bins = np.repeat([-1, 0, 1], 4)
    >>> _line_greys(bins, np.array([255, 255, 255, 255, 90, 90, 90, 20, 30, 30, 30, 30]))
    (array([-1,  0,  1]), array([255.,  90.,  30.]))
    """
    keys = np.unique(bins)
    return keys, np.array([np.percentile(grey[bins == b], 100 * P.NAME_LINE_RUNS) for b in keys])


def _across_line(du, dv) -> tuple[np.ndarray, np.ndarray]:
    """For points at offsets ``(du, dv)`` from their hex centres: which of the three side
    directions their nearest side lies in, and how far (grid units) they lie across that side
    along its direction's normal (0 on the side; the same measure in both hexes it parts).

    >>> axis, t = _across_line(np.array([0.45, -0.45, 0.0]), np.array([0.0, 0.0, 0.3]))
    >>> axis.tolist(), np.round(t, 2).tolist()
    ([0, 0, 2], [-0.05, 0.05, -0.24])
    """
    proj = np.stack([du * cos + dv * sin for cos, sin in SIDE_DIRECTIONS[:3]])
    axis = np.argmax(np.abs(proj), axis=0)
    p = proj[axis, np.arange(len(du))]
    return axis, p - np.sign(p) * 0.5
