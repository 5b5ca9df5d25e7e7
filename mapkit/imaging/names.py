"""Stage 7, names (:func:`read_names` -> ``{hex: name}``, notes): each city's name looked for
where the renderer's label placement may put it (:func:`spots`, from ``render.labels``: a ring
of places round the city hex), found by the upright strokes of its print running from a
place's anchor (:func:`name_boxes`), cut out with the hex outlines lifted off it, read by
Tesseract in German, Czech and Polish alone (the surest reading kept, the map's own language
a little ahead). See ``docs/import.md``, "Names".
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from . import ocr
from . import params as P
from ..grid import hex_name
from .numbercrops import enlarged, ink_runs
from .printmask import lift_outlines, outline_band, print_masks, solid_ink
from .sampling import apply_affine

__all__ = ["read_names", "name_boxes", "spots", "clean_name", "NameBox", "Spot"]

class NameBox(NamedTuple):
    """A name's box in pixels (x0 y0 x1 y1) and the way it grew from its anchor (``start``:
    rightwards from x0, ``end``: leftwards from x1, ``middle``: both ways)."""

    x0: int
    y0: int
    x1: int
    y1: int
    align: str = "middle"


def read_names(rgb, fit, reading, languages: tuple[str, ...] = P.NAME_LANGUAGES) -> tuple[dict, list[str]]:
    """The cities' names: ``({Hex: name}, notes)``, read in Tesseract's ``languages`` (those
    installed; the first wins a tie); OcrUnavailable without Tesseract."""
    if why := ocr.ocr_available():
        raise ocr.OcrUnavailable(why)
    cities = sorted(reading.cities, key=lambda h: (h[1], h[0]))
    if not cities:
        return {}, []
    notes = []
    langs = ocr.languages(languages)
    if len(langs) < len(languages):
        lacking = sorted(set(languages) - set(langs))
        notes.append(f"Tesseract's {', '.join(lacking)} data missing (apt-get install "
                     f"{' '.join('tesseract-ocr-' + m for m in lacking)}): names with their "
                     "letters may be misread")
        langs = langs or ["eng"]
    letter = P.NAME_LETTER * fit.hex_px
    texts = _read(rgb, fit, reading, name_boxes(rgb, fit, reading), letter, langs)
    found = {h: clean_name(text) for h, (text, sure) in texts.items()
             if sure >= P.NAME_SURE and len(clean_name(text)) >= P.NAME_MIN_LETTERS}
    missing = [h for h in cities if h not in found]
    if missing:
        notes.append(f"{', '.join(hex_name(h) for h in missing)}: no name read "
                     f"(named after the{' hexes' if len(missing) > 1 else ' hex'})")
    return found, notes


class Spot(NamedTuple):
    """Where the renderer may begin a city's name (picture pixels): the box's rows ``y0:y1``,
    its anchor column ``x`` and the way it grows from there (``start``: rightwards, ``end``:
    leftwards, ``middle``: both ways), and the renderer's cost of the place."""

    align: str
    x: float
    y0: int
    y1: int
    cost: float


def spots(fit, h) -> list[Spot]:
    """The renderer's candidate places of city ``h``'s name (:mod:`mapkit.render.labels`: each
    direction round the hex, near and a step further, one line or two, full or small size), at
    the renderer's name size for hexes of ``DEFAULT_HEX_MM``; their widths are the name's."""
    from ..render import labels
    from ..render.fonts import ASCENT, DESCENT
    from ..render.style import REFERENCE_HEX_MM, Style

    shape = fit.grid.polygon(h)
    minx, miny, maxx, maxy = shape.bounds
    centre = fit.grid.centre_mm(h)
    size = Style.name_size / REFERENCE_HEX_MM
    out = []
    for angle, anchor, cost in labels.anchors(shape, centre, max(maxx - minx, maxy - miny) / 2,
                                              labels.GAP / P.DEFAULT_HEX_MM):
        for rows, scale, vcost in ((1, 1.0, 0.0), (2, 1.0, labels.TWO_LINE_COST),
                                   (1, labels.SMALL_SCALE, labels.SMALL_COST),
                                   (2, labels.SMALL_SCALE, labels.SMALL_COST + labels.TWO_LINE_COST)):
            height = (ASCENT + DESCENT + (rows - 1) * labels.LINE_PITCH) * size * scale
            box, align = labels.box_at(anchor, angle, 0.0, height)
            (x, y0), (_x, y1) = apply_affine(fit.affine, np.array([box[:2], box[2:]]))
            out.append(Spot(align, float(x), int(math.floor(y0)), int(math.ceil(y1)), cost + vcost))
    return out


