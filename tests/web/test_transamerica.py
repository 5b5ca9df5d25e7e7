"""TransAmerica through ``mapkit serve`` without a browser: a real server in a child process,
driven over HTTP and WebSockets as a page drives it. The lobby offers TransAmerica on the maps
with city cards only; the game's board is TransAmerica's printed board; each seat's link shows
its own hand and never another's, a spectator's none, and a spectator may ask only the public
question."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from tests.web.webserver import MAPS, TINY, Live, Served, web_missing

pytestmark = pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    d = tmp_path_factory.mktemp("ta")
    (d / "tiny.yaml").write_text(TINY, encoding="utf-8")
    s = Served(d / "games", [d / "tiny.yaml", MAPS / "czechia.yaml"])
    yield s
    s.stop()


def token(url):
    return url.split("t=")[1]


def test_the_lobby_offers_transamerica_on_maps_with_city_cards(served):
    info = served.json("/api/info")
    assert {m["id"]: m["cards"] for m in info["maps"]} == {"tiny": False, "czechia": True}
    presets = {p["name"]: p for p in info["presets"]}
    assert presets["transamerica"]["needs_cards"] and presets["transamerica-mega"]["needs_cards"]
    assert not presets["paluba"]["needs_cards"]
    options = {o["name"]: o for o in presets["transamerica"]["options"]}
    assert options["card_passing"]["choices"] == ["none", "one_colour", "all_at_once"]
    assert options["mission"]["choices"] == ["none", "one", "two"] and options["open_hand"]["default"] is False
    assert "hand is shown" in options["open_hand"]["about"]
    assert sorted(presets["transamerica"]["bots"]) == ["easy", "greedy", "random", "strong"]
    assert presets["transamerica"]["bot_options"] == ["strong"]
    # a map without cards is refused in one line, naming what is missing
    code, body, _ = served.request("/api/games", {"map": "tiny", "preset": "transamerica",
                                                  "seats": [{"name": "A"}, {"name": "B", "kind": "greedy"}]})
    assert code == 400 and "no city cards" in json.loads(body)["error"]


def test_the_board_is_transamericas_printed_board(served):
    g = served.new_game("czechia", [("Ann", "human"), ("Bot", "greedy")], preset="transamerica")
    payload = served.json(f"/api/games/{g['id']}/board")
    geo = payload["geometry"]
    assert geo["look"] == "transamerica" and len(geo["cities"]) == 35
    colours = [c["colour"] for c in geo["cities"]]
    assert sorted(set(colours)) == ["blue", "green", "orange", "red", "yellow"]
    assert all(colours.count(c) == 7 for c in set(colours))
    from mapkit.io.yamlmap import load_map
    from mapkit.web.boards import printed_board

    m = load_map(MAPS / "czechia.yaml")
    assert payload["svg"] == printed_board(m, look="transamerica")     # as mapkit sheets prints it
    other = served.new_game("czechia", [("Ann", "human"), ("Bot", "greedy")])   # Paluba on the same map
    paluba = served.json(f"/api/games/{other['id']}/board")
    assert paluba["geometry"]["look"] == "board" and paluba["svg"] == printed_board(m) != payload["svg"]
    assert len(paluba["geometry"]["cities"]) == len(m.cities)


class Recorder(Live):
    """A live channel that keeps every message it receives."""

    def __init__(self, url):
        super().__init__(url)
        self.seen = []

    def recv(self, timeout=20):
        msg = super().recv(timeout)
        self.seen.append(msg)
        return msg


def _public(view) -> str:
    """The view as text without its public mentions of card cities: a start marker placed on a
    city, a player who joined all his cities (he shows them), in the log and in its index of
    the log's words (``said``: the same lines, with their fields)."""
    v = dict(view)

    def public(m):
        return "places the start marker" not in m and "has joined all" not in m
    v["messages"] = [m for m in v["messages"] if public(m)]
    v["said"] = {k: e for k, e in v.get("said", {}).items() if public(k)}
    return json.dumps(v, ensure_ascii=False)


def _named(text, cities) -> list:
    """The cities named in ``text`` (whole words)."""
    return [c for c in cities if re.search(rf"\b{re.escape(c)}\b", text)]


