"""Stage 4, cities (:func:`read_cities` -> :class:`CityReading`): a ring inside the hex
(:func:`find_rings`) or an outline along its sides (:func:`outlined_hexes`), in the city
colour. ``docs/import.md``, "Cities".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from . import params as P
from .colour import linear_to_lab
from .mixing import against, unmix, unmix_against
from .sampling import HexPicture

if TYPE_CHECKING:
    from .edgeshares import EdgeShares

__all__ = ["CityReading", "Ring", "RingFrame", "ring_frame", "RingSearch", "ring_search", "find_rings",
           "CityEdges", "outlined_hexes", "read_cities"]


class Ring(NamedTuple):
    """A ring found in a hex: ``radius`` (grid units), ``score`` 0..1, the ``ground`` under it
    (index among the grounds tried; -1: its own terrain), whether that replaced the hex's own
    (``switched``), each ground's ``residuals``."""

    radius: float
    score: float
    ground: int
    switched: bool = False
    residuals: tuple = ()


@dataclass
class CityReading:
    """Stage 4's reading: city hex -> ring radius (an outline: ``OUTLINE_RADIUS`` or more), the
    confidence of cities and near misses, the terrain under rings that showed it."""

    cities: dict = field(default_factory=dict)        # Hex -> ring radius
    confidence: dict = field(default_factory=dict)    # Hex -> 0..1 (cities and near misses)
    ground: dict = field(default_factory=dict)        # Hex -> terrain under the ring
    ground_confidence: dict = field(default_factory=dict)


class RingFrame(NamedTuple):
    """Where a hex is sampled for a ring (grid units from its centre): inside at each radius and
    angle, just past its sides, and each inside point mirrored across its two nearest sides."""

    radii: np.ndarray
    bound: np.ndarray
    side: np.ndarray
    pat_in: np.ndarray
    pat_out: np.ndarray
    pat_mirror: np.ndarray
    mirror_near: np.ndarray
    inside: np.ndarray
    normals: np.ndarray
    sides2: np.ndarray


def ring_frame(px: float, orientation: str) -> RingFrame:
    """The sampling frame for rings at ``px`` pixels between hex centres.

    >>> f = ring_frame(30.0, "pointy")
    >>> f.pat_in.shape[1], round(float(f.bound[0]), 3), round(float(f.bound[4]), 3)
    (48, 0.5, 0.577)
    """
    radii = np.arange(P.RING_RADII[0], P.RING_RADII[1] + 1e-9, max(P.RING_RADIUS_STEP[0], P.RING_RADIUS_STEP[1] / px))
    ang = np.arange(P.RING_ANGLES) * (2 * math.pi / P.RING_ANGLES)
    # Pointy: sides normal to 0, 60, ... degrees; flat: to 30, 90, ...
    start = 0.0 if orientation == "pointy" else math.pi / 6
    rel = (ang - start) % (math.pi / 3)
    rel = np.minimum(rel, math.pi / 3 - rel)
    bound = 0.5 / np.cos(rel)
    beyond = bound[None, :] + np.array(P.RING_PAST_SIDE)[:, None]      # (3, a)
    side = np.rint((ang - start) / (math.pi / 3)).astype(int) % 6      # the side each angle faces
    dirs = np.stack([np.cos(ang), np.sin(ang)], axis=1)
    pat_in = radii[:, None, None] * dirs[None, :, :]              # (r, a, 2)
    pat_out = beyond[:, :, None] * dirs[None, :, :]
    # A border is as wide either side of a side, a ring inside only: mirrors (two, corners).
    six = start + np.arange(6) * (math.pi / 3)
    normals = np.stack([np.cos(six), np.sin(six)], axis=1)                 # (6, 2)
    order = np.argsort(-(pat_in @ normals.T), axis=-1)                     # (r, a, 6)
    sides2 = order[..., :2]                                                # nearest two
    depth2 = 0.5 - np.einsum("rad,rakd->rak", pat_in, normals[sides2])     # (r, a, 2)
    pat_mirror = pat_in[:, :, None, :] + 2 * depth2[..., None] * normals[sides2]
    mirror_near = depth2 < np.array([np.inf, P.RING_MIRROR_NEAR])      # the second only where a border reaches
    inside = radii[:, None] <= bound[None, :] - P.RING_SIDE_CLEAR
    return RingFrame(radii, bound, side, pat_in, pat_out, pat_mirror, mirror_near, inside,
                     normals, sides2)