def name_boxes(rgb, fit, reading) -> dict:
    """Each city's name box (picture pixels, ``NameBox``) among its :func:`spots`: the print
    that runs from a spot's anchor along its rows, scored by its ink in the box less
    ``NAME_SPILL`` times its ink just above and below; near the best score the renderer's cheaper
    place. Cities take their boxes surest first; a box overlapping one taken is out."""
    letter = P.NAME_LETTER * fit.hex_px
    reach = int(P.NAME_LONG * fit.hex_px)
    strip = max(1, int(round(P.NAME_STRIP * letter)))
    centres = {h: apply_affine(fit.affine, np.array([fit.grid.centre_mm(h)]))[0] for h in reading.cities}
    ranked = {}
    for h in reading.cities:
        near = spots(fit, h)
        box = (max(0, int(min(sp.x for sp in near)) - reach), max(0, min(sp.y0 for sp in near) - strip),
               min(rgb.shape[1], int(max(sp.x for sp in near)) + reach + 1),
               min(rgb.shape[0], max(sp.y1 for sp in near) + strip))
        # print: grey enough, and beside print dark enough (a dark fill round a name's plate is no print)
        found, core = print_masks(rgb, fit, reading, box, [(P.NAME_FIND_PREFILTER, P.NAME_FIND_DARK),
                                                      (P.TEXT_PREFILTER, P.NAME_CORE_DARK)])
        ink = found & _beside(core) & ~_solid(rgb, box, letter)
        lost = outline_band(fit, box) & ~found
        others = np.array([c for k, c in centres.items() if k != h]).reshape(-1, 2)
        pr = _Print(ink, _stems(ink, P.NAME_STEM * letter, P.NAME_TALLEST * letter),
                    _piece_spans(ink, int(math.ceil(P.NAME_TALLEST * letter))), lost, box, letter, strip,
                    centres[h], others)
        scored = [b for b in (_measure(pr, sp) for sp in near) if b]
        if scored:
            top = max(b[0] for b in scored)
            ranked[h] = sorted(scored, key=lambda b: (b[0] < (1 - P.NAME_TIE) * top, b[1], -b[0]))
    taken: dict = {}
    for h in sorted(ranked, key=lambda h: (-ranked[h][0][0], ranked[h][0][1], h)):
        for _score, _cost, box in ranked[h]:
            if not any(_overlap(box, t) for t in taken.values()):
                taken[h] = box
                break
    return {h: taken[h] for h in sorted(taken, key=lambda h: (h[1], h[0]))}


class _Print(NamedTuple):
    """The print round a city where its name may lie (``box``, picture pixels x0 y0 x1 y1):
    ``ink``, its upright strokes ``stems``, its pieces' top and bottom rows ``spans``, the print
    ``lost`` as on a hex outline; a name's ``letter`` height and ``strip`` in pixels; the city's
    centre ``home`` and the other cities' centres ``others`` (picture pixels, n x 2)."""

    ink: np.ndarray
    stems: np.ndarray
    spans: tuple
    lost: np.ndarray
    box: tuple
    letter: float
    strip: int
    home: np.ndarray
    others: np.ndarray


def _beside(mask: np.ndarray) -> np.ndarray:
    """``mask`` and the pixels next to it (the eight round each).

    >>> m = np.zeros((3, 4), dtype=bool); m[1, 1] = True
    >>> _beside(m).astype(int).tolist()
    [[1, 1, 1, 0], [1, 1, 1, 0], [1, 1, 1, 0]]
    """
    return _box3(mask, np.maximum, False)


