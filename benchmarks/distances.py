"""Benchmark: mapkit's all-city distance tables against a straightforward networkx baseline.

Builds a random board (default about 300 x 300 hexes, 1,000 cities, mountains, lakes, rivers,
a state border with foreign land behind it), then for each metric times

* mapkit: ``city_table(m, metric)`` (compiling the board included; the numpy engine, chosen
  automatically for a board this size);
* baseline: a networkx graph of the same board (edges and weights from ``CostModel``; a
  ``DiGraph`` for the non-symmetric ``travel``) and ``single_source_dijkstra_path_length``
  from every city,

in the same run, checks that both give the same table, and prints the ratio. Memory: the
peak of tracemalloc while mapkit computes one table, per hex of the board, at two board sizes
(it should stay about constant: memory linear in the number of hexes).

    python benchmarks/distances.py                 # 300 x 300, 1,000 cities (several minutes)
    python benchmarks/distances.py --size 60 --cities 100
    python benchmarks/distances.py --baseline-sources 100   # time the baseline on 100 cities
                                                   # and scale it (said so in the output)

The small-map target (tables of a 36-city map in < 0.3 s of process time beyond interpreter
start-up) is measured by running ``mapkit distances`` on the real 36-city Czech map
(maps/czechia.yaml: 31 numbered cities and 5 abroad) and on a random 40 x 50 board with 36
cities in fresh processes, against ``python -c pass`` (user + system CPU of the child).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.analysis.costs import CostModel  # noqa: E402
from mapkit.analysis.distances import city_table  # noqa: E402
from mapkit.grid import Grid, Hex  # noqa: E402
from mapkit.model import ALL_RACE_NUMBERS, City, EdgeSet, Map, Rules  # noqa: E402


def random_board(columns: int, rows: int, cities: int, seed: int = 1,
                 orientation: str = "pointy", offset: str = "odd") -> Map:
    """A random board with blobs of mountains and lakes, rivers, and a border with foreign land."""
    rng = random.Random(seed)
    g = Grid(orientation, offset, columns, rows)
    terrain: dict[Hex, str] = {}

    def blob(kind: str, count: int, radius: int):
        for _ in range(count):
            c = Hex(rng.randrange(columns), rng.randrange(rows))
            frontier = [c]
            size = rng.randint(radius, radius * 4)
            for _ in range(size):
                h = rng.choice(frontier)
                terrain[h] = kind
                frontier.extend(g.neighbours(h))

    area = columns * rows
    blob("mountain", max(1, area // 300), 10)
    blob("water", max(1, area // 1500), 8)
    # Foreign land: the last ~12% of the columns, with a wavy border.
    edge_col = [int(columns * 0.88) + rng.randint(-2, 2) for _ in range(rows)]
    for r in range(rows):
        for c in range(max(0, edge_col[r]), columns):
            terrain[Hex(c, r)] = "foreign"
    borders = set()
    for h in g.hexes():
        if terrain.get(h) == "foreign":
            continue
        for n in g.neighbours(h):
            if terrain.get(n) == "foreign":
                borders.add((min(h, n), max(h, n)))
    rivers = []
    for _ in range(max(1, area // 2500)):
        h = Hex(rng.randrange(columns), rng.randrange(rows))
        edges = set()
        for _ in range(rng.randint(20, 120)):
            nbrs = g.neighbours(h)
            n = rng.choice(nbrs)
            edges.add((min(h, n), max(h, n)))
            h = n
        rivers.append(EdgeSet(frozenset(edges)))
    land = [h for h in g.hexes() if terrain.get(h, "plain") in ("plain", "mountain")]
    spots = rng.sample(land, min(cities, len(land)))
    numbers = list(ALL_RACE_NUMBERS)
    cs = []
    for i, h in enumerate(spots):
        nums = (numbers[i],) if i < len(numbers) else ()
        cs.append(City(f"City {i:04d}", h, nums))
    return Map(g, terrain=terrain, rivers=rivers, borders=[EdgeSet(frozenset(borders), "B")],
               cities=cs, rules=Rules(border_crossing=False))


def networkx_graph(m: Map, metric: str, costs: CostModel):
    """The baseline's graph: one node per passable hex, one weighted edge per open step."""
    import networkx as nx

    directed = metric == "travel"
    G = nx.DiGraph() if directed else nx.Graph()
    for h in m.grid.hexes():
        if not costs.passable(h):
            continue
        G.add_node(h)
        for n in m.grid.neighbours(h):
            if not directed and n < h:
                continue
            w = costs.cost(metric, h, n)
            if w is not None:
                G.add_edge(h, n, weight=w)
    return G


