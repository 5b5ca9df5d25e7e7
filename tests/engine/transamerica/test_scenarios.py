"""TransAmerica (docs/rules.md, TransAmerica): scenarios worked by hand, replayed against the public API.

The board of most scenarios is a strip of 36 x 2 hexes (pointy, odd rows pushed right). Row 1
holds the 35 card cities C00 .. C34 (hexes A1 .. AI1), row 2 is open land. A city's colour is
its column modulo 5 (C10 red, C11 orange, C12 yellow, C13 green, C14 blue, C15 red, ...), so
five neighbouring cities make one hand and every cheapest completion can be counted along the
row. The removed cards (2-3 players) are C00 .. C09, the seats. A river runs between columns
W and X (W1/X1, W2/X2, W2/X1: double lines), and M2 is a mountain (its four lines are double).
"""

from __future__ import annotations

import pytest

from mapkit.engine import EngineMap, IllegalAction, new_game
from mapkit.engine.record import Record, replay
from mapkit.grid import Grid, hex_name
from mapkit.model import City, EdgeSet, Map, Rules
from tests.engine.test_observation import HANDS, dealt

COLOURS = ("red", "orange", "yellow", "green", "blue")


def strip_map():
    cities = [City(f"C{c:02d}", (c, 0)) for c in range(35)]
    block = {col: {"cities": [f"C{c:02d}" for c in range(35) if c % 5 == i],
                   "removed": [f"C{i:02d}", f"C{i + 5:02d}"]} for i, col in enumerate(COLOURS)}
    river = EdgeSet({((22, 0), (23, 0)), ((22, 1), (23, 1)), ((22, 1), (23, 0))})
    return Map(Grid("pointy", "odd", 36, 2), terrain={(12, 1): "mountain"}, rivers=[river], cities=cities,
               rules=Rules(extra={"city_cards": block}))


BOARD = EngineMap.from_map(strip_map())


def H(col: int, row: int = 0) -> str:
    return hex_name((col, row))


def C(col: int) -> str:
    return f"C{col:02d}"


def game(players=("Ann", "Bob"), first=0, **options):
    return new_game(BOARD, "transamerica", list(players), {"first_player": first, **options})


def deal(g, hands: dict) -> None:
    """Deal each player the cities listed (by column), in the engine's order of chance actions."""
    while g.step == "deal":
        p, c = g.queue[0]
        want = [x for x in hands[p] if c is None or x % 5 == c]
        g.apply({"type": "deal", "player": p, "city": C(want[0])})
        hands[p] = [x for x in hands[p] if x != want[0]]


def place(g, *cols) -> None:
    for c in cols:
        g.apply({"type": "start", "at": c if isinstance(c, str) else H(c)})


def build(g, *edges) -> None:
    g.apply({"type": "build", "pieces": list(edges)})


def E(a, b) -> str:
    """The edge between two hexes given as columns of row 1 or names."""
    x = BOARD.hex_id(a if isinstance(a, str) else H(a))
    y = BOARD.hex_id(b if isinstance(b, str) else H(b))
    return BOARD.edge_name(BOARD.edge_between(x, y))


def rule_of(g, action) -> str:
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    return err.value.rule


def standard_round(g, ann=(10, 11, 12, 13, 14), bob=(15, 16, 17, 18, 19), marks=(12, 17)):
    deal(g, {g.round_first: list(ann if g.round_first == 0 else bob),
             1 - g.round_first: list(bob if g.round_first == 0 else ann)})
    order = marks if g.round_first == 0 else marks[::-1]
    place(g, *order)


# -- the board -----------------------------------------------------------------------------
def test_double_lines_junctions_and_colour_regions():
    g = game()
    t = g.tables
    size = {BOARD.edge_name(e): k for e, k in enumerate(t.size)}
    assert size["W1/X1"] == size["W2/X2"] == size["W2/X1"] == 2          # across the river
    assert size["L2/M2"] == size["M1/M2"] == size["M2/N1"] == size["M2/N2"] == 2   # into or out of M2
    assert size["A1/B1"] == size["V1/W1"] == 1 and sum(t.size) == len(t.size) + 7
    assert len(t.junctions) == 72
    assert t.colours == COLOURS and t.region[BOARD.hex_id("K1")] == 0        # C10 is red
    assert t.region[BOARD.hex_id("E2")] == 0   # E2 touches C04 (blue) and C05 (red): a tie goes to red
    assert len(t.in_play) == 25 and BOARD.hex_id("A1") in t.seats           # 2 players: C00-C09 out
    only_rivers = new_game(BOARD, "transamerica", ["A", "B"], {"double_lines": "rivers"}).tables
    assert sum(only_rivers.size) == len(only_rivers.size) + 3