def _solid(rgb, box, letter: float) -> np.ndarray:
    """The print in ``box`` (picture pixels x0 y0 x1 y1) that is no letter's
    (:func:`printmask.solid_ink`): grey as dark as a name's strokes (``TEXT_PREFILTER``; a
    grey hex outline between two letters is not) solid over a square ``NAME_SOLID`` letters wide (black land, an Expres
    river along the hex sides) and no lighter than its middle grey by ``NAME_SOLID_STEP`` (a
    letter's stroke touching a river, the board's ink 26 on black 0, stays), with its blurred
    edge (``NAME_SOLID_RIM_PX``: where lighter than ``TEXT_PREFILTER`` or next to such paper;
    a stroke going on from it stays); looked for round the box too (a sliver of a river at its
    edge)."""
    side = max(3, int(round(P.NAME_SOLID * letter)))
    rim = P.NAME_SOLID_RIM_PX
    h, w = rgb.shape[:2]
    x0, y0 = max(0, box[0] - side - rim), max(0, box[1] - side - rim)
    patch = rgb[y0:min(h, box[3] + side + rim), x0:min(w, box[2] + side + rim)]
    lo, hi = patch.min(axis=2), patch.max(axis=2)
    dark = (lo < P.TEXT_PREFILTER) & (hi - lo < P.TEXT_HUE)
    full = solid_ink(dark, side)
    # (a fill is even: a letter's stroke joined to it, lighter by a step, stays)
    solid = full & (lo <= (np.median(lo[full]) if full.any() else 0.0) + P.NAME_SOLID_STEP)
    # (its edge goes where light, or where it fades to light paper beyond; a stroke goes on dark)
    edge = solid
    for _ in range(P.NAME_SOLID_RIM_PX):
        edge = _beside(edge)
    light = lo >= P.TEXT_PREFILTER
    solid = solid | (edge & (light | _next_to(light)))
    return solid[box[1] - y0:box[3] - y0, box[0] - x0:box[2] - x0]


def _next_to(mask: np.ndarray) -> np.ndarray:
    """Pixels with a pixel of ``mask`` above, below, left or right.

    >>> _next_to(np.array([[0, 0, 0], [0, 1, 0]], dtype=bool)).astype(int).tolist()
    [[0, 1, 0], [1, 0, 1]]
    """
    p = np.pad(mask, 1)
    return p[:-2, 1:-1] | p[2:, 1:-1] | p[1:-1, :-2] | p[1:-1, 2:]


def _stems(ink: np.ndarray, tall: float, tallest: float) -> np.ndarray:
    """The print of ``ink`` in upright runs ``tall`` to ``tallest`` pixels long: letters' stems
    and bows, not the dots of a stipple nor the slant strokes of a hatching nor a dark fill.

    >>> ink = np.zeros((9, 4), dtype=bool); ink[0:5, 1] = True; ink[2:4, 2] = True; ink[:, 3] = True
    >>> _stems(ink, 3.0, 6.0).sum(axis=0).tolist()
    [0, 5, 0, 0]
    """
    run = _runs_down(ink) + _runs_down(ink[::-1])[::-1] - 1
    return ink & (run >= tall) & (run <= tallest)


def _runs_down(ink: np.ndarray) -> np.ndarray:
    """At each pixel of ``ink``, the length of the run of ink in its column ending there, from
    above (0 off the ink).

    >>> _runs_down(np.array([[1, 0], [1, 1], [0, 1]], dtype=bool)).tolist()
    [[1, 0], [2, 1], [0, 2]]
    """
    down = np.cumsum(ink, axis=0)
    # (less the count at the last pixel off the ink above)
    return down - np.maximum.accumulate(np.where(ink, 0, down), axis=0)


