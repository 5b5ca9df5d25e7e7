"""The Railroad Tycoon family's questions (``mapkit.engine.games.railroad_tycoon.front.web``):
scenarios on the strip of the engine's scenarios (``tests/engine/railroad_tycoon/scenario.py``),
agreement with the engine in games of greedy bots on the small test board, and a served game
whose seats see their own task card only."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mapkit.engine import load_engine_map, new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.games.railroad_tycoon import track
from mapkit.engine.games.railroad_tycoon.front import web as fam
from mapkit.errors import InputError
from mapkit.web.families import option_notes, public_requests, requests_for
from tests.engine.railroad_tycoon.scenario import game, money, to_turn
from tests.web.webserver import Served, web_missing

SMALL = Path(__file__).resolve().parents[1] / "data" / "railroad-tycoon-small.yaml"


def test_the_family_names_its_requests():
    assert sorted(requests_for("railroad_tycoon")) == ["cards", "deliveries", "hint", "plan", "preview"]
    assert public_requests("railroad_tycoon") == frozenset({"cards"})
    assert "empty cities" in option_notes("railroad_tycoon")["empty_cities"]


def test_preview_prices_tile_by_tile_and_stops_with_the_engines_reason():
    g = game()
    money(g, 0, 5000)
    # New York A1 - B1 - C1 (mountain, over the river) - D1 Pittsburgh
    p = fam.preview(g, 0, {"path": ["A1", "B1", "C1", "D1"]})
    assert [(s["hex"], s["tile"], s["cost"], s["ok"]) for s in p["steps"]] == [
        ("B1", True, 2000, True), ("C1", True, 5000, True), ("D1", False, 0, True)]
    assert p["cost"] == 7000 and p["finished"] and not p["affordable"] and p["money"] == 5000
    assert p["action"] == {"type": "build", "player": 0, "path": ["A1", "B1", "C1", "D1"]}
    # on through Pittsburgh: a link ends in the first city it reaches
    p = fam.preview(g, 0, {"path": ["A1", "B1", "C1", "D1", "E1"]})
    assert p["action"]["path"][-1] == "D1" and not p["steps"][-1]["ok"] and p["steps"][-1]["reason"]
    # an unfinished link: the tiles laid and where it points
    p = fam.preview(g, 0, {"path": ["A1", "B1", "C1"]})
    assert p["action"]["path"] == ["A1", "B1", "C1"] and p["tiles"] == 1 and not p["finished"]
    with pytest.raises(InputError, match="not your turn"):
        fam.preview(g, 1, {"path": ["A1", "B1"]})


def test_plan_and_deliveries():
    g = game(goods={"New York": ["red", "blue"]})
    money(g, 0, 10000)
    assert fam.plan(g, 0, {"to": "D1"})["path"][-1] == "D1"
    g.apply({"type": "build", "player": 0, "path": ["A1", "B1", "C1", "D1"]})
    to_turn(g, 0)
    before = g.clone()
    r = fam.deliveries(g, 0, {"from": "New York"})
    assert [(o["to"], o["points"], o["links"]) for o in r["options"]] == [("Pittsburgh", 1, 1)]
    assert r["options"][0]["action"]["colour"] == "red"
    assert fam.deliveries(g, 0, {"from": "A1", "colour": "blue"}) == {"options": []}
    assert g.history == before.history            # nothing changed
    assert fam.cards(g, None, {})["tasks"]["most-links"]["points"] == 6


def test_the_answers_agree_with_the_engine_in_games_of_bots():
    board = load_engine_map(SMALL)
    checked = 0
    for seed in (1, 2):
        g = new_game(board, "railroad-tycoon", ["A", "B", "C"], {"round_limit": 4}, seed=seed)
        rng = random.Random(seed)
        bot = make_bot("greedy", seed, preset="railroad-tycoon")
        while not g.is_terminal():
            if g.is_chance_node():
                g.apply(g.sample_chance(rng))
                continue
            p = g.current_player()
            a = bot.decide(g)
            if g.step == "act":
                legal = [x for x in g.legal_actions() if x["type"] == "deliver"]
                asked = [o["action"] for c in {x["from"] for x in legal}
                         for o in fam.deliveries(g, p, {"from": c})["options"]]
                assert sorted(map(json.dumps, asked)) == sorted(map(json.dumps, legal))
                if a["type"] == "build":
                    pv = fam.preview(g, p, {"path": a["path"]})
                    assert pv["action"]["path"] == a["path"]
                    assert pv["cost"] == track.check_build(g, p, a).cost == sum(s["cost"] for s in pv["steps"])
                    checked += 1
            g.apply(a)
    assert checked > 10


@pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")
def test_each_seat_sees_its_own_task_only(tmp_path):
    s = Served(tmp_path / "games", [SMALL])
    try:
        mid = s.json("/api/info")["maps"][0]["id"]
        g = s.new_game(mid, [("Ann", "human"), ("Bea", "human"), ("Cy", "greedy")], preset="railroad-tycoon")
        url = s.url.replace("http://", "ws://") + f"/ws/{g['id']}"
        from tests.web.webserver import Live

        conns = [Live(f"{url}?t={g['seats'][k]['url'].split('t=')[1]}") for k in (0, 1)] + [Live(url)]
        views = [c.wait(lambda m: m["view"]["step"] == "auction")["view"] for c in conns]
        for seat, v in zip((0, 1, None), views, strict=True):
            assert [p["seat"] for p in v["players"] if "task" in p] == ([] if seat is None else [seat])
        spec = conns[2]
        assert spec.call({"type": "ask", "ask": "cards"})["type"] == "answer"
        r = spec.call({"type": "ask", "ask": "deliveries", "from": "Chicago"})
        assert r["type"] == "error" and r["rule"] == "web.spectator"
        for c in conns:
            c.close()
    finally:
        s.stop()
