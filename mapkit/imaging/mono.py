"""Stages 2 to 5 for a board printed without colour (``mapkit render --style mono``, or a
grey copy): terrain by its marks (:func:`mono_terrain`: hatching, stippling, grey paper),
edges by solid and dashed black lines (:func:`mono_edges`), cities by black hexagons
(:func:`mono_cities`); a :class:`~mapkit.imaging.reading.Reading` as for colour. See
``docs/import.md``, "Boards without colour".

The neighbouring states are grey paper: the mono look's own grey (``mono``) or the toner-light
tint (``mono-light``), which :func:`mono_tint` tells from the hexes' paper levels.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from . import params as P
from ..grid import SQRT3
from .colour import LUMA
from .ferries import read_ferries
from .numbercrops import ink_runs
from .sampling import LINEAR_LUT, HexPicture, apply_affine, bilinear
from .terrain import mark_off

__all__ = ["read_board_mono", "mono_terrain", "mono_edges", "mono_cities", "weak_rivers", "mono_colours",
           "mono_tint", "MONO_LOOKS"]

MONO_LOOKS = ("mono", "mono-light")


def _state_grey(look: str) -> float:
    """The lightness (paper 1) of look ``look``'s neighbouring states."""
    from .legends import STYLE_LEGENDS
    legend = STYLE_LEGENDS[look]
    return float(legend.linear("foreign") @ LUMA / (legend.linear("plain") @ LUMA))


def mono_colours(look: str = "mono") -> dict:
    """What the stages after this one (race numbers, names) take the board's colours to be."""
    state = _state_grey(look)
    return {"plain": np.ones(3), "mountain": np.ones(3), "water": np.ones(3), "foreign": np.full(3, state)}


def mono_tint(levels) -> str:
    """The look (``mono`` or ``mono-light``) whose greys the hexes' paper ``levels`` (paper 1)
    fit: the light one when their mean distance from the nearer of paper and the state's grey
    is under ``TINT_BETTER`` of the mono look's (no neighbouring state: the mono look).

    >>> mono_tint([1.0, 0.99, 0.79, 0.8, 1.0]), mono_tint([1.0, 0.38, 0.4, 1.0]), mono_tint([1.0, 0.98])
    ('mono-light', 'mono', 'mono')
    """
    lv = np.asarray(levels, dtype=float)
    err = {k: float(np.mean(np.minimum(np.abs(lv - 1.0), np.abs(lv - _state_grey(k))))) for k in MONO_LOOKS}
    return "mono-light" if err["mono-light"] < P.TINT_BETTER * err["mono"] else "mono"


def read_board_mono(rgb: np.ndarray, fit, look: str | None = None):
    """Terrain, rivers, borders and cities of a board without colour (``fit``: its grid) and the
    look read (``look``: ``mono`` or ``mono-light`` as given, None: :func:`mono_tint`'s)."""
    from .light import Light
    from .reading import Reading
    grid = fit.grid
    grey = _grey(rgb)
    cities = mono_cities(grey, fit)
    terrain, conf, level, look = mono_terrain(grey, fit, cities, look)
    mark_off(terrain, grid, fit.outline)
    for h in cities:
        if all(terrain.get(n) == "foreign" for n in grid.neighbours(h)):
            terrain[h] = "foreign"           # a town abroad, drawn on paper of its own
    strokes, edge_conf = mono_edges(grey, fit, level)
    colours = mono_colours(look)
    light = Light(np.zeros((3, 1)), np.zeros(2), 1.0)
    fills = {h: colours[t if t in colours else "plain"] for h, t in terrain.items()}
    hexes = list(grid.hexes())
    pic = HexPicture(rgb, fit.affine, fit.hex_px, hexes, np.array([grid.centre_mm(h) for h in hexes]),
                     np.array([fills[h] for h in hexes]), light)
    ferries = read_ferries(pic, grid, cities, np.zeros(3), None)
    return Reading(grid, terrain, conf, strokes, edge_conf,
                   cities={h: P.MONO_RING for h in cities}, city_conf={h: 1.0 for h in cities},
                   light=light, fills=fills, colours=colours, in_colour=False, ferries=ferries), look


