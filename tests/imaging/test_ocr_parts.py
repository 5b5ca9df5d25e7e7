"""Race numbers read from pictures (mapkit.imaging.ocr): the steps between the template
scores and the settling. A race number whose templates fit every number of a board gives
way; the count of numbers read is brought towards the 36 race numbers a standard map uses
once each (two stacked lines that look more like three are split when one is missing); a
faint number whose cleaned ink keeps only its darkest stroke is still read.
"""

from __future__ import annotations

import numpy as np
import pytest

from mapkit.imaging import digits, numbercrops, numbers, params

from tests.imaging.test_numbers import _drawn


def _scores(best: dict) -> np.ndarray:
    """Scores over the 36 race numbers: 0.5 everywhere but the ones given."""
    sc = np.full(len(digits.CODES), 0.5)
    for code, v in best.items():
        sc[digits.CODES.index(code)] = v
    return sc


def test_a_race_number_fitting_every_number_of_the_board_gives_way():
    # Four numbers alone in their rings, 11, 22, 33, 52; each fits its own race number at
    # 0.90 and "44" (a dense shape, like any blurred blob) at 0.92. Alone, every one of
    # them looks most like 44. Worked by hand with UNBIAS_ALONE = 0.3: 44's mean over the
    # four is 0.92, so 0.92 - 0.3 * 0.92 = 0.644 is left of it; each own race number's mean
    # is (0.90 + 3 * 0.5) / 4 = 0.6, so 0.90 - 0.18 = 0.72 is left: the own number wins.
    own = ["11", "22", "33", "52"]
    slots = [numbers.Slot(f"A{i}", _scores({code: 0.90, "44": 0.92})) for i, code in enumerate(own)]
    assert [digits.CODES[int(np.argmax(sl.scores))] for sl in slots] == ["44"] * 4
    numbers.unbias(slots)
    assert [digits.CODES[int(np.argmax(sl.scores))] for sl in slots] == own
    assert slots[0].scores[digits.CODES.index("44")] == pytest.approx(0.92 * (1 - params.UNBIAS_ALONE))
    assert slots[0].scores[digits.CODES.index("11")] == pytest.approx(0.90 - params.UNBIAS_ALONE * 0.6)


def test_numbers_sharing_a_ring_have_their_own_mean():
    # Two rings of two numbers and four alone: what the shared ones fit says nothing about
    # the ones alone (they are set at another size), so a race number fitting every shared
    # number is taken down in them only.
    slots = [numbers.Slot(f"A{i}", _scores({"44": 0.9})) for i in range(4)]
    slots += [numbers.Slot(h, _scores({"66": 0.8})) for h in ("B1", "B1", "C1", "C1")]
    numbers.unbias(slots)
    i44, i66 = digits.CODES.index("44"), digits.CODES.index("66")
    assert slots[0].scores[i44] == pytest.approx(0.9 * (1 - params.UNBIAS_ALONE))
    assert slots[0].scores[i66] == pytest.approx(0.5 * (1 - params.UNBIAS_ALONE))
    assert slots[4].scores[i66] == pytest.approx(0.8 * (1 - params.UNBIAS_SHARED))
    assert slots[4].scores[i44] == pytest.approx(0.5 * (1 - params.UNBIAS_SHARED))


def _plan(name, parts, doubt=None):
    one = [(slice(0, 5), slice(0, 8))]
    two = [(slice(0, 5), slice(0, 4)), (slice(0, 5), slice(4, 8))]
    if parts == 2:
        return numbercrops.Plan(name, "ink", "faint", two)
    return numbercrops.Plan(name, "ink", "faint", one,
                            doubt=None if doubt is None else (doubt, ("ink2", "faint2", two)))


def test_fewer_numbers_than_race_numbers_split_the_nearest_pairs():
    # 33 rings read with one number and one with two: 35 numbers. Two of the 33 were nearly
    # read as two numbers side by side (halves 0.05 and 0.12 less like numbers than the
    # whole): the nearer one is split, which makes 36; the other stays whole.
    planned = [_plan(f"S{i}", 1) for i in range(31)]
    planned += [_plan("P1", 2), _plan("D1", 1, doubt=-0.12),
                _plan("D2", 1, doubt=-0.05)]
    numbercrops.fit_count(planned)
    counts = {p.hex: len(p.boxes) for p in planned}
    assert sum(counts.values()) == 36
    assert (counts["D2"], counts["D1"], counts["P1"]) == (2, 1, 2)
    d2 = next(p for p in planned if p.hex == "D2")
    assert d2.ink == "ink2"


def test_as_many_numbers_as_race_numbers_split_nothing_more():
    planned = [_plan(f"S{i}", 1) for i in range(35)] + [_plan("D1", 1, doubt=-0.01)]
    numbercrops.fit_count(planned)
    assert [len(p.boxes) for p in planned] == [1] * 36


