"""Benchmark: `mapkit simulate` on the local process pool against a Dask LocalCluster, in one run.

The same games (4 greedy bots by default, seed 1) are played by ``simulate(jobs=N)``, the
multiprocessing pool of ``--jobs N``, and by a LocalCluster of N worker processes with one
thread each, ``--scheduler local --jobs N``, round after round in turn, so that a busy
machine slows both alike. Printed for each: wall time and games per second, the best of the
rounds; for the cluster also the time it takes to start and stop (paid once per run of the
command) and its games per second with it; and the process time (user + system CPU of this
process and of its worker processes, which other work on the machine disturbs far less than
wall time) per game. Both must give the same report, and this checks it.
Needs ``pip install 'mapkit[cluster]'``. Run:

    python benchmarks/cluster.py [--map maps/czechia.yaml] [--games 200] [--jobs 2] [--rounds 2]
"""

from __future__ import annotations

import argparse
import logging
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cpu() -> float:
    """User + system CPU seconds of this process and of its ended children."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def pool_run(spec, games: int, jobs: int) -> tuple[float, float, list]:
    """Wall time and process time of the games; their figures."""
    from mapkit.engine.simulate import simulate

    c0, t0 = cpu(), time.perf_counter()
    stats = simulate(spec, games, jobs=jobs)
    return time.perf_counter() - t0, cpu() - c0, stats


def cluster_run(spec, games: int, jobs: int) -> tuple[float, float, float, list]:
    """Wall time of the games alone, and of starting and stopping the cluster; process time of
    it all (the workers' counts once they have ended); the figures."""
    from distributed import Client, LocalCluster

    from mapkit.engine.cluster import run_blocks

    c0, t0 = cpu(), time.perf_counter()
    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as client:
        client.wait_for_workers(jobs)
        t1 = time.perf_counter()
        stats = run_blocks(client, spec, games)
        t2 = time.perf_counter()
    t3 = time.perf_counter()
    return t2 - t1, (t1 - t0) + (t3 - t2), cpu() - c0, stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default=str(ROOT / "maps" / "czechia.yaml"))
    ap.add_argument("--rules", default="paluba")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    from mapkit.engine import load_engine_map
    from mapkit.engine.simulate import SimSpec, summarize

    board = load_engine_map(args.map)
    spec = SimSpec(board.to_json(), args.rules, {}, ("greedy",) * args.players, seed=args.seed)
    pool, games_only, overhead, pool_cpu, cluster_cpu = [], [], [], [], []
    report = None
    for _ in range(args.rounds):
        t, c, stats = pool_run(spec, args.games, args.jobs)
        pool.append(t)
        pool_cpu.append(c)
        report = report or summarize(spec, stats)
        assert summarize(spec, stats) == report, "the process pool gave another report"
        t, extra, c, stats = cluster_run(spec, args.games, args.jobs)
        games_only.append(t)
        overhead.append(extra)
        cluster_cpu.append(c)
        assert summarize(spec, stats) == report, "the LocalCluster gave another report"
    g = args.games
    print(f"{board.name}, {args.rules}, {args.players} greedy bots, {g} games, {args.jobs} workers, "
          f"best of {args.rounds} rounds; the same report from both")
    best = min(a + b for a, b in zip(games_only, overhead, strict=True))
    for label, t in ((f"process pool (--jobs {args.jobs})", min(pool)),
                     ("LocalCluster (--scheduler local), the games", min(games_only)),
                     ("LocalCluster with its start and stop", best)):
        print(f"  {label:<44} {t:7.2f} s  {g / t:6.2f} games/s")
    print(f"  (the LocalCluster's start and stop: {min(overhead):.2f} s)")
    print(f"  process time per game: process pool {min(pool_cpu) / g:.3f} s, LocalCluster "
          f"{min(cluster_cpu) / g:.3f} s with its start and stop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
