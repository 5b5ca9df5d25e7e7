"""Cheapest paths between hexes: over the whole board, or over a given set of edges.

:func:`cheapest_path` answers "what does the cheapest track from A to B cost and where does
it run" (``build``), "how far is it in hex steps" (``steps``) and "how many movement points
does a train need" (``travel``, uphill 2). With ``edges`` it searches only those edges (for
instance the track already built), which is what a race over built track needs.

Start and end may each be one hex or several (a player's whole network; any city of a
group): the cost is then the cheapest from any start to any end. Ties between equally cheap
paths are broken the same way every time.

>>> from mapkit.grid import Grid, parse_hex as H, hex_name
>>> from mapkit.model import Map
>>> m = Map(Grid("pointy", "odd", 4, 2), terrain={H("B1"): "mountain"})
>>> cost, path = cheapest_path(m, H("A1"), H("C1"))
>>> cost, [hex_name(h) for h in path]
(3, ['A1', 'A2', 'B2', 'C1'])
>>> cheapest_path(m, H("A1"), H("C1"), "steps")[0]
2
>>> track = {(H("A1"), H("B1")), (H("B1"), H("C1"))}
>>> cheapest_path(m, H("A1"), H("C1"), "travel", edges=track)
(3, [Hex(col=0, row=0), Hex(col=1, row=0), Hex(col=2, row=0)])
>>> cheapest_path(m, H("A1"), H("D2"), "build", edges=track) is None
True
"""

from __future__ import annotations

from ..grid import Hex
from ..model import Map
from .cells import INF, Board
from .costs import METRICS, CostModel
from .search import path_to, search_from

__all__ = ["cheapest_path", "path_cost", "track_adjacency"]


def _hexes(x) -> list[Hex]:
    if isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, int) for v in x):
        return [Hex(*x)]
    return [Hex(*h) for h in x]


def track_adjacency(board: Board, metric: str, edges) -> tuple[dict, int]:
    """Adjacency over ``edges`` only (each usable in both directions where the costs allow).

    Returns ``(adjacency, max_weight)`` for :func:`mapkit.analysis.search.search_from`.
    """
    weights = board.weights(metric)
    offsets = board.offsets
    direction = {off: k for k, off in enumerate(offsets)}
    adj: dict[int, list] = {}
    maxw = 1
    for a, b in edges:
        ca, cb = board.cell(a), board.cell(b)
        if ca < 0 or cb < 0:
            continue
        k = direction.get(cb - ca)
        if k is None:
            continue  # not adjacent: not a track piece
        for x, y, kk in ((ca, cb, k), (cb, ca, (k + 3) % 6)):
            w = weights[kk][x]
            if w:
                adj.setdefault(x, []).append((y, w))
                maxw = max(maxw, w)
    return _Adjacency({c: tuple(sorted(v)) for c, v in adj.items()}), maxw


class _Adjacency(dict):
    """A dict of adjacency tuples that answers ``()`` for cells without track."""

    def __missing__(self, key):
        return ()


def cheapest_path(m: Map | Board, start_hex, end_hex, metric: str = "build",
                  costs: CostModel | None = None, edges=None, border_crossing: bool | None = None,
                  board: Board | None = None):
    """``(cost, [Hex, ...])`` of a cheapest path from ``start_hex`` to ``end_hex``, or None.

    ``start_hex``/``end_hex``: a hex or an iterable of hexes. ``metric``: steps, build or
    travel. ``costs``: a :class:`CostModel` (default: the map's, with ``border_crossing``).
    ``edges``: restrict the search to these edges (pairs of adjacent hexes). ``board``: a
    compiled :class:`Board` to reuse between calls (``m`` may also be a Board). The path
    includes both ends; a start that is also an end gives ``(0, [that hex])``.
    """
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; use one of {', '.join(METRICS)}")
    if board is None:
        board = m if isinstance(m, Board) else Board(m, costs=costs, border_crossing=border_crossing)
    starts = [board.cell(h) for h in _hexes(start_hex)]
    ends = [board.cell(h) for h in _hexes(end_hex)]
    ends = [c for c in ends if c >= 0]
    if not ends:
        return None
    if edges is None:
        dist, pred = search_from(board, starts, metric, targets=ends, preds=True, first=True)
    else:
        adj, maxw = track_adjacency(board, metric, edges)
        dist, pred = search_from(board, starts, metric, targets=ends, preds=True, first=True,
                                 adjacency=adj, max_weight=maxw)
    best = min(ends, key=lambda c: (dist[c], c))
    if dist[best] == INF:
        return None
    return dist[best], [board.hex(c) for c in path_to(pred, best, dist)]


def path_cost(m: Map | Board, path, metric: str = "build", costs: CostModel | None = None) -> int | None:
    """The cost of following ``path`` (a list of hexes) step by step; None if a step is impossible.

    >>> from mapkit.grid import Grid, parse_hex as H
    >>> from mapkit.model import Map
    >>> m = Map(Grid("pointy", "odd", 3, 1), terrain={H("C1"): "mountain"})
    >>> path_cost(m, [H("A1"), H("B1"), H("C1")], "build"), path_cost(m, [H("A1"), H("C1")])
    (4, None)
    """
    cm = costs if costs is not None else (m.costs if isinstance(m, Board) else CostModel(m))
    total = 0
    for a, b in zip(path, path[1:], strict=False):
        if not cm.map.grid.adjacent(a, b):
            return None
        w = cm.cost(metric, a, b)
        if w is None:
            return None
        total += w
    return total
