"""Race numbers compared with templates (the 36 in six DejaVu faces and Pillow's): cut round
the ink box (:func:`code_scores`), sliding (:func:`slide_one`). ``docs/import.md``, "Race numbers".

>>> from PIL import Image, ImageDraw, ImageFont
>>> im = Image.new("L", (40, 20), 0)
>>> ImageDraw.Draw(im).text((3, 2), "25", fill=255, font=ImageFont.truetype("DejaVuSans.ttf", 14))
>>> CODES[int(np.argmax(code_scores(np.asarray(im) / 255.0)))]
'25'
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np

from . import params as P

__all__ = ["CODES", "bbox", "masters", "ink_edges", "ink_box", "cut", "templates",
           "code_scores", "slide_one", "ink_height"]

CODES = tuple(f"{a}{b}" for a in "123456" for b in "123456")   # the 36 race numbers


def bbox(mask: np.ndarray):
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return None
    return ys.min(), ys.max() + 1, xs.min(), xs.max() + 1


@functools.lru_cache(maxsize=1)
def masters():
    """The 36 numbers in each typeface found, large (ink 0..1), cropped to their ink:
    ``(index in CODES, ink, ink height)``."""
    from PIL import Image, ImageDraw, ImageFont
    out = []
    for name in P.TEMPLATE_FONTS:
        try:
            font = (ImageFont.load_default(60) if name == "pillow-default"
                    else ImageFont.truetype(name, 60))
        except (OSError, ImportError, TypeError):   # no file; no FreeType; Pillow < 10.1
            continue
        for k, code in enumerate(CODES):
            im = Image.new("L", (200, 110), 0)
            ImageDraw.Draw(im).text((20, 10), code, fill=255, font=font)
            a = np.asarray(im, dtype=np.float32) / 255.0
            y0, y1, x0, x1 = bbox(a > 0.5)
            out.append((k, a[max(0, y0 - 4):y1 + 4, max(0, x0 - 4):x1 + 4], y1 - y0))
    return out


def ink_edges(profile: np.ndarray) -> tuple[float, float] | None:
    """Where a profile (0..1) first and last crosses one half, to a fraction of a pixel
    (pixel i covers i..i+1): the ink box of a blurred glyph is where its edges were."""
    idx = np.nonzero(profile >= 0.5)[0]
    if not len(idx):
        return None
    i, j = int(idx[0]), int(idx[-1])
    lo = float(i) + 0.5
    if i > 0:
        p0, p1 = profile[i - 1], profile[i]
        lo = i - 0.5 + (0.5 - p0) / max(p1 - p0, 1e-6) + 0.5
    hi = float(j) + 0.5
    if j + 1 < len(profile):
        p0, p1 = profile[j], profile[j + 1]
        hi = j + 0.5 + (p0 - 0.5) / max(p0 - p1, 1e-6)
    return lo, hi


def ink_box(a: np.ndarray):
    """``a`` scaled to 1 at its darkest, and its ink box's rows and columns to a fraction of
    a pixel (:func:`ink_edges`): ``(scaled, (top, bottom), (left, right))``, or None."""
    m = float(a.max())
    if m <= 0:
        return None
    b = a / m
    ey = ink_edges(b.max(axis=1))
    ex = ink_edges(b.max(axis=0))
    if ey is None or ex is None:
        return None
    return b, ey, ex


def cut(a: np.ndarray, dx: float = 0.0, dy: float = 0.0):
    """``a`` normalised for comparison: the window round its ink box (found to a fraction of a
    pixel), scaled by the height alone, resampled to the compared size; zero mean, unit length."""
    found = _cuts(a, [(dx, dy)])
    return found[0] if found else None


def _cuts(a: np.ndarray, shifts) -> list:
    """:func:`cut` of ``a`` with its window moved by each ``(dx, dy)`` of ``shifts``, all at
    once (the ink box found once); the flat ones left out."""
    found = ink_box(a)
    if found is None:
        return []
    b, ey, ex = found
    boxes = [_window(max(ey[1] - ey[0], 1.0), (ex[0] + ex[1]) / 2 + dx, (ey[0] + ey[1]) / 2 + dy)
             for dx, dy in shifts]
    x0, y0, x1, y1 = (np.array(v) for v in zip(*boxes, strict=True))
    rows = _extent_many(np.repeat(b.astype(np.float32)[None], len(boxes), axis=0), np.array([b.shape] * len(boxes)),
                        x0, y0, x1, y1, P.CANON[::-1])
    units, ok = _units(rows)
    return list(units[ok])


def _unit(v: np.ndarray) -> np.ndarray | None:
    """``v`` less its mean, scaled to unit length (None when flat): a correlation's operand."""
    rows, ok = _units(v[None])
    return rows[0] if ok[0] else None


