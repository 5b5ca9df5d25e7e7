"""City names on their white plates over hatched mountains, on a board drawn by ``mapkit render``
without colour at 150 dpi (Los Angeles and Las Vegas on the USA West map came back as "Los
Angel" and "Las Vega"). The last letters of such names (e, s, a: no upright stroke) lie on the
plate with the hatching just above and below it; they belong to the name because they are
pieces of print of a letter's height, apart from the hatching, not because the rows above and
below are bare.

One board of mountains only checks it: a board hatched just round the cities (two rings of
mountains) once did too, and both read "Los Angel" and "Las Vega" when pieces of print do not
count (``NAME_PIECE`` set out of reach)."""

from __future__ import annotations

import pytest

from tests.support import read_back
from mapkit.grid import Grid, parse_hex
from mapkit.imaging.ocr import ocr_available
from mapkit.model import City, Map

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")

H = parse_hex
# Names ending in letters without an upright stroke, each city deep in hatched mountains.
PLACES = [("C3", "Los Angeles", (11,)), ("H3", "Las Vegas", (12,)), ("C7", "Pasadena", (13,)),
          ("H7", "Glendale", (14,))]


def test_a_board_hatched_all_over_keeps_its_cities_and_names(tmp_path):
    """Every hex a mountain, the cities' own hexes hatched too: the names come back whole; the
    hatching just inside a ring left light at only 0.48 of the angles in row 3 (the cities
    were lost), and the texture past a name's plate was read on as letters
    ("PasadenaNNNN")."""
    g = Grid("pointy", "odd", 11, 9, 14.0)
    cities = [City(name, H(h), n) for h, name, n in PLACES]
    m = Map(grid=g, terrain={h: "mountain" for h in g.hexes()}, cities=cities, meta={"name": "Sierra"})
    got = {c.hex: c.name for c in read_back(tmp_path, m, "--dpi", 150, "--style", "mono").cities}
    assert got == {H(h): name for h, name, _n in PLACES}
