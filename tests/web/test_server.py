"""``mapkit serve`` without a browser: a real server in a child process, driven over HTTP and
WebSockets as a page drives it. Seats act only for themselves, dice are the server's,
illegal actions change nothing, records are on disk after every action and games resume after
a restart; uploads are checked; the editor's answers are the analysis modules' figures."""

from __future__ import annotations

import json

import pytest

from tests.support import run_here
from tests.web.webserver import MAPS, TINY, Served, web_missing

pytestmark = pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")


def _serve(folder):
    (folder / "maps").mkdir()
    (folder / "maps" / "tiny.yaml").write_text(TINY, encoding="utf-8")
    return Served(folder / "games", [folder / "maps" / "tiny.yaml", MAPS / "example.yaml"])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One server for the module: each test plays a game of its own, or saves and uploads maps
    of names no other test uses."""
    s = _serve(tmp_path_factory.mktemp("served"))
    yield s
    s.stop()


@pytest.fixture()
def fresh(tmp_path):
    """A server of the test's own (its game goes on by itself after the test: stopped with it)."""
    s = _serve(tmp_path)
    yield s
    s.stop()


def _record(served, gid):
    from mapkit.engine.record import load_record

    return load_record(served.games / gid / "record.json")


def _replayed(served, gid):
    from mapkit.engine import EngineMap, replay
    from mapkit.io.yamlmap import load_map

    board = EngineMap.from_map(load_map(served.games / gid / "map.yaml"))
    return replay(_record(served, gid), board)


def test_a_game_through_the_live_channel(served):
    g = served.new_game("tiny", [("Ann", "human"), ("Bot", "greedy")], options={"first_player": 0})
    ann_token = g["seats"][0]["url"].split("t=")[1]
    assert g["seats"][1]["url"] is None                       # a bot has no link
    ann = served.ws(g["id"], ann_token)
    assert ann.recv()["type"] == "hello" and ann.hello["game"]["you"] == [0]
    st = ann.wait(lambda s: s["view"]["step"] == "start")
    assert sorted(a["city"] for a in st["view"]["legal"]) == ["Aš", "Brno", "Cheb", "Most"]

    # the dice are the server's
    r = ann.act({"type": "roll", "dice": [6, 6]})
    assert r["type"] == "error" and "server" in r["message"]
    r = ann.act({"type": "start", "city": "A1"})              # a hex for the city: normalized
    assert r["type"] == "ack" and r["action"] == {"type": "start", "player": 0, "city": "Aš"}
    st = ann.wait(lambda s: s["view"]["step"] == "build" and s["view"]["current_player"] == 0)
    points = st["view"]["turn"]["points"]
    dice = _record(served, g["id"]).actions[-1]
    assert dice["type"] == "roll" and points == sum(dice["dice"])        # Paluba: two dice, shared

    # an illegal action: a clear message, nothing changed
    n = st["n"]
    r = ann.act({"type": "build", "pieces": ["F3/F4"]})
    assert r["type"] == "error" and r["rule"].startswith("build.")
    assert "F3/F4" in r["message"] or "network" in r["message"]
    assert len(_record(served, g["id"]).actions) == n
    # acting for another seat is refused before the engine is asked
    r = ann.act({"type": "done", "player": 1})
    assert r["type"] == "error" and r["message"] == "this link plays for Ann, not for Bot"

    r = ann.act({"type": "build", "pieces": ["A1/B1"]})        # a plain piece: 1 point (docs/rules.md, The board)
    assert r["type"] == "ack"
    st = ann.wait(lambda s: s["n"] == n + 1)
    assert {"edge": "A1/B1", "owners": [0]} in st["view"]["board"]["track"]
    assert st["view"]["turn"]["points"] == points - 1
    # the record on disk has every action and replays to what the browser is shown
    rec = _record(served, g["id"])
    assert len(rec.actions) == n + 1 and rec.actions[-1] == {"type": "build", "player": 0, "pieces": ["A1/B1"]}
    assert _replayed(served, g["id"]).view(0)["board"] == st["view"]["board"]

    # a spectator sees the board, no legal actions, and cannot act
    spec = served.ws(g["id"])
    spec.recv()
    sst = spec.wait(lambda s: True)
    assert sst["view"]["legal"] == [] and sst["view"]["board"]["track"] == st["view"]["board"]["track"]
    r = spec.act({"type": "done"})
    assert r["type"] == "error" and "spectator" in r["message"]
    # a wrong token is no key
    bad = served.ws(g["id"], "not-a-token")
    m = bad.recv()
    assert m["type"] == "error" and m.get("fatal") and "not valid" in m["message"]
    for c in (ann, spec, bad):
        c.close()


