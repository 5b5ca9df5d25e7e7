"""Reading and writing the YAML map file: the contract of map-format.md, canonical output."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support import MAPS
from mapkit.errors import InputError
from mapkit.grid import Grid, Hex, edge, parse_edge, parse_hex
from mapkit.io.yamlmap import parse_map, read_map
from mapkit.io.yamlwrite import dump_map
from mapkit.model import City, EdgeSet, Map, Region, Rules

# The examples of map-format.md, put together into one file.
FORMAT_DOC_EXAMPLE = """
grid: {orientation: pointy, offset: odd, columns: 10, rows: 10}
terrain:
  default: plain          # terrain of every hex not named otherwise
  art: |
    . . ^ ^ ~ . . . . .
     . ^ ^ ~ ~ . . . . .
    . . . . . . . . . .
     . . . . . . . . . .
    . . . . . . . . . .
     . . . . . . . . . .
    . . . . . . . . . .
     . . . . . . . . . .
    . . . . . . . . . .
     . . . . . . . . . .
  mountain: [C1, D1, F5]
  water: [E1]
rivers:
  - name: Vltava
    edges: [H7/H8, H8/I8, I8/I9]
borders:
  - name: CZ-PL
    edges: [B2/B3, C2/C3]
ridges:
  - edges: [F5/F6]
cities:
  - name: Praha
    hex: H7
    numbers: [11, 12]
    tags: [port]
    colour: red
    region: Bohemia
  - name: Jindřichův Hradec
    hex: b5
    numbers: [13]
regions:
  - name: Bohemia
    hexes: [A1, B1, C1]
rules:
  border_crossing: false
  start_cities: [Praha]
  min_race_distance: 10
  special_races:
    every: 3
    table:
      1: {region: Bohemia}
      6: {cities: [Praha, Jindřichův Hradec]}
ferries:
  - name: Kiel-Denmark
    from: Praha
    to: J10
    cost: 6
    fare: [1, 3, 1]
