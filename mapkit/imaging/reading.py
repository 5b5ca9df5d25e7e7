"""Reading the board once the grid is known: terrain per hex, rivers and borders per edge,
city rings.

Colours are compared after two corrections that a scan or a photograph needs:

- **Light.** The paper (the legend's lightest terrain, white plains) is found hex by hex and a
  smooth surface per channel is fitted to it in linear RGB; dividing by it removes a light
  gradient, a vignette and the tint of the paper.
- **Print.** Printed colours are not the legend's: after a first pass each class's colour is
  re-measured on the hexes (or edges) it won, k-means fashion, and the board is read again.

Terrain is the nearest legend colour in CIELAB to the median of the hex's interior. Strokes
(a river or border line on an edge, a city's ring) are found by *unmixing*: a sample is the
fill of its hex plus some share ``alpha`` of the stroke colour plus some black ink, and the
share is solved for by least squares in linear RGB; a thin line blurred into the paper still
shows its share, and a colour the model cannot explain (another feature) does not count.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from ..grid import Grid, edge
from .colour import LUMA, Legend, TERRAIN_KEYS, linear_to_lab, srgb_to_linear
from .gridfind import GridFit
from .sampling import apply_affine, disc_pattern
from .shade import SHADE_DEEPEST, ShadeMap, local_shade, paper_hued, residual_shade

__all__ = ["Reading", "read_board", "unmix", "mix_residual", "Light", "LINEAR_LUT"]

SQRT3 = math.sqrt(3.0)
LINEAR_LUT = srgb_to_linear(np.arange(256, dtype=np.uint8))
EDGE_CHUNK = 4000
DASH_SAMPLES = 3          # samples along a side (of 7) that a dashed line shows on
DASH_ALPHA = 0.2          # share they reach that makes a dashed border
BARE_MISS = 0.035         # what ink and fill leave unexplained on a bare outline (linear RGB)
RING_CHUNK = 1500
STROKE_ALPHA = 0.3        # share of stroke colour that makes a river or border
WEAK_ALPHA = 0.17         # ... or continues one
GAP_ALPHA = 0.12          # ... or fills a gap in one
RING_ALPHA = 0.22         # share of city colour that counts as ring
BLENDS = (0.0, 0.25, 0.5, 0.75, 1.0)   # shares of the far fill in an edge sample's background


@dataclass
class Reading:
    """What was read from the picture, with a confidence in 0..1 for every decision."""

    grid: Grid
    terrain: dict = field(default_factory=dict)          # Hex -> terrain
    terrain_conf: dict = field(default_factory=dict)     # Hex -> 0..1
    strokes: dict = field(default_factory=dict)          # kind -> set of edges
    edge_conf: dict = field(default_factory=dict)        # edge -> (kind or None, 0..1)
    cities: dict = field(default_factory=dict)           # Hex -> ring radius (grid units)
    city_conf: dict = field(default_factory=dict)        # Hex -> 0..1 (cities and near misses)
    light: "Light | None" = None
    fills: dict = field(default_factory=dict)            # Hex -> corrected linear RGB fill
    inner_ink: dict = field(default_factory=dict)        # Hex -> share of its middle written on
    colours: dict = field(default_factory=dict)          # legend key -> measured linear RGB


def _dot(x, y):
    """Dot products over the last axis (the colour channels), broadcast over the rest:
    ``np.einsum`` does not form the products' array, as ``(x * y).sum(-1)`` does."""
    return np.einsum("...i,...i->...", x, y)


def _norm(x):
    """Lengths over the last axis, as ``np.linalg.norm(x, axis=-1)``."""
    return np.sqrt(_dot(x, x))


def unmix(c, fill, stroke, ink):
    """Solve ``c = fill + a (stroke - fill) + b (ink - fill)`` for ``a`` in [0, 1.5] and
    ``b`` >= 0 by least squares (linear RGB, arrays broadcast over the last axis 3).

    Returns ``(a, b, miss)`` where ``miss`` is the part of ``c`` left unexplained, relative
    to the distance between stroke and fill.

    >>> white, red, black = np.ones(3), np.array([0.8, 0.02, 0.02]), np.zeros(3)
    >>> a, b, miss = unmix(0.5 * white + 0.5 * red, white, red, black)
    >>> round(float(a), 3), round(float(b), 3), round(float(miss), 3)
    (0.5, 0.0, 0.0)
    """
    c, fill, stroke, ink = (np.asarray(x, dtype=np.float32) for x in (c, fill, stroke, ink))
    u = stroke - fill
    v = ink - fill
    r = c - fill
    uu = _dot(u, u) + np.float32(1e-9)
    vv = _dot(v, v) + np.float32(1e-4)
    uv = _dot(u, v)
    ur = _dot(u, r)
    vr = _dot(v, r)
    rr = _dot(r, r)
    det = uu * vv - uv * uv
    det = np.where(np.abs(det) < 1e-12, np.float32(1e-12), det)
    a = (ur * vv - vr * uv) / det
    b = (vr * uu - ur * uv) / det
    # The ink share cannot be negative: a paler sample is explained by the stroke alone.
    neg = b < 0
    a = np.where(neg, ur / uu, a)
    b = np.where(neg, np.float32(0.0), b)
    a = np.clip(a, 0.0, 1.5)
    b = np.clip(b, 0.0, 1.0)
    # |r - a u - b v|^2 without forming the residual vectors.
    res2 = rr - 2 * a * ur - 2 * b * vr + a * a * uu + 2 * a * b * uv + b * b * vv
    miss = np.sqrt(np.maximum(res2, 0.0) / uu)
    return a, b, miss


def mix_residual(c, p0, p1, p2):
    """How far ``c`` lies from the nearest mix ``w0 p0 + w1 p1 + w2 p2`` with weights >= 0
    summing to 1 (the triangle of the three colours; arrays broadcast over the last axis 3).

    >>> white, blue, black = np.ones(3), np.array([0.1, 0.3, 0.9]), np.zeros(3)
    >>> round(float(mix_residual(0.5 * white + 0.5 * blue, white, blue, black)), 3)
    0.0
    >>> # pure blue is nowhere between white and black: nearest is grey (1/3, 1/3, 1/3)
    >>> round(float(mix_residual(np.array([0.0, 0.0, 1.0]), white, black, black)), 3)
    0.816
    """
    c, p0, p1, p2 = (np.asarray(x, dtype=np.float32) for x in (c, p0, p1, p2))
    u, v, r = p1 - p0, p2 - p0, c - p0
    uu = _dot(u, u) + np.float32(1e-9)
    vv = _dot(v, v) + np.float32(1e-9)
    uv, ur, vr = _dot(u, v), _dot(u, r), _dot(v, r)
    det = uu * vv - uv * uv
    det = np.where(np.abs(det) < 1e-12, np.float32(1e-12), det)
    t = (ur * vv - vr * uv) / det
    b = (vr * uu - ur * uv) / det
    inside = (t >= 0) & (b >= 0) & (t + b <= 1)
    res = _norm(r - t[..., None] * u - b[..., None] * v)
    best = np.where(inside, res, np.inf)
    # Outside the triangle the nearest mix lies on one of its sides.
    for q0, q1 in ((p0, p1), (p0, p2), (p1, p2)):
        d, w = q1 - q0, c - q0
        s = np.clip(_dot(w, d) / (_dot(d, d) + np.float32(1e-9)), 0.0, 1.0)
        best = np.minimum(best, _norm(w - s[..., None] * d))
    return best


class Light:
    """Paper white over the picture: a smooth surface per channel in linear RGB.

    ``gains(x, y)`` are the factors that turn a measured colour into the colour it would have
    under even white light, with the paper at ``white`` (the legend's plain colour); and,
    where a shadow falls over part of the sheet, out of its shade (``shade``: a
    :class:`mapkit.imaging.shade.ShadeMap`).
    """

    def __init__(self, coef: np.ndarray, centre, scale, shade=None):
        self.coef = coef           # (3, k)
        self.centre = centre
        self.scale = scale
        self.shade = shade

    def shaded(self, shade) -> "Light":
        """The same smooth light with ``shade`` (or none) over it."""
        return Light(self.coef, self.centre, self.scale, shade)

    @staticmethod
    def _design(x, y, centre, scale, k):
        u = (np.asarray(x, dtype=np.float64) - centre[0]) / scale
        v = (np.asarray(y, dtype=np.float64) - centre[1]) / scale
        cols = [np.ones_like(u), u, v, u * u, u * v, v * v]
        return np.stack(cols[:k], axis=-1)

    @classmethod
    def fit(cls, xy: np.ndarray, colours: np.ndarray, white: np.ndarray) -> "Light":
        """Fit to hexes believed to be paper: positions ``xy`` (n, 2), linear colours (n, 3)."""
        n = len(xy)
        centre = xy.mean(axis=0) if n else np.zeros(2)
        scale = float(max(np.ptp(xy[:, 0]) if n else 1, np.ptp(xy[:, 1]) if n else 1, 1.0)) / 2
        k = 6 if n >= 40 else (3 if n >= 8 else 1)
        X = cls._design(xy[:, 0], xy[:, 1], centre, scale, k)
        target = np.log(np.maximum(colours, 1e-4)) - np.log(np.maximum(white, 1e-4))
        coef = np.zeros((3, k))
        for ch in range(3):
            w = np.ones(n)
            for _ in range(4):   # robust: a few hexes misread as paper must not bend it
                Xw = X * w[:, None]
                sol = np.linalg.lstsq(Xw.T @ X + 1e-6 * np.eye(k), Xw.T @ target[:, ch], rcond=None)[0]
                r = target[:, ch] - X @ sol
                s = max(float(np.median(np.abs(r))) * 1.5, 0.02)
                w = 1.0 / np.maximum(1.0, np.abs(r) / s)
            coef[ch] = sol
        return cls(coef, centre, scale)

    def gains(self, x, y) -> np.ndarray:
        k = self.coef.shape[1]
        X = self._design(x, y, self.centre, self.scale, k)
        g = np.exp(-(X @ self.coef.T))
        if self.shade is not None:
            g = g * np.exp(-self.shade.at(x, y))[..., None]
        return g


