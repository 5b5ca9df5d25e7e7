"""The warnings about a board's design (W210-W216, mapkit.boardcheck): each on small boards made
here, on both sides of its threshold, with the figures worked out by hand; the bundled maps'
status; ``mapkit validate --rules``.

Most boards are one row of hexes, where the steps between two hexes are the difference of
their columns and a network joining cities costs the span from the first to the last (every
piece on plain land costs 1)."""

from __future__ import annotations

import itertools
import json

import pytest

from mapkit.grid import Grid, Hex, hex_name, parse_hex
from mapkit.model import City, Map, Rules
from mapkit.validate import validate
from tests.support import MAPS, run_here

DESIGN = ("W210", "W211", "W212", "W213", "W214", "W215", "W216")


def line(columns: int, cities, rules: Rules | None = None, **kw) -> Map:
    """A board of one row; ``cities``: (name, column, numbers)."""
    return Map(Grid("pointy", "odd", columns, 1), cities=[City(n, Hex(c, 0), tuple(ns)) for n, c, ns in cities],
               rules=rules or Rules(), **kw)


def found(m: Map, rules: str | None = None, codes=DESIGN) -> list:
    return [(i.code, i.where) for i in validate(m, rules) if i.code in codes]


def row(tens: int, units) -> list[int]:
    return [10 * tens + u for u in units]


# -- W210: touching cities --------------------------------------------------------------------

def test_touching_cities_warned_from_four_numbers():
    # Alt C1 (2 numbers) touches Neu D1 (1): 3 together, a big city's worth. Dorf on E1 makes a
    # chain of three with 4 numbers; Ost on G1 is two hexes from Dorf and joins no group.
    pair = [("Alt", 2, [11, 12]), ("Neu", 3, [13]), ("Ost", 6, [14])]
    assert found(line(8, pair)) == []
    chain = pair + [("Dorf", 4, [15])]
    issues = [i for i in validate(line(8, chain)) if i.code == "W210"]
    assert [(i.where) for i in issues] == ["Alt"]
    assert issues[0].message.startswith("cities Alt (C1), Neu (D1), Dorf (E1) stand on touching hexes and "
                                        "carry 4 race numbers together")


def test_touching_groups_follow_the_grid_not_the_rows():
    # On a pointy odd-r board B2 touches A1's neighbour B1 but not A1: A1-B1 and B1-B2 chain.
    g = Grid("pointy", "odd", 4, 3)
    m = Map(g, cities=[City("A", parse_hex("A1"), (11, 12)), City("B", parse_hex("B1"), (13,)),
                       City("C", parse_hex("B2"), (14,)), City("D", parse_hex("D3"), (15, 16))])
    assert g.adjacent(parse_hex("A1"), parse_hex("B1")) and not g.adjacent(parse_hex("A1"), parse_hex("B2"))
    assert found(m, codes=("W210",)) == [("W210", "A")]


# -- W211: a row spread over the board ----------------------------------------------------------

def test_row_spread_from_four_fifths_of_the_board():
    # P 0 and Q 12 carry row 1, R 21 and S 27 row 2. The six distances between the cities:
    # PQ 12, PR 21, PS 27, QR 9, QS 15, RS 6 = 90, a mean of 15; row 1's 12 is 0.8 of it.
    cities = [("P", 0, row(1, (1, 2, 3))), ("Q", 12, row(1, (4, 5, 6))),
              ("R", 21, row(2, (1, 2, 3))), ("S", 27, row(2, (4, 5, 6)))]
    issues = [i for i in validate(line(30, cities)) if i.code == "W211"]
    assert [i.where for i in issues] == ["P"]
    assert "lie 12.0 hexes apart on average, 0.80 times the 15.0 between two cities" in issues[0].message
    # S one hexagon farther: 12 + 21 + 28 + 9 + 16 + 7 = 93, a mean of 15.5: 12 / 15.5 = 0.77.
    cities[3] = ("S", 28, row(2, (4, 5, 6)))
    assert found(line(30, cities), codes=("W211",)) == []


def test_rows_are_judged_once_their_six_numbers_are_on_the_board():
    # The same spread row 1 without number 16: not yet judged (W200 says what is missing).
    cities = [("P", 0, [11, 12, 13]), ("Q", 12, [14, 15]), ("R", 21, row(2, (1, 2, 3))),
              ("S", 27, row(2, (4, 5, 6)))]
    assert found(line(30, cities), codes=("W211", "W212")) == []


