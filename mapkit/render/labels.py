"""Placing city names so that no name covers another name, a race number or a city hex.

Every name gets a ring of candidate boxes around its city hex: to the right (preferred, as on
printed boards), the left, the corners, above and below, a step further out, and the same as
two lines or in a slightly smaller size. A candidate is *allowed* when its box stays on the
board and touches no city hex (shapely checks the true hex shapes; the numbers sit inside the
hexes) and no name placed before. Among the allowed candidates the cheapest wins: the cost is
the position's preference plus small penalties for covering water, foreign land, rivers and
borders (names read best on white). Lines that must stay in sight (``kept``: the rivers and
borders, which a name's plate would hide) are more than a cost: a candidate whose plate
touches one is taken only when none of the city's allowed candidates left is clear of them.
Names are placed most-constrained first: at each step the city with the fewest candidates
left to choose from (its clear ones, else all its allowed ones) takes its best one, so
crowded corners are served before easy cities take their space; ties go by key, so the
placement is the same on every run.

>>> from shapely.geometry import Polygon
>>> def hexagon(cx, cy, r=8.0):
...     import math
...     return Polygon([(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
...                     for a in range(-30, 330, 60)])
>>> reqs = [LabelRequest("A", "Alpha", (20, 20), hexagon(20, 20), 2.5),
...         LabelRequest("B", "Beta", (34, 20), hexagon(34, 20), 2.5)]
>>> out = place_labels(reqs, bounds=(0, 0, 80, 40))
>>> [lab.clash for lab in out.values()]
[False, False]
>>> out["A"].box_overlaps(out["B"])
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .fonts import ASCENT, DESCENT, text_width

if TYPE_CHECKING:
    # shapely ships no type information, so mypy reads this as Any; it names what is meant.
    from shapely.geometry.base import BaseGeometry

__all__ = ["LabelRequest", "Label", "KeptLines", "place_labels", "anchors", "box_at", "LINE_PITCH"]

Box = tuple[float, float, float, float]   # x0, y0, x1, y1, mm

LINE_PITCH = 1.12          # distance between the baselines of a two-line name, per font size
GAP = 0.55                 # free space between a hex and its name, mm
PAD = 0.35                 # names keep this much apart, mm
# (angle in degrees, y down; preference cost). Right of the city first, like printed boards.
DIRECTIONS = ((0, 0.0), (180, 0.6), (-30, 1.0), (30, 1.0), (-150, 1.5), (150, 1.5),
              (-90, 1.3), (90, 1.3), (-60, 1.8), (60, 1.8), (-120, 2.1), (120, 2.1))
FAR_STEP = 0.3             # the outer ring lies this many hex radii further out
FAR_COST = 3.0
TWO_LINE_COST = 1.6
SMALL_SCALE, SMALL_COST = 0.86, 4.0
# Soft penalties: per mm^2 of a box over water / foreign land, per mm of a river or border under it
# (a name's white plate hides a line, in mono all but wholly: crossing one side costs more than
# a name on two lines or on the far ring; docs/rendering.md, "Names").
AREA_COST = 0.03
LINE_COST = 1.0


@dataclass(frozen=True)
class LabelRequest:
    """A name to place next to a shape (a city hex) centred at ``centre``; size in mm."""

    key: str
    text: str
    centre: tuple
    shape: object          # shapely geometry the name must keep clear of (with all others)
    size: float


@dataclass(frozen=True)
class KeptLines:
    """Lines no name may cover while it has a place clear of them (the rivers and borders a
    name's plate would hide): ``lines`` a shapely geometry; ``rim`` = (dx, dy), mm, the plate's
    margin round the name's box on each side, counted as covering too."""

    lines: BaseGeometry | None
    rim: tuple = (0.0, 0.0)


@dataclass(frozen=True)
class Label:
    """A placed name: its lines, font size, box and text alignment."""

    key: str
    lines: tuple
    size: float
    x0: float
    y0: float
    x1: float
    y1: float
    align: str             # SVG text-anchor: start, middle or end
    cost: float = 0.0
    clash: bool = False    # True when no free place existed and this one overlaps something

    @property
    def box(self) -> Box:
        return (self.x0, self.y0, self.x1, self.y1)

    def baselines(self) -> list[tuple[float, float]]:
        """Where each line is drawn: (x, baseline y) for the SVG text-anchor ``align``."""
        x = {"start": self.x0, "middle": (self.x0 + self.x1) / 2, "end": self.x1}[self.align]
        first = self.y0 + ASCENT * self.size
        return [(x, first + i * LINE_PITCH * self.size) for i in range(len(self.lines))]

    def box_overlaps(self, other: Label, pad: float = 0.0) -> bool:
        return _boxes_overlap(self.box, other.box, pad)


@dataclass
class _Candidate:
    lines: tuple
    size: float
    box: Box
    align: str
    cost: float
    allowed: bool = True
    covers: bool = False   # its plate touches a kept line (taken only when no clear place is left)
    hard: float = 0.0      # area of forbidden overlap (for the last-resort choice)
    extra: dict = field(default_factory=dict)


def _boxes_overlap(a, b, pad=0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _split_two(text: str):
    """The most balanced split of a multi-word name into two lines, or None."""
    words = text.split()
    if len(words) < 2:
        return None
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return min(splits, key=lambda ab: max(len(ab[0]), len(ab[1])))   # the first of equal ones


def _reach(shape, centre, angle) -> float:
    """Distance from ``centre`` to the edge of ``shape`` along ``angle`` (degrees, y down)."""
    from shapely.geometry import LineString

    cx, cy = centre
    minx, miny, maxx, maxy = shape.bounds
    far = 2 * max(maxx - minx, maxy - miny) + 1
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    hit = LineString([(cx, cy), (cx + far * dx, cy + far * dy)]).intersection(shape.boundary)
    if hit.is_empty:
        return 0.0
    pts = [hit] if hit.geom_type == "Point" else [g for g in getattr(hit, "geoms", []) if g.geom_type == "Point"]
    if not pts:
        return max(maxx - minx, maxy - miny) / 2
    return max(math.hypot(p.x - cx, p.y - cy) for p in pts)


def box_at(anchor, angle, width, height) -> tuple[Box, str]:
    """The box of ``width`` x ``height`` that sits beyond ``anchor`` in direction ``angle``."""
    ax, ay = anchor
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    if dx > 0.25:
        x0, align = ax, "start"
    elif dx < -0.25:
        x0, align = ax - width, "end"
    else:
        x0, align = ax - width / 2, "middle"
    if dy > 0.25:
        y0 = ay
    elif dy < -0.25:
        y0 = ay - height
    else:
        y0 = ay - height / 2
    return (x0, y0, x0 + width, y0 + height), align


def _candidates(req: LabelRequest, radius: float) -> list[_Candidate]:
    variants = [((req.text,), req.size, 0.0)]
    two = _split_two(req.text)
    if two:
        variants.append((two, req.size, TWO_LINE_COST))
    variants.append(((req.text,), req.size * SMALL_SCALE, SMALL_COST))
    if two:
        variants.append((two, req.size * SMALL_SCALE, SMALL_COST + TWO_LINE_COST))
    out = []
    spots = anchors(req.shape, req.centre, radius)
    for lines, size, vcost in variants:
        width = max(text_width(t, size) for t in lines)
        height = (ASCENT + DESCENT) * size + (len(lines) - 1) * LINE_PITCH * size
        for angle, anchor, cost in spots:
            box, align = box_at(anchor, angle, width, height)
            out.append(_Candidate(lines, size, box, align, cost + vcost))
    return out


def anchors(shape, centre, radius: float, gap: float = GAP) -> list[tuple[float, tuple, float]]:
    """The points round ``shape`` (centred at ``centre``, ``radius`` across) a name's box may
    begin at: ``(angle, anchor, cost)`` for each direction of the near ring and the far one
    (the box sits beyond its anchor in the direction ``angle``, see :func:`box_at`)."""
    reach = {a: _reach(shape, centre, a) for a, _ in DIRECTIONS}
    out: list[tuple[float, tuple, float]] = []
    for ring, rcost in ((0.0, 0.0), (FAR_STEP * radius, FAR_COST)):
        for angle, acost in DIRECTIONS:
            d = reach[angle] + gap + ring
            out.append((angle, (centre[0] + d * math.cos(math.radians(angle)),
                                centre[1] + d * math.sin(math.radians(angle))), acost + rcost))
    return out


def place_labels(requests, bounds, obstacles=(), soft_areas=None, soft_lines=None,
                 order: str = "constrained", kept: KeptLines | None = None) -> dict:
    """Place every request's name; returns ``{key: Label}`` in the order of ``requests``.

    ``order``: ``constrained`` (the city with the fewest free places first) or ``given``
    (the order of ``requests``; the plain greedy baseline of ``benchmarks/render.py``).

    ``bounds`` = (x0, y0, x1, y1): names stay inside. ``obstacles``: extra shapely shapes no
    name may touch (every request's own shape is one already). ``soft_areas`` (a shapely
    geometry) and ``soft_lines`` (lines) only cost: names avoid them when they can.
    ``kept`` (:class:`KeptLines`): lines a name covers only when every candidate it has left
    does (then the cheapest of them).
    """
    import numpy as np
    import shapely
    from shapely import STRtree

    requests = list(requests)
    hard_shapes = [r.shape for r in requests] + list(obstacles)
    bx0, by0, bx1, by1 = bounds
    cands: dict[str, list[_Candidate]] = {}
    everything: list[_Candidate] = []
    for req in requests:
        minx, miny, maxx, maxy = req.shape.bounds
        radius = max(maxx - minx, maxy - miny) / 2
        cands[req.key] = _candidates(req, radius)
        everything += cands[req.key]
    if everything:
        # All candidate boxes at once (shapely's vectorised functions).
        b = np.array([c.box for c in everything], dtype=float)
        boxes = shapely.box(b[:, 0], b[:, 1], b[:, 2], b[:, 3])
        outside = (np.maximum(0, bx0 - b[:, 0]) + np.maximum(0, b[:, 2] - bx1)
                   + np.maximum(0, by0 - b[:, 1]) + np.maximum(0, b[:, 3] - by1))
        hard = np.zeros(len(everything))
        if hard_shapes:
            tree = STRtree(hard_shapes)
            ci, si = tree.query(boxes, predicate="intersects")
            if len(ci):
                areas = shapely.area(shapely.intersection(boxes[ci], np.array(hard_shapes, dtype=object)[si]))
                np.add.at(hard, ci, areas)
        extra = np.zeros(len(everything))
        if soft_areas is not None and not soft_areas.is_empty:
            shapely.prepare(soft_areas)
            hit = shapely.intersects(boxes, soft_areas)
            extra[hit] += AREA_COST * shapely.area(shapely.intersection(boxes[hit], soft_areas))
        if soft_lines is not None and not soft_lines.is_empty:
            shapely.prepare(soft_lines)
            hit = shapely.intersects(boxes, soft_lines)
            extra[hit] += LINE_COST * shapely.length(shapely.intersection(boxes[hit], soft_lines))
        covers = _covering(b, kept)
        for c, out_k, hard_k, extra_k, cover_k in zip(everything, outside, hard, extra, covers, strict=False):
            c.covers = bool(cover_k)
            if out_k > 0 or hard_k > 1e-9:
                c.allowed = False
                c.hard = float(hard_k + out_k * 10)
            c.cost += float(extra_k)
    for lst in cands.values():
        lst.sort(key=lambda c: c.cost)
    if order not in ("constrained", "given"):
        raise ValueError(f"order must be constrained or given, not {order!r}")
    placed = _choose([r.key for r in requests], cands, order)
    return {r.key: placed[r.key] for r in requests}


def _choose(keys: list[str], cands: dict[str, list[_Candidate]], order: str) -> dict[str, Label]:
    """Every city's name placed, one at a time in ``order``, from its candidates ``cands``
    (cheapest first); ``{key: Label}``."""
    placed: dict[str, Label] = {}
    todo = dict.fromkeys(keys)
    # The allowed candidates of every city that no placed name covers yet, cheapest first, and
    # those of them clear of the kept lines; each placement strikes out the candidates its box
    # would touch. A city chooses among its clear ones while it has any.
    alive = {key: [c for c in lst if c.allowed] for key, lst in cands.items()}
    clear = {key: [c for c in lst if not c.covers] for key, lst in alive.items()}
    while todo:
        # the most constrained city first (ties by key, deterministic), or in the given order
        key = (next(iter(todo)) if order == "given"
               else min(todo, key=lambda k: (len(clear[k] or alive[k]), k)))
        options = clear[key] or alive[key]
        clash = not options
        if clash:
            def badness(c):
                over = sum(_overlap_area(c.box, p.box) for p in placed.values())
                return (c.hard + over) * 100 + c.cost
            options = sorted(cands[key], key=badness)
        c = options[0]
        placed[key] = Label(key, c.lines, c.size, *c.box, c.align, round(c.cost, 3), clash)
        del todo[key]
        for k in todo:
            alive[k] = [o for o in alive[k] if not _boxes_overlap(o.box, c.box, PAD)]
            clear[k] = [o for o in clear[k] if not _boxes_overlap(o.box, c.box, PAD)]
    return placed


def _covering(b, kept: KeptLines | None):
    """Whether each box of ``b`` (an n x 4 array), grown by the kept lines' rim, touches one."""
    import numpy as np
    import shapely

    if kept is None or kept.lines is None or kept.lines.is_empty:
        return np.zeros(len(b), dtype=bool)
    dx, dy = kept.rim
    grown = shapely.box(b[:, 0] - dx, b[:, 1] - dy, b[:, 2] + dx, b[:, 3] + dy)
    # a tree of the lines' parts: each box is tested against the few near it
    hits, _ = shapely.STRtree(shapely.get_parts(kept.lines)).query(grown, predicate="intersects")
    out = np.zeros(len(b), dtype=bool)
    out[hits] = True
    return out


def _overlap_area(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0
