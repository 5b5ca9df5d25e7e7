"""Fuzzing map documents through the commands: every outcome is exit 0, 1 or 2; a failure is
one line on standard error; never a traceback; never more than a few seconds for one document.

Documents are drawn as maps (valid or nearly: wrong types, sizes at and past the limits, bad
hex names, unknown keys, Unicode and control characters in names), written as YAML, then
mutated as text (characters inserted, deleted, replaced; hostile pieces spliced in: anchors and
aliases, tags, deep brackets, huge numbers, escapes of lone surrogates). Each document goes
through a few commands, in this process (a traceback would fail the test with its stack).
"""

from __future__ import annotations

import time
from datetime import timedelta

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import run_main


COMMANDS = [
    ["validate", "{map}"],
    ["validate", "{map}", "--format", "json"],
    ["info", "{map}", "--format", "json"],
    ["format", "{map}", "-o", "{out}/canon.yaml"],
    ["format", "--check", "{map}"],
    ["distances", "{map}", "--metric", "build", "--format", "csv"],
    ["races", "{map}", "--format", "json"],
    ["route", "{map}", "A1", "C3"],
    ["export", "{map}", "-o", "{out}/game.json"],
    ["export-tmx", "{map}", "-o", "{out}/map.tmx"],
]
# One document may take this long through one command at most (a hang or a runaway parse).
SECONDS = 5.0

def mostly(good, bad):
    """Nine draws in ten from ``good``: most documents get past the reader into the commands."""
    return st.sampled_from([True] * 9 + [False]).flatmap(lambda ok: good if ok else bad)


names = mostly(st.sampled_from(["Praha", "Plzeň", "Częstochowa", "Lübeck", "Žilina", "Brno", "A1", "yes"]),
               st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
               | st.sampled_from(["", " ", "~", "1e-05", "&x", "*x", "- a", "\u2028"]))
hexes = mostly(st.sampled_from(["A1", "B2", "C3", "D4", "B1", "C2", "a1"]),
               st.sampled_from(["AA1", "A0", "1A", "ZZZ999", "", "B2/B3"]))
numbers = mostly(st.sampled_from([11, 12, 13, 14, 21, 36, 66]),
                 st.integers(-5, 70) | st.sampled_from([10**30, 1.5, "11"]))
sizes = mostly(st.integers(1, 12), st.sampled_from([0, -1, 1000, 1001, 10**40, 2.0, "3"]))


