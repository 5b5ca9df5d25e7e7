"""The set-up of a TransAmerica round (docs/rules.md, TransAmerica): who starts, maturita's variant, Super
Changers, nuclear closures, the one-colour draw, the deal, card passing and broken bridges.

A round's set-up steps are planned when it begins (and again after maturita's choice) from the
variants in force: ``variant`` -> ``changer`` -> ``close`` -> ``colour`` -> ``deal`` -> ``pass``
or ``pass_all`` -> ``block`` -> ``place`` -> ``build`` (Mission TA: ``place`` -> ``deal`` ->
``top`` -> ``build``). Decisions on points the seed leaves open (``docs/engine.md``): the
start player of the round is the "youngest" who passes first; nuclear closures and the
one-colour card are drawn from the round's deck (a closed city is dealt to nobody; the
one-colour card goes back); a Super Changer, once bought, is kept for the rest of the game.
"""

from __future__ import annotations

from ....chance import Draw, Seat
from ....errors import IllegalAction
from ....ledger import BANK
from ....network import SharedTrack
from ....steps import Step
from ..cards import board_cards
from ..rules import MATURITA_CHOICES
from .....i18n import N_
from .....i18n.said import said
from .....wording import who

__all__ = ["InTurn", "DeckDraw", "OrderStep", "VariantStep", "ChangerStep", "CloseStep", "ColourStep", "DealStep",
           "PassStep",
           "PassAllStep", "BlockStep", "set_first", "begin_round", "next_stage", "block_choices"]

RULES = "docs/rules.md, TransAmerica"


class OrderStep(Step):
    """Who starts the game: every seat equally likely."""

    name = "order"
    label = N_("who starts")
    phase = "setup"
    stage = "order"

    def chance(self, s):
        return Seat("first")

    def on_chance(self, s, action):
        set_first(s, action["player"])


def set_first(s, k: int) -> None:
    s.first = k
    s.say(N_("{player} plays first"), f"{who(s.players[k], 'play')} first", player=s.players[k])
    begin_round(s)


def begin_round(s) -> None:
    """A new round: the start player card moves clockwise, the board is cleared, the cards
    are shuffled (the deck is the game's cards; each deal is a chance action)."""
    rules = s.rules
    s.round_no += 1
    s.round_first = s.first if s.round_no == 1 else s.next_seat(s.round_first)
    n = s.num_players
    s.deck = list(s.tables.in_play)
    s.hands = [[] for _ in range(n)]
    s.closed, s.colour, s.drawn, s.passing = [], None, None, {}
    s.blocked, s.opened = set(), set()
    s.net = SharedTrack(s.board)
    s.used, s.ending, s.idle = 0, [], 0
    s.turn_player, s.turn_singles, s.turn_double = None, 0, False
    s.choice = None
    s.variants = rules.round_variants()
    first = s.players[s.round_first]
    s.say(N_("round {round}: {player} has the start player card"),
          f"round {s.round_no}: {who(first, 'have', 'has')} the start player card", round=s.round_no, player=first)
    if rules.mission():
        s.stages = (["changer"] if s.has("super_changer") else []) + ["place", "deal", "top", "build"]
    elif rules.maturita():
        s.stages = ["variant"]
    else:
        s.stages = plan(s)
    next_stage(s)


def plan(s) -> list:
    """The set-up steps of a round by the variants in force."""
    v = s.variants
    out = ["changer"] if "super_changer" in v else []
    out += ["close"] if "nuclear" in v else []
    out += ["colour"] if "one_colour" in v else []
    out.append("deal")
    if "card_passing_1" in v:
        out.append("pass")
    elif "card_passing_2" in v:
        out.append("pass_all")
    out += ["block"] if "broken_bridge" in v else []
    return out + ["place", "build"]


