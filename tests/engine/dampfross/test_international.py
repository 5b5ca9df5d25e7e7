"""Scenarios for the rules of docs/rules.md (Options) that the engine plays since the restructuring:
special (international) races, ferries, France's start directions, the turn timer, the time
limit, and two rule points (the stopping rule's exception for parallel tracks; the Expres
order of building after a race). Every figure below is worked by hand from the rules.

The border board (9 x 3, pointy, odd rows pushed right) has a state border between columns G
and H; H and I are foreign land, "Polsko" (and "Dánsko" in the German-table test)::

    A1 B1 C1 D1 E1 F1 G1 | H1 I1          Praha A2 (11), Kolín E2 (12)
      A2 B2 C2 D2 E2 F2 G2 | H2 I2
    A3 B3 C3 D3 E3 F3 G3 | H3 I3

A track may cross the border and must stop on the first hex beyond it (H), so H1/I1 and
H1/H2 take no piece.
"""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction, new_game
from mapkit.engine.games.dampfross.special import key_of
from mapkit.grid import Grid, hex_name
from mapkit.grid import parse_hex as H
from mapkit.model import City, EdgeSet, Ferry, Map, Region, Rules
from tests.engine.scenarios import DONE, RACE, B, P, R, S, act, board_of

ANNA_TO_H1 = ("A2", "B1", "C1", "D1", "E1", "F1", "G1", "H1")       # 7 pieces, 1 point each
BERT_TO_H3 = ("A2", "B3", "C3", "D3", "E3", "F3", "G3", "H3")


def border_map(table, dice="one-die", regions=None) -> Map:
    g = Grid("pointy", "odd", 9, 3)
    foreign = [hex_name((c, r)) for c in (7, 8) for r in range(3)]
    borders = {(min(h, n), max(h, n)) for h in g.hexes() if h.col == 6 for n in g.neighbours(h) if n.col == 7}
    if regions is None:
        regions = {"Polsko": foreign}
    return Map(g, terrain={H(x): "foreign" for x in foreign}, borders=[EdgeSet(frozenset(borders), "CZ-PL")],
               cities=[City("Praha", H("A2"), (11,)), City("Kolín", H("E2"), (12,))],
               regions=[Region(name, tuple(H(x) for x in hexes)) for name, hexes in regions.items()],
               rules=Rules(border_crossing=True, stop_at_border=True,
                           special_races={"every": 1, "dice": dice, "table": table}))


def built_to_the_border(m: Map, **options):
    """Both start in Praha. Round 1 (Anna rolls 12 for both): Anna builds to H1, Bert to H3
    (7 points each; crossing the border costs nothing more). Round 2 (Bert rolls 2): Bert
    passes, Anna connects Kolín (E1/E2, +6): every city is connected and the build phase ends.
    Bert threw the last build roll, so Anna, on his left, draws the first race."""
    g = new_game(board_of(m), "paluba", ["Anna", "Bert"], {"first_player": 0, **options})
    act(g, S("Praha"), R(6, 6), P(*ANNA_TO_H1), DONE,
        S("Praha"), P(*BERT_TO_H3), DONE,
        R(1, 1), DONE, B("E1/E2"), DONE)
    assert g.phase == "race" and g.accounts == [26, 20]
    return g


def test_a_track_stops_on_the_first_hex_beyond_the_border():
    g = built_to_the_border(border_map({"1": {"region": "Polsko"}}))
    assert g.piece_cost("H1/I1") is None and g.piece_cost("H1/H2") is None
    assert g.piece_cost("G1/H1") == 1                   # no surcharge for the crossing