class _Colours(NamedTuple):
    """The colours a ring search needs (linear RGB)."""

    city: np.ndarray
    ink: np.ndarray
    grounds: list           # plain, mountain: what may lie under a ring
    others: list            # the border's colour: past a side, it says the angle is a border's
    rivals: list            # the river's: wins the samples it explains better


class _Candidate(NamedTuple):
    """A ring found in one hex before the board-wide checks (its score: the share of angles round
    that show it)."""

    hex: tuple
    ring: Ring
    tinted: bool
    strength: float
    near_city: bool


class RingSearch(NamedTuple):
    """What a search for rings reads (:func:`ring_search`): the picture, the colours, per hex
    (in ``pic.hexes``' order) whether it is water that takes plain or mountain under a ring
    nearly as good (``loose``) and whether it is foreign, its facing angles counting as red
    past the side (``abroad``); the sampling frame, the hexes by centre (``key``), the paper."""

    pic: HexPicture
    colours: _Colours
    loose: np.ndarray
    abroad: np.ndarray
    frame: RingFrame
    key: dict
    paper: np.ndarray


def ring_search(pic: HexPicture, colours: _Colours, orientation: str, loose, abroad) -> RingSearch:
    """The :class:`RingSearch` of a picture whose grid has hexes of ``orientation``."""
    key = {(int(round(x * 8)), int(round(y * 8))): i for i, (x, y) in enumerate(pic.centres)}
    paper = pic.fills.max(axis=0) if len(pic.fills) else np.ones(3)
    return RingSearch(pic, colours, np.asarray(loose, dtype=bool), np.asarray(abroad, dtype=bool),
                      ring_frame(pic.hex_px, orientation), key, paper)


def find_rings(search: RingSearch) -> dict:
    """City rings, ``{hex: Ring}``."""
    found = []
    for lo in range(0, len(search.pic.hexes), P.RING_CHUNK):
        found += _rings_in_chunk(search, lo, lo + P.RING_CHUNK)
    return _weed_weak(found)


def _neighbour_fills(s: RingSearch, c):
    """The fill of the neighbour each side of the hexes centred at ``c`` faces (n, d, 3; off the
    board the paper), and whether it is foreign."""
    cells = np.rint((c[:, None, :] + s.frame.normals[None, :, :]) * 8).astype(int).tolist()
    nbs = np.array([[s.key.get(tuple(xy), -1) for xy in row] for row in cells])      # -1: off the board
    on = nbs >= 0
    return np.where(on[..., None], s.pic.fills[nbs], s.paper), on & s.abroad[nbs]


class _Inside(NamedTuple):
    """The samples inside some hexes at each radius and angle (c, r, a, 3), unmixed over a
    ground (``fill``, (c, 3)) into the city colour: its share ``a`` and the part unexplained."""

    lin: np.ndarray
    a: np.ndarray
    miss: np.ndarray
    fill: np.ndarray


class _Around(NamedTuple):
    """A chunk's candidates as :func:`_ring_scores` reads them: the city colour inside
    (``red``, shares ``a`` and ``miss`` of :class:`_Inside`), past each side (``red_out``), at
    the inside points mirrored across the sides (``lin_mirror``), the neighbours' fills."""

    red: np.ndarray
    miss: np.ndarray
    a: np.ndarray
    red_out: np.ndarray
    lin_mirror: np.ndarray
    neighbour_fills: np.ndarray


