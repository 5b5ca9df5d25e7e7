"""Rivers printed in the colour of the ink (:func:`dark_rivers`): the Expres look, whose rules
say "rivers are thick black lines".

Stage 3 tells a river from the hex outlines by colour: each sample is unmixed as fill + a
share of the river colour + a share of black ink. When the river is black too, ink explains
every river sample and no river is found (the Expres board of Germany: 1 river side of 305).
What tells such a river from an outline is its width: a band ``DARK_HALF`` hexes either side
of the side (0.6 mm across at 14 mm hexes; the renderer's outline is 0.18 mm wide, its Expres
river 1.6 mm) dark all across, along most of the side, as the mono reading finds its solid
lines. Dark means dark in every channel (under ``MONO_DARK`` of the lighter hex's fill), so a
red border or city outline, dark in lightness only, is none.

A neighbouring state is black in the Expres look, so a river can show on it only with paper
round it: ``mapkit render`` draws a river that runs beside a state border on the state's side
(as in every look) with a casing of paper (``Style.river_casing``) there, and a river between
two hexes abroad so too. Such a river is read ``DARK_BESIDE`` hexes off the side, towards
the state: a dark band with light paper ``DARK_FLANK`` hexes either side of it (black land
has none). Weaker sides join a river end to end (a name's plate over part of it), as in mono.

>>> round(float(DARK_FRAME.across[-1]), 3), len(DARK_FRAME.along)
(0.022, 25)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from . import params as P
from ..grid import SQRT3
from .mono import weak_rivers
from .sampling import apply_affine, linear_at

__all__ = ["DarkRivers", "dark_rivers", "reads_dark_rivers", "DARK_FRAME"]

DARK_HALF = 0.022       # hexes either side of a side: the band a dark river covers all across
DARK_BESIDE = 0.125     # hexes off the side, towards the state: a river beside a border (1.75 mm)
DARK_FLANK = 0.075      # hexes either side of that river: its casing of paper (1.05 mm)
DARK_INK = 0.12         # linear: dark is darker than this too (a brown ridge, 0.15, is not)
DARK_CITY = (0.015, 0.012)  # on a city's side: a band this far in, this wide each way


class _Frame(NamedTuple):
    along: np.ndarray       # places along a side, grid units from its middle
    across: np.ndarray      # places across the band


DARK_FRAME = _Frame(np.linspace(-P.MONO_ALONG, P.MONO_ALONG, P.MONO_ALONG_SAMPLES) / SQRT3,
                    np.linspace(-DARK_HALF, DARK_HALF, 5))


@dataclass
class DarkRivers:
    """The sides found to carry a dark river, and edge -> ("river" or None, how sure)."""

    edges: set = field(default_factory=set)
    confidence: dict = field(default_factory=dict)


def reads_dark_rivers(legend) -> bool:
    """Whether ``legend``'s rivers are printed in its ink colour (read by width, not colour)."""
    return "river" in legend.colours and float(
        np.linalg.norm(legend.linear("river") - legend.linear("grid"))) < P.OTHER_COLOUR


def dark_rivers(rgb: np.ndarray, fit, land, cities=()) -> DarkRivers:
    """The dark rivers of the board ``fit`` found in ``rgb``; ``land``: its terrain reading
    (fills out of the light, ``land.light``); ``cities``: the city hexes found; see the
    module's documentation."""
    grid = fit.grid
    edges = [e for e in grid.edges() if "off" not in (land.terrain[e[0]], land.terrain[e[1]])]
    abroad = np.array([[land.terrain[h] == "foreign" for h in e] for e in edges], dtype=bool).reshape(-1, 2)
    level = np.array([[_level(land, h) for h in e] for e in edges]).reshape(-1, 2).max(axis=1)
    home = abroad.sum(axis=1) < 2
    share = np.zeros(len(edges))
    share[home] = _solid(rgb, fit, land, [e for e, k in zip(edges, home, strict=True) if k], level[home])
    _city_sides(rgb, fit, land, (edges, share, level), home & ~abroad.any(axis=1), set(cities))
    rows = np.nonzero(abroad.any(axis=1))[0]
    # (beside a border: off the side towards the state; between two hexes abroad: on it)
    towards = np.where(abroad[rows, 1], 1.0, -1.0) * np.where(home[rows], DARK_BESIDE, 0.0)
    share[rows] = np.maximum(share[rows], _cased(rgb, fit, land, [edges[i] for i in rows], towards))
    out = DarkRivers()
    weak = {}
    for e, a in zip(edges, share.tolist(), strict=True):
        if a >= P.MONO_SOLID:
            out.edges.add(e)
        elif a >= P.MONO_SOLID_WEAK:
            weak[e] = "line"
        out.confidence[e] = ("river" if a >= P.MONO_SOLID else None,
                             float(min(1.0, abs(a - P.MONO_SOLID) / (1 - P.MONO_SOLID))))
    weak_rivers(grid, weak, {"river": out.edges, "border": set()})
    for e in out.edges:
        out.confidence[e] = ("river", out.confidence[e][1])
    return out


