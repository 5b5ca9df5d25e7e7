"""Railroad Tycoon's round (rules.md 6): the auction for first player, income with shares, the
end by empty cities and the final score with its tie-breaks, on :mod:`.scenario`'s board."""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction
from mapkit.engine.games.railroad_tycoon import goals

from .scenario import act, game, money, to_round, to_turn

NY_PITT = ["New York", "B1", "C1", "Pittsburgh"]
PITT_CHI = ["Pittsburgh", "E1", "F1", "Chicago"]


def test_auction_last_bidder_pays_and_opens_the_next_round():
    g = game(("Ann", "Bob", "Cyd"), opener=0)
    assert g.step == "auction" and g.current_player() == 0
    with pytest.raises(IllegalAction, match="bid.money"):
        g.apply({"type": "bid", "amount": 1000})
    g.apply({"type": "issue", "count": 1})
    with pytest.raises(IllegalAction, match="bid.amount"):
        g.apply({"type": "bid", "amount": 1500})
    g.apply({"type": "bid", "amount": 1000})
    g.apply({"type": "issue", "count": 1})          # Bob
    g.apply({"type": "bid", "amount": 2000})
    g.apply({"type": "pass"})                       # Cyd is out
    g.apply({"type": "bid", "amount": 3000})        # Ann
    g.apply({"type": "pass"})                       # Bob: Ann is left
    assert g.first == 0 and g.money == [2000, 5000, 0] and g.order == [0, 1, 2] and g.step == "act"
    to_round(g, 2)
    assert g.current_player() == 0                  # the first player opens the next auction


def test_nobody_bids_the_last_one_left_moves_first_for_nothing():
    g = game(("Ann", "Bob", "Cyd"), opener=1)
    g.apply({"type": "pass"})
    g.apply({"type": "pass"})
    assert g.first == 0 and g.money == [0, 0, 0]


def test_income_minus_shares_and_the_shares_issued_to_pay():
    g = game()
    money(g, 0, 15000)                              # 3 shares
    act(g, 0, {"type": "build", "path": NY_PITT})   # 7000
    act(g, 0, {"type": "build", "path": PITT_CHI})  # 8000: nothing left
    assert g.money[0] == 0
    to_round(g, 2)
    # income at 0 VP: 0; 3 shares cost 3000: Ann issues one more to pay it
    assert g.shares[0] == 4 and g.money[0] == 5000 - 3000


def test_income_follows_the_vp_field():
    g = game()
    r = g.rules
    assert r.income(3) - 2 * r.SHARE_COST == 1000
    money(g, 0, 10000)
    g.vp.pay(-1, 0, 3, "test")
    to_round(g, 2)
    assert g.money[0] == 10000 + 3000 - 2000


def test_the_game_ends_after_the_round_in_which_enough_cities_are_empty():
    g = game(goods={"Pittsburgh": ["blue"]}, empty_cities=1)
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    act(g, 0, {"type": "deliver", "from": "Pittsburgh", "colour": "blue", "links": [0]})
    assert g.ending and not g.is_terminal()
    to_round(g, 2)
    assert g.is_terminal() and g.end_reason == "1 cities empty" and g.round_no == 1
    assert g.winners() == [0] and g.final == [1 + 2 - 2, 0]     # link, the S card, minus 2 shares


def test_ties_go_to_more_links_then_more_money():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    g.shares = [0, 0]
    assert goals.final_scores(g) == [0, 0] and goals.rank(g) == [0]       # Ann has a link
    g.links = {}
    g.ledger.accounts[1] = 4000
    assert goals.rank(g) == [1]                                           # no links; Bob is richer
    g.ledger.accounts[0] = 4000
    assert goals.rank(g) == [0, 1]


def test_task_cards_score_at_the_end():
    g = game(tasks=["ny-chicago", "fewest-shares:1"])
    money(g, 0, 20000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    act(g, 0, {"type": "build", "path": PITT_CHI})
    assert goals.task_points(g, 0) == 5 and goals.task_points(g, 1) == 7
    g.task = ["chicago", "most-links"]
    assert goals.task_points(g, 0) == 2 and goals.task_points(g, 1) == 0
    g.task = ["longest-chain", "most-money:1"]
    assert goals.task_points(g, 0) == 8 and goals.task_points(g, 1) == 0


def test_a_seat_sees_only_its_own_task_and_cards():
    g = game(tasks=["western", "loco6"])
    to_turn(g, 0)
    g.apply({"type": "take", "card": "hotel:Boston"})
    ann, bob = g.view(1)["players"]
    assert "task" not in ann and ann["cards"] == 1 and bob["task"] == "loco6"
    assert g.view(0)["players"][0]["cards"] == ["hotel:Boston"]
    seen = g.observation(1)
    assert seen.task[1] == "loco6"
    assert all("card" not in a for a in seen.history if a["type"] == "task" and a["player"] == 0)
    other = game(tasks=["most-links", "loco6"])
    to_turn(other, 0)
    other.apply({"type": "take", "card": "hotel:Boston"})
    assert other.observation(1).snapshot() == seen.snapshot()
