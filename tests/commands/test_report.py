"""The designer's report: race statistics by brute force over the dice, path heat against an
enumeration of all cheapest paths, the Steiner network within its bounds, the command."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import networkx as nx
import pytest

from tests.support import MAPS, run_cli, run_here
from mapkit.analysis.distances import city_table
from mapkit.analysis.cells import Board
from mapkit.analysis.network import (closure_mst_cost, nearest_cities, path_heat,
                                     shortest_path_heuristic, steiner_network)
from mapkit.analysis.stats import race_stats
from mapkit.grid import Grid, parse_hex
from mapkit.io.yamlmap import load_map
from mapkit.model import City, Map, Rules
from tests.analysis.test_distances import LAYOUTS, random_map, reference_cost, reference_table


def dice_brute_force(m: Map, limit: int):
    """Throw all 36 x 36 dice outcomes; re-throw codes without a city; a target equal to the
    start moves to the next higher used number (after the last: the first)."""
    steps = reference_table(m, "steps")
    row = {n: i for i, c in enumerate(m.cities) for n in c.numbers}
    used = sorted(row)
    codes = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    total = bad = 0
    per_start: dict[int, list] = {}
    for a in codes:
        if a not in row:
            continue  # thrown again: every used start stays equally likely
        for b in codes:
            if b not in row:
                continue
            if b == a:
                b = next((x for x in used if x > a), used[0])
            d = steps[row[a]][row[b]]
            forbidden = d is None or d < limit
            total += 1
            bad += forbidden
            if not forbidden:
                per_start.setdefault(a, []).append(d)
    starts = [Fraction(sum(v), len(v)) for v in per_start.values()]
    winner = 2 * sum(starts) / len(starts) if starts else None
    hist: dict[int, int] = {}
    for a, b in combinations(used, 2):
        d = steps[row[a]][row[b]]
        if d is not None and d >= limit:
            hist[d] = hist.get(d, 0) + 1
    return total, bad, winner, sorted(hist.items())


@pytest.mark.parametrize("which", ["example", 0, 1, 2, 3])
def test_race_stats_match_brute_force(which, example_map_path):
    m = load_map(example_map_path) if which == "example" else random_map(1000 + which, *LAYOUTS[which], cities=10)
    for limit in (3, 6, 10):
        s = race_stats(m, limit)
        total, bad, winner, hist = dice_brute_force(m, limit)
        assert (s["draws"]["total"], s["draws"]["forbidden"]) == (total, bad)
        assert s["draws"]["p_forbidden"] == pytest.approx(bad / total)
        assert sorted(s["histogram"].items()) == hist
        if winner is None:
            assert s["expected_winner_prize"] is None
        else:
            assert s["expected_winner_prize"] == pytest.approx(float(winner))
            assert s["expected_second_prize"] == pytest.approx(float(winner) / 2)


def heat_by_enumeration(m: Map, metric: str):
    """Share of every hex in the cheapest paths between two other cities, by listing them all."""
    bc = m.rules.border_crossing
    G = nx.DiGraph()
    for h in m.grid.hexes():
        for n in m.grid.neighbours(h):
            w = reference_cost(m, metric, h, n, bc)
            if w is not None:
                G.add_edge(h, n, weight=w)
    heat: dict = {}
    hexes = [c.hex for c in m.cities]
    pairs = combinations(hexes, 2) if metric != "travel" else \
        [(a, b) for a in hexes for b in hexes if a != b]
    for a, b in pairs:
        if a not in G or b not in G or not nx.has_path(G, a, b):
            continue
        paths = list(nx.all_shortest_paths(G, a, b, weight="weight"))
        for p in paths:
            for h in p[1:-1]:
                heat[h] = heat.get(h, 0) + Fraction(1, len(paths))
    return heat


@pytest.mark.parametrize("metric", ["build", "steps", "travel"])
def test_path_heat_matches_enumeration(metric):
    for seed in range(3):
        m = random_map(1100 + seed, *LAYOUTS[seed], columns=7, rows=6, cities=5)
        hexes, per_city = path_heat(m, metric)
        want = heat_by_enumeration(m, metric)
        assert set(hexes) == {h for h, v in want.items() if v}
        for h, v in want.items():
            assert hexes[h] == pytest.approx(float(v))
        for c in m.cities:
            assert per_city[c.name] == pytest.approx(float(want.get(c.hex, 0)))


def test_steiner_network_bounds_and_shape():
    for seed in range(4):
        m = random_map(1200 + seed, *LAYOUTS[seed], columns=10, rows=8, cities=6)
        m = m.replace(rules=Rules(border_crossing=True))  # every land hex joins
        net = steiner_network(m)
        table = city_table(m, "build")
        ids = list(range(len(m.cities)))
        mst = closure_mst_cost(ids, lambda a, b, table=table: table.matrix[a][b])
        if mst is None:
            continue  # water cut the board: checked by the groups test below
        assert net["groups"] == 1
        # Mehlhorn: never worse than the closure MST, never below half of it.
        assert mst / 2 <= net["cost"] <= mst
        T = nx.Graph()
        T.add_edges_from(net["edges"])
        assert all(c.hex in T for c in m.cities) and nx.is_connected(T)
        assert nx.is_tree(T)
        ref = sum(reference_cost(m, "build", a, b, True) for a, b in net["edges"])
        assert ref == net["cost"]


def test_steiner_network_on_a_star():
    # Three cities two steps from the centre D3 in three directions 120 degrees apart: each
    # pair is 4 apart, so the spanning tree of the cheapest paths costs 8; the best network,
    # a star through D3, costs 6. Both approximations must lie between the two.
    g = Grid("pointy", "odd", 7, 5)
    q, r = g.to_axial(parse_hex("D3"))
    spots = [g.from_axial((q + 2 * dq, r + 2 * dr)) for dq, dr in ((1, 0), (-1, 1), (0, -1))]
    m = Map(g, cities=[City(f"C{i}", h, (11 + i,)) for i, h in enumerate(spots)])
    table = city_table(m, "build")
    assert [table.matrix[0][1], table.matrix[0][2], table.matrix[1][2]] == [4, 4, 4]
    assert 6 <= steiner_network(m)["cost"] <= 8
    board = Board(m)
    cost, edges = shortest_path_heuristic(board, spots)
    assert 6 <= cost <= 8 and cost == len(edges)  # all plain: 1 per piece


def test_shortest_path_heuristic_is_a_tree_within_the_closure_mst():
    for seed in range(4):
        m = random_map(1300 + seed, *LAYOUTS[seed], columns=10, rows=8, cities=6)
        board = Board(m)
        table = city_table(m, "build", board=board)
        usable = [i for i, c in enumerate(m.cities) if board.is_passable(c.hex)]
        cost, edges = shortest_path_heuristic(board, [m.cities[i].hex for i in usable])
        bc = m.rules.border_crossing
        assert cost == sum(reference_cost(m, "build", a, b, bc) for a, b in edges)
        T = nx.Graph()
        T.add_edges_from(edges)
        assert nx.is_forest(T)
        # Each group of mutually reachable cities is joined, within its closure MST.
        groups: list[list[int]] = []
        for i in usable:
            for grp in groups:
                if table.matrix[grp[0]][i] is not None:
                    grp.append(i)
                    break
            else:
                groups.append([i])
        bound = sum(closure_mst_cost(g_, lambda a, b, table=table: table.matrix[a][b]) for g_ in groups)
        assert cost <= bound
        for grp in groups:
            if len(grp) > 1:
                hexes = [m.cities[i].hex for i in grp]
                assert all(nx.has_path(T, hexes[0], h) for h in hexes[1:])


def test_nearest_cities_example(example_map_path):
    m = load_map(example_map_path)
    table = city_table(m, "build")
    got = nearest_cities(m, table)
    assert [s["city"] for s in got] == ["Praha", "Brno", "Ostrava"]  # the map's start cities
    praha = got[0]
    row = {c.name: table.between("Praha", c) for c in m.cities if c.name != "Praha"}
    five = sorted(row.values())[:5]
    assert praha["costs"] == five and praha["sum"] == sum(five)
    assert praha["nearest"][0] == "Kolín" and praha["costs"][0] == 2
    assert praha["network"] <= praha["sum"]
    everyone = nearest_cities(m, table, k=2, starts=[c.name for c in m.cities])
    assert len(everyone) == 16 and all(len(s["nearest"]) == 2 for s in everyone)


def test_cli_report(tmp_path, example_map_path):
    m = load_map(example_map_path)
    total, bad, winner, hist = dice_brute_force(m, 6)
    r = run_cli("report", example_map_path)
    assert r.returncode == 0, r.stderr
    assert f"drawn race forbidden: {100 * bad / total:.1f} % ({bad} of {total} equally likely draws)" \
        in r.stdout
    r = run_here("report", example_map_path, "--format", "json")
    data = json.loads(r.stdout)
    assert data["races"]["draws"] == {"total": total, "forbidden": bad}
    assert data["races"]["histogram"] == [list(x) for x in hist]
    assert data["races"]["expected_winner_prize"] == pytest.approx(float(winner))
    assert [c["name"] for c in data["cities"]] == [c.name for c in m.cities]
    assert data["figures"]["terrain"]["mountain"] == 20
    assert data["network"]["method"].startswith("mehlhorn")
    heat = heat_by_enumeration(m, "build")
    for name, v in data["heat"]["hexes"].items():
        assert v == pytest.approx(float(heat[parse_hex(name)]), abs=1e-3)
    page = tmp_path / "report.html"
    r = run_here("report", example_map_path, "--html", page, "--heat-metric", "steps")
    assert r.returncode == 0, r.stderr
    # The page was asked for, not the text: one line names the page.
    assert r.stdout == f"wrote {page} (the report on {m.name}, with the heat map)\n" and r.stderr == ""
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 2 and "Plzeň" in html and "České Budějovice" in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<script" not in html and "src=" not in html
    r = run_here("report", example_map_path, "--nearest", "0")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_numberless_cities_abroad_are_not_start_cities():
    """Czechia names no start cities: every city with race numbers may start, the five
    red-cross towns abroad (no numbers, no way to them) may not, and the network joining the
    cities is one group, not six."""
    r = run_here("report", MAPS / "czechia.yaml", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    m = load_map(MAPS / "czechia.yaml")
    numbered = [c.name for c in m.cities if c.numbers]
    assert [s["city"] for s in data["start_cities"]] == numbered and len(numbered) == 31
    assert data["stranded"] == ["Chemnitz", "Częstochowa", "Regensburg", "Wrocław", "Žilina"]
    assert [c["name"] for c in data["cities"]] == numbered
    assert data["network"]["groups"] == 1
    text = run_here("report", MAPS / "czechia.yaml").stdout
    assert "Chemnitz: sum" not in text and "not measured: Chemnitz" in text


def test_report_shows_progress_when_asked(monkeypatch, capsys):
    """The report's five stages on a bar on standard error (show_progress=None: on a terminal
    only; a bar shows after half a second, so the delay is taken away here), nothing else
    changed; without it standard error stays empty."""
    import functools

    import mapkit.progress
    from mapkit.analysis.report import build_report

    m = load_map(MAPS / "example.yaml")
    quiet = build_report(m, map_name="x")
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(mapkit.progress, "progress", functools.partial(mapkit.progress.progress, delay=0))
    shown = build_report(m, map_name="x", show_progress=True)
    err = capsys.readouterr().err
    assert "report" in err and "/5 steps" in err
    assert shown == quiet


def test_html_report_has_a_colour_scale_and_tables_not_a_text_dump(tmp_path):
    """The heat map's colours grow darker with the count of paths through a hex, the darkest
    at the busiest hex, with a scale from 0 to that count under the board; figures in tables
    with one decimal; no <pre> dump of the text report."""
    import re

    page = tmp_path / "report.html"
    r = run_here("report", MAPS / "example.yaml", "--html", page, "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)  # asked for: the JSON, the page's line beside it on standard error
    assert r.stderr == f"wrote {page} (the report on Example, with the heat map)\n"
    html = page.read_text(encoding="utf-8")
    assert "<pre" not in html and "All figures" not in html
    heat = data["heat"]["hexes"]
    top = max(heat.values())
    scale = html[html.index('class="heat-scale"'):]
    scale = scale[:scale.index("</g>")]
    ticks = re.findall(r'text-anchor="(?:start|middle|end)">([0-9.]+)</text>', scale)
    assert ticks == [f"{top * k / 4:.1f}" for k in range(5)]
    fills = {hexname: colour for colour, hexname in re.findall(r'fill="(#[0-9a-f]{6})"><title>([A-Z]+[0-9]+): ', html)}
    assert set(fills) == set(heat)

    def luma(c):
        r_, g_, b_ = (int(c[i:i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * r_ + 0.7152 * g_ + 0.0722 * b_

    by_count = sorted(heat, key=lambda h: heat[h])
    assert all(luma(fills[a]) >= luma(fills[b]) - 1e-9 for a, b in zip(by_count, by_count[1:], strict=False))
    assert fills[by_count[-1]] == "#bd0026" and luma(fills[by_count[0]]) > 200
    # The cities table: mean steps, mean build and paths with one decimal each.
    table = html[html.index("<h2>Cities</h2>"):html.index("<h2>Network")]
    rows = re.findall(r"<tr>(.*?)</tr>", table)[1:]
    assert len(rows) == len(data["cities"])
    for row, c in zip(rows, data["cities"], strict=False):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert cells[3:] == [f"{c['mean_steps']:.1f}", f"{c['mean_build']:.1f}", f"{c['on_paths']:.1f}"]
    assert f"{data['races']['expected_winner_prize']:.1f}" in html
