"""Ferry lines on a board drawn by ``mapkit render`` (issue 22): a dashed line from a port's side
to the middle of a hex is a ferry, not a river, even where its course runs along a hex side;
the import says where each ferry runs and writes none under ``ferries:`` (the board prints no
cost and no fare)."""

from __future__ import annotations

import json

import pytest

from tests.support import run_here
from mapkit.grid import Grid, edge, edge_name, parse_hex
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.io.yamlwrite import save_map
from mapkit.model import City, EdgeSet, Ferry, Map

H = parse_hex


def _ferry_board(path):
    """A 9 x 7 pointy board, plain but for a neighbouring state in the two right columns.
    Ferry 1 runs from Ahlen (C2) two rows down to C4: pointy hexes two rows apart in one
    column are a corner apart, so the straight course between their middles runs along the
    side between the two hexes both touch. Ferry 2 runs
    from Borken (E6) straight right to H6, abroad, across sides. A river runs on three sides
    round F3; Celle (G2) is a city without a ferry."""
    g = Grid("pointy", "odd", 9, 7, 14.0)
    terrain = {h: ("foreign" if h.col >= 7 else "plain") for h in g.hexes()}
    river = {edge(H("F3"), H(n)) for n in ("F2", "G3", "F4")}
    cities = [City("Ahlen", H("C2"), (11,), tags=("port",)), City("Borken", H("E6"), (12,), tags=("port",)),
              City("Celle", H("G2"), (13,))]
    ferries = [Ferry("Ahlen-C4", "Ahlen", H("C4"), 6, (1, 3, 1)), Ferry("Borken-H6", "Borken", H("H6"), 6, (1, 2, 1))]
    m = Map(grid=g, terrain=terrain, rivers=[EdgeSet(frozenset(river), "Aa")], cities=cities,
            ferries=ferries, meta={"name": "Ferryland"})
    save_map(m, path)
    return m


@pytest.mark.parametrize("dpi, style", [(100, "colour"), (150, "colour"), (150, "mono")])
def test_a_ferry_line_is_no_river_and_its_ends_are_reported(tmp_path, dpi, style):
    """In colour the ferry is dark blue; without colour (``--style mono``) it is black, as the
    rivers and borders are: there its dashes must cover the whole width of the course, as a
    texture's dots and lines do not."""
    truth = _ferry_board(tmp_path / "ferries.yaml")
    # The side the first ferry's course runs along, from the grid alone: rows 2 and 4 (indices
    # 1 and 3, odd) are pushed half a hex right, so C2 and C4 stand 3 hexes from the left and
    # the hexes touching both are C3 and D3 (2.5 and 3.5 hexes from it): the side C3/D3.
    g = truth.grid
    both = sorted(set(g.neighbours(H("C2"))) & set(g.neighbours(H("C4"))))
    assert both == [H("C3"), H("D3")]
    along = edge(*both)
    pic = tmp_path / "board.png"
    r = run_here("render", tmp_path / "ferries.yaml", "-o", pic, "--dpi", dpi, "--style", style,
                 "--paper", "fit")
    assert r.returncode == 0, r.stderr
    report = tmp_path / "report.json"
    got, notes = import_map(str(pic), ImportOptions(ocr=False, report=str(report)))
    assert along not in got.edge_set("rivers"), edge_name(along)
    assert got.edge_set("rivers") == truth.edge_set("rivers")
    assert along not in got.edge_set("borders"), edge_name(along)   # (black dashes in mono)
    assert {c.hex for c in got.cities} == {H("C2"), H("E6"), H("G2")}
    assert got.ferries == []          # no cost or fare on the board: none made up
    ends = [(f["from"], f["to"]) for f in json.loads(report.read_text())["ferries"]]
    assert sorted(ends) == [("C2", "C4"), ("E6", "H6")]
    said = [n for n in notes if "ferry line" in n]
    assert len(said) == 2
    assert any("(C2) to C4" in n for n in said) and any("(E6) to H6" in n for n in said)
