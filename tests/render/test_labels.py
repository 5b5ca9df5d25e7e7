"""A city's name leaves the rivers and borders beside it in sight: its pale plate (the box and a
rim of 0.35 mm at 14 mm hexes, 0.175 mm above and below) would hide a line it lies on, so the
placer takes a place whose plate touches one only when the city has no place clear of them
(docs/rendering.md, "Names"). Positions are worked out here from the hex geometry of
docs/map-format.md (pointy hexes 14 mm apart, A1's centre half a hex from the left and a corner's
distance from the top), not taken from the placer."""

from __future__ import annotations

import math

from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, EdgeSet, Map
from mapkit.render.fonts import text_width
from mapkit.render.labels import KeptLines, LabelRequest, place_labels

HEX_MM = 14.0
SIZE = HEX_MM / math.sqrt(3)          # centre to corner
APOTHEM = HEX_MM / 2                  # centre to a vertical side
GAP = 0.55                            # between a hex and its name
RIM = 0.35


def test_a_name_whose_cheapest_place_would_hide_a_river_goes_where_none_is():
    from mapkit.render.boardart import BoardArt

    # Hradčany in B1 of a 4 x 1 board, a river on the side C1/D1 (x = 42 mm, from y = SIZE/2 to
    # 3 SIZE/2). The name (2.75 mm) is 13.2 mm wide: on the right, its preferred place, its box
    # runs from 21 + 7 + 0.55 = 28.55 to 41.75 mm: clear of the river by 0.25 mm, so it costs
    # nothing, but its plate reaches 42.1 mm and hides a piece of it. On the left (cost 0.6)
    # its box ends 7.55 mm left of the centre, at 13.45 mm, and starts at 0.25 mm, on the board.
    width = text_width("Hradčany", 2.75)
    assert 42 - RIM < 21 + APOTHEM + GAP + width < 42
    m = Map(Grid("pointy", "odd", 4, 1, HEX_MM), cities=[City("Hradčany", H("B1"), (11,))],
            rivers=[EdgeSet({(H("C1"), H("D1"))}, "Vltava")])
    lab = BoardArt(m, "mono").labels["Hradčany"]
    assert (lab.lines, lab.align, lab.clash) == (("Hradčany",), "end", False)
    assert math.isclose(lab.x1, 21 - APOTHEM - GAP, abs_tol=1e-6)
    assert math.isclose((lab.y0 + lab.y1) / 2, SIZE, abs_tol=1e-6)      # level with the centre
    assert lab.x1 + RIM < 42 - 1


def _hexagon(cx, cy):
    from shapely.geometry import Polygon

    return Polygon([(cx + SIZE * math.cos(math.radians(a)), cy + SIZE * math.sin(math.radians(a)))
                    for a in range(-30, 330, 60)])


def test_with_every_place_under_a_kept_line_the_cheapest_is_taken():
    # Lines every 0.5 mm across the whole board: no place of either name is clear of them, so
    # the kept lines change nothing: the names go where they go without them (to the right, the
    # preferred side, where the board has room), and neither is a clash.
    from shapely.geometry import MultiLineString

    reqs = [LabelRequest("A", "Aš", (20, 20), _hexagon(20, 20), 2.5),
            LabelRequest("B", "Cheb", (48, 20), _hexagon(48, 20), 2.5)]
    lines = MultiLineString([((x / 2, 0), (x / 2, 40)) for x in range(0, 161)])
    free = place_labels(reqs, bounds=(0, 0, 80, 40))
    kept = place_labels(reqs, bounds=(0, 0, 80, 40), kept=KeptLines(lines, (RIM, RIM / 2)))
    assert kept == free
    assert [(lab.align, lab.clash) for lab in kept.values()] == [("start", False)] * 2
    assert [round(lab.x0, 6) for lab in kept.values()] == [20 + APOTHEM + GAP, 48 + APOTHEM + GAP]


def test_a_name_with_a_line_break_is_measured_as_printed():
    # Pillow's layout fails on a line break; the board prints it as a space (as SVG does)
    assert text_width("Nové\nMěsto", 10) == text_width("Nové Město", 10) > 0


def test_a_board_of_hundreds_of_pages_is_refused_not_drawn():
    import pytest

    from mapkit.render.paper import MAX_TILES, tile_layout

    # a wall-sized kit is drawn; one of hundreds of sheets (a slip of hex_mm) is refused at once
    assert 1 < len(tile_layout(1000, 1000, "A4").tiles) <= MAX_TILES
    with pytest.raises(ValueError, match=f"pages of A4 .*; at most {MAX_TILES}"):
        tile_layout(6000, 5000, "A4")
