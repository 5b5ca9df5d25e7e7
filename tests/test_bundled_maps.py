"""The bundled maps of the games: valid, all 36 codes, the rules of docs/rules.md, real geography.

Positions are checked against the real world independently of the projection the maps were
made with: the distances between cities on the board (hex centres, in kilometres of the map's
scale) must follow their great-circle distances.
"""

from __future__ import annotations

import math

import pytest

from tests.support import MAPS, run_here
from mapkit.geo.projection import BoardProjection, great_circle_km
from mapkit.io.yamlmap import load_map
from mapkit.model import ALL_RACE_NUMBERS

BUNDLED = ["czechia", "germany", "france-benelux", "usa-east", "usa-west", "usa", "usa-transamerica"]


@pytest.fixture(scope="module", params=BUNDLED)
def bundled(request):
    return request.param, load_map(MAPS / f"{request.param}.yaml")


def test_validate_exits_zero():
    for name in BUNDLED:
        r = run_here("validate", MAPS / f"{name}.yaml", "--format", "json")
        assert r.returncode == 0, (name, r.stdout, r.stderr)


def test_all_36_codes_once(bundled):
    _, m = bundled
    assert m.used_numbers() == sorted(ALL_RACE_NUMBERS)


def _pearson(xs, ys):
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=False))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def test_cities_stand_where_they_are_in_the_world(bundled):
    name, m = bundled
    cities = [c for c in m.cities if c.lon is not None]
    assert len(cities) == len(m.cities)
    km_per_mm = m.meta["geo"]["hex_km"] / m.grid.hex_mm
    board, world = [], []
    for i, a in enumerate(cities):
        for b in cities[i + 1:]:
            board.append(math.dist(m.grid.centre_mm(a.hex), m.grid.centre_mm(b.hex)) * km_per_mm)
            world.append(great_circle_km(a.lon, a.lat, b.lon, b.lat))
    assert _pearson(board, world) > 0.98, name
    # And the scale is right: on average the board distance is the real one within 3 %.
    assert sum(board) / sum(world) == pytest.approx(1.0, abs=0.03)


def test_each_city_within_a_hex_of_its_projected_place(bundled):
    name, m = bundled
    bp = BoardProjection.from_geo(m.meta["geo"])
    for c in m.cities:
        x, y = bp.to_mm(c.lon, c.lat)
        off = math.dist((x, y), m.grid.centre_mm(c.hex)) / m.grid.hex_mm
        assert off <= 1.6, (name, c.name, off)


