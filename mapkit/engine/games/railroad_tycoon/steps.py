"""The chance draws, the auction and the round's flow of a Railroad Tycoon game.

=========  =========  =====================================================================
step       part       what happens
=========  =========  =====================================================================
``draw``   any        chance: goods from the bag, task cards, action cards (one a draw)
``opener`` setup      chance: who opens the first round's auction
``auction`` auction   bids and passes for first player (:class:`AuctionStep`)
``act``    actions    three actions each, one at a time (:mod:`.turns`)
``choose`` actions    a card's choice: where the two goods go, which city is founded
``over``   over       the end
=========  =========  =====================================================================

The auction (the seed): last round's first player opens (round 1: drawn); in turn each
raises the bid (at least 1000, in steps of 1000, up to his money) or passes and is out; the
last one left becomes first player and pays his bid (nothing if nobody bid). Income: the VP
field's income minus 1000 a share; a player who cannot pay issues the fewest shares that
cover it (shares issued so do not cost in that round). Then the action cards are refilled to
2 x players and the unfinished links removed; the game ends after the round in which the
empty cities reached the number of the seed (at most the cities that had goods at set-up).
"""

from __future__ import annotations

from ....i18n import N_
from ....i18n.said import said
from ...chance import Chance, Draw, Seat
from ...errors import IllegalAction
from ...steps import Step
from . import goals, track
from .cards import CARDS

__all__ = ["Bag", "STEPS", "begin_setup", "run_draws", "begin_round", "issue", "issue_shares"]

RULES = "docs/rules.md, Railroad Tycoon"


class Bag(Chance):
    """One cube drawn from the bag: each cube equally likely (so a colour by its count)."""

    __slots__ = ("kind", "fixed", "counts")

    def __init__(self, fixed: dict, counts: dict):
        self.kind = "goods"
        self.fixed = fixed
        self.counts = {c: k for c, k in counts.items() if k > 0}

    def __repr__(self):
        return f"Bag({self.fixed}, {self.counts})"

    def _action(self, colour) -> dict:
        return {"type": "goods", **self.fixed, "colour": colour}

    def outcomes(self, n_players: int) -> list:
        total = sum(self.counts.values())
        return [(self._action(c), k / total) for c, k in sorted(self.counts.items())]

    def sample(self, rng, n_players: int) -> dict:
        x = rng.randrange(sum(self.counts.values()))
        for c, k in sorted(self.counts.items()):
            if x < k:
                return self._action(c)
            x -= k
        raise AssertionError("empty bag")

    def normalize(self, action: dict, players) -> dict:
        self._kind_ok(action)
        # the draw says where the cube goes (as a roll says whose it is): a record naming
        # another city, or one for a loose cube, is not this draw's outcome
        if "city" in action and action["city"] != self.fixed.get("city"):
            where = f"for {self.fixed['city']}" if "city" in self.fixed else "loose"
            raise IllegalAction("chance.city", f"this cube is drawn {where}, not for {action['city']!r}")
        colour = action.get("colour")
        if colour not in self.counts:
            raise IllegalAction("chance.goods", f"the bag holds {', '.join(sorted(self.counts))}, not {colour!r}")
        return self._action(colour)


def begin_setup(s) -> None:
    """The set-up draws: every city's goods, a task card each, 2 x players action cards."""
    rt = s.rt
    for i, k in enumerate(rt.goods):
        s.draws += [{"kind": "goods", "city": i}] * k
    s.draws += [{"kind": "task", "player": p} for p in range(s.num_players)]
    s.draws += [{"kind": "card"}] * (s.rules.CARDS_PER_PLAYER * s.num_players)
    s.after = "opener"
    run_draws(s)


def _chance_of(s, d: dict):
    kind = d["kind"]
    if kind in ("goods", "loose"):
        if not any(s.bag.values()):
            return None
        fixed = {"city": s.city_name(d["city"])} if kind == "goods" else {}
        return Bag(fixed, s.bag)
    if kind == "task":
        return Draw("task", d["player"], "card", s.tasks_left) if s.tasks_left else None
    return Draw("card", None, "card", s.deck) if s.deck else None


