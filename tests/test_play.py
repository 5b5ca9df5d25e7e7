"""`mapkit play`: a person plays a whole game by typed commands (piped in), resumes a saved
game, gets helpful errors and suggestions; the picture shows the track."""

from __future__ import annotations

import io
import json
from functools import lru_cache

import pytest

from conftest import MAPS, run_cli
from mapkit.analysis.routes import cheapest_path
from mapkit.engine import load_engine_map, load_record, new_game, replay
from mapkit.grid import Grid, hex_name
from mapkit.grid import parse_hex as H
from mapkit.io.yamlmap import load_map
from mapkit.model import City, Map
from mapkit.play import CommandError, GamePicture, Seat, Session, parse_command, parse_players
from mapkit.play.moves import resolve_place, split_places

EXAMPLE = MAPS / "example.yaml"


@lru_cache(maxsize=None)
def example():
    return load_engine_map(EXAMPLE)


def script(first="start Praha", rounds=300):
    """A player who starts in Praha, builds toward Plzeň, then Brno, races when he can."""
    lines = [first]
    for _ in range(rounds):
        lines += ["to Plzen", "to Brno", "done", "race", "pass"]
    return "\n".join(lines) + "\n"


def test_a_whole_game_through_stdin(tmp_path):
    rec = tmp_path / "game.json"
    r = run_cli("play", EXAMPLE, "--players", "Ann,bot:greedy,bot:greedy", "--seed", "5", "--record", rec,
                input=script())
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Game over: 9 races played" in out and "Winner:" in out
    assert "Ann starts in Praha" in out
    # the record replays to a finished game
    js = json.loads(run_cli("replay", rec, "--format", "json").stdout)
    assert js["phase"] == "over" and len(js["races"]) == 9
    state = replay(load_record(rec), example())
    assert state.is_terminal()
    acts = [a for a in state.history if a.get("player") == 0 and a["type"] not in ("roll", "first")]
    assert acts[0] == {"type": "start", "player": 0, "city": "Praha"}
    # "to Plzen": the cheapest path from Praha (E4) to Plzeň (B5), by the analysis module
    m = load_map(EXAMPLE)
    cost, path = cheapest_path(m, H("E4"), H("B5"), "build")
    first_build = next(a for a in acts if a["type"] == "build")
    assert len(first_build["pieces"]) == len(path) - 1 == cost == 4
    assert {hex_name(h) for h in path} == {x for p in first_build["pieces"] for x in p.split("/")}
    assert any(a["type"] == "race" for a in acts)       # the person raced at least once
    # the picture shows Ann's track
    svg = (tmp_path / "game.svg").read_text("utf-8")
    assert svg.count('class="track p0"') == len(state.track[0])


def test_resume_continues_the_same_game(tmp_path):
    lines = script().splitlines(keepends=True)
    whole = tmp_path / "whole.json"
    r = run_cli("play", EXAMPLE, "--players", "Ann,bot:greedy,bot:random", "--seed", "9", "--record", whole,
                "--no-picture", input="".join(lines))
    assert r.returncode == 0, r.stderr
    part = tmp_path / "part.json"
    r1 = run_cli("play", EXAMPLE, "--players", "Ann,bot:greedy,bot:random", "--seed", "9", "--record", part,
                 "--no-picture", input="".join(lines[:12]) + "quit\n")
    assert r1.returncode == 0 and f"--resume {part}" in r1.stdout
    assert not load_record(part).actions[-1:] == load_record(whole).actions[-1:]
    r2 = run_cli("play", "--resume", part, "--no-picture", input="".join(lines[12:]))
    assert r2.returncode == 0, r2.stderr
    assert "Game over" in r2.stdout
    assert load_record(part).actions == load_record(whole).actions
    # the bots are remembered: seats come from the record
    assert load_record(part).header["play"]["seats"] == ["human", "greedy", "random"]


