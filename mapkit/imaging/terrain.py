"""Stage 2, terrain (:func:`read_terrain` -> :class:`TerrainReading`): each hex's fill, the
light over the picture, then the nearest class colour in CIELAB, the class colours measured
again on the board; hexes outside the board marked off. See ``docs/import.md``, "Colours"
and "Shade".

>>> from mapkit.testing import random_map, draw_board, dampfross_style
>>> from mapkit.imaging.gridfind import find_grid
>>> from mapkit.imaging.colour import DEFAULT_LEGEND
>>> m = random_map(2, 9, 7, "pointy", "odd")
>>> img = np.asarray(draw_board(m, 28, dampfross_style())[0])
>>> t = read_terrain(img, find_grid(img), DEFAULT_LEGEND)
>>> sum(t.terrain[h] == m.terrain[h] for h in m.grid.hexes()) == len(m.grid)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from . import params as P
from .colour import LUMA, TERRAIN_KEYS, lab_to_linear, linear_to_lab
from .light import Light, ShadeMap, local_shade, paper_hued, residual_shade
from .sampling import apply_affine, disc_pattern, linear_at

__all__ = ["TerrainReading", "read_terrain", "hex_fills", "mark_off"]


@dataclass
class TerrainReading:
    """Stage 2's reading per hex: terrain, confidence, fill (linear RGB, light out), share of the
    middle under writing; the light; each terrain's colour as printed; the paper's terrain."""

    terrain: dict = field(default_factory=dict)          # Hex -> terrain
    confidence: dict = field(default_factory=dict)       # Hex -> 0..1
    fills: dict = field(default_factory=dict)            # Hex -> linear RGB
    inner_ink: dict = field(default_factory=dict)        # Hex -> share of its middle written on
    light: Light | None = None
    colours: dict = field(default_factory=dict)          # terrain -> linear RGB
    paper: str = "plain"


def read_terrain(rgb: np.ndarray, fit, legend, fills=None) -> TerrainReading:
    """Terrain of every hex of ``fit``'s grid; see the module's documentation. ``fills``: what
    :func:`hex_fills` gives for the grid's hexes, when measured already (they do not depend
    on the legend: the importer reads the terrain with each look's legend to choose one)."""
    grid = fit.grid
    hexes = list(grid.hexes())
    centres = np.array([grid.centre_mm(h) for h in hexes])
    cxy = apply_affine(fit.affine, centres)
    med, busy, inner = fills if fills is not None else hex_fills(rgb, fit.affine, fit.hex_px, centres)
    keys = list(TERRAIN_KEYS)
    legend_lin = np.array([legend.linear(k) for k in keys])
    legend_lab = linear_to_lab(legend_lin)
    ref = int(np.argmax(legend_lab[:, 0]))                   # the paper: lightest terrain
    f = _Fills(med, busy, cxy, legend_lin, legend_lab, ref)
    light, cents = _fit_light(f, hexes, fit, rgb.shape)
    corr = med * light.gains(cxy[:, 0], cxy[:, 1])
    if light.shade is not None:
        cls = _nearest(linear_to_lab(corr), cents)[0]
        light = _finish_in_shade(f, light, corr, cls, cents, hexes, fit)
        corr = med * light.gains(cxy[:, 0], cxy[:, 1])
    cls, d1, d2 = _nearest(linear_to_lab(corr), cents)
    conf = np.clip((d2 - d1) / np.maximum(d2 + d1, 1e-9) * 2.0, 0.0, 1.0)
    return TerrainReading(terrain=dict(zip(hexes, (keys[k] for k in cls), strict=True)),
                          confidence=dict(zip(hexes, conf.tolist(), strict=True)),
                          fills=dict(zip(hexes, corr, strict=True)),
                          inner_ink=dict(zip(hexes, inner.tolist(), strict=True)), light=light,
                          colours={k: lab_to_linear(c) for k, c in zip(keys, cents, strict=True)},
                          paper=keys[ref])


@dataclass
class _Fills:
    """What the light is fitted to: each hex's fill (linear), whether busy, its centre in the
    picture; the legend's terrain colours (linear, CIELAB) and the paper's index among them."""

    med: np.ndarray
    busy: np.ndarray
    cxy: np.ndarray
    legend_lin: np.ndarray
    legend_lab: np.ndarray
    ref: int