def baseline_table(m: Map, metric: str, sources: int | None = None):
    """Graph build time, search time, rows (for ``sources`` cities, or all)."""
    import networkx as nx

    costs = CostModel(m)
    t0 = time.process_time()
    G = networkx_graph(m, metric, costs)
    t1 = time.process_time()
    cities = m.cities if sources is None else m.cities[:sources]
    rows = []
    for c in cities:
        got = nx.single_source_dijkstra_path_length(G, c.hex, weight="weight") if c.hex in G else {}
        rows.append([got.get(o.hex) for o in m.cities])
    t2 = time.process_time()
    return t1 - t0, t2 - t1, rows


def peak_memory(m: Map, metric: str) -> int:
    tracemalloc.start()
    tracemalloc.reset_peak()
    city_table(m, metric)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def small_map_startup(repeat: int = 5) -> list[str]:
    """Process time of ``mapkit distances`` on 36-city maps minus ``python -c pass``."""
    from mapkit.io.yamlwrite import save_map

    def child_time(args) -> float:
        best = None
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(args, check=True, capture_output=True, cwd=ROOT,
                           env=dict(os.environ, PYTHONPATH=str(ROOT)))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best = t if best is None else min(best, t)
        return best

    base = child_time([sys.executable, "-c", "pass"])
    lines = [f"python -c pass: {base * 1000:.0f} ms process time (best of {repeat})"]
    with tempfile.TemporaryDirectory() as tmp:
        m = random_board(40, 50, 36, seed=7)
        path = Path(tmp) / "random-40x50.yaml"
        save_map(m, path)
        for mp in (ROOT / "maps" / "czechia.yaml", path):
            for metric in ("steps", "build", "travel"):
                t = child_time([sys.executable, "-m", "mapkit", "distances", str(mp),
                                "--metric", metric, "--format", "json"])
                lines.append(f"mapkit distances {mp.name} --metric {metric}: "
                             f"{(t - base) * 1000:.0f} ms beyond start-up (target < 300 ms)")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=300, help="board columns and rows (default 300)")
    ap.add_argument("--cities", type=int, default=1000, help="number of cities (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--metrics", default="steps,build,travel",
                    help="metrics to time, comma-separated ('' for none: memory and start-up only)")
    ap.add_argument("--baseline-sources", type=int, default=None,
                    help="time the baseline from only this many cities and scale it to all "
                         "(default: every city)")
    ap.add_argument("--no-startup", action="store_true", help="skip the small-map start-up timing")
    args = ap.parse_args(argv)

    t0 = time.process_time()
    m = random_board(args.size, args.size, args.cities, args.seed)
    gen = time.process_time() - t0
    passable = sum(1 for h in m.grid.hexes() if m.is_passable(h))
    print(f"board {args.size} x {args.size} ({len(m.grid)} hexes, {passable} passable), "
          f"{len(m.cities)} cities, {len(m.edge_set('rivers'))} river edges, "
          f"{len(m.edge_set('borders'))} border edges; generated in {gen:.1f} s")
    n = len(m.cities)
    for metric in [x for x in args.metrics.split(",") if x]:
        t0 = time.process_time()
        table = city_table(m, metric)
        ours = time.process_time() - t0
        k = args.baseline_sources
        build, search, rows = baseline_table(m, metric, k)
        scale = 1.0 if k is None or k >= n else n / k
        base_total = build + search * scale
        same = all(rows[i] == table.matrix[i] for i in range(len(rows)))
        note = "" if scale == 1.0 else f" (searched from {k} cities, scaled x{scale:.1f})"
        print(f"{metric:6s} mapkit {ours:7.2f} s | networkx graph {build:6.2f} s + searches "
              f"{search * scale:7.2f} s{note} | ratio {base_total / ours:5.1f}x "
              f"(searches only {search * scale / ours:5.1f}x) | tables equal: {same}")
    # Memory against board size with the number of cities held fixed (the table itself is
    # cities x cities; what must stay linear is the search's memory per hex).
    fixed = min(args.cities, 100)
    for metric in ("build", "travel"):
        for s in sorted({max(20, args.size // 2), args.size}):
            mm = random_board(s, s, fixed, args.seed)
            peak = peak_memory(mm, metric)
            print(f"memory {metric} {s} x {s}: peak {peak / 1e6:.1f} MB = "
                  f"{peak / len(mm.grid):.0f} bytes per hex ({len(mm.cities)} cities)")
    if not args.no_startup:
        for line in small_map_startup():
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
