"""`mapkit simulate` and `mapkit balance` print their reports in the reader's language
(`--lang cs|de|en`, else the environment's, as `sheets` does): the words translated, every
figure as it is, the JSON the same in every language, and English unchanged."""

from __future__ import annotations

import json
import re

import pytest

from mapkit.i18n import use_language
from tests.engine.test_balance import SPUR, SPUR_OPTIONS, spur
from tests.support import MAPS, run_here

EXAMPLE = MAPS / "example.yaml"
SIMULATE = ["simulate", EXAMPLE, "--games", "2", "--seed", "1", "--no-progress"]
SPUR_ARGS = ["--players", "2", "--option", "unique_starts=true", "--option", "races=3", "--no-progress",
             "--games", "4", "--rounds", "1", "--keep-numbers"]

# The words of each language's report, by hand: a line of the English report and what it is
# in Czech and in German (the rest of the line -- names, bots, figures -- as it is).
WORDS = {
    "cs": [("seat ", "místo "), ("account", "účet"), ("fares paid", "jízdné placené"), ("received", "přijaté")],
    "de": [("seat ", "Platz "), ("account", "Konto"), ("fares paid", "Fahrgeld gezahlt"), ("received", "erhalten")],
}
VERDICT = {"cs": {"seat": "místo", "playing position": "pozice v pořadí", "start city": "startovní město",
                  "fair": "spravedlivé"},
           "de": {"seat": "Platz", "playing position": "Position", "start city": "Startstadt", "fair": "fair"}}
# Words of the English report that no line of a translated report may keep (German says
# Fairness too).
ENGLISH = ["Wins by", "games", "players", "seed", "Fairness", "fair share", "Balance metrics", "advantage",
           "completion", "account", "starts", "Build phase", "Races:", "re-drawn", "special races", "Ferry",
           "Money per game", "Final accounts", "Game length", "Ends:", "races played", "rules", "never chosen"]
ALSO_GERMAN = {"Fairness"}


def _numbers(line: str) -> list[str]:
    return sorted(re.findall(r"-?\d+(?:\.\d+)?", line))


@pytest.fixture(scope="module")
def reports() -> dict:
    """The example map's report of 2 games, seed 1: text in each language, and JSON."""
    out = {}
    for lang in ("en", "cs", "de"):
        r = run_here(*SIMULATE, "--lang", lang)
        assert r.returncode == 0, r.stderr
        out[lang] = r.stdout
        r = run_here(*SIMULATE, "--lang", lang, "--format", "json")
        assert r.returncode == 0, r.stderr
        out[f"{lang} json"] = r.stdout
    r = run_here(*SIMULATE)
    assert r.returncode == 0, r.stderr
    out["default"] = r.stdout
    return out


def test_the_english_report_is_the_default_and_unchanged(reports):
    # the tests run with LANGUAGE=en (tests/conftest.py): the default is English, as --lang en
    assert reports["default"] == reports["en"]
    lines = reports["en"].splitlines()
    assert lines[0] == "Example: 2 games, paluba rules, 4 players (greedy, greedy, greedy, greedy), seed 1"
    assert "Wins by seat (95% Wilson interval)" in lines and lines[-1].startswith("Ends: 9 races played: ")


def test_the_json_is_the_same_in_every_language(reports):
    assert reports["cs json"] == reports["de json"] == reports["en json"]
    rep = json.loads(reports["cs json"])          # its words are English, as scripts read them
    assert all(v["text"] == "fair" or v["text"].startswith("unfair: ") for v in rep["fairness"]["verdicts"])
    assert list(rep["ends"]) == ["9 races played"] and rep["seats"][0]["seat"] == 1


