"""The numbers in a city's ring: cleaned (:func:`ring_ink`), cut (:func:`split_boxes`), their
count brought towards 36 (:func:`fit_count`). ``docs/import.md``, "Race numbers".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import params as P
from .colour import LUMA
from .digits import CODES, bbox, code_scores
from .mixing import unmix
from .sampling import LINEAR_LUT, apply_affine

__all__ = ["Plan", "window", "distance", "ring_ink", "for_tesseract", "enlarged", "ink_runs", "full_squares",
           "text_only", "line_height", "split_boxes", "cut_lines", "split_halves", "row_doubt", "stack_three",
           "one_line", "fit_count"]


@dataclass
class Plan:
    """How one city's crop is read: ``ink``, ``faint``, the number ``boxes``; a split not made
    that the count may call for (``doubt``); whether two stand side by side (``row``)."""

    hex: tuple
    ink: np.ndarray
    faint: np.ndarray
    boxes: list
    doubt: tuple | None = None
    row: bool | None = None


def window(shape, fit, h, ring, wide=False):
    """Where :func:`ring_ink` looks: ``(inner radius, centre (x, y), pixel box)``."""
    px = fit.hex_px
    inner = min(P.CROP_RADIUS[1], max(P.CROP_RADIUS[0], ring - P.CROP_IN - 1.0 / max(px, 1.0)))
    if wide:
        # (several numbers reach out to the ring: cut at the ring, its red dropped)
        inner = min(P.WIDE_MAX, max(inner, ring - P.WIDE_IN))
    half = inner * px
    cx, cy = apply_affine(fit.affine, np.array(fit.grid.centre_mm(h)))
    x0, x1 = int(math.floor(cx - half)), int(math.ceil(cx + half)) + 1
    y0, y1 = int(math.floor(cy - half)), int(math.ceil(cy + half)) + 1
    return inner, (float(cx), float(cy)), (max(0, x0), max(0, y0), min(shape[1], x1), min(shape[0], y1))


def distance(A: np.ndarray, centre, box) -> np.ndarray:
    """Each pixel of ``box``'s distance from ``centre`` in grid units."""
    x0, y0, x1, y1 = box
    yy, xx = np.mgrid[y0:y1, x0:x1]
    L = np.linalg.inv(A[:, :2])
    return np.hypot(L[0, 0] * (xx - centre[0]) + L[0, 1] * (yy - centre[1]),
                    L[1, 0] * (xx - centre[0]) + L[1, 1] * (yy - centre[1]))


def ring_ink(rgb, fit, reading, legend, h, ring, wide=False):
    """The inside of a city's ring, red removed: ``(hard, soft)``, each pixel's darkness 0..1
    (digits ~1) with faint pixels cut and before; ``wide`` cuts at the ring."""
    inner, (cx, cy), (x0, y0, x1, y1) = window(rgb.shape, fit, h, ring, wide)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    lin = LINEAR_LUT[rgb[y0:y1, x0:x1]] * reading.light.gains(cx, cy)[None, None, :]
    ground = reading.colours.get(reading.terrain.get(h, "plain"), reading.fills.get(h, np.ones(3)))
    a, b, miss = unmix(lin, ground, legend.linear("city"), legend.linear("grid"))
    # Red: more city colour than ink (JPEG tints digits by the ring), and a pixel round it.
    red = _grown((a >= P.RED_SHARE[0]) & (a >= P.RED_SHARE[1] * b) & (miss < P.CROP_MISS)) & (a >= P.RED_FRINGE)
    dist = distance(fit.affine, (cx, cy), (x0, y0, x1, y1))
    outside = dist > inner
    # Red is dropped only near the ring (JPEG bleeds it over the digits: a 2 lost its foot).
    red &= dist > inner - P.RED_BAND
    lum = lin @ LUMA
    keep = ~(red | outside)
    ground_lum = float(np.percentile(lum[keep], P.PAPER_PERCENTILE)) if keep.sum() > 8 else float(ground @ LUMA)
    ink = np.clip((ground_lum - lum) / max(ground_lum, 0.05), 0, 1)
    ink[~keep] = 0.0
    # A digit next to the ring is tinted red, not dropped: its black share is ink.
    dropped = red & ~outside
    ink[dropped] = np.clip(b[dropped], 0, 1) * P.RED_KEEP_BLACK
    # Where the river's colour shows (in a port's anchor, :func:`_without_mark`).
    tinted = None
    if "river" in legend.colours and reading.in_colour:
        a_r, _, miss_r = unmix(lin, ground, legend.linear("river"), legend.linear("grid"))
        tinted = (a_r >= P.MARK_TINT) & (miss_r < P.CROP_MISS) & keep
    # Stretch so the darkest stroke is black; what is left at paper level is noise.
    top = float(np.percentile(ink[keep], P.INK_TOP[0])) if keep.any() else 0.0
    if top > P.INK_TOP[1]:
        ink = np.clip(ink / top, 0, 1)
    if not reading.in_colour and reading.terrain.get(h) == "mountain":
        ink = _on_plate(ink, fit.hex_px)
    hard = text_only(np.clip((ink - P.INK_FLOOR) / (1 - P.INK_FLOOR), 0, 1))
    return _without_mark(hard, ink, tinted)


