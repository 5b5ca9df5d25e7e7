"""The load test of ``mapkit serve`` (``benchmarks/web.py``), kept short: 24 games of 4 seats,
each seat its own WebSocket client (96 at once), all playing at the same time on the
loopback. Every game must end, no client may get an error, every acknowledged action must
stand at its place in its record on disk (none lost, none added), and every record must replay
to the state each seat was last shown. The figures themselves are the benchmark's to print."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from tests.web.webserver import TINY, Served, web_missing

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import web as bench  # noqa: E402

pytestmark = pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")

# short games: one race, build rounds capped (a cap for simulations, not a rule)
SHORT = {"races": 1, "build_round_limit": 3}


def test_two_dozen_games_of_four_clients_at_once(tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    s = Served(tmp_path / "games", [tmp_path / "tiny.yaml"])
    try:
        created, logs, wall = asyncio.run(bench.play_all(s, "tiny", 24, 4, 11, SHORT))
    finally:
        s.stop()
    r = bench.check_and_measure(s, created, logs, wall)
    assert r["games"] == 24 and r["clients"] == 96
    assert r["player_actions"] > 24 * 4            # every seat acted (a start city at least)
    assert len(list((tmp_path / "games").glob("*/record.json"))) == 24

    # the checks see a lost action: take one acknowledged action out of a record
    gid = created[7]["id"]
    path = tmp_path / "games" / gid / "record.json"
    rec = json.loads(path.read_text(encoding="utf-8"))
    n, _ = logs[(gid, 0)]["acked"][1]
    del rec["actions"][n - 1]
    path.write_text(json.dumps(rec), encoding="utf-8")
    with pytest.raises(Exception, match=gid):
        bench.check_and_measure(s, created, logs, wall)