@pytest.mark.parametrize("code", ["35", "51", "64"])
def test_a_faint_number_is_read_from_its_faint_darkness(code):
    # A pale, blurred number 6 pixels high: the cleaned ink keeps only its darkest pixels
    # (too few rows to be a number), the faint darkness keeps all of it, and is read.
    faint = 0.55 * _drawn(code, 6.0, blur=0.5)
    cleaned = np.where(faint > 0.9 * faint.max(), faint, 0.0)
    assert digits.code_scores(cleaned) is None
    sc = numbers.part_scores(cleaned, faint, True)
    assert digits.CODES[int(np.argmax(sc))] == code
    # A part of a crowded ring is not read from the faint darkness (it would see its
    # neighbours): too small is too small.
    assert numbers.part_scores(cleaned[:1], faint[:1], False) is None


def _as_two(ink):
    """The ink's box cut in two halves, as a run of two touching lines is cut."""
    y0, y1, x0, x1 = digits.bbox(ink > 0.3)
    mid = (y0 + y1) // 2
    return [(slice(y0, mid), slice(x0, x1)), (slice(mid, y1), slice(x0, x1))]


@pytest.mark.parametrize("text", ["11\n22\n51", "32\n46\n64", "15\n23\n53"])
def test_three_stacked_numbers_read_as_two_look_like_three(text):
    # Three numbers stacked, digits 4 pixels high, cut as two lines (as when their lines
    # touch and the ring cuts their width): the three parts of an even cut look more like
    # numbers than the two halves do, and the ring may be split into three.
    ink = _drawn(text, 4.0, blur=0.4, spacing=1.1)
    margin, (_ink, _faint, boxes) = numbercrops.stack_three(ink, ink, _as_two(ink))
    assert margin > params.STACK_MARGIN
    assert len(boxes) == 3
    # cut where the lines are: each part holds one line's ink centre (by rows)
    y0, y1, _x0, _x1 = digits.bbox(ink > 0.3)
    pitch = (y1 - y0) / 3
    for k, (ys, _xs) in enumerate(boxes):
        assert ys.start <= y0 + (k + 0.5) * pitch < ys.stop


@pytest.mark.parametrize("text", ["22\n51", "46\n64", "12\n14"])
def test_two_stacked_numbers_do_not_look_like_three(text):
    ink = _drawn(text, 4.0, blur=0.4, spacing=1.3)
    margin, _plan3 = numbercrops.stack_three(ink, ink, _as_two(ink))
    assert margin < params.STACK_MARGIN


def test_numbers_side_by_side_are_not_read_as_three_stacked():
    one = (slice(0, 5), slice(0, 4)), (slice(0, 5), slice(4, 8))
    assert numbercrops.stack_three(np.ones((5, 8)), np.ones((5, 8)), list(one)) is None


def test_a_two_stack_that_may_be_three_is_split_when_one_number_is_missing():
    # 31 rings of one (one of them nearly two side by side), a ring of two stacked that
    # looks like three, a ring of two: 35 read, one short of 36. The 2-stack whose three
    # parts look better (margin > 0) goes first, before the pair nearly side by side.
    planned = [_plan(f"S{i}", 1) for i in range(30)]
    planned += [_plan("D1", 1, doubt=-0.05)]
    three = [(slice(0, 3), slice(0, 8)), (slice(3, 6), slice(0, 8)), (slice(6, 9), slice(0, 8))]
    stack = numbercrops.Plan("K5", "ink", "faint", three[:2], doubt=(0.04, ("ink3", "faint3", three)))
    planned += [stack, _plan("P1", 2)]
    assert sum(len(p.boxes) for p in planned) == 35
    numbercrops.fit_count(planned)
    assert len(stack.boxes) == 3 and stack.ink == "ink3"
    assert len(next(p for p in planned if p.hex == "D1").boxes) == 1


def _number_alone():
    """The board's usual number alone in a ring, 6 pixels high: (ink, height, width)."""
    alone = _drawn("35", 6.0, blur=0.4)
    y0, y1, x0, x1 = digits.bbox(alone > 0.3)
    return alone, y1 - y0, x1 - x0


