"""Steps before the first piece: who starts, and the start cities (docs/rules.md, Paluba and Options).

``order`` is a chance node (the first player). With in-turn start choice (D, Paluba) each
player picks his start city when he is first on turn in the build phase (the ``start`` stage
of :mod:`~mapkit.engine.games.dampfross.steps.build`); with secret choice (E) everybody picks
here, in seat order from the first player, and the picks are revealed together (EJ: players
who picked the same city pick again).
"""

from __future__ import annotations

from ....chance import Seat
from ....errors import IllegalAction
from ....state import Log
from ....steps import Step
from .....i18n import N_
from .....wording import who
from ..listing import track_changed
from . import build

__all__ = ["OrderStep", "SecretStartStep", "set_first", "start_choices", "check_start", "set_start",
           "conceal_starts"]


class OrderStep(Step):
    """Who starts: every seat equally likely (the highest roll / the Expres lot)."""

    name = "order"
    label = N_("who starts")
    phase = "order"

    def chance(self, s):
        return Seat("first")

    def on_chance(self, s, action):
        set_first(s, action["player"])


class SecretStartStep(Step):
    """Secret start choice (E): each writes his city; revealed when all have chosen."""

    name = "secret_start"
    label = N_("secret start city")
    phase = "start"
    stage = "start"

    def decider(self, s):
        return s.secret_queue[0]

    def legal_actions(self, s, p):
        return [{"type": "start", "player": p, "city": s.board.cities[c].name} for c in start_choices(s, p)]

    def act_start(self, s, p, action):
        c = check_start(s, p, action)

        def plan():
            s.secret[p] = c
            s.secret_queue.pop(0)
            if not s.secret_queue:
                _reveal_starts(s)
        return {"type": "start", "player": p, "city": s.board.cities[c].name}, plan


def conceal_starts(s, seat, rng) -> None:
    """For an observation by ``seat``: the other seats' start cities written in secret and not
    yet revealed become cities drawn at random from those each may write (who has written is
    public, what he wrote is not), and their ``start`` actions in the history lose the city.
    Once revealed, the picks are public (a pick made again after a clash too)."""
    hidden = {q for q in s.secret if q != seat}
    if not hidden:
        return
    # new values, not changes in place: the observation shares its fields with the game
    s.secret = {q: rng.choice(start_choices(s, q)) if q in hidden else c for q, c in s.secret.items()}
    # each hidden writer's latest start action is his secret (the earlier ones were revealed)
    history = s.history = Log(s.history)
    for i in range(len(history) - 1, -1, -1):
        a = history[i]
        if a["type"] == "start" and a.get("player") in hidden:
            history[i] = {"type": "start", "player": a["player"]}
            hidden.discard(a["player"])
            if not hidden:
                break


def set_first(s, k: int) -> None:
    """Seat ``k`` starts: secret start choice, or straight into the build phase."""
    s.first = k
    n = s.num_players
    s.say(N_("{player} plays first"), f"{who(s.players[k], 'play')} first", player=s.players[k])
    if s.rules.secret_start():
        s.go("secret_start")
        s.secret_queue = [(k + i) % n for i in range(n)]
    else:
        build.begin_build(s)


def start_choices(s, p: int) -> list:
    """City indices player ``p`` may start from now."""
    taken = s.taken if s.rules.unique_starts() else ()
    return [c for c in s.tables.allowed_starts if c not in taken]


def check_start(s, p: int, action: dict) -> int:
    """The city index of a start action, or IllegalAction."""
    ref = action.get("city")
    try:
        c = s.board.city_index(ref)
    except ValueError as exc:
        raise IllegalAction("start.city", str(exc)) from None
    choices = start_choices(s, p)
    if c not in choices:
        name = s.board.cities[c].name
        if c in s.taken and s.rules.unique_starts():
            raise IllegalAction("start.unique", f"{name} is already another player's start city "
                                                f"(unique start cities, docs/rules.md, Options)")
        allowed = ", ".join(s.board.cities[i].name for i in choices)
        raise IllegalAction("start.allowed", f"{name} is not a start city of this map (allowed: {allowed})")
    return c


def set_start(s, p: int, c: int) -> None:
    h = s.board.cities[c].hex
    s.start_city[p] = c
    s.starts[p] = h
    s.net.add_node(p, h)
    track_changed(s, (h,), (p,))
    if None not in s.starts:
        _narrow_must_connect(s)


def _narrow_must_connect(s) -> None:
    """Once every player has a start city, the building waits only for the cities their pieces
    can reach (a part of the map where nobody started is left alone)."""
    must = s.tables.must_connect_from(s.starts)
    if must == s.must_connect:
        return
    s.must_connect = must
    s.unconnected = len(must - s.reached)
    if s.unconnected <= 1 and s.second_last_turn is None:
        s.second_last_turn = s.turn_index - 1


def _reveal_starts(s) -> None:
    chosen = dict(s.secret)
    s.secret = {}
    if s.rules.unique_starts():
        count: dict = {}
        for c in chosen.values():
            count[c] = count.get(c, 0) + 1
        again = [p for p in chosen if count[chosen[p]] > 1]
        for p, c in chosen.items():
            if count[c] == 1:
                set_start(s, p, c)
                s.taken.add(c)
        if again:
            n = s.num_players
            s.secret_queue = sorted(again, key=lambda q: (q - s.first) % n)
            s.say(N_("the same city was chosen twice: {players} choose again"),
                  players=", ".join(s.players[q] for q in s.secret_queue))
            return
    else:
        for p, c in chosen.items():
            set_start(s, p, c)
    s.say(N_("start cities: {starts}"), starts=", ".join(f"{s.players[p]} {s.board.cities[s.start_city[p]].name}"
                                                         for p in range(s.num_players) if s.start_city[p] is not None))
    build.begin_build(s)