@cache
def _board(path):
    """The board compiled from a game's map file (which never changes while the game lasts):
    compiled once, not again at every move."""
    from mapkit.engine import EngineMap
    from mapkit.io.yamlmap import load_map

    return EngineMap.from_map(load_map(path))


def _greedy(served, gid):
    from mapkit.engine import replay
    from mapkit.engine.bots import make_bot
    from mapkit.engine.record import load_record

    state = replay(load_record(served.games / gid / "record.json"), _board(served.games / gid / "map.yaml"))
    return make_bot("greedy", 7, preset="transamerica").decide(state)


def test_hands_stay_with_their_seat(served):
    g = served.new_game("czechia", [("Ann", "human"), ("Bea", "human"), ("Cy", "greedy")], preset="transamerica",
                        options={"round_limit": 1}, seed=2)
    url = served.url.replace("http://", "ws://") + f"/ws/{g['id']}"
    ann = Recorder(f"{url}?t={token(g['seats'][0]['url'])}")
    bea = Recorder(f"{url}?t={token(g['seats'][1]['url'])}")
    spec = Recorder(url)
    host = served.ws(g["id"], token(g["host"]))
    for c in (ann, bea, spec, host):
        c.recv()
    # the spectator may ask what the board shows, nothing of a seat's
    facts = spec.call({"type": "ask", "ask": "board"})
    assert facts["type"] == "answer" and len(facts["cards"]) == 35 and len(facts["junctions"]) > 500
    for ask in ("completion", "preview", "check"):
        r = spec.call({"type": "ask", "ask": ask, "path": ["A1", "B1"], "action": {"type": "done"}})
        assert r["type"] == "error" and r["rule"] == "web.spectator"
    # the people play (the greedy bot's choices, through the host's link) until the round's end
    moves = 0
    while True:
        st = host.wait(lambda s: s["view"]["over"] or s["view"]["legal"], timeout=60)
        if st["view"]["over"]:
            break
        r = host.act(_greedy(served, g["id"]))
        assert r["type"] == "ack", r
        n = r["n"]
        host.wait(lambda s, n=n: s["n"] >= n)
        for c in (ann, bea, spec):
            c.wait(lambda s, n=n: s["n"] >= n)
        if st["view"]["current_player"] == 1 and st["view"]["step"] == "build":
            mine = bea.call({"type": "ask", "ask": "completion"})      # her own, nobody else's
            assert mine["type"] == "answer" and set(mine) >= {"cost", "pieces"}
        moves += 1
    for c in (ann, bea, spec):
        c.wait(lambda s: s["view"]["over"])
    from mapkit.engine.record import load_record

    actions = load_record(served.games / g["id"] / "record.json").actions
    hands = {p: [a["city"] for a in actions if a["type"] == "deal" and a["player"] == p] for p in range(3)}
    assert all(len(h) == 5 for h in hands.values()) and moves > 10
    checked = full = 0
    for seat, conn in ((0, ann), (1, bea), (None, spec)):
        others = [c for p in (0, 1, 2) if p != seat for c in hands[p]]
        states = [m for m in conn.seen if m["type"] == "state" and not m["view"]["over"]]
        assert len(states) > 10
        for m in states:
            players = m["view"]["players"]
            assert [p["seat"] for p in players if "hand" in p] == ([] if seat is None else [seat])
            if seat is not None:            # her cards as they are dealt, then all five
                assert {c["city"] for c in players[seat]["hand"]} <= set(hands[seat])
                full += len(players[seat]["hand"]) == 5
            assert not _named(_public(m["view"]), others), (seat, m["n"])
            checked += 1
        for m in conn.seen:         # hello, answers (the board's: every card city, as printed)
            if m["type"] != "state" and m.get("ask") != "board":
                assert not _named(json.dumps(m, ensure_ascii=False), others), m
    # once the game is over every hand is shown to all
    over = spec.state["view"]
    assert over["over"] and all("hand" in p for p in over["players"])
    assert checked > 30 and full > 20
    for c in (ann, bea, spec, host):
        c.close()
