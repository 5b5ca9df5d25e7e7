"""Units of the picture importer: colours, the legend, unmixing, the test drawer's geometry,
the race-number assignment."""

from __future__ import annotations

import numpy as np
import pytest

from mapkit.errors import InputError
from mapkit.grid import Grid
from mapkit.imaging.colour import (DEFAULT_LEGEND, legend_from_mapping, linear_to_lab,
                                   load_legend, parse_colour, srgb_to_lab, srgb_to_linear)
from mapkit.imaging.numbers import split_numbers
from mapkit.imaging.settle import assign
from mapkit.imaging.mixing import unmix
from mapkit.testing import board_geometry, random_map


def test_lab_of_reference_colours():
    # CIELAB of sRGB primaries under D65, as published (Lindbloom's calculator).
    lab = srgb_to_lab(np.array([[255, 0, 0], [0, 255, 0], [0, 0, 255], [128, 128, 128]],
                               dtype=np.uint8))
    expected = [[53.24, 80.09, 67.20], [87.73, -86.18, 83.18], [32.30, 79.19, -107.86],
                [53.59, 0.0, 0.0]]
    assert np.allclose(lab, expected, atol=0.05)


def test_linear_light_round_numbers():
    # sRGB 188 is about 50 % linear light; 0 and 255 are the ends.
    lin = srgb_to_linear(np.array([0, 188, 255], dtype=np.uint8))
    assert lin[0] == 0.0 and lin[2] == pytest.approx(1.0)
    assert lin[1] == pytest.approx(0.5029, abs=1e-3)


def test_legend_defaults_and_overrides(tmp_path):
    assert DEFAULT_LEGEND.colours["mountain"] == (201, 147, 90)
    p = tmp_path / "legend.yaml"
    p.write_text('water: "#0000FF"\nriver: "#123"\n', encoding="utf-8")
    leg = load_legend(p)
    assert leg.colours["water"] == (0, 0, 255)
    assert leg.colours["river"] == (0x11, 0x22, 0x33)
    assert leg.colours["plain"] == (255, 255, 255)      # untouched keys keep the default
    assert "ridge" not in leg.strokes() and "ridge" in legend_from_mapping({"ridge": "#6d3b12"}).colours


@pytest.mark.parametrize("text, message", [
    ("water: #0000ff\n", "quote it"),                 # YAML comment: no value
    ("water: 'bluish'\n", "not a colour"),
    ("water: [0, 0, 256]\n", "not a colour"),
    ("- water\n", "a legend is a mapping"),
    ("water: [1, 2\n", "malformed YAML"),
])
def test_legend_errors_name_the_problem(tmp_path, text, message):
    p = tmp_path / "legend.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_legend(p)
    assert message in str(err.value) and str(p) in str(err.value)


def test_a_legend_written_for_another_drawer_still_serves(tmp_path):
    # Keys mapkit does not read are left out (and said); colour names and [r, g, b] serve.
    p = tmp_path / "legend.yaml"
    p.write_text('paper: "#fdf6e3"\ntext: black\nwater: steelblue\nriver: [0, 0, 200]\n',
                 encoding="utf-8")
    leg = load_legend(p)
    assert leg.ignored == ("paper", "text")
    assert leg.colours["water"] == (70, 130, 180) and leg.colours["river"] == (0, 0, 200)


def test_parse_colour():
    assert parse_colour("#d32020") == (211, 32, 32)
    with pytest.raises(ValueError):
        parse_colour("#12345")


def test_unmix_recovers_a_blurred_line_over_paper():
    paper = srgb_to_linear(np.array([250, 245, 230], dtype=np.uint8))
    river = srgb_to_linear(np.array([21, 101, 192], dtype=np.uint8))
    ink = np.zeros(3, dtype=np.float32)
    for share in (0.2, 0.5, 0.9):
        a, b, miss = unmix(paper + share * (river - paper), paper, river, ink)
        assert float(a) == pytest.approx(share, abs=1e-4)
        assert float(b) == pytest.approx(0.0, abs=1e-4) and float(miss) < 1e-3
    # Black ink on paper is ink, not river.
    a, b, miss = unmix(0.3 * paper, paper, river, ink)
    assert float(a) < 0.05 and float(b) == pytest.approx(0.7, abs=1e-3)


def test_drawer_geometry_matches_mapkit_grid():
    # The test drawer has its own geometry; both must agree on every layout (up to scale
    # and the margin), or the drawer would test the importer against the wrong truth.
    for orientation in ("pointy", "flat"):
        for offset in ("odd", "even"):
            g = Grid(orientation, offset, 7, 5, hex_mm=1.0)
            centre, corners, size = board_geometry(g, 30.0, 12.0)
            for h in g.hexes():
                x, y = g.centre_mm(h)
                assert centre(h) == pytest.approx((12 + 30 * x, 12 + 30 * y))
            assert size == pytest.approx(tuple(30 * v for v in g.bounds_mm()))


