"""The race tables of the Dampfross family: the family's part of the engine's document.

Only the Dampfross games draw races between race numbers, so only they need what the map's
distances make of them (docs/rules.md, Expres): the steps ``distances`` between cities (the
Expres distance table), from it the ``forbidden`` races (under ``min_race_distance``, or no
way at all) and the ``prizes`` (2x and 1x; ``null`` where the cities cannot reach each
other), both by :mod:`mapkit.analysis.races`, the map's ``start_cities`` and its
``special_races`` table with every target resolved to hexes. Every map is a Dampfross board,
so the family compiles them for every map (``GameFamily.compiles_every_map``), after the
core's keys and under the names ``mapkit export`` always gave them: an export written before
they moved here reads the same. The core reads none of them; a TransAmerica game on the
same document never asks.

:func:`compiled_tables` is what the export writes (:data:`ENGINE_SCHEMA`),
:func:`read_board_tables` what the engine reads back, once per board (:class:`RaceTables`),
and :func:`race_tables` how the rules, steps and bots ask for it (``board.part``).

>>> from mapkit.engine.compiled import EngineMap
>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import City, Map, Rules
>>> cities = [City("Aš", H("A1"), (11,)), City("Cheb", H("D1"), (12,)), City("Sokolov", H("F1"), (13,))]
>>> rules = Rules(start_cities=["Cheb"], min_race_distance=3)
>>> t = race_tables(EngineMap.from_map(Map(Grid("pointy", "odd", 6, 1), cities=cities, rules=rules)))
>>> t.steps_between(0, 1), t.steps_between(1, 2), t.min_race_distance, t.start_cities
(3, 2, 3, (1,))
>>> t.forbidden_pair(13, 12), t.forbidden_pair(11, 12), t.prize_of(12, 11)
(True, False, (6, 3))
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from ....grid import Hex, HexNameError, hex_name, parse_hex

__all__ = ["RaceTables", "ENGINE_SCHEMA", "compiled_tables", "read_board_tables", "race_tables"]

_RACE_NUMBER = {"$ref": "#/$defs/raceNumber"}
_HEX = {"$ref": "#/$defs/hexName"}
_DISTANCE = {"type": ["integer", "null"], "minimum": 0}

_SPECIAL_ENTRY = {
    "type": "object",
    "required": ["target", "hexes"],
    "additionalProperties": False,
    "properties": {
        "target": {"type": "object"},
        "hexes": {"type": "array", "items": _HEX},
        "groups": {"type": "object", "description": "for a named rule over regions (other-region): region -> "
                                                    "the hexes of its numbered cities",
                   "additionalProperties": {"type": "array", "items": _HEX}},
    },
}

# What the engine's document holds of the race tables: top-level key -> JSON Schema, in the
# order the export writes them (the names and shapes of every export before they moved here).
ENGINE_SCHEMA: dict[str, Any] = {
    "start_cities": {"type": "array", "items": {"type": "string"}},
    "distances": {
        "type": "object",
        "required": ["metric", "cities", "matrix"],
        "additionalProperties": False,
        "properties": {
            "metric": {"const": "steps"},
            "cities": {"type": "array", "items": {"type": "string"}},
            "matrix": {"type": "array", "items": {"type": "array", "items": _DISTANCE}},
        },
    },
    "min_race_distance": {"type": "integer", "minimum": 0},
    "forbidden": {
        "type": "array",
        "description": "race-number pairs [a, b], a < b, whose cities are under min_race_distance steps apart "
                       "or cannot reach each other",
        "items": {"type": "array", "items": _RACE_NUMBER, "minItems": 2, "maxItems": 2},
    },
    "prizes": {
        "type": "object",
        "description": "\"a-b\" (a < b) -> [first, second] = [2x, 1x] the steps distance (Expres); nulls when "
                       "unreachable",
        "propertyNames": {"pattern": "^[1-6][1-6]-[1-6][1-6]$"},
        "additionalProperties": {"type": "array", "items": {"type": ["integer", "null"], "minimum": 0},
                                 "minItems": 2, "maxItems": 2},
    },
    "special_races": {
        "oneOf": [
            {"type": "null"},
            {
                "type": "object",
                "required": ["every", "table"],
                "additionalProperties": False,
                "properties": {
                    "every": {"type": ["integer", "null"], "minimum": 1},
                    "dice": {"type": "string", "description": "how the table is rolled: one-die (a key per die "
                             "face or range), row-parity (red die and the white die's parity: 1S even, 1L odd)"},
                    "table": {"type": "object", "additionalProperties": _SPECIAL_ENTRY},
                },
            },
        ],
    },
}


# -- the export ------------------------------------------------------------------------------
def compiled_tables(m) -> dict[str, Any]:
    """The race tables of map ``m`` for the engine's document (:data:`ENGINE_SCHEMA`), for
    every map: the steps table is the Dampfross boards' own, made here and nowhere else."""
    from ....analysis.distances import city_table
    from ....analysis.races import forbidden_pairs, min_distance_of, prizes

    table = city_table(m, "steps")
    min_distance = min_distance_of(m)
    return {
        "start_cities": list(m.rules.start_cities),
        "distances": {"metric": "steps", "cities": [c.name for c in table.cities],
                      "matrix": [list(r) for r in table.matrix]},
        "min_race_distance": min_distance,
        "forbidden": [[a, b] for a, b in forbidden_pairs(m, min_distance, table=table)],
        "prizes": {f"{a}-{b}": [first, second] for (a, b), (first, second) in prizes(m, table=table).items()},
        "special_races": _special_targets(m),
    }


