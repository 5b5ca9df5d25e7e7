"""The bots by level (issue 38): ``easy``, ``greedy`` and ``strong`` for every family, the
budget of a search as a bot option, the moves a family lists with their figures (what ``hint``
shows), and the generic search over a greedy policy (:mod:`mapkit.engine.bots.search`)."""

from __future__ import annotations

import math

import pytest

from mapkit.engine import new_game
from mapkit.engine.bots import check_bot, make_bot, reproducible
from mapkit.engine.bots.base import Bot
from mapkit.engine.bots.moves import Candidate, hints, ranked
from mapkit.engine.bots.search import Budget, SearchBot, parse_budget
from mapkit.engine.chance import Dice
from mapkit.engine.errors import IllegalAction
from mapkit.engine.game import Game
from mapkit.engine.simulate import play_game, roll
from mapkit.engine.state import CHANCE, State
from mapkit.engine.steps import Step
from mapkit.errors import InputError
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map
from tests.engine.scenarios import board_of


# -- the budget, a bot's option ------------------------------------------------------------
@pytest.mark.parametrize("text, budget", [
    ("64", Budget(rollouts=64)), ("1", Budget(rollouts=1)), ("200ms", Budget(seconds=0.2)),
    (" 1.5S ", Budget(seconds=1.5)), ("2s", Budget(seconds=2.0)),
])
def test_budget_parsing(text, budget):
    assert parse_budget(text) == budget


@pytest.mark.parametrize("text, needle", [
    ("0", "from 1 to"), ("2.5", "whole number"), ("fast", "give a number of rollouts"), ("0ms", "from 1ms"),
    ("-3", "give a number"), ("10m", "give a number"), ("100001", "from 1 to 100000"),
])
def test_bad_budgets_are_refused(text, needle):
    with pytest.raises(InputError, match=needle):
        parse_budget(text)


def test_bot_names_with_options():
    bot = make_bot("Strong:200ms", seed=4, preset="paluba")
    assert bot.name == "strong" and bot.budget == Budget(seconds=0.2) and bot.seed == 4
    assert make_bot("strong", preset="paluba").budget == SearchBot.DEFAULT_BUDGET == Budget(rollouts=32)
    assert make_bot("strong", preset="transamerica").budget == Budget(rollouts=32)
    assert check_bot(" STRONG : 64 ", "railroad-tycoon") == "strong:64"
    assert check_bot("strong:1500ms") == "strong:1.5s" and check_bot("easy") == "easy"
    assert reproducible("strong:64") and reproducible("greedy") and not reproducible("strong:1s")
    with pytest.raises(InputError, match="bot 'greedy' takes no option"):
        make_bot("greedy:64")
    with pytest.raises(InputError, match="unknown bot 'wise'"):
        check_bot("wise:64")


def test_players_and_simulate_take_budgets():
    import json

    from mapkit.play import Seat, parse_players
    from tests.support import ROOT, run_here

    assert parse_players("Ann,bot:strong:200ms,bot:easy,Botond", "greedy", "paluba") == [
        Seat("Ann", "human"), Seat("strong-2", "strong:200ms"), Seat("easy-3", "easy"), Seat("Botond", "human")]
    with pytest.raises(InputError, match="seat 2: bot budget 'soon'"):
        parse_players("Ann,bot:strong:soon")
    r = run_here("simulate", ROOT / "maps" / "example.yaml", "--bots", "Strong:2,greedy", "--games", "1",
                 "--option", "races=2", "--format", "json")
    report = json.loads(r.stdout)
    assert r.returncode == 0 and report["bots"] == ["strong:2", "greedy"]
    assert [b["bot"] for b in report["by_bot"]] == ["greedy", "strong:2"]


# -- the generic search, on a toy game where one lookahead clearly wins --------------------
class Roll(Step):
    name = phase = stage = "roll"

    def chance(self, s):
        return Dice("roll", s.turn, 1)

    def on_chance(self, s, action):
        s.die, s.step = action["dice"][0], "move"


