"""DampfrossDigital (.dmpfmap) import.

Expected values come straight from the archives, computed here a second way: terrain and
borders from the NumPy masks with explicit odd-row neighbour offsets, rivers from the unit-space
waypoints with plain geometry (the two hexes beside a side are half a hex width either side of
its midpoint), unreachable cities from a breadth-first search over home land.
"""

from __future__ import annotations

import io
import json
import math
import zipfile
from collections import Counter

import numpy as np
import pytest

from tests.support import PEERS, assert_one_line_error, needs_peers, run_here
from mapkit.grid import Hex, edge
from mapkit.io.dmpfmap import read_dmpfmap
from mapkit.io.yamlmap import load_map, parse_map
from mapkit.io.yamlwrite import dump_map
from mapkit.validate import validate

DD = PEERS / "dampfrossdigital"
PEER_MAPS = ["France", "Germany", "Italy", "Spain", "Test"]
SQRT3 = math.sqrt(3)
# Every test of an archive runs on the peers' maps (beside the repository in CI only) and on
# "Made", an archive this file writes itself, so a fresh clone still tests the importer.
ALL = [pytest.param(n, marks=needs_peers) for n in PEER_MAPS] + ["Made"]
WITH_RIVERS = [pytest.param(n, marks=needs_peers) for n in ("France", "Germany", "Italy", "Spain")] + ["Made"]


def npy(a) -> bytes:
    b = io.BytesIO()
    np.save(b, a, allow_pickle=True)
    return b.getvalue()


def unit_corner(row, col, k):
    """Corner k (0 the top, then clockwise) of hex (row, col) in unit space: the centre is at
    ((col + row % 2 / 2) * sqrt(3), 1.5 * row), corners one unit away at -90 + 60 k degrees."""
    a = math.radians(-90 + 60 * k)
    return ((col + 0.5 * (row % 2)) * SQRT3 + math.cos(a), 1.5 * row + math.sin(a))


def along_sides(row, col, first, last):
    """Waypoints as DampfrossDigital writes them: corners first..last of a hex and the side
    midpoints between them."""
    pts = [unit_corner(row, col, first)]
    for k in range(first + 1, last + 1):
        a, b = pts[-1], unit_corner(row, col, k)
        pts += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b]
    return pts


def make_archive(path):
    """A small DampfrossDigital map: home land round a lake, two islands (one reached by a
    ferry), foreign land east of a strait, mountains, two cities called "New City", a number
    written 22.0, two rivers along hex sides (one in two pieces), terrain overrides, a projection."""
    cells = np.array([[1, 1, 1, 1, 1, 0, 0, 0, 0],
                      [1, 1, 1, 1, 1, 1, 0, 0, 0],
                      [1, 1, 0, 0, 1, 1, 0, 0, 0],
                      [1, 1, 0, 0, 1, 1, 0, 0, 0],
                      [0, 0, 0, 0, 1, 1, 0, 0, 0],
                      [1, 0, 1, 0, 1, 1, 0, 0, 0]], bool)
    other = np.zeros_like(cells)
    other[:, 7:] = True
    other[0, 5] = other[1, 5] = True          # (1, 5) is home and other land: home
    mountain = np.zeros_like(cells)
    mountain[0, 1] = mountain[1, 1] = mountain[3, 4] = True
    cities = [{"row": 3, "col": 1, "name": "Přístav", "number": 11},
              {"row": 5, "col": 0, "name": "Ostrov", "number": 12},
              {"row": 5, "col": 2, "name": "Samota", "number": 13},
              {"row": 0, "col": 0, "name": "New City", "number": [14, 15]},
              {"row": 4, "col": 4, "name": "New City", "number": 16},
              {"row": 0, "col": 1, "name": "Hora", "number": 21},
              {"row": 1, "col": 4, "name": "Desetinná", "number": 22.0}]
    rivers = [np.array(along_sides(1, 2, 0, 3) + [(math.nan, math.nan)] + along_sides(3, 4, 3, 5), np.float32),
              np.array(along_sides(0, 3, 1, 3), np.float64)]
    meta = {"rows": 6, "cols": 9, "region_name": "Vyrobená", "river_count": 2, "hex_size_m": 8000.0,
            "laea_proj": "+proj=laea +lat_0=49.8 +lon_0=15.5 +x_0=0 +y_0=0 +ellps=GRS80 +units=m +no_defs",
            "x_origin": -120000.0, "y_origin": 90000.0, "bbox_wgs84": [48.5, 12.0, 51.1, 18.9]}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("meta.json", json.dumps(meta, ensure_ascii=False))
        z.writestr("cities.json", json.dumps(cities, ensure_ascii=False))
        z.writestr("ferries.json", json.dumps([{"waypoints": [[3, 1], [4, 0], [5, 0]]}]))
        z.writestr("river_names.json", json.dumps(["Vltava"]))
        z.writestr("terrain_overrides.json", json.dumps({"2,4": "forest", "3,0": "swamp"}))
        for name, a in (("cells", cells), ("other_land", other), ("is_mountainous", mountain)):
            z.writestr(f"arrays/{name}.npy", npy(a))
        for i, a in enumerate(rivers):
            z.writestr(f"rivers/{i}.npy", npy(a))
    return path