def test_czech_special_race_to_poland_two_racers_finish_at_different_border_hexes():
    table = {"1": {"region": "Polsko"}, "2": {"cities": ["Kolín"]}}
    g = built_to_the_border(border_map(table))
    # every race is special on this board; its start is drawn as any start: 11 Praha
    act(g, R(1, 1))
    assert g.race_status().special and g.race_view()["start_city"] == "Praha"
    # 2: Kolín lies 5 pieces of built track from Praha (A2 B1 C1 D1 E1 E2): under 6, not run
    act(g, R(2))
    assert "under 6 pieces" in g.race_view()["rejected"][-1]["why"]
    act(g, R(3))                                        # the table has no 3: rolled again
    assert g.race_view()["rejected"][-1]["target"] is None
    act(g, R(1))                                        # 1: Polsko, where track stands at H1 and H3
    v = g.race_view()
    assert (v["target"], v["target_city"], v["target_hexes"]) == ("1", "Polsko", ["H1", "H3"])
    act(g, RACE(*ANNA_TO_H1), RACE(*BERT_TO_H3))        # each on his own track: no fares
    # round 1: Anna 4 (to E1), Bert 3 (to D3); round 2: Anna 5 needs 3 (2 left), Bert 5 needs 4
    # (1 left): both arrive in round 2, Anna with more points left wins
    act(g, R(4), R(3))
    assert g.race_view()["positions"] == {"Anna": "E1", "Bert": "D3"}
    act(g, R(5), R(5))
    res = g.results[-1]
    assert res["special"] and res["target_city"] == "Polsko"
    assert res["places"] == [["Anna"], ["Bert"]] and res["prizes"] == {"Anna": 20, "Bert": 10}
    assert res["finish"] == {"Anna": "H1", "Bert": "H3"}
    assert g.accounts == [46, 30]
    assert g.table.used == {11: 1}                     # only the start number is used up


def test_a_special_race_needs_a_route_to_its_target():
    g = built_to_the_border(border_map({"1": {"region": "Polsko"}}))
    act(g, R(1, 1), R(1))
    with pytest.raises(IllegalAction) as e:
        g.apply(RACE("A2", "B2", "C2"))
    assert e.value.rule == "route.target"


@pytest.mark.parametrize("white,key,target", [(4, "1S", "H1"), (3, "1L", "H3")])
def test_german_table_red_die_row_white_die_odd_or_even(white, key, target):
    # Germany (docs/rules.md, Options): the red die gives the row, the white die only odd (L) or even (S)
    table = {"1S": {"region": "Dánsko"}, "1L": {"region": "Polsko"}}
    regions = {"Dánsko": ["H1", "I1"], "Polsko": ["H2", "H3", "I2", "I3"]}
    assert key_of([1, white], table, "row-parity") == key
    g = built_to_the_border(border_map(table, "row-parity", regions))
    act(g, R(1, 1))
    assert len(g.chance_outcomes()) == 36               # the special target is rolled with two dice
    act(g, R(1, white))
    assert g.race_view()["target"] == key and g.race_view()["target_hexes"] == [target]


# -- ferries ---------------------------------------------------------------------------------
#   A1 B1 C1 D1 ~E1 ~F1 G1     Praha A1 (11), Kiel D1 (12, a port), water E1 F1, Dánsko G1;
#   the line Kiel-Dánsko costs 6 and moves a train 1 to board + 3 to sail + 1 to land.
def ferry_map() -> Map:
    return Map(Grid("pointy", "odd", 7, 1), terrain={H("E1"): "water", H("F1"): "water", H("G1"): "foreign"},
               cities=[City("Praha", H("A1"), (11,)), City("Kiel", H("D1"), (12,), tags=("port",))],
               regions=[Region("Dánsko", (H("G1"),))],
               rules=Rules(border_crossing=True, stop_at_border=True,
                           special_races={"every": 1, "table": {"1": {"region": "Dánsko"}}}),
               ferries=[Ferry("Kiel-Dánsko", "Kiel", H("G1"), 6, (1, 3, 1))])


