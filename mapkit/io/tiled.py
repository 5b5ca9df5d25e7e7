"""Tiled hexagonal maps: import TMX (XML) and TMJ (JSON), export TMX.

`Tiled <https://www.mapeditor.org>`_ draws hexagonal maps in the same four offset layouts as
mapkit: ``staggeraxis="y"`` (pointy-top hexes in rows) is ``pointy``, ``staggeraxis="x"``
(flat-top hexes in columns) is ``flat``, and ``staggerindex`` odd/even is ``offset`` odd/even.
Tile ``(x, y)`` of the layer data is hex ``Hex(col=x, row=y)``.

What is read:

- **Terrain** from the tile layers (the topmost tile that has a terrain wins): a tile's terrain
  is its custom property ``terrain`` (or its class/type, when that is a terrain name) in the
  tileset (inline, or an external ``.tsx``/``.tsj`` next to the map), or the ``--tiles``
  mapping ``1=plain,2=mountain,3-5=water,0=off,*=plain``. Its numbers are **global tile ids**,
  the numbers in the layer data (a tileset's ``firstgid`` plus the tile's id in the tileset:
  with one tileset, Tiled's tile ID + 1); ``0`` is an empty cell (default ``off``) and ``*``
  any tile not otherwise mapped. ``--tiles`` wins over tile properties. Layer data may be CSV,
  XML ``<tile>`` elements or base64 (plain, zlib or gzip; zstd is refused with a clear message).
  The four flag bits of a global id (flips, and the hexagonal 60/120-degree rotations) are
  masked off (``gid & 0x0FFFFFFF``).
- **Rivers, borders, ridges**: polyline (or polygon) objects whose class/type, name, or layer
  name/class is ``river``, ``border`` or ``ridge`` (singular or plural); they are snapped onto
  chains of hex edges (:mod:`mapkit.snap`). Lines with the same name (or the same integer
  property ``set``) form one edge set; the object's name is the set's name unless it is the
  kind word itself.
- **Cities**: objects with a ``numbers`` property (``"11,12"`` or an int) or of class ``city``;
  the name is the object's name, the hex the one under the point (or the shape's centre).
  Optional properties: ``tags`` (comma list), ``colour``, ``region``, ``lon``, ``lat``.
- **Ferries**: objects of class ``ferry`` at the hex they sail to, with properties ``from``
  (the port city), ``cost`` and ``fare`` (``"1,3,1"``).
- **Regions**: tile layers named ``region: NAME`` (or of class ``region``); every non-empty
  cell belongs to the region; layer properties ``kind`` and ``colour`` are kept.
- **Map properties**: ``name``, ``description``, ``author``, ``source``, ``license``, ``geo``
  (JSON), ``hex_mm``; rules ``border_crossing``, ``stop_at_border``, ``start_cities`` (JSON list or comma list),
  ``min_race_distance``, ``special_races`` (JSON), ``preset``, ``ferry_limit``, ``start_directions``,
  and a game family's map section (JSON: TransAmerica's ``city_cards``).

:func:`mapkit.io.tiledexport.dump_tmx` writes all of this (with an embedded tileset whose tiles
carry ``terrain`` properties and an embedded PNG so that Tiled shows the terrain), so that a map
edited in Tiled reads back, and an unedited one reads back equal. The file itself is read by
:mod:`mapkit.io.tileddoc`.

>>> from mapkit.grid import Grid, parse_hex
>>> from mapkit.model import Map, City
>>> m = Map(Grid("flat", "even", 4, 3), terrain={parse_hex("B2"): "mountain"},
...         cities=[City("Plzeň", parse_hex("C3"), (11, 12))], meta={"name": "Tiny"})
>>> from mapkit.io.tiledexport import dump_tmx
>>> back, notes = parse_tiled(dump_tmx(m).encode(), "tiny.tmx")
>>> back == m
True
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from ..errors import InputError
from ..fileio import parse_json, read_bytes
from ..grid import Grid, Hex, hex_name
from ..model import TERRAINS, City, EdgeSet, Ferry, Map, Region, Rules
from ..snap import LineGuard, snap_polyline_to_edges
from .tileddoc import (GID_MASK, Document, MapObject, ObjectLayer, Tileset, TileLayer, fail, read_document,
                       to_float, to_int, typed)

__all__ = ["import_map", "read_tiled", "parse_tiled", "parse_tiles_option", "Layout", "GID_MASK",
           "KIND_WORDS", "META_STRINGS"]

KIND_WORDS = {
    "river": "rivers", "rivers": "rivers",
    "border": "borders", "borders": "borders",
    "ridge": "ridges", "ridges": "ridges",
    "city": "cities", "cities": "cities", "town": "cities", "towns": "cities",
    "ferry": "ferries", "ferries": "ferries",
}
META_STRINGS = ("name", "description", "author", "source", "license")


# -- pixels <-> millimetres ------------------------------------------------------------------

class Layout:
    """Tiled's hexagonal pixel layout mapped onto the mapkit grid's millimetres.

    Tiled places tile ``(x, y)`` of a ``staggeraxis="y"`` map with its box's top-left at
    ``(x * W + W/2 if staggered, y * rowheight)``, rowheight = ``(H - S) / 2 + S``; with
    ``staggeraxis="x"`` at ``(x * colwidth, y * H + H/2 if staggered)``, colwidth =
    ``(W - S) / 2 + S`` (W, H the tile size rounded down to even, S the hex side length).
    The hex's centre is the box's centre. An affine map per axis takes these centres exactly
    onto :meth:`Grid.centre_mm`; with S = H/2 (pointy) or W/2 (flat) it takes corners onto
    corners too.
    """

    def __init__(self, grid: Grid, tilewidth: int, tileheight: int, side: int, source: str):
        w, h = tilewidth & ~1, tileheight & ~1
        d, s = grid.hex_mm, grid.size_mm
        self.w, self.h = w, h
        if grid.pointy:
            step = (h - side) // 2 + side
            if w <= 0 or step <= 0 or side > h:
                raise fail(source, f"tile size {tilewidth} x {tileheight} with hexsidelength {side} is not a "
                                    f"hexagonal layout")
            # x_mm = ax * x_px + bx ; y_mm = ay * y_px + by
            self.ax, self.bx = d / w, 0.0
            self.ay = 1.5 * s / step
            self.by = s - self.ay * h / 2
        else:
            step = (w - side) // 2 + side
            if h <= 0 or step <= 0 or side > w:
                raise fail(source, f"tile size {tilewidth} x {tileheight} with hexsidelength {side} is not a "
                                    f"hexagonal layout")
            self.ax = 1.5 * s / step
            self.bx = s - self.ax * w / 2
            self.ay, self.by = d / h, 0.0

    def to_mm(self, x: float, y: float) -> tuple[float, float]:
        return self.ax * x + self.bx, self.ay * y + self.by

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.bx) / self.ax, (y - self.by) / self.ay


# -- the --tiles option ---------------------------------------------------------------------

def parse_tiles_option(text: str | None) -> dict:
    """``"1=plain,2-4=water,0=off,*=plain"`` -> ``{1: 'plain', 2: 'water', ..., '*': 'plain'}``.

    Keys are global tile ids (after masking the flag bits), ranges ``A-B``, ``0`` for an
    empty cell and ``*`` for every tile not mapped otherwise.

    >>> parse_tiles_option("1=plain, 3-4=Water, *=mountain")
    {1: 'plain', 3: 'water', 4: 'water', '*': 'mountain'}
    """
    out: dict = {}
    if text is None:
        return out
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise InputError(f"--tiles: {part!r} is not ID=TERRAIN (e.g. 1=plain,2=mountain,3-5=water,*=plain)")
        key, value = (p.strip() for p in part.split("=", 1))
        terrain = value.lower()
        if terrain not in TERRAINS:
            raise InputError(f"--tiles: {value!r} is not a terrain ({', '.join(TERRAINS)})")
        if key == "*":
            if "*" in out:
                raise InputError("--tiles: * is given twice")
            out["*"] = terrain
            continue
        m = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", key)
        if not m:
            raise InputError(f"--tiles: {key!r} is not a tile id, a range A-B or *")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        if hi < lo or hi - lo > 100_000 or hi > GID_MASK:
            raise InputError(f"--tiles: {key!r} is not a sensible range of tile ids")
        # A tile id given twice (1=plain,1=water or overlapping ranges) is a slip: which was meant?
        twice = next((gid for gid in range(lo, hi + 1) if gid in out), None)
        if twice is not None:
            raise InputError(f"--tiles: tile id {twice} is given twice")
        for gid in range(lo, hi + 1):
            out[gid] = terrain
    return out


# -- document -> map ------------------------------------------------------------------------

def _tileset_of(doc: Document, gid: int) -> Tileset | None:
    best = None
    for ts in doc.tilesets:
        if ts.firstgid <= gid and (best is None or ts.firstgid > best.firstgid):
            best = ts
    return best


def _tile_terrain(doc: Document, gid: int) -> tuple[str | None, str | None]:
    """(terrain or None, raw value that is not a terrain or None) from the tile's tileset."""
    ts = _tileset_of(doc, gid)
    if ts is None or ts.missing:
        return None, None
    cls, props = ts.tiles.get(gid - ts.firstgid, (None, {}))
    raw = props.get("terrain")
    if raw is None and isinstance(cls, str) and cls.strip().lower() in TERRAINS:
        raw = cls
    if raw is None:
        return None, None
    t = str(raw).strip().lower()
    return (t, None) if t in TERRAINS else (None, str(raw))


