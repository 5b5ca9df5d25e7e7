"""Bots are given their seat's observation, never the whole state (issue 36).

An observation (:meth:`State.observation`) is a state of its own in which every secret of the
other seats -- TransAmerica's hands, deck and top card, Expres's start cities written in secret
-- is a sample, the history names none of them and the seed of the dice is left out. What the
tests show: a bot that tries to read another seat's cards finds the same thing whatever those
cards are (so nothing of them); the observation of a seat is a function of what that seat may
know alone (observing an observation changes nothing); it shows the seat everything its own
view shows, with the same legal actions; every driver asks a bot through it; and the bots,
which never read a secret, play as before.
"""

from __future__ import annotations

import random

import pytest

from mapkit.engine import new_game
from mapkit.engine.bots import Bot, GreedyBot, make_bot
from mapkit.engine.games.transamerica.bots.greedy import GreedyBot as CardGreedy
from mapkit.engine.games.transamerica.cards import board_cards
from mapkit.engine.simulate import play_game, roll
from mapkit.engine.state import ListingView
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map, Rules
from tests.engine.scenarios import board_of

COLOURS = ("red", "orange", "yellow", "green", "blue")


def card_board():
    """7 x 5 hexes, every one a card city: row k holds colour k's seven cities (r0 .. r6 ...);
    the first two of each colour are the cards removed with 2-3 players."""
    block = {c: {"cities": [f"{c[0]}{i}" for i in range(7)], "removed": [f"{c[0]}0", f"{c[0]}1"]}
             for c in COLOURS}
    return board_of(Map(Grid("pointy", "odd", 7, 5), rules=Rules(extra={"city_cards": block}),
                        cities=[City(f"{c[0]}{i}", (i, k)) for k, c in enumerate(COLOURS) for i in range(7)]))


BOARD = card_board()
# Four hands: seat 0 holds the 2s, seat 1 the 3s, seat 2 the 4s, seat 3 the 5s; the deck keeps
# the 0s, 1s and 6s.
HANDS = {p: [f"{c[0]}{p + 2}" for c in COLOURS] for p in range(4)}


def dealt(hands: dict, **options):
    """A four-player TransAmerica game with ``hands`` dealt (seat 0 starts)."""
    g = new_game(BOARD, "transamerica", ["Ann", "Bob", "Cyd", "Dan"], {"first_player": 0, **options})
    left = {p: list(h) for p, h in hands.items()}
    while g.step == "deal":
        p, c = g.queue[0]
        g.apply({"type": "deal", "city": next(x for x in left[p] if x[0] == COLOURS[c][0])})
        left[p] = [x for x in left[p] if x[0] != COLOURS[c][0]]
    return g


def other_hands():
    """The same deal except where seat 0 cannot see: Bob and Cyd swap their red cards, Dan's blue
    card is one of the deck's."""
    hands = {p: list(h) for p, h in HANDS.items()}
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    hands[3][4] = "b6"
    return hands


class Spy(Bot):
    """A bot that reads every other seat's cards from what it is given, then plays as the
    greedy TransAmerica bot."""

    name = "spy"

    def __init__(self, seed=0):
        super().__init__(seed)
        self.seen: list = []

    def act(self, state):
        me = state.current_player()
        self.seen.append({
            "hands": [state.hand(q) for q in range(state.num_players) if q != me],
            "deck": sorted(state.deck), "top": state.top, "passing": dict(state.passing),
            "told": [a for a in state.history if a.get("player") != me and "city" in a],
            "seed": (state.seed, state.game.seed)})
        return CardGreedy(self.seed).act(state)


def test_a_bot_cannot_read_another_seats_cards():
    a, b = dealt(HANDS), dealt(other_hands())
    assert a.hands != b.hands
    spy_a, spy_b = Spy(3), Spy(3)
    first = spy_a.decide(a)
    assert first == spy_b.decide(b)                     # the start marker
    for g in (a, b):                                    # the others place theirs alike
        g.apply(first)
        for at in ("C2", "D3", "E4"):
            g.apply({"type": "start", "at": at})
        assert g.step == "build" and g.current_player() == 0
    assert spy_a.decide(a) == spy_b.decide(b)           # the first pieces
    # what it found of the others' cards is the same in both games: nothing of them
    assert spy_a.seen == spy_b.seen
    for seen in spy_a.seen:
        assert seen["told"] == [] and seen["seed"] == (None, None) and len(seen["deck"]) == 15
    # ... so not the real cards: the same sample cannot be the truth of both games
    truth_a, truth_b = [a.hand(q) for q in (1, 2, 3)], [b.hand(q) for q in (1, 2, 3)]
    assert truth_a != truth_b
    assert spy_a.seen[0]["hands"] != truth_a or spy_b.seen[0]["hands"] != truth_b
    # the whole observations agree, the seat's own hand is its own, the game is untouched
    before = a.snapshot()
    oa, ob = a.observation(0, random.Random(7)), b.observation(0, random.Random(7))
    assert oa.snapshot() == ob.snapshot() and oa.hand(0) == HANDS[0] and a.snapshot() == before
    assert a.seed == 0 and a.game.seed == 0