def test_malformed_messages_get_one_line_answers(served):
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0})
    ann = served.ws(g["id"], g["seats"][0]["url"].split("t=")[1])
    ann.recv()
    ann.conn.send("this is not JSON")
    m = ann.recv()
    while m["type"] != "error":
        m = ann.recv()
    assert m["message"] == "the message:1: malformed JSON: Expecting value"
    assert ann.call({"type": "act", "action": "start"})["message"] == 'an action is a JSON object with a "type"'
    assert ann.call({"type": "teleport"})["message"].startswith("unknown message type 'teleport'")
    assert ann.act({"type": "build", "pieces": ["A1/B1"]})["type"] == "error"     # no start chosen yet
    # junk of every kind: refused one by one, nothing changed, the channel still open
    for junk in ({"type": "done", "player": [0]}, {"type": "done", "player": "0"}, {"type": 5},
                 {"type": "build", "pieces": [{"a": 1}]}, {"type": "start", "city": [1]},
                 {"type": "build", "path": None}, {"type": "first", "player": 0}):
        r = ann.act(junk)
        assert r["type"] == "error" and r["message"], (junk, r)
    for junk in ({"type": "act"}, {"type": "ask"}, {"type": "ask", "ask": "plan", "to": ["x"]}, {"type": None},
                 {"id": [1], "type": "ping"}):
        assert ann.call(junk)["type"] in ("error", "pong")
    assert ann.call({"type": "ping"})["type"] == "pong"
    assert _record(served, g["id"]).actions == []
    assert ann.call({"type": "ask", "ask": "preview", "path": ["A1", "B1"]})["message"] == "you are not building now"
    ann.close()


def test_games_resume_after_a_restart(tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    s = Served(tmp_path / "games", [tmp_path / "tiny.yaml"])
    try:
        g = s.new_game("tiny", [("Ann", "human"), ("Bot", "greedy")], options={"first_player": 0})
        token = g["seats"][0]["url"].split("t=")[1]
        ann = s.ws(g["id"], token)
        ann.recv()
        ann.act({"type": "start", "city": "Aš"})
        ann.act({"type": "build", "pieces": ["A1/B1"]})
        before = ann.wait(lambda st: st["view"]["board"]["track"])
        ann.close()
    finally:
        s.stop()
    s = Served(tmp_path / "games", [tmp_path / "tiny.yaml"])
    try:
        assert "1 games resumed" in s.first_line
        listed = s.json("/api/games")["games"]
        assert [x["id"] for x in listed] == [g["id"]] and listed[0]["actions"] == before["n"]
        ann = s.ws(g["id"], token)                            # the same link still works
        ann.recv()
        st = ann.wait(lambda st: True)
        assert st["n"] == before["n"] and st["view"]["board"] == before["view"]["board"]
        assert ann.act({"type": "done"})["type"] == "ack"     # and the game goes on
        ann.wait(lambda st: st["view"]["current_player"] == 0 and st["n"] > before["n"] + 1)
        ann.close()
    finally:
        s.stop()


def test_secrets_stay_with_their_seat(served):
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], preset="expres", options={"first_player": 0})
    tokens = [x["url"].split("t=")[1] for x in g["seats"]]
    ann, bea, spec = served.ws(g["id"], tokens[0]), served.ws(g["id"], tokens[1]), served.ws(g["id"])
    for c in (ann, bea, spec):
        c.recv()
    ann.wait(lambda s: s["view"]["step"] == "secret_start")
    assert ann.act({"type": "start", "city": "Brno"})["type"] == "ack"
    mine = ann.wait(lambda s: s["n"] >= 1)["view"]["players"][0]
    assert mine["chosen"] == "Brno"
    for c in (bea, spec):
        other = c.wait(lambda s: s["n"] >= 1)
        assert other["view"]["players"][0]["chosen"] is True
        shown = {k: v for k, v in other["view"].items() if k != "legal"}     # her own choices list Brno
        assert "Brno" not in json.dumps(shown)
    # the record would show it: only the host may take it before the end
    code, body, _ = served.request(f"/api/games/{g['id']}/record?t={tokens[1]}")
    assert code == 403 and b"when the game is over" in body
    code, body, _ = served.request(f"/api/games/{g['id']}/record?t={g['host'].split('t=')[1]}")
    assert code == 200 and json.loads(body)["actions"][-1]["city"] == "Brno"
    code, body, _ = served.request(f"/api/games/{g['id']}/links?t={tokens[0]}")
    assert code == 403 and b"host" in body
    for c in (ann, bea, spec):
        c.close()