@pytest.mark.parametrize("lang", ["cs", "de"])
def test_the_text_report_speaks_the_language_and_keeps_every_figure(reports, lang):
    english, text = reports["en"].splitlines(), reports[lang].splitlines()
    assert len(text) == len(english)
    for e, t in zip(english, text, strict=True):
        assert _numbers(t) == _numbers(e), (e, t)           # numbers keep their format and their line
    for t in text:
        kept = [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", t)
                and not (lang == "de" and w in ALSO_GERMAN)]
        assert not kept, (kept, t)
    # the header, worked out by hand: 2 games and 4 players take Czech's "few" form (2-4)
    assert text[0] == {"cs": "Example: 2 hry, pravidla paluba, 4 hráči (greedy, greedy, greedy, greedy), semínko 1",
                       "de": "Example: 2 Spiele, Regeln paluba, 4 Spieler (greedy, greedy, greedy, greedy), "
                             "Startwert 1"}[lang]
    # each seat's line: the English line with its words in the other language, the columns kept
    seats = [e for e in english if e.startswith("  seat ")]
    assert len(seats) == 4
    for e in seats:
        expected = e
        for en, other in WORDS[lang]:
            expected = expected.replace(en, other)
        assert expected in text, expected
    # the verdicts, question by question
    for e in english:
        m = re.fullmatch(r"  (seat|playing position|start city): (fair)", e)
        if m:
            assert f"  {VERDICT[lang][m[1]]}: {VERDICT[lang][m[2]]}" in text
    # how the games ended: the game's own words ("9 races played", docs/rules.md) in the catalogue's
    ends = re.fullmatch(r"Ends: 9 races played: (\d+)", english[-1])
    assert ends, english[-1]
    assert text[-1] == {"cs": f"Konce her: {ends[1]}× odjeto závodů: 9",
                        "de": f"Spielenden: 9 Rennen gefahren: {ends[1]}"}[lang]
    words = {"cs": ["závod", "hráč", "pozice", "startovní město", "spravedlivé"],
             "de": ["Rennen", "Spiel", "Spieler", "Position", "Startstadt", "fair"]}[lang]
    for w in words:
        assert w in reports[lang], w


def test_an_unfair_verdict_in_every_language():
    # the fairness module's example: positions won 70 and 30 of 100 games (Wilson intervals
    # 60-78 % and 22-40 %, fair share 50 %), said from the report's JSON
    from mapkit.engine.fairness import verdict_lines, verdicts

    rep = {"players": 2, "bots": ["greedy", "random"], "seats": [],
           "by_position": [{"position": 1, "wins": 70, "games": 100}, {"position": 2, "wins": 30, "games": 100}]}
    data = [v.as_dict() for v in verdicts(rep)]
    with use_language("cs"):
        lines = verdict_lines(data)
        assert [v.as_dict() for v in verdicts(rep)] == data          # the JSON stays English
    assert lines[1:] == ["  místo: neposouzeno: na místech hrají různí roboti",
                         "  pozice v pořadí: nespravedlivé: pozice 1 vyhrává 70 % [60-78], pozice 2 vyhrává 30 % "
                         "[22-40] (spravedlivý podíl 50 %)"]
    with use_language("de"):
        assert verdict_lines(data)[2] == ("  Position: unfair: Position 1 gewinnt 70 % [60-78], Position 2 gewinnt "
                                          "30 % [22-40] (fairer Anteil 50 %)")
    assert verdict_lines(data)[2] == "  playing position: " + data[1]["text"]


