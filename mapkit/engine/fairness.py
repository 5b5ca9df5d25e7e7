"""Is a map fair? Verdicts with a correction for many comparisons, and the balance metrics of
game-evaluation work, read from ``mapkit simulate``'s report.

**Verdicts** (:func:`verdicts`: a report in, a list of :class:`Verdict` out). For each
question -- do the seats win alike, do the playing positions, do the start cities -- every
level (seat 2, position 1, Praha) is tested on its own: are its wins out of its games what the
fair share predicts? The test is the exact binomial test, two-sided by doubling the smaller
tail (:func:`binomial_p`), so a small count (a start city played 6 times) is judged as
cautiously as a large one; a game won jointly gives each winner his share, and a count with
such a fraction takes the larger p-value of the two whole counts around it. The *fair share* is
the wins of all levels over their games: 1 / players when every game has a winner (25 % with
four players). Looking at many levels at once, some would seem off by chance alone, so the
p-values of one question are corrected by Holm's step-down method (:func:`holm`), which keeps
the chance of calling *any* level of a fair question unfair at or below 5 % (family-wise) under
any dependence between the tests, and rejects at least what Bonferroni rejects. A question is
"fair" when no level's corrected p-value is at or below 5 %, else "unfair", naming the levels
off with their win rate, 95 % Wilson interval and the fair share:

    unfair: position 1 wins 34 % [30-38], position 4 wins 17 % [14-21] (fair share 25 %)

**Metrics** (:func:`balance_metrics`), as the Ludii general game system's evaluation defines
them (its ``metrics.single.outcome`` classes): *Balance* is 1 minus the largest difference
between two players' win rates (1: all alike; 0: one always wins, another never); *Advantage*
is the share of games the first player won; *Completion* is the share of games that end with a
winner (not a draw, not cut off by a limit). Balance is read over the seats and over the
playing positions (in Ludii player 1 both is a seat and moves first; here seats and positions
are apart); its 95 % interval is a percentile bootstrap over the games with a seeded generator,
the others' a Wilson interval.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..i18n import N_, _, language, translate, use_language

__all__ = ["ALPHA", "BOOTSTRAP", "binomial_p", "holm", "Level", "Verdict", "verdicts", "balance",
           "Outcome", "balance_metrics", "verdict_lines", "metrics_line", "verdict_text", "level_name", "percent"]

ALPHA = 0.05            # the family-wise error of each question
BOOTSTRAP = 2000        # resamples of the games for Balance's interval


# -- the test ----------------------------------------------------------------------------
def _log_pmf(k: int, n: int, p: float) -> float:
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def _sum_away(x: int, n: int, p: float, step: int) -> float:
    """P(X = x) + P(X = x + step) + ... while the terms matter (they shrink: ``x`` lies beyond
    the mode in the direction ``step``)."""
    term = math.exp(_log_pmf(x, n, p))
    total = 0.0
    ratio = p / (1 - p)
    k = x
    while term > 0.0 and 0 <= k <= n:
        total += term
        if term < total * 1e-17:
            break
        # pmf(k + 1) / pmf(k) = (n - k) / (k + 1) * p / q, and the inverse going down
        term = term * (n - k) / (k + 1) * ratio if step > 0 else term * k / (n - k + 1) / ratio
        k += step
    return min(1.0, total)


def _lower(x: int, n: int, p: float) -> float:
    """P(X <= x) for X ~ Binomial(n, p)."""
    if x < 0:
        return 0.0
    if x >= n:
        return 1.0
    if x >= math.floor((n + 1) * p):
        return max(0.0, 1.0 - _upper(x + 1, n, p))
    return _sum_away(x, n, p, -1)


def _upper(x: int, n: int, p: float) -> float:
    """P(X >= x) for X ~ Binomial(n, p)."""
    if x <= 0:
        return 1.0
    if x > n:
        return 0.0
    if x <= math.floor((n + 1) * p):
        return max(0.0, 1.0 - _lower(x - 1, n, p))
    return _sum_away(x, n, p, +1)


def _whole_p(x: int, n: int, p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 1.0 if x == round(n * p) else 0.0
    return min(1.0, 2 * min(_lower(x, n, p), _upper(x, n, p)))


def binomial_p(wins: float, games: int, share: float) -> float:
    """The two-sided exact binomial test of ``wins`` in ``games`` against the win chance
    ``share``: twice the smaller tail, at most 1. A fractional count (joint wins) takes the
    larger p-value of the whole counts on either side.

    9 wins in 10 fair coin tosses: P(X >= 9) = 11/1024, twice that:

    >>> round(binomial_p(9, 10, 0.5) * 1024, 9)
    22.0
    >>> round(binomial_p(0, 20, 0.25), 6)     # 2 * 0.75 ** 20
    0.006342
    >>> binomial_p(5, 20, 0.25), binomial_p(0, 0, 0.25)
    (1.0, 1.0)
    """
    if games <= 0:
        return 1.0
    lo, hi = math.floor(wins + 1e-9), math.ceil(wins - 1e-9)
    return max(_whole_p(lo, games, share), _whole_p(hi, games, share))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the given order: the i-th smallest p-value
    times (m - i + 1), never below the one before it, at most 1. A hypothesis is rejected at
    family-wise level a when its adjusted p-value is at most a.

    >>> holm([0.01, 0.04, 0.03, 0.005])      # 0.005*4, 0.01*3, 0.03*2, max(0.04*1, 0.06)
    [0.03, 0.06, 0.06, 0.02]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: (pvalues[i], i))
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = round(running, 12)
    return out


# -- verdicts ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Level:
    """One level of a question: its wins in its games, the 95 % Wilson interval, the test's
    p-value and Holm's adjusted one, and whether it is off (adjusted p at most alpha)."""

    label: str
    key: int | str
    wins: float
    games: int
    ci95: tuple[float, float]
    p: float
    p_holm: float
    off: bool

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def shown(self) -> tuple[int, int, int]:
        """The win rate and its interval in whole percent, as a verdict says them."""
        return percent(self.win_rate), percent(self.ci95[0]), percent(self.ci95[1])

    def as_dict(self) -> dict:
        rate, low, high = self.shown
        return {"label": self.label, "key": self.key, "wins": round(self.wins, 4), "games": self.games,
                "win_rate": round(self.win_rate, 4), "ci95": [round(x, 4) for x in self.ci95],
                "p": _sig(self.p), "p_holm": _sig(self.p_holm), "off": self.off,
                "win_percent": rate, "ci95_percent": [low, high]}