class Move(Step):
    """Run the die's number of steps or walk one; past the goal a pawn bounces back."""

    name = phase = stage = "move"

    def decider(self, s):
        return s.turn

    def legal_actions(self, s, p):
        return [{"type": "move", "player": p, "how": "run"}, {"type": "move", "player": p, "how": "walk"}]

    def act_move(self, s, p, action):
        if action.get("how") not in ("run", "walk"):
            raise IllegalAction("move.how", "run or walk")

        def plan():
            x = s.pos[p] + (s.die if action["how"] == "run" else 1)
            s.pos[p] = x if x <= s.goal else 2 * s.goal - x
            if s.pos[p] == s.goal:
                s.step = "over"
            else:
                s.turn, s.step = 1 - p, "roll"
        return {"type": "move", "player": p, "how": action["how"]}, plan


class Over(Step):
    name = phase = stage = "over"
    terminal = True


class Bounce(State):
    """A race to exactly 10 with a die (a pawn that overshoots bounces back)."""

    STEPS = {"roll": Roll(), "move": Move(), "over": Over()}
    ACTION_TYPES = ("roll", "move")
    CHANCE_TYPES = ("roll",)

    def __init__(self, game):
        super().__init__(game)
        self.pos, self.turn, self.die, self.step, self.goal = [0, 0], 0, 0, "roll", 10

    def winners(self):
        return [p for p, x in enumerate(self.pos) if x == self.goal] if self.is_terminal() else []


class Runner(Bot):
    """The toy's greedy bot: it always runs."""

    name = "runner"

    def act(self, state):
        return state.legal_actions()[0]


class Looker(SearchBot):
    """The search over the runner, with both moves as its candidates."""

    policy = Runner

    def moves(self, state):
        return [Candidate(a) for a in state.legal_actions()]


def bounce(pos, die, turn=0):
    game = Game.__new__(Game)
    game.board = game.rules = game.options = None
    game.players, game.num_players, game.seed = ["A", "B"], 2, None
    s = Bounce(game)
    s.pos, s.die, s.turn, s.step = list(pos), die, turn, "move"
    return s


def test_a_lookahead_walks_home_where_the_runner_bounces():
    # A stands on 9 and has thrown 5. Walking one step lands on 10 exactly: A wins now (a
    # rollout worth 1, every time). Running goes to 14 and bounces back to 6, and B (on 9)
    # moves next: the game goes on, and B wins whenever he throws a 1 before A throws a 4 from
    # 6 (running): worth less than 1. The runner runs; the search walks.
    s = bounce([9, 9], 5)
    assert Runner(0).act(s)["how"] == "run"
    bot = Looker(seed=3, option="16")
    assert bot.decide(s)["how"] == "walk"
    found = bot.last_search
    assert found.moves[0]["how"] == "run" and found.means[1] == 1.0 > found.means[0]
    assert found.rollouts <= 16 + 2
    # nothing to gain: with a 1 thrown both moves are the same, and the runner's is kept
    assert Looker(seed=3, option="8").decide(bounce([9, 9], 1))["how"] == "run"


def test_a_search_keeps_the_greedy_move_unless_another_beats_it():
    # From 0 with a 3 thrown, running is 3 steps ahead of walking: the search agrees with the
    # runner; and it is the same move on the same seed, whatever the budget's split.
    s = bounce([0, 0], 3)
    assert Looker(seed=1, option="8").decide(s)["how"] == "run"
    a, b = Looker(seed=1, option="8"), Looker(seed=1, option="8")
    assert [a.decide(s) for _ in range(2)] == [b.decide(s)] * 2
    assert a.last_search.means == b.last_search.means


def test_a_time_budget_plays_whole_rounds():
    bot = Looker(seed=2, option="5ms")
    assert bot.decide(bounce([9, 9], 5))["how"] == "walk"
    counts = bot.last_search.counts
    assert counts[0] == counts[1] >= 1


