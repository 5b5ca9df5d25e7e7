"""``mapkit validate --rules railroad-tycoon`` warns (W215) of a board with fewer cities holding
goods at set-up than the empty cities that end a game (docs/rules.md, Railroad Tycoon: 10, 12,
14, 16, 18 for two to six players)."""

from __future__ import annotations

import pytest

from mapkit.boardcheck import rule_issues
from mapkit.grid import Grid
from mapkit.io.yamlwrite import save_map
from mapkit.model import City, Map, Rules
from tests.engine.railroad_tycoon.scenario import strip_map
from tests.support import run_here


def _towns(stocked: int, grey: int = 0) -> Map:
    """A row of towns two steps apart: ``stocked`` red ones (2 goods each by default) and
    ``grey`` ones (no goods), the first the Western Link's."""
    towns = [City(f"Město {i}", (2 * i, 0)) for i in range(stocked + grey)]
    colours = {c.name: "red" for c in towns[:stocked]}
    return Map(Grid("pointy", "odd", 2 * len(towns), 1), cities=towns,
               rules=Rules(extra={"railroad_tycoon": {"colours": colours, "western_link": [towns[0].name]}}))


@pytest.mark.parametrize("stocked, players, need", [(4, 2, 10), (11, 3, 12), (13, 4, 14), (17, 6, 18)])
def test_too_few_cities_with_goods(stocked, players, need):
    [w] = rule_issues(_towns(stocked, grey=3), "railroad-tycoon")
    assert w.code == "W215"
    assert f"it has {stocked} cities with goods" in w.message
    assert f"the {need} empty cities that end a game of {players} players" in w.message
    assert ("(or more)" in w.message) == (players < 6)


def test_enough_cities_no_warning():
    assert rule_issues(_towns(18, grey=2), "railroad-tycoon") == []


def test_the_scenario_strip_and_the_command(tmp_path):
    # New York 2 goods, Pittsburgh, Chicago and Boston 1 each: 4 cities, fewer than 10
    path = tmp_path / "strip.yaml"
    save_map(strip_map(), path)
    r = run_here("validate", path, "--rules", "railroad-tycoon")
    assert r.returncode == 0, r.stderr
    assert "W215" in r.stdout and "it has 4 cities with goods" in r.stdout and "a game of 2 players" in r.stdout
