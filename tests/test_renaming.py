"""Renaming a city renames every reference of the map to it (issue 37: TransAmerica's cards
stayed on the old name), from the command line (``mapkit format --rename``) and the editor
(``/api/edit/rename``); a card that names no city says which city of the map it may mean."""

from __future__ import annotations

import pytest

from mapkit.errors import InputError
from mapkit.io.yamlmap import load_map
from mapkit.renaming import rename_city
from mapkit.web import editor
from tests.support import MAPS, run_cli, run_here


def test_the_czech_deck_follows_a_renamed_city(tmp_path):
    out = tmp_path / "cz.yaml"
    r = run_cli("format", MAPS / "czechia.yaml", "-o", out, "--rename", "Kolín=Kolín nad Labem",
                "--rename", "Brno=Brünn")
    assert r.returncode == 0, r.stderr
    before, after = load_map(MAPS / "czechia.yaml"), load_map(out)
    deck = after.rules.extra["city_cards"]
    names = {str(c if isinstance(c, str) else c["name"]) for block in deck.values() for c in block["cities"]}
    assert {"Kolín nad Labem", "Brünn"} <= names and not {"Kolín", "Brno"} & names
    assert after.city_named("Kolín nad Labem").hex == before.city_named("Kolín").hex
    # nothing else changed: the same map once the two names are put back
    back = tmp_path / "back.yaml"
    assert run_here("format", out, "-o", back, "--rename", "Kolín nad Labem=Kolín",
                   "--rename", "Brünn=Brno").returncode == 0
    assert back.read_text("utf-8") == (MAPS / "czechia.yaml").read_text("utf-8")
    r = run_here("validate", out)
    assert r.returncode == 0, r.stdout


def test_bad_renames_are_one_line_errors(tmp_path):
    for spec, message in (("Kolín", "write OLD=NEW"), ("Atlantis=X", "'Atlantis' is not a city of the map"),
                          ("Kolín=Brno", "there is a city 'Brno' already")):
        r = run_here("format", MAPS / "czechia.yaml", "-o", tmp_path / "x.yaml", "--rename", spec)
        assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, r.stderr
        assert not (tmp_path / "x.yaml").exists()


def test_the_editor_renames_through_the_same_function():
    doc = editor.document_of(load_map(MAPS / "czechia.yaml"))
    new = rename_city(doc, "Kolín", "Kolín nad Labem")
    # the city, its TransAmerica card, its Railroad Tycoon colour and goods
    assert editor.canonical_text(new).count("Kolín nad Labem") == 4
    assert "Kolín:" not in editor.canonical_text(new) and "- Kolín\n" not in editor.canonical_text(new)
    with pytest.raises(InputError, match="a city needs a name"):
        rename_city(doc, "Kolín", "  ")


def test_a_card_of_a_renamed_city_says_which_city_it_may_mean(tmp_path):
    text = (MAPS / "czechia.yaml").read_text("utf-8").replace("  - name: Kolín\n", "  - name: Kolín nad Labem\n")
    path = tmp_path / "cz.yaml"
    path.write_text(text, "utf-8")
    r = run_here("validate", path)
    line = next(x for x in r.stdout.splitlines() if "E161" in x)
    hex_ = load_map(MAPS / "czechia.yaml").city_named("Kolín").hex
    from mapkit.grid import hex_name

    assert f"did you mean Kolín nad Labem ({hex_name(hex_)})?" in line and "hex: C4" not in line