def _lin(samples: np.ndarray) -> np.ndarray:
    return LINEAR_LUT[samples]


def _sample_rgb(rgb: np.ndarray, pts: np.ndarray) -> np.ndarray:
    h, w = rgb.shape[:2]
    xi = np.clip(np.rint(pts[..., 0]), 0, w - 1).astype(np.intp)
    yi = np.clip(np.rint(pts[..., 1]), 0, h - 1).astype(np.intp)
    return rgb[yi, xi]


def _nearest(labs: np.ndarray, cents: np.ndarray, l_weight: float = 0.8):
    d = labs[:, None, :] - cents[None, :, :]
    d[..., 0] *= l_weight
    dist = np.sqrt((d * d).sum(-1))
    order = np.argsort(dist, axis=1)
    best = order[:, 0]
    d1 = dist[np.arange(len(labs)), best]
    d2 = dist[np.arange(len(labs)), order[:, 1]] if cents.shape[0] > 1 else d1 + 100
    return best, d1, d2


def read_board(rgb: np.ndarray, fit: GridFit, legend: Legend) -> Reading:
    """Read terrain, edge strokes and city rings of the board ``fit`` found in ``rgb``."""
    grid = fit.grid
    hexes = list(grid.hexes())
    centres = np.array([grid.centre_mm(h) for h in hexes])
    reading = Reading(grid)
    cents, ref = _read_terrain(reading, rgb, fit, legend, hexes, centres)
    _mark_off(reading, fit)

    terr_keys = list(TERRAIN_KEYS)
    # The background of a stroke is the colour of the hex's terrain as printed on this board
    # (not the hex's own measured fill, which JPEG tints with the ring or line beside it).
    class_lin = {t: _lab_to_lin(cents[k]) for k, t in enumerate(terr_keys)}
    class_lin["off"] = class_lin[terr_keys[ref]]
    fills = np.array([class_lin[reading.terrain[h]] for h in hexes])
    index = {h: i for i, h in enumerate(hexes)}
    edges = list(grid.edges())
    ea = np.array([index[a] for a, _ in edges], dtype=np.intp)
    eb = np.array([index[b] for _, b in edges], dtype=np.intp)

    # The legend's stroke colours are used as they are (after the white balance): measured
    # on thin blurred lines they come out mixed with the outline under them. The city colour
    # competes too when it is not the border's: a city outline drawn along the sides of its
    # hex (mapkit's own style) is found from the edges.
    ink = legend.linear("grid")
    strokes = legend.strokes()
    stroke_lin = {k: legend.linear(k) for k in strokes}
    same_red = "border" in strokes and float(np.linalg.norm(
        legend.lab("border") - legend.lab("city"))) < 25.0
    if not same_red:
        stroke_lin["_city"] = legend.linear("city")
    jcity = list(stroke_lin).index("border" if same_red else "_city")
    jriver = list(stroke_lin).index("river") if "river" in stroke_lin else None
    alphas, outer, centroid, _, dashed = _edge_alphas(rgb, fit.affine, fit.hex_px, centres, ea, eb,
                                                      fills, reading.light, stroke_lin, ink,
                                                      ring=legend.linear("city"))
    competing = dict(stroke_lin)
    stroke_lin.pop("_city", None)
    reading.colours.update(stroke_lin)

    edge_index = {e: i for i, e in enumerate(edges)}
    _read_cities(reading, rgb, fit, legend, hexes, centres, fills, class_lin, edges, edge_index,
                 alphas, centroid, jcity, jriver)
    # On the sides of a city whose outline runs along them, a river (any stroke in another
    # colour) blurs into the outline: there its share is the one measured over a background
    # of fill blended with the outline colour. (Only there: elsewhere that extra freedom fits
    # the blur of an outline between two fills, or a ring's red nearby, as a faint river.)
    sides = sorted({edge_index[e] for h, r in reading.cities.items() if r >= HUG_RADIUS
                    for e in grid.edges_of(h)})
    if sides:
        _, _, _, over, _ = _edge_alphas(rgb, fit.affine, fit.hex_px, centres, ea[sides],
                                        eb[sides], fills, reading.light, competing, ink,
                                        outline=legend.linear("city"))
        alphas[sides, :, 0] = np.maximum(alphas[sides, :, 0], over)
    if "border" in strokes:
        # A dashed border inks part of each side only, and the share that most of a side
        # reaches misses it: a side whose samples show the stroke strongly in a few places
        # (the dashes) counts as showing the border. Read after the cities: rings and
        # outlines are told on the solid shares.
        jb = strokes.index("border")
        # Where home land meets a neighbouring state a border is expected (a weak showing is
        # enough there, see _decide_edges), and the dashes may show on one side of the line
        # only (red over dark grey fades) or a pixel beside it. Elsewhere they must show on
        # the line and on both sides of it, and not on the sides of a city: a ring is
        # nearest the side at the side's middle, and its red blurs over the line there as a
        # long dash in the middle of the side does. (Nor between two water hexes: there the
        # dark outline over light blue, in a JPEG, shows a weak share of red here and there
        # all along it.)
        sides = [{reading.terrain[a], reading.terrain[b]} for a, b in edges]
        frontier = np.array(["foreign" in t and bool(t & {"plain", "mountain"}) for t in sides])
        by_city = np.array([a in reading.cities or b in reading.cities for a, b in edges])
        lake = np.array([t == {"water"} for t in sides])
        show = np.where(frontier, dashed[:, jb].max(axis=1),
                        np.where(by_city | lake, 0.0, dashed[:, jb, 0]))
        # (a dash showing DASH_ALPHA counts as a solid line showing STROKE_ALPHA)
        dash = np.where(show >= DASH_ALPHA, STROKE_ALPHA + show - DASH_ALPHA, 0.0)
        alphas[:, jb, 0] = np.maximum(alphas[:, jb, 0], dash)
        outer[:, jb, :] = np.maximum(outer[:, jb, :], dash[:, None])
    _decide_edges(reading, strokes, edges, edge_index, alphas, outer, same_red, centroid)
    return reading