def test_a_ferry_is_bought_from_the_account_and_raced_over_for_its_movement_points():
    g = new_game(board_of(ferry_map()), "paluba", ["Anna", "Bert"], {"first_player": 0, "min_track": 0})
    act(g, S("Praha"), R(1, 1), P("A1", "B1", "C1"))            # 2 points: the turn ends
    act(g, S("Kiel"))
    assert g.ferry_options(0) == [] and g.ferry_options(1) == ["Kiel-Dánsko"]   # Kiel is in Bert's network
    act(g, B("D1/C1"))                                   # joining Anna's track at C1: 1 to Anna
    act(g, {"type": "ferry", "ferry": "kiel-dánsko"})
    assert g.accounts == [21, 13] and g.ledger[-1] == (1, -1, 6, "ferry Kiel-Dánsko")
    with pytest.raises(IllegalAction, match="already own"):
        g.apply({"type": "ferry", "ferry": "Kiel-Dánsko"})
    act(g, DONE)                                         # Kiel is connected: the build phase ends
    # Anna rolled last, so Bert draws: 11 Praha, then 1: Dánsko, reached only by the ferry
    act(g, R(1, 1), R(1))
    assert g.race_view()["target_hexes"] == ["G1"]
    # both race A1 B1 C1 D1 and over the sea to G1: 3 track points + 1 + 3 + 1 = 8 points.
    # Bert pays Anna 2 (A1-B1, B1-C1); Anna pays Bert 2 (C1-D1 and his ferry, a piece of his)
    act(g, RACE("A1", "B1", "C1", "D1", "G1"), RACE("A1", "B1", "C1", "D1", "G1"))
    assert g.results == [] and g.accounts == [21, 13]
    act(g, R(5), R(6))                                   # both are still at sea after 5 and 6 points
    assert g.race_view()["positions"] == {"Bert": "at sea", "Anna": "at sea"}
    act(g, R(3), R(4))                                   # Bert lands with 0 left, Anna with 2: she wins
    res = g.results[-1]
    assert res["fares"] == [["Bert", "Anna", 2], ["Anna", "Bert", 2]]
    assert res["places"] == [["Anna"], ["Bert"]] and res["finish"] == {"Anna": "G1", "Bert": "G1"}
    assert g.accounts == [41, 23]


def test_ferry_lines_per_player_are_limited_by_the_map_and_leave_from_different_ports():
    m = ferry_map()
    m = Map(m.grid, terrain=m.terrain, cities=m.cities, regions=m.regions, rules=m.rules,
            ferries=[Ferry("Kiel-Dánsko", "Kiel", H("G1"), 6, (1, 3, 1)),
                     Ferry("Kiel-Fyn", "Kiel", H("G1"), 6, (1, 2, 1))])
    g = new_game(board_of(m), "paluba", ["Anna", "Bert"], {"first_player": 0})
    act(g, S("Kiel"), R(6, 6), {"type": "ferry", "ferry": "Kiel-Dánsko"})
    with pytest.raises(IllegalAction, match="1 ferry line"):   # the map's default limit: one line
        g.apply({"type": "ferry", "ferry": "Kiel-Fyn"})
    m.rules.extra["ferry_limit"] = 2
    g = new_game(board_of(m), "paluba", ["Anna", "Bert"], {"first_player": 0})
    act(g, S("Kiel"), R(6, 6), {"type": "ferry", "ferry": "Kiel-Dánsko"})
    with pytest.raises(IllegalAction, match="different ports"):
        g.apply({"type": "ferry", "ferry": "Kiel-Fyn"})


def test_ferries_are_not_played_when_the_option_is_off():
    g = new_game(board_of(ferry_map()), "paluba", ["Anna", "Bert"], {"first_player": 0, "ferries": False})
    act(g, S("Kiel"), R(6, 6))
    assert not any(a["type"] == "ferry" for a in g.legal_actions())
    with pytest.raises(IllegalAction) as e:
        g.apply({"type": "ferry", "ferry": "Kiel-Dánsko"})
    assert e.value.rule == "ferry.off"


# -- France: every player leaves Paris in a different direction ------------------------------
#   A1 B1 C1 D1 E1
#     A2 B2 C2 D2 E2        Paris C2: its sides lead to C1, D1, B2, D2, C3, D3
#   A3 B3 C3 D3 E3
def paris_map(rule="distinct") -> Map:
    return Map(Grid("pointy", "odd", 5, 3), cities=[
        City("Paris", H("C2"), (11, 12, 13)), City("Lille", H("E1"), (14,)), City("Brest", H("A3"), (15,))],
        rules=Rules(start_cities=["Paris"], extra={"start_directions": rule}))


