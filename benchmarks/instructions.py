"""Benchmark: the instructions a game costs, this tree against another version, free of the
machine's load.

Wall and process time on a shared machine move by a third from run to run; the count of
instructions a process executes (valgrind's cachegrind, ``--cache-sim=no``) does not. For
each side, two processes are counted: one that loads the board and plays a first game (which
builds the board's tables, as every process of ``mapkit simulate`` does once), and one that
then plays ``--games`` more; their difference over ``--games`` is the instructions of a game.
The baseline is ``git archive REF`` in a temporary folder (its own maps, since the format may
have grown since), run with this tree's compiled kernel where it imports one. Needs valgrind
(``apt-get install valgrind``); a game under it runs about 30 times slower.

    python benchmarks/instructions.py --baseline 6e98eec                  # Czech map, Paluba
    python benchmarks/instructions.py --baseline a51edae --map maps/usa.yaml --preset transamerica --games 2
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# played in the counted process: the root's mapkit, a first game, then N more (like-for-like
# Paluba and Expres: without the options the engine once lacked)
PLAY = """
import sys
from pathlib import Path
from mapkit.engine import Options, load_engine_map
from mapkit.engine.simulate import game_seed, play_game
where, preset, bot, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
board = load_engine_map(Path(where))
known = set(Options().as_json())
options = {k: False for k in ("special_races", "ferries") if k in known} if preset in ("paluba", "expres") else {}
for i in range(n + 1):
    play_game(board, preset, [bot] * 4, options, game_seed(1, i))
"""


def count(root: Path, args, games: int) -> int:
    """The instructions of a process that plays a first game and ``games`` more with ``root``'s mapkit."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(ROOT)]))
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", PLAY, str(root / args.map), args.preset, args.bot, str(games)],
                         capture_output=True, text=True, env=env, cwd=str(root))
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if out.returncode != 0 or not found:
        raise SystemExit(f"instructions.py: the counted process in {root} failed:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(root: Path, args) -> float:
    return (count(root, args, args.games) - count(root, args, 0)) / args.games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default="HEAD", help="a commit to compare with (default: the last one)")
    ap.add_argument("--map", default="maps/czechia.yaml", help="the map, as a path in each tree")
    ap.add_argument("--preset", default="paluba")
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions.py: valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        archive = subprocess.run(["git", "archive", args.baseline, "mapkit", "maps"], capture_output=True, cwd=ROOT)
        if archive.returncode != 0:
            raise SystemExit(f"instructions.py: git archive {args.baseline}: {archive.stderr.decode().strip()}")
        (base / "tree.tar").write_bytes(archive.stdout)
        with tarfile.open(base / "tree.tar") as tar:
            tar.extractall(base, filter="data")
        this, then = per_game(ROOT, args), per_game(base, args)
    print(f"{args.bot} {args.preset} on {args.map}, {args.games} games a side: this tree {this / 1e6:.1f} M "
          f"instructions a game, {args.baseline} {then / 1e6:.1f} M: {then / this:.2f}x")


if __name__ == "__main__":
    main()
