"""``mapkit render --style transamerica``: the board as TransAmerica's kit prints it (a dot on
every junction, the card cities ringed in their card's colour), the default look of a map meant
for TransAmerica, and the error for a map without city cards.

The small board (tests/data/small-transamerica.yaml, 15 x 9 hexes) has 35 card cities, 7 of
each colour in one column each (B, E, H, K, N, rows 2 to 8)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.support import MAPS, run_here

SVG = "{http://www.w3.org/2000/svg}"
SMALL = Path(__file__).resolve().parents[1] / "data" / "small-transamerica.yaml"
# The cards' colours as the kit prints them (mapkit.render.style.NAMED_COLOURS), and the red
# outline of mapkit's own board (style.CITY_RED).
CARD_INKS = {"red": "#d32f2f", "orange": "#ef6c00", "yellow": "#f9a825", "green": "#2e7d32", "blue": "#1565c0"}
CITY_RED = "#d32020"


def _render(*args):
    r = run_here("render", *args)
    assert r.returncode == 0, r.stderr
    return r


def city_rings(path) -> dict:
    """The stroke colour of each city outline drawn -> how many."""
    root = ET.parse(path).getroot()
    out: dict = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "city":
            ring = g.find(f"{SVG}polygon")
            out[ring.get("stroke")] = out.get(ring.get("stroke"), 0) + 1
    return out


def dots(path) -> set:
    """The centre dots drawn, as board-mm points rounded to 0.01 mm."""
    root = ET.parse(path).getroot()
    group = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "centre-dots")
    return {(round(float(x), 2), round(float(y), 2)) for p in group.iter(f"{SVG}path")
            for x, y in re.findall(r"M([-0-9.]+),([-0-9.]+) h0", p.get("d"))}


def card_city_centres() -> set:
    """The small board's card cities, columns B, E, H, K, N, rows 2-8, as board-mm points: a
    pointy hex of 14 mm in column c, row r (from 0) lies at x = 14 (c + 1/2), plus 7 on odd
    rows, y = 14 / sqrt(3) + r * 7 sqrt(3)."""
    s3 = 3 ** 0.5
    return {(round(14 * (c + 0.5) + 7 * (r % 2), 2), round(14 / s3 + r * 7 * s3, 2))
            for c in (1, 4, 7, 10, 13) for r in range(1, 8)}


def test_transamerica_look_rings_card_cities_in_their_colours_and_dots_every_junction(tmp_path):
    out = tmp_path / "ta.svg"
    _render(SMALL, "-o", out, "--style", "transamerica", "--paper", "fit")
    assert city_rings(out) == {ink: 7 for ink in CARD_INKS.values()}
    plain = tmp_path / "plain.svg"
    _render(SMALL, "-o", plain, "--style", "colour", "--paper", "fit")
    assert city_rings(plain) == {CITY_RED: 35}
    # the card cities' hexes get a dot too (mapkit's board leaves a city's centre to its numbers);
    # the other dots are the same (none where a name covers a hex's centre)
    cities = card_city_centres()
    assert cities <= dots(out) and not cities & dots(plain)
    assert dots(out) - cities == dots(plain)


def test_a_transamerica_map_is_drawn_in_its_look_by_default(tmp_path):
    """The small board's rules.preset is transamerica: without --style, its look; the bundled
    USA map (rules.preset expres, with city cards too) keeps mapkit's board."""
    default, asked = tmp_path / "default.svg", tmp_path / "asked.svg"
    _render(SMALL, "-o", default, "--paper", "fit")
    _render(SMALL, "-o", asked, "--paper", "fit", "--style", "transamerica")
    assert default.read_bytes() == asked.read_bytes()
    usa = tmp_path / "usa.svg"
    _render(MAPS / "usa.yaml", "-o", usa, "--paper", "fit")
    assert set(city_rings(usa)) == {CITY_RED}


def test_transamerica_look_tiles(tmp_path):
    """Tiled on A4 as any board: an overview page first, then the tiles, which show the card
    cities in their colours."""
    out = tmp_path / "board-A4.pdf"
    r = _render(SMALL, "-o", out, "--style", "transamerica", "--tile")
    pages = len(PdfReader(out).pages)
    assert pages >= 2 and f"{pages} pages" in r.stdout
    svg = tmp_path / "tiles.svg"
    _render(SMALL, "-o", svg, "--style", "transamerica", "--tile")
    tiles = sorted(tmp_path.glob("tiles-*.svg"))
    assert len(tiles) == pages
    rings: dict = {}
    for t in tiles[1:]:
        for ink, n in city_rings(t).items():
            rings[ink] = rings.get(ink, 0) + n
    assert set(rings) == set(CARD_INKS.values())


def test_style_transamerica_on_a_map_without_city_cards_is_one_line_exit_1(tmp_path):
    r = run_here("render", MAPS / "example.yaml", "-o", tmp_path / "x.pdf", "--style", "transamerica")
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "example.yaml" in lines[0] and "city_cards" in lines[0], r.stderr
    assert "Traceback" not in r.stderr and not (tmp_path / "x.pdf").exists()


def test_style_names_come_from_the_families_registry(monkeypatch):
    """``--style`` takes mapkit's looks and every look a registered family prints (not a list
    of family names in the command): a family added with a look of its own is offered."""
    import argparse
    import copy

    from mapkit.commands import render
    from mapkit.engine.game import FAMILIES

    toy = copy.copy(FAMILIES["transamerica"])
    toy.board_look = "toyboard"
    len(FAMILIES)           # the registry filled, then one family more for this test
    monkeypatch.setitem(FAMILIES._entries, "toy", toy)
    assert render.family_looks() == ("toyboard", "transamerica")
    assert render._look(" ToyBoard ") == "toyboard"
    with pytest.raises(argparse.ArgumentTypeError, match="colour, mono, expres, toyboard, transamerica"):
        render._look("board")