def next_stage(s) -> None:
    """Go to the next set-up step that has something to do (the last is ``build``)."""
    from . import turns

    while s.stages:
        stage = s.stages.pop(0)
        order = s.in_turn_from(s.round_first)
        if stage == "changer":
            s.queue = [p for p in order if p not in s.changer]
        elif stage == "deal":
            cols = range(len(s.tables.colours))
            s.queue = [(p, None) for p in order] if s.rules.mission() else [(p, c) for p in order for c in cols]
        elif stage in ("pass", "pass_all", "block"):
            s.queue = list(order)
        elif stage == "place":
            s.queue = turns.start_place(s, order)
        elif stage == "build":
            turns.begin_turns(s)
            return
        else:
            s.queue = []
        if stage in ("changer", "place", "pass", "pass_all", "block", "deal") and not s.queue:
            continue
        s.go(stage)
        if stage == "deal":
            DealStep.skip_empty(s)
        elif stage == "block":
            BlockStep.skip_stuck(s)
        return


class InTurn(Step):
    """A step where the players of ``state.queue`` decide one after another."""

    phase = "setup"

    def decider(self, s):
        return s.queue[0]


class VariantStep(Step):
    """Maturita: the start player picks this round's variant (or ``standard``)."""

    name = "variant"
    label = N_("choosing the round's variant")
    phase = "setup"
    stage = "variant"

    def decider(self, s):
        return s.round_first

    def legal_actions(self, s, p):
        return [{"type": "variant", "player": p, "variant": v} for v in MATURITA_CHOICES if _variant_ok(s, v) is None]

    def act_variant(self, s, p, action):
        v = action.get("variant")
        if v not in MATURITA_CHOICES:
            raise IllegalAction("variant.name", f"'variant' must be one of {', '.join(MATURITA_CHOICES)}, not {v!r}")
        why = _variant_ok(s, v)
        if why:
            raise IllegalAction("variant.players", why)

        def go():
            s.choice = v
            if v != "standard":
                s.variants = s.variants | {v}
            s.say(N_("{player} chooses the variant of round {round}: {variant}"),
                  f"{who(s.players[p], 'choose')} the variant of round {s.round_no}: {v}",
                  player=s.players[p], round=s.round_no, variant=v)
            s.stages = plan(s)
            next_stage(s)
        return {"type": "variant", "player": p, "variant": v}, go


def _variant_ok(s, v: str):
    n = len(s.active())
    if v == "restricted_connection" and n % 2 == 0:
        return f"restricted connection is for an odd number of players, not {n} ({RULES})"
    if v == "unique_region_start" and n > len(s.tables.colours):
        return f"{n} players cannot start in {len(s.tables.colours)} different colour regions ({RULES})"
    return None


class ChangerStep(InTurn):
    """Super Changer: each player without one may buy it for 3 points before the deal."""

    name = "changer"
    label = N_("Super Changer")
    stage = "changer"

    def legal_actions(self, s, p):
        out = [{"type": "changer", "player": p, "buy": False}]
        if _changer_refusal(s, p) is None:
            out.append({"type": "changer", "player": p, "buy": True})
        return out

    def act_changer(self, s, p, action):
        buy = action.get("buy")
        if not isinstance(buy, bool):
            raise IllegalAction("changer.buy", f"'buy' must be true or false, not {buy!r}")
        if buy:
            why = _changer_refusal(s, p)
            if why:
                raise IllegalAction("changer.barrier", why)

        def go():
            s.queue.pop(0)
            if buy:
                price = s.rules.CHANGER_PRICE
                s.score.pay(p, BANK, price, said(N_("Super Changer")))
                s.changer.add(p)
                s.say(N_("{player} buys a Super Changer for {n} points"),
                      f"{who(s.players[p], 'buy')} a Super Changer for {price} points", player=s.players[p], n=price)
            if not s.queue:
                next_stage(s)
        return {"type": "changer", "player": p, "buy": buy}, go


def _changer_refusal(s, p):
    after = s.scores[p] - s.rules.CHANGER_PRICE
    if s.rules.passed(after, s.barrier):
        return (f"a Super Changer costs {s.rules.CHANGER_PRICE} points and would take {s.players[p]}'s "
                f"locomotive past the barrier ({RULES})")
    return None


def _deck_of_colour(s, c: int) -> list:
    colour = s.tables.card_colour
    return [k for k in s.deck if colour[k] == c]


