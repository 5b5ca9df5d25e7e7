"""Race numbers by OCR: Tesseract through ``pytesseract`` (the optional extra ``ocr``),
checked against digit templates, and settled so that no race number is used twice.

Each city's numbers are read from inside its ring, after two clean-ups without which OCR
misreads: the red of the ring's edge is dropped (only near the ring: JPEG bleeds the ring's
red over the digits, which must stay; and what is dropped keeps its share of black ink, for
the outer lines of three stacked numbers touch the ring), and everything outside the ring is
blanked (clear of the ring for one number; for several, which reach out to it, at the ring
itself); what is left is how much darker than the paper each pixel is. Then:

* **Splitting.** A ring holds one number, or two or three stacked, or two side by side.
  Lines apart are told by empty rows; touching lines by a run's height (as many lines as
  it fits at the stacking pitch, cut at its emptiest rows). Lines apart that stand together
  no higher than 1.3 times the board's number alone (the median of the rings read as one
  line) are one number whose thin middle stroke was lost (a serif 2's diagonal under blur
  and shade); stacked numbers stand higher. Two numbers side by side are a
  line far wider than high, or wider and lower than the board's usual number alone (the
  median ink block: most rings hold one number), which tells them even when the ring cuts
  their outer digits short, and when the halves look more like numbers than the whole.
  (A ring read as one number clear of the ring, whose crop cut at the ring is such a line,
  may hold two too: the cut clear of the ring can take the outer digits off.)
  The count of numbers read is then brought towards the 36 race numbers (a standard map
  uses each once): too many, the least sure splits side by side are undone; too few, the
  rings nearest to holding two side by side are split, and, when no more than two are
  missing, two stacked lines whose even cut into three looks more like numbers than the
  two do (a small 3-stack's lines touch and the ring cuts their width, so their height
  reads as two lines); the surest first.
* **Templates.** A race number is two digits 1..6: 36 shapes. Each number in the crop (one,
  or two or three stacked or side by side) is compared with the 36 numbers set in six DejaVu
  faces and Pillow's default one (Aileron), shrunk to the crop's size at four sub-pixel
  shifts and a few blurs, and cut round their ink box found to a fraction of a pixel: a
  normalised correlation per race number (a number so faint that its cleaned ink keeps
  only its darkest stroke is compared by its faint darkness).
  At 20-30 pixels per hex a digit stands 4 to 7 pixels high, too small for Tesseract alone.
  The cut is tried at a few sub-pixel shifts (the ink box of so small a number is uncertain).
* **Ends hidden by the ring.** Two numbers side by side reach out to the ring, which hides
  their outer ends, and a number cut short is misplaced by its ink box's centre. One whose
  ink runs into the cut is also compared where it shows only, lined up by its inner edge
  (the templates cut the same way); the two comparisons are averaged.
* **Sliding comparison.** Cutting round the ink box is brittle when the strokes are faint, so
  each number is also compared without it: the 36 numbers in the seven faces, set
  at the board's number size on a 4 x 4 grid of quarter-pixel phases, slide over the
  darkness round the number's centre (normalised correlation, best of nine positions; a
  number sharing its ring sees the others blanked). The sizes are the few, from the median
  ink height up, that fit best the numbers of its kind: numbers alone in a ring are set
  alike, and so are the numbers of rings with two, and of rings with three, each kind
  smaller. Their scores are added to the cut-out one. A number sharing its ring has its sum
  brought to the scale of a number alone's (how many comparisons were made must not make a
  reading surer), times ``PART_TRUST``: smaller, against the ring and its neighbours, it is
  read less surely than a number alone, and gives way to it.
* **Calibration.** Some race numbers fit any small dark blob (44, 66, 64: dense shapes):
  a share of each race number's mean score over the board's numbers of the same kind
  (alone in a ring, or sharing one) is taken from its scores, so that what fits every
  number says little about one.
* **Tesseract.** All crops, enlarged until a digit is about 24 pixels high, go to Tesseract
  at once, one below the other (one process, not one per city), digits 1-6 only; a reading
  with as many numbers as the crop shows adds to those race numbers' scores.
* **Once each.** A race number is used once on a map: every number gets a different race
  number, with the largest total log-probability (the Hungarian method); a clear reading
  keeps its number, an unclear one gives way. Changed or unsure readings are listed.
* **The tens digit is a region.** On the published boards the cities that share a tens
  digit lie together. Where the numbers as read show that (measured on the board, against
  the same digits shuffled over the same cities: :mod:`.regions`), each number's five
  nearest others' tens digits weigh in, as log-odds times ``REGION_GAIN`` (less for a sure
  reading, nothing for one ``REGION_SURE`` nats surer than the next), and the numbers are
  settled again (three times, the neighbours as last settled); a board laid out with no
  such plan is settled on its readings alone.
* **The board's own digits.** The templates know a few faces; a board sets all its numbers
  in one face at one size, centred, and faces have digits of one width, so each number
  alone in a ring is, in the board's face, a mean image plus an image of its first digit
  plus one of its second (13 images; a board of 36 shows each digit about six times in
  each place). After the settling, each number alone is sampled round its ink box's centre
  (found to a fraction of a pixel) on the grid's axes at half-pixel steps, bilinear; the 13
  images are fitted by least squares to the other numbers alone with their race numbers as
  settled (a number's own crop never takes part in the fit that scores it), and each race
  number's predicted image is correlated with the crop. These scores are added to the
  others (``BOARD_WEIGHT``), the numbers settled again, twice. The model is trusted as much
  as it explains, left one out, of how the numbers differ from their mean image (most
  labels wrong, or digits blurred past telling: it explains nothing, and is given no
  weight). Numbers sharing a ring keep the templates alone.

Without Tesseract (or pytesseract) no numbers are read: cities come without numbers, and the
importer says why.

>>> split_numbers("35")
([35], [])
>>> split_numbers("1112 13")
([11, 12, 13], [])
>>> split_numbers("357")
([35], ['7'])
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ..grid import hex_name
from .colour import LUMA
from .reading import LINEAR_LUT, unmix
from .regions import nearest_others, region_weight, shares_among, tens_prior
from .sampling import apply_affine

__all__ = ["ocr_available", "read_numbers", "split_numbers", "OcrUnavailable"]

SHEET_MAX_PX = 20000      # height of one sheet of crops for Tesseract
TESSERACT_BONUS = 0.02    # added to the template score of what Tesseract read
ASSIGN_TEMPERATURE = 0.02 # template scores -> log-probabilities for the assignment
REGION_MIN = 12           # numbers read before their neighbours' tens digits weigh in
# The neighbours' log-odds are weighed this much against the readings' log-probabilities,
# which the temperature above makes surer than a smudge's reading is (a smudge looks like
# a few numbers in particular). Wrong numbers on the regional benchmark boards (drawer and
# renderer, no hints): seed 3, 45 without the neighbours, 41 at gain 1, 32 at 4, 27 at 8;
# seed 1, 47 without, 30 at 4, 32 at 8; seed 5 (measured after the choice), 37 without,
# 32 at 4 and at 8, 48 at 16 (all before REGION_SURE below; with it, seeds 1, 3 and 5
# drawer boards and seed-5 shadow boards: 120 at 8, 123 at 12, 127 at 16).
REGION_GAIN = 8.0
# A reading this much surer (nats, best over second best) than its next race number is
# left to itself, and the neighbours weigh in less the surer it is: a clear 14 among 4x
# cities (a region's outlier) stays 14. Seeds 1 and 3 drawer boards and seed-5 faces and
# shadow boards: 97 wrong numbers without the limit, 100 at 20, 109 at 10 (the six bundled
# maps drawn at 20-27 px: 86 either way); on one seed-1 board at 38 px per hex, five wrong
# without it (clear numbers given up to the neighbours), two with it.
REGION_SURE = 20.0
REGION_ROUNDS = 3         # settlings with the neighbours' tens digits as last settled
DIGIT_TARGET_PX = 24      # enlarge crops until a digit is about this tall (Tesseract likes 20-30)
GAP_PX = 40
# Below 3 pixels a speck is no number, unless it is one of two or three in a ring (three
# stacked in a small ring stand 2 or 3 pixels high): then it is compared all the same.
PART_MIN_BOX = 2
RED_KEEP_BLACK = 1.0      # what is dropped as red keeps its share of black ink (0..1)
RED_BAND = 0.06           # red is dropped only this near (hex units) to the cut round the ring
SLIDE_MIN = 4             # rings with one number before the board's number size is sought
SLIDE_MAX_PX = 8.0        # measured number height (pixels) above which it is not needed
SLIDE_KEEP = 5            # sizes whose comparisons are summed (the best-fitting ones)
SLIDE_WEIGHT = 1.0        # weight of the sliding comparison next to the cut-out one
# A number sharing its ring with others is smaller, closer to the ring and to the other
# numbers: its reading is less sure than a number's alone, and gives way to it (its scores,
# brought to the scale of one alone, are weighed this much).
PART_TRUST = 0.5
# Share of a race number's mean score over the board's numbers (of the same kind) taken
# from its score: alone in a ring, sharing one (see _unbias).
UNBIAS_ALONE = 0.3
UNBIAS_SHARED = 0.5
WIDE_IN = 0.02           # rings of several numbers are cut this far (hex units) inside the ring
# Two numbers side by side reach out to the ring, which hides their outer digits: a number
# whose ink comes this near (hex units) to the cut is compared only where it shows, lined up
# by its inner edge (see clipped_scores).
CLIP_BAND = 0.03
CLIP_MIX = 0.5            # weight of that comparison next to the usual one (which sees
                          # the whole number when the cut hides little of it)
ROW_WIDE = 1.45           # a line this much wider than one number is two side by side,
ROW_WIDER = 1.15          # and so is one a little wider
ROW_LOWER = 0.9           # and lower
ROW_DOUBT = 0.15          # or one whose halves fit numbers this little less than the whole
                          # does, when the board shows fewer than 36 numbers, and cut at
DOUBT_WIDER = 1.33        # the ring it is this much wider (one number with the ring's
                          # blurred edge comes out as much as 1.3 times as wide),
COUNT_SHORT = 6           # but not this many fewer (a map that leaves some out)
STACK_LOW = 1.3           # lines stacked no higher together than this many numbers alone
                          # are one number parted by a lost stroke (see _one_line)
STACK_MARGIN = 0.005      # two stacked numbers may be three when the three look this much
                          # more like numbers than the two (and the count calls for one more,
STACK_SHORT = 2           # with no more than this many numbers short of 36)
SLIDE_BLUR = 0.5          # Gaussian blur (pixels) of the sliding templates
# The ink box of a faint small number comes out smaller than the number: the board's size
# is sought from the median measured height up.
SLIDE_SCALES = (0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6)


class OcrUnavailable(Exception):
    """pytesseract or the tesseract program is missing; the message says which."""


def ocr_available() -> str | None:
    """None when OCR works, else a one-line reason."""
    try:
        import pytesseract
    except ImportError:
        return "the Python package pytesseract is not installed (pip install 'mapkit[ocr]')"
    try:
        pytesseract.get_tesseract_version()
    except Exception:  # TesseractNotFoundError, or a broken install
        return "the tesseract program is not installed (e.g. apt-get install tesseract-ocr)"
    return None


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


def _window(shape, fit, h, ring, wide=False):
    """Where :func:`_ink` looks: ``(inner radius in hex units, centre (x, y) in pixels,
    (x0, y0, x1, y1) the pixels cut out)``."""
    px = fit.hex_px
    inner = min(0.42, max(0.2, ring - 0.04 - 1.0 / max(px, 1.0)))
    if wide:
        # Two or three numbers reach out to the ring (the outer lines of three stacked, the
        # outer digits of two side by side): cut at the ring itself; its red is dropped.
        inner = min(0.45, max(inner, ring - WIDE_IN))
    half = inner * px
    cx, cy = apply_affine(fit.affine, np.array(fit.grid.centre_mm(h)))
    x0, x1 = int(math.floor(cx - half)), int(math.ceil(cx + half)) + 1
    y0, y1 = int(math.floor(cy - half)), int(math.ceil(cy + half)) + 1
    H, W = shape[:2]
    return inner, (float(cx), float(cy)), (max(0, x0), max(0, y0), min(W, x1), min(H, y1))


def _distance(A: np.ndarray, centre, box) -> np.ndarray:
    """Distance of each pixel of ``box`` (x0, y0, x1, y1) from ``centre`` in grid units
    (the affine undone for the offsets)."""
    x0, y0, x1, y1 = box
    yy, xx = np.mgrid[y0:y1, x0:x1]
    L = np.linalg.inv(A[:, :2])
    du = L[0, 0] * (xx - centre[0]) + L[0, 1] * (yy - centre[1])
    dv = L[1, 0] * (xx - centre[0]) + L[1, 1] * (yy - centre[1])
    return np.hypot(du, dv)


def _seen(shape, fit, h, ring, crop_shape) -> np.ndarray | None:
    """Which pixels of a city's crop (cut wide, or else clear of the ring: the one of
    ``crop_shape``) are far enough inside the cut to show the number as it is: neither
    blanked nor near the ring's dropped red. None when neither cut has that shape."""
    for wide in (True, False):
        inner, centre, box = _window(shape, fit, h, ring, wide)
        if (box[3] - box[1], box[2] - box[0]) == tuple(crop_shape):
            return _distance(fit.affine, centre, box) <= inner - CLIP_BAND
    return None


