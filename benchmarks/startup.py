"""Start-up cost of `mapkit validate` on a 36-city map, against a bare interpreter.

Prints the median wall time of `python -c pass` (the baseline), of `python -m mapkit validate`
on a generated 40 x 30 board with 36 cities, and the difference and ratio. Run:

    python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.grid import Grid, hex_name  # noqa: E402


def make_map(path: Path) -> None:
    g = Grid("pointy", "odd", 40, 30)
    rng = random.Random(7)
    hexes = rng.sample(list(g.hexes()), 36)
    nums = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    lines = ["grid: {orientation: pointy, offset: odd, columns: 40, rows: 30}", "cities:"]
    lines += [f"  - {{name: Město {i}, hex: {hex_name(h)}, numbers: [{n}]}}" for i, (h, n) in enumerate(zip(hexes, nums))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def timed(cmd, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=False, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / "m.yaml"
        make_map(p)
        base = timed([sys.executable, "-c", "pass"], args.runs)
        full = timed([sys.executable, "-m", "mapkit", "validate", str(p)], args.runs)
    print(f"python -c pass            median {base * 1000:7.1f} ms")
    print(f"mapkit validate (36 city) median {full * 1000:7.1f} ms")
    print(f"mapkit's own share        {(full - base) * 1000:7.1f} ms   ratio to bare start-up {full / base:.2f}x")


if __name__ == "__main__":
    main()