def test_players_who_start_in_paris_leave_it_in_different_directions():
    g = new_game(board_of(paris_map()), "paluba", ["Anna", "Bert"], {"first_player": 0})
    act(g, S("Paris"), R(2, 2), B("C2/D2"))
    with pytest.raises(IllegalAction) as e:            # one direction per player
        g.apply(B("C2/C1"))
    assert e.value.rule == "build.map-rule" and "one direction" in e.value.reason
    act(g, B("D2/E1"), DONE, S("Paris"))
    with pytest.raises(IllegalAction, match="Anna already leaves Paris in this direction"):
        g.apply(B("C2/D2"))                              # not parallel to Anna out of Paris
    assert {a["pieces"][0] for a in g.legal_actions() if a["type"] == "build"} == {
        "C1/C2", "C2/D1", "B2/C2", "C2/C3", "C2/D3"}
    act(g, B("B2/C2"))
    # a map without the rule lets Bert run parallel to Anna out of Paris (paying the fee)
    g = new_game(board_of(paris_map("any")), "paluba", ["Anna", "Bert"], {"first_player": 0})
    act(g, S("Paris"), R(2, 2), B("C2/D2"), DONE, S("Paris"), B("C2/D2"))
    assert g.accounts == [22, 18]                        # 2 per half piece outside Paris


# -- clocks ----------------------------------------------------------------------------------
def test_a_timeout_ends_the_build_turn_and_the_race_participation():
    g = built_to_the_border(border_map({"1": {"region": "Polsko"}}), turn_timer=60)
    clock = [1000.0]
    g.clock = lambda: clock[0]
    act(g, R(1, 1), R(1))
    g.track_time()                                      # the clock is the fake one from here
    clock[0] += 61
    assert g.decision_elapsed() == pytest.approx(61.0)
    act(g, {"type": "timeout"})                          # Anna's time ran out: she does not race
    act(g, RACE(*BERT_TO_H3))
    assert g.results[-1]["racers"] == [["Bert"]] and g.history[-2] == {"type": "timeout", "player": 0}
    # in a build turn: the points left are lost (not even paid to the account under EJ)
    g = new_game(board_of(border_map({"1": {"region": "Polsko"}})), "paluba", ["Anna", "Bert"],
                 {"first_player": 0, "turn_timer": 60, "unused_points_to_account": True})
    act(g, S("Praha"), R(6, 6), B("A2/B1"), {"type": "timeout"})
    assert g.current_player() == 1 and g.accounts == [20, 20]
    # without the option a timeout is refused
    g = new_game(board_of(border_map({"1": {"region": "Polsko"}})), "paluba", ["Anna", "Bert"], {"first_player": 0})
    act(g, S("Praha"), R(6, 6))
    with pytest.raises(IllegalAction) as e:
        g.apply({"type": "timeout"})
    assert e.value.rule == "timer.off"


def test_time_limit_then_one_more_race():
    g = new_game(board_of(border_map({"1": {"region": "Polsko"}})), "paluba", ["Anna", "Bert"],
                 {"first_player": 0, "races": None, "time_limit": 90})
    act(g, S("Praha"), R(6, 6), P(*ANNA_TO_H1), DONE, {"type": "time_up"})
    with pytest.raises(IllegalAction, match="already"):
        g.apply({"type": "time_up"})
    act(g, S("Praha"), P(*BERT_TO_H3), DONE, R(1, 1), DONE, B("E1/E2"), DONE)
    act(g, R(1, 1), R(1), RACE(*ANNA_TO_H1), {"type": "pass"}, )
    # the time was up during the build phase: the first race is the one more, then the end
    assert g.is_terminal() and g.end_reason == "the time limit was reached and one more race played"
    assert g.winners() == [0]