def _level(land, h) -> float:
    """The least channel of hex ``h``'s fill out of the light: what dark is measured against
    (black land has none: it is measured against the other hex)."""
    return float(np.min(land.fills[h])) if land.terrain[h] != "foreign" else 0.0


def _band(rgb, fit, land, edges: list, offsets, across) -> np.ndarray:
    """The greatest channel (out of the light) at places along each side of ``edges``,
    ``offsets`` hexes towards its second hex (one each, or one for all), and ``across`` it:
    (sides, along, across)."""
    grid = fit.grid
    a = np.array([grid.centre_mm(e[0]) for e in edges]).reshape(-1, 2)
    b = np.array([grid.centre_mm(e[1]) for e in edges]).reshape(-1, 2)
    nrm = (b - a) / np.linalg.norm(b - a, axis=1, keepdims=True)
    tan = np.stack([-nrm[:, 1], nrm[:, 0]], axis=1)
    mid = (a + b) / 2 + np.broadcast_to(np.asarray(offsets, dtype=float), (len(edges),))[:, None] * nrm
    pts = (mid[:, None, None, :] + across[None, None, :, None] * nrm[:, None, None, :]
           + DARK_FRAME.along[None, :, None, None] * tan[:, None, None, :])
    centre = apply_affine(fit.affine, mid)
    gains = land.light.gains(centre[:, 0], centre[:, 1])
    return (linear_at(rgb, apply_affine(fit.affine, pts)) * gains[:, None, None, :]).max(axis=-1)


def _city_sides(rgb, fit, land, measured, rows: np.ndarray, cities: set) -> None:
    """On a city's side (in place in ``measured``, (edges, share, level)) the river shows
    between the side and the city's outline (drawn over the river's inner half): a name's
    plate over the outer half (Portland, Ústí nad Labem beside their cities) hides it from
    the band on the side, not from ``DARK_CITY``'s just inside it (paper there without one)."""
    edges, share, level = measured
    pick = [i for i in np.nonzero(rows)[0] if (edges[i][0] in cities) != (edges[i][1] in cities)]
    if not pick:
        return
    towards = np.array([1.0 if edges[i][1] in cities else -1.0 for i in pick]) * DARK_CITY[0]
    across = np.linspace(-DARK_CITY[1], DARK_CITY[1], 5)
    inside = _solid(rgb, fit, land, [edges[i] for i in pick], level[pick], towards, across)
    share[pick] = np.maximum(share[pick], inside)


def _solid(rgb, fit, land, edges: list, level: np.ndarray, offsets=0.0, across=DARK_FRAME.across) -> np.ndarray:
    """Each side's share of places dark (under ``MONO_DARK`` of its ``level`` and
    ``DARK_INK``) all across the band ``offsets`` off it; places under a name's plate (the
    band's darkest place light) say nothing, and a side mostly under one none."""
    if not edges:
        return np.zeros(0)
    dark = np.minimum(P.MONO_DARK * level[:, None], DARK_INK)
    vals = _band(rgb, fit, land, edges, offsets, across)
    seen = vals.min(axis=2) < P.MONO_HIDDEN * dark / P.MONO_DARK
    full = (vals < dark[:, :, None]).all(axis=2) & seen
    n_seen = seen.sum(axis=1)
    return np.where(n_seen >= vals.shape[1] / 2, full.sum(axis=1) / np.maximum(n_seen, 1), 0.0)


def _cased(rgb, fit, land, edges: list, offsets: np.ndarray) -> np.ndarray:
    """Each side's share of places where a river ``offsets`` hexes off it shows with paper
    either side (a river on black land): dark all across, light ``DARK_FLANK`` off."""
    if not edges:
        return np.zeros(0)
    paper = float(np.min(land.colours[land.paper]))
    across = np.concatenate([DARK_FRAME.across, [-DARK_FLANK, DARK_FLANK]])
    vals = _band(rgb, fit, land, edges, offsets, across)
    core = (vals[:, :, :-2] < min(P.MONO_DARK * paper, DARK_INK)).all(axis=2)
    flanks = (vals[:, :, -2:] > P.MONO_LIGHT * paper).all(axis=2)
    return (core & flanks).mean(axis=1)
