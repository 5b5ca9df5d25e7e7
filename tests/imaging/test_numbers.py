"""Race numbers read from pictures (mapkit.imaging.ocr): numbers drawn here, read back.

The numbers are set by the tests themselves with Pillow (its own default face, Aileron, as a
drawer that never chose a font would, and DejaVu), shrunk to the few pixels a number stands
on a board of 20-30 pixels per hex, and read by the template comparison; one board drawn
small and saved as JPEG goes through the whole import with Tesseract. Rings holding two or
three numbers (stacked, touching, or two side by side) are split and read part by part, and
two boards whose cities carry two or three numbers go through the whole import.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from mapkit.imaging import digits, numbercrops, ocr, params


def _match(number: np.ndarray):
    """The race number an ink image shows by the templates alone: ``(number, score,
    margin to the next best)``."""
    sc = digits.code_scores(number)
    if sc is None:
        return None, 0.0, 0.0
    order = np.argsort(-sc)
    return int(digits.CODES[order[0]]), float(sc[order[0]]), float(sc[order[0]] - sc[order[1]])


def match_numbers(ink: np.ndarray):
    """The race numbers in an ink crop (split as the reader splits a ring) by the templates
    alone, and the weakest margin among them."""
    nums, margin = [], 1.0
    for ys, xs in numbercrops.split_boxes(ink):
        n, _score, m = _match(ink[ys, xs])
        if n is not None:
            nums.append(n)
            margin = min(margin, m)
    return nums, margin


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
    number, score, margin = _match(ink)
    assert number == int(code), (number, score, margin)


def test_default_face_fits_better_than_without_it(monkeypatch):
    # The same number compared with the DejaVu faces alone fits less well: the default face
    # is really loaded and used (a face that failed to load would go unnoticed otherwise).
    ink = _drawn("35", 9.0)
    with_it = float(digits.code_scores(ink).max())
    every_face = len(digits.masters())
    monkeypatch.setattr(params, "TEMPLATE_FONTS", tuple(f for f in params.TEMPLATE_FONTS if f != "pillow-default"))
    # masters and templates of their own for the faces left (the process's caches, which the
    # other tests of this worker share, stay as they are)
    monkeypatch.setattr(digits, "masters", functools.lru_cache(maxsize=1)(digits.masters.__wrapped__))
    monkeypatch.setattr(digits, "templates", functools.lru_cache(maxsize=4)(digits.templates.__wrapped__))
    without = float(digits.code_scores(ink).max())
    assert len(digits.masters()) == every_face - len(digits.CODES)      # the default face's 36 gone
    assert with_it > without + 0.01, (with_it, without)


# "11" as mapkit render prints it in a 14 mm hex at 150 dpi (DejaVu Sans Bold, digits 18 px
# high; copied from a board's crop): the feet reach 4 columns past the stems, and a foot's
# column holds 3 pixels of ink against a stem's 18.
ELEVEN = """
......#########.........#########.......
......#########.........#########.......
......#########.........#########.......
......#########.........#########.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
..........#####.............#####.......
......#############.....#############...
......#############.....#############...
......#############.....#############...
"""


def test_text_block_keeps_the_foot_of_a_last_1():
    # The text block was the columns with a fifth of the most ink, and one more: the last
    # foot lost 3 columns, and 11 read as 13 (31 as 33, 41 as 43) wherever the board's own
    # digits are not learnt (fewer than 12 lone numbers).
    rows = ELEVEN.strip().splitlines()
    ink = np.zeros((len(rows) + 10, len(rows[0]) + 20))
    ink[5:5 + len(rows), 2:2 + len(rows[0])] = [[c == "#" for c in r] for r in rows]
    ink[8:12, -3:] = 1.0     # a piece of the ring at the crop's edge, 16 columns from the number
    kept = numbercrops.text_only(ink)
    number = ink.copy()
    number[:, -3:] = 0.0
    assert np.array_equal(kept, number)


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
    nums, _margin = match_numbers(ink)
    assert nums == expected


def _face(name):
    from PIL import ImageFont

    try:
        return ImageFont.truetype(name, 80)
    except OSError:
        return ImageFont.load_default(80)


@pytest.mark.parametrize("text, expected, digit_px, spacing, font", [
    # Lines set close (pitch 0.9 of the font size), blurred so they touch or nearly: the
    # run is cut where the lines meet, not merged into one number.
    ("26\n33\n44", [26, 33, 44], 6.0, 0.9, "DejaVuSans.ttf"),
    ("15\n25", [15, 25], 6.0, 0.9, "DejaVuSans.ttf"),
    # mapkit's renderer: bold, lines 1.08 font sizes apart.
    ("14\n36\n64", [14, 36, 64], 7.0, 1.08, "DejaVuSans-Bold.ttf"),
    ("52\n61", [52, 61], 8.0, 1.08, "DejaVuSans-Bold.ttf"),
    # Short numbers ("11") are narrow: the width alone would take each line for less.
    ("11\n12\n46", [11, 12, 46], 7.0, 1.05, "DejaVuSans.ttf"),
])
def test_stacked_numbers_close_together(text, expected, digit_px, spacing, font):
    ink = _drawn(text, digit_px, font=_face(font), blur=0.5, spacing=spacing)
    boxes = numbercrops.split_boxes(ink)
    assert len(boxes) == len(expected)
    nums, _margin = match_numbers(ink)
    assert nums == expected


@pytest.mark.parametrize("digit_px", [5.0, 6.0])
def test_two_touching_lines_and_one_apart(digit_px):
    # Three stacked numbers whose first two lines touch (blur, a tight pitch) and whose
    # third stands apart: the first run holds two lines by its height, and is cut in two.
    font = _face("DejaVuSans.ttf")
    top = _drawn("26\n33", digit_px, font=font, blur=0.5, spacing=0.8)
    bottom = _drawn("44", digit_px, font=font, blur=0.5)
    width = max(top.shape[1], bottom.shape[1])

    def centred(a):
        left = (width - a.shape[1]) // 2
        return np.pad(a, ((0, 0), (left, width - a.shape[1] - left)))

    ink = np.concatenate([centred(top)[:-3], np.zeros((1, width)), centred(bottom)[3:]])
    rows = (ink > 0.3).any(axis=1).astype(int).tolist()
    assert "1, 0, 0, 1" in str(rows)            # the third line stands apart ...
    assert len(numbercrops.split_boxes(ink)) == 3     # ... and the first two are still told apart
    assert match_numbers(ink)[0] == [26, 33, 44]


def test_text_block_keeps_small_stacked_lines():
    # Three lines 3 rows high, 2 empty rows apart (three numbers stacked in a small ring):
    # all three are the text block, not the middle one alone.
    ink = np.zeros((20, 12))
    for top in (2, 7, 12):
        ink[top:top + 3, 3:9] = [[1, 0, 1, 1, 0, 1], [1, 1, 0, 0, 1, 1], [0, 1, 1, 1, 1, 0]]
    ink[5:7, 5] = 0.15       # the faint trace of blur between lines
    kept = numbercrops.text_only(ink)
    assert [bool(kept[r].any()) for r in (3, 8, 13)] == [True, True, True]


@pytest.mark.parametrize("text, expected", [
    ("25 35", [25, 35]),
    ("11 65", [11, 65]),
])
def test_two_numbers_side_by_side_small(text, expected):
    # Two numbers in a row, 6 pixels high, in Pillow's default face: split at the gap.
    ink = _drawn(text, 6.0, blur=0.4)
    assert [b[0] for b in numbercrops.split_boxes(ink)][0] == [b[0] for b in numbercrops.split_boxes(ink)][1]
    nums, _margin = match_numbers(ink)
    assert nums == expected


def _numbers_read(tmp_path, m, hex_px, style, damage, quality):
    """Map ``m`` drawn at ``hex_px`` in ``style``, damaged, saved as JPEG of ``quality`` and
    imported whole (Tesseract needed; the hex size hinted): hex -> race numbers read."""
    from mapkit import testing as syn
    from mapkit.imaging.importer import ImportOptions, import_map

    if ocr.ocr_available():
        pytest.fail("Tesseract is needed for this test: " + ocr.ocr_available())
    img, _ = syn.draw_board(m, hex_px, style)
    path = tmp_path / "board.jpg"
    syn.degrade(img, damage).save(path, quality=quality)
    got, _notes = import_map(str(path), ImportOptions(hex_px=hex_px))
    return {c.hex: c.numbers for c in got.cities}


def test_a_small_jpeg_board_reads_its_numbers(tmp_path):
    # A board drawn at 24 pixels per hex with numbers in Pillow's default face, red rings,
    # blurred and saved as JPEG (whose colour, kept at half resolution, bleeds the ring's
    # red over the digits): the whole import reads nearly all 36 race numbers.
    from mapkit import testing as syn

    m = syn.random_map(11, 16, 13, "pointy", "odd", cities=36)
    style = syn.dampfross_style(font="pillow-default", number_size=0.28, ring_r=0.33,
                                ring_w=0.06, margin=0.8)
    read = _numbers_read(tmp_path, m, 24.0, style, syn.Degradation(
        rotation=0.8, blur=0.6, noise=3.0, gradient=0.1, seed=11), quality=70)
    truth = {c.hex: c.numbers for c in m.cities}
    right = sum(1 for h, n in truth.items() if read.get(h) == n)
    assert len(truth) == 36
    assert right >= 34, (right, {h: (n, read.get(h)) for h, n in truth.items() if read.get(h) != n})


@pytest.mark.parametrize("multi", ["stack", "row"])
def test_a_board_with_several_numbers_in_some_rings(tmp_path, multi):
    # 26 cities carry the 36 race numbers: some carry two or three, stacked (or two side
    # by side) in a ring of a board drawn at 30 pixels per hex, blurred, saved as JPEG.
    # Each city must come back with exactly its numbers.
    from mapkit import testing as syn

    m = syn.random_map(5, 12, 14, "pointy", "odd", cities=26)
    truth = {c.hex: c.numbers for c in m.cities}
    several = [h for h, n in truth.items() if len(n) > 1]
    assert sum(len(n) for n in truth.values()) == 36 and len(several) >= 6
    style = syn.dampfross_style(font="DejaVuSans.ttf", number_size=0.3, ring_r=0.38,
                                ring_w=0.05, margin=0.8, multi=multi)
    read = _numbers_read(tmp_path, m, 30.0, style, syn.Degradation(
        rotation=0.5, blur=0.5, noise=2.0, gradient=0.1, seed=5), quality=80)
    wrong = {h: (n, read.get(h)) for h, n in truth.items() if read.get(h) != n}
    assert len(wrong) <= 2, wrong
    assert sum(1 for h in several if read.get(h) == truth[h]) >= len(several) - 1, wrong
