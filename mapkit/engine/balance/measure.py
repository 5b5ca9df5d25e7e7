"""How unfair a map plays, measured from the figures of simulated games, and whether one map
plays fairer than another beyond the games' noise.

**The measure.** Every figure below is a win share (a tie shares the win,
:meth:`mapkit.engine.state.State.returns`), compared with the fair share ``q``: the wins over
the games, ``1/n`` with ``n`` players when every game has a winner (less when some games did
not end, so that a stuck game does not count as unfair to one position):

* *position* ``k`` (1 = the player the dice chose to begin): ``p_k``, over the games;
* *start city* ``c`` (a family whose players start somewhere names each seat's start in the
  game's figures under ``starts``: the Dampfross family): ``p_c``, over the ``m_c`` times a
  player started there.

A gap ``(p - q)²`` measured on few games is too big on average by the variance of ``p``
itself (chance alone makes shares differ), so each gap is taken less that variance, estimated
from the same games (``s² / m``, ``s²`` the sample variance of the outcomes): the estimate
is then right on average whatever the number of games or of starts. The map's *unfairness*
is the root of the mean corrected gap over the positions plus the mean over the start
cities weighted by their starts, in win-share points (a map where position 1 wins 31 % and
the others 23 % of four-player games has about 7 points)::

    U = mean_k [(p_k - q)² - s_k²/G]  +  sum_c m_c [(p_c - q)² - s_c²/m_c] / sum_c m_c
    unfairness = 100 * sqrt(max(U, 0))

Seats are reported but not counted: the dice choose the first player, so with the same bot in
every seat a seat is every position in turn and a seat's gap is chance (the map cannot change
it); with different bots it is the bots' strength.

**Noise.** Two maps are compared on the same games (common random numbers: game ``i`` has
the same seed, so the same dice until the maps make the games differ), and the difference of
their unfairness is bootstrapped over the games: :data:`RESAMPLES` resamples of the game
indices, the same resample for both maps, so what the games share cancels. A change counts as
an improvement only when the unfairness falls by at least :data:`Z` times the bootstrap's
standard error of the fall (:func:`compare`).

>>> stats = [{"returns": [1.0, 0.0], "first": 0}, {"returns": [0.0, 1.0], "first": 1},
...          {"returns": [1.0, 0.0], "first": 0}, {"returns": [0.0, 1.0], "first": 0}]
>>> m = measure(stats, 2)
>>> m.positions          # position 1 (the first player) won three games of four
[0.75, 0.25]
>>> round(m.unfairness, 1)   # gap 25 points, less the noise of four games: 100*sqrt(1/16 - 1/16)
0.0
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field

__all__ = ["Measure", "measure", "Comparison", "compare", "RESAMPLES", "Z"]

# Bootstrap resamples of the games for the noise of a difference, and how many of its standard
# errors a fall must reach to count (two: a chance fall that large is rare, about 1 in 40).
RESAMPLES = 400
Z = 2.0


@dataclass(frozen=True)
class Measure:
    """The unfairness of one map's games (module notes) and the figures it is made of: win
    shares by position and by start city (with the starts), in win-share units (0..1)."""

    players: int
    games: int
    unfairness: float                                   # win-share points (0..100)
    positions: list[float] = field(default_factory=list)
    starts: dict[str, tuple[float, int]] = field(default_factory=dict)   # city -> (share, starts)

    def heat(self) -> dict[str, float]:
        """Start city -> its wins above the fair share (in games; negative: below)."""
        q = 1.0 / self.players
        return {c: (p - q) * k for c, (p, k) in self.starts.items()}


class _Tables:
    """One map's games as arrays: the outcome of each position, and per start city the count,
    sum and sum of squares of its starts' outcomes, one row a game."""

    def __init__(self, stats: list[dict], n: int):
        import numpy as np

        g = len(stats)
        self.n = n
        self.pos = np.zeros((g, n))
        self.played = np.zeros(g)
        cities = sorted({c for s in stats for c in (s.get("starts") or []) if c is not None})
        self.cities = cities
        col = {c: j for j, c in enumerate(cities)}
        self.cnt, self.sum, self.sq = (np.zeros((g, len(cities))) for _ in range(3))
        for i, s in enumerate(stats):
            r = s["returns"]
            if s.get("first") is not None:
                self.played[i] = 1.0
                self.pos[i] = [r[(s["first"] + k) % n] for k in range(n)]
            for p, c in enumerate(s.get("starts") or []):
                if c is not None:
                    j = col[c]
                    self.cnt[i, j] += 1
                    self.sum[i, j] += r[p]
                    self.sq[i, j] += r[p] * r[p]

    def gaps(self, w):
        """``U`` (module notes) for each row of game weights ``w`` (resamples x games)."""
        import numpy as np

        played, s1 = w @ self.played, w @ self.pos
        u = _mean_gap(played[:, None], s1, w @ (self.pos * self.pos), _share(s1, played * self.n)).mean(axis=1)
        if self.cities:
            k, s1 = w @ self.cnt, w @ self.sum
            gap = _mean_gap(k, s1, w @ self.sq, _share(s1, k.sum(axis=1))) * k
            total = k.sum(axis=1)
            u = u + np.where(total > 0, gap.sum(axis=1) / np.maximum(total, 1), 0.0)
        return u