def _grey(rgb: np.ndarray) -> np.ndarray:
    """The picture's lightness in linear light, its paper (``MONO_PAPER``) at 1. (Made in
    strips of rows: the whole picture's colours in linear light at once take 24 bytes a pixel,
    600 MB for a page at 300 dpi.)"""
    lin = np.empty(rgb.shape[:2])
    for top in range(0, len(rgb), _STRIP):
        lin[top:top + _STRIP] = LINEAR_LUT[rgb[top:top + _STRIP]] @ LUMA
    paper = max(float(np.percentile(lin[::P.MONO_PAPER[1], ::P.MONO_PAPER[1]], P.MONO_PAPER[0])), 1e-3)
    out = np.empty(rgb.shape[:2], dtype=np.float32)
    for top in range(0, len(rgb), _STRIP):
        out[top:top + _STRIP] = lin[top:top + _STRIP] / paper
    return out


_STRIP = 64     # rows of :func:`_grey`'s strips


def _at(grey: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Bilinear lightness at picture points (..., 2)."""
    return bilinear(grey, pts[..., 0], pts[..., 1])


def mono_terrain(grey: np.ndarray, fit, cities, look: str | None = None) -> tuple[dict, dict, dict, str]:
    """Each hex's terrain, how sure, its paper's level, and the look whose neighbouring states
    were read (``look``, else :func:`mono_tint`'s), read in six sectors beyond its middle:
    grey paper in most (foreign), marks in every one in parallel lines (hatching: mountain) or
    dots (water). A city stands on plain or mountain."""
    grid = fit.grid
    hexes = list(grid.hexes())
    step = 0.5 / fit.hex_px                     # half a pixel, in hex units
    t = np.arange(-P.MONO_TEXTURE_R, P.MONO_TEXTURE_R + 1e-9, max(step, 0.01))
    uu, vv = np.meshgrid(t, t)
    rr = np.hypot(uu, vv)
    inside = rr <= P.MONO_TEXTURE_R
    pattern = np.stack([uu[inside], vv[inside]], axis=1)
    sector = np.floor((np.arctan2(vv, uu) + math.pi) / (math.pi / 3)).astype(int) % 6
    sectors = [inside & (sector == j) & (rr >= P.MONO_TEXTURE_INNER) for j in range(6)]
    parts = [m[inside] for m in sectors]        # the same, over the samples
    centres = np.array([grid.centre_mm(h) for h in hexes])
    lights, shares, cohs = [], [], []
    for lo in range(0, len(hexes), 256):
        vals = _at(grey, apply_affine(fit.affine, centres[lo:lo + 256, None, :] + pattern[None]))
        light = np.median(np.stack([np.median(vals[:, m], axis=1) for m in parts]), axis=0)
        paper = np.maximum(light, np.percentile(vals, P.LIGHTEST, axis=1))
        shares.append(np.sort(np.stack([(vals[:, m] < P.MONO_DARK * paper[:, None]).mean(axis=1)
                                        for m in parts]), axis=0))
        coh = _coherent(_tensors(vals, uu.shape, inside, [inside]).sum(axis=0))
        lined = _lined(vals, uu.shape, inside, sectors)
        cohs.append([lined[k] if h in cities else coh[k] for k, h in enumerate(hexes[lo:lo + 256])])
        lights.append(light)
    light, share, coh = np.concatenate(lights), np.concatenate(shares, axis=1), np.concatenate(cohs)
    look = look or mono_tint([v for v, h in zip(light, hexes, strict=True) if h not in cities])
    state = _state_grey(look)
    # (a light state is as light as a hatching blurred at 100 dpi: there the marks decide first)
    foreign_grey = _Grey(state + P.MONO_FOREIGN * (1.0 - state), marks_first=state > P.MONO_FOREIGN_MARKS)
    terrain, conf, level = {}, {}, {}
    for k, h in enumerate(hexes):
        level[h] = float(light[k])
        terrain[h], conf[h] = _kind(light[k], share[:, k], coh[k], h in cities, foreign_grey)
    return terrain, conf, level, look


class _Grey(NamedTuple):
    """How a neighbouring state's grey is told: paper under ``foreign`` (paper 1) is the state,
    after the marks (a hatching or a stipple in every sector: no state) when ``marks_first``."""

    foreign: float
    marks_first: bool = False


def _kind(light: float, shares, coh: float, city: bool, grey: _Grey) -> tuple[str, float]:
    """A hex's terrain and how sure, from its paper's level, sectors' dark shares, coherence
    (``grey``: how the neighbouring states' grey is told)."""
    # (a city's numbers may stand on a white plate over two of its sectors)
    textured = (shares[2] if city else shares[0]) >= P.MONO_TEXTURED
    if light < grey.foreign and not city and not (grey.marks_first and textured):
        return "foreign", float(np.clip((grey.foreign - light) / grey.foreign, 0, 1))
    if not textured:
        return "plain", float(np.clip(1 - shares[0] / P.MONO_TEXTURED, 0, 1))
    if coh >= (P.MONO_HATCHED_CITY if city else P.MONO_HATCHED):
        return "mountain", float(np.clip(coh, 0, 1))
    return ("plain" if city else "water"), float(np.clip(1 - coh, 0, 1))


def _lined(vals: np.ndarray, shape, inside, sectors) -> np.ndarray:
    """A city's coherence: of its four sectors (``sectors``, masks of ``shape``) whose marks lie
    most in lines, taken together. Its race numbers stack over the other two (three of them
    dilute the hatching of the whole disc to that of a plain city), and the lines must run one
    way in all four (fragments of digits are lines too, but each its own way)."""
    t = _tensors(vals, shape, inside, sectors)                  # (sectors, 3, n)
    best = np.argsort(-_coherent(t), axis=0)[:P.MONO_CITY_SECTORS]
    return _coherent(np.take_along_axis(t, best[:, None, :], axis=0).sum(axis=0))


def _tensors(vals: np.ndarray, shape, inside, masks) -> np.ndarray:
    """The structure tensor ``(jxx, jyy, jxy)`` of each row of samples ``inside`` ``shape``, summed
    over each of ``masks``: ``(masks, 3, rows)``."""
    img = np.ones((len(vals),) + shape, dtype=np.float32)
    img[:, inside] = vals
    gx = img[:, 1:-1, 2:] - img[:, 1:-1, :-2]
    gy = img[:, 2:, 1:-1] - img[:, :-2, 1:-1]
    products = (gx * gx, gy * gy, gx * gy)
    return np.array([[p[:, m[1:-1, 1:-1]].sum(axis=1) for p in products] for m in masks])


def _coherent(t: np.ndarray) -> np.ndarray:
    """Coherence of structure tensors ``(..., 3, n)``: how much the marks lie in parallel lines
    (1: lines; dots, letters: low)."""
    jxx, jyy, jxy = t[..., 0, :], t[..., 1, :], t[..., 2, :]
    return np.sqrt((jxx - jyy) ** 2 + 4 * jxy ** 2) / np.maximum(jxx + jyy, 1e-9)


def mono_cities(grey: np.ndarray, fit) -> set:
    """Hexes with a dark hexagon all round at the ring's distance and light just inside it."""
    grid = fit.grid
    hexes = list(grid.hexes())
    centres = np.array([grid.centre_mm(h) for h in hexes])
    n = P.RING_ANGLES
    ang = np.arange(n) * (2 * math.pi / n)
    start = 0.0 if grid.orientation == "pointy" else math.pi / 6
    rel = (ang - start) % (math.pi / 3)
    rel = np.minimum(rel, math.pi / 3 - rel)
    # The ring is a hexagon, as the hex: its distance from the centre at each angle.
    dirs = np.stack([np.cos(ang), np.sin(ang)], axis=1) / np.cos(rel)[:, None]
    found: set = set()
    for lo in range(0, len(hexes), 512):
        c = centres[lo:lo + 512, None, :]
        on = _at(grey, apply_affine(fit.affine, c + P.MONO_RING * dirs[None]))
        within = _at(grey, apply_affine(fit.affine, c + (P.MONO_RING - P.MONO_RING_GAP) * dirs[None]))
        dark = (on < P.MONO_DARK).mean(axis=1)
        clear = (within > P.MONO_LIGHT).mean(axis=1)
        found.update(hexes[lo + k] for k in np.nonzero((dark >= P.MONO_RING_ALL) & (clear >= P.MONO_RING_CLEAR))[0])
    return found


def mono_edges(grey: np.ndarray, fit, level: dict) -> tuple[dict, dict]:
    """``({kind: edges}, {edge: (kind or None, how sure)})``: a side dark all along is a river, in
    dashes a border (a solid line beside it, a river too); one half dark is a river or a
    border where it joins one end to end (a name's plate hides the rest)."""
    grid = fit.grid
    strokes: dict[str, set] = {"river": set(), "border": set()}
    along = np.linspace(-P.MONO_ALONG, P.MONO_ALONG, P.MONO_ALONG_SAMPLES) / SQRT3
    across = np.linspace(-P.MONO_HALF_STROKE, P.MONO_HALF_STROKE, 5)
    weak, conf = {}, {}
    for e in grid.edges():
        dark = P.MONO_DARK * min(level[e[0]], level[e[1]])
        solid, runs = _band(grey, fit, e, along, across, 0.0, dark)
        kind = "river" if solid >= P.MONO_SOLID else "border" if runs >= P.MONO_DASHED else None
        if kind:
            strokes[kind].add(e)
        if kind != "river" and solid >= P.MONO_SOLID_WEAK:
            weak[e] = "line"
        if kind == "border":
            beside = max(_band(grey, fit, e, along, across, s * P.MONO_BESIDE, dark)[0] for s in (-1.0, 1.0))
            if beside >= P.MONO_SOLID:
                strokes["river"].add(e)
            elif beside >= P.MONO_SOLID_WEAK:
                weak[e] = "beside"
        conf[e] = (kind, float(max(solid, runs)))
    weak_rivers(grid, weak, strokes)
    return strokes, conf


def weak_rivers(grid, weak: dict, strokes: dict) -> None:
    """Sides in ``weak`` joining a river end to end are rivers too (in place; a name's plate
    over part of a river leaves its sides there weak). Also for the dark rivers of colour
    boards (:mod:`mapkit.imaging.darkrivers`)."""
    rivers, borders = strokes["river"], strokes["border"]

    def joins(e, lines):
        return any(x in lines for x in grid.touching(e))

    todo = set(weak)
    grew = True
    while grew:
        grew = False
        for e in sorted(todo):
            if not joins(e, rivers) or (weak[e] == "line" and joins(e, borders - {e})):
                continue
            rivers.add(e)
            if weak[e] == "line":
                borders.discard(e)
            todo.discard(e)
            grew = True


def _band(grey, fit, e, along, across, offset: float, dark: float) -> tuple[float, float]:
    """Along ``e`` (moved ``offset`` towards its second hex): the share of places where a band
    half a river wide is all dark, and the share in dash-long runs; places under a name's
    plate (even the side's middle light) say nothing."""
    grid = fit.grid
    a, b = np.array(grid.centre_mm(e[0])), np.array(grid.centre_mm(e[1]))
    mid = (a + b) / 2
    nrm = (b - a) / np.linalg.norm(b - a)
    tan = np.array([-nrm[1], nrm[0]])
    pts = (mid + offset * nrm)[None, None, :] + across[None, :, None] * nrm + along[:, None, None] * tan
    vals = _at(grey, apply_affine(fit.affine, pts))          # (along, across)
    seen = vals.min(axis=1) < P.MONO_HIDDEN * dark / P.MONO_DARK
    if seen.sum() < len(along) / 2:
        return 0.0, 0.0
    full = (vals[seen] < dark).all(axis=1)
    long = sum(b - a for a, b in ink_runs(full) if b - a >= P.MONO_DASH_RUN * len(along))
    return float(full.mean()), long / len(full)
