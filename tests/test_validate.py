"""`mapkit validate`: every error and warning, with its stable code and its place."""

from __future__ import annotations

import json
import random

import pytest

from tests.support import MAPS, run_cli, run_here
from mapkit.grid import Grid, hex_name
from mapkit.io.yamlmap import check_map

# A small valid base map: 6 x 5 pointy/odd, all plain except a mountain and a lake.
BASE = """\
name: Base
grid: {orientation: pointy, offset: odd, columns: 6, rows: 5}
terrain:
  art: |
    . . . . . .
     . . ^ . . .
    . . . . ~ .
     . . . . . .
    # . . . . .
rivers:
  - name: R
    edges: [B1/B2]
cities:
  - {name: Alpha, hex: A1, numbers: [11, 12]}
  - {name: Beta, hex: F5, numbers: [13]}
  - {name: Gamma, hex: C4, numbers: [14]}
regions:
  - {name: North, hexes: [A1, B1]}
rules:
  start_cities: [Alpha]
"""


def check(tmp_path, text):
    p = tmp_path / "m.yaml"
    p.write_text(text, encoding="utf-8")
    return check_map(p)[1]


def codes(issues):
    return [i.code for i in issues]


def test_base_map_is_valid_with_only_the_missing_numbers_warning(tmp_path):
    found = check(tmp_path, BASE)
    assert codes(found) == ["W200"]
    # 36 codes minus the four used ones
    assert found[0].message.startswith("32 of the 36 race numbers are not used: 15, 16, 21")


@pytest.mark.parametrize("old,new,code,where", [
    ("hex: F5", "hex: F6", "E131", "Beta"),                        # city off the board
    ("hex: F5", "hex: 5F", "E100", "Beta"),                        # malformed hex name
    ("hex: F5", "hex: E3", "E130", "Beta"),                        # on the lake
    ("hex: F5", "hex: A5", "E132", "Beta"),                        # foreign land
    ("hex: F5", "hex: A1", "E133", "A1"),                          # two cities on one hex
    ("name: Beta", "name: Alpha", "E134", "Alpha"),                # duplicate name
    ("numbers: [13]", "numbers: [17]", "E140", "Beta"),            # digit 7
    ("numbers: [13]", "numbers: [103]", "E140", "Beta"),
    ("numbers: [13]", "numbers: [12]", "E141", "Beta"),            # used twice
    ("start_cities: [Alpha]", "start_cities: [Omega]", "E150", "Omega"),
    ("hexes: [A1, B1]", "hexes: [A1, Z9]", "E151", "Z9"),
    ("edges: [B1/B2]", "edges: [B1/D2]", "E120", "B1/D2"),          # not adjacent
    ("edges: [B1/B2]", "edges: [F5/F6]", "E121", "F5/F6"),          # off the board
    ("edges: [B1/B2]", "edges: [B1/B]", "E100", "line 12"),
    ("    . . ^ . . .\n", "    . . ^ . .\n", "E110", "line 6"),     # row too short
    ("    . . . . ~ .\n", "    . . . . ~ .\n    . . . . . .\n", "E110", "line 4"),  # 6 rows
    ("    . . . . ~ .\n", "    . . . . ~ ?\n", "E111", "F3"),
])
def test_each_error_is_found_with_its_place(tmp_path, old, new, code, where):
    assert old in BASE
    found = check(tmp_path, BASE.replace(old, new, 1))
    hits = [i for i in found if i.code == code]
    assert hits, codes(found)
    assert any(i.where == where for i in hits), [(i.where, i.message) for i in hits]
    assert all(i.is_error for i in hits)


