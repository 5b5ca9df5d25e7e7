"""Hand-made hostile records: a header field of the wrong type, a chance action that names
another city than its draw, an action with an absurdly long list, an empty path. Each is
refused with one line naming the file (never a traceback, never a line of megabytes), and the
valid records they are made from still replay as before."""

from __future__ import annotations

import copy
import json
import time
from functools import cache
from pathlib import Path

import pytest

from mapkit.engine import IllegalAction, RecordError, load_engine_map
from mapkit.engine.record import Record, load_record, replay
from tests.support import DATA, assert_one_line_error, run_here

LEGACY = DATA / "records_v1" / "00-example-paluba.json"
EXAMPLE = DATA / "records_v1" / "maps" / "example.yaml"
RT_RECORD = DATA / "railroad-tycoon-record.json"
RT_MAP = DATA / "railroad-tycoon-small.yaml"


@cache
def _legacy() -> dict:
    data = json.loads(LEGACY.read_text("utf-8"))
    data["map"]["file"] = str(EXAMPLE)     # the copy is written elsewhere: name the map absolutely
    return data


def legacy() -> dict:
    """A fresh copy of a four-player Paluba record (version 1) on the example map."""
    return copy.deepcopy(_legacy())


def write(tmp_path: Path, data: dict, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return path


# -- bug 1: map.file of another type than text ----------------------------------------------

@pytest.mark.parametrize("command", [["replay"], ["play", "--no-picture", "--resume"]])
def test_a_map_file_that_is_a_number_is_one_line_naming_the_field(tmp_path, command):
    data = legacy()
    data["map"]["file"] = 5
    path = write(tmp_path, data)
    r = run_here(*command, path)
    assert_one_line_error(r, str(path), "map.file must be the map's path as text, not 5")


# -- bug 2: seed, players, bots, seats of another type than mapkit writes ---------------------

@pytest.mark.parametrize("key, value, message", [
    ("seed", "abc", 'seed must be a whole number, not "abc"'),
    ("seed", 1.5, "seed must be a whole number, not 1.5"),
    ("seed", None, "seed must be a whole number, not null"),
    ("seed", True, "seed must be a whole number, not true"),
    ("players", [1, 2, 3, 4], "players[0] must be a player's name (text), not 1"),
    ("players", ["A", " ", "C", "D"], 'players[1] must be a player\'s name (text), not " "'),
    ("players", ["A", "B", "A", "D"], 'players: two players are called "A"'),
    ("bots", ["x"] * 4, "bots[0]: unknown bot 'x'; bots: easy, greedy, random, strong"),
    ("bots", ["greedy", 1, "greedy", "greedy"], "bots[1] must be a bot's name, not 1"),
    ("bots", None, "bots must be a list of 4 (a bot's name for each player), not null"),
    ("bots", ["greedy"] * 3,
     'bots must be a list of 4 (a bot\'s name for each player), not ["greedy", "greedy", "greedy"]'),
    ("play", {"seats": ["human", "human", "x", "human"]}, "play.seats[2]: unknown bot 'x'"),
    ("play", {"seats": None}, "play.seats must be a list of 4 (\"human\" or a bot's name for each player), not null"),
    ("play", {"seats": ["human", 2, "human", "human"]}, "play.seats[1] must be \"human\" or a bot's name, not 2"),
    ("play", [], "play must be an object, not []"),
    ("version", True, "record version true is not supported"),
])
def test_a_header_field_of_another_type_is_refused_naming_it(key, value, message):
    data = legacy()
    data[key] = value
    with pytest.raises(RecordError) as e:
        Record.from_json(data, "game.json")
    assert str(e.value).startswith(f"game.json: {message}")


def test_a_bad_seed_is_refused_by_replay_and_resume_as_one_line(tmp_path):
    data = legacy()
    data["seed"] = None         # would roll other dice on each resume of an unfinished game
    path = write(tmp_path, data)
    for command in (["replay"], ["play", "--no-picture", "--resume"]):
        assert_one_line_error(run_here(*command, path), str(path), "seed must be a whole number, not null")


def test_the_fields_mapkit_writes_still_load():
    data = legacy()
    data["bots"] = ["greedy", "Strong:200ms", "random", "easy"]
    data["play"] = {"seats": ["human", "strong:64", "human", "greedy"]}
    data["simulation"] = {"seed": 1, "game": 1}
    rec = Record.from_json(data, "game.json")
    assert rec.header["seed"] == 3760901766502936435 and len(rec.actions) == 222


# -- bug 3: a Railroad Tycoon goods draw naming another city ----------------------------------

@cache
def _rt() -> dict:
    return json.loads(RT_RECORD.read_text("utf-8"))


@pytest.mark.parametrize("index, city, message", [
    (0, "Atlantis", "action 1 {\"type\": \"goods\", \"city\": \"Atlantis\", \"colour\": \"purple\"}: "
                    "this cube is drawn for Atlanta, not for 'Atlantis'"),
    (0, 3, "action 1 {\"type\": \"goods\", \"city\": 3, \"colour\": \"purple\"}: "
           "this cube is drawn for Atlanta, not for 3"),
    (67, "Atlanta", "action 68 {\"type\": \"goods\", \"colour\": \"yellow\", \"city\": \"Atlanta\"}: "
                    "this cube is drawn loose, not for 'Atlanta'"),
])
def test_a_goods_draw_must_name_the_city_of_its_draw(index, city, message):
    data = copy.deepcopy(_rt())
    data["actions"][index]["city"] = city
    with pytest.raises(IllegalAction) as e:
        replay(Record.from_json(data, "rt.json"), load_engine_map(RT_MAP), source="rt.json")
    assert e.value.rule == "chance.city"
    assert e.value.reason == f"rt.json: {message}"


def test_a_goods_draw_that_names_no_city_takes_its_draws():
    board = load_engine_map(RT_MAP)
    data = copy.deepcopy(_rt())
    for a in data["actions"]:
        if a["type"] == "goods":
            a.pop("city", None)
    want = replay(load_record(RT_RECORD), board)
    assert replay(Record.from_json(data), board).snapshot() == want.snapshot()


# -- bug 4: an action of hundreds of kB ------------------------------------------------------

def _with_route(n: int) -> dict:
    """The legacy record with its first race's route (action 33, 16 hexes) padded to ``n``."""
    data = legacy()
    route = data["actions"][32]["route"]
    assert len(route) == 16
    data["actions"][32]["route"] = route + ["A1", "B2"] * ((n - 16) // 2) + ["A1"] * ((n - 16) % 2)
    return data


def test_the_example_board_bounds_lists_at_832():
    assert len(load_engine_map(EXAMPLE).hex_names) == 192      # so 4 x 192 + 64 = 832 items


@pytest.mark.parametrize("n, rule", [(832, "route.target"), (833, "action.size")])
def test_a_list_longer_than_the_board_can_need_is_refused_unread(n, rule):
    with pytest.raises(IllegalAction) as e:
        replay(Record.from_json(_with_route(n)), load_engine_map(EXAMPLE), source="g.json")
    assert e.value.rule == rule
    if rule == "action.size":
        assert e.value.reason.endswith(": a list of 833 items, more than a board of 192 hexes can need")


def test_a_200000_hex_route_is_a_short_line_at_once(tmp_path):
    path = write(tmp_path, _with_route(200_016))
    t0 = time.process_time()
    r = run_here("replay", path)
    took = time.process_time() - t0
    assert r.returncode == 1 and "Traceback" not in r.stderr
    line = r.stderr.strip()
    assert len(line.splitlines()) == 1 and "a list of 200016 items" in line
    # the action cut to 200 characters: 197 of its JSON text, then "..."
    head = '{"type": "race", "player": 0, "route": ["K10", "L11", '
    start = line.index(f"action 33 {head}") + len("action 33 ")
    assert line[start + 197:start + 200] == "..." and line[start + 200:start + 202] == ": "
    assert len(line) < 600 and took < 2.0, (len(line), took)


def test_the_echo_of_a_short_action_is_whole():
    data = _with_route(18)      # 16 hexes + "A1", "B2": 155 characters of JSON, under 200
    with pytest.raises(IllegalAction) as e:
        replay(Record.from_json(data), load_engine_map(EXAMPLE), source="g.json")
    echo = json.dumps(data["actions"][32], ensure_ascii=False)
    assert f"g.json: action 33 {echo}: " in e.value.reason and "..." not in e.value.reason


# -- bug 5: an empty path --------------------------------------------------------------------

def test_an_empty_record_path_says_so():
    assert_one_line_error(run_here("replay", ""), "the record's path is empty")
    with pytest.raises(RecordError, match="the record's path is empty"):
        load_record("")
