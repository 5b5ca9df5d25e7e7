"""Count the Dampfross bots' searches in seeded games: how many, from where, how many hexes they
settle, and how many repeat a search already made with the same inputs.

Every search of the greedy bot is a call of :func:`mapkit.search.dijkstra` from
:mod:`mapkit.engine.games.dampfross.bots.plan` (extensions of a network) or
:mod:`~mapkit.engine.games.dampfross.bots.routes` (routes over built track; in plan before
it). This wraps those names, plays the games (:func:`mapkit.engine.simulate.play_game`, the seeds of ``mapkit
simulate --seed 1``) and prints, per calling function: the calls per game, the hexes settled per
call, and the repeats -- calls whose sources, rows (the same row table), targets, limit, track
version and player to move were all seen before in the game. A repeat is work a cache could
save; none means the searches differ in what they are asked.

    python benchmarks/searches.py                               # Paluba on Czechia, 10 games
    python benchmarks/searches.py --preset expres --games 5
    python benchmarks/searches.py --map maps/example.yaml --special
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def count(map_file: str, preset: str, games: int, special: bool) -> dict:
    """``{caller: [calls, settled, repeats]}`` over the games."""
    import importlib

    from mapkit.engine import load_engine_map
    from mapkit.engine.simulate import game_seed, play_game

    # the modules that search (an older mapkit searched from plan alone)
    modules = []
    for name in ("plan", "routes"):
        with contextlib.suppress(ImportError):
            modules.append(importlib.import_module(f"mapkit.engine.games.dampfross.bots.{name}"))

    board = load_engine_map(ROOT / map_file)
    options = {} if special else {"special_races": False, "ferries": False}
    out: dict = collections.defaultdict(lambda: [0, 0, 0])
    seen: set = set()
    searching = modules[0].dijkstra

    def counted(sources, neighbours, **kw):
        frame = sys._getframe(1)
        state = frame.f_locals.get("state")
        caller = f"{frame.f_code.co_name} <- {sys._getframe(2).f_code.co_name}"
        found = searching(sources, neighbours, **kw)
        row = out[caller]
        row[0] += 1
        row[1] += len(found.settled)
        targets = kw.get("targets")
        key = (caller, frozenset(sources), id(getattr(neighbours, "__self__", neighbours)),
               None if targets is None else frozenset(targets), kw.get("limit"),
               None if state is None else (state.net.version, tuple(state.ferry_owners), state.current_player()))
        if key in seen:
            row[2] += 1
        seen.add(key)
        return found

    for module in modules:
        module.dijkstra = counted
    try:
        for i in range(games):
            seen.clear()
            play_game(board, preset, ["greedy"] * 4, options, game_seed(1, i))
    finally:
        for module in modules:
            module.dijkstra = searching
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--map", default="maps/czechia.yaml")
    ap.add_argument("--preset", default="paluba")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--special", action="store_true", help="play with the map's special races and ferries")
    args = ap.parse_args()
    rows = count(args.map, args.preset, args.games, args.special)
    n = args.games
    print(f"{'caller':45s} {'calls/game':>10s} {'settled/call':>12s} {'repeats/game':>12s}")
    for caller, (calls, settled, repeats) in sorted(rows.items(), key=lambda x: -x[1][1]):
        print(f"{caller:45s} {calls / n:10.1f} {settled / calls:12.1f} {repeats / n:12.1f}")
    total = sum(r[0] for r in rows.values())
    print(f"{'all':45s} {total / n:10.1f} {sum(r[1] for r in rows.values()) / max(total, 1):12.1f} "
          f"{sum(r[2] for r in rows.values()) / n:12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