def test_a_sample_keeps_what_is_public():
    g = dealt(HANDS)
    seen = g.observation(2, random.Random(1))
    assert seen.hand(2) == HANDS[2]
    for q in (0, 1, 3):         # five cards, one of each colour, none of Cyd's
        assert [c[0] for c in seen.hand(q)] == [c[0] for c in COLOURS]
    unseen = {c.name for c in board_cards(BOARD)} - set(HANDS[2])
    assert {c for q in (0, 1, 3) for c in seen.hand(q)} | {seen.card_name(k) for k in seen.deck} == unseen
    assert seen.history[:5] == [{"type": "deal", "player": 0, "colour": c} for c in COLOURS]
    assert seen.history[10] == g.history[10]            # Cyd's own first card
    # a spectator sees no hand; under open hand every seat sees every hand
    assert all(h != HANDS[q] for q, h in enumerate(g.observation(None, random.Random(1)).hands))
    shown = dealt(HANDS, open_hand=True).observation(1, random.Random(1))
    assert [shown.hand(q) for q in range(4)] == [HANDS[q] for q in range(4)]


def test_a_secret_start_city_is_hidden_until_revealed():
    def written(first_city):
        m = Map(Grid("pointy", "odd", 12, 2), cities=[
            City("Boston", H("A1"), (11,)), City("Dallas", H("L1"), (12,)), City("Chicago", H("F1"), (13,)),
            City("Denver", H("L2"), (14,))])
        g = new_game(board_of(m), "expres", ["Anna", "Bert", "Cecil"], {"first_player": 0})
        g.apply({"type": "start", "city": first_city})
        return g

    a, b = written("Boston"), written("Chicago")
    before = a.snapshot()
    oa, ob = a.observation(1, random.Random(2)), b.observation(1, random.Random(2))
    assert oa.snapshot() == ob.snapshot() and a.snapshot() == before
    assert oa.history[-1] == {"type": "start", "player": 0} and set(oa.secret) == {0}
    assert a.observation(0).secret == {0: a.board.city_index("Boston")}      # his own pick he knows
    assert GreedyBot(4).decide(a) == GreedyBot(4).decide(b)
    for g in (a, b):
        g.apply({"type": "start", "city": "Dallas"})
        g.apply({"type": "start", "city": "Denver"})
    # revealed: public, in the state and the history
    seen = a.observation(1)
    assert seen.start_city == a.start_city and seen.history == a.history


VARIANTS = [
    ("transamerica", {}),
    ("transamerica", {"quarantine": True}),
    ("transamerica", {"card_passing": "one_colour"}),
    ("transamerica", {"card_passing": "all_at_once"}),
    ("transamerica", {"mission": "two"}),
    ("transamerica-mega", {}),
    ("expres", {"unique_starts": True, "races": 2}),
]


@pytest.mark.parametrize(("preset", "options"), VARIANTS, ids=lambda v: str(v))
def test_an_observation_is_what_the_seat_may_know(preset, options):
    """At every decision of a game: the seat's observation shows it its whole view and the same
    legal actions; observing a sample of it gives the same observation (it depends on what the
    seat may know alone); and the greedy bot, which reads no secret, decides as it did when it
    was given the whole state."""
    board = BOARD if preset.startswith("transamerica") else _expres_board()
    g = new_game(board, preset, ["A", "B", "C", "D"], options, seed=5)
    bot = make_bot("greedy", 5, preset=preset)
    while not g.is_terminal() and len(g.history) < 400:
        if g.is_chance_node():
            g.apply(roll(g, 5))
            continue
        p = g.current_player()
        seen = g.observation(p, random.Random(1))
        assert _view(seen, p) == _view(g, p) and seen.legal_actions() == g.legal_actions()
        other = g.observation(p, random.Random(2)).observation(p, random.Random(1))
        assert other.snapshot() == seen.snapshot()
        a = bot.decide(g)
        assert a == bot.act(g)
        g.apply(a)
    assert g.is_terminal()


