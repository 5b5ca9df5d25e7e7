"""The search of ``mapkit balance``: a seeded hill climb over a map's changes, each candidate
judged by simulated games.

1. The input map's games are played: ``games`` games with the master seed ``seed``, as
   ``mapkit simulate --seed SEED`` plays them (:mod:`mapkit.engine.simulate`), and measured
   (:func:`mapkit.engine.balance.measure.measure`).
2. Each of ``rounds`` rounds asks the game's family for every change it allows on the current
   map (:meth:`~mapkit.engine.family.GameFamily.balance_changes`), draws one kind of change
   and then one change of that kind by weight with a generator seeded by the seed and the
   round, skips those whose map would not validate cleanly
   (:func:`~mapkit.engine.balance.changes.acceptable`) or that were tried on this map already,
   and plays the same games on the changed map (common random numbers). The change is kept
   when the unfairness falls beyond the noise (:func:`~mapkit.engine.balance.measure.compare`);
   the changed map is then the current one. A round costs one simulation: ``rounds`` is the
   budget of candidates. The search stops early when no change is left to try.
3. The input map and the last current map are played again on other games (master seed
   ``seed + 1``, which the search never saw), so the before/after figures are not the ones
   the search chose for: what the search kept because the search games happened to favour it
   shows up there as no improvement.

Every random draw comes from the seed, and each simulation's figures do not depend on how many
processes or machines play them, so the same seed gives the same map and report whatever
plays the games.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine.simulate import runner
>>> m = Map(Grid("pointy", "odd", 9, 3), cities=[City("Aš", H("A1"), (11, 12, 13, 14, 15, 16)),
...     City("Cheb", H("I3"), (21, 22, 23, 24, 25, 26)), City("Brno", H("E2"), (31, 32, 33))])
>>> plan = Plan("paluba", {"races": 2}, ("random", "random"), seed=3, games=4, rounds=2)
>>> with runner() as play:
...     out = balance(m, plan, play)
>>> len(out.steps), out.before["games"], out.check_seed
(2, 4, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...i18n import N_
from ...i18n.said import said
from .changes import Change, Context, Pins, acceptable, baseline_issues, draw
from .measure import Comparison, Measure, compare, measure

if TYPE_CHECKING:
    from ...model import Map

__all__ = ["Plan", "Step", "Outcome", "balance", "figure_change", "NothingToChange"]


class NothingToChange(ValueError):
    """The game's family proposes no change for the map (with the pins asked)."""


@dataclass(frozen=True)
class Plan:
    """What a balance run is asked: the rules (``preset``, ``options``), the ``bots`` by seat,
    the master ``seed``, the ``games`` each map is judged on, the ``rounds`` (candidates to
    play), and the ``pins``."""

    preset: str
    options: dict
    bots: tuple
    seed: int = 0
    games: int = 100
    rounds: int = 20
    pins: Pins = field(default_factory=Pins)
    # "rotate": every allowed start city dealt to the seats in turn (simulate --start-cities),
    # so a start city's figure measures the city rather than the bots' liking for it
    start_cities: str = "choose"


@dataclass(frozen=True)
class Step:
    """One round: the change tried, its comparison with the current map, whether it was kept,
    and in words the figure it moved most (:func:`figure_change`)."""

    round: int
    change: Change
    comparison: Comparison
    kept: bool
    figure: str


@dataclass
class Outcome:
    """What a balance run found: the balanced ``map``, the ``steps`` of the search, why it
    stopped early (None: it used its rounds), and the check on other games: the simulate
    reports (:func:`mapkit.engine.simulate.summarize`) and measures of the input map
    (``before``) and the balanced one (``after``), and their comparison."""

    map: Map
    steps: list[Step]
    stopped: str | None
    check_seed: int
    before: dict
    after: dict
    before_measure: Measure
    after_measure: Measure
    check: Comparison


Play = Callable[..., list]


def _games(m, plan: Plan, seed: int, play: Play, progress):
    """``(spec, figures)`` of the plan's games on map ``m`` with master ``seed``."""
    from ..compiled import EngineMap
    from ..simulate import SimSpec

    spec = SimSpec(EngineMap.from_map(m).to_json(), plan.preset, dict(plan.options), tuple(plan.bots), seed,
                   start_cities=plan.start_cities)
    return spec, play(spec, plan.games, progress)


def _candidate(changes: list[Change], rng: random.Random, tried: set, allowed: frozenset):
    """The next change worth playing, drawn by kind and weight, with its map; None if none."""
    kinds = sorted({c.kind for c in changes})
    while kinds:
        kind = rng.choice(kinds)
        ch = draw([c for c in changes if c.kind == kind], rng, tried)
        if ch is None:
            kinds.remove(kind)
            continue
        tried.add(ch.key)
        new = ch.make()
        if acceptable(new, allowed) is None:
            return ch, new
    return None


