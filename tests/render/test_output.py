"""A drawing is the same bytes whatever the process drew before it: cairo keeps the first
resolution of a text face for the life of the process, and a PDF's (no hinting) used to make
every later PNG differ from the one a fresh process draws (a kit's previews, the server's jobs,
tests that run mapkit in their own process). Each case runs in fresh processes."""

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
from mapkit.render.output import svg_to_png, svgs_to_pdf
for kind in sys.argv[2:]:
    data = svg_to_png(sys.argv[1], dpi=150) if kind == "png" else svgs_to_pdf([sys.argv[1]])
    print(hashlib.sha256(data).hexdigest())
"""


def _digests(*kinds: str) -> list[str]:
    """The digests of the drawings ``kinds`` ("png", "pdf") made one after another in a fresh process."""
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