@pytest.fixture(scope="module")
def source_of(tmp_path_factory):
    made = make_archive(tmp_path_factory.mktemp("dmpfmap") / "Made.dmpfmap")
    return lambda name: made if name == "Made" else DD / f"{name}.dmpfmap"


def members(path):
    with zipfile.ZipFile(path) as z:
        def arr(member):
            return np.load(io.BytesIO(z.read(member)), allow_pickle=False)

        meta = json.loads(z.read("meta.json"))
        out = {"meta": meta, "cities": json.loads(z.read("cities.json")),
               "cells": arr("arrays/cells.npy"), "other": arr("arrays/other_land.npy"),
               "mountain": arr("arrays/is_mountainous.npy"), "rivers": {}}
        for n in z.namelist():
            if n.startswith("rivers/"):
                out["rivers"][int(n[len("rivers/"):-len(".npy")])] = arr(n)
        out["river_names"] = json.loads(z.read("river_names.json")) if "river_names.json" in z.namelist() else []
        out["ferries"] = json.loads(z.read("ferries.json")) if "ferries.json" in z.namelist() else []
    return out


def neighbours(row, col):
    """Odd rows pushed right (odd-r): the six neighbours as (row, col)."""
    if row % 2 == 0:
        steps = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    else:
        steps = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    return [(row + dr, col + dc) for dr, dc in steps]


def hex_of_unit_centre(x, y):
    row = round(y / 1.5)
    col = round(x / SQRT3 - 0.5 * (row % 2))
    return row, col


def river_edges(a, rows, cols):
    """Sides between consecutive corner waypoints, from unit-space geometry alone."""
    out = set()
    pieces, cur = [], []
    for x, y in a.astype(float).tolist():
        if math.isnan(x) or math.isnan(y):
            pieces.append(cur)
            cur = []
        else:
            cur.append((x, y))
    pieces.append(cur)
    for piece in pieces:
        # Corners have y = 1.5 r +- 0.5 or +- 1; side midpoints y = 1.5 r or 1.5 r +- 0.75.
        corners = []
        for x, y in piece:
            frac = y % 1.5
            if min(abs(frac - 0.5), abs(frac - 1.0)) < 1e-3 and (not corners or math.dist(corners[-1], (x, y)) > 1e-3):
                corners.append((x, y))
        for (x0, y0), (x1, y1) in zip(corners, corners[1:], strict=False):
            assert abs(math.dist((x0, y0), (x1, y1)) - 1) < 1e-3  # one side apart
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            nx, ny = -(y1 - y0), x1 - x0  # unit normal of the side
            hexes = [hex_of_unit_centre(mx + k * nx * SQRT3 / 2, my + k * ny * SQRT3 / 2) for k in (1, -1)]
            if all(0 <= r < rows and 0 <= c < cols for r, c in hexes):
                (r0, c0), (r1, c1) = hexes
                out.add(edge(Hex(c0, r0), Hex(c1, r1)))
    return out


@pytest.fixture(scope="module")
def imported(source_of):
    done: dict = {}

    def get(name):
        if name not in done:
            done[name] = read_dmpfmap(source_of(name))
        return done[name]

    return get