def run_draws(s) -> None:
    """Go to the next draw due, or (none left) on to what follows them."""
    while s.draws and _chance_of(s, s.draws[0]) is None:
        s.draws = s.draws[1:]
    if s.draws:
        s.go("draw")
        return
    after, s.after = s.after, ""
    CONTINUE[after](s)


def add_goods(s, city: int, colours) -> None:
    s.goods[city] = sorted(s.goods[city] + list(colours))
    if s.goods[city]:
        s.empty = s.empty - {city}


class DrawStep(Step):
    name = "draw"
    label = N_("drawing")
    phase = "play"
    stage = "draw"

    def chance(self, s):
        return _chance_of(s, s.draws[0])

    def on_chance(self, s, action):
        d, s.draws = s.draws[0], s.draws[1:]
        if action["type"] == "goods":
            colour = action["colour"]
            s.bag = {**s.bag, colour: s.bag[colour] - 1}
            if d["kind"] == "goods":
                add_goods(s, d["city"], [colour])
            else:
                s.loose = s.loose + [colour]
        elif action["type"] == "task":
            s.task[d["player"]] = action["card"]
            s.tasks_left = [t for t in s.tasks_left if t != action["card"]]
        else:
            s.deck = [c for c in s.deck if c != action["card"]]
            s.say(N_("action card laid out: {card}"), card=CARDS[action["card"]].title)
            goals.lay_out(s, action["card"])
        run_draws(s)


class OpenerStep(Step):
    name = "opener"
    label = N_("who opens")
    phase = "setup"
    stage = "opener"

    def chance(self, s):
        return Seat("opener")

    def on_chance(self, s, action):
        s.opener = action["player"]
        begin_round(s)


def _to_opener(s) -> None:
    s.part = "setup"
    if s.options.opener is not None:
        s.opener = s.options.opener
        begin_round(s)
    else:
        s.go("opener")


def begin_round(s) -> None:
    s.round_no += 1
    s.part = "auction"
    s.engineered = set()
    n = s.num_players
    s.auction = {"active": [(s.opener + i) % n for i in range(n)], "turn": 0, "bid": 0, "leader": None}
    s.say(N_("round {round}: {player} opens the auction"), round=s.round_no, player=s.players[s.opener])
    s.go("auction")


def issue(s, p: int, action: dict):
    """Shares issued by ``p`` (a plan; at any time of his turn, takes no action)."""
    k = action.get("count", 1)
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 20:
        raise IllegalAction("issue.count", "'count' must be 1..20 shares")

    def go():
        issue_shares(s, p, k, said(N_("issued")))
    return {"type": "issue", "player": p, "count": k}, go


def issue_shares(s, p: int, k: int, why: str) -> None:
    s.shares[p] += k
    s.ledger.pay(-1, p, s.rules.SHARE * k, said(N_("shares")))
    s.say(N_("{player} issues 1 share ({why})") if k == 1 else N_("{player} issues {n} shares ({why})"),
          player=s.players[p], n=k, why=why)


class AuctionStep(Step):
    """The auction for first player (see the module notes)."""

    name = "auction"
    label = N_("auction")
    phase = "play"
    stage = "auction"

    def decider(self, s):
        a = s.auction
        return a["active"][a["turn"]]

    def legal_actions(self, s, p):
        low = max(s.rules.OPENING_BID, s.auction["bid"] + s.rules.BID_STEP)
        bids = [{"type": "bid", "player": p, "amount": x} for x in range(low, s.money[p] + 1, s.rules.BID_STEP)]
        return [{"type": "pass", "player": p}] + bids[:20] + [{"type": "issue", "player": p, "count": 1}]

    def act_issue(self, s, p, action):
        return issue(s, p, action)

    def act_bid(self, s, p, action):
        x = action.get("amount")
        low = max(s.rules.OPENING_BID, s.auction["bid"] + s.rules.BID_STEP)
        if not isinstance(x, int) or isinstance(x, bool) or x < low or x % s.rules.BID_STEP:
            raise IllegalAction("bid.amount", f"a bid is at least {low}, in steps of {s.rules.BID_STEP} ({RULES})")
        if x > s.money[p]:
            raise IllegalAction("bid.money", f"{s.players[p]} has {s.money[p]} (issue shares first, {RULES})")

        def go():
            a = s.auction
            s.auction = {**a, "bid": x, "leader": p, "turn": (a["turn"] + 1) % len(a["active"])}
            s.say(N_("{player} bids {n}"), player=s.players[p], n=x)
            _auction_over(s)
        return {"type": "bid", "player": p, "amount": x}, go

    def act_pass(self, s, p, action):
        def go():
            a = s.auction
            active = [q for q in a["active"] if q != p]
            s.auction = {**a, "active": active, "turn": a["turn"] % len(active)}
            s.say(N_("{player} passes"), player=s.players[p])
            _auction_over(s)
        return {"type": "pass", "player": p}, go


