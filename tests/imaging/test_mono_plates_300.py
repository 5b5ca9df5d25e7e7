"""Race numbers of cities in hatched mountains, on a board drawn by ``mapkit render`` without
colour at 300 dpi (Reno and Salt Lake City on the USA map, 13 and 15, came back exchanged).
The numbers sit on a white plate, found by the squares of solid ink that fit in a digit's
stroke and in no hatching line; a fixed 3 x 3 square fitted in the hatching at 300 dpi (its
lines 2.6 px wide there), the plate took the hatching in, and 13 read 15 (on this board, with
the fixed square, both cities come back wrong).

A small board of two cities of three numbers, 11 to 16; the whole boards at 300 dpi in mono
(the USA map's Reno and Salt Lake City among them) are measured by
``benchmarks/image_import.py --round-trip-only --trips mono-300-png``."""

from __future__ import annotations

import pytest

from tests.support import numbers_read_back
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.ocr import ocr_available
from mapkit.model import City, Map

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")

H = parse_hex
# (hex, race numbers): two cities of three, each in hatched mountains.
PLACES = [("B2", (11, 12, 13)), ("E2", (14, 15, 16))]


def test_numbers_on_plates_in_hatched_mountains_at_300_dpi(tmp_path):
    g = Grid("pointy", "odd", 7, 4, 14.0)
    cities = [City(f"Berg {n[0]}", H(h), n) for h, n in PLACES]
    hills = {n for c in cities for n in [c.hex, *g.neighbours(c.hex)]}
    terrain = {h: "mountain" if h in hills else "plain" for h in g.hexes()}
    m = Map(grid=g, terrain=terrain, cities=cities, meta={"name": "Alps"})
    read = numbers_read_back(tmp_path, m, "--dpi", 300, "--style", "mono", "--paper", "fit")
    wrong = [(h, n, read.get(H(h))) for h, n in PLACES if read.get(H(h)) != n]
    assert wrong == []
