"""The build phase (docs/rules.md: Paluba; Expres; Options, joint track): rounds of build turns until the
cities are connected or the end is declared.

A turn: the in-turn start choice (D) on a player's first turn, the roll (the round's shared
roll is thrown once, by its first player; Expres: each his own), then pieces until the
points are spent or ``done``. Joint track (option): proposed at the start of one's turn to
a player whose turn in this round is still to come; he accepts (his turn is used up, and
his points count 3/4 with the proposer's) or declines. A ferry line may be bought in one's
turn. Steps: ``start``, ``roll``, ``build``, ``joint_answer``, ``joint_roll``.
"""

from __future__ import annotations

from ....chance import Dice
from ....errors import IllegalAction
from ....ledger import BANK
from ....steps import Step
from .....i18n import N_
from .....i18n.said import said
from .....wording import plural, who
from .. import building, ferries
from . import draw, setup

__all__ = ["StartStep", "RollStep", "BuildStep", "JointAnswerStep", "JointRollStep", "begin_build",
           "end_turn", "may_declare_end", "end_build"]


class StartStep(Step):
    """In-turn start choice (D): a player picks his start city on his first turn."""

    name = "start"
    label = N_("start city")
    phase = "build"
    stage = "start"

    def decider(self, s):
        return s.turn_player

    def legal_actions(self, s, p):
        return [{"type": "start", "player": p, "city": s.board.cities[c].name}
                for c in setup.start_choices(s, p)]

    def act_start(self, s, p, action):
        c = setup.check_start(s, p, action)

        def plan():
            setup.set_start(s, p, c)
            if s.rules.unique_starts():
                s.taken.add(c)
            name = s.players[p]
            s.say(N_("{player} starts in {city}"), f"{who(name, 'start')} in {s.board.cities[c].name}",
                  player=name, city=s.board.cities[c].name)
            _need_points(s)
        return {"type": "start", "player": p, "city": s.board.cities[c].name}, plan


class RollStep(Step):
    """The build points are thrown (the round's shared roll, or the player's own)."""

    name = "roll"
    label = N_("build roll")
    phase = "build"
    stage = "roll"

    def chance(self, s):
        return Dice("roll", s.turn_player, s.rules.build_dice())

    def on_chance(self, s, action):
        pts = s.rules.build_points(action["dice"])
        s.last_roller = s.turn_player
        if s.rules.shared_roll():
            s.round_roll = pts
        s.points = pts
        _say_roll(s, s.turn_player, action["dice"], pts, "everybody" if s.rules.shared_roll() else "")
        s.go("build")


class BuildStep(Step):
    """Building with dice points: pieces, a ferry, ``done``; at the start of the turn also a
    declaration of the end or a joint-track proposal."""

    name = "build"
    label = N_("building")
    phase = "build"
    stage = "build"

    def decider(self, s):
        return s.turn_player

    def legal_actions(self, s, p):
        out = building.listed_actions(s, p)
        if may_declare_end(s):
            out.append({"type": "declare_end", "player": p})
        return out

    def act_build(self, s, p, action):
        return building.act_build(s, p, action)

    def act_ferry(self, s, p, action):
        return ferries.act_ferry(s, p, action)

    def act_done(self, s, p, action):
        return {"type": "done", "player": p}, lambda: end_turn(s)

    def turn_over(self, s):
        end_turn(s)

    def act_timeout(self, s, p, action):
        check_timer(s)
        return {"type": "timeout", "player": p}, lambda: end_turn(s, lose_points=True)

    def act_declare_end(self, s, p, action):
        if not may_declare_end(s):
            raise IllegalAction("end.too-early", _why_not_declare(s))

        def plan():
            s.declared_by = p
            s.say(N_("{player} declares the end of the build phase"),
                  f"{who(s.players[p], 'declare')} the end of the build phase", player=s.players[p])
            if s.rules.end_by_declaration():
                s.turns_left = s.rules.extra_rounds() * s.num_players
                # the extra rounds start with the declarer: his current turn is the first
                s.round_first = p
                s.turn_in_round = 0
                s.skip = set()
                if s.turns_left == 0:
                    end_build(s, p, said(N_("declared")))
            else:
                end_build(s, p, said(N_("declared two rounds after the second-to-last city")))
        return {"type": "declare_end", "player": p}, plan

    def act_joint(self, s, p, action):
        return _propose_joint(s, p, action)


