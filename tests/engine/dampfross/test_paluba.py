"""Scenarios for every rule of the Paluba competition rules (docs/rules.md, Paluba).

Each test plays the engine through its public interface with scripted dice and compares
accounts and track with values worked out by hand from the rule text (the working is in
the comments). The maps are drawn in tests/engine/scenarios.py."""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction, load_engine_map, new_game
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map, Rules
from mapkit.engine.games.dampfross.numbers import NumberTable
from tests.engine.scenarios import (DONE, END, PASS, RACE, B, P, R, S, act, board_of, fee_map, ladder_map,
                                    ladder_ready, row)
from tests.support import MAPS


def fee_game(n=2, **options):
    names = ["Petr", "Quido", "Rita"][:n]
    return new_game(board_of(fee_map()), "paluba", names, {"first_player": 0, **options})


def quido_line(g):
    """Round 1 (roll 12): Petr (seat 0) starts in Mělník A3 and builds A3-B3-C3-D3-E3 to Beroun:
    4 points, +6 for Beroun (his own start city Mělník gives nothing): 26."""
    act(g, S("Mělník"), R(6, 6), P("A3", "B3", "C3", "D3", "E3"), DONE)
    assert g.accounts[0] == 26


# -- setup, start cities -----------------------------------------------------------------------

def test_setup_accounts_20_and_the_first_player_by_lot():
    g = new_game(board_of(fee_map()), "paluba", ["a", "b", "c", "d"])
    assert g.accounts == [20, 20, 20, 20]
    outs = g.chance_outcomes()
    assert [a["player"] for a, _ in outs] == [0, 1, 2, 3] and {p for _, p in outs} == {0.25}
    g.apply({"type": "first", "player": 2})
    # the first player picks a start city and immediately builds; then the others in turn
    assert g.current_player() == 2 and g.legal_actions()[0]["type"] == "start"


def test_start_cities_prescribed_by_the_map_and_shared():
    g = new_game(load_engine_map(MAPS / "example.yaml"), "paluba", ["a", "b"], {"first_player": 0})
    assert [a["city"] for a in g.legal_actions()] == ["Praha", "Brno", "Ostrava"]
    with pytest.raises(IllegalAction) as e:
        g.apply(S("Plzeň"))
    assert e.value.rule == "start.allowed"
    act(g, S("Praha"), R(1, 1), DONE, S("Praha"))          # several players may share a start
    assert g.start_city == [0, 0]
    # the option start_cities=any opens every city
    g2 = new_game(load_engine_map(MAPS / "example.yaml"), "paluba", ["a", "b"],
                  {"first_player": 0, "start_cities": "any"})
    assert len(g2.legal_actions()) == 16


# -- the build phase ----------------------------------------------------------------------------

def test_one_shared_roll_per_round_and_the_roller_rotates():
    g = fee_game(3)
    act(g, S("Mělník"), R(1, 1), P("A3", "B3", "C3"))   # 2 points: the turn ends at 0
    assert g.current_player() == 1 and not g.is_chance_node() and g.points == 2
    act(g, S("Kladno"), P("B1", "B2"), DONE)             # 1 point unused: lost, not money
    assert g.accounts == [20, 20, 20]
    act(g, S("Slaný"), DONE)
    # round 2: the roll is thrown by the player left of the first roller
    assert g.is_chance_node() and g.chance_outcomes()[0][0]["player"] == 1
    act(g, R(2, 2))
    assert [g.current_player(), g.points] == [1, 4]
    act(g, DONE)
    assert [g.current_player(), g.points] == [2, 4]           # the same 4 points for all
    act(g, DONE, DONE)
    assert g.chance_outcomes()[0][0]["player"] == 2          # round 3: seat 2 rolls


