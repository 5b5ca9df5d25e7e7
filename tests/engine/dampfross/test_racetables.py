"""The race tables are the Dampfross family's part of the engine's document
(:mod:`mapkit.engine.games.dampfross.racetables`): compiled for every map after the core's
keys, under the names and shapes every export had, required by the engine map's schema, read
by the family through ``board.part`` and by nothing of the core, so a TransAmerica game plays
the same on a document without them."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from mapkit.engine import EngineMap, compile_map
from mapkit.engine.errors import RecordError
from mapkit.engine.games.dampfross.racetables import ENGINE_SCHEMA, RaceTables, race_tables
from mapkit.engine.simulate import play_game
from mapkit.io.yamlmap import load_map
from tests.engine.transamerica.test_scenarios import strip_map
from tests.support import MAPS

RACE_KEYS = list(ENGINE_SCHEMA)


def test_the_race_tables_come_after_the_cores_keys_and_the_core_reads_none():
    doc = compile_map(load_map(MAPS / "example.yaml"))
    core = json.loads(resources.files("mapkit.schemas").joinpath("engine-map.schema.json").read_text("utf-8"))
    assert not set(RACE_KEYS) & set(core["properties"])
    assert list(doc)[-len(RACE_KEYS):] == RACE_KEYS
    board = EngineMap.from_json(json.loads(json.dumps(doc)))
    tables = race_tables(board)
    assert isinstance(tables, RaceTables) and tables is board.part("dampfross")
    assert tables.min_race_distance == 6 and tables.start_cities == tuple(board.city_index(n) for n in
                                                                           ("Praha", "Brno", "Ostrava"))
    assert not [k for k in ("steps", "forbidden", "prizes", "start_cities", "special_races", "min_race_distance",
                            "steps_between", "forbidden_pair", "prize_of") if hasattr(board, k)]


@pytest.mark.parametrize("key", RACE_KEYS)
def test_an_export_without_a_race_table_is_refused(key):
    doc = json.loads(json.dumps(compile_map(load_map(MAPS / "example.yaml"))))
    del doc[key]
    with pytest.raises(RecordError, match=key):
        EngineMap.from_json(doc)


def test_a_transamerica_game_plays_the_same_without_the_race_tables():
    doc = compile_map(strip_map())
    bare = EngineMap({k: v for k, v in doc.items() if k not in RACE_KEYS})
    games = [play_game(board, "transamerica", ["greedy", "random"], seed=3) for board in (EngineMap(doc), bare)]
    assert games[0].history == games[1].history and games[0].phase == "over"
    assert "dampfross" not in bare._parts
