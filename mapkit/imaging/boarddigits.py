"""The board's own digits: each number alone in a ring modelled as a mean image plus an
image of its first digit and one of its second, fitted to the board's other numbers as
settled (:func:`board_scores`). See ``docs/import.md``, "Race numbers".
"""

from __future__ import annotations

import math

import numpy as np

from . import params as P
from .digits import CODES, ink_box
from .sampling import bilinear
from .settle import Settled

__all__ = ["board_pass", "board_scores"]


def _centred(faint: np.ndarray, M: np.ndarray, half_w: float, half_h: float) -> np.ndarray | None:
    """A number's darkness on the grid's axes ``M`` round its ink box's centre: a row."""
    found = ink_box(faint)
    if found is None:
        return None
    _, ey, ex = found
    # (ink_edges counts pixel i as i..i+1; the samples take pixel i at i.)
    centre = ((ex[0] + ex[1]) / 2 - 0.5, (ey[0] + ey[1]) / 2 - 0.5)
    return _aligned(faint, centre, M, half_w, half_h).ravel()


def board_pass(fit, singles, unit, one_size: tuple[float, float], settled: Settled) -> Settled:
    """The board's own digits learnt from its lone numbers (``[(slot, faint)]``) as ``settled``,
    their ink ``one_size`` (height, width) pixels, and the numbers settled again with them, their
    scores moved by up to ``unit`` each."""
    one_h, one_w = one_size
    A = fit.affine[:, :2]
    M = A / math.sqrt(abs(np.linalg.det(A)))    # the grid's axes, one pixel long
    half_w, half_h = one_w / 2 + P.BOARD_PAD, one_h / 2 + P.BOARD_PAD
    centred = {k: _centred(faint, M, half_w, half_h) for k, faint in singles}
    found = {k: c for k, c in centred.items() if c is not None}
    ks = list(found)
    if len(ks) < P.BOARD_MIN:
        return settled
    crops = np.stack(list(found.values()))
    base = settled.scores
    trust = None
    for _ in range(P.BOARD_ROUNDS):
        bs, explained = board_scores(crops, [settled.chosen[k] for k in ks])
        if trust is None:
            # (labels read badly, or digits too blurred: the model explains little)
            trust = min(1.0, (explained - P.BOARD_Q0) / (P.BOARD_Q1 - P.BOARD_Q0))
            if trust <= 0:
                return settled
        scores = base.copy()
        scores[ks] += P.BOARD_WEIGHT * trust * unit * bs
        settled = settled.again(scores)
    return settled


def _aligned(faint: np.ndarray, centre, M: np.ndarray, half_w: float, half_h: float) -> np.ndarray:
    """The darkness ``faint`` sampled on the grid's axes round
    ``centre`` (pixels): half-pixel steps along ``M``'s columns (unit vectors in pixels),
    ``half_w`` by ``half_h`` pixels each way, bilinear; zero outside the cut-out.

    >>> a = np.zeros((5, 5)); a[2, 3] = 1.0
    >>> s = _aligned(a, (2.0, 2.0), np.eye(2), 1.0, 0.0)
    >>> s.round(2).tolist()
    [[0.0, 0.0, 0.0, 0.5, 1.0]]
    """
    ss = np.arange(-2 * half_w, 2 * half_w + 1e-9) / 2.0
    tt = np.arange(-2 * half_h, 2 * half_h + 1e-9) / 2.0
    S, T = np.meshgrid(ss, tt)
    X = centre[0] + M[0, 0] * S + M[0, 1] * T
    Y = centre[1] + M[1, 0] * S + M[1, 1] * T
    # (padded with a pixel of paper all round: zero just outside the cut-out)
    return bilinear(np.pad(faint.astype(np.float64), 1), X + 1, Y + 1)


def _design(labels) -> np.ndarray:
    """Rows ``[1, first digit one-hot, second digit one-hot]`` of race numbers (``CODES`` index)."""
    labels = np.asarray(labels, dtype=int)
    return np.hstack([np.ones((len(labels), 1)), np.eye(6)[labels // 6], np.eye(6)[labels % 6]])


def board_scores(crops: np.ndarray, labels, ridge: float = P.BOARD_RIDGE):
    """How well each crop (a row) fits each race number as set on this board: ``(scores (n, 36),
    explained)``. Each crop is ``c + L[first digit] + R[second digit]``, fitted by least squares
    on the other crops with their ``labels``; ``explained``: the share of the crops' spread the
    labels' predictions explain (left one out).

    >>> rng = np.random.default_rng(0)
    >>> digits = rng.normal(size=(2, 6, 8))
    >>> labels = [a * 6 + b for a in range(6) for b in range(6)][::2]
    >>> crops = np.stack([np.concatenate([digits[0, c // 6], digits[1, c % 6]])
    ...                   for c in labels])
    >>> sc, explained = board_scores(crops, labels, ridge=0.01)
    >>> bool((sc.argmax(axis=1) == labels).all()), round(explained, 2)
    (True, 1.0)
    """
    n = len(crops)
    X = _design(labels)
    G = X.T @ X + np.diag([0.0] + [ridge] * 12)     # (the mean image is not held back)
    XtY = X.T @ crops
    every = _design(np.arange(len(CODES)))
    y = crops - crops.mean(axis=1, keepdims=True)
    y /= np.maximum(np.linalg.norm(y, axis=1, keepdims=True), 1e-9)
    out = np.zeros((n, len(CODES)))
    err = spread = 0.0
    for i in range(n):
        xi = X[i]
        # The fit without crop i (a rank-one update of the normal equations).
        B = np.linalg.solve(G - np.outer(xi, xi), XtY - np.outer(xi, crops[i]))
        pred = every @ B
        err += float(((crops[i] - pred[int(labels[i])]) ** 2).sum())
        spread += float(((crops[i] - pred.mean(axis=0)) ** 2).sum())
        pred -= pred.mean(axis=1, keepdims=True)
        pred /= np.maximum(np.linalg.norm(pred, axis=1, keepdims=True), 1e-9)
        out[i] = pred @ y[i]
    return out, 1.0 - err / max(spread, 1e-9)
