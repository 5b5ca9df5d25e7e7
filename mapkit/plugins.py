"""The game families as every layer sees them: found by looking, never imported by name.

A game family (:class:`mapkit.engine.family.GameFamily`) is a package under
``mapkit/engine/games/`` or one offered through the entry-point group ``mapkit.games``; each
exports ``FAMILY``. :func:`discover` finds them (the engine's registry,
:func:`mapkit.engine.game.load_families`, registers what it finds); :func:`families` gives
them to the layers below the engine -- the map reader's schema, :mod:`mapkit.validate`,
the export -- which ask a family about its *map section*: the keys of a map's ``rules``
block that are the family's own (``GameFamily.map_keys``, TransAmerica's ``city_cards``).

The families are found on the first question, not when this module is imported, and only
for a map that has a key of the ``rules`` block the core does not know
(:func:`section_owners`), so reading or validating a map without one imports no game. The
export is the exception (:func:`compiling_families`): a family may compile its part of the
engine's document for every map (``GameFamily.compiles_every_map``: Dampfross's race
tables), so every export asks them all.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import Any

__all__ = ["GAMES_PACKAGE", "ENTRY_POINT_GROUP", "CORE_RULE_KEYS", "discover", "families", "section_owners",
           "compiling_families", "add_schema_parts"]

# Where mapkit's own game packages are, and the entry-point group through which an installed
# distribution offers one (``toy = "toygame:FAMILY"``).
GAMES_PACKAGE = "mapkit.engine.games"
ENTRY_POINT_GROUP = "mapkit.games"
# The keys of a map's ``rules`` block that the core reads from ``Rules.extra`` (the map schema
# declares them): the rest of ``extra`` is the families' map sections.
CORE_RULE_KEYS = frozenset({"preset", "ferry_limit", "start_directions"})

_found: list[Any] | None = None
_lock = threading.RLock()


def discover() -> list[Any]:
    """Every family's ``FAMILY``, looked for now: the packages under :data:`GAMES_PACKAGE` in
    name order, then the entry points of :data:`ENTRY_POINT_GROUP` (a name twice: the first)."""
    global _found
    from importlib.metadata import entry_points

    games = importlib.import_module(GAMES_PACKAGE)
    out: list[Any] = []
    for info in pkgutil.iter_modules(games.__path__):
        if info.ispkg:
            fam = getattr(importlib.import_module(f"{GAMES_PACKAGE}.{info.name}"), "FAMILY", None)
            if fam is not None:
                out.append(fam)
    out += [ep.load() for ep in entry_points(group=ENTRY_POINT_GROUP)]
    unique: dict[str, Any] = {}
    for fam in out:
        unique.setdefault(getattr(fam, "name", ""), fam)
    with _lock:
        _found = list(unique.values())
    return _found


def families() -> list[Any]:
    """The families found (by :func:`discover`, on the first call)."""
    with _lock:
        if _found is not None:
            return _found
    return discover()


def section_owners(m) -> list[Any]:
    """The families whose map section map ``m`` has (one of its ``rules`` keys is among a
    family's ``map_keys``); no family is looked for when the map's ``rules`` block has no
    key outside the core's."""
    keys = set(m.rules.extra) - CORE_RULE_KEYS
    if not keys:
        return []
    return [f for f in families() if keys & set(f.map_keys)]


def compiling_families(m) -> list[Any]:
    """The families that add their part to the engine's document of map ``m``, in the
    registry's order: those that compile one for every map (``compiles_every_map``) and the
    owners of the map sections ``m`` has (:func:`section_owners`)."""
    owners = section_owners(m)
    return [f for f in families() if f.compiles_every_map or f in owners]


def add_schema_parts(properties: dict, hook: str, where: str) -> dict:
    """``properties`` (of a JSON Schema object) with every family's part added, as its hook
    ``hook`` (``map_schema``, ``engine_schema``) gives it: key -> schema; ValueError for a key
    taken already (``where`` names the object in the message)."""
    for fam in families():
        for key, part in getattr(fam, hook)().items():
            if key in properties:
                raise ValueError(f"game family {fam.name}: the key {key!r} of {where} is taken")
            properties[key] = part
    return properties
