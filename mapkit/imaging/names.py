"""Stage 7, names (:func:`read_names` -> ``{hex: name}``, notes): the print round the
cities (:func:`text_ink`), cut into lines of text (:func:`text_lines`), the hex outlines
lifted off them, read by Tesseract in German, Czech and Polish alone (the surest reading
kept) and given to the nearest city, one name a city. See
``docs/import.md``, "Names".
"""

from __future__ import annotations

import math
from collections import deque
from typing import NamedTuple

import numpy as np

from . import ocr
from . import params as P
from ..grid import hex_name
from .gridlines import axial_round
from .mono import coherence
from .sampling import LINEAR_LUT, apply_affine

__all__ = ["read_names", "text_ink", "text_lines", "text_lines_round", "clean_name", "TextLine"]

SQRT3 = math.sqrt(3.0)


class TextLine(NamedTuple):
    """A line (or a name of two lines) of text: its box in pixels, x0 y0 x1 y1."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def height(self) -> int:
        return self.y1 - self.y0


def read_names(rgb, fit, reading) -> tuple[dict, list[str]]:
    """The cities' names: ``({Hex: name}, notes)``; OcrUnavailable without Tesseract."""
    why = ocr.ocr_available()
    if why:
        raise ocr.OcrUnavailable(why)
    cities = sorted(reading.cities, key=lambda h: (h[1], h[0]))
    if not cities:
        return {}, []
    notes = []
    langs = ocr.languages(P.NAME_LANGUAGES)
    if len(langs) < len(P.NAME_LANGUAGES):
        missing = sorted(set(P.NAME_LANGUAGES) - set(langs))
        notes.append(f"Tesseract's {', '.join(missing)} data missing (apt-get install "
                     f"{' '.join('tesseract-ocr-' + m for m in missing)}): names with their "
                     "letters may be misread")
        langs = langs or ["eng"]
    letter = P.NAME_LETTER * fit.hex_px
    labels = _near_cities(fit, cities, _names_of_lines(text_lines_round(rgb, fit, reading), letter))
    texts = _read(rgb, fit, reading, labels, letter, langs)
    found = _match(fit, cities, labels, texts)
    missing = [h for h in cities if h not in found]
    if missing:
        notes.append(f"{', '.join(hex_name(h) for h in missing)}: no name read "
                     f"(named after the{' hexes' if len(missing) > 1 else ' hex'})")
    return found, notes


def _window(fit, h, shape) -> tuple[int, int, int, int]:
    """The pixels a city's name may lie in (``x0, y0, x1, y1``): its box begins within
    ``NAME_REACH`` hexes and a long name reaches ``NAME_LONG`` further, along its line."""
    x, y = apply_affine(fit.affine, np.array(fit.grid.centre_mm(h)))
    rx = (P.NAME_REACH + P.NAME_LONG) * fit.hex_px
    ry = (P.NAME_REACH + 0.5) * fit.hex_px
    return (max(0, int(x - rx)), max(0, int(y - ry)), min(shape[1], int(x + rx) + 1),
            min(shape[0], int(y + ry) + 1))


def text_lines_round(rgb, fit, reading) -> list[TextLine]:
    """The lines of text round the cities (picture pixels): :func:`text_lines` in each city's
    window; a line whole in one window and cut in another is kept whole."""
    letter = P.NAME_LETTER * fit.hex_px
    found = []
    for h in reading.cities:
        ink, (x0, y0, _x1, _y1) = text_ink(rgb, fit, reading, h)
        found += [TextLine(t.x0 + x0, t.y0 + y0, t.x1 + x0, t.y1 + y0) for t in text_lines(ink, letter)]
    kept: list[TextLine] = []
    for t in sorted(set(found), key=lambda t: -(t.x1 - t.x0) * t.height):
        inner = [k for k in kept if k.x0 <= t.x0 and k.y0 <= t.y0 and t.x1 <= k.x1 and t.y1 <= k.y1]
        if not inner:
            kept.append(t)
    return sorted(kept, key=lambda t: (t.y0, t.x0))


def text_ink(rgb, fit, reading, h):
    """Print round city ``h``: ``(mask, (x0, y0, x1, y1))`` over its window (:func:`_window`)."""
    box = _window(fit, h, rgb.shape)
    return _print(rgb, fit, reading, box, P.TEXT_PREFILTER, P.TEXT_DARK), box


