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
    assert "mapkit/engine/games/dampfross/front/kit.py" in files
    assert {"mapkit/web/static/lobby.html", "mapkit/web/static/game.js", "mapkit/web/static/editor.js",
            "mapkit/engine/games/dampfross/front/web.js", "mapkit/engine/games/transamerica/front/web.js"} <= files
    # a long message over lines ("..." + "...") is one message, as the page looks it up
    assert ("Three single pieces a turn for the rest of the game, for 3 points off your score now.", None) in found


def test_a_file_is_parsed_for_its_marked_strings_only_when_it_calls_a_marker(tmp_path):
    # however the call is written (a space, a line break, a backslash or a comment between the
    # name and its parenthesis), its strings are found as a walk through the whole file finds
    # them; a file whose text calls no marker is left unparsed, and has none
    import ast

    from mapkit.i18n.catalogue import _python_messages

    def walked(text):
        calls = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                 and n.func.id in ("_", "N_", "ngettext")]
        return [(c.args[0].value, c.args[1].value if c.func.id == "ngettext" else None)
                for c in sorted(calls, key=lambda c: c.lineno)]

    cases = {
        "plain": 'x = _("a")\n',
        "space": 'x = N_ ("b")\n',
        "lines": 'x = ngettext(\n    "c", "cs", 2)\n',
        "comment": 'x = f(_  # a note\n  ("d"))\n',
        "backslash": 'x = _ \\\n    ("e")\n',
        "none": 'for _ in range(3):\n    obj._("f")\n    N_x = "g"\n',
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.py"
        path.write_text(text, encoding="utf-8")
        errors: list = []
        assert _python_messages(path, errors) == walked(text) and errors == [], name
        assert bool(walked(text)) == (name != "none"), name


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
    from mapkit.engine.games.dampfross.front.kit import KitRules
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
    assert r.stdout == f"{tmp_path / 'cs.svg'}: 1 strana, A3 na šířku\n"     # the report in the kit's language
    monkeypatch.setenv("LANG", "C.UTF-8")
    r = run_here("render", EXAMPLE, "-o", tmp_path / "en.svg")
    assert r.stdout == f"{tmp_path / 'en.svg'}: 1 page, A3 landscape\n"


@pytest.fixture(scope="module")
def expres_kit(tmp_path_factory):
    """``mapkit sheets example --rules expres --lang LANG``, made once a language for the tests of
    its files and of its report: ``(folder, finished process)``."""
    made: dict = {}

    def get(lang):
        if lang not in made:
            out = tmp_path_factory.mktemp(f"kit-{lang}") / "kit"
            r = run_here("sheets", EXAMPLE, "-o", out, "--lang", lang, "--rules", "expres")
            assert r.returncode == 0, r.stderr
            made[lang] = out, r
        return made[lang]

    return get


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["cs", "de"])
def test_a_printed_kit_in_pdf(expres_kit, lang):
    import subprocess

    kit, _ = expres_kit(lang)
    text = subprocess.run(["pdftotext", str(kit / "races.pdf"), "-"], capture_output=True,
                          text=True, encoding="utf-8").stdout
    assert ("Zakázané závody" if lang == "cs" else "Verbotene Rennen") in text
    index = (kit / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in index
    assert ("archy k tisku" if lang == "cs" else "Blätter zum Drucken") in index


def _catalogued(lang: str) -> dict:
    from mapkit.i18n.po import po_path, read_po

    return {e.msgid: e for e in read_po(po_path(lang)) if e.msgid_plural is None}


def _unsaid(text, entries: dict) -> list:
    """What of ``text`` (a line a game wrote) a player of another language could not read: the
    line itself when it is no Said (written without a message), its message when the
    catalogue has no translation of it, and the same of its fields that are words."""
    from mapkit.i18n.said import Said

    if not isinstance(text, Said):
        return [str(text)]
    e = entries.get(text.message)
    out = [] if e is not None and e.translated else [text.message]
    return out + [x for v in text.fields.values() if isinstance(v, Said) for x in _unsaid(v, entries)]


@pytest.mark.parametrize(("map_name", "preset"), [("example", "paluba"), ("example", "expres"),
                                                  ("usa", "transamerica"), ("usa-east", "railroad-tycoon")])
def test_a_games_log_ledger_and_steps_are_said_in_every_language(map_name, preset):
    # The browser shows a game's log, its ledger's reasons and the step in the page's language
    # (mapkit.i18n.said): a line written without a message, or whose message the catalogues do
    # not translate, shows in English, and fails here.
    from mapkit.engine.ledger import Ledger
    from mapkit.engine.simulate import play_game
    from mapkit.io.yamlmap import load_map

    g = play_game(load_map(MAPS / f"{map_name}.yaml"), preset, ["greedy", "greedy"], max_actions=250)
    reasons = [e[3] for v in vars(g).values() if isinstance(v, Ledger) for e in v.entries]
    labels = [g.STEPS[name].label for name in g.STEPS]
    assert g.messages and reasons and all(labels), (len(g.messages), len(reasons), labels)
    view = g.view(0)
    assert view["messages"] and set(view["messages"]) <= set(view["said"])       # the browser's index has them
    for lang in ("cs", "de"):
        entries = _catalogued(lang)
        missing = {x for line in [*g.messages, *reasons] for x in _unsaid(line, entries)}
        missing |= {label for label in labels if not (label in entries and entries[label].translated)}
        assert missing == set(), (lang, sorted(missing)[:10])


def test_the_browser_says_a_line_as_the_engine_wrote_it():
    # The view's index gives each English line its message and fields; said in German, a
    # nested word (the reason) is said too, and names stay as written.
    from mapkit.i18n import N_
    from mapkit.i18n.said import said, said_index

    line = said(N_("race {race} won by {players}"), race=3, players=said(N_("{names} and {last}"), names="Ann",
                                                                         last="Bořek"))
    index = said_index({"messages": [line]})
    assert index["race 3 won by Ann and Bořek"] == {"message": "race {race} won by {players}",
                                                    "fields": {"race": 3, "players": "Ann and Bořek"}}
    with use_language("de"):
        assert line.translated() == "Rennen 3 gewonnen von Ann und Bořek"
    with use_language("cs"):
        assert line.translated() == "vítěz 3. závodu: Ann a Bořek"


def test_railroad_tycoon_cards_are_titled_in_every_language():
    from mapkit.engine.games.railroad_tycoon.cards import CARDS, TASKS

    for lang in ("cs", "de"):
        entries = _catalogued(lang)
        missing = {x for c in [*CARDS.values(), *TASKS.values()] for x in _unsaid(c.title, entries)}
        assert missing == set(), (lang, missing)
    with use_language("cs"):
        assert CARDS["hotel:Boston"].title.translated() == "hotel ve městě Boston"


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "words", "english"), [
    ("cs", ["1 strana", "2 strany", "přehled s náhledy", "pravidla: expres"], ["page", "index with", "rules:"]),
    ("de", ["1 Seite", "2 Seiten", "Übersicht mit Vorschauen", "Regeln: expres"], ["page", "index with", "rules:"]),
])
def test_the_kits_report_is_in_its_language(expres_kit, lang, words, english):
    _, r = expres_kit(lang)
    for word in words:
        assert word in r.stdout, (word, r.stdout)
    for word in english:
        assert word not in r.stdout, (word, r.stdout)
