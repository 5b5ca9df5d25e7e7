"""Towns abroad: the Czech map rings five towns across the frontier (Chemnitz, Wrocław, ...)
deep in the neighbouring state, with no race number. Drawn and imported, each is a city on
foreign land, and OCR leaves it without numbers (inside its ring the state's dark ground
would pass for ink) and says so. Here two towns deep in the neighbouring state of a small
random board; the Czech board's are read back by ``benchmarks/image_import.py`` and
``benchmarks/readback.py``."""

from __future__ import annotations

import dataclasses

from mapkit.grid import hex_name
from mapkit import testing as syn
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.imaging.ocr import ocr_available
from mapkit.model import City


def _board_with_towns_abroad():
    m = syn.random_map(17, 11, 9, "pointy", "odd", cities=8)
    g = m.grid
    deep = [h for h in g.hexes() if m.terrain[h] == "foreign"
            and all(m.terrain[n] == "foreign" for n in g.neighbours(h))]
    towns = []
    for h in deep:          # two towns, apart from each other and from every city
        if all(g.distance(h, t) >= 3 for t in towns) and all(g.distance(h, c.hex) >= 2 for c in m.cities):
            towns.append(h)
        if len(towns) == 2:
            break
    assert len(towns) == 2, "the random map has no deep foreign land to put towns in"
    cities = list(m.cities) + [City(f"Town abroad {i + 1}", h, ()) for i, h in enumerate(towns)]
    return dataclasses.replace(m, cities=cities), towns


def test_towns_abroad_are_cities_without_numbers(tmp_path):
    m, towns = _board_with_towns_abroad()
    img, _legend = syn.draw_board(m, 32.0, syn.dampfross_style())
    path = tmp_path / "abroad.png"
    img.save(path)
    got, notes = import_map(str(path), ImportOptions(legend=None, ocr=ocr_available() is None))
    found = {c.hex: c.numbers for c in got.cities}
    for h in towns:
        assert h in found, hex_name(h)
        assert found[h] == ()
        assert got.terrain[h] == "foreign"
    # Every city at home is found too, and nothing else.
    assert set(found) == {c.hex for c in m.cities}
    if ocr_available() is None:
        assert any("abroad, race numbers not read" in n and hex_name(towns[0]) in n for n in notes)