def test_cards_and_the_start_player_are_chance_actions_and_records_replay():
    g = new_game(BOARD, "transamerica", ["Ann", "Bob", "Cid"], seed=4)
    assert g.chance_outcomes() == [({"type": "first", "player": k}, 1 / 3) for k in range(3)]
    g.apply({"type": "first", "player": 1})
    outcomes = g.chance_outcomes()          # Bob first; red: the 5 red cards in play (3 players)
    assert [a["city"] for a, _ in outcomes] == ["C10", "C15", "C20", "C25", "C30"]
    assert all(a["player"] == 1 and pr == pytest.approx(0.2) for a, pr in outcomes)
    from mapkit.engine.simulate import play_game

    done = play_game(BOARD, "transamerica", ["greedy", "random", "greedy"], {"broken_bridge": True}, seed=3)
    again = replay(Record.from_json(Record.of(done).to_json()), BOARD)
    assert again.snapshot() == done.snapshot() and done.is_terminal()


# -- turns ---------------------------------------------------------------------------------
def test_one_or_two_singles_or_one_double_and_at_least_one_piece():
    g = game()
    standard_round(g)
    assert g.step == "build" and g.current_player() == 0
    assert rule_of(g, {"type": "done"}) == "done.no-piece"
    assert rule_of(g, {"type": "build", "pieces": ["A1/B1"]}) == "build.connected"
    build(g, "M1/N1")
    assert rule_of(g, {"type": "build", "pieces": ["M1/M2"]}) == "build.double"   # M2: a mountain
    build(g, "N1/O1")                           # two singles: the turn is over
    assert g.current_player() == 1
    build(g, "R1/S1")
    g.apply({"type": "done"})                   # one single, then done
    assert g.current_player() == 0
    build(g, "M1/M2")                           # a double line alone ...
    assert g.current_player() == 1              # ... takes the whole turn
    assert rule_of(g, {"type": "build", "pieces": ["Q1/R1", "P1/Q1", "O1/P1"]}) == "build.allowance"
    assert g.used == 4 and g.pieces_left() == 80


def test_networks_merge_and_are_shared_then_the_round_ends_and_is_scored():
    # Ann holds C10-C14 and starts on C12; Bob holds C15, C16, C17, C23, C19 and starts on C17.
    g = game()
    standard_round(g, bob=(15, 16, 17, 23, 19))
    build(g, "M1/N1", "N1/O1")                  # Ann: C12-C14
    build(g, "Q1/R1", "P1/Q1")                  # Bob: C15-C17
    assert not g.net.connected(0, 1)
    build(g, "L1/M1", "O1/P1")                  # Ann reaches P1: the networks are one
    assert g.net.connected(0, 1) and "the networks of Ann and Bob are joined" in g.messages
    assert g.missing(0) == [g.card_of("C10")]
    build(g, "K1/L1")                           # Bob lays a piece on Ann's old side: Ann is complete
    assert g.ending == [0] and g.step == "build" and g.current_player() == 1
    build(g, "R1/S1")                           # ... and Bob may still lay his second single
    # Bob's cheapest completion from C10-C18: S1/T1 (1), T1-U1-V1-W1 (3), W1/X1 over the river (2)
    assert g.results[-1]["lost"] == {"Ann": 0, "Bob": 6} and g.scores == [13, 7]
    assert g.results[-1]["end"] == "Ann joined all cities"
    assert g.round_no == 2 and g.round_first == 1 and g.queue[0] == (1, 0)   # Bob deals first now


def test_the_84th_piece_ends_the_round_at_once():
    g = game(pieces=3)
    standard_round(g)
    build(g, "M1/N1", "N1/O1")
    build(g, "R1/S1")                           # the third and last piece: no second one for Bob
    # Ann (C12-C14) misses C10, C11: 2; Bob (C17, C18) misses C15, C16 (2) and C19 (1): 3
    assert g.results[-1]["lost"] == {"Ann": 2, "Bob": 3} and g.results[-1]["end"] == "all 3 pieces are used"
    assert g.scores == [11, 10] and g.step == "deal"


def test_a_double_line_counts_two_in_the_cheapest_completion():
    g = game()
    standard_round(g, bob=(15, 16, 17, 23, 19))
    tree = g.shortfall(1)       # from C17 alone: C15, C16 (2), C18, C19 (2), C20-C22 (3), the river (2)
    assert tree.cost == 9 and len(tree.edges) == 8


def play_to_completion(g, first_builds, second_builds):
    """Alternate turns: the first player's turns from ``first_builds``, the other's from
    ``second_builds`` (a turn is a tuple of edges)."""
    a, b = list(first_builds), list(second_builds)
    while a or b:
        if a and g.step == "build":
            build(g, *a.pop(0))
        if b and g.step == "build":
            build(g, *b.pop(0))


