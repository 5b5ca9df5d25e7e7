"""City-distance tables on random maps in all four grid layouts, checked against networkx.

The reference is written from the rules here (docs/rules.md, The board; docs/map-format.md,
"What the tools make of a map"), not from mapkit's cost model: a networkx graph of the passable hexes with
the cost of every step, and Dijkstra from every city.
"""

from __future__ import annotations

import json
import random
import re

import networkx as nx
import pytest

from tests.support import MAPS, run_cli, run_here
from mapkit.analysis.cells import Board
from mapkit.analysis.costs import CostModel
from mapkit.analysis.distances import city_table, distances_from
from mapkit.grid import Grid, Hex
from mapkit.io.yamlmap import load_map
from mapkit.io.yamlwrite import dump_map
from mapkit.model import ALL_RACE_NUMBERS, City, EdgeSet, Map, Rules

LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]


def random_map(seed: int, orientation: str, offset: str, columns=None, rows=None, cities=None) -> Map:
    rng = random.Random(seed)
    columns = columns or rng.randint(3, 14)
    rows = rows or rng.randint(3, 12)
    g = Grid(orientation, offset, columns, rows)
    weights = {"plain": 10, "mountain": 4, "water": 2, "foreign": 2, "off": 1}
    kinds, ws = zip(*weights.items(), strict=False)
    terrain = {h: rng.choices(kinds, ws)[0] for h in g.hexes()}
    edges = list(g.edges())
    rivers = [EdgeSet(frozenset(rng.sample(edges, len(edges) // 6)), "R")]
    borders = [EdgeSet(frozenset(rng.sample(edges, len(edges) // 12)), "B")]
    land = [h for h in g.hexes() if terrain[h] in ("plain", "mountain")]
    n = min(len(land), cities or rng.randint(2, 12))
    spots = rng.sample(land, n)
    nums = list(ALL_RACE_NUMBERS)
    rng.shuffle(nums)
    cs = []
    for i, h in enumerate(spots):
        k = 36 // n + (1 if i < 36 % n else 0)
        cs.append(City(f"Město {i} ž", h, tuple(sorted(nums[:k]))))
        nums = nums[k:]
    return Map(g, terrain=terrain, rivers=rivers, borders=borders, cities=cs,
               rules=Rules(border_crossing=rng.random() < 0.4, min_race_distance=rng.choice([None, 3, 5])))


def reference_cost(m: Map, metric: str, a: Hex, b: Hex, bc: bool, ej: bool = False):
    """The cost of the step a -> b from the rules, written independently of CostModel."""
    ok = {"plain", "mountain"} | ({"foreign"} if bc else set())
    ta, tb = m.terrain[a], m.terrain[b]
    if ta not in ok or tb not in ok:
        return None
    if ta == tb == "foreign" and m.rules.stop_at_border:
        return None   # a track stops on the first hex beyond the border
    e = (min(a, b), max(a, b))
    if not bc and any(e in s.edges for s in m.borders):
        return None
    if metric == "steps":
        return 1
    if metric == "travel":
        return 2 if tb == "mountain" else 1
    river = any(e in s.edges for s in m.rivers)
    mountains = (ta == "mountain") + (tb == "mountain")
    if mountains == 2:
        return (7 if ej else 5) if river else 5
    if mountains == 1:
        return 5 if river else 3
    return 3 if river else 1


def reference_table(m: Map, metric: str, bc: bool | None = None, ej: bool = False):
    bc = m.rules.border_crossing if bc is None else bc
    G = nx.DiGraph()
    for h in m.grid.hexes():
        G.add_node(h)
        for n in m.grid.neighbours(h):
            w = reference_cost(m, metric, h, n, bc, ej)
            if w is not None:
                G.add_edge(h, n, weight=w)
    ok = {"plain", "mountain"} | ({"foreign"} if bc else set())
    out = []
    for c in m.cities:
        if m.terrain[c.hex] not in ok:
            out.append([None] * len(m.cities))
            continue
        got = nx.single_source_dijkstra_path_length(G, c.hex, weight="weight")
        out.append([got.get(o.hex) if m.terrain[o.hex] in ok else None for o in m.cities])
    return out


CASES = [(seed, o, f) for seed in range(6) for o, f in LAYOUTS]


@pytest.mark.parametrize("seed, orientation, offset", CASES)
def test_tables_match_networkx(seed, orientation, offset):
    m = random_map(seed, orientation, offset)
    board = Board(m)
    for metric in ("steps", "build", "travel"):
        want = reference_table(m, metric)
        for engine in ("python", "numpy"):
            got = city_table(m, metric, board=board, engine=engine)
            assert got.matrix == want, (metric, engine)
        assert [c.name for c in got.cities] == [c.name for c in m.cities]


@pytest.mark.parametrize("orientation, offset", LAYOUTS)
def test_tables_match_networkx_with_switches(orientation, offset):
    m = random_map(100, orientation, offset, 12, 10, 8)
    bc = not m.rules.border_crossing
    costs = CostModel(m, border_crossing=bc, river_between_mountains=7)
    assert city_table(m, "build", costs=costs).matrix == reference_table(m, "build", bc, ej=True)
    assert city_table(m, "steps", border_crossing=bc).matrix == reference_table(m, "steps", bc)


def test_numpy_engine_in_small_batches_matches():
    m = random_map(7, "flat", "odd", 20, 16, 12)
    from mapkit.analysis.search import search_many

    board = Board(m)
    cells = [board.cell(c.hex) for c in m.cities]
    for metric in ("build", "travel"):
        a = search_many(board, cells, metric, cells, engine="numpy", batch=5)
        b = search_many(board, cells, metric, cells, engine="python")
        assert a == b == reference_table(m, metric)


def test_custom_cost_model_is_asked_edge_by_edge():
    class Toll(CostModel):
        """Every build step costs 2 more than the rules say."""

        def build_cost(self, a, b):
            w = super().build_cost(a, b)
            return None if w is None else w + 2

    m = random_map(3, "pointy", "even", 8, 6, 5)
    G = nx.Graph()
    cm = CostModel(m)
    for a, b in m.grid.edges():
        w = cm.build_cost(a, b)
        if w is not None:
            G.add_edge(a, b, weight=w + 2)
    got = city_table(m, "build", costs=Toll(m)).matrix
    for i, c in enumerate(m.cities):
        ref = nx.single_source_dijkstra_path_length(G, c.hex) if c.hex in G else {c.hex: 0}
        assert got[i] == [ref.get(o.hex) for o in m.cities]


def test_distances_from_every_hex():
    m = random_map(11, "pointy", "odd", 10, 8)
    src = m.cities[0].hex
    bc = m.rules.border_crossing
    G = nx.DiGraph()
    for h in m.grid.hexes():
        for n in m.grid.neighbours(h):
            w = reference_cost(m, "travel", h, n, bc)
            if w is not None:
                G.add_edge(h, n, weight=w)
    want = nx.single_source_dijkstra_path_length(G, src) if src in G else {src: 0}
    assert distances_from(m, src, "travel") == want


def test_example_map_hand_checked_entries():
    m = load_map(MAPS / "example.yaml")
    steps = city_table(m, "steps")
    # Praha E4 -> Kolín G5: E4-F5-G5 (row 4 is odd-pushed: F5 touches E4), 2 steps.
    assert steps.between("Praha", "Kolín") == 2
    # Plzeň B5 -> Karlovy Vary B3: B5-B4-B3 (B4 touches both), 2 steps.
    assert steps.between("Plzeň", "Karlovy Vary") == 2
    assert steps.matrix == reference_table(m, "steps")
    for metric in ("build", "travel"):
        assert city_table(m, metric).matrix == reference_table(m, metric)


# -- the command line ------------------------------------------------------------------------

@pytest.mark.parametrize("orientation, offset", LAYOUTS)
def test_cli_json_matches_networkx(tmp_path, orientation, offset):
    m = random_map(40 + len(orientation) + len(offset), orientation, offset, 11, 9, 9)
    path = tmp_path / "random.yaml"
    path.write_text(dump_map(m), encoding="utf-8")
    for metric in ("steps", "build", "travel"):
        r = run_here("distances", path, "--metric", metric, "--format", "json")
        assert r.returncode == 0, r.stderr
        got = json.loads(r.stdout)
        assert set(got) == {"map", "metric", "cities", "matrix"}
        assert got["metric"] == metric
        assert got["cities"] == [c.name for c in m.cities]
        assert got["matrix"] == reference_table(m, metric)


def test_cli_border_crossing_override(tmp_path):
    m = random_map(21, "flat", "even", 10, 8, 6)
    m = m.replace(rules=Rules(border_crossing=False))
    path = tmp_path / "m.yaml"
    path.write_text(dump_map(m), encoding="utf-8")
    r = run_here("distances", path, "--metric", "build", "--border-crossing", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["matrix"] == reference_table(m, "build", bc=True)


def test_cli_example_all_formats(tmp_path, example_map_path):
    m = load_map(example_map_path)
    for metric in ("steps", "build", "travel"):
        r = run_here("distances", example_map_path, "--metric", metric, "--format", "json")
        assert r.returncode == 0, r.stderr
        data = json.loads(r.stdout)
        assert data["matrix"] == reference_table(m, metric)
        assert data["cities"][:2] == ["Praha", "Plzeň"]
    text = run_here("distances", example_map_path).stdout
    lines = text.splitlines()
    praha = next(line for line in lines if line.startswith("Praha (11 12 13)"))
    assert praha.split()[-1] == "."  # the triangle: Praha's row holds only the diagonal
    kolin = next(line for line in lines if line.startswith("Kolín (62 63)"))
    assert kolin.split()[3] == "2"  # Kolín -> Praha, first column
    travel = run_here("distances", example_map_path, "--metric", "travel").stdout
    row = next(line for line in travel.splitlines() if line.startswith("Praha"))
    assert len(row.split()) == 4 + 16  # "Praha (11 12 13)" and a full row of 16
    csv_text = run_here("distances", example_map_path, "--format", "csv", "--metric", "build").stdout
    import csv
    import io

    rows = list(csv.reader(io.StringIO(csv_text)))
    assert rows[0][:3] == ["city", "numbers", "Praha"]
    build = city_table(m, "build").matrix
    assert [int(v) for v in rows[1][2:]] == build[0]
    assert rows[1][1] == "11 12 13"
    md = run_here("distances", example_map_path, "--format", "md").stdout
    assert "| Praha (11 12 13) | 0 |" in md
    out = tmp_path / "t.json"
    r = run_here("distances", example_map_path, "--format", "json", "-o", out)
    assert r.returncode == 0 and r.stdout == ""
    assert json.loads(out.read_text(encoding="utf-8"))["matrix"] == reference_table(m, "steps")


def test_cli_errors(tmp_path, example_map_path):
    r = run_cli("distances", tmp_path / "missing.yaml")
    assert r.returncode == 2 and "missing.yaml" in r.stderr and "Traceback" not in r.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text(example_map_path.read_text(encoding="utf-8").replace("hex: E4", "hex: A1"),
                   encoding="utf-8")  # Praha on water
    r = run_here("distances", bad)
    assert r.returncode == 1 and "bad.yaml" in r.stderr and "Praha" in r.stderr
    r = run_here("distances", example_map_path, "-o", example_map_path)
    assert r.returncode == 2 and "overwrite" in r.stderr
    r = run_here("distances", example_map_path, "-o", tmp_path / "no" / "such" / "dir.txt")
    assert r.returncode == 0 and (tmp_path / "no" / "such" / "dir.txt").is_file()   # folders made
    (tmp_path / "afile").write_text("x")
    r = run_here("distances", example_map_path, "-o", tmp_path / "afile" / "dir.txt")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "afile" in r.stderr
    r = run_cli("distances", example_map_path, "--metric", "flying")
    assert r.returncode == 2


def test_unreachable_city_is_null(tmp_path):
    # A lake splits the board: Aš cannot reach the others (validation error E135 is reported
    # on standard error, but the table is still made, with null).
    g = Grid("pointy", "odd", 5, 1)
    m = Map(g, terrain={Hex(1, 0): "water"},
            cities=[City("Aš", Hex(0, 0), (11,)), City("Cheb", Hex(3, 0), (12,)),
                    City("Most", Hex(4, 0), (13,))])
    path = tmp_path / "lake.yaml"
    path.write_text(dump_map(m), encoding="utf-8")
    r = run_here("distances", path, "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["matrix"] == [[0, None, None], [None, 0, 1], [None, 1, 0]]
    assert "Aš" in r.stderr


def test_numberless_cities_nobody_reaches_are_named_not_tabled():
    """The Czech map's five red-cross towns stand deep abroad, where a track stops on the first
    hex beyond the border: no city reaches them, so the text, Markdown and CSV tables leave
    them out (no rows of dashes) and say so; JSON keeps every city (docs/analysis.md, JSON output)."""
    red_cross = ["Chemnitz", "Częstochowa", "Regensburg", "Wrocław", "Žilina"]
    text = run_here("distances", MAPS / "czechia.yaml").stdout
    rows = [ln for ln in text.splitlines() if re.match(r"\w.* \([1-6][1-6][ 1-6]*\)", ln)]
    assert len(rows) == 31 and not any(name in ln for ln in rows for name in red_cross)
    assert "Not listed: " + ", ".join(red_cross) in text
    md = run_here("distances", MAPS / "czechia.yaml", "--format", "md").stdout
    assert md.count("\n| ") == 32 and "Not listed: Chemnitz" in md      # header + 31 cities
    csv_text = run_here("distances", MAPS / "czechia.yaml", "--format", "csv").stdout
    assert len(csv_text.splitlines()) == 32 and "Chemnitz" not in csv_text
    data = json.loads(run_here("distances", MAPS / "czechia.yaml", "--format", "json").stdout)
    assert data["cities"][-5:] == red_cross and all(v is None for v in data["matrix"][-1][:-1])
