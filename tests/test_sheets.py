"""`mapkit sheets`: every file, its pages and its text, the CSV tables, the index, the folder.

Distances used as expectations are counted by hand on maps/example.yaml (odd-r layout,
pointy hexes) or worked out from the rules (start accounts: Paluba 20, Expres 6).
"""

from __future__ import annotations

import csv
import re
import subprocess

import pytest
from pypdf import PdfReader

from conftest import MAPS, run_cli
from test_render import mapkit

EXAMPLE = MAPS / "example.yaml"
EXAMPLE_TEXT = EXAMPLE.read_text(encoding="utf-8")
EXAMPLE_CITIES = re.findall(r"^  - name: (.+)$\n    hex:", EXAMPLE_TEXT, re.M)
PT_PER_MM = 72 / 25.4
FILES = ["board.pdf", "board-A4.pdf", "distances.pdf", "races.pdf", "numbers.pdf", "scores.pdf",
         "distances.csv", "races.csv", "numbers.csv", "scores.csv", "index.html"]


def pdftext(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          encoding="utf-8").stdout


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("sheets") / "game"       # does not exist yet: created
    r = run_cli("sheets", EXAMPLE, "-o", out)
    assert r.returncode == 0, r.stderr
    return out


def test_every_file_is_written_with_its_pages(sheets):
    for name in FILES:
        assert (sheets / name).is_file(), name
    pages = {name: len(PdfReader(sheets / name).pages) for name in FILES if name.endswith(".pdf")}
    # board-A4: the 245 x 163.5 mm frame fits one A4 landscape window (273 x 186 mm) + overview.
    assert pages == {"board.pdf": 1, "board-A4.pdf": 2, "distances.pdf": 1, "races.pdf": 2,
                     "numbers.pdf": 1, "scores.pdf": 1}
    a4 = PdfReader(sheets / "board-A4.pdf").pages[1].mediabox
    assert (float(a4.width), float(a4.height)) == pytest.approx((297 * PT_PER_MM, 210 * PT_PER_MM), abs=0.05)
    assert not list(sheets.parent.glob(".game.*"))           # no temporary folder left behind


def test_distance_sheet_and_csv(sheets):
    text = pdftext(sheets / "distances.pdf")
    for name in EXAMPLE_CITIES:
        assert name in text, name
    rows = list(csv.reader((sheets / "distances.csv").open(encoding="utf-8")))
    header = rows[0][2:]
    assert header == [r[1] for r in rows[1:]]
    d = {(a, header[j]): int(v) for r in rows[1:] for a in [r[1]] for j, v in enumerate(r[2:])}
    # Counted by hand on the board: Praha E4 - Kolín G5 two steps (F5, G5), Praha - Plzeň B5
    # four (E5, D5, C5, B5), Ostrava N7 - Zlín N10 three, Praha - Brno K10 nine.
    assert d[("Praha", "Kolín")] == 2 and d[("Praha", "Plzeň")] == 4
    assert d[("Ostrava", "Zlín")] == 3 and d[("Praha", "Brno")] == 9
    assert all(d[(a, b)] == d[(b, a)] for a, b in d)
    assert rows[1][:2] == ["11 12 13", "Praha"]


def test_races_sheet_and_csv(sheets):
    rows = list(csv.DictReader((sheets / "races.csv").open(encoding="utf-8")))
    assert len(rows) == 36 * 35 // 2
    by_pair = {(int(r["a"]), int(r["b"])): r for r in rows}
    # The example's min_race_distance is 6: Praha (11) - Kolín (62) at 2 steps is forbidden,
    # Praha (11) - Brno (36) at 9 steps is allowed with prizes 18 and 9.
    assert by_pair[(11, 62)]["forbidden"] == "yes" and by_pair[(11, 62)]["distance"] == "2"
    assert by_pair[(11, 36)]["forbidden"] == "no"
    assert (by_pair[(11, 36)]["first_prize"], by_pair[(11, 36)]["second_prize"]) == ("18", "9")
    assert by_pair[(11, 12)]["forbidden"] == "yes"            # two numbers of one city
    text = pdftext(sheets / "races.pdf")
    assert "Forbidden races" in text and "Races and prizes" in text
    # The look-up list: number 11 (Praha) lists 62 among its forbidden partners, not 36.
    line = next(ln for ln in text.splitlines() if re.match(r"\s*11\s+Praha", ln))
    partners = line.split("Praha", 1)[1].split()
    assert "62" in partners and "36" not in partners


def test_number_tables(sheets):
    text = pdftext(sheets / "numbers.pdf")
    found = set(int(n) for n in re.findall(r"\b([1-6][1-6])\b", text))
    assert found == {10 * t + u for t in range(1, 7) for u in range(1, 7)}
    assert "1+2" in text and "3+4" in text and "5+6" in text
    rows = list(csv.DictReader((sheets / "numbers.csv").open(encoding="utf-8")))
    assert len(rows) == 36
    r35 = next(r for r in rows if r["number"] == "35")
    assert (r35["city"], r35["compressed_row"]) == ("Jihlava", "3+4")


def test_score_sheet_follows_the_rules_preset(sheets, tmp_path):
    text = pdftext(sheets / "scores.pdf")
    assert text.count("20") >= 6 and "Race 9" in text and "Race 10" not in text
    rows = list(csv.reader((sheets / "scores.csv").open(encoding="utf-8")))
    assert rows[1] == ["start account", "", ""] + ["20"] * 6
    out = tmp_path / "expres"
    r = mapkit("sheets", EXAMPLE, "-o", out, "--rules", "expres", "--players", "4")
    assert r.returncode == 0, r.stderr
    rows = list(csv.reader((out / "scores.csv").open(encoding="utf-8")))
    assert rows[1] == ["start account", "", ""] + ["6"] * 4
    assert "starts at 6" in pdftext(out / "scores.pdf")


def test_index_links_and_previews(sheets):
    html = (sheets / "index.html").read_text(encoding="utf-8")
    for name in FILES[:-1]:
        assert f'href="{name}"' in html, name
    previews = re.findall(r'src="(previews/[^"]+)"', html)
    assert len(previews) == 6
    for p in previews:
        assert (sheets / p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Example" in html


def test_rerun_into_an_existing_folder_and_bad_targets(sheets, tmp_path):
    keep = sheets / "notes.txt"
    keep.write_text("mine", encoding="utf-8")
    before = (sheets / "distances.csv").read_bytes()
    r = mapkit("sheets", EXAMPLE, "-o", sheets)
    assert r.returncode == 0, r.stderr
    assert keep.read_text(encoding="utf-8") == "mine"           # other files are left alone
    assert (sheets / "distances.csv").read_bytes() == before    # same map, same bytes
    afile = tmp_path / "file.txt"
    afile.write_text("x", encoding="utf-8")
    r = mapkit("sheets", EXAMPLE, "-o", afile)
    assert r.returncode == 2 and "not a folder" in r.stderr and "Traceback" not in r.stderr
    r = mapkit("sheets", EXAMPLE, "-o", tmp_path / "no" / "dir")      # missing folders are made
    assert r.returncode == 0 and (tmp_path / "no" / "dir" / "index.html").is_file()
    r = mapkit("sheets", EXAMPLE, "-o", tmp_path / "p", "--players", "0")
    assert r.returncode == 2 and "--players" in r.stderr