def _print(rgb, fit, reading, box, prefilter: int, dark: float, sides: bool = True,
           rim: float = 0.0) -> np.ndarray:
    """Print in ``box``: grey pixels (darkest channel under ``prefilter``, under ``dark`` once the
    light is out) on no hex outline (unless print lies on both sides of it) and in no city hex
    (but for ``rim`` hexes along its sides, inside its ring)."""
    x0, y0, x1, y1 = box
    patch = rgb[y0:y1, x0:x1]
    lo = np.minimum(np.minimum(patch[..., 0], patch[..., 1]), patch[..., 2])
    hi = np.maximum(np.maximum(patch[..., 0], patch[..., 1]), patch[..., 2])
    cand = (lo < prefilter) & (hi - lo < P.TEXT_HUE)      # (a cheap first cut, in sRGB levels)
    ys, xs = np.nonzero(cand)
    mask = np.zeros(cand.shape, dtype=bool)
    if not len(xs):
        return mask
    px, py = xs + x0, ys + y0
    lin = LINEAR_LUT[patch[ys, xs]] * reading.light.gains(px, py)
    printed = lin.mean(axis=1) < dark
    du, dv, key = _offsets(fit, _grid_coords(fit, px, py))
    side = _side_distance(du, dv)
    printed &= ~(np.isin(key, [_key(fit, c) for c in reading.cities]) & (side > rim))
    band = P.TEXT_OFF_SIDE_PX + P.TEXT_SIDE_WIDTH * fit.hex_px
    on_side = side * fit.hex_px <= band
    printed &= ~_on_strokes(fit, reading, du, dv, key)
    if not sides:
        on_side[:] = False
    mask[ys[printed & ~on_side], xs[printed & ~on_side]] = True
    cross = np.nonzero(printed & on_side)[0]
    if len(cross):
        step = _across_px(fit, du[cross], dv[cross]) * (band + 1.5)
        both = np.ones(len(cross), dtype=bool)
        for sign in (1.0, -1.0):
            qx = np.clip(np.rint(xs[cross] + sign * step[:, 0]), 0, mask.shape[1] - 1).astype(np.intp)
            qy = np.clip(np.rint(ys[cross] + sign * step[:, 1]), 0, mask.shape[0] - 1).astype(np.intp)
            both &= mask[qy, qx]
        mask[ys[cross[both]], xs[cross[both]]] = True
    return mask


def _on_strokes(fit, reading, du, dv, key) -> np.ndarray:
    """Which points lie on a river or border read on their hex's side or beside it (black lines of
    a board without colour; coloured lines are no print anyway)."""
    sides, beside = set(), reading.strokes.get("river", set()) & reading.strokes.get("border", set())
    out = np.zeros(len(du), dtype=bool)
    if reading.in_colour:
        return out          # the lines are in colour: no print
    for kind in ("river", "border"):
        for a, b in reading.strokes.get(kind, ()):
            d = np.array(fit.grid.centre_mm(b)) - np.array(fit.grid.centre_mm(a))
            if fit.grid.orientation != "pointy":
                d = d[::-1]
            k = int(round(math.degrees(math.atan2(d[1], d[0])) / 60.0)) % 6
            both = (a, b) in beside
            sides.update({(_key(fit, a), k, both), (_key(fit, b), (k + 3) % 6, both)})
    for k in range(6):
        a = math.radians(60 * k)
        depth = 0.5 - (du * math.cos(a) + dv * math.sin(a))
        for both in (False, True):
            near = [hk for hk, side, b in sides if side == k and b == both]
            if near:
                close = np.abs(depth) <= P.TEXT_STROKE_WIDTH
                if both:
                    close |= np.abs(depth - P.MONO_BESIDE) <= P.TEXT_STROKE_WIDTH
                out |= close & np.isin(key, near)
    return out


def _grid_coords(fit, px, py) -> np.ndarray:
    """Pixels (arrays) in grid units (the coordinates of ``Grid.centre_mm`` at hex_mm 1)."""
    A = fit.affine
    L = np.linalg.inv(A[:, :2])
    d = np.stack([px - A[0, 2], py - A[1, 2]], axis=1)
    return d @ L.T