def _share(wins, games):
    """The fair share of each row: its wins over its games (1/n when every game has a winner;
    less when some did not end), as a column."""
    import numpy as np

    return (wins.sum(axis=1) / np.maximum(games, 1))[:, None]


def _mean_gap(k, s1, s2, q):
    """``(p - q)² - s²/k`` per column, ``p = s1/k`` and ``s²`` the sample variance of outcomes
    whose count, sum and sum of squares are ``k``, ``s1``, ``s2`` (0 where ``k`` is 0; with one
    outcome only, the variance of a win share ``p(1-p)``)."""
    import numpy as np

    k = np.broadcast_to(k, s1.shape)
    safe = np.maximum(k, 1)
    p = s1 / safe
    var = np.where(k > 1, (s2 - s1 * p) / np.maximum(k - 1, 1), p * (1 - p))
    return np.where(k > 0, (p - q) ** 2 - np.maximum(var, 0) / safe, 0.0)


def _points(u) -> float:
    return 100.0 * math.sqrt(max(float(u), 0.0))


def measure(stats: list[dict], players: int) -> Measure:
    """The :class:`Measure` of the figures of a map's games (:func:`mapkit.engine.simulate.game_stats`)."""
    import numpy as np

    t = _Tables(stats, players)
    one = np.ones((1, len(stats)))
    played = max(float(t.played.sum()), 1.0)
    positions = [round(float(x) / played, 6) for x in t.pos.sum(axis=0)]
    starts = {c: (round(float(t.sum[:, j].sum()) / max(float(t.cnt[:, j].sum()), 1.0), 6), int(t.cnt[:, j].sum()))
              for j, c in enumerate(t.cities)}
    return Measure(players, len(stats), round(_points(t.gaps(one)[0]), 6), positions, starts)


@dataclass(frozen=True)
class Comparison:
    """A candidate map against the current one on the same games: the unfairness of each, the
    fall (current - candidate, points), its bootstrap standard error, and whether the fall
    counts (at least :data:`Z` standard errors, and above zero)."""

    current: float
    candidate: float
    fall: float
    noise: float
    better: bool


def compare(current: list[dict], candidate: list[dict], players: int, key: str) -> Comparison:
    """Whether the games ``candidate`` (the figures of game ``i`` of the candidate map, for
    each ``i``) are fairer than ``current`` (the same games on the current map) beyond noise.
    ``key`` seeds the resampling (the same key, the same answer).

    >>> won = [{"returns": [1.0, 0.0], "first": 0}] * 30 + [{"returns": [0.0, 1.0], "first": 0}] * 10
    >>> even = [{"returns": [1.0, 0.0], "first": i % 2} for i in range(40)]
    >>> c = compare(won, even, 2, "doc")
    >>> c.better, round(c.current), round(c.candidate)     # 75 % for the first player, then 50 %
    (True, 24, 0)
    >>> compare(even, even, 2, "doc").better
    False
    """
    import numpy as np

    if len(current) != len(candidate):
        raise ValueError("compare: the two maps' games must be the same games")
    a, b = _Tables(current, players), _Tables(candidate, players)
    g = len(current)
    seed = int.from_bytes(hashlib.sha256(f"mapkit-balance:{key}".encode()).digest()[:8], "big")
    rng = np.random.default_rng(seed)
    w = np.vstack([np.ones(g), rng.multinomial(g, [1.0 / g] * g, size=RESAMPLES).astype(float)])
    ua, ub = a.gaps(w), b.gaps(w)
    falls = np.array([_points(x) - _points(y) for x, y in zip(ua, ub, strict=True)])
    fall = round(float(falls[0]), 6)
    noise = round(float(falls[1:].std(ddof=1)), 6)
    return Comparison(round(_points(ua[0]), 6), round(_points(ub[0]), 6), fall, noise,
                      fall > 0 and fall >= Z * noise)
