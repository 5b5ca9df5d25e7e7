"""Stages 2 to 5 for a board printed without colour (mapkit's ``mono`` style, a grey copy).

Where colour tells nothing, the marks do: mapkit's black-and-white boards (``mapkit render
--style mono``) hatch mountains with parallel lines, stipple water with dots, print the
neighbouring states light grey, and draw rivers as thick solid lines, borders as thick
dashed ones and cities as thick hexagons inside their hexes, all in black.

- **Terrain** (:func:`mono_terrain`): in each hex, away from its sides and its city's ring,
  the paper's level (light grey: a neighbouring state), how much is dark, and whether the
  dark lies in parallel lines (the structure tensor's coherence: hatching) or in dots.
- **Edges** (:func:`mono_edges`): along each side, how much of a band as wide as half a
  river is dark: all along, a river (solid); in long runs with gaps, a border (dashed); a
  river beside a border is a solid line a border's and a river's half widths off the side.
- **Cities** (:func:`mono_cities`): a dark hexagon all round at the ring's distance from the
  centre, with paper between it and the sides.

The result is a :class:`~mapkit.imaging.reading.Reading`, as for a board in colour.
"""

from __future__ import annotations

import math

import numpy as np

from . import params as P
from .colour import LUMA
from .sampling import LINEAR_LUT, apply_affine
from .terrain import mark_off
from ..grid import edge

__all__ = ["read_board_mono", "mono_terrain", "mono_edges", "mono_cities", "MONO_COLOURS"]

SQRT3 = math.sqrt(3.0)
# What the stages after this one (race numbers, names) take the board's colours to be.
MONO_COLOURS = {"plain": (1.0, 1.0, 1.0), "mountain": (1.0, 1.0, 1.0), "water": (1.0, 1.0, 1.0),
                "foreign": (0.38, 0.38, 0.38)}


def read_board_mono(rgb: np.ndarray, fit):
    """Terrain, rivers, borders and cities of a board without colour (``fit``: its grid)."""
    from .light import Light
    from .reading import Reading

    grid = fit.grid
    grey = _grey(rgb)
    reading = Reading(grid)
    reading.light = Light(np.zeros((3, 1)), np.zeros(2), 1.0)
    cities = mono_cities(grey, fit)
    terrain, conf, level = mono_terrain(grey, fit, cities)
    mark_off(terrain, grid, fit.outline)
    for h in cities:
        if all(terrain.get(n) == "foreign" for n in grid.neighbours(h)):
            terrain[h] = "foreign"           # a town abroad, drawn on paper of its own
    strokes, edge_conf = mono_edges(grey, fit, level)
    reading.terrain, reading.terrain_conf = terrain, conf
    reading.cities = {h: P.MONO_RING for h in cities}
    reading.city_conf = {h: 1.0 for h in cities}
    reading.strokes, reading.edge_conf = strokes, edge_conf
    reading.colours = {k: np.array(v) for k, v in MONO_COLOURS.items()}
    reading.fills = {h: reading.colours[t if t in MONO_COLOURS else "plain"] for h, t in terrain.items()}
    reading.inner_ink = {}
    reading.in_colour = False
    return reading


def _grey(rgb: np.ndarray) -> np.ndarray:
    """The picture's lightness in linear light, its paper at 1 (the 95th percentile)."""
    lin = LINEAR_LUT[rgb] @ LUMA
    paper = float(np.percentile(lin[::7, ::7], 95))
    return (lin / max(paper, 1e-3)).astype(np.float32)


