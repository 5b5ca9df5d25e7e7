"""Bad input never crashes: one line naming the file (and line), exit 2, no traceback."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import MAPS, run_cli, run_here
from mapkit.cli import main

EXAMPLE = (MAPS / "example.yaml").read_text(encoding="utf-8")
GRID = "grid: {orientation: pointy, offset: odd, columns: 3, rows: 3}\n"

BAD_FILES = {
    "malformed.yaml": (GRID + "cities: [\n  - {name: A, hex: A1\n", "malformed YAML"),
    "tabs.yaml": (GRID + "terrain:\n\tdefault: plain\n", "malformed YAML"),
    "wrong-type.yaml": ("grid: [1, 2, 3]\n", "grid: [1, 2, 3] is not of type 'object'"),
    "list.yaml": ("- 1\n- 2\n", "a map file is a mapping"),
    "scalar.yaml": ("hello\n", "a map file is a mapping"),
    "empty.yaml": ("", "empty file"),
    "comments-only.yaml": ("# nothing here\n", "empty file"),
    "no-grid.yaml": ("name: x\n", "'grid' is a required property"),
    # offset counts from 0: the error says which printed rows each value pushes
    "offset.yaml": ("grid: {orientation: pointy, offset: odds, columns: 3, rows: 3}\n",
                    "odd pushes the 2nd, 4th, ... printed row"),
    "dup-key.yaml": (GRID + "name: a\nname: b\n", "duplicate key 'name'"),
    "nan.yaml": ("grid: {orientation: pointy, offset: odd, columns: 3, rows: 3, hex_mm: .nan}\n", "finite"),
    "deep.yaml": ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nested"),
    "deep-map.yaml": ("grid:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 200)) + "  " * 200 + "v\n",
                      "nested"),
    "bomb.yaml": ('a: &a ["x","x","x","x","x","x","x","x","x","x"]\n'
                  + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 10) + "]\n"
                            for i in range(8)) + GRID, "too large"),
    "version.yaml": ("version: 7\n" + GRID, "format version 7 is not supported"),
    "unknown-key.yaml": (GRID + "citys: []\n", "did you mean 'cities'?"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_map_files_give_one_line_and_exit_2(tmp_path, name):
    text, fragment = BAD_FILES[name]
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    r = run_here("validate", p)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert str(p) in lines[0] and fragment in lines[0], lines[0]


def test_yaml_error_names_the_line(tmp_path):
    p = tmp_path / "m.yaml"
    p.write_text(GRID + "cities:\n  - name: A\n    hex: A1\n   numbers: [11]\n", encoding="utf-8")
    r = run_here("validate", p)
    assert r.returncode == 2
    assert f"{p}:5:" in r.stderr


def test_binary_junk(tmp_path):
    p = tmp_path / "junk.yaml"
    p.write_bytes(bytes(range(256)) * 4)
    r = run_here("validate", p)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "not UTF-8" in r.stderr or "binary" in r.stderr


def test_nul_bytes(tmp_path):
    p = tmp_path / "nul.yaml"
    p.write_text(GRID + "name: a\x00b\n")
    r = run_here("validate", p)
    assert r.returncode == 2 and f"{p}:2: binary data" in r.stderr


def test_huge_file(tmp_path):
    p = tmp_path / "huge.yaml"
    with open(p, "w") as fh:
        fh.write(GRID + "description: ")
        fh.write("x" * (65 * 1024 * 1024))
    r = run_here("validate", p)
    assert r.returncode == 2 and "too large" in r.stderr


def test_missing_file_and_directory(tmp_path):
    r = run_here("validate", tmp_path / "nope.yaml")
    assert r.returncode == 2 and "no such file" in r.stderr and "Traceback" not in r.stderr
    r = run_here("validate", tmp_path)
    assert r.returncode == 2 and "is a directory" in r.stderr


def test_usage_error_is_exit_2():
    r = run_cli("validate")
    assert r.returncode == 2
    r = run_cli("validate", MAPS / "example.yaml", "--format", "xml")
    assert r.returncode == 2


def test_format_never_overwrites_its_input(tmp_path):
    p = tmp_path / "m.yaml"
    p.write_text(EXAMPLE, encoding="utf-8")
    r = run_cli("format", p, "-o", p)
    assert r.returncode == 2 and "refusing to overwrite" in r.stderr
    assert p.read_text(encoding="utf-8") == EXAMPLE
    out = tmp_path / "canon.yaml"
    assert run_here("format", p, "-o", out).returncode == 0
    first = out.read_bytes()
    assert run_here("format", out, "-o", tmp_path / "again.yaml").returncode == 0
    assert (tmp_path / "again.yaml").read_bytes() == first
    assert not [f for f in tmp_path.iterdir() if f.name.endswith(".tmp")]


def run_in_process(path) -> int:
    """Run `mapkit validate` in this process; any exception other than exit is a bug."""
    err = io.StringIO()
    out = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            rc = main(["validate", str(path), "--format", "json"])
        except SystemExit as exc:     # argparse usage errors
            rc = exc.code
    assert rc in (0, 1, 2)
    if rc == 2:
        assert len(err.getvalue().strip().splitlines()) == 1, err.getvalue()
    return rc


mutations = st.lists(st.tuples(st.sampled_from(["delete", "insert", "replace", "dup-line", "drop-line"]),
                               st.integers(0, 10**6), st.text(max_size=3)), min_size=1, max_size=4)


@settings(max_examples=150)
@given(mutations)
def test_mutated_map_files_give_only_clean_errors(tmp_path_factory, muts):
    text = EXAMPLE
    for kind, pos, piece in muts:
        lines = text.split("\n")
        if kind == "delete":
            i = pos % max(len(text), 1)
            text = text[:i] + text[i + 1 + len(piece):]
        elif kind == "insert":
            i = pos % (len(text) + 1)
            text = text[:i] + (piece or ":") + text[i:]
        elif kind == "replace":
            i = pos % max(len(text), 1)
            text = text[:i] + (piece or "-") + text[i + 1:]
        elif kind == "dup-line":
            i = pos % len(lines)
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        else:
            i = pos % len(lines)
            del lines[i]
            text = "\n".join(lines)
    p = tmp_path_factory.mktemp("mut") / "m.yaml"
    p.write_text(text, encoding="utf-8", errors="replace")
    run_in_process(p)


def test_outputs_get_normal_file_permissions(tmp_path):
    import os

    out = tmp_path / "canon.yaml"
    assert run_here("format", MAPS / "example.yaml", "-o", out).returncode == 0
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask



@pytest.mark.parametrize("preset, fragment", [("transamerica", "the map has no city cards (rules.city_cards)"),
                                              ("railroad-tycoon", "the map has no railroad_tycoon section")])
def test_a_game_the_map_lacks_names_no_empty_map_name(tmp_path, preset, fragment):
    # a map without a name: "the map has no ...", not "the map '' has no ..."
    p = tmp_path / "plain.yaml"
    p.write_text("".join(line for line in EXAMPLE.splitlines(True) if not line.startswith("name:")), encoding="utf-8")
    r = run_here("simulate", p, "--rules", preset, "--games", "1")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert lines[0].startswith(f"mapkit simulate: {p}: {fragment}"), lines[0]


def test_an_output_ending_in_a_slash_names_a_folder_not_a_file(tmp_path):
    # Path() drops the slash: "-o out/x/" once wrote a file called x
    r = run_here("format", MAPS / "example.yaml", "-o", f"{tmp_path}/x/")
    assert r.returncode == 2 and "names a folder (it ends in '/')" in r.stderr
    assert not (tmp_path / "x").exists()
