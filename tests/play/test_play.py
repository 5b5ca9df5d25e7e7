"""`mapkit play`: a person plays a whole game by typed commands (piped in), resumes a saved
game, gets helpful errors and suggestions; the picture shows the track."""

from __future__ import annotations

import io
import json
import os
from functools import cache

import pytest

from tests.support import MAPS, run_cli, run_here
from mapkit.analysis.routes import cheapest_path
from mapkit.engine import load_engine_map, load_record, new_game, replay
from mapkit.grid import Grid, hex_name
from mapkit.grid import parse_hex as H
from mapkit.io.yamlmap import load_map
from mapkit.model import City, Map
from mapkit.engine.games.dampfross.front.moves import parse_command
from mapkit.play import CommandError, Console, GamePicture, Saving, Seat, Session, parse_players
from mapkit.play.commands import resolve_place, split_places

EXAMPLE = MAPS / "example.yaml"


@cache
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
    js = json.loads(run_here("replay", rec, "--format", "json").stdout)
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
    r = run_here("play", EXAMPLE, "--players", "Ann,bot:greedy,bot:random", "--seed", "9", "--record", whole,
                "--no-picture", input="".join(lines))
    assert r.returncode == 0, r.stderr
    part = tmp_path / "part.json"
    r1 = run_here("play", EXAMPLE, "--players", "Ann,bot:greedy,bot:random", "--seed", "9", "--record", part,
                 "--no-picture", input="".join(lines[:12]) + "quit\n")
    assert r1.returncode == 0 and f"--resume {part}" in r1.stdout
    assert load_record(part).actions[-1:] != load_record(whole).actions[-1:]
    r2 = run_here("play", "--resume", part, "--no-picture", input="".join(lines[12:]))
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
    r = run_here("play", EXAMPLE, "--players", "Ann,Bob", "--seed", "3", "--record", tmp_path / "g.json",
                "--rules", "expres", "--option", "races=3", input="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert "Ann chooses a start city (secret)" in r.stdout
    assert "revealed: Ann Praha, Bob Brno" in r.stdout
    assert "Game over: 3 races played" in r.stdout


def session(state, lines, seats=None, tmp_path=None):
    out = io.StringIO()
    seats = seats or [Seat(n, "human") for n in state.players]
    s = Session(state, seats, 0, Saving(tmp_path / "s.json"), Console(out, io.StringIO("\n".join(lines) + "\n"), False))
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


def test_a_seat_named_you_is_told_in_the_second_person(tmp_path):
    """The default person's seat is called You (mapkit play --players You,bot,bot): the
    narration says "You start in Plzeň", "You roll", never "You starts"."""
    g = new_game(small_map(), "paluba", ["You", "Bob"], {"first_player": 0})
    out = session(g, ["start Plzen", "done", "quit"], tmp_path=tmp_path)
    assert "You start in Plzeň" in out and "You end the turn" in out
    assert "You roll " in out and " build points" in out
    assert not any(w in out for w in ("You starts", "You rolls", "You ends", "You builds"))


def test_undo_and_hint(tmp_path):
    g = new_game(small_map(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    out = session(g, ["start Plzeň", "build A1 B1", "build B1 B2", "undo", "undo", "undo", "hint", "quit"],
                  tmp_path=tmp_path)
    # undo says what it took back and what one more undo would take back, or why nothing can be
    assert "took back: build B1 B2; undo again to take back: build A1 B1" in out
    assert ("took back: build A1 B1; nothing more to undo (the last action is a dice roll; dice are never "
            "rolled again)") in out
    assert ("nothing to undo: the last action is a dice roll; dice are never rolled again. Undo takes back "
            "your own last action, as long as no dice were rolled and nobody else moved after it.") in out
    assert "hint: build" in out
    # the saved record lost the undone pieces: start, roll
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
    # "bot" alone: the game's default bot
    assert parse_players("Ann,bot", "greedy") == [Seat("Ann", "human"), Seat("greedy-2", "greedy")]
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
    r = run_here("play", EXAMPLE, *args, input="", cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_existing_record_is_not_overwritten(tmp_path):
    rec = tmp_path / "g.json"
    rec.write_text("{}", "utf-8")
    r = run_here("play", EXAMPLE, "--record", rec, "--no-picture", input="quit\n")
    assert r.returncode == 0, r.stderr
    assert f"{rec} exists (not a record of a game on this map); this game is saved in {tmp_path / 'g-2.json'}" \
        in r.stdout
    assert rec.read_text("utf-8") == "{}" and load_record(tmp_path / "g-2.json").header["players"][0] == "You"


def test_a_new_game_is_numbered_after_a_finished_one(tmp_path):
    """The default record name is taken by a finished game: the new game gets -2, the old record
    is left as it was; an unfinished one is named with the way to continue it."""
    bots = ["--players", "bot:greedy,bot:greedy", "--seed", "4", "--no-picture", "--option", "races=2"]
    r = run_here("play", EXAMPLE, *bots, input="", cwd=tmp_path)
    assert r.returncode == 0 and "Game over" in r.stdout, r.stderr
    first = (tmp_path / "example-game.json").read_bytes()
    r = run_here("play", EXAMPLE, "--players", "Ann,bot:greedy", "--no-picture", input="quit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "example-game.json holds a finished game; this game is saved in example-game-2.json" in r.stdout
    assert (tmp_path / "example-game.json").read_bytes() == first
    r = run_here("play", EXAMPLE, "--players", "Ann,bot:greedy", "--no-picture", "--record", "example-game-2.json",
                input="quit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert ("example-game-2.json holds an unfinished game (continue it with mapkit play --resume "
            "example-game-2.json); this game is saved in example-game-2-2.json") in r.stdout


def test_done_typed_ahead_does_not_end_the_next_turn(tmp_path):
    """Ann spends all 4 points toward Plzeň (4 plain pieces from Praha), so her turn ends by
    itself, and the done she typed after it waits for her next turn: it is set aside there,
    and her next command builds in that turn."""
    g = new_game(example(), "paluba", ["Ann", "bot"], {"first_player": 0})
    g.apply({"type": "start", "city": "Praha"})
    g.apply({"type": "roll", "dice": [2, 2]})
    out = session(g, ["to Plzeň", "done", "to Brno", "quit"],
                  seats=[Seat("Ann", "human"), Seat("bot", "greedy")], tmp_path=tmp_path)
    assert "done not taken: it was typed before this turn began, and your turn had already ended by itself" in out
    acts = [a for a in load_record(tmp_path / "s.json").actions if a.get("player") == 0 and a["type"] != "roll"]
    assert [a["type"] for a in acts] == ["start", "build", "build"]
    assert len(acts[1]["pieces"]) == 4
    # Hot seat: Ann's turn ends by itself and her done would fall on Bob's first turn.
    g = new_game(example(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    g.apply({"type": "start", "city": "Praha"})
    g.apply({"type": "roll", "dice": [2, 2]})
    out = session(g, ["to Plzeň", "done", "start Brno", "quit"], tmp_path=tmp_path)
    assert "done not taken" in out and "Ann's turn had already ended by itself" in out and "Bob starts in Brno" in out
    # A done given as the first command of a turn that began normally still ends it.
    g = new_game(small_map(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    out = session(g, ["start Plzeň", "done", "quit"], tmp_path=tmp_path)
    assert "Ann ends the turn" in out and "not taken" not in out


def test_done_typed_at_the_new_prompt_after_a_turn_that_ended_itself(tmp_path, monkeypatch):
    """At a keyboard the done may come after the new turn's prompt (not typed ahead): when the
    turn it was meant for had ended by itself, it is refused with the reason, and only a
    second done ends the new turn."""
    monkeypatch.setattr(Session, "typed_ahead", lambda self: False)
    g = new_game(example(), "paluba", ["Ann", "bot"], {"first_player": 0})
    g.apply({"type": "start", "city": "Praha"})
    g.apply({"type": "roll", "dice": [2, 2]})
    out = session(g, ["to Plzeň", "d", "to Brno", "d", "quit"],
                  seats=[Seat("Ann", "human"), Seat("bot", "greedy")], tmp_path=tmp_path)
    assert out.count("done not taken: it was typed after the turn it was meant for, and your turn had "
                     "already ended by itself") == 1
    acts = [a["type"] for a in load_record(tmp_path / "s.json").actions if a.get("player") == 0 and a["type"] != "roll"]
    assert acts[:4] == ["start", "build", "build", "done"]


def body(text):
    """The map's lines above the blank line before its key."""
    return text.rsplit("\n\n", 1)[0].splitlines()


@pytest.mark.parametrize("name,start", [("czechia", "Ostrava"), ("germany", "Hamburg"), ("usa", None)])
def test_text_map_fits_an_80_column_terminal(name, start, tmp_path, monkeypatch):
    """Every line of the map command's text, the key too, fits 80 columns (a wider line wraps
    into noise); a board wider than that shows the columns around the player's network and
    says which (Ostrava lies in the east of Czechia: the east is shown, not the west)."""
    import shutil

    from mapkit.engine import EngineMap
    from mapkit.play.textmap import text_map

    b = EngineMap.from_map(load_map(MAPS / f"{name}.yaml"))
    g = new_game(b, "transamerica" if start is None else "paluba", ["Ann", "Bob"], {"first_player": 0})
    if start:
        g.apply({"type": "start", "city": start})
        g.apply({"type": "roll", "dice": [6, 6]})
        g.apply(next(a for a in g.legal_actions() if a["type"] == "build"))
    text = text_map(g, width=80)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    if name == "czechia":
        assert "(columns " in text and " of A..AM shown" in text and body(text)[1].split()[-1] == "M"
    # In the session the map command measures the terminal it prints to.
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((80, 24)))
    monkeypatch.setenv("NO_COLOR", "1")
    out = Terminal()
    Session(g, [Seat("Ann", "human"), Seat("Bob", "human")], 0, Saving(tmp_path / "s.json"),
            Console(out, io.StringIO("map\nquit\n"), False)).run()
    shown = out.getvalue().split("> map\n", 1)[1].split("\n" + g.players[g.current_player()] + ", ", 1)[0]
    assert "(* shared)" in shown and max(len(line) for line in shown.splitlines()) <= 80, shown


def test_text_map_shows_rivers_borders_columns_past_z_and_cities_apart():
    """The Czech board, 39 columns (A..AM), in both layouts. Wide: every river side and every
    border side has a place of its own, so the map shows exactly as many river marks (| / \\)
    as the board has river sides that are not also borders, and as many : as border sides;
    each city shows its smallest race number (the five towns abroad three letters). Compact:
    the column names past Z on two lines, a letter for each city that no other city has."""
    from mapkit.engine import EngineMap
    from mapkit.play.textmap import city_marks, text_map

    m = load_map(MAPS / "czechia.yaml")
    b = EngineMap.from_map(m)
    g = new_game(b, "paluba", ["Ann", "Bob"])
    wide = text_map(g, width=200)
    lines = body(wide)
    assert lines[0].split() == [chr(65 + k) for k in range(26)] + ["A" + chr(65 + k) for k in range(13)]
    borders = m.edge_set("borders")
    grid_lines = lines[1:]
    assert sum(ln.count(":") for ln in grid_lines) == len(borders)
    # river sides where track may run (a river touching water is no track side), not borders
    rivers = [e for e, r in zip(b.edge_ends, b.edge_river, strict=False)
              if r and tuple(sorted((b.grid.hex_at(e[0]), b.grid.hex_at(e[1])))) not in borders]
    assert sum(ln[3:].count(ch) for ln in grid_lines for ch in "|/\\") == len(rivers) > 100
    numbers = [str(min(c.numbers)) for c in m.cities if c.numbers]
    assert all(n in wide for n in numbers) and "Che Chemnitz" in wide and "Cze Częstochowa" in wide
    compact = text_map(g, width=100)
    head = body(compact)[:2]
    assert head[0].split() == ["A"] * 13 and head[1].split()[26:] == [chr(65 + k) for k in range(13)]
    assert max(len(ln) for ln in body(compact)) <= 100
    marks = city_marks(b, 1)
    assert len(set(marks)) == len(marks) == len(m.cities)
    for mark, c in zip(marks, m.cities, strict=False):
        assert f"{mark} {c.name}" in compact


def test_text_map_in_colour_where_the_terminal_has_it(tmp_path, monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    g = new_game(example(), "paluba", ["Ann", "Bob"], {"first_player": 0})
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    out = Terminal()
    s = Session(g, [Seat("Ann", "human"), Seat("Bob", "human")], 0, Saving(tmp_path / "s.json"),
                Console(out, io.StringIO("map\nquit\n"), False))
    s.run()
    text = out.getvalue()
    assert "\x1b[31;1m" in text and "\x1b[94;1m" in text and "\x1b[0m" in text     # cities, rivers
    for out, no_colour in ((Terminal(), "1"), (io.StringIO(), None)):      # NO_COLOR, and a pipe
        if no_colour:
            monkeypatch.setenv("NO_COLOR", no_colour)
        else:
            monkeypatch.delenv("NO_COLOR")
        Session(g, [Seat("Ann", "human"), Seat("Bob", "human")], 0, Saving(tmp_path / "s.json"),
                Console(out, io.StringIO("map\nquit\n"), False)).run()
        assert "\x1b[" not in out.getvalue() and " 11 Praha (12 13)," in out.getvalue()   # 16 columns: wide


def test_the_picture_shows_the_board_of_the_game_played():
    # Czechia's TransAmerica deck has four towns that are no city of the map (Hradec Králové
    # among them): a TransAmerica game's picture shows them, a Paluba game's does not, as
    # neither does its printed board
    from mapkit.engine import load_engine_map
    from tests.support import MAPS

    board = load_engine_map(MAPS / "czechia.yaml")
    paluba = new_game(board, "paluba", ["Ann", "Bob"], {"first_player": 0})
    assert "Hradec Králové" not in GamePicture(board, family="dampfross").svg(paluba)
    ta = new_game(board, "transamerica", ["Ann", "Bob"], seed=1)
    assert "Hradec Králové" in GamePicture(board, family="transamerica").svg(ta)


def test_text_map_draws_railroad_tycoon_tiles():
    """Railroad Tycoon's track is tiles on hexes (the view's ``{"hex", "joins"}``), not pieces
    on edges: the map command drew none and crashed. Ann's link Aš-Cheb on the 5 x 2 strip of
    the family's example lays tiles on B1, C1 and D1 (not on the cities at its ends): each shows
    her seat, 1, the mountain C1 too; the cities show three letters of their names (Aš has
    two), as in the wide layout of the module notes."""
    from mapkit.engine.games.railroad_tycoon.front.commands import read
    from mapkit.engine.games.railroad_tycoon.front.plan import example as rt_example
    from mapkit.play.textmap import text_map

    g = rt_example()
    g.apply(read(g, "pass").action)
    assert body(text_map(g, width=80))[1] == " 1  As   .   ^   .  Che"
    g.apply(read(g, "issue 2").action)         # 10,000 for the 8,000 of the track
    g.apply(read(g, "build as b1 c1 d1 cheb").action)
    assert body(text_map(g, width=80)) == ["     A   B   C   D   E",
                                           " 1  As   1   1   1  Che",
                                           "",
                                           " 2     .   .   .   .   ."]
