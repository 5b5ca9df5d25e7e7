"""TransAmerica's city cards in the map format: reading, writing, validation codes, the bundled
maps' cards and the engine export."""

from __future__ import annotations

import random

import pytest

from tests.support import MAPS
from mapkit.engine.games.transamerica.cards import board_cards, read_cards
from mapkit.engine import EngineMap
from mapkit.engine.compiled import map_hashes
from mapkit.geo.cities import group_cost
from mapkit.grid import Grid, hex_name, parse_hex
from mapkit.io.yamlmap import load_map, parse_map
from mapkit.io.yamlwrite import dump_map
from mapkit.model import City, Map, Rules
from mapkit.validate import validate

COLOURS = ("red", "orange", "yellow", "green", "blue")


def _map(block=None, terrain=None, border=None):
    """A 7 x 5 board with a city on every hex of rows 1-5 (35 cities, c00 .. c46)."""
    cities = [City(f"c{r}{c}", (c, r)) for r in range(5) for c in range(7)]
    from mapkit.model import EdgeSet

    if block is None:
        block = {col: {"cities": [f"c{r}{c}" for c in range(7)], "removed": [f"c{r}0", f"c{r}1"]}
                 for r, col in enumerate(COLOURS)}
    return Map(Grid("pointy", "odd", 7, 5), terrain=terrain or {}, cities=cities,
               borders=[EdgeSet(border)] if border else [], rules=Rules(extra={"city_cards": block}))


def _codes(m):
    return sorted({i.code for i in validate(m) if i.code.startswith("E16")})


def test_a_full_deck_is_valid_and_read_in_dealing_order():
    m = _map()
    cards, problems = read_cards(m)
    assert problems == [] and _codes(m) == []
    assert [c.colour for c in cards] == [col for col in COLOURS for _ in range(7)]
    assert [c.name for c in cards if c.removed] == [f"c{r}{c}" for r in range(5) for c in (0, 1)]


def test_wrong_decks_get_their_codes():
    base = _map().rules.extra["city_cards"]
    four = {k: v for k, v in base.items() if k != "blue"}
    assert _codes(_map(four)) == ["E160"]
    short = dict(base, red={"cities": base["red"]["cities"][:6], "removed": ["c00", "c01"]})
    assert _codes(_map(short)) == ["E160"]
    unknown = dict(base, red={"cities": ["Atlantis"] + base["red"]["cities"][1:], "removed": ["c01", "c02"]})
    assert _codes(_map(unknown)) == ["E161"]
    twice = dict(base, red={"cities": ["c10"] + base["red"]["cities"][1:], "removed": ["c01", "c02"]})
    assert _codes(_map(twice)) == ["E162"]
    removed = dict(base, red={"cities": base["red"]["cities"], "removed": ["c01"]})
    assert _codes(_map(removed)) == ["E165"]
    stranger = dict(base, red={"cities": base["red"]["cities"], "removed": ["c01", "c10"]})
    assert _codes(_map(stranger)) == ["E165"]
    moved = dict(base, red={"cities": [{"name": "c00", "hex": "B1"}] + base["red"]["cities"][1:],
                            "removed": ["c01", "c02"]})
    assert "E166" in _codes(_map(moved))


def test_a_card_city_may_be_a_place_of_its_own():
    m = _map()
    block = m.rules.extra["city_cards"]
    block["red"]["cities"][0] = {"name": "Helena", "hex": "A1"}     # c00 stands on A1
    block["red"]["removed"] = ["Helena", "c01"]
    assert _codes(_map(block)) == ["E166"]
    small = Map(Grid("pointy", "odd", 8, 5), cities=list(m.cities), rules=Rules(extra={"city_cards": block}))
    block["red"]["cities"][0] = {"name": "Helena", "hex": "H1"}
    cards, problems = read_cards(small)
    assert problems == [] and cards[0].name == "Helena" and not cards[0].on_map
    assert hex_name(cards[0].hex) == "H1"


def test_card_cities_where_no_track_goes_or_cut_off():
    wet = _map(terrain={parse_hex("A1"): "water"})
    assert "E163" in _codes(wet)
    # a closed border round F5 and G5 (cities c45, c46): track joins them, but not to the others
    g = Grid("pointy", "odd", 7, 5)
    pair = {parse_hex("F5"), parse_hex("G5")}
    border = {tuple(sorted((h, n))) for h in pair for n in g.neighbours(h) if n not in pair}
    assert _codes(_map(border=border)) == ["E164"]


def test_cards_survive_writing_and_reading():
    m = _map()
    text = dump_map(m)
    back, issues = parse_map(text)
    assert issues == [] and back == m and dump_map(back) == text


def test_schema_refuses_a_misspelt_key(tmp_path):
    from mapkit.errors import InputError

    text = dump_map(_map()).replace("removed:", "remove:", 1)
    with pytest.raises(InputError, match="remove"):
        parse_map(text, "cards.yaml")


def test_engine_export_carries_the_cards_and_old_records_keep_their_map():
    m = _map()
    b = EngineMap.from_map(m)
    assert len(board_cards(b)) == 35 and board_cards(b)[0].colour == "red"
    assert b.hex_names[board_cards(b)[7].hex] == "A2" and board_cards(b)[7].removed
    plain = Map(m.grid, cities=list(m.cities))
    assert map_hashes(plain)[0] in map_hashes(m) and map_hashes(plain)[0] != map_hashes(m)[0]


@pytest.mark.parametrize("name,added", [("usa", 2), ("czechia", 4)])
def test_bundled_maps_carry_cards_in_compact_colour_regions(name, added):
    m = load_map(MAPS / f"{name}.yaml")
    cards, problems = read_cards(m)
    assert problems == [] and len(cards) == 35
    # made from the map's own cities: every home city that track reaches holds a card
    home = {c.name for c in m.cities if m.terrain_at(c.hex) != "foreign"}
    assert home <= {c.name for c in cards}
    assert sum(not c.on_map for c in cards) == added
    for c in cards:
        if not c.on_map:        # a place of its own stands apart from the map's cities
            assert min(m.grid.distance(c.hex, x.hex) for x in m.cities) >= 2
            assert m.terrain_at(c.hex) == "plain"
    # geographic sense: the colours split the cities into regions far more compact than chance
    # (the sum of squared distances to each colour's centre: 0.17 of a random split's on both maps)
    pts = [m.grid.centre_mm(c.hex) for c in cards]
    colours = [c.colour for c in cards]

    def spread(assign):
        return sum(group_cost(pts, [1] * 35, [i for i in range(35) if assign[i] == col]) for col in COLOURS)

    rng = random.Random(1)
    shuffled = []
    for _ in range(100):
        rng.shuffle(colours)
        shuffled.append(spread(colours))
    assert spread([c.colour for c in cards]) < 0.25 * sum(shuffled) / len(shuffled)
    by = {col: [c.name for c in cards if c.colour == col] for col in COLOURS}
    pts = {c.name: m.grid.centre_mm(c.hex) for c in cards}
    # colours run west to east by their regions' centres
    xs = [sum(pts[n][0] for n in by[col]) / 7 for col in COLOURS]
    assert xs == sorted(xs)