@pytest.mark.parametrize("old,new,code,line", [
    ("hex: F5", "hex: F6", "E131", 15),                            # the city's hex
    ("numbers: [13]", "numbers: [12]", "E141", 15),                # the numbers of the second city
    ("hex: F5", "hex: E3", "E130", 15),
    ("hex: F5", "hex: A1", "E133", 15),                            # the second city on the hex
    ("name: Beta", "name: Alpha", "E134", 15),                     # the second use of the name
    ("numbers: [13]", "numbers: [17]", "E140", 15),
    ("numbers: [14]", "numbers: []", "W203", 16),
    ("start_cities: [Alpha]", "start_cities: [Omega]", "E150", 20),
    ("edges: [B1/B2]", "edges: [D3/E3]", "W202", 12),
    ("edges: [B1/B2]", "edges: [F5/F6]", "E121", 12),              # placed by the reader
])
def test_every_issue_that_points_into_the_file_carries_its_line(tmp_path, old, new, code, line):
    """Not only the reader's issues (E121) but validation's too (E131, E141, ...) name the
    line of the map file they point at, the same way: "(line N)" ending the message."""
    found = [i for i in check(tmp_path, BASE.replace(old, new, 1)) if i.code == code]
    assert found and all(i.message.endswith(f"(line {line})") for i in found), [i.message for i in found]


def test_counts_are_singular_for_one(tmp_path):
    p = tmp_path / "m.yaml"
    p.write_text(BASE.replace("hex: F5", "hex: F6"), encoding="utf-8")
    r = run_here("validate", p)
    assert r.stdout.splitlines()[-1] == f"{p}: invalid (1 error, 1 warning)"


def test_two_terrains_by_the_lists(tmp_path):
    found = check(tmp_path, BASE.replace("terrain:\n", "terrain:\n  mountain: [B3]\n  water: [b3]\n"))
    assert [(i.code, i.where) for i in found if i.is_error] == [("E112", "B3")]


def test_unreachable_city_is_named(tmp_path):
    # Wall Gamma (C4) in with water: row 4 is pushed in odd-r, so its six
    # neighbours are C3 D3 (above), B4 D4, C5 D5 (below).
    text = BASE.replace("terrain:\n", "terrain:\n  water: [C3, D3, B4, D4, C5, D5]\n")
    found = check(tmp_path, text)
    assert [(i.code, i.where) for i in found if i.is_error] == [("E135", "Gamma")]


def test_border_cuts_reachability_unless_crossing_is_allowed(tmp_path):
    # A border all around Gamma's hex cuts it off; with border_crossing it is fine.
    ring = ", ".join(f"C4/{n}" for n in ("C3", "D3", "B4", "D4", "C5", "D5"))
    text = BASE + f"borders:\n  - edges: [{ring}]\n"
    assert ("E135", "Gamma") in [(i.code, i.where) for i in check(tmp_path, text)]
    text2 = text.replace("rules:\n", "rules:\n  border_crossing: true\n")
    assert "E135" not in codes(check(tmp_path, text2))


def test_special_race_targets_and_ferries_must_exist(tmp_path):
    text = BASE + ("  special_races:\n    every: 3\n    table:\n      1: {region: South}\n"
                   "      2: {cities: [Alpha, Delta]}\nferries:\n  - {from: Omega, to: F5}\n")
    found = check(tmp_path, text)
    assert ("E152", "South") in [(i.code, i.where) for i in found]
    assert ("E152", "Delta") in [(i.code, i.where) for i in found]
    assert ("E153", "Omega") in [(i.code, i.where) for i in found]


@pytest.mark.parametrize("old,new,code,where", [
    ("edges: [B1/B2]", "edges: [C2/D2]", "W201", None),            # no: C2 mountain, D2 plain
    ("edges: [B1/B2]", "edges: [D3/E3]", "W202", "D3/E3"),          # touches the lake
    ("numbers: [14]", "numbers: []", "W203", "Gamma"),
    ("name: Beta", "name: ' Beta'", "W205", " Beta"),             # spaces around the name
    ("name: Beta", "name: '21'", "W205", "21"),                    # reads as a race number
    ("name: Beta", "name: Beta 2", "W205", None),                  # digits in a name are fine
    ("name: Beta", 'name: "Be\\nta"', "W205", "Be\nta"),         # a line break in the name
])
def test_warnings(tmp_path, old, new, code, where):
    found = check(tmp_path, BASE.replace(old, new, 1))
    hits = [i for i in found if i.code == code]
    if where is None:
        assert not hits
    else:
        assert [i.where for i in hits] == [where]
        assert all(not i.is_error for i in hits)


