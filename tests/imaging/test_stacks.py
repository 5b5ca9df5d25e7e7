"""Pillow's quarter-size BOX resize and Gaussian blur done to a stack of images at once
(mapkit.imaging.stacks) give each image's bytes as Pillow gives them, and the sliding
templates of the race numbers built with them are those built window by window with Pillow."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from PIL import Image, ImageFilter

from mapkit.imaging import digits
from mapkit.imaging import params as P
from mapkit.imaging.stacks import gaussian_blur, quarter

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
