"""The folder's conventions of :class:`mapkit.engine.family.GameFamily`: a hook that only asks
a module of the family's package finds it by its name; a missing module leaves the plain
default; an error inside a module that is there is raised, never taken for its absence."""

from __future__ import annotations

import importlib
import sys

import pytest

from mapkit.engine.family import GameFamily
from mapkit.engine.game import FAMILIES

FAMILY_SOURCE = '''
from mapkit.engine.family import GameFamily


class Family(GameFamily):
    name = "{name}"


FAMILY = Family()
'''


@pytest.fixture
def package(tmp_path, monkeypatch):
    """``make(name, {module path: source})`` -> the family of a new package on sys.path."""
    monkeypatch.syspath_prepend(str(tmp_path))
    made = []

    def make(name, files):
        root = tmp_path / name
        root.mkdir()
        (root / "__init__.py").write_text(FAMILY_SOURCE.format(name=name), encoding="utf-8")
        for path, source in files.items():
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.parent != root and not (target.parent / "__init__.py").exists():
                (target.parent / "__init__.py").write_text("", encoding="utf-8")
            target.write_text(source, encoding="utf-8")
        made.append(name)
        return importlib.import_module(name).FAMILY

    yield make
    for name in made:
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]


def test_modules_are_found_by_their_names(package):
    fam = package("conventional", {
        "stats.py": "def seat_line(seat):\n    return 'moves ' + str(seat['moves'])\n",
        "front/web.py": ("REQUESTS = {'ping': lambda state, seat, message: {'pong': seat}}\n"
                         "PUBLIC = frozenset({'ping'})\n"),
        "front/web.js": "export function draw() {}\n",
    })
    assert fam.package == "conventional"
    assert fam.seat_line({"moves": 7}) == "moves 7"
    assert fam.web_requests()["ping"](None, 2, {}) == {"pong": 2}
    assert fam.public_requests() == frozenset({"ping"})
    assert fam.web_script() is not None and fam.web_script().name == "web.js"
    # what the folder lacks keeps the plain defaults
    assert fam.report_lines({}) == [] and fam.game_stats(None) == {} and fam.option_notes() == {}
    assert fam.balance_changes(None, None) == [] and fam.kit_rules(None, "x") is None
    with pytest.raises(NotImplementedError, match="prints no sheets"):
        fam.write_sheets(None, None, None)


def test_the_dampfross_kit_rules_come_from_its_front():
    # mapkit races asks the family (its front/kit.py), not the drawing: Paluba pays 20 and 10
    # and runs a race only over 6 pieces of built track; Expres pays twice and once the table
    # distance and forbids races under the threshold (here given: 4); docs/rules.md
    from mapkit.grid import Grid
    from mapkit.grid import parse_hex as H
    from mapkit.model import City, Map

    m = Map(Grid("pointy", "odd", 8, 1), cities=[City("Aš", H("A1"), (11,)), City("Most", H("H1"), (12,))])
    fam = FAMILIES["dampfross"]
    paluba, expres = fam.kit_rules(m, "paluba"), fam.kit_rules(m, "expres", 4)
    assert (paluba.rule, paluba.limit, paluba.prize(7)) == ("track", 6, (20, 10))
    assert (expres.rule, expres.limit, expres.prize(7), expres.verdict(3)) == ("table", 4, (14, 7), "yes")


def test_an_error_inside_a_module_is_raised(package):
    fam = package("broken", {"stats.py": "import a_module_nobody_has_xyz\n"})
    with pytest.raises(ModuleNotFoundError, match="a_module_nobody_has_xyz"):
        fam.game_stats(None)


def test_the_bundled_families_need_no_delegation():
    # their hooks come from their folders: the same objects the modules hold
    from mapkit.engine.games.transamerica.front import web as ta_web

    ta = FAMILIES["transamerica"]
    assert ta.web_requests() is ta_web.REQUESTS and ta.option_notes() is ta_web.OPTION_NOTES
    assert ta.web_script().parent.name == "front" and ta.web_script().is_file()
    assert all(type(f).game_stats is GameFamily.game_stats for f in FAMILIES.values())
