"""Fingerprints of seeded bot games: one SHA-256 per case over the games' records.

A speed-up of the bots or the engine must not change a single decision. This plays each
case's seeded games (:func:`mapkit.engine.simulate.play_game` with the seeds of ``mapkit
simulate --seed 1``, :func:`~mapkit.engine.simulate.game_seed`) and prints, per case, the
SHA-256 of the games' records (:meth:`mapkit.engine.record.Record.dumps`: the header with
every option spelled out, then every action, dice rolls included) joined in game order.
Run it before a change and after: the same lines, the same games. ``--save FILE`` keeps the
lines, ``--check FILE`` plays again and says which cases differ (exit 1).

The cases (``--cases``; all by default; ``--games N`` overrides every case's count):

* ``paluba-czechia`` -- 4 greedy bots, Paluba on maps/czechia.yaml without special races and
  ferries (the benchmark's ``czechia-greedy``);
* ``paluba-czechia-special`` -- the same with the map's special races and ferries;
* ``expres-czechia`` -- 4 greedy bots, Expres on maps/czechia.yaml;
* ``paluba-example-ferries``, ``paluba-germany-ferries`` -- 4 greedy bots, Paluba with
  ferries on maps/example.yaml and maps/germany.yaml;
* ``paluba-czechia-easy`` -- 4 easy bots;
* ``paluba-example-strong`` -- a ``strong:20`` bot against three greedy ones.

    python benchmarks/records.py                          # print the hashes
    python benchmarks/records.py --save /tmp/records.txt  # before a change
    python benchmarks/records.py --check /tmp/records.txt # after it
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

G4 = ("greedy",) * 4
NO_EXTRAS = {"special_races": False, "ferries": False}
# name -> (map, preset, bots, options, games)
CASES: dict[str, tuple] = {
    "paluba-czechia": ("maps/czechia.yaml", "paluba", G4, NO_EXTRAS, 24),
    "paluba-czechia-special": ("maps/czechia.yaml", "paluba", G4, {}, 24),
    "expres-czechia": ("maps/czechia.yaml", "expres", G4, {}, 24),
    "paluba-example-ferries": ("maps/example.yaml", "paluba", G4, {"ferries": True}, 24),
    "paluba-germany-ferries": ("maps/germany.yaml", "paluba", G4, {"ferries": True}, 20),
    "paluba-czechia-easy": ("maps/czechia.yaml", "paluba", ("easy",) * 4, {}, 6),
    "paluba-example-strong": ("maps/example.yaml", "paluba", ("strong:20", "greedy", "greedy", "greedy"), {}, 2),
}


def case_hash(name: str, games: int | None = None) -> tuple[str, int, float]:
    """The SHA-256 of a case's game records, its number of actions and its process time."""
    from mapkit.engine import load_engine_map
    from mapkit.engine.record import Record
    from mapkit.engine.simulate import game_seed, play_game

    where, preset, bots, options, n = CASES[name]
    board = load_engine_map(ROOT / where)
    digest = hashlib.sha256()
    actions = 0
    t0 = time.process_time()
    for i in range(n if games is None else games):
        g = play_game(board, preset, list(bots), dict(options), game_seed(1, i))
        digest.update(Record.of(g, where).dumps().encode("utf-8"))
        actions += len(g.history)
    return digest.hexdigest(), actions, time.process_time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default=None, help="comma-separated cases (default: all)")
    ap.add_argument("--games", type=int, default=None, help="games per case (default: the case's own)")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--save", type=Path, help="write the lines to this file")
    group.add_argument("--check", type=Path, help="compare with the lines of this file")
    args = ap.parse_args()
    names = [c.strip() for c in args.cases.split(",")] if args.cases else list(CASES)
    for c in names:
        if c not in CASES:
            raise SystemExit(f"unknown case {c!r}; cases: {', '.join(CASES)}")
    saved = {}
    if args.check:
        for line in args.check.read_text(encoding="utf-8").splitlines():
            case, _, digest = line.partition(" ")
            saved[case] = digest.split()[0] if digest else ""
    lines, bad = [], []
    for c in names:
        digest, actions, spent = case_hash(c, args.games)
        line = f"{c} {digest}"
        lines.append(line)
        status = ""
        if args.check:
            status = " same" if saved.get(c) == digest else " DIFFERENT" if c in saved else " (not saved)"
            if saved.get(c) != digest:
                bad.append(c)
        print(f"{line}{status}", flush=True)
        print(f"  {actions} actions, {spent:.2f} s CPU", file=sys.stderr)
    if args.save:
        args.save.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    if args.check:
        print("the same games" if not bad else f"different: {', '.join(bad)}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