def _overlap(a: NameBox, b: NameBox) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _measure(pr: _Print, sp: Spot):
    """``(score, cost, NameBox)`` of the print (``pr``) from spot ``sp``, or None: the columns
    with upright strokes in the spot's rows, joined across gaps up to ``NAME_GAP`` letters, the
    run that begins (ends, is centred) within ``NAME_START`` letters of the anchor; its strokes
    in the rows less ``NAME_SPILL`` times its strokes ``NAME_STRIP`` letters above and below.
    The run goes on up to ``NAME_FLAT`` letters over print in the rows with none above or below,
    there nor ``NAME_BARE`` letters either side (a Z: no upright stroke; a stipple's dots are
    staggered), or with letters apart from the print above and below (:func:`_confined`: a
    name's plate on a texture), joining the strokes it reaches (:func:`_reach_on`); it keeps
    only its city's part of print that holds two names (:func:`_own_part`). Gaps and reaches
    leave out what of them lies on a hex outline (:func:`_visible`: a letter's stroke there is
    lost with the line). The box reaches the anchor."""
    ink, stems, letter, strip, box = pr.ink, pr.stems, pr.letter, pr.strip, pr.box
    y0, y1 = sp.y0 - box[1], sp.y1 - box[1]
    if y0 - strip < 0 or y1 + strip > ink.shape[0] or y1 - y0 < 2:
        return None
    rows = stems[y0:y1]
    x = sp.x - box[0]
    pos = _visible(pr.lost[y0:y1])
    bare = ~ink[y0 - strip:y0].any(axis=0) & ~ink[y1:y1 + strip].any(axis=0)
    k = int(round(P.NAME_BARE * letter))
    bare = np.pad(bare, k, constant_values=True)
    bare = np.all([bare[d:d + ink.shape[1]] for d in range(2 * k + 1)], axis=0)
    clear = (ink[y0:y1].any(axis=0) & bare) | _confined(ink, pr.spans, y0, y1, P.NAME_PIECE * letter)
    # (numpy's types have any(axis=0) give a bool or an array; of a 2-D array it is a row)
    stem_runs = _runs(rows.any(axis=0), P.NAME_GAP * letter, pos)  # type: ignore[arg-type]

    def widen(r):
        return _widened(clear, r[0], r[1], P.NAME_FLAT_GAP * letter, int(round(P.NAME_FLAT * letter)), pos)
    at = {"start": lambda a, b: a, "end": lambda a, b: b, "middle": lambda a, b: (a + b) / 2}[sp.align]
    run = next((r for r in map(widen, stem_runs) if abs(at(*r) - x) <= P.NAME_START * letter), None)
    if run is None or run[1] - run[0] < P.NAME_WIDER * letter:
        return None
    run = _reach_on(run, stem_runs, widen, sp.align, P.NAME_FLAT_GAP * letter, pos)
    a, b = _own_part(pr, sp, run, ink[y0:y1].any(axis=0), pos)  # type: ignore[arg-type]  # a row, as above
    if b - a < P.NAME_WIDER * letter:
        return None
    inside = int(rows[:, a:b].sum())
    spill = int(stems[y0 - strip:y1 + strip, a:b].sum()) - inside
    a, b = {"start": (min(a, x), b), "end": (a, max(b, x)), "middle": (min(a, 2 * x - b), max(b, 2 * x - a))}[sp.align]
    return (inside - P.NAME_SPILL * spill, sp.cost,
            NameBox(int(a) + box[0], sp.y0, int(math.ceil(b)) + box[0], sp.y1, sp.align))


def _visible(lost: np.ndarray) -> np.ndarray:
    """How wide the columns of a name's rows are where print can be seen, summed from the left
    (``[0, w0, w0 + w1, ...]``): each column counts its share of rows not ``lost`` on a hex
    outline (an upright outline across the rows counts nothing, a slant one its band's width).

    >>> lost = np.zeros((4, 5), dtype=bool); lost[:, 2] = True; lost[:2, 3] = True
    >>> _visible(lost).tolist()
    [0.0, 1.0, 2.0, 2.0, 2.5, 3.5]
    """
    return np.concatenate([[0.0], np.cumsum(1.0 - lost.mean(axis=0))])


