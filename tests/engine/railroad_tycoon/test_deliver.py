"""Railroad Tycoon's deliveries (rules.md 6, the seed's "Přeprava zboží") on the strip board of
:mod:`.scenario`: New York (blue) - Pittsburgh (red) - Chicago (red) along row 1."""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction

from .scenario import act, game, money, to_round, to_turn

NY_PITT = ["New York", "B1", "C1", "Pittsburgh"]
PITT_CHI = ["Pittsburgh", "E1", "F1", "Chicago"]


def two_links(goods, pitt_chicago_owner=0):
    """Ann's New York - Pittsburgh (link 0), the owner's Pittsburgh - Chicago (link 1); Ann
    (and Bob) on locomotive 2, in round 2."""
    g = game(goods=goods)
    money(g, 0, 20000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    if pitt_chicago_owner == 1:
        money(g, 1, 20000)
    act(g, pitt_chicago_owner, {"type": "build", "path": PITT_CHI})
    act(g, 0, {"type": "loco"})
    act(g, 1, {"type": "issue", "count": 1})
    g.apply({"type": "loco", "player": 1})
    to_round(g, 2)
    return g


def test_a_good_is_not_carried_through_a_city_of_its_colour():
    g = two_links({"New York": ["red", "red"]})
    to_turn(g, 0)
    with pytest.raises(IllegalAction, match="deliver.passes"):
        g.apply({"type": "deliver", "from": "New York", "colour": "red", "links": [0, 1]})
    g.apply({"type": "deliver", "from": "New York", "colour": "red", "links": [0]})
    # a link, and the S card "first delivery": 2
    assert g.vp.accounts == [1 + 2, 0] and g.goods[g.board.city_index("New York")] == ["red"]


def test_every_links_owner_scores_and_the_first_link_is_own():
    g = two_links({"Chicago": ["blue"]}, pitt_chicago_owner=1)
    to_turn(g, 0)
    with pytest.raises(IllegalAction, match="deliver.own-first"):
        g.apply({"type": "deliver", "from": "Chicago", "colour": "blue", "links": [1, 0]})
    act(g, 1, {"type": "deliver", "from": "Chicago", "colour": "blue", "links": [1, 0]})
    assert g.vp.accounts == [1, 1 + 2]         # a link each; Bob also the S card "first delivery" (2)
    assert g.empty == {g.board.city_index("Chicago")}


def test_locomotive_level_limits_the_links():
    g = game(goods={"Chicago": ["blue"]})
    money(g, 0, 20000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    act(g, 0, {"type": "build", "path": PITT_CHI})
    act(g, 0, {"type": "issue", "count": 1})
    with pytest.raises(IllegalAction, match="deliver.loco"):
        g.apply({"type": "deliver", "from": "Chicago", "colour": "blue", "links": [1, 0]})


def test_only_to_a_city_of_its_colour_never_back_nor_twice():
    g = two_links({"New York": ["yellow", "blue"]})
    to_turn(g, 0)
    with pytest.raises(IllegalAction, match="deliver.colour"):
        g.apply({"type": "deliver", "from": "New York", "colour": "yellow", "links": [0]})
    with pytest.raises(IllegalAction, match="deliver.twice"):
        g.apply({"type": "deliver", "from": "New York", "colour": "blue", "links": [0, 0]})
    with pytest.raises(IllegalAction, match="deliver.good"):
        g.apply({"type": "deliver", "from": "New York", "colour": "purple", "links": [0]})


def test_listed_deliveries_are_legal():
    g = two_links({"New York": ["red", "red"], "Chicago": ["blue"], "Pittsburgh": ["blue"]})
    to_turn(g, 0)
    listed = [a for a in g.legal_actions() if a["type"] == "deliver"]
    assert sorted((a["from"], a["colour"], tuple(a["links"])) for a in listed) == [
        ("Chicago", "blue", (1, 0)), ("New York", "red", (0,)), ("Pittsburgh", "blue", (0,))]
    assert all(g.is_legal(a) for a in listed)