def _rings_in_chunk(s: RingSearch, lo: int, hi: int) -> list:
    """The ring candidates among hexes ``lo`` to ``hi``."""
    pic, f, col = s.pic, s.frame, s.colours
    c = pic.centres[lo:hi]
    g = pic.gains(c)
    lin_in = pic.linear(c[:, None, None, :] + f.pat_in[None]) * g[:, None, None, :]
    best_fill = pic.fills[lo:hi].copy()
    a_in, _, miss_in = unmix(lin_in, best_fill[:, None, None, :], col.city, col.ink)
    # Only hexes with some red in them can be cities: the rest go no further.
    score0 = (_red(a_in, miss_in) & f.inside[None]).any(axis=1).mean(axis=1)
    if len(col.grounds):
        # (a city's hex misread as another terrain shows its red against paper)
        a1, _, m1 = unmix(lin_in, col.grounds[0], col.city, col.ink)
        score0 = np.maximum(score0, (_red(a1, m1) & f.inside[None]).any(axis=1).mean(axis=1))
    some = np.nonzero(score0 >= P.RING_SOME)[0]
    if not len(some):
        return []
    c, g = c[some], g[some]
    index_of = lo + some
    inner, chosen, per_ground, close = _ground_under_ring(
        _Inside(lin_in[some], a_in[some], miss_in[some], best_fill[some]), s.loose[index_of], col, f.inside)
    miss_in = inner.miss
    red_in = _red(inner.a, miss_in) & f.inside[None]
    cand = np.nonzero(red_in.any(axis=1).mean(axis=1) >= P.RING_ANY)[0]
    if not len(cand):
        return []
    if len(col.rivals):
        _rivals_win(inner, cand, red_in, col)
    lin_out = pic.linear(c[cand][:, None, None, :] + f.pat_out[None]) * g[cand][:, None, None, :]
    nb6, abroad6 = _neighbour_fills(s, c[cand])
    red_out = _red_past_side(lin_out, nb6[:, f.side], col) | abroad6[:, f.side]
    lin_m = pic.linear(c[cand][:, None, None, None, :] + f.pat_mirror[None])
    lin_m = lin_m * g[cand][:, None, None, None, :]
    score, rad, strength, tinted = _ring_scores(
        _Around(red_in[cand], miss_in[cand], inner.a[cand], red_out, lin_m, nb6), f, col)
    return [_Candidate(pic.hexes[index_of[i]],
                       Ring(float(rad[k]), float(score[k]), int(np.argmin(per_ground[i])) if len(col.grounds) else -1,
                            bool(chosen[i] >= 0), per_ground[i].copy()),
                       bool(tinted[k]), float(strength[k]), bool(close[i]))
            for k, i in enumerate(cand) if score[k] >= P.RING_SCORE]


def _red(a, miss):
    """Samples in the city colour: enough of it, and the rest explained."""
    return (a >= P.RING_ALPHA) & (miss < P.RING_MISS)


def _ground_under_ring(own: _Inside, loose_k, col: _Colours, inside) -> tuple:
    """The ground under each ring: its own terrain (``own``), or plain or mountain where they
    explain the samples best; on a ground near the city colour only shares two neighbouring
    radii reach. ``loose_k``: the hexes of water that take a ground nearly as good. Returns the
    samples over the ground chosen (:class:`_Inside`), the ground chosen (-1: own), each
    ground's residuals, and whether the ground is close to the city colour."""
    city, ink = col.city, col.ink
    lin_in, a_in, miss_in, best_fill = own
    # (compared on the absolute residual: the relative one favours grounds far from red)
    best_miss = np.median(miss_in[:, inside], axis=1) * np.linalg.norm(city - best_fill, axis=1)
    own_miss = best_miss.copy()
    chosen = np.full(len(lin_in), -1)
    per_ground = np.zeros((len(lin_in), len(col.grounds)))
    for k, ground in enumerate(col.grounds):
        a2, _, m2 = unmix(lin_in, ground, city, ink)
        mm = np.median(m2[:, inside], axis=1) * float(np.linalg.norm(city - ground))
        per_ground[:, k] = mm
        better = mm < P.GROUND_BETTER[0] * best_miss - P.GROUND_BETTER[1]
        # (a thin strong ring tints a small hex light water: nearly as good will do)
        better |= loose_k & (mm <= P.GROUND_LOOSE[0] * own_miss + P.GROUND_LOOSE[1]) & ((chosen < 0) | (mm < best_miss))
        if better.any():
            a_in = np.where(better[:, None, None], a2, a_in)
            miss_in = np.where(better[:, None, None], m2, miss_in)
            best_miss = np.where(better, mm, best_miss)
            best_fill[better] = ground
            chosen[better] = k
    close = np.linalg.norm(linear_to_lab(best_fill) - linear_to_lab(city), axis=1) < P.RING_CLOSE_LAB
    if close.any():
        pair = np.minimum(a_in[:, 1:], a_in[:, :-1])
        opened = np.zeros_like(a_in)
        opened[:, :-1] = pair
        opened[:, 1:] = np.maximum(opened[:, 1:], pair)
        a_in = np.where(close[:, None, None], opened, a_in)
    return _Inside(lin_in, a_in, miss_in, best_fill), chosen, per_ground, close


