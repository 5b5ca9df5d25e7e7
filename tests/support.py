"""What the tests share: paths to the project, its bundled maps, test data and the peers' files;
running mapkit as a user does; the checks of a one-line error."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared"
PEERS = SHARED / "peers"
# The peers' maps lie beside the repository only in CI and here, never on a user's machine; the
# code they exercise is also covered by files the tests make themselves.
needs_peers = pytest.mark.skipif(not PEERS.is_dir(), reason=f"{PEERS} is absent (the peers' maps exist only "
                                                            f"beside the repository, in CI)")


def run_cli(*args, input=None, cwd=None) -> subprocess.CompletedProcess:
    """Run ``python -m mapkit ARGS`` as a user would, in a new process; returns the finished
    process. For what only a process shows (argparse's exit codes, standard streams and their
    encoding, worker processes, the environment, the console script) and one test of each command
    as a user runs it; :func:`run_here` runs the rest without a new interpreter."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "mapkit", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", input=input, cwd=cwd or ROOT, env=env)


def run_here(*args, input=None, cwd=None) -> subprocess.CompletedProcess:
    """Run ``mapkit ARGS`` in this process, as :func:`run_cli` runs it in another but without
    starting Python and importing mapkit again: for the tests of what a command does, not of the
    process. As in that process: the working folder ``cwd`` (else the project), ``input`` on
    standard input, standard output in strict UTF-8 and standard error in UTF-8 with the
    unencodable backslash-escaped, both read back with universal newlines; a ``SystemExit``
    (argparse's usage errors, --help) gives its exit code. A traceback fails the calling test
    with its stack."""
    from mapkit.cli import main

    argv = [str(a) for a in args]
    out, err = _stream("strict"), _stream("backslashreplace")
    stdin = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    here, saved_stdin = os.getcwd(), sys.stdin
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        os.chdir(cwd or ROOT)
        sys.stdin = stdin
        try:
            rc = main(argv)
        except SystemExit as exc:
            rc = exc.code
            if not (rc is None or isinstance(rc, int)):   # sys.exit("message"): printed, exit 1
                print(rc, file=err)
                rc = 1
        finally:
            os.chdir(here)
            sys.stdin = saved_stdin
    return subprocess.CompletedProcess(argv, rc or 0, _text(out), _text(err))


def _stream(errors: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    """What :func:`subprocess.run` (text=True) reads from a pipe the stream's bytes went to."""
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def run_main(argv) -> tuple[int, str]:
    """:func:`run_here` for a list of arguments: ``(exit code, standard error)``."""
    r = run_here(*argv)
    return r.returncode, r.stderr


def assert_one_line_error(r, *needles):
    """A finished CLI run failed as a user should see it: exit 2, one line naming ``needles``."""
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], lines[0]


def str_keys(x):
    """YAML data with every mapping key as text (PyYAML reads ``1:`` as the int 1; mapkit as "1")."""
    if isinstance(x, dict):
        return {str(k): str_keys(v) for k, v in x.items()}
    if isinstance(x, list):
        return [str_keys(v) for v in x]
    return x


def assert_read_as(got, truth, grid=None):
    """An imported picture gave the map it was drawn from: the grid (``(orientation, offset,
    columns, rows)``, when given), every hex's terrain, every river and border edge, and the
    cities' hexes."""
    if grid is not None:
        assert (got.grid.orientation, got.grid.offset, got.grid.columns, got.grid.rows) == grid
    assert got.terrain == truth.terrain
    assert got.edge_set("rivers") == truth.edge_set("rivers")
    assert got.edge_set("borders") == truth.edge_set("borders")
    assert {c.hex for c in got.cities} == {c.hex for c in truth.cities}


def read_back(tmp_path, m, *render_args):
    """Map ``m`` drawn by ``mapkit render`` to a PNG (``render_args``: --dpi, --style...) and
    imported back: the map read."""
    from mapkit.imaging.importer import ImportOptions, import_map
    from mapkit.io.yamlwrite import save_map

    save_map(m, tmp_path / "map.yaml")
    png = tmp_path / "board.png"
    r = run_here("render", tmp_path / "map.yaml", "-o", png, *render_args)
    assert r.returncode == 0, r.stderr
    got, _notes = import_map(str(png), ImportOptions())
    return got


def numbers_read_back(tmp_path, m, *render_args) -> dict:
    """Each city's hex -> the race numbers read back (:func:`read_back`)."""
    return {c.hex: c.numbers for c in read_back(tmp_path, m, *render_args).cities}