class DeckDraw(Step):
    """A chance step that draws a city card from the round's deck (``cards``: which may come);
    ``drawn(state, card)`` carries it out."""

    phase = "setup"

    def cards(self, s) -> list:
        return s.deck

    def chance(self, s):
        return Draw(self.name, None, "city", [s.card_name(k) for k in self.cards(s)])

    def on_chance(self, s, action):
        self.drawn(s, s.card_of(action["city"]))

    def drawn(self, s, k: int) -> None:
        raise NotImplementedError


class CloseStep(DeckDraw):
    """Nuclear TA: one city of each colour is closed for the round (drawn from the deck)."""

    name = "close"
    label = N_("closing cities")
    stage = "close"

    def cards(self, s) -> list:
        return _deck_of_colour(s, len(s.closed))

    def drawn(self, s, k: int) -> None:
        s.deck.remove(k)
        s.closed.append(k)
        s.say(N_("{city} is closed this round (nuclear TA)"), city=s.card_name(k))
        if len(s.closed) >= len(s.tables.colours):
            next_stage(s)


class ColourStep(DeckDraw):
    """One colour: a card drawn from the deck names the colour region of every start marker."""

    name = "colour"
    label = N_("drawing a colour")
    stage = "colour"

    def drawn(self, s, k: int) -> None:
        s.drawn = k
        s.colour = s.tables.card_colour[k]
        s.say(N_("{city} is drawn: every start marker stands in the {colour} region"), city=s.card_name(k),
              colour=said(s.tables.colours[s.colour]))
        next_stage(s)


class DealStep(Step):
    """The deal: each player one card of each colour, in turn (Mission TA: one card each)."""

    name = "deal"
    label = N_("dealing cards")
    phase = "setup"
    stage = "deal"

    def chance(self, s):
        p, c = s.queue[0]
        cards = s.deck if c is None else _deck_of_colour(s, c)
        return Draw("deal", p, "city", [s.card_name(k) for k in cards])

    def on_chance(self, s, action):
        p, _ = s.queue.pop(0)
        k = s.card_of(action["city"])
        s.deck.remove(k)
        s.hands[p].append(k)
        self.skip_empty(s)

    @staticmethod
    def skip_empty(s) -> None:
        """Deals of a colour with no card left are skipped (only with more players than cards)."""
        while s.queue and s.queue[0][1] is not None and not _deck_of_colour(s, s.queue[0][1]):
            s.queue.pop(0)
        if not s.queue and s.step == "deal":
            next_stage(s)


class PassStep(InTurn):
    """Card passing I: the start player passes any card to his left; then each passes on the
    card he got or one of his own of its colour; the start player keeps what reaches him."""

    name = "pass"
    label = N_("passing a card")
    stage = "pass"

    def legal_actions(self, s, p):
        return [{"type": "pass_card", "player": p, "city": s.card_name(k)} for k in _pass_choices(s, p)]

    def act_pass_card(self, s, p, action):
        k = _check_pass(s, p, action)

        def go():
            q = s.next_seat(p)
            s.hands[p].remove(k)
            s.hands[q].append(k)
            s.passing["colour"] = s.tables.card_colour[k]
            s.queue.pop(0)
            colour = s.tables.colours[s.tables.card_colour[k]]
            s.say(N_("{player} passes a {colour} card to {other}"),
                  f"{who(s.players[p], 'pass')} a {colour} card to {s.players[q]}",
                  player=s.players[p], colour=said(colour), other=s.players[q])
            if not s.queue:
                next_stage(s)
        return {"type": "pass_card", "player": p, "city": s.card_name(k)}, go


class PassAllStep(InTurn):
    """Card passing II: every player chooses a card, then all pass them left together."""

    name = "pass_all"
    label = N_("passing cards")
    stage = "pass"

    def legal_actions(self, s, p):
        return [{"type": "pass_card", "player": p, "city": s.card_name(k)} for k in s.hands[p]]

    def act_pass_card(self, s, p, action):
        k = _check_pass(s, p, action)

        def go():
            s.passing.setdefault("chosen", {})[p] = k
            s.queue.pop(0)
            if s.queue:
                return
            for q, card in sorted(s.passing.pop("chosen").items()):
                s.hands[q].remove(card)
                s.hands[s.next_seat(q)].append(card)
            s.say(N_("everybody passes a card to the left"))
            next_stage(s)
        return {"type": "pass_card", "player": p, "city": s.card_name(k)}, go


