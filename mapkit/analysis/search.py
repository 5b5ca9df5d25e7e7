"""Shortest-path searches on a :class:`~mapkit.analysis.board.Board`.

Edge costs are small whole numbers (steps 1; build 1, 3, 5, 7; travel 1, 2), so the searches
use *Dial's algorithm*: Dijkstra with one bucket per distance instead of a heap. Nodes are
settled in order of distance; a bucket list of length ``max_weight + 1`` is reused
cyclically. Two implementations:

* :func:`search_from`: one source in pure Python, with an optional set of targets that
  stops the search once they are all settled, and optional predecessors for paths. Fast on
  the boards of real games (a few thousand hexes) and free of numpy's import time.
* :func:`search_many`: many sources at once with numpy, for large boards. The distance
  array holds a batch of sources side by side (``batch x cells`` integers, so memory is
  linear in the number of hexes for a fixed batch); each distance level is expanded for all
  sources of the batch together, one vector operation per direction and edge cost. Within
  one direction every frontier cell has a different neighbour, so the vector updates never
  collide, and a cell enters a bucket at most once (its distance only ever decreases).

Both return ``INF`` (``2**31 - 1``) for cells that cannot be reached.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map
>>> from mapkit.analysis.board import Board
>>> b = Board(Map(Grid("pointy", "odd", 5, 1), terrain={H("C1"): "mountain"}))
>>> d = search_from(b, b.cell(H("A1")), "build")
>>> [d[b.cell(H(n))] for n in ("A1", "B1", "C1", "D1", "E1")]
[0, 1, 4, 7, 8]
>>> search_many(b, [b.cell(H("E1"))], "travel", [b.cell(H(n)) for n in ("A1", "C1")])
[[5, 3]]
"""

from __future__ import annotations

from .board import INF, Board

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

    ``source`` may also be a list of cells, all at distance 0 (a network, several starts).

    ``targets``: cells; the search stops once all of them are settled (other cells may then
    hold upper bounds or INF). ``preds=True`` returns ``(dist, pred)`` where ``pred[c]`` is
    the cell before ``c`` on one cheapest path (-1 for the source and unreached cells).
    Ties are broken deterministically: the first cell to reach a distance keeps it.
    ``first=True`` stops at the first target settled (the nearest one).
    ``adjacency``: a mapping or list giving the tuple of ``(neighbour, cost)`` of each cell,
    replacing the board's (e.g. restricted to built track); then give ``max_weight`` too.
    """
    adj = board.adjacency(metric) if adjacency is None else adjacency
    size = board.size
    dist = [INF] * size
    pred = [-1] * size if preds else None
    starts = [source] if isinstance(source, int) else list(source)
    starts = [s for s in dict.fromkeys(starts) if 0 <= s < size and board.passable[s]]
    if not starts:
        return (dist, pred) if preds else dist
    for s in starts:
        dist[s] = 0
    remaining = None
    want = None
    if targets is not None:
        want = bytearray(size)
        for t in targets:
            if 0 <= t < size:
                want[t] = 1
        remaining = sum(want)
        if first and any(want[s] for s in starts):
            return (dist, pred) if preds else dist
        for s in starts:
            if want[s]:
                want[s] = 0
                remaining -= 1
        if remaining == 0:
            return (dist, pred) if preds else dist
        if first:
            remaining = 1
    maxw = board.max_weight(metric) if max_weight is None else max_weight
    span = max(maxw, 1) + 1
    buckets = [[] for _ in range(span)]
    buckets[0].extend(starts)
    pending = len(starts)
    d = 0
    while pending:
        i = d % span
        bucket = buckets[i]
        if bucket:
            buckets[i] = []
            pending -= len(bucket)
            for c in bucket:
                if dist[c] != d:
                    continue  # a stale entry: c was reached more cheaply later
                if want is not None and want[c]:
                    remaining -= 1
                    if remaining == 0:
                        return (dist, pred) if preds else dist
                for n, w in adj[c]:
                    nd = d + w
                    if nd < dist[n]:
                        dist[n] = nd
                        if pred is not None:
                            pred[n] = c
                        buckets[nd % span].append(n)
                        pending += 1
        d += 1
    return (dist, pred) if preds else dist


def path_to(pred: list, target: int, dist: list | None = None) -> list[int]:
    """The cells from the source to ``target`` along ``pred``.

    A source itself has ``pred == -1``: give ``dist`` to tell it (path ``[target]``) from an
    unreached cell (path ``[]``); without ``dist`` both give ``[]``.
    """
    if pred[target] == -1:
        return [target] if dist is not None and dist[target] == 0 else []
    out = [target]
    c = target
    while pred[c] != -1:
        c = pred[c]
        out.append(c)
    out.reverse()
    return out


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
    return _search_numpy(board, sources, metric, targets, batch)


def _search_numpy(board: Board, sources, metric, targets, batch):
    import numpy as np

    size = board.size
    weights = board.numpy_weights(metric)
    # Per direction: the distinct costs and a boolean mask of the cells with that cost.
    classes = []
    for k in range(6):
        wk = weights[k]
        costs = [int(v) for v in np.unique(wk) if v]
        classes.append([(c, wk == c) for c in costs])
    if batch is None:
        batch = max(1, min(len(sources), BATCH))
    tcells = np.asarray(targets, dtype=np.int64)
    maxw = max(1, int(weights.max()))
    span = maxw + 1
    offsets = board.offsets
    out: list[list[int | None]] = []
    passable = np.frombuffer(bytes(board.passable), dtype=np.uint8).astype(bool)
    for lo in range(0, len(sources), batch):
        chunk = sources[lo:lo + batch]
        nb = len(chunk)
        dist = np.full(nb * size, INF, dtype=np.int32)
        src = np.asarray(chunk, dtype=np.int64)
        ok = (src >= 0) & passable[np.clip(src, 0, size - 1)]
        starts = np.arange(nb, dtype=np.int64)[ok] * size + src[ok]
        dist[starts] = 0
        buckets: list[list] = [[] for _ in range(span)]
        buckets[0].append(starts)
        pending = 1 if len(starts) else 0
        d = 0
        while pending:
            i = d % span
            parts = buckets[i]
            if parts:
                buckets[i] = []
                pending -= len(parts)
                front = parts[0] if len(parts) == 1 else np.concatenate(parts)
                front = front[dist[front] == d]
                if len(front):
                    cells = front % size
                    for k in range(6):
                        off = offsets[k]
                        for c, mask in classes[k]:
                            hit = front[mask[cells]]
                            if not len(hit):
                                continue
                            hit += off
                            nd = d + c
                            hit = hit[dist[hit] > nd]
                            if len(hit):
                                dist[hit] = nd
                                buckets[nd % span].append(hit)
                                pending += 1
            d += 1
        table = dist.reshape(nb, size)[:, tcells] if len(tcells) else np.zeros((nb, 0), np.int32)
        for row in table.tolist():
            out.append([None if v == INF else v for v in row])
    return out
