"""Check that seeded bot games stay the same, action for action, across a change (a speed-up).

Each case plays seeded games (``mapkit.engine.simulate.play_game``, the seeds of ``mapkit
simulate --seed 1``: :func:`~mapkit.engine.simulate.game_seed`) and keeps their histories and
the ``mapkit simulate`` report of them (text and JSON): ``--save FILE`` writes them, ``--check
FILE`` plays them again and compares, action for action and the reports byte for byte. Made
before a change, checked after each step of it.

The cases (``--cases``; all by default) cover each family's greedy bot and what it may do:
Paluba on Czechia (with and without the map's special races), Expres, Paluba and Dampfross
on Germany and France-Benelux with and without ferries (the ``-ferries`` cases may buy
them), joint track and joint races, a greedy seat against random ones, TransAmerica on the
USA and Czech maps, Railroad Tycoon on the eastern USA and the small test map (issue 32's
check, which this script took over).

    python benchmarks/same_games.py --save /tmp/games.json     # before
    python benchmarks/same_games.py --check /tmp/games.json    # after each change
    python benchmarks/same_games.py --check /tmp/games.json --cases paluba-czechia,ta-usa
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

G4 = ("greedy",) * 4
# name -> (map, preset, bots, options, games)
CASES: dict[str, tuple] = {
    "paluba-czechia": ("maps/czechia.yaml", "paluba", G4, {"special_races": False}, 12),
    "paluba-czechia-special": ("maps/czechia.yaml", "paluba", G4, {}, 6),
    "paluba-example": ("maps/example.yaml", "paluba", G4, {}, 6),
    "paluba-mixed": ("maps/czechia.yaml", "paluba", ("greedy", "random", "greedy", "random"), {}, 3),
    "paluba-joint": ("maps/czechia.yaml", "paluba", G4, {"joint_track": True, "joint_races": True}, 4),
    "expres-czechia": ("maps/czechia.yaml", "expres", G4, {}, 6),
    "dampfross-germany": ("maps/germany.yaml", "dampfross", G4, {"ferries": False}, 3),
    "paluba-germany-ferries": ("maps/germany.yaml", "paluba", G4, {"ferries": True}, 3),
    "paluba-france-ferries": ("maps/france-benelux.yaml", "paluba", G4, {"ferries": True}, 3),
    "paluba-france": ("maps/france-benelux.yaml", "paluba", G4, {"ferries": False}, 3),
    "ta-usa": ("maps/usa.yaml", "transamerica", G4, {}, 4),
    "ta-czechia": ("maps/czechia.yaml", "transamerica", G4, {}, 4),
    "ta-usa-3": ("maps/usa.yaml", "transamerica", ("greedy",) * 3, {}, 2),
    "rt-usa-east": ("maps/usa-east.yaml", "railroad-tycoon", G4, {}, 2),
    "rt-small": ("tests/data/railroad-tycoon-small.yaml", "railroad-tycoon", G4, {}, 3),
}


def play_case(name: str) -> dict:
    """The histories of a case's games and its simulate report (text and JSON)."""
    from mapkit.engine import load_engine_map
    from mapkit.engine.simulate import SimSpec, format_report, game_stats, play_indexed, summarize

    where, preset, bots, options, games = CASES[name]
    board = load_engine_map(ROOT / where)
    spec = SimSpec(board.to_json(), preset, options, tuple(bots), seed=1)
    out: dict = {"games": []}
    stats = []
    t0 = time.process_time()
    for i in range(games):
        st, g = play_indexed(spec, i)
        assert st == {**game_stats(g), "index": i, "seed": st["seed"]}
        stats.append(st)
        out["games"].append(json.loads(json.dumps(list(g.history))))
    report = summarize(spec, stats)
    out["report"] = format_report(report)
    out["json"] = json.dumps(report, sort_keys=True)
    print(f"{name}: {games} games, {sum(len(h) for h in out['games'])} actions, "
          f"{time.process_time() - t0:.2f} s CPU", file=sys.stderr)
    return out


def compare(name: str, old: dict, new: dict) -> list:
    """What differs between two plays of a case (empty: the same)."""
    bad = []
    for i, (a, b) in enumerate(zip(old["games"], new["games"], strict=True)):
        at = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        if at is None and len(a) == len(b):
            continue
        at = at if at is not None else min(len(a), len(b))
        bad.append(f"{name} game {i + 1}: differs at action {at} of {len(a)} (now {len(b)}): "
                   f"{a[at] if at < len(a) else None} -> {b[at] if at < len(b) else None}")
    for key in ("report", "json"):
        if old[key] != new[key]:
            bad.append(f"{name}: the simulate report ({key}) differs")
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path)
    group.add_argument("--check", type=Path)
    ap.add_argument("--cases", default=None, help="comma-separated cases (default: all, or all saved)")
    args = ap.parse_args()
    saved = json.loads(args.check.read_text(encoding="utf-8")) if args.check else {}
    names = [c.strip() for c in args.cases.split(",")] if args.cases else list(saved or CASES)
    for c in names:
        if c not in CASES or (args.check and c not in saved):
            raise SystemExit(f"unknown or unsaved case {c!r}; cases: {', '.join(saved or CASES)}")
    played = {c: play_case(c) for c in names}
    if args.save:
        args.save.write_text(json.dumps(played), encoding="utf-8")
        return 0
    bad = [line for c in names for line in compare(c, saved[c], played[c])]
    for line in bad:
        print(line)
    print("the same games and reports" if not bad else f"{len(bad)} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