def _expres_board():
    from mapkit.engine import load_engine_map
    from tests.support import MAPS

    return load_engine_map(MAPS / "example.yaml")


def _view(g, seat):
    v = g.view(seat)
    v.get("turn", {}).pop("elapsed", None)      # a clock, read at the call
    return v


def test_the_drivers_give_bots_observations():
    class Careful(Bot):
        name = "careful"

        def act(self, state):
            assert state.seed is None and state.game.seed is None
            return CardGreedy(self.seed).act(state)

    g = play_game(BOARD, "transamerica", [Careful(1) for _ in range(4)], seed=2, max_actions=150)
    assert len(g.history) > 40


def test_an_observation_is_copied_when_it_changes():
    """An observation shares the game's data until it is changed (copy-on-write): a bot may
    play on in it without touching the game."""
    g = dealt(HANDS)
    g.apply({"type": "start", "at": "C2"})
    before, history = g.snapshot(), list(g.history)
    seen = g.observation(1, random.Random(3))
    for _ in range(8):
        seen.apply(seen.legal_actions()[0] if not seen.is_chance_node() else seen.chance_outcomes()[0][0])
    assert g.snapshot() == before and g.history == history and len(seen.history) == len(history) + 8


# -- a bot that reads only the listing, where nothing is hidden ----------------------------
def test_what_a_family_hides_and_when():
    # Paluba: nothing, ever; Expres: another seat's start city written in secret until all are
    # revealed (the writer's own is no secret to him); TransAmerica: the other hands, always.
    paluba = new_game(_expres_board(), "paluba", ["A", "B", "C"], {"first_player": 0}, seed=1)
    assert not any(paluba.hides(s) for s in (0, 1, 2, None))
    g = new_game(_expres_board(), "expres", ["A", "B", "C"], {"first_player": 0}, seed=1)
    while g.step != "secret_start":
        g.apply(g.sample_chance(random.Random(0)) if g.is_chance_node() else g.legal_actions()[0])
    assert not any(g.hides(s) for s in (0, 1, 2, None))        # nobody has written yet
    g.apply(g.legal_actions()[0])                               # A writes his city
    assert [g.hides(s) for s in (0, 1, 2, None)] == [False, True, True, True]
    g.apply(g.legal_actions()[0])
    assert g.hides(0) and g.hides(1)
    g.apply(g.legal_actions()[0])                               # the last writes: all revealed
    assert g.step != "secret_start" and not any(g.hides(s) for s in (0, 1, 2, None))
    assert all(dealt(HANDS).hides(s) for s in (0, 1, None))


class Reader(Bot):
    """A random bot that reads the state: it is always given the observation."""

    name = "random"

    def act(self, state):
        assert state.seed is None
        return self.rng(state).choice(state.legal_actions())


@pytest.mark.parametrize("preset", ["paluba", "expres", "transamerica"])
def test_the_random_bot_decides_from_the_listing_as_from_the_observation(preset):
    """Given a ListingView where nothing is hidden (Paluba; Expres but while start cities are
    written in secret), the observation otherwise, the random bot chooses what a bot that
    reads its observation chooses with the same seed, decision by decision; the view lets it
    read the listing and the position, and nothing else."""
    board = BOARD if preset == "transamerica" else _expres_board()
    g = new_game(board, preset, ["A", "B", "C"], {"round_limit": 1} if preset == "transamerica" else {}, seed=3)
    bot, reader = make_bot("random", 4), Reader(4)
    views = 0

    class Spy(type(bot)):
        def act(self, state):
            nonlocal views
            if isinstance(state, ListingView):
                views += 1
                assert not hasattr(state, "apply") and not hasattr(state, "seed") and not hasattr(state, "step")
                with pytest.raises(AttributeError):
                    state.history.append({"type": "pass"})
            return super().act(state)

    spy = Spy(4)
    while not g.is_terminal() and len(g.history) < 300:
        if g.is_chance_node():
            g.apply(roll(g, 3))
            continue
        a = spy.decide(g)
        assert a == reader.decide(g) == bot.decide(g)
        g.apply(a)
    assert views > 0 if preset != "transamerica" else views == 0
