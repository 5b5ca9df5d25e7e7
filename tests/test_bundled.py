"""The bundled maps: shipped in the wheel, listed by `mapkit maps`, and accepted by name
wherever a command takes a MAP, from any folder (`mapkit sheets example` from another folder is
the kit tests/commands/test_sheets.py makes and reads)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile

import pytest
import yaml

from tests.support import MAPS, ROOT, run_cli, run_here

BUNDLED = sorted(p.stem for p in MAPS.glob("*.yaml"))


def test_maps_lists_every_bundled_map_with_size_cities_and_preset():
    r = run_cli("maps", "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert [row["name"] for row in rows] == BUNDLED
    for row in rows:
        raw = yaml.safe_load((MAPS / f"{row['name']}.yaml").read_text("utf-8"))
        assert (row["columns"], row["rows"]) == (raw["grid"]["columns"], raw["grid"]["rows"])
        assert row["cities"] == len(raw["cities"]) and row["title"] == raw["name"]
        assert row["preset"] == (raw.get("rules") or {}).get("preset")
        assert row["numbers"] == len({n for c in raw["cities"] for n in c.get("numbers") or []})
    text = run_here("maps").stdout
    assert "czechia" in text and "39 x 26" in text and "expres" in text


@pytest.mark.parametrize("args", [
    ["validate", "usa"],
    ["info", "Czechia"],
    ["distances", "example", "--format", "csv"],
    ["races", "example.yaml"],
    ["route", "example", "Praha", "Brno"],
    ["report", "example"],
    ["format", "example"],
    ["export", "example", "-o", "out/example.json"],
    ["export-tmx", "example", "-o", "out/example.tmx"],
    ["render", "example", "-o", "out/board.svg"],
    ["simulate", "example", "--games", "1", "--players", "2", "--seed", "1"],
], ids=lambda a: a[0])
def test_every_command_takes_a_bundled_map_by_name_from_any_folder(tmp_path, args):
    # in this process, its working folder another (the other commands run as a new process in
    # their own tests, `info` here; `mapkit maps` above and the wheel's test below find the
    # bundled maps from a process of their own too)
    run = run_cli if args[0] == "info" else run_here
    r = run(*args, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    if "-o" in args:
        assert (tmp_path / args[args.index("-o") + 1]).is_file()


def test_a_file_of_that_name_wins_and_an_unknown_name_is_one_line(tmp_path):
    (tmp_path / "usa").write_text("grid: [1\n", "utf-8")
    r = run_here("validate", "usa", cwd=tmp_path)
    assert r.returncode == 2 and "usa:2: malformed YAML" in r.stderr
    r = run_here("validate", "atlantis", cwd=tmp_path)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "no bundled map of that name" in r.stderr and "czechia" in r.stderr
    r = run_here("validate", "sub/atlantis.yaml", cwd=tmp_path)
    assert r.returncode == 2 and "no such file" in r.stderr


def _backend_installed() -> bool:
    """Whether the setuptools that pyproject.toml's build-system asks for is installed."""
    try:
        import setuptools
    except ImportError:
        return False
    return int(setuptools.__version__.split(".")[0]) >= 77


@pytest.mark.slow     # end to end: builds and installs a wheel
def test_the_maps_ship_in_the_wheel_and_work_outside_the_checkout(tmp_path):
    """`pip install .` then `mapkit validate czechia` in another folder (issue 19): the wheel is
    built from a copy of the tree and run unpacked, away from the repository."""
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
    # With the build backend installed (the test extra brings it) the wheel builds offline;
    # otherwise pip fetches it into an isolated build environment.
    offline = ["--no-build-isolation"] if _backend_installed() else []
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *offline, str(src),
                        "-w", str(tmp_path / "whl")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    wheel = next((tmp_path / "whl").glob("mapkit-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        assert sorted(n[len("mapkit/maps/"):-5] for n in names if n.startswith("mapkit/maps/")) == BUNDLED
        assert "mapkit/py.typed" in names  # type checkers of programs using mapkit read its hints
        # each game family's browser script ships in its package (GameFamily.web_script)
        assert {"mapkit/engine/games/dampfross/front/web.js", "mapkit/engine/games/transamerica/front/web.js",
                "mapkit/web/static/pathplan.js"} <= set(names)
        # the catalogues of the printed words (issue 37): compiled for gettext, and the source the
        # browser's JSON is made from
        assert {f"mapkit/locale/{lang}/LC_MESSAGES/mapkit.{ext}" for lang in ("cs", "de")
                for ext in ("po", "mo")} <= set(names)
        # the compiled search kernel (setup.py), wherever a C compiler is
        if sysconfig.get_config_var("CC") and shutil.which(sysconfig.get_config_var("CC").split()[0]):
            assert any(n.startswith("_mapkit_search.") for n in names), names
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        assert "License-Expression: MIT" in meta and "Typing :: Typed" in meta
        z.extractall(tmp_path / "site")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"))
    r = subprocess.run([sys.executable, "-m", "mapkit", "validate", "czechia"], capture_output=True, text=True,
                       cwd=elsewhere, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1].startswith("czechia: valid (0 errors")
    r = subprocess.run([sys.executable, "-m", "mapkit", "render", "example", "-o", "board.svg", "--lang", "cs"],
                       capture_output=True, text=True, cwd=elsewhere, env=env)
    assert r.returncode == 0, r.stderr
    assert "Stavební náklady dílku tratě:" in (elsewhere / "board.svg").read_text(encoding="utf-8")


def test_a_bundled_map_given_by_name_is_never_overwritten(tmp_path):
    target = MAPS / "example.yaml"
    before = target.read_bytes()
    for args in (["format", "example", "-o", target], ["distances", "example", "-o", target],
                 ["export", "example", "-o", target]):
        r = run_here(*args, cwd=tmp_path)
        assert r.returncode == 2 and "refusing to overwrite the input file" in r.stderr, r.stderr
    assert target.read_bytes() == before