@pytest.mark.parametrize("name", [n for n in BUNDLED if n != "usa-transamerica"])
def test_six_number_groups_are_compact(name):
    """No city is nearer to more than two other groups' centres than to its own group's centre.

    (Groups hold exactly six numbers, so a group may have to reach a little: Clermont-Ferrand
    joins the eastern group of France when the south-east is full with Marseille and Lyon.)
    Not asked of the TransAmerica board, which is played by its cards' colours (below): on its
    25 columns a row of race numbers 5.5 hexes wide, as the draft makes every row so that it
    holds races (W212), reaches across a fifth of the board."""
    m = load_map(MAPS / f"{name}.yaml")
    groups = {}
    for c in m.cities:
        for n in c.numbers:
            groups.setdefault(n // 10, []).append(m.grid.centre_mm(c.hex))
    centres = {g: (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
               for g, pts in groups.items()}
    bad = 0
    for g, pts in groups.items():
        for p in pts:
            own = math.dist(p, centres[g])
            nearer = sum(1 for h, c in centres.items() if h != g and math.dist(p, c) < own)
            bad += nearer > 2
    assert bad == 0, name


def _foreign_regions(m):
    return {r.name for r in m.regions if dict(r.extra).get("kind") == "foreign"}


def test_czechia_rules_and_regions():
    m = load_map(MAPS / "czechia.yaml")
    assert {"Bohemia", "Moravia"} <= {r.name for r in m.regions}
    assert {"Poland", "Slovakia", "Austria", "Germany"} <= _foreign_regions(m)
    for name in ("Pardubice", "Kolín", "Tábor", "Jindřichův Hradec"):
        c = m.city_named(name)
        assert c and c.numbers and c.region == "Bohemia" and c.hex in m.region("Bohemia").hexes
    for name in ("Brno", "Ostrava", "Olomouc", "Jihlava"):
        assert m.city_named(name).hex in m.region("Moravia").hexes
    # The easternmost Bohemian cities are the four the rules name (no Bohemian city east of them).
    bohemian = [c for c in m.cities if c.region == "Bohemia"]
    assert max(c.lon for c in bohemian) == m.city_named("Pardubice").lon
    abroad = ["Regensburg", "Chemnitz", "Wrocław", "Częstochowa", "Žilina"]
    for name in abroad:
        c = m.city_named(name)
        assert m.terrain_at(c.hex) == "foreign" and not c.numbers and "red-cross" in c.tags
    assert m.rules.border_crossing is True
    sr = m.rules.special_races
    assert sr["every"] == 3
    t = sr["table"]
    assert [t[k].get("region") for k in "1234"] == ["Poland", "Slovakia", "Austria", "Germany"]
    assert t["5"]["regions"] == ["Bohemia", "Moravia"]
    assert t["6"]["cities"] == abroad and len(t["6"]["hexes"]) == 5


def test_germany_rules():
    m = load_map(MAPS / "germany.yaml")
    assert m.rules.start_cities == ["Berlin", "Hamburg", "München"]
    for name in m.rules.start_cities:
        assert len(m.city_named(name).numbers) >= 2
    sr = m.rules.special_races
    assert sr["every"] == 2
    assert set(sr["table"]) == {f"{r}{p}" for r in "123456" for p in "SL"}
    assert sr["table"]["1S"] == {"region": "Denmark"} and sr["table"]["4S"]["regions"] == ["Belgium", "Luxembourg"]
    for city in sr["table"]["6S"]["cities"] + sr["table"]["5S"]["cities"] + sr["table"]["5L"]["cities"]:
        assert "port" in m.city_named(city).tags
    assert {"Denmark", "Poland", "Czechia", "Austria", "Switzerland", "France", "Belgium", "Luxembourg",
            "Netherlands"} <= _foreign_regions(m)
    assert m.ferries and all(f.from_city in ("Kiel", "Rostock") and f.fare == (1, 3, 1) for f in m.ferries)


def test_france_rules():
    m = load_map(MAPS / "france-benelux.yaml")
    assert m.rules.start_cities == ["Paris"] and len(m.city_named("Paris").numbers) == 3
    sr = m.rules.special_races
    assert sr["every"] == 4
    assert [sr["table"][k].get("region") for k in "12345"] == ["England", "Germany", "Switzerland", "Italy", "Spain"]
    assert sr["table"]["6"]["cities"] == ["Marseille", "Dunkerque", "Le Havre", "Antwerpen", "Bordeaux"]
    assert {"Belgium", "Netherlands", "Luxembourg", "France"} <= {r.name for r in m.regions
                                                                 if dict(r.extra).get("kind") == "home"}
    cherbourg = next(f for f in m.ferries if f.from_city == "Cherbourg")
    assert cherbourg.fare[0] == 1 and cherbourg.fare[2] == 1 and m.terrain_at(cherbourg.to) == "foreign"


def test_usa_east_and_west_rules():
    east = load_map(MAPS / "usa-east.yaml")
    west = load_map(MAPS / "usa-west.yaml")
    assert west.rules.start_cities == ["Milwaukee", "Chicago", "Memphis", "New Orleans"]
    assert all("atlantic-port" in east.city_named(c).tags or "gulf-port" in east.city_named(c).tags
               for c in east.rules.start_cities)
    for m in (east, west):
        assert m.rules.special_races["every"] == 4
        assert set(m.rules.special_races["table"]) == {"1", "2", "3", "4", "5-6"}
    assert "Canada" in _foreign_regions(east) and {"Canada", "Mexico"} <= _foreign_regions(west)
    assert east.region("Southern Ontario").hexes
    assert west.rules.special_races["table"]["5-6"]["cities"] == [
        "Milwaukee", "Chicago", "Saint Louis", "Memphis", "New Orleans"]


def test_usa_expres_board():
    m = load_map(MAPS / "usa.yaml")
    assert m.rules.min_race_distance == 10 and m.rules.border_crossing is False
    foreign = [r for r in m.regions if dict(r.extra).get("kind") == "foreign"]
    assert foreign and all(dict(r.extra).get("colour") == "black" for r in foreign)
    # As on the Expres board, the farthest cities are 44 steps apart (docs/rules.md, Options: prize by table).
    from collections import deque

    links = {h: [n for n in m.grid.neighbours(h) if m.is_passable(n)] for h in m.grid.hexes()
             if m.is_passable(h)}

    def steps(src):
        d = {src: 0}
        q = deque([src])
        while q:
            h = q.popleft()
            for n in links[h]:
                if n not in d:
                    d[n] = d[h] + 1
                    q.append(n)
        return d

    far = 0
    for a in m.cities:
        d = steps(a.hex)
        far = max([far] + [d.get(b.hex, 0) for b in m.cities])
    assert far == 44


def test_regenerating_czechia_gives_the_bundled_file():
    """scripts/make_maps.py reproduces the bundled map byte for byte (needs mapkit[geo])."""
    import importlib.util
    import sys

    from tests.support import ROOT

    spec = importlib.util.spec_from_file_location("make_maps", ROOT / "scripts" / "make_maps.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_maps", mod)
    spec.loader.exec_module(mod)
    text, m, _, issues = mod.build("czechia")
    assert not [i for i in issues if i.is_error]
    bundled_text = (MAPS / "czechia.yaml").read_text(encoding="utf-8")
    bundled_map = load_map(MAPS / "czechia.yaml")
    if m.meta["geo"]["data"] == bundled_map.meta["geo"]["data"]:
        # The same versions of the data packages: the same bytes.
        assert text == bundled_text
    else:
        # Newer data packages: still the same board and cities, give or take a hex.
        assert (m.grid.columns, m.grid.rows) == (bundled_map.grid.columns, bundled_map.grid.rows)
        assert [c.name for c in m.cities] == [c.name for c in bundled_map.cities]


def test_cli_design_a_real_country(tmp_path):
    out = tmp_path / "cz.yaml"
    r = run_here("design", "CZ", "--hex-km", "20", "--cities", "24", "-o", out)
    assert r.returncode == 0, r.stderr
    m = load_map(out)
    numbered = [c for c in m.cities if c.numbers]
    assert m.used_numbers() == sorted(ALL_RACE_NUMBERS) and len(numbered) == 24
    # Paluba's draft (the default rules) adds big towns abroad, without numbers
    assert all("abroad" in c.tags for c in m.cities if not c.numbers)
    praha = m.city_named("Praha")
    assert praha is not None and len(praha.numbers) == 3
    assert {"Germany", "Poland", "Austria", "Slovakia"} <= _foreign_regions(m)
    assert m.rivers and m.hexes_with("mountain")


def test_the_transamerica_board_has_compact_colours_and_fits_the_pieces():
    """The USA at TransAmerica's scale: 35 cards, 7 of each colour; each colour's cities nearer
    to their own colour's centre than to the centres of more than one other colour; and the
    board neither too big nor too small for the 84 pieces (no W214/W215), where the Expres
    board of the USA is too big (W214)."""
    from mapkit.boardcheck import rule_issues
    from mapkit.engine.games.transamerica.cards import read_cards

    m = load_map(MAPS / "usa-transamerica.yaml")
    cards, issues = read_cards(m)
    assert not issues and len(cards) == 35
    colours: dict = {}
    for c in cards:
        colours.setdefault(c.colour, []).append(m.grid.centre_mm(c.hex))
    assert sorted(len(v) for v in colours.values()) == [7] * 5
    centres = {k: (sum(p[0] for p in v) / 7, sum(p[1] for p in v) / 7) for k, v in colours.items()}
    for k, pts in colours.items():
        for p in pts:
            own = math.dist(p, centres[k])
            assert sum(1 for j, c in centres.items() if j != k and math.dist(p, c) < own) <= 1, k
    assert rule_issues(m, "transamerica") == []
    assert [i.code for i in rule_issues(load_map(MAPS / "usa.yaml"), "transamerica")] == ["W214"]
