"""Towns for a board (issue 39): places merged into agglomerations, cities spaced apart, lakes
as one piece of water, the special-race table for the neighbours. Hand-made inputs, expected
values worked out by hand; no geographic data needed. Whole countries: tests/geo/test_countries.py.
"""

from __future__ import annotations

import math

import pytest

from mapkit.geo.agglomerate import agglomerate, core_km, reach_km
from mapkit.geo.cities import place_spaced
from mapkit.geo.sources import Place
from mapkit.geo.terrain import lake_hexes
from mapkit.grid import Grid

KM_LAT = 1 / 111.2          # one km north in degrees


def at(name, east_km, north_km, population, country="AT", names=2):
    """A place ``east_km``/``north_km`` from (15 E, 0 N), where a degree of longitude is 111.2 km
    as one of latitude (the equator), named in ``names`` languages."""
    return Place(name, 15.0 + east_km * KM_LAT, north_km * KM_LAT, population, country,
                 tuple(f"{name}{i}" for i in range(names)), name)


def test_reach_and_core_by_hand():
    # 3 km x (P / 8000) ** 0.35: P = 8000 * 2**(1/0.35) doubles the reach.
    assert reach_km(8000 * 2 ** (1 / 0.35)) == pytest.approx(6.0)
    # a town of 2500 * pi people covers 1 km^2 of circle: radius 1 km
    assert core_km(2500 * math.pi) == pytest.approx(1.0)


def test_villages_within_reach_join_their_town_and_count():
    # Leoben-like: a core of 8000 reaches 3 km; its core area is 1.01 km round.
    places = [at("Core", 0, 0, 8000), at("East", 2.5, 0, 3000), at("North", 0, 2.9, 1000),
              at("Far", 3.5, 0, 2000)]
    got = {a.name: (a.population, a.members) for a in agglomerate(places)}
    # East (2.5 km) and North (2.9 km) are within 3 km and outside 1.01 km: they add up.
    assert got["Core"] == (12000, ("Core", "East", "North"))
    # Far (3.5 km) is beyond the reach: a town of its own.
    assert got["Far"] == (2000, ("Far",))


def test_districts_inside_a_city_are_not_counted_twice():
    # A city of 1 000 000 reaches 3 * 125 ** 0.35 = 16.2 km; its own area is 11.3 km round.
    city = at("Metro", 0, 0, 1_000_000)
    district = at("Metro-Nord", 0, 5, 200_000)      # inside the city: counted in its million
    suburb = at("Vorort", 14, 0, 30_000)            # beyond the city's area: added
    named = at("Metro XVII", 25, 0, 50_000)         # beyond the reach, but named after the city: twice as far
    [a] = agglomerate([city, district, suburb, named])
    assert a.name == "Metro"
    assert a.population == 1_000_000 + 30_000 + 50_000
    assert set(a.members) == {"Metro", "Metro-Nord", "Vorort", "Metro XVII"}


def test_a_stronger_pull_wins_and_borders_separate():
    # Two cores 10 km apart; a place 4.5 km from the big one and 5.5 km from the small one.
    big = at("Big", 0, 0, 100_000)                  # reaches 7.3 km
    small = at("Small", 10, 0, 50_000)              # reaches 5.7 km
    between = at("Between", 4.5, 0, 2000)
    # both reach it; pulls 100000 / 4.5**2 = 4938 against 50000 / 5.5**2 = 1653: Big
    foreign = at("Grenzdorf", 1, 0, 5000, country="HU")   # 1 km away, but another country
    got = {a.name: a.members for a in agglomerate([big, small, between, foreign])}
    assert got["Big"] == ("Big", "Between")
    assert got["Small"] == ("Small",)
    assert got["Grenzdorf"] == ("Grenzdorf",)


def test_a_core_named_in_one_language_takes_its_best_known_members_name():
    # Eisenzicken-like: a bogus big count under a name in one language, the real town beside it.
    bogus = at("Dorf", 0, 0, 54_000, names=1)
    # Dorf reaches 5.85 km; its own area is 2.62 km round, so both places beyond it count.
    town = at("Stadt", 3, 0, 7_000, names=27)       # a tenth of Dorf or more
    tiny = at("Weiler", 0, 4, 700, names=40)        # named in more languages, but too small
    [a] = agglomerate([bogus, town, tiny])
    assert (a.name, a.lon, a.population) == ("Stadt", town.lon, 54_000 + 7_000 + 700)
    # a core named in several languages keeps its name
    [b] = agglomerate([at("Dorf", 0, 0, 54_000, names=3), town])
    assert b.name == "Dorf"


def test_spacing_keeps_cities_apart_and_leaves_out_the_smaller():
    g = Grid("pointy", "odd", 10, 5)
    c = g.centre_mm
    reqs = [("Big", c((4, 2)), None), ("Touching", c((5, 2)), None), ("Two away", c((6, 2)), None),
            ("Far", c((1, 2)), None)]
    placed, out = place_spaced(reqs, g, set(g.hexes()), spacing=2, max_off=0.5)
    # Touching (1 step from Big) has no hex within half a hex of its place that stands 2 away.
    assert {k: (h.col, h.row) for k, h in placed.items()} == {"Big": (4, 2), "Two away": (6, 2), "Far": (1, 2)}
    assert out == ["Touching"]
    # spacing 3: Two away (2 steps) goes too; wanted=2 stops after two cities
    placed, out = place_spaced(reqs, g, set(g.hexes()), spacing=3, max_off=0.5)
    assert sorted(placed) == ["Big", "Far"]
    placed, _ = place_spaced(reqs, g, set(g.hexes()), spacing=2, max_off=0.5, wanted=2)
    assert sorted(placed) == ["Big", "Two away"]


