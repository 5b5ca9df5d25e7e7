"""After a race (docs/rules.md: Paluba, Options, Expres): prizes, the results, building after the race, the next race,
and the end of the game.

Prizes: winner and second by the preset (20/10, or 2x / 1x the table distance); a lone racer
gets the winner's prize; joint partners share (the poorer gets the odd point). Then, after a
race that was run, everybody may build in the preset's order with the preset's budget (this
race's income, the account, a tenth ...). The game ends after the agreed number of races,
when a player reaches the target score, or one race after the time limit. Step: ``post_build``.
"""

from __future__ import annotations

from .....i18n import N_
from .....i18n.said import said, said_and
from .....search import INF, dial
from ....ledger import BANK
from ....steps import Step
from .. import building, ferries
from ..building import split
from . import build, draw

__all__ = ["PostBuildStep", "OverStep", "finish_race", "end_post_build_turn", "game_over", "special_distance"]


class PostBuildStep(Step):
    name = "post_build"
    label = N_("building after the race")
    phase = "race"
    stage = "post_build"

    def decider(self, s):
        return s.pb_order[s.pb_idx]

    def legal_actions(self, s, p):
        return building.listed_actions(s, p)

    def act_build(self, s, p, action):
        return building.act_build(s, p, action)

    def act_ferry(self, s, p, action):
        return ferries.act_ferry(s, p, action)

    def act_done(self, s, p, action):
        return {"type": "done", "player": p}, lambda: end_post_build_turn(s)

    def turn_over(self, s):
        end_post_build_turn(s)

    def act_timeout(self, s, p, action):
        build.check_timer(s)
        return {"type": "timeout", "player": p}, lambda: end_post_build_turn(s)


class OverStep(Step):
    name = "over"
    label = N_("game over")
    phase = "over"
    terminal = True


def finish_race(s, run: bool) -> None:
    """The race is over: prizes, its result, then building, the next race or the end."""
    r = s.current
    b = s.board
    rules = s.rules
    r.finished = True
    if run:
        distance = special_distance(s) if r.special else None
        for place, p in enumerate(r.places[:2], start=1):
            if place == 2 and len(r.trains) < 2:
                break
            amount = rules.prize_of_place(b, r.start_city, r.target_city, place, distance)
            mem = r.members[p]
            if len(mem) == 2:
                # the poorer partner gets the odd point
                s0, s1 = split(amount, mem[0], mem[1], s.money.accounts)
                shares: tuple[tuple[int, int], ...] = ((mem[0], s1), (mem[1], s0))
            else:
                shares = ((p, amount),)
            for m, share in shares:
                s.pay(BANK, m, share, said(N_("prize {place} race {race}"), place=place, race=r.no))
                r.prizes[m] = r.prizes.get(m, 0) + share
                r.income[m] = r.income.get(m, 0) + share
    s.prev_target = r.target if not r.special else None
    s.results.append(_result(s))
    if r.places[:1] and run:
        s.say(N_("race {race} won by {players}"), race=r.no,
              players=said_and(s.players[m] for m in r.members[r.places[0]]))
    if _end_after_race(s):
        return
    if run:
        _begin_post_build(s)
    else:
        _next_race(s)


def special_distance(s) -> int:
    """Steps from a special race's start to its nearest target hex (for table prizes): a
    search of the board alone, kept per start and targets (the bots ask at every declaration)."""
    r = s.current
    key = (r.start_hex, frozenset(r.target_hexes))
    known = s.tables.special_distances.get(key)
    if known is None:
        d = dial(s.tables.unit_adjacency(s.board), [r.start_hex], targets=r.target_hexes, first=True, max_weight=1)
        best = min((d[h] for h in r.target_hexes), default=INF)
        known = s.tables.special_distances[key] = 0 if best == INF else best
    return known


def _result(s) -> dict:
    r = s.current
    b = s.board
    names = s.players
    out = {
        "race": r.no,
        "roller": names[r.roller],
        "start": r.start, "start_city": b.cities[r.start_city].name if r.start_city is not None else None,
        "target": r.target,
        "target_city": r.target_name if r.special else (b.cities[r.target_city].name
                                                        if r.target_city is not None else None),
        "rejected": [dict(x) for x in r.rejected],
        "racers": [[names[m] for m in r.members[p]] for p in r.trains],
        "excluded": [{"player": names[x["player"]], "why": x["why"]} for x in r.excluded],
        "fares": [[names[a], names[c], f] for a, c, f in r.fares],
        "places": [[names[m] for m in r.members[p]] for p in r.places[:2]],
        "prizes": {names[m]: v for m, v in sorted(r.prizes.items())},
        "accounts": list(s.money.accounts),
    }
    if r.special:
        out["special"] = True
        out["finish"] = {names[p]: b.hex_names[r.decl[p]["stops"][-1]] for p in r.places[:2]}
    return out


def _end_after_race(s) -> bool:
    if _target_reached(s):
        return True
    races = s.rules.races()
    if races is not None and s.race_no >= races:
        game_over(s, said(N_("{n} races played"), n=s.race_no))
        return True
    if s.last_race_no is not None and s.race_no >= s.last_race_no:
        game_over(s, said(N_("the time limit was reached and one more race played")))
        return True
    return False


def _target_reached(s) -> bool:
    ts = s.rules.target_score(s.num_players)
    if ts is None:
        return False
    accounts = s.money.accounts
    best = max(accounts)
    if best >= ts:
        game_over(s, said(N_("{player} reached {n} points"), player=s.players[accounts.index(best)], n=ts))
        return True
    return False


def _begin_post_build(s) -> None:
    r = s.current
    placed = [m for p in r.places[:2] for m in r.members[p]]
    s.pb_order = s.rules.post_race_order(placed, s.num_players)
    s.pb_idx = -1
    s.pb_extra = {}
    s.pb_started = set()
    s.go("post_build")
    _next_post_builder(s)


def _next_post_builder(s) -> None:
    r = s.current
    rules = s.rules
    while True:
        s.pb_idx += 1
        if s.pb_idx >= len(s.pb_order):
            _next_race(s)
            return
        p = s.pb_order[s.pb_idx]
        s.pb_started.add(p)
        income = r.income.get(p, 0) + s.pb_extra.get(p, 0)
        budget = rules.post_race_budget(r.no, s.money.accounts[p], income)
        if budget is None:
            _next_race(s)
            return
        if budget > 0:
            s.budget = budget
            s.turn_built = 0
            return


def end_post_build_turn(s) -> None:
    s.budget = 0
    if _target_reached(s):
        return
    _next_post_builder(s)


def _next_race(s) -> None:
    s.race_roller = (s.current.roller + 1) % s.num_players
    draw.begin_race(s)


def game_over(s, reason: str) -> None:
    r = s.current
    if r is not None and not r.finished:
        r.stage = "void"
    s.go("over")
    s.end_reason = reason
    score = s.rules.scores(s.money.accounts, s.snapshots)
    best = max(score)
    s.winners_ = [p for p in range(s.num_players) if score[p] == best]
    winners = said_and(s.players[p] for p in s.winners_)
    if len(s.winners_) > 1:
        s.say(N_("the game is over ({reason}); {players} win"), reason=reason, players=winners)
    else:
        s.say(N_("the game is over ({reason}); {player} wins"), reason=reason, player=winners)
