"""Forbidden races and prizes, by race number, against a reference from networkx BFS."""

from __future__ import annotations

import json
from itertools import combinations

import networkx as nx
import pytest

from tests.support import run_cli, run_here
from mapkit.analysis.races import (forbidden_pairs, min_distance_of, number_distance, prizes)
from mapkit.grid import Grid, parse_hex
from mapkit.io.yamlmap import load_map
from mapkit.io.yamlwrite import dump_map
from mapkit.model import City, Map, Rules
from tests.analysis.test_distances import LAYOUTS, random_map


def reference_steps(m: Map, bc=None):
    """Race number -> number -> steps distance, by networkx BFS over passable hexes."""
    bc = m.rules.border_crossing if bc is None else bc
    ok = {"plain", "mountain"} | ({"foreign"} if bc else set())
    borders = set().union(*(s.edges for s in m.borders)) if m.borders else set()
    G = nx.Graph()
    for a, b in m.grid.edges():
        if m.terrain[a] in ok and m.terrain[b] in ok and (bc or (a, b) not in borders) \
                and not (m.rules.stop_at_border and m.terrain[a] == m.terrain[b] == "foreign"):
            G.add_edge(a, b)
    for h in m.grid.hexes():
        if m.terrain[h] in ok:
            G.add_node(h)
    city = {n: c for c in m.cities for n in c.numbers}
    out = {}
    for a, b in combinations(sorted(city), 2):
        ha, hb = city[a].hex, city[b].hex
        try:
            out[(a, b)] = nx.shortest_path_length(G, ha, hb)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            out[(a, b)] = None
    return out


def reference_json(m: Map, limit: int):
    d = reference_steps(m)
    return {"min": limit,
            "forbidden": [[a, b] for (a, b), v in d.items() if v is None or v < limit],
            "prizes": {f"{a}-{b}": [None, None] if v is None else [2 * v, v] for (a, b), v in d.items()}}


def test_default_threshold():
    g = Grid("pointy", "odd", 3, 1)
    m = Map(g, cities=[City("A", parse_hex("A1"), (11,)), City("B", parse_hex("C1"), (12,))])
    assert min_distance_of(m) == 10
    assert min_distance_of(m.replace(rules=Rules(min_race_distance=7))) == 7
    assert min_distance_of(m.replace(rules=Rules(min_race_distance=7)), 4) == 4
    assert forbidden_pairs(m) == [(11, 12)]
    assert forbidden_pairs(m, 2) == []
    assert forbidden_pairs(m, 3) == [(11, 12)]  # 2 < 3: forbidden
    assert prizes(m) == {(11, 12): (4, 2)}


def test_same_city_numbers_are_distance_zero():
    g = Grid("flat", "odd", 12, 1)
    m = Map(g, cities=[City("Praha", parse_hex("A1"), (11, 12, 13)), City("Brno", parse_hex("L1"), (14,))])
    assert number_distance(m, 11, 13) == 0
    assert forbidden_pairs(m, 10) == [(11, 12), (11, 13), (12, 13)]
    p = prizes(m)
    assert p[(11, 12)] == (0, 0)
    # 11 hexes apart in a straight row: Expres prizes 22 and 11.
    assert p[(12, 14)] == (22, 11)
    assert len(p) == 6  # every unordered pair of the 4 numbers


@pytest.mark.parametrize("orientation, offset", LAYOUTS)
def test_random_maps_match_reference(orientation, offset):
    for seed in range(3):
        m = random_map(200 + seed, orientation, offset, cities=12)
        limit = min_distance_of(m)
        ref = reference_json(m, limit)
        assert [list(p) for p in forbidden_pairs(m)] == ref["forbidden"]
        assert {f"{a}-{b}": list(v) for (a, b), v in prizes(m).items()} == ref["prizes"]


@pytest.mark.parametrize("orientation, offset", LAYOUTS)
def test_cli_json_matches_reference(tmp_path, orientation, offset):
    m = random_map(300 + len(offset), orientation, offset, 10, 9, 14)
    path = tmp_path / "r.yaml"
    path.write_text(dump_map(m), encoding="utf-8")
    r = run_here("races", path, "--format", "json")
    assert r.returncode == 0, r.stderr
    # the contract's keys as they were; then which rules (a map without a preset: expres's table)
    assert json.loads(r.stdout) == {**reference_json(m, min_distance_of(m)), "rules": "expres", "rule": "table"}
    assert "rules: expres (the default; --rules chooses)" in r.stderr
    r = run_here("races", path, "--format", "json", "--min", "4")
    assert json.loads(r.stdout) == {**reference_json(m, 4), "rules": "expres", "rule": "table"}


def test_cli_example(tmp_path, example_map_path):
    m = load_map(example_map_path)
    r = run_cli("races", example_map_path, "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data == {**reference_json(m, 6), "rules": "expres", "rule": "table"}  # the map's min_race_distance
    assert len(data["prizes"]) == 36 * 35 // 2
    # Praha (11) to Kolín (62): E4 -> F5 -> G5, 2 steps: forbidden, prizes 4 and 2.
    assert [11, 62] in data["forbidden"] and data["prizes"]["11-62"] == [4, 2]
    text = run_here("races", example_map_path).stdout
    lines = text.splitlines()
    head = next(line for line in lines if line.split()[:3] == ["11", "12", "13"])
    assert len(head.split()) == 36
    row11 = next(line for line in lines if line.startswith(" 11 "))
    cells = row11.split()[1:]
    assert len(cells) == 36 and cells[0] == "." and cells[1] == "--"
    # 11 -> 31 (České Budějovice) is 7 steps: allowed at 6.
    assert cells[12] == "7"
    prize = run_here("races", example_map_path, "--cell", "prize").stdout
    row11 = next(line for line in prize.splitlines() if line.startswith(" 11 "))
    assert row11.split()[1:][12] == "14"
    csv_text = run_here("races", example_map_path, "--format", "csv").stdout
    # the kit's races.csv: a forbidden race pays nothing
    assert "11,62,Praha,Kolín,2,yes,," in csv_text.splitlines()
    md = run_here("races", example_map_path, "--format", "md", "--min", "10").stdout
    assert "| **11** | . | -- |" in md
    out = tmp_path / "races.txt"
    r = run_here("races", example_map_path, "-o", out, "--min", "3")
    assert r.returncode == 0 and out.read_text(encoding="utf-8").startswith("Example: races; forbidden below 3")
    r = run_here("races", example_map_path, "--min", "-1")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_races_follow_the_rules_asked_for(example_map_path):
    """--rules paluba: Praha (11) - Kolín (62) is 2 steps: the built track decides (under 6);
    two numbers of one city never run; Praha - České Budějovice (31), 7 steps, runs; the
    prizes are Paluba's 20 and 10 whatever the distance."""
    r = run_here("races", example_map_path, "--rules", "paluba", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert (data["rules"], data["rule"], data["min"]) == ("paluba", "track", 6)
    assert [11, 62] in data["track"] and [11, 62] not in data["forbidden"]
    assert [11, 12] in data["forbidden"] and [11, 31] not in data["forbidden"] + data["track"]
    assert data["prizes"]["11-31"] == [20, 10]
    text = run_here("races", example_map_path, "--rules", "paluba").stdout
    row11 = next(line for line in text.splitlines() if line.startswith(" 11 "))
    assert row11.split()[1:][31] == "2?" and "rules: paluba: under 6 steps" in text
    r = run_here("races", example_map_path, "--rules", "chess")
    assert r.returncode == 2 and "race tables are kept by dampfross, expres, paluba" in r.stderr
