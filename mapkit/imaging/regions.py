"""The tens digit of a race number is a region: a city's neighbours foretell it, as far as
the board's own numbers show its layout holds (:func:`region_weight`). See
``docs/import.md``, "Regions".

A board of 36 cities on a 6 x 6 block, each tens digit on a block of 2 x 3:

>>> places = np.array([(x, y) for x in range(6) for y in range(6)], float)
>>> tens = np.array([x // 2 + 3 * (y // 3) for x in range(6) for y in range(6)])
>>> shares = shares_among(nearest_others(places), tens)
>>> shares[0].round(2).tolist()    # the corner's five nearest: four of its own digit
[0.56, 0.19, 0.06, 0.06, 0.06, 0.06]
>>> region_weight(places, tens)    # the layout holds: the neighbours are trusted
0.95
>>> tens_prior(shares, 0.95)[0].round(2).tolist()      # log-odds against one in six
[1.18, 0.11, -0.9, -0.9, -0.9, -0.9]
>>> mixed = np.array([(x + 2 * y) % 6 for x in range(6) for y in range(6)])
>>> region_weight(places, mixed)   # no plan: each digit spread over the board
0.0
"""

from __future__ import annotations

import numpy as np

from . import params as P

__all__ = ["nearest_others", "shares_among", "region_weight", "tens_prior"]

def nearest_others(places: np.ndarray) -> np.ndarray:
    """``(n, k)``: for each number (at ``places``, an ``(n, 2)`` array; numbers of one city
    share a place), the indices of its ``NEIGHBOURS`` nearest other numbers."""
    d = np.linalg.norm(places[:, None, :] - places[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    k = max(1, min(P.NEIGHBOURS, len(places) - 1))
    return np.argsort(d, axis=1, kind="stable")[:, :k]


def shares_among(near: np.ndarray, tens: np.ndarray) -> np.ndarray:
    """``(n, 6)``: the share of each tens digit (0..5 in ``tens``) among each number's
    nearest others (``near``, from :func:`nearest_others`), smoothed."""
    counts = np.stack([(tens[near] == t).sum(axis=1) for t in range(6)], axis=1)
    return (counts + P.REGION_SMOOTH) / (near.shape[1] + 6 * P.REGION_SMOOTH)


def _gain(shares: np.ndarray, tens: np.ndarray) -> tuple[float, float]:
    """The ``w`` of ``w * shares + (1 - w) / 6`` (of ``REGION_WEIGHTS``) under which the tens
    digits read are likeliest, and how much likelier (log) than at ``w = 0``."""
    own = shares[np.arange(len(tens)), tens]
    likelihood = np.log(P.REGION_WEIGHTS[:, None] * own[None, :] + (1 - P.REGION_WEIGHTS[:, None]) / 6).sum(axis=1)
    best = int(np.argmax(likelihood))
    return float(P.REGION_WEIGHTS[best]), float(likelihood[best] - likelihood[0])


def region_weight(places: np.ndarray, tens: np.ndarray) -> float:
    """The weight ``w`` of ``w * shares + (1 - w) / 6`` under which the tens digits read are
    likeliest; zero unless likelier than all but one of ``SHUFFLES`` shuffles."""
    near = nearest_others(places)       # the places stay; only digits move
    w, gain = _gain(shares_among(near, tens), tens)
    if w == 0:
        return 0.0
    rng = np.random.default_rng(0)      # the same board, the same answer
    chance = [_gain(shares_among(near, t), t)[1]
              for t in (rng.permutation(tens) for _ in range(P.SHUFFLES))]
    return w if gain > np.quantile(chance, P.SIGNIFICANCE) else 0.0


def tens_prior(shares: np.ndarray, weight: float) -> np.ndarray:
    """``(n, 6)`` log-odds of each tens digit from the neighbours (zero at weight 0)."""
    return np.log(weight * shares + (1 - weight) / 6) + np.log(6)
