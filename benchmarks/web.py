"""Benchmark: ``mapkit serve`` on the loopback, under load and one action at a time.

Three measurements, each against a baseline taken in the same run:

* **load** -- ``--games`` games (default 50) of 4 seats each, every seat a WebSocket client
  of its own (200 at once), all playing at the same time: each client acts when its state
  lists legal actions for it, choosing one at random (as the engine's random bot does, from
  the listed actions alone: a client knows only what its seat is shown). Printed: actions per
  second (player actions and the server's dice), the round trip of an action (sent -> its
  acknowledgement) median and p99, against the engine replaying the same games in one
  process (its actions per second: what the server adds). Checked, and the run fails when not
  so: every game ends, no client got an error, every acknowledged action stands at its place
  in the record on disk (no action lost, none added), and every record replays to the state
  each seat was last shown.
* **round trip** -- one game on the Czech map, nothing else running: an action's round trip
  median and p99 against a ``ping`` through the same channel (target: under 50 ms median).
* **page** -- the game page of the Czech map opened in headless Chromium until its board and
  state are drawn (``performance.now()`` at the first drawing), median of fresh loads, against
  the lobby page (target: under 1 s). Skipped, saying why, without Chromium and selenium.
* **limits** -- on a server of its own (:mod:`weblimits`): its memory after a flood of 250
  new games and a spectator that does not read (target: growth under 100 MB once the flood
  ends), the refusal of a 30,000-city editor document (under 1 s, under 50 MB), the cost of
  flushing each record to the disk, and the round trip under a mixed load of 50 players and 50
  HTTP clients for ``--seconds`` (p99 under 100 ms).

Random seats build one piece per action, so the load games are kept short with the options
``races`` and ``build_round_limit`` (a cap for simulations, not a rule).

    python benchmarks/web.py                       # all three
    python benchmarks/web.py --games 10 --only load
    python benchmarks/web.py --only limits --seconds 45
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOAD_OPTIONS = {"races": 2, "build_round_limit": 6}


class Server:
    """``mapkit serve MAPS --port 0 --games DIR`` in a child process (its first line: the address)."""

    def __init__(self, maps, games, extra=(), flush=True):
        # flush=False: the same server with os.fsync a no-op, the baseline of the flush's cost
        start = ["-m", "mapkit"] if flush else ["-c", "import os, sys; os.fsync = lambda fd: None; "
                                                      "from mapkit.cli import main; sys.exit(main())"]
        self.proc = subprocess.Popen([sys.executable, *start, "serve", *map(str, maps), "--port", "0",
                                      "--games", str(games), *extra], stdout=subprocess.PIPE, text=True,
                                     cwd=str(ROOT))
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.proc.kill()
            raise SystemExit(f"the server did not start: {line}")
        self.url = "http://" + line.split("http://", 1)[1].split("/", 1)[0]
        self.games = Path(games)

    def post(self, path, data):
        return post(self, path, data)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(20)
        self.proc.stdout.close()


def post(server, path, data):
    """POST JSON to ``server`` (anything with ``url``); the JSON answer."""
    req = urllib.request.Request(server.url + path, json.dumps(data).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def cpu_seconds(server) -> float:
    """The server process's processor time so far (user + system, from /proc; nan elsewhere)."""
    import os

    try:
        fields = Path(f"/proc/{server.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError, AttributeError):
        return float("nan")


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


# -- the load ------------------------------------------------------------------------------------
async def seat_client(ws_url, seat, seed, log):
    """One seat: act at random among the listed legal actions until the game is over."""
    import websockets

    async with websockets.connect(ws_url, max_size=2 ** 24) as ws:
        sent = {}
        acted = set()
        next_id = 1
        while True:
            msg = json.loads(await ws.recv())
            kind = msg["type"]
            if kind == "state":
                v = msg["view"]
                log["last_view"] = v
                if v["over"]:
                    return
                if v["legal"] and msg["n"] not in acted:
                    acted.add(msg["n"])
                    action = random.Random(f"{seed}:{seat}:{msg['n']}").choice(v["legal"])
                    sent[next_id] = (time.perf_counter(), action)
                    await ws.send(json.dumps({"type": "act", "id": next_id, "action": action}))
                    next_id += 1
            elif kind == "ack":
                t0, action = sent.pop(msg["id"])
                log["latency"].append(time.perf_counter() - t0)
                log["acked"].append((msg["n"], msg["action"]))
            elif kind == "error":
                log["errors"].append(msg["message"])
                return


async def play_all(server, map_id, games, seats, seed, options):
    created = []
    for i in range(games):
        g = post(server, "/api/games", {"map": map_id, "preset": "paluba", "options": options, "pace": 0,
                                       "seed": seed + i, "seats": [{"name": f"P{k + 1}"} for k in range(seats)]})
        created.append(g)
    logs = {}
    tasks = []
    ws_base = server.url.replace("http://", "ws://")
    t0 = time.perf_counter()
    for g in created:
        for s in g["seats"]:
            log = {"latency": [], "acked": [], "errors": [], "last_view": None}
            logs[(g["id"], s["seat"])] = log
            token = s["url"].split("t=")[1]
            tasks.append(seat_client(f"{ws_base}/ws/{g['id']}?t={token}", s["seat"], f"{seed}:{g['id']}", log))
    await asyncio.gather(*tasks)
    return created, logs, time.perf_counter() - t0


def check_and_measure(server, created, logs, wall) -> dict:
    """The load's figures, after checking every game (raises AssertionError when one is wrong).
    ``server``: anything with ``url`` and ``games`` (its games folder) and, for the processor
    time, ``proc`` (the server's process)."""
    from mapkit.engine import EngineMap, replay
    from mapkit.engine.record import load_record
    from mapkit.errors import MapkitError
    from mapkit.io.yamlmap import load_map

    total = player = 0
    replay_time = 0.0
    boards = {}
    for g in created:
        gid = g["id"]
        rec = load_record(server.games / gid / "record.json")
        text = (server.games / gid / "map.yaml").read_text(encoding="utf-8")
        board = boards.get(text)
        if board is None:
            board = boards[text] = EngineMap.from_map(load_map(server.games / gid / "map.yaml"))
        t = time.process_time()
        try:
            state = replay(rec, board, source=f"game {gid}")
        except MapkitError as exc:
            raise AssertionError(f"game {gid}: the record does not replay: {exc}") from None
        replay_time += time.process_time() - t
        assert state.is_terminal(), f"game {gid} did not end"
        acked = []
        for s in g["seats"]:
            log = logs[(gid, s["seat"])]
            assert not log["errors"], f"game {gid} seat {s['seat']}: {log['errors'][:3]}"
            for n, action in log["acked"]:
                assert rec.actions[n - 1] == action, f"game {gid}: action {n} is not the one acknowledged"
            acked += [n for n, _ in log["acked"]]
            shown = dict(log["last_view"])
            you = shown.pop("you")
            again = state.view(s["seat"])
            for v in (shown, again):
                v.get("turn", {}).pop("elapsed", None)
            assert you == [s["seat"]] and again == shown, \
                f"game {gid}: the record does not replay to what seat {s['seat']} saw"
        chance = [i + 1 for i, a in enumerate(rec.actions) if a["type"] in state.CHANCE_TYPES]
        assert sorted(acked + chance) == list(range(1, len(rec.actions) + 1)), f"game {gid}: actions lost or added"
        total += len(rec.actions)
        player += len(acked)
    latency = [x for log in logs.values() for x in log["latency"]]
    return {"games": len(created), "clients": len(logs), "actions": total, "player_actions": player,
            "seconds": wall, "per_second": total / wall, "median_ms": 1000 * statistics.median(latency),
            "p99_ms": 1000 * pct(latency, 0.99),
            "replay_per_second": total / replay_time if replay_time else float("inf")}


def run_load(server, map_id, games=50, seats=4, seed=1, options=None) -> dict:
    cpu0, mine0 = cpu_seconds(server), time.process_time()
    created, logs, wall = asyncio.run(play_all(server, map_id, games, seats, seed, options or LOAD_OPTIONS))
    cpu, mine = cpu_seconds(server) - cpu0, time.process_time() - mine0
    r = check_and_measure(server, created, logs, wall)
    r.update(server_cpu=cpu, clients_cpu=mine)
    return r


# -- one action at a time ---------------------------------------------------------------------------
async def round_trips(server, map_id, actions=300, seed=5):
    import websockets

    g = server.post("/api/games", {"map": map_id, "preset": "paluba", "options": {}, "pace": 0, "seed": seed,
                                   "seats": [{"name": "Ann"}, {"name": "Bea"}]})
    host = g["host"].split("t=")[1]
    acts, pings = [], []
    async with websockets.connect(f"{server.url.replace('http://', 'ws://')}/ws/{g['id']}?t={host}",
                                  max_size=2 ** 24) as ws:
        view = None
        rid = 0
        while len(acts) < actions:
            msg = json.loads(await ws.recv())
            if msg["type"] != "state":
                continue
            view = msg["view"]
            if view["over"]:
                break
            if not view["legal"]:
                continue
            for kind, into in (("ping", pings), ("act", acts)):
                rid += 1
                body = {"type": kind, "id": rid}
                if kind == "act":
                    body["action"] = random.Random(f"{seed}:{msg['n']}").choice(view["legal"])
                t0 = time.perf_counter()
                await ws.send(json.dumps(body))
                while True:
                    reply = json.loads(await ws.recv())
                    if reply.get("id") == rid:
                        break
                into.append(time.perf_counter() - t0)
                assert reply["type"] in ("pong", "ack"), reply
    return acts, pings


# -- the page ------------------------------------------------------------------------------------------
def page_open(server, map_id, loads=5):
    sys.path.insert(0, str(ROOT / "tests"))
    from webserver import browser_missing, chromium

    why = browser_missing()
    if why:
        return None, why
    g = server.post("/api/games", {"map": map_id, "preset": "paluba", "pace": 0, "seed": 1,
                                   "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "greedy"}]})
    url = server.url + g["seats"][0]["url"]
    times = {"game": [], "lobby": []}
    for _ in range(loads):
        d = chromium()                  # a fresh profile each time: nothing cached
        try:
            d.get(server.url + "/")
            d.execute_script("return 1")
            times["lobby"].append(d.execute_script(
                "return performance.getEntriesByType('navigation')[0].loadEventEnd"))
            d.get(url)
            end = time.time() + 30
            ready = None
            while ready is None and time.time() < end:
                ready = d.execute_script("return window.mapkitReadyAt || null")
                time.sleep(0.02)
            times["game"].append(ready)
        finally:
            d.quit()
    return times, None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--map", default="example", help="map of the load games (a bundled map's id)")
    ap.add_argument("--only", choices=("load", "rtt", "page", "limits"))
    ap.add_argument("--seconds", type=float, default=45, help="the mixed load's length (limits)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mapkit-bench-web-") as tmp:
        server = Server([ROOT / "maps"], Path(tmp) / "games")
        try:
            if args.only in (None, "load"):
                r = run_load(server, args.map, args.games, args.seats, args.seed)
                print(f"load: {r['games']} games x {args.seats} seats ({r['clients']} WebSocket clients at once) on "
                      f"{args.map}, options {LOAD_OPTIONS}")
                print(f"  {r['actions']} actions ({r['player_actions']} by the clients, the rest dice) in "
                      f"{r['seconds']:.1f} s: {r['per_second']:.0f} actions/s")
                print(f"  processor time: the server {r['server_cpu']:.1f} s, the {r['clients']} clients "
                      f"{r['clients_cpu']:.1f} s (2 cores shared by both)")
                print(f"  round trip of an action under load: median {r['median_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms")
                print(f"  baseline, the engine replaying the same games in one process: {r['replay_per_second']:.0f} "
                      f"actions/s (ratio {r['replay_per_second'] / r['per_second']:.1f})")
                print("  every game ended; no errors; every acknowledged action at its place in its record; "
                      "every record replays to what each seat was shown")
            if args.only in (None, "rtt"):
                acts, pings = asyncio.run(round_trips(server, "czechia"))
                ma, mp = statistics.median(acts) * 1000, statistics.median(pings) * 1000
                print(f"round trip, one game on czechia, {len(acts)} actions: median {ma:.2f} ms, "
                      f"p99 {pct(acts, 0.99) * 1000:.2f} ms (target: median under 50 ms); ping through the same "
                      f"channel {mp:.2f} ms (ratio {ma / mp:.1f})")
            if args.only in (None, "page"):
                times, why = page_open(server, "czechia")
                if times is None:
                    print(f"page: skipped ({why})")
                else:
                    g, lob = statistics.median(times["game"]), statistics.median(times["lobby"])
                    print(f"page: the czechia game page drawn in {g:.0f} ms (median of {len(times['game'])} fresh "
                          f"loads: {', '.join(f'{x:.0f}' for x in times['game'])}; target: under 1000 ms); "
                          f"the lobby page {lob:.0f} ms (ratio {g / lob:.1f})")
        finally:
            server.stop()
        if args.only in (None, "limits"):
            limits(Path(tmp), args.seconds)


def limits(tmp: Path, seconds: float) -> None:
    """The server's limits (see :mod:`weblimits`), on a server of their own: games leave memory
    after 5 s idle, and the flood is not refused by the creation limit."""
    import weblimits as W

    from mapkit.io.yamlmap import load_map
    from mapkit.web.editor import document_of

    idle = 5.0
    server = Server([], tmp / "limits", ["--idle", str(idle), "--max-creations", "10000", "--max-games", "1000"])
    try:
        f = W.flood(server, idle)
        print(f"flood: 250 games created ({f['refused']} refused) and a spectator sending {f['sent']} asks without "
              f"reading ({'dropped' if f['dropped'] else 'NOT dropped'}): server memory {f['before']:.0f} MB before, "
              f"{f['peak']:.0f} MB at the peak, {f['after']:.0f} MB {2 * idle + 2:.0f} s after "
              f"(growth {f['after'] - f['before']:.0f} MB; target under 100 MB)")
        r = W.refusal(server, document_of(load_map(ROOT / "maps" / "example.yaml")))
        print(f"refusal: a {r['body_mb']:.1f} MB document with 30,000 extra cities refused ({r['code']}: "
              f"{r['error']}) in {r['seconds'] * 1000:.0f} ms, memory {r['grew']:+.0f} MB (targets: under 1 s, "
              f"under 50 MB); baseline, the example map analysed: {r['baseline'] * 1000:.0f} ms "
              f"(ratio {r['seconds'] / r['baseline']:.2f})")
        c = W.fsync_cost(ROOT / "tests" / "data" / "records_v1" / "00-example-paluba.json", tmp)
        print(f"fsync: a record of {c['actions']} actions saved in {c['durable_ms']:.2f} ms flushed to the disk, "
              f"{c['plain_ms']:.2f} ms not (the flush costs {c['durable_ms'] - c['plain_ms']:.2f} ms an action)")
    finally:
        server.stop()
    # the mixed load on a server of its own, as a new server meets it (not behind the flood's
    # games); the baseline: the same load on a server that does not flush its records
    for flush in (True, False):
        server = Server([ROOT / "maps" / "example.yaml"], tmp / f"mixed-{flush}", ["--max-creations", "10000"],
                        flush=flush)
        try:
            m = W.mixed_load(server, play_all, seconds, LOAD_OPTIONS)
        finally:
            server.stop()
        acts, http = m["latencies"], m["http_times"]
        print(f"mixed load{'' if flush else ' (baseline: records not flushed)'}: {m['seconds']:.0f} s of 50 players "
              f"({m['rounds']} rounds of 25 games, {len(acts)} actions) and 50 HTTP clients ({len(http)} "
              f"requests, {len(http) / m['seconds']:.0f}/s): action round trip median "
              f"{statistics.median(acts) * 1000:.1f} ms, p99 {pct(acts, 0.99) * 1000:.1f} ms (target: under 100 ms); "
              f"HTTP median {statistics.median(http) * 1000:.1f} ms, p99 {pct(http, 0.99) * 1000:.1f} ms; "
              f"{len(m['errors'])} errors")


if __name__ == "__main__":
    main()