def test_network_must_stay_connected_and_points_are_dice_only():
    g = fee_game()
    act(g, S("Mělník"), R(1, 2))
    with pytest.raises(IllegalAction) as e:
        g.apply(P("C3", "D3"))
    assert e.value.rule == "build.connected"
    # 3 points; a split over several branches of the network is fine
    act(g, P("A3", "B3"), B("A3/A4", "A3/A2"))
    assert g.track_names(0) == ["A2/A3", "A3/B3", "A3/A4"] and g.current_player() == 1
    assert g.accounts == [20, 20]                               # building costs no money


def test_build_costs_of_section_1():
    # A1 Aš (plain) | river | B1 plain | C1 mountain | D1 mountain | river | E1 mountain | river | F1
    # plain | G1 water | H1 Cheb
    from mapkit.grid import Grid
    from mapkit.grid import parse_hex as H
    from mapkit.model import City, EdgeSet, Map
    m = Map(Grid("pointy", "odd", 8, 1),
            terrain={H("C1"): "mountain", H("D1"): "mountain", H("E1"): "mountain", H("G1"): "water"},
            rivers=[EdgeSet({(H("A1"), H("B1")), (H("D1"), H("E1")), (H("E1"), H("F1"))})],
            cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("H1"), (12,))])
    for ej, mm_river in ((False, 5), (True, 7)):
        g = new_game(board_of(m), "paluba", ["a", "b"],
                     {"first_player": 0, "river_between_mountains": 7 if ej else 5})
        act(g, S("Aš"), R(6, 6))
        assert g.quote("A1/B1") == (3, 0)            # lowland river
        act(g, P("A1", "B1"))
        assert g.quote("B1/C1") == (3, 0)            # into the mountains
        act(g, P("B1", "C1"))
        assert g.quote("C1/D1") == (5, 0)            # mountain to mountain
        act(g, P("C1", "D1"))
        assert g.points == 1
        with pytest.raises(IllegalAction) as e:
            g.apply(P("D1", "E1"))                   # river between mountains: 5, or 7 (EJ)
        assert e.value.rule == "build.points" and f"costs {mm_river}" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        g.check(P("F1", "G1"))
    assert e.value.rule == "build.edge" and "water" in str(e.value)
    assert g.quote("F1/G1") is None and g.quote("G1/H1") is None   # water: never an edge
    assert g.piece_cost("G1/H1") is None
    assert g.legal_actions() == [{"type": "done", "player": 0}]   # 1 point: nothing to build
    # Cheb, cut off by the lake, cannot be anybody's start
    assert new_game(board_of(m), "paluba", ["a", "b"], {"first_player": 0}).start_options() == ["Aš"]


def test_city_bonus_first_track_only_never_own_start():
    g = fee_game(3)
    quido_line(g)                                    # Petr: Beroun +6, Mělník (own start) nothing
    # Quido from Kladno: Slaný first (+6); then Mělník, a railway city already: nothing
    act(g, S("Kladno"), P("B1", "C1"), P("B1", "A2", "A3"), DONE)
    assert g.accounts[1] == 26
    act(g, S("Rakovník"), DONE)
    act(g, R(6, 6), DONE)                             # round 2: Quido rolls, builds nothing
    # Rita from Rakovník (her own start: never a bonus) to Beroun, reached before: no bonus,
    # and no joining fee in a city
    act(g, P("G5", "F4", "F3", "E3"))
    assert g.accounts == [26, 26, 20]


# -- fees for building on foreign track -------------------------------------------------------------

def test_joining_then_parallel_into_the_city_costs_3():
    g = fee_game()
    quido_line(g)
    # Quido from Kladno: B1-B2 free; B2-B3 joins Petr's track at B3 (not a city, not Petr's
    # piece): 1; B3-A3 runs parallel to Petr's piece into the city Mělník: one half piece
    # outside a city: 2. Total 3, plus 3 build points.
    act(g, S("Kladno"), P("B1", "B2", "B3"))
    assert g.accounts == [27, 19]
    act(g, P("B3", "A3"))
    assert g.accounts == [29, 17] and g.points == 9
    assert [(w, a) for (s, d, a, w) in g.ledger if s == 1] == [
        ("joining/crossing fee B2/B3", 1), ("parallel fee A3/B3", 2)]


