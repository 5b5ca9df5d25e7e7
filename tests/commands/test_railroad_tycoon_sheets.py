"""`mapkit sheets MAP --rules railroad-tycoon` on the small board (tests/data/railroad-tycoon-small.yaml):
the files and their pages, the board's cities with their goods, the track's incomes, the cards.

The board's figures by hand from the map: 13 coloured cities, New York and Chicago with 3 goods,
the others 2 (28 cubes), the grey ones (Scranton, Columbus, Nashville) none; Western Link cities
Kansas City and Des Moines; free-build hexes E3, E4, F3. The track's incomes by hand from the
decision (docs/engine.md): 1000 a point up to 10 (7 VP: 7000), then 1000 per 2 points up to 30
(21 VP: 10000 + 5 * 1000 = 15000), then 1000 per 5 points (35 VP: 20000 + 1000 = 21000; 100 VP:
20000 + 14 * 1000 = 34000). The cards the board lacks a city for (Charleston, Duluth,
Jacksonville) are left out: 20 action cards + 3 S cards (3 pages of nine), 10 task cards (2).
"""

from __future__ import annotations

import re
import subprocess

import pytest
from pypdf import PdfReader

from tests.support import DATA, MAPS, assert_one_line_error, run_here

SMALL = DATA / "railroad-tycoon-small.yaml"
FILES = ["board.pdf", "board-A4.pdf", "track.pdf", "cards.pdf", "locos.pdf", "shares.pdf", "rules.pdf"]
GOODS = {"Des Moines": 2, "Chicago": 3, "Detroit": 2, "Scranton": 0, "Boston": 2, "Pittsburgh": 2, "New York": 3,
         "Kansas City": 2, "Louisville": 2, "Cincinnati": 2, "Washington": 2, "Saint Louis": 2, "Nashville": 0,
         "Atlanta": 2, "Richmond": 2, "Columbus": 0}
INCOME = {0: 0, 7: 7000, 21: 15000, 35: 21000, 100: 34000}


def pdftext(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          encoding="utf-8").stdout


def _small():
    from mapkit.io.yamlmap import load_map

    return load_map(SMALL)


def _kit(players: int = 2):
    from mapkit.engine import make_rules
    from mapkit.engine.games.railroad_tycoon.front.board import section_of
    from mapkit.engine.games.railroad_tycoon.front.paper import Kit
    from mapkit.render.style import get_style

    m = _small()
    return Kit(m, section_of(m), make_rules("railroad-tycoon"), get_style("colour"), players)


# -- fast: the drawings, before any PDF ------------------------------------------------------------
def test_the_board_rings_every_city_with_its_goods_and_tags_the_western_link():
    from mapkit.engine.games.railroad_tycoon.front.board import RailroadTycoonArt
    from mapkit.render.pages import new_drawing

    kit = _kit()
    art = RailroadTycoonArt(kit.m, kit.section, kit.rules, kit.style)
    svg = art.frame(new_drawing(1, 1)).tostring()
    cities = re.findall(r'<g class="city">(.*?)</g>', svg)
    assert len(cities) == 16
    goods = [int(re.search(r'class="goods"[^>]*>(\d+)<', c).group(1)) for c in cities]
    assert goods == [GOODS[c.name] for c in kit.m.cities]
    assert svg.count('class="western"') == 2 and art.dot_hexes() == []
    tint = re.search(r'<g id="free-build"><path d="([^"]*)"', svg).group(1)
    assert tint.count("M") == 3
    assert svg.index('id="terrain"') < svg.index('id="free-build"') < svg.index('id="cities"')
    assert 'id="ridges"' in svg
    assert "28 goods cubes at set-up" in art.subtitle()


def test_the_track_prints_the_income_the_rules_pay():
    from mapkit.engine.games.railroad_tycoon.front.paper import income_tiers, track_page

    kit = _kit()
    assert {v: kit.rules.income(v) for v in INCOME} == INCOME
    assert income_tiers(kit.rules) == [(1, 10, 1), (11, 30, 2), (31, 100, 5)]
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", track_page(kit).svg)
    for v, income in INCOME.items():
        at = texts.index(str(v))
        assert texts[at + 1] == str(income)


