"""Stage 1, the hex grid: orientation, rotation, hex size, origin, offset, columns, rows.

From the hex outlines' edge pixels (:mod:`.gridlines`): the orientation peak, the comb of
sides for size and phase, a robust line fit for the affine map, then the board's extent
(:mod:`.gridboard`). Hints replace what they name. See ``docs/import.md``, "Grid".

>>> from mapkit.testing import random_map, draw_board, dampfross_style
>>> m = random_map(1, 9, 7, "pointy", "even")
>>> img, _ = draw_board(m, 26, dampfross_style())
>>> fit = find_grid(np.asarray(img))
>>> (fit.grid.orientation, fit.grid.offset, fit.grid.columns, fit.grid.rows, round(fit.hex_px))
('pointy', 'even', 9, 7, 26)
"""

from __future__ import annotations

import math

import numpy as np

from . import params as P
from ..grid import SQRT3, Grid
from .gridboard import board_extent, on_board
from .gridlines import (EdgePixels, binned, coherence, comb_period, fit_lines,
                        orientation_peak, slant_frame, work_gray)
from .gridtypes import GridFit, Hints, NoGridError
from .slant import apply_homography, departure, straighten

__all__ = ["Hints", "GridFit", "find_grid", "NoGridError"]


def find_grid(rgb: np.ndarray, hints: Hints | None = None) -> GridFit:
    """The hex grid of a picture (``(h, w, 3)`` uint8), or :class:`NoGridError`; a picture taken at
    a slant is straightened and given as ``fit.picture``."""
    hints = hints or Hints()
    best = None
    picture, T, valid, amount = rgb, None, None, 0.0
    for attempt in range(P.STRAIGHTEN_ROUNDS + 1):
        try:
            with np.errstate(all="ignore"):
                fit, slant = _find_grid(picture, hints, attempt < P.STRAIGHTEN_ROUNDS, valid)
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
        # (as taken or straightened: the one where more hex sides fall on lines)
        if best is None or sum(fit.outline.values()) > sum(best.outline.values()):
            best = fit
        if slant is None:
            break
        H, more = slant
        done = straighten(rgb, H if T is None else T @ H)
        if done is None:
            break       # too slanted to straighten (or a fit gone wrong)
        picture, T, valid = done
        amount = max(amount, more)
    assert best is not None     # the first round finds a fit or raises
    return best


def _slant(e: EdgePixels, M: np.ndarray, t: np.ndarray, flat: bool, factor: int):
    """``(homography, departure)`` when the projective fit of the sides departs from the affine
    one by more than ``SLANT_MIN`` and fits better, else None."""
    sample = e.thinned()
    centre = (float(np.median(sample.x)), float(np.median(sample.y)))
    # Grown from the middle as the affine fit is, where the slant shows least.
    radii = [float(np.hypot(*e.shape)) * f for f in P.SLANT_RADII]
    Ms, ts, w, score_s = fit_lines(sample, M, t, centre, radii, slant=np.zeros(2))
    score = fit_lines(sample, M, t, centre, radii[-1:])[-1]
    o, S = slant_frame(e)
    proj = np.vstack([np.hstack([Ms, ts[:, None]]), [w[0] / S, w[1] / S, 1.0 - float(w @ o) / S]])
    box = tuple(float(v) for v in np.percentile([sample.x, sample.y], P.SLANT_BOX, axis=1).ravel())
    amount = departure(lambda p: apply_homography(proj, p), box)
    if amount < P.SLANT_MIN or score_s < score + P.SLANT_GAIN:
        return None
    # The projective map's tangent at the middle, made a similarity: hexes are regular.
    c = np.array([*centre, 1.0])
    hc = proj @ c
    gc, d = hc[:2] / hc[2], hc[2]
    J = (Ms - np.outer(gc, proj[2, :2])) / d
    U, sv, Vt = np.linalg.svd(J)
    J = math.sqrt(float(sv[0] * sv[1])) * (U @ Vt)
    Q = np.array([[J[0, 0], J[0, 1], gc[0] - J[0] @ c[:2]],
                  [J[1, 0], J[1, 1], gc[1] - J[1] @ c[:2]], [0.0, 0.0, 1.0]])
    # Full pixels -> working pixels, x and y exchanged for a flat grid (solved as pointy).
    f = float(factor)
    K = np.array([[1 / f, 0.0, -(f - 1) / (2 * f)], [0.0, 1 / f, -(f - 1) / (2 * f)],
                  [0.0, 0.0, 1.0]])
    X = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]) if flat else np.eye(3)
    T = np.linalg.inv(K) @ X @ np.linalg.inv(proj) @ Q @ X @ K
    return T / T[2, 2], amount


