"""Boards printed by ``mapkit render`` come back from ``mapkit import`` as the maps they were
drawn from (issue 22), as a user would do it: render to PNG at 150 dpi, import, compare item by
item with the map file. A small board made for the cases the Czech map once got wrong (two
cities side by side, a port, a town abroad at the board's edge, a river beside a border, a
lake, a city on a mountain), in colour and in mono, its neighbouring state in the render's
default toner-light tint and in the style's own dark one (``--dark-foreign``): the map, its
race numbers and names (read by OCR in one import of each look and of each tint), the legend
the importer chose for the look and tint, and no rule changed (the town abroad leaves
``rules.border_crossing`` at its default: E132, exit 1).

The whole boards are measured by the benchmarks, which print every figure:
``benchmarks/image_import.py`` (every bundled map in colour and mono at 100, 150 and 300 dpi
and as JPEG, item by item with the names; the Czech board at 150 dpi, once a test here, with
``--round-trip-only --maps czechia --trips colour-150-png -v``) and ``benchmarks/readback.py``
(every bundled map in every look and tint: the legend chosen, whether a rule changed)."""

from __future__ import annotations

import pytest

from tests.support import run_here
from mapkit.grid import Grid, edge, parse_hex
from mapkit.imaging.ocr import ocr_available
from mapkit.io.yamlmap import read_map
from mapkit.io.yamlwrite import save_map
from mapkit.model import City, EdgeSet, Map, Rules
from mapkit.testing import map_differences

pytestmark = pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")


def _round_trip(tmp_path, map_path, style="colour", dpi=150, *more, ocr=True):
    """Render ``map_path`` (``more``: further options of ``mapkit render``), import the picture
    (``ocr``: numbers and names read): ``(truth, map read back, import's process)``."""
    pic = tmp_path / f"board-{style}.png"
    r = run_here("render", map_path, "-o", pic, "--dpi", dpi, "--style", style, *more)
    assert r.returncode == 0, r.stderr
    out = tmp_path / f"back-{style}.yaml"
    r = run_here("import", pic, "-o", out, *(() if ocr else ("--no-ocr",)))
    truth, _ = read_map(map_path)
    got, _ = read_map(out)
    return truth, got, r


def _small_board(path):
    """A 9 x 7 board: a neighbouring state in the two right columns behind a border, a river
    along two of its sides and on one side inland, a lake in the corner; Přerov and Ústí side by
    side (their rings touch), Gdańsk a port, Jeseník on a mountain, Görlitz a town abroad at the
    board's edge (no number)."""
    g = Grid("pointy", "odd", 9, 7, 14.0)
    terrain = {h: ("foreign" if h.col >= 7 else "plain") for h in g.hexes()}
    for n in ("C5", "D5"):
        terrain[parse_hex(n)] = "mountain"
    for n in ("A1", "B1", "A2"):
        terrain[parse_hex(n)] = "water"
    border = {edge(a, b) for a in g.hexes() for b in g.neighbours(a)
              if terrain[a] != "foreign" and terrain[b] == "foreign"}
    along = sorted(border)[2:4]
    river = set(along) | {edge(parse_hex("F3"), parse_hex("F4"))}
    cities = [City("Přerov", parse_hex("C3"), (11,)), City("Ústí", parse_hex("D3"), (12, 13)),
              City("Gdańsk", parse_hex("E5"), (14,), tags=("port",)),
              City("Görlitz", parse_hex("I4"), ()), City("Šumperk", parse_hex("B6"), (15,)),
              City("Jeseník", parse_hex("D5"), (16,))]
    m = Map(grid=g, terrain=terrain, rivers=[EdgeSet(frozenset(river), "Bystrá")],
            borders=[EdgeSet(frozenset(border), "CZ-PL")], cities=cities,
            rules=Rules(border_crossing=True), meta={"name": "Smalland"})
    save_map(m, path)
    return along


# Each look in each tint; the race numbers and names read once in each look and each tint
# (Tesseract reads what the look prints, whatever the tint around it): the other two imports
# are made with --no-ocr.
@pytest.mark.parametrize("style, tint, ocr", [
    ("colour", (), True), ("colour", ("--dark-foreign",), False),
    ("mono", (), False), ("mono", ("--dark-foreign",), True),
], ids=["light-colour", "dark-colour", "light-mono", "dark-mono"])
def test_a_small_board_comes_back(tmp_path, style, tint, ocr):
    src = tmp_path / "small.yaml"
    along = _small_board(src)
    truth, got, r = _round_trip(tmp_path, src, style, 150, *tint, ocr=ocr)
    wrong = {k: v for k, v in map_differences(truth, got).items() if v}
    # Names are read by OCR: one miss allowed (Tesseract 5.3 reads Gdańsk as "Gdaňsk").
    names = wrong.pop("names", [])
    if ocr:
        assert len(names) <= 1, names
    else:
        assert set(wrong.pop("numbers", [])) == {c.hex for c in truth.cities if c.numbers}
        assert all(c.numbers == () for c in got.cities)
    assert wrong == {}
    # The legend of the look and tint, chosen by the importer (the Dampfross colours and the
    # mono look in their own dark tint are its defaults: no note), and no warning.
    said = r.stdout + r.stderr
    chosen = [n.split("read with the legend ")[1].split()[0] for n in said.splitlines() if "read with the legend" in n]
    assert chosen == ([] if tint else [repr(f"{style}-light")]), said
    assert "warning:" not in said
    # The town abroad leaves rules.border_crossing at its default (a picture changes no rule,
    # issue 37): validation says E132 and the import exits 1.
    assert not got.rules.border_crossing
    assert r.returncode == 1 and "E132" in said, said
    # Two rings side by side make no border; the river beside the border is both.
    assert edge(parse_hex("C3"), parse_hex("D3")) not in got.edge_set("borders")
    assert set(along) <= got.edge_set("rivers") & got.edge_set("borders")
    abroad = got.city_at(parse_hex("I4"))
    assert abroad.numbers == () and got.terrain_at(parse_hex("I4")) == "foreign"


def test_an_invalid_map_is_written_and_exits_1(tmp_path):
    # A board (drawn by the test drawer: mapkit render draws no invalid map) whose city
    # Šumperk stands on an island with no ferry: read as drawn, the map is invalid (E135).
    from mapkit.testing import dampfross_style, draw_board

    src = tmp_path / "small.yaml"
    _small_board(src)
    m, _ = read_map(src)
    lake = set(m.grid.neighbours(parse_hex("B6")))
    m = m.replace(terrain={h: ("water" if h in lake else t) for h, t in m.terrain.items()})
    img, _ = draw_board(m, 40.0, dampfross_style())
    pic = tmp_path / "board.png"
    img.save(pic)
    out = tmp_path / "back.yaml"
    r = run_here("import", pic, "-o", out)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert out.exists() and "E135" in r.stdout
    assert "does not validate" in r.stderr
