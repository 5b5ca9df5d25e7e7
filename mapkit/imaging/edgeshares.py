"""Stage 3, edges measured (:func:`measure_edges` -> :class:`EdgeShares`): how much of each
stroke colour shows on each hex side, past it, beside it, as dashes. Samples on a lattice
across and along each side (:func:`edge_frame`) are unmixed over a blend of the two hexes'
fills. The decisions are made in :mod:`.edges`. See ``docs/import.md``, "Strokes".

>>> f = edge_frame(30.0)
>>> len(f.along), len(f.across), bool(f.central[len(f.across) // 2])
(7, 13, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from . import params as P
from ..grid import SQRT3
from .mixing import against, low_quantile, mix_residual, stroke_share
from .sampling import HexPicture

__all__ = ["EdgeShares", "EdgeFrame", "edge_frame", "StrokeColours", "measure_edges"]


class EdgeFrame(NamedTuple):
    """Where a side is sampled (grid units from its middle): ``along``, ``across``; which places
    across are on the line (``central``), on it or a pixel off (``wide``), past it on either
    side (``outer_a``, ``outer_b``), in the band where a line's middle is found (``band``)."""

    along: np.ndarray
    across: np.ndarray
    central: np.ndarray
    wide: np.ndarray
    outer_a: np.ndarray
    outer_b: np.ndarray
    band: np.ndarray
    beside_a: np.ndarray
    beside_b: np.ndarray


def edge_frame(px: float) -> EdgeFrame:
    """The sampling frame for a picture of ``px`` pixels between hex centres."""
    along = np.linspace(-P.ALONG, P.ALONG, P.ALONG_SAMPLES) * (1.0 / SQRT3)
    half, line, near, far = (max(grid, pixels / px) for grid, pixels in (P.ACROSS_MIN, P.CENTRAL, *P.OUTER))
    n_across = int(np.clip(2 * round(half * px / P.ACROSS_SAMPLES[0]) + 1, *P.ACROSS_SAMPLES[1:]))
    across = np.linspace(-half, half, n_across)
    central = np.abs(across) <= line
    # (Between hexes of one terrain the line may lie a pixel off where the grid puts it.)
    wide = np.abs(across) <= line + 0.5 * (across[1] - across[0])

    def flanks(lo: float, hi: float) -> tuple[np.ndarray, np.ndarray]:
        return (across <= -lo) & (across >= -hi), (across >= lo) & (across <= hi)

    return EdgeFrame(along, across, central, wide, *flanks(near, far), np.abs(across) <= P.CENTROID_BAND,
                     *flanks(*P.BESIDE))


@dataclass
class EdgeShares:
    """Per edge (rows) and stroke colour (columns, ``kinds``): ``line`` the share on the line;
    ``outer`` just past it towards each hex (n, k, 2); ``centroid`` where across it the colour
    lies (negative towards the first hex); ``over`` over a city outline's colour; ``dashed``
    on a few samples along it (n, k, 2); ``beside`` along a line beside it, each way (n, k, 2)."""

    kinds: list
    line: np.ndarray
    outer: np.ndarray
    centroid: np.ndarray
    over: np.ndarray
    dashed: np.ndarray
    beside: np.ndarray


class StrokeColours(NamedTuple):
    """The colours :func:`measure_edges` tells apart (linear RGB): ``strokes`` (kind -> colour,
    the columns of :class:`EdgeShares`), the outlines' ``ink``, a city ``outline``'s colour
    (``over`` measured; None: not), the city colour ``ring`` (read on the line only; None)."""

    strokes: dict
    ink: np.ndarray
    outline: np.ndarray | None = None
    ring: np.ndarray | None = None


class _Chunk(NamedTuple):
    """What one chunk of sides shares for :func:`_summarise`: its ``rows`` of the output, the
    samples hidden under ink, ink's residual, the fills either side, the ink, the frame."""

    rows: slice
    hidden: np.ndarray
    r_ink: np.ndarray
    fa: np.ndarray
    fb: np.ndarray
    ink: np.ndarray
    frame: EdgeFrame


