"""Race numbers given out: each number read gets a different race number (a race number is
used once on a map), with the largest total log-probability (the Hungarian method:
:func:`assign`); a clear reading keeps its number, an unclear one gives way.

Where the board groups its tens digits by region (measured on the board by
:mod:`.regions`), each number's nearest others' tens digits weigh in (:func:`settle`), less
the surer a reading is, and not at all for one ``REGION_SURE`` nats surer than its next.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import params as P
from .digits import CODES
from .regions import nearest_others, region_weight, shares_among, tens_prior

__all__ = ["assign", "settle", "Settled"]


def assign(scores: np.ndarray) -> list[int]:
    """Each row (a number on the board) gets a different column (a race number), with the
    largest total score: the Hungarian method. Rows may be fewer than columns.

    >>> assign(np.array([[0.9, 0.8], [0.95, 0.1]]))
    [1, 0]
    """
    n_rows, n_cols = scores.shape
    if n_rows == 0:
        return []
    if n_rows > n_cols:
        return [int(i) for i in np.argmax(scores, axis=1)]
    cost = scores.max() - scores
    # Kuhn-Munkres with potentials (rows <= columns), 1-based as in the textbook: row and
    # column 0 stand for none; p[j] is the row column j is given to.
    u, v = np.zeros(n_rows + 1), np.zeros(n_cols + 1)
    p = np.zeros(n_cols + 1, dtype=np.intp)
    way = np.zeros(n_cols + 1, dtype=np.intp)
    for i in range(1, n_rows + 1):
        p[0], j0 = i, 0
        minv = np.full(n_cols + 1, np.inf)
        used = np.zeros(n_cols + 1, dtype=bool)
        while p[j0] != 0:       # an augmenting path from row i to a free column
            used[j0] = True
            i0 = p[j0]
            cur = cost[i0 - 1] - u[i0] - v[1:]
            better = ~used[1:] & (cur < minv[1:])
            minv[1:][better] = cur[better]
            way[1:][better] = j0
            free = np.where(used, np.inf, minv)
            j1 = int(np.argmin(free))
            u[p[used]] += free[j1]
            v[used] -= free[j1]
            minv[~used] -= free[j1]
            j0 = j1
        while j0:
            p[j0] = p[way[j0]]
            j0 = way[j0]
    given = np.nonzero(p[1:])[0]          # (every row has a column: rows <= columns)
    out = np.empty(n_rows, dtype=np.intp)
    out[p[given + 1] - 1] = given
    return out.tolist()


def settle(scores: np.ndarray, places: np.ndarray | None = None, sure=None) -> list[int]:
    """A different race number (column) for every number read (row), with the largest total
    log-probability (softmax per row). With ``places`` the neighbours' tens digits weigh in
    (:mod:`.regions`, ``REGION_ROUNDS`` times); ``sure`` rows keep their best race number.

    >>> settle(np.array([[0.9, 0.2, 0.1], [0.8, 0.7, 0.1], [0.1, 0.2, 0.9]]))
    [0, 1, 2]
    >>> settle(np.array([[0.9, 0.2, 0.1], [0.95, 0.7, 0.1], [0.1, 0.2, 0.9]]), sure=[True, False, False])
    [0, 1, 2]
    """
    z = scores / P.ASSIGN_TEMPERATURE
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    top2 = np.sort(logp, axis=1)[:, -2:]     # (a sure reading's neighbours weigh less)
    gain = P.REGION_GAIN * np.clip(1 - (top2[:, 1] - top2[:, 0]) / P.REGION_SURE, 0, 1)
    if sure is not None and np.any(sure):
        best = np.argmax(logp, axis=1)
        pinned = np.asarray(sure, dtype=bool).copy()
        wanted = np.bincount(best[pinned], minlength=scores.shape[1])
        pinned &= wanted[best] == 1
        logp[pinned, best[pinned]] += P.PINNED
        gain = np.where(pinned, 0.0, gain)
    chosen = assign(logp)
    if places is None or len(chosen) < P.REGION_MIN or scores.shape[1] != len(CODES):
        return chosen
    # (measured on the readings alone: settled with the neighbours they would raise it)
    weight = region_weight(places, np.array(chosen) // 6)
    if weight == 0:
        return chosen
    near = nearest_others(places)
    for _ in range(P.REGION_ROUNDS):
        prior = tens_prior(shares_among(near, np.array(chosen) // 6), weight)
        chosen = assign(logp + gain[:, None] * np.repeat(prior, 6, axis=1))
    return chosen


@dataclass(frozen=True)
class Settled:
    """Race numbers given out: every number read's ``scores`` (a row of ``CODES``), the race
    number ``chosen`` for each (:func:`settle`), and what settling them weighs besides: the
    numbers' ``places`` on the board (mm) and the ``sure`` rows."""

    scores: np.ndarray
    chosen: list
    places: np.ndarray | None = None
    sure: Any = None

    @classmethod
    def of(cls, scores: np.ndarray, places: np.ndarray | None = None, sure=None) -> Settled:
        return cls(scores, settle(scores, places, sure), places, sure)

    def again(self, scores: np.ndarray) -> Settled:
        """The same numbers settled anew by other ``scores``."""
        return Settled.of(scores, self.places, self.sure)
