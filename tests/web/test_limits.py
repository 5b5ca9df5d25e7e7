"""``mapkit serve`` left running for anyone: the bundled maps from any folder, every request's
work bounded before it starts, one server per games folder, nothing acknowledged ever lost,
and every bad input a 4xx with one line (never a 500, never a dropped socket).

Each test is bounded in count and time and talks to a server on the loopback only."""

from __future__ import annotations

import asyncio
import json
import os
import time

import pytest

from tests.web.webserver import MAPS, TINY, Served, web_missing

pytestmark = pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")


def _tiny(tmp_path):
    (tmp_path / "maps").mkdir(exist_ok=True)
    path = tmp_path / "maps" / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One server for the tests that only ask it things or add what no other test looks at
    (refusals, a game, saved maps, a link in its maps folder); started once for the module."""
    tmp = tmp_path_factory.mktemp("served")
    s = Served(tmp / "games", [_tiny(tmp), MAPS / "example.yaml"])
    yield s
    s.stop()


@pytest.fixture()
def fresh(tmp_path):
    """A server of the test's own, on a games folder nothing else has used."""
    s = Served(tmp_path / "games", [_tiny(tmp_path), MAPS / "example.yaml"])
    yield s
    s.stop()


def _server_says(s, needle, timeout):
    """Read the standard error of server ``s`` until ``needle`` shows (or ``timeout`` seconds
    have passed); what was read. Its log lines come out as they are written (line-buffered)."""
    import select

    fd, seen, end = s.proc.stderr.fileno(), b"", time.monotonic() + timeout
    while needle.encode() not in seen:
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
        chunk = os.read(fd, 65536) if ready else b""
        if not chunk:                    # the time is up, or the server closed its standard error
            break
        seen += chunk
    return seen.decode("utf-8", "replace")


def _token(link):
    return link.split("t=")[1]


# -- the bundled maps ------------------------------------------------------------------------------
def test_the_bundled_maps_are_offered_from_an_empty_folder_and_by_name(tmp_path):
    from mapkit import bundled

    empty = tmp_path / "empty"
    empty.mkdir()
    s = Served(empty / "games", cwd=empty)
    try:
        ids = [m["id"] for m in s.json("/api/maps")["maps"]]
        assert ids == bundled.names() and "czechia" in ids
        assert f"({len(bundled.names())} maps," in s.first_line
    finally:
        s.stop()
    s = Served(empty / "games2", ["czechia", "Germany"], cwd=empty)
    try:
        assert [m["id"] for m in s.json("/api/maps")["maps"]] == ["czechia", "germany"]
    finally:
        s.stop()