@pytest.mark.parametrize("name", ALL)
def test_terrain_cities_and_borders_match_the_arrays(imported, source_of, name):
    m, _ = imported(name)
    d = members(source_of(name))
    rows, cols = d["meta"]["rows"], d["meta"]["cols"]
    assert (m.grid.orientation, m.grid.offset, m.grid.columns, m.grid.rows) == ("pointy", "odd", cols, rows)
    cells, other, mountain = d["cells"], d["other"], d["mountain"]
    expect = {}
    for r in range(rows):
        for c in range(cols):
            expect[Hex(c, r)] = ("mountain" if mountain[r, c] else "plain") if cells[r, c] else (
                "foreign" if other[r, c] else "water")
    assert m.terrain == expect
    assert Counter(m.terrain.values())["mountain"] == int((cells & mountain).sum())
    assert Counter(m.terrain.values())["foreign"] == int((other & ~cells).sum())
    # Cities: same hexes and numbers (one or a list; 22.0 is 22), in the file's order after sorting.
    got = sorted((c.hex, c.numbers) for c in m.cities)
    want = sorted((Hex(c["col"], c["row"]), tuple(int(n) for n in (c["number"] if isinstance(c["number"], list)
                                                                      else [c["number"]])))
                  for c in d["cities"])
    assert got == want
    assert m.name == d["meta"]["region_name"]
    # Borders: every side between home land and foreign land.
    border = set()
    for r in range(rows):
        for c in range(cols):
            if not cells[r, c]:
                continue
            for rr, cc in neighbours(r, c):
                if 0 <= rr < rows and 0 <= cc < cols and other[rr, cc] and not cells[rr, cc]:
                    border.add(edge(Hex(c, r), Hex(cc, rr)))
    assert m.edge_set("borders") == border


@pytest.mark.parametrize("name", WITH_RIVERS)
def test_rivers_are_the_sides_their_waypoints_run_along(imported, source_of, name):
    m, _ = imported(name)
    d = members(source_of(name))
    rows, cols = d["meta"]["rows"], d["meta"]["cols"]
    want = []
    for idx in sorted(d["rivers"]):
        edges = river_edges(d["rivers"][idx], rows, cols)
        if edges:
            names = d["river_names"]
            want.append((names[idx] if idx < len(names) else None, edges))
    assert [(r.name, set(r.edges)) for r in m.rivers] == want
    assert len(m.rivers) == d["meta"]["river_count"]


def _unreachable_cities(m, d):
    cells = d["cells"]
    rows, cols = cells.shape
    comp = {}
    for r in range(rows):
        for c in range(cols):
            if cells[r, c] and (r, c) not in comp:
                comp[(r, c)] = (r, c)
                stack = [(r, c)]
                while stack:
                    h = stack.pop()
                    for n in neighbours(*h):
                        if 0 <= n[0] < rows and 0 <= n[1] < cols and cells[n] and n not in comp:
                            comp[n] = (r, c)
                            stack.append(n)
    # A ferry joins the components of its two ends (islands are reached by ferry).
    for f in m.ferries:
        port = m.city_named(f.from_city).hex
        a, b = comp.get((port.row, port.col)), comp.get((f.to.row, f.to.col))
        if a is not None and b is not None and a != b:
            comp = {k: (a if v == b else v) for k, v in comp.items()}
    of_city = {c.name: comp[(c.hex.row, c.hex.col)] for c in m.cities}
    main = Counter(of_city.values()).most_common(1)[0][0]
    return {name for name, k in of_city.items() if k != main}


@pytest.mark.parametrize("name", ALL)
def test_validation_finds_only_island_cities_and_missing_numbers(imported, source_of, name):
    m, _ = imported(name)
    d = members(source_of(name))
    issues = validate(m)
    errors = [i for i in issues if i.is_error]
    # The only possible errors: cities on islands (Corsica, Sardinia, Sicily, Mallorca) that
    # no ferry reaches.
    assert {i.code for i in errors} <= {"E135"}
    assert {i.where for i in errors} == _unreachable_cities(m, d)
    missing = 36 - len({n for c in d["cities"] for n in (c["number"] if isinstance(c["number"], list)
                                                          else [c["number"]])})
    assert any(i.code == "W200" for i in issues) == (missing > 0)
    # The written file reads back to the same map.
    back, read_issues = parse_map(dump_map(m), "back.yaml")
    assert back == m and not read_issues


def test_the_made_archive_has_what_it_was_made_with(imported):
    # Worked out by hand from make_archive: Samota's island has no ferry (E135); Ostrov's is
    # reached from Přístav; the ferry's ends are (row 3, col 1) and (row 5, col 0): B4 -> A6.
    m, notes = imported("Made")
    assert [(f.name, f.from_city, str(f.to)) for f in m.ferries] == [("Přístav-Ostrov", "Přístav", "A6")]
    assert [i.where for i in validate(m) if i.is_error] == ["Samota"]
    assert sorted(c.name for c in m.cities) == ["Desetinná", "Hora", "New City", "New City 2", "Ostrov",
                                                "Přístav", "Samota"]
    assert any("1 hexes are marked both home land and other land" in n for n in notes)
    assert any("forest 1, swamp 1" in n for n in notes)
    assert [r.name for r in m.rivers] == ["Vltava", None]