def _auction_over(s) -> None:
    a = s.auction
    if len(a["active"]) > 1:
        return
    p = a["active"][0]
    price = a["bid"] if a["leader"] == p else 0
    if price:
        s.ledger.pay(p, -1, price, said(N_("auction")))
        s.say(N_("{player} is first player for {n}"), player=s.players[p], n=price)
    else:
        s.say(N_("{player} is first player"), player=s.players[p])
    s.first = p
    n = s.num_players
    s.order = [(p + i) % n for i in range(n)]
    s.action_no, s.turn, s.extra = 0, 0, 0
    s.part = "actions"
    s.go("act")


def income(s) -> None:
    """The income phase, then the refill of the action cards (chance draws)."""
    s.part = "income"
    r = s.rules
    for p in range(s.num_players):
        amount = r.income(s.vp.accounts[p]) - r.SHARE_COST * s.shares[p]
        if amount >= 0:
            s.ledger.pay(-1, p, amount, said(N_("income")))
            continue
        short = -amount - s.money[p]
        if short > 0:
            issue_shares(s, p, -(-short // r.SHARE), said(N_("to pay the round's costs")))
        s.ledger.pay(p, -1, -amount, said(N_("income")))
    laid = sum(1 for c in s.display if CARDS[c].kind != "s")
    s.draws = s.draws + [{"kind": "card"}] * max(0, r.CARDS_PER_PLAYER * s.num_players - laid)
    s.after = "round_end"
    run_draws(s)


def _round_end(s) -> None:
    gone = track.remove_unfinished(s)
    if gone:
        s.say(N_("1 unfinished link removed") if len(gone) == 1 else N_("{n} unfinished links removed"), n=len(gone))
    s.rounds.append({"round": s.round_no, "first": s.first, "empty": len(s.empty), "vp": list(s.vp.accounts)})
    limit = s.rules.round_limit()
    if s.ending:
        _game_over(s, said(N_("{n} cities empty"), n=len(s.empty)))
    elif limit is not None and s.round_no >= limit:
        _game_over(s, said(N_("round limit {limit}"), limit=limit))
    else:
        s.opener = s.first
        begin_round(s)


def _game_over(s, reason: str) -> None:
    s.final = goals.final_scores(s)
    s.winners_ = goals.rank(s)
    s.end_reason = reason
    s.part = "over"
    s.say(N_("game over ({reason}); winner: {players}"), reason=reason,
          players=", ".join(s.players[p] for p in s.winners_))
    s.go("over")


def empty_to_end(s) -> int:
    """Empty cities that end the game: the seed's number, at most the cities with goods at set-up."""
    have = sum(1 for k in s.rt.goods if k > 0)
    return max(1, min(s.rules.empty_cities_to_end(s.num_players), have))


class OverStep(Step):
    name = "over"
    label = N_("game over")
    phase = "over"
    stage = "over"
    terminal = True


def _end_action(s) -> None:
    from .turns import end_action

    end_action(s)


def _place(s) -> None:
    s.pending = {"kind": "place", "player": s.order[s.turn]}
    s.go("choose")


CONTINUE = {"opener": _to_opener, "end_action": _end_action, "place": _place, "round_end": _round_end,
            "income": income}


def _steps():
    from .turns import ActStep, ChooseStep

    return {step.name: step for step in (DrawStep(), OpenerStep(), AuctionStep(), ActStep(), ChooseStep(),
                                         OverStep())}


STEPS = _steps()