def test_ranked_marks_the_greedy_move_and_keeps_it():
    cands = [Candidate({"type": "a"}, 3.0), Candidate({"type": "b"}, 2.0), Candidate({"type": "c"}, 1.0),
             Candidate({"type": "a"}, 0.5)]
    got = ranked(cands, first={"type": "c"}, limit=2)
    assert [(c.action["type"], c.greedy) for c in got] == [("a", False), ("c", True)]
    assert ranked(cands, first={"type": "z"})[0] == Candidate({"type": "z"}, 3.0, greedy=True)


# -- every family's easy and strong: legal, deterministic under a seed ----------------------
def small_paluba():
    return board_of(Map(Grid("pointy", "odd", 9, 3), cities=[
        City("Aš", H("A1"), (11, 12, 13, 14, 15, 16)), City("Cheb", H("I3"), (21, 22, 23, 24, 25, 26)),
        City("Brno", H("E2"), (31, 32, 33)), City("Ústí", H("E3"), (34, 35, 36))]))


def small_tycoon():
    from mapkit.engine import load_engine_map
    from tests.support import ROOT

    return load_engine_map(ROOT / "tests" / "data" / "railroad-tycoon-small.yaml")


def small_cards():
    from tests.engine.test_observation import BOARD

    return BOARD


@pytest.mark.parametrize("board, preset, bots, options", [
    (small_paluba, "paluba", ["easy", "strong:4", "greedy"], {"races": 4}),
    (small_paluba, "expres", ["easy", "strong:4", "greedy"], {"races": 3}),
    (small_cards, "transamerica", ["easy", "strong:2", "greedy"], {"round_limit": 1}),
    (small_tycoon, "railroad-tycoon", ["strong:2", "easy"], {"round_limit": 2}),
])
def test_easy_and_strong_play_whole_games_the_same_on_the_same_seed(board, preset, bots, options):
    b = board()
    first = play_game(b, preset, bots, options, seed=5)       # every action checked by the engine
    again = play_game(b, preset, bots, options, seed=5)
    assert first.is_terminal() and list(first.history) == list(again.history)


# -- the moves a family lists, with their figures (hint) -----------------------------------
def two_towns(**options):
    """Aš (A1, race number 11) and Cheb (F1, 12) on a row of six hexes, a mountain on C1: the
    cheapest track between them costs 1 + 3 + 3 + 1 + 1 = 9 build points."""
    m = Map(Grid("pointy", "odd", 6, 1), terrain={H("C1"): "mountain"},
            cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("F1"), (12,))])
    return new_game(m, "paluba", ["Anna", "Bert"], {"first_player": 0, **options})


def test_start_cities_with_their_figures():
    # Aš: its own number 2.5; Cheb, 9 points away, discounted by exp(-9 / 10.5) (1.5 turns of
    # two dice): its number 2.5 x 0.4244 = 1.061, its bonus 6 x 0.4244 = 2.546; nobody there.
    g = two_towns()
    cands = {c.action["city"]: c for c in hints(g, 0)}
    parts = dict(cands["Aš"].parts)
    fall = math.exp(-9 / 10.5)
    assert parts == pytest.approx({"race numbers": 2.5, "numbers near": 2.5 * fall, "bonuses near": 6 * fall,
                                   "crowding": 0.0})
    assert cands["Aš"].score == pytest.approx(2.5 + 8.5 * fall) == cands["Cheb"].score
    assert sum(c.greedy for c in cands.values()) == 1
    assert hints(g, 1) == []                    # Bert is not to move