def test_the_same_piece_out_of_the_city_costs_2_and_leaving_is_free():
    g = fee_game()
    quido_line(g)
    # Quido starts in Mělník too: A3-B3 parallel out of the city: joining in a city is free,
    # the far end B3 is on Petr's own piece (no joining fee), half a piece outside: 2
    act(g, S("Mělník"), P("A3", "B3"))
    assert g.accounts == [28, 18]
    # continuing from B3 in a new direction: free
    act(g, P("B3", "B2", "B1"))                        # B1 Kladno: +6 for the first track
    assert g.accounts == [28, 24]


def test_crossing_is_paid_once_and_parallel_between_plain_hexes_costs_4():
    g = fee_game()
    quido_line(g)
    act(g, S("Slaný"), P("C1", "C2", "C3"))           # arrives on Petr's track at C3: 1
    assert g.accounts == [27, 19]
    act(g, P("C3", "C4"))                            # leaves it: nothing more (a crossing)
    assert g.accounts == [27, 19]
    act(g, P("C3", "D3"))                            # parallel, both ends plain: 2 + 2 = 4
    assert g.accounts == [31, 15]


def test_no_joining_fee_in_a_city():
    g = fee_game()
    quido_line(g)
    act(g, S("Slaný"), P("C1", "D1", "D2", "E2", "E3"))   # ends in Beroun on Petr's track
    assert g.accounts == [26, 20]


def test_own_track_at_the_hex_pays_nobody():
    g = fee_game()
    quido_line(g)
    act(g, S("Slaný"), P("C1", "C2", "C3", "C4", "B4"))   # crossing at C3: 1
    assert g.accounts == [27, 19]
    act(g, P("B4", "C3"))            # both ends are Quido's: nobody is paid, Petr's C3 or not
    assert g.accounts == [27, 19]


def test_several_foreign_tracks_at_a_hex_pay_every_owner():
    g = fee_game(3)
    quido_line(g)
    act(g, S("Kladno"), DONE)                                 # Quido waits
    act(g, S("Slaný"), P("C1", "C2", "D3"), DONE)             # Rita joins Petr at D3: 1
    assert g.accounts == [27, 20, 19]
    act(g, R(3, 3))                                           # round 2, Quido rolls 6
    act(g, P("B1", "C1", "D1", "D2", "D3"))   # Slaný: a railway city already; D3: Petr and Rita
    assert g.accounts == [28, 18, 20]


def test_fees_come_from_the_account_never_on_debt():
    g = fee_game(start_money=0)
    act(g, S("Mělník"), R(6, 6), P("A3", "B3", "C3"), DONE, S("Kladno"))
    before = g.snapshot()
    with pytest.raises(IllegalAction) as e:
        g.apply(P("B1", "B2", "B3"))          # joining at B3 costs 1; Quido has 0
    assert e.value.rule == "fees.account" and g.snapshot() == before
    act(g, P("B1", "B2"), P("B1", "C1"))      # Slaný +6: now he can pay
    act(g, P("B2", "B3"))
    assert g.accounts == [1, 5]


# -- the end of the build phase ----------------------------------------------------------------------

def test_build_phase_ends_when_every_city_is_connected():
    g = ladder_ready()
    # Anna connected the last city (Žatec) and still built J2-J1 in the same turn
    assert g.phase == "race" and g.accounts == [32, 26]
    assert "J1/J2" in g.track_names(0)
    # the race roller: left of the last roller of the build phase (Bert rolled round 1)
    assert g.is_chance_node() and g.chance_outcomes()[0][0]["player"] == 0


