"""The Railroad Tycoon section a designed map gets (``mapkit design --rules railroad-tycoon``):
its Chicago stands between the Western Link and the hub, or as near as the map allows."""

from __future__ import annotations

from mapkit.engine.games.railroad_tycoon.front.design import Board, card_cities
from mapkit.grid import Grid
from mapkit.model import City, Map


def _row_map(cities):
    g = Grid("pointy", "odd", 12, 3)
    terrain = {h: "plain" for h in g.hexes()}
    return Map(g, terrain=terrain, cities=[City(n, (col, 1), nums, lon=14.0 + 0.2 * col, lat=50.0 + 0.1 * (col % 3))
                                              for n, col, nums in cities])


def test_chicago_is_the_biggest_city_between_the_link_and_the_hub():
    # Hub (3 numbers) at column 8, the link city K at column 0: B (2) and C (1) lie between
    m = _row_map([("K", 0, (11,)), ("C", 3, (12,)), ("B", 5, (13, 14)), ("Hub", 8, (15, 16, 17)),
                  ("E", 10, (21, 22))])
    cards, why = card_cities(Board(m), ["K"])
    assert cards["New York"] == "Hub" and cards["Kansas City"] == "K"
    assert cards["Chicago"] == "B"
    assert "the biggest city between" in why["Chicago"]


def test_chicago_when_no_city_lies_between():
    # the hub on the west coast beside the link city (Amsterdam beside Den Haag): none lies
    # between columns 1 and 2, so the city nearest that stretch, C at column 5 (E, bigger, is
    # at 9); this raised an IndexError before
    m = _row_map([("Hub", 1, (11, 12, 13)), ("K", 2, (14,)), ("C", 5, (15,)), ("E", 9, (16, 17))])
    cards, why = card_cities(Board(m), ["K"])
    assert cards["New York"] == "Hub" and cards["Chicago"] == "C"
    assert "no city lies between" in why["Chicago"]
