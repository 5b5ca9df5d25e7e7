"""mapkit.schemacheck against the jsonschema library, the reference, on real and mutated maps.

Every verdict must be the same: the same problems at the same places by the same keyword.
Mutations replace a value anywhere in a bundled map with another JSON value, drop a key or add
an unknown one; the map has each of its lists cut to its first three items (still valid for
both: the further cities, edges and hexes are checked by the same parts of the schema, and a
map about a seventh the size makes each mutation cost about a seventh). Floats are drawn non-integral:
jsonschema takes 3.0 as an integer, mapkit deliberately does not (tested on its own).
"""

from __future__ import annotations

import copy
import json
from functools import cache

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import MAPS, ROOT, str_keys
from mapkit.engine.compiled import engine_map_schema
from mapkit.io.yamlmap import map_schema
from mapkit.schemacheck import compile_schema

SCHEMAS = ROOT / "mapkit" / "schemas"
MAP_SCHEMA = map_schema()          # with the game families' map sections
ENGINE_SCHEMA = engine_map_schema()
OURS = compile_schema(MAP_SCHEMA)
REFERENCE = jsonschema.Draft202012Validator(MAP_SCHEMA)



NAMES = sorted(p.stem for p in MAPS.glob("*.yaml"))


@cache
def bundled(name):
    """A bundled map's data as its YAML reads (read when a test first asks for it, not when the
    module is collected: every worker collects every module)."""
    return str_keys(yaml.safe_load((MAPS / f"{name}.yaml").read_text("utf-8")))


def verdicts(data, ours=OURS, reference=REFERENCE):
    mine = sorted((tuple(map(str, e.path)), e.keyword) for e in ours.iter_errors(data))
    theirs = sorted((tuple(map(str, e.absolute_path)), e.validator) for e in reference.iter_errors(data))
    return mine, theirs


@pytest.mark.parametrize("name", NAMES)
def test_bundled_maps_are_valid_for_both(name):
    assert verdicts(bundled(name)) == ([], [])


def test_messages_are_jsonschemas():
    data = copy.deepcopy(bundled("example"))
    data["grid"]["columns"] = "wide"
    data["grid"]["orientation"] = "round"
    data["grid"]["hex_mm"] = 0
    data["cities"][0]["name"] = ""
    data["cities"][1]["lon"] = 200.5
    del data["cities"][2]["hex"]
    data["rules"]["special_races"]["table"]["9"] = {"region": "x"}
    mine = sorted((tuple(map(str, e.path)), e.message) for e in OURS.iter_errors(data))
    theirs = sorted((tuple(map(str, e.absolute_path)), e.message) for e in REFERENCE.iter_errors(data))
    assert mine == theirs and len(mine) == 7


def test_whole_floats_are_not_counts():
    data = copy.deepcopy(bundled("example"))
    data["grid"]["columns"] = 16.0
    assert [(e.path, e.keyword) for e in OURS.iter_errors(data)] == [(("grid", "columns"), "type")]


def test_a_keyword_it_does_not_know_is_refused():
    with pytest.raises(ValueError, match="not supported"):
        compile_schema({"type": "object", "patternProperties": {"^a": {}}})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.floats(-1e3, 1e3).map(lambda f: int(f) + 0.5)
    | st.text(max_size=4) | st.sampled_from(["A1", "B2/B3", "pointy", "odd", "plain", "11", "1S", "7"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "hex", "edges", "x", "region", "cities", "table"]), inner, max_size=3),
    max_leaves=6)


def _trimmed(x, n=3):
    """A copy of JSON data ``x`` with every list cut to its first ``n`` items."""
    if isinstance(x, dict):
        return {k: _trimmed(v, n) for k, v in x.items()}
    if isinstance(x, list):
        return [_trimmed(v, n) for v in x[:n]]
    return x


@cache
def _cut_valid(name) -> bool:
    return verdicts(_trimmed(bundled(name))) == ([], [])


def _places(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _places(v, path + (i,))


@settings(max_examples=300)
@given(st.sampled_from(NAMES), st.lists(st.tuples(st.integers(0, 10**6),
                                                  st.sampled_from(["set", "drop", "add"]),
                                                  json_values), min_size=1, max_size=4))
def test_mutated_maps_get_the_same_verdicts(name, mutations):
    data = _trimmed(bundled(name))
    assert _cut_valid(name)           # the mutations start from a valid map
    for pos, how, value in mutations:
        places = list(_places(data))
        path = places[pos % len(places)]
        if not path:
            continue
        parent = data
        for p in path[:-1]:
            parent = parent[p]
        if how == "set":
            parent[path[-1]] = value
        elif how == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent["unknown_" + str(pos % 7)] = value
        else:
            parent.append(value)
    mine, theirs = verdicts(data)
    assert mine == theirs


def test_engine_schema_compiles_and_agrees_on_an_export():
    from mapkit.engine.compiled import compile_map
    from mapkit.io.yamlmap import load_map

    data = json.loads(json.dumps(compile_map(load_map(MAPS / "example.yaml"))))
    ours, reference = compile_schema(ENGINE_SCHEMA), jsonschema.Draft202012Validator(ENGINE_SCHEMA)
    assert verdicts(data, ours, reference) == ([], [])
    data["version"] = "1"
    data["cities"][0]["numbers"] = ["x"]
    data.pop("grid")
    mine, theirs = verdicts(data, ours, reference)
    assert mine == theirs and len(mine) >= 3
