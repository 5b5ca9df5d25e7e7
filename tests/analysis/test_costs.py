"""Each cost rule of docs/rules.md (The board) on a small hand-worked map, through the tables.

Most maps are one row of hexes, so there is only one way between the two cities and the
expected value is the rule's number itself; the detour maps are worked out by hand in the
comments. The same maps are run through ``mapkit distances --format json`` at the end.
"""

from __future__ import annotations

import json

import pytest

from tests.support import run_here
from mapkit.analysis.costs import CostModel
from mapkit.analysis.distances import city_table
from mapkit.analysis.routes import cheapest_path
from mapkit.grid import Grid, parse_edge, parse_hex
from mapkit.io.yamlwrite import dump_map
from mapkit.model import City, EdgeSet, Map, Rules


def row_map(terrain: str, rivers=(), borders=(), border_crossing=False, cities=("A1", None)):
    """A one-row pointy board; ``terrain`` is one art character per hex; cities at both ends."""
    chars = {".": "plain", "^": "mountain", "~": "water", "#": "foreign", "x": "off"}
    n = len(terrain)
    g = Grid("pointy", "odd", n, 1)
    t = {parse_hex(f"{chr(65 + i)}1"): chars[ch] for i, ch in enumerate(terrain)}
    first, last = cities[0], cities[1] or f"{chr(64 + n)}1"
    return Map(g, terrain=t,
               rivers=[EdgeSet({parse_edge(e) for e in rivers})] if rivers else [],
               borders=[EdgeSet({parse_edge(e) for e in borders})] if borders else [],
               cities=[City("Aš", parse_hex(first), (11,)), City("Cheb", parse_hex(last), (12,))],
               rules=Rules(border_crossing=border_crossing))


def d(m, metric, **kw):
    return city_table(m, metric, **kw).matrix[0][1]


# (art, rivers, expected build cost between A1 and the last hex)
BUILD_RULES = [
    pytest.param("..", [], 1, id="plain-plain 1"),
    pytest.param("..", ["A1/B1"], 3, id="lowland river 3"),
    pytest.param(".^", [], 3, id="plain-mountain 3"),
    pytest.param("^.", [], 3, id="mountain-plain 3"),
    pytest.param("^^", [], 5, id="mountain-mountain 5"),
    pytest.param(".^", ["A1/B1"], 5, id="plain-mountain across a river 5"),
    pytest.param("^.", ["A1/B1"], 5, id="mountain-plain across a river 5"),
    pytest.param("^^", ["A1/B1"], 5, id="mountain-mountain across a river 5"),
    # A1 plain, B1 mountain, C1 plain: 3 up + 3 down.
    pytest.param(".^.", [], 6, id="over a mountain 3+3"),
    # A1-B1 river (3), B1-C1 plain (1), C1-D1 mountain across a river (5).
    pytest.param("...^", ["A1/B1", "C1/D1"], 9, id="river, plain, bridge at the foot"),
]


@pytest.mark.parametrize("art, rivers, expected", BUILD_RULES)
def test_build_cost_rules(art, rivers, expected):
    m = row_map(art, rivers)
    assert d(m, "build") == expected
    assert d(m, "steps") == len(art) - 1  # rivers and mountains never lengthen a step


def test_river_between_mountains_house_rule_costs_7():
    m = row_map("^^", ["A1/B1"])
    assert d(m, "build", costs=CostModel(m, river_between_mountains=7)) == 7
    assert d(m, "build") == 5


@pytest.mark.parametrize("art", [".~.", ".x.", ".~~."])
def test_water_and_off_board_are_never_entered(art):
    m = row_map(art)
    for metric in ("steps", "build", "travel"):
        assert d(m, metric) is None
    assert cheapest_path(m, parse_hex("A1"), parse_hex(f"{chr(64 + len(art))}1")) is None


def test_uphill_costs_two_one_way_and_one_the_other():
    m = row_map(".^")
    t = city_table(m, "travel").matrix
    assert (t[0][1], t[1][0]) == (2, 1)
    # Through a mountain: A1 -> B1 (2) -> C1 (1) = 3 either way.
    m = row_map(".^.")
    t = city_table(m, "travel").matrix
    assert (t[0][1], t[1][0]) == (3, 3)
    # Expres: every step 1.
    m = row_map(".^")
    assert city_table(m, "travel", costs=CostModel(m, uphill=1)).matrix[0][1] == 1


