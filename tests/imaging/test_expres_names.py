"""Names in the Expres look, whose rivers are thick black lines about a letter high at 150 dpi,
read back from a small board cut out of the German map round Frankfurt am Main and Stuttgart
(tests/data/rhein-main.yaml: 8 x 12 hexes, the German map's columns G..N and rows 27..38 with
their terrain, rivers and borders). Before print solid over half a letter was left out of the
names' search (``names._solid``), the Main below Frankfurt was taken for its name's strokes
("Frankfurt Main am") and a slice of the Neckar beside Stuttgart's S for a letter
("Btuttgart"). Before a name's place kept clear of a river's ink, not only of its middle line
(``BoardArt``'s kept lines), Würzburg's g touched the Main and read "Würzbura". The names
expected are the map's own."""

from __future__ import annotations

import pytest

from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.imaging.ocr import ocr_available
from tests.support import ROOT, run_here

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")


def test_names_beside_thick_black_rivers_come_back(tmp_path):
    png = tmp_path / "board.png"
    r = run_here("render", ROOT / "tests" / "data" / "rhein-main.yaml", "-o", png, "--style", "expres", "--dpi", 150)
    assert r.returncode == 0, r.stderr
    got, _notes = import_map(str(png), ImportOptions())
    names = {c.hex: c.name for c in got.cities}
    want = {(4, 2): "Frankfurt am Main", (5, 9): "Stuttgart", (3, 8): "Karlsruhe", (7, 3): "Würzburg"}
    assert {h: names.get(h) for h in want} == want
