"""The bounded YAML reader (mapkit.io.yamldoc): the same data as PyYAML's safe loader, the
line of every value, bounds met while parsing, nothing kept between reads."""

from __future__ import annotations

import gc
import time
import tracemalloc

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests.support import MAPS, str_keys
from mapkit.errors import InputError
from mapkit.io.yamldoc import MAX_NUMBER_DIGITS, load_yaml



@pytest.mark.parametrize("path", sorted(MAPS.glob("*.yaml")), ids=lambda p: p.stem)
def test_bundled_maps_read_as_the_safe_loader_reads_them(path):
    text = path.read_text("utf-8")
    assert load_yaml(text, path.name)[0] == str_keys(yaml.safe_load(text))


scalars = st.none() | st.booleans() | st.integers(-10**12, 10**12) \
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8)
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=4), max_leaves=25)


@given(documents, st.sampled_from([True, False]))
def test_any_document_reads_as_the_safe_loader_reads_it(data, flow):
    text = yaml.safe_dump({"doc": data}, allow_unicode=True, default_flow_style=flow)
    assert load_yaml(text, "x.yaml")[0] == str_keys(yaml.safe_load(text))


def test_lines_of_values_block_and_flow():
    text = "name: A\ngrid:\n  columns: 3\ncities:\n  - {name: B, numbers: [11, 12]}\n  -\n    name: C\n"
    data, doc = load_yaml(text, "m.yaml")
    assert doc.line(("name",)) == 1 and doc.line(("grid", "columns")) == 3
    assert doc.line(("cities", 0, "numbers", 1)) == 5 and doc.line(("cities", 1, "name")) == 7
    assert doc.line(("nothing", "here")) is None or doc.line(("nothing", "here")) == 1


def test_yaml_forms_as_yaml_1_1_reads_them():
    data, _ = load_yaml("a: 0x1f\nb: 1_000\nc: yes\nd: ~\ne: 2001-12-14\nf: !!str 12\ng: '12'\n"
                        "h: 1:30\ni: &x {k: 1}\nj: {<<: *x, l: 2}\n1: one\nyes: key\n", "m.yaml")
    assert data == {"a": 31, "b": 1000, "c": True, "d": None, "e": "2001-12-14", "f": "12", "g": "12",
                    "h": 90, "i": {"k": 1}, "j": {"k": 1, "l": 2}, "1": "one", "yes": "key"}


@pytest.mark.parametrize("text, needle", [
    ("a: 1\na: 2\n", "m.yaml:2: duplicate key 'a'"),
    ("? [1, 2]\n: x\n", "a key must be a plain value"),
    ("a: !!python/object:os.system x\n", "the tag tag:yaml.org,2002:python/object:os.system is not allowed"),
    ("a: !local x\n", "the tag !local is not allowed"),
    ("a: " + "9" * (MAX_NUMBER_DIGITS + 1) + "\n", f"a number of {MAX_NUMBER_DIGITS + 1} digits is too long"),
    ("a: .nan\n", "'.nan' is not a finite number"),
    ("a: 1\n---\nb: 2\n", "m.yaml:2: more than one document"),
    ("a: *nowhere\n", "undefined alias *nowhere"),
    ("a: &x [1, *x]\n", "undefined alias *x"),
    ("a: " + "[" * 61 + "]" * 61 + "\n", "nested more than 60 levels deep"),
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
    ("a: [1, 2\n", "m.yaml:2: malformed YAML"),
    ('a: "\\ud800"\n', "m.yaml:1: malformed YAML"),
    ("a: b\x01\n", "m.yaml:1: malformed YAML"),
    ("a: {<<: [1]}\n", "a merge (<<) takes a mapping"),
])
def test_bad_documents_give_one_line(text, needle):
    with pytest.raises(InputError) as info:
        load_yaml(text, "m.yaml")
    assert needle in str(info.value) and "\n" not in str(info.value)


def test_an_alias_bomb_is_stopped_before_it_is_expanded():
    text = 'a: &a ["x","x","x","x","x","x","x","x","x","x"]\n' + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 10) + "]\n" for i in range(8))
    t0 = time.process_time()
    with pytest.raises(InputError, match="document too large"):
        load_yaml(text, "bomb.yaml")
    assert time.process_time() - t0 < 1.0  # 10^9 values never built (a behaviour, not a speed target)


def test_a_flat_list_is_stopped_at_the_value_bound():
    with pytest.raises(InputError, match="m.yaml:1: document too large .more than 1000 values"):
        load_yaml("a: [" + "1," * 5000 + "1]\n", "m.yaml", max_values=1000)


def test_empty_documents():
    assert load_yaml("", "m.yaml")[0] is None
    assert load_yaml("# only a comment\n", "m.yaml")[0] is None


def test_nothing_is_kept_between_reads():
    text = (MAPS / "germany.yaml").read_text("utf-8")
    load_yaml(text, "g.yaml")
    gc.collect()
    # what lives already is left out of the collections below (they then look at the reads'
    # objects only, quick whatever the earlier tests of this process left)
    gc.freeze()
    tracemalloc.start()
    try:
        load_yaml(text, "g.yaml")
        gc.collect()
        after_one = tracemalloc.get_traced_memory()[0]
        for _ in range(10):
            load_yaml(text, "g.yaml")
        gc.collect()
        after_many = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        gc.unfreeze()
    # The old reader kept every node of every read (about 1.4 MB per read of this map); ten
    # reads may keep 3.2 KB each at most (measured: 120 bytes in all).
    assert after_many - after_one < 10 * 3.2 * 1024
