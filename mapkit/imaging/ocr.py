"""Tesseract through ``pytesseract`` (the optional extra ``ocr``): whether it can run, and many
crops read in one run, one below the other on a sheet (:func:`read_sheets_scored`).
"""

from __future__ import annotations

import functools

import numpy as np

from . import params as P

__all__ = ["OcrUnavailable", "ocr_available", "read_sheets_scored", "languages", "NUMBERS"]

NUMBERS = "--psm 6 -c tessedit_char_whitelist=123456"     # race numbers: digits 1 to 6 only


class OcrUnavailable(Exception):
    """pytesseract or the tesseract program is missing; the message says which."""


@functools.lru_cache(maxsize=1)
def ocr_available() -> str | None:
    """None when OCR works, else a one-line reason (asked of Tesseract once a process: each
    asking runs the program, and an import asks for its numbers, names and title)."""
    try:
        import pytesseract
    except ImportError:
        return "the Python package pytesseract is not installed (pip install 'mapkit[ocr]')"
    try:
        pytesseract.get_tesseract_version()
    except Exception:  # TesseractNotFoundError, or a broken install
        return "the tesseract program is not installed (e.g. apt-get install tesseract-ocr)"
    return None


def languages(wanted) -> list[str]:
    """Those of Tesseract's languages ``wanted`` that are installed (its data files)."""
    have = _installed_languages()
    return [lang for lang in wanted if lang in have]


@functools.lru_cache(maxsize=1)
def _installed_languages() -> frozenset:
    """Tesseract's installed languages, asked once a process (each asking runs the program)."""
    import pytesseract
    try:
        return frozenset(pytesseract.get_languages(config=""))
    except Exception:  # a broken install: no language at all
        return frozenset()


def read_sheets_scored(crops, config: str = NUMBERS, line_px: float = P.DIGIT_TARGET_PX) -> dict:
    """Tesseract's reading of each crop (``[(key, grey image)]``): key -> ``(text, confidence)``,
    words ``line_px`` apart in height on one line; the confidence is Tesseract's least (0 to
    100) in a word of the crop with a letter or digit, -1 for none."""
    out: dict = {}
    i = 0
    while i < len(crops):
        batch: list[tuple[object, np.ndarray]] = []
        height = P.SHEET_GAP_PX
        while i < len(crops) and (not batch or height + crops[i][1].shape[0] + P.SHEET_GAP_PX < P.SHEET_MAX_PX):
            batch.append(crops[i])
            height += crops[i][1].shape[0] + P.SHEET_GAP_PX
            i += 1
        sheet, spans = _sheet(batch, height)
        out.update(_words_by_crop(_tesseract(sheet, config), spans, line_px))
    return out


def _words_by_crop(data: dict, spans, line_px: float) -> dict:
    """Tesseract's words on a sheet given back to the crops whose rows they lie in, in reading
    order: key -> ``(text, least confidence)``."""
    words: dict = {key: [] for key, _, _ in spans}
    for k, text in enumerate(data.get("text", [])):
        text = (text or "").strip()
        if not text:
            continue
        cy = data["top"][k] + data["height"][k] / 2
        for key, top, bottom in spans:
            if top <= cy < bottom:
                words[key].append((data["top"][k], data["left"][k], text, float(data["conf"][k])))
                break
    out = {}
    for key, _, _ in spans:
        rows: list[list] = []
        for word in sorted(words[key]):
            if rows and abs(rows[-1][0][0] - word[0]) < line_px * P.OCR_ROW:
                rows[-1].append(word)
            else:
                rows.append([word])
        out[key] = (" ".join(w[2] for row in rows for w in sorted(row, key=lambda w: w[1])),
                    min((w[3] for w in words[key] if any(ch.isalnum() for ch in w[2])), default=-1.0))
    return out


def _sheet(batch, height: int):
    """The crops one below the other on a white sheet, and the rows each crop's words lie in."""
    width = max(c.shape[1] for _, c in batch) + 2 * P.SHEET_GAP_PX
    sheet = np.full((height, width), 255, dtype=np.uint8)
    spans = []
    y = P.SHEET_GAP_PX
    for key, c in batch:
        x = (width - c.shape[1]) // 2
        sheet[y:y + c.shape[0], x:x + c.shape[1]] = c
        spans.append((key, y - P.SHEET_GAP_PX // 2, y + c.shape[0] + P.SHEET_GAP_PX // 2))
        y += c.shape[0] + P.SHEET_GAP_PX
    return sheet, spans


def _tesseract(sheet: np.ndarray, config: str) -> dict:
    """Tesseract's words on a sheet (pytesseract's ``image_to_data`` dictionary)."""
    import os

    import pytesseract
    from PIL import Image
    os.environ.setdefault("OMP_THREAD_LIMIT", str(P.TESSERACT_THREADS))
    try:
        return pytesseract.image_to_data(Image.fromarray(sheet), config=config,
                                         output_type=pytesseract.Output.DICT)
    except Exception as exc:  # a tesseract crash must not take the import down
        raise OcrUnavailable("tesseract failed: "
                             + (str(exc).splitlines()[0] if str(exc) else type(exc).__name__)) from exc
