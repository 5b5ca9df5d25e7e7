"""A drawing is the same bytes whatever the process drew before it: cairo keeps the first
resolution of a text face for the life of the process, and a PDF's (no hinting) used to make
every later PNG differ from the one a fresh process draws (a kit's previews, the server's jobs,
tests that run mapkit in their own process). Each case runs in fresh processes. A kit's PDF and
its preview, drawn once and played back onto both, are the PDF's words where the PDF alone puts
them and the picture's size, whatever came before."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support import ROOT

pytest.importorskip("cairosvg")

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="20mm" viewBox="0 0 60 20">'
       '<rect width="60" height="20" fill="white"/><g font-family="DejaVu Sans, sans-serif" font-size="4.3">'
       '<text x="2.3" y="7.1">Přerov Ústí 11 12</text><text x="2.3" y="15.6" font-weight="bold">Gdańsk 36</text>'
       '</g></svg>')
DRAW = """
import hashlib, sys
from mapkit.render.output import pdf_and_preview, svg_to_png, svgs_to_pdf
for kind in sys.argv[2:]:
    data = (svg_to_png(sys.argv[1], dpi=150) if kind == "png" else svgs_to_pdf([sys.argv[1]]) if kind == "pdf"
            else b"".join(pdf_and_preview([sys.argv[1]] * 2, "Kit", 40)))
    print(hashlib.sha256(data).hexdigest())
"""


def _digests(*kinds: str) -> list[str]:
    """The digests of the drawings ``kinds`` ("png", "pdf", "kit": a PDF and its preview) made one
    after another in a fresh process."""
    r = subprocess.run([sys.executable, "-c", DRAW, SVG, *kinds], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_a_png_after_a_pdf_is_the_png_of_a_fresh_process():
    (png,) = _digests("png")
    _pdf, png_after_pdf = _digests("pdf", "png")
    assert png_after_pdf == png


def test_a_pdf_after_a_png_is_the_pdf_of_a_fresh_process():
    (pdf,) = _digests("pdf")
    _png, pdf_after_png = _digests("png", "pdf")
    assert pdf_after_png == pdf


def test_a_kits_pdf_and_preview_after_other_drawings_are_those_of_a_fresh_process():
    (kit,) = _digests("kit")
    assert _digests("png", "pdf", "kit")[-1] == kit


def test_a_kits_pdf_has_the_words_where_the_pdf_alone_has_them_and_its_preview_is_the_picture(tmp_path):
    """The PDF of :func:`pdf_and_preview`: every word at the place :func:`svgs_to_pdf` sets it
    (pdftotext's boxes, to the thousandth of a point), on as many pages of the same size; its
    preview: the size of :func:`svg_to_png`'s picture at that dpi, the same ink in nearly every
    pixel (the letters alone are set without hinting)."""
    import io

    from PIL import Image, ImageChops
    from pypdf import PdfReader

    from mapkit.render.output import pdf_and_preview, svg_to_png, svgs_to_pdf

    second = SVG.replace("Přerov", "Kolín")
    kit, preview = pdf_and_preview([SVG, second], "Kit", 150)
    alone = svgs_to_pdf([SVG, second], title="Kit")
    boxes = []
    for name, data in (("kit", kit), ("alone", alone)):
        (tmp_path / f"{name}.pdf").write_bytes(data)
        html = subprocess.run(["pdftotext", "-bbox", str(tmp_path / f"{name}.pdf"), "-"], capture_output=True,
                              text=True, encoding="utf-8").stdout
        boxes.append([ln.strip() for ln in html.splitlines() if "<word" in ln or "<page" in ln])
    assert boxes[0] == boxes[1] and len([b for b in boxes[0] if "Kolín" in b]) == 1
    sizes = [[p.mediabox for p in PdfReader(io.BytesIO(data)).pages] for data in (kit, alone)]
    assert sizes[0] == sizes[1] and len(sizes[0]) == 2
    assert PdfReader(io.BytesIO(kit)).metadata.title == "Kit"
    picture = Image.open(io.BytesIO(svg_to_png(SVG, 150))).convert("RGB")
    got = Image.open(io.BytesIO(preview))
    assert got.size == picture.size == (354, 118) and got.info["dpi"] == picture.info["dpi"]
    differ = ImageChops.difference(got.convert("RGB"), picture).convert("L").point(lambda v: v > 64).histogram()[1]
    assert differ < 0.02 * 354 * 118