def test_two_rounds_after_the_second_to_last_city_anyone_may_declare_the_end():
    g = fee_game()
    # turn 0 Petr: Mělník, Beroun; turn 1 Quido: Kladno, Slaný -> only Rakovník is left
    act(g, S("Mělník"), R(6, 6), P("A3", "B3", "C3", "D3", "E3"), DONE,
        S("Kladno"), P("B1", "C1"), DONE)
    # turns 2..5 are the two rounds after it; the declaration is refused until turn 6
    for _ in range(2):
        act(g, R(1, 1))
        with pytest.raises(IllegalAction) as e:
            g.apply(END)
        assert e.value.rule == "end.too-early"
        act(g, DONE, DONE)
    act(g, R(1, 1))
    assert g.round_no == 3 and g.turn_index == 6 and g.current_player() == 1
    act(g, END)
    assert g.phase == "race"
    # the next player in rolling order (left of Quido, the last roller) starts the race phase
    assert g.chance_outcomes()[0][0]["player"] == 0
    assert g.summary()["unconnected_cities"] == ["Rakovník"]


def island_map(starts=()) -> Map:
    """One row of twelve hexes, the sea at I1: Aš A1 (11) and Cheb H1 (12) on the mainland,
    seven pieces apart; Ostrov J1 (13) and Lázně L1 (14) on an island that no piece reaches
    (no ferry either)."""
    return Map(Grid("pointy", "odd", 12, 1), terrain={H("I1"): "water"}, rules=Rules(start_cities=list(starts)),
               cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("H1"), (12,)), City("Ostrov", H("J1"), (13,)),
                       City("Lázně", H("L1"), (14,))])


MAINLAND = ("A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1")


def test_the_building_waits_only_for_cities_on_the_land_of_the_start_cities():
    # The map's start cities are both on the mainland: no piece can ever reach the island, so
    # the building waits for Aš and Cheb alone ("every numbered city that track can reach").
    g = new_game(board_of(island_map(["Aš", "Cheb"])), "paluba", ["Petr", "Quido"], {"first_player": 0})
    assert sorted(g.summary()["unconnected_cities"]) == ["Aš", "Cheb"]
    # Petr starts in Aš and joins Cheb (7 pieces, 7 points): both are joined, and the
    # building ends with that turn, the island still alone
    act(g, S("Aš"), R(4, 3), P(*MAINLAND))
    assert g.phase == "race" and g.summary()["unconnected_cities"] == []


def test_a_part_of_the_map_where_nobody_started_is_left_alone():
    # Every city may be a start city here, so until the starts are known the island's cities
    # count (someone may start there); once both players started on the mainland they do not.
    g = new_game(board_of(island_map()), "paluba", ["Petr", "Quido"], {"first_player": 0})
    assert len(g.summary()["unconnected_cities"]) == 4
    act(g, S("Aš"), R(1, 1), P("A1", "B1", "C1"))        # Aš joined; the 2 points spent
    assert sorted(g.summary()["unconnected_cities"]) == ["Cheb", "Lázně", "Ostrov"]
    act(g, S("Cheb"))           # the last start city: the island is nobody's land
    assert g.summary()["unconnected_cities"] == ["Cheb"]
    act(g, P("H1", "G1", "F1"))      # the round's 2 points: Cheb is joined, the last city
    assert g.phase == "race" and str(g.build_end_reason) == "every city connected"


def test_an_island_with_a_start_city_counts_when_a_player_starts_there():
    g = new_game(board_of(island_map()), "paluba", ["Petr", "Quido"], {"first_player": 0})
    act(g, S("Aš"), R(1, 1), P("A1", "B1"), DONE, S("Ostrov"))
    assert sorted(g.summary()["unconnected_cities"]) == ["Cheb", "Lázně", "Ostrov"]


def test_greedy_bots_end_a_game_on_a_map_of_one_city():
    # One city: nobody has a reason to build, so the end of the building must be declared
    # (the bots once waited for a city that building elsewhere never joins), and then no
    # race can be drawn.
    from mapkit.engine.simulate import play_game

    m = Map(Grid("pointy", "odd", 4, 3), cities=[City("Aš", H("B2"), (11, 12, 13))])
    g = play_game(board_of(m), "paluba", ["greedy", "greedy"], seed=1, max_actions=500)
    assert g.is_terminal() and g.end_reason.startswith("no race can be drawn")


# -- drawing races -------------------------------------------------------------------------------------

