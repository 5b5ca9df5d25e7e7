"""Which hexes of the fitted lattice are the board (lines across their sides, or dark land, or
land marked all over, as a hatching or a stipple marks it): the largest connected piece gives
columns, rows and the offset (:func:`board_extent`).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from . import params as P
from ..grid import AXIAL_DIRECTIONS, SQRT3, connected_pieces
from .gridlines import EdgePixels, axial_round
from .gridtypes import SIDE_DIRECTIONS, Hints, NoGridError
from .sampling import hex_neighbourhood, sample

__all__ = ["BoardExtent", "board_extent", "on_board"]


def _affine(M: np.ndarray, t: np.ndarray, x, y):
    """``M (x, y) + t`` of arrays of coordinates: lattice -> pixels with ``M^-1``, back with ``M``."""
    return M[0, 0] * x + M[0, 1] * y + t[0], M[1, 0] * x + M[1, 1] * y + t[1]


def _side_strength(e: EdgePixels, Minv: np.ndarray, tinv: np.ndarray, qs: np.ndarray, rs: np.ndarray):
    """Line strength on the six sides of lattice hexes ``(q, r)`` (n x 6): the gradient across a
    side (best of a few offsets) less the one along it."""
    cu = qs + rs / 2.0
    cv = rs * SQRT3 / 2.0
    h, w = e.shape
    along = np.linspace(*P.SIDE_ALONG) * (1.0 / SQRT3)       # (a side is 1 / sqrt3 long)
    across = np.array(P.SIDE_ACROSS)[:, None]
    out = np.empty((len(qs), 6))
    Mt = np.linalg.inv(Minv).T           # (normals map to pixels as M^T n_lattice)
    for j, (dx, dy) in enumerate(SIDE_DIRECTIONS):
        npx = Mt @ np.array([dx, dy])
        npx /= np.linalg.norm(npx)
        tpx = np.array([-npx[1], npx[0]])
        mu, mv = cu + dx / 2, cv + dy / 2
        pu = mu[:, None, None] + (-dy) * along + dx * across      # (hex, across, along)
        pv = mv[:, None, None] + dx * along + dy * across
        X, Y = _affine(Minv, tinv, pu, pv)
        gx, gy = sample(e.gx, X, Y), sample(e.gy, X, Y)
        val = np.abs(gx * npx[0] + gy * npx[1]) - np.abs(gx * tpx[0] + gy * tpx[1])
        best = np.where((X >= 0) & (w - 1 >= X) & (Y >= 0) & (h - 1 >= Y), val, 0.0).max(axis=1)
        out[:, j] = np.maximum(np.percentile(best, P.SIDE_PERCENTILE, axis=1), 0.0)
    return out


def _interior_grey(e: EdgePixels, Minv: np.ndarray, tinv: np.ndarray, qs: np.ndarray, rs: np.ndarray):
    """Median grey inside each lattice hex and how uniform it is (inter-quartile range)."""
    a = np.radians(np.arange(12) * 30.0)
    rad = np.concatenate([[0.0], np.full(6, P.INTERIOR_RADII[0]), np.full(12, P.INTERIOR_RADII[1])])
    ang = np.concatenate([[0.0], a[::2], a])
    pu = (qs + rs / 2.0)[:, None] + (rad * np.cos(ang))[None, :]
    pv = (rs * SQRT3 / 2.0)[:, None] + (rad * np.sin(ang))[None, :]
    v = sample(e.gray, *_affine(Minv, tinv, pu, pv))
    q25, q50, q75 = np.percentile(v, [25, 50, 75], axis=1)
    return q50, q75 - q25


def _pieces(cells: set) -> list[set]:
    """The connected pieces of ``cells`` (axial coordinates), in the order of their least hex."""
    return sorted(connected_pieces(cells, lambda c: ((c[0] + a, c[1] + b) for a, b in AXIAL_DIRECTIONS)),
                  key=min)


class BoardExtent(NamedTuple):
    """The board in a fit's lattice: ``columns``, ``rows``, ``offset``, sides showing a line per
    hex (``outline``), the lattice hex ``(q, r)`` of the board's hex (0, 0) (``origin``), and
    the board's lattice hexes."""

    columns: int
    rows: int
    offset: str
    outline: dict
    origin: tuple[int, int]
    hexes: set