def measure_edges(pic: HexPicture, ea: np.ndarray, eb: np.ndarray, colours: StrokeColours) -> EdgeShares:
    """The shares of the strokes ``colours.strokes`` on the sides between hexes ``ea[i]`` and
    ``eb[i]`` (indices into ``pic.hexes``)."""
    stroke_lin, ink, outline, ring = colours
    kinds = list(stroke_lin)
    n, k = len(ea), len(kinds)
    f = edge_frame(pic.hex_px)
    pa, pb = pic.centres[ea], pic.centres[eb]
    mid = (pa + pb) / 2
    nrm = pb - pa
    nrm /= np.linalg.norm(nrm, axis=1, keepdims=True)
    tan = np.stack([-nrm[:, 1], nrm[:, 0]], axis=1)
    out = EdgeShares(kinds, np.zeros((n, k)), np.zeros((n, k, 2)), np.zeros((n, k)),
                     np.zeros((n, k)), np.zeros((n, k, 2)), np.zeros((n, k, 2)))
    gains = pic.gains(mid)
    for lo in range(0, n, P.EDGE_CHUNK):
        hi = min(n, lo + P.EDGE_CHUNK)
        grid_pts = (mid[lo:hi, None, None, :] + f.across[None, :, None, None] * nrm[lo:hi, None, None, :]
                    + f.along[None, None, :, None] * tan[lo:hi, None, None, :])
        lin = pic.linear(grid_pts)          # (c, n_across, n_along, 3)
        lin *= gains[lo:hi, None, None, :]
        fa, fb = pic.fills[ea[lo:hi]], pic.fills[eb[lo:hi]]
        fits, hidden, r_ink = _compete(lin, fa, fb, stroke_lin, ink)
        residuals = np.stack([r for _, r in fits])
        bar, winner = residuals.min(axis=0), residuals.argmin(axis=0)
        chunk = _Chunk(slice(lo, hi), hidden, r_ink, fa, fb, ink, f)
        for j, (good, _) in enumerate(fits):
            good = np.where(winner == j, good, 0.0)      # each sample is the best stroke's
            extra = None
            if outline is not None and float(np.linalg.norm(stroke_lin[kinds[j]] - outline)) >= P.OTHER_COLOUR:
                extra = over_outline(lin, fa, fb, stroke_lin[kinds[j]], outline, ink, bar)
            own = ring is None or float(np.linalg.norm(stroke_lin[kinds[j]] - ring)) >= P.OTHER_COLOUR
            _summarise(out, chunk, j, good, extra, own)
    return out


def _compete(lin, fa, fb, stroke_lin, ink):
    """Each sample unmixed with each stroke over the best blend of the two fills: shares and
    residuals per stroke, hidden under ink, ink's residual (0 where fills and ink explain it)."""
    k0, k1 = P.EXPLAINED
    # (Blends only where the two fills differ: most edges lie between hexes of one terrain.)
    diff = np.nonzero(np.linalg.norm(fb - fa, axis=-1) >= P.SAME_FILL)[0]
    lin_d, fa_d, fb_d = lin[diff], fa[diff], fb[diff]
    r0 = mix_residual(lin_d, fa_d[:, None, None, :], fb_d[:, None, None, :], ink)
    v = (ink - fa)[:, None, None, :]
    dev = lin - fa[:, None, None, :]
    b_ink = np.clip((dev * v).sum(-1) / np.maximum((v * v).sum(-1), 1e-9), 0.0, 1.0)
    r_ink = np.linalg.norm(dev - b_ink[..., None] * v, axis=-1)
    # (the samples measured against each background once, for every stroke)
    own = _against(lin, fa, ink)
    blends = [(fill, _against(lin_d, fill, ink)) for fill in (fa_d + t * (fb_d - fa_d) for t in P.BLENDS[1:])]
    fits = []
    hidden = None
    for colour in stroke_lin.values():
        good, absres, hid = stroke_share(own, fa, colour)
        good = np.where(r_ink <= k0 * absres + k1, 0.0, good)
        gd, rd, hd = good[diff], absres[diff], hid[diff]
        for fill, bg in blends:
            g, r, h = stroke_share(bg, fill, colour)
            better = r < rd
            gd = np.where(better, g, gd)
            hd = np.where(better, h, hd)
            rd = np.minimum(r, rd)
        good[diff] = np.where(r0 <= k0 * rd + k1, 0.0, gd)
        absres[diff], hid[diff] = rd, hd
        hidden = hid if hidden is None else hidden & hid
        fits.append((good, absres))
    return fits, hidden, r_ink


def _against(lin, fill, ink):
    """The samples of each edge (c, across, along, 3) measured against its ``fill`` (c, 3)."""
    return against(lin, fill[:, None, None, :], ink)


