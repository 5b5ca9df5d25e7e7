"""Benchmark: whole games with bots, on one core, against another version of mapkit.

Each case plays games with bots in a worker process and times every game (process time, so
that other processes on the machine count less) and every bot decision (wall time). With
``--baseline REF`` (default ``HEAD``: the last commit; give an older commit to
compare across several) the same cases are played by that version of mapkit too (``git
archive REF`` into a temporary folder), the two workers taking turns case by case, round by
round, so that a busy machine slows both alike; the report prints both figures and their
ratio (baseline / this tree: above 1 means this tree is faster).

A worker first plays one game that is timed apart: a process's first game builds the board's
tables (each process of ``mapkit simulate`` does that once, before its thousands of games), so
it says what a process costs to start, not what a game costs; the report prints it on a line
of its own. Each round plays games of its own (the same ones on both sides).

The cases (``--cases``; all by default):

* ``example-greedy``, ``example-random`` -- 4 bots, Paluba, maps/example.yaml;
* ``czechia-greedy``, ``czechia-random`` -- 4 bots, Paluba, maps/czechia.yaml;
* ``grid300-greedy`` -- 4 greedy bots, Paluba, a random 300 x 300 board with 36 cities
  (:func:`benchmarks.distances.random_board`, seed 1);
* ``czechia-special`` -- 4 greedy bots, Paluba with the map's special races and ferries (the
  baseline plays it when it knows them);
* ``czechia-expres`` -- 4 greedy bots, Expres on maps/czechia.yaml;
* ``usa-transamerica`` -- 4 greedy bots, TransAmerica on maps/usa.yaml, with the exact
  cheapest-completion solver (:mod:`mapkit.steiner`) timed apart: its calls per game, time per
  call and share of the game. Target (issue 18): a whole game under 0.5 s on one core;
* ``rtycoon-usa-east`` -- 4 greedy bots, Railroad Tycoon on maps/usa-east.yaml, with
  each bot decision timed in process time (median and 90th percentile besides the mean) and
  the delivery search timed apart (the greedy bot's route values, :func:`best_value` and what
  it calls, and the listing of legal deliveries): its share of the game. Targets (issue 32): a
  whole game under 1 s on one core, a decision under 5 ms at the median.

For a like-for-like comparison the cases play without special races and ferries where the
code knows those options (the rules of the engine before them); a case the baseline cannot
play (a game it does not have) shows no baseline. Targets (issue 17): a random-bot Paluba game
on the Czech map at least 5x faster than the engine before the restructuring, a greedy game on
a 300 x 300 board at least 3x faster, and no case slower. The last column is games per second
on one core: 1 / the mean process time of a game (issue 38: a greedy 4-player Paluba game on
Czechia and a TransAmerica game on the USA map at a quarter of the time of 6e98eec's engine).

    python benchmarks/engine.py                                 # against the last commit
    python benchmarks/engine.py --baseline 993a19a --rounds 3   # against an older commit
    python benchmarks/engine.py --cases czechia-random --games 20 --baseline none
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name -> (map, bot, games per round, like-for-like (without the options the engine once lacked), preset)
CASES = {
    "example-greedy": ("maps/example.yaml", "greedy", 20, True, "paluba"),
    "example-random": ("maps/example.yaml", "random", 5, True, "paluba"),
    "czechia-greedy": ("maps/czechia.yaml", "greedy", 10, True, "paluba"),
    "czechia-random": ("maps/czechia.yaml", "random", 3, True, "paluba"),
    "grid300-greedy": ("grid300", "greedy", 1, True, "paluba"),
    "czechia-special": ("maps/czechia.yaml", "greedy", 10, False, "paluba"),
    "czechia-expres": ("maps/czechia.yaml", "greedy", 10, True, "expres"),
    "usa-transamerica": ("maps/usa.yaml", "greedy", 10, False, "transamerica"),
    "rtycoon-usa-east": ("maps/usa-east.yaml", "greedy", 3, True, "railroad-tycoon"),
}
# the functions of the Railroad Tycoon delivery search, timed apart (those a version has)
RT_SEARCH = (("mapkit.engine.games.railroad_tycoon.bots.greedy", ("best_value", "through_value")),
             ("mapkit.engine.games.railroad_tycoon.deliver", ("delivery_options",)))


def _board(root: Path, where: str):
    from mapkit.engine import EngineMap, load_engine_map

    if where == "grid300":
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from distances import random_board

        return EngineMap.from_map(random_board(300, 300, 36, seed=1))
    return load_engine_map(root / where)


def worker(root: Path, case: str, games: int, seed: int, first: int = 0) -> dict:
    """Play the case's games ``first`` .. ``first + games - 1`` with the mapkit found at
    ``root``, after one game that is timed apart (the process's first, which builds the
    board's tables as each process of ``mapkit simulate`` does once); figures as JSON data."""
    sys.path.insert(0, str(root))
    from mapkit.engine import Options
    from mapkit.engine.simulate import game_seed, play_game

    where, bot, _, like, preset = CASES[case]
    board = _board(root, where)
    known = set(Options().as_json())
    paluba = like and preset in ("paluba", "expres")
    options = {k: False for k in ("special_races", "ferries") if k in known} if paluba else {}
    solver = _time_solver() if preset == "transamerica" else None
    search = _time_search() if preset == "railroad-tycoon" else None
    cpu = _time_decisions() if preset == "railroad-tycoon" else None
    game_times, decisions, actions, solves, searches = [], [], [], [], []
    t0 = time.process_time()
    play_game(board, preset, [bot] * 4, options, game_seed(seed, -1 - first))
    warm = time.process_time() - t0
    if cpu is not None:
        cpu.clear()
    for i in range(first, first + games):
        timer: list = []
        for spent in (solver, search):
            if spent is not None:
                spent.clear()
        t0 = time.process_time()
        g = play_game(board, preset, [bot] * 4, options, game_seed(seed, i), timer=None if cpu is not None else timer)
        game_times.append(time.process_time() - t0)
        if cpu is not None:
            timer = list(cpu)
            cpu.clear()
        decisions.extend(timer)
        actions.append(len(g.history))
        if solver is not None:
            solves.append(list(solver))
        if search is not None:
            searches.append(sum(search))
    return {"games": game_times, "decisions": decisions, "actions": actions, "solver": solves, "search": searches,
            "first": [warm]}


def _time_decisions() -> list:
    """Time every bot decision in process time (``Bot.decide``): a list of the times."""
    from mapkit.engine.bots.base import Bot

    spent: list = []
    decide = Bot.decide

    def timed(self, state):
        t0 = time.process_time()
        try:
            return decide(self, state)
        finally:
            spent.append(time.process_time() - t0)
    Bot.decide = timed
    return spent


def _time_search() -> list:
    """Time Railroad Tycoon's delivery search (:data:`RT_SEARCH`, the outermost call only): a
    list that collects the process time of each call."""
    import importlib

    spent: list = []
    depth = [0]

    def wrap(fn):
        def timed(*args, **kwargs):
            depth[0] += 1
            t0 = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                depth[0] -= 1
                if not depth[0]:
                    spent.append(time.process_time() - t0)
        return timed
    for module, names in RT_SEARCH:
        m = importlib.import_module(module)
        for name in names:
            if hasattr(m, name):
                setattr(m, name, wrap(getattr(m, name)))
    return spent


def _time_solver() -> list:
    """Time every run of the Steiner programme (the cheapest completions of scoring and of the
    greedy bot's plan): a list that collects the process time of each call."""
    from mapkit import steiner

    spent: list = []
    run = steiner._Programme.run

    def timed(self, *args, **kwargs):
        t0 = time.process_time()
        try:
            return run(self, *args, **kwargs)
        finally:
            spent.append(time.process_time() - t0)
    steiner._Programme.run = timed
    return spent


def _run_worker(root: Path, case: str, games: tuple, seed: int, optional: bool = False) -> dict | None:
    """The figures of a worker process; None when an ``optional`` one (a baseline that may not
    know the game) fails."""
    env = dict(os.environ, PYTHONPATH=str(root))
    first, count = games
    out = subprocess.run([sys.executable, __file__, "--worker", str(root), "--case", case, "--games", str(count),
                          "--first", str(first), "--seed", str(seed)],
                         capture_output=True, text=True, env=env, cwd=str(root))
    if out.returncode != 0:
        if optional:
            return None
        raise SystemExit(f"worker for {case} in {root} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout)


def _kernel_state() -> str:
    """Whether this tree's searches run in the compiled kernel (csrc/) in the workers: without it
    (no C compiler at install, or MAPKIT_PURE_PYTHON) TransAmerica's games cost about 3 times more."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", "import mapkit.search as s; print(getattr(s, 'COMPILED', False))"],
                         capture_output=True, text=True, env=env, cwd=str(ROOT))
    if out.stdout.strip() == "True":
        return "the compiled kernel (csrc/)"
    return "Python loops (the kernel is not built, or MAPKIT_PURE_PYTHON is set)"


def _extract(ref: str, into: Path) -> Path:
    """The tree of commit ``ref`` in a folder (``git archive``)."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True).stdout
    tar = into / "tree.tar"
    tar.write_bytes(data)
    with tarfile.open(tar) as tf:
        tf.extractall(into / "tree", filter="data")
    return into / "tree"


def _fmt(xs) -> str:
    return f"{statistics.mean(xs) * 1000:9.2f} ms" if xs else "        -"


def _quantile(xs, q: float) -> str:
    xs = sorted(xs)
    return f"{xs[min(len(xs) - 1, int(q * len(xs)))] * 1000:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default="HEAD", help="git ref to compare against ('none': no baseline)")
    ap.add_argument("--cases", default=",".join(CASES), help="comma-separated cases (default: all)")
    ap.add_argument("--games", type=int, default=None, help="games per case and round (default: per case)")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of (this tree, baseline) per case")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(Path(args.worker), args.case, args.games, args.seed, args.first)))
        return
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    for c in cases:
        if c not in CASES:
            raise SystemExit(f"unknown case {c!r}; cases: {', '.join(CASES)}")
    with tempfile.TemporaryDirectory() as tmp:
        base_root = None if args.baseline == "none" else _extract(args.baseline, Path(tmp))
        print(f"python {sys.version.split()[0]}; this tree against {args.baseline}; {args.rounds} rounds, "
              f"4 players (Paluba, unless the case names another game); times per game and per bot decision (mean)")
        print(f"this tree's searches: {_kernel_state()}")
        print(f"{'case':<16} {'games':>5} {'this tree':>12} {'baseline':>12} {'ratio':>6}   "
              f"{'decision':>12} {'baseline':>12} {'ratio':>6}   actions   games/s/core")
        for case in cases:
            per_round = CASES[case][2]
            games = args.games or per_round
            mine: dict = {"games": [], "decisions": [], "actions": [], "solver": [], "search": [], "first": []}
            base: dict = {"games": [], "decisions": [], "actions": [], "solver": [], "search": [], "first": []}
            plays = base_root is not None
            for r in range(args.rounds):
                # each round its own games, the same on both sides
                for k, v in (_run_worker(ROOT, case, (r * games, games), args.seed) or {}).items():
                    mine[k] += v
                if plays:
                    got = _run_worker(base_root, case, (r * games, games), args.seed, optional=True)
                    plays = got is not None
                    for k, v in (got or {}).items():
                        base[k] += v
            ratio = (statistics.mean(base["games"]) / statistics.mean(mine["games"])) if base["games"] else None
            dratio = (statistics.mean(base["decisions"]) / statistics.mean(mine["decisions"])
                      if base["decisions"] else None)
            acts = f"{statistics.mean(mine['actions']):.0f}" + (f" / {statistics.mean(base['actions']):.0f}"
                                                                 if base["actions"] else "")
            print(f"{case:<16} {len(mine['games']):5d} {_fmt(mine['games'])} {_fmt(base['games'])} "
                  f"{(f'{ratio:5.2f}x' if ratio else '     -')}   {_fmt(mine['decisions'])} {_fmt(base['decisions'])} "
                  f"{(f'{dratio:5.2f}x' if dratio else '     -')}   {acts:<9} "
                  f"{1 / statistics.mean(mine['games']):.1f}"
                  + (f" / {1 / statistics.mean(base['games']):.1f}" if base["games"] else ""))
            print(f"{'':<16} a process's first game (the board's tables built): {_fmt(mine['first']).strip()}"
                  + (f" / {_fmt(base['first']).strip()}" if base["first"] else ""))
            if mine["solver"]:
                calls = [len(x) for x in mine["solver"]]
                spent = [sum(x) for x in mine["solver"]]
                each = [t for x in mine["solver"] for t in x]
                share = sum(spent) / sum(mine["games"])
                print(f"{'':<16} steiner: {statistics.mean(calls):.0f} solves a game, {_fmt(each).strip()} each "
                      f"(max {max(each) * 1000:.1f} ms), {share:.0%} of the game's time")
            if mine["search"]:
                for label, d in (("this tree", mine), ("baseline", base)):
                    if d["search"]:
                        print(f"{'':<16} {label}: decision (CPU) median {_quantile(d['decisions'], 0.5)}, "
                              f"p90 {_quantile(d['decisions'], 0.9)}; delivery search "
                              f"{_fmt(d['search']).strip()} a game, {sum(d['search']) / sum(d['games']):.0%} "
                              f"of the game's time")


if __name__ == "__main__":
    main()