def test_building_toward_a_city_with_its_figures():
    # Anna starts in Aš and throws 5: the way to Cheb costs 9 points (no fees), worth the bonus
    # 6 and 2.5 for its race number: 8.5 / 9 a point. 5 points build A1/B1 (1) and B1/C1 (3);
    # C1/D1 (3) does not fit, so 3 pieces are left.
    g = two_towns()
    g.apply({"type": "start", "city": "Aš"})
    g.apply({"type": "roll", "dice": [2, 3]})
    top = hints(g, 0)[0]
    assert top.greedy and top.action == {"type": "build", "player": 0, "pieces": ["A1/B1", "B1/C1"]}
    assert dict(top.parts) == {"city bonus": 6, "race income": 2.5, "build points": -9, "fees": 0,
                               "pieces now": 2, "pieces left": 3}
    assert top.score == pytest.approx(8.5 / 9)
    assert (top.what, dict(top.args)) == ("build toward {city}", {"city": "Cheb"})


def test_hint_in_the_terminal_and_the_browser():
    from mapkit.i18n import use_language
    from mapkit.play.fronts import front_for
    from mapkit.play.hints import hint_lines
    from mapkit.web.families import hint

    g = two_towns()
    g.apply({"type": "start", "city": "Aš"})
    g.apply({"type": "roll", "dice": [2, 3]})
    lines = hint_lines(g, 0, 0, front_for(g))
    assert lines[1] == ("  *1. build toward Cheb: 0.94 (city bonus 6, race income 2.50, build points -9, fees 0, "
                        "pieces now 2, pieces left 3)  [build A1 B1 C1]")
    with use_language("de"):
        assert hint_lines(g, 0, 0, front_for(g))[1].startswith("  *1. Richtung Cheb bauen: 0.94 (Städteprämie 6,")
    answer = hint(g, 0, {})
    assert answer["moves"][0]["parts"][0] == {"label": "city bonus", "value": 6}
    assert answer["moves"][0]["greedy"] and answer["moves"][0]["what"] == "build toward {city}"
    with pytest.raises(InputError, match="for the player to move"):
        hint(g, 1, {})


def test_strong_passes_the_last_race_that_greedy_would_race_and_lose():
    """Worked out by hand. Two cities on a ladder, Aš (A1) and Cheb (J1); Bert's row 1 joins
    them (9 pieces), Anna has A1-A2-B1 of her own. The one race of the game, Aš to Cheb: Bert
    races his own track (9 points); Anna's only route with a piece of hers is A1-A2-B1 and then
    Bert's 8 pieces (10 points, 8 in fares). She leads 50 to 25. Racing pays her in expectation
    (at least 10 for second place, 20 for first, less 8 in fares): the greedy bot races. But a
    second place leaves her 50 + 10 - 8 = 52 against Bert's 25 + 20 + 8 = 53, a loss, and she
    is the slower; passing leaves her 50 against 25 + 20 = 45, a sure win. The search passes."""
    from mapkit.engine.games.dampfross.bots.greedy import GreedyBot
    from mapkit.engine.ledger import BANK
    from tests.engine.scenarios import DONE, P, R, S, act, row

    m = Map(Grid("pointy", "odd", 10, 2), cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("J1"), (12,))])
    g = new_game(board_of(m), "paluba", ["Anna", "Bert"], {"first_player": 0, "races": 1})
    act(g, S("Aš"), R(1, 1), P("A1", "A2", "B1"), S("Aš"), P("A1", "B1", "C1"), R(6, 6), P(*row("C", "J", 1)), DONE)
    assert g.phase == "race" and g.accounts == [21, 25]     # Bert paid 1 for joining at B1, won 6
    g.money.pay(BANK, 0, 29, "a hand-made lead")
    act(g, R(1, 1), R(1, 2))                                # the race: Aš (11) to Cheb (12)
    while g.current_player() != 0:
        g.apply(GreedyBot(1).decide(g))
    assert GreedyBot(1).decide(g)["type"] == "race"
    strong = make_bot("strong:16", 1, preset="paluba")
    assert strong.decide(g) == {"type": "pass", "player": 0}
    found = strong.last_search
    assert found.means[found.chosen] == pytest.approx(1 + 0.5 * math.tanh(5 / 20))   # a sure win by 5


