"""Race numbers read from pictures (mapkit.imaging.ocr): numbers drawn here, read back.

The numbers are set by the tests themselves with Pillow (its own default face, Aileron, as a
drawer that never chose a font would, and DejaVu), shrunk to the few pixels a number stands
on a board of 20-30 pixels per hex, and read by the template comparison; one board drawn
small and saved as JPEG goes through the whole import with Tesseract.
"""

from __future__ import annotations

from argparse import Namespace

import numpy as np
import pytest

from mapkit.imaging import ocr


def _drawn(text: str, digit_px: float, font=None, blur: float = 0.0, spacing: float = 1.05):
    """``text`` (lines split by newlines) set in ``font`` (Pillow's default face unless
    given) large, shrunk until a digit stands ``digit_px`` pixels high,
    blurred: ink 0..1 (1 = black)."""
    from PIL import Image, ImageDraw, ImageFilter, ImageFont

    font = font or ImageFont.load_default(80)
    lines = text.split("\n")
    big = Image.new("L", (400, 120 + 110 * len(lines)), 0)
    dr = ImageDraw.Draw(big)
    for i, line in enumerate(lines):
        dr.text((200, 60 + i * font.size * spacing), line, fill=255, font=font, anchor="mm")
    probe = Image.new("L", (200, 200), 0)
    ImageDraw.Draw(probe).text((100, 100), "5", fill=255, font=font, anchor="mm")
    ys = np.nonzero(np.asarray(probe).max(axis=1) > 127)[0]
    digit_big = ys[-1] - ys[0] + 1
    k = digit_px / digit_big
    small = big.resize((max(1, round(big.width * k)), max(1, round(big.height * k))), Image.BOX)
    if blur:
        small = small.filter(ImageFilter.GaussianBlur(blur))
    ink = np.asarray(small, dtype=np.float32) / 255.0
    ys, xs = np.nonzero(ink > 0.05)
    pad = 3
    return ink[max(0, ys.min() - pad):ys.max() + 1 + pad, max(0, xs.min() - pad):xs.max() + 1 + pad]


@pytest.mark.parametrize("code", ["11", "26", "35", "43", "52", "64"])
def test_small_number_in_pillows_default_face(code):
    # Pillow's own face is among the templates: a number 7 pixels high in it, lightly
    # blurred, is named among the 36.
    ink = _drawn(code, 7.0, blur=0.4)
    number, score, margin = ocr._match(ink)
    assert number == int(code), (number, score, margin)


def test_default_face_fits_better_than_without_it(monkeypatch):
    # The same number compared with the DejaVu faces alone fits less well: the default face
    # is really loaded and used (a face that failed to load would go unnoticed otherwise).
    ink = _drawn("35", 9.0)
    with_it = float(ocr.code_scores(ink).max())
    monkeypatch.setattr(ocr, "TEMPLATE_FONTS", tuple(f for f in ocr.TEMPLATE_FONTS if f != "pillow-default"))
    ocr._masters.cache_clear()
    ocr._templates.cache_clear()
    try:
        without = float(ocr.code_scores(ink).max())
    finally:
        monkeypatch.undo()
        ocr._masters.cache_clear()
        ocr._templates.cache_clear()
    assert with_it > without + 0.01, (with_it, without)


@pytest.mark.parametrize("text, expected", [
    ("15\n42", [15, 42]),            # two stacked
    ("23\n51\n66", [23, 51, 66]),    # three stacked
    ("34 61", [34, 61]),             # two in a row
])
def test_several_numbers_in_one_ring(text, expected):
    from PIL import ImageFont

    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 80)
    except OSError:
        font = ImageFont.load_default(80)
    ink = _drawn(text, 9.0, font=font, blur=0.3)
    nums, _margin = ocr.match_numbers(ink)
    assert nums == expected


def test_a_small_jpeg_board_reads_its_numbers(tmp_path):
    # A board drawn at 24 pixels per hex with numbers in Pillow's default face, red rings,
    # blurred and saved as JPEG (whose colour, kept at half resolution, bleeds the ring's
    # red over the digits): the whole import reads nearly all 36 race numbers.
    from mapkit.imaging import synthetic as syn
    from mapkit.imaging.importer import import_map

    if ocr.ocr_available():
        pytest.fail("Tesseract is needed for this test: " + ocr.ocr_available())
    m = syn.random_map(11, 16, 13, "pointy", "odd", cities=36)
    style = syn.dampfross_style(font="pillow-default", number_size=0.28, ring_r=0.33,
                                ring_w=0.06, margin=0.8)
    img, _ = syn.draw_board(m, 24.0, style)
    img = syn.degrade(img, syn.Degradation(rotation=0.8, blur=0.6, noise=3.0, gradient=0.1,
                                           seed=11))
    path = tmp_path / "board.jpg"
    img.save(path, quality=70)
    got, _notes = import_map(str(path), Namespace(hex_px=24.0))
    truth = {c.hex: c.numbers for c in m.cities}
    read = {c.hex: c.numbers for c in got.cities}
    right = sum(1 for h, n in truth.items() if read.get(h) == n)
    assert len(truth) == 36
    assert right >= 34, (right, {h: (n, read.get(h)) for h, n in truth.items() if read.get(h) != n})
