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

from tests.support import MAPS, run_cli, run_here


EXAMPLE = MAPS / "example.yaml"
EXAMPLE_TEXT = EXAMPLE.read_text(encoding="utf-8")
EXAMPLE_CITIES = re.findall(r"^  - name: (.+)$\n    hex:", EXAMPLE_TEXT, re.M)
PT_PER_MM = 72 / 25.4
FILES = ["board.pdf", "board-A4.pdf", "distances.pdf", "races.pdf", "numbers.pdf", "scores.pdf",
         "distances.csv", "races.csv", "numbers.csv", "scores.csv", "index.html"]


def pdftext(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          encoding="utf-8").stdout


KIT = "kits/game"       # the module's kit, in a folder made with its parent


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The example's kit made as a user makes it (no terminal), the bundled map given by name
    from another folder, into ``kits/game`` there (neither folder exists yet: both are made):
    ``(folder, finished process)``."""
    here = tmp_path_factory.mktemp("sheets")
    r = run_cli("sheets", "example", "-o", KIT, cwd=here)
    assert r.returncode == 0, r.stderr
    return here / KIT, r


@pytest.fixture(scope="module")
def sheets(made):
    return made[0]


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
    # Paluba (the default): Praha (11) - Kolín (62) at 2 steps needs the built track counted,
    # Praha (11) - Brno (36) at 9 steps always runs, two numbers of Praha never.
    assert by_pair[(11, 62)]["forbidden"] == "track" and by_pair[(11, 62)]["distance"] == "2"
    assert by_pair[(11, 36)]["forbidden"] == "no"
    assert (by_pair[(11, 36)]["first_prize"], by_pair[(11, 36)]["second_prize"]) == ("20", "10")
    assert by_pair[(11, 12)]["forbidden"] == "yes"            # two numbers of one city
    text = pdftext(sheets / "races.pdf")
    assert "Races to check" in text and "Races by number" in text
    # The look-up list: number 11 (Praha) lists 62 among the races to check, not 36, and its
    # own city's 12 and 13 crossed.
    line = next(ln for ln in text.splitlines() if re.match(r"\s*11\s+Praha", ln))
    partners = line.split("Praha", 1)[1].split()
    assert "62" in partners and "36" not in partners and "12×" in partners and "13×" in partners


def test_number_tables(sheets):
    text = pdftext(sheets / "numbers.pdf")
    found = set(int(n) for n in re.findall(r"\b([1-6][1-6])\b", text))
    assert found == {10 * t + u for t in range(1, 7) for u in range(1, 7)}
    assert "1+2" in text and "3+4" in text and "5+6" in text
    rows = list(csv.DictReader((sheets / "numbers.csv").open(encoding="utf-8")))
    assert len(rows) == 36
    r35 = next(r for r in rows if r["number"] == "35")
    assert (r35["city"], r35["compressed_row"]) == ("Jihlava", "3+4")


@pytest.fixture(scope="module")
def expres(tmp_path_factory):
    """The example with ``rules.preset: expres`` as a file of its own, and its kit made with no
    --rules, for eight players and twelve races: ``(map file, kit folder, finished process)``."""
    text = EXAMPLE_TEXT.replace("  min_race_distance: 6\n", "  min_race_distance: 6\n  preset: expres\n")
    assert text != EXAMPLE_TEXT
    here = tmp_path_factory.mktemp("expres")
    src = here / "expres-map.yaml"
    src.write_text(text, encoding="utf-8")
    r = run_here("sheets", src, "-o", here / "kit", "--players", "8", "--races", "12")
    assert r.returncode == 0, r.stderr
    return src, here / "kit", r


def test_score_sheet_keeps_a_running_account(sheets, expres):
    text = pdftext(sheets / "scores.pdf")
    assert "Race 9" in text and "Race 10" not in text and "Build phase" in text
    assert "starts at 20" in text and "Paluba" in text
    head = next(ln for ln in text.splitlines() if "= account" in ln)
    for column in ("+ in", "− paid", "− built", "= account"):
        assert head.count(column) == 6, column                 # under each of the six players
    rows = list(csv.reader((sheets / "scores.csv").open(encoding="utf-8")))
    assert rows[0][:7] == ["row", "start", "target", "player 1 in", "player 1 paid", "player 1 built",
                           "player 1 account"]
    assert len(rows[0]) == 3 + 4 * 6
    # Only the start accounts are filled in: 20 in each player's account column (Paluba).
    assert rows[1] == ["start", "", ""] + ["", "", "", "20"] * 6
    assert [r[0] for r in rows[1:]] == ["start", "build phase"] + [f"race {i}" for i in range(1, 10)] + ["end"]
    _, out, _ = expres          # Expres, eight players, twelve races
    assert len(PdfReader(out / "scores.pdf").pages) == 2       # 4 and 4 players
    rows = list(csv.reader((out / "scores.csv").open(encoding="utf-8")))
    assert rows[1] == ["start", "", ""] + ["", "", "", "6"] * 8
    assert rows[-2][0] == "race 12"
    text = pdftext(out / "scores.pdf")
    assert "starts at 6" in text and "Race 12" in text


def _races_csv(folder):
    return {(int(r["a"]), int(r["b"])): r for r in csv.DictReader((folder / "races.csv").open(encoding="utf-8"))}


def test_each_preset_has_its_own_kit(sheets, expres):
    """Paluba (the default here) against Expres on the example map: the rules' own figures.

    Praha (11 12 13) - Kolín (62) 2 steps, Praha - Brno (36) 9 steps (counted by hand);
    the example's min_race_distance is 6. (The Expres kit is the one of the example with
    ``rules.preset: expres``: the same board.)
    """
    _, expres, r = expres
    assert "rules: expres" in r.stdout
    assert (sheets / "races.csv").read_bytes() != (expres / "races.csv").read_bytes()
    pal, exp = _races_csv(sheets), _races_csv(expres)
    # Paluba: 20 and 10 whatever the distance; under 6 steps the built track decides.
    assert [pal[(11, 36)][k] for k in ("forbidden", "first_prize", "second_prize")] == ["no", "20", "10"]
    assert [pal[(11, 62)][k] for k in ("forbidden", "first_prize", "second_prize")] == ["track", "20", "10"]
    assert [pal[(11, 12)][k] for k in ("forbidden", "first_prize", "second_prize")] == ["yes", "", ""]
    # Expres: 2x and 1x the table distance; under 6 in the table is forbidden.
    assert [exp[(11, 36)][k] for k in ("forbidden", "first_prize", "second_prize")] == ["no", "18", "9"]
    assert [exp[(11, 62)][k] for k in ("forbidden", "first_prize", "second_prize")] == ["yes", "", ""]
    texts = {name: {f: " ".join(pdftext(folder / f).split()) for f in ("races.pdf", "scores.pdf", "distances.pdf")}
             for name, folder in (("paluba", sheets), ("expres", expres))}
    p, e = texts["paluba"], texts["expres"]
    assert "at least 6 pieces" in p["races.pdf"] and "20 and 10" in p["races.pdf"]
    assert "twice the distance" not in p["races.pdf"] and "Races to check" in p["races.pdf"]
    assert "twice the distance" in e["races.pdf"] and "Forbidden races" in e["races.pdf"]
    assert "Prize: the winner 20, the second 10" in p["scores.pdf"]
    assert "the winner 2×, the second 1× the table distance" in e["scores.pdf"]
    assert "at least 6 pieces" in p["scores.pdf"] and "under 6 in the distance table" in e["scores.pdf"]
    assert "2 per half piece" in p["scores.pdf"] and "4 per shared piece" in e["scores.pdf"]
    assert "starts at 20" in p["scores.pdf"] and "starts at 6" in e["scores.pdf"]
    assert "count it" in p["distances.pdf"] and "a forbidden race" in e["distances.pdf"]


def test_the_kit_follows_the_maps_preset(expres):
    # --rules wins over the map's preset (the kit made in the Expres look: --style takes it)
    src, out, r = expres        # made without --rules
    assert "rules: expres (the map's rules.preset)" in r.stdout
    assert "starts at 6" in pdftext(out / "scores.pdf")
    out = out.parent / "dampfross"
    r = run_here("sheets", src, "-o", out, "--rules", "dampfross", "--style", "expres")
    assert r.returncode == 0, r.stderr
    text = " ".join(pdftext(out / "scores.pdf").split())
    assert "starts at 20" in text and "first train to arrive wins at once" in text


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
    """A kit made again into the module's kit's folder, here with --dark-foreign: the user's
    files stay, the earlier kit's go, the tables are the same bytes; the boards print the
    neighbouring states solid, as before the light tint was the default (which saves toner:
    the module's kit, made with no option, has less ink on its boards), and nothing else
    changes."""
    import json

    from tests.render.test_board import ink

    light = {preview: ink(sheets / "previews" / preview) for preview in ("board.png", "board-A4.png")}
    keep = sheets / "notes.txt"
    keep.write_text("mine", encoding="utf-8")
    # a file that an earlier kit (of another map or game) wrote, by the kit's manifest
    manifest = json.loads((sheets / ".mapkit-sheets.json").read_text("utf-8"))
    assert set(FILES) <= set(manifest["files"]) and "previews/board.png" in manifest["files"]
    assert manifest["written_by"] == "mapkit sheets" and "notes.txt" not in manifest["files"]
    (sheets / "cards.pdf").write_text("an earlier kit's", encoding="utf-8")
    manifest["files"].append("cards.pdf")
    (sheets / ".mapkit-sheets.json").write_text(json.dumps(manifest), "utf-8")
    before = {name: (sheets / name).read_bytes() for name in ("distances.csv", "races.csv")}
    r = run_here("sheets", EXAMPLE, "-o", sheets, "--dark-foreign")
    assert r.returncode == 0, r.stderr
    assert keep.read_text(encoding="utf-8") == "mine"           # other files are left alone
    assert not (sheets / "cards.pdf").exists()                  # the earlier kit's are gone
    for name, data in before.items():
        assert (sheets / name).read_bytes() == data, name       # same map, same bytes
    for preview, was in light.items():
        assert was < ink(sheets / "previews" / preview), preview
    afile = tmp_path / "file.txt"
    afile.write_text("x", encoding="utf-8")
    r = run_here("sheets", EXAMPLE, "-o", afile)
    assert r.returncode == 2 and "not a folder" in r.stderr and "Traceback" not in r.stderr
    r = run_here("sheets", EXAMPLE, "-o", tmp_path / "p", "--players", "0")
    assert r.returncode == 2 and "--players" in r.stderr


def test_distance_sheet_names_the_towns_nobody_reaches():
    """The Czech map's red-cross towns (no numbers, no way to them) are named under the title
    of the distance sheet, not tabled as rows and columns of dashes."""
    from mapkit.analysis.distances import city_table
    from mapkit.io.yamlmap import load_map
    from mapkit.engine.games.dampfross.front.kit import KitRules
    from mapkit.render.tables import distance_page

    m = load_map(MAPS / "czechia.yaml")
    svg = distance_page(m, city_table(m), KitRules.of(m, "paluba")).svg
    assert svg.count(">Brno<") == 2                     # its row and its column
    for town in ("Chemnitz", "Częstochowa", "Regensburg", "Wrocław", "Žilina"):
        assert f">{town}<" not in svg and town in svg


def run_with_terminal_stderr(*args, cwd):
    """Run ``mapkit ARGS`` in folder ``cwd`` with standard error on a pseudo-terminal and
    standard output on a pipe, as a user at a terminal who pipes the output on: ``(exit code,
    stdout, stderr)``."""
    import os
    import pty
    import sys

    from tests.support import ROOT

    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", TERM="xterm")
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=slave, cwd=cwd, env=env)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:          # the child closed its end
            break
        if not chunk:
            break
        err += chunk
    out = proc.stdout.read().decode("utf-8")
    os.close(master)
    return proc.wait(), out, err.decode("utf-8", "replace")


def test_progress_on_a_terminal_only(made, tmp_path):
    """Long work shows a bar on standard error when it is a terminal; standard output stays
    as it is without one (and without a terminal nothing is added to standard error)."""
    code, out, err = run_with_terminal_stderr("sheets", "example", "-o", KIT, cwd=tmp_path)
    assert code == 0, err
    assert "sheets" in err and "/12 steps" in err
    _, plain = made        # the same command in another folder without a terminal: the module's kit
    assert plain.returncode == 0 and plain.stderr == ""
    assert out == plain.stdout and KIT in out


def test_races_prints_the_kits_table(sheets):
    # the same table for one map and one rule set, whichever command prints it (the kit of
    # the fixture follows paluba, the default kit for a map without a preset)
    r = run_here("races", EXAMPLE, "--rules", "paluba", "--format", "csv")
    assert r.returncode == 0, r.stderr
    assert r.stdout == (sheets / "races.csv").read_text("utf-8")
