"""Stage 6, race numbers (:func:`read_numbers`): rings cut into numbers (:mod:`.numbercrops`),
scored (:mod:`.digits`, Tesseract), settled one race number each (:mod:`.settle`,
:mod:`.boarddigits`). ``docs/import.md``, "Race numbers".

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
from .digits import CODES, bbox, code_scores, ink_height, slide_one
from .numbercrops import (Plan, fit_count, for_tesseract, one_line, ring_ink, row_doubt,
                          split_boxes, split_halves, stack_three)
from .settle import Settled

__all__ = ["read_numbers", "split_numbers", "Slot"]


@dataclass
class Slot:
    """One number read: its city, its scores (``CODES`` order), the comparisons summed in them."""

    hex: tuple
    scores: np.ndarray
    terms: float = 1.0
    height: float = 0.0         # pixels: how high its ink stands
    count: int = 1              # the numbers its ring holds
    ink: np.ndarray | None = None       # its crops: the ring's, blanked but for it in a crowded ring
    faint: np.ndarray | None = None


class _Size(NamedTuple):
    """The board's lone number's ink height and width (or None), the one-line rings' height."""

    one_h: float | None
    one_w: float | None
    lone_h: float | None


def split_numbers(text: str) -> tuple[list[int], list[str]]:
    """Race numbers in OCR text: each word's digits in pairs; leftovers are returned apart."""
    numbers: list[int] = []
    left: list[str] = []
    for word in text.split():
        digits = "".join(ch for ch in word if ch.isdigit())
        numbers += [int(digits[i:i + 2]) for i in range(0, len(digits) - 1, 2)]
        if len(digits) % 2:
            left.append(digits[-1])
    return numbers, left


def read_numbers(rgb, fit, reading, legend) -> tuple[dict, list[str]]:
    """The cities' race numbers: ``({Hex: (numbers...)}, notes)``; OcrUnavailable without OCR."""
    if why := ocr.ocr_available():
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
        return ring_ink(rgb, fit, reading, legend, h, rings[h], wide)

    inks_of = [(h, inks) for h, inks in ((h, crop(h)) for h in rings)
               if inks is not None and (inks[0] > P.INK_SEEN).any()]
    lines_of = {h: split_boxes(ink) for h, (ink, _f) in inks_of}
    size = _number_size(inks_of, lines_of)
    planned = [_plan(h, ink, faint, lines_of[h], size, crop) for h, (ink, faint) in inks_of]
    total = sum(len(p.boxes) for p in planned)
    # (one_h and one_w are both known or neither)
    if size.one_w and size.one_h is not None and len(CODES) - P.COUNT_SHORT <= total < len(CODES):
        # Numbers missing: a ring read as one may hold two side by side, cut short.
        for p in planned:
            if not p.row and len(p.boxes) == 1 and p.doubt is None:
                p.doubt = row_doubt(crop(p.hex, True), code_scores(p.ink[p.boxes[0]]),
                                    size.one_h, size.one_w)
    fit_count(planned)
    slots, sheets = _score(planned, fit)
    if not slots:
        return result, notes
    slots, unit = _weigh(slots)
    unbias(slots)
    sure = _tesseract_bonus(slots, ocr.read_sheets_scored(sheets))
    scores = np.stack([sl.scores for sl in slots])
    places = np.array([fit.grid.centre_mm(sl.hex) for sl in slots], dtype=float)
    settled = Settled.of(scores, places, sure)
    singles = [(k, sl.faint) for k, sl in enumerate(slots) if sl.count == 1]
    if len(singles) >= P.BOARD_MIN and size.one_h and size.one_w is not None:
        settled = board_pass(fit, singles, unit, (size.one_h, size.one_w), settled)
        for k, sc in enumerate(settled.scores):
            slots[k].scores = sc
    return _given_out(result, notes, slots, settled.chosen)