def _own_part(pr: _Print, sp: Spot, run, letters: np.ndarray, pos) -> tuple[int, int]:
    """The city's part of ``run`` (columns of the print's box): the run split where its
    ``letters`` (print in the rows) leave a gap wider than ``NAME_SPLIT`` letters (two names on
    one line; a word space is less), the part at the anchor kept, and each part on from it, away
    from the anchor, while it lies nearer this city than any other (its middle)."""
    a, b = run
    parts = [(a + p, a + q) for p, q in _runs(letters[a:b], P.NAME_SPLIT * pr.letter, pos[a:b + 1])]
    if len(parts) < 2:
        return a, b
    parts = _name_parts(parts, P.NAME_WIDER * pr.letter)
    if len(parts) < 2:
        return parts[0]
    x = sp.x - pr.box[0]
    i = {"start": 0, "end": len(parts) - 1}.get(
        sp.align, min(range(len(parts)), key=lambda k: abs((parts[k][0] + parts[k][1]) / 2 - x)))
    y = (sp.y0 + sp.y1) / 2

    def home(part) -> bool:
        mid = np.array([pr.box[0] + (part[0] + part[1]) / 2, y])
        return not len(pr.others) or np.hypot(*(mid - pr.home)) <= np.hypot(*(pr.others - mid).T).min()
    lo = hi = i
    while sp.align != "end" and hi + 1 < len(parts) and home(parts[hi + 1]):
        hi += 1
    while sp.align != "start" and lo > 0 and home(parts[lo - 1]):
        lo -= 1
    return parts[lo][0], parts[hi][1]


def _name_parts(parts: list, wide: float) -> list:
    """The ``parts`` of a line's print (in order) that are as wide as a name (``wide``), unless
    none is: a dot or a piece of an outline a gap beside a name is no name, and is left out
    for every city alike (the cities either side of a name measure the same print).

    >>> _name_parts([(0, 5), (17, 72), (83, 87)], 13), _name_parts([(0, 40), (60, 100)], 13)
    ([(17, 72)], [(0, 40), (60, 100)])
    >>> _name_parts([(0, 5), (9, 12)], 13)
    [(0, 5), (9, 12)]
    """
    named = [p for p in parts if p[1] - p[0] >= wide]
    return named or parts


def _reach_on(run, stem_runs, widen, align: str, gap: float, pos=None) -> tuple[int, int]:
    """``run`` (from a name's anchor) joined to the runs of strokes (``stem_runs``, in order)
    that its widening reaches within ``gap`` (or overlaps), away from the anchor (``align``),
    each widened on in turn (``widen``); gaps measured in ``pos`` (:func:`_visible`; None: in
    columns).

    >>> _reach_on((10, 20), [(0, 8), (10, 18), (22, 30), (40, 45)], lambda r: r, "start", 3.0)
    (10, 30)
    >>> _reach_on((10, 20), [(0, 8), (10, 18), (22, 30), (40, 45)], lambda r: r, "middle", 3.0)
    (0, 30)
    >>> _reach_on((10, 25), [(10, 18), (22, 30)], lambda r: r, "start", 0.0)
    (10, 30)
    """
    a, b = run
    if pos is None:
        pos = np.arange(max(r[1] for r in [run, *stem_runs]) + 1, dtype=float)
    for r in stem_runs:
        if align != "end" and r[1] > b and pos[max(r[0], b)] - pos[b] <= gap:
            a, b = widen((a, r[1]))
    for r in reversed(stem_runs):
        if align != "start" and r[0] < a and pos[a] - pos[min(r[1], a)] <= gap:
            a, b = widen((r[0], b))
    return a, b


