"""Stage 6, race numbers: what each city's ring holds.

Input: the picture, the grid and the :class:`~mapkit.imaging.reading.Reading` (cities,
light, fills). Output: ``{hex: (race numbers...)}`` and notes.

1. **Crops** (:mod:`.numbercrops`): the inside of each ring, cleaned, cut into numbers
   (one; two or three stacked; two side by side); the count brought towards the 36.
2. **Scores** (:mod:`.digits`): each number against the 36 race numbers, cut out and (for
   small numbers) sliding; a number cut short by the ring also where it shows. A number
   sharing its ring counts for less than one alone (``PART_TRUST``); a share of each race
   number's mean score over the board is taken off (dense shapes fit any blob); what
   Tesseract reads, when it reads as many numbers, adds a little.
3. **Settling** (:mod:`.settle`): every number gets a different race number, the board's
   regions weighing in for unsure readings; then the board's own digits are learnt and
   the numbers settled again (:mod:`.boarddigits`).

Changed or unsure readings are listed in the notes. A town abroad (a ring on foreign land)
carries no race number and is not read.

>>> split_numbers("1112 13"), split_numbers("357")
(([11, 12, 13], []), ([35], ['7']))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from . import ocr
from . import params as P
from ..grid import hex_name
from .boarddigits import board_pass
from .digits import CODES, bbox, clipped_scores, code_scores, ink_height, slide_one
from .numbercrops import (Plan, fit_count, for_tesseract, hidden_ends, one_line, ring_ink,
                          row_doubt, split_boxes, split_halves, stack_three)
from .settle import settle

__all__ = ["read_numbers", "split_numbers", "Slot"]


@dataclass
class Slot:
    """One number read: its city, its scores over the 36 race numbers (``CODES`` order),
    and how many comparisons were summed in them."""

    hex: tuple
    scores: np.ndarray
    terms: float = 1.0
    height: float = 0.0         # pixels: how high its ink stands


class _Size(NamedTuple):
    """The board's number alone in a ring: its ink's height and width (pixels; None on a
    board with too few rings), and the height of the rings read as one line."""

    one_h: float | None
    one_w: float | None
    lone_h: float | None


def split_numbers(text: str) -> tuple[list[int], list[str]]:
    """Race numbers in OCR text: each word's digits in pairs; leftovers are returned apart."""
    numbers: list[int] = []
    left: list[str] = []
    for word in text.split():
        digits = "".join(ch for ch in word if ch.isdigit())
        while len(digits) >= 2:
            numbers.append(int(digits[:2]))
            digits = digits[2:]
        if digits:
            left.append(digits)
    return numbers, left


