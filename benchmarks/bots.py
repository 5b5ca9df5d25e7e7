"""Benchmark: the bots by level against each other, in whole games (issue 38).

Each game seats two of one bot (``--bot``, default ``strong``) and two of another
(``--against``, default ``greedy``): the first bot in seats 1 and 3 in even games, in seats 2
and 4 in odd ones (the first player is drawn by the game's dice, so every seat plays every
position). Game ``i`` has the seed :func:`mapkit.engine.simulate.game_seed` ``(SEED, i)``, as in
``mapkit simulate``, and is played in the same way (:func:`~mapkit.engine.simulate.play_game`),
so a rollout budget (``strong:64``) gives the same games whatever ``--jobs`` is. It prints the
first bot's share of the wins with its 95% Wilson interval (:func:`mapkit.engine.simulate.wilson`;
a tie counts as shares), and the time of its decisions (process time, one core): median and
90th percentile over all its decisions, over those it searched (more than one move), and by
step (and how often it played another move than the greedy bot's).

The cases of issue 38's targets (``--case``; or ``--map``, ``--rules`` and ``--option``):

* ``czechia-paluba`` -- maps/czechia.yaml, Paluba;
* ``germany-ferries`` -- maps/germany.yaml, Paluba with ``ferries=true``;
* ``usa-transamerica``, ``czechia-transamerica`` -- TransAmerica on maps/usa.yaml (the Expres
  board, too big for TransAmerica's pieces: its games end in their first round) and
  maps/czechia.yaml;
* ``usa-ta-board`` -- TransAmerica on maps/usa-transamerica.yaml, the USA at TransAmerica's
  scale;
* ``usa-east-tycoon`` -- Railroad Tycoon on maps/usa-east.yaml (no target; for the record).

Targets: the strong seats win at least 65% of 200 games against greedy seats, and a strong
decision takes under 250 ms at the median. Games are slow with searching bots (seconds to
minutes each), so ``--out FILE`` appends every game's figures as a line of JSON as it ends, and
``--first K`` starts at game K: a long run may be made in parts and summed with ``--summarize
FILE``.

    python benchmarks/bots.py --case czechia-paluba --games 200 --jobs 2 --out cz.jsonl
    python benchmarks/bots.py --case usa-transamerica --bot strong:16 --games 20
    python benchmarks/bots.py --summarize cz.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = {
    "czechia-paluba": ("czechia", "paluba", {}),
    "germany-ferries": ("germany", "paluba", {"ferries": True}),
    "usa-transamerica": ("usa", "transamerica", {}),
    "czechia-transamerica": ("czechia", "transamerica", {}),
    "usa-ta-board": ("usa-transamerica", "transamerica", {}),
    "usa-east-tycoon": ("usa-east", "railroad-tycoon", {}),
}


def play(job: tuple) -> dict:
    """Game ``index`` of the run: who won, and the first bot's decisions (step, process time,
    moves searched)."""
    from mapkit.engine import load_engine_map
    from mapkit.engine.bots import make_bot
    from mapkit.engine.simulate import game_seed, play_game, seat_names

    where, preset, options, bot, against, seed, index = job
    board = load_engine_map(where)
    gseed = game_seed(seed, index)
    kinds = [bot, against, bot, against] if index % 2 == 0 else [against, bot, against, bot]
    bots = [make_bot(k, gseed, preset=preset) for k in kinds]
    mine = [p for p, k in enumerate(kinds) if k == bot]
    decisions: list = []
    for p in mine:
        bots[p] = _Timed(bots[p], decisions)
    t0 = time.process_time()
    g = play_game(board, preset, bots, options, gseed, seat_names(kinds))
    r = g.returns()
    return {"game": index, "seed": gseed, "seats": mine, "share": sum(r[p] for p in mine),
            "finished": g.is_terminal(), "cpu": time.process_time() - t0, "decisions": decisions}


class _Timed:
    """A bot whose decisions are timed (process time) with the step and the moves searched."""

    def __init__(self, bot, into: list):
        self.bot, self.into, self.name = bot, into, bot.name

    def decide(self, state):
        step = state.step
        t0 = time.process_time()
        a = self.bot.decide(state)
        searched = getattr(self.bot, "last_search", None)
        self.into.append([step, time.process_time() - t0, len(searched.moves) if searched else 1,
                          searched.rollouts if searched else 0, bool(searched and searched.chosen)])
        return a


def _q(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def summary(rows: list, label: str) -> str:
    from mapkit.engine.simulate import wilson

    n = len(rows)
    wins = sum(r["share"] for r in rows)
    lo, hi = wilson(wins, n)
    dec = [d for r in rows for d in r["decisions"]]
    lines = [f"{label}: {n} games, {sum(1 for r in rows if not r['finished'])} unfinished",
             f"  wins of the first bot's two seats: {100 * wins / max(n, 1):.1f}% [{100 * lo:.1f}-{100 * hi:.1f}%]",
             f"  process time per game: {statistics.mean(r['cpu'] for r in rows):.1f} s" if rows else ""]

    def line(name, ds):
        ts = [d[1] * 1000 for d in ds]
        roll = [d[3] for d in ds]
        other = sum(1 for d in ds if len(d) > 4 and d[4])
        return (f"  {name:<22} {len(ts):6d} decisions  median {_q(ts, 0.5):8.1f} ms  p90 {_q(ts, 0.9):8.1f} ms"
                f"  mean rollouts {statistics.mean(roll) if roll else 0:6.1f}  not the greedy move {other:5d}")
    lines.append(line("all decisions", dec))
    lines.append(line("searched (>1 move)", [d for d in dec if d[2] > 1]))
    for step in sorted({d[0] for d in dec}):
        lines.append(line(f"step {step}", [d for d in dec if d[0] == step]))
    return "\n".join(x for x in lines if x)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--case", choices=sorted(CASES), default="czechia-paluba")
    ap.add_argument("--map", help="a map instead of the case's (a path or a bundled name)")
    ap.add_argument("--rules", help="the rules preset with --map (default paluba)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--bot", default="strong", help="the bot measured (default strong)")
    ap.add_argument("--against", default="greedy", help="the bot it plays against (default greedy)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="the first game's index (to run in parts)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", help="append every game's figures to this file (JSON lines)")
    ap.add_argument("--summarize", nargs="+", metavar="FILE", help="print the summary of saved games and stop")
    args = ap.parse_args(argv)
    if args.summarize:
        rows = [json.loads(x) for f in args.summarize for x in Path(f).read_text().splitlines() if x.strip()]
        rows = list({r["game"]: r for r in rows}.values())
        print(summary(rows, ", ".join(args.summarize)))
        return 0
    from mapkit.bundled import locate
    from mapkit.commands.simulate import parse_options

    name, preset, options = CASES[args.case]
    if args.map:
        name, preset, options = args.map, args.rules or "paluba", {}
    options = {**options, **parse_options(args.option)}
    where = str(locate(name))
    jobs = [(where, preset, options, args.bot, args.against, args.seed, i)
            for i in range(args.first, args.first + args.games)]
    rows = []
    pool = None
    if args.jobs > 1:
        import multiprocessing as mp

        pool = mp.get_context("fork").Pool(args.jobs)
        results = pool.imap(play, jobs)
    else:
        results = map(play, jobs)
    for r in results:
        rows.append(r)
        print(f"game {r['game']}: share {r['share']:.2f}, {r['cpu']:.1f} s", file=sys.stderr, flush=True)
        if args.out:
            with open(args.out, "a") as out:
                out.write(json.dumps(r) + "\n")
    if pool is not None:
        pool.close()
    label = f"{args.bot} vs {args.against} on {name} ({preset}{', ' if options else ''}" \
            f"{', '.join(f'{k}={v}' for k, v in options.items())}), seed {args.seed}"
    print(summary(rows, label))
    return 0


if __name__ == "__main__":
    sys.exit(main())