def test_the_barrier_moves_after_round_two_and_passing_it_ends_the_game():
    g = game()
    # round 1: Ann joins C10-C14 in two turns; Bob (C16-C18) misses C15 and C19: 2
    standard_round(g)
    play_to_completion(g, [("L1/M1", "M1/N1"), ("K1/L1", "N1/O1")], [("Q1/R1", "R1/S1")])
    assert g.scores == [13, 11]
    # round 2 (Bob first): Bob joins C15-C19; Ann (C11-C13) misses C10 and C14: 2
    standard_round(g)
    play_to_completion(g, [("Q1/R1", "R1/S1"), ("P1/Q1", "S1/T1")], [("L1/M1", "M1/N1")])
    assert g.scores == [11, 11]
    # the leading locomotive has lost 2 (4 or fewer): the barrier moves two fields in front of
    # it, so a locomotive at 8 or below has passed it
    assert g.barrier == 8 and "the barrier moves: a locomotive at 8 or below has passed it" in g.messages
    # round 3: Ann joins her cities again; Bob holds C23 beyond the river and loses 7 -> 4
    standard_round(g, bob=(15, 16, 17, 23, 19))
    play_to_completion(g, [("L1/M1", "M1/N1"), ("K1/L1", "N1/O1")], [("Q1/R1", "R1/S1")])
    assert g.scores == [11, 4] and g.is_terminal()
    assert g.winners() == [0] and g.returns() == [1.0, 0.0] and g.end_reason == "a locomotive passed the barrier"
    assert "passed the barrier: Bob" in g.messages


def tie_game(**options):
    g = game(pieces=1, start_points=4, **options)
    standard_round(g)
    build(g, "M1/M2")           # a useless double; the only piece of the round
    return g                    # both miss 4 single pieces: 4 points each


def test_ties_share_the_win():
    g = tie_game()
    assert g.results[0]["lost"] == {"Ann": 4, "Bob": 4} and g.scores == [0, 0]
    assert g.is_terminal() and g.winners() == [0, 1] and g.returns() == [0.5, 0.5]


# -- the variants --------------------------------------------------------------------------
def test_open_hand_shows_every_hand():
    for open_hand, shown in ((False, False), (True, True)):
        g = game(open_hand=open_hand)
        standard_round(g)
        view = g.view(seat=1)
        assert ("hand" in view["players"][0]) is shown
        assert [c["city"] for c in view["players"][1]["hand"]] == [C(x) for x in (15, 16, 17, 18, 19)]
        assert "hand" not in g.view()["players"][1] or open_hand


def three(**options):
    return game(("Ann", "Bob", "Cid"), **options)


def test_card_passing_one_colour():
    g = three(card_passing="one_colour")
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    assert g.step == "pass" and g.current_player() == 0
    g.apply({"type": "pass_card", "city": "C12"})          # Ann passes a yellow card to Bob
    assert [a["city"] for a in g.legal_actions()] == ["C17", "C12"]   # Bob: his yellow or hers
    assert rule_of(g, {"type": "pass_card", "city": "C15"}) == "pass.colour"
    g.apply({"type": "pass_card", "city": "C17"})          # Bob keeps C12, passes his own C17
    g.apply({"type": "pass_card", "city": "C22"})          # Cid keeps C17, passes C22 to Ann
    assert g.hand(0) == ["C10", "C11", "C13", "C14", "C22"]
    assert sorted(g.hand(1)) == ["C12", "C15", "C16", "C18", "C19"]
    assert sorted(g.hand(2)) == ["C17", "C20", "C21", "C23", "C24"] and g.step == "place"


def test_card_passing_all_at_once():
    g = three(card_passing="all_at_once")
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    g.apply({"type": "pass_card", "city": "C10"})
    assert g.view(seat=1)["players"][0]["cards"] == 5          # nothing has moved yet
    g.apply({"type": "pass_card", "city": "C16"})
    g.apply({"type": "pass_card", "city": "C24"})
    # Ann got Cid's blue C24 (two blue, no red); Bob Ann's red C10; Cid Bob's orange C16
    assert g.hand(0) == ["C11", "C12", "C13", "C14", "C24"]
    assert sorted(g.hand(1)) == ["C10", "C15", "C17", "C18", "C19"]
    assert sorted(g.hand(2)) == ["C16", "C20", "C21", "C22", "C23"]