def _confined(ink: np.ndarray, spans, y0: int, y1: int, tall: float) -> np.ndarray:
    """Columns of ``ink`` with a letter's print in rows ``y0:y1``: a piece of print (``spans``:
    its top and bottom rows at each pixel, :func:`_piece_spans`) ``tall`` pixels high or more
    there (no dot of a stipple), and no print there joined to print above or below the rows (a
    texture, a line, a fill go on across them; a name's plate over a texture leaves the texture
    apart from its letters).

    >>> ink = np.zeros((10, 7), dtype=bool); ink[3:7, 1] = ink[6, 2] = True  # a letter
    >>> ink[0:7, 4] = True; ink[4, 6] = True              # a line from above; a dot
    >>> _confined(ink, _piece_spans(ink, 20), 3, 7, 3.0).astype(int).tolist()
    [0, 1, 1, 0, 0, 0, 0]
    """
    on, top, bottom = ink[y0:y1], spans[0][y0:y1], spans[1][y0:y1]
    joined = on & ((top < y0) | (bottom >= y1))
    return (on & ~joined & (bottom - top + 1 >= tall)).any(axis=0) & ~joined.any(axis=0)


def _piece_spans(mask: np.ndarray, steps: int) -> tuple[np.ndarray, np.ndarray]:
    """At each pixel of ``mask``, the top and bottom rows of the piece it belongs to (pixels
    joined through ``mask``, eight neighbours, up to ``steps`` pixels away).

    >>> top, bottom = _piece_spans(np.array([[1, 0, 0], [0, 1, 0], [0, 0, 0], [1, 0, 1]], dtype=bool), 9)
    >>> top.tolist()[0], bottom.tolist()[1], bottom.tolist()[3]
    ([0, 4, 4], [-1, 1, -1], [3, -1, 3])
    """
    h = mask.shape[0]
    row = np.broadcast_to(np.arange(h, dtype=np.int16)[:, None], mask.shape)
    top, bottom = np.where(mask, row, np.int16(h)), np.where(mask, row, np.int16(-1))
    for _ in range(steps):
        new_top = np.where(mask, _box3(top, np.minimum, h), h)
        new_bottom = np.where(mask, _box3(bottom, np.maximum, -1), -1)
        if (new_top == top).all() and (new_bottom == bottom).all():
            break
        top, bottom = new_top, new_bottom
    return top, bottom


def _box3(a: np.ndarray, pick, fill: int) -> np.ndarray:
    """``pick`` (np.minimum, np.maximum) of each value of ``a`` and its eight neighbours (``fill``
    beyond the edges), one direction at a time.

    >>> _box3(np.array([[5, 1, 5], [5, 5, 5], [5, 5, 0]]), np.minimum, 9).tolist()
    [[1, 1, 1], [1, 0, 0], [5, 0, 0]]
    """
    p = np.pad(a, 1, constant_values=fill)
    across = pick(pick(p[:, :-2], p[:, 1:-1]), p[:, 2:])
    return pick(pick(across[:-2], across[1:-1]), across[2:])


def _runs(cols: np.ndarray, gap: float, pos=None) -> list[tuple[int, int]]:
    """The runs ``(a, b)`` of True ``cols``, joined across gaps up to ``gap`` (measured in
    ``pos``, :func:`_visible`; None: in columns).

    >>> _runs(np.array([0, 1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 0], dtype=bool), 1.5)
    [(1, 5), (9, 11)]
    """
    pos = np.arange(len(cols) + 1, dtype=float) if pos is None else pos
    runs: list[tuple[int, int]] = []
    for a, b in ink_runs(cols):
        if runs and pos[a] - pos[runs[-1][1]] <= gap:
            runs[-1] = (runs[-1][0], b)
        else:
            runs.append((a, b))
    return runs


def _read(rgb, fit, reading, labels: dict, letter: float, langs) -> dict:
    """Tesseract's reading of each name (key: its key in ``labels``) and how sure it is (its
    least sure word, 0 to 100, -1 for none): read in each language alone, the reading Tesseract
    is surest of, the map's own language (:func:`_map_language`) counting ``NAME_LEAD``
    more; a tie goes to the map's language, then to the first of ``langs`` (languages
    read together change with the names read before: Tesseract tries the one it used last)."""
    crops = [(k, _for_tesseract(rgb, fit, reading, lab, letter)) for k, lab in labels.items()]
    read = {lang: ocr.read_sheets_scored(crops, f"-l {lang} --psm 6", P.NAME_TARGET_PX) for lang in langs}
    lead = _map_language(read, langs)
    order = [lead] + [lang for lang in langs if lang != lead]
    best: dict = {}
    for k in labels:
        got = [(lang, read[lang][k]) for lang in order if k in read[lang]]
        if got:
            _lang, best[k] = max(got, key=lambda g: g[1][1] + (P.NAME_LEAD if g[0] == lead else 0.0))
    return best


