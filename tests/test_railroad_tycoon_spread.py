"""The cost the Railroad Tycoon colour search minimises (docs/rules.md, Railroad Tycoon; the
section's rules in mapkit/engine/games/railroad_tycoon/front/design.py): the sum over the home
cities and the five colours of the squared steps to the nearest other city of that colour, 99
where there is none. It is tabled once and then costs a few array operations a colouring (the
search asks for some 12000 colourings of a 31-city map): here it is checked against a value
worked out by hand and against the rule followed city by city."""

from __future__ import annotations

import random

from mapkit.engine.games.railroad_tycoon.front.design import COLOURS, GREY, Board, _Spread
from mapkit.grid import Grid
from mapkit.io.yamlmap import load_map
from mapkit.model import City, Map
from tests.support import MAPS


def _by_the_rule(b: Board, names, colour) -> float:
    total = 0.0
    for a in names:
        for k in COLOURS:
            near = [b.d(a, z) for z in names if z != a and colour[z] == k]
            total += min(near, default=99) ** 2
    return total


def test_the_cost_of_a_row_of_four_cities_by_hand():
    # A, B, C, D in one row of plain hexes at columns 0, 2, 5, 9: steps are column differences.
    # A red, B red, C blue, D grey; purple, yellow and black have no city: 3 x 99^2 = 29403 each.
    # A: red B 2, blue C 5 -> 4 + 25; B: red A 2, blue C 3 -> 4 + 9; C: red B 3, blue none
    # -> 9 + 9801; D: red B 7, blue C 4 -> 49 + 16.
    g = Grid("pointy", "odd", 12, 3)
    row = (("A", 0), ("B", 2), ("C", 5), ("D", 9))
    m = Map(g, terrain={h: "plain" for h in g.hexes()},
            cities=[City(n, (col, 1), (11 + i,)) for i, (n, col) in enumerate(row)])
    colour = {"A": "red", "B": "red", "C": "blue", "D": GREY}
    want = 4 * 29403 + (4 + 25) + (4 + 9) + (9 + 9801) + (49 + 16)
    assert want == 127529
    b = Board(m)
    assert _Spread(b, ["A", "B", "C", "D"])(colour) == want == _by_the_rule(b, ["A", "B", "C", "D"], colour)


def test_the_cost_of_random_colourings_of_the_czech_map_is_the_rules():
    b = Board(load_map(MAPS / "czechia.yaml"))
    names = [c.name for c in b.home]
    spread = _Spread(b, names)
    rng = random.Random(7)
    for _ in range(25):
        colour = {n: rng.choice((*COLOURS, GREY, GREY)) for n in names}
        assert spread(colour) == _by_the_rule(b, names, colour)
