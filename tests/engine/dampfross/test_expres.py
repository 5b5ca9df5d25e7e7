"""Scenarios for the Expres rules (docs/rules.md, Expres) and the Dampfross (D) deltas.

The Expres board is a 12 x 2 ladder (see tests/engine/scenarios.py for the ladder's shape):
Boston A1 (11), Dallas L1 (12), Chicago F1 (13), Denver L2 (14), a mountain at G1.
Distance table (hex steps, checked with networkx): Boston-Dallas 11, Boston-Chicago 5,
Chicago-Dallas 6, Denver-Dallas 1, Boston-Denver 12."""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction, new_game
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map
from tests.engine.scenarios import DONE, END, PASS, RACE, B, P, R, S, act, board_of, ladder_ready, row


def expres_map() -> Map:
    return Map(Grid("pointy", "odd", 12, 2), terrain={H("G1"): "mountain"}, cities=[
        City("Boston", H("A1"), (11,)), City("Dallas", H("L1"), (12,)), City("Chicago", H("F1"), (13,)),
        City("Denver", H("L2"), (14,))])


def expres_game(**options):
    return new_game(board_of(expres_map()), "expres", ["Anna", "Bert"], {"first_player": 0, **options})


def expres_built(**options):
    """Both start in Boston (secret). Own die per turn, Anna always first (no rotation).

    t0 Anna 6: A1..F1 5 (+6 Chicago: 12). t1 Bert 6: A1-A2, A2..F2 6. t2 Anna 6: F1-G1 3,
    G1-H1 3 (mountain). t3 Bert 6: F2..L2 6 (+6 Denver: 12): Dallas is the last city.
    t4 Anna 6 declares the end (3 rounds from her), builds H1..L1 4 (+6 Dallas: 18).
    t5 Bert 1: K2-L1 (Dallas is a city: no joining fee). t6..t9 nothing. Anna draws race 1."""
    g = expres_game(**options)
    act(g, S("Boston"), S("Boston"),
        R(6), P(*row("A", "F", 1)), DONE,
        R(6), P("A1", *row("A", "F", 2)),
        R(6), P("F1", "G1", "H1"),
        R(6), P(*row("F", "L", 2)),
        R(6), END, P(*row("H", "L", 1)), DONE,
        R(1), P("K2", "L1"),
        R(1), DONE, R(1), DONE, R(1), DONE, R(1), DONE)
    return g


def test_expres_setup_secret_starts_and_6_points():
    g = expres_game()
    assert g.accounts == [6, 6] and g.phase == "start" and g.current_player() == 0
    g.apply(S("Boston"))
    # written secretly: nothing is revealed until everybody chose
    assert g.current_player() == 1 and g.summary()["players"][0]["start"] is None
    g.apply(S("Boston"))                     # several players may share a start city
    assert [p["start"] for p in g.summary()["players"]] == ["Boston", "Boston"]
    # every player rolls one die for himself
    assert g.phase == "build" and [a["player"] for a, _ in g.chance_outcomes()] == [0] * 6


def test_expres_build_phase_one_die_each_fixed_order_fees_and_bonus():
    g = expres_game()
    act(g, S("Boston"), S("Boston"), R(6), P(*row("A", "F", 1)), DONE)
    assert g.accounts == [12, 6]                            # +6 Chicago
    act(g, R(2), P("A1", "A2"))
    assert g.quote("A2/B1") == (1, 1)                       # joining Anna's track at B1: 1
    assert g.quote("A1/B1") == (1, 4)                       # parallel: 4 per shared piece
    act(g, DONE)
    assert g.chance_outcomes()[0][0]["player"] == 0         # Anna first again: no rotation
    act(g, R(5), P("F1", "G1"))                             # into the mountains: 3
    assert g.points == 2


def test_expres_declaration_three_more_rounds_and_the_declarer_draws():
    g = expres_game()
    act(g, S("Boston"), S("Boston"), R(6), P(*row("A", "F", 1)), DONE, R(6), P("A1", *row("A", "F", 2)))
    act(g, R(1))
    with pytest.raises(IllegalAction) as e:          # Dallas and Denver are unconnected
        g.apply(END)
    assert e.value.rule == "end.too-early"
    g = expres_built()
    # the last city was connected in the first of the three rounds; they were played out
    assert g.build_end_reason == "three rounds after the declaration" and g.turn_index == 10
    assert g.accounts == [18, 12] and g.phase == "race"
    assert g.chance_outcomes()[0][0]["player"] == 0          # Anna declared: she draws


def test_expres_race_table_prizes_forbidden_under_10_every_step_1_and_ties():
    g = expres_built(races=2)
    act(g, R(1, 1), R(1, 3))                 # Boston - Chicago: 5 in the table: not held
    assert g.race_view()["rejected"][0]["target"] == 13
    act(g, R(1, 2))                          # Boston - Dallas: 11
    act(g, RACE(*row("A", "L", 1)), RACE("A1", *row("A", "K", 2), "L1"))
    act(g, R(5), R(5))
    assert g.race_view()["positions"] == {"Anna": "F1", "Bert": "E2"}
    act(g, R(2))                             # G1 is a mountain, but every step costs 1
    assert g.race_view()["positions"]["Anna"] == "H1"
    act(g, R(6), R(4), R(1))                 # both arrive with 0 left: a tie
    assert g.race_view()["stage"] == "tiebreak"
    act(g, R(3), R(5))
    # winner 2 x 11, second 11
    assert g.results[0]["prizes"] == {"Anna": 11, "Bert": 22}
    assert g.accounts == [29, 34]


