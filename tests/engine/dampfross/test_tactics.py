"""The greedy bot's deals and purchases (docs/rules.md, Options): joint track, joint races and ferries,
proposed and accepted when they pay, refused when they do not. Positions worked by hand."""

from __future__ import annotations

import pytest

from mapkit.engine import new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.games.dampfross.bots.tactics import ferry_value
from mapkit.grid import Grid, hex_name
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map, Region, Rules
from tests.engine.dampfross.test_international import ferry_map
from tests.engine.scenarios import DONE, B, P, R, S, act, board_of

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


def ferry_position(table=None, every=1, players=("Anna", "Bert"), **options):
    """The ferry board of test_international (Praha A1 ... Kiel D1, water E1 F1, Dánsko G1
    beyond the sea: only the line Kiel-Dánsko, price 6, reaches it). Anna starts in Praha and
    builds A1-B1-C1; Bert starts in Kiel and is to build, with the line on offer (20 on his
    account, 9 races to come, Paluba's prizes 20 and 10)."""
    m = ferry_map()
    rules = m.rules
    if table is not None or every != 1:
        rules = Rules(border_crossing=True, stop_at_border=True,
                      special_races={"every": every, "table": table or {"1": {"region": "Dánsko"}}})
    m = Map(m.grid, terrain=m.terrain, cities=m.cities, regions=[*m.regions, Region("Morava", (H("B1"),))],
            rules=rules, ferries=m.ferries)
    g = new_game(board_of(m), "paluba", list(players), {"first_player": 0, "min_track": 0, **options})
    act(g, S("Praha"), R(1, 1), P("A1", "B1", "C1"), S("Kiel"))
    assert g.ferry_options(1) == ["Kiel-Dánsko"] and g.accounts[1] == 20
    return g


def test_greedy_buys_a_ferry_line_whose_races_clearly_pay_for_it():
    g = ferry_position()
    # Every race is special and goes to Dánsko, which no track reaches: 9 such races to come.
    # Without the line each is thrown again and Bert expects his share of the race thrown
    # instead, (20 + 10) / 2 = 15; with it he alone has a way there and takes the 20: 5 more a
    # race, 9 x 1 x 5 = 45 against the price of 6.
    v = ferry_value(g, 1, 0)
    assert (v.races, v.entries, v.gain, v.cost, v.pays) == (9, (("1", 1.0, 5.0),), 45.0, 6, True)
    assert GREEDY.decide(g) == {"type": "ferry", "player": 1, "ferry": "Kiel-Dánsko"}


def test_greedy_refuses_a_ferry_line_whose_races_do_not_pay_for_it():
    # A special race every third race (races 3, 6 and 9: 3 to come), to Dánsko on a 1 of the
    # die and to Morava (B1, on land) on 2-6: 3 x 1/6 x 5 = 2.5 expected, less than the 6 it costs.
    table = {"1": {"region": "Dánsko"}, "2-6": {"region": "Morava"}}
    g = ferry_position(table, every=3)
    v = ferry_value(g, 1, 0)
    assert (v.races, v.entries, v.pays) == (3, (("1", 1 / 6, 5.0),), False)
    assert v.gain == pytest.approx(2.5)
    assert GREEDY.decide(g)["type"] != "ferry"
    # without special races the line serves no race at all
    g = ferry_position(special_races=False)
    assert ferry_value(g, 1, 0).gain == 0 and GREEDY.decide(g)["type"] != "ferry"


def test_a_ferry_line_adds_nothing_where_the_buyers_track_already_reaches_the_target():
    # Anna starts in Kiel, buys the line and builds to B1; Bert starts in Praha and joins her
    # track at B1: over her track and her line he reaches Dánsko already (for fares), so a
    # line of his own would bring him no race he cannot run
    g = new_game(board_of(ferry_map()), "paluba", ["Anna", "Bert"], {"first_player": 0, "min_track": 0})
    act(g, S("Kiel"), R(6, 6), {"type": "ferry", "ferry": "Kiel-Dánsko"}, B("D1/C1", "C1/B1"), DONE)
    act(g, S("Praha"), B("A1/B1"))
    v = ferry_value(g, 1, 0)
    assert (v.races, v.entries, v.gain, v.pays) == (9, (("1", 1.0, 0.0),), 0.0, False)