def _rivals_win(inner: _Inside, cand, red_in, col: _Colours) -> None:
    """Samples another stroke colour explains better show no ring (in place: ``red_in`` and
    ``inner.miss`` of the candidates ``cand``)."""
    lin_in, miss_in = inner.lin, inner.miss
    fill_c = inner.fill[cand][:, None, None, :]
    res_city = miss_in[cand] * np.linalg.norm(col.city - fill_c, axis=-1)
    lost = np.zeros(res_city.shape, dtype=bool)
    for rival in col.rivals:
        a_r, _, m_r = unmix(lin_in[cand], fill_c, rival, col.ink)
        lost |= (a_r >= P.RING_ALPHA) & (m_r * np.linalg.norm(rival - fill_c, axis=-1) < res_city)
    red_in[cand] &= ~lost
    miss_in[cand] = np.where(lost, 1.0, miss_in[cand])


def _red_past_side(lin_out, nb_fill, col: _Colours):
    """Whether the city (or border) colour shows past the side each angle faces: (c, a)."""
    bg = against(lin_out, nb_fill[:, None, :, :], col.ink)
    shown = []
    for colour in (col.city, *col.others):
        a, _, miss = unmix_against(bg, colour)
        shown.append(_red(a, miss).any(axis=1))
    return np.logical_or.reduce(shown)


def _ring_scores(around: _Around, f: RingFrame, col: _Colours):
    """Per candidate: the share of angles round that show a ring, its radius, its strength, and
    whether the hex is tinted all over (the rules: ``docs/import.md``, "Cities")."""
    ri, miss, a_in, red_out, lin_m, nb6 = around
    radii, inside, spread = f.radii, f.inside, P.RING_SPREAD
    mode = radii[np.argmax(ri.mean(axis=2), axis=1)]                     # (c,)
    near_mode = np.abs(radii[None, :] - mode[:, None]) <= spread          # (c, r)
    after_mode = ((radii[None, :] >= mode[:, None] - spread)
                  & (radii[None, :] <= mode[:, None] + 2 * spread))
    share = np.where((miss < P.RING_MISS) & inside[None], a_in, 0.0)
    strength = np.median(np.where(near_mode[:, :, None], share, 0.0).max(axis=1), axis=1)
    at_ring = np.where(near_mode[:, :, None], share, -1.0)
    peak_r = radii[np.argmax(at_ring, axis=1)]                                  # (c, a)
    inner = radii[None, :, None] <= peak_r[:, None, :] - P.RING_INNER[0] * spread            # (c, r, a)
    has_inner = inner.any(axis=1)                                               # (c, a)
    in_share = np.where(inner, share, 0.0).max(axis=1)                          # (c, a)
    inside_share = np.array([np.median(v[m]) if m.any() else 1.0
                             for v, m in zip(in_share, has_inner, strict=False)])
    half = np.minimum(P.RING_ALPHA, 0.5 * strength)
    relax = (strength >= P.RING_ALPHA) & (has_inner.mean(axis=1) >= P.RING_INNER[1]) & (inside_share < half)
    thr = np.where(relax, half, P.RING_ALPHA)
    strict = ri & near_mode[:, :, None]
    ri = (share >= thr[:, None, None]) & near_mode[:, :, None]
    peak = np.maximum.accumulate(np.where(near_mode[:, :, None], share, 0.0), axis=1)
    dip = ((peak >= thr[:, None, None]) & (share < P.RING_DIP[0] * peak - P.RING_DIP[1]) & inside[None]
           & after_mode[:, :, None])
    mirrored = np.zeros(lin_m.shape[:4])
    bg = against(lin_m, nb6[:, f.sides2], col.ink)
    for a_m, _, m_m in (unmix_against(bg, c) for c in (col.city, *col.others)):
        mirrored = np.maximum(mirrored, np.where((m_m < P.RING_MISS) & f.mirror_near[None], a_m, 0.0))
    mirrored = mirrored.sum(axis=-1)
    deep = ri & (radii[:, None] <= f.bound[None, :] - P.RING_DEEP[0])[None] & (mirrored < P.RING_DEEP[1] * share)
    separate = dip.any(axis=1) | deep.any(axis=1)
    # (red anywhere at the ring's radius counts at the ring's own share only)
    covered = separate | (strict.any(axis=1) & ~red_out)
    known = separate | ~red_out
    frac = covered.sum(axis=1) / np.maximum(known.sum(axis=1), 1)
    # A ring must show all round the angles that tell, and they must be more than a side or two.
    score = np.where(known.mean(axis=1) >= P.RING_KNOWN, frac, 0.0)
    # (as strong in the middle as at its peak: a hex tinted all over)
    mid_share = np.median(share[:, radii <= P.RING_MIDDLE, :].max(axis=1), axis=1)
    tinted = (mid_share >= P.RING_ALPHA) & (mid_share >= P.RING_TINTED * np.median(share.max(axis=1), axis=1))
    # Radius: where the ring's red is most complete (at the ring's own share).
    per_r = (strict & known[:, None, :]).mean(axis=2)
    return score, radii[np.argmax(per_r, axis=1)], strength, tinted


