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
    """``(n, n)`` weights: for each number (at ``places``, an ``(n, 2)`` array; numbers of one
    city share a place), its own city's other numbers (1 each: each is read apart) and the
    ``NEIGHBOURS`` nearest other cities, each weighing 1 shared among its numbers. By city,
    not by number: a neighbour with three numbers filled three of the five places, and on a
    small board one or two such cities were all a number's neighbours."""
    return _weights(*_cities(places))


def _cities(places: np.ndarray):
    """The cities at ``places`` (one per place): which are each one's ``NEIGHBOURS`` nearest
    (``(c, c)``, 0 or 1), the city of each number, and how many numbers each holds."""
    cities, of = np.unique(places, axis=0, return_inverse=True)
    of = np.asarray(of).ravel()
    d = np.linalg.norm(cities[:, None, :] - cities[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    k = max(0, min(P.NEIGHBOURS, len(cities) - 1))
    near = np.zeros((len(cities), len(cities)))
    np.put_along_axis(near, np.argsort(d, axis=1, kind="stable")[:, :k], 1.0, axis=1)
    return near, of, np.bincount(of, minlength=len(cities)).astype(float)


def _weights(near: np.ndarray, of: np.ndarray, size: np.ndarray) -> np.ndarray:
    """:func:`nearest_others` from the cities' nearest (:func:`_cities`)."""
    w = near[of][:, of] / size[of][None, :]
    w[of[:, None] == of[None, :]] = 1.0       # (its own city's other numbers, each read apart)
    np.fill_diagonal(w, 0.0)
    return w


def shares_among(near: np.ndarray, tens: np.ndarray) -> np.ndarray:
    """``(n, 6)``: the share of each tens digit (0..5 in ``tens``) among each number's
    nearest other cities (``near``, from :func:`nearest_others`), smoothed."""
    counts = near @ np.eye(6)[tens]
    return (counts + P.REGION_SMOOTH) / (near.sum(axis=1, keepdims=True) + 6 * P.REGION_SMOOTH)


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
    w, gain = _gain(shares_among(nearest_others(places), tens), tens)
    if w == 0:
        return 0.0
    # The shuffles move whole cities: a city's numbers stay together, as read (a ring's
    # numbers share their tens digit on any board, and shuffled apart they made any layout
    # of a few cities with two or three numbers each look planned).
    near, of, size = _cities(places)
    rng = np.random.default_rng(0)      # the same board, the same answer
    chance = []
    for _ in range(P.SHUFFLES):
        at = rng.permutation(len(size))         # city c stands where city at[c] stood
        chance.append(_gain(shares_among(_weights(near[np.ix_(at, at)], of, size), tens), tens)[1])
    return w if gain > np.quantile(chance, P.SIGNIFICANCE) else 0.0


def tens_prior(shares: np.ndarray, weight: float) -> np.ndarray:
    """``(n, 6)`` log-odds of each tens digit from the neighbours (zero at weight 0)."""
    return np.log(weight * shares + (1 - weight) / 6) + np.log(6)
