"""Names that share a row or cross an outline, read back from a small board drawn by ``mapkit
render`` (colour look, 150 dpi; the map below, 6 x 5 pointy hexes): Billings (C2) and Sioux
Falls (F2) printed on one row 1.3 letters apart, each to its city; Salt Lake City (A4), its C on
the outline between B4 and C4, whole; Ilford (D3), its I printed as the font's l, with its
capital; Ústí nad Labem (A1) and Frankfurt am Main (A5) with ordinary word spaces, whole,
though their last words lie nearer the next city on their row (Most D1, Hof D5) than their own.
The names expected are the map's own (they read as printed before: 'Billings Sioux Falls',
'City F2', 'Salt Lake', 'liford')."""

from __future__ import annotations

import numpy as np
import pytest

from mapkit.grid import parse_hex
from mapkit.imaging import names
from mapkit.imaging.importer import ImportOptions, import_map, read_picture
from mapkit.imaging.ocr import ocr_available
from tests.support import run_here

MAP = """version: 1
name: Names
grid: {orientation: pointy, offset: odd, columns: 6, rows: 5, hex_mm: 14}
terrain: {default: plain}
cities:
  - {name: Ústí nad Labem, hex: A1, numbers: [15]}
  - {name: Most, hex: D1, numbers: [16]}
  - {name: Billings, hex: C2, numbers: [11]}
  - {name: Sioux Falls, hex: F2, numbers: [22]}
  - {name: Ilford, hex: D3, numbers: [44]}
  - {name: Salt Lake City, hex: A4, numbers: [33]}
  - {name: Frankfurt am Main, hex: A5, numbers: [55]}
  - {name: Hof, hex: D5, numbers: [66]}
"""
NAMES = {parse_hex(h): n for h, n in (("A1", "Ústí nad Labem"), ("D1", "Most"), ("C2", "Billings"),
                                      ("F2", "Sioux Falls"), ("D3", "Ilford"), ("A4", "Salt Lake City"),
                                      ("A5", "Frankfurt am Main"), ("D5", "Hof"))}


@pytest.fixture(scope="module")
def picture(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rows")
    (folder / "names.yaml").write_text(MAP, encoding="utf-8")
    r = run_here("render", folder / "names.yaml", "-o", folder / "names.png", "--dpi", "150")
    assert r.returncode == 0, r.stderr
    return folder / "names.png"


def test_two_names_on_a_row_get_a_box_each_and_a_name_past_an_outline_one_box(picture):
    pr = read_picture(picture, ImportOptions(ocr=False))
    boxes = names.name_boxes(pr.rgb, pr.fit, pr.reading)
    assert set(boxes) == set(NAMES)
    centre = {h: pr.fit.affine[:, :2] @ pr.fit.grid.centre_mm(h) + pr.fit.affine[:, 2] for h in NAMES}
    billings, sioux = boxes[parse_hex("C2")], boxes[parse_hex("F2")]
    # Billings right of its city, Sioux Falls left of its own, the two apart, between the cities
    assert centre[parse_hex("C2")][0] < billings.x0 < billings.x1 < sioux.x0 < sioux.x1 < centre[parse_hex("F2")][0]
    # Salt Lake City runs past the outline between B4 and C4 (half a hex right of B4's centre)
    # by more than a letter (City: 2.5 letters)
    side = (centre[parse_hex("A4")][0] + 1.5 * pr.fit.hex_px)
    assert boxes[parse_hex("A4")].x1 > side + names.P.NAME_LETTER * pr.fit.hex_px
    # Ústí nad Labem reaches past B1 into C1 (its last word nearer Most than its own city)
    assert boxes[parse_hex("A1")].x1 > centre[parse_hex("A1")][0] + 1.8 * pr.fit.hex_px


@pytest.mark.skipif(ocr_available() is not None, reason=f"needs OCR: {ocr_available()}")
def test_every_name_reads_as_the_map_writes_it(picture):
    got, _ = import_map(str(picture), ImportOptions())
    assert {c.hex: c.name for c in got.cities} == NAMES


def _ink(words, rows=(12, 28), width=200):
    """Ink of words made of upright strokes 2 px wide (letters 20 px high), each word a list of
    the strokes' columns."""
    ink = np.zeros((40, width), dtype=bool)
    for cols in words:
        for c in cols:
            ink[rows[0]:rows[1], c:c + 2] = True
    return ink


def _box(ink, others, gap_lost=None):
    """The box ``names._measure`` finds from a start anchor at column 20 (city at column 0)."""
    lost = np.zeros_like(ink) if gap_lost is None else gap_lost
    pr = names._Print(ink, names._stems(ink, 6.0, 40.0), names._piece_spans(ink, 40), lost,
                      (0, 0, ink.shape[1], ink.shape[0]), 20.0, 8, np.array([0.0, 20.0]),
                      np.array(others, dtype=float).reshape(-1, 2))
    box = names._measure(pr, names.Spot("start", 20.0, 10, 30, 0.0))[2]
    return box.x0, box.x1


def test_a_wide_gap_parts_two_names_only_before_another_citys_name():
    # Letters 20 px high: two words of four strokes (8 px apart, 26 px wide), 24 px (1.2
    # letters, more than NAME_SPLIT; less than NAME_GAP, so their strokes join) apart: the
    # second word's middle (column 83) lies nearer a city at column 130 (47 px) than the
    # anchor's city at 0 (83 px): it is that city's name.
    ink = _ink([(20, 28, 36, 44), (70, 78, 86, 94)])
    assert _box(ink, [(130, 20)]) == (20, 46)
    # no other city, or the other city further off than the anchor's: one name
    assert _box(ink, []) == (20, 96)
    assert _box(ink, [(200, 20)]) == (20, 96)
    # a word space (12 px, 0.6 letters) parts no name, whoever is near (middle 71: 39 px off)
    ink = _ink([(20, 28, 36, 44), (58, 66, 74, 82)])
    assert _box(ink, [(110, 20)]) == (20, 84)


def test_a_gap_counts_without_the_outline_across_it():
    # Words 36 px apart (1.8 letters, more than NAME_GAP's 1.5: two names) with an outline's
    # band of 10 columns across the rows between them: 26 px seen, one name.
    ink = _ink([(20, 28, 36, 44), (82, 90, 98, 106)])
    assert _box(ink, []) == (20, 46)
    lost = np.zeros_like(ink)
    lost[:, 56:66] = True
    assert _box(ink, [], lost) == (20, 108)