def _at(grey: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Bilinear lightness at picture points (..., 2)."""
    h, w = grey.shape
    x = np.clip(pts[..., 0], 0, w - 1.001)
    y = np.clip(pts[..., 1], 0, h - 1.001)
    x0, y0 = np.floor(x).astype(np.intp), np.floor(y).astype(np.intp)
    fx, fy = x - x0, y - y0
    return ((1 - fy) * ((1 - fx) * grey[y0, x0] + fx * grey[y0, x0 + 1])
            + fy * ((1 - fx) * grey[y0 + 1, x0] + fx * grey[y0 + 1, x0 + 1]))


def mono_terrain(grey: np.ndarray, fit, cities=frozenset()) -> tuple[dict, dict, dict]:
    """Each hex's terrain, how sure, and its paper's level. Read in six sectors round the
    hex, beyond the middle where a city's numbers stand: a neighbouring state's paper is
    grey in most of them (a name's white plate covers a few); a texture covers every one of
    them (a name does not); a hatching's marks lie in parallel lines (coherence), a
    stippling's in dots. A city stands on plain or mountain."""
    grid = fit.grid
    hexes = list(grid.hexes())
    step = 0.5 / fit.hex_px                     # half a pixel, in hex units
    t = np.arange(-P.MONO_TEXTURE_R, P.MONO_TEXTURE_R + 1e-9, max(step, 0.01))
    uu, vv = np.meshgrid(t, t)
    rr = np.hypot(uu, vv)
    inside = rr <= P.MONO_TEXTURE_R
    pattern = np.stack([uu[inside], vv[inside]], axis=1)
    sector = np.floor((np.arctan2(vv[inside], uu[inside]) + math.pi) / (math.pi / 3)).astype(int) % 6
    parts = [(sector == j) & (rr[inside] >= P.MONO_TEXTURE_INNER) for j in range(6)]
    terrain, conf, level = {}, {}, {}
    centres = np.array([grid.centre_mm(h) for h in hexes])
    for lo in range(0, len(hexes), 256):
        vals = _at(grey, apply_affine(fit.affine, centres[lo:lo + 256, None, :] + pattern[None]))
        light = np.median(np.stack([np.median(vals[:, m], axis=1) for m in parts]), axis=0)
        paper = np.maximum(light, np.percentile(vals, 90, axis=1))
        shares = np.sort(np.stack([(vals[:, m] < P.MONO_DARK * paper[:, None]).mean(axis=1)
                                   for m in parts]), axis=0)
        coh = _coherence(vals, uu.shape, inside)
        for k, h in enumerate(hexes[lo:lo + 256]):
            level[h] = float(light[k])
            terrain[h], conf[h] = _kind(light[k], shares[:, k], coh[k], h in cities)
    return terrain, conf, level


def _kind(light: float, shares, coh: float, city: bool) -> tuple[str, float]:
    """A hex's terrain and how sure, from its paper's level, the dark shares of its sectors
    (sorted) and its marks' coherence."""
    if light < P.MONO_FOREIGN and not city:
        return "foreign", float(np.clip((P.MONO_FOREIGN - light) / P.MONO_FOREIGN, 0, 1))
    # (a city's numbers may stand on a white plate over two of its sectors)
    textured = (shares[2] if city else shares[0]) >= P.MONO_TEXTURED
    if not textured:
        return "plain", float(np.clip(1 - shares[0] / P.MONO_TEXTURED, 0, 1))
    if coh >= P.MONO_HATCHED:
        return "mountain", float(np.clip(coh, 0, 1))
    return ("plain" if city else "water"), float(np.clip(1 - coh, 0, 1))


def _coherence(vals: np.ndarray, shape, inside) -> np.ndarray:
    """How much the dark marks of each hex lie in parallel lines: the coherence of the
    structure tensor of its samples (1: lines, 0: dots or nothing)."""
    img = np.ones((len(vals),) + shape, dtype=np.float32)
    img[:, inside] = vals
    gx = img[:, 1:-1, 2:] - img[:, 1:-1, :-2]
    gy = img[:, 2:, 1:-1] - img[:, :-2, 1:-1]
    m = inside[1:-1, 1:-1]
    jxx, jyy, jxy = ((gx * gx)[:, m].sum(axis=1), (gy * gy)[:, m].sum(axis=1),
                     (gx * gy)[:, m].sum(axis=1))
    return np.sqrt((jxx - jyy) ** 2 + 4 * jxy ** 2) / np.maximum(jxx + jyy, 1e-9)


def mono_cities(grey: np.ndarray, fit) -> set:
    """The hexes with a dark hexagon all round at the ring's distance from the centre and
    no dark just inside it (a ring is a line, not the edge of a dark area)."""
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
    found = set()
    for lo in range(0, len(hexes), 512):
        c = centres[lo:lo + 512, None, :]
        on = _at(grey, apply_affine(fit.affine, c + P.MONO_RING * dirs[None]))
        within = _at(grey, apply_affine(fit.affine, c + (P.MONO_RING - P.MONO_RING_GAP) * dirs[None]))
        dark = (on < P.MONO_DARK).mean(axis=1)
        clear = (within > P.MONO_LIGHT).mean(axis=1)
        for k in np.nonzero((dark >= P.MONO_RING_ALL) & (clear >= P.MONO_RING_CLEAR))[0]:
            found.add(hexes[lo + k])
    return found


def mono_edges(grey: np.ndarray, fit, level: dict) -> tuple[dict, dict]:
    """Rivers and borders: ``({kind: edges}, {edge: (kind or None, how sure)})``. A mark is
    darker than half the paper on both sides (a neighbouring state's paper is grey). A side
    dark all along is a river; in dashes, a border, with a river beside it when a solid line
    runs beside the border's. A name's white plate hides part of a line: a side whose line
    shows along half of it (``MONO_SOLID_WEAK``), dashed or not, is a river where it joins a
    river end to end and no border, a border where it joins a border."""
    grid = fit.grid
    strokes = {"river": set(), "border": set()}
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
    _weak_rivers(grid, weak, strokes)
    return strokes, conf


def _weak_rivers(grid, weak: dict, strokes: dict) -> None:
    """Sides in ``weak`` that join a river end to end are rivers too, in place: beside a
    border they keep it; on the line they are no border unless they join one."""
    rivers, borders = strokes["river"], strokes["border"]

    def joins(e, lines):
        return any(edge(e[0], c) in lines or edge(e[1], c) in lines for c in grid.end_hexes(e))

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
    """Along side ``e`` (moved ``offset`` hex units towards its second hex), the share of
    places where all of a band half a river wide is dark (a solid line shows it all along),
    and the share in runs long enough for a dash (a dashed line shows it in runs). Places
    where even the side's middle is light are under a name's white plate: they say nothing
    (between a border's dashes the hex outline still shows)."""
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
    runs, n = [], 0
    for f in list(full) + [False]:
        if f:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    long = sum(r for r in runs if r >= P.MONO_DASH_RUN * len(along))
    return float(full.mean()), long / len(full)
