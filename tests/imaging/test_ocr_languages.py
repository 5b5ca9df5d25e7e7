"""``mapkit import --ocr-languages``: the city names read in the languages a user names, the
board's own first. A small Slovak board (tests/data/slovak-names.yaml: five names with ľ, ň,
á, ý, í) drawn by ``mapkit render`` at 150 dpi: read in the default German, Czech and Polish
its ľ comes back as l (Šaľa "Sala" or "Šala"); read with Slovak first every name comes back
as the YAML writes it (measured: 5 of 5, against 1 of 5 by default)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mapkit.imaging.ocr import languages, ocr_available
from tests.support import run_here

SLOVAK = Path(__file__).resolve().parents[1] / "data" / "slovak-names.yaml"


def test_languages_that_are_no_tesseract_codes_are_refused_in_one_line(tmp_path):
    for bad in ("../../etc/passwd", "ces;rm", "", "c"):
        r = run_here("import", SLOVAK, "-o", tmp_path / "x.yaml", "--ocr-languages", bad)
        assert r.returncode == 2 and "--ocr-languages" in r.stderr, r.stderr
        assert "Traceback" not in r.stderr and not (tmp_path / "x.yaml").exists()


@pytest.mark.slow
@pytest.mark.skipif(ocr_available() is not None or languages(["slk"]) != ["slk"],
                    reason="needs Tesseract with its Slovak data (apt-get install tesseract-ocr-slk)")
def test_a_slovak_board_reads_its_names_with_slovak_first(tmp_path):
    png = tmp_path / "sk.png"
    r = run_here("render", SLOVAK, "-o", png, "--dpi", "150")
    assert r.returncode == 0, r.stderr
    truth = {c["hex"]: c["name"] for c in yaml.safe_load(SLOVAK.read_text(encoding="utf-8"))["cities"]}

    def names(*args) -> dict:
        out = tmp_path / "got.yaml"
        r = run_here("import", png, "-o", out, *args)
        assert r.returncode == 0, r.stderr
        return {c["hex"]: c["name"] for c in yaml.safe_load(out.read_text(encoding="utf-8"))["cities"]}

    assert names("--ocr-languages", "slk,ces,deu,pol") == truth
    default = names()
    assert default["B2"] != "Šaľa" and default["G2"] != "Poľana"      # the ľ lost


@pytest.mark.slow
@pytest.mark.skipif(ocr_available() is not None, reason="needs Tesseract")
def test_a_language_not_installed_is_named_with_its_package(tmp_path):
    png = tmp_path / "sk.png"
    assert run_here("render", SLOVAK, "-o", png, "--dpi", "150").returncode == 0
    r = run_here("import", png, "-o", tmp_path / "got.yaml", "--ocr-languages", "xqz,ces")
    assert r.returncode == 0, r.stderr
    assert "Tesseract's xqz data missing (apt-get install tesseract-ocr-xqz)" in r.stdout + r.stderr