def percent(x: float) -> int:
    """A share in whole percent, as the verdicts say it: rounded once, from the unrounded share
    (``0.16505`` is 17, though the report's four-digit ``0.1650`` would say 16).

    >>> percent(17 / 103), percent(round(17 / 103, 4))
    (17, 16)
    """
    return int(f"{100 * x:.0f}")


def _sig(x: float) -> float:
    """A p-value with 4 significant digits (small ones stay readable in JSON)."""
    return float(f"{x:.4g}")


@dataclass(frozen=True)
class Verdict:
    """The answer to one question (``factor``: ``seat``, ``position`` or ``start_city``):
    ``fair`` True or False, or None when it was not judged (``reason`` says why)."""

    factor: str
    fair: bool | None
    fair_share: float | None
    levels: tuple[Level, ...] = ()
    alpha: float = ALPHA
    reason: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def off(self) -> list[Level]:
        """The levels found off, in the report's order."""
        return [lv for lv in self.levels if lv.off]

    def text(self) -> str:
        """The verdict in English words (the report's JSON keeps them): ``fair``, ``unfair:
        position 1 wins 34 % [30-38] (fair share 25 %)`` or ``not judged: ...``
        (:func:`verdict_text` says them in the reader's language)."""
        off = [(lv.key, *lv.shown) for lv in self.off]
        share = None if self.fair_share is None else percent(self.fair_share)
        with use_language("en"):
            return _verdict_words(self.factor, self.fair, self.reason, off, share)

    def as_dict(self) -> dict:
        return {"factor": self.factor, "fair": self.fair, "text": self.text(),
                "fair_share": None if self.fair_share is None else round(self.fair_share, 4),
                "fair_share_percent": None if self.fair_share is None else percent(self.fair_share),
                "alpha": self.alpha, "reason": self.reason, "notes": list(self.notes),
                "levels": [lv.as_dict() for lv in self.levels]}


# Why a question was not judged (Verdict.reason), and the note on chosen start cities: English
# in the report's JSON, said in the reader's language in its text (translate()).
NO_WIN = N_("no game was won")
MIXED_BOTS = N_("the seats have different bots")
CHOSEN_NOTE = N_("the bots chose them, so a city's figure measures their liking too; --start-cities rotate deals them")


def level_name(factor: str, key) -> str:
    """A level in words, in the current language: ``seat 2``, ``position 1``, a start city's
    name as the map writes it."""
    if factor == "seat":
        return _("seat {n}").format(n=key)
    if factor == "position":
        return _("position {n}").format(n=key)
    return str(key)