def test_used_numbers_next_higher_rejected_target_unused_and_wrap_to_lowest():
    g = ladder_ready(races=2)
    # race 1, Anna rolls: 11 Aš; target 13 Úvaly: the shortest built track A1-A2-B2-C2-D2-E2
    # has 5 pieces < 6: rejected, 13 stays unused; then 11 again: used, the next higher
    # unused number is 12 (Cheb)
    act(g, R(1, 1), R(1, 3))
    v = g.race_view()
    assert v["start"] == 11 and v["target"] is None and v["rejected"][0]["target"] == 13
    assert g.summary()["used_numbers"] == [11]
    act(g, R(1, 1))
    assert (g.race_view()["target"], g.race_view()["target_city"]) == (12, "Cheb")
    assert g.summary()["used_numbers"] == [11, 12]
    act(g, PASS, RACE(*row("A", "J", 1)))             # Bert alone: 20, no run
    assert g.accounts == [32, 46] and g.results[0]["prizes"] == {"Bert": 20}
    act(g, DONE)                                       # Bert builds nothing (Anna has no income)
    # race 2, Bert rolls 66, unused, Cheb; then 66 as target: used, nothing higher: the lowest
    # unused number, 13 Úvaly (6 pieces from Cheb: allowed; the number rejected in race 1)
    act(g, R(6, 6), R(6, 6))
    v = g.race_view()
    assert (v["start"], v["target"], v["target_city"]) == (66, 13, "Úvaly")


def test_unconnected_city_is_drawn_again_alone():
    g = fee_game()
    act(g, S("Mělník"), R(6, 6), P("A3", "B3", "C3", "D3", "E3", "F3", "G3", "G4"), DONE,
        S("Kladno"), P("B1", "C1"), DONE)
    for _ in range(3):
        act(g, R(1, 1), DONE, DONE)
    act(g, R(1, 1), END)
    assert g.phase == "race"
    # 15 Rakovník has no track: drawn again; 11 Mělník; target 12 Kladno is not linked to
    # Mělník by any track: the race is held (nobody can run it); 14 Beroun is 4 pieces away
    act(g, R(1, 5))
    assert g.race_view()["start"] is None and g.race_view()["rejected"][0]["why"] == "not connected by any track"
    act(g, R(1, 1), R(1, 4))
    assert g.race_view()["rejected"][-1]["target"] == 14
    act(g, R(1, 2))
    assert g.race_view()["target_city"] == "Kladno"
    act(g, PASS, PASS)               # nobody races: the race is over, its numbers stay used
    assert g.results[0]["racers"] == [] and g.summary()["used_numbers"] == [11, 12]
    assert g.is_chance_node() and g.chance_outcomes()[0][0]["player"] == 0   # the next roller


def test_compressed_table_fills_in_nine_races():
    t = NumberTable("compressed")
    t.mark(35)
    assert not t.is_free(45) and t.resolve(45) == 46
    for n in (11, 12, 13, 14, 15, 16, 31, 32, 33, 34, 36, 51, 52, 53, 54, 55, 56):
        t.mark(n)
    assert t.free_numbers() == []        # 18 cells: 9 races of two numbers


# -- declaring a race ------------------------------------------------------------------------------------

def long_ladder(target="Cheb", **options):
    """2 x 13 ladder: Aš A1 (11), Most L1 (12), Cheb M1 (13), Ves A2 (14).

    Bert (first) builds row 1 A1..M1: 12 points, +6 Most, +6 Cheb: 32. Anna builds A1-A2
    (+6 Ves) and A2-B1, joining Bert's track at B1: 1. Anna 25, Bert 33. Anna draws race 1."""
    from mapkit.grid import Grid
    from mapkit.grid import parse_hex as H
    from mapkit.model import City, Map
    m = Map(Grid("pointy", "odd", 13, 2), cities=[
        City("Aš", H("A1"), (11,)), City("Most", H("L1"), (12,)), City("Cheb", H("M1"), (13,)),
        City("Ves", H("A2"), (14,))])
    g = new_game(board_of(m), "paluba", ["Anna", "Bert"], {"first_player": 1, **options})
    act(g, S("Aš"), R(6, 6), P(*row("A", "M", 1)), S("Aš"), P("A1", "A2", "B1"), DONE)
    assert g.accounts == [25, 33] and g.phase == "race"
    act(g, R(1, 1), R(1, 3 if target == "Cheb" else 2))
    return g