def _units(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_unit` of each row of ``rows`` (n, k) at once: ``(units, which are not flat)``;
    each row's mean and length as a row alone has them (the length by a dot product, as
    ``np.linalg.norm`` of a vector takes it), so that a template is the same made either way."""
    centred = rows - rows.mean(axis=1, keepdims=True)
    norms = np.array([float(np.sqrt(r.dot(r))) for r in centred])
    ok = norms > 0
    return centred / np.where(ok, norms, 1.0)[:, None].astype(rows.dtype), ok


def _window(height, cx, cy):
    """The box compared round an ink box ``height`` high centred on ``(cx, cy)`` (numbers or
    arrays): ``(x0, y0, x1, y1)``, ``COMPARED_HIGH`` times as high as the ink, ``CANON``'s shape."""
    half_h = 0.5 * height * P.COMPARED_HIGH
    half_w = half_h * P.CANON[1] / P.CANON[0]
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


def _shrunk(height: float) -> tuple[list, list]:
    """Every master shrunk until its ink stands ``height`` pixels high, at a few sub-pixel
    shifts (Pillow's BOX resize): ``(code indices, uint8 inks)``, master by master, shift by
    shift."""
    from PIL import Image
    codes, small = [], []
    for code, a, ink_h in masters():
        k = height / ink_h
        master = Image.fromarray((a * 255).astype(np.uint8))
        for fx, fy in P.TEMPLATE_PHASES:
            dx, dy = int(round(fx / k)), int(round(fy / k))
            shifted = Image.new("L", (master.width + dx, master.height + dy), 0)
            shifted.paste(master, (dx, dy))
            w = max(2, int(round(shifted.width * k)))
            h = max(2, int(round(shifted.height * k)))
            codes.append(code)
            small.append(np.asarray(shifted.resize((w, h), Image.Resampling.BOX)))
    return codes, small


def _shrunk_masters(height: float) -> tuple[list, list]:
    """The masters shrunk (:func:`_shrunk`), blurred a little, a little more and more (unknown
    focus): ``(code indices, inks 0..1)``, master by master, shift by shift, blur by blur. The
    blurs, Pillow's to the byte (:mod:`.stacks`), are made to the images of one size at once."""
    from .stacks import gaussian_blur
    codes, small = _shrunk(height)
    blurred: list = [[] for _ in small]
    sizes: dict = {}
    for i, img in enumerate(small):
        sizes.setdefault(img.shape, []).append(i)
    for same in sizes.values():
        stack = np.stack([small[i] for i in same])
        for sigma in P.TEMPLATE_BLURS:
            for i, img in zip(same, gaussian_blur(stack, sigma) if sigma else stack, strict=True):
                blurred[i].append(img)
    return ([code for code in codes for _ in P.TEMPLATE_BLURS],
            [img.astype(np.float32) / 255.0 for imgs in blurred for img in imgs])


@functools.lru_cache(maxsize=128)
def templates(height_q: int) -> tuple[np.ndarray, np.ndarray]:
    """The masters shrunk to ``height_q / 4`` pixels (:func:`_shrunk_masters`), cut like a
    picture's number (:func:`cut`, all at once), built once per size and kept."""
    codes, images = _shrunk_masters(height_q / 4.0)
    rows, ok = _cut_many(images)
    return np.array(codes)[ok], rows[ok]


def _cut_many(images: list) -> tuple[np.ndarray, np.ndarray]:
    """:func:`cut` of many images at once (padded with paper): ``(rows, which were cut)``."""
    sizes = np.array([a.shape for a in images])
    stack = np.zeros((len(images), *sizes.max(axis=0)), dtype=np.float32)
    for i, a in enumerate(images):
        stack[i, :a.shape[0], :a.shape[1]] = a
    top = stack.max(axis=(1, 2))
    ok = top > 0
    b = stack / np.where(ok, top, 1.0)[:, None, None]
    ey, oky = _edges_many(b.max(axis=2), sizes[:, 0])
    ex, okx = _edges_many(b.max(axis=1), sizes[:, 1])
    ok &= oky & okx
    x0, y0, x1, y1 = _window(np.maximum(ey[1] - ey[0], np.float32(1.0)), (ex[0] + ex[1]) / 2, (ey[0] + ey[1]) / 2)
    rows = _extent_many(b, sizes, x0, y0, x1, y1, P.CANON[::-1])
    rows -= rows.mean(axis=1, keepdims=True)
    n = np.linalg.norm(rows, axis=1)
    ok &= n > 0
    return rows / np.where(n > 0, n, 1.0)[:, None], ok


def _edges_many(profiles: np.ndarray, n: np.ndarray):
    """:func:`ink_edges` of many profiles padded with paper (``n``: their own lengths), in the
    same float32 steps: ``(lo, hi)`` and which have ink."""
    f32 = np.float32
    on = profiles >= 0.5
    ink = on.any(axis=1)
    rows = np.arange(len(profiles))
    i = np.argmax(on, axis=1)
    j = profiles.shape[1] - 1 - np.argmax(on[:, ::-1], axis=1)
    before, first = profiles[rows, np.maximum(i - 1, 0)], profiles[rows, i]
    lo = np.where(i > 0, (i - 0.5).astype(f32) + (f32(0.5) - before) / np.maximum(first - before, f32(1e-6))
                  + f32(0.5), f32(0.5))
    last, after = profiles[rows, j], profiles[rows, np.minimum(j + 1, profiles.shape[1] - 1)]
    hi = np.where(j + 1 < n, (j + 0.5).astype(f32) + (last - f32(0.5)) / np.maximum(last - after, f32(1e-6)),
                  (j + 0.5).astype(f32))
    return (np.where(ink, lo, f32(0.0)).astype(f32), np.where(ink, hi, f32(0.0)).astype(f32)), ink


def _extent_many(b: np.ndarray, sizes: np.ndarray, x0, y0, x1, y1, size) -> np.ndarray:
    """Many padded images (``sizes``: their own) each resampled so that its box (``x0[i], y0[i],
    x1[i], y1[i]``) fills ``size`` (w, h), as rows: bilinear, 0 past the edge, as Pillow's
    ``transform(size, EXTENT, box, BILINEAR)`` without the round trip.

    >>> box = (np.array([0]), np.array([0]), np.array([4]), np.array([4]))
    >>> _extent_many(np.array([[[0.0, 1.0], [1.0, 1.0]]]), np.array([[2, 2]]), *box, (2, 2)).tolist()
    [[0.75, 0.0, 0.0, 0.0]]
    """
    width, height = size

    def axis(lo, hi, n_out, n_in):
        c = lo[:, None] + (np.arange(n_out)[None, :] + 0.5) * ((hi - lo)[:, None] / n_out)
        p = np.clip(c - 0.5, 0, (n_in - 1)[:, None])
        i0 = np.floor(p).astype(np.intp)
        return (i0, np.minimum(i0 + 1, (n_in - 1)[:, None]), (p - i0).astype(np.float32),
                (c >= 0) & (c < n_in[:, None]))

    xa, xb, fx, in_x = axis(x0, x1, width, sizes[:, 1])
    ya, yb, fy, in_y = axis(y0, y1, height, sizes[:, 0])
    k = np.arange(len(b))[:, None, None]
    gx = fx[:, None, :]
    top = (1 - gx) * b[k, ya[:, :, None], xa[:, None, :]] + gx * b[k, ya[:, :, None], xb[:, None, :]]
    bottom = (1 - gx) * b[k, yb[:, :, None], xa[:, None, :]] + gx * b[k, yb[:, :, None], xb[:, None, :]]
    out = (1 - fy[:, :, None]) * top + fy[:, :, None] * bottom
    out = np.where(in_y[:, :, None] & in_x[:, None, :], out, np.float32(0.0))
    return out.reshape(len(b), -1).astype(np.float32)


def code_scores(number: np.ndarray, min_box: int = P.NUMBER_MIN_BOX) -> np.ndarray | None:
    """How well an ink image matches each of the 36 race numbers (``CODES`` order), or None
    when its ink box (its pixels over half its darkest) is under ``min_box`` pixels high or wide."""
    m = float(number.max()) if number.size else 0.0
    box = None if m <= 0 else bbox(number > 0.5 * m)
    if box is None or min(box[1] - box[0], box[3] - box[2]) < min_box:
        return None
    vs = _cuts(number, P.SHIFTS)
    return _best_per_code(*templates(int(round((box[1] - box[0]) * 4))), vs)


def _best_per_code(codes: np.ndarray, mat: np.ndarray, vs: list) -> np.ndarray | None:
    """Each race number's best correlation of any of its templates (``mat``'s rows, of race
    numbers ``codes``) with any of the unit vectors ``vs``, in ``CODES`` order; None without."""
    if not vs:
        return None
    out = np.full(len(CODES), -1.0)
    np.maximum.at(out, codes, (mat @ np.stack(vs, axis=1)).max(axis=1))
    return out


@functools.lru_cache(maxsize=32)
def _slide_templates(height_q: int):
    """The 36 numbers in each typeface with their ink ``height_q / 4`` pixels high, at 4 x 4
    quarter-pixel phases, blurred a little: (codes, windows (n, h*w), window shape). Each
    number is as if drawn at 4 times the size, placed to a quarter pixel, shrunk by averaging
    and blurred, as Pillow would one window at a time (:mod:`.stacks`; :func:`_place`)."""
    from .stacks import gaussian_blur
    height = height_q / 4.0
    th = math.ceil(height * P.SLIDE_WINDOW[0]) + 2
    tw = math.ceil(height * P.SLIDE_WINDOW[1]) + 2
    everyone = masters()
    windows = np.zeros((len(everyone), len(_PHASES), th, tw), dtype=np.uint8)
    for window, (_code, a, ink_h) in zip(windows, everyone, strict=True):
        _place(window, a, height / ink_h, th, tw)
    blurred = gaussian_blur(windows.reshape(-1, th, tw), P.SLIDE_BLUR)
    rows, ok = _units(blurred.reshape(len(blurred), -1).astype(np.float32))
    codes = np.repeat(np.array([code for code, _a, _h in everyone]), len(_PHASES))
    return codes[ok], rows[ok], (th, tw)


_PHASES = tuple(itertools.product((0.0, 0.25, 0.5, 0.75), repeat=2))    # (y, x) quarter pixels


def _place(windows: np.ndarray, a: np.ndarray, k: float, th: int, tw: int) -> None:
    """Master ``a`` scaled by ``k`` into each window (``th`` x ``tw``) of ``windows``, as if
    drawn at 4 times the size with its ink centre at the window's centre plus the phase, what
    falls outside cut off, and shrunk to a quarter (:func:`.stacks.quarter`: the window is at
    most twice as tall as wide). The big window's 4 x 4 blocks each make one pixel, and its
    edges lie between blocks: the scaled master, moved by the phase's part of a block, is
    shrunk alone (:func:`.stacks.quarter_blocks`) and its pixels placed whole."""
    from PIL import Image
    from .stacks import quarter_blocks
    y0, y1, x0, x1 = bbox(a > 0.5)
    cy, cx = (y0 + y1) / 2 * k, (x0 + x1) / 2 * k
    w = max(2, round(a.shape[1] * k))
    hh = max(2, round(a.shape[0] * k))
    big = np.asarray(Image.fromarray((a * 255).astype(np.uint8)).resize((w * 4, hh * 4), Image.Resampling.BOX))
    at = [(round((th / 2 + fy - cy) * 4), round((tw / 2 + fx - cx) * 4)) for fy, fx in _PHASES]
    moved = np.zeros((len(at), hh * 4 + 4, w * 4 + 4), dtype=np.uint8)
    for canvas, (py, px) in zip(moved, at, strict=True):
        canvas[py % 4:py % 4 + hh * 4, px % 4:px % 4 + w * 4] = big
    for window, part, (py, px) in zip(windows, quarter_blocks(moved), at, strict=True):
        top, left = py // 4, px // 4
        sy, sx = max(0, -top), max(0, -left)
        ey, ex = min(part.shape[0], th - top), min(part.shape[1], tw - left)
        if sy < ey and sx < ex:
            window[sy + top:ey + top, sx + left:ex + left] = part[sy:ey, sx:ex]


def slide_one(faint: np.ndarray, ink: np.ndarray, height: float) -> np.ndarray | None:
    """Best correlation of each race number with the darkness round the number's centre."""
    codes, mat, (th, tw) = _slide_templates(round(height * 4))
    m = float(ink.max())
    if m <= 0:
        return None
    y0, y1, x0, x1 = bbox(ink > P.BOX_INK * m)
    # (the window's corner in the padded picture, give or take a pixel each way)
    top, left = math.floor((y0 + y1) / 2 - th / 2) + th, math.floor((x0 + x1) / 2 - tw / 2) + tw
    pad = np.pad(faint, ((th, th), (tw, tw)))
    wins, ok = _units(np.stack([pad[top + oy:top + oy + th, left + ox:left + ox + tw].ravel()
                                for oy, ox in itertools.product((-1, 0, 1), repeat=2)]).astype(np.float32))
    return _best_per_code(codes, mat, list(wins[ok]))


def ink_height(number: np.ndarray) -> float | None:
    """Height of the ink box of a number, to a fraction of a pixel."""
    found = ink_box(number) if number.size else None
    return None if found is None else found[1][1] - found[1][0]