def _fit_light(f: _Fills, hexes, fit, shape):
    """The light with the shade over it (a :class:`ShadeMap` or None) and the terrains' colours
    as printed (CIELAB), from each first guess of the paper (:func:`_first_papers`): the one
    that leaves the hexes nearest the legend's colours."""
    best = None
    for bright in _first_papers(f):
        light, cents = _light_rounds(f, bright, hexes, fit, shape)
        labs = linear_to_lab(f.med * light.gains(f.cxy[:, 0], f.cxy[:, 1]))
        error = float(_nearest(labs, f.legend_lab)[1].mean())
        if best is None or error < best[0]:
            best = (error, light, cents)
    assert best is not None     # _first_papers gives one guess or two
    return best[1], best[2]


def _first_papers(f: _Fills) -> list:
    """The light's first guesses of the paper: the hexes over ``FIRST_PAPER`` of the lightness;
    also those of them that, under even light as bright as the lightest hexes' (``PAPER_TOP``),
    lie nearer the paper than any other terrain of the legend. Where the neighbouring states
    in the light tint, or mountains, take more than two thirds of the board, they fill the
    first guess, and the light, fitted to the most of its hexes, makes them paper."""
    lum = f.med @ LUMA
    bright = lum >= np.percentile(lum, P.FIRST_PAPER)
    gain = float(f.legend_lin[f.ref] @ LUMA) / max(float(np.percentile(lum, P.PAPER_TOP)), 1e-6)
    alone = bright & (_nearest(linear_to_lab(f.med * gain), f.legend_lab)[0] == f.ref)
    if alone.sum() < P.LIGHT_MIN_PAPER or alone.sum() == bright.sum():
        return [bright]
    return [bright, alone]


def _light_rounds(f: _Fills, bright, hexes, fit, shape):
    """The light and the terrains' colours fitted in rounds from the paper ``bright``, each
    round on the hexes the last read as paper."""
    med, cxy, ref = f.med, f.cxy, f.ref
    white = f.legend_lin[ref]
    light = Light.fit(cxy[bright], med[bright], white)
    cents = f.legend_lab.copy()
    others = [f.legend_lin[k] for k in range(len(f.legend_lin)) if k != ref]
    unshade = np.ones(len(hexes))
    corners = None      # (the hexes' corners, for a shade only: most boards have none)
    for _ in range(P.LIGHT_ROUNDS):
        labs = linear_to_lab(med * light.gains(cxy[:, 0], cxy[:, 1]) * unshade[:, None])
        cls, d1, d2 = _nearest(labs, cents)
        _measure_classes(cents, labs, cls, f.busy, f.legend_lab)
        paper = (cls == ref) & (d1 < P.PAPER_MARGIN * d2)
        if paper.sum() >= P.LIGHT_MIN_PAPER:
            light = Light.fit(cxy[paper], med[paper] * unshade[paper, None], white)
        logs = local_shade(fit.grid, hexes, med * light.gains(cxy[:, 0], cxy[:, 1]), white, others)
        shade = None
        if (logs != 0).any():
            if corners is None:
                corners = apply_affine(fit.affine, np.array([fit.grid.corners_mm(h) for h in hexes]))
            shade = ShadeMap(corners, logs, (shape[1], shape[0]), fit.hex_px)
        unshade = (np.exp(-shade.at(cxy[:, 0], cxy[:, 1])) if shade is not None
                   else np.ones(len(hexes)))
    return replace(light, shade=shade), cents


def _measure_classes(cents, labs, cls, busy, legend_lab) -> None:
    """Each terrain's printed colour measured again on the hexes it won, in place (on
    plainly filled hexes only: a city's ring tints its hex), never far from the legend's."""
    least = max(P.CLASS_MEMBERS[0], P.CLASS_MEMBERS[1] * len(labs))
    for k in range(len(cents)):
        members = labs[(cls == k) & ~busy]
        if len(members) < least:
            members = labs[cls == k]
        if len(members) >= least:
            step = np.median(members, axis=0) - legend_lab[k]
            dist = float(np.linalg.norm(step))
            cents[k] = legend_lab[k] + step * min(1.0, P.CLASS_STEP_LAB / max(dist, 1e-9))
        else:
            cents[k] = legend_lab[k]


def _finish_in_shade(f: _Fills, light, corr, cls, cents, hexes, fit) -> Light:
    """In a shadow the light finished by each hex's own terrain (``cls``, read from its fill
    ``corr`` under ``light``, the terrains' colours as printed ``cents``); a grey hex read as a
    coloured terrain, light enough to be shaded paper, measured against the paper alone."""
    legend_lin, ref = f.legend_lin, f.ref
    white = legend_lin[ref]
    cents_lin = np.array([lab_to_linear(c) for c in cents])
    expected = cents_lin[cls]
    astray = paper_hued(corr, white) & ~paper_hued(legend_lin[cls], white)
    astray &= corr @ LUMA >= P.SHADE_DEEPEST * float(white @ LUMA)
    expected[astray] = cents_lin[ref]
    shade = light.shade
    logs = shade.logs + residual_shade(fit.grid, hexes, corr, expected, alone=astray)
    return replace(light, shade=ShadeMap(shade.corners, logs, shade.size, shade.hex_px))


