"""Benchmark: every bundled map rendered in every style of ``mapkit render`` and read back.

Each map of ``mapkit/maps/*.yaml`` is drawn by ``mapkit render MAP -o X.png --style S`` at the
default dpi (150), its neighbouring states in the style's own tint (``--dark-foreign``) and in
the toner-light tint (the default, ``--light-foreign``), and imported back with ``mapkit
import`` as a user would (no hints, no legend: the importer has to tell the look and the tint
itself). Per map, style and tint the share recovered of what the map file holds: every hex's
terrain, mountain hexes, river edges, border edges, cities and race numbers (a number counts
where its city was found with it), and the extras read that are not there.
The last columns say which legend the importer chose, the map's name it read and whether
``rules.border_crossing`` came out as the default (an import must not change a rule).

    python benchmarks/readback.py                       # every map, every style, both tints
    python benchmarks/readback.py --maps germany,czechia --styles expres --tints light
    python benchmarks/readback.py --no-ocr              # faster: no numbers and names

Measured 2026-12-06 (issue 37). Before the Expres legend, the Expres look (colour and mono:
everything, as now):

    map             mountains rivers     borders    cities  numbers
    czechia           0.0 %    0.0 %      31.0 % +11  69.4 %   80.6 %
    example           0.0 %    0.0 % +26  42.1 % +2  100.0 %  100.0 %
    france-benelux    0.0 %    0.0 % +6   35.4 % +5   90.3 %   91.7 %
    germany           0.0 %    0.0 % +1   36.6 % +8   87.5 %   88.9 %
    usa-east          0.0 %    0.0 % +1   56.2 %     100.0 %  100.0 %
    usa-west          0.0 %    0.0 % +2   46.2 % +13  77.4 %   80.6 %
    usa               0.0 %    0.0 %      47.5 %      93.9 %   94.4 %

and every map named after its file ('germany-expres'), Czechia's border_crossing set. After:
every map in every style 100 % of each kind, nothing extra, the legend chosen the look's own,
the map named by its printed title, no rule changed.

Measured 2026-12-06 (issue 37, the light tint): before the light legends the light tint read
every neighbouring state as plain (terrain: Czechia 45.7 %, the others 67.1-92.7 %, in every
style) and the Expres look lost river sides on the light states (86.2-93.4 % on five maps) and
mountains (98.4-99.2 % on three). After: all 42 pictures (7 maps, 3 styles, 2 tints) 100 % of
each kind with nothing extra, the legend chosen the look's own in its tint (colour-light,
mono-light, expres-light), the map named by its title, no rule changed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.imaging.importer import ImportOptions, import_map  # noqa: E402
from mapkit.io.yamlmap import read_map  # noqa: E402

STYLES = ("colour", "mono", "expres")
# The neighbouring states' tint: ``dark`` the style's own (``--dark-foreign``), ``light`` the
# toner-light tint (``--light-foreign``).
TINTS = ("dark", "light")


@dataclass
class Recovered:
    """Items of one kind: how many the map holds, how many were read back, how many extra."""

    truth: int
    found: int
    extra: int = 0

    def cell(self) -> str:
        share = f"{100 * self.found / self.truth:5.1f}%" if self.truth else "    - "
        return share + (f" +{self.extra}" if self.extra else "")


def recovered(truth, got) -> dict:
    """What of ``truth`` (a map) ``got`` (its picture imported) holds, kind by kind."""
    if (truth.grid.columns, truth.grid.rows) != (got.grid.columns, got.grid.rows):
        return {}
    mt = {h for h, t in truth.terrain.items() if t == "mountain"}
    mg = {h for h, t in got.terrain.items() if t == "mountain"}
    same = sum(1 for h, t in truth.terrain.items() if got.terrain.get(h) == t)
    out = {"terrain": Recovered(len(truth.terrain), same),
           "mountains": Recovered(len(mt), len(mt & mg), len(mg - mt))}
    for kind in ("rivers", "borders"):
        t, g = truth.edge_set(kind), got.edge_set(kind)
        out[kind] = Recovered(len(t), len(t & g), len(g - t))
    tc, gc = {c.hex: c for c in truth.cities}, {c.hex: c for c in got.cities}
    out["cities"] = Recovered(len(tc), len(tc.keys() & gc.keys()), len(gc.keys() - tc.keys()))
    nums = [(h, n) for h, c in tc.items() for n in c.numbers]
    right = sum(1 for h, n in nums if h in gc and n in gc[h].numbers)
    wrong = sum(len(set(c.numbers) - set(tc[h].numbers if h in tc else ())) for h, c in gc.items())
    out["numbers"] = Recovered(len(nums), right, wrong)
    return out


def render(map_path: Path, style: str, tint: str, tmp: Path) -> Path:
    """``mapkit render MAP -o PICTURE --style STYLE --TINT-foreign`` at the default dpi."""
    png = tmp / f"{map_path.stem}-{style}-{tint}.png"
    r = subprocess.run([sys.executable, "-m", "mapkit", "render", str(map_path), "-o", str(png),
                        "--style", style, f"--{tint}-foreign"], capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        raise RuntimeError(f"mapkit render failed on {map_path.name}: {r.stderr.strip()[:200]}")
    return png


def chosen_legend(notes: list) -> str:
    """The legend the importer said it read the picture with (its note; none: the Dampfross
    colours)."""
    for n in notes:
        if "read with the legend" in n:
            return n.split("read with the legend", 1)[1].split()[0].strip("'\":,")
    return "mono" if any("has no colour" in n for n in notes) else "colour"


def timed_import(pic: Path, ocr: bool) -> tuple:
    """``pic`` imported as a user imports it (no hints, no legend): the map, the notes and the
    seconds it took; the picture is removed."""
    t0 = time.perf_counter()
    got, notes = import_map(str(pic), ImportOptions(ocr=ocr))
    secs = time.perf_counter() - t0
    pic.unlink()
    return got, notes, secs


def one(map_path: Path, style: str, tint: str, tmp: Path, ocr: bool) -> str:
    truth, _ = read_map(map_path)
    pic = render(map_path, style, tint, tmp)
    look = f"{style}-{tint}"
    try:
        got, notes, secs = timed_import(pic, ocr)
    except Exception as exc:  # a failed import is said, and counts as nothing read
        return f"{map_path.stem:<15} {look:<13} failed: {exc}"
    rec = recovered(truth, got)
    if not rec:
        return f"{map_path.stem:<15} {look:<13} grid wrong ({got.grid.columns} x {got.grid.rows})"
    cells = " ".join(f"{r.cell():<11}" for r in rec.values())
    rules = "default" if got.rules.border_crossing is False else "CHANGED"
    return (f"{map_path.stem:<15} {look:<13} {cells} {chosen_legend(notes):<13} "
            f"{got.name[:18]!r:<20} {rules:<8} {secs:5.1f} s")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", help="comma-separated map names (default: all bundled maps)")
    ap.add_argument("--styles", default=",".join(STYLES), help="comma-separated styles")
    ap.add_argument("--tints", default=",".join(TINTS),
                    help="comma-separated tints of the neighbouring states: dark, light")
    ap.add_argument("--no-ocr", action="store_true", help="read no race numbers nor names")
    args = ap.parse_args(argv)
    maps = sorted((ROOT / "mapkit" / "maps").glob("*.yaml"))
    if args.maps:
        wanted = set(args.maps.split(","))
        maps = [m for m in maps if m.stem in wanted]
    head = " ".join(f"{k:<11}" for k in ("terrain", "mountains", "rivers", "borders", "cities", "numbers"))
    print(f"{'map':<15} {'look':<13} {head} {'legend':<13} {'name':<20} {'rules':<8} time", flush=True)
    with tempfile.TemporaryDirectory() as d:
        for tint in args.tints.split(","):
            for style in args.styles.split(","):
                for map_path in maps:
                    print(one(map_path, style, tint, Path(d), not args.no_ocr), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