class JointAnswerStep(Step):
    """The partner answers a joint-track proposal."""

    name = "joint_answer"
    label = N_("joint track: the answer")
    phase = "build"
    stage = "joint_answer"

    def decider(self, s):
        return s.joint["with"]

    def legal_actions(self, s, p):
        return [{"type": "accept", "player": p}, {"type": "decline", "player": p}]

    def act_accept(self, s, p, action):
        def plan():
            s.skip.add(p)
            s.say(N_("{player} builds a joint track with {other}"),
                  f"{who(s.players[p], 'build')} a joint track with {s.players[s.turn_player]}",
                  player=s.players[p], other=s.players[s.turn_player])
            if s.rules.shared_roll():
                _joint_points(s, s.round_roll)
            else:
                s.go("joint_roll")
        return {"type": "accept", "player": p}, plan

    def act_decline(self, s, p, action):
        def plan():
            s.joint = None
            s.go("build")
        return {"type": "decline", "player": p}, plan

    def act_timeout(self, s, p, action):
        check_timer(s)
        return {"type": "timeout", "player": p}, self.act_decline(s, p, action)[1]


class JointRollStep(Step):
    """The partner of a joint track throws his own points (Expres rolls)."""

    name = "joint_roll"
    label = N_("joint track: the roll")
    phase = "build"
    stage = "joint_roll"

    def chance(self, s):
        return Dice("roll", s.joint["with"], s.rules.build_dice())

    def on_chance(self, s, action):
        pts = s.rules.build_points(action["dice"])
        _say_roll(s, s.joint["with"], action["dice"], pts, "joint")
        _joint_points(s, pts)


# A build roll's line: for the roller alone, for everybody this round, for a joint track.
_ROLLS = {"": (N_("{player} rolls {dice}: 1 build point"), N_("{player} rolls {dice}: {n} build points"), ""),
          "everybody": (N_("{player} rolls {dice}: 1 build point for everybody this round"),
                        N_("{player} rolls {dice}: {n} build points for everybody this round"),
                        " for everybody this round"),
          "joint": (N_("{player} rolls {dice}: 1 build point for the joint track"),
                    N_("{player} rolls {dice}: {n} build points for the joint track"), " for the joint track")}


def _say_roll(s, p: int, dice, points: int, whose: str) -> None:
    name = s.players[p]
    one, many, extra = _ROLLS[whose]
    thrown = "+".join(map(str, dice))
    s.say(one if points == 1 else many, f"{who(name, 'roll')} {thrown}: {plural(points, 'build point')}{extra}",
          player=name, dice=thrown, n=points)


def _say_built(s, p: int) -> None:
    """The turn's building in one line (who, how many pieces, which): the build actions of
    player ``p`` at the end of the history, back to the turn's roll or start."""
    pieces: list[str] = []
    for a in reversed(s.history):
        if a.get("player") != p or a.get("type") not in ("build", "done", "ferry", "timeout"):
            break
        if a["type"] == "build":
            pieces[:0] = a["pieces"]
    name = s.players[p]
    if pieces:
        one, many = N_("{player} builds 1 piece: {pieces}"), N_("{player} builds {n} pieces: {pieces}")
        listed = ", ".join(pieces)
        s.say(one if len(pieces) == 1 else many, f"{who(name, 'build')} {plural(len(pieces), 'piece')}: {listed}",
              player=name, n=len(pieces), pieces=listed)
    else:
        s.say(N_("{player} builds nothing this turn"), f"{who(name, 'build')} nothing this turn", player=name)


def check_timer(s) -> None:
    if s.rules.turn_timer() is None:
        raise IllegalAction("timer.off", "no turn timer is set (option turn_timer, docs/rules.md, Options)")


# -- the flow of the build phase ---------------------------------------------------------
def begin_build(s) -> None:
    s.round_no = 0
    s.round_first = s.first
    s.turn_in_round = 0
    s.round_roll = None
    s.go("build")
    _begin_turn(s)


def _begin_turn(s) -> None:
    p = (s.round_first + s.turn_in_round) % s.num_players
    s.turn_player = p
    s.turn_built = 0
    # the round's shared roll is known before the turn starts (shown to the player)
    shared = s.rules.shared_roll() and s.round_roll is not None
    s.points = s.round_roll if shared else 0
    if p in s.skip:
        end_turn(s, skipped=True)
        return
    if s.starts[p] is None:
        s.go("start")
        return
    _need_points(s)