def _region_layer_name(layer: TileLayer) -> str | None:
    m = re.match(r"\s*region\s*:\s*(.+?)\s*$", layer.name, re.IGNORECASE)
    if m:
        return m.group(1)
    if (layer.cls or "").strip().lower() == "region":
        return layer.name.strip() or None
    return None


def _terrain(doc: Document, grid: Grid, tiles: dict, notes: list) -> dict:
    layers = [la for la in doc.tile_layers if _region_layer_name(la) is None]
    if not layers:
        raise fail(doc.source, "the map has no tile layer for the terrain")
    cache: dict[int, str | None] = {}
    bad_values: dict[int, str] = {}

    def terrain_of(gid: int):
        if gid not in cache:
            t = tiles.get(gid)
            if t is None:
                t, raw = _tile_terrain(doc, gid)
                if raw is not None:
                    bad_values[gid] = raw
            cache[gid] = t
        return cache[gid]

    empty = tiles.get(0, "off")
    terrain: dict[Hex, str] = {}
    unmapped: dict[int, int] = {}
    for i, h in enumerate(grid.hexes()):
        found = None
        first_unmapped = None
        for layer in reversed(layers):  # the topmost layer is the last one in the file
            gid = layer.gids[i]
            if gid == 0:
                continue
            t = terrain_of(gid)
            if t is not None:
                found = t
                break
            if first_unmapped is None:
                first_unmapped = gid
        if found is None and first_unmapped is not None:
            if "*" in tiles:
                found = tiles["*"]
            else:
                unmapped[first_unmapped] = unmapped.get(first_unmapped, 0) + 1
                continue
        terrain[h] = found if found is not None else empty
    if unmapped:
        ids = sorted(unmapped, key=lambda g: (-unmapped[g], g))
        listed = ", ".join(f"{g} ({unmapped[g]} hexes)" for g in ids[:8])
        more = f" and {len(ids) - 8} more" if len(ids) > 8 else ""
        missing = [ts for ts in doc.tilesets if ts.missing and any(_tileset_of(doc, g) is ts for g in ids)]
        if missing:
            ts = missing[0]
            where = ("lies outside the map's folder and was not read (external tilesets are read beside the "
                     "map or below its folder)" if ts.outside else "was not found next to the map; put it there")
            raise fail(doc.source, f"tileset {ts.source!r} (tile ids from {ts.firstgid}) {where}; or map its "
                                    f"tiles with --tiles (tile ids {listed}{more})")
        bad = [g for g in ids if g in bad_values]
        if bad:
            g = bad[0]
            raise fail(doc.source, f"tile id {g} has terrain {bad_values[g]!r}, which is not one of "
                                    f"{', '.join(TERRAINS)}; map it with --tiles {g}=TERRAIN")
        raise fail(doc.source, f"tile ids {listed}{more} have no terrain: give a 'terrain' property to "
                                f"the tiles in Tiled, or map them with --tiles ID=TERRAIN,...,*=plain")
    for ts in doc.tilesets:
        if ts.missing:
            why = "lies outside the map's folder, not read" if ts.outside else "not found"
            notes.append(f"{doc.source}: tileset {ts.source!r} {why}; its tiles were mapped by --tiles")
    return terrain