def _sureness(score: float) -> float:
    """A ring's score (from ``RING_SCORE``) as a city's confidence (a city from ``CITY_SURE`` up)."""
    return float(np.clip((score - P.RING_SURE_FROM) / P.RING_SURE_SPAN, 0.0, 1.0))


def _weed_weak(found: list) -> dict:
    """The candidates that are rings, held to the strength of the board's sure rings where the
    ground is near the city colour or the hex tinted all over (``docs/import.md``, "Cities")."""
    sure = [c.strength for c in found if c.ring.score >= P.RING_SURE and not c.tinted]
    typical = float(np.median(sure)) if len(sure) >= P.RING_PEERS else None

    def is_weak(c: _Candidate, crowded: bool) -> bool:
        if typical is None:
            return c.tinted
        return ((c.near_city and c.strength < P.RING_WEAK[0] * typical)
                or (c.tinted and c.strength < P.RING_WEAK[1] * typical)
                or (crowded and c.tinted and c.near_city and c.strength < typical))

    crowded = sum(_sureness(c.ring.score) >= P.CITY_SURE and not is_weak(c, False) for c in found) > P.RING_CROWD
    return {c.hex: c.ring._replace(score=_sureness(c.ring.score)) for c in found if not is_weak(c, crowded)}


class CityEdges(NamedTuple):
    """Stage 3's shares as the city outlines read them: ``edge_index`` (edge -> row), the
    :class:`~.edgeshares.EdgeShares`, and the columns of the city colour and of rivers (None)."""

    edge_index: dict
    shares: EdgeShares
    jcity: int
    jriver: int | None


def city_edges(edge_index: dict, shares) -> CityEdges:
    """The :class:`CityEdges` of stage 3's shares: the city colour's column is the border's
    where the border is drawn in it (no column of its own)."""
    kinds = shares.kinds
    jcity = kinds.index("border" if "border" in kinds and "_city" not in kinds else "_city")
    return CityEdges(edge_index, shares, jcity, kinds.index("river") if "river" in kinds else None)


