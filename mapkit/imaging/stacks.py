"""Two of Pillow's operations on a stack of small images at once, byte for byte as Pillow does
them to each image (Pillow's src/libImaging/Resample.c and BoxBlur.c): a BOX resize to a
quarter each way, and ``ImageFilter.GaussianBlur``. One call on thousands of images instead
of thousands of calls (the sliding templates of the race numbers: 4032 images a size).

>>> import numpy as np
>>> from PIL import Image, ImageFilter
>>> rng = np.random.default_rng(1)
>>> stack = rng.integers(0, 256, (3, 8, 12), dtype=np.uint8)
>>> [np.array_equal(quarter(stack)[i], np.asarray(Image.fromarray(a).resize((3, 2), Image.Resampling.BOX)))
...  for i, a in enumerate(stack)]
[True, True, True]
>>> [np.array_equal(gaussian_blur(stack, 0.5)[i], np.asarray(Image.fromarray(a).filter(ImageFilter.GaussianBlur(0.5))))
...  for i, a in enumerate(stack)]
[True, True, True]
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["quarter", "quarter_blocks", "gaussian_blur"]

_PASSES = 3     # box blurs a Gaussian blur is made of, each way


def quarter(stack: np.ndarray) -> np.ndarray:
    """``Image.resize((w // 4, h // 4), Image.Resampling.BOX)`` of each image of a uint8 stack ``(n, h, w)``
    whose sides are multiples of 4 and at most twice as tall as wide (Pillow resamples a taller
    picture's columns first): the rows first, each output pixel the mean of four rounded half
    up, then the columns the same way."""
    if stack.shape[1] > 2 * stack.shape[2] or stack.shape[1] % 4 or stack.shape[2] % 4:
        raise ValueError(f"images of {stack.shape[2]} x {stack.shape[1]} pixels: sides of 4, 8, ... "
                         f"and at most twice as tall as wide")
    return quarter_blocks(stack)


def quarter_blocks(stack: np.ndarray) -> np.ndarray:
    """Each 4 x 4 block of each image of a uint8 stack (sides multiples of 4) made one pixel as
    :func:`quarter` makes it, whatever the images' own shape: a block's pixel depends on the
    block alone, so blocks cut from a picture :func:`quarter` takes, on its lines of blocks,
    shrink to the pixels that picture shrinks to."""
    a = stack.astype(np.uint16)
    rows = (a[..., 0::4] + a[..., 1::4] + a[..., 2::4] + a[..., 3::4] + 2) >> 2
    return ((rows[:, 0::4] + rows[:, 1::4] + rows[:, 2::4] + rows[:, 3::4] + 2) >> 2).astype(np.uint8)


def _box(sigma: float) -> tuple[int, int, int]:
    """The box blur Pillow makes a Gaussian blur of ``sigma`` from (an extended box: a whole
    radius and a share of the pixels one beyond), in Pillow's 32-bit float arithmetic: the
    radius, the weight of each pixel in the box and of each of the two beyond, in 1/2**24."""
    f = np.float32
    sigma2 = f(sigma) * f(sigma) / f(_PASSES)
    length = f(math.sqrt(12.0 * float(sigma2) + 1.0))
    whole = f(math.floor((float(length) - 1.0) / 2.0))
    part = (f(2) * whole + f(1)) * (whole * (whole + f(1)) - f(3) * sigma2)
    part = part / (f(6) * (sigma2 - (whole + f(1)) * (whole + f(1))))
    radius = whole + part
    ww = int(f(1 << 24) / (radius * f(2) + f(1)))
    return int(radius), ww, ((1 << 24) - (int(radius) * 2 + 1) * ww) // 2


def _box_pass(a: np.ndarray, radius: int, ww: int, fw: int, axis: int) -> np.ndarray:
    """One box blur along ``axis`` of a uint8 stack, the edge pixels repeated past the edges
    (32 bits hold every sum, as in Pillow: ``(2 radius + 1) ww + 2 fw`` is at most 2**24)."""
    n = a.shape[axis]
    padded = np.take(a, np.clip(np.arange(-radius - 1, n + radius + 1), 0, n - 1), axis=axis).astype(np.uint32)

    def run(start: int) -> np.ndarray:        # the n pixels from ``start`` on, along ``axis``
        return padded[(slice(None),) * axis + (slice(start, start + n),)]

    out = run(1).copy()
    for start in range(2, 2 * radius + 2):
        out += run(start)
    out *= np.uint32(ww)
    beyond = run(0) + run(2 * radius + 2)
    beyond *= np.uint32(fw)
    out += beyond
    out += np.uint32(1 << 23)
    out >>= 24
    return out.astype(np.uint8)


def gaussian_blur(stack: np.ndarray, sigma: float) -> np.ndarray:
    """``ImageFilter.GaussianBlur(sigma)`` of each image of a uint8 stack ``(n, h, w)``: three
    box blurs along the rows, then three along the columns."""
    if sigma == 0:
        return stack.copy()
    radius, ww, fw = _box(sigma)
    out = stack
    for axis in (2, 1):
        for _ in range(_PASSES):
            out = _box_pass(out, radius, ww, fw, axis)
    return out
