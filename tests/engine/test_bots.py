"""The bots: legal and deterministic under a seed; the greedy bot's decisions on small boards
worked out by hand; greedy beats random clearly."""

from __future__ import annotations

from functools import cache

import pytest

from mapkit.engine import load_engine_map, new_game
from mapkit.engine.bots import BOTS, GreedyBot, RandomBot, make_bot
from mapkit.engine.games.dampfross.bots.greedy import finish_chances
from mapkit.engine.games.dampfross.bots.plan import extension, pieces_to
from mapkit.engine.games.dampfross.bots.routes import track_routes
from mapkit.engine.simulate import SimSpec, game_seed, play_game, play_one, summarize
from mapkit.errors import InputError
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map
from tests.support import MAPS


@cache
def example():
    return load_engine_map(MAPS / "example.yaml")


class StrictGreedy(GreedyBot):
    """A greedy bot that fails instead of falling back to a safe action."""

    @staticmethod
    def fallback(state):
        raise AssertionError(f"greedy needed its fallback at {state.phase}/{state.stage}")


def test_registry():
    assert sorted(BOTS) == ["easy", "greedy", "random", "strong"]
    assert isinstance(make_bot("Greedy", 3), GreedyBot) and make_bot("random").seed == 0
    with pytest.raises(InputError, match="unknown bot 'clever'"):
        make_bot("clever")


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_same_seed_same_game(bot):
    a = play_game(example(), "paluba", [bot] * 3, {}, seed=11)
    b = play_game(example(), "paluba", [bot] * 3, {}, seed=11)
    assert a.is_terminal() and a.history == b.history
    c = play_game(example(), "paluba", [bot] * 3, {}, seed=12)
    assert c.history != a.history


def test_decision_depends_on_position_only():
    """A bot asked twice in the same position (or by a fresh bot object) answers the same."""
    g = play_game(example(), "paluba", ["greedy"] * 4, {}, seed=5, max_actions=60)
    assert not g.is_terminal()
    while g.is_chance_node():
        g.apply(g.chance_outcomes()[0][0])
    for cls in (GreedyBot, RandomBot):
        assert cls(seed=9).decide(g) == cls(seed=9).decide(g.clone())


@pytest.mark.parametrize("preset,options", [("paluba", {}), ("expres", {}), ("dampfross", {}),
                                            ("paluba", {"number_table": "compressed",
                                                        "unused_points_to_account": True}),
                                            ("expres", {"races": 4, "post_race": "tenth"})])
def test_greedy_plans_only_legal_actions(preset, options):
    for seed in range(3):
        bots = [StrictGreedy(game_seed(seed, 0)) for _ in range(4)]
        g = play_game(example(), preset, bots, options, seed=seed)
        assert g.is_terminal(), g.phase
        assert min(g.accounts) >= 0


# -- the greedy bot's decisions on small boards, worked out by hand --------------------------
def line_map(cols, cities, mountains=()):
    return Map(Grid("pointy", "odd", cols, 1), terrain={H(h): "mountain" for h in mountains},
               cities=[City(n, H(h), tuple(nums)) for n, h, nums in cities])


def test_start_city_by_the_cities_around_it():
    # Aš is alone at one end; Brod has Cheb and Hof two pieces away on either side, Cheb has
    # Brod at 2 and Hof at 4, Hof has Brod at 2 and Cheb at 4: Brod is worth most.
    m = line_map(16, [("Aš", "A1", [11]), ("Cheb", "L1", [12]), ("Brod", "N1", [13]), ("Hof", "P1", [14])])
    g = new_game(m, "paluba", ["A", "B"], {"first_player": 0, "start_cities": "any"})
    assert GreedyBot(1).decide(g) == {"type": "start", "player": 0, "city": "Brod"}
    # once A starts in Brod, its neighbours' bonuses are contested: B keeps away from Brod
    g.apply({"type": "start", "city": "Brod"})
    g.apply({"type": "roll", "dice": [1, 1]})
    g.apply({"type": "done"})
    assert GreedyBot(1).decide(g)["city"] != "Brod"


def test_builds_toward_best_value_per_cost():
    # From Brod (E1): Aš is 4 pieces west (value 6 + 2.5 = 8.5, 8.5 / 4 = 2.1 per point),
    # Cheb 2 pieces east over plain (8.5 / 2 = 4.25): it builds toward Cheb first, then,
    # with the points left, toward Aš.
    m = line_map(9, [("Aš", "A1", [11]), ("Brod", "E1", [12]), ("Cheb", "G1", [13])])
    g = new_game(m, "paluba", ["A", "B"], {"first_player": 0, "start_cities": "any"})
    g.apply({"type": "start", "city": "Brod"})
    g.apply({"type": "roll", "dice": [2, 1]})
    a = GreedyBot(0).decide(g)
    assert a == {"type": "build", "player": 0, "pieces": ["E1/F1", "F1/G1"]}
    g.apply(a)
    assert GreedyBot(0).decide(g) == {"type": "build", "player": 0, "pieces": ["D1/E1"]}