def test_a_map_that_is_neither_a_file_nor_bundled_is_one_line(tmp_path, cli):
    r = cli("serve", "no-such-map", "--port", "0", "--games", tmp_path / "g", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "no-such-map: no such map file or folder, and no bundled map of that name" in r.stderr


# -- one server per folder -------------------------------------------------------------------------
def test_a_second_server_on_the_same_folder_is_refused_naming_the_first(fresh):
    import subprocess
    import sys

    from tests.support import ROOT

    try:       # bounded: a second server that started would serve until killed
        r = subprocess.run([sys.executable, "-m", "mapkit", "serve", "--port", "0", "--games", str(fresh.games)],
                           capture_output=True, text=True, timeout=30, cwd=ROOT,
                           env=dict(os.environ, PYTHONPATH=str(ROOT)))
    except subprocess.TimeoutExpired:
        pytest.fail("a second server started on a folder that a running server uses")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert str(fresh.games) in r.stderr and "in use by another mapkit serve" in r.stderr
    assert fresh.url.split("//")[1] in r.stderr                   # the holder's address
    assert fresh.json("/api/games")["games"] == []                # the first goes on


# -- bounded work ------------------------------------------------------------------------------------
def _example_doc(served):
    return served.json("/api/maps/example/doc")["doc"]


def test_a_document_past_the_limits_is_refused_before_any_work(served):
    doc = _example_doc(served)
    doc["cities"] = doc["cities"] + [{"name": f"Town {i}", "hex": "A1"} for i in range(30_000)]
    code, body, _ = served.request("/api/edit/analyse", {"doc": doc, "metric": "build"})
    assert code == 400
    assert json.loads(body)["error"] == "cities: 30016 cities; a map in the editor has at most 300"
    doc = _example_doc(served)
    doc["name"] = "x" * 5000
    code, body, _ = served.request("/api/edit/kit", {"doc": doc})
    assert code == 400 and json.loads(body)["error"] == "name: a text of 5000 characters; at most 200"
    doc = _example_doc(served)
    doc["grid"]["columns"] = 5000
    code, body, _ = served.request("/api/edit/heat", {"doc": doc})
    assert code == 400 and "5000 columns; a map in the editor has at most 200" in json.loads(body)["error"]
    # an uploaded file: the same limits, before validation and before the board is built (the
    # format's largest, 1000 x 1000 hexes, takes seconds to build)
    big = TINY.replace("columns: 12, rows: 6", "columns: 1000, rows: 1000")
    started = time.monotonic()
    code, body, _ = served.request("/api/maps?name=big.yaml", big, method="POST")
    assert code == 400 and "big.yaml: grid: 1000 x 1000 hexes" in json.loads(body)["error"]
    assert time.monotonic() - started < 1


def test_editor_jobs_wait_in_a_bounded_queue_time_out_and_stop_when_the_asker_leaves():
    from mapkit.errors import InputError
    from mapkit.io.yamlmap import load_map
    from mapkit.web import editor
    from mapkit.web.jobs import Busy, Gone, JobPool

    doc = editor.document_of(load_map(MAPS / "czechia.yaml"))
    pool = JobPool(workers=1, queue=0)

    async def scenario():
        first = asyncio.ensure_future(pool.run("analyse", doc, "build", True))
        await asyncio.sleep(0)                      # the first job holds the only place
        with pytest.raises(Busy, match="busy with 1 map jobs"):
            await pool.run("analyse", doc, "build", False)
        assert (await first)["cities"] == 36
        with pytest.raises(InputError, match="took longer than its limit of 0.05 s"):
            await pool.run("analyse", doc, "build", True, timeout=0.05)

        async def left():
            return True
        started = time.monotonic()
        with pytest.raises(Gone):
            await pool.run("analyse", doc, "build", True, gone=left)
        assert time.monotonic() - started < 5
        # the pool goes on with a fresh worker
        return (await pool.run("analyse", doc, "steps", False))["table"]["metric"]

    try:
        assert asyncio.run(scenario()) == "steps"
    finally:
        pool.close()


def test_a_socket_that_does_not_read_its_replies_is_dropped_not_the_server(tmp_path):
    from websockets.exceptions import ConnectionClosed

    s = Served(tmp_path / "games", [MAPS / "czechia.yaml"])
    try:
        g = s.new_game("czechia", [("Ann", "human"), ("Bea", "human")], preset="transamerica")
        spy = s.ws(g["id"])
        closed = None
        try:
            for _ in range(3000):           # each answer is the whole board (tens of kB)
                spy.conn.send(json.dumps({"type": "ask", "ask": "board"}))
        except ConnectionClosed as exc:
            closed = exc
        # not reading: the answers pile up on the server until it drops the socket (and says so)
        _server_says(s, "replies unread; dropped", 60)
        if closed is None:                   # sent them all: the close is waiting to be read
            with pytest.raises(ConnectionClosed) as got:
                while True:
                    spy.conn.recv(timeout=20)
            closed = got.value
        assert closed.rcvd is not None and closed.rcvd.code == 1008
        assert s.json("/api/games")["games"][0]["id"] == g["id"]       # the server lives on
    finally:
        s.stop()


def test_creations_are_capped_per_address_and_in_all(tmp_path):
    s = Served(tmp_path / "games", [_tiny(tmp_path)], extra=["--max-creations", "3", "--max-games", "4"])
    try:
        for _ in range(3):
            s.new_game("tiny", [("Ann", "human"), ("Bea", "human")])
        code, body, headers = s.request("/api/games", {"map": "tiny", "preset": "paluba", "seats": [
            {"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]})
        assert code == 429 and "3 games started from here" in json.loads(body)["error"]
        assert headers["Retry-After"]
    finally:
        s.stop()
    s = Served(tmp_path / "games", [_tiny(tmp_path)], extra=["--max-games", "4"])
    try:
        s.new_game("tiny", [("Ann", "human"), ("Bea", "human")])       # the 4th unfinished game
        code, body, _ = s.request("/api/games", {"map": "tiny", "preset": "paluba", "seats": [
            {"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]})
        assert code == 503 and "limit of 4 unfinished games" in json.loads(body)["error"]
    finally:
        s.stop()


def test_idle_games_leave_memory_and_come_back_as_they_were(tmp_path):
    from mapkit.io.yamlmap import parse_map
    from mapkit.io.yamlwrite import dump_map
    from mapkit.web.hub import GameRequest, Hub, Limits
    from mapkit.web.storage import GamesFolder

    m, _ = parse_map(TINY)
    hub = Hub(GamesFolder(tmp_path / "g"), Limits(idle=0))

    async def scenario():
        made = []
        for seed in range(5):
            g = await hub.create(m, dump_map(m), GameRequest("paluba", {"first_player": 0},
                                                             [("Ann", "human"), ("Bot", "greedy")], seed=seed, pace=0))
            await g.act(g.access(g.seat_token(0)), {"type": "start", "city": "Aš"})
            await g.settle()
            made.append((g.id, list(g.state.history)))
        assert len(hub._boards) == 1                # five games, one compiled board
        assert sorted(hub.sweep()) == sorted(gid for gid, _ in made)
        assert hub.games == {} and hub._boards == {}
        assert len(hub.listing()["games"]) == 5
        for gid, history in made:
            g = await hub.game(gid)
            assert g.state.history == history
            assert g.state.current_player() == 0 and g.state.step == "build"
    asyncio.run(scenario())


# -- nothing lost ------------------------------------------------------------------------------------
def test_a_game_is_accepted_only_if_its_record_reads_back(tmp_path):
    tiny = _tiny(tmp_path)
    s = Served(tmp_path / "games", [tiny])
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    try:
        code, body, _ = s.request("/api/games", {"map": "tiny", "preset": "paluba", "seed": 2 ** 1000,
                                                 "seats": seats})
        assert code == 400 and "a number of 302 digits is too long" in json.loads(body)["error"]
        assert [p.name for p in s.games.iterdir() if len(p.name) == 10] == []     # nothing written
        big = s.new_game("tiny", [("Ann", "human"), ("Bea", "human")], seed=2 ** 300)      # 91 digits
    finally:
        s.stop()
    s = Served(tmp_path / "games", [tiny])          # what was accepted resumes
    try:
        assert [g["id"] for g in s.json("/api/games")["games"]] == [big["id"]]
        assert s.json("/api/games")["broken"] == []
    finally:
        s.stop()


def test_a_damaged_game_is_set_aside_and_the_others_resume(tmp_path):
    tiny = _tiny(tmp_path)
    s = Served(tmp_path / "games", [tiny])
    good = s.new_game("tiny", [("Ann", "human"), ("Bea", "human")])
    bad = s.new_game("tiny", [("Ann", "human"), ("Bea", "human")])
    s.stop()
    (tmp_path / "games" / bad["id"] / "game.json").write_text("[" * 5000 + "]" * 5000)
    s = Served(tmp_path / "games", [tiny])
    try:
        assert "1 games resumed, 1 could not be" in s.first_line
        listing = s.json("/api/games")
        assert [g["id"] for g in listing["games"]] == [good["id"]]
        assert listing["broken"][0]["id"] == bad["id"]
        assert "nested more than 100 levels deep" in listing["broken"][0]["error"]
        assert str(tmp_path) not in json.dumps(listing)                 # no path of the server's machine
        assert (tmp_path / "games" / "set-aside" / bad["id"] / "game.json").is_file()
        assert not (tmp_path / "games" / bad["id"]).exists()
    finally:
        s.stop()
    assert f"game {bad['id']} not resumed" in s.stderr


def test_an_acknowledged_record_is_flushed_to_the_disk(tmp_path, monkeypatch):
    from mapkit.engine.record import Record, save_record
    from mapkit.fileio import atomic_write

    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.fstat(fd).st_mode) or real(fd))
    rec = Record({"format": "mapkit-game", "version": 1, "map": {"hash": "h"}, "preset": "paluba",
                  "options": {}, "players": ["A", "B"]}, [])
    save_record(rec, tmp_path / "r.json", durable=True)
    import stat
    assert [stat.S_ISREG(m) for m in synced] == [True, False]          # the file, then its folder
    synced.clear()
    atomic_write(tmp_path / "other.txt", "x")
    assert synced == []                                                 # only where it is asked for


# -- bad input: a 4xx with one line ----------------------------------------------------------------
def test_no_request_gets_a_500(served):
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0})
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
    bodies = [
        ("/api/games", "[" * 3000 + "]" * 3000, "nested more than 20 levels deep"),
        ("/api/games", '{"map": "tiny", "seed": ' + "9" * 5000 + "}", "a number of 5000 digits is too long"),
        ("/api/games", json.dumps({"map": "tiny", "preset": "paluba", "seats": [
            {"name": "\ud800", "kind": "human"}, seats[1]]}), "lone surrogate"),
        ("/api/games", json.dumps({"map": "tiny", "preset": "paluba", "seats": [
            {"name": "Ann", "kind": []}, seats[1]]}), "seat 1: the kind is 'human' or a bot's name"),
        ("/api/games", json.dumps({"map": "tiny", "preset": "paluba", "seats": seats, "pace": "fast"}),
         "the pace is a number of seconds"),
        ("/api/edit/kit", json.dumps({"doc": {"name": "x"}, "rules": {}}), "rules: the name of a rules preset"),
        ("/api/edit/analyse", json.dumps({"doc": [1]}), "a map document is a JSON object"),
        ("/api/edit/blank", json.dumps({"columns": "many"}), "columns: a whole number from 1 to 200"),
    ]
    for path, body, needle in bodies:
        code, got, _ = served.request(path, body.encode("utf-8", "surrogatepass"),
                                      headers={"Content-Type": "application/json"})
        assert 400 <= code < 500, (path, body[:60], code, got[:300])
        assert needle in json.loads(got)["error"], (needle, got[:300])
        assert "\n" not in json.loads(got)["error"]
    # a seat's link asking for the host's links: 403, as docs/web.md says
    code, _, _ = served.request(f"/api/games/{g['id']}/links?t={_token(g['seats'][0]['url'])}")
    assert code == 403
    # the live channel: an error message, and the socket stays open
    ann = served.ws(g["id"], _token(g["seats"][0]["url"]))
    ann.recv()
    ann.conn.send("[" * 3000 + "]" * 3000)
    m = ann.recv()
    while m["type"] != "error":
        m = ann.recv()
    assert m["message"] == "the message: nested more than 20 levels deep"
    assert ann.call({"type": "act", "action": {"type": "done", "player": True}})["message"] == \
        "this link plays for Ann, not for seat true"
    assert ann.call({"type": "ping"})["type"] == "pong"
    ann.close()


def test_saving_never_replaces_another_visitors_map(served):
    doc = _example_doc(served)
    first = served.json("/api/edit/save", {"doc": doc, "name": "mine"})["map"]
    other = served.json("/api/edit/save", {"doc": doc, "name": "mine"})["map"]          # no key
    assert (first["id"], other["id"]) == ("my-mine", "my-mine-2") and first["key"] != other["key"]
    doc["name"] = "Mine, changed"
    again = served.json("/api/edit/save", {"doc": doc, "name": "mine", "key": first["key"]})["map"]
    assert again["id"] == "my-mine" and again["name"] == "Mine, changed"
    wrong = served.json("/api/edit/save", {"doc": doc, "name": "mine", "key": other["key"]})["map"]
    assert wrong["id"] == "my-mine-3"
    listed = served.json("/api/maps")["maps"]
    assert not any("key" in m for m in listed)                      # keys are never listed


def test_the_saved_maps_listed_are_files_inside_the_folder(served, tmp_path):
    outside = tmp_path / "secret.yaml"
    outside.write_text(TINY, encoding="utf-8")
    (served.games / "maps" / "link.yaml").symlink_to(outside)
    assert "my-link" not in [m["id"] for m in served.json("/api/maps")["maps"]]
    code, _, _ = served.request("/api/maps/my-link/yaml")
    assert code == 400


# -- the same readers on the command line ----------------------------------------------------------
def test_bad_files_on_the_command_line_are_one_line(tmp_path):
    import io
    import zipfile

    from PIL import Image

    from tests.support import run_here

    record = {"format": "mapkit-game", "version": 1, "map": {"hash": "x", "file": "a" * 300 + ".yaml"},
              "preset": "paluba", "options": {}, "players": ["A", "B"], "actions": []}
    (tmp_path / "r.json").write_text(json.dumps(record))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("map.json", "{}")
    data = bytearray(buf.getvalue())
    data[data.find(b"PK\x01\x02") + 6] = 183            # "version needed to extract": 18.3
    (tmp_path / "x.dmpfmap").write_bytes(bytes(data))
    Image.new("1", (9400, 9400), 1).save(tmp_path / "huge.png")    # 30 kB of file, 88 million pixels
    for args, needle in ((["replay", tmp_path / "r.json"], "name is too long"),
                         (["import", "--from", "dmpfmap", tmp_path / "x.dmpfmap", "-o", tmp_path / "o.yaml"],
                          "a ZIP archive of a kind this reader does not support"),
                         (["import", tmp_path / "huge.png", "-o", tmp_path / "o.yaml"],
                          "image of 9400 x 9400 pixels is larger than the 50 million pixels")):
        r = run_here(*args)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and needle in r.stderr, (args, r.stderr[-300:])