def _kind_of(obj: MapObject, layer: ObjectLayer) -> str | None:
    for label in (obj.cls, obj.name, layer.cls, layer.name):
        k = KIND_WORDS.get((label or "").strip().lower())
        if k:
            return k
    return None


def _own_name(obj: MapObject) -> str | None:
    """The object's name, unless it is empty or only says what the object is (``river``)."""
    if not obj.name.strip():
        return None
    if KIND_WORDS.get(obj.name.strip().lower()) and not KIND_WORDS.get((obj.cls or "").strip().lower()):
        return None
    return obj.name


def _split_list(value, source: str, where: str) -> list[str]:
    """A list property: a JSON list (starting with ``[``) or a comma-separated string."""
    if isinstance(value, list):
        items = value
    else:
        text = str(value).strip()
        if text.startswith("["):
            items = parse_json(text, f"{source}: {where}")
            if not isinstance(items, list):
                raise fail(source, f"{where}: {text!r} is not a JSON list")
        else:
            items = [p.strip() for p in text.split(",") if p.strip()]
    return [str(i) for i in items]


def _numbers(value, source: str, where: str) -> tuple[int, ...]:
    if isinstance(value, bool):
        raise fail(source, f"{where}: numbers is {value!r}, not a list of race numbers")
    if isinstance(value, (int, float)):
        return (to_int(value, source, f"{where}: numbers"),)
    out = []
    for p in re.split(r"[,;\s]+", str(value).strip().strip("[]")):
        if p:
            out.append(to_int(p, source, f"{where}: race number"))
    return tuple(out)