def _summarise(out: EdgeShares, chunk: _Chunk, j: int, good, extra, own: bool) -> None:
    """One stroke's samples on a chunk of edges (``good``: shares, (c, across, along)) summed into
    ``out`` (the chunk's rows, column ``j``); ``extra``: its share over a city outline (None: not
    measured); ``own``: not the city colour, so read beside too."""
    rows, hidden, fa, f = chunk.rows, chunk.hidden, chunk.fa, chunk.frame
    n_along = len(f.along)
    shown = np.where(hidden, 0.0, good)
    sym = np.minimum(shown[:, f.central, :].max(axis=1),
                     np.minimum(shown[:, f.outer_a, :].max(axis=1), shown[:, f.outer_b, :].max(axis=1)))
    out.dashed[rows, j, 0] = np.sort(sym, axis=1)[:, -P.DASH_SAMPLES]
    near_line = shown[:, f.central | f.outer_a | f.outer_b, :].max(axis=1)
    out.dashed[rows, j, 1] = np.sort(near_line, axis=1)[:, -P.DASH_SAMPLES]
    seen = (~hidden).sum(axis=2)                     # (c, n_across)
    enough = seen >= max(2, P.SEEN_SHARE * n_along)
    if extra is not None:
        # (the outline keeps its own share of such a sample: both lines are there)
        both = low_quantile(np.where(hidden, np.nan, np.maximum(good, extra)), seen, P.STROKE_QUANTILE)
        out.over[rows, j] = np.where(enough, both, 0.0)[:, f.central].max(axis=1)
    # A line runs through the middle of its side (samples under ink: no say).
    mid_share = np.where(hidden, -1.0, good)[:, f.wide, n_along // 2 - 1:n_along // 2 + 2]
    mid_share = mid_share.reshape(len(fa), -1).max(axis=1)
    good = low_quantile(np.where(hidden, np.nan, good), seen, P.STROKE_QUANTILE)
    good = np.where(enough, good, 0.0)        # mostly under ink: an outline, not a stroke
    on_band = good[:, f.central].max(axis=1)
    if own:
        on_band = _beside_line(on_band, good, chunk)
    out.line[rows, j] = np.where(mid_share >= 0, np.minimum(on_band, mid_share), on_band)
    out.outer[rows, j] = np.stack([good[:, f.outer_a].max(axis=1), good[:, f.outer_b].max(axis=1)], axis=1)
    out.beside[rows, j] = np.stack([good[:, f.beside_a].max(axis=1), good[:, f.beside_b].max(axis=1)], axis=1)
    wgt = good[:, f.band]
    out.centroid[rows, j] = (wgt * f.across[f.band]).sum(axis=1) / np.maximum(wgt.sum(axis=1), 1e-9)


def _beside_line(on_band, good, chunk: _Chunk):
    """Within one terrain a clear stroke a pixel beside the line counts too, unless the line is
    a bare grey outline (JPEG tints one side of it bluish): there the weaker side counts."""
    _, hidden, r_ink, fa, fb, ink, f = chunk
    beside = good[:, f.wide].max(axis=1)
    one = np.linalg.norm(fb - fa, axis=-1) < P.SAME_FILL
    on_band = np.where(one & (beside >= P.STROKE_ALPHA), beside, on_band)
    on_line = hidden[:, f.central, :].reshape(len(fa), -1)
    miss = np.where(on_line, r_ink[:, f.central, :].reshape(len(fa), -1), np.inf)
    middle = np.maximum(on_line.sum(axis=1) - 1, 0) // 2
    grey = np.sort(miss, axis=1)[np.arange(len(fa)), middle]
    bare = one & (on_line.mean(axis=1) >= P.BARE_HIDDEN) & (grey < P.BARE_MISS)
    bare &= np.linalg.norm(ink - fa, axis=-1) >= P.BARE_CONTRAST
    two = np.minimum(good[:, f.wide & (f.across < 0)].max(axis=1),
                     good[:, f.wide & (f.across > 0)].max(axis=1))
    return np.where(bare, np.minimum(on_band, two), on_band)


def over_outline(lin, fa, fb, stroke, outline, ink, absres):
    """A stroke on a side a city's outline runs along too (blue over red blurs purple): its share
    over the fill blended with the outline colour, where that explains a sample better than
    any stroke over the plain fills (``absres``) and the rest leaves it unexplained."""
    k0, k1 = P.EXPLAINED
    without = mix_residual(lin, fa[:, None, None, :], fb[:, None, None, :], ink)
    diff = np.nonzero(np.linalg.norm(fb - fa, axis=-1) >= P.SAME_FILL)[0]
    for t in P.BLENDS:
        blend = fa + t * (fb - fa)
        part: np.ndarray | slice        # the sides blended: where the fills differ, or all
        if 0 < t < 1:
            blend, part = blend[diff], diff
        else:
            part = slice(None)
        without[part] = np.minimum(without[part],
                                   mix_residual(lin[part], blend[:, None, None, :], outline, ink))
    extra = np.zeros(lin.shape[:-1])
    for base in (fa, fb):
        for t in P.OUTLINE_TINT:
            fill = base + t * (outline - base)
            g, r, h = stroke_share(_against(lin, fill, ink), fill, stroke)
            better = (r < absres) & (without > k0 * r + k1) & ~h
            extra = np.where(better, np.maximum(extra, g), extra)
            absres = np.where(better, r, absres)
    return extra