def _offsets(fit, g):
    """Each grid point's offset ``(du, dv)`` from its nearest hex centre in the pointy frame, and
    that hex's key (centres: A1's plus steps (1, 0) and (1/2, sqrt3/2))."""
    d = g - np.array(fit.grid.centre_mm((0, 0)))
    if fit.grid.orientation != "pointy":
        d = d[:, ::-1]
    rf = d[:, 1] / (SQRT3 / 2)
    q, r = axial_round(d[:, 0] - rf / 2, rf)
    return d[:, 0] - (q + r / 2), d[:, 1] - r * SQRT3 / 2, q * 100003 + r


def _key(fit, h) -> int:
    """The key :func:`_offsets` gives the points of hex ``h``."""
    return int(_offsets(fit, np.array([fit.grid.centre_mm(h)], dtype=float))[2][0])


def _side_distance(du, dv) -> np.ndarray:
    """How far (grid units) points at offsets ``(du, dv)`` lie from their hex's nearest side."""
    far = np.zeros_like(du)
    for a in (0.0, 60.0, 120.0):
        far = np.maximum(far, np.abs(du * math.cos(math.radians(a)) + dv * math.sin(math.radians(a))))
    return 0.5 - far


def _across_px(fit, du, dv) -> np.ndarray:
    """Unit vectors in pixels across the nearest side of points at offsets ``(du, dv)``: (n, 2)."""
    normals = np.array([[math.cos(math.radians(a)), math.sin(math.radians(a))] for a in (0.0, 60.0, 120.0)])
    proj = np.stack([du, dv], axis=1) @ normals.T
    n = normals[np.argmax(np.abs(proj), axis=1)]
    if fit.grid.orientation != "pointy":
        n = n[:, ::-1]
    v = n @ fit.affine[:, :2].T
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def text_lines(mask: np.ndarray, letter: float) -> list[TextLine]:
    """The lines of text in ``mask`` (True on print), letters about ``letter`` pixels high:
    the print on cells a third of a letter wide, cells joined across gaps narrower than
    ``NAME_GAP`` letters along a line; pieces of letter height and wider than high.

    >>> from PIL import Image, ImageDraw, ImageFont
    >>> im = Image.new("L", (160, 40), 0)
    >>> ImageDraw.Draw(im).text((10, 8), "Ústí nad", fill=255, font=ImageFont.truetype("DejaVuSans.ttf", 16))
    >>> m = np.asarray(im) > 128
    >>> m[34:35, 0:160] = True                                          # a rule: no text
    >>> [tuple(t) for t in text_lines(m, 12.0)]
    [(11, 8, 75, 23)]
    """
    c = max(1, int(letter / 3))
    h, w = mask.shape
    H, W = -(-h // c), -(-w // c)
    padded = np.zeros((H * c, W * c), dtype=bool)
    padded[:h, :w] = mask
    cells = padded.reshape(H, c, W, c).any(axis=(1, 3))
    reach = max(1, int(round(P.NAME_GAP * letter / c)))
    lines = []
    for comp in _pieces(cells, reach):
        rows = [r for r, _ in comp]
        cols = [q for _, q in comp]
        r0, r1 = int(min(rows)) * c, (int(max(rows)) + 1) * c
        c0, c1 = int(min(cols)) * c, (int(max(cols)) + 1) * c
        sub = mask[r0:r1, c0:c1]
        ys, xs = np.nonzero(sub)
        box = TextLine(c0 + int(xs.min()), r0 + int(ys.min()), c0 + int(xs.max()) + 1, r0 + int(ys.max()) + 1)
        if P.NAME_HEIGHTS[0] * letter <= box.height <= P.NAME_HEIGHTS[1] * letter \
                and box.x1 - box.x0 >= P.NAME_WIDER * box.height \
                and coherence(mask[box.y0:box.y1, box.x0:box.x1]) <= P.NAME_COHERENCE:
            lines.append(box)
    return sorted(lines, key=lambda b: (b.y0, b.x0))


def _pieces(cells: np.ndarray, reach: int) -> list[list]:
    """Connected True cells: neighbours up, down, and within ``reach`` along a row."""
    todo = set(zip(*np.nonzero(cells), strict=False))
    out = []
    while todo:
        start = todo.pop()
        comp, queue = [start], deque([start])
        while queue:
            r, q = queue.popleft()
            near = [(r - 1, q), (r + 1, q)] + [(r, q + k) for k in range(-reach, reach + 1) if k]
            for n in near:
                if n in todo:
                    todo.discard(n)
                    comp.append(n)
                    queue.append(n)
        out.append(comp)
    return out


def _names_of_lines(lines: list[TextLine], letter: float) -> list[TextLine]:
    """Lines stacked close and lined up are one name on two lines: their joint box."""
    out: list[TextLine] = []
    for ln in lines:
        for k, prev in enumerate(out):
            gap = ln.y0 - prev.y1
            lined = min(abs(ln.x0 - prev.x0), abs(ln.x1 - prev.x1),
                        abs((ln.x0 + ln.x1) - (prev.x0 + prev.x1)) / 2) < P.NAME_ALIGN * letter
            if 0 <= gap < P.NAME_STACK * letter and lined:
                out[k] = TextLine(min(prev.x0, ln.x0), prev.y0, max(prev.x1, ln.x1), ln.y1)
                break
        else:
            out.append(ln)
    return out


def _distances(fit, cities, lab: TextLine) -> np.ndarray:
    """How far (hexes) the nearest point of a line's box lies from each city's centre."""
    centres = apply_affine(fit.affine, np.array([fit.grid.centre_mm(h) for h in cities]))
    dx = np.maximum(0.0, np.maximum(lab.x0 - centres[:, 0], centres[:, 0] - lab.x1))
    dy = np.maximum(0.0, np.maximum(lab.y0 - centres[:, 1], centres[:, 1] - lab.y1))
    return np.hypot(dx, dy) / fit.hex_px


def _near_cities(fit, cities, labels: list[TextLine]) -> list[TextLine]:
    """The lines of text on the board within ``NAME_REACH`` of a city."""
    inside = {_key(fit, hx) for hx in fit.grid.hexes()}
    out = []
    for lab in labels:
        mid = np.array([[(lab.x0 + lab.x1) / 2, (lab.y0 + lab.y1) / 2]])
        on_board = int(_offsets(fit, _grid_coords(fit, mid[:, 0], mid[:, 1]))[2][0]) in inside
        if on_board and _distances(fit, cities, lab).min() <= P.NAME_REACH:
            out.append(lab)
    return out


def _read(rgb, fit, reading, labels, letter: float, langs) -> dict:
    """Tesseract's reading of each name (key: its index in ``labels``) and how sure it is (its
    least sure word, 0 to 100, -1 for none): read in each language alone, the reading Tesseract
    is surest of; a tie goes to the language first in ``NAME_LANGUAGES`` (languages read together
    change with the names read before: Tesseract tries the language it used last first)."""
    if not labels:
        return {}
    crops = [(k, _for_tesseract(rgb, fit, reading, lab, letter)) for k, lab in enumerate(labels)]
    best: dict = {}
    for lang in langs:
        read = ocr.read_sheets_scored(crops, f"-l {lang} --psm 6", P.NAME_TARGET_PX)
        for k, (text, sure) in read.items():
            if k not in best or sure > best[k][1]:
                best[k] = (text, sure)
    return best


def _for_tesseract(rgb, fit, reading, lab: TextLine, letter: float) -> np.ndarray:
    """A name as Tesseract likes it: dark print on white with its edges and accents (also on the
    rim of a city hex), the hex outlines lifted off it, the rest whitened; widened over print
    that goes on beyond a hex outline (``NAME_GROW``); enlarged until letters stand
    ``NAME_TARGET_PX`` high."""
    from PIL import Image
    pad = max(2, int(round(P.NAME_PAD * letter)))
    grow = int(round(P.NAME_GROW * letter))
    h, w = rgb.shape[:2]
    crop = (max(0, lab.x0 - pad - grow), max(0, lab.y0 - pad), min(w, lab.x1 + pad + grow),
            min(h, lab.y1 + pad))
    soft = _print(rgb, fit, reading, crop, P.TEXT_SOFT_PREFILTER, P.TEXT_SOFT_DARK, sides=False,
                  rim=P.NAME_CITY_RIM)
    grey = rgb[crop[1]:crop[3], crop[0]:crop[2]].min(axis=2)
    grey = _lift_outlines(fit, np.where(soft, grey, 255).astype(np.uint8), crop)
    a, b = _grown(grey < P.TEXT_PREFILTER, lab.x0 - pad - crop[0], lab.x1 + pad - crop[0], letter)
    grey = grey[:, a:b]
    scale = max(1.0, P.NAME_TARGET_PX / max(letter, 1.0))
    img = Image.fromarray(grey)
    img = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))), Image.LANCZOS)
    return np.asarray(img, dtype=np.uint8)


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
    run = np.zeros(ink.shape[1], dtype=int)
    tallest = np.zeros(ink.shape[1], dtype=int)
    for row in ink:
        run = (run + 1) * row
        tallest = np.maximum(tallest, run)
    cols = tallest >= P.NAME_GROW_TALL * letter
    gap = P.NAME_GROW_GAP * letter
    a, b = max(0, a), min(len(cols), b)
    for k in range(a - 1, -1, -1):
        if cols[k]:
            if a - 1 - k > gap:
                break
            a = k
    for k in range(b, len(cols)):
        if cols[k]:
            if k - b > gap:
                break
            b = k + 1
    return a, b


