"""Stage 5, edges decided (:func:`read_edges` -> :class:`EdgeReading`): which sides carry a
river or a border, from the shares of stage 3, the terrain and the cities: the strongest
stroke over its threshold, a city's outline kept apart from a border, dashed borders, and
lines running on (hysteresis). See ``docs/import.md``, "Strokes".
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import params as P
from ..grid import connected_pieces, edge

__all__ = ["EdgeReading", "read_edges", "with_dashes"]


@dataclass
class EdgeReading:
    """What stage 5 decided: stroke kind -> its edges; edge -> (kind or None, how sure)."""

    strokes: dict = field(default_factory=dict)
    confidence: dict = field(default_factory=dict)


def with_dashes(shares, edges, terrain: dict, cities: dict) -> None:
    """Dashed borders (in place): a few samples strongly in the border colour, on one side of
    the line only where home meets abroad; never on a city's sides nor between water hexes."""
    jb = shares.kinds.index("border")
    sides = [{terrain[a], terrain[b]} for a, b in edges]
    frontier = np.array(["foreign" in t and bool(t & {"plain", "mountain"}) for t in sides])
    by_city = np.array([a in cities or b in cities for a, b in edges])
    lake = np.array([t == {"water"} for t in sides])
    show = np.where(frontier, shares.dashed[:, jb].max(axis=1),
                    np.where(by_city | lake, 0.0, shares.dashed[:, jb, 0]))
    # (a dash showing DASH_ALPHA counts as a solid line showing STROKE_ALPHA)
    dash = np.where(show >= P.DASH_ALPHA, P.STROKE_ALPHA + show - P.DASH_ALPHA, 0.0)
    shares.line[:, jb] = np.maximum(shares.line[:, jb], dash)
    shares.outer[:, jb, :] = np.maximum(shares.outer[:, jb, :], dash[:, None])


def read_edges(grid, shares, edges, terrain: dict, cities: dict, strokes: list, same_red: bool) -> EdgeReading:
    """Which ``edges`` (the rows of ``shares``) carry which of ``strokes`` (the legend's stroke
    keys, the first columns of ``shares``); ``same_red``: the border and the cities share one
    colour."""
    edge_index = {e: i for i, e in enumerate(edges)}
    out = EdgeReading({k: set() for k in strokes})
    jb = strokes.index("border") if "border" in strokes else None
    rules = _outline_rules(grid, shares, edges, edge_index, terrain, cities, jb) \
        if jb is not None and same_red else None
    best: dict = {}
    line = shares.line.tolist()          # (Python floats: read one at a time)
    for i, e in enumerate(edges):
        a_best, kind = 0.0, None
        for j, k in enumerate(strokes):
            a = line[i][j]
            if k == "border" and rules is not None:
                a = rules.border_share(i, e, a)
            if k == "river" and terrain[e[0]] == terrain[e[1]] == "water":
                a = a if a >= P.LAKE_RIVER * P.STROKE_ALPHA else 0.0
            if a > a_best:
                a_best, kind = a, k
        best[e] = (a_best, kind)
        thr = P.STROKE_ALPHA
        sides = {terrain[e[0]], terrain[e[1]]}
        if kind == "border" and "foreign" in sides and sides & {"plain", "mountain"}:
            thr = P.WEAK_ALPHA          # a state border runs where home meets abroad
        if a_best >= thr:
            out.strokes[kind].add(e)
        out.confidence[e] = (kind if a_best >= thr else None, float(min(1.0, abs(a_best - thr) / P.CONFIDENCE_SPAN)))
    _start_chains(grid, terrain, out, best)
    _grow_strokes(grid, out, best)
    if "river" in strokes and jb is not None:
        _rivers_beside_borders(grid, shares, edge_index, strokes.index("river"), out)
    return out


def _rivers_beside_borders(grid, shares, edge_index, jr, out: EdgeReading) -> None:
    """A border side showing the river colour along a line beside it carries the river too (the
    renderer draws it so); a weak showing is enough where the river goes on at an end."""
    rivers = out.strokes["river"]
    beside = {e: float(shares.beside[edge_index[e], jr].max()) for e in out.strokes["border"]}
    rivers.update(e for e, a in beside.items() if a >= P.STROKE_ALPHA)
    weak = {e for e, a in beside.items() if P.WEAK_ALPHA <= a < P.STROKE_ALPHA} - rivers
    for piece in connected_pieces(weak | rivers, grid.touching):
        if piece & rivers:
            rivers.update(piece)


@dataclass(frozen=True)
class _OutlineRules:
    """The border's share on the sides of cities whose ring or outline runs along them: the
    sides it may run on (``allowed``), the cities it hugs, the board's outline ``level`` and
    inward ``shift`` it must stand out from (None: not measured), over the ``shares`` of the
    border's column ``jb``."""

    terrain: dict
    cities: dict
    allowed: set
    hugging: set
    level: float | None
    shift: float | None
    shares: Any
    jb: int

    def border_share(self, i, e, a: float) -> float:
        on_city = [h for h in e if h in self.cities]
        if on_city and self.cities[on_city[0]] >= P.OUTLINE_RADIUS:
            if e not in self.allowed:
                a = 0.0
        elif on_city and self.terrain[_other(e, on_city[0])] != "foreign":
            # A ring inside: a border must show on the far side of the line too.
            a = min(a, self.shares.outer[i, self.jb, 1 if on_city[0] == e[0] else 0])
        if self.level is not None and len(on_city) == 1 and on_city[0] in self.hugging:
            h = on_city[0]
            show = _side_show(self.shares, i, self.jb, h, e)
            on_line = self.shift is not None and _inward(self.shares, i, self.jb, h, e) <= P.ON_LINE_SHIFT * self.shift
            if self.terrain[_other(e, h)] == "foreign" and self.terrain[h] != "foreign":
                # (from home towards a neighbouring state a border is expected: a weaker showing
                # will do; not round a town abroad, whose neighbours abroad have none)
                a = self.shares.line[i, self.jb] if show >= self.level + P.WEAK_ALPHA or on_line else 0.0
            elif show < self.level + P.STROKE_ALPHA:
                a = 0.0
        return a


