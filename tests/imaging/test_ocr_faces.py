"""Race numbers on boards set in a face the digit templates never saw (mapkit.imaging.ocr):
the board's own numbers teach its digits. Every board sets its numbers in one face at one
size, so each number alone in its ring is, to within noise, a mean image plus its first
digit's image plus its second digit's; learnt from the other numbers as first read, they
correct a number the templates misread.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from mapkit.imaging import boarddigits, digits, numbers, ocr, params
from mapkit import testing as syn
from mapkit.imaging.colour import DEFAULT_LEGEND
from mapkit.imaging.importer import ImportOptions, read_picture


def _digit_crops(labels, noise=0.05, seed=1):
    """Crops of numbers set in a made-up face: a left half showing the first digit and a
    right half showing the second (each digit a fixed random pattern), plus noise."""
    rng = np.random.default_rng(seed)
    left, right = rng.random((6, 20)), rng.random((6, 20))
    return np.stack([np.concatenate([left[c // 6], right[c % 6]]) + noise * rng.normal(size=40)
                     for c in labels])


def test_the_other_numbers_correct_a_swapped_pair():
    # All 36 race numbers once; the first reading swapped 23 and 54 (labels of crops 13 and
    # 27 exchanged). Each crop is scored by the digits learnt from the 35 others: 23's
    # digits 2 and 3 are seen five times each in their place elsewhere, so crop 13 still
    # fits 23 best, and crop 27 fits 54, though the labels say otherwise.
    truth = list(range(36))
    crops = _digit_crops(truth)
    first = list(truth)
    i23, i54 = digits.CODES.index("23"), digits.CODES.index("54")
    first[i23], first[i54] = i54, i23
    scores, explained = boarddigits.board_scores(crops, first)
    assert digits.CODES[int(np.argmax(scores[i23]))] == "23"
    assert digits.CODES[int(np.argmax(scores[i54]))] == "54"
    assert (scores.argmax(axis=1) == truth).all()
    assert explained > params.BOARD_Q1      # fully trusted: two wrong labels of 36 do not spoil it


def test_labels_at_random_explain_nothing_and_are_not_trusted():
    # The same crops with labels shuffled: the digits learnt are noise, the share explained
    # is about zero or less: the board's own digits are given no weight.
    crops = _digit_crops(range(36))
    labels = list(np.random.default_rng(7).permutation(36))
    _scores, explained = boarddigits.board_scores(crops, labels)
    assert explained < params.BOARD_Q0 + 0.05


def _board(seed, px, font):
    # Numbers laid out with no regional plan: the board's own digits alone are measured
    # (the neighbours' tens digits weigh in on no such board).
    m = syn.random_map(seed, 14, 12, "pointy", "odd", cities=36, numbering="shuffled")
    style = replace(syn.random_style(seed, "dampfross"), font=font)
    img, _ = syn.draw_board(m, px, style)
    return m, syn.degrade(img, syn.random_degradation(seed))


@pytest.mark.skipif(ocr.ocr_available() is not None, reason="needs tesseract")
def test_a_board_in_a_face_the_templates_lack(tmp_path, monkeypatch):
    # DejaVu Sans Mono Bold (in fonts-dejavu-core; the templates have Sans Mono, not its
    # bold) at 22 pixels per hex, a digit 5 pixels high, 36 cities with one number each.
    # The templates alone misread many; with the board's own digits all but a few are right.
    pytest.importorskip("PIL.ImageFont").truetype("DejaVuSansMono-Bold.ttf", 10)
    m, img = _board(3, 22.0, "DejaVuSansMono-Bold.ttf")
    path = tmp_path / "mono.png"
    img.save(path)
    pr = read_picture(str(path), ImportOptions(ocr=False))
    truth = {c.hex: tuple(sorted(c.numbers)) for c in m.cities}

    def right():
        nums, _notes = numbers.read_numbers(pr.rgb, pr.fit, pr.reading, DEFAULT_LEGEND)
        return sum(tuple(sorted(nums.get(h, ()))) == t for h, t in truth.items())

    learnt = right()
    monkeypatch.setattr(params, "BOARD_MIN", 10 ** 6)
    templates_only = right()
    assert len(truth) == 36
    assert learnt >= 33
    assert templates_only <= 30