def _json_value(value, source: str, what: str, kind: type | tuple):
    if isinstance(value, kind):
        return value
    out = parse_json(str(value), f"{source}: {what}")
    if not isinstance(out, kind):
        raise fail(source, f"{what} is not a JSON {'object' if kind is dict else 'list'}")
    return out


def _board_hex(doc: Document, grid: Grid, layout: Layout, obj: MapObject, what: str) -> Hex:
    x, y = obj.points[0]
    h = grid.hex_at_mm(*layout.to_mm(x, y))
    if h not in grid:
        raise fail(doc.source, f"{what} {obj.label()} at pixel ({x:g}, {y:g}) is outside the board")
    return h


def _build(doc: Document, tiles: dict, hex_mm: float | None, name: str | None, stem: str) -> tuple[Map, list[str]]:
    source = doc.source
    notes: list[str] = []
    props = doc.properties
    ours = "mapkit_format" in props
    if hex_mm is None:
        hex_mm = to_float(props["hex_mm"], source, "map property hex_mm") if "hex_mm" in props else 14.0
    if not 0 < hex_mm <= 1000:
        raise fail(source, f"hex size {hex_mm:g} mm is not between 0 and 1000")
    grid = Grid("pointy" if doc.staggeraxis == "y" else "flat", doc.staggerindex, doc.width, doc.height, hex_mm)
    layout = Layout(grid, doc.tilewidth, doc.tileheight, doc.hexsidelength, source)
    terrain = _terrain(doc, grid, tiles, notes)
    objects = _objects(doc, grid, layout, notes)
    regions = _regions(doc, grid, notes)
    meta = _meta(props, source, name, stem, ours)
    rules = _rules(props, source)
    edge_sets, cities = objects.edge_sets, objects.cities
    m = Map(grid=grid, terrain=terrain, rivers=edge_sets["rivers"], borders=edge_sets["borders"],
            ridges=edge_sets["ridges"], cities=cities, regions=regions, rules=rules, ferries=objects.ferries,
            meta=meta)
    counts = {t: 0 for t in TERRAINS}
    for t in terrain.values():
        counts[t] += 1
    notes.insert(0, f"{source}: {grid.columns} x {grid.rows} {grid.orientation}-top hexes ({grid.offset} "
                    f"{'rows' if grid.pointy else 'columns'} pushed); terrain "
                    + ", ".join(f"{t} {n}" for t, n in counts.items() if n)
                    + f"; {sum(len(es.edges) for es in m.rivers)} river, "
                    f"{sum(len(es.edges) for es in m.borders)} border edges; {len(cities)} cities")
    return m, notes


class _Objects(NamedTuple):
    """What the object layers hold: edge sets by kind (rivers, borders, ridges), cities, ferries."""

    edge_sets: dict
    cities: list[City]
    ferries: list[Ferry]


