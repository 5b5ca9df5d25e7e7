"""The view, version 2 (issue 36, mapkit/engine/view.py): one shape for every game family,
money and score apart, track on edges or as tiles on hexes, pawns, tokens, cities that change,
the period named neutrally; and the front ends draw it without knowing the game.

What the tests show: every family's view of every seat (and of a spectator) follows the
schema all through random games; each family's figures are its own (Dampfross money from its
ledger and no score; TransAmerica scores and no money); a family that only gives ``account``
(version 1) keeps it as its money; the terminal picture draws tiles, tokens, cities and pawns
of a family it does not know, and a race's rings only through the Dampfross front's hook.
"""

from __future__ import annotations

import random

import pytest

from mapkit.engine import new_game
from mapkit.engine.game import GameRules
from mapkit.engine.options import OptionSet
from mapkit.engine.state import State
from mapkit.engine.steps import Step
from mapkit.engine.view import VIEW_VERSION, complete_view, view_schema
from mapkit.play.picture import GamePicture
from mapkit.schemacheck import compile_schema
from tests.engine.scenarios import board_of, fee_map
from tests.engine.test_observation import card_board

VALIDATOR = compile_schema(view_schema())


def problems(view) -> list:
    return [f"{'/'.join(map(str, e.path))}: {e.message}" for e in VALIDATOR.iter_errors(view)]


def random_views(g, seed: int, every: int = 3, limit: int = 400):
    """Views of every seat and a spectator, every few actions of a random game."""
    rng = random.Random(seed)
    for n in range(limit):
        if n % every == 0:
            for seat in [None, *range(g.num_players)]:
                yield g, g.view(seat)
        if g.is_terminal():
            return
        if g.is_chance_node():
            g.play_chance(rng)
        else:
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("preset,board", [("paluba", "fee"), ("expres", "fee"), ("transamerica", "cards")])
def test_every_familys_view_follows_the_schema(preset, board):
    b = board_of(fee_map()) if board == "fee" else card_board()
    g = new_game(b, preset, ["Ann", "Bob", "Cyril"], seed=5)
    seen = 0
    for state, v in random_views(g, seed=2):
        assert problems(v) == [], (state.step, problems(v)[:3])
        assert v["view"] == VIEW_VERSION == 2
        seen += 1
    assert seen > 20


def test_money_and_score_apart():
    g = new_game(board_of(fee_map()), "paluba", ["Ann", "Bob"], {"first_player": 0})
    g.apply({"type": "start", "city": "Mělník"})
    g.apply({"type": "roll", "dice": [2, 2]})
    g.apply({"type": "build", "path": ["A3", "B3", "C3"]})     # two plain pieces: 2 build points, no money
    v = g.view()
    ann = v["players"][0]
    assert (ann["money"], ann["score"], ann["account"]) == (g.money.accounts[0], None, g.money.accounts[0])
    assert [t["edge"] for t in v["board"]["track"]] == ["A3/B3", "B3/C3"]
    assert v["board"]["pawns"] == [{"hex": "A3", "seat": 0, "kind": "start"}]
    assert v["period"] == {"kind": "round", "number": 1}

    t = new_game(card_board(), "transamerica", ["Ann", "Bob"], seed=1)
    rng = random.Random(0)
    while t.is_chance_node():
        t.play_chance(rng)
    v = t.view(0)
    assert [(p["money"], p["score"], p["account"]) for p in v["players"]] == [(None, 13, 13), (None, 13, 13)]
    assert v["period"] == {"kind": "round", "number": 1}


def test_a_version_one_familys_account_is_its_money():
    v = complete_view({"players": [{"seat": 0, "name": "Ann", "account": 7}], "board": {}})
    assert v["players"][0] == {"seat": 0, "name": "Ann", "account": 7, "money": 7, "score": None}
    assert v["board"] == {"track": [], "pawns": [], "tokens": [], "cities": []} and v["period"] is None
    # both figures: the game ranks by the score
    v = complete_view({"players": [{"seat": 0, "name": "Ann", "money": 5000, "score": 12}], "board": {}})
    assert v["players"][0]["account"] == 12


