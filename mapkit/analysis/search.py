"""Shortest-path searches on a :class:`~mapkit.analysis.cells.Board`: the analysis's view of
:mod:`mapkit.search` (where the algorithms live).

Edge costs are small whole numbers (steps 1; build 1, 3, 5, 7; travel 1, 2), so the searches
use Dial's bucket queue (:func:`mapkit.search.dial`). Two entry points:

* :func:`search_from`: from one cell or several, in pure Python, with optional targets that
  stop the search once they are settled, and optional predecessors for paths. Fast on the
  boards of real games (a few thousand hexes) and free of numpy's import time.
* :func:`search_many`: many sources at once; with numpy (:func:`mapkit.search.dial_batch`)
  on large boards, where the whole batch of sources is expanded level by level together.

Both return ``INF`` (``2**31 - 1``) for cells that cannot be reached.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map
>>> from mapkit.analysis.cells import Board
>>> b = Board(Map(Grid("pointy", "odd", 5, 1), terrain={H("C1"): "mountain"}))
>>> d = search_from(b, b.cell(H("A1")), "build")
>>> [d[b.cell(H(n))] for n in ("A1", "B1", "C1", "D1", "E1")]
[0, 1, 4, 7, 8]
>>> search_many(b, [b.cell(H("E1"))], "travel", [b.cell(H(n)) for n in ("A1", "C1")])
[[5, 3]]
"""

from __future__ import annotations

from .. import search as paths
from ..search import path_to
from .cells import INF, Board

__all__ = ["search_from", "search_many", "path_to", "NUMPY_THRESHOLD", "BATCH"]

# search_many uses numpy when sources x cells exceeds this; below it the pure-Python search
# is faster than importing numpy (about 0.1 s). Measured with benchmarks/distances.py.
NUMPY_THRESHOLD = 400_000
# Sources searched side by side by the numpy engine. Larger batches amortise the per-level
# overhead; beyond 64 the gain is small (benchmarks/distances.py) and memory keeps growing.
BATCH = 64


def search_from(board: Board, source, metric: str, targets=None, preds: bool = False,
                adjacency=None, max_weight: int | None = None, first: bool = False):
    """Distances (a list indexed by cell) from cell ``source`` under ``metric``.

    ``source`` may also be a list of cells, all at distance 0 (a network, several starts);
    cells off the board or impassable are left out. ``targets``, ``preds``, ``first``: as
    :func:`mapkit.search.dial`. ``adjacency``: a mapping or list giving the tuple of
    ``(neighbour, cost)`` of each cell, replacing the board's (e.g. restricted to built
    track); then give ``max_weight`` too.
    """
    adj = board.adjacency(metric) if adjacency is None else adjacency
    starts = [source] if isinstance(source, int) else list(source)
    starts = [s for s in starts if 0 <= s < board.size and board.passable[s]]
    maxw = board.max_weight(metric) if max_weight is None else max_weight
    return paths.dial(adj, starts, targets=targets, first=first, preds=preds, max_weight=maxw, size=board.size)


def search_many(board: Board, sources, metric: str, targets, engine: str | None = None,
                batch: int | None = None) -> list[list[int | None]]:
    """``out[i][j]``: distance from cell ``sources[i]`` to cell ``targets[j]``, None if unreachable.

    ``engine``: ``"python"``, ``"numpy"`` or None (choose by size, see ``NUMPY_THRESHOLD``).
    ``batch``: sources searched together by the numpy engine (default ``BATCH``: a fixed
    number, so that memory grows linearly with the board, about ``4 * BATCH`` bytes per cell).
    """
    sources = list(sources)
    targets = list(targets)
    if engine is None:
        engine = "numpy" if len(sources) * board.size > NUMPY_THRESHOLD else "python"
    if engine == "python":
        out = []
        for s in sources:
            dist = search_from(board, s, metric, targets=targets)
            out.append([None if dist[t] == INF else dist[t] for t in targets])
        return out
    if engine != "numpy":
        raise ValueError(f"unknown engine {engine!r}")
    import numpy as np

    passable = np.frombuffer(bytes(board.passable), dtype=np.uint8).astype(bool)
    if batch is None:
        batch = max(1, min(len(sources), BATCH))
    return paths.dial_batch(board.offsets, board.numpy_weights(metric), passable, sources, targets, batch)
