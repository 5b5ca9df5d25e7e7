"""Names read from pictures (mapkit.imaging.names, stage 7): the pieces worked by hand. A name
keeps its brackets in pairs; a hex outline across a name is lifted where it runs bare and kept
where a letter crosses it; a crop widens over a letter's part beyond an outline but not over a
texture's dots; each name is read in each language alone and the surest reading kept, the
map's own language a little ahead; a name is found at the places the renderer puts names.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from mapkit.grid import Grid
from mapkit.imaging import names, ocr, printmask
from mapkit.io.yamlmap import read_map


def test_clean_name_keeps_brackets_in_pairs():
    assert names.clean_name("Frankfurt ( Oder)|") == "Frankfurt (Oder)"
    assert names.clean_name("Halle (Saale)") == "Halle (Saale)"
    # a bracket with no partner is noise (a line's end beside a letter): a space
    assert names.clean_name("(Nice") == "Nice"
    assert names.clean_name(")strava") == "strava"
    assert names.clean_name(" Frýdek- Místek| ") == "Frýdek-Místek"


def test_a_bare_outline_is_lifted_and_a_letter_across_it_kept():
    # Pointy hexes, 40 px apart, grid origin on pixel (0, 0): the side between A1 (centre
    # (0.5, 0.577) grid units) and B1 (1.5, 0.577) runs down x = 1.0, pixel column 40, from
    # y = 11.5 to 34.6 px. Pixels within (NAME_LINE_HALF + NAME_LINE_SEEK) * 40 + 0.5 = 0.98
    # px of it count as the line's: column 40 alone. The line's own grey there is that of its
    # lighter pixels (NAME_LINE_RUNS of them darker): 0, black, a line that hides what lies
    # under it, so its pixels take the lighter of columns 39 and 41 (the window's edge).
    fit = SimpleNamespace(grid=Grid("pointy", "odd", 3, 3, 1.0),
                          affine=np.array([[40.0, 0.0, 0.0], [0.0, 40.0, 0.0]]), hex_px=40.0)
    grey = np.full((40, 60), 255, dtype=np.uint8)
    grey[:, 40] = 0                      # the outline
    grey[20:22, 30:51] = 30              # a stroke across it
    grey[24:29, 41] = 30                 # a stem beside it
    out = printmask.lift_outlines(fit, grey, (0, 0, 60, 40), grey)
    assert out[16, 40] == 255            # bare line: both sides white
    assert out[20, 40] == 30             # the stroke crosses: both sides dark, kept
    assert out[25, 40] == 255            # beside the stem: the far side is white
    assert out[25, 41] == 30             # the stem itself is off the line
    assert out[16, 39] == 255 and out[20, 35] == 30
    # A grey line (a pixel it covers in part: 150 dpi) is taken out by its own grey: a pixel
    # shows grey * 255 / 120, the bare line white, a letter over it darker than the line
    # alone stays dark (30 -> 64), as Dortmund's d on an outline.
    grey[:, 40] = 120
    grey[20:22, 30:51] = 30
    out = printmask.lift_outlines(fit, grey, (0, 0, 60, 40), grey)
    assert out[16, 40] == 255 and out[25, 40] == 255
    assert out[20, 40] == round(30 * 255 / 120) == 64


def test_a_crop_widens_over_strokes_not_over_dots():
    # letter 10 px: gaps of 3 px at most, strokes 2.5 px high at least (NAME_GROW_TALL 0.25)
    ink = np.zeros((6, 15), dtype=bool)
    ink[1:5, [0, 5, 8, 9, 14]] = True
    assert names._grown(ink, 4, 6, 10.0) == (0, 10)      # 0: 3 px off; 8, 9: 2; 14: 4, too far
    ink[1:5, 0] = False
    ink[[1, 4], 0] = True                                 # two dots, no stroke
    assert names._grown(ink, 4, 6, 10.0) == (4, 10)


def _measured(ink, align, x, letter=20.0, rows=(10, 30)):
    """The box :func:`names._measure` finds in ``ink`` (the whole picture) from an anchor."""
    stems = names._stems(ink, 0.3 * letter, 2.0 * letter)      # NAME_STEM, NAME_TALLEST
    spans = names._piece_spans(ink, 40)
    spot = names.Spot(align, float(x), rows[0], rows[1], 0.0)
    strip = int(round(0.4 * letter))                           # NAME_STRIP
    pr = names._Print(ink, stems, spans, np.zeros_like(ink), (0, 0, ink.shape[1], ink.shape[0]), letter, strip,
                      np.array([0.0, 20.0]), np.zeros((0, 2)))
    box = names._measure(pr, spot)[2]
    return box.x0, box.x1


def _letters(ink, cols):
    for c in cols:                       # upright strokes 2 px wide, 16 px (0.8 letters) high
        ink[12:28, c:c + 2] = True


def test_a_name_ends_where_the_stipple_past_its_plate_begins():
    # Letters 20 px high, the name's rows 10:30: five stems at 20..101; 5 px on, a stipple of
    # 3 x 3 dots in columns 6 px apart, as past Perpignan's plate at 300 dpi: each column has
    # dots in the rows, every other one also in the rows just above and below (NAME_STRIP 0.4
    # letters: 8 px). The columns between have none there, but their neighbours 6 px off do
    # (NAME_BARE 0.3 letters): no letters without an upright stroke. The name ends at its
    # last stem.
    ink = np.zeros((40, 160), dtype=bool)
    _letters(ink, range(20, 101, 20))
    for k, left in enumerate(range(106, 160, 6)):
        for top in [14, 22] + ([4, 33] if k % 2 else []):
            ink[top:top + 3, left:left + 3] = True
    assert _measured(ink, "start", 20) == (20, 102)


def test_a_first_letter_broken_by_an_outline_stays_in_the_name():
    # The C of "Cleveland" with an outline through its back: two arcs 5 px high (0.25
    # letters, no upright stroke and no piece of a letter's height), 4 px before the first
    # stem, nothing above or below: the name (anchored at its end) begins at the C.
    ink = np.zeros((40, 160), dtype=bool)
    _letters(ink, range(40, 101, 20))
    ink[12:17, 30:36] = ink[23:28, 30:36] = True
    assert _measured(ink, "end", 102) == (30, 102)


def test_words_go_to_their_crop_with_the_least_sure_word():
    data = {"text": ["Frankfurt", "(Oder)", "|", "Kiel", " "],
            "top": [50, 50, 52, 150, 160], "left": [10, 200, 400, 10, 90],
            "height": [30, 30, 30, 30, 30], "conf": [96, 88, 12, 91, 5]}
    spans = [("a", 20, 120), ("b", 120, 220), ("c", 220, 320)]
    out = ocr._words_by_crop(data, spans, 32)
    # "|" has no letter: its 12 does not count; the blank word is no word
    assert out == {"a": ("Frankfurt (Oder) |", 88.0), "b": ("Kiel", 91.0), "c": ("", -1.0)}


def test_each_name_is_read_in_each_language_the_maps_own_a_little_ahead(monkeypatch):
    readings = {"deu": {0: ("Lübeck", 96.0), 1: ("Münster", 90.0), 2: ("Zilina", 95.0)},
                "ces": {0: ("Lůbeck", 91.0), 1: ("Můnster", 93.0), 2: ("Žilina", 95.0)},
                "pol": {0: ("Lubeck", 96.0), 1: ("Munster", 20.0), 2: ("Żilina", 99.0)}}
    monkeypatch.setattr(names, "_for_tesseract", lambda *a: np.zeros((4, 4), dtype=np.uint8))
    monkeypatch.setattr(ocr, "read_sheets_scored", lambda crops, config, px: readings[config.split()[1]])
    labels = dict(enumerate([names.NameBox(0, 0, 10, 5), names.NameBox(0, 10, 10, 15), names.NameBox(0, 20, 10, 25)]))
    got = names._read(None, None, None, labels, 10.0, ["deu", "ces", "pol"])
    # the map's language: deu (96 + 90 + 95 = 281; ces 279, pol 215), NAME_LEAD (3.5) ahead.
    # Lübeck: deu 99.5 against pol's 96; Münster: deu 93.5 beats ces's 93; Żilina: pol's 99
    # beats deu's 98.5
    assert got == {0: ("Lübeck", 96.0), 1: ("Münster", 90.0), 2: ("Żilina", 99.0)}
    readings["ces"][1] = ("Můnster", 94.0)      # now 4 ahead of German: ces's
    readings["deu"][2] = ("Zilina", 90.0)       # deu 276, ces 280: the map's language is ces
    got = names._read(None, None, None, labels, 10.0, ["deu", "ces", "pol"])
    # Lübeck: deu 96 against ces 94.5 and pol 96: a tie, the first of NAME_LANGUAGES; Żilina: pol
    # 99 against ces's 98.5
    assert got == {0: ("Lübeck", 96.0), 1: ("Můnster", 94.0), 2: ("Żilina", 99.0)}


# expres: its thick black rivers along the hex sides were taken for names' strokes until
# 2026-12-07 (names._solid; Frankfurt am Main's box on a river on the board of Germany)
@pytest.mark.parametrize("style", ["colour", "mono", "expres"])
def test_each_name_is_found_in_the_box_the_renderer_gave_it(tmp_path, style):
    # The example map drawn at 150 dpi: every name's box as mapkit render placed it (board
    # millimetres, hexes 14 mm apart), taken to the picture by the grid the import found, is
    # the box found for its city: the same rows within a pixel, the same start within half a
    # letter (a glyph's side bearing; letters 0.13 hex, about 11 px, high), the whole name in
    # it and its end at most a letter on (Brno on mono: 0.6 letter).
    from mapkit.imaging.importer import ImportOptions, read_picture
    from mapkit.imaging.sampling import apply_affine
    from mapkit.render.boardart import BoardArt

    from tests.support import MAPS, run_here

    pic = tmp_path / "board.png"
    r = run_here("render", MAPS / "example.yaml", "-o", pic, "--dpi", 150, "--style", style)
    assert r.returncode == 0, r.stderr
    m, _ = read_map(MAPS / "example.yaml")
    pr = read_picture(pic, ImportOptions(ocr=False))
    found = names.name_boxes(pr.rgb, pr.fit, pr.reading)
    letter = 0.13 * pr.fit.hex_px
    labels = BoardArt(m, style).labels
    assert len(found) == len(m.cities) == 16
    over = []
    for c in m.cities:
        lab = labels[c.name]
        (x0, y0), (x1, y1) = apply_affine(pr.fit.affine, np.array([[lab.x0, lab.y0], [lab.x1, lab.y1]])
                                          / m.grid.hex_mm)
        got = found[tuple(c.hex)]
        assert abs(got.y0 - y0) <= 1 and abs(got.y1 - y1) <= 1, (c.name, got, (x0, y0, x1, y1))
        assert abs(got.x0 - x0) <= letter / 2 and got.x1 >= x1 - letter / 2, (c.name, got, (x0, x1))
        if got.x1 > x1 + letter:
            over.append(c.name)
    # No box runs on (before names._own_part and names._visible, Karlovy Vary's ran on over a
    # hex's centre dot within NAME_GAP of its name's end; Tesseract read the dot as "*").
    assert over == []
