"""A board printed without colour on a page that fits it (``mapkit render --paper fit``): a
band of hatched mountains from the top row to the bottom one. The hatching hides the sides of
its hexes (hatch lines nearly along a side blur into it, lines across one break it up), so
each of its hexes shows two to four lines of six; the band cut the board in two and the
larger half was taken for the board (4 x 5 hexes of this 7 x 5 board; on an A4 page the
threshold of a line, measured against the page's typical side, was lower and the halves
held together). Hexes marked all over join the board as dark land does."""

from __future__ import annotations

from tests.support import assert_read_as, read_back
from mapkit.grid import Grid, parse_hex
from mapkit.model import City, Map


def test_a_band_of_hatched_mountains_leaves_the_board_whole(tmp_path):
    g = Grid("pointy", "odd", 7, 5, 14.0)
    terrain = {h: ("mountain" if h.col in (2, 3, 4) else "plain") for h in g.hexes()}
    cities = [City("Přerov", parse_hex("A1"), (11,)), City("Brno", parse_hex("G5"), (12,))]
    truth = Map(grid=g, terrain=terrain, cities=cities, meta={"name": "Hatchland"})
    got = read_back(tmp_path, truth, "--style", "mono", "--paper", "fit", "--dpi", 150)
    assert_read_as(got, truth, ("pointy", "odd", 7, 5))