def _number_size(inks_of, lines_of) -> _Size:
    """The board's lone number's size (median ink block) and the one-line rings' height."""
    alone = [b for b in (bbox(i[0] > P.BOX_INK) for _, i in inks_of) if b is not None]
    alone = [(b[1] - b[0], b[3] - b[2]) for b in alone]
    one_h = one_w = None
    if len(alone) >= P.SLIDE_MIN:
        one_h, one_w = (float(v) for v in np.median(np.array(alone, dtype=float), axis=0))
    lone = [b[0].stop - b[0].start for bs in lines_of.values() if len(bs) == 1 for b in bs]
    lone_h = float(np.median(lone)) if len(lone) >= P.SLIDE_MIN else None
    return _Size(one_h, one_w, lone_h)


def _plan(h, ink, faint, boxes, size: _Size, crop) -> Plan:
    """How the ring of ``h`` is read: one number, several stacked, two side by side."""
    row = None
    b = bbox(ink > P.BOX_INK)
    if size.one_w and size.one_h is not None and b is not None:
        bh, bw = b[1] - b[0], b[3] - b[2]
        # (two side by side are smaller and wider; the ring may cut their ends off)
        if bh <= P.ROW_HIGH * size.one_h and (bw >= P.ROW_WIDE * size.one_w
                                       or (bw >= P.ROW_WIDER * size.one_w and bh <= P.ROW_LOWER * size.one_h)):
            row = True
    # Lines too low to be two are one number, unless the wider cut shows two side by side.
    narrow = (ink, faint, one_line(boxes, size.lone_h))
    if row or len(boxes) > 1:
        wider = crop(h, True)
        if wider is not None and (wider[0] > P.INK_SEEN).any():
            ink, faint = wider
            boxes = one_line(split_boxes(ink), size.lone_h)
    doubt = None
    if row and len(boxes) == 1:
        # (a little wider and lower: two only when the halves look more like numbers)
        split = split_halves(ink, faint, code_scores(ink[boxes[0]]))
        if split is not None and split[0] > 0:
            boxes = split[1][2]
        elif split is not None and split[0] > -P.ROW_DOUBT:
            doubt = split
    if len(boxes) == 1:
        ink, faint, boxes = narrow      # one number after all: read clear of the ring
    more = stack_three(ink, faint, boxes)
    if more is not None and more[0] > P.STACK_MARGIN:
        doubt = more        # (two stacked are never side by side: no doubt of that)
    return Plan(h, ink, faint, boxes, doubt, row)


def _score(planned, fit):
    """Template scores of every number planned: ``(slots, sheets)``, ``sheets`` the crops for Tesseract."""
    slots, sheets = [], []
    for p in planned:
        for ys, xs in p.boxes:
            sc = part_scores(p.ink[ys, xs], p.faint[ys, xs], len(p.boxes) == 1)
            if sc is None:
                continue
            ink, faint = p.ink, p.faint
            if len(p.boxes) > 1:
                keep = np.zeros_like(p.ink)
                keep[ys, xs] = 1.0
                ink, faint = ink * keep, faint * keep
            slots.append(Slot(p.hex, sc, height=float(ys.stop - ys.start), count=len(p.boxes), ink=ink, faint=faint))
        sheets.append((p.hex, for_tesseract(p.ink, fit.hex_px)))
    return slots, sheets


def _weigh(slots):
    """The sliding comparison added and the scores brought to a single number's scale, a part of
    a crowded ring weighed ``PART_TRUST``; the weakest parts beyond 36 dropped."""
    groups = _indices_by(slots, "count")       # numbers a ring holds -> its slots
    for members in groups.values():
        if len(members) >= P.SLIDE_MIN:
            slide_scores([slots[k] for k in members])
    single_terms = [slots[k].terms for k in groups.get(1, [])]
    unit = float(np.median(single_terms)) if single_terms else 1.0
    parts = {k for count, members in groups.items() if count > 1 for k in members}
    for k in parts:
        slots[k].scores = slots[k].scores * (P.PART_TRUST * unit / slots[k].terms)
    if len(slots) > len(CODES):
        extra = set(sorted(parts, key=lambda k: float(slots[k].scores.max()))[:len(slots) - len(CODES)])
        slots = [sl for k, sl in enumerate(slots) if k not in extra]
    return slots, unit


