"""Requests meant to hurt ``mapkit serve``: saves without end, bodies that never arrive, inputs
of 100,000 characters echoed back, settings of the wrong type. Each is refused with one short
line and bounded work; the expected values below are worked out by hand."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from tests.web.webserver import MAPS, TINY, Served, web_missing

pytestmark = pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}]
LONG = "x" * 100_000
CLIPPED = "x" * 80 + "..."          # what an error may repeat of LONG


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile")
    (tmp / "maps").mkdir()
    (tmp / "maps" / "tiny.yaml").write_text(TINY, encoding="utf-8")
    s = Served(tmp / "games", [tmp / "maps" / "tiny.yaml", MAPS / "example.yaml"])
    yield s
    s.stop()


def _catalogue(tmp_path):
    from mapkit.web.catalogue import Catalogue
    from mapkit.web.storage import GamesFolder

    return Catalogue(GamesFolder(tmp_path / "g"), [])


def _canonical(name):
    from mapkit.io.yamlmap import parse_map
    from mapkit.io.yamlwrite import dump_map

    m, _ = parse_map(TINY.replace("name: ", f"name: {name} ", 1))
    return dump_map(m)


# -- 1. saved maps: a bounded cache, a bounded folder ------------------------------------------
def test_only_the_last_maps_used_stay_parsed(tmp_path, monkeypatch):
    import mapkit.web.catalogue as catalogue

    monkeypatch.setattr(catalogue, "MAPS_KEPT", 2)
    cat = _catalogue(tmp_path)
    for name in ("a", "b", "c"):
        cat.save(_canonical(name), name)
    for name in ("a", "b", "c", "b"):
        cat.load("my-" + name)
    # a, b, c read, then b again: c and b are the two last used, b the very last
    assert [p.stem for p in cat._maps] == ["c", "b"]
    # the lobby still lists all three (its lines are kept apart)
    assert [e["id"] for e in cat.entries()] == ["my-a", "my-b", "my-c"]


def test_saved_maps_stop_at_the_cap_but_their_owners_still_save(tmp_path, monkeypatch):
    import mapkit.web.catalogue as catalogue
    from mapkit.errors import InputError

    monkeypatch.setattr(catalogue, "MAX_SAVED_MAPS", 3)
    cat = _catalogue(tmp_path)
    text = _canonical("t")
    first = cat.save(text, "tiny")
    assert [cat.save(text, "tiny")["id"] for _ in range(2)] == ["my-tiny-2", "my-tiny-3"]
    with pytest.raises(InputError) as exc:
        cat.save(text, "tiny")
    assert str(exc.value) == "the server holds 3 saved maps, the most it keeps"
    assert cat.save(text, "tiny", first["key"])["id"] == "my-tiny"      # replacing adds no file


def test_a_free_name_is_one_past_the_highest_copy(tmp_path):
    cat = _catalogue(tmp_path)
    taken = {"tiny", "tiny-2", "tiny-7", "tiny-x", "tinyy-9"}
    assert cat.free_name("tiny", taken) == "tiny-8"
    assert cat.free_name("other", taken) == "other"
    assert cat.free_name("tiny-7", taken) == "tiny-7-2"


def test_a_map_id_of_the_wrong_type_says_so(served):
    code, body, _ = served.request("/api/games", {"map": 5, "preset": "paluba", "seats": SEATS})
    assert (code, json.loads(body)["error"]) == (400, "map: the id of a map, not int")


# -- 2. bodies that leave or trickle -------------------------------------------------------------
def _request(receive, length):
    from starlette.requests import Request

    scope = {"type": "http", "method": "POST", "path": "/", "headers": [(b"content-length", length)],
             "query_string": b""}
    return Request(scope, receive)


def test_a_client_that_leaves_mid_body_is_gone(monkeypatch):
    from mapkit.web.httpio import read_body
    from mapkit.web.jobs import Gone

    messages = iter([{"type": "http.request", "body": b"{}", "more_body": True}, {"type": "http.disconnect"}])

    async def receive():
        return next(messages)

    with pytest.raises(Gone):
        asyncio.run(read_body(_request(receive, b"100")))


def test_a_body_that_does_not_arrive_in_time_is_refused(monkeypatch):
    import mapkit.web.httpio as httpio

    monkeypatch.setattr(httpio, "BODY_SECONDS", 0.05)

    async def receive():
        await asyncio.sleep(10)

    start = time.monotonic()
    with pytest.raises(httpio.TooSlow) as exc:
        asyncio.run(httpio.read_body(_request(receive, b"100")))
    assert str(exc.value) == "the request did not arrive in 0.05 s" and time.monotonic() - start < 5


# -- 3. echoes clipped -------------------------------------------------------------------------
@pytest.mark.parametrize("field", ["map", "preset"])
def test_a_long_name_comes_back_clipped(served, field):
    asked = {"map": "tiny", "preset": "paluba", "seats": SEATS, field: LONG}
    code, body, _ = served.request("/api/games", asked)
    error = json.loads(body)["error"]
    assert code == 400 and CLIPPED in error and "x" * 81 not in error and len(body) < 500


def test_a_long_option_name_comes_back_clipped(served):
    code, body, _ = served.request("/api/games", {"map": "tiny", "preset": "paluba", "seats": SEATS,
                                                  "options": {LONG: 1}})
    error = json.loads(body)["error"]
    assert code == 400 and CLIPPED in error and len(body) < 500


def test_a_long_map_id_in_the_path_comes_back_clipped(served):
    code, body, _ = served.request("/api/maps/" + "x" * 5000 + "/yaml")
    assert code == 400 and json.loads(body)["error"] == f"no map '{CLIPPED}' on this server"


def test_a_long_action_type_comes_back_clipped(served):
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")])
    ann = served.ws(g["id"], g["seats"][0]["url"].split("t=")[1])
    try:
        assert ann.recv()["type"] == "hello"
        r = ann.act({"type": "y" * 50_000})
        assert r["type"] == "error" and "'" + "y" * 80 + "...'" in r["message"] and len(r["message"]) < 400
    finally:
        ann.close()


def test_clip_echoes_cuts_quoted_values_runs_and_length():
    from mapkit.web.echo import clip, clip_echoes

    assert clip("abc") == "abc" and clip("a" * 81) == "a" * 80 + "..."
    assert clip_echoes(f"unknown option {LONG!r}; known: seed") == f"unknown option '{CLIPPED}'; known: seed"
    assert clip_echoes("bad " + LONG) == "bad " + CLIPPED
    assert clip_echoes("w " * 300) == ("w " * 200) + "..."      # 600 characters, cut to 400


# -- 4. small things ---------------------------------------------------------------------------
def test_retry_after_is_the_wait_the_message_names(tmp_path):
    s = Served(tmp_path / "games", [MAPS / "example.yaml"], extra=["--max-creations", "1"])
    try:
        first = s.request("/api/games", {"map": "example", "preset": "paluba", "seats": SEATS})
        assert first[0] == 200, first[1][:300]
        code, body, headers = s.request("/api/games", {"map": "example", "preset": "paluba", "seats": SEATS})
        error = json.loads(body)["error"]
        wait = error.split("try again in ")[1].split(" s")[0]
        assert code == 429 and headers["Retry-After"] == wait and int(wait) > 60
    finally:
        s.stop()


@pytest.mark.parametrize("options", [0, "", [], None])
def test_options_that_are_not_an_object_are_refused(served, options):
    code, body, _ = served.request("/api/games", {"map": "tiny", "preset": "paluba", "seats": SEATS,
                                                  "options": options})
    assert (code, json.loads(body)["error"]) == (400, "options: an object of option -> value")