def test_expres_post_race_building_from_the_account_and_start_is_the_previous_target():
    g = expres_built(races=2)
    act(g, R(1, 1), R(1, 2), RACE(*row("A", "L", 1)), RACE("A1", *row("A", "K", 2), "L1"),
        R(5), R(5), R(2), R(6), R(4), R(1), R(3), R(5))
    # Bert, the winner, builds first, from his account (34): K1-L1 parallel to Anna into the
    # city Dallas: 1 + 4 (Expres: 4 per shared piece, cities or not)
    assert g.current_player() == 1 and g.budget == 34
    act(g, B("K1/L1"), DONE)
    assert g.accounts == [33, 29]
    act(g, DONE)
    # race 2: only the target is drawn; the start is Dallas; Boston may come up again
    assert g.race_view()["start_city"] == "Dallas" and g.chance_outcomes()[0][0]["player"] == 1
    act(g, R(1, 1))
    assert g.race_view()["target_city"] == "Boston"
    # Bert: his K1-L1, then 10 of Anna's pieces: 10 fares; Anna: her own row
    act(g, RACE(*row("L", "A", 1)), RACE(*row("L", "A", 1)))
    assert g.accounts == [43, 19]
    # trains may not stop on one field, except on different parallel tracks: both on K1, Bert
    # over his piece, Anna over hers
    act(g, R(1), R(1))
    assert g.race_view()["positions"] == {"Anna": "K1", "Bert": "K1"}
    # Bert stops at I1; Anna's move would end there too, on the same track: she stops behind
    act(g, R(2), R(2))
    assert g.race_view()["positions"] == {"Anna": "J1", "Bert": "I1"}
    act(g, R(6), R(6), R(3), R(3))           # Bert C1 -> A1 with 1 left; Anna D1 -> A1, 0 left
    assert g.results[1]["places"] == [["Bert"], ["Anna"]]
    assert g.is_terminal() and g.accounts == [54, 41] and g.winners() == [0]


def test_expres_lone_racer_gets_the_winners_prize_the_second_lapses():
    g = expres_built()
    act(g, R(1, 1), R(1, 2), PASS, RACE("A1", *row("A", "K", 2), "L1"))
    assert g.results[0]["prizes"] == {"Bert": 22} and g.accounts == [18, 34]


def test_expres_may_race_without_own_track_and_without_fare_limit():
    g = expres_built()
    act(g, R(1, 1), R(1, 2), PASS, RACE(*row("A", "L", 1)))
    # Bert races on Anna's 11 pieces (Paluba: no own piece, and over the limit of 10)
    assert g.results[0]["fares"] == [["Bert", "Anna", 11]]
    assert g.accounts == [18 + 11, 12 - 11 + 22]


def test_expres_the_player_who_connects_the_last_city_draws_first():
    g = expres_game()
    act(g, S("Boston"), S("Boston"), R(6), P(*row("A", "F", 1)), DONE, R(6), P("A1", *row("A", "F", 2)),
        R(6), P("F1", "G1", "H1"), R(6), P(*row("F", "L", 2)))
    act(g, R(1), DONE, R(1), P("L2", "L1"))      # Bert connects Dallas, the last city
    assert g.phase == "race" and g.ender == 1 and g.chance_outcomes()[0][0]["player"] == 1


# -- Dampfross: Paluba with the (D) rules ---------------------------------------------------------

def test_dampfross_first_arrival_wins_at_once():
    g = ladder_ready("dampfross")
    act(g, R(1, 1), R(6, 6), RACE("A1", "A2", *row("B", "J", 2), "J1"), RACE(*row("A", "J", 1)),
        R(6), R(2), R(2), R(6))
    act(g, R(4))                  # Anna arrives first (1 point left): she wins, Bert is second
    assert g.results[0]["places"] == [["Anna"], ["Bert"]]
    assert g.accounts == [52, 36] and g.current_player() == 0 and g.budget == 20


def test_dampfross_post_race_budget_counts_fees_from_earlier_builders():
    for preset, bert_budget in (("paluba", 10), ("dampfross", 11)):
        g = ladder_ready(preset)
        act(g, R(1, 1), R(6, 6), RACE("A1", "A2", *row("B", "J", 2), "J1"), RACE(*row("A", "J", 1)),
            R(6), R(2), R(2), R(6), R(4))
        if preset == "paluba":
            act(g, R(1))          # Bert arrives too, with 0 left; Anna (1 left) wins
        assert g.current_player() == 0
        act(g, B("B1/B2"), DONE)  # Anna joins Bert's row at B1: 1 to Bert
        assert g.current_player() == 1 and g.budget == bert_budget


def test_expres_whole_game_through_mapkit_replay(tmp_path):
    import json

    from tests.support import run_here

    from mapkit.engine import Record, save_record
    from mapkit.io.yamlwrite import save_map

    g = expres_built(races=2)
    act(g, R(1, 1), R(1, 2), RACE(*row("A", "L", 1)), RACE("A1", *row("A", "K", 2), "L1"),
        R(5), R(5), R(2), R(6), R(4), R(1), R(3), R(5), B("K1/L1"), DONE, DONE,
        R(1, 1), RACE(*row("L", "A", 1)), RACE(*row("L", "A", 1)),
        R(1), R(1), R(2), R(2), R(6), R(6), R(3), R(3))
    save_map(expres_map(), tmp_path / "expres.yaml")
    save_record(Record.of(g, map_file="expres.yaml"), tmp_path / "game.json")
    r = run_here("replay", tmp_path / "game.json", "--format", "json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert [p["account"] for p in s["players"]] == [54, 41] and s["winners"] == ["Anna"]
    assert [x["prizes"] for x in s["races"]] == [{"Anna": 11, "Bert": 22}, {"Anna": 11, "Bert": 22}]
    assert s["races"][1]["fares"] == [["Bert", "Anna", 10]]