def full_squares(mask: np.ndarray, side: int) -> np.ndarray:
    """The squares of ``side`` x ``side`` pixels wholly of ``mask``, by their top left corners
    (an array ``side - 1`` smaller each way), counted in the summed table of ``mask``.

    >>> m = np.zeros((4, 5), dtype=bool); m[0:3, 1:4] = True
    >>> full_squares(m, 2).astype(int).tolist()
    [[0, 1, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]]
    """
    total = np.pad(mask.astype(np.int32).cumsum(axis=0).cumsum(axis=1), ((1, 0), (1, 0)))
    return (total[side:, side:] - total[:-side, side:] - total[side:, :-side] + total[:-side, :-side]) == side * side


def _on_plate(ink: np.ndarray, hex_px: float) -> np.ndarray:
    """On a board without colour, a hatched hex's numbers on their white plate: the box round the
    bold strokes (a square ``MONO_PLATE_CORE`` hexes wide, at least 3 x 3 pixels, fits in no
    hatching line), grown by a stroke's width.

    >>> ink = np.zeros((20, 20)); ink[2:4, :] = 1.0; ink[8:14, 8:14] = 1.0   # a line, a stroke
    >>> out = _on_plate(ink, 150.0)
    >>> int(out[2:4].sum()), int(out[8:14, 8:14].sum())
    (0, 36)
    """
    k = max(3, int(round(P.MONO_PLATE_CORE * hex_px)))
    ys, xs = np.nonzero(full_squares(ink > 0.5, k))
    if not len(ys):
        return ink
    out = np.zeros_like(ink)
    y0, y1 = max(0, ys.min() + k // 2 - P.PLATE_PAD_PX), ys.max() + k - 1 + P.PLATE_PAD_PX
    x0, x1 = max(0, xs.min() + k // 2 - P.PLATE_PAD_PX), xs.max() + k - 1 + P.PLATE_PAD_PX
    out[y0:y1, x0:x1] = ink[y0:y1, x0:x1]
    return out


def _without_mark(hard: np.ndarray, faint: np.ndarray, tinted: np.ndarray | None = None,
                  specks_only: bool = False):
    """A port's anchor left of the numbers (apart from them, narrower than high:
    ``MARK_NARROW``, or a speck: ``MARK_SPECK``; the rest as wide as a number) taken out by
    its shape and place, then specks left of the rest (``specks_only``: those alone). On a
    board without colour the anchor is black, and in a JPEG in colour its thin strokes lose
    the river colour (stored at half resolution) that the colour test drops it by; there
    ``tinted`` (the pixels with some river colour) must show ``MARK_TINT_PIXELS`` in it, as
    a piece of a digit does not.

    >>> ink = np.zeros((10, 30)); ink[1:9, 1:6] = 1.0; ink[2:8, 10:22] = 1.0
    >>> [int(v.sum()) for v in _without_mark(ink, ink.copy())]
    [72, 72]
    >>> [int(v.sum()) for v in _without_mark(ink, ink.copy(), np.zeros(ink.shape, bool))]  # no river colour
    [112, 112]
    >>> ink = np.zeros((12, 40)); ink[5:7, 1:3] = 1.0; ink[5:7, 7:9] = 1.0; ink[1:11, 14:30] = 1.0
    >>> [int(v.sum()) for v in _without_mark(ink, ink.copy())]     # two specks: both out
    [160, 160]
    """
    cols = np.nonzero((hard > P.INK_SEEN).any(axis=0))[0]
    if len(cols) < 3:
        return hard, faint
    # (apart by more than digits are: a fifth of the height of the digits right of the gap,
    # one line's height where numbers are stacked beside the mark)
    gaps = [k for k in np.nonzero(np.diff(cols) > 1)[0]
            if cols[k + 1] - cols[k] > P.MARK_GAP * (line_height(hard[:, cols[k + 1]:]) or 0.0)]
    if not gaps:
        return hard, faint
    end, start = cols[gaps[0]] + 1, cols[gaps[0] + 1]
    rows = np.nonzero((hard[:, :end] > P.INK_SEEN).any(axis=1))[0]
    high = rows[-1] - rows[0] + 1
    rest = cols[-1] + 1 - start
    rest_rows = np.nonzero((hard[:, start:] > P.INK_SEEN).any(axis=1))[0]
    speck = high < P.MARK_SPECK * (rest_rows[-1] - rest_rows[0] + 1)
    # (narrower than high or a speck, and the rest as wide as two digits: "1" of "15" is no mark)
    if (end - cols[0] >= P.MARK_NARROW * high and not speck) or rest < high \
            or (specks_only and not speck) \
            or (tinted is not None and tinted[:, :end].sum() < P.MARK_TINT_PIXELS):
        return hard, faint
    hard, faint = hard.copy(), faint.copy()
    hard[:, :end] = 0.0
    faint[:, :(end + start) // 2] = 0.0      # (its faint rim too, up to the gap's middle)
    # (JPEG may leave the anchor in pieces, one beside the other: specks after the first; a
    # narrow mark now may be the 1 of the first of two numbers side by side)
    return _without_mark(hard, faint, tinted, True)


def _grown(mask: np.ndarray) -> np.ndarray:
    """``mask`` with the four pixels round each of its pixels."""
    p = np.pad(mask, 1)     # (each neighbour is the padded mask shifted by a pixel)
    return mask | p[:-2, 1:-1] | p[2:, 1:-1] | p[1:-1, :-2] | p[1:-1, 2:]


def for_tesseract(ink: np.ndarray, px: float) -> np.ndarray:
    """Dark digits on white, enlarged until a digit stands ``DIGIT_TARGET_PX`` high."""
    digit_px = line_height(ink) or P.NUMBER_FONT * 0.73 * px   # nominal (DejaVu's digits: 0.73 of the size)
    return enlarged((255 * (1 - ink)).astype(np.uint8), digit_px, P.DIGIT_TARGET_PX)


def enlarged(grey: np.ndarray, high: float, target: float) -> np.ndarray:
    """``grey`` (uint8) smoothly enlarged (never shrunk) until what stands ``high`` pixels stands ``target``."""
    from PIL import Image
    scale = max(1.0, target / max(high, 1.0))
    img = Image.fromarray(grey)
    img = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))), Image.Resampling.LANCZOS)
    return np.asarray(img, dtype=np.uint8)