def test_hot_seat_acts_for_every_person(served):
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0})
    host = served.ws(g["id"], g["host"].split("t=")[1])
    ann = served.ws(g["id"], g["seats"][0]["url"].split("t=")[1])
    host.recv()
    ann.recv()
    assert host.hello["game"]["host"] and host.hello["game"]["you"] == [0, 1]
    host.wait(lambda s: s["view"]["current_player"] == 0)
    assert host.act({"type": "start", "city": "Aš"})["type"] == "ack"
    # Ann's own screen, open beside the host's, is still hers alone
    assert ann.wait(lambda s: s["n"] >= 1)["view"]["you"] == [0]
    ann.close()
    host.act({"type": "done"})
    st = host.wait(lambda s: s["view"]["current_player"] == 1 and s["view"]["legal"])
    assert st["view"]["legal"][0]["player"] == 1                 # the screen now shows Bea's turn
    assert host.act({"type": "start", "city": "Cheb"})["action"]["player"] == 1
    host.close()


def test_bad_games_and_uploads_are_refused(served):
    for body, needle in [({"map": "tiny", "preset": "chess", "seats": [{"name": "A"}, {"name": "B"}]},
                          "unknown rules preset"),
                         ({"map": "../tiny", "preset": "paluba", "seats": []}, "no map"),
                         ({"map": "tiny", "preset": "paluba", "seats": [{"name": "A"}]}, "2 to 8 seats"),
                         ({"map": "tiny", "preset": "paluba", "seats": [{"name": "A"}, {"name": "A"}]}, "two seats"),
                         ({"map": "tiny", "preset": "paluba",
                           "seats": [{"name": "A"}, {"name": "B", "kind": "oracle"}]},
                          "unknown bot"),
                         ({"map": "tiny", "preset": "paluba", "options": {"racez": 3},
                           "seats": [{"name": "A"}, {"name": "B"}]}, "did you mean 'races'")]:
        code, got, _ = served.request("/api/games", body)
        assert code == 400 and needle in json.loads(got)["error"], got
    assert served.request("/api/games/zzzzzzzz/board")[0] == 404
    assert served.request("/api/games/..%2F..%2Fetc/board")[0] in (400, 404)

    broken = TINY.replace("{name: Cheb, hex: L6", "{name: Cheb, hex: Z9")
    code, got, _ = served.request("/api/maps?name=broken.yaml", broken, "POST")
    assert code == 400 and "E131" in json.loads(got)["error"]
    code, got, _ = served.request("/api/maps?name=x.yaml", "version: 1\ngrid: [\n", "POST")
    assert code == 400 and "x.yaml" in json.loads(got)["error"]
    assert _post_large(served, "/api/maps?name=big.yaml", 3 * 1024 * 1024) == 413
    # a good one is stored inside the games folder, whatever its name says
    code, got, _ = served.request("/api/maps?name=..%2F..%2Fevil.yaml", TINY.replace("Tiny", "Malá"), "POST")
    assert code == 200, got
    entry = json.loads(got)
    assert entry["id"] == "my-mala" and (served.games / "maps" / "mala.yaml").is_file()
    assert not (served.games.parent / "evil.yaml").exists()       # where maps/../../evil.yaml would be
    assert "my-mala" in [m["id"] for m in served.json("/api/maps")["maps"]]


