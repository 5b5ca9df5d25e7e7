"""Helpers of the tests of ``mapkit serve``: a real server in a child process, as a user starts
it (``mapkit serve --port 0``), requests to it, WebSocket clients, and headless Chromium.

The server prints its address on its first line; a test reads it from there. Nothing here
skips by itself: the test modules skip with a one-line reason when a part is missing (the
web extra, Chromium).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

TINY = """version: 1
name: Tiny
grid: {orientation: pointy, offset: odd, columns: 12, rows: 6, hex_mm: 14}
cities:
  - {name: Aš, hex: A1, numbers: [11, 12, 13]}
  - {name: Cheb, hex: L6, numbers: [21, 22, 23]}
  - {name: Brno, hex: L1, numbers: [31, 32, 33]}
  - {name: Most, hex: A6, numbers: [41, 42, 43]}
"""


def web_missing() -> str | None:
    """Why the web extra cannot run here, or None."""
    for mod in ("starlette", "uvicorn", "websockets"):
        try:
            __import__(mod)
        except ImportError:
            return f"the web extra is not installed ({mod} missing): pip install '.[web]'"
    return None


def browser_missing() -> str | None:
    if web_missing():
        return web_missing()
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        return "Chromium is absent (apt-get install chromium chromium-driver)"
    return None


class Served:
    """``mapkit serve MAPS --port 0 --games GAMES`` in a child process."""

    def __init__(self, games, maps=(), extra=(), cwd=None):
        self.games = Path(games)
        cmd = [sys.executable, "-m", "mapkit", "serve", *map(str, maps), "--port", "0", "--games", str(games), *extra]
        # mapkit of this tree, from any folder (and what the caller put on the path, a plug-in)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     cwd=str(cwd or ROOT), env=env)
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line}{self.proc.stderr.read()}")
        self.url = line.split("http://", 1)[1].split("/", 1)[0]
        self.url = f"http://{self.url}"
        self.first_line = line

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.stderr = self.proc.stderr.read()
        self.proc.stdout.close()
        self.proc.stderr.close()

    # -- HTTP --------------------------------------------------------------------------------
    def request(self, path, data=None, method=None, headers=None):
        """``(status, body bytes, headers)``; never raises on an HTTP error status."""
        body = None
        hdrs = dict(headers or {})
        if data is not None:
            if isinstance(data, (dict, list)):
                body = json.dumps(data).encode()
                hdrs.setdefault("Content-Type", "application/json")
            else:
                body = data if isinstance(data, bytes) else data.encode()
        req = urllib.request.Request(self.url + path, data=body, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, r.read(), r.headers
        except urllib.error.HTTPError as e:
            return e.code, e.read(), e.headers

    def json(self, path, data=None, method=None, status=200):
        code, body, _ = self.request(path, data, method)
        assert code == status, (code, body[:500])
        return json.loads(body)

    def new_game(self, map_id, seats, preset="paluba", options=None, seed=1, pace=0):
        return self.json("/api/games", {"map": map_id, "preset": preset, "options": options or {},
                                        "seats": [{"name": n, "kind": k} for n, k in seats], "seed": seed,
                                        "pace": pace})

    def ws(self, game_id, token=None):
        return Live(self.url.replace("http://", "ws://") + f"/ws/{game_id}" + (f"?t={token}" if token else ""))


class Live:
    """A WebSocket client of a game (the websockets library's synchronous client)."""

    def __init__(self, url):
        from websockets.sync.client import connect

        self._opened = connect(url, max_size=2 ** 24)
        self.conn = self._opened.__enter__()
        self.next_id = 1
        self.state = None
        self.hello = None
        self.replies = {}

    def close(self):
        self._opened.__exit__(None, None, None)

    def recv(self, timeout=20):
        msg = json.loads(self.conn.recv(timeout=timeout))
        if msg["type"] == "hello":
            self.hello = msg
        elif msg["type"] == "state":
            self.state = msg
        elif msg.get("id") is not None:
            self.replies[msg["id"]] = msg
        return msg

    def send(self, msg) -> int:
        rid = self.next_id
        self.next_id += 1
        self.conn.send(json.dumps({**msg, "id": rid}))
        return rid

    def call(self, msg, timeout=20):
        rid = self.send(msg)
        end = time.time() + timeout
        while rid not in self.replies:
            self.recv(max(0.1, end - time.time()))
        return self.replies.pop(rid)

    def act(self, action):
        return self.call({"type": "act", "action": action})

    def wait(self, test, timeout=30):
        """Read states until ``test(state message)`` holds; that state."""
        end = time.time() + timeout
        while self.state is None or not test(self.state):
            left = end - time.time()
            if left <= 0:
                raise AssertionError(f"timed out; last state: {json.dumps(self.state)[:800]}")
            self.recv(left)
        return self.state


def chromium(width=1400, height=900):
    """A headless Chromium driven by selenium (a fresh profile, no network beyond loopback)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        o.add_argument(a)
    o.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="mapkit-chromium-"))
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=o)