def _pass_choices(s, p) -> list:
    colour = s.passing.get("colour")
    return [k for k in s.hands[p] if colour is None or s.tables.card_colour[k] == colour]


def _check_pass(s, p, action) -> int:
    k = s.card_of(action.get("city"))
    if k not in s.hands[p]:
        raise IllegalAction("pass.card", f"{s.players[p]} holds no card {s.card_name(k)}")
    if s.step == "pass" and k not in _pass_choices(s, p):
        colour = s.tables.colours[s.passing["colour"]]
        raise IllegalAction("pass.colour", f"the cards passed this round are {colour}: pass the one you got or "
                                           f"your own {colour} card (card passing I, {RULES})")
    return k


class BlockStep(InTurn):
    """Broken bridge: each player blocks one double line for the round; no city may be cut off."""

    name = "block"
    label = N_("breaking a bridge")
    stage = "block"

    def legal_actions(self, s, p):
        return [{"type": "block", "player": p, "edge": s.board.edge_names[e]} for e in block_choices(s)]

    def act_block(self, s, p, action):
        b = s.board
        try:
            x, y = b.parse_edge(action.get("edge"))
        except (ValueError, TypeError) as exc:
            raise IllegalAction("block.edge", f"'edge' must be an edge like 'K7/K8': {exc}") from None
        e = b.edge_between(x, y)
        if e is None or s.tables.size[e] != 2:
            raise IllegalAction("block.double", f"{action.get('edge')} is not a double line (a bridge or tunnel, "
                                                f"{RULES})")
        if e not in block_choices(s):
            raise IllegalAction("block.isolates", f"blocking {b.edge_names[e]} would cut a city off (or it is "
                                                  f"blocked already; broken bridge, {RULES})")

        def go():
            s.blocked.add(e)
            s.queue.pop(0)
            s.say(N_("{player} breaks the bridge {edge}"), f"{who(s.players[p], 'break')} the bridge {b.edge_names[e]}",
                  player=s.players[p], edge=b.edge_names[e])
            self.skip_stuck(s)
            if not s.queue and s.step == "block":
                next_stage(s)
        return {"type": "block", "player": p, "edge": b.edge_names[e]}, go

    @staticmethod
    def skip_stuck(s) -> None:
        """A player with no double line left to break passes (rare on small boards)."""
        if s.queue and not block_choices(s):
            s.queue.clear()
            next_stage(s)


def block_choices(s) -> list:
    """The double lines that may be broken now: free, and not the only way to a card city
    (a bridge of the open board whose two sides both hold card cities in play)."""
    b = s.board
    cards = board_cards(b)
    targets = {cards[k].hex for k in s.tables.in_play}
    cut = _cutting_edges(b, s.blocked, targets)
    return [e for e in s.tables.doubles if e not in s.blocked and e not in cut]


def _cutting_edges(b, blocked, targets) -> set:
    """Edges whose removal would part some ``targets`` from others (bridges of the graph of open
    edges minus ``blocked``, with targets on both sides), by one depth-first search."""
    n = len(b.hex_names)
    order = [0] * n
    low = [0] * n
    below = [0] * n          # targets in the search subtree
    seen = [False] * n
    total = len(targets)
    cut = set()
    counter = 1
    for root in sorted(targets):
        if seen[root]:
            continue
        seen[root] = True
        order[root] = low[root] = counter
        counter += 1
        below[root] = 1 if root in targets else 0
        stack = [(root, -1, iter(b.adj[root]))]
        while stack:
            u, via, it = stack[-1]
            step = next(it, None)
            if step is None:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[u])
                    below[parent] += below[u]
                    if low[u] > order[parent] and 0 < below[u] < total:
                        cut.add(via)
                continue
            v, e = step
            if e in blocked or e == via:
                continue
            if seen[v]:
                low[u] = min(low[u], order[v])
                continue
            seen[v] = True
            order[v] = low[v] = counter
            counter += 1
            below[v] = 1 if v in targets else 0
            stack.append((v, e, iter(b.adj[v])))
    return cut