class _Counter:
    """Games played so far, passed on as ``progress(done, total)`` over the whole run."""

    def __init__(self, progress, total: int):
        self.progress, self.total, self.done = progress, total, 0

    def part(self):
        if not self.progress:
            return None
        start = self.done
        return lambda k, _games: self.progress(min(start + k, self.total), self.total)

    def advance(self, games: int) -> None:
        self.done += games

    def finish(self) -> None:
        if self.progress:
            self.progress(self.total, self.total)


def balance(m, plan: Plan, play: Play, progress=None) -> Outcome:
    """Balance map ``m`` (module notes); ``play(spec, games, progress)`` plays a simulation
    (:func:`mapkit.engine.simulate.runner`); ``progress(done, total)`` counts the games.
    :class:`NothingToChange` when the family proposes nothing."""
    from ..game import family_of

    family = family_of(plan.preset)
    n = len(plan.bots)
    allowed = baseline_issues(m)
    if not family.balance_changes(m, Context(m, plan.pins, n)):
        raise NothingToChange(f"nothing to change: {family.name} maps offer no change "
                              f"{'with these pins' if plan.pins != Pins() else 'to balance'}")
    count = _Counter(progress, (plan.rounds + 3) * plan.games)

    def games(mm, seed):
        out = _games(mm, plan, seed, play, count.part())
        count.advance(plan.games)
        return out

    current, (_, stats) = m, games(m, plan.seed)
    now = measure(stats, n)
    steps: list[Step] = []
    tried: set = set()
    stopped = None
    for r in range(1, plan.rounds + 1):
        rng = random.Random(f"mapkit-balance:{plan.seed}:{r}")
        context = Context(m, plan.pins, n, now.heat(), dealt=plan.start_cities == "rotate")
        pick = _candidate(family.balance_changes(current, context), rng, tried, allowed)
        if pick is None:
            stopped = N_("no change left to try")
            break
        change, new = pick
        _, new_stats = games(new, plan.seed)
        cmp = compare(stats, new_stats, n, f"{plan.seed}:{r}")
        after = measure(new_stats, n)
        steps.append(Step(r, change, cmp, cmp.better, figure_change(now, after)))
        if cmp.better:
            current, stats, now, tried = new, new_stats, after, set()
    check = plan.seed + 1
    spec0, stats0 = games(m, check)
    spec1, stats1 = games(current, check) if current is not m else (spec0, stats0)
    count.finish()
    from ..simulate import summarize

    return Outcome(current, steps, stopped, check, summarize(spec0, stats0), summarize(spec1, stats1),
                   measure(stats0, n), measure(stats1, n), compare(stats0, stats1, n, f"check:{check}"))


def figure_change(a: Measure, b: Measure) -> str:
    """In words, the figure whose share of the unfairness moved most from ``a`` to ``b`` (falls
    first): a position's win share, or a start city's (with its starts).

    >>> a = Measure(4, 100, 7.0, [0.31, 0.23, 0.23, 0.23], {"Jihlava": (0.48, 120), "Praha": (0.1, 80)})
    >>> b = Measure(4, 100, 5.0, [0.26, 0.25, 0.25, 0.24], {"Praha": (0.2, 100), "Tábor": (0.3, 100)})
    >>> figure_change(a, b)
    "Jihlava's win share 48.0% (120 starts) -> no starts"
    """
    q = 1.0 / a.players
    moves = []
    for k, (x, y) in enumerate(zip(a.positions, b.positions, strict=False)):
        fall = ((x - q) ** 2 - (y - q) ** 2) / a.players
        moves.append((fall, said(N_("position {n}'s win share {was:.1f}% -> {now:.1f}%"), n=k + 1, was=100 * x,
                                 now=100 * y)))
    ta, tb = sum(k for _, k in a.starts.values()) or 1, sum(k for _, k in b.starts.values()) or 1
    for city in sorted(set(a.starts) | set(b.starts)):
        (x, i), (y, j) = a.starts.get(city, (q, 0)), b.starts.get(city, (q, 0))
        fall = i * (x - q) ** 2 / ta - j * (y - q) ** 2 / tb
        moves.append((fall, said(N_("{city}'s win share {was} -> {now}"), city=city, was=_share(x, i),
                                 now=_share(y, j))))
    if not moves:
        return ""
    best = max(moves, key=lambda fm: (fm[0], fm[1]))
    if best[0] <= 0:
        best = min(moves, key=lambda fm: (fm[0], fm[1]))
    return best[1]


def _share(rate: float, starts: int) -> str:
    """A start city's win share with its starts, ``48.0% (120 starts)``, or ``no starts`` (a
    :class:`~mapkit.i18n.said.Said`)."""
    if not starts:
        return said(N_("no starts"))
    return said(N_("{share:.1f}% ({n} starts)"), share=100 * rate, n=starts)