def board_extent(e: EdgePixels, M, t, hints_frame: Hints) -> BoardExtent:
    """The drawn hexes of the lattice ``g = M p + t``, as a rectangle of rows and columns."""
    Minv = np.linalg.inv(M)
    tinv = -Minv @ t
    qs, rs, cx, cy = _lattice_in_picture(e.shape, M, t, Minv, tinv)
    strength = _side_strength(e, Minv, tinv, qs, rs)
    flat = np.sort(strength.ravel())
    (slope, floor), (share, rank) = P.LINE_OVER_NOISE, P.LINE_OVER_TYPICAL
    typical = float(flat[int(rank * (len(flat) - 1))]) if len(flat) else 0.0
    sides = (strength > max(slope * e.noise + floor, share * typical)).sum(axis=1)
    outline = {(int(q), int(r)): int(n) for q, r, n in zip(qs, rs, sides, strict=False)}
    on = {h for h, n in outline.items() if n >= P.OUTLINED_SIDES}
    # (land whose marks hide some of its sides: a band of hatched mountains across the board
    # shows two to four lines a hex and would cut the board in two; a table's grain round a
    # photo marks its hexes too, but no line of the lattice runs along their sides)
    marked = _marked_land(e, Minv, tinv, qs, rs)
    land = _dark_land(e, Minv, tinv, qs, rs, cx, cy) | {h for h in marked if outline[h] >= P.MARKED_LINES}
    # (the most outlined piece: a dark table round a photo is dark land too, maybe larger)
    core = max(_pieces(on | land), key=lambda piece: len(piece & on), default=set()) & on
    board = core.union(*(piece for piece in _pieces(core | land) if piece & core))
    if len(board) < P.MIN_BOARD:
        raise NoGridError("no hex grid found")
    return _rectangle(board, outline, hints_frame)


def _lattice_in_picture(shape, M, t, Minv, tinv):
    """The lattice hexes ``(q, r)`` whose centre falls in the picture, and the centres."""
    h, w = shape
    corners = np.array([[0, 0], [w, 0], [0, h], [w, h]], dtype=np.float64)
    g = corners @ M.T + t
    rv = g[:, 1] / (SQRT3 / 2)
    r_lo, r_hi = int(math.floor(rv.min())) - 1, int(math.ceil(rv.max())) + 1
    u_lo, u_hi = g[:, 0].min(), g[:, 0].max()     # (each row from a hex left of the picture to one right)
    qs, rs = np.array([(q, r) for r in range(r_lo, r_hi + 1)
                       for q in range(int(math.floor(u_lo - r / 2)) - 1, int(math.ceil(u_hi - r / 2)) + 2)],
                      dtype=np.float64).T
    cx, cy = _affine(Minv, tinv, qs + rs / 2, rs * SQRT3 / 2)
    keep = (cx >= 0) & (cx < w) & (cy >= 0) & (cy < h)
    # (cx, cy unfiltered: a known slip, kept; see docs/import.md, "Known problems")
    return qs[keep], rs[keep], cx, cy


def _dark_land(e: EdgePixels, Minv, tinv, qs, rs, cx, cy) -> set:
    """Lattice hexes of dark land (a neighbouring state drawn dark grey): uniform and darker than
    the paper near them by ``DARK_LAND`` (a shadow darkens by a third only)."""
    grey, spread = _interior_grey(e, Minv, tinv, qs, rs)
    index = {(int(q), int(r)): i for i, (q, r) in enumerate(zip(qs, rs, strict=False))}
    paper = hex_neighbourhood(np.stack([qs, rs], axis=1).astype(np.int64), grey, P.PAPER_STEPS, -np.inf).max(axis=1)
    dark = {k for k, i in index.items()
            if paper[i] - grey[i] > P.DARK_STEP and grey[i] < P.DARK_LAND * paper[i]
            and spread[i] < P.DARK_UNIFORM[0] + P.DARK_UNIFORM[1] * (paper[i] - grey[i])}
    if e.valid is not None:
        # The filled corners of a straightened picture are uniform too, and no board.
        shows = sample(e.valid, cx, cy)
        dark = {k for k in dark if shows[index[k]]}
    return dark