def _map_language(read: dict, langs) -> str:
    """The language Tesseract is surest in for the most names (a tie to the first in ``langs``).

    >>> _map_language({"deu": {0: ("Nürnberg", 95.0), 1: ("Köln", 60.0)},
    ...                "ces": {0: ("Nůrnberg", 92.0), 1: ("Koln", 90.0)}}, ["deu", "ces"])
    'deu'
    """
    votes = dict.fromkeys(langs, 0)
    for k in {k for lang in langs for k in read[lang]}:
        sure = {lang: read[lang][k][1] for lang in langs if k in read[lang]}
        top = max(sure.values())
        votes[next(lang for lang in langs if sure.get(lang) == top)] += 1
    return max(langs, key=lambda lang: (votes[lang], -langs.index(lang)))


def _for_tesseract(rgb, fit, reading, lab: NameBox, letter: float) -> np.ndarray:
    """A name as Tesseract likes it: dark print on white with its edges and accents (also on the
    rim of a city hex; dark grey only next to darker print), the hex outlines lifted off it, the
    rest whitened, cut to its box's rows (the texture round a name's plate left out), widened at
    its far end over print that goes on beyond a hex outline (``NAME_GROW``); enlarged until
    letters stand ``NAME_TARGET_PX`` high."""
    pad = max(1, int(round(P.NAME_PAD * letter)))
    grow = int(round(P.NAME_GROW * letter))
    left = 0 if lab.align == "start" else pad + grow
    right = 0 if lab.align == "end" else pad + grow
    h, w = rgb.shape[:2]
    crop = (max(0, lab.x0 - left), max(0, lab.y0), min(w, lab.x1 + right), min(h, lab.y1))
    soft, found, core = print_masks(rgb, fit, reading, crop, [(P.TEXT_SOFT_PREFILTER, P.TEXT_SOFT_DARK),
                               (P.NAME_FIND_PREFILTER, P.NAME_FIND_DARK), (P.TEXT_PREFILTER, P.NAME_CORE_DARK)],
                               sides=False, rim=P.NAME_CITY_RIM)
    # (dark grey far from darker print is a fill, the foreign land round a name's plate)
    soft &= (~found | _beside(_beside(core))) & ~_solid(rgb, crop, letter)
    grey = rgb[crop[1]:crop[3], crop[0]:crop[2]].min(axis=2)
    grey = lift_outlines(fit, np.where(soft, grey, 255).astype(np.uint8), crop, grey)
    a, b = _grown(grey < P.NAME_GROW_INK, lab.x0 - pad - crop[0], lab.x1 + pad - crop[0], letter)
    return enlarged(grey[:, a:b], letter, P.NAME_TARGET_PX)


def _grown(ink: np.ndarray, a: int, b: int, letter: float) -> tuple[int, int]:
    """Columns ``a:b`` of ``ink`` (a name's rows) widened either way over columns with a run of
    ink ``NAME_GROW_TALL`` letters high (a stroke, not a dot of a texture), across gaps of at
    most ``NAME_GROW_GAP`` letters (a letter's part beyond a lifted outline).

    >>> ink = np.zeros((6, 15), dtype=bool); ink[1:5, [0, 5, 8, 9, 14]] = True; ink[2, 3] = True
    >>> _grown(ink, 4, 6, 10.0)         # gaps of 3 px at most: 0 and 8, 9 (2 px off); not 14 (4)
    (0, 10)
    >>> ink[1:5, 0] = False; ink[1, 0] = ink[4, 0] = True       # two dots 3 px apart: no stroke
    >>> _grown(ink, 4, 6, 10.0)
    (4, 10)
    """
    tallest = _runs_down(ink).max(axis=0, initial=0)
    return _widened(tallest >= P.NAME_GROW_TALL * letter, a, b, P.NAME_GROW_GAP * letter)