@pytest.mark.parametrize("name", [pytest.param("France", marks=needs_peers), "Made"])
def test_ferries_and_geo(imported, source_of, name):
    m, _ = imported(name)
    d = members(source_of(name))
    assert len(m.ferries) == len(d["ferries"])
    geo = m.meta["geo"]
    assert geo["projection"] == "laea" and geo["source_projection"] == d["meta"]["laea_proj"]
    # hex_km is the distance between adjacent centres: sqrt(3) x the hex size (centre to corner).
    assert geo["hex_km"] == pytest.approx(SQRT3 * d["meta"]["hex_size_m"] / 1000, abs=1e-6)
    # The board's top-left corner is half a hex west and one hex size north of hex (0, 0)'s
    # centre, which DampfrossDigital puts at (x_origin, y_origin) metres.
    s_km = d["meta"]["hex_size_m"] / 1000
    assert geo["origin_km"][0] + SQRT3 * s_km / 2 == pytest.approx(d["meta"]["x_origin"] / 1000, abs=1e-5)
    assert geo["origin_km"][1] - s_km == pytest.approx(d["meta"]["y_origin"] / 1000, abs=1e-5)


@needs_peers
def test_the_test_maps_ferry(imported):
    m, _ = imported("Test")
    # Test.dmpfmap: one ferry from (row 5, col 2) to (row 3, col 7), both cities ("New City").
    assert [(f.from_city, str(f.to)) for f in m.ferries] == [("New City 2", "H4")]


# Made's Samota lies behind a border with no ferry (E135): the map is written, import exits 1.
@pytest.mark.parametrize("name, cities, overrides, errors", [
    pytest.param("Test", ["New City", "New City 2", "New City 3"], "forest 1", [], marks=needs_peers),
    ("Made", ["Desetinná", "Hora", "New City", "New City 2", "Ostrov", "Přístav", "Samota"], "forest 1",
     ["E135"]),
])
def test_duplicate_city_names_are_renamed_with_a_note(tmp_path, source_of, name, cities, overrides, errors):
    out = tmp_path / "test.yaml"
    r = run_here("import", source_of(name), "-o", out, "--format", "json", "--name", "Zkouška")
    assert r.returncode == (1 if errors else 0), r.stderr
    report = json.loads(r.stdout)
    assert [e["code"] for e in report["errors"]] == errors
    assert report["kind"] == "dmpfmap"
    assert any("renamed" in n and "New City 2" in n for n in report["notes"])
    assert any(overrides in n for n in report["notes"])
    m = load_map(out, allow={"E135": "an island without a ferry"})
    assert sorted(c.name for c in m.cities) == cities
    assert m.name == "Zkouška"


# -- bad input ---------------------------------------------------------------------------------------

def archive(path, *, meta=None, cities=None, cities_text=None, arrays=None, extra=None, skip=()):
    meta = {"rows": 2, "cols": 3, "region_name": "Mini"} if meta is None else meta
    cities = [{"row": 0, "col": 0, "name": "Plzeň", "number": 11}] if cities is None else cities
    base = {"cells": np.array([[1, 1, 0], [1, 0, 0]], bool), "other_land": np.array([[0, 0, 1], [0, 1, 0]], bool),
            "is_mountainous": np.zeros((2, 3), bool)}
    base.update(arrays or {})
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("meta.json", json.dumps(meta))
        z.writestr("cities.json", cities_text if cities_text is not None else json.dumps(cities))
        for k, v in base.items():
            if f"arrays/{k}.npy" not in skip:
                z.writestr(f"arrays/{k}.npy", v if isinstance(v, bytes) else npy(v))
        for k, v in (extra or {}).items():
            z.writestr(k, v)
    return path


@pytest.mark.parametrize("case, needle", [
    ("notzip", "not a ZIP archive"),
    ("missing", "arrays/cells.npy is missing"),
    ("shape", "shape (3, 3), expected (2, 3)"),
    ("pickle", "not a NumPy array file"),
    ("json", "cities.json:1: malformed JSON"),
    ("row", "row is 7, outside 0..1"),
    ("river", "rivers/0.npy has shape (4,)"),
    ("bomb", "zip bomb"),
])
def test_bad_archives_give_one_line_errors(tmp_path, case, needle):
    src = tmp_path / f"{case}.dmpfmap"
    if case == "notzip":
        src.write_text("not a zip at all", "utf-8")
    elif case == "missing":
        archive(src, skip=("arrays/cells.npy",))
    elif case == "shape":
        archive(src, arrays={"cells": np.zeros((3, 3), bool)})
    elif case == "pickle":
        archive(src, arrays={"other_land": np.array([[None, 1, 2], [3, 4, 5]], dtype=object)})
    elif case == "json":
        archive(src, cities_text="[{")
    elif case == "row":
        archive(src, cities=[{"row": 7, "col": 0, "name": "Far", "number": 11}])
    elif case == "river":
        archive(src, extra={"rivers/0.npy": npy(np.zeros(4, np.float32))})
    elif case == "bomb":
        # 33 MB of zeros packs into a few tens of kilobytes.
        archive(src, arrays={"cells": b"\0" * (33 * 1024 * 1024)})
    out = tmp_path / "out.yaml"
    r = run_here("import", src, "-o", out)
    assert_one_line_error(r, src.name, needle)
    assert not out.exists()