def test_mission_ta_one():
    g = game(mission="one")
    assert g.step == "place" and g.scores == [0, 0]          # markers before any card
    place(g, 12, 20)
    g.apply({"type": "deal", "player": 0, "city": "C13"})
    g.apply({"type": "deal", "player": 1, "city": "C30"})
    g.apply({"type": "top", "city": "C25"})                  # everybody sees a red card on top
    assert g.view(seat=1)["round"]["top_colour"] == "red" and "C25" not in str(g.view(seat=1))
    build(g, "M1/N1")                                         # Ann joins C13: laid down, +1, takes C25
    assert g.laid[0] == [g.card_of("C13")] and g.hand(0) == ["C25"] and g.scores == [1, 0]
    assert g.step == "top"                                    # a new top card is drawn at once
    g.apply({"type": "top", "city": "C31"})
    assert g.step == "build" and g.current_player() == 0      # Ann's second piece
    assert rule_of(g, {"type": "draw"}) == "draw.not-allowed"  # Mission II only


def test_mission_ta_two_draws_instead_of_building_and_holds_three():
    g = game(mission="two")
    place(g, 12, 20)
    g.apply({"type": "deal", "player": 0, "city": "C30"})
    g.apply({"type": "deal", "player": 1, "city": "C31"})
    g.apply({"type": "top", "city": "C25"})
    g.apply({"type": "draw"})                                  # Ann takes C25 and lays no track
    g.apply({"type": "top", "city": "C26"})
    assert g.hand(0) == ["C30", "C25"] and g.current_player() == 1
    build(g, "U1/V1")
    g.apply({"type": "done"})
    g.apply({"type": "draw"})
    g.apply({"type": "top", "city": "C27"})
    build(g, "U1/U2")
    g.apply({"type": "done"})
    assert len(g.hand(0)) == 3 and rule_of(g, {"type": "draw"}) == "draw.not-allowed"   # 3 at most


def test_mission_ta_ends_when_a_player_has_laid_all_and_the_deck_is_empty():
    from mapkit.engine.simulate import play_game

    for seed in range(3):
        g = play_game(BOARD, "transamerica", ["greedy", "random"], {"mission": "one"}, seed=seed)
        assert g.is_terminal() and not g.deck and g.top is None
        ender = g.ender
        assert ender is not None and g.hands[ender] == []
        # a point a city connected, one lost a city held and not connected
        assert g.scores == [len(g.laid[p]) - len(g.missing(p)) for p in (0, 1)]
        best = max(g.scores)
        assert g.winners() == ([ender] if g.scores[ender] == best else [p for p in (0, 1) if g.scores[p] == best])


def test_seats_start_in_a_seat():
    g = game(seat_start=True)
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19]})
    assert [a["at"] for a in g.legal_actions()] == [H(c) for c in range(10)]   # the removed cards' cities
    assert rule_of(g, {"type": "start", "at": "M1"}) == "start.seat"
    place(g, 9, 5)


def test_seats_must_connect_a_seat():
    g = game(seat_connect=True, pieces=4)
    standard_round(g)
    build(g, "L1/M1", "M1/N1")
    build(g, "Q1/R1", "R1/S1")
    # Ann (C11-C13) misses C10, C14 and a seat: C10 to the seat C09 is one more piece: 3.
    # Bob (C16-C18) misses C15, C19 (2) and a seat: C15-C14-C13 (2), Ann's track to C11 (free),
    # C10, C09 (2): 6
    assert g.results[0]["lost"] == {"Ann": 3, "Bob": 6}
    g2 = game(seat_connect=True)
    standard_round(g2)
    play_to_completion(g2, [("L1/M1", "M1/N1"), ("K1/L1", "N1/O1")], [("Q1/R1", "R1/S1")])
    assert g2.round_no == 1 and not g2.complete(0)             # all five cities, but no seat yet
    build(g2, "S1/T1", "P1/Q1")                                  # Bob
    build(g2, "J1/K1")                                           # C09, a seat: now she is complete
    assert g2.ending == [0]


def test_no_barrier_plays_on_at_zero():
    g = tie_game(no_barrier=True)
    assert g.scores == [0, 0] and not g.is_terminal() and g.round_no == 2
    standard_round(g)
    build(g, "R1/S1")           # Bob's piece: he misses C15, C16, C19 (3), Ann 4
    assert g.scores == [-4, -3] and g.is_terminal() and g.end_reason == "a locomotive fell into the sea"
    assert g.winners() == [1]