def _widened(cols: np.ndarray, a: int, b: int, gap: float, far: int | None = None,
             pos=None) -> tuple[int, int]:
    """Columns ``a:b`` widened either way over True ``cols`` across gaps of at most ``gap``, by
    ``far`` columns at most each way (None: no limit); gaps and reach measured in ``pos``
    (:func:`_visible`; None: in columns).

    >>> _widened(np.array([1, 0, 0, 1, 0, 0, 0, 1, 1], dtype=bool), 4, 5, 1.5)
    (3, 5)
    >>> _widened(np.array([1, 0, 0, 1, 0, 0, 0, 1, 1], dtype=bool), 4, 6, 2.0, far=3)
    (3, 9)
    >>> cols = np.array([1, 0, 0, 1, 0, 0, 0, 1, 1], dtype=bool)
    >>> _widened(cols, 4, 6, 0.5), _widened(cols, 4, 6, 0.5, pos=np.array([0, 1, 2, 3, 4, 5, 6, 6, 7, 8.0]))
    ((3, 6), (3, 9))
    """
    pos = np.arange(len(cols) + 1, dtype=float) if pos is None else pos
    a, b = max(0, a), min(len(cols), b)
    a0, b0 = a, b
    for k in range(a - 1, -1, -1):
        if far is not None and pos[a0] - pos[k] > far:
            break
        if cols[k]:
            if pos[a] - pos[k + 1] > gap:
                break
            a = k
    for k in range(b, len(cols)):
        if far is not None and pos[k + 1] - pos[b0] > far:
            break
        if cols[k]:
            if pos[k] - pos[b] > gap:
                break
            b = k + 1
    return a, b


def clean_name(text: str) -> str:
    """Tesseract's reading of a name, tidied: letters, spaces, hyphens, apostrophes, dots and
    brackets in pairs (Frankfurt (Oder)) only, single spaces, none just inside a bracket; a
    first I read as l put right (:func:`_capital_i`).

    >>> clean_name(" Frýdek- Místek| "), clean_name("Ústí  nad Labem\\n")
    ('Frýdek-Místek', 'Ústí nad Labem')
    >>> clean_name("Frankfurt ( Oder)|"), clean_name("(Nice"), clean_name("Halle (Saale")
    ('Frankfurt (Oder)', 'Nice', 'Halle Saale')
    >>> clean_name("liford |"), clean_name("Ilford")
    ('Ilford', 'Ilford')
    """
    kept = "".join(ch if ch.isalpha() or ch in " -'.()" else " " for ch in text)
    depth, out = 0, []
    for k, ch in enumerate(kept):
        if ch == "(" and depth == 0 and ")" in kept[k:]:
            depth = 1
        elif ch == ")" and depth == 1:
            depth = 0
        elif ch in "()":
            ch = " "
        out.append(ch)
    words = " ".join("".join(out).split())
    words = words.replace("- ", "-").replace(" -", "-").replace("( ", "(").replace(" )", ")")
    return _capital_i(words.strip(" -.'"))


def _capital_i(name: str) -> str:
    """A name read with its first letter I taken for an l: the board's font prints I and l as
    the same bare upright stroke, and Tesseract reads Ilford as liford, llford or IIford. A name
    begins with a capital, so a reading that begins with l before a small letter begins with I,
    and an i or l just after it (before a small letter) is the l of Il; II before a small
    letter is Il. (A name beginning Ii read li.. comes out Il..: Ii is rare, Il common.)

    >>> [_capital_i(n) for n in ("liford", "llford", "IIford", "lpswich", "Iisalmi", "lÓdź", "l")]
    ['Ilford', 'Ilford', 'Ilford', 'Ipswich', 'Iisalmi', 'lÓdź', 'l']
    """
    if name[:1] == "l" and name[1:2].islower():
        return "I" + ("l" + name[2:] if name[1] in "il" and name[2:3].islower() else name[1:])
    if name[:2] == "II" and name[2:3].islower():
        return "Il" + name[2:]
    return name
