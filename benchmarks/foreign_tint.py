"""Benchmark: the neighbouring states' tint read back, on boards with many or few of them.

Each map is drawn by ``mapkit render MAP -o X.png --style S`` (150 dpi, its default) in the colour, Expres
and mono looks, its neighbouring states in the toner-light tint (the default) and solid
(``--dark-foreign``), and imported back without hints, legend nor OCR (the importer tells the
look and the tint itself). Per picture: the share of hexes whose terrain is right, of the
map's foreign hexes read foreign, the legend the importer chose and whether it is the look and
tint drawn. The maps: the bundled ones and any drafts given (``mapkit design COUNTRY -o
DRAFT``), whose neighbouring states may outnumber the home land.

    python benchmarks/foreign_tint.py                                  # the bundled maps
    python benchmarks/foreign_tint.py --maps /tmp/sk-ta.yaml,/tmp/sk-pa.yaml --no-bundled
    python benchmarks/foreign_tint.py --styles colour --tints light --maps /tmp/sk-ta.yaml --no-bundled
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from readback import chosen_legend, render, timed_import  # noqa: E402

from mapkit.io.yamlmap import read_map  # noqa: E402

STYLES = ("colour", "expres", "mono")
TINTS = ("light", "dark")


def expected_legend(style: str, tint: str) -> str:
    """The legend a picture drawn in ``style`` and ``tint`` should be read with."""
    return style + ("-light" if tint == "light" else "")


def one(map_path: Path, style: str, tint: str, tmp: Path) -> str:
    truth, _ = read_map(map_path)
    name = f"{map_path.stem:<18} {style:<7} {tint:<5}"
    try:
        got, notes, secs = timed_import(render(map_path, style, tint, tmp), ocr=False)
    except Exception as exc:  # a failed render or import is said, and counts as nothing read
        return f"{name} failed: {exc}"
    if (truth.grid.columns, truth.grid.rows) != (got.grid.columns, got.grid.rows):
        return f"{name} grid wrong ({got.grid.columns} x {got.grid.rows})"
    hexes = list(truth.terrain)
    right = sum(got.terrain.get(h) == truth.terrain[h] for h in hexes)
    foreign = [h for h in hexes if truth.terrain[h] == "foreign"]
    read = sum(got.terrain.get(h) == "foreign" for h in foreign)
    extra = sum(got.terrain.get(h) == "foreign" for h in hexes if truth.terrain[h] != "foreign")
    legend = chosen_legend(notes)
    ok = "yes" if legend == expected_legend(style, tint) else "NO"
    share = f"{100 * read / len(foreign):5.1f}%" if foreign else "    - "
    return (f"{name} {len(hexes):>5} {len(foreign):>7} {100 * right / len(hexes):7.1f}% {share}"
            f"{' +' + str(extra) if extra else '':<5} {legend:<13} {ok:<4} {secs:5.1f} s")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", default="", help="comma-separated map files (drafts) besides the bundled maps")
    ap.add_argument("--no-bundled", action="store_true", help="only the maps given")
    ap.add_argument("--styles", default=",".join(STYLES), help="comma-separated looks")
    ap.add_argument("--tints", default=",".join(TINTS), help="light, dark")
    args = ap.parse_args(argv)
    maps = [] if args.no_bundled else sorted((ROOT / "mapkit" / "maps").glob("*.yaml"))
    maps += [Path(p) for p in args.maps.split(",") if p]
    print(f"{'map':<18} {'look':<7} {'tint':<5} {'hexes':>5} {'foreign':>7} {'terrain':>8} {'foreign':<11} "
          f"{'legend':<13} {'ok':<4} time", flush=True)
    with tempfile.TemporaryDirectory() as d:
        for map_path in maps:
            for style in args.styles.split(","):
                for tint in args.tints.split(","):
                    print(one(map_path, style, tint, Path(d)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