def _ink(rgb, fit, reading, legend, h, ring, soft=False, wide=False):
    """The inside of a city's ring, red removed: how dark each pixel is, 0..1 (digits ~1).

    With ``soft``, a pair: that, and the darkness before faint pixels are cut away (blurred
    strokes of a small number are faint; the sliding comparison wants them). With ``wide``,
    cut ``WIDE_IN`` inside the ring rather than clear of it (for rings of several numbers)."""
    A = fit.affine
    inner, (cx, cy), (x0, y0, x1, y1) = _window(rgb.shape, fit, h, ring, wide)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    patch = rgb[y0:y1, x0:x1]
    lin = LINEAR_LUT[patch] * reading.light.gains(cx, cy)[None, None, :]
    fill = reading.fills.get(h, np.ones(3))
    ground = reading.colours.get(reading.terrain.get(h, "plain"), fill)
    a, b, miss = unmix(lin, ground, legend.linear("city"), legend.linear("grid"))
    # Red is what is more city colour than black ink (JPEG tints dark digits beside the ring
    # a little red: they stay), and a pixel round it (the ring's blurred edge).
    red = (a >= 0.15) & (a >= 0.6 * b) & (miss < 0.8)
    grown = red.copy()
    grown[1:, :] |= red[:-1, :]
    grown[:-1, :] |= red[1:, :]
    grown[:, 1:] |= red[:, :-1]
    grown[:, :-1] |= red[:, 1:]
    red = grown & (a >= 0.05)
    dist = _distance(A, (cx, cy), (x0, y0, x1, y1))
    outside = dist > inner
    # Only the ring's edge is red to drop: what lies well inside it is the number. JPEG
    # keeps colour at half resolution, so the ring's red bleeds over the digits' edges
    # (and blur makes the digits' edges pale): dropping red further in ate the ends of the
    # digits of small numbers (a 2 without its foot reads 1).
    red &= dist > inner - RED_BAND
    lum = lin @ LUMA
    keep = ~(red | outside)
    # The paper here: most of the inside of the ring is paper.
    ground_lum = float(np.percentile(lum[keep], 70)) if keep.sum() > 8 else \
        float(ground @ LUMA)
    ink = np.clip((ground_lum - lum) / max(ground_lum, 0.05), 0, 1)
    ink[~keep] = 0.0
    if RED_KEEP_BLACK:
        # A digit next to the ring is tinted red, not dropped: its black share is ink.
        dropped = red & ~outside
        ink[dropped] = np.clip(b[dropped], 0, 1) * RED_KEEP_BLACK
    # Stretch so the darkest stroke is black; what is left at paper level is noise.
    top = float(np.percentile(ink[keep], 99)) if keep.any() else 0.0
    if top > 0.1:
        ink = np.clip(ink / top, 0, 1)
    floor = 0.25
    hard = _text_only(np.clip((ink - floor) / (1 - floor), 0, 1))
    return (hard, ink) if soft else hard


def _smooth(a: np.ndarray) -> np.ndarray:
    """A 3 x 3 binomial blur (sigma about 0.7 pixel)."""
    p = np.pad(a, 1, mode="edge")
    r = (p[:, :-2] + 2 * p[:, 1:-1] + p[:, 2:]) / 4
    return (r[:-2] + 2 * r[1:-1] + r[2:]) / 4


def _for_tesseract(ink: np.ndarray, px: float) -> np.ndarray:
    """Dark digits on white, enlarged so that a digit stands DIGIT_TARGET_PX high; the grey
    edges are kept (Tesseract reads a smooth enlarged digit better than a blocky one)."""
    from PIL import Image

    img = Image.fromarray((255 * (1 - ink)).astype(np.uint8))
    digit_px = _line_height(ink) or 0.3 * 0.73 * px   # nominal: digits of 0.3 hex
    scale = max(1.0, DIGIT_TARGET_PX / max(digit_px, 1.0))
    img = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))),
                     Image.LANCZOS)
    return np.asarray(img, dtype=np.uint8)


def _runs(flags) -> list[tuple[int, int]]:
    out, start = [], None
    for i, f in enumerate(list(flags) + [False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start, i))
            start = None
    return out


