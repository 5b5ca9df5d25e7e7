"""The strong TransAmerica bot's count of the others' plans (bots/sharing.py), worked by hand."""

from __future__ import annotations

import random

from mapkit.engine import new_game
from mapkit.engine.games.transamerica.bots.sharing import WORLDS, shared_pieces
from mapkit.grid import Grid
from mapkit.model import City, Map, Rules

COLOURS = ("red", "orange", "yellow", "green", "blue")


def test_shared_pieces_counts_the_other_plan_in_every_world():
    # A 7 x 5 board where every hex is a card city, colour by row: Bob holds column D (D1 .. D5,
    # one city a row), his marker on D2. Hexes of one column in neighbouring rows touch, in
    # rows two apart they do not, so his cheapest completion is the column's four pieces and no
    # other tree of four pieces joins those five hexes. Under open hand every sample of the
    # hands keeps his cards, so each of the four pieces counts once a world.
    block = {c: {"cities": [f"{c[0]}{i}" for i in range(7)], "removed": []} for c in COLOURS}
    cities = [City(f"{c[0]}{i}", (i, k)) for k, c in enumerate(COLOURS) for i in range(7)]
    m = Map(Grid("pointy", "odd", 7, 5), cities=cities, rules=Rules(extra={"city_cards": block}))
    g = new_game(m, "transamerica", ["Ann", "Bob"], {"first_player": 0, "open_hand": True})
    for city in ("r0", "o0", "y0", "g0", "b0", "r3", "o3", "y3", "g3", "b3"):
        g.apply({"type": "deal", "city": city})
    g.apply({"type": "start", "player": 0, "at": "A1"})
    g.apply({"type": "start", "player": 1, "at": "D2"})
    seen = g.observation(0, random.Random(1))
    counts = shared_pieces(seen, 0, random.Random(2))
    names = g.board.edge_names
    assert {names[e]: n for e, n in counts.items()} == {
        "D1/D2": WORLDS, "D2/D3": WORLDS, "D3/D4": WORLDS, "D4/D5": WORLDS}