def test_a_pair_side_by_side_cut_short_by_the_narrow_crop_is_a_doubt():
    # The board's numbers alone stand 6 pixels high; a pair side by side, set at 5, was cut
    # clear of the ring down to its middle (what is left reads as one number). Cut at the
    # ring, it is a line wider and lower than a number alone: a doubt, its two halves.
    alone, one_h, one_w = _number_alone()
    pair = _drawn("12  45", 5.0, blur=0.4)
    py0, py1, px0, px1 = digits.bbox(pair > 0.3)
    middle = pair[:, px0 + (px1 - px0) // 4: px1 - (px1 - px0) // 4]
    got = numbercrops.row_doubt((pair, pair), digits.code_scores(middle), one_h, one_w)
    assert got is not None
    margin, (_ink, _faint, halves) = got
    assert margin > -params.ROW_DOUBT and len(halves) == 2
    assert halves[0][1].stop <= halves[1][1].start + 1       # left, then right
    # A number alone, cut at the ring, is no wider than the board's: no doubt.
    assert numbercrops.row_doubt((alone, alone), digits.code_scores(alone), one_h, one_w) is None


def test_one_wide_number_with_the_ring_beside_it_is_no_doubt():
    # Seed-1 drawer board 10 (35 race numbers on 26 cities): a 66 alone in its ring, cut at
    # the ring, came out a little wider than the board's usual number (the ring's blurred
    # edge beside it); the count called for one more number, the 66 was split in two, and
    # two cities lost their numbers. Two numbers side by side, even cut short by the ring,
    # are far wider (1.4 to 2 times, on the benchmark's boards).
    _alone, one_h, one_w = _number_alone()
    wide = _drawn("66", 6.0, blur=0.4)
    wy0, wy1, wx0, wx1 = digits.bbox(wide > 0.3)
    edge = np.zeros((wide.shape[0], wide.shape[1] + 3), dtype=np.float32)
    edge[:, :wide.shape[1]] = wide
    edge[wy0:wy1, wx1] = 0.6                         # a sliver of the ring beside it
    y0, y1, x0, x1 = digits.bbox(edge > 0.3)
    assert 1.15 * one_w <= x1 - x0 < 1.3 * one_w     # the case is there
    assert numbercrops.row_doubt((edge, edge), digits.code_scores(edge), one_h, one_w) is None


def _parted(code: str) -> np.ndarray:
    """``code`` in a serif face, digits 8 pixels high, with the rows of its middle erased (a
    2's thin diagonal lost under blur and shade, as on a seed-3 shadow board of the
    benchmark)."""
    from PIL import ImageFont

    ink = _drawn(code, 8.0, font=ImageFont.truetype("DejaVuSerif.ttf", 80), blur=0.3)
    y0, y1, _x0, _x1 = digits.bbox(ink > 0.3)
    mid = (y0 + y1) // 2
    ink = ink.copy()
    ink[mid - 1:mid + 1] = 0.0
    return ink


@pytest.mark.parametrize("code", ["22", "23", "25"])
def test_one_number_parted_by_a_lost_stroke_is_one_line(code):
    ink = _parted(code)
    boxes = numbercrops.split_boxes(ink)
    assert len(boxes) == 2 and boxes[0][0] != boxes[1][0]      # read as two stacked lines
    y0, y1, _x0, _x1 = digits.bbox(ink > 0.3)
    # The board's numbers alone stand as high as this one.
    merged = numbercrops.one_line(boxes, float(y1 - y0))
    assert len(merged) == 1
    sc = digits.code_scores(ink[merged[0]])
    assert digits.CODES[int(np.argmax(sc))] == code


@pytest.mark.parametrize("text", ["22\n51", "46\n64", "12\n14"])
def test_two_stacked_numbers_stay_two_lines(text):
    # Stacked numbers are set a little smaller than a number alone (4 pixels against 4.5):
    # together they stand higher than STACK_LOW numbers alone.
    ink = _drawn(text, 4.0, blur=0.4, spacing=1.3)
    boxes = numbercrops.split_boxes(ink)
    assert len(boxes) == 2
    assert numbercrops.one_line(boxes, 4.5) == boxes


@pytest.mark.parametrize("digit_px, noted", [(4, True), (9, False)])
def test_small_numbers_sharing_a_ring_are_noted(digit_px, noted):
    # Two numbers stacked in G2, each read clearly (no other note): under SMALL_SHARED_PX
    # the import says they may be misread, naming the hex; a lone number as small is not noted.
    def slot(h, code, rows):
        ink = np.zeros((30, 20))
        ink[rows:rows + digit_px, 5:12] = 1.0
        return numbers.Slot(h, _scores({code: 0.9}), height=float(digit_px), count=2 if h == (6, 1) else 1, ink=ink)

    slots = [slot((6, 1), "21", 5), slot((6, 1), "24", 15), slot((0, 0), "33", 10)]
    chosen = [digits.CODES.index(c) for c in ("21", "24", "33")]
    result, notes = numbers._given_out({}, [], slots, chosen)
    assert result == {(6, 1): (21, 24), (0, 0): (33,)}
    said = [n for n in notes if "px high" in n]
    assert len(said) == noted
    if noted:
        assert said[0].startswith("G2: race numbers 21 24 read from digits ")
        assert said[0].endswith(" px high (numbers sharing a ring under 5 px are often misread; check the overlay)")
