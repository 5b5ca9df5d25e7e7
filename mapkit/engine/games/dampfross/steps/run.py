"""Running a race (docs/rules.md, Paluba and Expres): one die a turn, moving along the declared route.

Trains move in declaration order from the roller (or the first racer after him), one die
each, as far as the points go (a step into a mountain costs 2 in Dampfross and Paluba;
ferries one point a stop). Arrival is judged at the end of the round (Paluba, Expres): of
those who arrived, more unused points wins, equal leftovers re-roll; (D) the first train to
arrive wins at once. (E) A train may not end its move on a hex where another train stands,
except on a different parallel track between the same two hexes: it stops short.
Steps: ``run``, ``tiebreak``.
"""

from __future__ import annotations

from .....i18n import N_
from ....chance import Dice
from ....steps import Step
from ..race import SEA
from . import after

__all__ = ["RunStep", "TiebreakStep"]


class RunStep(Step):
    name = "run"
    label = N_("the race")
    phase = "race"

    def chance(self, s):
        r = s.current
        return Dice("roll", r.run_order[r.run_idx], 1)

    def on_chance(self, s, action):
        _moved(s, action["dice"][0])


class TiebreakStep(Step):
    """Equal leftovers among the arrivals of a round: they roll again until decided."""

    name = "tiebreak"
    label = N_("tiebreak")
    phase = "race"

    def chance(self, s):
        r = s.current
        return Dice("roll", r.tb_group[r.tb_idx], 1)

    def on_chance(self, s, action):
        _tiebreak_rolled(s, action["dice"][0])


def _blocked(s, p: int, idx: int) -> bool:
    """Whether train ``p`` may not stop at stop ``idx`` of its route (the Expres rule)."""
    r = s.current
    if idx == 0:
        return False
    d = r.decl[p]
    h = d["stops"][idx]
    if h == SEA or h in r.target_hexes:
        return False
    via, owner = d["via"][idx], d["owner"][idx]
    may_share = s.rules.trains_may_share
    for q, i in r.pos.items():
        if q == p or i == 0 or q in r.places:
            continue
        dq = r.decl[q]
        if dq["stops"][i] == h and not may_share(via, owner, dq["via"][i], dq["owner"][i]):
            return True
    return False


def _moved(s, die: int) -> None:
    r = s.current
    rules = s.rules
    p = r.run_order[r.run_idx]
    costs = r.decl[p]["costs"]
    i = r.pos[p]
    last = len(costs) - 1
    pts = die
    start_i = i
    while i < last and costs[i + 1] <= pts:
        pts -= costs[i + 1]
        i += 1
    if i != last and rules.no_shared_stop():
        while i > start_i and _blocked(s, p, i):
            i -= 1
    r.pos[p] = i
    first_wins = rules.finish_on_first_arrival()
    if i == last:
        if first_wins:
            r.places.append(p)
        else:
            r.arrivals.append((p, pts))
    if first_wins and _decided(s):
        after.finish_race(s, run=True)
        return
    r.run_idx += 1
    while r.run_idx < len(r.run_order) and r.arrived(r.run_order[r.run_idx]):
        r.run_idx += 1
    if r.run_idx >= len(r.run_order):
        _end_run_round(s)


def _decided(s) -> bool:
    r = s.current
    running = [p for p in r.trains if p not in r.places and not r.arrived(p)]
    if len(r.places) >= 2 or not running:
        return True
    if len(r.places) == 1 and len(running) == 1 and not r.arrivals:
        # the last train still running can only be second
        r.places.append(running[0])
        return True
    return False


def _end_run_round(s) -> None:
    r = s.current
    if r.arrivals:
        groups: dict = {}
        for p, left in r.arrivals:
            groups.setdefault(left, []).append(p)
        r.arrivals = []
        r.tb_groups = [groups[k] for k in sorted(groups, reverse=True)]
        _place_groups(s)
        if s.step == "tiebreak":
            return
    _next_run_round(s)


def _next_run_round(s) -> None:
    r = s.current
    if _decided(s):
        after.finish_race(s, run=True)
        return
    r.run_round += 1
    r.run_order = [p for p in r.run_order if not r.arrived(p)]
    r.run_idx = 0


def _place_groups(s) -> None:
    """Place the arrivals of a round, best leftover first; ties go to a re-roll."""
    r = s.current
    while r.tb_groups and len(r.places) < 2:
        g = r.tb_groups[0]
        if len(g) == 1:
            r.places.append(g[0])
            r.tb_groups.pop(0)
            continue
        s.go("tiebreak")
        r.tb_group = list(g)
        r.tb_rolls = {}
        r.tb_idx = 0
        return
    r.tb_groups = []
    s.go("run")


def _tiebreak_rolled(s, die: int) -> None:
    r = s.current
    p = r.tb_group[r.tb_idx]
    r.tb_rolls[p] = die
    r.tb_idx += 1
    if r.tb_idx < len(r.tb_group):
        return
    best = max(r.tb_rolls.values())
    top = [q for q in r.tb_group if r.tb_rolls[q] == best]
    if len(top) > 1:
        r.tb_group = top
        r.tb_rolls = {}
        r.tb_idx = 0
        return
    r.places.append(top[0])
    g = r.tb_groups[0]
    g.remove(top[0])
    if not g:
        r.tb_groups.pop(0)
    s.go("run")
    _place_groups(s)
    if s.step == "tiebreak":
        return
    _next_run_round(s)