def ink_runs(flags) -> list[tuple[int, int]]:
    """The runs of True in ``flags``: ``[(start, stop)]``."""
    d = np.diff(np.concatenate([[0], np.asarray(flags, dtype=np.int8), [0]]))
    return list(zip(np.nonzero(d == 1)[0].tolist(), np.nonzero(d == -1)[0].tolist(), strict=False))


def text_only(ink: np.ndarray) -> np.ndarray:
    """All but the dense block of text blanked (gaps up to most of a digit's height bridged)."""
    out = np.zeros_like(ink)
    px = ink.sum(axis=0)
    py = ink.sum(axis=1)
    if px.max() <= 0:
        return out
    runs = [b - a for a, b in ink_runs(py > P.TEXT_BLOCK[0] * py.max()) if b - a >= 2]
    digit = float(np.median(runs)) if runs else 4.0
    # (g empty rows are g + 1 from the last inked one; small stacked numbers stand 2 apart)
    gap = max(3, int(round(P.TEXT_BLOCK[1] * digit)) + 1)

    def span(p):
        """The inked rows (columns) nearest the ink's middle, gaps up to ``gap``: ``(lo, hi)``,
        a row (column) past them either side."""
        idx = np.nonzero(p > P.TEXT_BLOCK[0] * p.max())[0]
        centre = int(round(np.average(np.arange(len(p)), weights=p)))
        start = min(idx, key=lambda i: abs(i - centre))
        group = np.cumsum(np.concatenate([[0], np.diff(idx) > gap]))
        run = idx[group == group[idx == start][0]]
        return max(0, int(run[0]) - 1), int(run[-1]) + 2

    y0, y1 = span(py)
    x0, x1 = span(px)
    # The thin ends of the text (a 1's foot reaches past its stem with a sixth of its ink):
    # the columns beside it with ink in its rows, up to TEXT_REACH digits from it.
    inked = ink[y0:y1].sum(axis=0) > P.TEXT_THIN * px.max()
    reach = int(P.TEXT_REACH * digit)       # (the column past it is kept in any case)
    x0 -= next((k for k in range(reach - 1) if x0 - k - 1 < 0 or not inked[x0 - k - 1]), max(0, reach - 1))
    x1 += next((k for k in range(reach - 1) if x1 + k >= len(px) or not inked[x1 + k]), max(0, reach - 1))
    out[y0:y1, x0:x1] = ink[y0:y1, x0:x1]
    return out


