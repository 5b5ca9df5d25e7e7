"""Safe reading and atomic writing (mapkit.fileio), through the commands a user runs.

Special files are refused before a byte is read; outputs that cannot be written give one line
and leave nothing behind; a killed run's temporary file or folder is removed by the next run,
never a running writer's (a folder written as a whole: tests/test_atomicfolder.py).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support import MAPS, ROOT, assert_one_line_error, run_here
from mapkit import atomicfolder, fileio
from mapkit.errors import InputError

EXAMPLE = MAPS / "example.yaml"


# -- reading -------------------------------------------------------------------------------------

@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_without_reading(tmp_path, special):
    link = tmp_path / "map.yaml"
    link.symlink_to(special)
    for target in (special, link):
        t0 = time.monotonic()
        r = run_here("validate", target)
        assert time.monotonic() - t0 < 20
        assert_one_line_error(r, str(target), "not a regular file")


def test_a_named_pipe_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    r = subprocess.run([sys.executable, "-m", "mapkit", "validate", str(fifo)], capture_output=True,
                       text=True, timeout=30, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert_one_line_error(r, "pipe.yaml", "not a regular file")


def test_reading_stops_at_the_limit_whatever_the_size_says(tmp_path):
    # /proc files report a size of 0 and hold more.
    with pytest.raises(InputError, match="more than 10 bytes"):
        fileio.read_bytes("/proc/self/status", limit=10)
    p = tmp_path / "a.bin"
    p.write_bytes(b"x" * 11)
    with pytest.raises(InputError, match="11 bytes is too large"):
        fileio.read_bytes(p, limit=10)
    assert fileio.read_bytes(p, limit=11) == b"x" * 11


@pytest.mark.parametrize("text, needle", [
    ('{"a": ' + "9" * 5000 + "}", "x.json:1: a number of 5000 digits is too long"),
    ('{\n"a": -' + "1" * 4301 + "}", "x.json:2: a number of 4301 digits is too long"),
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ("[" * 101 + "]" * 101, "nested more than 100 levels deep"),
    ('{"players": ["Ann", "\\udc80x"]}', "players[1]: a lone surrogate ('\\udc80') is not text"),
    ('{"\\ud800": 1}', "a lone surrogate"),
    ('{"a": NaN}', "NaN is not a JSON number"),
    ('{"a": 1,}', "x.json:1: malformed JSON"),
    (b'\xff\xfe{}', "not UTF-8"),
])
def test_json_is_bounded_with_one_line_errors(text, needle):
    with pytest.raises(InputError) as info:
        fileio.parse_json(text if isinstance(text, bytes) else text.encode(), "x.json")
    assert needle in str(info.value) and "\n" not in str(info.value)


def test_json_within_the_bounds_reads_as_json():
    text = json.dumps({"a": [1, -2.5, "Žilina", None, True], "n": 10 ** 99, "deep": [[[[[]]]]]},
                      ensure_ascii=False)
    assert fileio.parse_json(text.encode(), "x.json") == json.loads(text)


# -- writing -------------------------------------------------------------------------------------

def test_every_output_creates_its_missing_folders(tmp_path):
    out = tmp_path / "a" / "b" / "example.yaml"
    r = run_here("format", EXAMPLE, "-o", out)
    assert r.returncode == 0, r.stderr
    assert out.read_text("utf-8").startswith("version: 1")
    out = tmp_path / "c" / "d" / "distances.csv"
    r = run_here("distances", EXAMPLE, "--format", "csv", "-o", out)
    assert r.returncode == 0 and out.read_text("utf-8").startswith("city,numbers,")


@pytest.mark.parametrize("case", ["too-long", "file-in-path", "device", "system-folder"])
def test_unwritable_outputs_give_one_line(tmp_path, case):
    (tmp_path / "afile").write_text("x")
    out = {"too-long": tmp_path / ("x" * 300 + ".yaml"),
           "file-in-path": tmp_path / "afile" / "sub" / "m.yaml",
           "device": Path("/dev/full"),
           "system-folder": Path("/proc/mapkit-test.yaml")}[case]
    needle = {"too-long": "name is too long", "file-in-path": "cannot create the folder",
              "device": "no space left", "system-folder": "system folder"}[case]
    commands = [["format", EXAMPLE, "-o", out], ["distances", EXAMPLE, "-o", out]]
    if case != "device":
        commands.append(["export-tmx", EXAMPLE, "-o", out.with_suffix(".tmx")])
    for command in commands:
        r = run_here(*command)
        assert_one_line_error(r, needle)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_a_folder_that_refuses_writing(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    if os.geteuid() == 0:
        # root passes permission bits; an immutable folder refuses even root
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", locked]).returncode:
            pytest.skip("running as root without chattr +i: no folder refuses writing")
    else:
        locked.chmod(0o500)
    try:
        r = run_here("format", EXAMPLE, "-o", locked / "m.yaml")
        assert_one_line_error(r, str(locked / "m.yaml"), "cannot write")
        r = run_here("sheets", EXAMPLE, "-o", locked / "kit")
        assert_one_line_error(r, "kit")
        assert list(locked.iterdir()) == []
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", locked])
        else:
            locked.chmod(0o700)


def test_os_failures_are_named_in_plain_words(tmp_path, monkeypatch):
    def refuse(*a, **k):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(fileio.os, "replace", refuse)
    with pytest.raises(InputError, match="different file systems"):
        fileio.atomic_write(tmp_path / "x.txt", "x")
    assert list(tmp_path.iterdir()) == []


def test_devices_and_pipes_take_the_bytes_as_they_are(tmp_path):
    r = run_here("format", EXAMPLE, "-o", "/dev/null")
    assert r.returncode == 0, r.stderr
    assert Path("/dev/null").is_char_device()
    r = run_here("export-tmx", EXAMPLE, "-o", "/dev/stdout.tmx")
    assert_one_line_error(r, "system folder")


def test_text_that_cannot_be_written_is_one_line(tmp_path):
    with pytest.raises(InputError, match="lone surrogate"):
        fileio.atomic_write(tmp_path / "x.txt", "a\ud800b")
    assert list(tmp_path.iterdir()) == []


def test_streamed_pieces_are_written_whole(tmp_path):
    out = fileio.atomic_write(tmp_path / "x.txt", (f"{i}\n" for i in range(1000)))
    assert out.read_text().split() == [str(i) for i in range(1000)]


# -- leftovers of killed runs --------------------------------------------------------------------

def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


KILLED_WRITER = textwrap.dedent("""
    import sys, time
    from mapkit import atomicfolder, fileio
    def pieces():
        yield "first piece\\n"
        print("writing", flush=True)
        time.sleep(60)
        yield "never"
    if sys.argv[2] == "file":
        fileio.atomic_write(sys.argv[1], pieces())
    else:
        with atomicfolder.atomic_folder(sys.argv[1]) as tmp:
            tmp.mkdir()
            (tmp / "a.txt").write_text("half")
            next(iter(pieces())); print("writing", flush=True); time.sleep(60)