def _find_grid(rgb: np.ndarray, hints: Hints, measure_slant: bool, valid: np.ndarray | None):
    """The grid of a picture as it is, and (``measure_slant``) the straightening it needs:
    ``(GridFit, None or (homography, departure))``; ``valid``: where the picture shows."""
    gray, f, shows = work_gray(rgb, valid)
    edges = EdgePixels.find(gray, valid=shows)
    if len(edges.x) < P.MIN_EDGES:
        raise NoGridError("no hex grid found (hardly any lines in the picture)")
    peak, prominence = orientation_peak(edges.alpha, edges.w)
    orientation = hints.orientation or ("pointy" if peak < 15.0 or peak >= 45.0 else "flat")
    rho = ((peak + 30.0) % 60.0) - 30.0 if orientation == "pointy" else peak - 30.0
    if abs(rho) > P.MAX_TURN_DEG and not hints.orientation:
        raise NoGridError("no hex grid found (lines are not at hex angles)")
    if prominence < P.MIN_PROMINENCE:
        raise NoGridError("no hex grid found (no lines in three directions 60 degrees apart)")
    flat = orientation == "flat"
    e = edges.swapped() if flat else edges
    # In the pointy frame a flat grid's columns are rows.
    frame = Hints(orientation, hints.offset, hints.rows if flat else hints.columns,
                  hints.columns if flat else hints.rows, hints.hex_px)
    M, t, score = _fit_frame(e, -rho if flat else rho, frame, f)
    if score < P.MIN_LINE_SCORE:
        raise NoGridError("no hex grid found (lines do not form hexes)")
    # Refit on the board alone: a frame, margin labels and titles off the board no longer pull.
    sel = on_board(e, M, t, board_extent(e, M, t, frame).hexes)
    slant = None
    if sel.sum() > P.MIN_EDGES:
        sub = e.subset(sel)
        if measure_slant:
            # (On the board alone too: the edges of a photographed sheet are long straight lines.)
            slant = _slant(sub, M, t, flat, f)
        M, t, _, score = fit_lines(sub, M, t, (float(np.median(sub.x)), float(np.median(sub.y))),
                                   [float(np.hypot(*e.shape)) * P.FIT_RADII[-1]], tukey=P.FIT_TUKEY[1])
    ext = board_extent(e, M, t, frame)
    return _picture_fit(ext, M, t, f, orientation, flat), slant


def _picture_fit(ext, M, t, f: int, orientation: str, flat: bool) -> GridFit:
    """The fit of the board ``ext`` found in the working picture (reduced ``f`` times; x and
    y exchanged for a flat grid) as a :class:`GridFit` in the full picture's pixels."""
    cols, rows = (ext.rows, ext.columns) if flat else (ext.columns, ext.rows)
    grid = Grid(orientation, ext.offset, cols, rows, 1.0)
    # pixel(work, frame) = M^-1 (unit + shift - t), the shift taking the unit grid's hex (0, 0)
    # to the board's origin in the lattice (centre (q + r/2, r sqrt3/2)).
    q0, r0 = ext.origin
    x0, y0 = grid.centre_mm((0, 0))[::-1] if flat else grid.centre_mm((0, 0))
    shift = np.array([q0 + r0 / 2 - x0, r0 * SQRT3 / 2 - y0])
    Minv = np.linalg.inv(M)
    A = np.hstack([Minv, (Minv @ (shift - t))[:, None]])
    if flat:
        A = A[::-1, [1, 0, 2]]       # x and y exchanged, in and out
    # Working pixels -> full pixels (a reduced pixel covers f x f full pixels).
    A = A * f
    A[:, 2] += (f - 1) / 2.0
    # Outline counts per board hex (lattice -> board axial coordinates, a flat grid's exchanged).
    out_map = {h: n for (q, r), n in ext.outline.items()
               if (h := grid.from_axial((r - r0, q - q0) if flat else (q - q0, r - r0))) in grid}
    line_score = float(np.mean(list(out_map.values())) / 6.0) if out_map else 0.0
    hex_px = float(np.sqrt(abs(np.linalg.det(A[:, :2]))))
    rotation = math.degrees(math.atan2(A[1, 0], A[0, 0]))
    return GridFit(grid, A, hex_px, rotation, line_score, out_map)