def _objects(doc: Document, grid: Grid, layout: Layout, notes: list[str]) -> _Objects:
    """Edge sets, cities and ferries from the object layers; other objects are counted in a note."""
    source = doc.source
    groups: dict = {}
    guard = LineGuard(grid)
    cities: list[City] = []
    ferries: list[Ferry] = []
    ignored = 0
    for layer in doc.object_layers:
        for obj in layer.objects:
            kind = _kind_of(obj, layer)
            p = obj.properties
            where = f"{obj.label()} in layer {layer.name!r}"
            if kind in ("rivers", "borders", "ridges") and obj.shape in ("polyline", "polygon"):
                _add_line(groups, guard, kind, obj, grid, layout, source, where)
                continue
            if "numbers" in p or kind == "cities":
                cities.append(_city(doc, grid, layout, obj, where, notes))
                continue
            if kind == "ferries" and obj.shape not in ("polyline", "polygon"):
                ferries.append(_ferry(doc, grid, layout, obj, where))
                continue
            ignored += 1
    if ignored:
        notes.append(f"{source}: {ignored} objects ignored (not a river/border/ridge line, a city with "
                     f"'numbers' or a ferry)")
    edge_sets: dict = {"rivers": [], "borders": [], "ridges": []}
    for g in groups.values():
        edge_sets[g["kind"]].append(EdgeSet(frozenset(g["edges"]), g["name"]))
    return _Objects(edge_sets, cities, ferries)


def _add_line(groups: dict, guard: LineGuard, kind: str, obj: MapObject, grid: Grid, layout: Layout, source: str,
              where: str) -> None:
    """Snap a river, border or ridge line onto hex edges, into the group of its set: the
    ``set`` property, else its name, else a set of its own."""
    p = obj.properties
    set_name = _own_name(obj)
    key: tuple[object, ...]  # (kind, "set" / "name" / "object", what names the group ...)
    if "set" in p:
        key = (kind, "set", to_int(p["set"], source, f"{where}: property set"))
    elif set_name is not None:
        key = (kind, "name", set_name)
    else:
        key = (kind, "object", obj.id, len(groups))
    try:
        pieces = guard.pieces([layout.to_mm(x, y) for x, y in obj.points], where)
    except ValueError as exc:
        raise fail(source, str(exc)) from None
    g = groups.setdefault(key, {"kind": kind, "name": set_name, "edges": set()})
    for piece in pieces:
        g["edges"].update(snap_polyline_to_edges(grid, piece))


def _city(doc: Document, grid: Grid, layout: Layout, obj: MapObject, where: str, notes: list[str]) -> City:
    """A city from a point object (a city without a name is named after its hex, with a note)."""
    source = doc.source
    p = obj.properties
    if obj.shape in ("polyline", "polygon"):
        raise fail(source, f"{where}: a city is a point, not a line")
    h = _board_hex(doc, grid, layout, obj, "city")
    cname = _own_name(obj)
    if cname is None:
        cname = hex_name(h)
        notes.append(f"{source}: {where} has no name; the city is called {cname}")
    numbers = _numbers(p.get("numbers", ""), source, where)
    tags = tuple(_split_list(p["tags"], source, f"{where}: tags")) if "tags" in p else ()
    lon = to_float(p["lon"], source, f"{where}: lon") if "lon" in p else None
    lat = to_float(p["lat"], source, f"{where}: lat") if "lat" in p else None
    if lon is not None and not -180 <= lon <= 180:
        raise fail(source, f"{where}: lon {lon} is not between -180 and 180")
    if lat is not None and not -90 <= lat <= 90:
        raise fail(source, f"{where}: lat {lat} is not between -90 and 90")
    colour = str(p["colour"]) if "colour" in p else (str(p["color"]) if "color" in p else None)
    region = str(p["region"]) if "region" in p else None
    return City(cname, h, numbers, tags, colour, region, lon, lat)


def _ferry(doc: Document, grid: Grid, layout: Layout, obj: MapObject, where: str) -> Ferry:
    """A ferry from a point object at its far end, with its port city in ``from``."""
    source = doc.source
    p = obj.properties
    h = _board_hex(doc, grid, layout, obj, "ferry")
    if "from" not in p or not str(p["from"]).strip():
        raise fail(source, f"{where}: a ferry needs a 'from' property (its port city)")
    cost = to_int(p.get("cost", 6), source, f"{where}: cost", 0)
    fare = tuple(to_int(v, source, f"{where}: fare", 0)
                 for v in _split_list(p.get("fare", "1,3,1"), source, f"{where}: fare"))
    return Ferry(_own_name(obj), str(p["from"]), h, cost, fare)


