"""The editor's documents (``mapkit.web.editor``): every bundled map opened in the editor and
saved unchanged gives the bytes ``mapkit format`` writes; edits reach the one map loader."""

from __future__ import annotations

from pathlib import Path

import pytest

from mapkit.errors import InputError
from mapkit.io.yamlmap import load_map
from mapkit.io.yamlwrite import dump_map
from mapkit.web import editor

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.yaml"))


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_a_map_opened_and_saved_unchanged_is_its_canonical_text(path):
    m = load_map(path)
    doc = editor.document_of(m)
    assert editor.canonical_text(doc) == dump_map(m)


def test_edits_go_through_the_loader():
    doc = editor.blank_document(5, 3)
    doc["terrain"] = {"B2": "water", "C1": "mountain"}
    doc["rivers"] = [{"name": "Vltava", "edges": ["D1/D2", "A1/B1"]}]
    doc["cities"] = [{"name": "Ústí nad Labem", "hex": "A1", "numbers": [11]}]
    text = editor.canonical_text(doc)
    # canonical: terrain as an art block, edges sorted (rules of docs/map-format.md)
    assert "art: |\n    . . ^ . .\n     . ~ . . .\n    . . . . .\n" in text
    assert "edges: [A1/B1, D1/D2]" in text and "Ústí nad Labem" in text
    m, issues = editor.read_document(doc)
    assert issues == [] and m.terrain_at((1, 1)) == "water"
    doc["terrain"]["Z9"] = "water"                       # a hex off the board: the loader says so
    _, issues = editor.read_document(doc)
    assert [i.code for i in issues] == ["E101"]
    with pytest.raises(InputError, match="terrain: unknown key .lava."):
        doc["terrain"] = {"B2": "lava"}
        editor.read_document(doc)