def test_elimination():
    g = three(elimination=True, pieces=1, start_points=4)
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    place(g, 12, 17, 21)        # Cid starts on C21 beside his C20 and C22
    build(g, "M1/M2")           # the only piece: Ann 4, Bob 4, Cid misses C20, C22 (2) and C23, C24 (3) with the river
    assert g.results[0]["lost"] == {"Ann": 4, "Bob": 4, "Cid": 5}
    assert g.out == {0, 1, 2} and g.is_terminal()
    assert g.winners() == [0, 1] and g.end_reason == "the last players passed the barrier together (elimination)"
    g = three(elimination=True, pieces=2, start_points=4)
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    place(g, 12, 17, 21)
    build(g, "L1/M1", "M1/N1")  # Ann misses C10, C14: 2 -> 2; Bob 4 -> 0 (out); Cid 5 -> -1 (out)
    assert g.out == {1, 2} and g.winners() == [0] and g.end_reason == "one player left (elimination)"


def test_elimination_lets_the_others_play_on():
    g = three(elimination=True, pieces=2, start_points=5)
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    place(g, 12, 17, 21)
    build(g, "L1/M1", "M1/N1")  # Ann 5 - 2 = 3; Bob 5 - 4 = 1; Cid 5 - 5 = 0: out
    assert g.out == {2} and not g.is_terminal() and g.round_first == 1
    assert g.queue[0] == (1, 0) and all(p != 2 for p, _ in g.queue)   # no cards for Cid


def test_restricted_connection():
    g = three(restricted_connection=True)
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    place(g, 12, 14, "N2")      # Cid starts on N2, below C13 and C14
    build(g, "M1/N1", "N1/O1")  # Ann reaches O1, Bob's marker: Ann and Bob are one network
    assert g.net.connected(0, 1)
    build(g, "O1/O2", "O2/P1")  # Bob: their track now holds the open hex O2 too
    # Cid may not join them at an open hex (O2) ...
    assert rule_of(g, {"type": "build", "pieces": ["N2/O2"]}) == "build.restricted"
    # ... but he may enter their city C13 (N1) and leave it by a track of his own
    build(g, "N1/N2")
    g.apply({"type": "done"})
    build(g, "L1/M1")           # Ann (C11: still one short of all her cities)
    g.apply({"type": "done"})
    build(g, "P1/Q1", "Q1/R1")  # Bob
    build(g, "M2/N1")           # Cid leaves C13 by the double line to M2
    assert not g.net.connected(2, 0) and g.net.connected(0, 1)
    assert {BOARD.hex_id(h) for h in ("N1", "N2", "M2")} <= g.network(2)
    assert BOARD.hex_id("L1") not in g.network(2) and g.view()["players"][2]["network"] == [2]


def test_ele_ta_extends_only_at_track_ends():
    g = game(ele=True)
    standard_round(g)
    build(g, "L1/M1", "M1/N1")  # Ann: C11-C12-C13, ends at L1 and N1
    build(g, "Q1/R1")
    g.apply({"type": "done"})
    assert rule_of(g, {"type": "build", "pieces": ["M1/M2"]}) == "build.ele"     # a branch at M1
    assert g.is_legal({"type": "build", "pieces": ["N1/O1"]})


def test_super_changer():
    g = game(super_changer=True)
    assert g.step == "changer"
    g.apply({"type": "changer", "buy": True})    # Ann pays 3 points at once
    g.apply({"type": "changer", "buy": False})
    assert g.scores == [10, 13]
    standard_round(g)
    build(g, "L1/M1", "M1/N1", "N1/O1")           # three singles in one turn
    assert g.current_player() == 1
    assert rule_of(g, {"type": "build", "pieces": ["Q1/R1", "P1/Q1", "O1/P1"]}) == "build.allowance"
    build(g, "Q1/R1", "R1/S1")
    build(g, "M1/M2")                              # a double line is still a whole turn
    assert g.current_player() == 1
    # the second round: Ann keeps her Super Changer, Bob may still buy one
    g2 = game(super_changer=True, pieces=1)
    g2.apply({"type": "changer", "buy": True})
    g2.apply({"type": "changer", "buy": False})
    standard_round(g2)
    build(g2, "M1/N1")
    assert g2.step == "changer" and g2.queue == [1]


def test_broken_bridge():
    g = three(broken_bridge=True)
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    assert g.step == "block"
    assert rule_of(g, {"type": "block", "edge": "A1/B1"}) == "block.double"
    g.apply({"type": "block", "edge": "W1/X1"})
    g.apply({"type": "block", "edge": "W2/X2"})
    # W2/X1 is now the only way across the river: breaking it would cut C23-C34 off
    assert "W2/X1" not in [a["edge"] for a in g.legal_actions()]
    assert rule_of(g, {"type": "block", "edge": "W2/X1"}) == "block.isolates"
    g.apply({"type": "block", "edge": "M1/M2"})
    place(g, 12, 17, 21)
    assert rule_of(g, {"type": "build", "pieces": ["M1/M2"]}) == "build.blocked"
    # Cid (from C21) crosses only at W2/X1: C20 (1), C22 (1), C21-W2-X1 (1 + 2), C24 (1): 6
    assert g.shortfall(2).cost == 6


