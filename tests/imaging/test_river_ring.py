"""A city with a river on every side, drawn by mapkit's renderer: the river covers the red
outline all round, and what is left to tell the city is the race number in its middle
(``benchmarks/image_import.py --seed 3``, board render-3, once lost its city U3 this way).
A plain hex ringed by a river, with nothing written in it, stays no city."""

from __future__ import annotations

import dataclasses

import pytest

from mapkit.grid import parse_hex
from mapkit import testing as syn
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.model import City, EdgeSet

pytest.importorskip("cairosvg")


def _ringed_board():
    m = syn.random_map(3003, 12, 10, "pointy", "odd", cities=20)
    island, bare = parse_hex("D4"), parse_hex("I6")
    g = m.grid
    terrain = dict(m.terrain)
    terrain[island] = terrain[bare] = "plain"
    for h in (island, bare):
        for n in g.neighbours(h):
            terrain[n] = "plain"
    near = {island, bare} | set(g.neighbours(island)) | set(g.neighbours(bare))
    # The cities round the two hexes give way; their race numbers go to the island city.
    cities = [c for c in m.cities if c.hex not in near]
    freed = tuple(sorted(n for c in m.cities if c.hex in near for n in c.numbers))
    cities.append(City("Ostrov", island, freed))
    rivers = [EdgeSet(frozenset(g.edges_of(island)), "Round the island"),
              EdgeSet(frozenset(g.edges_of(bare)), "Round the meadow")]
    borders = [EdgeSet(frozenset(e for e in b.edges if not set(e) & near), b.name)
               for b in m.borders]
    return dataclasses.replace(m, terrain=terrain, rivers=rivers, borders=borders,
                               cities=cities), island, bare


# (pixels a hex, damage): each lost the city before (its outline hidden all round)
@pytest.mark.parametrize("hex_px, damage", [(21.0, 3000), (24.0, 3004), (27.0, 3001)])
def test_a_city_ringed_by_a_river_is_found_by_its_number(tmp_path, hex_px, damage):
    from PIL import Image

    from mapkit.render import write_board

    m, island, bare = _ringed_board()
    raw = tmp_path / "raw.png"
    write_board(m, str(raw), paper="fit", dpi=hex_px * 25.4 / m.grid.hex_mm)
    img = syn.degrade(Image.open(raw).convert("RGB"), syn.random_degradation(damage))
    path = tmp_path / "board.jpg"
    img.save(path, quality=80)
    g = m.grid
    got, _ = import_map(str(path), ImportOptions(orientation=g.orientation, offset=g.offset,
                                                 columns=g.columns, rows=g.rows, hex_px=hex_px,
                                             legend=None, ocr=False))
    found = {c.hex for c in got.cities}
    assert island in found
    assert bare not in found
    assert found == {c.hex for c in m.cities}