def _special_targets(m) -> dict | None:
    """The map's special-race table with every target resolved to a sorted list of hexes, so
    that a game draws a special race without the map (from an export alone)."""
    sr = m.rules.special_races
    if not sr:
        return None
    table = {}
    for key, target in sorted(sr.get("table", {}).items()):
        entry = {"target": target, "hexes": [hex_name(h) for h in sorted(_target_hexes(m, target))]}
        if target.get("rule"):
            entry["groups"] = _rule_groups(m, target)
        table[str(key)] = entry
    return {"every": sr.get("every"), "dice": sr.get("dice", "one-die"), "table": table}


def _target_regions(target: dict) -> list[str]:
    return ([target["region"]] if "region" in target else []) + list(target.get("regions", []))


def _target_hexes(m, target: dict) -> set[Hex]:
    """The hexes of one special-race target: its regions, cities, hexes and tagged cities."""
    hexes: set[Hex] = set()
    if target.get("rule") == "other-region":
        # The cities of the named regions (the race goes from one to another of them).
        for group in _rule_groups(m, target).values():
            hexes.update(parse_hex(h) for h in group)
    else:
        for rname in _target_regions(target):
            r = m.region(rname)
            if r is not None:
                hexes.update(r.hexes)
    for cname in target.get("cities", []):
        c = m.city_named(cname)
        if c is not None:
            hexes.add(c.hex)
    for hname in target.get("hexes", []):
        with contextlib.suppress(HexNameError):
            hexes.add(parse_hex(hname))
    tags = set(target.get("tags", []))
    if tags:
        hexes.update(c.hex for c in m.cities if tags & set(c.tags))
    return hexes


def _rule_groups(m, target: dict) -> dict:
    """For a named rule over regions (``other-region``): region name -> its cities' hexes."""
    groups = {}
    for rname in _target_regions(target):
        r = m.region(rname)
        inside = set(r.hexes) if r is not None else set()
        groups[rname] = sorted(hex_name(c.hex) for c in m.cities
                               if c.numbers and (c.region == rname or c.hex in inside))
    return groups


# -- the engine ------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class RaceTables:
    """The race tables of one board as the Dampfross games read them: ``steps[i][j]`` the
    table distance between city indices (None: no way), ``forbidden`` and ``prizes`` by race
    numbers ``(a, b)``, ``a < b`` (pairs that cannot reach each other have no prize),
    ``start_cities`` as city indices, ``special_races`` as the export wrote it (plain data,
    None when the map has no table; the steps read it only when the game has special races)."""

    steps: list[list[int | None]]
    min_race_distance: int
    forbidden: frozenset[tuple[int, int]]
    prizes: dict[tuple[int, int], tuple[int, int]]
    start_cities: tuple[int, ...]
    special_races: Any

    def steps_between(self, i: int, j: int) -> int | None:
        """The table distance (hex steps over the whole board) between cities ``i`` and ``j``."""
        return self.steps[i][j]

    def forbidden_pair(self, a: int, b: int) -> bool:
        """Whether the race between race numbers ``a`` and ``b`` is in the forbidden table."""
        return ((a, b) if a < b else (b, a)) in self.forbidden

    def prize_of(self, a: int, b: int) -> tuple[int, int] | None:
        """(first, second) prize by the table for race numbers ``a`` and ``b`` (None: a == b)."""
        return self.prizes.get((a, b) if a < b else (b, a))


def read_board_tables(board) -> RaceTables:
    """The race tables of an engine map's document (:func:`compiled_tables`); a map naming no
    threshold (or 0) plays with Expres's 10, as the engine always read it."""
    from ....analysis.races import DEFAULT_MIN_DISTANCE

    data = board.data
    by_name: dict[str, int] = {}
    for i, c in enumerate(board.cities):
        by_name.setdefault(c.name, i)
    prizes = {_pair(k): (int(v[0]), int(v[1])) for k, v in data.get("prizes", {}).items() if v[0] is not None}
    return RaceTables(
        steps=data["distances"]["matrix"],
        min_race_distance=int(data.get("min_race_distance") or DEFAULT_MIN_DISTANCE),
        forbidden=frozenset((int(a), int(b)) for a, b in data.get("forbidden", [])),
        prizes=prizes,
        start_cities=tuple(by_name[n] for n in data.get("start_cities", []) if n in by_name),
        special_races=data.get("special_races"))


def _pair(key: str) -> tuple[int, int]:
    a, b = key.split("-")
    return int(a), int(b)


def race_tables(board) -> RaceTables:
    """The race tables of an :class:`~mapkit.engine.compiled.EngineMap`, read once per board."""
    return board.part("dampfross")