def test_quarantine():
    g = game(quarantine=True)
    standard_round(g, bob=(15, 16, 17, 18, 19), marks=(11, 16))
    build(g, "L1/M1")                 # Ann holds C12: she may enter it
    g.apply({"type": "done"})
    # Bob holds C15, C17: he may not enter C13-C14 (Ann's) ...
    build(g, "P1/Q1")                 # C15, his own
    assert rule_of(g, {"type": "build", "pieces": ["O1/P1"]}) == "build.quarantine"
    build(g, "P1/P2")                 # he goes round by the open row
    build(g, "M1/N1")                 # Ann enters C13: from now on anyone may
    g.apply({"type": "done"})
    assert g.is_legal({"type": "build", "pieces": ["N2/O1"]}) is False   # C14 still shut for Bob
    assert g.is_legal({"type": "build", "pieces": ["O2/P2"]})


def test_nuclear_ta():
    g = game(nuclear=True)
    assert g.step == "close"
    for city in ("C20", "C21", "C22", "C23", "C24"):      # one of each colour
        g.apply({"type": "close", "city": city})
    assert g.step == "deal" and "C20" not in [a["city"] for a, _ in g.chance_outcomes()]
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19]})
    assert rule_of(g, {"type": "start", "at": "U1"}) == "start.closed"
    place(g, 12, 19)
    build(g, "M1/N1", "N1/O1")
    assert rule_of(g, {"type": "build", "pieces": ["T1/U1"]}) == "build.closed"
    assert g.is_legal({"type": "build", "pieces": ["T1/T2"]})


def test_fixed_start():
    g = game(fixed_start=True, pieces=1)
    standard_round(g)
    build(g, "M1/N1")
    deal(g, {1: [15, 16, 17, 18, 19], 0: [10, 11, 12, 13, 14]})
    assert g.step == "build" and g.view()["board"]["markers"] == {"Ann": "M1", "Bob": "R1"}


def test_start_in_a_unique_colour_region():
    g = game(unique_region_start=True)
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19]})
    place(g, 12)                                     # C12: the yellow region
    assert rule_of(g, {"type": "start", "at": "R1"}) == "start.region"     # C17, yellow too
    place(g, 16)
    with pytest.raises(IllegalAction, match="different colour regions"):
        game(("A", "B", "C", "D", "E", "F"), unique_region_start=True)


def test_one_colour():
    g = game(one_colour=True)
    g.apply({"type": "colour", "city": "C13"})         # green: every marker stands in green land
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19]})
    assert rule_of(g, {"type": "start", "at": "M1"}) == "start.colour"
    place(g, 13, 18)
    assert g.view()["round"]["colour"] == "green"


def test_maturita():
    g = game(maturita=True, pieces=1)
    assert g.step == "variant" and g.current_player() == 0
    assert {a["variant"] for a in g.legal_actions()} >= {"standard", "quarantine", "super_changer"}
    assert "restricted_connection" not in {a["variant"] for a in g.legal_actions()}    # 2 players
    g.apply({"type": "variant", "variant": "super_changer"})
    g.apply({"type": "changer", "buy": True})
    g.apply({"type": "changer", "buy": False})
    standard_round(g)
    build(g, "M1/N1")
    # round 2: Bob picks; Ann's Super Changer lasts, the variant of round 1 does not
    assert g.step == "variant" and g.current_player() == 1 and 0 in g.changer
    g.apply({"type": "variant", "variant": "standard"})
    assert g.step == "deal" and g.variants == frozenset()


def test_mega_game():
    g = new_game(BOARD, "transamerica-mega", ["Ann", "Bob", "Cid"], {"first_player": 0, "pieces": 1,
                                                                      "start_points": 4})
    assert g.step == "changer"
    for _ in range(3):
        g.apply({"type": "changer", "buy": False})
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    for edge in ("W1/X1", "W2/X2", "M1/M2"):
        g.apply({"type": "block", "edge": edge})
    place(g, 12, 17, 21)
    build(g, "L1/M1")
    # Ann (C11, C12) misses 3 -> 1; Bob 4 -> 0, still in: no barrier, only the sea is out;
    # Cid: C20 (1), C22 (1), C23 over the one bridge left W2/X1 via W2 (1 + 2), C24 (1): 6 -> -2, out
    assert g.scores == [1, 0, -2] and g.out == {2} and not g.is_terminal()


