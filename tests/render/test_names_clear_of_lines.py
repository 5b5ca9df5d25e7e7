"""City names are placed clear of the ink of rivers and borders, not only of their middle
lines: in the Expres look a river is 1.6 mm wide, so a name 0.35 mm (its plate's rim) from the
river's middle lay under its ink (42 names of the bundled maps; Würzburg's g under the Main on
tests/data/rhein-main.yaml).
Checked with shapely, independently of the placement: each name's box against the drawn
segments grown by half the style's widest line."""

from __future__ import annotations

import pytest
from shapely.geometry import MultiLineString, box

from mapkit.io.yamlmap import load_map
from mapkit.render.boardart import BoardArt
from mapkit.render.style import get_style, light_foreign
from tests.support import MAPS, ROOT


@pytest.mark.parametrize("path", [ROOT / "tests" / "data" / "rhein-main.yaml", MAPS / "czechia.yaml"],
                         ids=lambda p: p.stem)
@pytest.mark.parametrize("look", ["colour", "mono", "expres"])
def test_no_name_lies_under_a_river_or_border(path, look):
    art = BoardArt(load_map(path), light_foreign(get_style(look)))
    ink = max(art.style.river_width, art.style.border_width) / 2 * max(art.k, 0.7)
    lines = MultiLineString(art.drawn_segments(("rivers", "borders"))).buffer(ink)
    under = [k for k, lab in art.labels.items() if box(lab.x0, lab.y0, lab.x1, lab.y1).intersects(lines)]
    assert under == [] and not art.clashes()
