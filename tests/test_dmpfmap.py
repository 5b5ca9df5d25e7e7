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

from conftest import PEERS, assert_one_line_error, run_cli
from mapkit.grid import Hex, edge
from mapkit.io.dmpfmap import read_dmpfmap
from mapkit.io.yamlmap import dump_map, load_map, parse_map
from mapkit.validate import validate

DD = PEERS / "dampfrossdigital"
MAPS = ["France", "Germany", "Italy", "Spain", "Test"]
SQRT3 = math.sqrt(3)


def members(name):
    with zipfile.ZipFile(DD / f"{name}.dmpfmap") as z:
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
        for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
            assert abs(math.dist((x0, y0), (x1, y1)) - 1) < 1e-3  # one side apart
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            nx, ny = -(y1 - y0), x1 - x0  # unit normal of the side
            hexes = [hex_of_unit_centre(mx + k * nx * SQRT3 / 2, my + k * ny * SQRT3 / 2) for k in (1, -1)]
            if all(0 <= r < rows and 0 <= c < cols for r, c in hexes):
                (r0, c0), (r1, c1) = hexes
                out.add(edge(Hex(c0, r0), Hex(c1, r1)))
    return out


@pytest.fixture(scope="module")
def imported():
    return {name: read_dmpfmap(DD / f"{name}.dmpfmap") for name in MAPS}


@pytest.mark.parametrize("name", MAPS)
def test_terrain_cities_and_borders_match_the_arrays(imported, name):
    m, _ = imported[name]
    d = members(name)
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
    # Cities: same hexes and numbers, in the file's order after sorting by number.
    got = sorted((c.hex, c.numbers) for c in m.cities)
    want = sorted((Hex(c["col"], c["row"]), (c["number"],)) for c in d["cities"])
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


@pytest.mark.parametrize("name", ["France", "Germany", "Italy", "Spain"])
def test_rivers_are_the_sides_their_waypoints_run_along(imported, name):
    m, _ = imported[name]
    d = members(name)
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


@pytest.mark.parametrize("name", MAPS)
def test_validation_finds_only_island_cities_and_missing_numbers(imported, name):
    m, _ = imported[name]
    d = members(name)
    issues = validate(m)
    errors = [i for i in issues if i.is_error]
    # The only possible errors: cities on islands (Corsica, Sardinia, Sicily, Mallorca) that
    # no ferry reaches.
    assert {i.code for i in errors} <= {"E135"}
    assert {i.where for i in errors} == _unreachable_cities(m, d)
    missing = 36 - len(d["cities"])
    assert any(i.code == "W200" for i in issues) == (missing > 0)
    # The written file reads back to the same map.
    back, read_issues = parse_map(dump_map(m), "back.yaml")
    assert back == m and not read_issues


def test_ferries_and_geo(imported):
    m, _ = imported["Test"]
    # Test.dmpfmap: one ferry from (row 5, col 2) to (row 3, col 7), both cities ("New City").
    assert [(f.from_city, str(f.to)) for f in m.ferries] == [("New City 2", "H4")]
    m, _ = imported["France"]
    d = members("France")
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


def test_duplicate_city_names_are_renamed_with_a_note(tmp_path):
    out = tmp_path / "test.yaml"
    r = run_cli("import", DD / "Test.dmpfmap", "-o", out, "--format", "json", "--name", "Zkouška")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["kind"] == "dmpfmap" and report["errors"] == []
    assert any("renamed" in n and "New City 2" in n for n in report["notes"])
    assert any("forest 1" in n for n in report["notes"])
    m = load_map(out)
    assert sorted(c.name for c in m.cities) == ["New City", "New City 2", "New City 3"]
    assert m.name == "Zkouška"


# -- bad input ---------------------------------------------------------------------------------------

def npy(a) -> bytes:
    b = io.BytesIO()
    np.save(b, a, allow_pickle=True)
    return b.getvalue()


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
    r = run_cli("import", src, "-o", out)
    assert_one_line_error(r, src.name, needle)
    assert not out.exists()


def test_numbers_that_are_not_race_codes_are_reported_not_fatal(tmp_path):
    src = archive(tmp_path / "odd.dmpfmap", cities=[
        {"row": 0, "col": 0, "name": "Plzeň", "number": 7},
        {"row": 0, "col": 1, "name": "Brno", "number": "12"},
        {"row": 1, "col": 0, "name": "Ostrava", "number": [13, 14]}])
    out = tmp_path / "odd.yaml"
    r = run_cli("import", src, "-o", out, "--format", "json")
    # Written all the same, but invalid: exit code 1 (mapkit import, issue 22).
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)
    assert any("Brno" in n and "'12'" in n for n in report["notes"])
    assert [e["code"] for e in report["errors"]] == ["E140"]
    text = out.read_text("utf-8")
    assert "numbers: [7]" in text and "numbers: [13, 14]" in text