def read_cities(pic: HexPicture, grid, legend, terrain, edges: CityEdges) -> CityReading:
    """The board's cities: rings and outlines, checked against the terrain (``terrain``: stage
    2, whose ``colours`` are each terrain's as printed; ``edges``: stage 3's)."""
    colours = terrain.colours
    ground_keys = [t for t in ("plain", "mountain") if t in colours]
    col = _Colours(legend.linear("city"), legend.linear("grid"), [colours[t] for t in ground_keys],
                   [legend.linear(k) for k in legend.strokes() if k == "border"],
                   [legend.linear(k) for k in legend.strokes() if k == "river"])
    land = terrain.terrain
    rings = find_rings(ring_search(pic, col, grid.orientation, loose=[land[h] == "water" for h in pic.hexes],
                                   abroad=[land[h] == "foreign" for h in pic.hexes]))
    out = CityReading()

    def amid_foreign(h):
        return all(land.get(n) == "foreign" for n in grid.neighbours(h))

    found = {}
    for h, ring in rings.items():
        # On water or foreign land a ring needs plain or mountain under it, or to lie deep in
        # a neighbouring state (a town abroad; a border round an enclave is no city).
        if land[h] not in ("plain", "mountain") and not ring.switched:
            if land[h] == "foreign" and amid_foreign(h):
                found[h] = Ring(ring.radius, ring.score, -1)
            continue
        found[h] = Ring(ring.radius, ring.score, ring.ground)
        if ring.score >= P.CITY_SURE and len(ring.residuals) == 2:
            lo, hi = sorted(ring.residuals)
            out.ground_confidence[h] = float(np.clip((hi - lo) / max(hi + lo, 1e-9) * P.GROUND_SURE_GAIN, 0, 1))
    for h, ring in outlined_hexes(grid, edges, land, terrain.inner_ink).items():
        if found.get(h, Ring(0, 0.0, -1)).score < ring.score:
            found[h] = ring
    for h, ring in found.items():
        # A home pocket ringed by a thick border shows the colour past its sides, and nothing
        # in its middle: no city.
        if terrain.inner_ink.get(h, 1.0) < P.POCKET_INK and land[h] != "foreign" and amid_foreign(h) \
                and _past_sides(grid, h, edges) >= P.STROKE_ALPHA:
            continue
        if ring.score >= P.CITY_SURE and ring.ground >= 0:
            out.ground[h] = ground_keys[ring.ground]
        if ring.score >= P.CITY_SURE and land[h] != "foreign" and amid_foreign(h):
            # (a town abroad, drawn on paper of its own: on foreign land)
            out.ground[h] = "foreign"
        out.confidence[h] = ring.score
        if ring.score >= P.CITY_SURE:
            out.cities[h] = ring.radius
    return out


def _past_sides(grid, h, edges: CityEdges) -> float:
    """How much of the city colour shows past the sides of ``h`` (median): a border's does."""
    return float(np.median([edges.shares.outer[edges.edge_index[e], edges.jcity, 0 if h == e[1] else 1]
                            for e in grid.edges_of(h)]))


def outlined_hexes(grid, edges: CityEdges, terrain: dict, writing: dict) -> dict:
    """Hexes outlined in the city colour along their own sides (the colour on the inner side of
    the line), ``{hex: Ring}``; a side under a river neither shows nor denies it, and a hex
    ringed by a river is a city when its middle is written on (``writing``)."""
    edge_index, jcity, jriver = edges.edge_index, edges.jcity, edges.jriver
    line, centroid = edges.shares.line, edges.shares.centroid
    found = {}
    for h in grid.hexes():
        if terrain.get(h) not in ("plain", "mountain"):
            continue
        sides = grid.edges_of(h)
        # (a hex on the board's edge has as few as three sides inside the board)
        if len(sides) < 3:
            continue
        idx = [edge_index[e] for e in sides]
        under = np.array([jriver is not None and line[i, jriver] >= P.WEAK_ALPHA for i in idx])
        if under.sum() >= len(sides) - P.RIVER_RING_OPEN and writing.get(h, 0.0) >= P.RIVER_RING_INK:
            found[h] = Ring(P.OUTLINED_CITY_RADIUS, P.RIVER_RING_SURE, -1)
            continue
        lit = line[idx, jcity] >= P.OUTLINE_ALPHA
        shown = (lit | under).sum()
        if shown < len(sides) - P.OUTLINE_SHOWN[0] or shown < min(P.OUTLINE_SHOWN[1], len(sides)):
            continue
        inward = np.array([-centroid[i, jcity] if h == e[0] else centroid[i, jcity]
                           for i, e in zip(idx, sides, strict=False)])
        abroad = np.array([terrain.get(e[1] if e[0] == h else e[0]) == "foreign" for e in sides])
        home = lit & ~abroad
        if home.sum() >= P.OUTLINE_HOME_SIDES:
            shift = float(np.median(inward[home]))
        elif lit.all() and (inward[home] >= P.OUTLINE_PULLED).all():
            # (a city in a pocket of home land: the colour pulled inwards on every side)
            shift = float(np.median(inward))
        else:
            continue        # the shift must show on enough sides
        if shift >= P.OUTLINE_SHIFT:
            sure = P.CITY_SURE + (shift - P.OUTLINE_PULLED) * P.OUTLINE_SURE_GAIN
            found[h] = Ring(P.OUTLINED_CITY_RADIUS, float(np.clip(sure, P.CITY_SURE, 1.0)), -1)
    return found
