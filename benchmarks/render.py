"""Benchmark: rendering boards and sheets, tile culling, and label placement.

Three measurements, each against a baseline run in the same process:

1. Stages for one map (default maps/czechia.yaml, else maps/example.yaml): loading and
   validating the map (the baseline), placing the names (``BoardArt``), the one-page SVG, its
   PDF and a 150 dpi PNG, the A4 tiles as PDF, and all sheets; printed as seconds and as a
   ratio to the load time.
2. Tile culling: the A4 tile PDF when every page carries only what its window shows (mapkit)
   against every page carrying the whole board, clipped (baseline): time and bytes.
3. Label placement on crowded random boards: most-constrained-first (mapkit) against plain
   greedy in map order (baseline): names that found no free place, and time.

    python benchmarks/render.py
    python benchmarks/render.py --map maps/example.yaml --boards 5
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.grid import Grid, Hex  # noqa: E402
from mapkit.io.yamlmap import load_map  # noqa: E402
from mapkit.model import ALL_RACE_NUMBERS, City, Map  # noqa: E402
from mapkit.render.boardart import BoardArt  # noqa: E402
from mapkit.render.labels import LabelRequest, place_labels  # noqa: E402
from mapkit.render.output import svg_to_png, svgs_to_pdf  # noqa: E402
from mapkit.render.pages import board_page, tiled_pages  # noqa: E402
from mapkit.render.sheets import write_sheets  # noqa: E402

NAMES = ["Jindřichův Hradec", "Częstochowa", "Wrocław", "Lübeck", "Plzeň", "Žilina",
         "Ústí nad Labem", "Hradec Králové", "Brno", "Ostrava", "Mladá Boleslav", "Frýdek-Místek",
         "Karlovy Vary", "České Budějovice", "Uherské Hradiště", "Kolín"]


def timed(fn, repeat=1):
    best = None
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return best, out


def stages(path: Path):
    print(f"1. stages for {path.name}")
    t_load, m = timed(lambda: load_map(path), repeat=3)
    rows = [("load + validate (baseline)", t_load)]
    t_art, art = timed(lambda: BoardArt(m))
    rows.append(("BoardArt (label placement)", t_art))
    t_page, page = timed(lambda: board_page(art))
    rows.append((f"one-page SVG ({page.label})", t_page))
    t_pdf, pdf = timed(lambda: svgs_to_pdf([page.svg]))
    rows.append((f"its PDF ({len(pdf) // 1024} KiB)", t_pdf))
    t_png, png = timed(lambda: svg_to_png(page.svg, 150))
    rows.append((f"its PNG at 150 dpi ({len(png) // 1024} KiB)", t_png))
    t_tiles, (pages, layout) = timed(lambda: tiled_pages(art, "A4"))
    t_tpdf, tpdf = timed(lambda: svgs_to_pdf([p.svg for p in pages]))
    rows.append((f"A4 tiles SVG ({len(layout.tiles)} tiles)", t_tiles))
    rows.append((f"A4 tiles PDF ({len(tpdf) // 1024} KiB)", t_tpdf))
    with tempfile.TemporaryDirectory() as tmp:
        t_sheets, _ = timed(lambda: write_sheets(m, Path(tmp) / "sheets"))
    rows.append(("all sheets (mapkit sheets)", t_sheets))
    for name, t in rows:
        print(f"   {name:<42} {t:7.3f} s   {t / t_load:7.1f} x load")
    return m, art


def culling(art):
    print("2. tile culling (A4 tiles, PDF)")
    t_cull, pages = timed(lambda: tiled_pages(art, "A4")[0])
    t_cull_pdf, pdf_cull = timed(lambda: svgs_to_pdf([p.svg for p in pages]))
    t_full, pages_full = timed(lambda: tiled_pages(art, "A4", cull=False)[0])
    t_full_pdf, pdf_full = timed(lambda: svgs_to_pdf([p.svg for p in pages_full]))
    a, b = t_cull + t_cull_pdf, t_full + t_full_pdf
    print(f"   culled:   {a:6.3f} s  {len(pdf_cull) / 1024:8.0f} KiB")
    print(f"   baseline: {b:6.3f} s  {len(pdf_full) / 1024:8.0f} KiB (whole board on every page)")
    print(f"   ratio:    time {a / b:.2f}, size {len(pdf_cull) / len(pdf_full):.2f}")


def crowded_board(seed: int) -> Map:
    """36 cities on a 15 x 12 board, at least two hexes apart: names compete for space."""
    rng = random.Random(seed)
    g = Grid("pointy", "odd", 15, 12)
    cities, taken = [], []
    while len(cities) < 36:
        h = Hex(rng.randrange(15), rng.randrange(12))
        if all(g.distance(h, o) >= 2 for o in taken):
            taken.append(h)
            cities.append(City(f"{NAMES[len(cities) % len(NAMES)]} {len(cities)}", h,
                               (ALL_RACE_NUMBERS[len(cities)],)))
    return Map(g, cities=cities)


def labels(boards: int):
    print(f"3. label placement on {boards} crowded boards (36 cities, 15 x 12 hexes)")
    totals = {"constrained": [0, 0.0], "given": [0, 0.0]}
    for seed in range(boards):
        m = crowded_board(seed)
        g = m.grid
        reqs = [LabelRequest(c.name, c.name, g.centre_mm(c.hex), g.polygon(c.hex), 2.75) for c in m.cities]
        bw, bh = g.bounds_mm()
        for order in totals:
            t, out = timed(lambda reqs=reqs, bw=bw, bh=bh, order=order: place_labels(reqs, (0, 0, bw, bh),
                                                                              order=order))
            totals[order][0] += sum(1 for lab in out.values() if lab.clash)
            totals[order][1] += t
    (c_clash, c_time), (g_clash, g_time) = totals["constrained"], totals["given"]
    print(f"   most constrained first: {c_clash:4d} names without a free place, {c_time:6.2f} s")
    print(f"   baseline, map order:    {g_clash:4d} names without a free place, {g_time:6.2f} s")
    print(f"   ratio: time {c_time / g_time:.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT / "maps" / "czechia.yaml"
    ap.add_argument("--map", type=Path, default=default if default.exists() else ROOT / "maps" / "example.yaml")
    ap.add_argument("--boards", type=int, default=10)
    args = ap.parse_args(argv)
    _, art = stages(args.map)
    culling(art)
    labels(args.boards)


if __name__ == "__main__":
    main()