def _text_only(ink: np.ndarray) -> np.ndarray:
    """Blank all but the block of text: the rows and columns around the densest ones.

    What is left of a ring, or a stray bit of a name, is thin and scattered; the number is
    a dense block in the middle. Gaps up to most of a digit's height are bridged (between
    the digits of a number, between stacked numbers).
    """
    out = np.zeros_like(ink)
    px = ink.sum(axis=0)
    py = ink.sum(axis=1)
    if px.max() <= 0:
        return out
    runs = [b - a for a, b in _runs(py > 0.2 * py.max()) if b - a >= 2]
    digit = float(np.median(runs)) if runs else 4.0
    # (A gap of g empty rows is g + 1 rows from the last inked one: stacked numbers of a
    # small board, 3 rows high, stand 2 empty rows apart.)
    gap = max(3, int(round(0.8 * digit)) + 1)

    def span(p):
        idx = np.nonzero(p > 0.2 * p.max())[0]
        centre = int(round(np.average(np.arange(len(p)), weights=p)))
        lo = hi = int(min(idx, key=lambda i: abs(i - centre)))
        while True:
            nxt = idx[(idx > hi) & (idx <= hi + gap)]
            if not len(nxt):
                break
            hi = int(nxt.max())
        while True:
            prv = idx[(idx < lo) & (idx >= lo - gap)]
            if not len(prv):
                break
            lo = int(prv.min())
        return max(0, lo - 1), hi + 2

    x0, x1 = span(px)
    y0, y1 = span(py)
    out[y0:y1, x0:x1] = ink[y0:y1, x0:x1]
    return out


def _line_height(ink: np.ndarray) -> float | None:
    """Height of the digits in a crop (one number, or two or three stacked or in a row).

    The runs of inked rows give it, unless stacked lines touch: then the width of the text
    does (two digits are about 1.6 times as wide as high).
    """
    cols = np.nonzero((ink > 0.35).sum(axis=0) >= 1)[0]
    by_width = (cols[-1] - cols[0] + 1) / 1.6 if len(cols) >= 3 else None
    rows = (ink > 0.35).sum(axis=1) >= 1
    runs, n = [], 0
    for r in rows:
        if r:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    if n:
        runs.append(n)
    runs = [r for r in runs if r >= 3]
    by_rows = float(np.median(runs)) if runs else None
    if by_rows and by_width:
        return min(by_rows, by_width)
    return by_rows or by_width


