"""Race numbers stacked two or three high beside a port's anchor, on a board drawn by ``mapkit
render`` without colour (150 dpi), as San Francisco (44, 45) and Los Angeles (41, 42, 43) are
on the USA West map. The anchor, black there, is told from the digits by the gap between them;
that gap was measured against the height of all the ink, twice a digit's where numbers are
stacked, so the anchor stayed beside the digits and the numbers came back wrong (5 on the
bundled maps; on this board, with the gap measured so, one port of two numbers).

A small board of five cities, all but one ports; the whole boards in mono (the USA West map's
ports among them) are measured by ``benchmarks/image_import.py --round-trip-only --trips
mono-150-png``."""

from __future__ import annotations

import pytest

from tests.support import numbers_read_back
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.ocr import ocr_available
from mapkit.model import City, Map

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")

H = parse_hex
# (hex, race numbers): stacked three and two high; all but the first ports.
PLACES = [("B2", (11, 12, 13)), ("F2", (14, 15)), ("C5", (22, 23, 24)), ("G5", (25, 26)),
          ("D7", (41, 42, 43))]


def test_stacked_numbers_beside_an_anchor_are_read_in_mono(tmp_path):
    g = Grid("pointy", "odd", 9, 7, 14.0)
    cities = [City(f"Port {n[0]}" if i % 5 else f"Town {n[0]}", H(h), n,
                   tags=("port",) if i % 5 else ())
              for i, (h, n) in enumerate(PLACES)]
    m = Map(grid=g, terrain={h: "plain" for h in g.hexes()}, cities=cities, meta={"name": "Ports"})
    read = numbers_read_back(tmp_path, m, "--dpi", 150, "--style", "mono")
    wrong = [(h, n, read.get(H(h))) for h, n in PLACES if read.get(H(h)) != n]
    assert wrong == []
