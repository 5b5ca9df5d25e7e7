"""Railroad Tycoon in the terminal: a whole game through stdin against two greedy bots, the
commands read into actions, and no task card but the person's own ever printed."""

from __future__ import annotations

import io

import pytest

from tests.support import run_here
from mapkit.engine import load_engine_map, load_record, replay
from mapkit.engine.games.railroad_tycoon.cards import TASKS
from mapkit.engine.games.railroad_tycoon.front.commands import read
from mapkit.engine.games.railroad_tycoon.front.terminal import RailroadTycoonFront
from mapkit.play import CommandError, Console, Saving, Seat, Session
from mapkit.play.fronts import front_for

from .scenario import game, money, to_turn

from pathlib import Path

SMALL = Path(__file__).parents[2] / "data" / "railroad-tycoon-small.yaml"


def script(cycles=250) -> str:
    lines = ["cards", "goods", "links", "take nothing", "show"]
    for _ in range(cycles):
        lines += ["issue 1", "deliver", "to New York", "to Boston", "to Chicago", "loco", "pass"]
    return "\n".join(lines) + "\n"


def test_a_whole_game_against_two_bots(tmp_path):
    rec = tmp_path / "rt.json"
    r = run_here("play", SMALL, "--rules", "railroad-tycoon", "--players", "Ann,bot:greedy,bot:greedy", "--seed", "3",
                "--record", rec, input=script())
    assert r.returncode == 0, r.stderr
    out = r.stdout
    state = replay(load_record(rec), load_engine_map(SMALL))
    assert state.is_terminal()
    winners = ", ".join(state.players[p] for p in state.winners())
    assert "Game over:" in out and f"Winner: {winners}" in out
    assert "draws a secret task card" in out and "the goods are on the board" in out
    # Ann's own task card, and nobody else's, is printed
    own = TASKS[state.task[0]].title
    shown = [ln.split("your task: ")[1] for ln in out.splitlines() if "your task: " in ln]
    assert shown and all(x.startswith(own) for x in shown)
    for q in (1, 2):
        other = TASKS[state.task[q]].title
        if other != own:
            assert f"task: {other}" not in out and other not in "\n".join(shown)
    assert all(t not in out for t in (state.task[1], state.task[2]) if t != state.task[0])
    # what she typed became her actions
    mine = [a for a in state.history if a.get("player") == 0 and a["type"] in ("build", "deliver", "issue")]
    assert {a["type"] for a in mine} >= {"build", "issue"}
    assert "is no card you may take" in out
    svg = (tmp_path / "rt.svg").read_text("utf-8")
    assert svg.count('class="track p') >= 1


def test_the_family_has_its_front():
    g = game()
    assert isinstance(front_for(g), RailroadTycoonFront)


def act(g, line):
    cmd = read(g, line)
    assert cmd.kind == "action", cmd
    g.apply(cmd.action)
    return cmd.action


def test_commands_read_into_actions():
    g = game(goods={"New York": ["red", "purple"]})
    with pytest.raises(CommandError, match="track is built as an action"):
        read(g, "build New York B1 C1")
    assert read(g, "bid 3").action["amount"] == 3000
    act(g, "pass")                          # Bob opens and passes: Ann is first player
    with pytest.raises(CommandError, match="bids are made in the auction"):
        read(g, "bid 1000")
    act(g, "issue 3")
    assert act(g, "take hotel boston")["card"] == "hotel:Boston"
    act(g, "issue 2")                       # Bob: money for his link
    a = act(g, "to Pittsburgh")             # the cheapest link: Scranton D3 - C2 - Pittsburgh D1 (one tile)
    assert a["path"][-1] == "D1" and len(a["path"]) == 3
    with pytest.raises(CommandError, match="unknown command 'bild'; did you mean 'build'"):
        read(g, "bild A1 B1")
    with pytest.raises(CommandError, match="found CITY COLOUR"):
        read(g, "found Scranton")
    with pytest.raises(CommandError, match="found CITY COLOUR"):
        read(g, "found scranton bl")           # blue or black?
    assert read(g, "found scranton blu").action["colour"] == "blue"


def test_deliver_finds_the_links():
    g = game(goods={"New York": ["red", "blue"]})
    money(g, 0, 10000)
    act(g, "build New York B1 C1 Pittsburgh")        # Ann's link 0 (river and mountain: 7000)
    f = RailroadTycoonFront()
    assert "link 0: Ann, New York - Pittsburgh" in f.parse_command(g, "links").text
    assert "New York (blue, A1): blue, red" in f.parse_command(g, "goods").text
    to_turn(g, 0)
    with pytest.raises(CommandError, match="New York has no yellow good"):
        read(g, "deliver new york yellow to Pittsburgh")
    with pytest.raises(CommandError, match="no delivery of yours fits"):
        read(g, "deliver New York red to Chicago")
    assert read(g, "deliver New York red to Pittsburgh").action["links"] == [0]
    assert read(g, "deliver New York red 0").action["links"] == [0]
    with pytest.raises(CommandError, match="name the city the good leaves"):
        read(g, "deliver red 0")
    assert read(g, "deliver red to pittsburgh").action["from"] == "New York"
    assert read(g, "deliver").action == {"type": "deliver", "player": 0, "from": "New York", "colour": "red",
                                         "links": [0]}
    before = f.snapshot(g)
    act(g, "deliver")
    told = f.narrate(before, g, g.history[-1])
    assert "Ann delivers red from New York to Pittsburgh over 1 link(s)" in told


def test_hint_and_undo_in_a_session(tmp_path):
    g = game()
    out = io.StringIO()
    lines = ["hint", "pass", "issue 1", "undo", "quit"]
    s = Session(g, [Seat("Ann", "human"), Seat("Bob", "human")], 0, Saving(tmp_path / "s.json"),
                Console(out, io.StringIO("\n".join(lines) + "\n"), False))
    s.run()
    text = out.getvalue()
    assert "hint: " in text and "took back: issue 1" in text
