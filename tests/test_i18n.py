"""The players' language (issue 37): every printed string has a translation in every
catalogue, the compiled catalogues match their sources, and a Czech and a German kit speak
the games' own words (závod, stavba, Rennen, Bau) while the map's names stay as written."""

from __future__ import annotations

import json

import pytest

from mapkit.i18n import LANGUAGES, _, default_language, ngettext, use_language
from mapkit.i18n.catalogue import extract, problems
from mapkit.i18n.po import mo_bytes, parse_po, web_catalogue
from tests.support import MAPS, run_here

EXAMPLE = MAPS / "example.yaml"


def test_every_marked_string_has_a_translation_in_every_catalogue():
    # A string printed through _() without a msgstr (or a .mo not recompiled) fails here: run
    # python -m mapkit.i18n.catalogue update, translate, then compile.
    assert problems() == []


def test_the_extractor_sees_python_javascript_and_html():
    found, errors = extract()
    assert errors == []
    files = {f for where in found.values() for f in where}
    assert "mapkit/render/kit.py" in files
    assert {"mapkit/web/static/lobby.html", "mapkit/web/static/game.js", "mapkit/web/static/editor.js",
            "mapkit/engine/games/dampfross/front/web.js", "mapkit/engine/games/transamerica/front/web.js"} <= files
    # a long message over lines ("..." + "...") is one message, as the page looks it up
    assert ("Three single pieces a turn for the rest of the game, for 3 points off your score now.", None) in found


def test_plural_forms_follow_each_language():
    with use_language("cs"):
        forms = [ngettext("{n} page", "{n} pages", n).format(n=n) for n in (1, 3, 5)]
    assert forms == ["1 strana", "3 strany", "5 stran"]
    with use_language("de"):
        assert ngettext("{n} page", "{n} pages", 1).format(n=1) == "1 Seite"
    assert ngettext("{n} page", "{n} pages", 2).format(n=2) == "2 pages"


def test_the_language_is_the_blocks_own():
    with use_language("cs"):
        assert _("Forbidden races") == "Zakázané závody"
        with use_language("de"):
            assert _("Forbidden races") == "Verbotene Rennen"
        assert _("Forbidden races") == "Zakázané závody"
    assert _("Forbidden races") == "Forbidden races"
    with pytest.raises(ValueError, match="unknown language 'fr'"), use_language("fr"):
        pass


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "cs_CZ.UTF-8"}, "cs"), ({"LC_MESSAGES": "de_AT"}, "de"), ({"LC_ALL": "C"}, "en"),
    ({"LANGUAGE": "pl:cs", "LANG": "de_DE"}, "cs"), ({"LC_ALL": "de_DE.UTF-8", "LANG": "cs_CZ"}, "de"),
    ({}, "en")])
def test_the_default_language_is_the_environments(env, lang):
    assert default_language(env) == lang


def test_mo_files_are_what_gettext_reads():
    entries = parse_po('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                       'msgid "a"\nmsgstr "á"\n\nmsgid "b"\nmsgstr ""\n')
    import gettext
    import io

    t = gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))
    assert (t.gettext("a"), t.gettext("b")) == ("á", "b")     # untranslated: English


def test_the_browser_catalogue_comes_from_the_same_po():
    for lang in LANGUAGES:
        data = json.loads(web_catalogue(lang))
        assert data["lang"] == lang
    assert json.loads(web_catalogue("cs"))["messages"]["Forbidden races"] == "Zakázané závody"
    assert json.loads(web_catalogue("en"))["messages"] == {}


def _svg_kit(lang: str) -> str:
    """Every table sheet of the example map's Paluba kit as SVG text, in ``lang``."""
    from mapkit.analysis.distances import city_table
    from mapkit.io.yamlmap import load_map
    from mapkit.render.boardart import BoardArt
    from mapkit.render.kit import KitRules
    from mapkit.render.pages import tiled_pages
    from mapkit.render.scores import scores_pages
    from mapkit.render.tables import distance_page, numbers_page, races_pages

    m = load_map(EXAMPLE)
    with use_language(lang):
        kit = KitRules.of(m, "paluba")
        table = city_table(m, "steps")
        pages = [distance_page(m, table, kit), *races_pages(m, table, kit), numbers_page(m),
                 *scores_pages(m, 2, kit), *tiled_pages(BoardArt(m), "A4")[0]]
    return "\n".join(p.svg for p in pages)


@pytest.mark.parametrize(("lang", "words"), [
    ("cs", ["Závody podle čísel", "Záznam bankéře", "závod", "Stavba tratí", "trať", "bílá kostka (jednotky)",
            "Tabulka vzdáleností", "rovina", "hory", "řeka", "Stavební náklady dílku tratě:", "na šířku"]),
    ("de", ["Rennen nach Nummer", "Bankblatt", "Rennen", "Bauphase", "Strecke", "weißer Würfel (Einer)",
            "Entfernungen", "Ebene", "Gebirge", "Fluss", "Baukosten eines Streckenstücks:", "quer"]),
])
def test_a_kit_speaks_the_games_own_words(lang, words):
    svg = _svg_kit(lang)
    for word in words:
        assert word in svg, word
    for english in ("Races by number", "Banker's sheet", "Build phase", "white die", "Build cost"):
        assert english not in svg, english
    assert "Praha" in svg and "Plzeň" in svg            # the map's names as the map writes them


def test_render_speaks_the_environments_language_unless_told(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    r = run_here("render", EXAMPLE, "-o", tmp_path / "de.svg")
    assert r.returncode == 0, r.stderr
    assert "Baukosten eines Streckenstücks:" in (tmp_path / "de.svg").read_text(encoding="utf-8")
    r = run_here("render", EXAMPLE, "-o", tmp_path / "cs.svg", "--lang", "cs")
    assert r.returncode == 0, r.stderr
    assert "kontrola měřítka: 5 polí = 70 mm" in (tmp_path / "cs.svg").read_text(encoding="utf-8")
    assert r.stdout.endswith(": 1 page, A3 landscape\n")       # the command line's own report stays English


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["cs", "de"])
def test_a_printed_kit_in_pdf(tmp_path, lang):
    import subprocess

    r = run_here("sheets", EXAMPLE, "-o", tmp_path / "kit", "--lang", lang, "--rules", "expres")
    assert r.returncode == 0, r.stderr
    text = subprocess.run(["pdftotext", str(tmp_path / "kit" / "races.pdf"), "-"], capture_output=True,
                          text=True, encoding="utf-8").stdout
    assert ("Zakázané závody" if lang == "cs" else "Verbotene Rennen") in text
    index = (tmp_path / "kit" / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in index
    assert ("archy k tisku" if lang == "cs" else "Blätter zum Drucken") in index
