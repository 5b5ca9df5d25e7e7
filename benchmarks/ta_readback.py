"""Benchmark: TransAmerica boards drawn by ``mapkit render --style transamerica`` and read back.

Each map (default: the bundled ``usa-transamerica`` and the tests' small board) is drawn at 150
dpi in TransAmerica's look, its neighbouring states in the light tint (the default) and solid
(``--dark-foreign``), and imported back with ``mapkit import`` as a user would (no hints; with
``--legend transamerica`` too when ``--forced`` is given). Per picture the share recovered of
what the board shows: every hex's terrain, mountain hexes, river and border edges (extras read
after ``+``), the card cities (their hexes), their colours (a card city read in its card's
colour), their names (exactly as the map writes them), whether the deck read
(``rules.city_cards``) validates under ``--rules transamerica`` (``mapkit validate``: no error),
and the look the importer chose.

    python benchmarks/ta_readback.py
    python benchmarks/ta_readback.py --maps maps/usa-transamerica.yaml,/tmp/japan-ta.yaml --forced
    python benchmarks/ta_readback.py --no-ocr           # faster: no names
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
sys.path.insert(0, str(ROOT / "benchmarks"))

from readback import Recovered, chosen_legend, recovered  # noqa: E402

from mapkit.engine.games.transamerica.cards import read_cards  # noqa: E402
from mapkit.imaging.importer import ImportOptions, import_map  # noqa: E402
from mapkit.io.yamlmap import read_map  # noqa: E402
from mapkit.io.yamlwrite import save_map  # noqa: E402
from mapkit.validate import validate  # noqa: E402

MAPS = ("maps/usa-transamerica.yaml", "tests/data/small-transamerica.yaml")
TINTS = ("light", "dark")


def card_recovered(truth, got) -> dict:
    """The card cities of ``truth`` read back in ``got``: hexes, colours, names."""
    want, _ = read_cards(truth)
    have, _ = read_cards(got)
    by_hex = {c.hex: c for c in have}
    names = {c.hex: c.name for c in got.cities}
    return {"card hexes": Recovered(len(want), sum(c.hex in by_hex for c in want),
                                    len(by_hex.keys() - {c.hex for c in want})),
            "colours": Recovered(len(want), sum(c.hex in by_hex and by_hex[c.hex].colour == c.colour for c in want)),
            "names": Recovered(len(want), sum(names.get(c.hex) == c.name for c in want))}


def deck_valid(got, tmp: Path) -> str:
    """Whether the imported map validates under TransAmerica's rules (no errors)."""
    path = tmp / "got.yaml"
    save_map(got, path)
    m, _ = read_map(path)
    errors = [i for i in validate(m, rules="transamerica") if i.severity == "error"]
    return "valid" if not errors else f"{len(errors)} err ({errors[0].code})"


def one(map_path: Path, tint: str, tmp: Path, ocr: bool, legend: str | None) -> str:
    truth, _ = read_map(map_path)
    png = tmp / f"{map_path.stem}-{tint}.png"
    r = subprocess.run([sys.executable, "-m", "mapkit", "render", str(map_path), "-o", str(png), "--style",
                        "transamerica", f"--{tint}-foreign"], capture_output=True, text=True, cwd=ROOT)
    if r.returncode:
        return f"{map_path.stem:<20} render failed: {r.stderr.strip()[:200]}"
    t0 = time.perf_counter()
    got, notes = import_map(str(png), ImportOptions(ocr=ocr, legend=legend))
    secs = time.perf_counter() - t0
    rec = recovered(truth, got)
    if not rec:
        return f"{map_path.stem:<20} grid wrong ({got.grid.columns} x {got.grid.rows})"
    rec = {k: v for k, v in rec.items() if k not in ("cities", "numbers")} | card_recovered(truth, got)
    cells = " ".join(f"{v.cell():<10}" for v in rec.values())
    look = "transamerica" if any("TransAmerica's board" in n for n in notes) else chosen_legend(notes)
    return (f"{map_path.stem:<20} {tint:<5} {cells} {deck_valid(got, tmp):<14} {look:<13} "
            f"{chosen_legend(notes):<13} {secs:5.1f} s")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", default=",".join(MAPS), help="comma-separated map files")
    ap.add_argument("--tints", default=",".join(TINTS), help="light, dark")
    ap.add_argument("--forced", action="store_true", help="also import with --legend transamerica")
    ap.add_argument("--no-ocr", action="store_true", help="read no names")
    args = ap.parse_args(argv)
    head = " ".join(f"{k:<10}" for k in ("terrain", "mountains", "rivers", "borders", "card hexes", "colours",
                                         "names"))
    print(f"{'map':<20} {'tint':<5} {head} {'deck':<14} {'look':<13} {'legend':<13} time", flush=True)
    with tempfile.TemporaryDirectory() as d:
        for path in args.maps.split(","):
            for tint in args.tints.split(","):
                for legend in (None, "transamerica") if args.forced else (None,):
                    print(one(ROOT / path, tint, Path(d), not args.no_ocr, legend), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