def _verdict_words(factor: str, fair: bool | None, reason: str, off, share: int | None) -> str:
    """A verdict in words in the current language; ``off``: the levels found off as ``(key,
    win rate, low, high)`` and ``share`` the fair share, in whole percent (:func:`percent`)."""
    if fair is None:
        return _("not judged: {reason}").format(reason=translate(reason))
    if fair:
        return _("fair")
    parts = [_("{level} wins {rate} % [{low}-{high}]").format(level=level_name(factor, key), rate=rate, low=low,
                                                             high=high)
             for key, rate, low, high in off]
    return _("unfair: {levels} (fair share {share} %)").format(levels=", ".join(parts), share=share or 0)


def _shown(level: dict) -> tuple[int, int, int]:
    """A level of a report's JSON: its win rate and interval in whole percent as its verdict's
    ``text`` says them (a report written before it kept them: from its rounded figures)."""
    if "win_percent" in level:
        return level["win_percent"], level["ci95_percent"][0], level["ci95_percent"][1]
    return percent(level["win_rate"]), percent(level["ci95"][0]), percent(level["ci95"][1])


def verdict_text(v: dict) -> str:
    """A verdict of a report's JSON (:meth:`Verdict.as_dict`) in words, in the current
    language: its ``text`` in English; in another language the same words made again from
    the whole percents the English text shows (``win_percent``, ``ci95_percent``,
    ``fair_share_percent``: computed once, from the unrounded figures), so that every
    language says the same figures.

    >>> v = verdicts({"players": 2, "bots": ["greedy"] * 2, "seats": [], "by_position": [
    ...     {"position": 1, "wins": 70, "games": 100}, {"position": 2, "wins": 30, "games": 100}]})[0].as_dict()
    >>> verdict_text(v)
    'unfair: position 1 wins 70 % [60-78], position 2 wins 30 % [22-40] (fair share 50 %)'
    >>> with use_language("de"):
    ...     verdict_text(v)
    'unfair: Position 1 gewinnt 70 % [60-78], Position 2 gewinnt 30 % [22-40] (fairer Anteil 50 %)'
    """
    if language() == "en":
        return v["text"]
    off = [(lv["key"], *_shown(lv)) for lv in v.get("levels", []) if lv.get("off")]
    share = v.get("fair_share_percent")
    if share is None and v.get("fair_share") is not None:
        share = percent(v["fair_share"])
    return _verdict_words(v["factor"], v["fair"], v.get("reason", ""), off, share)


def _judge(factor: str, rows: list[tuple[str, int | str, float, int, tuple[float, float]]],
           alpha: float, notes: tuple[str, ...] = ()) -> Verdict:
    """The verdict on levels ``(label, key, wins, games, ci95)``: each level's test against
    the pooled win share, Holm-corrected over the levels that were played."""
    played = [r for r in rows if r[3] > 0]
    total_games = sum(r[3] for r in played)
    total_wins = sum(r[2] for r in played)
    if not played or total_wins <= 0:
        return Verdict(factor, None, None, reason=NO_WIN, notes=notes)
    share = total_wins / total_games
    ps = [binomial_p(w, k, share) for _, _, w, k, _ in played]
    adj = iter(holm(ps))
    raw = iter(ps)
    levels = []
    for label, key, wins, games, ci in rows:
        if games > 0:
            p, q = next(raw), next(adj)
            levels.append(Level(label, key, wins, games, ci, p, q, q <= alpha))
        else:
            levels.append(Level(label, key, wins, games, ci, 1.0, 1.0, False))
    fair = not any(lv.off for lv in levels)
    return Verdict(factor, fair, share, tuple(levels), alpha, notes=notes)


def _ci(entry: dict, wins: float, games: int) -> tuple[float, float]:
    """A level's 95 % Wilson interval from its counts (unrounded: a report rounds it once as it
    prints it); a level never played keeps the interval its report gives."""
    from .simulate import wilson

    if games > 0 or "ci95" not in entry:
        return wilson(wins, games)
    return float(entry["ci95"][0]), float(entry["ci95"][1])