# -- simulation ----------------------------------------------------------------------------
@pytest.mark.slow     # end to end: several worker processes
def test_simulate_reports_rounds_and_is_the_same_whatever_jobs(tmp_path):
    import json

    from tests.support import MAPS, run_cli, run_here

    from mapkit.engine import load_engine_map, load_record

    args = ["simulate", MAPS / "czechia.yaml", "--rules", "transamerica", "--players", "3", "--games", "6",
            "--seed", "2", "--bots", "greedy,random,greedy", "--format", "json"]
    one = run_here(*args, "--jobs", "1", "--records", tmp_path)
    two = run_cli(*args, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    rep = json.loads(one.stdout)
    assert sum(s["wins"] for s in rep["seats"]) == pytest.approx(6)
    assert {b["bot"] for b in rep["by_bot"]} == {"greedy", "random"}
    r = rep["rounds"]
    assert sum(r["ends"].values()) == r["total"] and r["total"] >= 6
    # a second count of the points lost in round 1, from the kept records
    board = load_engine_map(MAPS / "czechia.yaml")
    lost = []
    for k in range(6):
        g = replay(load_record(tmp_path / f"game-{k + 1:05d}.json"), board)
        lost += list(g.results[0]["lost"].values())
    assert r["lost_by_round"][0]["mean_lost"] == pytest.approx(sum(lost) / len(lost), abs=1e-4)
    # the text report of two of these games (its pool of two processes forked from here)
    two_games = args[:-2]
    two_games[two_games.index("--games") + 1] = "2"
    text = run_here(*two_games, "--jobs", "2")
    assert "2 games" in text.stdout and "Rounds:" in text.stdout and "points lost per player: round 1" in text.stdout


# -- play in the terminal ------------------------------------------------------------------
def test_play_in_the_terminal_against_two_bots(tmp_path):
    from tests.support import MAPS, run_here

    from mapkit.engine import load_engine_map, load_record

    cities = ["Praha", "Brno", "Ostrava", "Plzeň", "Liberec", "Zlín", "Cheb", "Tábor", "Karlovy Vary", "Opava"]
    lines = ["cards", "cost", "start Jihlava"]
    for _ in range(80):
        lines += ["start Jihlava", *(f"to {c}" for c in cities), "done"]
    rec = tmp_path / "ta.json"
    r = run_here("play", MAPS / "czechia.yaml", "--rules", "transamerica", "--players", "Ann,bot:greedy,bot:greedy",
                "--seed", "3", "--record", rec, input="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Game over:" in out and "Winner:" in out
    assert "no network yet: place your start marker first" in out
    state = replay(load_record(rec), load_engine_map(MAPS / "czechia.yaml"))
    assert state.is_terminal()
    # Ann sees her own cards, and only hers: every 'your cards' line names the cards dealt to her
    deals = {}
    for a in state.history:
        if a["type"] == "deal":
            deals.setdefault(a["player"], set()).add(a["city"])
    shown = [ln for ln in out.splitlines() if "your cards:" in ln]
    assert shown
    for ln in shown:
        names = {part.split(" (")[0].strip() for part in ln.split("your cards:")[1].split("),") if part.strip()}
        assert names <= deals[0] and not names & (deals[1] | deals[2]) - deals[0]
    # nobody's dealt card is named when it is dealt
    assert "a card for" not in out and "the cards are dealt" in out
    # the picture shows the board of the last round: one line a single piece, two a double line
    svg = (tmp_path / "ta.svg").read_text("utf-8")
    singles = sum(1 for e in state.net.pieces if state.tables.size[e] == 1)
    doubles = len(state.net.pieces) - singles
    assert svg.count('class="track shared"') == singles + 2 * doubles
    assert svg.count('class="start p') == 3 and "Hradec Králové" in svg     # a card city of its own


def test_text_map_shows_shared_track_and_markers():
    from mapkit.play.textmap import text_map

    g = game()
    standard_round(g, marks=(12, "M2"))      # Bob's marker on the open mountain hex M2
    build(g, "M1/N1", "N1/O1")
    lines = text_map(g, width=200).splitlines()
    column = lines[0].index(" M ") + 1          # where column M stands
    row2 = next(ln for ln in lines if ln.startswith(" 2 "))
    assert row2[column + 2] == "2"               # seat 2's marker (the row is pushed half a hex)
    assert [t["network"] for t in g.view()["board"]["track"]] == [[0], [0]]


# -- the printed kit -----------------------------------------------------------------------
@pytest.mark.slow     # end to end: a whole printed kit
def test_sheets_print_the_board_the_cards_the_score_track_and_the_rules(tmp_path):
    from tests.support import MAPS, run_here
    from pypdf import PdfReader

    out = tmp_path / "kit"
    r = run_here("sheets", MAPS / "czechia.yaml", "-o", out, "--rules", "transamerica", "--players", "4")
    assert r.returncode == 0, r.stderr
    pages = {f: len(PdfReader(out / f).pages) for f in ("board.pdf", "board-A4.pdf", "cards.pdf", "score.pdf",
                                                        "rules.pdf")}
    assert pages["cards.pdf"] == 4 and pages["board.pdf"] == 1 and pages["rules.pdf"] == 1
    cards_text = "".join(p.extract_text() for p in PdfReader(out / "cards.pdf").pages)
    from mapkit.engine.games.transamerica.cards import read_cards
    from mapkit.io.yamlmap import load_map

    m = load_map(MAPS / "czechia.yaml")
    cards, _ = read_cards(m)
    for c in cards:         # every city on its card, with its colour and hex
        assert c.name in cards_text
        assert f"{c.colour} · {hex_name(c.hex)}" in cards_text
    assert cards_text.count("set aside with 2 or 3 players") == 10
    rules_text = PdfReader(out / "rules.pdf").pages[0].extract_text()
    assert "all 84 pieces are laid" in rules_text and "Hradec Králové" in rules_text
    score_text = PdfReader(out / "score.pdf").pages[0].extract_text()
    assert "barrier" in score_text and "player 4" in score_text and "player 5" not in score_text
    assert (out / "index.html").read_text("utf-8").count("<figure>") == 5


def test_the_printed_board_dots_every_junction():
    from tests.support import MAPS

    from mapkit.engine.games.transamerica.cards import read_cards
    from mapkit.io.yamlmap import load_map
    from mapkit.engine.games.transamerica.front.paper import TransAmericaArt, card_map

    for name in ("czechia", "usa"):
        m = load_map(MAPS / f"{name}.yaml")
        art = TransAmericaArt(card_map(m, read_cards(m)[0]))
        g = new_game(EngineMap.from_map(m), "transamerica", ["A", "B"])
        assert {hex_name(h) for h in art.dot_hexes()} == {g.board.hex_names[h] for h in g.tables.junctions}


def test_sheets_refuse_a_map_without_cards_and_dampfross_options(tmp_path):
    from tests.support import MAPS, assert_one_line_error, run_here

    r = run_here("sheets", MAPS / "example.yaml", "-o", tmp_path / "x", "--rules", "transamerica")
    assert_one_line_error(r, "example.yaml", "no city cards")
    r = run_here("sheets", MAPS / "usa.yaml", "-o", tmp_path / "y", "--rules", "transamerica", "--races", "5")
    assert_one_line_error(r, "--races")
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


def test_a_spectator_is_not_shown_actions_that_give_a_hand_away():
    g = three(card_passing="all_at_once")
    deal(g, {0: [10, 11, 12, 13, 14], 1: [15, 16, 17, 18, 19], 2: [20, 21, 22, 23, 24]})
    assert g.view()["legal"] == [] and "hand" not in g.view()["players"][0]
    assert [a["city"] for a in g.view(0)["legal"]] == [C(x) for x in (10, 11, 12, 13, 14)]
    assert g.view(1)["legal"] == []


def test_replay_tells_a_transamerica_game(tmp_path):
    from tests.support import run_here

    m = strip_map()
    from mapkit.io.yamlwrite import save_map

    save_map(m, tmp_path / "strip.yaml")
    g = game()
    standard_round(g)
    play_to_completion(g, [("L1/M1", "M1/N1"), ("K1/L1", "N1/O1")], [("Q1/R1", "R1/S1")])
    from mapkit.engine.record import save_record

    save_record(Record.of(g, map_file="strip.yaml"), tmp_path / "g.json")
    r = run_here("replay", tmp_path / "g.json")
    assert r.returncode == 0, r.stderr
    assert "round 1 (Ann joined all cities; 6 pieces): lost Ann 0, Bob 2" in r.stdout
    assert "Bob: score 11" in r.stdout


def test_a_listed_marker_stands_on_the_hex_it_names_where_a_city_reads_as_a_hex():
    """Cities named like hexes (the blue card city ``b1`` stands on B5, not on B1): each listed
    start marker, ``"at": "B1"`` among them, is placed on the hex the listing names, and the
    city's own name still places it on the city."""
    g = dealt(HANDS)
    while g.step != "place":
        g.apply(g.legal_actions()[0])
    p = g.current_player()
    listed = [a for a in g.legal_actions() if a["type"] == "start"]
    assert any(a["at"] == "B1" for a in listed)
    for a in listed:
        h = g.clone()
        h.apply(a)
        assert h.net.hex_of(h.net.markers[p]) == g.board.hex_id(a["at"])
    city = next(c for c in g.board.cities if c.name == "b1")
    assert g.board.hex_names[city.hex] != "B1"
    h = g.clone()
    h.apply({"type": "start", "player": p, "at": "b1"})
    assert h.net.hex_of(h.net.markers[p]) == city.hex
