"""Start-up cost of `mapkit validate` and `mapkit distances` on the real Czech map, against a
bare interpreter.

Each command runs in a fresh process, several times; what is measured is its process time
(user + system CPU of the child, from the kernel), the least of the runs, which a busy machine
disturbs far less than wall time. Printed: ``python -c pass`` (the baseline), each command,
the difference (mapkit's own share: imports, reading the YAML, the schema, validation, the
table) and the ratio. The goal: under 0.2 s beyond the interpreter's start. Run:

    python benchmarks/startup.py [--runs N] [--map FILE]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 0.2


def process_time(cmd, runs: int) -> float:
    """The least user + system CPU seconds of ``cmd`` over ``runs`` fresh processes."""
    best = None
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = t if best is None else min(best, t)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--map", default=str(ROOT / "maps" / "czechia.yaml"))
    args = ap.parse_args(argv)
    base = process_time([sys.executable, "-c", "pass"], args.runs)
    print(f"python -c pass                     {base * 1000:6.0f} ms process time (least of {args.runs})")
    name = Path(args.map).name
    for label, cmd in (("validate", ["validate", args.map]),
                       ("distances", ["distances", args.map]),
                       ("distances --metric build", ["distances", args.map, "--metric", "build"])):
        t = process_time([sys.executable, "-m", "mapkit", *cmd], args.runs)
        verdict = "within" if t - base < GOAL else "OVER"
        print(f"mapkit {label:27s} {t * 1000:6.0f} ms: {(t - base) * 1000:4.0f} ms beyond start-up "
              f"({verdict} the {GOAL * 1000:.0f} ms goal), ratio {t / base:.1f}x  [{name}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
