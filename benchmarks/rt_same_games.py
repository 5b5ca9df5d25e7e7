"""Check that Railroad Tycoon's greedy games stay the same, action for action (issue 32).

Seeded 4-player greedy games (``mapkit.engine.simulate.play_game``) on maps/usa-east.yaml and
tests/data/railroad-tycoon-small.yaml, seeds 1-3: ``--save FILE`` writes their histories (as
JSON), ``--check FILE`` plays them again and compares, action for action. Made before a speed-up,
checked after each change.

    python benchmarks/rt_same_games.py --save /tmp/rt-games.json    # before
    python benchmarks/rt_same_games.py --check /tmp/rt-games.json   # after each change
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAPS = {"usa-east": ROOT / "maps" / "usa-east.yaml", "small": ROOT / "tests" / "data" / "railroad-tycoon-small.yaml"}
SEEDS = (1, 2, 3)


def histories() -> dict:
    from mapkit.engine import load_engine_map
    from mapkit.engine.simulate import play_game

    out = {}
    for name, where in MAPS.items():
        board = load_engine_map(where)
        for seed in SEEDS:
            t0 = time.process_time()
            g = play_game(board, "railroad-tycoon", ["greedy"] * 4, {}, seed)
            print(f"{name} seed {seed}: {len(g.history)} actions, {time.process_time() - t0:.2f} s CPU",
                  file=sys.stderr)
            out[f"{name}:{seed}"] = json.loads(json.dumps(list(g.history)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path)
    group.add_argument("--check", type=Path)
    args = ap.parse_args()
    games = histories()
    if args.save:
        args.save.write_text(json.dumps(games), encoding="utf-8")
        return 0
    saved = json.loads(args.check.read_text(encoding="utf-8"))
    bad = 0
    for key, old in saved.items():
        new = games.get(key, [])
        same = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
        if same is None and len(old) == len(new):
            continue
        bad += 1
        at = same if same is not None else min(len(old), len(new))
        print(f"{key}: differs at action {at} of {len(old)} (now {len(new)}): "
              f"{old[at] if at < len(old) else None} -> {new[at] if at < len(new) else None}")
    print("the same games" if not bad else f"{bad} of {len(saved)} games differ")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