""")


@pytest.mark.parametrize("kind", ["file", "folder"])
def test_a_killed_run_leaves_a_temporary_that_the_next_run_removes(tmp_path, kind):
    target = tmp_path / ("out.yaml" if kind == "file" else "kit")
    child = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target), kind], stdout=subprocess.PIPE,
                             text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert child.stdout.readline().strip() == "writing"
    child.kill()
    child.wait()
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(f".{target.name}.{child.pid}-") and left[0].endswith(".tmp")
    assert not target.exists()
    if kind == "file":
        r = run_here("format", EXAMPLE, "-o", target)
        assert r.returncode == 0, r.stderr
    else:
        with atomicfolder.atomic_folder(target) as tmp:
            tmp.mkdir()
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_a_running_writers_temporary_is_left_alone(tmp_path):
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        theirs = tmp_path / f".out.yaml.{alive.pid}-abc123.tmp"
        theirs.write_text("in progress")
        stale = tmp_path / f".out.yaml.{_dead_pid()}-def456.tmp"
        stale.write_text("left behind")
        other = tmp_path / f".other.yaml.{_dead_pid()}-aaa111.tmp"
        other.write_text("another target's")
        fileio.atomic_write(tmp_path / "out.yaml", "new")
        assert theirs.exists() and other.exists() and not stale.exists()
    finally:
        alive.kill()
        alive.wait()


def test_temporary_names_of_long_outputs_stay_within_the_file_system(tmp_path):
    name = "m" * 250 + ".yaml"
    out = fileio.atomic_write(tmp_path / name, "x")
    assert out.read_text() == "x"
    assert [p.name for p in tmp_path.iterdir()] == [name]
    with tempfile.TemporaryDirectory() as d:
        leftover = Path(d) / f".{fileio._temp_stem(name)}.{_dead_pid()}-zz.tmp"
        leftover.write_text("x")
        fileio.atomic_write(Path(d) / name, "y")
        assert not leftover.exists()


@given(st.dictionaries(st.text(max_size=5), st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=12) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=20), max_size=6), st.integers(0, 12))
def test_json_pieces_read_back_as_the_document(document, long):
    text = "".join(fileio.json_lines(document, long))
    assert json.loads(text) == document
    for value in document.values():
        if isinstance(value, list) and len(value) > long:
            assert "[\n  " in text   # long lists one item per line


def test_json_pieces_take_iterators_as_lists_and_stream_them(tmp_path):
    made = []

    def hexes():
        for i in range(5000):
            made.append(i)
            yield {"hex": i, "terrain": "plain"}

    pieces = fileio.json_lines({"format": "x", "hexes": hexes(), "empty": iter(())})
    first = [next(pieces) for _ in range(6)]
    assert len(made) == 1 and first[-1].lstrip(",\n ").startswith('{"hex":0')   # not made all at once
    out = fileio.atomic_write(tmp_path / "x.json", (p for chunk in (first, pieces) for p in chunk))
    back = json.loads(out.read_text("utf-8"))
    assert back["hexes"] == [{"hex": i, "terrain": "plain"} for i in range(5000)] and back["empty"] == []


def test_another_file_system_is_written_like_any_other(tmp_path):
    # /dev/shm is a memory file system (tmpfs) beside the disk the tests run on.
    shm = Path("/dev/shm")
    if not shm.is_dir():
        pytest.skip("no /dev/shm on this system")
    out = Path(tempfile.mkdtemp(dir=shm)) / "sub" / "example.yaml"
    try:
        r = run_here("format", EXAMPLE, "-o", out)
        assert r.returncode == 0, r.stderr
        assert out.read_text("utf-8").startswith("version: 1") and os.stat(out).st_dev != os.stat(tmp_path).st_dev
        assert [p.name for p in out.parent.iterdir()] == ["example.yaml"]
    finally:
        shutil.rmtree(out.parent.parent)