def verdicts(report: dict, alpha: float = ALPHA) -> list[Verdict]:
    """The fairness verdicts of a ``mapkit simulate`` report (its JSON as a dict): seat, then
    position, then start city where the report has them. Each question's tests are
    Holm-corrected at family-wise ``alpha`` on their own.

    Seats are judged only when every seat has the same bot (else they measure the bots);
    a start city nobody started from is listed, not tested.

    >>> rep = {"players": 2, "bots": ["greedy", "greedy"],
    ...        "seats": [{"seat": 1, "wins": 52, "games": 100}, {"seat": 2, "wins": 48, "games": 100}],
    ...        "by_position": [{"position": 1, "wins": 70, "games": 100}, {"position": 2, "wins": 30, "games": 100}]}
    >>> [v.text() for v in verdicts(rep)]
    ['fair', 'unfair: position 1 wins 70 % [60-78], position 2 wins 30 % [22-40] (fair share 50 %)']
    """
    out = []
    seats = report.get("seats") or []
    rows = [(f"seat {s['seat']}", s["seat"], float(s["wins"]), int(s["games"]),
             _ci(s, float(s["wins"]), int(s["games"]))) for s in seats]
    if len(set(report.get("bots") or [])) > 1:
        out.append(Verdict("seat", None, None, reason=MIXED_BOTS, alpha=alpha))
    elif rows:
        out.append(_judge("seat", rows, alpha))
    positions = report.get("by_position") or []
    rows = [(f"position {o['position']}", o["position"], float(o["wins"]), int(o["games"]),
             _ci(o, float(o["wins"]), int(o["games"]))) for o in positions]
    if rows:
        out.append(_judge("position", rows, alpha))
    if "start_cities" in report:
        deal = (report.get("start_deal") or {}).get("mode", "choose")
        notes = () if deal == "rotate" else (CHOSEN_NOTE,)
        rows = [(c["city"], c["city"], float(c["wins"]), int(c["starts"]),
                 _ci(c, float(c["wins"]), int(c["starts"]))) for c in report["start_cities"]]
        out.append(_judge("start_city", rows, alpha, notes))
    return out


FACTOR_NAMES = {"seat": N_("seat"), "position": N_("playing position"), "start_city": N_("start city")}


def verdict_lines(verdict_dicts: list[dict]) -> list[str]:
    """The report's verdicts (their JSON) as lines of the text report, in the current language."""
    if not verdict_dicts:
        return []
    alpha = verdict_dicts[0].get("alpha", ALPHA)
    lines = [_("Fairness (exact binomial tests, Holm-corrected at family-wise {alpha}% per question)")
             .format(alpha=f"{100 * alpha:g}")]
    for v in verdict_dicts:
        factor = FACTOR_NAMES.get(v["factor"])
        lines.append(f"  {translate(factor) if factor else v['factor']}: {verdict_text(v)}")
        lines += [f"    ({translate(n)})" for n in v.get("notes", ())]
    return lines


# -- Ludii's metrics ---------------------------------------------------------------------
def balance(rates: Sequence[float]) -> float:
    """Ludii's Balance: 1 minus the largest difference between two players' win rates.

    >>> round(balance([0.30, 0.225, 0.35, 0.125]), 4)    # 1 - (0.35 - 0.125)
    0.775
    >>> balance([0.5, 0.5]), balance([1.0, 0.0])
    (1.0, 0.0)
    """
    return 1.0 - (max(rates) - min(rates)) if rates else 1.0


@dataclass(frozen=True)
class Outcome:
    """What the metrics read of one game: each seat's share of the win (0s when nobody won),
    the seat that played first (None: not known) and whether the game is *complete* (ended by
    its rules, not by a limit or stuck, and not won by everybody alike: a draw)."""

    returns: tuple[float, ...]
    first: int | None
    complete: bool