"""


def test_the_format_documents_example_loads_as_described():
    m, issues = parse_map(FORMAT_DOC_EXAMPLE, "doc.yaml")
    assert issues == []
    assert m.grid == Grid("pointy", "odd", 10, 10, 14)          # hex_mm defaults to 14
    # art: C1 D1 mountain, E1 water; B2 C2 mountain, D2 E2 water; lists win: F5 mountain
    assert m.terrain_at(parse_hex("C1")) == "mountain"
    assert m.terrain_at(parse_hex("E1")) == "water"
    assert m.terrain_at(parse_hex("D2")) == "water"
    assert m.terrain_at(parse_hex("F5")) == "mountain"
    assert sorted(m.terrain.values()).count("mountain") == 5
    assert m.rivers == [EdgeSet({parse_edge("H7/H8"), parse_edge("H8/I8"), parse_edge("I8/I9")}, "Vltava")]
    assert m.ridges[0].name is None
    praha = m.city_named("Praha")
    assert praha.hex == Hex(7, 6) and praha.numbers == (11, 12) and praha.tags == ("port",)
    assert praha.colour == "red" and praha.region == "Bohemia"
    assert m.city_by_number(13).name == "Jindřichův Hradec"       # hex names are case-insensitive
    assert m.city_at(parse_hex("B5")).name == "Jindřichův Hradec"
    assert m.rules.start_cities == ["Praha"] and m.rules.min_race_distance == 10
    assert m.rules.special_races == {"every": 3, "table": {"1": {"region": "Bohemia"},
                                                           "6": {"cities": ["Praha", "Jindřichův Hradec"]}}}
    assert m.ferries[0].to == parse_hex("J10") and m.ferries[0].fare == (1, 3, 1)
    assert m.region("Bohemia").hexes == (Hex(0, 0), Hex(1, 0), Hex(2, 0))


def test_lists_without_art_and_default_terrain():
    text = "grid: {orientation: flat, offset: even, columns: 3, rows: 2, hex_mm: 20}\n" \
           "terrain: {default: water, plain: [A1, B2], foreign: [C1]}\n"
    m, issues = parse_map(text)
    assert issues == []
    assert m.grid.hex_mm == 20
    assert [m.terrain_at(parse_hex(n)) for n in ("A1", "B1", "C1", "A2", "B2", "C2")] == \
        ["plain", "water", "foreign", "water", "plain", "water"]


@pytest.mark.parametrize("path", sorted(MAPS.glob("*.yaml")), ids=lambda p: p.name)
def test_bundled_maps_round_trip(path):
    m, issues = read_map(path)
    text = dump_map(m)
    m2, issues2 = parse_map(text)
    assert issues2 == []
    assert m2 == m
    assert dump_map(m2) == text                       # saving twice gives identical bytes


def test_canonical_output_sorts_edges_and_cities():
    m, _ = parse_map(FORMAT_DOC_EXAMPLE)
    text = dump_map(m)
    assert text.index("name: Praha") < text.index("name: Jindřichův Hradec")   # 11 before 13
    assert "edges: [H7/H8, H8/I8, I8/I9]" in text
    assert "  art: |\n    . . ^ ^ ~" in text
    assert "  mountain:" not in text                    # lists are folded into the art


@st.composite
def random_maps(draw):
    orientation = draw(st.sampled_from(["pointy", "flat"]))
    offset = draw(st.sampled_from(["odd", "even"]))
    cols, rows = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    g = Grid(orientation, offset, cols, rows, draw(st.sampled_from([10, 14, 15.5])))
    hexes = list(g.hexes())
    terrain = {h: draw(st.sampled_from(["plain", "plain", "mountain", "water", "foreign", "off"]))
               for h in hexes}
    all_edges = list(g.edges())
    rivers = [EdgeSet(set(draw(st.lists(st.sampled_from(all_edges), max_size=5))),
                      draw(st.one_of(st.none(), st.text(min_size=1, max_size=8))))]
    city_hexes = draw(st.lists(st.sampled_from(hexes), unique=True, max_size=min(6, len(hexes))))
    numbers = iter(draw(st.permutations([11, 12, 13, 21, 22, 23, 31, 32, 33, 44, 55, 66])))
    cities = [City(draw(st.text(min_size=1, max_size=10)) + str(i), h,
                   tuple(sorted({next(numbers) for _ in range(draw(st.integers(0, 2)))})),
                   tags=tuple(draw(st.lists(st.sampled_from(["port", "capital", "a, b", "[x]", "{y}", "it's"]),
                                            unique=True))))
              for i, h in enumerate(city_hexes)]
    rules = Rules(border_crossing=draw(st.booleans()), stop_at_border=draw(st.booleans()),
                  min_race_distance=draw(st.one_of(st.none(), st.integers(0, 12))))
    regions = [Region("R", tuple(draw(st.lists(st.sampled_from(hexes), unique=True, max_size=4))))]
    return Map(grid=g, terrain=terrain, rivers=rivers, cities=cities, rules=rules, regions=regions,
               meta={"name": draw(st.text(max_size=12)), "description": draw(st.text(max_size=40))})


@given(random_maps())
def test_load_of_save_is_identity(m):
    text = dump_map(m)
    m2, issues = parse_map(text)
    assert not [i for i in issues if i.is_error]
    assert m2 == m
    assert dump_map(m2) == text


def test_edges_are_stored_order_independent():
    m = Map(Grid("pointy", "odd", 3, 3), rivers=[EdgeSet({(parse_hex("B1"), parse_hex("A1"))})])
    assert edge(parse_hex("A1"), parse_hex("B1")) in m.edge_set("rivers")


@pytest.mark.parametrize("text,fragment", [
    ("grid: {orientation: pointy, offset: odd, columns: 2, rows: 2}\ncites: []\n",
     "unknown top-level key 'cites'; did you mean 'cities'?"),
    ("grid: {orientation: pointy, offset: odd, columns: 2, rows: 2}\nrivers:\n  - nme: x\n    edges: []\n",
     "did you mean 'name'?"),
    ("grid: {orientation: pointy, offset: odd, columns: 2, rows: 2}\nterrain: {default: lava}\n",
     "terrain.default"),
    ("grid: {orientation: pointy, offset: odd, columns: two, rows: 2}\n", "grid.columns"),
    ("grid: {orientation: pointy, offset: odd, columns: 2, rows: 2}\ncities:\n  - name: A\n    hex: A1\n"
     "    numbers: eleven\n", "cities[0].numbers"),
    ("version: 2\ngrid: {orientation: pointy, offset: odd, columns: 2, rows: 2}\n", "format version 2"),
])
def test_schema_errors_name_key_and_line(text, fragment):
    with pytest.raises(InputError) as exc:
        parse_map(text, "m.yaml")
    msg = str(exc.value)
    assert fragment in msg
    assert msg.startswith("m.yaml:") and "\n" not in msg


def test_schema_error_gives_the_yaml_line():
    text = "grid: {orientation: pointy, offset: odd, columns: 2, rows: 2}\ncities:\n  - name: A\n" \
           "    hex: A1\n  - name: B\n    hex: 7\n"
    with pytest.raises(InputError, match=r"^m.yaml:6: cities\[1\].hex"):
        parse_map(text, "m.yaml")


def test_strings_with_flow_characters_round_trip():
    special = {"every": 3, "table": {"5": {"name": "Moravia, and vice versa", "cities": ["A, B", "[C]"]},
                                     "6": {"rule": "{odd}: it's"}}}
    m = Map(Grid("pointy", "odd", 3, 3), cities=[City("A, B", Hex(0, 0), (11,), tags=("x, y",)),
                                                 City("[C]", Hex(2, 2), (12,))],
            rules=Rules(start_cities=["A, B"], special_races=special))
    m2, issues = parse_map(dump_map(m))
    assert issues == [] and m2 == m


@given(st.floats(min_value=1e-12, max_value=1000, allow_subnormal=False),
       st.floats(min_value=-180, max_value=180), st.floats(min_value=-90, max_value=90))
def test_every_number_written_reads_back_as_the_same_number(hex_mm, lon, lat):
    # YAML 1.1 reads 1e-05 as a string: floats are written with a point and a signed exponent.
    m = Map(Grid("pointy", "odd", 3, 3, hex_mm), cities=[City("A", Hex(0, 0), (11,), lon=lon, lat=lat)],
            meta={"geo": {"hex_km": hex_mm / 7, "origin_km": [lon * 1e-9, lat]}})
    m2, issues = parse_map(dump_map(m))
    assert issues == [] and m2 == m
    assert (m2.grid.hex_mm, m2.cities[0].lon, m2.cities[0].lat) == (hex_mm, lon, lat)


def test_format_writes_tiny_numbers_that_load(tmp_path):
    from tests.support import run_here

    src = tmp_path / "tiny.yaml"
    src.write_text("grid: {orientation: pointy, offset: odd, columns: 3, rows: 3, hex_mm: 0.00001}\n"
                   "cities: [{name: A, hex: A1, numbers: [11], lon: 0.00002, lat: -0.0000001}]\n", "utf-8")
    out = tmp_path / "out.yaml"
    assert run_here("format", src, "-o", out).returncode == 0
    text = out.read_text("utf-8")
    assert "hex_mm: 1.0e-05" in text and "lon: 2.0e-05" in text and "lat: -1.0e-07" in text
    r = run_here("validate", out)
    assert r.returncode == 0, r.stdout + r.stderr


def test_format_check_and_in_place(tmp_path):
    from tests.support import run_here

    canonical = dump_map(parse_map(FORMAT_DOC_EXAMPLE)[0])
    messy = tmp_path / "messy.yaml"
    messy.write_text(FORMAT_DOC_EXAMPLE, "utf-8")
    tidy = tmp_path / "tidy.yaml"
    tidy.write_text(canonical, "utf-8")
    r = run_here("format", "--check", tidy)
    assert r.returncode == 0 and r.stdout == ""
    r = run_here("format", "--check", tidy, messy)
    assert r.returncode == 1 and f"{messy}: would be reformatted" in r.stderr and str(tidy) + ":" not in r.stderr
    assert messy.read_text("utf-8") == FORMAT_DOC_EXAMPLE                 # --check writes nothing
    r = run_here("format", "--in-place", messy)
    assert r.returncode == 0 and messy.read_text("utf-8") == canonical
    assert run_here("format", "--check", messy).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.yaml", "tidy.yaml"]
    r = run_here("format", messy, tidy)
    assert r.returncode == 2 and "--check or --in-place" in r.stderr
    r = run_here("format", "--in-place", "czechia")
    assert r.returncode == 2 and "bundled map" in r.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("grid: [1\n", "utf-8")
    r = run_here("format", "--check", broken)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def test_the_writer_is_still_found_where_scripts_imported_it():
    """``dump_map``, ``save_map`` and ``with_rules`` live in io/yamlwrite.py; a script's
    ``from mapkit.io.yamlmap import save_map`` goes on working."""
    from mapkit.io import yamlmap, yamlwrite

    assert yamlmap.save_map is yamlwrite.save_map and yamlmap.dump_map is yamlwrite.dump_map
    assert yamlmap.with_rules is yamlwrite.with_rules
