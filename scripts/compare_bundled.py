#!/usr/bin/env python3
"""Draft, balanced and hand-made: each bundled map measured beside the two other versions of it
(docs/geography.md, The bundled maps, "Draft, balanced and hand-made, side by side").

    python scripts/compare_bundled.py --workdir /tmp/compare -o docs/compare.md --json compare.json
    python scripts/compare_bundled.py --map czechia --games 40 --balance-games 20 --rounds 2

For each bundled map and its own rule set (the map's ``rules.preset``, else Paluba; usa.yaml is
the Expres board) three versions:

- **draft**: ``mapkit design`` of the same area for the same rule set (the countries, and the
  map's ``--bbox`` where it shows part of a country or more than one);
- **balanced**: ``mapkit balance`` on the bundled map (``--games``, ``--rounds``, the seed);
- **hand-made**: the bundled map itself, which is never written (its hash names it in game
  records); the draft and the balanced map go to ``--workdir``.

Each is measured with the CLI, in this process: ``mapkit validate --rules PRESET`` (the warnings'
codes), ``mapkit races --rules PRESET`` (forbidden and, under Paluba, conditional cells),
``mapkit info`` (board, home hexes, cities) and ``mapkit simulate --players 4 --games N --seed S
--jobs 1`` (the share of races re-drawn, the fairness verdicts), with ``--start-cities rotate``
when the version lists start cities, so that a city's figure measures the city. The same
arguments give the same table byte for byte; only the CPU seconds in the JSON vary.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.cli import main as mapkit  # noqa: E402
from mapkit.io.yamlmap import load_map  # noqa: E402

__all__ = ["AREAS", "Case", "Settings", "run", "measure", "compare", "markdown", "main"]

# The bundled map -> (its rule set, the `mapkit design` arguments of the same area). The boxes
# are those scripts/make_maps.py gives the bundled maps.
AREAS = {
    "czechia": ("paluba", ("CZ",)),
    "germany": ("paluba", ("DE",)),
    "france-benelux": ("paluba", ("FR", "BE", "NL", "LU", "--bbox=-5.3,42.25,8.6,53.6")),
    "usa-east": ("paluba", ("US", "--bbox=-97.5,24.3,-66.8,47.6")),
    "usa-west": ("paluba", ("US", "--bbox=-125.2,25.4,-85.8,49.9")),
    "usa": ("expres", ("US",)),
}
VERSIONS = ("draft", "balanced", "hand-made")
FACTORS = ("seat", "position", "start_city")


@dataclass(frozen=True)
class Case:
    """One bundled map: its name, file, rule set and design arguments (None: no draft made)."""
    name: str
    path: Path
    preset: str
    design: tuple[str, ...] | None


@dataclass(frozen=True)
class Settings:
    workdir: Path
    games: int = 100            # simulate, each version
    balance_games: int = 100    # balance, each candidate map
    rounds: int = 8             # balance's candidate maps
    seed: int = 1
    players: int = 4


class CommandFailed(RuntimeError):
    pass


def run(*args) -> str:
    """``mapkit ARGS`` in this process; its standard output. A failure raises with its error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = mapkit([str(a) for a in args])
        except SystemExit as exc:
            rc = exc.code if isinstance(exc.code, int) else 2
    if rc not in (0, 1) or (rc == 1 and args[0] != "validate"):
        raise CommandFailed(f"mapkit {' '.join(map(str, args))}: exit {rc}: {err.getvalue().strip()}")
    return out.getvalue()


def start_mode(path: Path) -> str:
    """rotate when the map lists its start cities, so that each city's figure measures the city."""
    return "rotate" if load_map(path).rules.start_cities else "choose"


def simulate_args(path: Path, preset: str, s: Settings) -> list:
    return ["simulate", path, "--rules", preset, "--players", s.players, "--games", s.games,
            "--seed", s.seed, "--jobs", 1, "--no-progress", "--start-cities", start_mode(path)]


def measure(path: Path, preset: str, s: Settings) -> dict:
    """The figures of one version: board, warnings, race table, simulated games."""
    info = json.loads(run("info", path, "--format", "json"))
    checked = json.loads(run("validate", path, "--rules", preset, "--format", "json"))
    races = json.loads(run("races", path, "--rules", preset, "--format", "json"))
    report = json.loads(run(*simulate_args(path, preset, s), "--format", "json"))
    terrain = info["terrain"]
    return {
        "file": str(path),
        "board": f"{info['grid']['columns']}x{info['grid']['rows']}",
        "hex_km": (load_map(path).meta.get("geo") or {}).get("hex_km"),
        "home_hexes": terrain.get("plain", 0) + terrain.get("mountain", 0),
        "cities": info["cities"],
        "errors": len(checked["errors"]),
        "warnings": dict(sorted(Counter(w["code"] for w in checked["warnings"]).items())),
        "forbidden": len(races["forbidden"]),
        "conditional": len(races.get("track", [])),
        "redrawn": report["races"]["share_redrawn"] if "races" in report else None,
        "start_deal": report.get("start_deal", {}).get("mode"),
        "games": report["games"],
        "unfinished": report["unfinished"],
        "verdicts": {v["factor"]: v["text"] for v in report["fairness"]["verdicts"]},
    }