def test_the_cards_name_the_map_s_cities_and_leave_out_those_it_lacks():
    from mapkit.engine.games.railroad_tycoon.cards import deck_for, tasks_for
    from mapkit.engine.games.railroad_tycoon.front.cardsheets import deck_faces, loco_face

    sec = _kit().section
    actions, tasks = deck_faces(deck_for(sec.card_city), tasks_for(sec.card_city), sec.card_city)
    titles = [f.title for f in actions]
    assert len(actions) == 20 and len(tasks) == 10
    assert "Hotel Charleston" not in titles and "First delivery to Jacksonville" not in titles
    minnesota = next(f for f in actions if f.title == "Connect Nashville – Des Moines")
    assert minnesota.note == "Nashville stands in for New Orleans. Des Moines stands in for Minnesota."
    assert minnesota.badge == "6 VP"
    assert [f.badge for f in tasks if f.title == "Links out of Chicago"] == ["+2 a link"]
    assert "Price 15000" in loco_face(5, 15000, 8).body


def test_a_map_without_the_section_and_dampfross_options_are_refused(tmp_path):
    r = run_here("sheets", MAPS / "example.yaml", "-o", tmp_path / "x", "--rules", "railroad-tycoon")
    assert_one_line_error(r, "example.yaml", "no Railroad Tycoon section")
    r = run_here("sheets", SMALL, "-o", tmp_path / "y", "--rules", "railroad-tycoon", "--races", "5")
    assert_one_line_error(r, "--races")
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


# -- slow: the whole kit, end to end -------------------------------------------------------------------
@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("rt") / "kit"
    r = run_here("sheets", SMALL, "-o", out, "--rules", "railroad-tycoon", "--players", "2")
    assert r.returncode == 0, r.stderr
    return out


@pytest.mark.slow     # a whole printed kit: about 1 s of processor time
def test_every_file_is_written_with_its_pages_and_previews(kit):
    pages = {f: len(PdfReader(kit / f).pages) for f in FILES}
    assert pages == {"board.pdf": 1, "board-A4.pdf": 2, "track.pdf": 1, "cards.pdf": 5, "locos.pdf": 1,
                     "shares.pdf": 1, "rules.pdf": 1}
    index = (kit / "index.html").read_text("utf-8")
    assert index.count("<figure>") == len(FILES)
    for f in FILES:
        assert f'href="{f}"' in index and (kit / "previews" / f"{f[:-4]}.png").stat().st_size > 1000


@pytest.mark.slow
def test_the_printed_texts_name_the_goods_the_incomes_and_the_cards(kit):
    board = pdftext(kit / "board.pdf")
    assert "28 goods cubes at set-up" in board and "Western Link city" in board and "Kansas City" in board
    rules = pdftext(kit / "rules.pdf")
    for name, n in GOODS.items():
        assert re.search(rf"{name} {n}\b", rules), name
    assert "Des Moines 2 WL" in rules and "10 / 12 / 14 / 16 / 18" in rules
    lines = [ln.split() for ln in pdftext(kit / "track.pdf").splitlines()]
    row = lines.index([str(v) for v in range(31, 41)])
    assert lines[row + 1][4] == "21000" and lines[row + 1][0] == "20000"
    row = lines.index([str(v) for v in range(91, 101)])
    assert lines[row + 1][-1] == "34000"
    cards = pdftext(kit / "cards.pdf")
    for title in ("Hotel New York", "Connect Pittsburgh –", "First delivery to", "S: first locomotive 4",
                  "Engineering", "Free build", "Two more actions", "Longest chain", "Fewest shares"):
        assert title in cards, title
    assert "Charleston" not in cards and "Duluth" not in cards
    locos = pdftext(kit / "locos.pdf")
    assert locos.count("Locomotive 8") == 2 and "Price 20000" in locos
    assert pdftext(kit / "shares.pdf").count("Share") == 16


# -- the kit in Czech and German (issues 32, 37) ------------------------------------------------------
def test_every_printed_word_of_the_kit_has_a_czech_and_a_german_translation():
    from mapkit.i18n.catalogue import problems
    from mapkit.i18n.po import po_path

    assert problems() == []         # python -m mapkit.i18n.catalogue check
    for lang in ("cs", "de"):
        assert po_path(lang).read_text("utf-8").count("#: mapkit/engine/games/railroad_tycoon/front/") > 100