def read_numbers(rgb, fit, reading, legend) -> tuple[dict, list[str]]:
    """Race numbers of the cities found: ``({Hex: (numbers...)}, notes)``. Raises
    :class:`~mapkit.imaging.ocr.OcrUnavailable` when OCR cannot run."""
    why = ocr.ocr_available()
    if why:
        raise ocr.OcrUnavailable(why)
    cities = sorted(reading.cities.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    result: dict = {h: () for h, _ in cities}
    notes: list[str] = []
    abroad = [h for h, _ in cities if reading.terrain.get(h) == "foreign"]
    if abroad:
        notes.append(f"{', '.join(hex_name(h) for h in abroad)}: "
                     f"cit{'ies' if len(abroad) > 1 else 'y'} abroad, race numbers not read")
    rings = {h: ring for h, ring in cities if h not in abroad}

    def crop(h, wide=False):
        return ring_ink(rgb, fit, reading, legend, h, rings[h], soft=True, wide=wide)

    inks_of = [(h, inks) for h, inks in ((h, crop(h)) for h in rings)
               if inks is not None and (inks[0] > P.INK_SEEN).any()]
    lines_of = {h: split_boxes(ink) for h, (ink, _f) in inks_of}
    size = _number_size(inks_of, lines_of)
    planned = [_plan(h, ink, faint, lines_of[h], size, crop) for h, (ink, faint) in inks_of]
    total = sum(len(p.boxes) for p in planned)
    if size.one_w and len(CODES) - P.COUNT_SHORT <= total < len(CODES):
        # Numbers missing: a ring read as one number clear of the ring may hold two side
        # by side whose outer digits that cut took off (looked for only now: it costs a
        # crop per ring).
        for p in planned:
            if not p.row and len(p.boxes) == 1 and p.doubt is None:
                p.doubt = row_doubt(crop(p.hex, True), code_scores(p.ink[p.boxes[0]]),
                                    size.one_h, size.one_w)
    fit_count(planned)
    slots, groups, sheets = _score(planned, rgb.shape, fit, rings)
    if not slots:
        return result, notes
    slots, unit, kept = _weigh(slots, groups)
    unbias(slots)
    sure = _tesseract_bonus(slots, ocr.read_sheets(sheets))
    scores = np.stack([sl.scores for sl in slots])
    places = np.array([fit.grid.centre_mm(sl.hex) for sl in slots], dtype=float)
    chosen = settle(scores, places, sure)
    if len(groups.get(1, [])) >= P.BOARD_MIN and size.one_h:
        # The board's own digits (slots were renumbered when some were dropped).
        where = {id(sl): k for k, sl in enumerate(slots)}
        singles = [(where[id(kept[k])], faint) for k, _i, faint in groups[1] if id(kept[k]) in where]
        scores, chosen = board_pass(fit, singles, scores, chosen, unit, size.one_h, size.one_w,
                                    places, sure)
        for k, sc in enumerate(scores):
            slots[k].scores = sc
    return _given_out(result, notes, slots, chosen)


def _number_size(inks_of, lines_of) -> _Size:
    """How high and wide the board's number alone is: most rings hold one number, so the
    median ink block; and the height of the rings read as one line (the median block of all
    rings is higher on a board with many rings of two or three)."""
    alone = [b for b in (bbox(i[0] > 0.3) for _, i in inks_of) if b is not None]
    alone = [(b[1] - b[0], b[3] - b[2]) for b in alone]
    one_h = one_w = None
    if len(alone) >= P.SLIDE_MIN:
        sizes = np.array(alone, dtype=float)
        one_h, one_w = float(np.median(sizes[:, 0])), float(np.median(sizes[:, 1]))
    lone = [b[0].stop - b[0].start for bs in lines_of.values() if len(bs) == 1 for b in bs]
    lone_h = float(np.median(lone)) if len(lone) >= P.SLIDE_MIN else None
    return _Size(one_h, one_w, lone_h)


def _plan(h, ink, faint, boxes, size: _Size, crop) -> Plan:
    """How the ring of ``h`` is read: one number, several stacked, two side by side."""
    row = None
    b = bbox(ink > 0.3)
    if size.one_w and b is not None:
        bh, bw = b[1] - b[0], b[3] - b[2]
        # Two numbers side by side are set smaller than one alone, and are wider; the ring
        # may cut their outer ends off, so "wider" is only a little.
        if bh <= 1.3 * size.one_h and (bw >= P.ROW_WIDE * size.one_w
                                       or (bw >= P.ROW_WIDER * size.one_w and bh <= P.ROW_LOWER * size.one_h)):
            row = True
    # Lines too low to be two are one number; but two numbers side by side, their outer
    # digits cut off by the cut clear of the ring, may show as such lines too: the wider
    # cut is looked at first.
    narrow = (ink, faint, one_line(boxes, size.lone_h))
    if row or len(boxes) > 1:
        wider = crop(h, True)
        if wider is not None and (wider[0] > P.INK_SEEN).any():
            ink, faint = wider
            boxes = one_line(split_boxes(ink), size.lone_h)
    margin = doubt = None
    if row and len(boxes) == 1:
        # A few pixels wider and lower than the others may still be one number: two they
        # are when the halves look more like numbers than the whole does.
        split = split_halves(ink, code_scores(ink[boxes[0]]))
        if split is not None:
            margin, halves = split
            if margin > 0:
                boxes = halves
            else:
                if margin > -P.ROW_DOUBT:
                    doubt = (margin, (ink, faint, halves))
                margin = None
    if len(boxes) == 1:
        ink, faint, boxes = narrow      # one number after all: read clear of the ring
    more = stack_three(ink, faint, boxes)
    if more is not None and more[0] > P.STACK_MARGIN:
        doubt = more        # (two stacked are never side by side: no doubt of that)
    return Plan(h, ink, faint, boxes, narrow, margin, doubt, row)


def _score(planned, shape, fit, rings):
    """Template scores of every number planned: ``(slots, groups, sheets)``, ``groups``
    mapping how many numbers a ring holds to ``[(slot index, ink, faint ink)]`` (a part of a
    crowded ring alone in its crop), ``sheets`` the crops for Tesseract."""
    slots, groups, sheets = [], {}, []
    for p in planned:
        hidden = hidden_ends(shape, fit, p.hex, rings[p.hex], p.ink, p.boxes)
        for j, (ys, xs) in enumerate(p.boxes):
            sc = part_scores(p.ink[ys, xs], p.faint[ys, xs], len(p.boxes) == 1)
            if j in hidden:
                side, seen = hidden[j]
                clipped = clipped_scores(p.ink[ys, xs], seen[ys, xs], side)
                if clipped is not None:
                    sc = clipped if sc is None else (1 - P.CLIP_MIX) * sc + P.CLIP_MIX * clipped
            if sc is None:
                continue
            slots.append(Slot(p.hex, sc, height=float(ys.stop - ys.start)))
            if len(p.boxes) == 1:
                groups.setdefault(1, []).append((len(slots) - 1, p.ink, p.faint))
            else:
                keep = np.zeros_like(p.ink)
                keep[ys, xs] = 1.0
                groups.setdefault(len(p.boxes), []).append((len(slots) - 1, p.ink * keep, p.faint * keep))
        sheets.append((p.hex, for_tesseract(p.ink, fit.hex_px)))
    return slots, groups, sheets


def _weigh(slots, groups):
    """The sliding comparison added (each kind of ring at its own size), and the scores
    brought to the scale of a number alone in its ring, a part of a crowded ring weighed
    ``PART_TRUST`` (compared more often, it must not outweigh a clear number alone); parts
    beyond the 36 that look least like numbers dropped. ``(slots, unit, slots before)``."""
    kept = list(slots)
    for members in groups.values():
        if len(members) >= P.SLIDE_MIN:
            slide_scores(slots, members)
    single_terms = [slots[k].terms for k, _, _ in groups.get(1, [])]
    unit = float(np.median(single_terms)) if single_terms else 1.0
    parts = {k for count, members in groups.items() if count > 1 for k, _, _ in members}
    for k in parts:
        slots[k].scores = slots[k].scores * (P.PART_TRUST * unit / slots[k].terms)
    if len(slots) > len(CODES):
        extra = set(sorted(parts, key=lambda k: float(slots[k].scores.max()))[:len(slots) - len(CODES)])
        slots = [sl for k, sl in enumerate(slots) if k not in extra]
    return slots, unit, kept


def _tesseract_bonus(slots, texts: dict) -> np.ndarray:
    """What Tesseract read in a ring, when it reads as many numbers as the ring holds, adds
    ``TESSERACT_BONUS`` to those race numbers' scores (in place). Returns which numbers are
    sure: those of rings where Tesseract reads what the templates read (two readers agree),
    set large enough for Tesseract to be a reader (``SURE_PX``)."""
    index = {c: i for i, c in enumerate(CODES)}
    sure = np.zeros(len(slots), dtype=bool)
    by_hex: dict = {}
    for k, sl in enumerate(slots):
        by_hex.setdefault(sl.hex, []).append(k)
    for h, ks in by_hex.items():
        read, _left = split_numbers(texts.get(h, ""))
        if len(read) != len(ks):
            continue
        best = sorted(int(CODES[int(np.argmax(slots[k].scores))]) for k in ks)
        sure[ks] = sorted(read) == best and min(slots[k].height for k in ks) >= P.SURE_PX
        for k, n in zip(ks, read):
            if str(n) in index:
                slots[k].scores = slots[k].scores.copy()
                slots[k].scores[index[str(n)]] += P.TESSERACT_BONUS
    return sure


def _given_out(result, notes, slots, chosen):
    """The race numbers settled, per city, with a note for each reading changed or unsure."""
    by_hex: dict = {}
    for k, sl in enumerate(slots):
        by_hex.setdefault(sl.hex, []).append(k)
    for h, ks in by_hex.items():
        nums = sorted(int(CODES[chosen[k]]) for k in ks)
        result[h] = tuple(nums)
        weakest = min(float(np.sort(slots[k].scores)[-1] - np.sort(slots[k].scores)[-2]) for k in ks)
        best = [int(CODES[int(np.argmax(slots[k].scores))]) for k in ks]
        plural = "s" if len(nums) > 1 else ""
        if sorted(best) != nums:
            notes.append(f"{hex_name(h)}: race number{plural} {' '.join(map(str, nums))}, "
                         f"though it looks most like {' '.join(map(str, sorted(best)))} "
                         "(a race number is used once, and a board's tens digits may group "
                         "by region; check the overlay)")
        elif weakest < 0.01:
            notes.append(f"{hex_name(h)}: race number{plural} {' '.join(map(str, nums))} unsure")
    return result, notes


def part_scores(ink: np.ndarray, faint: np.ndarray, alone: bool) -> np.ndarray | None:
    """Template scores of one number (its cleaned ink and its faint darkness), or None when
    it is too small to be one. A faint number alone: its darkest stroke alone stands out of
    the cleaned ink; the faint darkness shows all of it."""
    sc = code_scores(ink, 3 if alone else P.PART_MIN_BOX)
    if sc is None and alone:
        sc = code_scores(faint)
    return sc


def unbias(slots) -> None:
    """Take from each race number's score a share of its mean score over the board's numbers
    of the same kind (alone in a ring; sharing one): a race number whose templates fit every
    number (dense shapes: 44, 66, 64 fit any dark blob) says little when it fits one. Each
    kind is set at its own size and read with its own sureness: each has its own mean."""
    count: dict = {}
    for sl in slots:
        count[sl.hex] = count.get(sl.hex, 0) + 1
    for shared, share in ((False, P.UNBIAS_ALONE), (True, P.UNBIAS_SHARED)):
        ks = [k for k, sl in enumerate(slots) if (count[sl.hex] > 1) == shared]
        if len(ks) < P.SLIDE_MIN:
            continue
        mean = np.mean([slots[k].scores for k in ks], axis=0)
        for k in ks:
            slots[k].scores = slots[k].scores - share * mean


def slide_scores(slots, singles) -> None:
    """Add the sliding comparison to the scores of ``singles`` (``[(slot index, ink, faint)]``),
    twice: on the faint darkness and on the cleaned ink (two views of a 4-pixel number). The
    board's number size is uncertain by a tenth or two: the comparisons at the
    ``SLIDE_KEEP`` sizes that fit the board's numbers best are summed."""
    hs = [ink_height(ink) for _, ink, _ in singles]
    hs = [h for h in hs if h]
    if not hs:
        return
    base = float(np.median(hs))
    if base > P.SLIDE_MAX_PX:
        return      # numbers this large are read well by the cut-out comparison alone
    tried = []
    for f in P.SLIDE_SCALES:
        res = [slide_one(faint, ink, base * f) for _, ink, faint in singles]
        tried.append((sum(float(r.max()) for r in res if r is not None), f, res))
    tried.sort(key=lambda t: -t[0])
    for _, f, best in tried[:P.SLIDE_KEEP]:
        for (k, ink, _), r in zip(singles, best):
            if r is not None:
                slots[k].scores = slots[k].scores + P.SLIDE_WEIGHT * r
                slots[k].terms += P.SLIDE_WEIGHT
                r2 = slide_one(ink, ink, base * f)
                if r2 is not None:
                    slots[k].scores = slots[k].scores + P.SLIDE_WEIGHT * r2
                    slots[k].terms += P.SLIDE_WEIGHT