@st.composite
def documents(draw) -> dict:
    cols, rows = draw(sizes), draw(sizes)
    if isinstance(cols, int) and isinstance(rows, int) and cols * rows > 20_000:
        rows = 3  # the largest boards are measured by benchmarks/reliability.py, not fuzzed
    doc: dict = {"grid": {"orientation": draw(mostly(st.sampled_from(["pointy", "flat"]), st.just("round"))),
                          "offset": draw(st.sampled_from(["odd", "even"])), "columns": cols, "rows": rows}}
    if draw(st.booleans()):
        doc["grid"]["hex_mm"] = draw(mostly(st.sampled_from([14, 0.00001, 1000]), st.sampled_from([0, -3, 1e300])))
    if draw(st.booleans()) and isinstance(cols, int) and isinstance(rows, int) and 0 < cols <= 12 and 0 < rows <= 12:
        art_rows = draw(st.integers(max(0, rows - 1), rows + 1))
        doc["terrain"] = {"art": "\n".join(" ".join(draw(st.sampled_from(list(".^~#x.?"))) for _ in range(cols))
                                           for _ in range(art_rows)) + "\n"}
    if draw(st.booleans()):
        kind = draw(mostly(st.sampled_from(["mountain", "water", "foreign"]), st.just("lava")))
        doc.setdefault("terrain", {})[kind] = \
            draw(st.lists(hexes, max_size=4))
    doc["cities"] = [{"name": draw(names), "hex": draw(hexes), "numbers": draw(st.lists(numbers, max_size=3))}
                     for _ in range(draw(st.integers(0, 5)))]
    for kind in draw(st.lists(st.sampled_from(["rivers", "borders", "ridges"]), max_size=2, unique=True)):
        doc[kind] = [{"name": draw(names), "edges": draw(st.lists(st.sampled_from(
            ["A1/B1", "B1/B2", "A1/A2", "C3/D3", "A1/C3", "A1", "Z9/Z10"]), max_size=4))}]
    if draw(st.booleans()):
        doc["rules"] = {"border_crossing": draw(st.booleans()), "stop_at_border": draw(st.booleans()),
                        "start_cities": [draw(names)], "min_race_distance": draw(st.integers(-1, 20))}
        if draw(st.booleans()):
            doc["rules"]["special_races"] = {"every": draw(mostly(st.integers(1, 4), st.just(0))), "table": {
                draw(mostly(st.sampled_from(["1", "2-3", "5S"]), st.sampled_from(["7", "x"]))): draw(st.sampled_from(
                    [{"region": "R"}, {"cities": ["Praha"]}, {"hexes": ["A1", "Q99"]}, {}]))}}
    if draw(st.booleans()):
        doc["regions"] = [{"name": draw(names), "hexes": draw(st.lists(hexes, max_size=3))}]
    if draw(st.booleans()):
        doc["ferries"] = [{"from": draw(names), "to": draw(hexes), "cost": draw(numbers)}]
    if not draw(mostly(st.just(True), st.just(False))):
        doc[draw(st.sampled_from(["citys", "version", "name", "geo", "description"]))] = draw(names | numbers)
    return doc


HOSTILE = ["&a [1, 2]", "*a", "!!python/object:os.system x", "!!binary AAAA", "[" * 80, "]" * 80,
           "9" * 5000, '"\\ud800"', "\t", ": :", "- - -", "---\n", "{", "<<: *a", "? [1]\n: 2", "\x85",
           "'", '"', "#", "|", ">", "%YAML 1.1\n", "~", ".nan", "0x1f", "1:30"]
mutations = mostly(st.just([]), st.lists(st.tuples(st.sampled_from(["insert", "delete", "replace", "hostile"]),
                                                 st.integers(0, 10**6), st.text(max_size=3), st.sampled_from(HOSTILE)),
                                       min_size=1, max_size=3)).flatmap(lambda m: st.just(m)) | st.lists(
    st.tuples(st.just("hostile"), st.integers(0, 10**6), st.just(""), st.sampled_from(HOSTILE)), min_size=1, max_size=1)


def mutate(text: str, muts) -> str:
    for kind, pos, piece, hostile in muts:
        i = pos % (len(text) + 1)
        if kind == "insert":
            text = text[:i] + piece + text[i:]
        elif kind == "delete":
            text = text[:i] + text[i + 1 + len(piece):]
        elif kind == "replace":
            text = text[:i] + (piece or "-") + text[i + 1:]
        else:
            text = text[:i] + hostile + text[i:]
    return text


@settings(max_examples=60, deadline=timedelta(seconds=60),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(documents(), mutations, st.lists(st.sampled_from(COMMANDS), min_size=1, max_size=3, unique_by=str))
def test_map_documents_give_exit_0_1_or_2_and_one_line(tmp_path_factory, doc, muts, commands):
    folder = tmp_path_factory.mktemp("fuzz")
    text = mutate(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), muts)
    path = folder / "map.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    for command in commands:
        argv = [a.format(map=path, out=folder) for a in command]
        t0 = time.process_time()
        rc, err = run_main(argv)
        took = time.process_time() - t0
        assert rc in (0, 1, 2), (argv, rc, err)
        if rc == 2 or (rc == 1 and command[0] != "validate"):   # validate tells on standard output
            assert len(err.strip().splitlines()) == 1, (argv, err)
        assert "Traceback" not in err
        assert took < SECONDS, (argv, took)