def test_places_less_than_a_hex_apart_in_reality_are_one_city():
    g = Grid("pointy", "odd", 10, 5)
    x, y = g.centre_mm((4, 2))
    # 0.9 hex widths east of Big: its nearest hex two steps from Big would be (6, 2), 1.1 hex
    # widths off (allowed: max_off 1.5), but the two places are less than a hex apart
    reqs = [("Big", (x, y), None), ("Suburb", (x + 0.9 * g.hex_mm, y), None)]
    placed, out = place_spaced(reqs, g, set(g.hexes()), spacing=2, max_off=1.5)
    assert sorted(placed) == ["Big"] and out == ["Suburb"]
    # 1.0 hex widths: a town of its own, one step aside
    reqs[1] = ("Town", (x + 1.0 * g.hex_mm, y), None)
    placed, out = place_spaced(reqs, g, set(g.hexes()), spacing=2, max_off=1.5)
    assert sorted(placed) == ["Big", "Town"] and g.distance(placed["Big"], placed["Town"]) == 2


def test_every_pair_of_spaced_cities_is_at_least_the_spacing_apart():
    g = Grid("pointy", "odd", 12, 9)
    # a city on every hex centre, and between: whatever is kept must keep the spacing
    reqs = [(f"C{i}", (x + 3.0 * (i % 3), y), None) for i, (x, y) in
            enumerate(g.centre_mm(h) for h in g.hexes())]
    for spacing in (2, 3):
        placed, out = place_spaced(reqs, g, set(g.hexes()), spacing=spacing)
        hexes = list(placed.values())
        assert all(g.distance(a, b) >= spacing for i, a in enumerate(hexes) for b in hexes[i + 1:])
        assert len(placed) + len(out) == len(reqs)


def test_a_long_lake_is_one_chain():
    # a lake along a row of a 1-D board: halves at both ends, a thin middle
    def line(h):
        return [(h[0] - 1, 0), (h[0] + 1, 0)]

    share = {(0, 0): 0.6, (1, 0): 0.2, (2, 0): 0.3, (3, 0): 0.7, (6, 0): 0.9}
    # (0,0) and (3,0) hold half; (6,0) too, but nothing joins it: the greedy rim takes (2,0),
    # (1,0) then joins the two halves; (6,0) stays since it holds half the lake's samples.
    got = lake_hexes(share, 1, line)
    assert got[:3] == [(0, 0), (3, 0), (6, 0)]
    assert {(1, 0), (2, 0)} <= set(got)
    # a lake nowhere half: its best hex, grown to the count asked
    assert lake_hexes({(4, 0): 0.2, (5, 0): 0.3, (7, 0): 0.25}, 2, line) == [(5, 0), (4, 0)]


def test_a_crammed_row_swaps_a_city_with_its_neighbour_row():
    from mapkit.geo.cities import group_cost, uncram

    # two rows of three on a line, each 2 long; a row must span 3 or more
    pts = [(0, 0), (1, 0), (2, 0), (10, 0), (11, 0), (12, 0)]
    # by hand: the swaps that mend both rows and their sums of squared distances:
    # 2<->3: {0,1,10} and {2,11,12}, 60.67 each; 1<->4: 68.67 each; 0<->5: 74 each. 2<->3 wins.
    got = uncram(pts, [1] * 6, [0, 0, 0, 1, 1, 1], min_span=3)
    assert got == [0, 0, 1, 0, 1, 1]
    assert group_cost(pts, [1] * 6, [0, 1, 3]) == pytest.approx(60 + 2 / 3)
    # rows already wide enough are left as they are
    assert uncram(pts, [1] * 6, [0, 1, 0, 1, 0, 1], min_span=3) == [0, 1, 0, 1, 0, 1]


def test_ferries_where_the_sea_is_the_short_way():
    from mapkit.geo.ferries import sea_ferries
    from mapkit.model import City, Map

    # Two rows of land joined only at the far east end (column 8); between them, water.
    #   row 0: A . . . . . . . +      A at (0, 0); B at (0, 2), 2 water hexes below A
    #   row 1: ~ ~ ~ ~ ~ ~ ~ ~ +
    #   row 2: B . . . . . . . +
    g = Grid("pointy", "odd", 9, 3)
    terrain = {h: ("water" if h.row == 1 and h.col < 8 else "plain") for h in g.hexes()}
    a, b, c = City("A", (0, 0), (11, 12)), City("B", (0, 2), (13,)), City("C", (6, 2), (14,))
    m = Map(g, terrain=terrain, cities=[a, b, c])
    # A-B by land: 8 east, 2 down, 8 west = about 17 steps; by sea 1 water hex (row 1 col 0
    # touches both): 1 + 1 + 1 = 3, less than half: a ferry, from A (two numbers) to B's hex.
    # A-C: 6 water hexes from A's shore to C's (a ferry of 8) against about 12 steps by land,
    # not twice as long: no ferry. B-C are on the same shore, 6 steps apart: no ferry.
    ferries = sea_ferries(m)
    assert [(f.from_city, (f.to.col, f.to.row), f.fare, f.cost) for f in ferries] == [("A", (0, 2), (1, 1, 1), 6)]
    assert sea_ferries(m, max_sea=0) == []
