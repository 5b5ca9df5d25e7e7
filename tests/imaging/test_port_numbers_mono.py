"""Race numbers stacked two or three high beside a port's anchor, on a board drawn by ``mapkit
render`` without colour (150 dpi), as San Francisco (44, 45) and Los Angeles (41, 42, 43) are
on the USA West map. The anchor, black there, is told from the digits by the gap between them;
that gap was measured against the height of all the ink, twice a digit's where numbers are
stacked, so the anchor stayed beside the digits and the numbers came back wrong (5 on the
bundled maps)."""

from __future__ import annotations

import pytest

from tests.support import numbers_read_back
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.ocr import ocr_available
from mapkit.model import City, Map

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")

H = parse_hex
# (hex, race numbers): the 36 once, six cities of three and nine of two; all but three ports.
PLACES = [("B2", (11, 12, 13)), ("F2", (14, 15)), ("J2", (16, 21)), ("N2", (22, 23, 24)),
          ("C5", (25, 26)), ("G5", (31, 32, 33)), ("K5", (34, 35)), ("O5", (36, 41)),
          ("B8", (42, 43, 44)), ("F8", (45, 46)), ("J8", (51, 52)), ("N8", (53, 54, 55)),
          ("C11", (56, 61)), ("G11", (62, 63, 64)), ("K11", (65, 66))]


def test_stacked_numbers_beside_an_anchor_are_read_in_mono(tmp_path):
    g = Grid("pointy", "odd", 17, 13, 14.0)
    cities = [City(f"Port {n[0]}" if i % 5 else f"Town {n[0]}", H(h), n,
                   tags=("port",) if i % 5 else ())
              for i, (h, n) in enumerate(PLACES)]
    m = Map(grid=g, terrain={h: "plain" for h in g.hexes()}, cities=cities, meta={"name": "Ports"})
    read = numbers_read_back(tmp_path, m, "--dpi", 150, "--style", "mono")
    wrong = [(h, n, read.get(H(h))) for h, n in PLACES if read.get(H(h)) != n]
    assert wrong == []
