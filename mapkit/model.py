"""The map: a board of hexes with terrain, edge features, cities, regions and rules.

The model is plain data. It is built by the readers in :mod:`mapkit.io` (or by code), checked
by :mod:`mapkit.validate`, and read by analysis, rendering and the engine. Collections are
kept in a canonical order (edges sorted, cities in race-number order) so that two maps with
the same content compare equal and save to the same bytes.

>>> from mapkit.grid import Grid, parse_hex
>>> m = Map(grid=Grid("pointy", "odd", 4, 3), cities=[
...     City("Brno", parse_hex("D3"), (21,)), City("Praha", parse_hex("A1"), (11, 12))])
>>> [c.name for c in m.cities]
['Praha', 'Brno']
>>> m.city_at(parse_hex("A1")).name, m.city_by_number(21).name
('Praha', 'Brno')
>>> m.terrain_at(parse_hex("B2"))
'plain'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .grid import Edge, Grid, Hex, edge

__all__ = [
    "TERRAINS",
    "ART_CHARS",
    "CHAR_OF_TERRAIN",
    "PASSABLE",
    "ALL_RACE_NUMBERS",
    "City",
    "EdgeSet",
    "Region",
    "Ferry",
    "Rules",
    "Map",
    "is_race_number",
]

TERRAINS = ("plain", "mountain", "water", "foreign", "off")
# One character per terrain in an ``art`` block.
ART_CHARS = {".": "plain", "^": "mountain", "~": "water", "#": "foreign", "x": "off"}
CHAR_OF_TERRAIN = {t: c for c, t in ART_CHARS.items()}
# Terrains a train or a track may enter (foreign only when the map allows border crossing).
PASSABLE = frozenset({"plain", "mountain"})
ALL_RACE_NUMBERS = tuple(10 * t + u for t in range(1, 7) for u in range(1, 7))


def is_race_number(n) -> bool:
    """True for the 36 codes 11..66 whose digits are both 1..6."""
    return isinstance(n, int) and not isinstance(n, bool) and 11 <= n <= 66 and 1 <= n % 10 <= 6


@dataclass(frozen=True)
class City:
    """A city: a hex with a red outline. ``numbers`` are its race numbers (may be empty)."""

    name: str
    hex: Hex
    numbers: tuple[int, ...] = ()
    tags: tuple[str, ...] = ()
    colour: str | None = None
    region: str | None = None
    # Optional real-world position (``lon``, ``lat``) of a city made from geography.
    lon: float | None = None
    lat: float | None = None

    def __post_init__(self):
        object.__setattr__(self, "hex", Hex(*self.hex))
        object.__setattr__(self, "numbers", tuple(self.numbers))
        object.__setattr__(self, "tags", tuple(self.tags))

    @property
    def sort_key(self):
        """Cities sort by their smallest race number; cities without numbers last, by name."""
        return (0, min(self.numbers), self.name) if self.numbers else (1, 0, self.name)


@dataclass(frozen=True)
class EdgeSet:
    """A named set of edges: one river, one stretch of border, one ridge."""

    edges: frozenset = frozenset()
    name: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "edges", frozenset(edge(Hex(*a), Hex(*b)) for a, b in self.edges))

    def sorted_edges(self) -> list[Edge]:
        return sorted(self.edges)


@dataclass(frozen=True)
class Region:
    """A named group of hexes: a country, a province, a group of ports."""

    name: str
    hexes: tuple[Hex, ...] = ()
    # Extra optional fields of a region (e.g. ``kind: foreign``) are kept as given.
    extra: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "hexes", tuple(sorted(Hex(*h) for h in self.hexes)))
        object.__setattr__(self, "extra", tuple(sorted(dict(self.extra).items())))


@dataclass(frozen=True)
class Ferry:
    """A ferry line from a port city to a hex, bought for ``cost``; ``fare`` = board, sail, land."""

    name: str | None
    from_city: str
    to: Hex
    cost: int = 6
    fare: tuple[int, ...] = (1, 3, 1)

    def __post_init__(self):
        object.__setattr__(self, "to", Hex(*self.to))
        object.__setattr__(self, "fare", tuple(self.fare))


@dataclass
class Rules:
    """The map's rule settings (the ``rules:`` block); unknown keys stay in ``extra``."""

    border_crossing: bool = False
    # With border crossing: a track stops on the first hex beyond the border (docs/rules.md,
    # International races), so no step joins two foreign hexes in tables and validation either.
    stop_at_border: bool = False
    start_cities: list[str] = field(default_factory=list)
    min_race_distance: int | None = None
    special_races: dict | None = None
    extra: dict = field(default_factory=dict)

    def is_default(self) -> bool:
        return self == Rules()

    @property
    def preset(self) -> str | None:
        """The rules preset the map is meant for (``rules.preset``, kept in ``extra``), or None."""
        preset = self.extra.get("preset")
        return str(preset) if preset else None