def test_random_maps_are_valid_and_seeded():
    from mapkit.validate import validate

    m = random_map(4, 18, 14, "flat", "even", cities=36)
    assert random_map(4, 18, 14, "flat", "even", cities=36) == m
    assert not [i for i in validate(m) if i.is_error]
    assert len(m.used_numbers()) == len(set(m.used_numbers())) >= 30


def test_split_numbers():
    assert split_numbers("35") == ([35], [])
    assert split_numbers("11 12\n13") == ([11, 12, 13], [])
    assert split_numbers("4") == ([], ["4"])


def test_assignment_uses_each_race_number_once():
    # Two numbers both look most like 35; the second is nearly as much 36: one of each.
    scores = np.array([[0.90, 0.10], [0.85, 0.84]])
    assert assign(scores) == [0, 1]
    # A brute-force check of the optimum on a random 5 x 7 table.
    import itertools

    rng = np.random.default_rng(3)
    t = rng.random((5, 7))
    best = max(itertools.permutations(range(7), 5), key=lambda p: sum(t[i, j] for i, j in enumerate(p)))
    got = assign(t)
    assert sum(t[i, j] for i, j in enumerate(got)) == pytest.approx(sum(t[i, j] for i, j in enumerate(best)))
    assert len(set(got)) == 5


def test_lab_of_linear_white_is_100():
    assert linear_to_lab(np.ones(3))[0] == pytest.approx(100.0)


@pytest.mark.parametrize("code", ["16", "34", "52", "61"])
def test_sliding_comparison_reads_a_small_blurred_number(code):
    # A race number about 6 pixels high, drawn at 4 times the size a quarter pixel off the
    # grid, shrunk, blurred: the sliding comparison names it among the 36.
    from PIL import Image, ImageDraw, ImageFilter, ImageFont

    from mapkit.imaging.digits import CODES, slide_one as _slide_one

    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 36)
    except OSError:
        pytest.skip("DejaVu Sans is not installed")
    big = Image.new("L", (96, 80), 0)
    ImageDraw.Draw(big).text((21, 17), code, fill=255, font=font)
    ys = np.nonzero(np.asarray(big).max(axis=1) > 127)[0]
    height = (ys[-1] - ys[0] + 1) / 4
    small = big.resize((24, 20), Image.BOX).filter(ImageFilter.GaussianBlur(0.6))
    ink = np.asarray(small, dtype=np.float32) / 255.0
    scores = _slide_one(ink, ink, height)
    assert CODES[int(np.argmax(scores))] == code


def test_grey_of_a_picture_made_in_strips_is_that_of_the_whole():
    # mapkit.imaging.mono's lightness, made strip by strip (a picture of several strips and a
    # part), is the whole picture's at once: linear light of each colour, the paper at 1.
    from mapkit.imaging import mono
    from mapkit.imaging import params as P
    from mapkit.imaging.colour import LUMA
    from mapkit.imaging.sampling import LINEAR_LUT

    rng = np.random.default_rng(2)
    rgb = rng.integers(0, 256, (2 * mono._STRIP + 17, 90, 3), dtype=np.uint8)
    lin = LINEAR_LUT[rgb] @ LUMA
    paper = float(np.percentile(lin[::P.MONO_PAPER[1], ::P.MONO_PAPER[1]], P.MONO_PAPER[0]))
    assert np.array_equal(mono._grey(rgb), (lin / paper).astype(np.float32))


def test_tesseract_is_asked_once_whether_it_runs_and_what_it_reads(monkeypatch):
    # Each asking starts the program (an import asks for its numbers, names and title): the
    # answers are kept for the process.
    pytesseract = pytest.importorskip("pytesseract")
    from mapkit.imaging import ocr

    asked = []
    monkeypatch.setattr(pytesseract, "get_tesseract_version", lambda: asked.append("version") or "5.3.0")
    monkeypatch.setattr(pytesseract, "get_languages", lambda config="": asked.append("languages") or ["eng", "deu"])
    ocr.ocr_available.cache_clear()
    ocr._installed_languages.cache_clear()
    try:
        assert [ocr.ocr_available() for _ in range(3)] == [None] * 3
        assert ocr.languages(["ces", "deu", "eng"]) == ["deu", "eng"] == ocr.languages(["deu", "pol", "eng"])
        assert asked == ["version", "languages"]
    finally:        # (the real answers asked again after)
        ocr.ocr_available.cache_clear()
        ocr._installed_languages.cache_clear()
