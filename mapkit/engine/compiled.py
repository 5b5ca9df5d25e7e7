"""The board the engine plays on: a map compiled into integer hexes and edges.

:func:`compile_map` (made in :mod:`mapkit.engine.export`) turns a :class:`~mapkit.model.Map`
into the JSON document that ``mapkit export`` writes (schema:
``mapkit/schemas/engine-map.schema.json``); an
:class:`EngineMap` is built from that document, so a game on a YAML map and a game on its
export run on exactly the same data. The export holds:

* ``hexes``: every hex of the board in row-major order (its id is its position), with
  terrain; ``adjacency[id]``: the ids of its neighbours over *open* edges;
* ``edges``: every open edge with its build cost (docs/rules.md, The board, sober rules), its
  movement cost in each direction (uphill 2) and whether a river runs along it;
  ``borders``: the border edges (closed unless the map allows border crossing);
* ``cities`` with their race numbers (and colour, when the map gives one), ``numbers`` (race
  number -> city);
* ``ferries``, ``ferry_limit`` and ``start_directions`` (France's Paris rule);
* ``map.hash``: ``sha256:`` and the SHA-256 of the canonical map text
  (:func:`mapkit.io.yamlwrite.dump_map`), so that game records can name the map;
* after the core's keys, the game families' parts (``GameFamily.compile_extras``): the
  Dampfross family's race tables, compiled for every map (``start_cities``, the steps
  ``distances`` table, ``min_race_distance``, ``forbidden``, ``prizes``, ``special_races``:
  :mod:`mapkit.engine.games.dampfross.racetables`), and TransAmerica's ``city_cards`` on a
  map that has them. The core reads none of them: a family reads its part once per board,
  when it first asks (``board.part(NAME)``, ``GameFamily.board_part``), so a game reads
  only its own tables.

The engine uses hex ids (``Grid.index``) and edge ids (positions in ``edges``) inside; the
names (``C4``, ``C4/C5``) appear only in actions and records.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City, EdgeSet
>>> m = Map(Grid("pointy", "odd", 4, 1), terrain={H("D1"): "mountain"},
...         rivers=[EdgeSet({(H("A1"), H("B1"))})],
...         cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("D1"), (12,))])
>>> b = EngineMap.from_map(m)
>>> [(b.edge_name(e), b.edge_build[e], b.edge_move[e]) for e in range(len(b.edge_ends))]
[('A1/B1', 3, (1, 1)), ('B1/C1', 1, (1, 1)), ('C1/D1', 3, (2, 1))]
>>> b.city_index("12"), [f.name for f in b.section_families()]
(1, ['dampfross'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..grid import Grid, HexNameError, hex_name, parse_edge, parse_hex
from ..model import Map
from .errors import RecordError
from .export import (EXPORT_FORMAT, EXPORT_VERSION, compile_map, export_document,
                     map_hash, map_hashes)

__all__ = ["EngineMap", "CityInfo", "FerryInfo", "compile_map", "export_document", "map_hash",
           "map_hashes", "load_engine_map", "engine_map_schema",
           "EXPORT_FORMAT", "EXPORT_VERSION"]


@dataclass(frozen=True)
class FerryInfo:
    """A ferry line as the engine sees it: ``port`` and ``to`` are hex ids, ``city`` the
    port's city index; ``fare``: movement points to board, sail and land (their sum is the
    number of one-point steps a train takes across)."""

    name: str
    city: int
    port: int
    to: int
    cost: int
    fare: tuple[int, ...]

    @property
    def steps(self) -> int:
        return max(1, sum(self.fare))


@dataclass(frozen=True)
class CityInfo:
    """A city as the engine sees it: ``hex`` is a hex id; ``colour``: the map's colour of the
    city, when it gives one."""

    name: str
    hex: int
    numbers: tuple[int, ...]
    tags: tuple[str, ...] = ()
    region: str | None = None
    colour: str | None = None


class EngineMap:
    """A compiled board (immutable; shared by every state of every game on it)."""

    def __init__(self, data: dict):
        self.data = data
        self.name: str = data["map"]["name"]
        self.hash: str = data["map"]["hash"]
        # every hash a record of this map may carry (see map_hashes)
        self.hashes: frozenset = frozenset([self.hash, *data["map"].get("earlier_hashes", [])])
        gd = data["grid"]
        self.grid = Grid(gd["orientation"], gd["offset"], gd["columns"], gd["rows"], gd["hex_mm"])
        self.border_crossing = bool(data.get("border_crossing", False))
        self.hex_names: list[str] = [h["hex"] for h in data["hexes"]]
        if len(self.hex_names) != len(self.grid):
            raise RecordError(f"engine map {self.name!r}: {len(self.hex_names)} hexes for a "
                              f"{gd['columns']} x {gd['rows']} board")
        self._hex_id = {n: i for i, n in enumerate(self.hex_names)}
        self.terrain: list[str] = [h["terrain"] for h in data["hexes"]]
        self.mountain = [t == "mountain" for t in self.terrain]
        self.edge_ends: list[tuple[int, int]] = []
        self.edge_build: list[int] = []
        self.edge_move: list[tuple[int, int]] = []
        self.edge_river: list[bool] = []
        self.edge_id: dict[tuple[int, int], int] = {}
        # canonical names (mapkit.grid.edge_name: the two hexes in (column, row) order)
        self.edge_names: list[str] = [e["edge"] for e in data["edges"]]
        adj: list[list[tuple[int, int]]] = [[] for _ in self.hex_names]
        for eid, e in enumerate(data["edges"]):
            a, b = (e["a"], e["b"]) if e["a"] < e["b"] else (e["b"], e["a"])
            self.edge_ends.append((a, b))
            self.edge_build.append(int(e["build"]))
            self.edge_move.append((int(e["move"][0]), int(e["move"][1])))
            self.edge_river.append(bool(e.get("river", False)))
            self.edge_id[(a, b)] = eid
            adj[a].append((b, eid))
            adj[b].append((a, eid))
        # neighbours of every hex over open edges: ((neighbour, edge id), ...)
        self.adj: list[tuple[tuple[int, int], ...]] = [tuple(sorted(x)) for x in adj]
        self.cities: list[CityInfo] = [
            CityInfo(c["name"], self._hex_id[c["hex"]], tuple(c["numbers"]), tuple(c.get("tags") or ()),
                     c.get("region"), c.get("colour")) for c in data["cities"]]
        self.city_at: dict[int, int] = {}
        self.number_city: dict[int, int] = {}
        self._city_by_name: dict[str, int] = {}
        for i, c in enumerate(self.cities):
            self.city_at.setdefault(c.hex, i)
            self._city_by_name.setdefault(c.name, i)
            for n in c.numbers:
                self.number_city.setdefault(n, i)
        self.is_city = [False] * len(self.hex_names)
        for h in self.city_at:
            self.is_city[h] = True
        self.numbers = sorted(self.number_city)
        self.borders = list(data.get("borders", []))
        self.edge_by_name: dict[str, int] = {n: i for i, n in enumerate(self.edge_names)}
        self.ferries: list[FerryInfo] = [
            FerryInfo(f["name"], self._city_by_name[f["from"]], self._hex_id[f["port"]], self._hex_id[f["to"]],
                      int(f["cost"]), tuple(int(x) for x in f["fare"]))
            for f in data.get("ferries", []) if f["from"] in self._city_by_name]
        self.ferry_limit: int = int(data.get("ferry_limit", 1))
        self.start_directions: str = data.get("start_directions", "any")
        # what each game family reads of its map section (board_part), when first asked
        self._parts: dict[str, Any] = {}
        self._cells: tuple[list[int], tuple[int, ...], int] | None = None
        self._axial: list[tuple[int, int]] | None = None
        self._step_bound = 1.0
        self._bounds: dict = {}

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def from_map(cls, m: Map) -> EngineMap:
        return cls(compile_map(m))

    @classmethod
    def from_json(cls, data: dict, source: str = "<engine map>") -> EngineMap:
        """Build from an export document after checking it against the schema."""
        _check_export(data, source)
        try:
            board = cls(data)
            for fam in board.section_families():
                board.part(fam.name)
            return board
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise RecordError(f"{source}: not a valid engine map ({type(exc).__name__}: {exc})") from None

    def to_json(self) -> dict:
        return self.data

    def section_families(self) -> list:
        """The game families whose part of the engine's document this board has (one of the
        keys of their ``engine_schema``: Dampfross on every board, TransAmerica on a map with
        city cards)."""
        from ..plugins import families

        return [f for f in families() if set(f.engine_schema()) & set(self.data)]

    def part(self, family: str) -> Any:
        """What game family ``family`` holds of its part of the document on this board
        (``GameFamily.board_part``: Dampfross's race tables, TransAmerica's city cards), read
        once, when the family first asks."""
        try:
            return self._parts[family]
        except KeyError:
            from .game import FAMILIES

            part = self._parts[family] = FAMILIES[family].board_part(self)
            return part

    # -- searches on the board ---------------------------------------------------------------
    def cells(self):
        """The board laid out for :func:`mapkit.search.dial_batch`: ``(cell of each hex id,
        the six neighbour offsets, number of cells)`` in axial coordinates with a padding
        ring, as :class:`mapkit.analysis.cells.Board` lays out a map."""
        if self._cells is None:
            from ..grid import AXIAL_DIRECTIONS

            g = self.grid
            ax = [g.to_axial(h) for h in g.hexes()]
            qmin = min(q for q, _ in ax)
            rmin = min(r for _, r in ax)
            width = max(q for q, _ in ax) - qmin + 3
            height = max(r for _, r in ax) - rmin + 3
            cells = [(r - rmin + 1) * width + (q - qmin + 1) for q, r in ax]
            offsets = tuple(dr * width + dq for dq, dr in AXIAL_DIRECTIONS)
            self._cells = (cells, offsets, width * height)
        return self._cells

    def distance_to(self, targets):
        """``h -> a lower bound of the steps from hex h to the nearest of targets``: the bare
        grid's distance (for A* searches over track), scaled down where a ferry line crosses
        more grid distance than it has steps, so that it never overestimates."""
        if self._axial is None:
            ax = self._axial = [self.grid.to_axial(h) for h in self.grid.hexes()]
            self._step_bound = min([1.0] + [f.steps / d for f in self.ferries
                                            if (d := _axial_distance(ax[f.port], ax[f.to])) > f.steps])
        ax = self._axial
        goals = [ax[t] for t in targets]
        k = self._step_bound
        if len(goals) == 1:
            (tq, tr), = goals

            def one(h):
                q, r = ax[h]
                return k * ((abs(q - tq) + abs(r - tr) + abs(q + r - tq - tr)) // 2)
            return one

        def steps(h):
            q, r = ax[h]
            return k * min((abs(q - tq) + abs(r - tr) + abs(q + r - tq - tr)) // 2 for tq, tr in goals)
        return steps

    def distance_table(self, targets) -> dict:
        """:meth:`distance_to` as a mapping from hex id, filled as hexes are asked for: a search
        over built track asks for a few hundred of the board's hexes, and every search toward
        the same targets shares it (kept for the board's last few hundred target sets)."""
        key = frozenset(targets)
        table = self._bounds.get(key)
        if table is None:
            if len(self._bounds) >= 256:
                self._bounds.clear()
            table = self._bounds[key] = _Bounds(self.distance_to(targets))
        return table

    def cell_weights(self, cost_of_edge):
        """``(weights, passable)`` numpy arrays for :func:`mapkit.search.dial_batch`, the cost of
        a step over edge ``e`` being ``cost_of_edge[e]`` (both directions)."""
        import numpy as np

        cells, offsets, size = self.cells()
        direction = {off: k for k, off in enumerate(offsets)}
        weights = np.zeros((6, size), dtype=np.int32)
        passable = np.zeros(size, dtype=bool)
        for eid, (a, b) in enumerate(self.edge_ends):
            ca, cb = cells[a], cells[b]
            weights[direction[cb - ca], ca] = cost_of_edge[eid]
            weights[direction[ca - cb], cb] = cost_of_edge[eid]
            passable[ca] = passable[cb] = True
        return weights, passable

    # -- names -----------------------------------------------------------------------------
    def hex_id(self, name) -> int:
        """The id of a hex given by name (``"c4"``) or id; ValueError when not on the board."""
        if isinstance(name, int) and not isinstance(name, bool):
            if 0 <= name < len(self.hex_names):
                return name
            raise ValueError(f"hex id {name} is not on the board")
        hid = self._hex_id.get(name) if isinstance(name, str) else None
        if hid is not None:
            return hid
        try:
            canon = hex_name(parse_hex(name))
        except HexNameError as exc:
            raise ValueError(str(exc)) from None
        hid = self._hex_id.get(canon)
        if hid is None:
            raise ValueError(f"{canon} is not on the board")
        return hid

    def hex_ids(self, names) -> list[int]:
        """The ids of hexes given by name or id (:meth:`hex_id` of each): a path an action names
        (a race's route lists a score of hexes, by their names as the board writes them)."""
        known = self._hex_id.get
        return [hid if type(n) is str and (hid := known(n)) is not None else self.hex_id(n) for n in names]

    def hex_name(self, hid: int) -> str:
        return self.hex_names[hid]

    def edge_name(self, eid: int) -> str:
        return self.edge_names[eid]

    def edge_between(self, a: int, b: int) -> int | None:
        """The id of the open edge between hex ids ``a`` and ``b`` (None: no such edge)."""
        return self.edge_id.get((a, b) if a < b else (b, a))

    def edges_along(self, hexes) -> list:
        """The ids of the open edges between consecutive hex ids of ``hexes`` (:meth:`edge_between`
        of each step of a path; None where there is none)."""
        edge_id = self.edge_id.get
        return [edge_id((a, b) if a < b else (b, a)) for a, b in zip(hexes, hexes[1:], strict=False)]

    def parse_edge(self, text) -> tuple[int, int]:
        """Hex ids ``(a, b)`` of an edge named ``"C4/C5"`` or given as a pair of hexes."""
        if isinstance(text, str):
            try:
                ha, hb = parse_edge(text)
            except HexNameError as exc:
                raise ValueError(str(exc)) from None
            return self.hex_id(hex_name(ha)), self.hex_id(hex_name(hb))
        if isinstance(text, (list, tuple)) and len(text) == 2:
            return self.hex_id(text[0]), self.hex_id(text[1])
        raise ValueError(f"{text!r} is not an edge (expected a name like 'C4/C5')")

    # -- cities ----------------------------------------------------------------------------
    def city_index(self, ref) -> int:
        """A city given by name, race number (int or digits) or hex name; ValueError if none."""
        if isinstance(ref, int) and not isinstance(ref, bool):
            if ref in self.number_city:
                return self.number_city[ref]
            raise ValueError(f"no city has race number {ref}")
        if isinstance(ref, str):
            # A name first, as written, then without the spaces around it and its case (a map's
            # name may itself hold spaces around it, or digits: "12" names its city before it
            # names the city of race number 12); then a race number; then a hex.
            if ref in self._city_by_name:
                return self._city_by_name[ref]
            t = ref.strip()
            folded = t.casefold()
            for i, c in enumerate(self.cities):
                if c.name.strip().casefold() == folded:
                    return i
            if t.isdigit() and int(t) in self.number_city:
                return self.number_city[int(t)]
            try:
                hid = self.hex_id(t)
            except ValueError:
                hid = None
            if hid is not None and hid in self.city_at:
                return self.city_at[hid]
        raise ValueError(f"{ref!r} is not a city of the map (give a name, race number or hex)")

    def __repr__(self):
        return (f"EngineMap({self.name!r}, {self.grid.columns}x{self.grid.rows}, "
                f"{len(self.edge_ends)} edges, {len(self.cities)} cities)")


class _Bounds(dict):
    """Hex id -> ``bound(hex)``, computed when first asked for (:meth:`EngineMap.distance_table`)."""

    __slots__ = ("bound",)

    def __init__(self, bound):
        super().__init__()
        self.bound = bound

    def __missing__(self, h: int) -> float:
        v = self[h] = self.bound(h)
        return v


def _axial_distance(a, b) -> int:
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2


def _check_export(data, source: str) -> None:
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise RecordError(f"{source}: not an engine map (expected \"format\": \"{EXPORT_FORMAT}\"; "
                          f"make one with mapkit export)")
    if data.get("version") != EXPORT_VERSION:
        raise RecordError(f"{source}: engine map version {data.get('version')!r} is not supported "
                          f"(this mapkit reads version {EXPORT_VERSION})")
    errors = sorted(_export_validator().iter_errors(data, limit=100), key=lambda e: list(map(str, e.path)))
    if errors:
        err = errors[0]
        where = "/".join(map(str, err.path)) or "top level"
        msg = err.message if len(err.message) < 160 else err.message[:157] + "..."
        raise RecordError(f"{source}: {where}: {msg}")


_VALIDATOR = None


def engine_map_schema() -> dict:
    """The engine's document's JSON Schema (``mapkit/schemas/engine-map.schema.json``) with
    every game family's part (``GameFamily.engine_schema``) among its top-level keys; the keys
    of a part compiled for every map (``compiles_every_map``) are required, as an export has
    them always."""
    from importlib import resources

    from ..plugins import add_schema_parts, families

    schema = json.loads(resources.files("mapkit.schemas").joinpath("engine-map.schema.json").read_text("utf-8"))
    add_schema_parts(schema["properties"], "engine_schema", "the engine map")
    schema["required"] += [key for fam in families() if fam.compiles_every_map for key in fam.engine_schema()]
    return schema


def _export_validator():
    """The export's schema, compiled once (:mod:`mapkit.schemacheck`)."""
    global _VALIDATOR
    if _VALIDATOR is None:
        from ..schemacheck import compile_schema

        _VALIDATOR = compile_schema(engine_map_schema())
    return _VALIDATOR


def load_engine_map(path) -> EngineMap:
    """An :class:`EngineMap` from a map file (YAML, validated) or an export (``.json``)."""
    from ..fileio import read_json

    p = Path(path)
    if p.suffix.lower() == ".json":
        return EngineMap.from_json(read_json(p), str(p))
    from ..io.yamlmap import load_map

    return EngineMap.from_map(load_map(p))
