"""The ``strong`` bots: determinized Monte Carlo rollouts over a family's greedy policy.

A :class:`SearchBot` is given its seat's observation, like every bot
(:meth:`~mapkit.engine.bots.base.Bot.decide`), asks the family for the few moves worth
considering (:meth:`~mapkit.engine.family.GameFamily.move_options`, the greedy bot's own
choice among them) and plays each of them on in sampled worlds to the end of the game (or as far
as the family's :meth:`SearchBot.cut` says), every seat played by the family's greedy bot, and
takes the move whose rollouts end best for its seat. A family may search only some decisions
(:meth:`SearchBot.searches`) and play the greedy bot's move at the others. It needs nothing
of a game but the state protocol (``observation``, ``apply``, ``current_player``,
``sample_chance``, ``is_terminal``, ``returns``) and the family's figures
(:meth:`SearchBot.score`), so one search serves every family.

* **Worlds.** A rollout starts from a new sample of what the seat cannot see
  (``state.observation(seat, rng)`` asked of its own observation: TransAmerica's other hands,
  Expres's secret start cities); the seat's own secrets and everything public stay as they
  are. Rollout ``i`` of every move plays in the same world with the same dice (drawn by the
  rollout's key and the number of actions played): the moves are compared on common random
  numbers, so a difference between them is the moves', not the dice's.
* **Budget.** ``strong:64`` plays 64 rollouts a decision, spent by *successive
  halving*: every move gets the same first worlds, the worse half is dropped, the rest get
  more, until one is left (a budget too small for that: one round, every move alike, at least
  one rollout each). ``strong:200ms`` plays rounds of one world per move until the time
  is up (at least one round): as many as the machine manages, so its play depends on the
  machine's speed and load. A rollout budget is deterministic: the same seed, the same
  position, the same move, on any machine and in any process. A family may give the few
  decisions that decide most of a game more moves and a multiple of the budget
  (:meth:`SearchBot.effort`; the Dampfross family: eight moves and three times the budget for
  the start city and the first way out of it).
* **Value.** A finished rollout is worth the seat's share of the win (``returns``) plus,
  with ``MARGIN_WEIGHT``, its lead over the best other seat in the family's figure (money,
  points, VP), ``tanh(lead / SCALE)``: a win by much beats a win by little, and a close
  second beats a distant one. The greedy bot's own move is kept unless another beats it by
  more than ``MARGIN``.

>>> parse_budget("64"), parse_budget("200ms"), parse_budget("1.5s")
(Budget(rollouts=64, seconds=None), Budget(rollouts=None, seconds=0.2), Budget(rollouts=None, seconds=1.5))
>>> str(parse_budget("200ms")), parse_budget("200ms").reproducible, parse_budget("8").reproducible
('200ms', False, True)
>>> parse_budget("fast")
Traceback (most recent call last):
...
mapkit.errors.InputError: bot budget 'fast': give a number of rollouts (64) or a time per decision (200ms, 1.5s)
"""

from __future__ import annotations

import math
import random
import re
import time
from dataclasses import dataclass

from ...errors import InputError
from .base import Bot
from .moves import Candidate, ranked

__all__ = ["Budget", "parse_budget", "SearchBot", "Searched", "MAX_ROLLOUTS", "MAX_SECONDS"]

MAX_ROLLOUTS = 100_000
MAX_SECONDS = 600.0


@dataclass(frozen=True)
class Budget:
    """What a search may spend on one decision: ``rollouts`` (deterministic) or ``seconds``."""

    rollouts: int | None = None
    seconds: float | None = None

    @property
    def reproducible(self) -> bool:
        """Whether the same position always gives the same move (a rollout count, not a time)."""
        return self.seconds is None

    def times(self, factor: int) -> Budget:
        """This budget ``factor`` times over, within the bounds a budget may have.

        >>> Budget(rollouts=32).times(3), Budget(seconds=0.2).times(3)
        (Budget(rollouts=96, seconds=None), Budget(rollouts=None, seconds=0.6000000000000001))
        """
        if self.seconds is None:
            return Budget(rollouts=min(MAX_ROLLOUTS, (self.rollouts or 1) * factor))
        return Budget(seconds=min(MAX_SECONDS, self.seconds * factor))

    def __str__(self) -> str:
        if self.seconds is None:
            return str(self.rollouts)
        ms = self.seconds * 1000
        return f"{ms:g}ms" if ms < 1000 else f"{self.seconds:g}s"