# -- a family the picture does not know: tiles, goods, a founded city ---------------------------

class _Still(Step):
    name = phase = stage = "still"

    def decider(self, s):
        return 0

    def legal_actions(self, s, player):
        return []


class _Rules(GameRules):
    name, family = "tiles", "dampfross"   # a registered family: the picture asks its front's hook
    defaults = OptionSet()


class TileState(State):
    """A state whose view has what a pick-up-and-deliver game shows (hand-written here)."""

    STEPS = {"still": _Still()}
    ACTION_TYPES = ()

    def __init__(self, game):
        super().__init__(game)
        self.step = "still"

    def view_details(self, seat):
        return {"players": [{"seat": 0, "name": "Ann", "money": 3000, "score": 4},
                            {"seat": 1, "name": "Bob", "money": 0, "score": 1}],
                "board": {"track": [{"hex": "B3", "joins": ["A3", "C3"], "owners": [0]},
                                    {"hex": "C3", "joins": ["B3", "D3"], "owners": [0], "finished": False},
                                    {"hex": "C3", "joins": ["C2", "C4"], "owners": [1]}],
                          "tokens": [{"hex": "A3", "kind": "goods", "colour": "red", "count": 2},
                                     {"hex": "E3", "kind": "goods", "colour": "blue", "count": 7}],
                          "cities": [{"name": "Beroun", "hex": "E3", "colour": "purple", "founded": True}],
                          "pawns": [{"hex": "B1", "seat": 1, "kind": "marker"}]},
                "period": {"kind": "round", "number": 3, "part": "actions"}}


def test_the_picture_draws_tiles_tokens_cities_and_pawns_of_any_game():
    from mapkit.engine.game import Game

    b = board_of(fee_map())
    g = TileState(Game(b, _Rules(), ["Ann", "Bob"], None))
    v = g.view()
    assert problems(v) == []
    svg = GamePicture(b, fee_map()).svg(g, title="a tile game")
    assert svg.count('class="track p0 tile"') == 2 and svg.count('class="track p1 tile"') == 1
    assert svg.count("stroke-dasharray") == 1                       # the unfinished tile
    # 2 red cubes and 5 of 7 blue drawn, "+2" written
    assert svg.count('class="token goods"') == 7 and ">+2</text>" in svg
    assert svg.count('class="city-now"') == 1 and svg.count('class="start p1"') == 1
    assert "Ann: 3000, 4 VP" in svg
    assert "race-start" not in svg                                   # no race in this view


def test_a_race_is_drawn_by_the_dampfross_fronts_hook():
    from tests.engine.scenarios import ladder_ready

    g = ladder_ready()
    pic = GamePicture(g.board)
    rng = random.Random(3)
    while g.phase != "race" or g.current is None or g.current.start_city is None:
        g.play_chance(rng) if g.is_chance_node() else g.apply(g.legal_actions()[0])
    assert g.view()["period"]["kind"] == "race"
    assert pic.svg(g).count('class="race-start"') == 1


@pytest.mark.parametrize("preset", ["paluba", "expres"])
def test_the_log_tells_who_played_first_started_rolled_and_built(preset):
    """The view's messages (the browser's log) are complete: who plays first, where each
    starts, every build roll with its dice and points, every turn's pieces; a seat named
    You reads "You roll", not "You rolls"."""
    from mapkit.engine.simulate import play_game
    from mapkit.io.yamlmap import load_map
    from tests.support import MAPS

    g = play_game(load_map(MAPS / "example.yaml"), preset, ["greedy", "greedy"], names=["You", "Bot 1"],
                  max_actions=80)
    log = list(g.messages)
    assert g.view(0)["messages"] == log[-len(g.view(0)["messages"]):]
    assert log[0] in ("You play first", "Bot 1 plays first")
    assert any(m.startswith(("Bot 1 rolls ", "You roll ")) and " build points" in m for m in log), log
    built = [m for m in log if m.startswith(("Bot 1 builds ", "You build "))]
    assert built and all(" piece" in m and ": " in m for m in built), log
    assert not [m for m in log if m.startswith("You ") and m.split()[1].endswith("s")], log
