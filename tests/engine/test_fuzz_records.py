"""Fuzzing game records through ``mapkit replay``: every outcome is exit 0, 1 or 2; a failure
is one line on standard error; never a traceback; never more than a few seconds a record.

A real record of a short game on the example map (Paluba, Expres, Dampfross, TransAmerica
maps with cards) is changed as data (actions dropped, doubled, swapped; fields given wrong
types, seats out of range, dice of 7, hexes off the board, unknown types; the header's preset,
options, players and map hash broken), then as text (characters inserted or deleted; hostile
pieces: deep brackets, 5,000-digit numbers, lone surrogates, NaN). Each goes through
``mapkit replay`` in this process, so a traceback fails the test with its stack.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapkit.engine import Record, load_engine_map
from mapkit.engine.simulate import play_game
from tests.support import MAPS, run_main

SECONDS = 5.0


@cache
def base_record(preset: str) -> str:
    """A short game's record (JSON text) by ``preset``, played by random bots."""
    mapfile = MAPS / ("usa.yaml" if preset == "transamerica" else "example.yaml")
    board = load_engine_map(mapfile)
    options = {"races": 2, "build_round_limit": 6} if preset != "transamerica" else {"rounds": 1}
    try:
        g = play_game(board, preset, ["random", "greedy"], options, seed=3, max_actions=400)
    except Exception:   # an option the preset lacks: play it plain
        g = play_game(board, preset, ["random", "greedy"], {}, seed=3, max_actions=400)
    return Record.of(g, map_file=str(mapfile)).dumps()


VALUES = st.sampled_from([None, -1, 0, 1, 7, 99, 10**30, 1.5, "", "A1", "ZZ999", "C4/C5", "Praha", [], {},
                          [1, 2], [7], "\u2028", True])


@st.composite
def changed(draw, text: str) -> str:
    data = json.loads(text)
    acts = data["actions"]
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["drop", "double", "swap", "field", "type", "header"]))
        if not acts:
            break
        i = draw(st.integers(0, len(acts) - 1))
        if kind == "drop":
            del acts[i]
        elif kind == "double":
            acts.insert(i, dict(acts[i]))
        elif kind == "swap" and len(acts) > 1:
            j = draw(st.integers(0, len(acts) - 1))
            acts[i], acts[j] = acts[j], acts[i]
        elif kind == "field":
            key = draw(st.sampled_from(sorted(set(acts[i]) | {"player", "dice", "route", "pieces", "city"})))
            acts[i][key] = draw(VALUES)
        elif kind == "type":
            acts[i]["type"] = draw(st.sampled_from(["roll", "build", "race", "pass", "fly", "", "time_up", "timeout"]))
        else:
            key = draw(st.sampled_from(["preset", "options", "players", "map", "version", "seed"]))
            data[key] = draw(VALUES | st.sampled_from(["chess", {"races": "x"}, {"hash": "sha256:0"}, ["A"]]))
    return json.dumps(data, ensure_ascii=False)


HOSTILE = ["[" * 3000, "9" * 5000, '"\\ud800"', "NaN", "Infinity", "\x00", "{", "]", "\"", ",", "1e999"]


@st.composite
def records(draw) -> str:
    text = draw(changed(base_record(draw(st.sampled_from(["paluba", "expres", "dampfross", "transamerica"])))))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
        i = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text = text[:i] + draw(st.sampled_from(HOSTILE)) + text[i:]
        else:
            text = text[:i] + text[i + draw(st.integers(1, 5)):]
    return text


@settings(max_examples=60, deadline=timedelta(seconds=60),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(records(), st.sampled_from([[], ["--format", "json"], ["--upto", "5"]]))
def test_records_give_exit_0_1_or_2_and_one_line(tmp_path_factory, text, extra):
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "game.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    argv = ["replay", str(path), *extra]
    t0 = time.process_time()
    rc, err = run_main(argv)
    took = time.process_time() - t0
    assert rc in (0, 1, 2), (argv, rc, err)
    if rc:
        assert len(err.strip().splitlines()) == 1, (argv, err)
    assert "Traceback" not in err
    assert took < SECONDS, (argv, took)
