"""scripts/compare_bundled.py: the table of draft, balanced and hand-made maps, each figure
checked against a second way of working it out, on the small example map (no draft: designing
a country takes seconds)."""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import json
import sys

import pytest

from mapkit.io.yamlmap import load_map
from tests.support import MAPS, ROOT, run_here

EXAMPLE = MAPS / "example.yaml"


@pytest.fixture(scope="module")
def cb():
    spec = importlib.util.spec_from_file_location("compare_bundled", ROOT / "scripts" / "compare_bundled.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod          # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def compared(cb, tmp_path_factory):
    before = hashlib.sha256(EXAMPLE.read_bytes()).hexdigest()
    s = cb.Settings(tmp_path_factory.mktemp("compare"), games=3, balance_games=3, rounds=1, seed=3)
    result = cb.compare(cb.Case("example", EXAMPLE, "paluba", None), s)
    assert hashlib.sha256(EXAMPLE.read_bytes()).hexdigest() == before      # the bundled map untouched
    return s, result, cb.markdown([result], s)


def test_table_lists_the_three_versions(compared):
    s, result, table = compared
    rows = [line for line in table.splitlines() if line.startswith("| `example`")]
    assert [r.split(" | ")[1] for r in rows] == ["draft", "balanced", "hand-made"]
    assert "made no draft" in rows[0] and result["versions"]["draft"] is None
    assert (s.workdir / "example-balanced.yaml").is_file()
    assert "3 games a version" in table and "--games 3 --rounds 1 --seed 3" in table


def test_warnings_are_validates(compared):
    _, result, table = compared
    out = json.loads(run_here("validate", EXAMPLE, "--rules", "paluba", "--format", "json").stdout)
    codes = sorted(w["code"] for w in out["warnings"])
    m = result["versions"]["hand-made"]
    assert sorted(itertools.chain.from_iterable([c] * n for c, n in m["warnings"].items())) == codes
    assert f"| {len(codes)}: " in table.splitlines()[-3]


def test_race_cells_counted_by_hand(compared):
    """Paluba forbids a race between two numbers of one city (no city is cut off on the example
    map): Praha, České Budějovice, Brno, Ostrava and Znojmo carry 3 numbers (3 pairs each), ten
    cities 2 (1 pair each): 25. Conditional: the pairs of other cities under 6 steps apart,
    counted on `mapkit distances`' table."""
    m = load_map(EXAMPLE)
    city = {n: c.name for c in m.cities for n in c.numbers}
    steps = json.loads(run_here("distances", EXAMPLE, "--format", "json").stdout)
    at = {name: i for i, name in enumerate(steps["cities"])}
    near = sum(1 for a, b in itertools.combinations(sorted(city), 2)
               if city[a] != city[b] and steps["matrix"][at[city[a]]][at[city[b]]] < 6)
    figures = compared[1]["versions"]["hand-made"]
    assert (figures["forbidden"], figures["conditional"]) == (25, near)
    assert "| 25 / " in compared[2].splitlines()[-3]


def test_games_are_simulates_with_the_start_cities_dealt(compared):
    """The example map lists three start cities, so they are dealt (rotate): in 3 games of four
    seats each city is started 3 x 4 / 3 = 4 times."""
    s, result, _ = compared
    report = json.loads(run_here("simulate", EXAMPLE, "--rules", "paluba", "--players", 4, "--games", 3,
                                 "--seed", 3, "--start-cities", "rotate", "--format", "json").stdout)
    assert [c["starts"] for c in report["start_cities"]] == [4, 4, 4]
    m = result["versions"]["hand-made"]
    assert m["start_deal"] == "rotate" and m["games"] == 3
    assert m["redrawn"] == report["races"]["share_redrawn"]
    assert m["verdicts"] == {v["factor"]: v["text"] for v in report["fairness"]["verdicts"]}
