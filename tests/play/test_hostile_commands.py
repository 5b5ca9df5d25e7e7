"""What a person may type or ask for that a game cannot be: places that are no city, lines
of any length, output paths that are folders or of a kind the picture cannot be. Each gets a
one-line answer, bounded work, and nothing written outside what was asked for."""

from __future__ import annotations

import pytest

from tests.support import MAPS, run_here
from mapkit.engine import load_engine_map, load_record
from mapkit.engine.games.railroad_tycoon.front.commands import read
from mapkit.engine.games.railroad_tycoon.front.plan import example as rt_example
from mapkit.play import CommandError
from mapkit.play import commands
from mapkit.play.commands import split_places

EXAMPLE = MAPS / "example.yaml"
CUT = "x" * 80 + "..."          # what an error repeats of a long typed word


def ann_to_act():
    """The Railroad Tycoon example with Ann (first player after Bob's pass) to act."""
    g = rt_example()
    g.apply(read(g, "pass").action)
    return g


@pytest.mark.parametrize("line", ["deliver B1", "deliver B1 red", "deliver Aš red to B1", "deliver red to B1",
                                  "western B1"])
def test_railroad_tycoon_a_hex_that_is_no_city(line):
    # B1 is a plain hex of the example strip (cities: Aš A1, Cheb E1); it was a KeyError
    with pytest.raises(CommandError, match="^B1 is not a city$"):
        read(ann_to_act(), line)


def test_a_long_list_of_places_is_read_in_bounded_work(monkeypatch):
    """A path of 333 times Praha (1997 characters) is read, trying per place no more words
    than the longest city name of the map has (3: Ústí nad Labem): fold() is called once per
    word for the dash test, then twice per place for runs of 3 and 2 words, save the last two
    places (one run of 2, none) -- 333 + 2 * 331 + 1 = 996 calls, where every run to the
    end of the line was 333 + 332 * 333 / 2 = 55,611."""
    b = load_engine_map(MAPS / "czechia.yaml")
    assert max(len(c.name.split()) for c in b.cities) == 3
    calls = []
    real = commands.fold
    monkeypatch.setattr(commands, "fold", lambda t: calls.append(t) or real(t))
    praha = b.cities[next(i for i, c in enumerate(b.cities) if c.name == "Praha")].hex
    assert split_places(b, " ".join(["Praha"] * 333)) == [praha] * 333
    assert len(calls) == 996
    with pytest.raises(CommandError, match="^a line of 2001 characters is too long: at most 2000$"):
        split_places(b, "E4 " * 667)
    with pytest.raises(CommandError, match="^give at most 500 places, not 501$"):
        split_places(b, "E4 " * 501)


def play_lines(tmp_path, lines):
    """The output of ``mapkit play`` on the example map, Ann against a greedy bot, fed ``lines``."""
    r = run_here("play", EXAMPLE, "--players", "Ann,bot:greedy", "--seed", "1", "--no-picture",
                 "--record", tmp_path / "g.json", input="\n".join(lines) + "\nquit\n")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    return [ln for ln in r.stdout.splitlines() if not ln.startswith("Ann> ")]


def test_errors_repeat_at_most_80_characters_of_what_was_typed(tmp_path):
    out = play_lines(tmp_path, ["to " + "x" * 100_000, "start " + "x" * 1900, "start Praha Brno",
                                "start Praha", "to " + "x" * 1900, "cost Praha " + "x" * 90])
    assert "  a line of 100003 characters is too long: at most 2000" in out
    assert f"  {CUT!r} is neither a hex nor a city of the map" in out       # at the start and in a build
    assert out.count(f"  {CUT!r} is neither a hex nor a city of the map") == 3
    assert "  give one place, not 2: 'Praha Brno'" in out
    assert max(len(ln) for ln in out) < 300
    with pytest.raises(CommandError, match=r"^unknown command 'y{80}\.\.\.' \(help lists every command\)$"):
        read(ann_to_act(), "y" * 500)


def test_record_in_a_folder_is_saved_there_under_the_default_name(tmp_path):
    (tmp_path / "games").mkdir()
    r = run_here("play", EXAMPLE, "--record", ".", "--no-picture", input="quit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["example-game.json", "games"]
    r = run_here("play", EXAMPLE, "--record", "games", input="quit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["example-game.json", "example-game.svg"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["example-game.json", "games"]
    # a second game in that folder is numbered, as any taken name is
    r = run_here("play", EXAMPLE, "--record", "games/", "--no-picture", input="quit\n", cwd=tmp_path)
    assert "this game is saved in games/example-game-2.json" in r.stdout
    # resumed into another folder: the resumed record's name there
    (tmp_path / "later").mkdir()
    r = run_here("play", "--resume", "games/example-game.json", "--record", "later", "--no-picture",
                 input="quit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert load_record(tmp_path / "later" / "example-game.json").header["players"][0] == "You"
    r = run_here("play", EXAMPLE, "--record", "nowhere/", input="quit\n", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == "mapkit play: --record nowhere/: the folder does not exist\n"
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("picture,message", [
    ("x.gif", "--picture x.gif: the board is drawn as .svg or .png, not .gif"),
    ("board", "--picture board: the board is drawn as .svg or .png, not a file without an extension"),
    ("folder", "--picture folder is a folder; give a file name (.svg or .png)"),
    ("nowhere/x.svg", "--picture nowhere/x.svg: the folder nowhere does not exist"),
])
def test_a_picture_it_cannot_draw_is_refused_before_anything_is_written(picture, message, tmp_path):
    (tmp_path / "folder").mkdir()
    r = run_here("play", EXAMPLE, "--picture", picture, input="quit\n", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == f"mapkit play: {message}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["folder"] and not any((tmp_path / "folder").iterdir())
