"""Cheapest paths: their cost against networkx, their steps against the rules, the command."""

from __future__ import annotations

import json
import random

import networkx as nx
import pytest

from tests.support import MAPS, run_cli, run_here
from mapkit.analysis.cells import Board
from mapkit.analysis.routes import cheapest_path, path_cost
from mapkit.grid import Grid, parse_hex
from mapkit.io.yamlwrite import dump_map
from mapkit.model import Map
from tests.analysis.test_distances import LAYOUTS, random_map, reference_cost


def reference_graph(m, metric, edges=None):
    bc = m.rules.border_crossing
    G = nx.DiGraph()
    pairs = [(a, b) for a in m.grid.hexes() for b in m.grid.neighbours(a)] if edges is None \
        else [p for a, b in edges for p in ((a, b), (b, a))]
    for a, b in pairs:
        w = reference_cost(m, metric, a, b, bc)
        if w is not None:
            G.add_edge(a, b, weight=w)
    return G


def check_path(m, metric, start, end, found, G):
    try:
        want = nx.dijkstra_path_length(G, start, end)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        want = None
    if want is None:
        assert found is None
        return
    cost, path = found
    assert cost == want
    assert path[0] == start and path[-1] == end
    assert path_cost(m, path, metric) == cost
    assert sum(G[a][b]["weight"] for a, b in zip(path, path[1:], strict=False)) == cost


@pytest.mark.parametrize("orientation, offset", LAYOUTS)
def test_paths_match_networkx(orientation, offset):
    rng = random.Random(5)
    for seed in range(3):
        m = random_map(500 + seed, orientation, offset)
        board = Board(m)
        hexes = list(m.grid.hexes())
        for metric in ("steps", "build", "travel"):
            G = reference_graph(m, metric)
            for _ in range(12):
                a, b = rng.choice(hexes), rng.choice(hexes)
                check_path(m, metric, a, b, cheapest_path(m, a, b, metric, board=board), G)