def test_numbers_that_are_not_race_codes_are_reported_not_fatal(tmp_path):
    src = archive(tmp_path / "odd.dmpfmap", cities=[
        {"row": 0, "col": 0, "name": "Plzeň", "number": 7},
        {"row": 0, "col": 1, "name": "Brno", "number": "12"},
        {"row": 1, "col": 0, "name": "Ostrava", "number": [13, 14]}])
    out = tmp_path / "odd.yaml"
    r = run_here("import", src, "-o", out, "--format", "json")
    # Written all the same, but invalid: exit code 1 (mapkit import, issue 22).
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)
    assert any("Brno" in n and "'12'" in n for n in report["notes"])
    assert [e["code"] for e in report["errors"]] == ["E140"]
    text = out.read_text("utf-8")
    assert "numbers: [7]" in text and "numbers: [13, 14]" in text


# -- hostile archives -------------------------------------------------------------------------------

def test_a_river_waypoint_far_off_the_board_is_cut_at_the_board(tmp_path):
    # A river along three sides of hex (row 1, col 2), then on to a waypoint far east. What lies
    # beyond the board has no edges; the sides on the board are kept; 1e6 and 1e300 give the same.
    sides = along_sides(1, 2, 0, 3)
    got = {}
    for far in (1e6, 1e300):
        src = archive(tmp_path / f"far{far:g}.dmpfmap", meta={"rows": 4, "cols": 6, "region_name": "Far"},
                      cities=[{"row": 0, "col": 0, "name": "A", "number": 11}],
                      arrays={"cells": np.ones((4, 6), bool), "other_land": np.zeros((4, 6), bool),
                              "is_mountainous": np.zeros((4, 6), bool)},
                      extra={"rivers/0.npy": npy(np.array(sides + [(far, sides[-1][1])], float))})
        m, _ = read_dmpfmap(src)
        got[far] = m.edge_set("rivers")
        assert river_edges(np.array(sides), 4, 6) <= got[far]
        assert all(m.grid.is_edge(e) for e in got[far])
    assert got[1e6] == got[1e300]


def test_a_scribble_of_200000_points_is_refused_at_once(tmp_path):
    rng = np.random.default_rng(1)
    src = archive(tmp_path / "scribble.dmpfmap", extra={"rivers/0.npy": npy(rng.uniform(0, 4, (200_000, 2)))})
    r = run_here("import", src, "-o", tmp_path / "out.yaml")
    assert_one_line_error(r, "scribble.dmpfmap", "rivers/0.npy", "hex sides")


@pytest.mark.parametrize("case, needle", [
    ("meta-int", "member meta.json:1: a number of 5000 digits is too long"),
    ("city-int", "member cities.json:1: a number of 4400 digits is too long"),
    ("surrogate", "member cities.json: [0].name: a lone surrogate"),
    ("deep", "member cities.json: nested more than"),
])
def test_huge_numbers_lone_surrogates_and_deep_json_are_one_line(tmp_path, case, needle):
    src = tmp_path / f"{case}.dmpfmap"
    if case == "meta-int":
        with zipfile.ZipFile(src, "w") as z:
            z.writestr("meta.json", '{"rows": ' + "9" * 5000 + ', "cols": 3}')
    elif case == "city-int":
        archive(src, cities_text='[{"row": 0, "col": 0, "name": "A", "number": ' + "1" * 4400 + "}]")
    elif case == "surrogate":
        archive(src, cities_text='[{"row": 0, "col": 0, "name": "Pl\\ud800", "number": 11}]')
    else:
        archive(src, cities_text="[" * 100_000 + "]" * 100_000)
    out = tmp_path / "out.yaml"
    r = run_here("import", src, "-o", out)
    assert_one_line_error(r, needle)
    assert not out.exists() and len(r.stderr) < 300


def test_a_river_member_named_by_a_huge_number_is_not_a_river(tmp_path):
    src = archive(tmp_path / "name.dmpfmap", extra={f"rivers/{'9' * 5000}.npy": npy(np.zeros((2, 2)))})
    m, notes = read_dmpfmap(src)
    assert m.rivers == []
