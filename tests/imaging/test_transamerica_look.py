"""TransAmerica's board read back: the small board of tests/data/small-transamerica.yaml (15 x 9
hexes, 35 card cities, a river, a closed border, mountains, water) drawn by ``mapkit render``
at 150 dpi (a map whose rules.preset is transamerica is drawn in TransAmerica's look) and
imported as a user imports it. The expected cards are read from the YAML text with PyYAML (each
card city's hex from the map's cities, its colour from the block), not by mapkit."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mapkit.engine.games.transamerica.cards import read_cards
from mapkit.engine.simulate import play_game
from mapkit.grid import parse_hex
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.imaging.ocr import ocr_available
from mapkit.io.yamlmap import load_map
from mapkit.io.yamlwrite import save_map
from mapkit.validate import validate
from tests.support import assert_read_as, run_here

SMALL = Path(__file__).resolve().parents[1] / "data" / "small-transamerica.yaml"


def expected_cards() -> dict:
    """Card city hex -> (name, colour), from the YAML text."""
    data = yaml.safe_load(SMALL.read_text(encoding="utf-8"))
    hexes = {c["name"]: parse_hex(c["hex"]) for c in data["cities"]}
    return {hexes[n]: (n, colour) for colour, v in data["rules"]["city_cards"].items() for n in v["cities"]}


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ta")
    ta, colour = folder / "ta.png", folder / "colour.png"
    for png, style in ((ta, ()), (colour, ("--style", "colour"))):
        r = run_here("render", SMALL, "-o", png, "--dpi", "150", *style)
        assert r.returncode == 0, r.stderr
    return ta, colour


@pytest.fixture(scope="module")
def read(pictures):
    return import_map(str(pictures[0]), ImportOptions(ocr=ocr_available() is None))


def test_the_board_comes_back_with_its_card_cities_in_their_colours(read):
    got, notes = read
    truth = load_map(SMALL)
    assert_read_as(got, truth, ("pointy", "odd", 15, 9))
    cards, problems = read_cards(got)
    assert problems == []
    assert {c.hex: c.colour for c in cards} == {h: colour for h, (_, colour) in expected_cards().items()}
    assert got.rules.preset == "transamerica"
    assert all(not c.numbers for c in got.cities)               # the dots are no race numbers
    assert any("read as TransAmerica's board" in n for n in notes)
    assert any("set aside with 2 or 3 players" in n for n in notes)


@pytest.mark.skipif(ocr_available() is not None, reason="needs tesseract")
def test_the_card_cities_names_come_back(read):
    """Measured: 35 of 35 (34 until a first l before a small letter was read as I: Ilford)."""
    got, _ = read
    names = {c.hex: c.name for c in got.cities}
    right = [n for h, (n, _) in expected_cards().items() if names.get(h) == n]
    assert len(right) >= 34, sorted(set(n for n, _ in expected_cards().values()) - set(right))


def test_the_imported_board_validates_and_plays_transamerica(read, tmp_path):
    got, _ = read
    path = tmp_path / "got.yaml"
    save_map(got, path)
    m = load_map(path)
    assert [i.code for i in validate(m, rules="transamerica") if i.severity == "error"] == []
    state = play_game(m, "transamerica", ["greedy"] * 3, seed=1)
    assert state.is_terminal()


def test_mapkit_board_of_the_same_map_is_not_read_as_transamerica_unless_asked(pictures):
    """Its red outlines are cities with race numbers to read, not cards; --legend transamerica
    reads them as cards, all red (a deck needs five colours: the notes say so)."""
    _, colour = pictures
    got, notes = import_map(str(colour), ImportOptions(ocr=False))
    assert "city_cards" not in got.rules.extra and len(got.cities) == 35
    assert not any("TransAmerica's board" in n for n in notes)
    got, notes = import_map(str(colour), ImportOptions(ocr=False, legend="transamerica"))
    assert {c.colour for c in read_cards(got)[0]} == {"red"}
    assert len(got.rules.extra["city_cards"]["red"]["cities"]) == 35
    assert any("35 red read, where a deck has 7 of each of 5 colours" in n for n in notes)


def test_the_overlay_draws_over_the_board_as_given_rings_and_all(pictures, tmp_path):
    """The card rings are painted out to read the land beneath them; the overlay (what was read,
    over the picture) is drawn over the picture the user gave, rings and all, not over the
    picture with its rings painted out."""
    import numpy as np
    from PIL import Image

    from mapkit.imaging.importer import read_picture
    from mapkit.imaging.overlay import overlay_png

    given = np.asarray(Image.open(pictures[0]).convert("RGB"))
    opts = ImportOptions(ocr=False, overlay=str(tmp_path / "read.png"))
    pr = read_picture(str(pictures[0]), opts)
    assert np.array_equal(pr.picture, given) and not np.array_equal(pr.rgb, given)
    import_map(str(pictures[0]), opts)
    assert (tmp_path / "read.png").read_bytes() == overlay_png(given, pr.fit, pr.reading, pr.numbers)