def _outline_rules(grid, shares, edges, edge_index, terrain, cities, jb) -> _OutlineRules:
    """Where a border may run on a city's sides, and the board's outline level and inward shift
    (over its cities' sides) that a border there must stand out from."""
    outlined = {h for h, r in cities.items() if r >= P.OUTLINE_RADIUS}
    first = set()
    for i, e in enumerate(edges):
        if shares.line[i, jb] < P.STROKE_ALPHA:
            continue
        cs = [h for h in e if h in outlined]
        if not cs or (len(cs) == 1 and shares.outer[i, jb, 1 if cs[0] == e[0] else 0] >= P.SPILL):
            first.add(e)
    allowed: set = set()
    for h in outlined:
        far = {e: shares.outer[edge_index[e], jb, 1 if h == e[0] else 0] for e in grid.edges_of(h)}
        abroad = {e for e in far if terrain[_other(e, h)] == "foreign"}
        spill = max([f for e, f in far.items() if e not in abroad], default=P.ABROAD_SPILL[0])
        for e in abroad:
            if shares.line[edge_index[e], jb] >= P.WEAK_ALPHA and far[e] >= spill + P.ABROAD_SPILL[1]:
                allowed.add(e)
        cand = [e for e, f in far.items() if e not in abroad
                and shares.line[edge_index[e], jb] >= P.WEAK_ALPHA
                and f >= P.PAST_SHARE * shares.line[edge_index[e], jb]]
        for run in connected_pieces(cand, grid.touching):      # (runs of sides one after another)
            if any(_continues(grid, h, e, first | allowed) for e in run):
                allowed.update(run)
    hugging = {h for h, r in cities.items() if r >= P.HUG_RADIUS}
    level = shift = None
    pairs = [(h, e) for h in hugging for e in grid.edges_of(h) if _other(e, h) not in cities]
    if len(pairs) >= P.OUTLINE_PEERS:
        level = float(np.median([_side_show(shares, edge_index[e], jb, h, e) for h, e in pairs]))
        shift = float(np.median([_inward(shares, edge_index[e], jb, h, e) for h, e in pairs]))
    return _OutlineRules(terrain, cities, allowed, hugging, level, shift, shares, jb)


def _other(e, h):
    """The hex across side ``e`` from ``h``."""
    return e[1] if e[0] == h else e[0]


def _side_show(shares, i, jb, h, e) -> float:
    """The border colour's share on side ``e`` of city ``h`` plus past it: what a border shows."""
    return float(shares.line[i, jb] + shares.outer[i, jb, 1 if h == e[0] else 0])


def _inward(shares, i, jb, h, e) -> float:
    """How far inside city ``h`` the border colour lies on its side ``e`` (grid units)."""
    c = float(shares.centroid[i, jb])
    return -c if h == e[0] else c


def _continues(grid, h, e, borders: set) -> bool:
    """Whether a border on side ``e`` of city ``h`` goes on past either end of the side."""
    return any(edge(_other(e, h), c) in borders for c in grid.end_hexes(e))


def _start_chains(grid, terrain, out: EdgeReading, best: dict):
    """A line nothing starts: ``CHAIN_LENGTH`` or more edges end to end within one terrain, each
    with a weak share of the same stroke (JPEG spreads a river on dark land thin)."""
    kinds = out.strokes
    weak = {e: k for e, (a, k) in best.items()
            if k is not None and a >= P.WEAK_ALPHA and e not in kinds[k]
            and terrain[e[0]] == terrain[e[1]]}
    for comp in connected_pieces(weak, lambda e: (x for x in grid.touching(e) if weak.get(x) == weak[e])):
        if len(comp) >= P.CHAIN_LENGTH:
            k = weak[next(iter(comp))]
            for e in comp:
                kinds[k].add(e)
                out.confidence[e] = (k, P.GROWN_CONFIDENCE
                                     * float(min(1.0, (best[e][0] - P.GAP_ALPHA) / P.CONFIDENCE_SPAN)))


def _grow_strokes(grid, out: EdgeReading, best: dict):
    """Lines run on (hysteresis): a weaker share joins a line going on at one end (or both)."""
    kinds = out.strokes
    ends = grid.end_hexes
    todo = deque(x for k in kinds.values() for e in k for x in grid.touching(e) if x in best)
    while todo:
        e = todo.popleft()
        a_best, kind = best[e]
        if kind is None or e in kinds[kind] or a_best < P.GAP_ALPHA:
            continue
        joined = [edge(e[0], c) in kinds[kind] or edge(e[1], c) in kinds[kind] for c in ends(e)]
        # (at the edge of the board a line may run off it)
        both = any(joined) and all(j or c not in grid for j, c in zip(joined, ends(e), strict=False))
        if (a_best >= P.WEAK_ALPHA and any(joined)) or both:
            kinds[kind].add(e)
            out.confidence[e] = (kind, P.GROWN_CONFIDENCE * float(min(1.0, (a_best - P.GAP_ALPHA) / P.CONFIDENCE_SPAN)))
            todo.extend(x for x in grid.touching(e) if x in best)