def _tesseract(crops) -> dict:
    """Tesseract's reading of each crop (``[(key, grey image)]``): key -> text. The crops go
    in sheets one below the other, one Tesseract run per sheet (Tesseract refuses pictures
    over 32767 pixels high; a sheet stays far below)."""
    import pytesseract
    from PIL import Image

    out: dict = {}
    config = "--psm 6 -c tessedit_char_whitelist=123456"
    i = 0
    while i < len(crops):
        batch, height = [], GAP_PX
        while i < len(crops) and (not batch or height + crops[i][1].shape[0] + GAP_PX < SHEET_MAX_PX):
            batch.append(crops[i])
            height += crops[i][1].shape[0] + GAP_PX
            i += 1
        width = max(c.shape[1] for _, c in batch) + 2 * GAP_PX
        sheet = np.full((height, width), 255, dtype=np.uint8)
        spans = []
        y = GAP_PX
        for key, c in batch:
            x = (width - c.shape[1]) // 2
            sheet[y:y + c.shape[0], x:x + c.shape[1]] = c
            spans.append((key, y - GAP_PX // 2, y + c.shape[0] + GAP_PX // 2))
            y += c.shape[0] + GAP_PX
        try:
            data = pytesseract.image_to_data(Image.fromarray(sheet), config=config,
                                             output_type=pytesseract.Output.DICT)
        except Exception as exc:  # a tesseract crash must not take the import down
            raise OcrUnavailable("tesseract failed: "
                                 + (str(exc).splitlines()[0] if str(exc) else type(exc).__name__))
        words: dict = {key: [] for key, _, _ in spans}
        for k, text in enumerate(data.get("text", [])):
            text = (text or "").strip()
            if not text:
                continue
            cy = data["top"][k] + data["height"][k] / 2
            for key, top, bottom in spans:
                if top <= cy < bottom:
                    words[key].append((data["top"][k], data["left"][k], text))
                    break
        for key, _, _ in spans:
            rows: list[list] = []
            for top, left, text in sorted(words[key]):
                if rows and abs(rows[-1][0][0] - top) < DIGIT_TARGET_PX * 0.6:
                    rows[-1].append((top, left, text))
                else:
                    rows.append([(top, left, text)])
            out[key] = " ".join(t for row in rows for _, _, t in sorted(row, key=lambda w: w[1]))
    return out


def _settle(scores: np.ndarray, places: np.ndarray | None = None) -> list[int]:
    """A different race number (column) for every number read (row), with the largest total
    log-probability (scores to probabilities by a softmax per row): a number read clearly
    keeps its race number, an unclear one gives way.

    With ``places`` (each number's city's centre, mm), the tens digits of its neighbours
    weigh in as far as they foretell tens digits on this board (:mod:`.regions`): settled
    again ``REGION_ROUNDS`` times, the neighbours' digits as last settled.

    >>> _settle(np.array([[0.9, 0.2, 0.1], [0.8, 0.7, 0.1], [0.1, 0.2, 0.9]]))
    [0, 1, 2]
    """
    z = scores / ASSIGN_TEMPERATURE
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    chosen = assign(logp)
    if places is None or len(chosen) < REGION_MIN or scores.shape[1] != len(CODES):
        return chosen
    # The weight is measured once, on the readings alone: settled with the neighbours, the
    # readings would agree with them more, and raise it.
    tens = np.array(chosen) // 6
    weight = region_weight(places, tens)
    if weight == 0:
        return chosen
    near = nearest_others(places)
    top2 = np.sort(logp, axis=1)[:, -2:]     # (a sure reading's neighbours weigh less)
    gain = REGION_GAIN * np.clip(1 - (top2[:, 1] - top2[:, 0]) / REGION_SURE, 0, 1)
    for _ in range(REGION_ROUNDS):
        prior = tens_prior(shares_among(near, np.array(chosen) // 6), weight)
        chosen = assign(logp + gain[:, None] * np.repeat(prior, 6, axis=1))
    return chosen


def _hidden_ends(shape, fit, h, ring, ink, boxes) -> dict:
    """Of two numbers side by side in a ring, those whose outer end runs into the cut round
    the ring (the ring hides it): ``{index in boxes: (side hidden, pixels seen)}``."""
    if len(boxes) != 2 or boxes[0][0] != boxes[1][0] or boxes[0][1].stop > boxes[1][1].start:
        return {}
    seen = _seen(shape, fit, h, ring, ink.shape)
    if seen is None:
        return {}
    out = {}
    for j, side in ((0, "left"), (1, "right")):
        ys, xs = boxes[j]
        part = ink[ys, xs] > 0.3
        cols = np.nonzero(part.any(axis=0))[0]
        if not len(cols):
            continue
        # The outer column of ink and the one beyond it: any of them unseen, the number
        # runs into the cut.
        c = xs.start + (cols[0] - 1 if side == "left" else cols[-1])
        if c < 0 or c + 2 > seen.shape[1] or not seen[ys, c:c + 2].all():
            out[j] = (side, seen)
    return out


def _part_scores(ink: np.ndarray, faint: np.ndarray, alone: bool) -> np.ndarray | None:
    """Template scores of one number (its cleaned ink and its faint darkness), or None when
    it is too small to be one."""
    sc = code_scores(ink, 3 if alone else PART_MIN_BOX)
    if sc is None and alone:
        # A faint number: its darkest stroke alone stands out of the cleaned ink (a box one
        # or two pixels high); the faint darkness shows all of it.
        sc = code_scores(faint)
    return sc


def _fit_count(planned, codes: int | None = None) -> None:
    """Bring the numbers read towards one per race number, by the rings whose splitting
    into two side by side was least sure (``planned``: ``[hex, ink, faint, boxes, the
    crop unsplit, margin of a split made, (margin, crop split) of a split not made]``).

    More numbers than race numbers: the least sure splits are undone first (on a board of
    36 cities with one number each, every one of them). Fewer (a standard map uses each
    of the 36 once): the rings nearest to holding two side by side (their halves look
    almost as much like numbers as the whole; the ring cuts the outer digits short) are
    split, the nearest first; unless far fewer are read (``COUNT_SHORT``): a map may leave
    race numbers out. A doubt of three boxes is two stacked lines that may be three (see
    :func:`_stack_three`; its margin is positive, so it goes before the pairs), taken only
    when at most ``STACK_SHORT`` numbers are missing.

    >>> one, two = [[0, 0]], [[0, 0], [0, 0]]
    >>> planned = [["A1", "i", "f", one, None, None, (-0.05, ("i2", "f2", two))],
    ...            ["B1", "i", "f", one, None, None, (-0.01, ("i2", "f2", two))],
    ...            ["C1", "i", "f", two, ("i", "f", one), 0.2, None]]
    >>> _fit_count(planned, codes=5)          # 4 read: the nearer of the two is split
    >>> [len(p[3]) for p in planned]
    [1, 2, 2]
    >>> _fit_count(planned, codes=4)          # 5 read: the least sure split is undone
    >>> [len(p[3]) for p in planned]
    [1, 1, 2]
    """
    codes = len(CODES) if codes is None else codes
    total = sum(len(p[3]) for p in planned)
    for p in sorted((p for p in planned if p[5] is not None), key=lambda p: p[5]):
        if total <= codes:
            break
        p[1], p[2], p[3] = p[4]
        p[5] = None
        total -= 1
    if total < codes - COUNT_SHORT:
        return      # far fewer: a map that leaves race numbers out, not numbers missed
    # Two stacked read as three only when the count is nearly right: many numbers missed
    # is a board read badly, whose parts look like anything.
    stacks = total >= codes - STACK_SHORT
    for p in sorted((p for p in planned if p[6] is not None), key=lambda p: -p[6][0]):
        if total >= codes:
            break
        if len(p[6][1][2]) == 3 and not stacks:
            continue
        p[4] = tuple(p[1:4])
        p[1], p[2], p[3] = p[6][1]
        p[5], p[6] = p[6][0], None
        total += 1


def _unbias(slots) -> None:
    """Take from each race number's score a share of its mean score over the board's numbers
    of the same kind (alone in a ring; sharing one): a race number whose templates fit every
    number of the board (dense shapes: 44, 66, 64 fit any dark blob) says little when it
    fits one, and each race number is on the board once. Rings alone and shared are set at
    different sizes and read with different sureness: each kind has its own mean."""
    count: dict = {}
    for h, _sc, _terms in slots:
        count[h] = count.get(h, 0) + 1
    for shared, share in ((False, UNBIAS_ALONE), (True, UNBIAS_SHARED)):
        ks = [k for k, (h, _sc, _t) in enumerate(slots) if (count[h] > 1) == shared]
        if len(ks) < SLIDE_MIN:
            continue
        mean = np.mean([slots[k][1] for k in ks], axis=0)
        for k in ks:
            slots[k][1] = slots[k][1] - share * mean


def read_numbers(rgb, fit, reading, legend) -> tuple[dict, list[str]]:
    """Race numbers of the cities found: ``({Hex: (numbers...)}, notes)``.

    Each number in a city (one, or two or three stacked or side by side) is scored against
    the 36 race numbers by the templates; Tesseract's reading, where it gives as many
    numbers, adds to the score of what it read; then every number on the board gets a
    different race number (a race number is used once on a map) with the best total score,
    the tens digits of its city's neighbours weighing in where they group by region.
    Raises :class:`OcrUnavailable` when OCR cannot run.
    """
    why = ocr_available()
    if why:
        raise OcrUnavailable(why)
    cities = sorted(reading.cities.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    result: dict = {h: () for h, _ in cities}
    notes: list[str] = []
    # A town abroad (on the Czech map, the towns across the frontier) carries no race
    # number, and inside its ring the dark ground of the neighbouring state would pass
    # for ink.
    abroad = [h for h, _ in cities if reading.terrain.get(h) == "foreign"]
    if abroad:
        notes.append(f"{', '.join(hex_name(h) for h in abroad)}: "
                     f"cit{'ies' if len(abroad) > 1 else 'y'} abroad, race numbers not read")
    cities = [(h, ring) for h, ring in cities if h not in abroad]
    rings = dict(cities)
    slots = []          # [hex, scores over CODES, comparisons summed in them]
    groups: dict = {}   # numbers in the ring -> [(index in slots, ink, faint ink)]
    crops = []
    inks_of = []
    for h, ring in cities:
        inks = _ink(rgb, fit, reading, legend, h, ring, soft=True)
        if inks is None or not (inks[0] > 0.35).any():
            continue
        inks_of.append((h, inks))
    # The board's numbers alone in a ring: how high and wide their ink is.
    alone = [b for b in (_bbox(i[0] > 0.3) for _, i in inks_of) if b is not None]
    alone = [(b[1] - b[0], b[3] - b[2]) for b in alone]
    one_h = one_w = None
    if len(alone) >= SLIDE_MIN:
        # Most rings hold one number: the median block is one number's.
        sizes = np.array(alone, dtype=float)
        one_h, one_w = float(np.median(sizes[:, 0])), float(np.median(sizes[:, 1]))
    # The height of a number alone, from the rings read as one line (the median block of all
    # rings is higher on a board with many rings of two or three).
    lines_of = {h: _split_boxes(ink) for h, (ink, _f) in inks_of}
    lone = [b[0].stop - b[0].start for bs in lines_of.values() if len(bs) == 1 for b in bs]
    lone_h = float(np.median(lone)) if len(lone) >= SLIDE_MIN else None
    planned = []        # [hex, ink, faint, boxes, the crop clear of the ring, row margin,
                        #  (margin, split) of a ring nearly two side by side or three
                        #  stacked, whether the ring's shape says side by side]
    for h, (ink, faint) in inks_of:
        row = None
        b = _bbox(ink > 0.3)
        if one_w and b is not None:
            bh, bw = b[1] - b[0], b[3] - b[2]
            # Two numbers side by side are set smaller than one alone, and are wider; the
            # ring may cut their outer ends off, so "wider" is only a little.
            if bh <= 1.3 * one_h and (bw >= ROW_WIDE * one_w
                                      or (bw >= ROW_WIDER * one_w and bh <= ROW_LOWER * one_h)):
                row = True
        boxes = lines_of[h]
        # Lines too low to be two are one number; but two numbers side by side, their outer
        # digits cut off by the cut clear of the ring, may show as such lines too: the
        # wider cut is looked at first.
        narrow = (ink, faint, _one_line(boxes, lone_h))
        if row or len(boxes) > 1:
            wider = _ink(rgb, fit, reading, legend, h, rings[h], soft=True, wide=True)
            if wider is not None and (wider[0] > 0.35).any():
                ink, faint = wider
                boxes = _one_line(_split_boxes(ink), lone_h)
        margin = doubt = None
        if row and len(boxes) == 1:
            # A few pixels wider and lower than the others may still be one number: two
            # they are when the halves look more like numbers than the whole does.
            split = _halves(ink, code_scores(ink[boxes[0]]))
            if split is not None:
                margin, halves = split
                if margin > 0:
                    boxes = halves
                else:
                    if margin > -ROW_DOUBT:
                        doubt = (margin, (ink, faint, halves))
                    margin = None
        if len(boxes) == 1:
            ink, faint, boxes = narrow      # one number after all: read clear of the ring
        more = _stack_three(ink, faint, boxes)
        if more is not None and more[0] > STACK_MARGIN:
            doubt = more        # (two stacked are never side by side: no doubt of that)
        planned.append([h, ink, faint, boxes, narrow, margin, doubt, row])
    total = sum(len(p[3]) for p in planned)
    if one_w and len(CODES) - COUNT_SHORT <= total < len(CODES):
        # Numbers missing: a ring read as one number clear of the ring may hold two side
        # by side whose outer digits that cut took off; cut at the ring, a line wider and
        # lower like theirs is a doubt (looked for only now: it costs a crop per ring).
        for p in planned:
            if not p[7] and len(p[3]) == 1 and p[6] is None:
                wider = _ink(rgb, fit, reading, legend, p[0], rings[p[0]], soft=True, wide=True)
                p[6] = _row_doubt(wider, code_scores(p[1][p[3][0]]), one_h, one_w)
    _fit_count(planned)
    for h, ink, faint, boxes, _narrow, _margin, _doubt, _row in planned:
        hidden = _hidden_ends(rgb.shape, fit, h, rings[h], ink, boxes)
        for j, (ys, xs) in enumerate(boxes):
            sc = _part_scores(ink[ys, xs], faint[ys, xs], len(boxes) == 1)
            if j in hidden:
                side, seen = hidden[j]
                clipped = clipped_scores(ink[ys, xs], seen[ys, xs], side)
                if clipped is not None:
                    sc = clipped if sc is None else (1 - CLIP_MIX) * sc + CLIP_MIX * clipped
            if sc is not None:
                slots.append([h, sc, 1.0])
                if len(boxes) == 1:
                    groups.setdefault(1, []).append((len(slots) - 1, ink, faint))
                else:
                    # The part alone, where it is in the crop (the sliding comparison
                    # looks round its centre; the other numbers are blanked).
                    keep = np.zeros_like(ink)
                    keep[ys, xs] = 1.0
                    groups.setdefault(len(boxes), []).append(
                        (len(slots) - 1, ink * keep, faint * keep))
        crops.append((h, _for_tesseract(ink, fit.hex_px)))
    if not slots:
        return result, notes
    kept = list(slots)      # (before any are dropped below)
    # Numbers alone in a ring are set alike, and so are the numbers of rings with two, and
    # with three: each kind is compared at its own size.
    for members in groups.values():
        if len(members) >= SLIDE_MIN:
            _slide_scores(slots, members)
    # The scores are sums of correlations, as many as comparisons were made: brought to the
    # scale of a number alone in its ring, so that a part of a crowded ring compared more
    # often does not outweigh a clear number alone (the settling weighs score differences).
    single_terms = [slots[k][2] for k, _, _ in groups.get(1, [])]
    unit = float(np.median(single_terms)) if single_terms else 1.0
    parts = {k for count, members in groups.items() if count > 1 for k, _, _ in members}
    for k in parts:
        slots[k][1] = slots[k][1] * (PART_TRUST * unit / slots[k][2])
    if len(slots) > len(CODES):
        # More numbers than race numbers still (stacked lines split wrongly): the parts
        # that look least like numbers go (the settling needs no more rows than columns).
        extra = set(sorted(parts, key=lambda k: float(slots[k][1].max()))[:len(slots) - len(CODES)])
        slots = [sl for k, sl in enumerate(slots) if k not in extra]
    _unbias(slots)
    texts = _tesseract(crops)
    index = {c: i for i, c in enumerate(CODES)}
    by_hex: dict = {}
    for k, (h, _sc, _terms) in enumerate(slots):
        by_hex.setdefault(h, []).append(k)
    for h, ks in by_hex.items():
        read, _left = split_numbers(texts.get(h, ""))
        if len(read) == len(ks):
            for k, n in zip(ks, read):
                if str(n) in index:
                    slots[k][1] = slots[k][1].copy()
                    slots[k][1][index[str(n)]] += TESSERACT_BONUS
    scores = np.stack([sc for _, sc, _ in slots])
    places = np.array([fit.grid.centre_mm(h) for h, _sc, _t in slots], dtype=float)
    chosen = _settle(scores, places)
    if len(groups.get(1, [])) >= BOARD_MIN and one_h:
        # The board's own digits (slots were renumbered above when some were dropped).
        where = {id(sl): k for k, sl in enumerate(slots)}
        singles = [(where[id(kept[k])], faint) for k, _i, faint in groups[1]
                   if id(kept[k]) in where]
        scores, chosen = _board_pass(fit, singles, scores, chosen, unit, one_h, one_w, places)
        for k, sc in enumerate(scores):
            slots[k][1] = sc
    for h, ks in by_hex.items():
        nums = sorted(int(CODES[chosen[k]]) for k in ks)
        result[h] = tuple(nums)
        weakest = min(float(np.sort(slots[k][1])[-1] - np.sort(slots[k][1])[-2]) for k in ks)
        best = [int(CODES[int(np.argmax(slots[k][1]))]) for k in ks]
        plural = "s" if len(nums) > 1 else ""
        if sorted(best) != nums:
            notes.append(f"{hex_name(h)}: race number{plural} {' '.join(map(str, nums))}, "
                         f"though it looks most like {' '.join(map(str, sorted(best)))} "
                         "(a race number is used once, and a board's tens digits may group "
                         "by region; check the overlay)")
        elif weakest < 0.01:
            notes.append(f"{hex_name(h)}: race number{plural} {' '.join(map(str, nums))} unsure")
    return result, notes


# -- digit templates --------------------------------------------------------------------------
# Race numbers are two digits 1..6: 36 shapes. At 20 pixels per hex a digit stands 4 or 5
# pixels high, too small for Tesseract; but a whole number compared with the 36 numbers set
# in a few typefaces, shrunk to the same size, is still told apart.
# "pillow-default" is Pillow's own face (Aileron since Pillow 10.1; it needs no file): what a
# drawing program that never chose a font sets numbers in.
TEMPLATE_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf",
                  "DejaVuSerif-Bold.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansMono.ttf",
                  "pillow-default")
CODES = tuple(f"{a}{b}" for a in "123456" for b in "123456")
CANON = (18, 30)           # height, width of the compared images
# The ink box of a small number is found to within a fraction of a pixel: its centre is
# tried at these shifts (pixels).
SHIFTS = tuple((dx, dy) for dx in (-0.3, 0.0, 0.3) for dy in (-0.3, 0.0, 0.3))


def _bbox(mask: np.ndarray):
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return None
    return ys.min(), ys.max() + 1, xs.min(), xs.max() + 1


@functools.lru_cache(maxsize=1)
def _masters():
    """The 36 numbers in each typeface found, large (ink 0..1), cropped to their ink."""
    from PIL import Image, ImageDraw, ImageFont

    fonts = []
    for name in TEMPLATE_FONTS:
        try:
            fonts.append(ImageFont.load_default(60) if name == "pillow-default"
                         else ImageFont.truetype(name, 60))
        except (OSError, ImportError, TypeError):   # no file; no FreeType; Pillow < 10.1
            continue
    if not fonts:   # no font files at all: Pillow's own
        fonts.append(ImageFont.load_default(60))
    out = []
    for font in fonts:
        for code in CODES:
            im = Image.new("L", (200, 110), 0)
            ImageDraw.Draw(im).text((20, 10), code, fill=255, font=font)
            a = np.asarray(im, dtype=np.float32) / 255.0
            y0, y1, x0, x1 = _bbox(a > 0.5)
            out.append((code, a[max(0, y0 - 4):y1 + 4, max(0, x0 - 4):x1 + 4], y1 - y0))
    return out


def _edges(profile: np.ndarray) -> tuple[float, float] | None:
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


def _ink_box(a: np.ndarray):
    """``a`` scaled to 1 at its darkest, and its ink box's rows and columns to a fraction of
    a pixel (:func:`_edges`): ``(scaled, (top, bottom), (left, right))``, or None."""
    m = float(a.max())
    if m <= 0:
        return None
    b = a / m
    ey = _edges(b.max(axis=1))
    ex = _edges(b.max(axis=0))
    if ey is None or ex is None:
        return None
    return b, ey, ex


def _extent(a: np.ndarray, box, size) -> np.ndarray:
    """``a`` resampled so that ``box`` (x0, y0, x1, y1; pixel i covers i..i+1) fills an
    image of ``size`` (width, height): bilinear, pixels beyond the edge ones 0. The same
    numbers as Pillow's ``transform(size, EXTENT, box, BILINEAR)`` of a float image, without
    the round trip through Pillow (the templates make thousands of them).

    >>> _extent(np.array([[0.0, 1.0], [1.0, 1.0]]), (0, 0, 4, 4), (2, 2)).tolist()
    [[0.75, 0.0], [0.0, 0.0]]
    """
    width, height = size
    x0, y0, x1, y1 = box

    def axis(lo, hi, n_out, n_in):
        c = lo + (np.arange(n_out) + 0.5) * ((hi - lo) / n_out)
        p = np.clip(c - 0.5, 0, n_in - 1)
        i0 = np.floor(p).astype(np.intp)
        return i0, np.minimum(i0 + 1, n_in - 1), (p - i0).astype(np.float32), (c >= 0) & (c < n_in)

    h, w = a.shape
    xa, xb, fx, in_x = axis(x0, x1, width, w)
    ya, yb, fy, in_y = axis(y0, y1, height, h)
    a = a.astype(np.float32)
    top = (1 - fx) * a[ya][:, xa] + fx * a[ya][:, xb]
    bottom = (1 - fx) * a[yb][:, xa] + fx * a[yb][:, xb]
    out = (1 - fy)[:, None] * top + fy[:, None] * bottom
    return np.where(in_y[:, None] & in_x[None, :], out, np.float32(0.0))


def _cut(a: np.ndarray, dx: float = 0.0, dy: float = 0.0):
    """``a`` normalised for comparison: the window round its ink box (edges found to a
    fraction of a pixel: the same for a picture's number and a template whatever the pixel
    grid), scaled by the height alone (a narrow "11" stays narrow), resampled to the compared
    size; zero mean, unit length."""
    found = _ink_box(a)
    if found is None:
        return None
    b, ey, ex = found
    height = max(ey[1] - ey[0], 1.0)
    cx, cy = (ex[0] + ex[1]) / 2 + dx, (ey[0] + ey[1]) / 2 + dy
    half_h = 0.5 * height * 1.25
    half_w = half_h * CANON[1] / CANON[0]
    box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
    v = _extent(b, box, (CANON[1], CANON[0])).ravel()
    v = v - v.mean()
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else None


def _shrunk_masters(height: float):
    """Every master shrunk until its ink stands ``height`` pixels high, at a few sub-pixel
    shifts, blurred a little, a little more and more (unknown focus): ``(code, ink 0..1)``."""
    from PIL import Image, ImageFilter

    for code, a, ink_h in _masters():
        k = height / ink_h
        master = Image.fromarray((a * 255).astype(np.uint8))
        # Where the pixel grid falls on the number changes a small number's pixels: shrink
        # it at a few sub-pixel shifts.
        for fx, fy in ((0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5)):
            dx, dy = int(round(fx / k)), int(round(fy / k))
            shifted = Image.new("L", (master.width + dx, master.height + dy), 0)
            shifted.paste(master, (dx, dy))
            w = max(2, int(round(shifted.width * k)))
            h = max(2, int(round(shifted.height * k)))
            small = shifted.resize((w, h), Image.BOX)
            for sigma in (0.0, 0.6, 1.1, 1.7):
                img = small.filter(ImageFilter.GaussianBlur(sigma)) if sigma else small
                yield code, np.asarray(img, dtype=np.float32) / 255.0


@functools.lru_cache(maxsize=128)
def _templates(height_q: int):
    """The masters shrunk to ``height_q / 4`` pixels (:func:`_shrunk_masters`), cut like a
    picture's number."""
    codes, rows = [], []
    for code, a in _shrunk_masters(height_q / 4.0):
        v = _cut(a)
        if v is not None:
            codes.append(code)
            rows.append(v)
    return codes, np.stack(rows)


def code_scores(number: np.ndarray, min_box: int = 3) -> np.ndarray | None:
    """How well an ink image matches each of the 36 race numbers (``CODES`` order), or None
    when its ink box is under ``min_box`` pixels high or wide."""
    m = float(number.max()) if number.size else 0.0
    if m <= 0:
        return None
    y0, y1, x0, x1 = _bbox(number > 0.5 * m)
    if y1 - y0 < min_box or x1 - x0 < min_box:
        return None
    # The ink box of a small number is uncertain by a fraction of a pixel: the best of a
    # few shifts of the number against the templates.
    vs = [v for v in (_cut(number, dx, dy) for dx, dy in SHIFTS) if v is not None]
    if not vs:
        return None
    codes, mat = _templates(int(round((y1 - y0) * 4)))
    scores = (mat @ np.stack(vs, axis=1)).max(axis=1)
    index = {c: i for i, c in enumerate(CODES)}
    out = np.full(len(CODES), -1.0)
    np.maximum.at(out, [index[c] for c in codes], scores)
    return out


def _anchored_cut(a: np.ndarray, side: str, dx: float = 0.0, dy: float = 0.0,
                  seen: np.ndarray | None = None):
    """Like :func:`_cut`, but lined up by one edge of the ink box rather than its centre:
    the right edge for a number whose left end is hidden (``side`` "left"), the left edge
    for one hidden on the right; ``(vector, mask of what is seen there)`` (all seen when
    ``seen`` is None), or None."""
    found = _ink_box(a)
    if found is None:
        return None
    b, ey, ex = found
    height = max(ey[1] - ey[0], 1.0)
    half_h = 0.5 * height * 1.25
    width = 2 * half_h * CANON[1] / CANON[0]
    past = 0.3 * height         # paper kept past the edge lined up
    cy = (ey[0] + ey[1]) / 2 + dy
    if side == "left":
        x1 = ex[1] + dx + past
        box = (x1 - width, cy - half_h, x1, cy + half_h)
    else:
        x0 = ex[0] + dx - past
        box = (x0, cy - half_h, x0 + width, cy + half_h)
    size = (CANON[1], CANON[0])
    v = _extent(b, box, size).ravel()
    if seen is None:
        return v, np.ones(v.shape, dtype=bool)
    mask = _extent(seen, box, size).ravel() > 0.99
    return v, mask


@functools.lru_cache(maxsize=32)
def _anchored_templates(height_q: int, side: str):
    """The masters shrunk like :func:`_templates`, cut like :func:`_anchored_cut`."""
    codes, rows = [], []
    for code, a in _shrunk_masters(height_q / 4.0):
        cut = _anchored_cut(a, side)
        if cut is not None:
            codes.append(CODES.index(code))
            rows.append(cut[0])
    return np.array(codes), np.stack(rows)


def clipped_scores(number: np.ndarray, seen: np.ndarray, side: str) -> np.ndarray | None:
    """How well a number whose ``side`` end ("left" or "right") the ring hides matches each
    race number: compared where it is ``seen`` only, lined up by its other edge (the hidden
    digit's place tells little, so race numbers differing only there score alike; the
    settling tells them apart). None when too little of it shows."""
    m = float(number.max()) if number.size else 0.0
    if m <= 0:
        return None
    y0, y1, x0, x1 = _bbox(number > 0.5 * m)
    if y1 - y0 < PART_MIN_BOX:
        return None
    codes, mat = _anchored_templates(int(round((y1 - y0) * 4)), side)
    out = np.full(len(CODES), -1.0)
    for dx, dy in SHIFTS:
        cut = _anchored_cut(number, side, dx, dy, seen)
        if cut is None or cut[1].sum() < CANON[0] * CANON[1] // 4:
            continue
        v, mask = cut
        t = mat[:, mask] - mat[:, mask].mean(axis=1, keepdims=True)
        t /= np.maximum(np.linalg.norm(t, axis=1, keepdims=True), 1e-9)
        w = v[mask] - v[mask].mean()
        n = float(np.linalg.norm(w))
        if n > 0:
            np.maximum.at(out, codes, t @ (w / n))
    return out if out.max() > -1.0 else None


def _match(number: np.ndarray) -> tuple[int | None, float, float]:
    """The race number an ink image shows: ``(number, score, margin to the next best)``."""
    sc = code_scores(number)
    if sc is None:
        return None, 0.0, 0.0
    order = np.argsort(-sc)
    return int(CODES[order[0]]), float(sc[order[0]]), float(sc[order[0]] - sc[order[1]])


def assign(scores: np.ndarray) -> list[int]:
    """Each row (a number on the board) gets a different column (a race number), with the
    largest total score: the Hungarian method. Rows may be fewer than columns.

    >>> assign(np.array([[0.9, 0.8], [0.95, 0.1]]))
    [1, 0]
    """
    n_rows, n_cols = scores.shape
    if n_rows == 0:
        return []
    if n_rows > n_cols:
        return [int(i) for i in np.argmax(scores, axis=1)]
    cost = (scores.max() - scores).tolist()
    # Kuhn-Munkres with potentials (rows <= columns), 1-based arrays as in the textbook.
    INF = float("inf")
    u = [0.0] * (n_rows + 1)
    v = [0.0] * (n_cols + 1)
    p = [0] * (n_cols + 1)
    way = [0] * (n_cols + 1)
    for i in range(1, n_rows + 1):
        p[0] = i
        j0 = 0
        minv = [INF] * (n_cols + 1)
        used = [False] * (n_cols + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta, j1 = INF, 0
            for j in range(1, n_cols + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n_cols + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    out = [0] * n_rows
    for j in range(1, n_cols + 1):
        if p[j]:
            out[p[j] - 1] = j - 1
    return out


LINE_PITCH = 1.44         # distance between stacked lines, in digit heights
NUMBER_ASPECT = 1.58      # width of a two-digit number over its height


def _split_lines(ink: np.ndarray) -> list[np.ndarray]:
    """The numbers in a crop: lines (stacked numbers), and two numbers side by side."""
    return [ink[ys, xs] for ys, xs in _split_boxes(ink)]


def _cuts(prof: np.ndarray, n: int) -> list[int]:
    """Where to cut a run of ``n`` touching lines (row profile ``prof``): at the emptiest
    row near each place an even pitch puts a cut (lines of one ring are set alike)."""
    h = len(prof)
    cuts = []
    for k in range(1, n):
        at = k * h / n
        near = [i for i in range(1, h) if abs(i - at) <= 0.22 * h / n]
        cuts.append(min(near, key=lambda i: (prof[i - 1] + prof[i], abs(i - at))) if near
                    else int(round(at)))
    return cuts


def _halves(ink: np.ndarray, whole: np.ndarray | None):
    """A line cut into two numbers side by side: ``(margin, halves)``, how much more the
    weaker half looks like a number than the whole line does (``whole``: its scores; none,
    nothing), or None when the halves are not two numbers."""
    halves = _split_boxes(ink, True)
    each = [code_scores(ink[b]) for b in halves]
    if len(halves) != 2 or any(e is None for e in each):
        return None
    return min(float(e.max()) for e in each) - (float(whole.max()) if whole is not None
                                                else 0.0), halves


def _cut_lines(block: np.ndarray, n: int) -> list[tuple[int, int]]:
    """A run of ``n`` touching lines (the rows of ``block``) cut into ``n``: ``(top,
    bottom)`` rows of each, cut where :func:`_cuts` says on the run's ink profile."""
    prof = (block > 0.3).sum(axis=1).astype(float) + block.sum(axis=1) * 0.1
    edges = [0] + _cuts(prof, n) + [len(block)]
    return [(edges[k], edges[k + 1]) for k in range(n)]


def _row_doubt(wider, whole, one_h: float, one_w: float):
    """A ring read as one number (``whole``: its scores) that may hold two side by side:
    ``wider`` (ink, faint ink, cut at the ring) is a line wider than the board's number
    alone and not much higher (1.3 times at most), and its halves look almost as much like
    numbers as the whole (within ``ROW_DOUBT``). ``(margin, (ink, faint, halves))``, or
    None."""
    if wider is None or whole is None:
        return None
    b = _bbox(wider[0] > 0.3)
    if b is None or b[1] - b[0] > 1.3 * one_h or b[3] - b[2] < DOUBT_WIDER * one_w:
        return None
    split = _halves(wider[0], whole)
    if split is None:
        return None
    margin, halves = split
    return (margin, (wider[0], wider[1], halves)) if margin > -ROW_DOUBT else None


def _stack_three(ink: np.ndarray, faint: np.ndarray, boxes):
    """Two stacked numbers read as three, cut at an even pitch across their ink, and how
    much better the three look like numbers than the two do (the weakest of each):
    ``(margin, (ink, faint, boxes))``, or None when ``boxes`` are not two stacked.

    The lines of a small 3-stack touch and the ring cuts their width short, so the run's
    height reads as two lines (15/23/53 read as 15/45); the count of race numbers says
    when to look again (see _fit_count)."""
    if len(boxes) != 2 or boxes[0][1] != boxes[1][1]:
        return None
    ys0, ys1, xs = boxes[0][0].start, boxes[1][0].stop, boxes[0][1]
    three = [(slice(ys0 + a, ys0 + b), xs) for a, b in _cut_lines(ink[ys0:ys1, xs], 3)]
    now = [code_scores(ink[b], PART_MIN_BOX) for b in boxes]
    more = [code_scores(ink[b], PART_MIN_BOX) for b in three]
    if any(sc is None for sc in now + more):
        return None
    margin = min(float(sc.max()) for sc in more) - min(float(sc.max()) for sc in now)
    return margin, (ink, faint, three)


def _one_line(boxes, lone_h: float | None):
    """``boxes`` as one box when they are lines stacked no higher together than
    ``STACK_LOW`` times the board's number alone in a ring (``lone_h``, the median height of
    the rings read as one line): one number whose thin middle stroke was lost (a serif 2's
    diagonal under blur and shade) leaves an empty row, as two stacked lines do; but
    stacked lines, set no larger than a number alone, stand higher together (1.4-3.4 times
    it on the kept benchmark boards; a number parted so, 1.0-1.25).

    >>> b = [(slice(6, 11), slice(4, 16)), (slice(12, 15), slice(4, 16))]
    >>> _one_line(b, 9.0)
    [(slice(6, 15, None), slice(4, 16, None))]
    >>> len(_one_line(b, 6.0))        # 9 rows is 1.5 numbers alone: two lines
    2
    """
    if not lone_h or len(boxes) < 2 or boxes[0][0] == boxes[1][0]:
        return boxes
    top, bottom = boxes[0][0].start, boxes[-1][0].stop
    if bottom - top > STACK_LOW * lone_h:
        return boxes
    return [(slice(top, bottom), slice(min(b[1].start for b in boxes),
                                       max(b[1].stop for b in boxes)))]


def _split_boxes(ink: np.ndarray, row: bool | None = None) -> list[tuple[slice, slice]]:
    """Where the numbers in a crop are (``(rows, columns)`` slices, top to bottom): lines
    of stacked numbers, and two numbers side by side.

    Lines apart are told by empty rows between them; lines that touch (blur, a tight
    pitch) by the height of a run next to a line's: a run holds as many lines as its
    height fits at the pitch numbers are stacked with, cut at its emptiest rows. A single
    line is two numbers side by side when it is far wider than high, or when ``row`` says so
    (the board's other numbers tell it).
    """
    box = _bbox(ink > 0.3)
    if box is None:
        return []
    y0, y1, x0, x1 = box
    block = ink[y0:y1, x0:x1]
    h, w = block.shape
    rows = (block > 0.3).sum(axis=1)
    runs = [(a, b) for a, b in _runs(rows > 0) if b - a >= 2]
    if not runs:
        return []
    # One line's height: the width of the widest line says it (two digits), unless the
    # numbers are narrow ("11"): then the lowest run standing apart does, when it is not
    # much higher than that (a run of two touching lines is).
    line_h = min(h, w / NUMBER_ASPECT) if w else h
    apart = [b - a for a, b in runs if b - a >= 3]
    if len(runs) > 1 and apart and line_h < min(apart) <= 1.3 * line_h:
        line_h = float(min(apart))
    lines = []
    for a, b in runs:
        n = min(3, max(1, int(round(((b - a) / max(line_h, 1.0) - 1.0) / LINE_PITCH)) + 1))
        if n == 1:
            lines.append((a, b))
            continue
        lines += [(a + top, a + bottom) for top, bottom in _cut_lines(block[a:b], n)]
    lines = lines[:3]
    out = []
    for a, b in lines:
        line = block[a:b]
        cols = np.nonzero((line > 0.3).sum(axis=0))[0]
        if not len(cols):
            continue
        lw = cols[-1] - cols[0] + 1
        lh = b - a
        ys = slice(y0 + a, y0 + b)
        if len(lines) == 1 and (row or (row is None and lw / max(lh, 1) > 2.6)):
            # Two numbers in a row (only ever one row of them: three are stacked): split
            # at the widest gap near the middle.
            prof = (line > 0.3).sum(axis=0).astype(float)
            mid = (cols[0] + cols[-1]) / 2
            cand = [i for i in range(cols[0] + 1, cols[-1]) if abs(i - mid) < lw * 0.25]
            cut = min(cand, key=lambda i: (prof[i], abs(i - mid))) if cand else int(mid)
            out += [(ys, slice(x0, x0 + cut)), (ys, slice(x0 + cut, x1))]
        else:
            out.append((ys, slice(x0, x1)))
    return out


def match_numbers(ink: np.ndarray) -> tuple[list[int], float]:
    """Race numbers in an ink crop by templates, and the weakest margin among them."""
    nums, margin = [], 1.0
    for part in _split_lines(ink):
        n, score, m = _match(part)
        if n is not None:
            nums.append(n)
            margin = min(margin, m)
    return nums, margin


# -- sliding comparison of small numbers -------------------------------------------------------
def _slide_templates(height: float):
    """The 36 numbers in each typeface with their ink ``height`` pixels high, at 4 x 4
    quarter-pixel phases, blurred a little: (codes, windows (n, h*w), window shape)."""
    return _slide_templates_q(round(height * 4))


@functools.lru_cache(maxsize=32)
def _slide_templates_q(height_q: int):
    from PIL import Image, ImageFilter

    height = height_q / 4.0
    th = math.ceil(height * 1.3) + 2
    tw = math.ceil(height * 1.9) + 2
    codes, rows = [], []
    for code, a, ink_h in _masters():
        k = height / ink_h
        y0, y1, x0, x1 = _bbox(a > 0.5)
        cy, cx = (y0 + y1) / 2 * k, (x0 + x1) / 2 * k
        w = max(2, round(a.shape[1] * k))
        hh = max(2, round(a.shape[0] * k))
        # Drawn at 4 times the size, placed to a quarter pixel, then shrunk by averaging.
        big = Image.fromarray((a * 255).astype(np.uint8)).resize((w * 4, hh * 4), Image.BOX)
        for fy in (0.0, 0.25, 0.5, 0.75):
            for fx in (0.0, 0.25, 0.5, 0.75):
                # Place the number so its ink centre falls at the window centre + phase.
                ox = tw / 2 + fx - cx
                oy = th / 2 + fy - cy
                canvas = Image.new("L", (tw * 4, th * 4), 0)
                canvas.paste(big, (round(ox * 4), round(oy * 4)))
                small = canvas.resize((tw, th), Image.BOX).filter(ImageFilter.GaussianBlur(SLIDE_BLUR))
                v = np.asarray(small, dtype=np.float32).ravel()
                v = v - v.mean()
                n = float(np.linalg.norm(v))
                if n > 0:
                    codes.append(CODES.index(code))
                    rows.append(v / n)
    return np.array(codes), np.stack(rows), (th, tw)


def _slide_one(faint: np.ndarray, ink: np.ndarray, height: float) -> np.ndarray | None:
    """Best correlation of each race number with the darkness round the number's centre."""
    codes, mat, (th, tw) = _slide_templates(height)
    m = float(ink.max())
    if m <= 0:
        return None
    ys, xs = np.nonzero(ink > 0.3 * m)
    cy, cx = (ys.min() + ys.max() + 1) / 2, (xs.min() + xs.max() + 1) / 2
    pad = np.pad(faint, ((th, th), (tw, tw)))
    wins = []
    for oy in (-1, 0, 1):
        for ox in (-1, 0, 1):
            top = math.floor(cy - th / 2) + oy + th
            left = math.floor(cx - tw / 2) + ox + tw
            w = pad[top:top + th, left:left + tw].ravel().astype(np.float32)
            w = w - w.mean()
            n = float(np.linalg.norm(w))
            if n > 0:
                wins.append(w / n)
    if not wins:
        return None
    sc = (mat @ np.stack(wins, axis=1)).max(axis=1)
    out = np.full(len(CODES), -1.0)
    np.maximum.at(out, codes, sc)
    return out


def _slide_scores(slots, singles) -> None:
    """Add the sliding comparison to the scores of rings with one number, twice: on the
    faint darkness and on the cleaned ink (two views of a 4-pixel number; their sum is
    steadier than either). The numbers on a board are set at one size, but which size is
    uncertain by a tenth or two: the comparisons at the ``SLIDE_KEEP`` sizes that fit the
    board's numbers best are summed (a number read alike at several sizes is surer)."""
    hs = [_ink_height(ink) for _, ink, _ in singles]
    hs = [h for h in hs if h]
    if not hs:
        return
    base = float(np.median(hs))
    if base > SLIDE_MAX_PX:
        return      # numbers this large are read well by the cut-out comparison alone
    tried = []
    for f in SLIDE_SCALES:
        res = [_slide_one(faint, ink, base * f) for _, ink, faint in singles]
        tried.append((sum(float(r.max()) for r in res if r is not None), f, res))
    tried.sort(key=lambda t: -t[0])
    for _, f, best in tried[:SLIDE_KEEP]:
        for (k, ink, _), r in zip(singles, best):
            if r is not None:
                slots[k][1] = slots[k][1] + SLIDE_WEIGHT * r
                slots[k][2] += SLIDE_WEIGHT
                r2 = _slide_one(ink, ink, base * f)
                if r2 is not None:
                    slots[k][1] = slots[k][1] + SLIDE_WEIGHT * r2
                    slots[k][2] += SLIDE_WEIGHT


def _ink_height(number: np.ndarray) -> float | None:
    """Height of the ink box of a number, to a fraction of a pixel."""
    m = float(number.max()) if number.size else 0.0
    if m <= 0:
        return None
    ey = _edges((number / m).max(axis=1))
    return None if ey is None else ey[1] - ey[0]


# -- the board's own digits -----------------------------------------------------------------
BOARD_MIN = 12            # rings with one number before the board's own digits are learnt
BOARD_WEIGHT = 1.0        # weight of the board's own digits next to the templates (per unit)
BOARD_ROUNDS = 2          # rounds of learning and settling again
BOARD_RIDGE = 0.5         # ridge on the digits' images (a digit seen once or never stays near 0)
# Trust in the board's own digits: none when they explain no more than this share of how
# the numbers differ from their mean image (left-one-out), full from the second share up.
BOARD_Q0 = 0.0
BOARD_Q1 = 0.15
BOARD_PAD = 1.5           # pixels sampled round the usual number's ink box


def _centred(faint: np.ndarray, M: np.ndarray, half_w: float, half_h: float) -> np.ndarray | None:
    """A number's darkness sampled round the centre of its ink box (found to a fraction of
    a pixel; the fit of the grid is not sure to a pixel everywhere) on the grid's axes
    ``M``: a row."""
    m = float(faint.max())
    if m <= 0:
        return None
    ey = _edges(faint.max(axis=1) / m)
    ex = _edges(faint.max(axis=0) / m)
    if ey is None or ex is None:
        return None
    # (_edges counts pixel i as i..i+1; the samples take pixel i at i.)
    centre = ((ex[0] + ex[1]) / 2 - 0.5, (ey[0] + ey[1]) / 2 - 0.5)
    return _aligned(faint, (0, 0), centre, M, half_w, half_h).ravel()


def _board_pass(fit, singles, scores, chosen, unit, one_h, one_w, places=None):
    """Learn the board's own digits from its numbers alone in a ring (``[(slot, faint
    darkness)]``), as read so far, and settle again with how well each of them fits the
    digits learnt from the others: ``(scores, chosen)``."""
    A = fit.affine[:, :2]
    M = A / math.sqrt(abs(np.linalg.det(A)))    # the grid's axes, one pixel long
    half_w, half_h = one_w / 2 + BOARD_PAD, one_h / 2 + BOARD_PAD
    rows = [(k, _centred(faint, M, half_w, half_h)) for k, faint in singles]
    rows = [(k, c) for k, c in rows if c is not None]
    if len(rows) < BOARD_MIN:
        return scores, chosen
    ks = [k for k, _ in rows]
    crops = np.stack([c for _, c in rows])
    base = scores
    trust = None
    for _ in range(BOARD_ROUNDS):
        bs, explained = _board_scores(crops, [chosen[k] for k in ks])
        if trust is None:
            # Labels read badly, or a board too small or blurred to show its digits: the
            # model explains little of how the numbers differ, and is trusted little.
            trust = min(1.0, (explained - BOARD_Q0) / (BOARD_Q1 - BOARD_Q0))
            if trust <= 0:
                return scores, chosen
        scores = base.copy()
        scores[ks] += BOARD_WEIGHT * trust * unit * bs
        chosen = _settle(scores, places)
    return scores, chosen


def _aligned(faint: np.ndarray, origin, centre, M: np.ndarray, half_w: float,
             half_h: float) -> np.ndarray:
    """The darkness ``faint`` (cut out at pixel ``origin``) sampled on the grid's axes round
    ``centre`` (pixels): half-pixel steps along ``M``'s columns (unit vectors in pixels),
    ``half_w`` by ``half_h`` pixels each way, bilinear; zero outside the cut-out.

    >>> a = np.zeros((5, 5)); a[2, 3] = 1.0
    >>> s = _aligned(a, (10, 20), (12.0, 22.0), np.eye(2), 1.0, 0.0)
    >>> s.round(2).tolist()
    [[0.0, 0.0, 0.0, 0.5, 1.0]]
    """
    ss = np.arange(-2 * half_w, 2 * half_w + 1e-9) / 2.0
    tt = np.arange(-2 * half_h, 2 * half_h + 1e-9) / 2.0
    S, T = np.meshgrid(ss, tt)
    X = centre[0] - origin[0] + M[0, 0] * S + M[0, 1] * T
    Y = centre[1] - origin[1] + M[1, 0] * S + M[1, 1] * T
    pad = np.pad(faint.astype(np.float64), 1)
    X = np.clip(X + 1, 0, pad.shape[1] - 1.001)
    Y = np.clip(Y + 1, 0, pad.shape[0] - 1.001)
    x0, y0 = np.floor(X).astype(int), np.floor(Y).astype(int)
    fx, fy = X - x0, Y - y0
    return ((1 - fy) * ((1 - fx) * pad[y0, x0] + fx * pad[y0, x0 + 1])
            + fy * ((1 - fx) * pad[y0 + 1, x0] + fx * pad[y0 + 1, x0 + 1]))


def _design(labels) -> np.ndarray:
    """Rows ``[1, first digit one-hot (6), second digit one-hot (6)]`` of race numbers given
    by their index in ``CODES``."""
    labels = np.asarray(labels, dtype=int)
    X = np.zeros((len(labels), 13))
    X[:, 0] = 1.0
    X[np.arange(len(labels)), 1 + labels // 6] = 1.0
    X[np.arange(len(labels)), 7 + labels % 6] = 1.0
    return X


def _board_scores(crops: np.ndarray, labels, ridge: float = BOARD_RIDGE):
    """How well each crop (a row) fits each of the 36 race numbers as set on this board:
    ``(scores (n, 36), explained)``.

    Every crop is modelled as ``c + L[first digit] + R[second digit]`` (a board sets all
    its numbers in one face at one size, centred: tabular digits stand at fixed places),
    fitted by least squares on the other crops with their ``labels`` (a crop's own image
    must not take part in the fit that scores it); a race number's score is the correlation
    of the crop with its predicted image. ``explained`` is the share of how the crops differ
    from their mean prediction that the predictions of their labels explain (left one out):
    near 0 when the labels are mostly wrong or the digits too blurred to tell apart.

    Crops made of a left and a right half, each one of two patterns set by the digit:

    >>> rng = np.random.default_rng(0)
    >>> digits = rng.normal(size=(2, 6, 8))
    >>> labels = [a * 6 + b for a in range(6) for b in range(6)][::2]
    >>> crops = np.stack([np.concatenate([digits[0, c // 6], digits[1, c % 6]])
    ...                   for c in labels])
    >>> sc, explained = _board_scores(crops, labels, ridge=0.01)
    >>> bool((sc.argmax(axis=1) == labels).all()), round(explained, 2)
    (True, 1.0)
    """
    n, D = crops.shape
    X = _design(labels)
    pen = np.full(13, ridge)
    pen[0] = 0.0
    G = X.T @ X + np.diag(pen)
    XtY = X.T @ crops
    every = _design(np.arange(len(CODES)))
    y = crops - crops.mean(axis=1, keepdims=True)
    y /= np.maximum(np.linalg.norm(y, axis=1, keepdims=True), 1e-9)
    out = np.zeros((n, len(CODES)))
    err = spread = 0.0
    for i in range(n):
        xi = X[i]
        # The fit without crop i (a rank-one update of the normal equations).
        B = np.linalg.solve(G - np.outer(xi, xi), XtY - np.outer(xi, crops[i]))
        P = every @ B
        mean = P.mean(axis=0)
        err += float(((crops[i] - P[int(labels[i])]) ** 2).sum())
        spread += float(((crops[i] - mean) ** 2).sum())
        P -= P.mean(axis=1, keepdims=True)
        P /= np.maximum(np.linalg.norm(P, axis=1, keepdims=True), 1e-9)
        out[i] = P @ y[i]
    return out, 1.0 - err / max(spread, 1e-9)
