"""Whole Railroad Tycoon games on the small test board (``tests/data/railroad-tycoon-small.yaml``):
a seeded record replays byte for byte, random bots never crash, the greedy bot beats the
random one, ``mapkit simulate`` gives the same report with ``--jobs 2``, and the map section
is read, checked, exported and hashed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mapkit.engine import EngineMap, load_engine_map, new_game
from mapkit.engine.compiled import compile_map, map_hashes
from mapkit.engine.bots import make_bot
from mapkit.engine.record import Record, load_record, replay
from mapkit.io.yamlmap import load_map
from tests.support import run_cli, run_here

DATA = Path(__file__).resolve().parents[2] / "data"
MAP = DATA / "railroad-tycoon-small.yaml"
RECORD = DATA / "railroad-tycoon-record.json"
BOARD = load_engine_map(MAP)


def play(bots, seed, players=4, **options):
    g = new_game(BOARD, "railroad-tycoon", [f"P{k}" for k in range(players)], options, seed=seed)
    rng = random.Random(seed)
    made = [make_bot(b, seed=k, preset="railroad-tycoon") for k, b in enumerate(bots)]
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
        else:
            g.apply(made[g.current_player()].decide(g))
    return g


def test_a_seeded_game_replays_byte_for_byte():
    g = play(["greedy", "random", "greedy"], seed=7, players=3)
    text = Record.of(g, map_file="tests/data/railroad-tycoon-small.yaml").dumps()
    assert text == RECORD.read_text(encoding="utf-8")
    again = replay(load_record(RECORD), BOARD)
    assert again.snapshot() == g.snapshot()
    assert Record.of(again, map_file="tests/data/railroad-tycoon-small.yaml").dumps() == text


@pytest.mark.parametrize("seed", range(4))
def test_random_bots_never_crash(seed):
    g = play(["random"] * (2 + seed), seed=seed, players=2 + seed, round_limit=6)
    assert g.is_terminal() and g.winners()
    view = g.view(0)
    assert view["period"]["kind"] == "round" and view["race"] is None
    assert json.loads(json.dumps(view)) == view


@pytest.mark.slow
def test_greedy_beats_random():
    wins = {"greedy": 0.0, "random": 0.0}
    for seed in range(4):
        bots = ["greedy", "random"] * 2 if seed % 2 else ["random", "greedy"] * 2
        g = play(bots, seed=seed)
        for w in g.winners():
            wins[bots[w]] += 1 / len(g.winners())
    assert wins["greedy"] >= 3, wins


def test_the_view_follows_the_contract():
    g = play(["greedy", "greedy"], seed=3, players=2, round_limit=2)
    v = g.view(1)
    me, other = v["players"][1], v["players"][0]
    assert set(me) >= {"seat", "name", "money", "score", "account", "shares", "loco", "cards", "task"}
    assert isinstance(other["cards"], list)             # the game is over: every hand shows
    board = v["board"]
    assert {"track", "tokens", "cities"} <= set(board)
    assert all(set(t) == {"hex", "joins", "owners", "link", "finished"} for t in board["track"])
    assert all(set(c) == {"name", "hex", "colour", "empty", "founded"} for c in board["cities"])
    assert {"auction", "cards", "messages", "ledger", "period"} <= set(v)


@pytest.mark.slow
def test_simulate_is_the_same_with_two_jobs():
    args = ["simulate", MAP, "--rules", "railroad-tycoon", "--players", "4", "--games", "4", "--seed", "1",
            "--no-progress"]
    one = run_here(*args)
    two = run_cli(*args, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout and "Deliveries:" in one.stdout and "never served" in one.stdout


def test_the_map_section_is_checked_exported_and_hashed():
    from mapkit.engine.games.railroad_tycoon import FAMILY

    m = load_map(MAP)
    assert FAMILY.plays_on(m)
    assert sorted({i.code for i in FAMILY.validate_map(m)}) == ["W270"]
    doc = compile_map(m)
    part = EngineMap.from_json(json.loads(json.dumps(doc))).part("railroad_tycoon")
    assert part == BOARD.part("railroad_tycoon")
    assert part.colour[BOARD.city_index("Chicago")] == "red" and part.goods[BOARD.city_index("Chicago")] == 3
    assert sorted(BOARD.hex_names[h] for h in part.free_build) == ["E3", "E4", "F3"]
    assert len(part.ridges) == 2 and part.card_city["Toronto"] == BOARD.city_index("Scranton")
    # the hash covers the section only where a map has it
    bare = m.replace(rules=type(m.rules)(**{**m.rules.__dict__, "extra": {}}))
    assert map_hashes(m)[1:] == map_hashes(bare)[:1]


def test_problems_of_the_section():
    from mapkit.engine.games.railroad_tycoon import FAMILY

    m = load_map(MAP)
    block = {"colours": {"Chicago": "green", "Atlantis": "red"}, "goods": {"Chicago": 9},
             "western_link": ["Denver"], "free_build": ["Z9", "C2"], "card_cities": {"Chicago": "Nowhere"}}
    bad = m.replace(rules=type(m.rules)(**{**m.rules.__dict__, "extra": {"railroad_tycoon": block}}))
    codes = sorted({i.code for i in FAMILY.validate_map(bad)})
    assert codes == ["E170", "E171", "E172", "E173", "E174", "E175", "W270"]
    assert not FAMILY.plays_on(bad)