def _fit_frame(e: EdgePixels, rho_deg: float, hints_frame: Hints, factor: int):
    """Fit a pointy grid to the edges (already swapped for a flat grid): ``g = M p + t``."""
    rho = math.radians(rho_deg)
    vert = np.abs(((e.alpha - rho_deg + 90.0) % 180.0) - 90.0) < P.SIDE_TOLERANCE_DEG
    if vert.sum() < P.MIN_SIDE_PIXELS:
        raise NoGridError("no hex sides found")
    xv, yv, wv = e.x[vert], e.y[vert], e.w[vert]
    guess = hints_frame.hex_px / factor / 2 if hints_frame.hex_px else None
    pmax = min(max(P.PERIOD_MAX[1], max(e.shape) / P.PERIOD_MAX[0]), P.PERIOD_MAX[2])

    def families(r):
        out = []
        for j in range(3):
            a = math.radians(math.degrees(r) + 60.0 * j)
            sel = np.abs(((e.alpha - math.degrees(a) + 90.0) % 180.0) - 90.0) < P.SIDE_TOLERANCE_DEG
            out.append((e.x[sel] * math.cos(a) + e.y[sel] * math.sin(a), e.w[sel]))
        return out

    p, coh = comb_period(families(rho), P.PERIOD_MIN_PX, pmax, guess)

    # Refine the rotation: the comb is sharpest when the sides are exactly across it.
    def sharpness(turn):
        r = rho + math.radians(turn)
        return abs(coherence(*binned(xv * math.cos(r) + yv * math.sin(r), wv), p))

    rho += math.radians(max(np.linspace(*P.TURN_SEARCH), key=sharpness))
    c, s = math.cos(rho), math.sin(rho)
    uv = xv * c + yv * s
    vv = -xv * s + yv * c
    p, coh = comb_period(families(rho), P.PERIOD_MIN_PX, pmax, p)
    if coh < P.MIN_COHERENCE[0]:
        raise NoGridError("no regular spacing of hex sides")
    u0 = np.angle(coherence(*binned(uv, wv), p)) / (2 * math.pi) * p
    k = np.rint((uv - u0) / p).astype(np.intp)
    sign = np.where(k % 2 == 0, 1.0, -1.0)
    # Row spacing: ~sqrt(3) p; allow a different vertical scale (scanner, camera).
    bv, bsw = binned(vv, sign * wv)
    hrow = max((SQRT3 * p * (1 + rel) for rel in np.linspace(*P.ROW_STRETCH)),
               key=lambda hh: abs(coherence(bv, bsw, 2 * hh)))
    z = coherence(bv, bsw, 2 * hrow)
    if abs(z) < P.MIN_COHERENCE[1]:
        raise NoGridError("no rows of hexes")
    v_plus = np.angle(z) / math.pi * hrow       # rows whose sides sit on even teeth
    v_minus = v_plus + hrow                     # lattice row 0 (centres on even teeth)
    M = np.array([[c / (2 * p), s / (2 * p)],
                  [-s * SQRT3 / (2 * hrow), c * SQRT3 / (2 * hrow)]])
    t = np.array([-u0 / (2 * p), -v_minus * SQRT3 / (2 * hrow)])
    centre = (float(np.median(e.x)), float(np.median(e.y)))
    # Growing passes on a sample of the pixels; the final pass on all the board's.
    M, t, _, score = fit_lines(e.thinned(), M, t, centre, [float(np.hypot(*e.shape)) * f for f in P.FIT_RADII])
    return M, t, score