def test_every_language_says_the_english_verdicts_figures():
    # positions won 17 and 86 of 103 games: 16.505 % and 83.495 % (Wilson 95 %, by hand:
    # 10.57-24.85 % and 75.15-89.43 %), said 17 and 83 %. The report's JSON keeps the rates to
    # four digits, 0.165 and 0.835, which would be said 16 and 84 %: a line made again from
    # them said other figures than the English line.
    from mapkit.engine.fairness import percent, verdict_lines, verdicts

    rep = {"players": 2, "bots": ["greedy"] * 2, "seats": [],
           "by_position": [{"position": 1, "wins": 17, "games": 103}, {"position": 2, "wins": 86, "games": 103}]}
    data = json.loads(json.dumps([v.as_dict() for v in verdicts(rep)]))      # the report as read back
    levels = data[0]["levels"]
    assert [lv["win_rate"] for lv in levels] == [0.165, 0.835]
    assert [percent(lv["win_rate"]) for lv in levels] == [16, 84]              # the rounding that bit
    english = verdict_lines(data)[1]
    assert english == ("  playing position: unfair: position 1 wins 17 % [11-25], position 2 wins 83 % [75-89] "
                       "(fair share 50 %)")
    with use_language("cs"):
        czech = verdict_lines(data)[1]
    with use_language("de"):
        german = verdict_lines(data)[1]
    assert czech == ("  pozice v pořadí: nespravedlivé: pozice 1 vyhrává 17 % [11-25], pozice 2 vyhrává 83 % [75-89] "
                     "(spravedlivý podíl 50 %)")
    assert re.findall(r"\d+", german) == re.findall(r"\d+", english)


