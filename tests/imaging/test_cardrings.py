"""The card cities of TransAmerica's board (:mod:`mapkit.imaging.cardrings`) and the deck made of
them (:mod:`mapkit.imaging.carddeck`), on boards drawn here with Pillow in this drawer's own
geometry (``mapkit.testing.board_geometry``), not by ``mapkit render``.

A card city's ring, as the kit prints it, is the hex's outline shrunk towards its centre: the
stroke's middle 0.5 + 0.65 / 2 = 0.825 mm inside each side of a 14 mm hex, so its corners lie
at (14 / sqrt 3 - 0.825 / cos 30) / (14 / sqrt 3) = 0.882 of the hex's corner radius, and the
stroke is 0.65 / 14 of the spacing wide (2.8 px at 60 px)."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from mapkit.engine.games.transamerica.cards import read_cards
from mapkit.grid import Grid, Hex, parse_hex
from mapkit.imaging.carddeck import card_deck
from mapkit.imaging.cardrings import card_board, find_card_rings, paint_out
from mapkit.imaging.gridfind import find_grid
from mapkit.model import City, Map, Rules
from mapkit.testing import board_geometry

PX = 60.0
RING = (14 / math.sqrt(3) - 0.825 / math.cos(math.radians(30))) / (14 / math.sqrt(3))
RING_WIDTH = round(0.65 / 14 * PX)
BROWN, BLUE = (201, 147, 90), (21, 101, 192)
# The kit's card colours (mapkit.render.style.NAMED_COLOURS)
INKS = {"red": (211, 47, 47), "orange": (239, 108, 0), "yellow": (249, 168, 37), "green": (46, 125, 50),
        "blue": (21, 101, 192)}


def draw(rings: dict, mountains=(), river_sides: dict | None = None):
    """A 6 x 4 pointy board, 60 px between centres: black outlines, mountains brown, a ring in
    ``rings`` (hex name -> colour name) and a blue river 4 px wide on the sides of
    ``river_sides`` (hex name -> side numbers, 0 the side between corners 0 and 1)."""
    grid = Grid("pointy", "odd", 6, 4)
    centre, corners, size = board_geometry(grid, PX, 30.0)
    img = Image.new("RGB", (int(size[0] + 60), int(size[1] + 60)), "white")
    d = ImageDraw.Draw(img)
    for h in grid.hexes():
        d.polygon(corners(h), fill=BROWN if h in {parse_hex(n) for n in mountains} else "white", outline="black")
    for name, colour in rings.items():
        pts = corners(parse_hex(name), radius=PX / math.sqrt(3) * RING)
        d.line(pts + pts[:1], fill=INKS[colour], width=RING_WIDTH, joint="curve")
    for name, sides in (river_sides or {}).items():
        pts = corners(parse_hex(name))
        for k in sides:
            d.line([pts[k], pts[(k + 1) % 6]], fill=BLUE, width=4)
    rgb = np.asarray(img)
    return rgb, find_grid(rgb)


def test_card_cities_are_found_in_their_colours_on_plain_and_mountain():
    rings = {"B1": "red", "C2": "orange", "A3": "yellow", "D1": "green", "E3": "blue"}
    rgb, fit = draw(rings, mountains=("A3", "B3", "C2"))
    found = find_card_rings(rgb, fit)
    assert found.colours == {parse_hex(n): c for n, c in rings.items()}
    assert not found.is_card_board()            # one ring of each colour: too few to tell


def test_three_colours_of_three_rings_make_a_card_board():
    rings = dict(zip(["A1", "C1", "E1", "B2", "D2", "F2", "A3", "C3", "E3"], ["red", "blue", "green"] * 3, strict=True))
    rgb, fit = draw(rings)
    found = find_card_rings(rgb, fit)
    assert len(found.colours) == 9 and found.is_card_board()
    del rings["E3"]                              # green on two hexes only
    assert not find_card_rings(*draw(rings)).is_card_board()


def test_mapkit_boards_red_outlines_make_no_card_board():
    """mapkit's own board rings every city in red: red cities, but no TransAmerica board."""
    rgb, fit = draw({"B1": "red", "C2": "red", "E3": "red"})
    found = find_card_rings(rgb, fit)
    assert set(found.colours.values()) == {"red"} and not found.is_card_board()
    picture, rings, notes = card_board(rgb, fit, asked=False)
    assert rings is None and notes == [] and picture is rgb
    picture, rings, notes = card_board(rgb, fit, asked=True)      # --legend transamerica
    assert rings is not None and len(rings.colours) == 3 and "as asked" in notes[0]