def test_fare_limit_of_10():
    # to Cheb: Anna's route has 2 own pieces and 11 of Bert's: she would pay 11 more than
    # she receives: excluded (she pays nothing). Bert races alone: 20.
    g = long_ladder()
    act(g, RACE("A1", "A2", *row("B", "M", 1)), RACE(*row("A", "M", 1)))
    assert g.results[0]["excluded"][0]["player"] == "Anna"
    assert g.accounts == [25, 53] and g.results[0]["fares"] == []
    # to Most: 10 of Bert's pieces: exactly the limit, allowed; she pays 10 before the race
    g = long_ladder("Most")
    act(g, RACE("A1", "A2", *row("B", "L", 1)), RACE(*row("A", "L", 1)))
    assert g.results == [] and g.race_view()["racers"] == [["Anna"], ["Bert"]]
    assert g.accounts == [15, 43]


def test_fare_limit_counts_what_others_pay_him():
    # Bert rides Anna's two pieces A1-A2-B1: he pays her 2; she pays 11: 9 more, allowed
    g = long_ladder()
    act(g, RACE("A1", "A2", *row("B", "M", 1)), RACE("A1", "A2", *row("B", "M", 1)))
    assert g.accounts == [25 - 11 + 2, 33 + 11 - 2]
    assert g.race_view()["racers"] == [["Anna"], ["Bert"]]
    act(g, R(3), R(3))                   # several trains may stand on one hex (Paluba)
    assert g.race_view()["positions"] == {"Anna": "C1", "Bert": "C1"}


def test_excluded_racer_pays_and_receives_nothing():
    # with a limit of 8, Anna (9 more) is excluded; Bert's 2 fares to her are not paid either
    g = long_ladder(fare_limit=8)
    act(g, RACE("A1", "A2", *row("B", "M", 1)), RACE("A1", "A2", *row("B", "M", 1)))
    assert g.results[0]["excluded"][0]["player"] == "Anna" and g.results[0]["fares"] == []
    assert g.accounts == [25, 53]


def test_route_rules_own_piece_built_track_and_named_parallel_owner():
    g = long_ladder()
    with pytest.raises(IllegalAction) as e:       # Bert's pieces only: not allowed
        g.apply(RACE(*row("A", "M", 1)))
    assert e.value.rule == "race.own-piece"
    for bad, rule in ((RACE("A1", "A2", "B2", *row("C", "M", 1)), "route.track"),
                      (RACE("A2", "B1"), "route.start"),
                      (RACE("A1", "A2", "B1", "C1"), "route.target"),
                      (RACE("A1", "A2", "A1", *row("B", "M", 1)), "route.repeat")):
        with pytest.raises(IllegalAction) as e:
            g.apply(bad)
        assert e.value.rule == rule
    # tracks: naming an owner who has no piece on that step is refused
    with pytest.raises(IllegalAction) as e:
        g.apply(RACE("A1", "A2", *row("B", "M", 1), tracks=[1] * 13))
    assert e.value.rule == "route.tracks"