def _need_points(s) -> None:
    if s.rules.shared_roll() and s.round_roll is not None:
        s.points = s.round_roll
        s.go("build")
    else:
        s.go("roll")


def end_turn(s, skipped: bool = False, lose_points: bool = False) -> None:
    """The turn is over: unused points (EJ: to the account), the end of the phase, the next turn."""
    n = s.num_players
    p = s.turn_player
    if not skipped:
        _say_built(s, p)
    if not skipped and not lose_points and s.rules.unused_points_pay() and s.points > 0 and not s.joint:
        s.pay(BANK, p, s.points, said(N_("unused build points (EJ)")))
    s.joint = None
    s.points = 0
    s.turn_index += 1
    if s.unconnected == 0 and s.turns_left is None:
        # (after an Expres declaration the three rounds are played out regardless)
        end_build(s, p, said(N_("every city connected")))
        return
    if s.turns_left is not None:
        s.turns_left -= 1
        if s.turns_left <= 0:
            end_build(s, s.declared_by, said(N_("three rounds after the declaration")))
            return
    s.turn_in_round += 1
    if s.turn_in_round >= n:
        s.round_no += 1
        s.turn_in_round = 0
        s.round_roll = None
        s.skip = set()
        if s.rules.rotate_rounds():
            s.round_first = (s.round_first + 1) % n
        limit = s.rules.round_limit()
        if limit is not None and s.round_no >= limit:
            end_build(s, p, said(N_("round limit {limit} (option build_round_limit)"), limit=limit))
            return
    _begin_turn(s)


def may_declare_end(s) -> bool:
    """Whether the player to move may declare the end of the build phase now."""
    if s.step != "build" or s.turn_built or s.joint:
        return False
    if s.unconnected != 1:
        return False
    if s.rules.end_by_declaration():
        return s.declared_by is None
    if s.second_last_turn is None:
        return False
    return s.turn_index - s.second_last_turn - 1 >= 2 * s.num_players


def _why_not_declare(s) -> str:
    if s.turn_built:
        return "it is declared at the start of a turn, before building"
    if s.unconnected != 1:
        return f"{s.unconnected} cities are unconnected; it may be declared when one is left"
    if s.rules.end_by_declaration():
        return "the end has already been declared"
    return "two rounds have not yet passed since the second-to-last city was connected (docs/rules.md, Paluba)"


def end_build(s, ender: int, reason: str) -> None:
    s.ender = ender
    s.build_end_reason = reason
    s.turn_player = None
    s.joint = None
    s.say(N_("the build phase is over ({reason})"), reason=reason)
    s.race_roller = s.rules.first_race_roller(ender, s.last_roller, s.num_players)
    draw.begin_race(s)


# -- joint track -------------------------------------------------------------------------
def _propose_joint(s, p: int, action: dict):
    n = s.num_players
    if not s.rules.joint_track():
        raise IllegalAction("joint.off", "joint track is not allowed (option joint_track, docs/rules.md, Options)")
    if s.turn_built or s.joint:
        raise IllegalAction("joint.not-now", "a joint track is proposed at the start of one's build turn")
    q = action.get("with")
    if type(q) is not int or not 0 <= q < n or q == p:
        raise IllegalAction("joint.partner", f"'with' must be another player's seat, not {q!r}")
    later = [(s.round_first + i) % n for i in range(s.turn_in_round + 1, n)]
    if q not in later or q in s.skip or s.starts[q] is None:
        raise IllegalAction("joint.partner", f"{who(s.players[q], 'have', 'has')} no build turn left in this round")
    try:
        at = s.board.hex_id(action.get("at"))
    except (ValueError, TypeError):
        raise IllegalAction("joint.at", f"'at' must be a hex, not {action.get('at')!r}") from None
    if at not in s.net.nodes[p] or at not in s.net.nodes[q]:
        raise IllegalAction("joint.at", f"the networks of both players must meet at "
                                        f"{s.board.hex_names[at]} (docs/rules.md, Options: joint track)")

    def plan():
        s.joint = {"with": q, "at": at, "hexes": frozenset(), "own": s.points}
        s.go("joint_answer")
    return {"type": "joint", "player": p, "with": q, "at": s.board.hex_names[at]}, plan


def _joint_points(s, other: int) -> None:
    """The partner's points are in (his own roll, or the round's shared roll): 3/4 of both."""
    s.points = s.rules.joint_points(s.joint["own"], other)
    s.go("build")
    if s.points <= 0:
        end_turn(s)