def test_the_cards_are_translated_when_printed_and_the_engine_keeps_its_english():
    from mapkit.engine.games.railroad_tycoon.cards import CARDS, deck_for, tasks_for
    from mapkit.engine.games.railroad_tycoon.front.cardsheets import deck_faces, loco_face
    from mapkit.i18n import use_language

    sec = _kit().section
    faces = {}
    for lang in ("cs", "de"):
        with use_language(lang):
            faces[lang] = deck_faces(deck_for(sec.card_city), tasks_for(sec.card_city), sec.card_city)
    (cs_actions, cs_tasks), (de_actions, de_tasks) = faces["cs"], faces["de"]
    cs_titles, de_titles = [f.title for f in cs_actions + cs_tasks], [f.title for f in de_actions + de_tasks]
    assert {"Inženýrství", "Bezplatná stavba", "Hotel New York", "Nejméně akcií"} <= set(cs_titles)
    assert {"Ingenieurskunst", "Freier Streckenbau", "Hotel New York", "Wenigste Aktien"} <= set(de_titles)
    minnesota = next(f for f in cs_actions if f.title == "Propojit Nashville – Des Moines")
    assert minnesota.badge == "6 bodů" and minnesota.note.startswith("Nashville zastupuje město New Orleans.")
    assert [f.badge for f in de_tasks if f.title == "Strecken ab Chicago"] == ["+2 je Strecke"]
    with use_language("cs"):    # Czech counts in three forms: 1 trať, 2 tratě, 5 tratí
        assert [loco_face(n, None, 8).body for n in (1, 2, 5)] == [
            f"Přepraví zboží přes nejvýše {n}." for n in ("1 trať", "2 tratě", "5 tratí")]
    assert CARDS["engineering"].title == "engineering: build up to 5 tiles, once a round"   # the engine's words
    assert deck_faces(["engineering"], [], {})[0][0].title == "Engineering"


@pytest.mark.slow     # a whole printed kit in each language: about 1 s each
@pytest.mark.parametrize(("lang", "words"), [
    ("cs", {"board.pdf": ["kostiček zboží na začátku hry", "město Western Link", "Dílek trati:"],
            "track.pdf": ["Vítězné body a příjem", "Příjem roste o 1000 za každý 1 bod do 10"],
            "cards.pdf": ["Inženýrství", "Bezplatná stavba", "S: první lokomotiva 4", "Karta úkolů"],
            "locos.pdf": ["Lokomotiva 8", "Cena 20000"], "shares.pdf": ["Akcie"],
            "rules.pdf": ["Dražba o počátečního hráče", "Stavba trati", "Přeprava zboží", "bezbarvá",
                          "Des Moines 2 WL"]}),
    ("de", {"board.pdf": ["Güterwürfel beim Spielaufbau", "Stadt des Western Link", "Ein Gleisplättchen:"],
            "track.pdf": ["Siegpunkte und Einkommen", "Das Einkommen steigt um 1000 je 1 Punkt bis 10"],
            "cards.pdf": ["Ingenieurskunst", "Freier Streckenbau", "S: erste Lokomotive 4", "Auftragskarte"],
            "locos.pdf": ["Lokomotive 8", "Preis 20000"], "shares.pdf": ["Aktie"],
            "rules.pdf": ["Versteigerung um den Startspieler", "Aktionskarte", "Lieferung", "grau",
                          "Des Moines 2 WL"]}),
])
def test_the_kit_in_czech_and_german(tmp_path, lang, words):
    r = run_here("sheets", SMALL, "-o", tmp_path / "kit", "--rules", "railroad-tycoon", "--players", "2",
                 "--lang", lang)
    assert r.returncode == 0, r.stderr
    for fname, expected in words.items():
        text = " ".join(pdftext(tmp_path / "kit" / fname).split())     # lines joined, as a reader reads
        for word in expected:
            assert word in text, (fname, word)
    cards = pdftext(tmp_path / "kit" / "cards.pdf")
    assert "Engineering" not in cards and "Free build" not in cards and "VP" not in cards
    index = (tmp_path / "kit" / "index.html").read_text("utf-8")
    assert f'<html lang="{lang}">' in index and ("Karty lokomotiv" if lang == "cs" else "Lokomotivkarten") in index