def test_parallel_track_fare_goes_to_the_named_owner_only():
    g = new_game(board_of(ladder_map()), "paluba", ["Anna", "Bert", "Cyril"], {"first_player": 1})
    # Bert: row 1, Cheb +6: 26. Cyril from Aš runs parallel on A1-B1 (2: A1 is a city) and
    # B1-C1 (4): pays Bert 6. Anna: A1-A2, row 2 (+6 Úvaly, +6 Žatec), J2-J1, and C2-C1,
    # joining at C1 where Bert and Cyril both are: 1 to each. 12 points.
    act(g, S("Aš"), R(6, 6), P(*row("A", "J", 1)), DONE,
        S("Aš"), P("A1", "B1", "C1"), DONE,
        S("Aš"), P("A1", *row("A", "J", 2), "J1"), P("C2", "C1"))
    assert g.phase == "race" and g.accounts == [30, 33, 15]
    act(g, R(1, 1), R(1, 2))                        # Cyril (left of Bert) draws Aš -> Cheb
    act(g, PASS)
    # Anna rides A1-B1-C1, where Bert and Cyril have parallel pieces, naming Cyril's: she
    # pays Cyril 2 and Bert nothing; then her own C1-C2, row 2 and J2-J1
    route = ["A1", "B1", "C1", *row("C", "J", 2), "J1"]
    act(g, RACE(*route, tracks=[2, 2] + [0] * 9), PASS)
    assert g.results[0]["fares"] == [["Anna", "Cyril", 2]]
    assert g.accounts == [30 - 2 + 20, 33, 15 + 2]


# -- running a race --------------------------------------------------------------------------------

def test_race_finish_judged_at_the_end_of_the_round_by_leftover_points():
    g = ladder_ready()
    act(g, R(1, 1), R(6, 6),                          # Aš -> Cheb (66)
        RACE("A1", "A2", *row("B", "J", 2), "J1"),    # Anna: 11 steps on her own track
        RACE(*row("A", "J", 1)))                      # Bert: 9 steps
    act(g, R(6), R(2), R(2), R(6))                    # after two rounds both are on step 8
    assert g.race_view()["positions"] == {"Anna": "H2", "Bert": "I1"}
    # the worked example: A rolls 4 and needs 3 (1 left); B then rolls 3 and needs 1 (2 left)
    act(g, R(4))
    assert g.race_view()["places"] == []              # judged at the end of the round
    act(g, R(3))
    assert g.results[0]["places"] == [["Bert"], ["Anna"]]
    assert g.accounts == [32 + 10, 26 + 20]


def test_equal_leftovers_reroll_until_decided():
    g = ladder_ready()
    act(g, R(1, 1), R(6, 6), RACE("A1", "A2", *row("B", "J", 2), "J1"), RACE(*row("A", "J", 1)))
    act(g, R(6), R(2), R(2), R(6), R(5), R(3))        # both arrive with 2 points left
    assert g.race_view()["stage"] == "tiebreak"
    act(g, R(4), R(4))                                 # equal again
    act(g, R(2), R(5))
    assert g.results[0]["places"] == [["Bert"], ["Anna"]]


def test_uphill_costs_2():
    # the ladder with mountains at C1 and C2
    g = new_game(board_of(ladder_map(mountains=("C1", "C2"))), "paluba", ["Anna", "Bert"],
                 {"first_player": 1})
    # round 1 (12): Bert A1-B1 1, B1-C1 3, C1-D1 3, D1..H1 4 = 11; Anna A1-A2-B2 2
    act(g, S("Aš"), R(6, 6), P(*row("A", "H", 1)), DONE, S("Aš"), P("A1", "A2", "B2"), DONE)
    # round 2 (12, Anna first): B2-C2 3, C2-D2 3, D2..J2 6; Bert H1-I1-J1-J2 3
    act(g, R(6, 6), P(*row("B", "J", 2)), P("H1", "I1", "J1", "J2"), DONE)
    assert g.phase == "race"
    act(g, R(1, 1), R(6, 6), RACE(*row("A", "J", 1)), RACE("A1", "A2", *row("B", "J", 2), "J1"))
    act(g, R(2))            # Bert: A1-B1 1, then C1 is uphill (2): 1 point is not enough
    assert g.race_view()["positions"]["Bert"] == "B1"
    act(g, R(2))            # Anna: A1-A2 1, A2-B2 1
    act(g, R(2))            # Bert: B1-C1 uphill: 2
    act(g, R(1))            # Anna cannot climb into C2 with 1 point
    assert g.race_view()["positions"] == {"Anna": "B2", "Bert": "C1"}