_BUDGET = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$")


def parse_budget(text: str) -> Budget:
    """``"64"`` (rollouts), ``"200ms"`` or ``"1.5s"`` (a time per decision); else InputError."""
    m = _BUDGET.match(str(text).lower())
    if m is None:
        raise InputError(f"bot budget {text!r}: give a number of rollouts (64) or a time per decision "
                         f"(200ms, 1.5s)")
    number, unit = m.groups()
    if unit is None:
        if "." in number or not 1 <= int(number) <= MAX_ROLLOUTS:
            raise InputError(f"bot budget {text!r}: a whole number of rollouts from 1 to {MAX_ROLLOUTS}")
        return Budget(rollouts=int(number))
    seconds = float(number) / (1000 if unit == "ms" else 1)
    if not 0.001 <= seconds <= MAX_SECONDS:
        raise InputError(f"bot budget {text!r}: a time from 1ms to {MAX_SECONDS:g}s")
    return Budget(seconds=seconds)


@dataclass
class Searched:
    """What a search found: the moves searched, each one's mean value and rollouts, the move
    chosen (an index) and the rollouts played."""

    moves: list
    means: list
    counts: list
    chosen: int
    rollouts: int


class SearchBot(Bot):
    """Rollouts over the family's greedy policy (see the module notes). A family subclasses it
    with ``policy`` (its greedy bot's class) and :meth:`score`; it may set ``WIDTH``,
    ``DEFAULT_BUDGET``, :meth:`searches`, :meth:`effort`, :meth:`cut` and :meth:`estimate`."""

    name = "strong"
    takes_option = True
    policy: type[Bot] = Bot
    DEFAULT_BUDGET = Budget(rollouts=32)
    WIDTH = 4               # moves searched: the greedy bot's and the family's best others
    MARGIN = 0.02           # value by which a move must beat the greedy bot's to be taken
    MARGIN_WEIGHT = 0.5     # weight of the lead in the family's figure against a win
    SCALE = 10.0            # the lead in the family's figure that counts as 0.76 (tanh 1)

    def __init__(self, seed: int = 0, option: str | None = None):
        super().__init__(seed)
        self.budget = self.DEFAULT_BUDGET if option is None else parse_budget(option)
        self.rollout_bot = self.policy(seed)
        self._dice = random.Random(0)
        self.last_search: Searched | None = None     # what the last decision searched (for benchmarks)

    def __repr__(self):
        return f"{type(self).__name__}(seed={self.seed}, budget={self.budget})"

    # -- what a family gives ---------------------------------------------------------------
    def moves(self, state) -> list[Candidate]:
        """The moves worth searching, the greedy bot's (with this bot's seed) marked among
        them: the family's hook."""
        from ..game import family_of

        return family_of(state.rules.name).move_options(state, self.seed)

    def score(self, state, seat: int) -> float:
        """The family's figure of ``seat`` in ``state`` (money, points, VP): what a lead is
        measured in. The default: none (a rollout is worth its win share alone)."""
        return 0.0

    def searches(self, state) -> bool:
        """Whether a decision is worth a search (else the greedy bot's move is played): by
        default every decision where the family lists more than one move."""
        return True

    def effort(self, state) -> tuple[int, Budget]:
        """How many moves a searched decision compares and the budget it spends on them: by
        default ``WIDTH`` moves within the bot's budget. A family may give more to the few
        decisions that decide most of a game."""
        return self.WIDTH, self.budget

    def cut(self, root, sim) -> bool:
        """Whether a rollout from the decision ``root`` has played far enough at ``sim``
        (then :meth:`estimate` values it): by default never, a rollout plays to the end."""
        return False

    def estimate(self, state, seat: int) -> float:
        """The value of a rollout cut short by :meth:`cut` (not at the end): by default the
        lead alone, as :meth:`value` measures it."""
        return self._lead(state, seat)

    # -- the search ------------------------------------------------------------------------
    def act(self, state) -> dict:
        self.last_search = None
        if not self.searches(state):
            return self.rollout_bot.act(state)
        cands = self.moves(state)
        first = next((c.action for c in cands if c.greedy), None)
        if first is None:
            first = self.rollout_bot.act(state)
        width, budget = self.effort(state)
        cands = ranked(cands, first=first, limit=width)
        moves = [c.action for c in cands if c.greedy] + [c.action for c in cands if not c.greedy]
        moves = [a for a in moves if a == first or state.is_legal(a)]
        if len(moves) <= 1:
            return first
        self.last_search = self.search(state, moves, budget)
        return moves[self.last_search.chosen]

    def search(self, state, moves: list, budget: Budget | None = None) -> Searched:
        """Rollouts of ``moves`` (the first: the greedy bot's) from ``state``, the seat to
        move's observation, within ``budget`` (default: the bot's)."""
        seat = state.current_player()
        key = self.rng_key(seat, len(state.history))
        k = len(moves)
        sums = [0.0] * k
        counts = [0] * k
        alive = list(range(k))
        world = 0
        played = 0
        b = self.budget if budget is None else budget
        if b.seconds is not None:
            deadline = time.perf_counter() + b.seconds
            while True:
                for i in alive:
                    sums[i] += self.rollout(state, moves[i], seat, f"{key}:{world}")
                    counts[i] += 1
                played += len(alive)
                world += 1
                if time.perf_counter() >= deadline:
                    break
        else:
            total = b.rollouts or 1
            rounds = max(1, math.ceil(math.log2(k)))
            if total < k * rounds:      # too few for halving: one round, every move alike
                rounds = 1
            for r in range(rounds):
                per = max(1, total // (len(alive) * rounds))
                for _ in range(per):
                    for i in alive:
                        sums[i] += self.rollout(state, moves[i], seat, f"{key}:{world}")
                        counts[i] += 1
                    played += len(alive)
                    world += 1
                if r < rounds - 1 and len(alive) > 2:
                    alive.sort(key=lambda i: (-sums[i] / counts[i], i))
                    alive = sorted(alive[:max(2, (len(alive) + 1) // 2)])
        means = [s / c if c else -math.inf for s, c in zip(sums, counts, strict=True)]
        best = max(alive, key=lambda i: (means[i], -i))
        if best != 0 and means[best] <= means[0] + self.MARGIN:
            best = 0
        return Searched(list(moves), means, counts, best, played)

    def rollout(self, state, move: dict, seat: int, key: str) -> float:
        """The value for ``seat`` of ``move`` played in the world of ``key`` and the game
        played on by the greedy policy for every seat."""
        sim = state.observation(seat, random.Random(key + ":world"))
        sim.apply(move)
        bot = self.rollout_bot
        dice = self._dice
        while not sim.is_terminal():
            if self.cut(state, sim):
                return self.estimate(sim, seat)
            p = sim.current_player()
            if p < 0:
                dice.seed(f"{key}:{len(sim.history)}")
                sim.apply(sim.sample_chance(dice))
                continue
            sim.apply(bot.decide(sim))
        return self.value(sim, seat)

    def value(self, state, seat: int) -> float:
        """A finished rollout's worth to ``seat``: its win share plus the weighted lead."""
        return state.returns()[seat] + self._lead(state, seat)

    def _lead(self, state, seat: int) -> float:
        if not self.MARGIN_WEIGHT:
            return 0.0
        mine = self.score(state, seat)
        best = max((self.score(state, q) for q in range(state.num_players) if q != seat), default=mine)
        return self.MARGIN_WEIGHT * math.tanh((mine - best) / self.SCALE)
