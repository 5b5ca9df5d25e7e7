"""docs/engine.md's "Adding a game" holds: a game family of its own, in a package outside
mapkit and registered through the entry-point group ``mapkit.games`` (a ``.dist-info`` with an
``entry_points.txt``, as ``pip install`` of a plug-in writes it), plays through ``mapkit
simulate``, ``mapkit replay``, ``mapkit play`` and the browser's API without a line of mapkit
changed for it.

The toy game: two players race their pawns to 10; a player to move rolls a die (a chance
node) and then either runs the die's number of steps or walks one (one decision); the first
home wins (the terminal state). Its own bot, ``runner``, always runs, and is its default bot
(the family has no ``greedy``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support import ROOT
from tests.web.webserver import TINY, Served, browser_missing, chromium, web_missing

TOY = '''
"""A toy game family: a race to 10 with a die."""

from dataclasses import dataclass

from mapkit.engine.bots.base import Bot
from mapkit.engine.chance import Dice
from mapkit.engine.errors import IllegalAction
from mapkit.engine.family import GameFamily
from mapkit.engine.game import GameRules
from mapkit.engine.options import OptionSet, option
from mapkit.engine.state import State
from mapkit.engine.steps import Step


@dataclass(frozen=True)
class ToyOptions(OptionSet):
    goal: int = option(10, low=2)


class ToyRules(GameRules):
    name = "toyrace"
    family = "toyrace"
    description = "a race to 10 with a die"
    defaults = ToyOptions()


class Roll(Step):
    name = phase = stage = "roll"

    def chance(self, s):
        return Dice("roll", s.turn, 1)

    def on_chance(self, s, action):
        s.die = action["dice"][0]
        s.step = "move"


class Move(Step):
    name = phase = stage = "move"

    def decider(self, s):
        return s.turn

    def legal_actions(self, s, player):
        return [{"type": "move", "player": player, "how": "run"}, {"type": "move", "player": player, "how": "walk"}]

    def act_move(self, s, player, action):
        how = action.get("how")
        if how not in ("run", "walk"):
            raise IllegalAction("move.how", "run or walk")
        def plan():
            s.pos[player] += s.die if how == "run" else 1
            if s.pos[player] >= s.options.goal:
                s.step, s.end_reason = "over", f"{s.players[player]} is home"
            else:
                s.turn, s.step = 1 - player, "roll"
        return {"type": "move", "player": player, "how": how}, plan


class Over(Step):
    name = phase = stage = "over"
    terminal = True


class ToyState(State):
    STEPS = {"roll": Roll(), "move": Move(), "over": Over()}
    ACTION_TYPES = ("roll", "move")
    CHANCE_TYPES = ("roll",)

    def __init__(self, game):
        super().__init__(game)
        self.pos, self.turn, self.die, self.step = [0] * self.num_players, 0, 0, "roll"

    def winners(self):
        return [p for p, x in enumerate(self.pos) if x >= self.options.goal] if self.is_terminal() else []

    def view_details(self, seat):
        # the view's generic keys (version 2): a score, and each pawn on the hex of its row
        # at its column (the tiny board is 12 hexes wide)
        from mapkit.grid import hex_name

        return {"players": [{"seat": p, "name": n, "score": self.pos[p]} for p, n in enumerate(self.players)],
                "board": {"pawns": [{"hex": hex_name((min(x, 11), p)), "seat": p, "kind": "pawn"}
                                    for p, x in enumerate(self.pos)]}}


class Runner(Bot):
    name = "runner"

    def act(self, state):
        return state.legal_actions()[0]


class ToyFamily(GameFamily):
    name = "toyrace"
    description = "a race to 10 with a die"
    presets = (ToyRules,)
    State = ToyState
    bots = {"runner": Runner}
    default_bot = "runner"


FAMILY = ToyFamily()
'''

# The family's figures in mapkit simulate, found by the folder's convention (a stats.py beside
# the family, docs/engine.md "Adding a game"): no line of the family class names them.
TOY_STATS = '''
def game_stats(state):
    return {"home_at": max(state.pos)}


def summarize(board, spec, stats, report):
    report["toy"] = {"mean_home_at": sum(s["home_at"] for s in stats) / len(stats)}


def report_lines(report):
    return [f"pawns home at {report['toy']['mean_home_at']:.1f} on average"]
'''


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    """``(folder, environment)``: the toy package and its distribution's metadata in a folder
    put on PYTHONPATH, and a map to play on."""
    site = tmp_path_factory.mktemp("site")
    (site / "toyrace").mkdir()
    (site / "toyrace" / "__init__.py").write_text(TOY, encoding="utf-8")
    (site / "toyrace" / "stats.py").write_text(TOY_STATS, encoding="utf-8")
    meta = site / "toyrace-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: toyrace\nVersion: 0.1\n", encoding="utf-8")
    (meta / "entry_points.txt").write_text("[mapkit.games]\ntoyrace = toyrace:FAMILY\n", encoding="utf-8")
    (site / "tiny.yaml").write_text(TINY, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(site)]), PYTHONIOENCODING="utf-8")
    return site, env


def mapkit(plugin, *args, input=None):
    site, env = plugin
    return subprocess.run([sys.executable, "-m", "mapkit", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", input=input, cwd=site, env=env, timeout=300)


def test_toy_family_simulates_and_replays(plugin):
    r = mapkit(plugin, "simulate", "tiny.yaml", "--rules", "toyrace", "--players", "2", "--games", "6",
               "--records", "games")
    assert r.returncode == 0, r.stderr
    assert "pawns home at" in r.stdout                        # the family's own figures (its stats.py)
    r = mapkit(plugin, "simulate", "tiny.yaml", "--rules", "toyrace", "--players", "2", "--games", "6",
               "--format", "json")
    report = json.loads(r.stdout)
    assert report["games"] == 6 and report["unfinished"] == 0 and report["bots"] == ["runner", "runner"]

    r = mapkit(plugin, "replay", "games/game-00001.json")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("phase: over (") and "is home)" in r.stdout and "winner: runner-" in r.stdout
    r = mapkit(plugin, "replay", "games/game-00001.json", "--format", "json")
    summary = json.loads(r.stdout)
    assert summary["preset"] == "toyrace" and len(summary["winners"]) == 1
    assert max(p["account"] for p in summary["players"]) >= 10


def test_toy_family_plays_in_the_terminal(plugin):
    # a person against the family's default bot: the generic front lists the legal actions by number
    r = mapkit(plugin, "play", "tiny.yaml", "--rules", "toyrace", "--players", "Ann,bot", "--seed", "4",
               "--no-picture", "--record", "ann.json", input="help\nhint\n" + "2\n" * 20)
    assert r.returncode == 0, r.stderr
    assert "(runner bot)" in r.stdout and "1. {\"type\": \"move\", \"how\": \"run\"}" in r.stdout
    assert "hint: {\"type\": \"move\", \"how\": \"run\"}" in r.stdout
    assert "Game over:" in r.stdout and "is home" in r.stdout
    r = mapkit(plugin, "replay", "ann.json")
    assert r.returncode == 0 and "phase: over" in r.stdout, r.stderr


@pytest.mark.skipif(web_missing() is not None, reason=web_missing() or "")
def test_toy_family_plays_in_the_browser_api(plugin, monkeypatch, tmp_path):
    site, env = plugin
    monkeypatch.setenv("PYTHONPATH", env["PYTHONPATH"])
    served = Served(tmp_path / "games", maps=[site / "tiny.yaml"])
    try:
        info = served.json("/api/info")
        toy = next(p for p in info["presets"] if p["name"] == "toyrace")
        assert toy["bots"] == ["random", "runner"] and toy["default_bot"] == "runner" and not toy["needs_cards"]
        assert served.request("/families/toyrace.js")[0] == 404        # no script: the page's buttons
        g = served.new_game("tiny", [("Ann", "human"), ("Bot", "runner")], preset="toyrace")
        board = served.json(f"/api/games/{g['id']}/board")
        assert board["geometry"]["look"] == "board"
        ann = served.ws(g["id"], g["seats"][0]["url"].split("t=")[1])
        seen = -1
        while True:
            st = ann.wait(lambda s, after=seen: s["n"] > after and (s["view"]["over"] or s["view"]["legal"]))
            if st["view"]["over"]:
                break
            reply = ann.act(st["view"]["legal"][1])                      # Ann walks
            assert reply["type"] == "ack", reply
            seen = st["n"]
        assert st["view"]["winners"] and "is home" in st["view"]["end"]
        ann.close()
    finally:
        served.stop()


@pytest.mark.slow
@pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")
def test_toy_family_is_drawn_in_a_real_browser(plugin, monkeypatch, tmp_path):
    # no script of its own: the page draws the view's generic keys (its pawns) and offers the
    # legal actions as buttons
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    site, env = plugin
    monkeypatch.setenv("PYTHONPATH", env["PYTHONPATH"])
    served = Served(tmp_path / "games", maps=[site / "tiny.yaml"])
    driver = chromium()
    try:
        g = served.new_game("tiny", [("Ann", "human"), ("Bob", "human")], preset="toyrace", seed=3)
        driver.get(served.url + g["seats"][0]["url"])
        wait = WebDriverWait(driver, 30, poll_frequency=0.02, ignored_exceptions=(StaleElementReferenceException,))

        def cx(seat):       # read in the page: it redraws on every state
            return driver.execute_script(f"const c = document.querySelector('circle.start.p{seat}');"
                                         "return c && c.getAttribute('cx');")

        before = wait.until(lambda d: cx(0))
        assert cx(1)
        def walk(d):        # found and clicked in one look (a redraw between makes it stale: again)
            found = d.find_elements(By.XPATH, '//button[normalize-space(.)="move: how walk"]')
            return bool(found) and (found[0].click() or True)

        wait.until(walk)
        # Ann walked one step: her pawn stands one hex further east, and her score is 1
        wait.until(lambda d: cx(0) not in (None, before))
        view = driver.execute_script("return window.mapkitGame.view")
        assert view["view"] == 2 and view["players"][0]["score"] == 1 and view["board"]["pawns"][0]["hex"] == "B1"
    finally:
        driver.quit()
        served.stop()
