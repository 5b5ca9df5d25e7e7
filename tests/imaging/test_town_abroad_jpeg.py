"""A town abroad (a ring on foreign land, every neighbour foreign too, as the Czech map draws
Wrocław) in a JPEG of a board drawn by ``mapkit render``: its ring, blurred red along its
sides, is no border towards its neighbours abroad (at quality 85 three such sides of the Czech
map were read as border edges: the board's outline level, lower in JPEG, plus the weak
showing allowed where home meets abroad, was reached there)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support import run_here
from mapkit.grid import Grid, edge, edge_name, parse_hex
from mapkit.imaging import params as P
from mapkit.imaging.edges import _OutlineRules
from mapkit.imaging.edgeshares import EdgeShares
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.io.yamlwrite import save_map
from mapkit.model import City, EdgeSet, Map, Rules

H = parse_hex


def _board(path):
    """9 x 7 pointy hexes, the right four columns a neighbouring state behind a border; four
    cities at home, one town abroad in G4 (every neighbour abroad: F3 F4 F5 G3 G5 H4 in a row
    pushed right are columns 5 to 7)."""
    g = Grid("pointy", "odd", 9, 7, 14.0)
    terrain = {h: ("foreign" if h.col >= 5 else "plain") for h in g.hexes()}
    border = {edge(a, b) for a in g.hexes() for b in g.neighbours(a)
              if terrain[a] != "foreign" and terrain[b] == "foreign"}
    cities = [City("Ahlen", H("B2"), (11,)), City("Borken", H("C5"), (12,)),
              City("Celle", H("B6"), (13,)), City("Detmold", H("D3"), (14,)),
              City("Emden abroad", H("G4"), (), tags=("abroad", "red-cross"))]
    m = Map(grid=g, terrain=terrain, borders=[EdgeSet(frozenset(border), "X-Y")], cities=cities,
            rules=Rules(border_crossing=True), meta={"name": "Twoland"})
    save_map(m, path)
    return m


def test_a_weak_border_showing_counts_from_home_towards_abroad_only():
    # One side each: a home city (B2) towards abroad (C2), and a town abroad (E2) towards its
    # neighbour abroad (F2); both cities' rings hug their sides. The border colour shows on
    # each side between the board's outline level plus WEAK_ALPHA and plus STROKE_ALPHA:
    # enough where home meets abroad, not round a town abroad.
    g = Grid("pointy", "odd", 7, 3, 1.0)
    home, town = H("B2"), H("E2")
    terrain = {h: ("plain" if h.col <= 1 else "foreign") for h in g.hexes()}
    sides = [edge(home, H("C2")), edge(town, H("F2"))]
    level = 0.6
    show = level + (P.WEAK_ALPHA + P.STROKE_ALPHA) / 2
    n = len(sides)
    shares = EdgeShares(["border"], np.full((n, 1), show), np.zeros((n, 1, 2)), np.zeros((n, 1)),
                        np.zeros((n, 1)), np.zeros((n, 1, 2)), np.zeros((n, 1, 2)))
    cities = {home: 0.435, town: 0.435}
    rules = _OutlineRules(terrain, cities, set(), set(cities), level, None, shares, 0)
    assert rules.border_share(0, sides[0], show) == pytest.approx(show)
    assert rules.border_share(1, sides[1], show) == 0.0


def test_a_town_abroad_has_no_border_round_it_in_jpeg(tmp_path):
    from PIL import Image

    truth = _board(tmp_path / "twoland.yaml")
    town = H("G4")
    assert all(truth.terrain[n] == "foreign" for n in truth.grid.neighbours(town))
    png = tmp_path / "board.png"
    r = run_here("render", tmp_path / "twoland.yaml", "-o", png, "--dpi", 150, "--paper", "fit")
    assert r.returncode == 0, r.stderr
    pic = tmp_path / "board.jpg"
    Image.open(png).convert("RGB").save(pic, quality=85)
    got, _ = import_map(str(pic), ImportOptions(ocr=False))
    round_town = {edge(town, n) for n in truth.grid.neighbours(town)}
    assert not round_town & got.edge_set("borders"), [edge_name(e) for e in round_town & got.edge_set("borders")]
    assert got.edge_set("borders") == truth.edge_set("borders")
    assert {c.hex for c in got.cities} == {c.hex for c in truth.cities}
    assert got.terrain[town] == "foreign"
