"""Railroad Tycoon's action cards (the seed's "Akční karty"), each kind, on :mod:`.scenario`'s
board: green circle and S cards (also met before being laid out), hotels, engineering (pink
diamond), the red X cards and the free build (black), and the Western Link."""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction

from .scenario import act, game, money, to_round, to_turn

NY_PITT = ["New York", "B1", "C1", "Pittsburgh"]
PITT_CHI = ["Pittsburgh", "E1", "F1", "Chicago"]
CONNECT = "connect:New York-Chicago"


def test_green_card_goes_to_the_first_to_meet_it():
    g = game(cards=[CONNECT, "engineering", "two-goods", "two-actions"])
    with pytest.raises(IllegalAction, match="take.card"):
        to_turn(g, 0)
        g.apply({"type": "take", "card": CONNECT})
    money(g, 0, 20000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    assert g.vp.accounts[0] == 0
    act(g, 0, {"type": "build", "path": PITT_CHI})
    assert g.vp.accounts[0] == 6 and CONNECT not in g.display


def test_a_green_card_met_before_it_is_laid_out():
    g = game()
    money(g, 0, 20000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    act(g, 0, {"type": "build", "path": PITT_CHI})
    to_turn(g, 0)
    g.apply({"type": "take", "card": "engineering"})        # a place to refill
    to_round(g, g.round_no + 1, cards=[CONNECT])
    assert g.vp.accounts[0] == 6 and CONNECT not in g.display and CONNECT in g.discarded
    assert len([c for c in g.display if not c.startswith("s:")]) == 3     # not refilled at once


def test_a_green_card_met_by_several_before_it_is_laid_out_scores_for_nobody():
    g = game()
    money(g, 0, 20000)
    money(g, 1, 20000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    act(g, 1, {"type": "build", "path": ["New York", "A2", "B2", "C2", "Pittsburgh"]})
    act(g, 0, {"type": "build", "path": PITT_CHI})
    act(g, 1, {"type": "build", "path": ["Pittsburgh", "D2", "E2", "F2", "Chicago"]})
    to_turn(g, 0)
    g.apply({"type": "take", "card": "engineering"})
    to_round(g, g.round_no + 1, cards=[CONNECT])
    assert g.vp.accounts == [0, 0] and CONNECT in g.discarded


def test_s_cards_first_loco_4():
    g = game()
    money(g, 0, 25000)
    act(g, 0, {"type": "loco"})
    act(g, 0, {"type": "loco"})
    act(g, 0, {"type": "loco"})
    assert g.loco[0] == 4 and g.money[0] == 0 and g.vp.accounts[0] == 3 and "s:loco4" not in g.display


def test_hotel_scores_for_its_holder():
    g = game(goods={"Pittsburgh": ["yellow"]}, cards=["hotel:Boston", "engineering", "two-goods", "two-actions"])
    money(g, 0, 20000)
    act(g, 0, {"type": "build", "path": ["Pittsburgh", "C2", "C3", "B3", "Boston"]})
    act(g, 1, {"type": "take", "card": "hotel:Boston"})
    act(g, 0, {"type": "deliver", "from": "Pittsburgh", "colour": "yellow", "links": [0]})
    assert g.vp.accounts == [1 + 2, 1]


def test_engineering_five_tiles_once_a_round():
    g = game()
    money(g, 0, 30000)
    act(g, 0, {"type": "take", "card": "engineering"})
    act(g, 0, {"type": "build", "path": ["New York", "A2", "B2", "C2", "D2", "E2", "F2"]})
    act(g, 0, {"type": "issue", "count": 1})
    with pytest.raises(IllegalAction, match="build.tiles"):
        g.apply({"type": "build", "path": ["Atlanta", "H3", "I3", "I2", "H2", "H1", "Chicago"]})


def test_found_city_card_and_the_found_action():
    g = game(cards=["found-city", "free-build", "two-goods", "two-actions"])
    act(g, 0, {"type": "take", "card": "found-city"}, goods={"Scranton": ["red", "yellow"]})
    assert g.step == "choose"
    g.apply({"type": "found", "city": "Scranton", "colour": "blue"})
    draw_goods = {"Scranton": ["red", "yellow"]}
    from .scenario import draw
    draw(g, draw_goods, [], [])
    scranton = g.board.city_index("Scranton")
    assert g.city_colour(scranton) == "blue" and g.goods[scranton] == ["red", "yellow"] and g.money[0] == 0
    city = [c for c in g.view(0)["board"]["cities"] if c["name"] == "Scranton"][0]
    assert city == {"name": "Scranton", "hex": "D3", "colour": "blue", "empty": False, "founded": True}
    to_turn(g, 1)
    with pytest.raises(IllegalAction, match="found.city"):
        g.apply({"type": "found", "city": "Scranton", "colour": "red"})


def test_two_goods_card():
    g = game()
    act(g, 0, {"type": "take", "card": "two-goods"}, goods={})
    assert g.step == "choose" and len(g.loose) == 2
    g.apply({"type": "place", "city": "Atlanta"})
    assert len(g.goods[g.board.city_index("Atlanta")]) == 2 and g.current_player() == 1


def test_two_actions_card():
    g = game()
    act(g, 0, {"type": "take", "card": "two-actions"})
    assert g.current_player() == 0
    g.apply({"type": "pass"})
    assert g.current_player() == 0
    g.apply({"type": "pass"})
    assert g.current_player() == 1


def test_free_build_on_green_hexes_once_a_game():
    g = game(cards=["found-city", "free-build", "two-goods", "two-actions"])
    act(g, 0, {"type": "take", "card": "free-build"})
    to_turn(g, 0)
    with pytest.raises(IllegalAction, match="build.free"):
        g.apply({"type": "build", "path": ["Chicago", "F2", "E2", "D2", "C2"], "free": True})
    g.apply({"type": "build", "path": ["Chicago", "F2", "E2", "E1"], "free": True})
    assert g.money[0] == 0 and "free-build" not in g.held[0]


def test_western_link_and_chicagos_goods():
    g = game()
    money(g, 0, 35000)
    act(g, 0, {"type": "build", "path": ["Chicago", "H1", "Kansas City"]})
    to_turn(g, 1)
    with pytest.raises(IllegalAction, match="western"):
        g.apply({"type": "western", "city": "Kansas City"})
    act(g, 0, {"type": "western", "city": "Kansas City"})
    kc = g.board.city_index("Kansas City")
    chicago = g.board.city_index("Chicago")
    assert g.goods[kc] == ["red"] * 4 and g.western == {kc: 0} and g.money[0] == 3000
    before = len(g.goods[chicago])
    act(g, 0, {"type": "deliver", "from": "Kansas City", "colour": "red", "links": [0]},
        goods={"Chicago": ["blue", "black"]})
    assert len(g.goods[chicago]) == before + 2 and g.western_goods == {kc: 3}


def test_s_card_delivery_over_three_links_is_met_by_who_made_one():
    from mapkit.engine.games.railroad_tycoon.goals import met_by

    g = game()
    g.deliveries.append([1, 0, 1, "red", 2])
    assert met_by(g, "s:three-links") == set() and met_by(g, "s:first-delivery") == {1}
    g.deliveries.append([0, 0, 2, "red", 3])
    assert met_by(g, "s:three-links") == {0}