def _tesseract_bonus(slots, readings: dict) -> np.ndarray:
    """Tesseract's reading adds ``TESSERACT_BONUS`` (in place); returns the sure numbers: where
    Tesseract and the templates agree on numbers at least ``SURE_PX`` high."""
    sure = np.zeros(len(slots), dtype=bool)
    for h, ks in _indices_by(slots, "hex").items():
        read, _left = split_numbers(readings.get(h, ("", -1.0))[0])
        if len(read) != len(ks):
            continue
        best = sorted(int(CODES[int(np.argmax(slots[k].scores))]) for k in ks)
        sure[ks] = sorted(read) == best and min(slots[k].height for k in ks) >= P.SURE_PX
        for k, n in zip(ks, read, strict=False):
            if str(n) in CODES:
                slots[k].scores[CODES.index(str(n))] += P.TESSERACT_BONUS
    return sure


def _indices_by(slots, attr: str) -> dict:
    """The slots' indices by the value of their ``attr`` (``"hex"``: each city's slots)."""
    out: dict = {}
    for k, sl in enumerate(slots):
        out.setdefault(getattr(sl, attr), []).append(k)
    return out


def _given_out(result, notes, slots, chosen):
    """The race numbers settled, per city, with a note for each reading changed or unsure."""
    for h, ks in _indices_by(slots, "hex").items():
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
        elif weakest < P.UNSURE_LEAD:
            notes.append(f"{hex_name(h)}: race number{plural} {' '.join(map(str, nums))} unsure")
        elif len(ks) > 1 and (small := _digit_px(slots, ks)) < P.SMALL_SHARED_PX:
            notes.append(f"{hex_name(h)}: race numbers {' '.join(map(str, nums))} read from digits "
                         f"{small:.1f} px high (numbers sharing a ring under {P.SMALL_SHARED_PX:g} px "
                         "are often misread; check the overlay)")
    return result, notes


def _digit_px(slots, ks) -> float:
    """The height of the lowest ink of the numbers ``ks`` (each cut alone), in pixels."""
    return min((ink_height(slots[k].ink) or 0.0) if slots[k].ink is not None else slots[k].height for k in ks)


def part_scores(ink: np.ndarray, faint: np.ndarray, alone: bool) -> np.ndarray | None:
    """Template scores of one number (its cleaned ink, or for a faint lone one its faint
    darkness too), or None when too small to be one."""
    sc = code_scores(ink, P.NUMBER_MIN_BOX if alone else P.PART_MIN_BOX)
    if sc is None and alone:
        sc = code_scores(faint)
    return sc


def unbias(slots) -> None:
    """Take from each race number's score a share of its mean over the board's numbers of the same
    kind (dense shapes such as 44 fit any blob)."""
    count = {h: len(ks) for h, ks in _indices_by(slots, "hex").items()}
    for shared, share in ((False, P.UNBIAS_ALONE), (True, P.UNBIAS_SHARED)):
        ks = [k for k, sl in enumerate(slots) if (count[sl.hex] > 1) == shared]
        if len(ks) < P.SLIDE_MIN:
            continue
        mean = np.mean([slots[k].scores for k in ks], axis=0)
        for k in ks:
            slots[k].scores = slots[k].scores - share * mean


def slide_scores(singles) -> None:
    """Add the sliding comparison to ``singles`` (slots of rings holding as many numbers) on both
    darknesses, summed over the ``SLIDE_KEEP`` sizes that fit the board best."""
    hs = [h for h in (ink_height(sl.ink) for sl in singles) if h]
    if not hs:
        return
    base = float(np.median(hs))
    if base > P.SLIDE_MAX_PX:
        return      # numbers this large are read well by the cut-out comparison alone
    tried = []
    for f in P.SLIDE_SCALES:
        res = [slide_one(sl.faint, sl.ink, base * f) for sl in singles]
        tried.append((sum(float(r.max()) for r in res if r is not None), f, res))
    tried.sort(key=lambda t: -t[0])
    for _, f, best in tried[:P.SLIDE_KEEP]:
        for sl, r in zip(singles, best, strict=False):
            if r is None:
                continue
            # (on the faint darkness as found, then on the cleaned ink)
            for got in (r, slide_one(sl.ink, sl.ink, base * f)):
                if got is not None:
                    sl.scores = sl.scores + P.SLIDE_WEIGHT * got
                    sl.terms += P.SLIDE_WEIGHT