def _read_terrain(reading: Reading, rgb, fit: GridFit, legend: Legend, hexes, centres):
    """Terrain of every hex: the light, then the nearest class colour, re-measured k-means
    fashion. Returns the class colours (CIELAB) and the index of the paper class."""
    A, px = fit.affine, fit.hex_px
    cxy = apply_affine(A, centres)
    pattern, n_inner = _fill_pattern(px)
    med = np.empty((len(hexes), 3))
    busy = np.zeros(len(hexes), dtype=bool)
    inner = np.zeros(len(hexes))
    for lo in range(0, len(hexes), 4000):
        pts = apply_affine(A, centres[lo:lo + 4000, None, :] + pattern[None, :, :])
        med[lo:lo + 4000], busy[lo:lo + 4000], inner[lo:lo + 4000] = _fill_colour(
            _lin(_sample_rgb(rgb, pts)), n_inner, with_busy=True)
    reading.inner_ink.update(zip(hexes, inner.tolist()))

    terr_keys = list(TERRAIN_KEYS)
    legend_lin = np.array([legend.linear(k) for k in terr_keys])
    legend_lab = linear_to_lab(legend_lin)
    ref = int(np.argmax(legend_lab[:, 0]))                   # the paper: lightest terrain
    white = legend_lin[ref]

    # First guess of the light: the brightest third of the hexes are paper.
    lum = med @ LUMA
    bright = lum >= np.percentile(lum, 67)
    light = Light.fit(cxy[bright], med[bright], white)
    cents = legend_lab.copy()
    # A shadow over part of the sheet (see mapkit.imaging.shade): measured round each hex
    # from what the smooth light leaves; the smooth light is fitted to the paper out of it.
    others = [legend_lin[k] for k in range(len(terr_keys)) if k != ref]
    unshade = np.ones(len(hexes))
    corners, size = None, (rgb.shape[1], rgb.shape[0])
    for _ in range(4):
        labs = linear_to_lab(med * light.gains(cxy[:, 0], cxy[:, 1]) * unshade[:, None])
        cls, d1, d2 = _nearest(labs, cents)
        # Re-measure each class's printed colour on the hexes it won (never far from the legend).
        for k in range(len(terr_keys)):
            # Measured on plainly filled hexes only: a city's ring, its numbers and name make
            # a hex busy, and where rings are wide or thin and blurred its fill comes out
            # tinted with the city colour; such hexes pulled the class colour (mountain brown
            # towards red, water towards magenta) until the reader took rings for terrain.
            members = labs[(cls == k) & ~busy]
            if len(members) < max(3, 0.01 * len(labs)):
                members = labs[cls == k]
            if len(members) >= max(3, 0.01 * len(labs)):
                step = np.median(members, axis=0) - legend_lab[k]
                dist = float(np.linalg.norm(step))
                cents[k] = legend_lab[k] + step * min(1.0, 35.0 / max(dist, 1e-9))
            else:
                cents[k] = legend_lab[k]
        paper = (cls == ref) & (d1 < 0.6 * d2)
        if paper.sum() >= 3:
            light = Light.fit(cxy[paper], med[paper] * unshade[paper, None], white)
        logs = local_shade(reading.grid, hexes, med * light.gains(cxy[:, 0], cxy[:, 1]), white,
                           others)
        shade = None
        if (logs != 0).any():
            if corners is None:
                corners = apply_affine(A, np.array([reading.grid.corners_mm(h) for h in hexes]))
            shade = ShadeMap(corners, logs, size, px)
        unshade = (np.exp(-shade.at(cxy[:, 0], cxy[:, 1])) if shade is not None
                   else np.ones(len(hexes)))
    light = light.shaded(shade)
    corr = med * light.gains(cxy[:, 0], cxy[:, 1])
    cls, d1, d2 = _nearest(linear_to_lab(corr), cents)
    if shade is not None:
        # In a shadow, the light is finished by what each hex's own terrain says of it.
        cents_lin = np.array([_lab_to_lin(c) for c in cents])
        expected = cents_lin[cls]
        # A grey hex read as a coloured terrain (shaded paper too dark, read as light blue
        # water: a row of them along the shadow's edge) would confirm its misreading, and
        # its neighbours' median would not mend it: it is measured against the paper, on
        # its own. (The terrain's hue as the legend gives it: its colour measured on this
        # board may have been pulled grey by the very hexes misread. And only a hex light
        # enough to be paper in shade: a dark grey neighbouring state's hue may come out
        # near a tinted paper's.)
        astray = paper_hued(corr, white) & ~paper_hued(legend_lin[cls], white)
        astray &= corr @ LUMA >= SHADE_DEEPEST * float(white @ LUMA)
        expected[astray] = cents_lin[ref]
        logs = logs + residual_shade(reading.grid, hexes, corr, expected, alone=astray)
        light = light.shaded(ShadeMap(corners, logs, size, px))
        corr = med * light.gains(cxy[:, 0], cxy[:, 1])
        cls, d1, d2 = _nearest(linear_to_lab(corr), cents)
    conf = np.clip((d2 - d1) / np.maximum(d2 + d1, 1e-9) * 2.0, 0.0, 1.0)
    reading.light = light
    for i, h in enumerate(hexes):
        reading.terrain[h] = terr_keys[cls[i]]
        reading.terrain_conf[h] = float(conf[i])
        reading.fills[h] = corr[i]
    reading.colours.update({terr_keys[k]: _lab_to_lin(cents[k]) for k in range(len(terr_keys))})
    return cents, ref


def _read_cities(reading: Reading, rgb, fit: GridFit, legend: Legend, hexes, centres, fills,
                 class_lin, edges, edge_index, alphas, centroid, jcity, jriver=None):
    """City rings inside hexes, and outlines along a hex's own sides; a city's terrain is
    then plain or mountain, whichever explains its hex best. (``jcity``, ``jriver``: the
    city colour's and the river's places among the stroke shares.)"""
    grid = fit.grid
    ground_keys = [t for t in ("plain", "mountain") if t in class_lin]
    cities = _rings(rgb, fit.affine, fit.hex_px, centres, fills, reading.light,
                    legend.linear("city"), legend.linear("grid"), hexes, grid,
                    [class_lin[t] for t in ground_keys],
                    loose=[reading.terrain[h] == "water" for h in hexes],
                    others=[legend.linear(k) for k in legend.strokes() if k == "border"],
                    rivals=[legend.linear(k) for k in legend.strokes() if k == "river"],
                    abroad=[reading.terrain[h] == "foreign" for h in hexes])
    def amid_foreign(h):
        return all(reading.terrain.get(n) == "foreign" for n in grid.neighbours(h))

    for h in list(cities):
        radius, score, ground, switched, residuals = cities[h]
        # A hex read as water or foreign is a city only if it is better read as plain or
        # mountain with a ring on it (a border round a foreign enclave is no city; for a
        # hex read as water, as good is enough: no border runs round a lake).
        if reading.terrain[h] not in ("plain", "mountain") and not switched:
            if reading.terrain[h] == "foreign" and amid_foreign(h):
                # A town across the frontier (the Czech map's Chemnitz, Wrocław): a ring
                # deep in the neighbouring state, where no border runs, is a city there.
                cities[h] = (radius, score, -1)
                continue
            del cities[h]
            continue
        cities[h] = (radius, score, ground)
        if score >= 0.5 and len(residuals) == 2:
            # How much better the chosen ground explains the hex than the other.
            lo, hi = sorted(residuals)
            reading.terrain_conf[h] = float(np.clip((hi - lo) / max(hi + lo, 1e-9) * 2, 0, 1))
    for h, found in _outlined_hexes(grid, edge_index, alphas, centroid, jcity,
                                    reading.terrain, jriver, reading.inner_ink).items():
        if cities.get(h, (0, 0.0, -1))[1] < found[1]:
            cities[h] = found
    for h in list(cities):
        # A home hex with a neighbouring state on every side, ringed by a thick border in
        # the city colour, shows that colour all round, as a ring or an outline would (over
        # dark grey the border's red fades on the far side, and seems pulled inwards); a
        # city there has its race numbers in its middle, a bare pocket of land none.
        if reading.inner_ink.get(h, 1.0) < POCKET_INK and reading.terrain[h] != "foreign" \
                and amid_foreign(h):
            del cities[h]
    for h, (radius, score, ground) in cities.items():
        if score >= 0.5 and ground >= 0:
            reading.terrain[h] = ground_keys[ground]
        reading.city_conf[h] = score
        if score >= 0.5:
            reading.cities[h] = radius


def _decide_edges(reading: Reading, strokes, edges, edge_index, alphas, outer, same_red,
                  centroid=None):
    """Which edges carry a river, a border (a ridge): thresholds on the share of the stroke
    colour, the city outline rules, the prior of borders where home meets abroad, and the
    continuation of lines (hysteresis)."""
    grid = reading.grid
    kinds = {k: set() for k in strokes}
    best: dict = {}
    outlined = {h for h, r in reading.cities.items() if r >= OUTLINE_RADIUS}
    jb = strokes.index("border") if "border" in strokes else None
    # Border edges away from outlined cities, and those beside one that show the colour well
    # past the line: where a border on a city's side may continue.
    first = set()
    if jb is not None:
        for i, e in enumerate(edges):
            if alphas[i, jb, 0] < STROKE_ALPHA:
                continue
            cs = [h for h in e if h in outlined]
            if not cs or (len(cs) == 1 and outer[i, jb, 1 if cs[0] == e[0] else 0] >= 0.6):
                first.add(e)
    # Sides of outlined cities that carry a border too: they show the colour beyond the line
    # at least half as strongly as on it (an outline's blur shows less), and a run of such
    # sides goes on, at one of its ends, along an edge that is no side of the city.
    # Towards a neighbouring state a border is expected: there it is enough that the colour
    # shows beyond the line more than on the city's sides towards home land.
    allowed: set = set()
    if jb is not None and same_red:
        for h in outlined:
            far = {e: outer[edge_index[e], jb, 1 if h == e[0] else 0] for e in grid.edges_of(h)}
            abroad = {e for e in far if reading.terrain[e[1] if e[0] == h else e[0]] == "foreign"}
            spill = max([f for e, f in far.items() if e not in abroad], default=0.1)
            for e in abroad:
                if alphas[edge_index[e], jb, 0] >= WEAK_ALPHA and far[e] >= spill + 0.05:
                    allowed.add(e)
            cand = [e for e, f in far.items() if e not in abroad
                    and alphas[edge_index[e], jb, 0] >= WEAK_ALPHA
                    and f >= 0.5 * alphas[edge_index[e], jb, 0]]
            for run in _runs_of_sides(grid, h, cand):
                if any(_continues(grid, h, e, first | allowed) for e in run):
                    allowed.update(run)
    # How much of the colour a city's outline alone shows on a side of its hex, on this
    # board (its line width, its blur): the median over the sides of the cities whose ring
    # runs near the sides, of the share on the line plus the share past it. Most sides of a
    # city carry no border; one that does shows a border's share more than that.
    # Where across the side the colour lies tells too: an outline alone lies inside the
    # city's side, a border on the side is centred on it and pulls the colour outwards
    # (an outline that touches the side blurs past it as far as a thin border does, but
    # its colour still lies on the inside). The board's usual inward shift of an outline
    # is measured over the same sides.
    hugging = {h for h, r in reading.cities.items() if r >= HUG_RADIUS}
    outline_level = outline_shift = None
    if jb is not None and same_red:
        pairs = [(h, e) for h in hugging for e in grid.edges_of(h)
                 if _other(e, h) not in reading.cities]
        if len(pairs) >= 6:
            outline_level = float(np.median([_side_show(alphas, outer, edge_index, jb, h, e)
                                             for h, e in pairs]))
            if centroid is not None:
                outline_shift = float(np.median([_inward(centroid, edge_index, jb, h, e)
                                                 for h, e in pairs]))
                if outline_shift < 0.012:
                    outline_shift = None     # the outline is not told from the line
    for i, e in enumerate(edges):
        a_best, kind = 0.0, None
        for j, k in enumerate(strokes):
            a = alphas[i, j, 0]
            if k == "border" and same_red:
                # A city's red outline looks like a border on its sides.
                on_city = [h for h in e if h in reading.cities]
                if on_city and reading.cities[on_city[0]] >= OUTLINE_RADIUS:
                    if e not in allowed:
                        a = 0.0
                elif on_city and reading.terrain[_other(e, on_city[0])] != "foreign":
                    # A ring inside: a border must show on the far side of the line too.
                    # (Not towards a neighbouring state, where a border is expected: a thin
                    # one shows little past the line.)
                    a = min(a, outer[i, j, 1 if on_city[0] == e[0] else 0])
                if outline_level is not None and len(on_city) == 1 and on_city[0] in hugging:
                    h = on_city[0]
                    show = _side_show(alphas, outer, edge_index, jb, h, e)
                    on_line = (outline_shift is not None and
                               _inward(centroid, edge_index, jb, h, e) <= 0.6 * outline_shift)
                    if reading.terrain[_other(e, h)] == "foreign":
                        # Towards a neighbouring state a border is expected: a weaker showing
                        # is enough (as on any edge there), and no run of sides need lead to it.
                        # Nor need it show more than an outline when it lies on the line.
                        lit = show >= outline_level + WEAK_ALPHA or on_line
                        a = alphas[i, j, 0] if lit else 0.0
                    elif show < outline_level + STROKE_ALPHA:
                        # (not the shift alone towards home: there a grid a pixel off or a
                        # neighbour's colour moves it as far, and most sides carry no border)
                        a = 0.0
            if k == "river" and reading.terrain[e[0]] == reading.terrain[e[1]] == "water":
                # No board draws a river through a lake; the outline between two water hexes,
                # dark over light blue (and in a JPEG, the blue blurred over it), looks much
                # like one. Only an unmistakable line counts there.
                a = a if a >= 2 * STROKE_ALPHA else 0.0
            if a > a_best:
                a_best, kind = a, k
        best[e] = (a_best, kind)
        # A state border runs where home land meets a neighbouring state: there a weaker
        # showing of the border colour is enough.
        thr = STROKE_ALPHA
        sides = {reading.terrain[e[0]], reading.terrain[e[1]]}
        if kind == "border" and "foreign" in sides and sides & {"plain", "mountain"}:
            thr = WEAK_ALPHA
        if a_best >= thr:
            kinds[kind].add(e)
            reading.edge_conf[e] = (kind, float(min(1.0, (a_best - thr) / 0.3)))
        else:
            reading.edge_conf[e] = (None, float(min(1.0, (thr - a_best) / 0.3)))
    _start_chains(reading, kinds, best)
    _grow_strokes(reading, kinds, best)
    reading.strokes = kinds