def test_lone_racer_gets_20_and_nobody_else_anything():
    g = ladder_ready()
    act(g, R(1, 1), R(1, 2), RACE("A1", "A2", *row("B", "J", 2), "J1"), PASS)
    assert g.results[0]["prizes"] == {"Anna": 20} and g.accounts == [52, 26]


def test_post_race_building_limited_to_this_race_income():
    g = ladder_ready()
    act(g, R(1, 1), R(6, 6), RACE("A1", "A2", *row("B", "J", 2), "J1"), RACE(*row("A", "J", 1)),
        R(6), R(2), R(2), R(6), R(4), R(3))
    # Bert won (46) and builds first, from his income of 20 only
    assert g.current_player() == 1 and g.budget == 20 and g.accounts == [42, 46]
    # rungs B1-B2, C1-C2, D1-D2: 1 each + 1 joining Anna's row at the far end = 2 each
    act(g, P("B1", "B2"), P("C1", "C2"), P("D1", "D2"))
    assert g.budget == 14 and g.accounts == [45, 40]
    # 14 left: E1-E2 1 (Úvaly is a city: no fee), F..I rungs 2 each (8), A1-A2 parallel to
    # Anna 1 + 2, then B2-C1, C2-D1 1 each (both ends his): 14; D2-E1 would be the 15th point.
    # Refused, however rich the account.
    with pytest.raises(IllegalAction) as e:
        g.apply(B("E1/E2", "F1/F2", "G1/G2", "H1/H2", "I1/I2", "A1/A2", "B2/C1", "C2/D1", "D2/E1"))
    assert e.value.rule == "build.budget" and "has 0 left" in str(e.value)
    assert g.budget == 14
    act(g, DONE)                              # the unspent 14 stays in the account
    # Anna: her income was 10 (the 3 joining fees received now do not count)
    assert g.current_player() == 0 and g.budget == 10 and g.accounts == [45, 40]
    act(g, B("E1/E2"))                        # E2 is hers, E1 Bert's (not a city): 1 + 1
    assert g.accounts == [43, 41] and g.budget == 8
    act(g, DONE)
    assert g.race_view()["stage"] == "draw_start" and g.chance_outcomes()[0][0]["player"] == 1


def test_nine_races_then_the_highest_account_wins():
    import random

    assert new_game(board_of(ladder_map()), "paluba", ["a", "b"]).options.races == 9
    g = ladder_ready()
    rng = random.Random(5)
    for k in range(9):
        assert g.race_no == k + 1
        g.play_chance(rng)
        while not g.is_chance_node() and not g.is_terminal():
            g.apply(PASS)                      # nobody races: no money changes hands
    assert g.is_terminal() and g.end_reason == "9 races played" and len(g.results) == 9
    assert g.winners() == [0] and g.returns() == [1.0, 0.0]       # Anna 32, Bert 26


def test_no_building_after_the_last_race():
    g = ladder_ready(races=1)
    act(g, R(1, 1), R(1, 2), RACE("A1", "A2", *row("B", "J", 2), "J1"), PASS)
    assert g.is_terminal() and g.accounts == [52, 26] and g.winners() == [0]


def test_fee_examples_through_mapkit_replay(tmp_path):
    import json

    from tests.support import run_here

    from mapkit.engine import Record, save_record
    from mapkit.io.yamlwrite import save_map

    g = fee_game()
    quido_line(g)
    act(g, S("Kladno"), P("B1", "B2", "B3"), P("B3", "A3"))      # 1 + 2 = 3
    save_map(fee_map(), tmp_path / "fee.yaml")
    save_record(Record.of(g, map_file="fee.yaml"), tmp_path / "game.json")
    r = run_here("replay", tmp_path / "game.json", "--format", "json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["phase"] == "build" and [p["account"] for p in s["players"]] == [29, 17]
    assert s["players"][1]["track"] == ["B1/B2", "B2/B3", "A3/B3"]      # board order