def line_height(ink: np.ndarray) -> float | None:
    """The digits' height in a crop: from the runs of inked rows, or the text's width when
    stacked lines touch (over ``TOUCHING_ASPECT``: two digits are wider than high)."""
    on = ink > P.INK_SEEN
    cols = np.nonzero(on.any(axis=0))[0]
    by_width = (cols[-1] - cols[0] + 1) / P.TOUCHING_ASPECT if len(cols) >= 3 else None
    runs = [b - a for a, b in ink_runs(on.any(axis=1)) if b - a >= 3]
    by_rows = float(np.median(runs)) if runs else None
    return min([v for v in (by_rows, by_width) if v is not None], default=None)


def split_boxes(ink: np.ndarray, row: bool | None = None) -> list[tuple[slice, slice]]:
    """The numbers in a crop (``(rows, columns)`` slices, top to bottom): stacked lines, by empty
    rows or by the stacking pitch where they touch; one line far wider than high (or ``row``)
    is two side by side."""
    box = bbox(ink > P.BOX_INK)
    if box is None:
        return []
    y0, y1, x0, x1 = box
    block = ink[y0:y1, x0:x1]
    h, w = block.shape
    runs = [(a, b) for a, b in ink_runs((block > P.BOX_INK).any(axis=1)) if b - a >= 2]
    if not runs:
        return []
    # A line's height from the widest line's width.
    line_h = min(h, w / P.NUMBER_ASPECT)
    lines = []
    for a, b in runs:
        n = min(3, max(1, int(round(((b - a) / max(line_h, 1.0) - 1.0) / P.LINE_PITCH)) + 1))
        lines += [(a + top, a + bottom) for top, bottom in cut_lines(block[a:b], n)]
    lines = lines[:3]
    out = []
    for a, b in lines:
        prof = (block[a:b] > P.BOX_INK).sum(axis=0)
        cols = np.nonzero(prof)[0]
        if not len(cols):
            continue
        lw = cols[-1] - cols[0] + 1
        ys = slice(y0 + a, y0 + b)
        if len(lines) == 1 and (row or (row is None and lw / max(b - a, 1) > P.ROW_SPLIT[0])):
            # (two in a row, three are stacked: split at the widest gap near the middle)
            mid = (cols[0] + cols[-1]) / 2
            cand = [i for i in range(cols[0] + 1, cols[-1]) if abs(i - mid) < lw * P.ROW_SPLIT[1]]
            cut = min(cand, key=lambda i: (prof[i], abs(i - mid))) if cand else int(mid)
            out += [(ys, slice(x0, x0 + cut)), (ys, slice(x0 + cut, x1))]
        else:
            out.append((ys, slice(x0, x1)))
    return out


def cut_lines(block: np.ndarray, n: int) -> list[tuple[int, int]]:
    """A run of ``n`` touching lines in ``block`` cut into ``n`` at the emptiest rows near even
    pitch: ``[(top, bottom)]``."""
    prof = (block > P.BOX_INK).sum(axis=1).astype(float) + block.sum(axis=1) * P.CUT_LINES[0]
    h = len(block)
    edges = [0]
    for k in range(1, n):
        at = k * h / n
        near = [i for i in range(1, h) if abs(i - at) <= P.CUT_LINES[1] * h / n]
        edges.append(min(near, key=lambda i: (prof[i - 1] + prof[i], abs(i - at))) if near
                     else int(round(at)))
    return list(zip(edges, edges[1:] + [h], strict=True))


def _every(scores: list[np.ndarray | None]) -> list[np.ndarray] | None:
    """``scores`` when none is None, else None."""
    there = [sc for sc in scores if sc is not None]
    return there if len(there) == len(scores) else None