# -- W212: a row crammed into a few hexes -------------------------------------------------------

def test_row_crammed_under_six_steps():
    far = [("R", 20, row(2, range(1, 7)))]
    assert found(line(30, [("P", 0, row(1, (1, 2, 3))), ("Q", 5, row(1, (4, 5, 6)))] + far),
                 codes=("W212",)) == [("W212", "P")]
    assert found(line(30, [("P", 0, row(1, (1, 2, 3))), ("Q", 6, row(1, (4, 5, 6)))] + far),
                 codes=("W212",)) == []


def test_crammed_counts_steps_round_water():
    # A1 and C1 are 2 hexes apart on an open board. With B1 and B2 water the way goes A1 A2 B3
    # C3 C2 C1: 5 steps, crammed. With B3 water too and a fourth row: A1 A2 A3 A4 B4 C3 C2 C1,
    # 7 steps: not.
    cities = [City("A", parse_hex("A1"), row(1, (1, 2, 3))), City("C", parse_hex("C1"), row(1, (4, 5, 6)))]
    lake = {parse_hex(h): "water" for h in ("B1", "B2")}
    m = Map(Grid("pointy", "odd", 5, 3), terrain=lake, cities=cities)
    issues = [i for i in validate(m) if i.code == "W212"]
    assert len(issues) == 1 and "all lie within 5 steps of each other" in issues[0].message
    lake[parse_hex("B3")] = "water"
    assert found(Map(Grid("pointy", "odd", 5, 4), terrain=lake, cities=cities), codes=("W212",)) == []


# -- W213: one place split in two ---------------------------------------------------------------

def test_same_place_under_half_a_hex():
    # On the equator a degree of longitude is 2 pi 6371.0088 / 360 = 111.195 km: 0.0449 degrees
    # is 4.993 km, under half a 10 km hex; 0.0450 degrees is 5.004 km.
    def board(lon: float, geo=True) -> Map:
        cities = [City("Stadt", Hex(0, 0), (11, 12), lon=0.0, lat=0.0),
                  City("Vorort", Hex(1, 0), (13,), lon=lon, lat=0.0)]
        return Map(Grid("pointy", "odd", 4, 1), cities=cities, meta={"geo": {"hex_km": 10.0}} if geo else {})
    issues = [i for i in validate(board(0.0449)) if i.code == "W213"]
    assert [i.where for i in issues] == ["Vorort"]
    assert "lie 5.0 km apart in reality, less than half a hex (5.0 km)" in issues[0].message
    assert found(board(0.0450), codes=("W213",)) == []
    assert found(board(0.0449, geo=False), codes=("W213",)) == []   # no scale: not judged


def test_design_warnings_point_at_their_yaml_line(tmp_path):
    from mapkit.io.yamlmap import check_map

    p = tmp_path / "m.yaml"
    p.write_text("grid: {orientation: pointy, offset: odd, columns: 6, rows: 1}\n"
                 "cities:\n"
                 "  - {name: Alt, hex: A1, numbers: [11, 12]}\n"
                 "  - name: Neu\n"
                 "    hex: B1\n"
                 "    numbers: [13, 14]\n", encoding="utf-8")
    issues = [i for i in check_map(p)[1] if i.code == "W210"]
    assert len(issues) == 1 and issues[0].message.endswith("(line 3)")


# -- W214, W215: the Dampfross family -----------------------------------------------------------

def spaced(last: int, step: int = 23) -> list:
    """Twelve cities of three numbers each on one row, ``step`` apart, the last at ``last``."""
    numbers = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    cols = [step * k for k in range(11)] + [last]
    return [(f"C{k}", c, numbers[3 * k:3 * k + 3]) for k, c in enumerate(cols)]