def _seed_of(seed: int) -> int:
    digest = hashlib.sha256(f"mapkit-bootstrap:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _bootstrap_balance(patterns: Counter, games: int, seed: int, resamples: int) -> tuple[float, float]:
    """The 95 % percentile-bootstrap interval of Balance over win-share patterns (a tuple of
    shares per player, with its count of games): the games are drawn again with replacement,
    ``resamples`` times, as a multinomial over the patterns (the same draw as resampling the
    games one by one). The shares are counted in whole units (1/lcm of the numbers of seats
    that shared a win), so the sums are exact integers and the interval is the same on any
    machine with this numpy."""
    import numpy as np

    keys = sorted(patterns)
    # a win shared by k seats gives each 1/k; 1/lcm(1..players) would give the same sums but
    # overflows 64 bits past 42 players
    unit = math.lcm(1, *(sum(1 for x in k if x) or 1 for k in keys))
    shares = np.array([[round(x * unit) for x in k] for k in keys], dtype=np.int64)
    probs = np.array([patterns[k] for k in keys], dtype=np.float64) / games
    rng = np.random.Generator(np.random.PCG64(_seed_of(seed)))
    draws = rng.multinomial(games, probs, size=resamples).astype(np.int64)
    wins = draws @ shares                                    # resamples x players, in units
    spread = (wins.max(axis=1) - wins.min(axis=1)) / (unit * games)
    values = np.sort(1.0 - spread)
    lo, hi = np.quantile(values, [0.025, 0.975])
    return float(lo), float(hi)


def _balance_entry(patterns: Counter, players: int, games: int, seed: int, resamples: int) -> dict:
    rates = [sum(k[p] * c for k, c in patterns.items()) / games for p in range(players)]
    lo, hi = _bootstrap_balance(patterns, games, seed, resamples)
    return {"value": round(balance(rates), 4), "ci95": [round(lo, 4), round(hi, 4)], "games": games}


def balance_metrics(outcomes: Sequence[Outcome], players: int, seed: int = 0,
                    resamples: int = BOOTSTRAP) -> dict:
    """Ludii's Balance (by seat and by playing position), Advantage (the first player's win
    rate) and Completion, with 95 % intervals (see the module notes), as JSON data.

    >>> games = [Outcome((1.0, 0.0), 0, True), Outcome((1.0, 0.0), 1, True),
    ...          Outcome((0.0, 1.0), 0, True), Outcome((0.0, 0.0), 0, False)]
    >>> m = balance_metrics(games, 2, seed=1, resamples=200)
    >>> m["balance_seats"]["value"], m["balance_positions"]["value"]    # seats 2/4, 1/4; positions 1/4, 2/4
    (0.75, 0.75)
    >>> m["advantage"]["value"], m["completion"]["value"]                # position 1 won game 1 only
    (0.25, 0.75)
    """
    from .simulate import wilson

    games = len(outcomes)
    out: dict = {"games": games, "bootstrap": {"resamples": resamples, "seed": seed}}
    if not games:
        return out
    by_seat = Counter(tuple(o.returns) for o in outcomes)
    out["won"] = sum(c for k, c in by_seat.items() if any(k))     # games with a winner
    out["balance_seats"] = _balance_entry(by_seat, players, games, seed, resamples)
    known = [(o.returns, o.first) for o in outcomes if o.first is not None]
    if known:
        by_pos = Counter(tuple(r[(first + k) % players] for k in range(players)) for r, first in known)
        out["balance_positions"] = _balance_entry(by_pos, players, len(known), seed + 1, resamples)
        first_wins = sum(r[first] for r, first in known)
        lo, hi = wilson(first_wins, len(known))
        out["advantage"] = {"value": round(first_wins / len(known), 4), "ci95": [round(lo, 4), round(hi, 4)],
                            "wins": round(first_wins, 4), "games": len(known)}
    complete = sum(1 for o in outcomes if o.complete)
    lo, hi = wilson(complete, games)
    out["completion"] = {"value": round(complete / games, 4), "ci95": [round(lo, 4), round(hi, 4)],
                         "complete": complete, "games": games}
    return out


def metrics_line(m: dict) -> list[str]:
    """The metrics (their JSON) as lines of the text report."""
    if not m.get("games"):
        return []

    def ratio(e):
        return f"{e['value']:.3f} [{e['ci95'][0]:.3f} - {e['ci95'][1]:.3f}]"

    def pct(e):
        return f"{100 * e['value']:.1f}% [{100 * e['ci95'][0]:.1f}% - {100 * e['ci95'][1]:.1f}%]"

    if m.get("won") == 0:
        # Ludii's Balance of games nobody won is 1 (all rates alike at 0): true, and misleading
        parts = [_("balance not measured: no game was won")]
    else:
        parts = [_("balance by seat {balance}").format(balance=ratio(m["balance_seats"]))]
    if "balance_positions" in m and m.get("won") != 0:
        parts.append(_("by playing position {balance}").format(balance=ratio(m["balance_positions"])))
    lines = [_("Balance metrics (Ludii's definitions; 95% intervals, balance by bootstrap)"), "  " + ", ".join(parts)]
    tail = []
    if "advantage" in m:
        tail.append(_("advantage (the first player wins) {share}").format(share=pct(m["advantage"])))
    tail.append(_("completion (games ended with a winner by the rules) {share}").format(share=pct(m["completion"])))
    lines.append("  " + "; ".join(tail))
    return lines