def test_value_per_cost_prefers_a_cheap_far_city_to_a_mountain():
    # Cheb is 2 pieces east but behind a mountain (F1): 3 + 3 = 6 points, 8.5 / 6 = 1.4;
    # Aš is 4 plain pieces west: 8.5 / 4 = 2.1. It goes west.
    m = line_map(9, [("Aš", "A1", [11]), ("Brod", "E1", [12]), ("Cheb", "G1", [13])], mountains=["F1"])
    g = new_game(m, "paluba", ["A", "B"], {"first_player": 0, "start_cities": "any"})
    g.apply({"type": "start", "city": "Brod"})
    g.apply({"type": "roll", "dice": [1, 1]})
    assert GreedyBot(0).decide(g) == {"type": "build", "player": 0, "pieces": ["D1/E1", "C1/D1"]}


def build_line_race(preset="paluba"):
    """Player A owns the whole line A1-I1 between Aš (11) and Cheb (12); the race 11 -> 12."""
    m = line_map(9, [("Aš", "A1", [11]), ("Cheb", "I1", [12])])
    g = new_game(m, preset, ["A", "B"], {"first_player": 0, "start_cities": "any"})
    g.apply({"type": "start", "city": "Aš"})
    g.apply({"type": "roll", "dice": [4, 4]})
    g.apply({"type": "build", "path": ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"]})
    assert g.phase == "race"
    g.apply({"type": "roll", "dice": [1, 1]})
    g.apply({"type": "roll", "dice": [1, 2]})
    assert g.race_view()["stage"] == "declare"
    return g


def test_races_on_own_track_and_passes_without_own_piece():
    g = build_line_race()
    order = g.race_status().decl_order
    for p in order:
        a = GreedyBot(0).decide(g)
        if p == 0:   # its own track all the way, no fares, no rival: races
            assert a == {"type": "race", "player": 0, "route": ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1"]}
        else:        # B has no piece on any route (own-piece rule): passes
            assert a == {"type": "pass", "player": 1}
        g.apply(a)


def test_finish_chances_against_a_second_method():
    """The normal approximation against an exact count for one rival: a train needing 3 points
    against one needing 12 arrives first unless... it is far ahead; equal needs give one half."""
    first, second = finish_chances(12, [(12, 1.0)])
    assert first == pytest.approx(0.5) and second == pytest.approx(0.5)
    first, second = finish_chances(3, [(12, 1.0)])
    # exact: with one die, 3 points take 1 turn with probability 4/6, 2 turns otherwise;
    # 12 points never take fewer than 2 turns: the short train wins with certainty but for
    # round ties, so the approximation must be above 0.95
    assert first > 0.95 and first + second == pytest.approx(1.0)
    # a rival who races with probability 0 does not count
    assert finish_chances(20, [(3, 0.0)]) == (1.0, 0.0)


def test_plan_extension_and_routes():
    m = line_map(8, [("Aš", "A1", [11]), ("Cheb", "H1", [12])], mountains=["C1"])
    g = new_game(m, "paluba", ["A", "B"], {"first_player": 0})
    g.apply({"type": "start", "city": "Aš"})
    ext = extension(g, 0)
    b = g.board
    # by hand: A1-B1 1, B1-C1 3 (into a mountain), C1-D1 3 (out of it), then 1 a piece
    assert [ext.cost(b.hex_id(h)) for h in ("B1", "C1", "D1", "E1", "H1")] == [1, 4, 7, 8, 11]
    assert [b.edge_name(e) for e in pieces_to(ext, b.hex_id("C1"))] == ["A1/B1", "B1/C1"]
    g.apply({"type": "roll", "dice": [6, 5]})
    g.apply({"type": "build", "path": ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"]})
    g.apply({"type": "roll", "dice": [1, 1]})
    g.apply({"type": "roll", "dice": [1, 2]})
    route = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"]
    # B's routes: the only one there is, whatever the weight of fares
    assert [[b.hex_names[h] for h in r] for r in track_routes(g, 1, b.hex_id("A1"), {b.hex_id("H1")})] == [route]


def test_greedy_beats_random_clearly():
    """40 games on the example map, two greedy and two random bots: a fair share would be
    one half of the games for the greedy pair; they must win at least 90%."""
    spec = SimSpec(example().to_json(), "paluba", {}, ("greedy", "random", "greedy", "random"), seed=2)
    stats = [play_one(spec, i) for i in range(40)]
    rep = summarize(spec, stats)
    greedy = next(b for b in rep["by_bot"] if b["bot"] == "greedy")
    assert rep["unfinished"] == 0
    assert greedy["wins"] >= 36, rep["by_bot"]
    # per seat: a fair share is 1/4; the interval's lower end must be far above it
    assert greedy["ci95"][0] > 0.35