def test_a_strong_bot_reads_no_other_seats_cards():
    """Two TransAmerica games that differ only in cards seat 0 cannot see (Bob and Cyd swap
    their red cards, Dan holds another blue one): the strong bot's search of the start marker
    -- rollouts to the end of the round in worlds it samples -- finds the same values in both,
    so it found nothing of the real cards."""
    from tests.engine.test_observation import HANDS, dealt, other_hands

    a, b = dealt(HANDS), dealt(other_hands())
    assert a.hands != b.hands and a.current_player() == 0 and a.step == "place"
    bot_a, bot_b = make_bot("strong:8", 3, preset="transamerica"), make_bot("strong:8", 3, preset="transamerica")
    assert bot_a.decide(a) == bot_b.decide(b)
    assert bot_a.last_search.means == bot_b.last_search.means and bot_a.last_search.rollouts >= 8


def test_strong_searches_the_first_way_out_of_the_start_city_only():
    """Anna starts in Brno (E2), between Aš to the west and Cheb and Ústí to the east: her first
    building turn, the network being Brno alone, is searched among the ways out (rollouts to
    the end of the game); her next one is built as the greedy bot builds."""
    g = new_game(small_paluba(), "paluba", ["Anna", "Bert"], {"first_player": 0, "races": 2})
    greedy, strong = make_bot("greedy", 1, preset="paluba"), make_bot("strong:4", 1, preset="paluba")

    def play_until(anna_builds):
        while not (g.step == "build" and g.current_player() == 0 and anna_builds()):
            p = g.current_player()
            if p == CHANCE:
                g.apply(roll(g, 1))
            elif g.step == "start":
                g.apply({"type": "start", "player": p, "city": ("Brno", "Aš")[p]})
            else:
                g.apply(greedy.decide(g))

    play_until(lambda: True)
    assert g.nodes[0] == {g.board.hex_id("E2")}
    first = strong.decide(g)
    assert first["type"] == "build" and strong.last_search is not None and len(strong.last_search.moves) > 1
    g.apply(first)
    play_until(lambda: len(g.nodes[0]) > 1)
    strong.decide(g)
    assert strong.last_search is None


def test_strong_compares_eight_start_cities_with_three_times_its_budget():
    """The start city decides much of a game, once: the strong bot compares the family's eight
    best cities there (of ten) with three times its budget. With ``strong:8``, 24 rollouts by
    successive halving over 8 moves in 3 rounds (worked out by hand): one each, then two more
    for the best four, then four more for the best two (8 + 8 + 8), so the counts are 1, 1, 1,
    1, 3, 3, 7, 7. Later building turns, not searched, and races get four moves and the budget."""
    hexes = ("A1", "D1", "G1", "J1", "B3", "E3", "H3", "A5", "D5", "J5")
    numbers = [n for tens in range(1, 7) for n in range(10 * tens + 1, 10 * tens + 7)]
    m = Map(Grid("pointy", "odd", 10, 5), cities=[
        City(f"C{i}", H(h), tuple(numbers[i::10])) for i, h in enumerate(hexes)])
    g = new_game(board_of(m), "paluba", ["Anna", "Bert"], {"first_player": 0, "races": 1})
    assert g.step == "start" and len(g.start_options(0)) == 10
    strong = make_bot("strong:8", 2, preset="paluba")
    start = strong.decide(g)
    found = strong.last_search
    assert start["type"] == "start" and len(found.moves) == 8 and found.rollouts == 24
    assert sorted(found.counts) == [1, 1, 1, 1, 3, 3, 7, 7]
    assert strong.effort(g) == (8, Budget(rollouts=24))
    g.apply(start)
    while not (g.step == "build" and len(g.nodes[g.current_player()]) > 1):
        g.apply(roll(g, 2) if g.current_player() == CHANCE else make_bot("greedy", 2, preset="paluba").decide(g))
    assert not strong.searches(g) and strong.effort(g) == (4, Budget(rollouts=8))
