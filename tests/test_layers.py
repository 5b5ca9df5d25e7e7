"""The house's layers, read from the source: data flows one way (file -> model ->
analysis / render / engine -> front ends), no package imports another that imports it back,
and the engine's core knows no particular game.

Every module of ``mapkit`` is parsed with :mod:`ast`; every import counts, at module level or
inside a function (a deferred import is still a dependency, only a later one), with relative
imports resolved. The nodes are the top-level packages and modules (``grid``, ``model``,
``render``, ``engine``, ``commands`` ...), except that each game family under
``mapkit/engine/games/`` is a node of its own: the families are plug-ins the core finds by
looking, so an import from the core into one is a cycle like any other. A family's front ends
(``engine/games/NAME/front/``: its terminal, browser and printed sheets) are a front end of
their own, node ``front.NAME``: they may use ``play`` and ``web`` as those use every layer, and
the family's hooks import them only when called.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mapkit"

# The front ends: they may use every layer below them (model, analysis, render, engine and the
# modules they share) and no layer below may use them (a family's own fronts: ``front.NAME``).
FRONT_ENDS = {"play", "web", "commands", "cli", "__main__", "front"}

# Edges between packages that are known to go the wrong way and are left for later, each with
# its reason. Keep this short: an edge here is a debt, not a permission.
ALLOWED: dict[tuple[str, str], str] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path):
    """The ``mapkit`` modules that module ``name`` (at ``path``) imports anywhere in its body,
    each with the line of the import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                # ``from . import games`` names a module; ``from .game import PRESETS`` a name.
                sub = f"{origin}.{alias.name}"
                yield (sub if sub in MODULES else origin), node.lineno


def node_of(module: str) -> str | None:
    """The package graph's node of a ``mapkit`` module (None: not mapkit's, or the root)."""
    parts = module.split(".")
    if parts[0] != "mapkit" or len(parts) < 2:
        return None
    if parts[1:3] == ["engine", "games"] and len(parts) > 3:
        if len(parts) > 4 and parts[4] == "front":
            return f"front.{parts[3]}"
        return ".".join(parts[1:4])
    return parts[1]


@cache
def edges() -> dict[tuple[str, str], list[str]]:
    """(importing node, imported node) -> where: "module:line" of every such import (read when
    a test first asks, not when the module is collected: every worker collects every module)."""
    edges: dict[tuple[str, str], list[str]] = {}
    for name, path in MODULES.items():
        src = node_of(name)
        for target, line in _imports(name, path):
            dst = node_of(target)
            if src and dst and src != dst and not _hook_loads_front(name, dst):
                edges.setdefault((src, dst), []).append(f"{name}:{line}")
    return edges


def _hook_loads_front(module: str, dst: str) -> bool:
    """Whether this is a family's hook module (``engine/games/NAME/family.py``) loading the
    family's own front (``front.NAME``) when a front end calls the hook: the plug-in direction,
    as the registry loads the families (by name, when asked), not a dependency of the game on
    its fronts (the game's rules, states and bots never import them)."""
    parts = module.split(".")
    return (len(parts) == 5 and parts[1:3] == ["engine", "games"] and parts[4] == "family"
            and dst == f"front.{parts[3]}")



def _graph() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_edges_from(e for e in edges() if e not in ALLOWED)
    return g


def _describe(pairs) -> str:
    """Each edge with the first places that make it (module:line)."""
    lines = []
    for a, b in pairs:
        places = sorted(set(edges()[a, b]))
        more = f" and {len(places) - 5} more" if len(places) > 5 else ""
        lines.append(f"{a} -> {b}: {', '.join(places[:5])}{more}")
    return "\n".join(lines)


def test_the_reader_sees_the_imports_it_must():
    """The graph is not empty by mistake: known imports of each kind are found."""
    assert ("commands", "render") in edges()          # deferred, relative, inside functions
    assert ("analysis", "grid") in edges()            # module level
    assert ("engine.games.dampfross", "engine") in edges()   # three dots up
    assert node_of("mapkit.engine.games") == "engine" and node_of("mapkit") is None


def test_no_cycles_between_packages():
    cycles = sorted(sorted(c) for c in nx.strongly_connected_components(_graph()) if len(c) > 1)
    if cycles:
        within = [(a, b) for c in cycles for a in c for b in c if (a, b) in edges() and (a, b) not in ALLOWED]
        pytest.fail(f"package cycles {cycles}; the imports between them:\n{_describe(sorted(within))}")


def test_no_layer_below_the_front_ends_imports_one():
    wrong = sorted((a, b) for a, b in edges() if a.split(".")[0] not in FRONT_ENDS and b in FRONT_ENDS
                   and (a, b) not in ALLOWED)
    assert not wrong, f"a lower layer imports a front end:\n{_describe(wrong)}"


def test_the_engine_core_imports_no_game_family():
    wrong = sorted((a, b) for a, b in edges() if a == "engine" and b.startswith("engine.games.")
                   and (a, b) not in ALLOWED)
    assert not wrong, f"the engine's core imports a game family:\n{_describe(wrong)}"


def test_every_allowed_edge_still_exists():
    """An allow-list entry whose import is gone goes too, so the list only shrinks."""
    assert not [e for e in ALLOWED if e not in edges()]


def test_importing_the_engine_loads_no_game_until_one_is_asked_for():
    """The same rule at run time: the families are found on the first look-up of a preset."""
    code = ("import sys, mapkit.engine as e\n"
            "games = lambda: sorted(m for m in sys.modules if m.startswith('mapkit.engine.games.'))\n"
            "assert not games(), games()\n"
            "assert 'paluba' in e.PRESETS and e.Options().races == 9\n"
            "assert 'mapkit.engine.games.dampfross' in games()\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parent, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