def test_border_edge_closed_unless_border_crossing():
    closed = row_map("...", borders=["B1/C1"])
    opened = row_map("...", borders=["B1/C1"], border_crossing=True)
    for metric in ("steps", "build", "travel"):
        assert d(closed, metric) is None
        assert d(opened, metric) == 2  # no surcharge for crossing
        assert d(closed, metric, border_crossing=True) == 2
        assert d(opened, metric, border_crossing=False) is None


def test_foreign_land_only_with_border_crossing():
    closed = row_map(".#.")
    opened = row_map(".#.", border_crossing=True)
    assert d(closed, "steps") is None
    assert d(opened, "steps") == 2
    # Foreign land costs as plain: 1 + 1.
    assert d(opened, "build") == 2
    assert d(opened, "travel") == 2


def test_track_stops_on_the_first_hex_beyond_the_border():
    # Foreign land is passable throughout with border crossing (map-format.md) ...
    opened = row_map(".##", border_crossing=True, cities=("A1", "C1"))
    assert d(opened, "steps") == 2
    # ... but with rules.stop_at_border no piece joins two foreign hexes, so C1 is out of
    # reach from A1, while the first hex beyond the border is reached.
    stop = opened.replace(rules=Rules(border_crossing=True, stop_at_border=True))
    for metric in ("steps", "build", "travel"):
        assert d(stop, metric) is None
    assert d(row_map(".#", border_crossing=True, cities=("A1", "B1")).replace(
        rules=Rules(border_crossing=True, stop_at_border=True)), "steps") == 1


def test_detour_round_a_river_is_cheaper():
    # Two rows, pointy odd (row 2 pushed right). A1 and B1 are separated by a river (3);
    # the way round A1 -> A2 -> B1 costs 1 + 1 = 2: A2 touches A1 and B1.
    g = Grid("pointy", "odd", 2, 2)
    m = Map(g, rivers=[EdgeSet({parse_edge("A1/B1")})],
            cities=[City("Aš", parse_hex("A1"), (11,)), City("Cheb", parse_hex("B1"), (12,))])
    assert d(m, "build") == 2
    assert d(m, "steps") == 1
    cost, path = cheapest_path(m, parse_hex("A1"), parse_hex("B1"))
    assert (cost, [str(h) for h in path]) == (2, ["A1", "A2", "B1"])


def test_detour_round_mountains():
    # Pointy odd, 3 x 2: A1 ^B1 C1 / A2 B2 (B2 touches B1, C1 and A2; A2 touches A1, B1).
    # Straight over B1: 3 + 3 = 6. Round: A1-A2 1, A2-B2 1, B2-C1 1 = 3.
    # Travel straight: 2 + 1 = 3, round: 3 steps = 3 as well.
    g = Grid("pointy", "odd", 3, 2)
    m = Map(g, terrain={parse_hex("B1"): "mountain"},
            cities=[City("Aš", parse_hex("A1"), (11,)), City("Cheb", parse_hex("C1"), (12,))])
    assert d(m, "build") == 3
    assert d(m, "steps") == 2
    assert d(m, "travel") == 3


def test_mountain_city_costs_as_mountain():
    m = row_map("..^")  # Cheb on a mountain at C1
    assert d(m, "build") == 1 + 3
    t = city_table(m, "travel").matrix
    assert (t[0][1], t[1][0]) == (3, 2)


@pytest.mark.parametrize("art, rivers, borders, bc, expected", [
    ("..", ["A1/B1"], [], False, {"steps": 1, "build": 3, "travel": 1}),
    ("^^", ["A1/B1"], [], False, {"steps": 1, "build": 5, "travel": 2}),
    (".^", ["A1/B1"], [], False, {"steps": 1, "build": 5, "travel": 2}),
    ("...", [], ["B1/C1"], False, {"steps": None, "build": None, "travel": None}),
    ("...", [], ["B1/C1"], True, {"steps": 2, "build": 2, "travel": 2}),
    (".#.", [], [], True, {"steps": 2, "build": 2, "travel": 2}),
])
def test_rules_through_the_command_line(tmp_path, art, rivers, borders, bc, expected):
    m = row_map(art, rivers, borders, border_crossing=bc)
    path = tmp_path / "row.yaml"
    path.write_text(dump_map(m), encoding="utf-8")
    for metric, want in expected.items():
        r = run_here("distances", path, "--metric", metric, "--format", "json")
        assert r.returncode == 0, r.stderr
        got = json.loads(r.stdout)
        assert got["cities"] == ["Aš", "Cheb"]
        assert got["matrix"][0][1] == want
