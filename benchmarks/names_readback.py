"""Benchmark: cities' names read back from boards drawn by ``mapkit render``.

Each map is drawn at 150 dpi (the default) in a look (``--style``; the neighbouring states in
the default light tint) and imported back with ``mapkit import`` as a user would (no hints).
Per picture: the cities the map has whose hex was read as a city, how many of those came back
with their name exactly as the map writes it, and each one that did not (map's name -> read).

    python benchmarks/names_readback.py                         # the default set below
    python benchmarks/names_readback.py --cases usa:colour,czechia:mono --keep /tmp/pics

Measured 2026-12-07 (names split on a row, gaps without outlines, a first I), names right
before -> after, the same pictures: usa-transamerica (its TransAmerica look) 32 -> 35 of 35
(before: 'Billings Sioux Falls' for Billings, Sioux Falls unnamed, 'Salt Lake');
tests/data/small-transamerica 34 -> 35 of 35 ('liford'); usa 33/33, usa-east 31/31, czechia
36/36, germany 32/32 (colour), usa-west 31/31 and czechia 36/36 (mono) all right before and
after; Expres: germany 30/32 and usa 27/33 before and after, the same misreadings (Frankfurt
am Main 'baba', Stuttgart 'btuttgart'; Portland, Washington, 'EI Paso', 'Kibuguerque',
'bmaha', 'New Orleand').

Measured 2026-12-07 (black print solid over half a letter, an Expres river, is no name's,
names._solid): germany:expres 30 -> 32 of 32, usa:expres 27 -> 33 of 33; every other case
all right before and after.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.imaging.importer import ImportOptions, import_map  # noqa: E402
from mapkit.io.yamlmap import read_map  # noqa: E402

# map:style; "default" lets ``mapkit render`` choose (TransAmerica's look for usa-transamerica)
CASES = ("usa-transamerica:default", "usa:colour", "usa-east:colour", "czechia:colour",
         "germany:colour", "usa-west:mono", "czechia:mono", "germany:expres", "usa:expres",
         "tests/data/small-transamerica:default")


def map_path(case: str) -> Path:
    """The case's map file: a bundled map's name or a path (without .yaml) from the root."""
    stem = case.split(":")[0]
    return ROOT / f"{stem if '/' in stem else 'maps/' + stem}.yaml"


def picture(case: str, keep: Path) -> Path:
    """The case's picture, drawn once into ``keep`` (drawing is deterministic)."""
    style = case.split(":")[1]
    png = keep / f"{map_path(case).stem}-{style}.png"
    if not png.exists():
        cmd = [sys.executable, "-m", "mapkit", "render", str(map_path(case)), "-o", str(png)]
        if style != "default":
            cmd += ["--style", style]
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    return png


def one(case: str, keep: Path) -> tuple[str, list[str]]:
    truth, _ = read_map(map_path(case))
    t0 = time.perf_counter()
    got, _notes = import_map(str(picture(case, keep)), ImportOptions())
    secs = time.perf_counter() - t0
    names = {c.hex: c.name for c in got.cities}
    found = [c for c in truth.cities if c.hex in names]
    wrong = [f"    {c.name!r} -> {names[c.hex]!r}" for c in found if names[c.hex] != c.name]
    return (f"{case:<26} {len(found) - len(wrong):>3} / {len(found):<3} names right "
            f"({len(truth.cities)} cities) {secs:5.1f} s"), wrong


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", default=",".join(CASES), help="map:style, comma separated")
    ap.add_argument("--keep", help="a folder to keep (and reuse) the pictures in")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        keep = Path(args.keep) if args.keep else Path(tmp)
        keep.mkdir(parents=True, exist_ok=True)
        for case in args.cases.split(","):
            line, wrong = one(case, keep)
            print(line, *wrong, sep="\n", flush=True)


if __name__ == "__main__":
    main()