def _lift_outlines(fit, grey: np.ndarray, crop) -> np.ndarray:
    """``grey`` (the print in ``crop``) with the hex outlines across it lifted: a pixel within
    ``NAME_LINE_HALF`` of an outline takes the lighter of the two pixels ``NAME_LINE_CLEAR_PX``
    beyond the line either side, so a letter the line crosses stays whole and the bare line goes."""
    h, w = grey.shape
    ys, xs = np.mgrid[0:h, 0:w]
    ys, xs = ys.ravel(), xs.ravel()
    du, dv, _key = _offsets(fit, _grid_coords(fit, xs + crop[0], ys + crop[1]))
    half = P.NAME_LINE_HALF * fit.hex_px
    on = np.nonzero(_side_distance(du, dv) * fit.hex_px <= half)[0]
    if not len(on):
        return grey
    step = _across_px(fit, du[on], dv[on]) * (half + P.NAME_LINE_CLEAR_PX)
    lighter = np.zeros(len(on), dtype=np.uint8)
    for sign in (1.0, -1.0):
        qx = np.clip(np.rint(xs[on] + sign * step[:, 0]), 0, w - 1).astype(np.intp)
        qy = np.clip(np.rint(ys[on] + sign * step[:, 1]), 0, h - 1).astype(np.intp)
        lighter = np.maximum(lighter, grey[qy, qx])
    out = grey.copy()
    out[ys[on], xs[on]] = lighter
    return out


