"""Records written by the engine before its restructuring (version-1 records, made with
mapkit at commit ffc5034 by playing bots on the bundled maps) replay to the same final state.

Each ``NN-MAP-PRESET.json`` is a record; ``NN-MAP-PRESET.summary.json`` is the
``GameState.summary()`` that the old engine printed at its end. The maps are copies of the
bundled maps as they were then (``maps/``), so later changes to a bundled map do not change
these games. A record that stops replaying, or replays to another end, means old games saved
by users would break.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mapkit.engine import load_engine_map, load_record, replay
from mapkit.engine.record import map_file_of

DATA = Path(__file__).resolve().parents[1] / "data" / "records_v1"
RECORDS = sorted(p for p in DATA.glob("*.json") if not p.name.endswith(".summary.json"))


def test_the_fixture_set_is_there():
    assert len(RECORDS) >= 12


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_an_old_record_replays_to_the_same_end(path):
    rec = load_record(path)
    board = load_engine_map(map_file_of(rec, path))
    g = replay(rec, board, source=str(path))
    want = json.loads(path.with_name(path.stem + ".summary.json").read_text("utf-8"))
    got = json.loads(json.dumps(g.summary(), ensure_ascii=False))
    assert got == want