def test_dampfross_board_too_big_beyond_36_turns_of_two_dice():
    # The network joining all twelve cities is the row from column 0 to the last: 253 build
    # points are 36.1 turns of 7 points (paluba), 252 are 36.0. One die (expres): 78 turns of
    # 3.5 points = 273.
    assert found(line(260, spaced(253)), "paluba") == [("W214", None)]
    assert found(line(260, spaced(252)), "paluba") == []
    assert found(line(280, spaced(274, 24)), "expres") == [("W214", None)]
    assert found(line(280, spaced(273, 24)), "expres") == []
    message = [i.message for i in validate(line(260, spaced(253)), "paluba") if i.code == "W214"][0]
    assert "costs 253 build points, 36.1 turns" in message


def test_dampfross_board_too_small_beyond_a_third_of_short_races():
    # Six cities, each with a whole row. Races are drawn with two dice, the start's own number
    # giving the next higher one (docs/rules.md, Drawing a race), so each of the 36 starts has
    # 36 equally likely targets: 1296 in all. Within a city 5 x 6 + 5 = 35 are under 6 steps
    # (the sixth number's extra chance goes to the next row), 210 for the six; between two
    # cities 72 more, 73 when their rows follow each other (1-2, ..., 6-1).
    def board(*cols):
        return line(60, [(f"R{t}", c, row(t, range(1, 7))) for t, c in enumerate(cols, 1)])
    # Rows 1-2, 2-3, 3-4 under 6 apart: 210 + 3 x 73 = 429 of 1296, 33.1 %: not more than a third.
    assert found(board(0, 5, 10, 15, 30, 50), "paluba") == []
    # And 4-5: 502 of 1296, 38.7 %.
    issues = [i for i in validate(board(0, 5, 10, 15, 20, 50), "paluba") if i.code == "W215"]
    assert len(issues) == 1 and "39% of the races drawn join cities under 6 steps apart" in issues[0].message


def test_expres_judges_races_by_the_maps_own_table_distance():
    # The same six cities 10 apart: none under 6 (paluba: 210 of 1296 within the cities, 16 %),
    # all neighbouring rows under 12 (the map's min_race_distance): 210 + 5 x 73 = 575, 44 %.
    cities = [(f"R{t}", 10 * (t - 1), row(t, range(1, 7))) for t in range(1, 7)]
    assert found(line(60, cities), "paluba") == []
    m = line(60, cities, Rules(min_race_distance=12))
    assert found(m, "expres") == [("W215", None)]
    assert "44% of the races drawn join cities under 12 steps" in validate(m, "expres")[-1].message


# -- W214, W215: TransAmerica -------------------------------------------------------------------

COLOURS = ("red", "orange", "yellow", "green", "blue")


def carded(columns: int, places: dict) -> Map:
    """A board of one row with no cities and city cards at ``places`` (colour -> columns)."""
    cards = {colour: {"cities": [{"name": f"{colour}{k}", "hex": hex_name(Hex(c, 0))} for k, c in enumerate(cols)],
                      "removed": [f"{colour}0", f"{colour}1"]} for colour, cols in places.items()}
    return Map(Grid("pointy", "odd", columns, 1), rules=Rules(extra={"city_cards": cards}))


def line_deck(blue: int) -> dict:
    """Red on columns 0-6, orange, yellow and green on 7-27, blue from ``blue`` on: every hand
    spans from its red city to its blue one, so the mean hand is blue's mean column less red's,
    ``blue + 3 - 3``."""
    return {"red": range(0, 7), "orange": range(7, 14), "yellow": range(14, 21), "green": range(21, 28),
            "blue": range(blue, blue + 7)}


def test_transamerica_board_too_big_beyond_40_pieces_a_hand():
    # 84 pieces / 2.1 = 40: a mean hand of 41 is too big, 40 is not.
    assert found(carded(60, line_deck(41)), "transamerica") == [("W214", None)]
    assert found(carded(60, line_deck(40)), "transamerica") == []
    message = validate(carded(60, line_deck(41)), "transamerica")[-1].message
    assert "takes 41.0 pieces on average to join" in message and "more than 40" in message
    assert found(carded(60, line_deck(28)), "transamerica") == []   # between 14 and 40


