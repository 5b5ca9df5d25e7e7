"""A mountain colour close to the city colour, over a wide mountain range: USA West drawn
in a look whose mountain brown lies about 41 CIELAB units from its orange-red city colour,
at 23 px per hex. The blur tints each mountain hex all over with something near the city
colour; read as rings, 110 of its 129 mountain hexes were cities. A board has at most about
40 cities: far more ring-like hexes are that ground."""

from __future__ import annotations

import random
from pathlib import Path

from mapkit import testing as syn
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.io.yamlmap import load_map

ROOT = Path(__file__).resolve().parents[2]
SEED = 7012         # the look and the damage (random_style, random_degradation)


def test_a_wide_mountain_range_near_the_city_colour_is_not_cities(tmp_path):
    m = load_map(ROOT / "maps" / "usa-west.yaml")
    hex_px = random.Random(SEED).uniform(20, 27)
    img, legend = syn.draw_board(m, hex_px, syn.random_style(SEED))
    path = tmp_path / "usa-west.png"
    syn.degrade(img, syn.random_degradation(SEED)).save(path)
    legend_path = tmp_path / "legend.yaml"
    legend_path.write_text("".join(f'{k}: "{v}"\n' for k, v in legend.items()), encoding="utf-8")
    got, _notes = import_map(str(path), ImportOptions(legend=str(legend_path), ocr=False))
    truth = {c.hex for c in m.cities}
    found = {c.hex for c in got.cities}
    assert sum(t == "mountain" for t in m.terrain.values()) == 129
    assert truth <= found
    # 24 mountain hexes are still read as cities (those not tinted all over, or as strong
    # as the board's rings): short of right, but 110 were.
    assert len(found - truth) <= 30, len(found - truth)