@dataclass
class Map:
    """A hex map. ``terrain`` holds an entry for every hex of the grid."""

    grid: Grid
    terrain: dict[Hex, str] = field(default_factory=dict)
    rivers: list[EdgeSet] = field(default_factory=list)
    borders: list[EdgeSet] = field(default_factory=list)
    ridges: list[EdgeSet] = field(default_factory=list)
    cities: list[City] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    rules: Rules = field(default_factory=Rules)
    ferries: list[Ferry] = field(default_factory=list)
    # name, description, author, source, license, geo ... (top-level metadata keys)
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        full = {h: "plain" for h in self.grid.hexes()}
        for h, t in self.terrain.items():
            if t not in TERRAINS:
                raise ValueError(f"unknown terrain {t!r}")
            full[Hex(*h)] = t
        self.terrain = full
        self.cities = sorted(self.cities, key=lambda c: c.sort_key)
        self._index()

    def _index(self):
        self._city_at: dict[Hex, City] = {}
        self._city_of_number: dict[int, City] = {}
        self._city_by_name: dict[str, City] = {}
        for c in self.cities:
            self._city_at.setdefault(c.hex, c)
            self._city_by_name.setdefault(c.name, c)
            for n in c.numbers:
                self._city_of_number.setdefault(n, c)

    def __eq__(self, other):
        if not isinstance(other, Map):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in (
            "grid", "terrain", "rivers", "borders", "ridges", "cities", "regions", "rules",
            "ferries", "meta"))

    # -- look-ups ---------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.meta.get("name") or "")

    def terrain_at(self, h) -> str:
        """Terrain of ``h``; ``off`` for hexes outside the board."""
        return self.terrain.get(Hex(*h), "off")

    def city_at(self, h) -> City | None:
        return self._city_at.get(Hex(*h))

    def city_by_number(self, n: int) -> City | None:
        return self._city_of_number.get(n)

    def city_named(self, name: str) -> City | None:
        """The city called ``name``; case- and accent-sensitive first, then case-insensitive."""
        c = self._city_by_name.get(name)
        if c is None:
            folded = name.casefold()
            for city in self.cities:
                if city.name.casefold() == folded:
                    return city
        return c

    def find_city(self, text: str) -> City | None:
        """A city given by name or race number (``"Praha"``, ``"11"``)."""
        t = str(text).strip()
        if t.isdigit():
            c = self.city_by_number(int(t))
            if c is not None:
                return c
        return self.city_named(t)

    def region(self, name: str) -> Region | None:
        for r in self.regions:
            if r.name == name:
                return r
        return None

    def used_numbers(self) -> list[int]:
        return sorted(n for c in self.cities for n in c.numbers)

    def edge_set(self, kind: str) -> frozenset:
        """All edges of one kind (``rivers``, ``borders``, ``ridges``) as one set."""
        out: set = set()
        for es in getattr(self, kind):
            out |= es.edges
        return frozenset(out)

    def hexes_with(self, terrain: str) -> list[Hex]:
        return [h for h, t in self.terrain.items() if t == terrain]

    def is_passable(self, h, border_crossing: bool | None = None) -> bool:
        """Whether trains and track may enter ``h`` (foreign only with border crossing)."""
        t = self.terrain_at(h)
        if t in PASSABLE:
            return True
        bc = self.rules.border_crossing if border_crossing is None else border_crossing
        return t == "foreign" and bc

    def replace(self, **changes) -> Map:
        """A copy with some fields replaced (the indexes are rebuilt)."""
        fields: dict[str, Any] = dict(grid=self.grid, terrain=dict(self.terrain), rivers=list(self.rivers),
                      borders=list(self.borders), ridges=list(self.ridges),
                      cities=list(self.cities), regions=list(self.regions), rules=self.rules,
                      ferries=list(self.ferries), meta=dict(self.meta))
        fields.update(changes)
        return Map(**fields)