def test_hot_seat_two_people(tmp_path):
    cities = [c.name for c in example().cities]
    lines = ["Praha", "Brno"]
    for _ in range(100):       # two people who build toward every city in turn, then race
        lines += ["declare", *(f"to {c}" for c in cities), "done", "race cheap", "pass"]
    r = run_cli("play", EXAMPLE, "--players", "Ann,Bob", "--seed", "3", "--record", tmp_path / "g.json",
                "--rules", "expres", "--option", "races=3", input="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert "Ann chooses a start city (secret)" in r.stdout
    assert "revealed: Ann Praha, Bob Brno" in r.stdout
    assert "Game over: 3 races played" in r.stdout


def session(state, lines, seats=None, tmp_path=None):
    out = io.StringIO()
    seats = seats or [Seat(n, "human") for n in state.players]
    s = Session(state, seats, 0, tmp_path / "s.json", out=out, inp=io.StringIO("\n".join(lines) + "\n"),
                interactive=False)
    s.run()
    return out.getvalue()


def small_map():
    return Map(Grid("pointy", "odd", 9, 2), terrain={H("C1"): "mountain", H("C2"): "mountain"},
               cities=[City("Plzeň", H("A1"), (11,)), City("Ústí nad Labem", H("I1"), (12,)),
                       City("Frýdek-Místek", H("E2"), (13,))])


def test_errors_and_suggestions(tmp_path):
    g = new_game(small_map(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    out = session(g, ["start Plzen", "build A1 C1", "to Usty", "bulid A1 B1", "cost Ústí nad Labem",
                      "to ústí nad labem", "quit"], tmp_path=tmp_path)
    assert "Ann starts in Plzeň" in out
    assert "not allowed: A1 and C1 are not adjacent" in out
    assert "did you mean Ústí nad Labem?" in out
    assert "unknown command 'bulid'; did you mean 'build'?" in out
    # by hand: A1-B1 1, B1-C1 3 (into the mountain C1), C1-D1 3 (out of it), then 5 plain pieces
    assert "Ústí nad Labem (I1): 12 build points, 8 pieces: A1 B1 C1 D1 E1 F1 G1 H1 I1" in out


def test_undo_and_hint(tmp_path):
    g = new_game(small_map(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    out = session(g, ["start Plzeň", "build A1 B1", "undo", "undo", "hint", "quit"], tmp_path=tmp_path)
    assert "took back: build A1 B1" in out
    assert "the last action is a dice roll; dice are never rolled again" in out
    assert "hint: build" in out
    # the saved record lost the undone piece: start, roll
    assert [a["type"] for a in load_record(tmp_path / "s.json").actions] == ["start", "roll"]


def test_to_city_builds_as_far_as_the_points_go(tmp_path):
    g = new_game(small_map(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    g.apply({"type": "start", "city": "Plzeň"})
    g.apply({"type": "roll", "dice": [2, 2]})
    # 4 points: A1-B1 costs 1, B1-C1 3 (mountain): both fit; C1-D1 (3) does not
    a = parse_command(g, "to Ústí nad Labem").action
    assert a == {"type": "build", "player": 0, "pieces": ["A1/B1", "B1/C1"]}
    g.apply(a)
    assert g.current_player() == 1
    g.apply({"type": "start", "city": "Frýdek-Místek"})
    g.apply({"type": "build", "path": ["E2", "D2", "E1"]})    # Bob: 2 of the round's 4 points
    # Bob toward the mountain C1: first the plain piece to D1 (1 point; D2/D1 and E1/D1 cost
    # the same, the search takes the lower hex id), then C1 from D1 costs 3 with 1 point left
    a = parse_command(g, "to C1").action
    assert a["pieces"] in (["D1/D2"], ["D1/E1"])
    g.apply(a)
    with pytest.raises(CommandError, match="C1/D1, cannot be built: C1/D1 costs 3 build points; 1 left"):
        parse_command(g, "to C1")


def test_place_names():
    b = load_engine_map(EXAMPLE)
    assert b.hex_names[resolve_place(b, "plzen")] == "B5"
    assert b.hex_names[resolve_place(b, "14")] == "B5"          # a race number of Plzeň
    assert b.hex_names[resolve_place(b, "b5")] == "B5"
    assert [b.hex_names[h] for h in split_places(b, "Ústí nad Labem, E2-E3 Praha")] == ["D1", "E2", "E3", "E4"]
    with pytest.raises(CommandError, match="Z99 is not on the board"):
        resolve_place(b, "Z99")
    with pytest.raises(CommandError, match="did you mean Olomouc"):
        resolve_place(b, "Olomuc")


def test_routes_and_race_commands(tmp_path):
    m = Map(Grid("pointy", "odd", 8, 1), cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("H1"), (12,))])
    g = new_game(m, "paluba", ["Ann", "Bob"], {"first_player": 0})
    g.apply({"type": "start", "city": "Aš"})
    g.apply({"type": "roll", "dice": [4, 3]})
    g.apply({"type": "build", "path": ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"]})
    g.apply({"type": "roll", "dice": [1, 1]})
    g.apply({"type": "roll", "dice": [1, 2]})
    if g.current_player() == 1:     # Bob has no piece: every route is someone else's
        assert "(none of your pieces: not allowed)" in parse_command(g, "routes").text
        with pytest.raises(CommandError, match="no route with one of your own pieces"):
            parse_command(g, "race")
        g.apply({"type": "pass"})
    assert g.current_player() == 0
    text = parse_command(g, "routes").text
    assert text.strip() == "1) 7 movement points, 0 in fares, 7 own pieces: A1 B1 C1 D1 E1 F1 G1 H1"
    assert parse_command(g, "race").action["route"] == ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"]
    assert parse_command(g, "race 1").action == parse_command(g, "race").action
    with pytest.raises(CommandError, match="there are 1 routes"):
        parse_command(g, "race 3")
    with pytest.raises(CommandError, match="building is not possible now: declare for the race"):
        parse_command(g, "to Cheb")


def test_players_option():
    assert parse_players("Ann,bot") == [Seat("Ann", "human"), Seat("greedy-2", "greedy")]
    from mapkit.errors import InputError

    with pytest.raises(InputError, match="unknown bot 'smart'"):
        parse_players("Ann,bot:smart")
    with pytest.raises(InputError, match="two players are called 'Ann'"):
        parse_players("Ann,Ann")


def test_picture_png(tmp_path):
    g = new_game(small_map(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    g.apply({"type": "start", "city": "Plzeň"})
    g.apply({"type": "roll", "dice": [2, 2]})
    g.apply({"type": "build", "path": ["A1", "B1", "C1"]})
    pic = GamePicture(g.board, small_map())
    pic.write(g, tmp_path / "p.png")
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = pic.svg(g)
    assert svg.count('class="track p0"') == 2 and "build phase, round 1" in svg
    # a board from an engine export (no YAML map) is drawn too
    assert GamePicture(g.board).svg(g).count('class="track p0"') == 2


@pytest.mark.parametrize("args,message", [
    (["--players", "Ann,bot:smart"], "unknown bot 'smart'"),
    (["--resume", "nowhere.json"], "no such file"),
])
def test_bad_input(args, message, tmp_path):
    r = run_cli("play", EXAMPLE, *args, input="", cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_existing_record_is_not_overwritten(tmp_path):
    rec = tmp_path / "g.json"
    rec.write_text("{}", "utf-8")
    r = run_cli("play", EXAMPLE, "--record", rec, input="quit\n")
    assert r.returncode == 2 and "exists: continue that game with --resume" in r.stderr
    assert rec.read_text("utf-8") == "{}"