def _post_large(served, path, size):
    """POST ``size`` bytes, reading the answer even when the server refuses before the end."""
    import http.client
    from urllib.parse import urlsplit

    u = urlsplit(served.url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    conn.putrequest("POST", path)
    conn.putheader("Content-Length", str(size))
    conn.endheaders()
    try:
        for _ in range(size // 65536):
            conn.send(b"#" * 65536)
    except (BrokenPipeError, ConnectionResetError):
        pass
    status = conn.getresponse().status
    conn.close()
    return status


def test_the_editor_renames_a_city_and_its_references(served):
    doc = served.json("/api/maps/tiny/doc")["doc"]
    doc.setdefault("rules", {})["start_cities"] = ["Aš", "Brno"]
    new = served.json("/api/edit/rename", {"doc": doc, "old": "Aš", "new": "Asch"})["doc"]
    assert [c["name"] for c in new["cities"]] == ["Asch", "Cheb", "Brno", "Most"]
    assert new["rules"]["start_cities"] == ["Asch", "Brno"]
    code, body, _ = served.request("/api/edit/rename", {"doc": doc, "old": "Aš", "new": "Brno"})
    assert code == 400 and b"there is a city 'Brno' already" in body


def test_the_editor_answers_with_the_analysis_figures(served, tmp_path):
    doc = served.json("/api/maps/tiny/doc")["doc"]
    # cities in race-number order, as the canonical form keeps them
    assert doc["terrain"] == {} and [c["name"] for c in doc["cities"]] == ["Aš", "Cheb", "Brno", "Most"]
    a = served.json("/api/edit/analyse", {"doc": doc, "metric": "build"})
    assert a["table"]["cities"] == ["Aš", "Cheb", "Brno", "Most"]
    assert a["table"]["matrix"][0][2] == 11                    # Aš A1 -> Brno L1: 11 plain pieces
    assert a["svg"].startswith("<svg") and "Brno" in a["svg"]
    # a mountain on the only straight way: entering it and leaving it cost 3 each (docs/rules.md, The board),
    # and the cheapest way now bends round it through row 2 (1 more piece, 12)
    doc["terrain"] = {"F1": "mountain"}
    b = served.json("/api/edit/analyse", {"doc": doc, "metric": "build", "board": False})
    assert b["table"]["matrix"][0][2] == 12
    assert b["races"]["pairs"] == 66 and b["races"]["forbidden"] == a["races"]["forbidden"]
    # saved: the bytes mapkit format writes
    saved = served.json("/api/edit/save", {"doc": doc, "name": "Tiny hills"})
    path = served.games / "maps" / "tiny-hills.yaml"
    assert saved["map"]["id"] == "my-tiny-hills" and path.read_text(encoding="utf-8") == saved["yaml"]
    formatted = run_here("format", path)
    assert formatted.returncode == 0, formatted.stderr
    assert formatted.stdout == saved["yaml"]
    assert served.json("/api/maps/my-tiny-hills/doc")["doc"]["terrain"] == {"F1": "mountain"}
    # a broken document: one line, no tables
    doc["cities"][0]["hex"] = "ZZ99"
    c = served.json("/api/edit/analyse", {"doc": doc, "board": False})
    assert any(i["code"] == "E131" for i in c["issues"])
    code, got, _ = served.request("/api/edit/kit", {"doc": doc})
    assert code == 400 and "E131" in json.loads(got)["error"]


def test_the_turn_timer_ends_a_decision(fresh):
    # option turn_timer (docs/rules.md, Options): the server sends the engine's timeout when the time is up
    g = fresh.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0, "turn_timer": 1})
    ann = fresh.ws(g["id"], g["seats"][0]["url"].split("t=")[1])
    ann.recv()
    assert ann.hello["game"]["timer"] == 1
    ann.act({"type": "start", "city": "Aš"})
    st = ann.wait(lambda s: s["view"]["current_player"] == 1, timeout=15)    # Ann's build turn timed out
    actions = _record(fresh, g["id"]).actions
    assert {"type": "timeout", "player": 0} in actions
    assert st["view"]["board"]["track"] == []
    ann.close()


