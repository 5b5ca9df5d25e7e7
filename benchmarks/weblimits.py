"""The limits of ``mapkit serve``, measured for ``benchmarks/web.py`` (issue: a server you can
leave running). Each against a baseline of the same run:

* **flood** -- the server's memory (resident set, from /proc) before and after 250 games are
  created at once and a spectator asks a TransAmerica game for its board 20,000 times without
  reading the answers (the server drops it), once the games have left memory (``--idle``):
  target, growth under 100 MB once the flood ends;
* **refusal** -- the time to refuse an editor document with 30,000 extra cities, and the
  server's memory growth meanwhile (targets: under 1 s, under 50 MB), against the analysis of
  the example map as it is;
* **fsync** -- the cost of flushing a record to the disk before an action is acknowledged
  (a game's record saved 200 times, flushed and not, in the games' temporary folder), and the round trip under a mixed
  load of 50 players (25 games of 2 seats) and 50 HTTP clients reading the lobby for
  ``seconds`` (target: p99 under 100 ms).

Everything talks to a server on the loopback, bounded in count and time.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

__all__ = ["rss_mb", "flood", "refusal", "fsync_cost", "mixed_load"]


def rss_mb(server) -> float:
    """The server process's resident memory in MB (/proc; nan elsewhere)."""
    try:
        for line in Path(f"/proc/{server.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _request(server, path, data=None, timeout=60):
    body = None if data is None else json.dumps(data).encode()
    req = urllib.request.Request(server.url + path, body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def flood(server, idle: float, games: int = 250, asks: int = 20_000) -> dict:
    """Memory before, at the peak of, and after a creation flood and a spectator that does not
    read (the server runs with ``--idle idle``)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    before = rss_mb(server)
    refused = 0
    for i in range(games):
        code, _ = _request(server, "/api/games", {"map": "example", "preset": "paluba", "seed": i, "pace": 0,
                                                 "seats": [{"name": "Ann"}, {"name": "Bea"}]})
        refused += code != 200
    code, body = _request(server, "/api/games", {"map": "czechia", "preset": "transamerica", "seed": 1,
                                                "seats": [{"name": "Ann"}, {"name": "Bea"}]})
    gid = json.loads(body)["id"]
    sent, dropped = 0, False
    with connect(f"{server.url.replace('http://', 'ws://')}/ws/{gid}", max_size=2 ** 24) as ws:
        try:
            for _ in range(asks):
                ws.send(json.dumps({"type": "ask", "ask": "board"}))
                sent += 1
        except ConnectionClosed:
            dropped = True
        if not dropped:
            try:
                while True:
                    ws.recv(timeout=30)
            except (ConnectionClosed, TimeoutError):
                dropped = True
    peak = rss_mb(server)
    time.sleep(idle * 2 + 2)          # the games wait for nobody: they leave memory
    return {"before": before, "peak": peak, "after": rss_mb(server), "refused": refused, "sent": sent,
            "dropped": dropped}


def refusal(server, doc: dict, cities: int = 30_000) -> dict:
    """The time and memory to refuse ``doc`` with ``cities`` more cities, against analysing ``doc``."""
    t0 = time.perf_counter()
    code, _ = _request(server, "/api/edit/analyse", {"doc": doc, "metric": "build", "board": False})
    base = time.perf_counter() - t0
    assert code == 200, code
    big = dict(doc, cities=doc["cities"] + [{"name": f"Town {i}", "hex": "A1"} for i in range(cities)])
    body = json.dumps({"doc": big, "metric": "build"})
    before = rss_mb(server)
    t0 = time.perf_counter()
    code, answer = _request(server, "/api/edit/analyse", json.loads(body))
    took = time.perf_counter() - t0
    return {"code": code, "error": json.loads(answer).get("error"), "seconds": took, "baseline": base,
            "grew": rss_mb(server) - before, "body_mb": len(body) / 1e6}


def fsync_cost(record_path: Path, folder: Path, times: int = 200) -> dict:
    """Milliseconds to save a record, flushed to the disk and not (the same file, the same disk)."""
    from mapkit.engine.record import load_record, save_record

    rec = load_record(record_path)
    out = {}
    with tempfile.TemporaryDirectory(prefix="mapkit-fsync-", dir=folder) as tmp:
        for durable in (False, True, False, True):
            t0 = time.perf_counter()
            for _ in range(times):
                save_record(rec, Path(tmp) / "record.json", durable=durable)
            out.setdefault(durable, []).append((time.perf_counter() - t0) / times * 1000)
    return {"plain_ms": min(out[False]), "durable_ms": min(out[True]), "actions": len(rec.actions)}


def mixed_load(server, play_all, seconds: float, options: dict) -> dict:
    """50 players (25 games of 2 seats, random legal actions) and 50 HTTP clients reading the
    lobby's list of games at once; the players' round trips and the HTTP requests' times, in seconds."""
    http_times: list = []
    errors: list = []
    stop = threading.Event()

    def reader():
        while not stop.is_set():
            t0 = time.perf_counter()
            code, _ = _request(server, "/api/games", timeout=30)
            http_times.append(time.perf_counter() - t0)
            if code != 200:
                errors.append(code)

    threads = [threading.Thread(target=reader, daemon=True) for _ in range(50)]
    for t in threads:
        t.start()
    t0 = time.perf_counter()
    latencies: list = []
    rounds = 0
    while time.perf_counter() - t0 < seconds:
        _, logs, _ = asyncio.run(play_all(server, "example", 25, 2, 100 + rounds, options))
        latencies += [x for log in logs.values() for x in log["latency"]]
        errors += [e for log in logs.values() for e in log["errors"]]
        rounds += 1
    stop.set()
    for t in threads:
        t.join(60)
    wall = time.perf_counter() - t0

    return {"seconds": wall, "rounds": rounds, "latencies": latencies, "http_times": http_times, "errors": errors}
