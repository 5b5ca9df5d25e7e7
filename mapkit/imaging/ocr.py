"""Tesseract, through ``pytesseract`` (the optional extra ``ocr``): whether it can run, and
many crops read in one run (:func:`read_sheets`): the crops go one below the other on a
sheet, and each word found is given back to the crop it lies on.

Without Tesseract (or pytesseract) no race numbers or names are read: cities come without
numbers and with their placeholder names, and the importer says why.
"""

from __future__ import annotations

import numpy as np

from . import params as P

__all__ = ["OcrUnavailable", "ocr_available", "read_sheets"]


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


def read_sheets(crops) -> dict:
    """Tesseract's reading of each crop (``[(key, grey image)]``): key -> text. The crops go
    in sheets one below the other, one Tesseract run per sheet (Tesseract refuses pictures
    over 32767 pixels high; a sheet stays far below)."""
    import pytesseract
    from PIL import Image

    out: dict = {}
    config = "--psm 6 -c tessedit_char_whitelist=123456"
    i = 0
    while i < len(crops):
        batch, height = [], P.SHEET_GAP_PX
        while i < len(crops) and (not batch or height + crops[i][1].shape[0] + P.SHEET_GAP_PX < P.SHEET_MAX_PX):
            batch.append(crops[i])
            height += crops[i][1].shape[0] + P.SHEET_GAP_PX
            i += 1
        width = max(c.shape[1] for _, c in batch) + 2 * P.SHEET_GAP_PX
        sheet = np.full((height, width), 255, dtype=np.uint8)
        spans = []
        y = P.SHEET_GAP_PX
        for key, c in batch:
            x = (width - c.shape[1]) // 2
            sheet[y:y + c.shape[0], x:x + c.shape[1]] = c
            spans.append((key, y - P.SHEET_GAP_PX // 2, y + c.shape[0] + P.SHEET_GAP_PX // 2))
            y += c.shape[0] + P.SHEET_GAP_PX
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
                if rows and abs(rows[-1][0][0] - top) < P.DIGIT_TARGET_PX * 0.6:
                    rows[-1].append((top, left, text))
                else:
                    rows.append([(top, left, text)])
            out[key] = " ".join(t for row in rows for _, _, t in sorted(row, key=lambda w: w[1]))
    return out