def test_a_river_round_three_sides_is_no_ring_and_stays_after_painting():
    rgb, fit = draw({"B2": "blue"}, river_sides={"D2": (0, 1, 2), "B2": (3,)})
    found = find_card_rings(rgb, fit)
    assert found.colours == {parse_hex("B2"): "blue"}
    out = paint_out(rgb, fit, found)
    blue = np.all(np.abs(out.astype(int) - BLUE) <= 40, axis=-1)
    # the ring's blue is gone; the river's (on D2's three sides and B2's fourth) is left
    centre, corners, _ = board_geometry(fit.grid, PX, 30.0)
    for name, k in (("D2", 0), ("D2", 1), ("D2", 2), ("B2", 3)):
        (x0, y0), (x1, y1) = corners(parse_hex(name))[k], corners(parse_hex(name))[(k + 1) % 6]
        assert blue[round((y0 + y1) / 2), round((x0 + x1) / 2)]
    x, y = centre(parse_hex("B2"))
    r = PX / math.sqrt(3) * RING * math.cos(math.radians(30))      # the ring's side, straight right
    assert not blue[round(y), round(x + r) - 1: round(x + r) + 2].any()
    assert not np.all(np.abs(rgb.astype(int) - BLUE) <= 40, axis=-1)[round(y), round(x) - 5: round(x) + 5].any()


def test_painting_out_leaves_the_hex_its_fill_and_its_outline():
    rgb, fit = draw({"C2": "orange", "D1": "green"}, mountains=("C2",))
    out = paint_out(rgb, fit, find_card_rings(rgb, fit))
    for colour in (INKS["orange"], INKS["green"]):
        assert not np.all(np.abs(out.astype(int) - colour) <= 30, axis=-1).any()
    centre, corners, _ = board_geometry(fit.grid, PX, 30.0)
    x, y = centre(parse_hex("C2"))
    r = PX / 2 * RING                                               # well inside the ring's stroke
    assert tuple(out[round(y), round(x + r * 1.05)]) == BROWN
    (x0, y0), (x1, y1) = corners(parse_hex("C2"))[0], corners(parse_hex("C2"))[1]
    mx, my = round((x0 + x1) / 2), round((y0 + y1) / 2)
    assert out[my - 1:my + 2, mx - 1:mx + 2].min() == 0             # its outline (1 px) at a side's middle


def test_a_full_deck_read_is_a_valid_deck():
    """35 cities, 7 of each colour: the block validates (read_cards finds no problem), colours
    in the published order, the first two of each colour in reading order set aside."""
    colours = ("red", "orange", "yellow", "green", "blue")
    cities = [City(f"{c}{r}", Hex(2 * k, r)) for k, c in enumerate(colours) for r in range(7)]
    block, warnings = card_deck({c.name: c.name.rstrip("0123456789") for c in cities},
                                {c.name: c.hex for c in cities})
    assert list(block) == list(colours)
    assert block["green"] == {"cities": [f"green{r}" for r in range(7)], "removed": ["green0", "green1"]}
    assert len(warnings) == 1 and "set aside" in warnings[0]
    m = Map(Grid("pointy", "odd", 10, 7), cities=cities, rules=Rules(extra={"city_cards": block}))
    cards, problems = read_cards(m)
    assert len(cards) == 35 and problems == []


def test_a_hex_filled_in_a_card_colour_is_no_ring():
    """A board whose mountains are green (another program's palette) with red cities: the
    green hexes show green at the ring's depth all round, and further in too."""
    rgb, fit = draw({"B1": "red", "E3": "red"})
    img = Image.fromarray(rgb)
    centre, corners, _ = board_geometry(fit.grid, PX, 30.0)
    d = ImageDraw.Draw(img)
    for name in ("C2", "D2", "A3"):
        d.polygon(corners(parse_hex(name)), fill=INKS["green"], outline="black")
    found = find_card_rings(np.asarray(img), fit)
    assert found.colours == {parse_hex("B1"): "red", parse_hex("E3"): "red"}