def test_the_default_language_is_the_environments(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    r = run_here(*SIMULATE)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Example: 2 Spiele, Regeln paluba, 4 Spieler")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run_here(*SIMULATE).stdout.startswith("Example: 2 games, paluba rules, 4 players")


def test_the_html_report_speaks_the_language(tmp_path):
    r = run_here(*SIMULATE, "--lang", "cs", "--html", tmp_path / "cs.html")
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"zapsáno {tmp_path / 'cs.html'} (simulace mapy Example)\n"
    page = (tmp_path / "cs.html").read_text(encoding="utf-8")
    assert page.startswith('<!DOCTYPE html>\n<html lang="cs">')
    assert "<title>Example: 2 simulované hry</title>" in page
    for w in ("<h2>Posudky</h2>", "spravedlivé", "<h2>Výhry podle místa</h2>", "Výhry podle startovního města",
              "<td>pravidla</td><td>paluba</td>", "<td>odjeto závodů: 9</td>", "místo 1 (greedy)"):
        assert w in page, w
    for w in ("Verdicts", "Wins by", "simulated games", "fair share", "races played", "seat 1"):
        assert w not in page, w
    r = run_here(*SIMULATE, "--html", tmp_path / "en.html")
    assert r.stdout == f"wrote {tmp_path / 'en.html'} (the simulation of Example)\n"
    page = (tmp_path / "en.html").read_text(encoding="utf-8")
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">') and "<h2>Verdicts</h2>" in page


# -- balance ------------------------------------------------------------------------------------
def test_balance_reports_in_the_language_and_its_json_in_none(tmp_path):
    spur_file = tmp_path / "spur.yaml"
    spur_file.write_text(SPUR, encoding="utf-8")
    runs = {}
    for lang in ("en", "cs", "de"):
        for fmt in ("text", "json"):
            r = run_here("balance", spur_file, "-o", tmp_path / f"{lang}-{fmt}.yaml", *SPUR_ARGS,
                         "--lang", lang, "--format", fmt)
            assert r.returncode == 0, r.stderr
            runs[lang, fmt] = r.stdout
    data = {lang: json.loads(runs[lang, "json"]) for lang in ("en", "cs", "de")}
    for lang in data:
        assert data[lang].pop("output") == str(tmp_path / f"{lang}-json.yaml")
    assert data["cs"] == data["de"] == data["en"]
    assert (tmp_path / "cs-text.yaml").read_bytes() == (tmp_path / "en-text.yaml").read_bytes()
    english = runs["en", "text"].splitlines()
    assert english[:2] == ["Balancing Spur: paluba rules (races=3, unique_starts=True), 2 players (greedy, greedy), "
                           "4 games a map, seed 0", "  kept as they are: race numbers"]
    step = data["en"]["steps"][0]
    d = step["detail"]                 # --keep-numbers: a start city put on, taken off or replaced
    kind = "start" if d["off"] and d["on"] else "on" if d["on"] else "off"
    a, b = step["unfairness"]
    for lang, head, pins, words, verdicts, noise, wrote in (
            ("cs", "Vyvažování mapy Spur: pravidla paluba (races=3, unique_starts=True), 2 hráči (greedy, greedy), "
                   "4 hry na mapu, semínko 0", "  ponecháno beze změny: čísla závodů",
             {"start": "startovní město {off} nahrazeno městem {on}", "on": "{on} je nově startovní město",
              "off": "{off} už není startovní město"}, ("ponecháno", "neponecháno"), "šum", "zapsáno"),
            ("de", "Ausgleich von Spur: Regeln paluba (races=3, unique_starts=True), 2 Spieler (greedy, greedy), "
                   "4 Spiele je Karte, Startwert 0", "  unverändert behalten: Rennnummern",
             {"start": "Startstadt {off} durch {on} ersetzt", "on": "{on} ist jetzt Startstadt",
              "off": "{off} ist keine Startstadt mehr"}, ("behalten", "verworfen"), "Rauschen", "geschrieben:")):
        text = runs[lang, "text"].splitlines()
        assert text[:2] == [head, pins]
        assert len(text) == len(english)
        for e, t in zip(english, text, strict=True):
            assert _numbers(t) == _numbers(e), (e, t)
        # the change tried, in words from its detail, kept or not in a column as wide as the longer word
        width = max(map(len, verdicts))
        assert (f"   1. {verdicts[0] if step['kept'] else verdicts[1]:<{width}}  {words[kind].format(**d)}: "
                f"{a:.1f} -> {b:.1f} ({noise} {step['noise']:.1f})") in text
        assert text[-1] == f"{wrote} {tmp_path / f'{lang}-text.yaml'}"
        for w in ("Balancing", "Search on", "Check on", "unfairness", "Wins by", "Changes:", "kept as they are",
                  "start city", "position", "noise", "wrote"):
            assert w not in runs[lang, "text"], (lang, w)


def _replacement_kept():
    """A balance run of the spur map (tests/engine/test_balance.py), 3 rounds of 6 games, that
    keeps a start city replaced for a position's win share, and its first kept step: the first
    seed of 0-29 whose run does (which seed it is moves with the bots' play; a few do)."""
    from mapkit.engine.balance import Plan, balance, balance_report
    from mapkit.engine.balance.changes import Pins
    from mapkit.engine.simulate import runner

    with runner() as play:
        for seed in range(30):
            plan = Plan("paluba", SPUR_OPTIONS, ("greedy", "greedy"), seed=seed, games=6, rounds=3,
                        pins=Pins(numbers=True))
            rep = balance_report(balance(spur(), plan, play), plan, "new.yaml")
            for step in rep["steps"]:
                if step["kept"]:
                    if step["detail"]["off"] and step["detail"]["on"] and step["figure"].startswith("position"):
                        return rep, step
                    break
    raise AssertionError("no balance run of seeds 0-29 kept a start city replaced for a position's share")


def test_balance_says_what_it_kept_and_why_in_the_language():
    # a run that kept a change: its report said in each language from the same data
    from mapkit.engine.balance import format_balance

    rep, s = _replacement_kept()
    english = format_balance(rep)
    with use_language("cs"):
        czech = format_balance(rep)
    with use_language("de"):
        german = format_balance(rep)
    assert isinstance(s["change"], str) and s["change"] in english
    d = s["detail"]
    assert d["off"] and d["on"], d          # --keep-numbers: a start city replaced (its figure: a position's share)
    a, b = s["unfairness"]
    figure = re.fullmatch(r"position (\d)'s win share (\d+\.\d)% -> (\d+\.\d)%", s["figure"])
    assert figure, s["figure"]
    n, was, now = figure.groups()
    # "kept" and "not kept" in a column as wide as the longer word (Czech: neponecháno, 11 letters)
    assert (f"  {s['round']:>2}. ponecháno    startovní město {d['off']} nahrazeno městem {d['on']}: "
            f"{a:.1f} -> {b:.1f} (šum {s['noise']:.1f})\n{'':19}podíl výher pozice {n} {was}% -> {now}%\n") in czech
    assert (f"  {s['round']:>2}. behalten   Startstadt {d['off']} durch {d['on']} ersetzt: "
            f"{a:.1f} -> {b:.1f} (Rauschen {s['noise']:.1f})\n{'':17}Siegesanteil von Position {n} {was}% -> "
            f"{now}%\n") in german
    assert f"Změny: startovní město {d['off']} nahrazeno městem {d['on']}\n" in czech
    assert (f"  {s['round']:>2}. kept      start city {d['off']} replaced by {d['on']}: {a:.1f} -> {b:.1f} "
            f"(noise {s['noise']:.1f})\n{'':16}position {n}'s win share {was}% -> {now}%\n") in english


def test_the_card_changes_of_transamerica_are_said_in_the_language():
    from mapkit.engine.balance.changes import Context, Pins
    from mapkit.engine.games.transamerica.balancing import balance_changes
    from mapkit.grid import Grid
    from mapkit.model import City, Map, Rules

    colours = ("red", "orange", "yellow", "green", "blue")
    block = {c: {"cities": [f"{c[0]}{i}" for i in range(7)], "removed": [f"{c[0]}0", f"{c[0]}1"]} for c in colours}
    cities = [City(f"{c[0]}{i}", (i, 2 * k), (11,)) for k, c in enumerate(colours) for i in range(7)]
    m = Map(Grid("pointy", "odd", 8, 10), cities=cities + [City("x", (7, 0), (12,))],
            rules=Rules(extra={"city_cards": block}))
    words = [c.words for c in balance_changes(m, Context(m, Pins(), 4)) if "r0" in c.words]
    assert words == ["swapped the cards of r0 (red) and o6 (orange)", "r0's red card given to x"]
    with use_language("cs"):
        assert [w.translated() for w in words] == ["vyměněny karty měst r0 (červená) a o6 (oranžová)",
                                                   "červená karta města r0 dána městu x"]
    with use_language("de"):
        assert [w.translated() for w in words] == ["Karten von r0 (rot) und o6 (orange) getauscht",
                                                   "Karte von r0 (rot) an x gegeben"]


@pytest.mark.parametrize(("map_name", "preset", "words"), [
    ("usa-transamerica", "transamerica", {"cs": ["Kola:", "konce kol: připojeno", "ztracené body na hráče: 1. kolo",
                                    "Konečné skóre:"],
                             "de": ["Runden:", "Rundenenden: angeschlossen", "verlorene Punkte je Spieler: Runde 1",
                                    "Endstände:"]}),
    ("usa-east", "railroad-tycoon", {"cs": ["Kola:", "Dovozy:", "podle barvy", "Konečné skóre vítěze"],
                                     "de": ["Runden:", "Lieferungen:", "nach Farbe", "Endstand des Siegers"]}),
])
def test_the_other_families_report_lines_are_said_too(map_name, preset, words):
    # one game each (the figures do not matter here): the family's lines in each language, line
    # for line with the English, every number kept
    from mapkit.engine import load_engine_map
    from mapkit.engine.simulate import SimSpec, format_report, play_one, summarize

    spec = SimSpec(load_engine_map(map_name).to_json(), preset, {}, ("greedy", "greedy"), seed=1)
    rep = summarize(spec, [play_one(spec, 0)])
    english = format_report(rep).splitlines()
    for lang in ("cs", "de"):
        with use_language(lang):
            text = format_report(rep).splitlines()
        assert len(text) == len(english)
        for e, t in zip(english, text, strict=True):
            assert _numbers(t) == _numbers(e), (e, t)
        for w in words[lang]:
            assert any(w in t for t in text), (lang, w)
        for w in ("Rounds:", "rounds ended", "points lost", "Final scores", "Deliveries", "by colour",
                  "Cities never served", "Winner's final score", "score ", "lost per round", "VP ", "shares"):
            assert not any(w in t for t in text), (lang, w)