def clean_name(text: str) -> str:
    """Tesseract's reading of a name, tidied: letters, spaces, hyphens, apostrophes, dots and
    brackets in pairs (Frankfurt (Oder)) only, single spaces, none just inside a bracket.

    >>> clean_name(" Frýdek- Místek| "), clean_name("Ústí  nad Labem\\n")
    ('Frýdek-Místek', 'Ústí nad Labem')
    >>> clean_name("Frankfurt ( Oder)|"), clean_name("(Nice"), clean_name("Halle (Saale")
    ('Frankfurt (Oder)', 'Nice', 'Halle Saale')
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
    return words.strip(" -.'")


def _match(fit, cities, labels: list[TextLine], texts: dict) -> dict:
    """Each name read (``texts``: key -> text, sureness; no less sure than ``NAME_SURE``) to a
    city: the assignment nearest in total, within ``NAME_REACH``."""
    from .settle import assign
    names = [(k, clean_name(texts[k][0])) for k in texts if texts[k][1] >= P.NAME_SURE]
    names = [(k, t) for k, t in names if len(t) >= 2]
    if not names:
        return {}
    far = np.stack([_distances(fit, cities, labels[k]) for k, _t in names], axis=1)
    # (a city may have no name: a column of its own at the reach, for each city)
    score = -np.hstack([np.where(far <= P.NAME_REACH, far, 1e3), np.full((len(cities), len(cities)), P.NAME_REACH)])
    out = {}
    for i, j in enumerate(assign(score)):
        if j < len(names) and far[i, j] <= P.NAME_REACH:
            out[cities[i]] = names[j][1]
    return out