def make_draft(case: Case, s: Settings) -> Path | None:
    if case.design is None:
        return None
    out = s.workdir / f"{case.name}-draft.yaml"
    run("design", *case.design, "--rules", case.preset, "-o", out)
    return out


def make_balanced(case: Case, s: Settings) -> tuple[Path, dict]:
    out = s.workdir / f"{case.name}-balanced.yaml"
    report = json.loads(run("balance", case.path, "--rules", case.preset, "-o", out,
                            "--players", s.players, "--games", s.balance_games, "--rounds", s.rounds,
                            "--seed", s.seed, "--jobs", 1, "--no-progress",
                            "--start-cities", start_mode(case.path), "--format", "json"))
    check = report["check"]
    return out, {"changes": report["changes"], "check_unfairness": check["unfairness"],
                 "check_noise": check["noise"], "confirmed": check["confirmed"]}


def compare(case: Case, s: Settings) -> dict:
    """The three versions of one map, measured; with the CPU seconds each took to make and measure."""
    result: dict = {"map": case.name, "preset": case.preset, "versions": {}}
    clock = time.process_time()
    draft = make_draft(case, s)
    balanced, result["balance"] = make_balanced(case, s)
    for version, path in zip(VERSIONS, (draft, balanced, case.path), strict=True):
        result["versions"][version] = measure(path, case.preset, s) if path else None
    result["cpu_s"] = round(time.process_time() - clock, 1)
    return result


def _warnings(w: dict, errors: int) -> str:
    text = ", ".join(f"{code}" + (f" x{n}" if n > 1 else "") for code, n in w.items())
    text = f"{sum(w.values())}: {text}" if w else "0"
    return f"{errors} errors; {text}" if errors else text


def _row(name: str, version: str, m: dict | None) -> str:
    if m is None:
        return f"| {name} | {version} | `mapkit design` made no draft of this area | | | | | | | |"
    hex_km = f", {m['hex_km']:g} km" if m["hex_km"] else ""
    cells = f"{m['forbidden']} / {m['conditional']}" if m["conditional"] else str(m["forbidden"])
    redrawn = "-" if m["redrawn"] is None else f"{100 * m['redrawn']:.1f} %"
    v = m["verdicts"]
    return (f"| {name} | {version} | {m['board']}{hex_km}; {m['home_hexes']} home hexes, {m['cities']} cities"
            f" | {_warnings(m['warnings'], m['errors'])} | {cells} | {redrawn} | {m['start_deal'] or '-'}"
            + "".join(f" | {v.get(f, '-')}" for f in FACTORS) + " |")


def markdown(results: list[dict], s: Settings) -> str:
    lines = [f"{s.games} games a version (`mapkit simulate --players {s.players} --games {s.games} "
             f"--seed {s.seed}`); balanced by `mapkit balance --games {s.balance_games} --rounds {s.rounds} "
             f"--seed {s.seed}`.", "",
             "| map | version | board | `mapkit validate` warnings | forbidden / conditional race pairs "
             "| races re-drawn | start cities | seat | playing position | start city |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        name = f"`{r['map']}` ({r['preset']})"
        lines += [_row(name, version, r["versions"][version]) for version in VERSIONS]
    lines.append("")
    for r in results:
        b = r["balance"]
        kept = "; ".join(b["changes"]) or "no change kept"
        before, after = b["check_unfairness"]
        lines.append(f"- `{r['map']}` balanced: {kept}; unfairness on the check games {before:.1f} -> "
                     f"{after:.1f} points (noise {b['check_noise']:.1f}, "
                     f"{'confirmed' if b['confirmed'] else 'no fall beyond the noise'}).")
    return "\n".join(lines) + "\n"


def cases(names: list[str]) -> list[Case]:
    return [Case(n, ROOT / "maps" / f"{n}.yaml", AREAS[n][0], AREAS[n][1]) for n in names]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--map", action="append", choices=sorted(AREAS), help="only this map (repeatable)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--balance-games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workdir", type=Path, help="where the drafts and balanced maps go (default: a temporary folder)")
    ap.add_argument("-o", "--output", type=Path, help="the Markdown table (default: standard output)")
    ap.add_argument("--json", type=Path, help="every figure as JSON")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = a.workdir or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        s = Settings(workdir, a.games, a.balance_games, a.rounds, a.seed)
        results = []
        for case in cases(a.map or list(AREAS)):
            results.append(compare(case, s))
            print(f"{case.name}: {results[-1]['cpu_s']} s of CPU", file=sys.stderr)
    table = markdown(results, s)
    if a.output:
        a.output.write_text(table, encoding="utf-8")
    else:
        sys.stdout.write(table)
    if a.json:
        a.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