def test_river_between_two_mountains_warns(tmp_path):
    text = BASE.replace("terrain:\n", "terrain:\n  mountain: [D2]\n").replace("edges: [B1/B2]", "edges: [C2/D2]")
    found = check(tmp_path, text)
    assert [(i.code, i.where) for i in found if i.code == "W201"] == [("W201", "C2/D2")]


def test_cli_json_shape_and_exit_codes(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text(BASE.replace("numbers: [13]", "numbers: [12]"), encoding="utf-8")
    r = run_cli("validate", p, "--format", "json")
    assert r.returncode == 1, r.stderr
    out = json.loads(r.stdout)
    assert set(out) == {"valid", "errors", "warnings"} and out["valid"] is False
    assert out["errors"] == [{"code": "E141", "message": "race number 12 is used by Alpha and Beta (line 15)",
                              "where": "Beta"}]
    assert [w["code"] for w in out["warnings"]] == ["W200"]
    r = run_here("validate", MAPS / "germany.yaml", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"valid": True, "errors": [], "warnings": []}


def test_cli_text_output_names_place(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text(BASE.replace("hex: F5", "hex: E3"), encoding="utf-8")
    r = run_here("validate", p)
    assert r.returncode == 1
    assert "E130 [Beta]: city Beta stands on water at E3" in r.stdout
    assert "Traceback" not in r.stderr


# -- valid maps from an independent generator, in all four layouts ------------------------------

def independent_map(orientation, offset, cols, rows, seed):
    """Write a valid map text without using mapkit: plain land, a few mountains, 36 numbers."""
    rng = random.Random(seed)
    letters = [chr(65 + i) for i in range(26)]
    name = lambda c, r: letters[c] + str(r + 1)  # noqa: E731  (columns < 26 here)
    art = []
    mountains = set()
    for r in range(rows):
        row = []
        for c in range(cols):
            ch = "^" if rng.random() < 0.15 else "."
            if ch == "^":
                mountains.add((c, r))
            row.append(ch)
        art.append("    " + " ".join(row))
    free = [(c, r) for r in range(rows) for c in range(cols)]
    rng.shuffle(free)
    numbers = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    lines = [f"grid: {{orientation: {orientation}, offset: {offset}, columns: {cols}, rows: {rows}}}",
             "terrain:", "  art: |", *art, "cities:"]
    for i in range(18):
        c, r = free[i]
        lines.append(f"  - name: \"Město {i} Łódź\"\n    hex: {name(c, r)}\n"
                     f"    numbers: [{numbers[2 * i]}, {numbers[2 * i + 1]}]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("orientation,offset", [("pointy", "odd"), ("pointy", "even"),
                                                ("flat", "odd"), ("flat", "even")])
def test_independently_generated_valid_maps_validate(tmp_path, orientation, offset):
    for seed in range(3):
        text = independent_map(orientation, offset, 14, 11, seed)
        if orientation == "pointy" and offset == "even":
            text = text.replace("  art: |", "  art: |2")   # first row pushed (see README)
        p = tmp_path / f"{orientation}-{offset}-{seed}.yaml"
        p.write_text(text, encoding="utf-8")
        r = run_here("validate", p, "--format", "json")
        out = json.loads(r.stdout)
        # Mountains never disconnect plain land entirely, so only an isolated city could fail:
        assert r.returncode == 0, out["errors"]
        # The cities stand at random with their numbers in order, 18 of them on 14 x 11 hexes:
        # a poor board (touching cities, rows spread or crammed: W210-W212), but nothing else.
        assert [w for w in out["warnings"] if w["code"] not in ("W210", "W211", "W212")] == []


def test_validate_imports_no_heavy_modules(tmp_path):
    """`mapkit validate` must start fast: it may not import the drawing or array libraries.

    (The start-up time itself is measured by benchmarks/startup.py, not here.)"""
    g = Grid("pointy", "odd", 40, 30)
    rng = random.Random(1)
    hexes = rng.sample(list(g.hexes()), 36)
    nums = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    text = "grid: {orientation: pointy, offset: odd, columns: 40, rows: 30}\ncities:\n" + "".join(
        f"  - {{name: C{i}, hex: {hex_name(h)}, numbers: [{n}]}}\n"
        for i, (h, n) in enumerate(zip(hexes, nums, strict=False)))
    p = tmp_path / "big.yaml"
    p.write_text(text)
    code = ("import sys; from mapkit.cli import main; rc = main(['validate', sys.argv[1]]); "
            "heavy = sorted(m for m in ('shapely', 'networkx', 'numpy', 'PIL', 'svgwrite', 'cairosvg', 'jsonschema') "
            "if m in sys.modules); print('HEAVY', heavy); sys.exit(rc)")
    import subprocess
    import sys

    from tests.support import ROOT
    r = subprocess.run([sys.executable, "-c", code, str(p)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "HEAVY []" in r.stdout


def test_readme_lists_every_code():
    from tests.support import ROOT
    from mapkit.diagnostics import CODES

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for code, (severity, _) in CODES.items():
        assert f"| {code} | {severity} |" in readme, code


def test_an_island_city_reached_by_ferry_is_reachable(tmp_path):
    # Gamma walled in by water, as in test_unreachable_city_is_named, but with a ferry to it.
    text = BASE.replace("terrain:\n", "terrain:\n  water: [C3, D3, B4, D4, C5, D5]\n")
    text += "ferries:\n  - {from: Alpha, to: C4}\n"
    assert "E135" not in codes(check(tmp_path, text))


def test_city_abroad_must_touch_the_border_when_it_carries_numbers(tmp_path):
    # With border crossing a track stops on the first hex beyond the border. A5 and B5 foreign:
    # a numbered city on B5 (next to home hexes) is reachable; deep in foreign land it is not,
    # unless it carries no numbers (a marker of a special race).
    text = BASE.replace("rules:\n", "rules:\n  border_crossing: true\n  stop_at_border: true\n")
    text = text.replace("    # . . . . .\n", "    # # # . . .\n")
    assert "E135" not in codes(check(tmp_path, text.replace("hex: F5", "hex: B5")))
    wide = text.replace("terrain:\n", "terrain:\n  foreign: [A4, B4, C4, D4, E4, F4, D5, E5, F5]\n")
    wide = wide.replace("hex: C4", "hex: C3")
    found = check(tmp_path, wide.replace("hex: F5", "hex: A5"))
    assert ("E135", "Beta") in [(i.code, i.where) for i in found]
    found = check(tmp_path, wide.replace("hex: F5", "hex: A5").replace("numbers: [13]", "numbers: []"))
    assert "E135" not in codes(found)


def test_numberless_cities_abroad_need_no_race_numbers(tmp_path):
    """A city on foreign land without race numbers marks a special-race target (the Czech
    map's red-cross towns): no W203 for it, while a numberless city at home still warns; the
    flagship map passes --strict."""
    text = BASE.replace("rules:\n", "rules:\n  border_crossing: true\n").replace(
        "  - {name: Gamma", "  - {name: Hof, hex: A5, numbers: []}\n  - {name: Delta, hex: B3, numbers: []}\n"
                            "  - {name: Gamma")
    found = check(tmp_path, text)
    assert [(i.code, i.where) for i in found if i.code == "W203"] == [("W203", "Delta")]
    r = run_here("validate", MAPS / "czechia.yaml", "--strict")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 warnings" in r.stdout


@pytest.mark.parametrize("text, line, fragment", [
    ("grid: [1\n", 2, "malformed YAML"),
    ("grid: {orientation: pointy, offset: odd, columns: 3, rows: 3}\ncitys: []\n", 2, "did you mean 'cities'?"),
    ("grid: {orientation: round, offset: odd, columns: 3, rows: 3}\n", 1, "'round' is not one of"),
    (None, None, "no such file"),
])
def test_json_is_printed_also_for_files_that_cannot_be_read(tmp_path, text, line, fragment):
    p = tmp_path / "m.yaml"
    if text is not None:
        p.write_text(text, encoding="utf-8")
    r = run_here("validate", p, "--format", "json")
    assert r.returncode == 2
    out = json.loads(r.stdout)
    assert out["valid"] is False and out["warnings"] == [] and len(out["errors"]) == 1
    err = out["errors"][0]
    assert err["code"] == "E001" and fragment in err["message"] and str(p) in err["message"]
    assert err["where"] == (f"line {line}" if line else None)
    assert len(r.stderr.strip().splitlines()) == 1 and fragment in r.stderr


def test_repeated_warnings_are_one_line_with_the_count_and_first_places(tmp_path):
    # Mountains along row 2 (A2..E2, pushed right: odd-r) and row 3 (A3..D3); a river zigzags
    # along the sides between them (A2 touches A3 and B3 below it): A2/A3, A2/B3, B2/B3, B2/C3,
    # C2/C3, each between two mountains: five W201, listed as edges sort (by column, then row).
    text = BASE.replace("     . . ^ . . .\n    . . . . ~ .\n", "     ^ ^ ^ ^ ^ .\n    ^ ^ ^ ^ ~ .\n")
    text = text.replace("edges: [B1/B2]", "edges: [C2/C3, B2/C3, A2/A3, B2/B3, A2/B3]")
    p = tmp_path / "m.yaml"
    p.write_text(text, encoding="utf-8")
    r = run_here("validate", p)
    assert r.returncode == 0, r.stdout
    w201 = [ln for ln in r.stdout.splitlines() if "W201" in ln]
    assert w201 == [f"{p}: warning W201 x5: river between two mountains at A2/A3, A2/B3, B2/B3 and 2 more"]
    assert f"{p}: valid (0 errors, 6 warnings)" in r.stdout
    r = run_here("validate", p, "--all")
    assert len([ln for ln in r.stdout.splitlines() if "W201" in ln]) == 5
    out = json.loads(run_here("validate", p, "--format", "json").stdout)
    assert [w["where"] for w in out["warnings"] if w["code"] == "W201"] == ["A2/A3", "A2/B3", "B2/B3", "B2/C3", "C2/C3"]


def test_the_french_peer_maps_42_warnings_are_one_line(tmp_path):
    from tests.support import PEERS

    france = PEERS / "dampfrossdigital" / "France.dmpfmap"
    if not france.is_file():
        pytest.skip(f"{france} is absent (the peers' maps exist only beside the repository in CI)")
    out = tmp_path / "france.yaml"
    r = run_here("import", france, "-o", out)
    assert r.returncode == 0, r.stderr
    assert len([ln for ln in r.stdout.splitlines() if "W201" in ln]) == 1
    lines = [ln for ln in run_here("validate", out).stdout.splitlines() if "W201" in ln]
    assert len(lines) == 1 and " x42: " in lines[0]


def test_a_name_written_with_composed_and_decomposed_accents_is_one_name(tmp_path):
    # "Třebíč" as NFC and as NFD prints alike: two cities of one name (E134)
    import unicodedata

    nfd = unicodedata.normalize("NFD", "Třebíč")
    text = BASE.replace("name: Alpha", "name: Třebíč").replace("name: Beta", f"name: {nfd}")
    assert [i.code for i in check(tmp_path, text) if i.code == "E134"] == ["E134"]


def test_a_command_takes_the_city_of_the_exact_name_before_a_folded_one():
    from mapkit.places import CityNames

    names = CityNames(["Poznań", "poznań", "POZNAN", "Poznan", "12"], {12: 0})
    assert [names.find(t) for t in ("Poznań", "poznań", "POZNAN", "Poznan", " Poznan ")] == [0, 1, 2, 3, 3]
    assert names.find("12") == 4 and names.find("13") is None     # a name first, then a race number
