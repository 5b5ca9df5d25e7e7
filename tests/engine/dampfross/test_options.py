"""The switchable rules of docs/rules.md, Options, each played through the public interface."""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction, Options, make_rules, new_game
from mapkit.engine.games.dampfross.numbers import NumberTable
from mapkit.errors import InputError
from tests.engine.scenarios import (ACCEPT, DONE, PASS, RACE, B, P, R, S, act, board_of, fee_map, ladder_map,
                                    ladder_ready, row)

DECLINE = {"type": "decline"}


def ladder_game(**options):
    return new_game(board_of(ladder_map()), "paluba", ["Anna", "Bert"], {"first_player": 1, **options})


# -- setup and start cities ----------------------------------------------------------------------

def test_player_limits_and_bad_options():
    with pytest.raises(IllegalAction) as e:
        new_game(board_of(ladder_map()), "paluba", ["solo"])
    assert e.value.rule == "setup.players"
    with pytest.raises(IllegalAction):
        new_game(board_of(ladder_map()), "expres", [str(i) for i in range(9)])   # Expres: 2-8
    new_game(board_of(ladder_map()), "paluba", [str(i) for i in range(9)])       # no upper limit
    # two seats of one name: a record and the bots would take one for the other
    with pytest.raises(IllegalAction, match="two players named 'Anna'") as e:
        new_game(board_of(ladder_map()), "paluba", ["Anna", "Bert", "Anna"])
    assert e.value.rule == "setup.players"
    with pytest.raises(InputError, match="unknown rule option 'race'; did you mean 'races'"):
        Options().replace(race=3)
    with pytest.raises(InputError, match="finish"):
        make_rules("paluba", {"finish": "last"})
    with pytest.raises(InputError, match="never end"):
        make_rules("paluba", {"races": None})
    with pytest.raises(InputError, match="unknown rules preset"):
        make_rules("chess")


def test_unique_start_cities_in_turn():
    g = new_game(board_of(fee_map()), "paluba", ["a", "b"], {"first_player": 0, "unique_starts": True})
    act(g, S("Mělník"), R(1, 1), DONE)
    assert "Mělník" not in g.start_options()
    with pytest.raises(IllegalAction) as e:
        g.apply(S("Mělník"))
    assert e.value.rule == "start.unique"


def test_unique_start_cities_secret_choose_again_on_a_clash():
    g = new_game(board_of(fee_map()), "expres", ["a", "b", "c"], {"first_player": 0, "unique_starts": True})
    act(g, S("Mělník"), S("Mělník"), S("Kladno"))
    # a and b wrote the same city: they choose again; c keeps Kladno, which is now taken
    assert g.phase == "start" and g.current_player() == 0 and g.start_city[2] is not None
    assert "Kladno" not in g.start_options()
    act(g, S("Mělník"), S("Slaný"))
    assert [p["start"] for p in g.summary()["players"]] == ["Mělník", "Slaný", "Kladno"]


# -- build points ------------------------------------------------------------------------------------

def test_one_die_and_own_rolls():
    g = ladder_game(build_dice=1)
    g.apply(S("Aš"))
    assert len(g.chance_outcomes()) == 6 and g.chance_outcomes()[5][0]["dice"] == [6]
    g = ladder_game(build_roll="own")
    act(g, S("Aš"), R(1, 1), DONE, S("Aš"))
    assert g.is_chance_node() and g.chance_outcomes()[0][0]["player"] == 0   # Anna rolls for herself
    act(g, R(6, 6))
    assert g.points == 12


def test_unused_build_points_go_to_the_account_ej():
    g = ladder_game(unused_points_to_account=True)
    act(g, S("Aš"), R(6, 6), P(*row("A", "J", 1)), DONE)      # 9 of 12 built: 3 to the account
    assert g.accounts == [20, 20 + 6 + 3]


def test_joint_track():
    g = new_game(board_of(fee_map()), "paluba", ["Petr", "Quido"], {"first_player": 0, "joint_track": True})
    act(g, S("Mělník"), R(6, 6), P("A3", "B3", "C3", "D3", "E3"), DONE,
        S("Slaný"), P("C1", "C2", "C3"), DONE)                 # Quido crosses Petr's line at C3
    assert g.accounts == [27, 19]
    act(g, R(2, 2))                                           # round 2: Quido rolls 4
    with pytest.raises(IllegalAction) as e:
        g.apply({"type": "joint", "with": 0, "at": "D3"})     # Quido's network is not at D3
    assert e.value.rule == "joint.at"
    act(g, {"type": "joint", "with": 0, "at": "C3"})
    assert g.current_player() == 0 and g.legal_actions() == [{"type": "accept", "player": 0},
                                                              {"type": "decline", "player": 0}]
    refused = act(g.clone(), DECLINE)
    assert refused.current_player() == 1 and refused.points == 4
    act(g, ACCEPT)
    assert g.points == 6                                      # 3/4 of 4 + 4
    with pytest.raises(IllegalAction) as e:
        g.apply(P("A3", "A4"))                               # must start where they meet
    assert e.value.rule == "build.connected"
    # C3-C4-D4-E4-F4 and F4-G5 into Rakovník: a shared piece; the bonus 6 is split 3 + 3
    act(g, P("C3", "C4", "D4", "E4", "F4", "G5"))
    assert g.owners("C3/C4") == (1, 0) and g.owners("F4/G5") == (1, 0)
    assert g.accounts == [30, 22]
    act(g, DONE)
    # Petr's turn of this round was used by the joint track: round 3, rolled by Petr
    assert g.summary()["unconnected_cities"] == ["Kladno"]
    assert g.round_no == 2 and g.chance_outcomes()[0][0]["player"] == 0


