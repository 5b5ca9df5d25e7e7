"""Race numbers of port cities in a JPEG of a board drawn by ``mapkit render`` (colour, 150
dpi, quality 85): the anchor left of a port's numbers is drawn in the river colour, which JPEG
keeps at half resolution, so its thin strokes no longer show that colour and were left as ink
beside the digits (28 of the 210 numbers of the bundled maps went wrong so, all of them
ports'). The anchor is now taken out by its shape and place, as on a board without colour (on
this board, with the anchors left in, all five ports come back wrong).

A small board of eight cities, five of them ports, their numbers with each digit in each place;
the whole boards as JPEG are measured by ``benchmarks/image_import.py --round-trip-only --trips
colour-150-jpg`` (all 210 race numbers of the bundled maps)."""

from __future__ import annotations

import pytest

from tests.support import run_here
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.imaging.ocr import ocr_available
from mapkit.io.yamlwrite import save_map
from mapkit.model import City, Map

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")

H = parse_hex
# (hex, race number): each digit first and second; all but every third city ports.
PLACES = [("B2", 12), ("E2", 23), ("H2", 34), ("C4", 45), ("F4", 56), ("B6", 61), ("E6", 14),
          ("H6", 25)]


def test_port_numbers_are_read_from_a_jpeg(tmp_path):
    from PIL import Image

    g = Grid("pointy", "odd", 9, 7, 14.0)
    cities = [City(f"Port {n}" if i % 3 else f"Town {n}", H(h), (n,), tags=("port",) if i % 3 else ())
              for i, (h, n) in enumerate(PLACES)]
    m = Map(grid=g, terrain={h: "plain" for h in g.hexes()}, cities=cities, meta={"name": "Ports"})
    save_map(m, tmp_path / "ports.yaml")
    png = tmp_path / "board.png"
    r = run_here("render", tmp_path / "ports.yaml", "-o", png, "--dpi", 150, "--paper", "fit")
    assert r.returncode == 0, r.stderr
    pic = tmp_path / "board.jpg"
    Image.open(png).convert("RGB").save(pic, quality=85)
    got, _ = import_map(str(pic), ImportOptions())
    read = {c.hex: c.numbers for c in got.cities}
    wrong = [(h, n, read.get(H(h))) for h, n in PLACES if read.get(H(h)) != (n,)]
    assert wrong == []