# -- rule points -------------------------------------------------------------------------------
#   A1 B1 C1 D1 E1 F1 G1 H1        Boston A1 (11), Dallas H1 (12); Expres
#     A2 B2 C2 D2 E2 F2 G2 H2
def fork_game(players=("Anna", "Bert"), **options):
    m = Map(Grid("pointy", "odd", 8, 2), cities=[City("Boston", H("A1"), (11,)), City("Dallas", H("H1"), (12,))])
    return new_game(board_of(m), "expres", list(players), {"first_player": 0, "min_table_distance": 3,
                                                           "start_money": 20, **options})


def test_expres_two_trains_share_a_hex_only_on_different_parallel_tracks():
    """Anna builds A1..G1 and later G1-H1 into Dallas; Bert A1-A2-B2-C1 (joining her track at C1:
    1 to her). Race Boston-Dallas: Anna A1..H1, Bert A1 A2 B2 C1 and on along her track. Anna
    moves 2 to C1 (over B1-C1, hers); Bert moves 3 and would stop at C1 too, but he arrives over
    B2-C1, another side of the hex: those are not parallel tracks, so he stops one short, on B2.
    Under the engine's earlier reading (different owners suffice) he stopped on C1."""
    def raced(**options):
        g = fork_game(**options)
        act(g, S("Boston"), S("Boston"), R(6), P("A1", "B1", "C1", "D1", "E1", "F1", "G1"),
            R(5), P("A1", "A2", "B2", "C1"), DONE, R(1), B("G1/H1"))
        act(g, R(1, 1), R(1, 2), RACE("A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"),
            RACE("A1", "A2", "B2", "C1", "D1", "E1", "F1", "G1", "H1"), R(2), R(3))
        return g.race_view()["positions"]
    assert raced() == {"Anna": "C1", "Bert": "B2"}
    assert raced(stop_exception="owner") == {"Anna": "C1", "Bert": "C1"}


def test_expres_parallel_tracks_between_the_same_two_hexes_may_hold_two_trains():
    """Bert builds A1-A2-B1 (joining at B1: 1) and B1-C1 beside Anna's piece (parallel: 4 per
    shared piece). Both arrive at C1 over B1-C1, each on his own piece: they may stand together."""
    g = fork_game()
    act(g, S("Boston"), S("Boston"), R(6), P("A1", "B1", "C1", "D1", "E1", "F1", "G1"),
        R(5), P("A1", "A2", "B1", "C1"), DONE, R(1), B("G1/H1"))
    assert g.accounts == [20 + 5 + 6, 15]
    act(g, R(1, 1), R(1, 2), RACE("A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"),
        RACE("A1", "A2", "B1", "C1", "D1", "E1", "F1", "G1", "H1"), R(2), R(3))
    assert g.race_view()["positions"] == {"Anna": "C1", "Bert": "C1"}


def test_expres_building_after_a_race_is_the_winner_then_everybody_in_turn():
    """Three players, Cyril never builds. Bert (seat 1) wins and Anna (seat 0) is second: Expres
    builds Bert, Cyril, Anna (from the winner's left); Paluba's order is winner, second, rest."""
    def order(**options):
        g = fork_game(("Anna", "Bert", "Cyril"), **options)
        act(g, S("Boston"), S("Boston"), S("Boston"), R(6), P("A1", "B1", "C1", "D1", "E1", "F1", "G1"),
            R(5), P("A1", "A2", "B2", "C1"), DONE, R(1), DONE, R(1), B("G1/H1"))
        act(g, R(1, 1), R(1, 2), RACE("A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"),
            RACE("A1", "A2", "B2", "C1", "D1", "E1", "F1", "G1", "H1"), {"type": "pass"})
        act(g, R(1), R(6), R(1), R(2))       # Bert A2..F1, then G1 H1 and home; Anna is second
        assert g.results[-1]["places"] == [["Bert"], ["Anna"]]
        return g.pb_order
    assert order() == [1, 2, 0]
    assert order(post_race_order="placed") == [1, 0, 2]
