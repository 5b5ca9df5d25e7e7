"""A city on a board printed without colour stands on plain or mountain, told by the hatching
round its race numbers: three numbers stacked over a mountain city (Brno on the example map)
cover so much of its hatching that the lines of the whole disc read as a plain city's."""

from __future__ import annotations

from tests.support import run_here
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.io.yamlwrite import save_map
from mapkit.model import City, Map


def test_three_numbers_on_a_hatched_city_leave_it_a_mountain(tmp_path):
    g = Grid("pointy", "odd", 7, 5, 14.0)
    terrain = {h: "plain" for h in g.hexes()}
    for n in ("B2", "B3", "C2", "C3", "C4"):
        terrain[parse_hex(n)] = "mountain"
    cities = [City("Brno", parse_hex("C3"), (31, 32, 33)), City("Olomouc", parse_hex("E3"), (34, 35, 36)),
              City("Zlín", parse_hex("B2"), (11,))]
    src, pic = tmp_path / "hatched.yaml", tmp_path / "hatched.png"
    save_map(Map(grid=g, terrain=terrain, cities=cities, meta={"name": "Hatched"}), src)
    r = run_here("render", src, "-o", pic, "--dpi", 150, "--style", "mono", "--paper", "fit")
    assert r.returncode == 0, r.stderr
    got, _ = import_map(str(pic), ImportOptions(ocr=False))
    assert got.terrain_at(parse_hex("C3")) == "mountain"     # three numbers on hatching
    assert got.terrain_at(parse_hex("E3")) == "plain"        # three numbers on paper
    assert got.terrain == terrain
