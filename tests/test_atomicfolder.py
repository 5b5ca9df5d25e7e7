"""A folder written as a whole (mapkit.atomicfolder), as ``mapkit sheets`` writes a kit.

Runs into one folder, in parallel too, never mix their files and keep the user's own; a run
whose drawing fails leaves the old folder; a link to a folder keeps pointing at the new one;
a manifest makes the next run leave nothing of the last one's behind.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from tests.support import ROOT
from mapkit import atomicfolder

# Each writer swaps its folder in 40 times with no pause between: the swaps of the four
# overlap often (a user's file moved into a folder that another run was swapping out was lost
# this way before the swap held a lock on the parent folder).
PARALLEL_KIT = textwrap.dedent("""
    import sys
    from mapkit import atomicfolder
    tag = sys.argv[2]
    for _ in range(40):
        with atomicfolder.atomic_folder(sys.argv[1]) as tmp:
            (tmp / "previews").mkdir(parents=True)
            for name in ("a.txt", "b.txt", "previews/c.txt"):
                (tmp / name).write_text(tag)
""")


def test_parallel_folders_into_one_never_mix_and_keep_the_users_files(tmp_path):
    kit = tmp_path / "kit"
    (kit / "previews").mkdir(parents=True)
    (kit / "a.txt").write_text("old")
    (kit / "notes.txt").write_text("mine")
    (kit / "previews" / "mine.png").write_text("mine too")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for _ in range(3):
        runs = [subprocess.Popen([sys.executable, "-c", PARALLEL_KIT, str(kit), f"run{i}"], env=env)
                for i in range(4)]
        assert all(p.wait(timeout=120) == 0 for p in runs)
        tags = {(kit / n).read_text() for n in ("a.txt", "b.txt", "previews/c.txt")}
        assert len(tags) == 1 and tags < {f"run{i}" for i in range(4)}
        assert (kit / "notes.txt").read_text() == "mine"
        assert (kit / "previews" / "mine.png").read_text() == "mine too"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]


def test_a_folder_whose_block_fails_is_not_swapped_in(tmp_path):
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "a.txt").write_text("old")
    with pytest.raises(RuntimeError), atomicfolder.atomic_folder(kit) as tmp:
        tmp.mkdir()
        (tmp / "a.txt").write_text("new")
        raise RuntimeError("drawing failed")
    assert (kit / "a.txt").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]


def test_without_an_exchange_the_folder_is_still_swapped_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(atomicfolder, "_exchange", lambda a, b: False)
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "a.txt").write_text("old")
    (kit / "notes.txt").write_text("mine")
    with atomicfolder.atomic_folder(kit) as tmp:
        tmp.mkdir()
        (tmp / "a.txt").write_text("new")
    assert (kit / "a.txt").read_text() == "new" and (kit / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]


SMALL_MAP = """version: 1
name: {title}
grid: {{orientation: pointy, offset: odd, columns: 6, rows: 5, hex_mm: 14.0}}
terrain:
  default: plain
cities:
  - {{name: {city}, hex: A1, numbers: [11, 12]}}
  - {{name: Brno, hex: F5, numbers: [21]}}
  - {{name: Cheb, hex: C3, numbers: [31]}}
"""


@pytest.mark.slow     # end to end: two whole kits written at once
def test_parallel_kits_of_two_maps_into_one_folder_are_each_whole(tmp_path):
    # two small maps (a kit is a kit whatever the board: its every file, swapped in whole)
    maps = []
    for title, city in (("Example", "Praha"), ("Other", "Prag")):
        maps.append(tmp_path / f"{title.lower()}.yaml")
        maps[-1].write_text(SMALL_MAP.format(title=title, city=city), "utf-8")
    kit = tmp_path / "kit"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = [subprocess.Popen([sys.executable, "-m", "mapkit", "sheets", str(m), "-o", str(kit)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for m in (*maps, *maps)]
    assert all(p.wait(timeout=300) == 0 for p in runs), [p.stderr.read() for p in runs]
    other_map = {name: "Prag" in (kit / name).read_text("utf-8")
                 for name in ("distances.csv", "races.csv", "numbers.csv")}
    other_map["index.html"] = "Other" in (kit / "index.html").read_text("utf-8")
    assert len(set(other_map.values())) == 1, other_map
    assert other_map["index.html"] or "Praha" in (kit / "distances.csv").read_text("utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["example.yaml", "kit", "other.yaml"]


def test_a_link_to_a_folder_keeps_pointing_at_the_new_kit(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    (real / "a.txt").write_text("old")
    (real / "notes.txt").write_text("mine")
    link = tmp_path / "kit"
    link.symlink_to(real)
    with atomicfolder.atomic_folder(link) as tmp:
        tmp.mkdir()
        (tmp / "a.txt").write_text("new")
    assert link.is_symlink() and (link / "a.txt").read_text() == "new" and (link / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit", "real"]


def test_a_folder_with_a_manifest_replaces_what_the_last_run_wrote(tmp_path):
    # a kit of one map then a kit of another that writes fewer files: nothing of the first
    # is left, the user's own file is
    out = tmp_path / "kit"
    with atomicfolder.atomic_folder(out, manifest=".m.json", writer="test") as made:
        (made / "sub").mkdir(parents=True)
        for name in ("a.pdf", "b.pdf", "sub/c.png"):
            (made / name).write_text("first", "utf-8")
    assert json.loads((out / ".m.json").read_text("utf-8")) == {"written_by": "test",
                                                                "files": ["a.pdf", "b.pdf", "sub/c.png"]}
    (out / "mine.txt").write_text("mine", "utf-8")
    (out / "sub" / "mine.png").write_text("mine", "utf-8")
    with atomicfolder.atomic_folder(out, manifest=".m.json") as made:
        made.mkdir()
        (made / "a.pdf").write_text("second", "utf-8")
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [
        ".m.json", "a.pdf", "mine.txt", "sub", "sub/mine.png"]
    assert (out / "a.pdf").read_text("utf-8") == "second"
    # without a manifest (a folder of before), nothing is known to be a kit's: all is kept
    with atomicfolder.atomic_folder(out) as made:
        made.mkdir()
        (made / "z.pdf").write_text("third", "utf-8")
    assert (out / "a.pdf").exists() and (out / "z.pdf").exists()
