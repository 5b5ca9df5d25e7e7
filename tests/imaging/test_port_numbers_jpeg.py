"""Race numbers of port cities in a JPEG of a board drawn by ``mapkit render`` (colour, 150
dpi, quality 85): the anchor left of a port's numbers is drawn in the river colour, which JPEG
keeps at half resolution, so its thin strokes no longer show that colour and were left as ink
beside the digits (28 of the 210 numbers of the bundled maps went wrong so, all of them
ports'). The anchor is now taken out by its shape and place, as on a board without colour."""

from __future__ import annotations

import pytest

from tests.support import run_here
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.imaging.ocr import ocr_available
from mapkit.io.yamlmap import save_map
from mapkit.model import City, Map

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")

H = parse_hex
# (hex, race number): every number of the 36 once, two thirds of the cities ports.
PLACES = [("B2", 11), ("E2", 12), ("H2", 13), ("K2", 14), ("N2", 15), ("Q2", 16),
          ("C4", 21), ("F4", 22), ("I4", 23), ("L4", 24), ("O4", 25), ("R4", 26),
          ("B6", 31), ("E6", 32), ("H6", 33), ("K6", 34), ("N6", 35), ("Q6", 36),
          ("C8", 41), ("F8", 42), ("I8", 43), ("L8", 44), ("O8", 45), ("R8", 46),
          ("B10", 51), ("E10", 52), ("H10", 53), ("K10", 54), ("N10", 55), ("Q10", 56),
          ("C12", 61), ("F12", 62), ("I12", 63), ("L12", 64), ("O12", 65), ("R12", 66)]


def test_port_numbers_are_read_from_a_jpeg(tmp_path):
    from PIL import Image

    g = Grid("pointy", "odd", 19, 13, 14.0)
    cities = [City(f"Port {n}" if i % 3 else f"Town {n}", H(h), (n,), tags=("port",) if i % 3 else ())
              for i, (h, n) in enumerate(PLACES)]
    m = Map(grid=g, terrain={h: "plain" for h in g.hexes()}, cities=cities, meta={"name": "Ports"})
    save_map(m, tmp_path / "ports.yaml")
    png = tmp_path / "board.png"
    r = run_here("render", tmp_path / "ports.yaml", "-o", png, "--dpi", 150)
    assert r.returncode == 0, r.stderr
    pic = tmp_path / "board.jpg"
    Image.open(png).convert("RGB").save(pic, quality=85)
    got, _ = import_map(str(pic), ImportOptions())
    read = {c.hex: c.numbers for c in got.cities}
    wrong = [(h, n, read.get(H(h))) for h, n in PLACES if read.get(H(h)) != (n,)]
    assert wrong == []