def _marked_land(e: EdgePixels, Minv, tinv, qs, rs) -> set:
    """Lattice hexes marked all over (a mono board's hatched mountains, its stippled water):
    in each sixth of the hex's inside, ``MARKED_SHARE`` of the samples on edge pixels. The
    marks hide the hex's sides (hatch lines nearly along a side blur into it, across one they
    break it up): a hex of a hatched range shows two to four sides of six. A city's ring, a
    name or the legend's text mark a part of a hex, not every sixth of it."""
    lo, hi, rings = P.MARKED_RADII
    turns = P.MARKED_SECTORS * P.MARKED_PER_SECTOR
    rad = np.repeat(np.linspace(lo, hi, rings), turns)
    ang = np.tile(np.radians((np.arange(turns) + 0.5) * 360.0 / turns), rings)
    pu = (qs + rs / 2.0)[:, None] + rad * np.cos(ang)
    pv = (rs * SQRT3 / 2.0)[:, None] + rad * np.sin(ang)
    X, Y = _affine(Minv, tinv, pu, pv)
    edge = np.hypot(sample(e.gx, X, Y), sample(e.gy, X, Y)) > e.level
    if e.valid is not None:
        edge &= sample(e.valid, X, Y)
    sixth = np.tile(np.arange(turns) // P.MARKED_PER_SECTOR, rings)
    least = np.stack([edge[:, sixth == k].mean(axis=1) for k in range(P.MARKED_SECTORS)], axis=1).min(axis=1)
    return {(int(q), int(r)) for q, r, s in zip(qs, rs, least, strict=True) if s >= P.MARKED_SHARE}


def _rectangle(board: set, outline: dict, hints_frame: Hints) -> BoardExtent:
    """The rectangle of rows and columns the board's lattice hexes make."""
    rows_of: dict[int, list[int]] = {}
    for q, r in board:
        rows_of.setdefault(r, []).append(2 * q + r)     # doubled x: 2 * (q + r/2)
    fullest = max(len(v) for v in rows_of.values())
    good = sorted(r for r, v in rows_of.items() if len(v) >= max(1, fullest / P.ROW_PART))
    r0, r1 = good[0], good[-1]
    lefts = [[min(rows_of[r]) for r in range(r0 + k, r1 + 1, 2) if r in rows_of] for k in (0, 1)]
    x_even = _robust_min(lefts[0])        # leftmost doubled x of rows r0, r0+2, ...
    x_odd = _robust_min(lefts[1]) if lefts[1] else x_even + 1
    # (row 0 further right than row 1: row 0 is pushed)
    pushed_first = x_even > x_odd if hints_frame.offset is None else hints_frame.offset == "even"
    offset = "even" if pushed_first else "odd"
    # Doubled x of column 0 in an unpushed row.
    x_left = min(x_even - 1, x_odd) if pushed_first else min(x_even, x_odd - 1)
    # The column of each row's rightmost hex (doubled x - x_left is odd in a pushed row).
    rights = [(max(rows_of[r]) - x_left) // 2 for r in range(r0, r1 + 1) if r in rows_of]
    columns = hints_frame.columns or int(-_robust_min([-x for x in rights])) + 1
    rows = hints_frame.rows or r1 - r0 + 1
    origin = ((x_left + pushed_first - r0) // 2, r0)     # hex (0, 0): doubled x x_left + push
    return BoardExtent(columns, rows, offset, outline, origin, board)


def _robust_min(vals):
    """The k-th smallest value, k a ``ROBUST_PART``-th of them (neither a stray hex nor a gap moves it)."""
    v = sorted(vals)
    return v[max(1, len(v) // P.ROBUST_PART) - 1]


def on_board(e: EdgePixels, M, t, board: set) -> np.ndarray:
    """Which edge pixels lie in (or on the sides of) the board's hexes."""
    gu, gv = _affine(M, t, e.x, e.y)
    rf = gv / (SQRT3 / 2)
    q, r = axial_round(gu - rf / 2, rf)
    wanted = np.array(sorted(qq * 100003 + rr for qq, rr in board), dtype=np.int64)
    return np.isin(q * 100003 + r, wanted)