def test_paths_over_given_edges():
    rng = random.Random(8)
    for seed in range(6):
        m = random_map(600 + seed, *LAYOUTS[seed % 4])
        edges = set(rng.sample(list(m.grid.edges()), len(list(m.grid.edges())) // 2))
        hexes = sorted({h for e in edges for h in e})
        for metric in ("build", "travel"):
            G = reference_graph(m, metric, edges)
            for _ in range(10):
                a, b = rng.choice(hexes), rng.choice(hexes)
                found = cheapest_path(m, a, b, metric, edges=edges)
                check_path(m, metric, a, b, found, G)
                if found:
                    steps = {(min(x, y), max(x, y)) for x, y in zip(found[1], found[1][1:], strict=False)}
                    assert steps <= edges


def test_several_starts_and_ends():
    g = Grid("pointy", "odd", 8, 1)
    m = Map(g)
    h = parse_hex
    cost, path = cheapest_path(m, [h("A1"), h("B1")], [h("F1"), h("H1")], "steps")
    assert (cost, [str(x) for x in path]) == (4, ["B1", "C1", "D1", "E1", "F1"])
    assert cheapest_path(m, h("C1"), [h("C1"), h("H1")]) == (0, [h("C1")])


def test_same_answer_every_time():
    m = random_map(700, "flat", "odd", 12, 10)
    a, b = m.cities[0].hex, m.cities[-1].hex
    first = cheapest_path(m, a, b, "steps")
    assert all(cheapest_path(m, a, b, "steps") == first for _ in range(3))


def test_cli_route_example(example_map_path):
    r = run_cli("route", example_map_path, "Praha", "Kolín", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    # E4 -> F5 -> G5: two plain steps, no river between them.
    assert data["cost"] == 2 and data["path"] == ["E4", "F5", "G5"]
    assert data["from"] == {"hex": "E4", "city": "Praha"} and data["cities"] == ["Praha", "Kolín"]
    r = run_here("route", example_map_path, "11", "f5", "--metric", "steps")
    assert r.returncode == 0 and r.stdout.splitlines()[1] == "E4 (Praha) F5"
    # Uphill: from Praha E4 every way to the mountain G3 (2 steps) runs through the
    # mountains F3 or F4: 2 + 2 = 4 points; back down: 2 (into F3/F4) + 1 (into E4) = 3.
    r = run_here("route", example_map_path, "E4", "G3", "--metric", "travel", "--format", "json")
    data = json.loads(r.stdout)
    assert data["cost"] == 4 and len(data["path"]) == 3 and data["path"][1] in ("F3", "F4")
    r = run_here("route", example_map_path, "G3", "E4", "--metric", "travel", "--format", "json")
    assert json.loads(r.stdout)["cost"] == 3
    r = run_here("route", example_map_path, "praha", "znojmo", "--metric", "build")
    assert r.returncode == 0 and r.stdout.startswith("Praha (E4) -> Znojmo (I12): ")


def test_cli_route_errors(example_map_path, tmp_path):
    r = run_here("route", example_map_path, "Praha", "Atlantis")
    assert r.returncode == 2 and "Atlantis" in r.stderr and "Traceback" not in r.stderr
    r = run_here("route", example_map_path, "Praha", "Z99")
    assert r.returncode == 2 and "Z99 is not on the board" in r.stderr
    r = run_here("route", example_map_path, "Praha", "67")
    assert r.returncode == 2 and "67" in r.stderr
    # Water: no route, said plainly, exit 1; JSON gives a null cost.
    r = run_here("route", example_map_path, "Praha", "A1", "--format", "json")
    assert r.returncode == 1 and json.loads(r.stdout)["cost"] is None
    r = run_here("route", example_map_path, "Praha", "A1")
    assert r.returncode == 1 and r.stdout.startswith("no route from Praha (E4) to A1")
    # Foreign land behind the border: only with --border-crossing.
    assert json.loads(run_here("route", example_map_path, "Ostrava", "P5", "--format", "json")
                      .stdout)["cost"] is None
    r = run_here("route", example_map_path, "Ostrava", "P5", "--format", "json", "--border-crossing")
    assert json.loads(r.stdout)["cost"] is not None
    # With rules.stop_at_border only the first hex beyond the border is reached (O5, across
    # the border edge N6/O5), never deeper (P5).
    text = example_map_path.read_text(encoding="utf-8").replace(
        "  border_crossing: false\n", "  border_crossing: true\n  stop_at_border: true\n")
    stop = tmp_path / "stop.yaml"
    stop.write_text(text, encoding="utf-8")
    r = run_here("route", stop, "Ostrava", "O5", "--format", "json")
    assert json.loads(r.stdout)["cost"] == 2      # N7 -> N6 -> O5 (plain, plain)
    r = run_here("route", stop, "Ostrava", "P5", "--format", "json")
    assert json.loads(r.stdout)["cost"] is None


def test_cli_route_on_written_map(tmp_path):
    m = random_map(800, "pointy", "even", 9, 7, 4)
    path = tmp_path / "m.yaml"
    path.write_text(dump_map(m), encoding="utf-8")
    a, b = m.cities[0], m.cities[1]
    r = run_here("route", path, a.name, b.name, "--format", "json", "--metric", "travel")
    assert r.returncode == 0, r.stderr
    G = reference_graph(m, "travel")
    try:
        want = nx.dijkstra_path_length(G, a.hex, b.hex)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        want = None
    assert json.loads(r.stdout)["cost"] == want


def test_route_takes_place_names_as_play_does():
    """One matcher for every command (mapkit.places): accents and case ignored, a beginning
    only one city has is enough, race numbers and hexes; suggestions when nothing matches."""
    czechia = MAPS / "czechia.yaml"
    r = run_here("route", czechia, "Plzen", "Ostrava", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert (data["from"]["city"], data["to"]["city"]) == ("Plzeň", "Ostrava")
    plzen = data["from"]["hex"]
    r = run_here("route", czechia, "usti nad labem", "CESKE BUD", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert (data["from"]["city"], data["to"]["city"]) == ("Ústí nad Labem", "České Budějovice")
    r = run_here("route", czechia, "Olomuc", "Brno")
    assert r.returncode == 2 and "did you mean Olomouc?" in r.stderr
    # The same words give the same places in play (mapkit.play.commands.resolve_place).
    from mapkit.engine import EngineMap
    from mapkit.io.yamlmap import load_map
    from mapkit.play.commands import CommandError, resolve_place

    b = EngineMap.from_map(load_map(czechia))
    assert b.hex_names[resolve_place(b, "Plzen")] == plzen
    assert b.hex_names[resolve_place(b, "usti nad labem")] == data["from"]["hex"]
    with pytest.raises(CommandError, match="did you mean Olomouc"):
        resolve_place(b, "Olomuc")
