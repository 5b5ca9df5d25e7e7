"""`mapkit balance` as a user runs it: a new map and a before/after report, its input never
touched, the same bytes from the same seed whatever plays the games, pins, one-line errors."""

from __future__ import annotations

import json

import pytest

from tests.engine.test_balance import SPUR
from tests.support import MAPS, assert_one_line_error, run_cli, run_here

SPUR_ARGS = ["--players", "2", "--option", "unique_starts=true", "--option", "races=3", "--no-progress"]


@pytest.fixture
def spur_file(tmp_path):
    path = tmp_path / "spur.yaml"
    path.write_text(SPUR, encoding="utf-8")
    return path


def test_writes_a_new_map_and_a_report_and_leaves_its_input(spur_file, tmp_path):
    before = spur_file.read_bytes()
    out = tmp_path / "new" / "spur-balanced.yaml"
    r = run_here("balance", spur_file, "-o", out, *SPUR_ARGS, "--games", "8", "--rounds", "2", "--keep-numbers",
                 "--keep", "zakouti", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert spur_file.read_bytes() == before
    rep = json.loads(r.stdout)
    assert rep["output"] == str(out) and rep["pins"] == {"cities": ["Zákoutí"], "numbers": True, "start": False,
                                                         "cards": False}
    assert len(rep["steps"]) == 2 and rep["check"]["seed"] == 1 and rep["before"]["by_position"][0]["games"] == 8
    assert all("Zákoutí" not in s["change"] for s in rep["steps"])
    check = run_here("validate", out)
    assert check.returncode == 0 and "0 warnings" in check.stdout
    # the check's figures are simulate's on the seed after the search's: anyone can play them again
    for path, side in ((spur_file, "before"), (out, "after")):
        sim = run_here("simulate", path, *SPUR_ARGS, "--games", "8", "--seed", "1", "--format", "json")
        assert sim.returncode == 0, sim.stderr
        again = json.loads(sim.stdout)
        assert again["by_position"] == rep[side]["by_position"] and again["start_cities"] == rep[side]["start_cities"]
    text = out.read_text(encoding="utf-8")
    assert "Zákoutí" in text.split("start_cities:")[1].splitlines()[0]
    # the text report says what it tried, and names the map it wrote
    t = run_here("balance", spur_file, "-o", tmp_path / "again.yaml", *SPUR_ARGS, "--games", "8", "--rounds", "2",
                 "--keep-numbers", "--keep", "Zákoutí")
    assert t.returncode == 0, t.stderr
    assert "Search on the games of seed 0: 2 changes tried" in t.stdout
    assert t.stdout.endswith(f"wrote {tmp_path / 'again.yaml'}\n")
    assert (tmp_path / "again.yaml").read_bytes() == out.read_bytes()


@pytest.mark.slow     # end to end: worker processes
def test_the_same_seed_gives_the_same_bytes_whatever_jobs(spur_file, tmp_path):
    args = ["balance", spur_file, *SPUR_ARGS, "--games", "12", "--rounds", "3", "--seed", "7", "--format", "json"]
    one = run_here(*args, "-o", tmp_path / "one.yaml", "--jobs", "1", "--report", tmp_path / "one.json")
    two = run_cli(*args, "-o", tmp_path / "two.yaml", "--jobs", "2", "--report", tmp_path / "two.json")
    assert one.returncode == 0 and two.returncode == 0, (one.stderr, two.stderr)
    assert (tmp_path / "one.yaml").read_bytes() == (tmp_path / "two.yaml").read_bytes()
    a, b = (json.loads((tmp_path / f"{k}.json").read_text(encoding="utf-8")) for k in ("one", "two"))
    assert a.pop("output") != b.pop("output") and a == b


def test_refuses_to_write_over_its_input(spur_file):
    before = spur_file.read_bytes()
    r = run_here("balance", spur_file, "-o", spur_file, *SPUR_ARGS)
    assert_one_line_error(r, "refusing to overwrite the input")
    assert spur_file.read_bytes() == before


@pytest.mark.parametrize(("extra", "needles"), [
    (["--rounds", "0"], ["--rounds 0"]),
    (["--games", "0"], ["--games 0"]),
    (["--keep", "Zakuti"], ["--keep Zakuti", "did you mean Zákoutí"]),
    (["--keep-numbers", "--keep-start"], ["nothing to change"]),
])
def test_bad_input_is_one_line(spur_file, tmp_path, extra, needles):
    r = run_here("balance", spur_file, "-o", tmp_path / "out.yaml", *SPUR_ARGS, "--games", "2", *extra)
    assert_one_line_error(r, *needles)
    assert not (tmp_path / "out.yaml").exists()


@pytest.mark.parametrize("report", ["out.yaml", "folder", "gone/"])
def test_a_report_that_cannot_be_written_is_refused_before_the_search(spur_file, tmp_path, report):
    # -o and --report naming one file, a folder, a folder's name: refused before the games,
    # and the new map is not left behind by a command that fails
    (tmp_path / "folder").mkdir()
    r = run_here("balance", spur_file, "-o", tmp_path / "out.yaml", *SPUR_ARGS, "--games", "2",
                 "--report", f"{tmp_path}/{report}")
    assert_one_line_error(r, {"out.yaml": "name the same file", "folder": "is a directory",
                              "gone/": "names a folder"}[report])
    assert not (tmp_path / "out.yaml").exists() and not (tmp_path / "gone").exists()


def test_a_game_the_map_cannot_play_or_balance_is_one_line(spur_file, tmp_path):
    r = run_here("balance", spur_file, "-o", tmp_path / "out.yaml", "--rules", "transamerica")
    assert_one_line_error(r, "spur.yaml", "no city cards")
    r = run_here("balance", "usa-east", "-o", tmp_path / "out.yaml", "--rules", "railroad-tycoon")
    assert_one_line_error(r, "usa-east", "nothing to change")
    assert not (tmp_path / "out.yaml").exists()


def test_an_engine_export_is_not_a_map_to_change(tmp_path):
    export = tmp_path / "example.json"
    assert run_here("export", MAPS / "example.yaml", "-o", export).returncode == 0
    r = run_here("balance", export, "-o", tmp_path / "out.yaml")
    assert_one_line_error(r, "example.json", "not an engine export")


def test_dealt_start_cities_are_the_games_simulate_deals(spur_file, tmp_path):
    """``--start-cities rotate``: the check's figures are simulate's with the same deal (each
    allowed start city played equally by each seat), not the bots' choice."""
    out = tmp_path / "dealt.yaml"
    r = run_here("balance", spur_file, "-o", out, *SPUR_ARGS, "--games", "8", "--rounds", "1", "--keep-numbers",
                 "--start-cities", "rotate", "--format", "json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    for path, side in ((spur_file, "before"), (out, "after")):
        sim = run_here("simulate", path, *SPUR_ARGS, "--games", "8", "--seed", "1", "--start-cities", "rotate",
                       "--format", "json")
        assert sim.returncode == 0, sim.stderr
        again = json.loads(sim.stdout)
        assert again["start_cities"] == rep[side]["start_cities"]
        assert rep[side]["start_deal"]["mode"] == "rotate" and again["start_deal"] == rep[side]["start_deal"]


def test_a_map_without_a_name_is_called_by_its_file(tmp_path):
    # the reports' first line names the map: its file when it has no name (not ": 8 games")
    path = tmp_path / "nameless.yaml"
    path.write_text(SPUR.replace("name: Spur\n", ""), encoding="utf-8")
    sim = run_here("simulate", path, *SPUR_ARGS, "--games", "2")
    assert sim.returncode == 0, sim.stderr
    assert sim.stdout.startswith(f"{path}: 2 games, paluba rules"), sim.stdout.splitlines()[0]
    bal = run_here("balance", path, "-o", tmp_path / "out.yaml", *SPUR_ARGS, "--games", "4", "--rounds", "1",
                   "--format", "json")
    assert bal.returncode == 0, bal.stderr
    assert json.loads(bal.stdout)["map"] == str(path)
