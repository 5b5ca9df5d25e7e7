"""Benchmark: whole four-player games with bots, on one core.

For each bundled map (default maps/example.yaml and maps/czechia.yaml) and each bot
(``greedy`` and ``random``) it plays games with four bots of that kind by the Paluba rules in
this process and prints

* games per second and the mean, median and slowest time of one game;
* the time of one bot decision (mean, 95th percentile, slowest) and decisions per game;
* the baseline, measured in the same run: replaying the same games' records through the
  engine (the rules alone, no decisions), and the ratio of a played game to its replay.

The target: a four-player Paluba game with greedy bots in under 0.5 s on one core (so 10,000
games take minutes); the line ``target`` says whether the mean met it.

    python benchmarks/engine.py                      # 40 greedy and 10 / 3 random games per map
    python benchmarks/engine.py --games 100 --random-games 5 --maps maps/example.yaml
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.engine import Record, load_engine_map, replay  # noqa: E402
from mapkit.engine.simulate import game_seed, play_game  # noqa: E402

TARGET_S = 0.5


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def bench(board, bot: str, games: int, preset: str, seed: int):
    game_times, decisions, replays, per_game_decisions, actions = [], [], [], [], []
    for i in range(games):
        s = game_seed(seed, i)
        timer: list = []
        t0 = time.perf_counter()
        g = play_game(board, preset, [bot] * 4, {}, s, timer=timer)
        game_times.append(time.perf_counter() - t0)
        decisions.extend(timer)
        per_game_decisions.append(len(timer))
        actions.append(len(g.history))
        rec = Record.of(g)
        t0 = time.perf_counter()
        replay(rec, board)
        replays.append(time.perf_counter() - t0)
    return game_times, decisions, per_game_decisions, replays, actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--maps", nargs="+", default=["maps/example.yaml", "maps/czechia.yaml"])
    ap.add_argument("--games", type=int, default=40, help="greedy games per map (default 40)")
    ap.add_argument("--random-games", type=int, default=None,
                    help="random games per map (default 10 on small maps, 3 on large ones: random "
                         "bots build one piece at a time and take long)")
    ap.add_argument("--preset", default="paluba")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, one process, {args.preset} rules, 4 players")
    for path in args.maps:
        p = Path(path)
        if not p.is_absolute():
            p = ROOT / p
        board = load_engine_map(p)
        big = len(board.hex_names) > 500
        for bot in ("greedy", "random"):
            n = args.games if bot == "greedy" else (args.random_games or (3 if big else 10))
            gt, dt, pg, rt, acts = bench(board, bot, n, args.preset, args.seed)
            mean = statistics.mean(gt)
            print(f"\n{board.name} ({board.grid.columns}x{board.grid.rows}, {len(board.cities)} cities), "
                  f"4 x {bot}, {n} games")
            print(f"  games/s {n / sum(gt):8.2f}   per game: mean {mean * 1000:8.1f} ms, median "
                  f"{statistics.median(gt) * 1000:8.1f} ms, slowest {max(gt) * 1000:8.1f} ms; "
                  f"{statistics.mean(acts):.0f} actions")
            print(f"  bot decision: mean {statistics.mean(dt) * 1000:7.3f} ms, p95 {pct(dt, 0.95) * 1000:7.3f} ms, "
                  f"slowest {max(dt) * 1000:7.2f} ms; {statistics.mean(pg):.0f} decisions per game "
                  f"({sum(dt) / sum(gt) * 100:.0f}% of the time)")
            rmean = statistics.mean(rt)
            print(f"  baseline (replaying the same records, rules only): {rmean * 1000:8.1f} ms per game; "
                  f"played / replayed = {mean / rmean:.2f}x")
            if bot == "greedy":
                verdict = "met" if mean < TARGET_S else "NOT met"
                print(f"  target: a greedy game in < {TARGET_S} s on one core: {verdict} "
                      f"(mean {mean:.3f} s, slowest {max(gt):.3f} s)")


if __name__ == "__main__":
    main()
