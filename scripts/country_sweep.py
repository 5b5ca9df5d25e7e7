"""Countries designed, checked and played as a new user would, one table row each
(docs/geography.md, Eleven more countries under each rule set).

For each country and rule set: ``mapkit design COUNTRY --rules PRESET -o DRAFT``, ``mapkit
validate DRAFT --rules PRESET`` and ``mapkit simulate DRAFT --rules PRESET --players 4 --games
N --seed S --jobs 1 --format json`` (four greedy bots), with the CPU seconds of the three
commands. A TransAmerica draft plays seed 1 while it is made (its rounds choose the size and
the double lines), so its row is measured on other games: use a seed other than 1 here.

    python scripts/country_sweep.py Croatia Austria --rules transamerica --games 40 --seed 2 --workdir DIR
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
from pathlib import Path


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _mapkit(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mapkit", *map(str, args)], capture_output=True, text=True)


def _board(path: Path) -> str:
    from mapkit.io.yamlmap import read_map

    m = read_map(path)[0]
    home = sum(1 for t in m.terrain.values() if t in ("plain", "mountain"))
    abroad = sum(1 for c in m.cities if "abroad" in c.tags)
    mountains = sum(1 for t in m.terrain.values() if t == "mountain")
    return (f"{m.grid.columns}x{m.grid.rows}, {m.meta['geo']['hex_km']:g} km; {home} home hexes ({mountains} "
            f"mountain), {len(m.cities)} cities ({abroad} abroad)")


def _played(rep: dict) -> str:
    if "rounds" in rep:
        r = rep["rounds"]
        return f"{r['mean_per_game']:.2f} rounds ({r['min']}-{r['max']})"
    races = rep.get("races", {})
    return f"{100 * races['share_redrawn']:.1f} % re-drawn" if races else "-"


def _unfair(rep: dict) -> str:
    off = [v["factor"] for v in rep.get("fairness", {}).get("verdicts", []) if not v["fair"]]
    return ", ".join(off) or "none"


def row(country: str, preset: str, args) -> str:
    draft = Path(args.workdir) / f"{country}-{preset}.yaml"
    before = _cpu()
    made = _mapkit("design", country, "--rules", preset, "-o", draft)
    if made.returncode:
        return f"| {country} | {preset} | no draft: {made.stderr.strip()} | | | | | |"
    checked = _mapkit("validate", draft, "--rules", preset, "--format", "json")
    codes = sorted(w["code"] for w in json.loads(checked.stdout)["warnings"])
    played = _mapkit("simulate", draft, "--rules", preset, "--players", 4, "--games", args.games, "--seed",
                     args.seed, "--jobs", 1, "--format", "json")
    rep = json.loads(played.stdout)
    ends = ", ".join(f"{k} {v}" for k, v in rep.get("ends", {}).items())
    warned = f"{len(codes)}: {', '.join(codes)}" if codes else "0 warnings"
    return (f"| {country} | {preset} | {_board(draft)} | {warned} | {_played(rep)} | {ends} | {_unfair(rep)} | "
            f"{_cpu() - before:.1f} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("countries", nargs="+")
    ap.add_argument("--rules", default="transamerica", help="rule presets, comma-separated")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--workdir", required=True, help="where the drafts go")
    args = ap.parse_args(argv)
    Path(args.workdir).mkdir(parents=True, exist_ok=True)
    for country in args.countries:
        for preset in args.rules.split(","):
            print(row(country, preset, args), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