def test_undo_takes_back_ones_own_last_action(served):
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0})
    ann = served.ws(g["id"], g["seats"][0]["url"].split("t=")[1])
    bea = served.ws(g["id"], g["seats"][1]["url"].split("t=")[1])
    ann.recv()
    bea.recv()
    assert ann.call({"type": "undo"})["message"] == "there is no action to undo"
    ann.act({"type": "start", "city": "Aš"})
    # the dice were rolled after it: never taken back
    assert "dice" in ann.call({"type": "undo"})["message"]
    n = ann.act({"type": "build", "pieces": ["A1/B1"]})["n"]
    assert bea.call({"type": "undo"})["message"] == "the last action is Ann's; you may take back only your own"
    r = ann.call({"type": "undo"})
    assert r["type"] == "undone" and r["action"]["pieces"] == ["A1/B1"] and r["n"] == n - 1
    st = bea.wait(lambda s: s["n"] == n - 1)
    assert st["view"]["board"]["track"] == [] and len(_record(served, g["id"]).actions) == n - 1
    ann.close()
    bea.close()


def test_the_kit_and_the_heat_map_of_a_drawn_map(served):
    import io
    import zipfile

    doc = served.json("/api/edit/blank", {"columns": 8, "rows": 5, "name": "Mini"})["doc"]
    assert doc["grid"]["columns"] == 8 and doc["terrain"] == {}
    doc["cities"] = [{"name": "Aš", "hex": "A1", "numbers": [11]}, {"name": "Cheb", "hex": "H5", "numbers": [12]}]
    heat = served.json("/api/edit/heat", {"doc": doc})["hexes"]
    # an open plain board: the hexes on a cheapest path from A1 to H5 are those whose steps
    # from A1 and to H5 add up to the steps between them; the heat lists exactly those between
    from mapkit.grid import Grid, parse_hex

    grid = Grid("pointy", "odd", 8, 5)
    a, z = parse_hex("A1"), parse_hex("H5")
    on_path = {str(h) for h in grid.hexes() if grid.distance(a, h) + grid.distance(h, z) == grid.distance(a, z)}
    assert set(heat) == on_path - {"A1", "H5"} and max(v[0] for v in heat.values()) == 1.0
    code, body, headers = served.request("/api/edit/kit", {"doc": doc})
    assert code == 200 and headers["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(body)).namelist()
    assert {"board.pdf", "distances.pdf", "index.html"} <= set(names)
    assert list((served.games / "tmp").iterdir()) == []            # the work folder is gone
    # in the page's language (issue 37): the page sends its lang with the kit's request
    code, body, _ = served.request("/api/edit/kit", {"doc": doc, "lang": "de"})
    index = zipfile.ZipFile(io.BytesIO(body)).read("index.html").decode("utf-8")
    assert code == 200 and '<html lang="de">' in index and "Blätter zum Drucken" in index
    code, body, _ = served.request("/api/edit/blank", {"columns": 0, "rows": 5})
    assert code == 400 and b"columns" in body


def test_the_pages_messages_in_each_language(served):
    # the browser's catalogue (static/i18n.js fetches it) is made from the .po the kits use
    code, body, headers = served.request("/i18n/cs.json")
    assert code == 200 and headers["Content-Type"].startswith("application/json")
    messages = json.loads(body)["messages"]
    assert messages["Start the game"] == "Začít hru" and messages["Races"] == "Závody"
    assert json.loads(served.request("/i18n/de.json")[1])["messages"]["Race this route"] == "Diese Route fahren"
    assert json.loads(served.request("/i18n/en.json")[1]) == {"lang": "en", "messages": {}}
    assert served.request("/i18n/fr.json")[0] == 404
    code, body, _ = served.request("/static/i18n.js")
    assert code == 200 and b"export function t(" in body


def test_other_sites_pages_are_refused(served):
    # another site's page posting to this server, and a name of another site pointed at it
    code, body, _ = served.request("/api/games", {"map": "tiny", "preset": "paluba",
                                                  "seats": [{"name": "A"}, {"name": "B"}]},
                                   headers={"Origin": "http://evil.example"})
    assert code == 403 and b"other sites" in body
    assert served.request("/api/maps", headers={"Host": "evil.example:8000"})[0] == 400
    port = served.url.rsplit(":", 1)[1]
    assert served.request("/api/maps", headers={"Origin": f"http://127.0.0.1:{port}"})[0] == 200
    from websockets.exceptions import InvalidStatus, ConnectionClosed
    from websockets.sync.client import connect

    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")])
    try:
        with connect(served.url.replace("http", "ws") + f"/ws/{g['id']}", origin="http://evil.example") as c:
            c.recv(timeout=5)
        refused = False
    except (InvalidStatus, ConnectionClosed):
        refused = True
    assert refused
