"""``mapkit import BOARD.png``: boards drawn by the independent test drawer (other widths,
fonts, margins and colours than mapkit's renderer), damaged like a scan, imported with and
without grid hints, scored hex by hex and edge by edge against the map they were drawn from.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from mapkit import testing as syn
from mapkit.imaging.gridfind import Hints, NoGridError, find_grid
from mapkit.grid import hex_name
from mapkit.errors import InputError
from mapkit.imaging.importer import ImportOptions, import_map
from mapkit.io.yamlmap import load_map

from tests.support import run_cli, run_here


def _legend_file(tmp_path, legend: dict):
    p = tmp_path / "legend.yaml"
    p.write_text("".join(f'{k}: "{v}"\n' for k, v in legend.items()), encoding="utf-8")
    return str(p)


def _board(tmp_path, seed, cols, rows, orientation, offset, hex_px, *, palette="dampfross",
           damage=None, suffix=".png", cities=None, style=None):
    m = syn.random_map(seed, cols, rows, orientation, offset, cities=cities)
    img, legend = syn.draw_board(m, hex_px, style or syn.random_style(seed, palette))
    if damage is not None:
        img = syn.degrade(img, damage)
    path = tmp_path / f"board-{seed}{suffix}"
    img.save(path, quality=damage.jpeg if damage is not None and damage.jpeg else 95) \
        if suffix == ".jpg" else img.save(path)
    legend_path = None if palette == "dampfross" else _legend_file(tmp_path, legend)
    return m, path, legend_path


def _assert_read_well(truth, got, numbers=False):
    s = syn.score(truth, got)
    r = syn.rates(s)
    assert s["grid"] == 1, (truth.grid, got.grid)
    assert r["terrain"] >= 0.995, r
    for kind in ("rivers", "borders"):
        for what in ("precision", "recall"):
            v = r[f"{kind}_{what}"]
            assert v is None or v >= 0.98, (kind, what, r)
    assert s["city_fp"] == 0 and s["city_fn"] == 0, r
    if numbers:
        assert r["numbers"] >= 0.95, r
    return r


@pytest.mark.parametrize("seed, orientation, offset, palette", [
    (11, "pointy", "odd", "dampfross"),
    (12, "pointy", "even", "other"),
    (13, "flat", "odd", "other"),
    (14, "flat", "even", "dampfross"),
])
def test_all_four_layouts_without_hints(tmp_path, seed, orientation, offset, palette):
    m, path, legend = _board(tmp_path, seed, 11, 9, orientation, offset, 30, palette=palette)
    got, notes = import_map(str(path), ImportOptions(legend=legend, ocr=False))
    _assert_read_well(m, got)
    # The notes start with the grid found, A1 first.
    assert notes[0].startswith(f"{path}: grid {orientation} {offset}, 11 x 9 hexes")


def test_a_legend_with_keys_it_does_not_read_is_used_and_said(tmp_path):
    m, path, legend = _board(tmp_path, 12, 9, 7, "pointy", "even", 30, palette="other")
    with open(legend, "a", encoding="utf-8") as f:
        f.write('paper: "#ffffff"\nlabels: "#000000"\n')
    got, notes = import_map(str(path), ImportOptions(legend=legend, ocr=False))
    _assert_read_well(m, got)
    assert any(n.startswith(f"{legend}: ignored paper, labels") for n in notes), notes


def test_hints_give_the_same_map_and_override(tmp_path):
    m, path, _ = _board(tmp_path, 21, 10, 8, "pointy", "even", 28)
    hinted, _ = import_map(str(path), ImportOptions(orientation="pointy", offset="even", columns=10, rows=8,
                                                    hex_px=28.0, ocr=False))
    _assert_read_well(m, hinted)
    # Hints win over what is seen: fewer columns and rows than drawn give a smaller map
    # starting at the same A1.
    small, _ = import_map(str(path), ImportOptions(columns=6, rows=5, ocr=False))
    assert (small.grid.columns, small.grid.rows) == (6, 5)
    assert all(small.terrain[h] == m.terrain[h] for h in small.grid.hexes())


def test_rotated_blurred_jpeg_board(tmp_path):
    damage = syn.Degradation(rotation=2.6, blur=0.8, noise=5.0, jpeg=70, gradient=0.22,
                             tint=(1.0, 0.96, 0.88), seed=5)
    m, path, legend = _board(tmp_path, 31, 14, 10, "flat", "odd", 26, palette="other",
                             damage=damage, suffix=".jpg")
    for args in (ImportOptions(legend=legend, ocr=False),
                 ImportOptions(legend=legend, orientation="flat", offset="odd", hex_px=26.0, ocr=False)):
        got, notes = import_map(str(path), args)
        _assert_read_well(m, got)
    # PIL turns counter-clockwise, which is clockwise-negative in y-down pixels.
    import re

    angle = float(re.search(r"rotated (-?[0-9.]+) degrees", notes[0]).group(1))
    assert angle == pytest.approx(-2.6, abs=0.1)


def test_tiff_with_transparency_and_phone_rotation(tmp_path):
    # A TIFF with an alpha channel (laid on white) and a JPEG whose EXIF says "turn me a
    # quarter": both read as the board they show.
    m = syn.random_map(71, 8, 6, "flat", "even")
    img, _ = syn.draw_board(m, 30, syn.dampfross_style())
    rgba = img.convert("RGBA")
    tif = tmp_path / "board.tif"
    rgba.save(tif)
    got, _ = import_map(str(tif), ImportOptions(ocr=False))
    _assert_read_well(m, got)
    turned = img.transpose(Image.Transpose.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6          # orientation: rotate 90 clockwise to view
    jpg = tmp_path / "phone.jpg"
    turned.save(jpg, quality=92, exif=exif)
    got, _ = import_map(str(jpg), ImportOptions(ocr=False))
    _assert_read_well(m, got)


def test_other_picture_kinds_read_and_a_grey_one_is_said(tmp_path):
    # A CMYK JPEG (some scanners), a palette PNG and a WebP read as the board they show; a
    # 16-bit grey PNG still gives the grid, and a note says that colours are what is read.
    m = syn.random_map(72, 10, 8, "pointy", "odd")
    drawn, _ = syn.draw_board(m, 30, syn.dampfross_style())
    img = syn.degrade(drawn, syn.Degradation(blur=0.5, noise=3.0, seed=72))
    # (a palette PNG as a paint program saves a drawing: from the drawing, not a scan)
    kinds = {"cmyk.jpg": img.convert("CMYK"),
             "palette.png": drawn.convert("P", palette=Image.ADAPTIVE, colors=64),
             "board.webp": img}
    for name, pic in kinds.items():
        pic.save(tmp_path / name, quality=90)
        got, notes = import_map(str(tmp_path / name), ImportOptions(ocr=False))
        _assert_read_well(m, got)
        assert not any("no colour" in n for n in notes), (name, notes)
    grey = (np.asarray(img.convert("L"), dtype=np.uint16) * 257)
    Image.fromarray(grey).save(tmp_path / "grey16.png")
    got, notes = import_map(str(tmp_path / "grey16.png"), ImportOptions(ocr=False))
    assert (got.grid.columns, got.grid.rows) == (10, 8)
    assert any("no colour" in n and "in colour" in n for n in notes), notes


@pytest.mark.parametrize("measure, factor", [
    ("the distance from the centre to a corner", 1 / 3 ** 0.5),
    ("the width from corner to corner", 2 / 3 ** 0.5),
])
def test_a_size_hint_measured_another_way_is_recognised(tmp_path, measure, factor):
    # Hexes drawn 30 px apart: 17.32 px from centre to corner, 34.64 px corner to corner.
    m, path, _ = _board(tmp_path, 22, 10, 8, "flat", "odd", 30)
    got, notes = import_map(str(path), ImportOptions(hex_px=30 * factor, ocr=False))
    _assert_read_well(m, got)
    assert any(f"read as {measure}: the hex centres are 30.0 px apart" in n for n in notes), notes


def test_a_wrong_size_hint_is_an_error_naming_the_size_seen(tmp_path):
    _, path, _ = _board(tmp_path, 23, 10, 8, "pointy", "odd", 30)
    r = run_here("import", path, "-o", tmp_path / "m.yaml", "--hex-px", "21", "--no-ocr")
    _one_error_line(r, str(path), "no hex grid of 21 px between centres",
                    "hexes 30.0 px apart are found")
    assert not (tmp_path / "m.yaml").exists()


def test_a_photo_of_the_sheet_on_a_dark_table(tmp_path):
    # The sheet, turned a little, lies on a dark wooden table that fills the picture's edges:
    # the table is uniform and dark like a neighbouring state, and larger than the board.
    m = syn.random_map(1300, 14, 12, "pointy", "odd", cities=30)
    img, _ = syn.draw_board(m, 28.7, syn.random_style(1300, "dampfross"))
    img = img.rotate(-2.5, resample=Image.BICUBIC, expand=True, fillcolor=(92, 64, 40))
    photo = Image.new("RGB", (img.width + 120, img.height + 90), (92, 64, 40))
    photo.paste(img, (60, 45))
    photo = syn.degrade(photo, syn.Degradation(blur=0.7, noise=3.0, gradient=0.2, seed=5))
    path = tmp_path / "photo.jpg"
    photo.save(path, quality=80)
    got, _ = import_map(str(path), ImportOptions(ocr=False))
    _assert_read_well(m, got)


def test_grid_rotation_up_to_five_degrees():
    m = syn.random_map(41, 9, 7, "pointy", "odd")
    img, _ = syn.draw_board(m, 30, syn.dampfross_style())
    for angle in (-5.0, 4.5):
        rot = syn.degrade(img, syn.Degradation(rotation=angle, blur=0.5, seed=1))
        fit = find_grid(np.asarray(rot))
        g = fit.grid
        assert (g.orientation, g.offset, g.columns, g.rows) == ("pointy", "odd", 9, 7)
        # PIL turns counter-clockwise; in y-down pixels that is a negative angle.
        assert fit.rotation == pytest.approx(-angle, abs=0.15)
        assert fit.hex_px == pytest.approx(30, rel=0.01)


def test_no_grid_in_a_picture_without_one():
    rng = np.random.default_rng(0)
    noise = (rng.random((300, 400, 3)) * 255).astype(np.uint8)
    blank = np.full((300, 400, 3), 250, dtype=np.uint8)
    # Squares are lines too, but not at hex angles.
    squares = blank.copy()
    squares[::25, :] = 0
    squares[:, ::25] = 0
    for picture in (noise, blank, squares):
        with pytest.raises(NoGridError):
            find_grid(picture, Hints())


def test_overlay_report_and_map_file_from_the_command_line(tmp_path):
    m, path, _ = _board(tmp_path, 51, 9, 7, "pointy", "odd", 30)
    out, overlay, report = tmp_path / "m.yaml", tmp_path / "o.png", tmp_path / "r.json"
    r = run_cli("import", path, "-o", out, "--overlay", overlay, "--report", report, "--no-ocr")
    assert r.returncode == 0, r.stderr
    got = load_map(out, check=False)
    _assert_read_well(m, got)
    assert Image.open(overlay).size == Image.open(path).size
    rep = json.loads(report.read_text(encoding="utf-8"))
    assert rep["grid"]["columns"] == 9 and len(rep["hexes"]) == 63
    assert len(rep["least_sure_hexes"]) == 10 and len(rep["least_sure_edges"]) == 10
    assert "least sure hexes" in r.stdout and "least sure edges" in r.stdout


def test_race_numbers_by_ocr(tmp_path):
    # Eleven cities of one number each (boards whose cities carry all 36, some two or three:
    # tests/imaging/test_numbers.py)
    style = syn.dampfross_style(font="DejaVuSans.ttf", name_place="below")
    m, path, _ = _board(tmp_path, 61, 12, 10, "flat", "even", 38, cities=11, style=style)
    got, notes = import_map(str(path), ImportOptions())
    _assert_read_well(m, got, numbers=True)


def test_without_tesseract_cities_have_no_numbers_and_a_warning(tmp_path, monkeypatch):
    import mapkit.imaging.ocr as ocr

    monkeypatch.setattr(ocr, "ocr_available", lambda: "the tesseract program is not installed")
    m, path, _ = _board(tmp_path, 62, 9, 7, "pointy", "odd", 30)
    got, notes = import_map(str(path), ImportOptions())
    assert got.cities and all(c.numbers == () for c in got.cities)
    assert any("race numbers and names not read: the tesseract program is not installed" in n
               for n in notes)
    assert all(c.name == f"City {hex_name(c.hex)}" for c in got.cities)


def _one_error_line(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], lines[0]


def test_bad_pictures_exit_2_with_one_line(tmp_path):
    out = tmp_path / "m.yaml"
    text = tmp_path / "notes.png"
    text.write_text("not a picture at all\n", encoding="utf-8")
    _one_error_line(run_here("import", text, "-o", out), str(text), "not an image")
    _one_error_line(run_here("import", tmp_path / "missing.png", "-o", out), "no such file")
    # Truncated: the first half of a real PNG.
    good = tmp_path / "good.png"
    Image.new("RGB", (200, 200), "white").save(good)
    cut = tmp_path / "cut.png"
    cut.write_bytes(good.read_bytes()[:60])
    _one_error_line(run_here("import", cut, "-o", out), str(cut))
    # A decompression bomb: a few kilobytes that would unpack to 10000 x 10000 pixels.
    bomb = tmp_path / "bomb.png"
    Image.new("1", (10000, 10000), 0).save(bomb)
    assert bomb.stat().st_size < 100_000
    _one_error_line(run_here("import", bomb, "-o", out), str(bomb), "decompression bomb")
    # A picture without a hex grid.
    blank = tmp_path / "blank.jpg"
    Image.new("RGB", (300, 200), (240, 240, 235)).save(blank)
    _one_error_line(run_here("import", blank, "-o", out), str(blank), "no hex grid")
    # Bad hints and legends.
    _one_error_line(run_here("import", good, "-o", out, "--hex-px", "0"), "--hex-px")
    legend = tmp_path / "legend.yaml"
    legend.write_text("water: bluish\n", encoding="utf-8")
    _one_error_line(run_here("import", good, "-o", out, "--legend", legend), str(legend), "not a colour")
    assert not out.exists()


def test_hints_asking_for_hexes_too_small_to_read_are_refused_before_any_search(tmp_path):
    # A 120 x 90 picture: the longer side over the count is the widest a hex can be.
    # 16 rows: 120 / 16 = 7.5 px, under 8: refused; 15 columns: 120 / 15 = 8.0 px is searched
    # (and the blank picture has no grid); 2000 columns (the sweep's 15 GB case): 0.06 px, said as 0.1.
    path = tmp_path / "small.png"
    Image.fromarray(np.full((90, 120, 3), 250, dtype=np.uint8)).save(path)
    for opts, needle in ((ImportOptions(rows=16, ocr=False), "--rows 16: the picture is 120 x 90 px: 16 rows would "
                          "make hexes of 7.5 px (8 or more are needed)"),
                         (ImportOptions(columns=2000, rows=2000, ocr=False),
                          "2000 columns would make hexes of 0.1 px")):
        with pytest.raises(InputError) as exc:
            import_map(str(path), opts)
        assert needle in str(exc.value) and "\n" not in str(exc.value)
    with pytest.raises(InputError, match="no hex grid found"):
        import_map(str(path), ImportOptions(columns=15, ocr=False))
