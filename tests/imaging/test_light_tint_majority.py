"""A board whose neighbouring states outnumber its home land, printed in the toner-light tint
``mapkit render`` uses by default, read back: every foreign hex comes back foreign and the
light variant of the look is chosen. The light's first guess of the paper (the lightest third
of the hexes) was all home land and light states alike when the states passed two thirds of
the board, and the light, fitted to the most of them, made the states paper (the Slovak
drafts of ``mapkit design``: 210 of 360 hexes foreign; docs/import.md, "Legend")."""

from __future__ import annotations

import pytest

from mapkit import testing as syn
from mapkit.grid import Grid, edge, parse_hex
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.model import City, EdgeSet, Map
from mapkit.render.files import write_board
from mapkit.render.style import get_style, light_foreign


def _small_state_map() -> Map:
    """A 9 x 7 board: a home land of 15 hexes in its middle (3 of them mountains, 2 cities),
    the other 48 a neighbouring state behind a border, with a town abroad."""
    g = Grid("pointy", "odd", 9, 7, 14.0)
    home = {parse_hex(n) for n in ("C3", "D3", "E3", "F3", "C4", "D4", "E4", "F4", "G4",
                                   "C5", "D5", "E5", "F5", "D6", "E6")}
    terrain = {h: ("plain" if h in home else "foreign") for h in g.hexes()}
    for n in ("D5", "E5", "E6"):
        terrain[parse_hex(n)] = "mountain"
    border = {edge(a, b) for a in g.hexes() for b in g.neighbours(a) if a in home and b not in home}
    cities = [City("Nitra", parse_hex("D3"), (11,)), City("Zvolen", parse_hex("F4"), (12,)),
              City("Wien", parse_hex("A6"), ())]
    return Map(grid=g, terrain=terrain, borders=[EdgeSet(frozenset(border), "SK")], cities=cities,
               meta={"name": "Middle"})


@pytest.mark.parametrize("look", ["colour", "expres"])
def test_a_light_state_larger_than_the_home_land_reads_foreign(tmp_path, look):
    m = _small_state_map()
    assert sum(t == "foreign" for t in m.terrain.values()) > 2 * sum(t != "foreign" for t in m.terrain.values())
    path = tmp_path / f"{look}-light.png"
    write_board(m, str(path), dpi=150, style=light_foreign(get_style(look)))
    got, notes = import_map(str(path), ImportOptions(ocr=False))
    assert {h for h in m.terrain if got.terrain.get(h) != m.terrain[h]} == set()
    assert any(f"read with the legend '{look}-light'" in n for n in notes), notes
    wrong = {k: v for k, v in syn.map_differences(m, got).items() if v and k not in ("numbers", "names")}
    assert wrong == {}


def test_mountains_outnumbering_the_plain_stay_mountains_in_the_dark_tint(tmp_path):
    # The same first guess, on a mountain board (the Swiss and Slovene drafts: 279 mountain,
    # 200 plain hexes): the lightest third of the hexes was mostly mountains, which the light
    # then made paper, in the Dampfross colours with dark neighbouring states.
    m = _small_state_map()
    terrain = dict(m.terrain)
    for n in ("C3", "D3", "E3", "C4", "D4", "E4", "G4", "C5", "D6"):
        terrain[parse_hex(n)] = "mountain"
    m = m.replace(terrain=terrain)
    path = tmp_path / "colour-dark.png"
    write_board(m, str(path), dpi=150, style="colour")
    got, notes = import_map(str(path), ImportOptions(ocr=False))
    assert {h for h in m.terrain if got.terrain.get(h) != m.terrain[h]} == set()
    assert not any("read with the legend" in n for n in notes), notes