def test_joint_race_shares_the_train_and_the_prize():
    g = ladder_ready(joint_races=True)
    act(g, R(1, 1), R(1, 2))
    # Anna proposes to ride Bert's row with him; alone she would have no own piece
    act(g, RACE(*row("A", "J", 1), partner=1))
    assert g.legal_actions()[0] == {"type": "accept", "player": 1}
    refused = act(g.clone(), RACE(*row("A", "J", 1)))       # Bert races for himself instead
    assert refused.results[0]["excluded"][0]["player"] == "Anna"
    assert refused.results[0]["prizes"] == {"Bert": 20}
    act(g, ACCEPT)
    assert g.results[0]["racers"] == [["Anna", "Bert"]] and g.results[0]["fares"] == []
    assert g.accounts == [42, 36]                            # 20 split 10 + 10
    g = ladder_ready(joint_races=True, prize_first=21)
    act(g, R(1, 1), R(1, 2), RACE(*row("A", "J", 1), partner=1), ACCEPT)
    assert g.accounts == [32 + 10, 26 + 11]                  # the poorer gets the odd point


# -- drawing races ------------------------------------------------------------------------------------

def test_compressed_table_marks_the_partner_number():
    g = ladder_ready(number_table="compressed")
    act(g, R(1, 1))
    assert g.summary()["used_numbers"] == [11, 21]


def test_number_table_twice():
    t = NumberTable("used", uses=2)
    t.mark(11)
    assert t.resolve(11) == 11
    t.mark(11)
    assert t.resolve(11) == 12


def test_start_is_the_previous_target():
    g = ladder_ready(start_from_previous_target=True)
    act(g, R(1, 1), R(6, 6), PASS, PASS)                    # Aš -> Cheb (66); nobody races
    v = g.race_view()
    assert (v["race"], v["start"], v["start_city"], v["stage"]) == (2, 66, "Cheb", "draw_target")


def test_forbidden_by_the_distance_table():
    g = ladder_ready(forbidden="table")
    act(g, R(1, 1), R(1, 2))            # Aš - Cheb: 9 steps in the table, under 10
    assert g.race_view()["rejected"][0]["why"].startswith("9 in the distance table")
    act(g, R(1, 4))                     # Aš - Žatec: 10
    assert g.race_view()["target_city"] == "Žatec"


# -- prizes, post-race building, the end --------------------------------------------------------------

def test_target_score_ends_the_game():
    g = ladder_ready(target_score=40, races=None)
    act(g, R(1, 1), R(1, 2), RACE("A1", "A2", *row("B", "J", 2), "J1"), PASS)
    assert g.is_terminal() and g.winners() == [0] and "reached 40" in g.end_reason
    rules = make_rules("paluba", {"target_score": "auto"})
    assert [rules.target_score(n) for n in (2, 3, 4, 5, 6)] == [250, 250, 225, 200, 200]


def test_tenth_of_the_account_every_second_race():
    g = ladder_ready(post_race="tenth")
    act(g, R(1, 1), R(6, 6), RACE("A1", "A2", *row("B", "J", 2), "J1"), PASS)
    # after race 1: no building; race 2 is drawn by Bert at once
    assert g.race_no == 2 and g.chance_outcomes()[0][0]["player"] == 1
    act(g, R(1, 2), R(1, 3), PASS, RACE("J1", *row("J", "E", 2)))
    # after race 2: Anna (72) may build 7, Bert (26, under 50) 5, from their accounts
    assert g.accounts == [72, 26] and g.current_player() == 0 and g.budget == 7
    act(g, DONE)
    assert g.current_player() == 1 and g.budget == 5
    act(g, B("B1/B2"))                  # 1 + joining Anna at B2: 1, from the account
    assert g.accounts == [73, 24] and g.budget == 4


def test_winner_by_the_last_three_races_ej2():
    g = ladder_ready(races=4, winner_by="last_three")
    act(g, R(1, 1), R(6, 6), RACE("A1", "A2", *row("B", "J", 2), "J1"), PASS, DONE)      # Anna 52
    act(g, R(1, 2), R(1, 3), PASS, RACE("J1", *row("J", "E", 2)), DONE)                 # Anna 72
    act(g, R(1, 1), R(1, 2), PASS, RACE(*row("A", "J", 1)), B("E1/E2"), DONE)          # Bert 45
    act(g, R(6, 6), R(1, 3), RACE(*row("J", "E", 1), "E2"), PASS)                      # Bert 65
    assert g.is_terminal() and g.accounts == [72, 65]
    # gains over the last three races: Anna 72 - 52 = 20, Bert 65 - 26 = 39
    assert g.winners() == [1]


def test_build_round_limit_is_a_safety_cap_for_simulations():
    g = ladder_game(build_round_limit=2)
    act(g, S("Aš"), R(6, 6), P(*row("A", "J", 1)), DONE, S("Aš"), DONE, R(1, 1), DONE, DONE)
    assert g.phase == "race" and g.build_end_reason.startswith("round limit 2")
    assert g.summary()["unconnected_cities"] == ["Úvaly", "Žatec"]
    assert ladder_game().options.build_round_limit is None      # off in every preset
