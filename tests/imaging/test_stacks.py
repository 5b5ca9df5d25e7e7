"""Pillow's quarter-size BOX resize and Gaussian blur done to a stack of images at once
(mapkit.imaging.stacks) give each image's bytes as Pillow gives them, and the templates of the
race numbers built with them (sliding and cut, many at a time) are those built one by one with
Pillow and the one-image functions."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from PIL import Image, ImageFilter

from mapkit.imaging import digits
from mapkit.imaging import params as P
from mapkit.imaging.stacks import gaussian_blur, quarter, quarter_blocks

SHAPES = [(1, 1), (1, 2), (2, 1), (3, 5), (7, 4), (19, 27), (40, 3), (5, 60)]


def _stack(rng, shape, sparse):
    stack = rng.integers(0, 256, (4, *shape), dtype=np.uint8)
    if sparse:          # mostly paper, a little ink: as the templates are
        stack = np.where(rng.random(stack.shape) < 0.1, stack, 0).astype(np.uint8)
    return stack


@pytest.mark.parametrize("sigma", [0.3, 0.5, 0.6, 1.1, 1.7, 4.0, 9.0])
def test_the_blur_is_pillows_for_every_image(sigma):
    rng = np.random.default_rng(int(sigma * 10))
    for shape, sparse in itertools.product(SHAPES, (False, True)):
        stack = _stack(rng, shape, sparse)
        got = gaussian_blur(stack, sigma)
        for image, blurred in zip(stack, got, strict=True):
            want = np.asarray(Image.fromarray(image).filter(ImageFilter.GaussianBlur(sigma)))
            assert np.array_equal(blurred, want), (sigma, shape, sparse)


def test_the_quarter_is_pillows_box_resize():
    rng = np.random.default_rng(4)
    for h, w in [(4, 4), (8, 12), (76, 108), (4, 400), (64, 32)]:      # (as tall as it may be)
        stack = rng.integers(0, 256, (3, h, w), dtype=np.uint8)
        for image, small in zip(stack, quarter(stack), strict=True):
            assert np.array_equal(small, np.asarray(Image.fromarray(image).resize((w // 4, h // 4), Image.BOX)))
    with pytest.raises(ValueError, match="at most twice as tall as wide"):
        quarter(np.zeros((1, 72, 32), np.uint8))


def test_blocks_cut_on_the_block_lines_shrink_as_the_whole_picture():
    # A picture's quarter, pieced together from pieces cut on its lines of 4 x 4 blocks, each
    # shrunk alone (pieces of any shape, taller than twice as wide among them).
    rng = np.random.default_rng(5)
    picture = rng.integers(0, 256, (1, 48, 40), dtype=np.uint8)
    whole = quarter(picture)[0]
    pieced = np.zeros_like(whole)
    for top, bottom, left, right in [(0, 48, 0, 4), (0, 8, 4, 40), (8, 48, 4, 24), (8, 48, 24, 40)]:
        pieced[top // 4:bottom // 4, left // 4:right // 4] = quarter_blocks(picture[:, top:bottom, left:right])[0]
    assert np.array_equal(pieced, whole)


def _slide_templates_by_pillow(height_q):
    """The sliding templates built window by window with Pillow: paste into a window of its own,
    resize it to a quarter, blur it."""
    height = height_q / 4.0
    th = math.ceil(height * P.SLIDE_WINDOW[0]) + 2
    tw = math.ceil(height * P.SLIDE_WINDOW[1]) + 2
    codes, rows = [], []
    for code, a, ink_h in digits.masters():
        k = height / ink_h
        y0, y1, x0, x1 = digits.bbox(a > 0.5)
        cy, cx = (y0 + y1) / 2 * k, (x0 + x1) / 2 * k
        size = (max(2, round(a.shape[1] * k)) * 4, max(2, round(a.shape[0] * k)) * 4)
        big = Image.fromarray((a * 255).astype(np.uint8)).resize(size, Image.BOX)
        for fy, fx in itertools.product((0.0, 0.25, 0.5, 0.75), repeat=2):
            canvas = Image.new("L", (tw * 4, th * 4), 0)
            canvas.paste(big, (round((tw / 2 + fx - cx) * 4), round((th / 2 + fy - cy) * 4)))
            small = canvas.resize((tw, th), Image.BOX).filter(ImageFilter.GaussianBlur(P.SLIDE_BLUR))
            v = digits._unit(np.asarray(small, dtype=np.float32).ravel())
            if v is not None:
                codes.append(code)
                rows.append(v)
    return np.array(codes), np.stack(rows), (th, tw)


@pytest.mark.parametrize("height_q", [3, 21, 51])   # a tiny, a middling and the largest size slid (8 px x 1.6)
def test_the_sliding_templates_are_those_pillow_draws_window_by_window(height_q):
    codes, rows, shape = digits._slide_templates.__wrapped__(height_q)
    want_codes, want_rows, want_shape = _slide_templates_by_pillow(height_q)
    assert shape == want_shape
    assert np.array_equal(codes, want_codes) and np.array_equal(rows, want_rows)


def _templates_one_by_one(height_q):
    """The cut templates with each shrunk master blurred by Pillow image by image, then cut
    (:func:`digits._cut_many`, whose edges are those of each image alone: below)."""
    codes, images = [], []
    for code, small in zip(*digits._shrunk(height_q / 4.0), strict=True):
        for sigma in P.TEMPLATE_BLURS:
            img = Image.fromarray(small)
            img = img.filter(ImageFilter.GaussianBlur(sigma)) if sigma else img
            codes.append(code)
            images.append(np.asarray(img, dtype=np.float32) / 255.0)
    rows, ok = digits._cut_many(images)
    return np.array(codes)[ok], rows[ok]


@pytest.mark.parametrize("height_q", [20, 37])   # 5 and 9.25 px: a small and a middling number
def test_the_cut_templates_are_those_made_one_by_one(height_q):
    codes, rows = digits.templates.__wrapped__(height_q)
    want_codes, want_rows = _templates_one_by_one(height_q)
    assert np.array_equal(codes, want_codes) and np.array_equal(rows, want_rows)


def test_ink_edges_of_many_profiles_are_those_of_each():
    rng = np.random.default_rng(7)
    profiles = np.zeros((200, 30), dtype=np.float32)
    lengths = rng.integers(1, 31, 200)
    lengths[:2] = 5, 3
    for p, n in zip(profiles, lengths, strict=True):
        p[:n] = np.where(rng.random(n) < 0.5, rng.random(n), 0.0)    # (paper past its length)
    profiles[0, :5] = [0.0, 1.0, 1.0, 1.0, 0.2]          # ink to the very ends of some
    profiles[1, :3] = [1.0, 0.7, 1.0]
    (lo, hi), ink = digits._edges_many(profiles, lengths)
    for p, n, a, b, k in zip(profiles, lengths, lo, hi, ink, strict=True):
        one = digits.ink_edges(p[:n])
        assert k == (one is not None)
        assert (a, b) == ((np.float32(one[0]), np.float32(one[1])) if one else (0.0, 0.0))


def test_units_of_many_rows_are_those_of_each():
    rng = np.random.default_rng(3)
    rows = rng.random((50, 315)).astype(np.float32)
    rows[7] = 0.25                                        # flat: no unit
    units, ok = digits._units(rows)
    assert list(ok).count(False) == 1 and not ok[7]
    for row, unit, k in zip(rows, units, ok, strict=True):
        v = row - row.mean()
        n = float(np.linalg.norm(v))                     # the row alone, as numpy measures a vector
        assert (k and np.array_equal(unit, v / n)) or (not k and n == 0.0)
