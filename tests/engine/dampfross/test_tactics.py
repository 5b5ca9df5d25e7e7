"""The greedy bot's deals and purchases (docs/rules.md, Options): joint track, joint races and ferries,
proposed and accepted when they pay, refused when they do not. Positions worked by hand."""

from __future__ import annotations

from mapkit.engine import new_game
from mapkit.engine.bots import make_bot
from mapkit.grid import Grid, hex_name
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map
from tests.engine.dampfross.test_international import ferry_map
from tests.engine.scenarios import P, R, S, act, board_of

GREEDY = make_bot("greedy", seed=1)


def line_map(cols: int, last: str) -> Map:
    return Map(Grid("pointy", "odd", cols, 1), cities=[City("Aš", H("A1"), (11,)), City("Cheb", H(last), (12,))])


def joint_track_game(roll):
    """Both start in Aš (A1), written secretly; Cheb is 6 pieces east (G1). The round's roll is
    ``roll`` for both."""
    g = new_game(board_of(line_map(9, "G1")), "paluba", ["Anna", "Bert"],
                 {"first_player": 0, "joint_track": True, "start_choice": "secret"})
    act(g, S("Aš"), S("Aš"), R(*roll))
    return g


def test_greedy_proposes_and_accepts_a_joint_track_that_reaches_a_city_neither_reaches_alone():
    # 4 points each: neither reaches Cheb (6) alone; together 3/4 of 8 = 6 do
    g = joint_track_game((2, 2))
    a = GREEDY.decide(g)
    assert a == {"type": "joint", "player": 0, "with": 1, "at": "A1"}
    g.apply(a)
    a = GREEDY.decide(g)
    assert a == {"type": "accept", "player": 1}
    g.apply(a)
    assert g.points == 6
    g.apply(GREEDY.decide(g))
    # the shared track to Cheb belongs to both; the bonus of 6 is split 3 + 3
    assert g.track_names(0) == g.track_names(1) == [f"{hex_name((c, 0))}/{hex_name((c + 1, 0))}" for c in range(6)]
    assert g.accounts == [23, 23]


def test_greedy_builds_alone_when_its_own_points_reach_the_city():
    g = joint_track_game((3, 3))
    assert GREEDY.decide(g)["type"] == "build"


def test_greedy_declines_a_joint_track_that_does_not_pay():
    g = joint_track_game((3, 3))
    g.apply({"type": "joint", "with": 1, "at": "A1"})   # Anna proposes though she needs no help
    assert GREEDY.decide(g) == {"type": "decline", "player": 1}


def test_greedy_proposes_and_accepts_a_joint_race_when_alone_neither_may_race():
    """Aš A1 to Cheb Y1: Anna owns A1..M1, Bert Y1..M1 (12 pieces each). Alone each would pay the
    other 12 fares, over the fare limit of 10: neither may race. As one train they pay nothing,
    race alone and share the winner's 20."""
    cols = [hex_name((c, 0)) for c in range(25)]
    g = new_game(board_of(line_map(25, "Y1")), "paluba", ["Anna", "Bert"], {"first_player": 0, "joint_races": True})
    act(g, S("Aš"), R(6, 6), P(*cols[:13]), S("Cheb"), P(*reversed(cols[12:])))
    act(g, R(1, 1), R(1, 2))                               # Bert draws Aš to Cheb and declares first
    a = GREEDY.decide(g)
    assert a["type"] == "race" and a["partner"] == 0 and a["route"] == cols
    g.apply(a)
    assert GREEDY.decide(g) == {"type": "accept", "player": 0}
    g.apply({"type": "accept"})
    res = g.results[-1]
    assert res["racers"] == [["Bert", "Anna"]] and res["fares"] == [] and res["prizes"] == {"Anna": 10, "Bert": 10}


def test_greedy_buys_a_ferry_when_special_races_across_it_pay_and_not_otherwise():
    def position(**options):
        g = new_game(board_of(ferry_map()), "paluba", ["Anna", "Bert"], {"first_player": 0, "min_track": 0, **options})
        act(g, S("Praha"), R(1, 1), P("A1", "B1", "C1"), S("Kiel"))
        return g
    # every race is special and always goes to Dánsko, which only the ferry reaches:
    # 9 races x 20 / 2 is far more than the line's 6
    assert GREEDY.decide(position()) == {"type": "ferry", "player": 1, "ferry": "Kiel-Dánsko"}
    # without special races the line never pays
    assert GREEDY.decide(position(special_races=False))["type"] != "ferry"
