"""A game family brings its own map section (docs/engine.md, "Adding a game"): its key of the
map's ``rules`` block is read, schema-checked and validated with its own codes, compiled into
the engine's document under its own key and read back by ``board.part``; a map without the
section compiles and hashes as before, one with it keeps its hash without it among its
earlier hashes. The family here is made up (``sea``, a section ``rules.tides``) and lives
only in this test.
"""

from __future__ import annotations

import json

import pytest

from mapkit import diagnostics, plugins
from mapkit.engine import compiled, game
from mapkit.engine.compiled import EngineMap, compile_map, map_hash, map_hashes
from mapkit.engine.export import later_key_groups
from mapkit.engine.family import GameFamily
from mapkit.errors import InputError
from mapkit.io import yamlmap
from mapkit.io.yamlmap import parse_map
from mapkit.io.yamlwrite import dump_map
from mapkit.validate import validate

MAP = """\
grid: {orientation: pointy, offset: odd, columns: 3, rows: 1}
cities:
  - {name: Aš, hex: A1, numbers: [11]}
  - {name: Cheb, hex: C1, numbers: [12]}
rules:
  preset: paluba
"""


class SeaFamily(GameFamily):
    name = "sea"
    description = "a made-up family with a map section"
    map_keys = ("tides",)

    def map_schema(self):
        return {"tides": {"type": "integer", "minimum": 0}}

    def validate_map(self, m):
        tides = m.rules.extra.get("tides", 0)
        return [diagnostics.issue("E990", f"tides: {tides} is more than 5", "rules.tides")] if tides > 5 else []

    def engine_schema(self):
        return {"sea": {"type": "object", "properties": {"tides": {"type": "integer"}}}}

    def compile_extras(self, m):
        return {"sea": {"tides": m.rules.extra["tides"]}}

    def board_part(self, board):
        return board.data["sea"]["tides"]


@pytest.fixture
def sea(monkeypatch):
    fam = SeaFamily()
    list(game.FAMILIES)          # the registry's search done (it would find the families again)
    monkeypatch.setattr(plugins, "_found", [*plugins.families(), fam])
    monkeypatch.setitem(game.FAMILIES._entries, "sea", fam)
    monkeypatch.setitem(diagnostics.CODES, "E990", ("error", "too many tides"))
    monkeypatch.setattr(compiled, "_VALIDATOR", None)
    yamlmap._schema_checker.cache_clear()
    yield fam
    yamlmap._schema_checker.cache_clear()


def test_a_family_reads_checks_compiles_and_hashes_its_own_section(sea):
    plain, _ = parse_map(MAP)
    m, _ = parse_map(MAP + "  tides: 3\n")
    assert m.rules.extra["tides"] == 3 and [f.name for f in plugins.section_owners(m)] == ["sea"]
    with pytest.raises(InputError, match="rules.tides"):
        parse_map(MAP + "  tides: -1\n")                 # the family's part of the schema
    codes = [i.code for i in validate(m.replace(rules=type(m.rules)(extra={"tides": 9})))]
    assert "E990" in codes and "E990" not in [i.code for i in validate(m)]
    doc = compile_map(m)
    assert list(doc)[-1] == "sea" and doc["sea"] == {"tides": 3}
    assert {k: v for k, v in doc.items() if k not in ("sea", "map")} == \
        {k: v for k, v in compile_map(plain).items() if k != "map"}
    board = EngineMap.from_json(json.loads(json.dumps(doc)))   # the engine schema has the part
    # the sea's part, after the Dampfross race tables that every board has
    assert board.part("sea") == 3 and [f.name for f in board.section_families()] == ["dampfross", "sea"]
    # the section is hashed only when present; the map keeps its hash without it
    assert "tides" in dump_map(m) and map_hash(plain) == compile_map(plain)["map"]["hash"]
    assert later_key_groups(m) == (("ferry_limit", "start_directions"), ("tides",))
    assert map_hashes(m) == [map_hash(m), map_hash(plain)] and map_hashes(plain) == [map_hash(plain)]


def test_without_the_family_the_key_is_unknown():
    with pytest.raises(InputError, match="unknown key 'tides'"):
        parse_map(MAP + "  tides: 3\n")


def test_the_core_rule_keys_are_the_schemas_keys_kept_in_extra():
    """plugins.CORE_RULE_KEYS (the rules keys no family owns) is what the map schema allows
    in ``rules`` besides the fields of model.Rules."""
    import dataclasses

    from mapkit.model import Rules

    allowed = set(yamlmap.map_schema(sections=False)["properties"]["rules"]["properties"])
    assert allowed - {f.name for f in dataclasses.fields(Rules)} == plugins.CORE_RULE_KEYS