CHAIN_LENGTH = 3          # weak edges joined end to end that make a line on their own


def _start_chains(reading: Reading, kinds: dict, best: dict):
    """A line nothing starts: edges that each show a weak share of the same stroke and join
    end to end, ``CHAIN_LENGTH`` or more of them. A blue river on dark-grey foreign land
    differs from it in hue more than in lightness, and JPEG keeps hue at half the
    resolution: the line's share is spread thin, under the share that starts a line, on
    every side it runs along. The grain of a scan reaches a weak share on a side here and
    there, not along a path of sides. (Only between hexes of one terrain: where two terrains
    meet, their boundary is itself a path of sides, and whatever the blends of the two fills
    explain badly there, they explain badly all along it.)"""
    grid = reading.grid
    terrain = reading.terrain
    weak = {e: k for e, (a, k) in best.items()
            if k is not None and a >= WEAK_ALPHA and e not in kinds[k]
            and terrain[e[0]] == terrain[e[1]]}
    seen = set()
    for e0, k in weak.items():
        if e0 in seen:
            continue
        seen.add(e0)
        comp, todo = [e0], [e0]
        while todo:
            e = todo.pop()
            for c in grid.end_hexes(e):
                for x in (edge(e[0], c), edge(e[1], c)):
                    if x not in seen and weak.get(x) == k:
                        seen.add(x)
                        comp.append(x)
                        todo.append(x)
        if len(comp) >= CHAIN_LENGTH:
            for e in comp:
                kinds[k].add(e)
                reading.edge_conf[e] = (k, 0.5 * float(min(1.0, (best[e][0] - GAP_ALPHA) / 0.3)))


def _grow_strokes(reading: Reading, kinds: dict, best: dict):
    """Lines run on: an edge that shows a weaker share of a stroke joins the stroke when the
    same line goes on at one of its ends (hysteresis, as edge detectors do), or when a name
    written across it hides it and the line goes on at both ends."""
    grid = reading.grid

    ends = grid.end_hexes

    def touching(e):
        for c in ends(e):
            for x in (edge(e[0], c), edge(e[1], c)):
                if x in best:
                    yield x

    todo = deque(x for k in kinds.values() for e in k for x in touching(e))
    while todo:
        e = todo.popleft()
        a_best, kind = best[e]
        if kind is None or e in kinds[kind] or a_best < GAP_ALPHA:
            continue
        joined = [edge(e[0], c) in kinds[kind] or edge(e[1], c) in kinds[kind] for c in ends(e)]
        # (at the edge of the board a line may run off it)
        both = any(joined) and all(j or c not in grid for j, c in zip(joined, ends(e)))
        if (a_best >= WEAK_ALPHA and any(joined)) or both:
            kinds[kind].add(e)
            reading.edge_conf[e] = (kind, 0.5 * float(min(1.0, (a_best - GAP_ALPHA) / 0.3)))
            todo.extend(touching(e))


def _lab_to_lin(lab):
    """CIELAB -> linear RGB (inverse of :func:`linear_to_lab`)."""
    from .colour import _M_RGB_TO_XYZ, _WHITE

    L, a, b = lab
    fy = (L + 16) / 116
    fx = fy + a / 500
    fz = fy - b / 200
    eps = 216 / 24389
    kappa = 24389 / 27

    def finv(f):
        return f ** 3 if f ** 3 > eps else (116 * f - 16) / kappa

    xyz = np.array([finv(fx), finv(fy), finv(fz)]) * _WHITE
    return np.clip(np.linalg.solve(_M_RGB_TO_XYZ, xyz), 0, 1)


def _fill_pattern(px: float):
    """Where a hex's fill is read: a disc in the middle and a band just inside the sides.

    A city's ring lies between the two (or hugs the sides, and then the middle is clear),
    numbers sit in the middle, outlines blur into the band: the fill is the colour found in
    both. Returns the points (grid units) and how many of them are the middle disc.
    """
    n_axis = int(np.clip(round(0.44 * px / 1.5), 5, 11))
    inner = disc_pattern(0.22, n_axis)
    n_ang = int(np.clip(round(2 * math.pi * 0.43 * px / 1.5), 24, 72))
    a = np.arange(n_ang) * (2 * math.pi / n_ang)
    band = np.concatenate([r * np.stack([np.cos(a + r), np.sin(a + r)], axis=1) for r in (0.40, 0.43)])
    return np.concatenate([inner, band]), len(inner)


