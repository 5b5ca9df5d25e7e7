"""Race numbers on a small board printed by ``mapkit render``: with fewer than 12 lone numbers
the board's own digits are not learnt (docs/import.md, "Numbers"), and the templates and
Tesseract read each number alone. The text block of a crop lost the foot of a number's last
1 (its columns hold a sixth of a stem's ink), and every number ending in 1 read as one ending
in 3 on 9 x 7 boards with 8 cities (13 of the 160 numbers of 20 random boards; 11 as 13 in
four of them)."""

from __future__ import annotations

import pytest

from tests.support import numbers_read_back
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.ocr import ocr_available
from mapkit.model import City, Map

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")


def test_numbers_ending_in_1_on_a_small_board(tmp_path):
    g = Grid("pointy", "odd", 7, 5, 14.0)
    places = {"A1": 11, "C1": 21, "E1": 31, "G2": 41, "B4": 51, "D4": 61, "F5": 16}
    cities = [City(f"Town {n}", parse_hex(h), (n,)) for h, n in places.items()]
    m = Map(grid=g, terrain={h: "plain" for h in g.hexes()}, cities=cities, meta={"name": "Ones"})
    got = numbers_read_back(tmp_path, m, "--paper", "fit", "--dpi", 150)
    assert got == {parse_hex(h): (n,) for h, n in places.items()}