def test_transamerica_board_too_small_under_14_pieces_a_hand():
    # 35 cards on a 7 x 5 board, one colour a row: the mean hand counted again independently of
    # mapkit's searches, with networkx's steps and Kruskal's tree of each hand's ten pairs.
    import networkx as nx

    g = Grid("pointy", "odd", 7, 5)
    places = {colour: [Hex(c, r) for c in range(7)] for r, colour in enumerate(COLOURS)}
    cards = {colour: {"cities": [{"name": f"{colour}{k}", "hex": hex_name(h)} for k, h in enumerate(hs)],
                      "removed": [f"{colour}0", f"{colour}1"]} for colour, hs in places.items()}
    m = Map(g, rules=Rules(extra={"city_cards": cards}))
    steps = dict(nx.all_pairs_shortest_path_length(nx.Graph((a, b) for a in g.hexes() for b in g.neighbours(a))))

    def kruskal(hand) -> int:
        group = {h: {h} for h in hand}
        cost = 0
        for d, a, b in sorted((steps[a][b], a, b) for a, b in itertools.combinations(hand, 2)):
            if group[a] is not group[b]:
                cost += d
                merged = group[a] | group[b]
                for h in merged:
                    group[h] = merged
        return cost

    mean = sum(kruskal(hand) for hand in itertools.product(*places.values())) / 7 ** 5
    assert mean < 14
    issues = [i for i in validate(m, "transamerica") if i.code in DESIGN]
    assert [i.code for i in issues] == ["W215"]
    assert f"takes {mean:.1f} pieces on average" in issues[0].message


def test_a_game_that_cannot_be_played_is_w216():
    m = line(30, [("P", 0, [11])])
    assert found(m, "transamerica") == [("W216", None)]
    assert "it lacks rules.city_cards" in validate(m, "transamerica")[-1].message
    assert found(m, "railroad-tycoon") == [("W216", None)]
    with pytest.raises(ValueError, match="unknown rule preset 'palubaa'"):
        validate(m, "palubaa")


# -- the bundled maps and the command ------------------------------------------------------------

# What the board checks say of each bundled map under its own rules.preset (usa: expres; the
# others name none). usa-east: Philadelphia, Washington and Baltimore touch (4 numbers), and its
# Midwest (1), New York (3) and Washington (6) rows lie within 5 steps; example: a 16 x 12 demo
# whose rows 1, 2 and 4 are crammed and 5 and 6 spread (docs/map-format.md, The board's design).
BUNDLED = {
    "czechia": [], "france-benelux": [], "germany": [], "usa-west": [], "usa": [],
    "usa-east": [("W210", "Philadelphia"), ("W212", "Chicago"), ("W212", "New York"), ("W212", "Philadelphia")],
    "example": [("W211", "Olomouc"), ("W211", "Karlovy Vary"), ("W212", "Praha"), ("W212", "Liberec"),
                ("W212", "Brno")],
}


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_bundled_maps_status(name):
    r = run_here("validate", MAPS / f"{name}.yaml", "--format", "json")
    assert r.returncode == 0, r.stdout + r.stderr
    out = json.loads(r.stdout)
    assert out["errors"] == []
    assert [(w["code"], w["where"]) for w in out["warnings"]] == BUNDLED[name]


def test_validate_rules_judges_the_board_for_a_preset():
    # czechia and usa carry city cards: both too big for TransAmerica (mean hands 45.5, 63.2).
    r = run_here("validate", "czechia", "--rules", "transamerica")
    assert r.returncode == 0 and "W214" in r.stdout and "45.5 pieces" in r.stdout
    assert "valid (0 errors, 1 warning)" in r.stdout
    r = run_here("validate", "usa", "--rules", "transamerica", "--strict")
    assert r.returncode == 1 and "63.2 pieces" in r.stdout
    r = run_here("validate", "germany", "--rules", "palubaa")
    assert r.returncode == 2 and "unknown rule preset 'palubaa'" in r.stderr and "Traceback" not in r.stderr


def test_an_unknown_preset_in_the_map_is_w216(tmp_path):
    p = tmp_path / "m.yaml"
    p.write_text("grid: {orientation: pointy, offset: odd, columns: 4, rows: 1}\n"
                 "cities: [{name: A, hex: A1, numbers: [11]}]\nrules: {preset: palube}\n", encoding="utf-8")
    r = run_here("validate", p, "--format", "json")
    out = json.loads(r.stdout)
    assert r.returncode == 0 and [w["code"] for w in out["warnings"]] == ["W200", "W216"]
    assert "unknown rule preset 'palube'" in out["warnings"][1]["message"]