def split_halves(ink: np.ndarray, faint: np.ndarray, whole: np.ndarray | None):
    """A line cut into two side by side: ``(margin, (ink, faint, halves))``, margin how much more
    the weaker half looks like a number than the whole (``whole``: its scores); None when not
    two numbers."""
    halves = split_boxes(ink, True)
    each = _every([code_scores(ink[b]) for b in halves])
    if len(halves) != 2 or each is None:
        return None
    whole_best = float(whole.max()) if whole is not None else 0.0
    return min(float(e.max()) for e in each) - whole_best, (ink, faint, halves)


def row_doubt(wider: tuple[np.ndarray, np.ndarray] | None, whole: np.ndarray | None, one_h: float, one_w: float):
    """A ring read as one number that may hold two side by side: ``(margin, (ink, faint,
    halves))`` when the cut at the ring is wider than the board's number, not much higher, and
    its halves nearly as number-like as the whole (within ``ROW_DOUBT``); else None."""
    if wider is None or whole is None:
        return None
    b = bbox(wider[0] > P.BOX_INK)
    if b is None or b[1] - b[0] > P.ROW_HIGH * one_h or b[3] - b[2] < P.DOUBT_WIDER * one_w:
        return None
    split = split_halves(*wider, whole)
    return split if split is not None and split[0] > -P.ROW_DOUBT else None


def stack_three(ink: np.ndarray, faint: np.ndarray, boxes):
    """Two stacked numbers cut evenly into three (a small 3-stack's lines touch): ``(margin, (ink,
    faint, boxes))``, margin how much more number-like the three are; None if not two stacked."""
    if len(boxes) != 2 or boxes[0][1] != boxes[1][1]:
        return None
    ys0, ys1, xs = boxes[0][0].start, boxes[1][0].stop, boxes[0][1]
    three = [(slice(ys0 + a, ys0 + b), xs) for a, b in cut_lines(ink[ys0:ys1, xs], 3)]
    now = _every([code_scores(ink[b], P.PART_MIN_BOX) for b in boxes])
    more = _every([code_scores(ink[b], P.PART_MIN_BOX) for b in three])
    if now is None or more is None:
        return None
    return min(float(sc.max()) for sc in more) - min(float(sc.max()) for sc in now), (ink, faint, three)


def one_line(boxes, lone_h: float | None):
    """``boxes`` as one box when the lines stand no higher together than ``STACK_LOW`` times the
    board's lone number (``lone_h``): one number whose thin middle stroke was lost.

    >>> b = [(slice(6, 11), slice(4, 16)), (slice(12, 15), slice(4, 16))]
    >>> one_line(b, 9.0)
    [(slice(6, 15, None), slice(4, 16, None))]
    >>> len(one_line(b, 6.0))        # 9 rows is 1.5 numbers alone: two lines
    2
    """
    if not lone_h or len(boxes) < 2 or boxes[0][0] == boxes[1][0]:
        return boxes
    top, bottom = boxes[0][0].start, boxes[-1][0].stop
    if bottom - top > P.STACK_LOW * lone_h:
        return boxes
    return [(slice(top, bottom), slice(min(b[1].start for b in boxes),
                                       max(b[1].stop for b in boxes)))]


def fit_count(planned: list, codes: int | None = None) -> None:
    """Bring the count of numbers read up towards one per race number (in place): a few too few
    (not over ``COUNT_SHORT``), the rings nearest to two side by side split, nearest first (two
    stacked as three only within ``STACK_SHORT``). Too many are left to the scores: the weakest
    parts beyond 36 are dropped (``numbers._weigh``).

    >>> one, two = [[0, 0]], [[0, 0], [0, 0]]
    >>> planned = [Plan("A1", "i", "f", one, doubt=(-0.05, ("i2", "f2", two))),
    ...            Plan("B1", "i", "f", one, doubt=(-0.01, ("i2", "f2", two))),
    ...            Plan("C1", "i", "f", two)]
    >>> fit_count(planned, codes=5)          # 4 read: the nearer of the two is split
    >>> [len(p.boxes) for p in planned]
    [1, 2, 2]
    """
    codes = len(CODES) if codes is None else codes
    total = sum(len(p.boxes) for p in planned)
    if total < codes - P.COUNT_SHORT:
        return      # far fewer: a map that leaves race numbers out, not numbers missed
    # (two stacked as three only when nearly right: a board read badly looks like anything)
    stacks = total >= codes - P.STACK_SHORT
    for p in sorted((p for p in planned if p.doubt is not None), key=lambda p: -p.doubt[0]):
        if total >= codes:
            break
        if len(p.doubt[1][2]) == 3 and not stacks:
            continue
        p.ink, p.faint, p.boxes = p.doubt[1]
        p.doubt = None
        total += 1