def _fill_colour(lin: np.ndarray, n_inner: int, with_busy: bool = False):
    """The colour that fills each hex: samples (n, p, 3) in linear RGB -> (n, 3).

    Usually the median; but a city's ring, its numbers and its name can cover half of a hex.
    Where many samples stray from the median, the fill is the colour most common in both
    the middle and the band inside the sides: the sample with the most others within 10
    CIELAB units in each (a product of the two counts), then the median of those near it.
    With ``with_busy`` also which hexes were such busy ones, (n,) booleans, and the share
    of the middle disc's samples much darker than its lightest (numbers written there), (n,).
    """
    med = np.median(lin, axis=1)
    lab = linear_to_lab(lin.astype(np.float32)).astype(np.float32)
    mlab = linear_to_lab(med).astype(np.float32)
    stray = (np.linalg.norm(lab - mlab[:, None, :], axis=2) > 15.0).mean(axis=1)
    # Writing in the middle: samples much darker than the middle's lightest.
    mid_l = lab[:, :n_inner, 0]
    inner = (mid_l < np.percentile(mid_l, 90, axis=1)[:, None] - INK_DARKER).mean(axis=1)
    busy = np.nonzero(stray > 0.12)[0]
    if not len(busy):
        return (med, stray > 0.12, inner) if with_busy else med
    p = lin.shape[1]
    cand_idx = np.arange(0, p, max(1, p // 60))
    n_outer = p - n_inner
    for lo in range(0, len(busy), 256):
        sel = busy[lo:lo + 256]
        L = lab[sel]                                        # (b, p, 3)
        C = L[:, cand_idx, :]                               # (b, c, 3)
        close = np.linalg.norm(C[:, :, None, :] - L[:, None, :, :], axis=3) < 10.0  # (b, c, p)
        score = ((close[:, :, :n_inner].sum(axis=2) + 0.5) / n_inner
                 * (close[:, :, n_inner:].sum(axis=2) + 0.5) / n_outer)
        best = np.argmax(score, axis=1)
        near = close[np.arange(len(sel)), best]              # (b, p)
        masked = np.where(near[..., None], lin[sel], np.nan)
        med[sel] = np.nanmedian(masked, axis=1)
    return (med, stray > 0.12, inner) if with_busy else med


POCKET_INK = 0.03          # share of a hex's middle under writing that a city shows at least
INK_DARKER = 25.0          # CIELAB lightness below the middle's lightest that is writing
OUTLINE_RADIUS = 0.45      # a city "ring" this far out is an outline along the hex's sides
# Rings on a board beyond which a ground tinted all over is suspected (see _rings): USA
# West drawn with a mountain brown near the city colour showed 164 ring-like hexes for its
# 31 cities; no kept benchmark board comes near (36 cities at most).
RING_CROWD = 45
RING_PEERS = 5            # sure rings needed to measure how strongly rings show
RING_SPREAD = 0.08        # how far a ring's red strays from its usual radius (hexagons, blur)
HUG_RADIUS = 0.38         # a ring this far out runs along the sides (blurred into them)
OUTLINE_ALPHA = 0.15       # share of city colour on a side that may be such an outline
RIVER_RING_INK = 0.1      # share of the middle written on that makes a city of a hex whose
                          # every side is under a river (its outline hidden)


def _outlined_hexes(grid, edge_index, alphas, centroid, jcity, terrain, jriver=None,
                    writing=None) -> dict:
    """Hexes outlined in the city colour along their own sides (mapkit's style, the "hex
    with a red outline" of the Dampfross boards): every side shows the colour, and it lies
    on the inner side of the line (a border around an enclave lies on the line itself).
    A side under a river (share ``jriver``) hides the outline: it neither shows nor denies
    one. A hex with a river on (nearly) every side shows no outline at all; it is a city
    when its middle is written on (``writing``: share of the middle under writing; only a
    city's race numbers stand in the middle of a hex, and in the benchmark's boards no hex
    ringed by a river without one shows any)."""
    found = {}
    for h in grid.hexes():
        if terrain.get(h) not in ("plain", "mountain"):
            continue
        sides = grid.edges_of(h)
        # (a hex on the board's edge has as few as three sides inside the board)
        if len(sides) < 3:
            continue
        shares, inward, abroad, under = [], [], [], []
        for e in sides:
            i = edge_index[e]
            shares.append(alphas[i, jcity, 0])
            under.append(jriver is not None and alphas[i, jriver, 0] >= WEAK_ALPHA)
            c = centroid[i, jcity]
            inward.append(-c if h == e[0] else c)
            n = e[1] if e[0] == h else e[0]
            abroad.append(terrain.get(n) == "foreign")
        shares = np.array(shares)
        # Thin outlines come out faint; the inward shift on (nearly) every side is what tells,
        # on the sides where no border is to be expected (a border towards a neighbouring
        # state lies on the line and hides the shift).
        lit = shares >= OUTLINE_ALPHA
        under = np.array(under)
        # (a river over the outline mixes into a colour neither explains well: one side
        # may show neither; two may not: a city's name written on a hex between two
        # rivers is no city)
        if writing is not None and under.sum() >= len(sides) - 1 \
                and writing.get(h, 0.0) >= RIVER_RING_INK:
            found[h] = (0.48, 0.55, -1)
            continue
        shown = (lit | under).sum()
        if shown < len(sides) - 2 or shown < min(4, len(sides)):
            continue
        home = lit & ~np.array(abroad)
        inward = np.array(inward)
        if home.sum() >= 2:
            shift = float(np.median(inward[home]))
        elif lit.all() and (inward[home] >= 0.01).all():
            # A city in a pocket of home land, the border round all its sides but one or
            # none: the outline inside the border still pulls the colour inwards on every
            # side, where a plain hex in such a pocket shows the border on the line (and,
            # on its home side, the outline of a city next door, pulled away from it).
            shift = float(np.median(inward))
        else:
            # The shift must show on two sides at least: a hex with three sides on a
            # border in the city colour and one faint side towards home is no outlined city.
            continue
        if shift >= 0.012:
            score = float(np.clip(0.5 + (shift - 0.01) * 20, 0.5, 1.0))
            found[h] = (0.48, score, -1)
    return found


def _other(e, h):
    """The hex across side ``e`` from ``h``."""
    return e[1] if e[0] == h else e[0]


def _side_show(alphas, outer, edge_index, jb, h, e) -> float:
    """The border colour's share on side ``e`` of city ``h`` plus its share past the line,
    outside the city: what an outline alone shows little of and a border a lot."""
    i = edge_index[e]
    return float(alphas[i, jb, 0] + outer[i, jb, 1 if h == e[0] else 0])


def _inward(centroid, edge_index, jb, h, e) -> float:
    """How far inside city ``h`` the border colour lies on its side ``e`` (grid units)."""
    c = float(centroid[edge_index[e], jb])
    return -c if h == e[0] else c


def _runs_of_sides(grid, h, sides: list) -> list[list]:
    """``sides`` of hex ``h`` grouped into runs that follow each other round the hex."""
    left = set(sides)
    runs = []
    while left:
        run = [left.pop()]
        grew = True
        while grew:
            grew = False
            for e in list(left):
                n = e[1] if e[0] == h else e[0]
                if any(grid.adjacent(n, r[1] if r[0] == h else r[0]) for r in run):
                    run.append(e)
                    left.discard(e)
                    grew = True
        runs.append(run)
    return runs


def _continues(grid, h, e, borders: set) -> bool:
    """Whether a border on side ``e`` of city ``h`` goes on past either end of the side."""
    n = e[1] if e[0] == h else e[0]
    for c in grid.neighbours(h):
        if c != n and grid.adjacent(c, n) and edge(n, c) in borders:
            return True
    return False


def _mark_off(reading: Reading, fit: GridFit):
    """Hexes with no outline at all, paper-coloured, reached from the edge of the board
    through such hexes: not part of the board (``off``)."""
    grid = reading.grid
    bare = {h for h in grid.hexes()
            if fit.outline.get(h, 6) <= 1 and reading.terrain[h] == "plain"}
    if not bare:
        return
    edge_hexes = [h for h in bare if len(grid.neighbours(h)) < 6]
    seen = set(edge_hexes)
    todo = list(edge_hexes)
    while todo:
        h = todo.pop()
        for n in grid.neighbours(h):
            if n in bare and n not in seen:
                seen.add(n)
                todo.append(n)
    for h in seen:
        reading.terrain[h] = "off"


def _edge_alphas(rgb, A, px, centres, ea, eb, fills, light, stroke_lin, ink, outline=None,
                 ring=None):
    """Per edge and stroke kind: the best share on the line (n, k, 1), the share on each
    outer side (n, k, 2), and where across the line the stroke lies (n, k).

    ``outline``: the city colour, whose outline may run along a side under another stroke;
    then also the share on the line of each stroke over a background blended with it (n, k),
    see :func:`_over_outline` (zeros where not measured). ``ring``: the city colour (its
    rings and outlines lie just inside the sides: read on the band only).

    Also, for dashed lines, the share that ``DASH_SAMPLES`` of the samples along the side
    reach (n, k, 2): [..., 0] on the line and on both sides of it at once, [..., 1] anywhere
    on the line or beside it."""
    strokes = list(stroke_lin)
    n = len(ea)
    pa, pb = centres[ea], centres[eb]
    mid = (pa + pb) / 2
    nrm = pb - pa
    nrm /= np.linalg.norm(nrm, axis=1, keepdims=True)
    tan = np.stack([-nrm[:, 1], nrm[:, 0]], axis=1)
    s = 1.0 / SQRT3
    along = np.linspace(-0.3, 0.3, 7) * s
    good_len = len(along)
    half = max(0.16, 3.0 / px)
    n_across = int(np.clip(2 * round(half * px / 0.8) + 1, 9, 31))
    across = np.linspace(-half, half, n_across)
    central = np.abs(across) <= max(0.05, 1.3 / px)
    # Between hexes of one terrain nothing but a stroke changes the colour near the line,
    # and the line may lie a pixel off where the grid puts it: there a sample counts when
    # the span it stands for reaches the band, if it shows the stroke clearly (weakly, it is
    # as likely the blur of a line that ends at the corner). Between two terrains their
    # fills blur into each other beside the line, and the city colour's rings and outlines
    # lie just inside the sides: there only the band itself is read.
    wide = np.abs(across) <= max(0.05, 1.3 / px) + 0.5 * (across[1] - across[0])
    # "Outer" positions: past the line on each side, beyond a city ring hugging the side.
    near, far = max(0.012, 0.5 / px), max(0.045, 1.5 / px)
    outer_a = (across <= -near) & (across >= -far)
    outer_b = (across >= near) & (across <= far)
    out = np.zeros((n, len(strokes), 1))
    dashed = np.zeros((n, len(strokes), 2))
    outer = np.zeros((n, len(strokes), 2))
    centroid = np.zeros((n, len(strokes)))
    over = np.zeros((n, len(strokes)))
    band = np.abs(across) <= 0.12
    mxy = apply_affine(A, mid)
    gains = light.gains(mxy[:, 0], mxy[:, 1])
    for lo in range(0, n, EDGE_CHUNK):
        hi = min(n, lo + EDGE_CHUNK)
        m = mid[lo:hi]
        grid_pts = (m[:, None, None, :] + across[None, :, None, None] * nrm[lo:hi, None, None, :]
                    + along[None, None, :, None] * tan[lo:hi, None, None, :])
        pts = apply_affine(A, grid_pts)
        lin = _lin(_sample_rgb(rgb, pts))                       # (c, n_across, n_along, 3)
        lin *= gains[lo:hi, None, None, :]
        fa, fb = fills[ea[lo:hi]], fills[eb[lo:hi]]
        # Each sample is unmixed on its own with each stroke colour; the colours compete (the
        # one that leaves the least unexplained wins the sample: a blurred blue line is
        # partly explained by purple too). Then the share that 70 % of the samples along the
        # side reach: a stroke runs the whole side, text along it comes and goes.
        # The background of a sample is a blend of the two fills: a thin line on the side
        # between two terrains is blurred into both (a river between plain and mountain is
        # neither river-on-white nor river-on-brown, but a mix of all three), and near the
        # line the two fills blur into each other (water's blue into the plain beside it,
        # which a stroke model with one fill takes for a faint river). Each sample takes the
        # blend that explains it best.
        # (Only where the two fills differ: most edges lie between hexes of one terrain.)
        diff = np.nonzero(np.linalg.norm(fb - fa, axis=-1) >= 0.02)[0]
        lin_d, fa_d, fb_d = lin[diff], fa[diff], fb[diff]
        # A sample that the fills and the outlines' ink explain as well without the stroke
        # shows none of it: the blends are a few steps apart, and a stroke that is nearly a
        # darker shade of one fill (a dark blue river beside light blue water) makes up the
        # step between two of them; between hexes of one terrain such a stroke colour would
        # find a line on every outline.
        # (A mix, not a difference: the weights of the two fills and the ink are none of
        # them negative. Black ink plus "white less brown" is a dark blue, which took a blue
        # river over the outline between plain and mountain for fills and ink alone.)
        r0 = mix_residual(lin_d, fa_d[:, None, None, :], fb_d[:, None, None, :], ink)
        v = (ink - fa)[:, None, None, :]
        dev = lin - fa[:, None, None, :]
        b_ink = np.clip((dev * v).sum(-1) / np.maximum((v * v).sum(-1), 1e-9), 0.0, 1.0)
        r_ink = np.linalg.norm(dev - b_ink[..., None] * v, axis=-1)
        fits = []
        hidden = None
        for k in strokes:
            good, absres, hid = _stroke_share(lin, fa, stroke_lin[k], ink)
            good = np.where(r_ink <= 1.2 * absres + 0.01, 0.0, good)
            if len(diff):
                gd, rd, hd = good[diff], absres[diff], hid[diff]
                for t in BLENDS[1:]:
                    g, r, h = _stroke_share(lin_d, fa_d + t * (fb_d - fa_d), stroke_lin[k], ink)
                    better = r < rd
                    gd = np.where(better, g, gd)
                    hd = np.where(better, h, hd)
                    rd = np.minimum(r, rd)
                good[diff] = np.where(r0 <= 1.2 * rd + 0.01, 0.0, gd)
                absres[diff], hid[diff] = rd, hd
            hidden = hid if hidden is None else hidden & hid
            fits.append((good, absres))
        if len(fits) > 1:
            winner = np.argmin(np.stack([f[1] for f in fits]), axis=0)
        # A stroke over a city's outline: its share where it beats every stroke alone.
        bar = np.min(np.stack([f[1] for f in fits]), axis=0)
        extras = [_over_outline(lin, fa, fb, stroke_lin[k], outline, ink, bar)
                  if outline is not None and float(np.linalg.norm(stroke_lin[k] - outline)) >= 0.3
                  else None for k in strokes]
        seen = (~hidden).sum(axis=2)                     # (c, n_across)
        for j, ((good, _), extra) in enumerate(zip(fits, extras)):
            if len(fits) > 1:
                good = np.where(winner == j, good, 0.0)
            # A dashed line: the share a few samples along the side reach (see read_board).
            shown = np.where(hidden, 0.0, good)
            sym = np.minimum(shown[:, central, :].max(axis=1),
                             np.minimum(shown[:, outer_a, :].max(axis=1),
                                        shown[:, outer_b, :].max(axis=1)))
            dashed[lo:hi, j, 0] = np.sort(sym, axis=1)[:, -DASH_SAMPLES]
            near_line = shown[:, central | outer_a | outer_b, :].max(axis=1)
            dashed[lo:hi, j, 1] = np.sort(near_line, axis=1)[:, -DASH_SAMPLES]
            if extra is not None:
                # (the outline keeps its own share of such a sample: both lines are there)
                both = _low_quantile(np.where(hidden, np.nan, np.maximum(good, extra)), seen, 0.3)
                both = np.where(seen >= max(2, 0.3 * good_len), both, 0.0)
                over[lo:hi, j] = both[:, central].max(axis=1)
            # A line runs through the middle of its side. Where a thick line turns at a
            # corner, its join inks the ends of the next sides too, and on a side with such a
            # turn at both ends most samples show the stroke but the middle ones (none
            # seen, under ink: no say).
            mid_share = np.where(hidden, -1.0, good)[:, wide, good_len // 2 - 1:good_len // 2 + 2]
            mid_share = mid_share.reshape(len(fa), -1).max(axis=1)
            good = _low_quantile(np.where(hidden, np.nan, good), seen, 0.3)
            # An edge mostly hidden under ink is an outline, not a stroke.
            good = np.where(seen >= max(2, 0.3 * good_len), good, 0.0)
            on_band = good[:, central].max(axis=1)
            if ring is None or float(np.linalg.norm(stroke_lin[strokes[j]] - ring)) >= 0.3:
                beside = good[:, wide].max(axis=1)
                one = np.linalg.norm(fb - fa, axis=-1) < 0.02
                on_band = np.where(one & (beside >= STROKE_ALPHA), beside, on_band)
                # A stroke drawn over an outline hides it: where the outline's ink shows bare
                # (dark, and grey: what ink and fill explain) on most of the band on the line,
                # no stroke covers it, and what shows of the stroke's colour beside it is the
                # outline's own blur (JPEG keeps hue at half the resolution: a dark grey
                # outline on cream paper comes out bluish on one side, which unmixes as a
                # dark blue river). A stroke under the outline (a drawer that puts the grid
                # on top) is wider than it and shows on both sides: there the weaker side
                # counts. (Not a dark purple line: a river that a city's red outline half
                # covers. Only where the outline's ink stands out from the fill, between
                # hexes of one terrain: on dark foreign land it hides nothing, and between
                # two terrains the blends of their fills explain the blur beside the line.)
                on_line = hidden[:, central, :].reshape(len(fa), -1)
                miss = np.where(on_line, r_ink[:, central, :].reshape(len(fa), -1), np.inf)
                middle = np.maximum(on_line.sum(axis=1) - 1, 0) // 2
                grey = np.sort(miss, axis=1)[np.arange(len(fa)), middle]
                bare = one & (on_line.mean(axis=1) >= 0.5) & (grey < BARE_MISS)
                bare &= np.linalg.norm(ink - fa, axis=-1) >= 0.1
                two = np.minimum(good[:, wide & (across < 0)].max(axis=1),
                                 good[:, wide & (across > 0)].max(axis=1))
                on_band = np.where(bare, np.minimum(on_band, two), on_band)
            out[lo:hi, j, 0] = np.where(mid_share >= 0, np.minimum(on_band, mid_share), on_band)
            outer[lo:hi, j, 0] = good[:, outer_a].max(axis=1)
            outer[lo:hi, j, 1] = good[:, outer_b].max(axis=1)
            # Where across the line the stroke lies (grid units, negative: towards a).
            wgt = good[:, band]
            centroid[lo:hi, j] = (wgt * across[band]).sum(axis=1) / np.maximum(wgt.sum(axis=1), 1e-9)
    return out, outer, centroid, over, dashed


def _over_outline(lin, fa, fb, stroke, outline, ink, absres):
    """A stroke on a side that a city's outline runs along too (a river past a city drawn
    with a red outline on its sides): the two lines blur into one, blue and red make purple,
    and neither the stroke nor the outline alone explains the samples. There the background
    of a sample is the fill blended with the outline colour. Counted only where that explains
    the sample better than the stroke on the plain fills, and the fills, the outline and the
    ink alone leave it clearly unexplained, so that an outline alone never shows as the
    stroke. (``absres``: the least residual of any stroke on the fills alone: the blend must
    do better than every one of them, or a border over the outline's red would take a purple
    river for itself.) Returns the stroke's share in such samples (0 elsewhere)."""
    # (the fills blend into each other too: a dark outline between white and lavender water,
    # with some red, is no river)
    without = mix_residual(lin, fa[:, None, None, :], fb[:, None, None, :], ink)
    diff = np.nonzero(np.linalg.norm(fb - fa, axis=-1) >= 0.02)[0]
    for t in BLENDS:
        blend = fa + t * (fb - fa)
        if 0 < t < 1:
            blend, part = blend[diff], diff
        else:
            part = slice(None)
        without[part] = np.minimum(without[part],
                                   mix_residual(lin[part], blend[:, None, None, :], outline, ink))
    extra = np.zeros(lin.shape[:-1])
    for base in (fa, fb):
        for t in (0.25, 0.5):
            g, r, h = _stroke_share(lin, base + t * (outline - base), stroke, ink)
            better = (r < absres) & (without > 1.2 * r + 0.01) & ~h
            extra = np.where(better, np.maximum(extra, g), extra)
            absres = np.where(better, r, absres)
    return extra


def _stroke_share(lin, fill, stroke, ink):
    """Each sample (c, ...,  3) unmixed against its edge's ``fill`` (c, 3) and a stroke:
    the share of the stroke that counts (less where the model leaves much unexplained), the
    absolute residual, and whether black ink hides the sample."""
    a, b, miss = unmix(lin, fill[:, None, None, :], stroke, ink)
    r = miss * np.linalg.norm(stroke - fill, axis=-1)[:, None, None]
    g = np.where(miss < 0.3, a, a * np.clip(1.0 - (miss - 0.3) / 0.3, 0.0, 1.0))
    # Black ink over the line (a name written across a river) hides it: such samples say
    # nothing either way.
    return g, r, (b > 0.55) & (a < 0.2)


def _low_quantile(a: np.ndarray, n_valid: np.ndarray, q: float) -> np.ndarray:
    """The ``q`` quantile along the last axis of ``a`` ignoring NaN (``n_valid`` per row;
    rows with none give 0): a share most of a side's samples reach."""
    srt = np.sort(a, axis=-1)                       # NaN sort last
    k = np.clip(np.floor(q * (n_valid - 1)).astype(np.intp), 0, a.shape[-1] - 1)
    out = np.take_along_axis(srt, k[..., None], axis=-1)[..., 0]
    return np.where(n_valid > 0, np.nan_to_num(out), 0.0)


def _rings(rgb, A, px, centres, fills, light, city, ink, hexes, grid, grounds=(),
           all_centres=None, all_fills=None, loose=None, others=(), rivals=(), abroad=None):
    """City rings: hexes where the city colour goes all the way round inside the hex.

    For each angle around the centre, red must show at some radius inside the hex and not at
    the mirror point across the hex's side (a border line on the side shows on both sides;
    a ring only inside). Angles whose mirror is red are left out of the count. ``loose``
    marks hexes (read as water) that take plain or mountain as the ground under a ring when
    it explains them nearly as well as their own fill, not only clearly better. ``others``:
    stroke colours (the border's) that, seen past a side, also leave that angle out: a border
    in its own colour round an enclave shows past the sides, a ring does not. ``rivals``:
    stroke colours (the river's) that win the samples they explain better than the city
    colour. ``abroad`` marks hexes (read as foreign) across whose sides a border is expected:
    angles facing them count like angles with red past the side.
    """
    n_ang = 48
    rmax = 0.5
    rmin = 0.16
    step = max(0.025, 0.6 / px)
    radii = np.arange(rmin, rmax + 1e-9, step)
    ang = np.arange(n_ang) * (2 * math.pi / n_ang)
    # Distance from the centre to the hex boundary at each angle (pointy: sides normal to
    # 0, 60, ... degrees; flat: to 30, 90, ...).
    start = 0.0 if grid.orientation == "pointy" else math.pi / 6
    rel = (ang - start) % (math.pi / 3)
    rel = np.minimum(rel, math.pi / 3 - rel)
    bound = 0.5 / np.cos(rel)
    # Just outside the hex at each angle: a border on the side shows there, a ring does not.
    beyond = bound[None, :] + np.array([0.015, 0.035, 0.055])[:, None]      # (3, a)
    # The neighbour each angle faces (its fill is the background out there).
    side = np.rint((ang - start) / (math.pi / 3)).astype(int) % 6
    side_dir = np.stack([np.cos(start + side * math.pi / 3), np.sin(start + side * math.pi / 3)], axis=1)
    all_centres = centres if all_centres is None else all_centres
    all_fills = fills if all_fills is None else all_fills
    key = {(int(round(x * 8)), int(round(y * 8))): i for i, (x, y) in enumerate(all_centres)}
    paper = all_fills.max(axis=0) if len(all_fills) else np.ones(3)
    dirs = np.stack([np.cos(ang), np.sin(ang)], axis=1)
    pat_in = radii[:, None, None] * dirs[None, :, :]              # (r, a, 2)
    pat_out = beyond[:, :, None] * dirs[None, :, :]
    # Each inside point mirrored across the side nearest to it, and near a corner across
    # the next nearest too: a border line on a side is as wide on one side of it as on the
    # other, a ring lies on the inside only. (In a corner the blur of two borders adds up,
    # and so must the two mirror images.)
    six = start + np.arange(6) * (math.pi / 3)
    normals = np.stack([np.cos(six), np.sin(six)], axis=1)                 # (6, 2)
    order = np.argsort(-(pat_in @ normals.T), axis=-1)                     # (r, a, 6)
    sides2 = order[..., :2]                                                # nearest two
    depth2 = 0.5 - np.einsum("rad,rakd->rak", pat_in, normals[sides2])     # (r, a, 2)
    pat_mirror = pat_in[:, :, None, :] + 2 * depth2[..., None] * normals[sides2]
    mirror_near = depth2 < np.array([np.inf, 0.2])      # the second only where a border reaches
    inside = radii[:, None] <= bound[None, :] - 0.01              # stay within the hex
    result = {}
    found = []
    n = len(hexes)
    for lo in range(0, n, RING_CHUNK):
        hi = min(n, lo + RING_CHUNK)
        c = centres[lo:hi]
        g = light.gains(*apply_affine(A, c).T)
        pin = apply_affine(A, c[:, None, None, :] + pat_in[None])
        lin_in = _lin(_sample_rgb(rgb, pin)) * g[:, None, None, :]
        # The ground under the ring: the hex's terrain colour, or (cities stand there) the
        # plain or mountain colour, whichever explains the samples best. A small city hex
        # is mostly ring and numbers, and its terrain may have been misread.
        best_fill = fills[lo:hi].copy()
        a_in, _, miss_in = unmix(lin_in, best_fill[:, None, None, :], city, ink)
        # Only hexes with some red in them can be cities: the rest go no further.
        red0 = (a_in >= RING_ALPHA) & (miss_in < 0.45) & inside[None]
        score0 = red0.any(axis=1).mean(axis=1)
        if len(grounds):
            # (a city's hex misread as another terrain shows its red against paper)
            a1, _, m1 = unmix(lin_in, grounds[0], city, ink)
            score0 = np.maximum(score0, ((a1 >= RING_ALPHA) & (m1 < 0.45) & inside[None])
                                .any(axis=1).mean(axis=1))
        some = np.nonzero(score0 >= 0.3)[0]
        if not len(some):
            continue
        c, g, lin_in = c[some], g[some], lin_in[some]
        a_in, miss_in, best_fill = a_in[some], miss_in[some], best_fill[some]
        index_of = lo + some
        # (compared on the absolute residual: the relative one favours grounds far from red)
        best_miss = np.median(miss_in[:, inside], axis=1) * np.linalg.norm(city - best_fill, axis=1)
        own_miss = best_miss.copy()
        loose_k = (np.zeros(len(some), dtype=bool) if loose is None
                   else np.asarray(loose, dtype=bool)[index_of])
        chosen = np.full(len(some), -1)
        per_ground = np.zeros((len(some), len(grounds)))
        for k, ground in enumerate(grounds):
            a2, _, m2 = unmix(lin_in, ground, city, ink)
            mm = np.median(m2[:, inside], axis=1) * float(np.linalg.norm(city - ground))
            per_ground[:, k] = mm
            better = mm < 0.8 * best_miss - 0.02
            # A thin ring in a strong colour (magenta at 20 px a hex) tints the whole small
            # hex, which then reads as light water and its own "fill" explains the ring
            # away: there plain or mountain under the ring nearly as good is enough.
            better |= loose_k & (mm <= 2.0 * own_miss + 0.03) & ((chosen < 0) | (mm < best_miss))
            if better.any():
                a_in = np.where(better[:, None, None], a2, a_in)
                miss_in = np.where(better[:, None, None], m2, miss_in)
                best_miss = np.where(better, mm, best_miss)
                best_fill[better] = ground
                chosen[better] = k
        # A ring is drawn with a width: on a ground whose colour is close to the city's
        # (a red-brown mountain under an orange-red ring, under 45 CIELAB units apart) the
        # grain of a scan reaches RING_ALPHA at some radius along most angles. There only
        # the share two neighbouring radii both reach counts. (Not everywhere: it costs
        # thin rings some of their share, and far from the city colour noise is no danger.)
        close = np.linalg.norm(linear_to_lab(best_fill) - linear_to_lab(city), axis=1) < 45.0
        if close.any():
            pair = np.minimum(a_in[:, 1:], a_in[:, :-1])
            opened = np.zeros_like(a_in)
            opened[:, :-1] = pair
            opened[:, 1:] = np.maximum(opened[:, 1:], pair)
            a_in = np.where(close[:, None, None], opened, a_in)
        red_in = (a_in >= RING_ALPHA) & (miss_in < 0.45) & inside[None]
        # A quick rejection: hexes with hardly any red are not cities.
        any_red = red_in.any(axis=1).mean(axis=1)
        cand = np.nonzero(any_red >= 0.4)[0]

        if not len(cand):
            continue
        # Another stroke colour that explains a sample better than the city colour (a blue
        # river on a brown mountain's side blurs into a purple that is part magenta) shows
        # no ring there.
        if len(rivals):
            fill_c = best_fill[cand][:, None, None, :]
            res_city = miss_in[cand] * np.linalg.norm(city - fill_c, axis=-1)
            lost = np.zeros(res_city.shape, dtype=bool)
            for rival in rivals:
                a_r, _, m_r = unmix(lin_in[cand], fill_c, rival, ink)
                res_rival = m_r * np.linalg.norm(rival - fill_c, axis=-1)
                lost |= (a_r >= RING_ALPHA) & (res_rival < res_city)
            red_in[cand] &= ~lost
            miss_in[cand] = np.where(lost, 1.0, miss_in[cand])
        pout = apply_affine(A, c[cand][:, None, None, :] + pat_out[None])
        lin_out = _lin(_sample_rgb(rgb, pout)) * g[cand][:, None, None, :]
        # The mirror point lies in the neighbour: unmix it against the neighbour's fill.
        nb_fill = np.empty((len(cand), n_ang, 3))
        facing_abroad = np.zeros((len(cand), n_ang), dtype=bool)
        for k, i in enumerate(cand):
            cx, cy = c[i]
            for j in range(n_ang):
                nb = key.get((int(round((cx + side_dir[j, 0]) * 8)), int(round((cy + side_dir[j, 1]) * 8))))
                nb_fill[k, j] = all_fills[nb] if nb is not None else paper
                facing_abroad[k, j] = nb is not None and abroad is not None and bool(abroad[nb])
        a_out, _, miss_out = unmix(lin_out, nb_fill[:, None, :, :], city, ink)
        red_out = ((a_out >= RING_ALPHA) & (miss_out < 0.45)).any(axis=1)      # (c, a)
        for other in others:
            a_o, _, m_o = unmix(lin_out, nb_fill[:, None, :, :], other, ink)
            red_out |= ((a_o >= RING_ALPHA) & (m_o < 0.45)).any(axis=1)
        # Towards a neighbouring state a border is expected on the side, and red that lies
        # along the side is told from it only by the red past the side; a dashed border, red
        # over dark grey, shows too little of it there, and a hex of home land ringed by one
        # read as a city outlined along its sides. Angles facing abroad count like those
        # with red past the side: only red clearly apart from the side (a ring with paper
        # outside it) counts there.
        red_out |= facing_abroad
        ri = red_in[cand]
        # A ring lies at one distance from the centre all round (a hexagon's varies by a
        # sixth): red only counts near the radius where most angles show it. Red at the
        # sides on some angles (a border in the city colour along them) and, on the others,
        # the grain of a ground near the city colour reaching the ring's share at some
        # radius or other, once added up to a ring round mountain hexes.
        mode = radii[np.argmax(ri.mean(axis=2), axis=1)]                     # (c,)
        near_mode = np.abs(radii[None, :] - mode[:, None]) <= RING_SPREAD     # (c, r)
        after_mode = ((radii[None, :] >= mode[:, None] - RING_SPREAD)
                      & (radii[None, :] <= mode[:, None] + 2 * RING_SPREAD))
        share = np.where((miss_in[cand] < 0.45) & inside[None], a_in[cand], 0.0)
        # How strongly the ring shows: the share at its radius, the median over the angles.
        strength = np.median(np.where(near_mode[:, :, None], share, 0.0).max(axis=1), axis=1)
        # A ring that shows the ring share as a whole may fade on part of its way round (a
        # magenta ring blurred over brown or grey turns dull red or grey): there half its
        # own strength is enough at its radius, if the ring leaves the ground inside it
        # clear, below that half. (The grain of a mountain brown near the city colour shows
        # such shares all over the hex.) Inside: further in than the ring's peak at that
        # angle by more than its width and blur; a hexagon's ring, or one drawn a little
        # off the centre, lies at different radii round the hex.
        at_ring = np.where(near_mode[:, :, None], share, -1.0)
        peak_r = radii[np.argmax(at_ring, axis=1)]                                  # (c, a)
        inner = radii[None, :, None] <= peak_r[:, None, :] - 1.5 * RING_SPREAD       # (c, r, a)
        has_inner = inner.any(axis=1)                                               # (c, a)
        in_share = np.where(inner, share, 0.0).max(axis=1)                          # (c, a)
        inside_share = np.array([np.median(v[m]) if m.any() else 1.0
                                 for v, m in zip(in_share, has_inner)])
        half = np.minimum(RING_ALPHA, 0.5 * strength)
        relax = (strength >= RING_ALPHA) & (has_inner.mean(axis=1) >= 0.5) & (inside_share < half)
        thr = np.where(relax, half, RING_ALPHA)
        strict = ri & near_mode[:, :, None]
        ri = (share >= thr[:, None, None]) & near_mode[:, :, None]
        # Red with paler paper between it and the side is a ring whatever lies outside (the
        # share of red falls after its peak, going out); red that runs into the side may be
        # a border on it, and counts only if it stops there.
        peak = np.maximum.accumulate(np.where(near_mode[:, :, None], share, 0.0), axis=1)
        dip = ((peak >= thr[:, None, None]) & (share < 0.6 * peak - 0.05) & inside[None]
               & after_mode[:, :, None])
        # ... or red well inside the hex, deeper than a border line on its side reaches: not
        # shown as far past the side (a thick border's own width reaches that deep).
        pm = apply_affine(A, c[cand][:, None, None, None, :] + pat_mirror[None])
        lin_m = _lin(_sample_rgb(rgb, pm)) * g[cand][:, None, None, None, :]
        nb6 = np.empty((len(cand), 6, 3))
        for k, i in enumerate(cand):
            for j in range(6):
                nb = key.get((int(round((c[i][0] + normals[j, 0]) * 8)),
                              int(round((c[i][1] + normals[j, 1]) * 8))))
                nb6[k, j] = all_fills[nb] if nb is not None else paper
        mirrored = np.zeros(lin_m.shape[:4])
        for colour in (city, *others):
            a_m, _, m_m = unmix(lin_m, nb6[:, sides2], colour, ink)
            mirrored = np.maximum(mirrored, np.where((m_m < 0.45) & mirror_near[None], a_m, 0.0))
        mirrored = mirrored.sum(axis=-1)
        deep = (ri & (radii[:, None] <= bound[None, :] - 0.14)[None]
                & (mirrored < 0.5 * share))
        separate = dip.any(axis=1) | deep.any(axis=1)
        # (red anywhere at the ring's radius counts at the ring's own share only: a fading
        # ring must show its shape, paper beside it or a clear mirror beyond the side)
        anyred = strict.any(axis=1)
        covered = separate | (anyred & ~red_out)
        known = separate | ~red_out
        frac = covered.sum(axis=1) / np.maximum(known.sum(axis=1), 1)
        # Where red lies outside too (a border along that side) the angle tells nothing; a
        # ring must show all round the rest, and the rest must be more than a side or two.
        score = np.where(known.mean(axis=1) >= 0.25, frac, 0.0)
        # A ring has its ground inside it: the city colour's share in the middle of the hex
        # (where only the numbers are, in ink) nearly as high as at its peak further out is
        # a hex tinted all over, such as a mountain brown close to a red or magenta city
        # colour, not a ring. (A thin ring blurred and JPEG-smeared into a 20 px hex does
        # tint the middle, but far less than it shows at its own radius.)
        mid_share = np.median(share[:, radii <= 0.2, :].max(axis=1), axis=1)
        peak_share = np.median(share.max(axis=1), axis=1)
        tinted = (mid_share >= RING_ALPHA) & (mid_share >= 0.7 * peak_share)

        # Radius: where the ring's red is most complete.
        # (at the ring's own share: the weaker one it may fade to is more spread out)
        per_r = (strict & known[:, None, :]).mean(axis=2)
        rad = radii[np.argmax(per_r, axis=1)]
        for k, i in enumerate(cand):
            if score[k] >= 0.45:
                found.append((hexes[index_of[i]], float(rad[k]), float(score[k]), bool(tinted[k]),
                              float(strength[k]), bool(close[i]),
                              int(np.argmin(per_ground[i])) if len(grounds) else -1,
                              bool(chosen[i] >= 0), per_ground[i].copy()))
    # The rings of one board are drawn alike: the sure ones (complete, on a clear ground)
    # show how strongly a ring shows on this board. The grain of a ground near the city
    # colour (a red-brown mountain) reaches the ring's share here and there, and may add up
    # to a ring all round at a radius or other, but shows far more weakly than the board's
    # rings; a ring on such a ground, blurred into the middle of a small hex, shows as
    # strongly as they do. (Far from the city colour no grain reaches a ring's share, and
    # a ring there may show weakly: a magenta ring on orange-brown blurs into a dull red.
    # A board with few sure rings keeps the tinted test alone.)
    sure = [f[4] for f in found if f[2] >= 0.9 and not f[3]]
    typical = float(np.median(sure)) if len(sure) >= RING_PEERS else None

    def is_weak(tinted, strength, near_city, crowded):
        if typical is None:
            return tinted
        return ((near_city and strength < 0.5 * typical)
                or (tinted and strength < 0.75 * typical)
                or (crowded and tinted and near_city and strength < typical))

    # A board has at most about 40 cities (36 race numbers, a few towns abroad). Far more
    # hexes that look like rings are a ground near the city colour, tinted all over by the
    # blur (a wide mountain range in a brown near an orange-red city colour): then a hex
    # tinted all over on such a ground must show as strongly as the board's sure rings.
    def sureness(score):        # (a city from 0.5 up: see _read_cities)
        return float(np.clip((score - 0.6) / 0.3, 0.0, 1.0))

    crowded = sum(sureness(f[2]) >= 0.5 and not is_weak(f[3], f[4], f[5], False)
                  for f in found) > RING_CROWD
    for h, rad, score, tinted, strength, near_city, ground, switched, residuals in found:
        if is_weak(tinted, strength, near_city, crowded):
            continue
        result[h] = (rad, sureness(score), ground, switched, residuals)
    return result