def _regions(doc: Document, grid: Grid, notes: list[str]) -> list[Region]:
    """A region per region tile layer: the hexes it paints, its kind and colour."""
    regions = []
    for layer in doc.tile_layers:
        rname = _region_layer_name(layer)
        if rname is None:
            continue
        hexes = [h for i, h in enumerate(grid.hexes()) if layer.gids[i]]
        extra = {}
        for k, v in layer.properties.items():
            if k in ("kind", "colour") and isinstance(v, str):
                extra[k] = v
            else:
                notes.append(f"{doc.source}: region layer {layer.name!r}: property {k!r} ignored "
                             f"(a region keeps kind and colour)")
        regions.append(Region(rname, tuple(hexes), tuple(extra.items())))
    return regions


def _meta(props: dict, source: str, name: str | None, stem: str, ours: bool) -> dict:
    """The map's descriptive fields from the map properties; the name given wins, and a map
    not written by mapkit is named after its file."""
    meta: dict = {}
    for k in META_STRINGS:
        if k in props:
            meta[k] = str(props[k])
    if "geo" in props:
        meta["geo"] = _json_value(props["geo"], source, "map property geo", dict)
    if name:
        meta["name"] = name
    elif not meta.get("name") and not ours:
        meta["name"] = stem
    return meta


def _rules(props: dict, source: str) -> Rules:
    """The map's rules from the map properties."""
    rules = Rules()
    for key in ("border_crossing", "stop_at_border"):
        if key in props:
            setattr(rules, key, typed(props[key], "bool", source, f"map property {key}"))
    if "start_cities" in props:
        rules.start_cities = _split_list(props["start_cities"], source, "map property start_cities")
    if "min_race_distance" in props:
        rules.min_race_distance = to_int(props["min_race_distance"], source, "map property min_race_distance", 0)
    if "special_races" in props:
        sr = _json_value(props["special_races"], source, "map property special_races", dict)
        if not isinstance(sr.get("table"), dict):
            raise fail(source, "map property special_races has no 'table' object")
        sr["table"] = {str(k).upper(): v for k, v in sr["table"].items()}
        rules.special_races = sr
    if "preset" in props:
        rules.extra["preset"] = str(props["preset"])
    if "ferry_limit" in props:
        rules.extra["ferry_limit"] = to_int(props["ferry_limit"], source, "map property ferry_limit", 0)
    if "start_directions" in props:
        rules.extra["start_directions"] = str(props["start_directions"])
    from ..plugins import families

    # the game families' map sections (TransAmerica's city_cards), as JSON
    for key in (k for fam in families() for k in fam.map_keys if k in props):
        rules.extra[key] = _json_value(props[key], source, f"map property {key}", (dict, list))
    return rules


def _check_map_file(m: Map, source: str) -> None:
    """Make sure the map writes a file that reads back (schema-valid values)."""
    from .yamlmap import parse_map
    from .yamlwrite import dump_map

    try:
        parse_map(dump_map(m), source)
    except InputError as exc:
        raise fail(source, f"the imported map would not be a valid map file: {exc}") from None


def parse_tiled(data: bytes, source: str = "<tiled>", *, tiles: dict | None = None, hex_mm: float | None = None,
                name: str | None = None, base: Path | None = None) -> tuple[Map, list[str]]:
    """A map from the bytes of a TMX or TMJ file (the kind is told by the first character).

    ``tiles`` is a mapping from :func:`parse_tiles_option`; ``base`` the folder that external
    tilesets are looked for in (default: the folder of ``source``).
    """
    doc = read_document(data, source, base if base is not None else Path(source).parent)
    m, notes = _build(doc, tiles or {}, hex_mm, name, Path(source).stem)
    _check_map_file(m, source)
    return m, notes


def read_tiled(path, *, tiles: dict | None = None, hex_mm: float | None = None,
               name: str | None = None) -> tuple[Map, list[str]]:
    """Read a ``.tmx`` or ``.tmj`` file (external tilesets next to it)."""
    return parse_tiled(read_bytes(path), str(path), tiles=tiles, hex_mm=hex_mm, name=name,
                       base=Path(path).parent)


def import_map(path, args) -> tuple[Map, list[str]]:
    """The ``mapkit import`` entry point: ``--tiles``, ``--hex-mm``, ``--name``."""
    tiles = parse_tiles_option(getattr(args, "tiles", None))
    return read_tiled(path, tiles=tiles, hex_mm=getattr(args, "hex_mm", None), name=getattr(args, "name", None))