def _nearest(labs: np.ndarray, cents: np.ndarray):
    """The nearest terrain of each colour, its distance and the next one's."""
    d = labs[:, None, :] - cents[None, :, :]
    d[..., 0] *= P.LIGHTNESS_WEIGHT
    dist = np.sqrt((d * d).sum(-1))
    order = np.argsort(dist, axis=1)
    rows = np.arange(len(labs))
    return order[:, 0], dist[rows, order[:, 0]], dist[rows, order[:, 1]]


def hex_fills(rgb, A, px, centres, chunk: int = 4000):
    """Each hex's fill (linear RGB), whether busy, its middle's share of writing: read in a
    middle disc and a band inside the sides (``px`` pixels between hex centres)."""
    n_axis = int(np.clip(round(2 * P.FILL_DISC * px / P.FILL_SAMPLES[0]), *P.FILL_SAMPLES[1]))
    disc = disc_pattern(P.FILL_DISC, n_axis)
    n_ang = int(np.clip(round(2 * math.pi * P.FILL_BAND[1] * px / P.FILL_SAMPLES[0]), *P.FILL_SAMPLES[2]))
    a = np.arange(n_ang) * (2 * math.pi / n_ang)
    band = np.concatenate([r * np.stack([np.cos(a + r), np.sin(a + r)], axis=1) for r in P.FILL_BAND])
    pattern = np.concatenate([disc, band])
    parts = [fill_colour(linear_at(rgb, apply_affine(A, centres[lo:lo + chunk, None, :] + pattern[None])), len(disc))
             for lo in range(0, len(centres), chunk)]
    med, busy, inner = (np.concatenate(x) for x in zip(*parts, strict=True))
    return med.astype(np.float64), busy, inner


def fill_colour(lin: np.ndarray, n_inner: int):
    """Each hex's fill from samples (n, p, 3): the median, or in a busy hex the colour most common
    in both middle and band; also which are busy and the middle's share of dark writing."""
    med = np.median(lin, axis=1)
    lab = linear_to_lab(lin.astype(np.float32)).astype(np.float32)
    mlab = linear_to_lab(med).astype(np.float32)
    stray = (np.linalg.norm(lab - mlab[:, None, :], axis=2) > P.STRAY_LAB).mean(axis=1)
    mid_l = lab[:, :n_inner, 0]
    inner = (mid_l < np.percentile(mid_l, P.LIGHTEST, axis=1)[:, None] - P.INK_DARKER).mean(axis=1)
    busy = np.nonzero(stray > P.BUSY_SHARE)[0]
    p = lin.shape[1]
    cand_idx = np.arange(0, p, max(1, p // P.BUSY_CANDIDATES))
    for lo in range(0, len(busy), 256):
        sel = busy[lo:lo + 256]
        L = lab[sel]                                        # (b, p, 3)
        C = L[:, cand_idx, :]                               # (b, c, 3)
        close = np.linalg.norm(C[:, :, None, :] - L[:, None, :, :], axis=3) < P.NEAR_LAB
        score = ((close[:, :, :n_inner].sum(axis=2) + P.BUSY_SMOOTH) / n_inner
                 * (close[:, :, n_inner:].sum(axis=2) + P.BUSY_SMOOTH) / (p - n_inner))
        best = np.argmax(score, axis=1)
        near = close[np.arange(len(sel)), best]              # (b, p)
        masked = np.where(near[..., None], lin[sel], np.nan)
        med[sel] = np.nanmedian(masked, axis=1)
    return med, stray > P.BUSY_SHARE, inner


def mark_off(terrain: dict, grid, outline: dict) -> None:
    """Paper-coloured hexes without outlines reached from the board's edge: ``off`` (in place)."""
    bare = {h for h in grid.hexes() if outline.get(h, 6) <= 1 and terrain[h] == "plain"}
    todo = [h for h in bare if len(grid.neighbours(h)) < 6]       # on the board's edge
    while todo:
        h = todo.pop()
        if terrain[h] != "off":
            terrain[h] = "off"
            todo += [n for n in grid.neighbours(h) if n in bare]
