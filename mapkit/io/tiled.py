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
  chains of hex edges (:mod:`mapkit.io.snap`). Lines with the same name (or the same integer
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
  ``min_race_distance``, ``special_races`` (JSON), ``preset``.

:func:`dump_tmx` writes all of this (with an embedded tileset whose tiles carry ``terrain``
properties and an embedded PNG so that Tiled shows the terrain), so that a map edited in Tiled
reads back, and an unedited one reads back equal: ``parse_tiled(dump_tmx(m)) == m``.

>>> from mapkit.grid import Grid, parse_hex
>>> from mapkit.model import Map, City
>>> m = Map(Grid("flat", "even", 4, 3), terrain={parse_hex("B2"): "mountain"},
...         cities=[City("Plzeň", parse_hex("C3"), (11, 12))], meta={"name": "Tiny"})
>>> back, notes = parse_tiled(dump_tmx(m).encode(), "tiny.tmx")
>>> back == m
True
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..errors import InputError
from ..fileio import atomic_write, parse_json, read_bytes
from ..grid import Grid, Hex, hex_name
from ..model import TERRAINS, City, EdgeSet, Ferry, Map, Region, Rules
from .snap import edges_to_polylines, snap_polyline_to_edges

__all__ = ["import_map", "read_tiled", "parse_tiled", "parse_tiles_option", "dump_tmx", "save_tmx",
           "GID_MASK", "TILE_PX"]

# Bits 32..29 of a global tile id are flags (flip H, flip V, flip diagonal / rotate 60,
# rotate 120 on hexagonal maps); the id is what is left.
GID_MASK = 0x0FFFFFFF
# Size of the hexes in an exported map: centre to corner in pixels (even, so that every
# centre and corner falls on a whole pixel).
TILE_PX = 32
MAX_SIDE = 1000  # the map format's limit on columns and rows (checked before the layers are read)
KIND_WORDS = {
    "river": "rivers", "rivers": "rivers",
    "border": "borders", "borders": "borders",
    "ridge": "ridges", "ridges": "ridges",
    "city": "cities", "cities": "cities", "town": "cities", "towns": "cities",
    "ferry": "ferries", "ferries": "ferries",
}
SINGULAR = {"rivers": "river", "borders": "border", "ridges": "ridge", "cities": "city",
            "ferries": "ferry"}
META_STRINGS = ("name", "description", "author", "source", "license")
# Export: global id of each terrain's tile (``off`` hexes are written as empty cells).
EXPORT_GIDS = {"plain": 1, "mountain": 2, "water": 3, "foreign": 4, "off": 5}
REGION_GID = 6
TILE_COLOURS = {"plain": (216, 232, 176, 255), "mountain": (190, 150, 100, 255),
                "water": (127, 178, 229, 255), "foreign": (200, 200, 200, 255),
                "off": (255, 255, 255, 255), "region": (230, 60, 60, 110)}


# -- the document, read from either format into one shape ----------------------------------------

@dataclass
class _Tileset:
    firstgid: int
    name: str
    tiles: dict = field(default_factory=dict)  # local id -> (class or None, properties)
    source: str | None = None
    missing: bool = False
    outside: bool = False  # named outside the map's folder: never read


@dataclass
class _TileLayer:
    name: str
    cls: str | None
    properties: dict
    gids: list


@dataclass
class _Object:
    id: Any
    name: str
    cls: str | None
    shape: str  # point, polyline, polygon, rectangle, ellipse, tile, text
    points: list  # absolute pixels: the vertices (lines), or the one anchor point (others)
    properties: dict

    def label(self) -> str:
        return f"object {self.id}" + (f" {self.name!r}" if self.name else "")


@dataclass
class _ObjectLayer:
    name: str
    cls: str | None
    objects: list


@dataclass
class _Doc:
    source: str
    width: int
    height: int
    tilewidth: int
    tileheight: int
    hexsidelength: int
    staggeraxis: str
    staggerindex: str
    properties: dict
    tilesets: list
    tile_layers: list
    object_layers: list


def _fail(source: str, message: str) -> InputError:
    return InputError(f"{source}: {message}")


def _short(value) -> str:
    """A value in a message: a hostile file's 5,000-digit number is not printed whole."""
    text = repr(value)
    return text if len(text) <= 60 else text[:45] + f"... ({len(text)} characters)"


def _to_int(value, source: str, what: str, minimum: int | None = None) -> int:
    try:
        if isinstance(value, bool):
            raise ValueError
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError
            value = int(value)
        n = int(value)
    except (TypeError, ValueError):
        raise _fail(source, f"{what} is {_short(value)}, not a whole number") from None
    if minimum is not None and n < minimum:
        raise _fail(source, f"{what} is {n}, less than {minimum}")
    return n


def _to_float(value, source: str, what: str) -> float:
    try:
        if isinstance(value, bool):
            raise ValueError
        f = float(value)
    except (TypeError, ValueError):
        raise _fail(source, f"{what} is {_short(value)}, not a number") from None
    if not math.isfinite(f):
        raise _fail(source, f"{what} is {_short(value)}, not a finite number")
    return f


def _typed(value, ptype: str | None, source: str, what: str):
    """A custom property's value in its declared Tiled type."""
    if ptype == "int":
        return _to_int(value, source, what)
    if ptype == "float":
        return _to_float(value, source, what)
    if ptype == "bool":
        if isinstance(value, bool):
            return value
        if str(value).strip().lower() in ("true", "1"):
            return True
        if str(value).strip().lower() in ("false", "0", ""):
            return False
        raise _fail(source, f"{what} is {_short(value)}, not true or false")
    if isinstance(value, (dict, list)):
        return value
    return "" if value is None else str(value)


# -- TMX (XML) -------------------------------------------------------------------------------

def _xml_root(data: bytes, source: str, expect: str):
    """The root element of a TMX or TSX file, parsed by defusedxml: entity declarations and
    external references are refused whatever the encoding (a byte search for ``<!ENTITY``
    missed a UTF-16 file), and a map's declared size is checked on the root's start tag,
    before the layers are parsed."""
    import xml.etree.ElementTree as ET

    import defusedxml
    import defusedxml.ElementTree as DET

    try:
        if expect == "map":
            for _, el in DET.iterparse(io.BytesIO(data), events=("start",), forbid_entities=True,
                                       forbid_external=True):
                if el.tag == "map":
                    _header(el.get, source)
                break
        root = DET.fromstring(data, forbid_entities=True, forbid_external=True)
    except defusedxml.DefusedXmlException:
        raise _fail(source, "XML entity declarations and external references are not allowed in a "
                            "Tiled file (Tiled never writes them)") from None
    except ET.ParseError as exc:
        line, col = getattr(exc, "position", (None, None))
        where = f"{source}:{line}" if line else source
        msg = str(exc).split(":")[0]
        raise InputError(f"{where}: malformed XML ({msg}, column {col})", line) from None
    if root.tag != expect:
        raise _fail(source, f"not a Tiled {'map' if expect == 'map' else 'tileset'}: the root element is "
                            f"<{root.tag}>, not <{expect}>")
    return root


def _xml_properties(el, source: str, where: str) -> dict:
    out: dict = {}
    props = el.find("properties")
    if props is None:
        return out
    for p in props.findall("property"):
        name = p.get("name")
        if name is None:
            continue
        ptype = p.get("type")
        if ptype == "class":
            out[name] = _xml_properties(p, source, f"{where} property {name!r}")
            continue
        value = p.get("value")
        if value is None:
            value = p.text or ""
        out[name] = _typed(value, ptype, source, f"{where} property {name!r}")
    return out


def _xml_tileset(el, source: str, base: Path, firstgid: int | None) -> _Tileset:
    name = el.get("name") or ""
    ts = _Tileset(firstgid=firstgid or 0, name=name)
    for t in el.findall("tile"):
        lid = _to_int(t.get("id"), source, f"tileset {name!r} tile id", 0)
        cls = t.get("class") or t.get("type")
        ts.tiles[lid] = (cls, _xml_properties(t, source, f"tileset {name!r} tile {lid}"))
    return ts


def _beside(base: Path, src: str) -> Path | None:
    """The file ``src`` names, when it lies in the map's folder or below it (after following
    links); None for an absolute path, a climb out with ``..``, or a link out of the folder."""
    if not src or Path(src).is_absolute() or "\x00" in src:
        return None
    try:
        folder = base.resolve()
        path = (base / src).resolve()
    except (OSError, RuntimeError):
        return None
    return path if path.is_relative_to(folder) else None


def _external_tileset(src: str, source: str, base: Path, firstgid: int) -> _Tileset:
    path = _beside(base, src)
    if path is None:
        return _Tileset(firstgid=firstgid, name=src, source=src, missing=True, outside=True)
    if not path.is_file():
        return _Tileset(firstgid=firstgid, name=src, source=src, missing=True)
    data = read_bytes(path)
    text_start = data.lstrip()[:1]
    if path.suffix.lower() in (".tsj", ".json") or text_start == b"{":
        doc = _json_load(data, str(path))
        if not isinstance(doc, dict):
            raise _fail(str(path), "a JSON tileset is an object")
        ts = _json_tileset(doc, str(path), firstgid)
    else:
        root = _xml_root(data, str(path), "tileset")
        ts = _xml_tileset(root, str(path), path.parent, firstgid)
    ts.source = src
    return ts


def _decode_gids(encoding, compression, payload, n: int, source: str, where: str) -> list[int]:
    """Layer data -> ``n`` global ids with their flag bits masked off."""
    encoding = (encoding or "").strip().lower() or None
    compression = (compression or "").strip().lower() or None
    if encoding == "base64":
        if not isinstance(payload, str):
            raise _fail(source, f"{where}: base64 data is not text")
        try:
            raw = base64.b64decode("".join(payload.split()), validate=True)
        except (binascii.Error, ValueError):
            raise _fail(source, f"{where}: malformed base64 data") from None
        want = 4 * n
        if compression in ("zlib", "gzip"):
            d = zlib.decompressobj(zlib.MAX_WBITS if compression == "zlib" else zlib.MAX_WBITS | 16)
            try:
                out = d.decompress(raw, want + 1)
            except zlib.error as exc:
                raise _fail(source, f"{where}: corrupt {compression} data ({exc})") from None
            if len(out) > want or d.unconsumed_tail:
                raise _fail(source, f"{where}: {compression} data holds more than the {n} tiles of the map")
            raw = out
        elif compression == "zstd":
            raise _fail(source, f"{where}: zstd-compressed layer data is not supported; in Tiled set "
                                f"Map > Map Properties > Tile Layer Format to CSV or Base64 (zlib) and save")
        elif compression is not None:
            raise _fail(source, f"{where}: unknown compression {compression!r}")
        if len(raw) != want:
            raise _fail(source, f"{where}: data has {len(raw) // 4} tiles, the map has {n}")
        values = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, want, 4)]
    elif encoding == "csv":
        if isinstance(payload, list):
            values = payload
        else:
            parts = [p.strip() for p in (payload or "").split(",")]
            if parts and parts[-1] == "":
                parts.pop()
            values = parts
        values = [_to_int(v, source, f"{where}: tile {i + 1}", 0) for i, v in enumerate(values)]
    elif encoding is None:
        if compression is not None:
            raise _fail(source, f"{where}: compression without base64 encoding")
        values = [_to_int(v, source, f"{where}: tile {i + 1}", 0) for i, v in enumerate(payload or [])]
    else:
        raise _fail(source, f"{where}: unknown encoding {encoding!r} (expected csv or base64)")
    if len(values) != n:
        raise _fail(source, f"{where}: data has {len(values)} tiles, the map has {n}")
    for v in values:
        if v >= 1 << 32:
            raise _fail(source, f"{where}: tile id {v} does not fit in 32 bits")
    return [v & GID_MASK for v in values]


def _rotate(dx: float, dy: float, degrees: float) -> tuple[float, float]:
    if not degrees:
        return dx, dy
    a = math.radians(degrees)  # clockwise on screen (y down)
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


def _shape_points(shape: str, x: float, y: float, w: float, h: float, rot: float, rel: list) -> list:
    """Absolute pixel points of an object: its vertices, or its anchor (centre) point."""
    if shape in ("polyline", "polygon"):
        pts = []
        for dx, dy in rel:
            rx, ry = _rotate(dx, dy, rot)
            pts.append((x + rx, y + ry))
        if shape == "polygon" and pts:
            pts.append(pts[0])
        return pts
    if shape == "point":
        return [(x, y)]
    if shape == "tile":  # tile objects are anchored at their bottom-left corner
        rx, ry = _rotate(w / 2, -h / 2, rot)
    else:
        rx, ry = _rotate(w / 2, h / 2, rot)
    return [(x + rx, y + ry)]


def _parse_points(text: str, source: str, where: str) -> list:
    out = []
    for pair in (text or "").split():
        try:
            a, b = pair.split(",")
            out.append((_to_float(a, source, where), _to_float(b, source, where)))
        except ValueError:
            raise _fail(source, f"{where}: malformed points {pair!r}") from None
    return out


def _object(get, oid, name: str, cls, shape: str, rel: list, props: dict, offset, source: str,
            where: str) -> _Object:
    """An object from its attributes (``get(key, default)``: the same keys in TMX and TMJ),
    its shape, its points relative to it, and its properties."""
    x = _to_float(get("x", 0), source, f"{where} x") + offset[0]
    y = _to_float(get("y", 0), source, f"{where} y") + offset[1]
    w = _to_float(get("width", 0), source, f"{where} width")
    h = _to_float(get("height", 0), source, f"{where} height")
    rot = _to_float(get("rotation", 0), source, f"{where} rotation")
    return _Object(oid, name, cls, shape, _shape_points(shape, x, y, w, h, rot, rel), props)


def _xml_layers(parent, doc: _Doc, source: str, offset: tuple[float, float], n: int):
    for el in parent:
        ox = offset[0] + _to_float(el.get("offsetx", 0), source, "offsetx")
        oy = offset[1] + _to_float(el.get("offsety", 0), source, "offsety")
        name = el.get("name") or ""
        cls = el.get("class")
        if el.tag == "group":
            _xml_layers(el, doc, source, (ox, oy), n)
        elif el.tag == "layer":
            where = f"layer {name!r}"
            data = el.find("data")
            if data is None:
                raise _fail(source, f"{where} has no <data>")
            if data.find("chunk") is not None:
                raise _fail(source, f"{where}: infinite maps (chunks) are not supported; in Tiled untick "
                                    f"Map > Map Properties > Infinite and save")
            enc = data.get("encoding")
            if enc is None:
                payload = [t.get("gid", 0) for t in data.findall("tile")]
            else:
                payload = data.text or ""
            gids = _decode_gids(enc, data.get("compression"), payload, n, source, where)
            doc.tile_layers.append(_TileLayer(name, cls, _xml_properties(el, source, where), gids))
        elif el.tag == "objectgroup":
            layer = _ObjectLayer(name, cls, [])
            for o in el.findall("object"):
                oid = o.get("id", "?")
                where = f"layer {name!r} object {oid}"
                rel: list = []
                if o.find("point") is not None:
                    shape = "point"
                elif o.find("ellipse") is not None:
                    shape = "ellipse"
                elif o.find("polyline") is not None:
                    shape = "polyline"
                    rel = _parse_points(o.find("polyline").get("points", ""), source, where)
                elif o.find("polygon") is not None:
                    shape = "polygon"
                    rel = _parse_points(o.find("polygon").get("points", ""), source, where)
                elif o.find("text") is not None:
                    shape = "text"
                elif o.get("gid") is not None:
                    shape = "tile"
                else:
                    shape = "rectangle"
                layer.objects.append(_object(o.get, oid, o.get("name") or "", o.get("class") or o.get("type"),
                                             shape, rel, _xml_properties(o, source, where),
                                             (ox, oy), source, where))
            doc.object_layers.append(layer)


def _header(get, source: str) -> dict:
    orientation = get("orientation")
    if orientation != "hexagonal":
        raise _fail(source, f"the map's orientation is {orientation!r}; only hexagonal maps can be imported")
    if str(get("infinite") or "0").lower() in ("1", "true"):
        raise _fail(source, "infinite maps are not supported; in Tiled untick Map > Map Properties > "
                            "Infinite and save")
    out = {}
    for key in ("width", "height", "tilewidth", "tileheight"):
        out[key] = _to_int(get(key), source, f"map attribute {key}", 1)
    for key in ("width", "height"):
        if out[key] > MAX_SIDE:
            raise _fail(source, f"map {key} {out[key]} is more than the {MAX_SIDE} hexes a map file allows")
    out["hexsidelength"] = _to_int(get("hexsidelength") or 0, source, "map attribute hexsidelength", 0)
    axis = (get("staggeraxis") or "y").lower()
    index = (get("staggerindex") or "odd").lower()
    if axis not in ("x", "y"):
        raise _fail(source, f"staggeraxis is {axis!r}, not x or y")
    if index not in ("odd", "even"):
        raise _fail(source, f"staggerindex is {index!r}, not odd or even")
    out["staggeraxis"], out["staggerindex"] = axis, index
    return out


def _read_tmx(data: bytes, source: str, base: Path) -> _Doc:
    root = _xml_root(data, source, "map")
    head = _header(root.get, source)
    doc = _Doc(source=source, properties=_xml_properties(root, source, "map"), tilesets=[],
               tile_layers=[], object_layers=[], **head)
    for el in root.findall("tileset"):
        firstgid = _to_int(el.get("firstgid"), source, "tileset firstgid", 1)
        if el.get("source"):
            doc.tilesets.append(_external_tileset(el.get("source"), source, base, firstgid))
        else:
            doc.tilesets.append(_xml_tileset(el, source, base, firstgid))
    _xml_layers(root, doc, source, (0.0, 0.0), doc.width * doc.height)
    return doc


# -- TMJ (JSON) ------------------------------------------------------------------------------

def _json_load(data: bytes | str, source: str):
    return parse_json(data, source)


def _json_properties(obj: dict, source: str, where: str) -> dict:
    props = obj.get("properties")
    out: dict = {}
    if props is None:
        return out
    if isinstance(props, dict):  # the old JSON format: {name: value} plus "propertytypes"
        types = obj.get("propertytypes") or {}
        for k, v in props.items():
            out[str(k)] = _typed(v, types.get(k), source, f"{where} property {k!r}")
        return out
    if not isinstance(props, list):
        raise _fail(source, f"{where}: properties is not a list")
    for p in props:
        if not isinstance(p, dict) or "name" not in p:
            raise _fail(source, f"{where}: a property without a name")
        out[str(p["name"])] = _typed(p.get("value"), p.get("type"), source, f"{where} property {p['name']!r}")
    return out


def _json_tileset(obj: dict, source: str, firstgid: int) -> _Tileset:
    name = str(obj.get("name") or "")
    ts = _Tileset(firstgid=firstgid, name=name)
    tiles = obj.get("tiles") or []
    if isinstance(tiles, dict):  # old format: {"3": {...}}
        tiles = [dict(v, id=k) for k, v in tiles.items() if isinstance(v, dict)]
    if not isinstance(tiles, list):
        raise _fail(source, f"tileset {name!r}: tiles is not a list")
    for t in tiles:
        if not isinstance(t, dict):
            raise _fail(source, f"tileset {name!r}: a tile is not an object")
        lid = _to_int(t.get("id"), source, f"tileset {name!r} tile id", 0)
        cls = t.get("class") or t.get("type")
        ts.tiles[lid] = (cls if isinstance(cls, str) else None,
                         _json_properties(t, source, f"tileset {name!r} tile {lid}"))
    return ts


def _json_layers(layers, doc: _Doc, source: str, offset, n: int):
    if not isinstance(layers, list):
        raise _fail(source, "layers is not a list")
    for el in layers:
        if not isinstance(el, dict):
            raise _fail(source, "a layer is not an object")
        name = str(el.get("name") or "")
        cls = el.get("class") if isinstance(el.get("class"), str) else None
        ox = offset[0] + _to_float(el.get("offsetx", 0), source, f"layer {name!r} offsetx")
        oy = offset[1] + _to_float(el.get("offsety", 0), source, f"layer {name!r} offsety")
        kind = el.get("type")
        where = f"layer {name!r}"
        if kind == "group":
            _json_layers(el.get("layers") or [], doc, source, (ox, oy), n)
        elif kind == "tilelayer":
            if "chunks" in el:
                raise _fail(source, f"{where}: infinite maps (chunks) are not supported; in Tiled untick "
                                    f"Map > Map Properties > Infinite and save")
            enc = el.get("encoding") or ("base64" if isinstance(el.get("data"), str) else "csv")
            gids = _decode_gids(enc, el.get("compression"), el.get("data"), n, source, where)
            doc.tile_layers.append(_TileLayer(name, cls, _json_properties(el, source, where), gids))
        elif kind == "objectgroup":
            layer = _ObjectLayer(name, cls, [])
            objects = el.get("objects") or []
            if not isinstance(objects, list):
                raise _fail(source, f"{where}: objects is not a list")
            for o in objects:
                if not isinstance(o, dict):
                    raise _fail(source, f"{where}: an object is not an object")
                oid = o.get("id", "?")
                owhere = f"{where} object {oid}"
                rel: list = []
                if o.get("point"):
                    shape = "point"
                elif o.get("ellipse"):
                    shape = "ellipse"
                elif "polyline" in o or "polygon" in o:
                    shape = "polyline" if "polyline" in o else "polygon"
                    pts = o.get(shape)
                    if not isinstance(pts, list):
                        raise _fail(source, f"{owhere}: {shape} is not a list of points")
                    for p in pts:
                        if not isinstance(p, dict):
                            raise _fail(source, f"{owhere}: a {shape} point is not {{x, y}}")
                        rel.append((_to_float(p.get("x"), source, f"{owhere} point x"),
                                    _to_float(p.get("y"), source, f"{owhere} point y")))
                elif "text" in o:
                    shape = "text"
                elif o.get("gid"):
                    shape = "tile"
                else:
                    shape = "rectangle"
                ocls = o.get("class") or o.get("type")
                layer.objects.append(_object(o.get, oid, str(o.get("name") or ""),
                                             ocls if isinstance(ocls, str) else None, shape, rel,
                                             _json_properties(o, source, owhere), (ox, oy),
                                             source, owhere))
            doc.object_layers.append(layer)


def _read_tmj(data: bytes, source: str, base: Path) -> _Doc:
    obj = _json_load(data, source)
    if not isinstance(obj, dict) or obj.get("type", "map") != "map":
        raise _fail(source, "not a Tiled JSON map (expected an object with \"type\": \"map\")")
    head = _header(obj.get, source)
    doc = _Doc(source=source, properties=_json_properties(obj, source, "map"), tilesets=[],
               tile_layers=[], object_layers=[], **head)
    for ts in obj.get("tilesets") or []:
        if not isinstance(ts, dict):
            raise _fail(source, "a tileset is not an object")
        firstgid = _to_int(ts.get("firstgid"), source, "tileset firstgid", 1)
        if ts.get("source"):
            doc.tilesets.append(_external_tileset(str(ts["source"]), source, base, firstgid))
        else:
            doc.tilesets.append(_json_tileset(ts, source, firstgid))
    _json_layers(obj.get("layers") or [], doc, source, (0.0, 0.0), doc.width * doc.height)
    return doc


# -- pixels <-> millimetres ------------------------------------------------------------------

class _Layout:
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
                raise _fail(source, f"tile size {tilewidth} x {tileheight} with hexsidelength {side} is not a "
                                    f"hexagonal layout")
            # x_mm = ax * x_px + bx ; y_mm = ay * y_px + by
            self.ax, self.bx = d / w, 0.0
            self.ay = 1.5 * s / step
            self.by = s - self.ay * h / 2
        else:
            step = (w - side) // 2 + side
            if h <= 0 or step <= 0 or side > w:
                raise _fail(source, f"tile size {tilewidth} x {tileheight} with hexsidelength {side} is not a "
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
            out["*"] = terrain
            continue
        m = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", key)
        if not m:
            raise InputError(f"--tiles: {key!r} is not a tile id, a range A-B or *")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        if hi < lo or hi - lo > 100_000 or hi > GID_MASK:
            raise InputError(f"--tiles: {key!r} is not a sensible range of tile ids")
        for gid in range(lo, hi + 1):
            out[gid] = terrain
    return out


# -- document -> map ------------------------------------------------------------------------

def _tileset_of(doc: _Doc, gid: int) -> _Tileset | None:
    best = None
    for ts in doc.tilesets:
        if ts.firstgid <= gid and (best is None or ts.firstgid > best.firstgid):
            best = ts
    return best


def _tile_terrain(doc: _Doc, gid: int) -> tuple[str | None, str | None]:
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


def _region_layer_name(layer: _TileLayer) -> str | None:
    m = re.match(r"\s*region\s*:\s*(.+?)\s*$", layer.name, re.IGNORECASE)
    if m:
        return m.group(1)
    if (layer.cls or "").strip().lower() == "region":
        return layer.name.strip() or None
    return None


def _terrain(doc: _Doc, grid: Grid, tiles: dict, notes: list) -> dict:
    layers = [la for la in doc.tile_layers if _region_layer_name(la) is None]
    if not layers:
        raise _fail(doc.source, "the map has no tile layer for the terrain")
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
            raise _fail(doc.source, f"tileset {ts.source!r} (tile ids from {ts.firstgid}) {where}; or map its "
                                    f"tiles with --tiles (tile ids {listed}{more})")
        bad = [g for g in ids if g in bad_values]
        if bad:
            g = bad[0]
            raise _fail(doc.source, f"tile id {g} has terrain {bad_values[g]!r}, which is not one of "
                                    f"{', '.join(TERRAINS)}; map it with --tiles {g}=TERRAIN")
        raise _fail(doc.source, f"tile ids {listed}{more} have no terrain: give a 'terrain' property to "
                                f"the tiles in Tiled, or map them with --tiles ID=TERRAIN,...,*=plain")
    for ts in doc.tilesets:
        if ts.missing:
            why = "lies outside the map's folder, not read" if ts.outside else "not found"
            notes.append(f"{doc.source}: tileset {ts.source!r} {why}; its tiles were mapped by --tiles")
    return terrain


def _kind_of(obj: _Object, layer: _ObjectLayer) -> str | None:
    for label in (obj.cls, obj.name, layer.cls, layer.name):
        k = KIND_WORDS.get((label or "").strip().lower())
        if k:
            return k
    return None


def _own_name(obj: _Object) -> str | None:
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
                raise _fail(source, f"{where}: {text!r} is not a JSON list")
        else:
            items = [p.strip() for p in text.split(",") if p.strip()]
    return [str(i) for i in items]


def _numbers(value, source: str, where: str) -> tuple[int, ...]:
    if isinstance(value, bool):
        raise _fail(source, f"{where}: numbers is {value!r}, not a list of race numbers")
    if isinstance(value, (int, float)):
        return (_to_int(value, source, f"{where}: numbers"),)
    out = []
    for p in re.split(r"[,;\s]+", str(value).strip().strip("[]")):
        if p:
            out.append(_to_int(p, source, f"{where}: race number"))
    return tuple(out)


def _json_value(value, source: str, what: str, kind: type):
    if isinstance(value, kind):
        return value
    out = parse_json(str(value), f"{source}: {what}")
    if not isinstance(out, kind):
        raise _fail(source, f"{what} is not a JSON {'object' if kind is dict else 'list'}")
    return out


def _board_hex(doc: _Doc, grid: Grid, layout: _Layout, obj: _Object, what: str) -> Hex:
    x, y = obj.points[0]
    h = grid.hex_at_mm(*layout.to_mm(x, y))
    if h not in grid:
        raise _fail(doc.source, f"{what} {obj.label()} at pixel ({x:g}, {y:g}) is outside the board")
    return h


def _build(doc: _Doc, tiles: dict, hex_mm: float | None, name: str | None, stem: str) -> tuple[Map, list[str]]:
    source = doc.source
    notes: list[str] = []
    props = doc.properties
    ours = "mapkit_format" in props
    if hex_mm is None:
        hex_mm = _to_float(props["hex_mm"], source, "map property hex_mm") if "hex_mm" in props else 14.0
    if not 0 < hex_mm <= 1000:
        raise _fail(source, f"hex size {hex_mm:g} mm is not between 0 and 1000")
    grid = Grid("pointy" if doc.staggeraxis == "y" else "flat", doc.staggerindex, doc.width, doc.height, hex_mm)
    layout = _Layout(grid, doc.tilewidth, doc.tileheight, doc.hexsidelength, source)
    terrain = _terrain(doc, grid, tiles, notes)

    # Edge sets, cities, ferries from the object layers.
    groups: dict = {}
    cities: list[City] = []
    ferries: list[Ferry] = []
    ignored = 0
    for layer in doc.object_layers:
        for obj in layer.objects:
            kind = _kind_of(obj, layer)
            p = obj.properties
            where = f"{obj.label()} in layer {layer.name!r}"
            if kind in ("rivers", "borders", "ridges") and obj.shape in ("polyline", "polygon"):
                set_name = _own_name(obj)
                if "set" in p:
                    key = (kind, "set", _to_int(p["set"], source, f"{where}: property set"))
                elif set_name is not None:
                    key = (kind, "name", set_name)
                else:
                    key = (kind, "object", obj.id, len(groups))
                pts = [layout.to_mm(x, y) for x, y in obj.points]
                edges = snap_polyline_to_edges(grid, pts)
                g = groups.setdefault(key, {"kind": kind, "name": set_name, "edges": set()})
                g["edges"].update(edges)
                continue
            if "numbers" in p or kind == "cities":
                if obj.shape in ("polyline", "polygon"):
                    raise _fail(source, f"{where}: a city is a point, not a line")
                h = _board_hex(doc, grid, layout, obj, "city")
                cname = _own_name(obj)
                if cname is None:
                    cname = hex_name(h)
                    notes.append(f"{source}: {where} has no name; the city is called {cname}")
                numbers = _numbers(p.get("numbers", ""), source, where)
                tags = tuple(_split_list(p["tags"], source, f"{where}: tags")) if "tags" in p else ()
                lon = _to_float(p["lon"], source, f"{where}: lon") if "lon" in p else None
                lat = _to_float(p["lat"], source, f"{where}: lat") if "lat" in p else None
                if lon is not None and not -180 <= lon <= 180:
                    raise _fail(source, f"{where}: lon {lon} is not between -180 and 180")
                if lat is not None and not -90 <= lat <= 90:
                    raise _fail(source, f"{where}: lat {lat} is not between -90 and 90")
                colour = str(p["colour"]) if "colour" in p else (str(p["color"]) if "color" in p else None)
                region = str(p["region"]) if "region" in p else None
                cities.append(City(cname, h, numbers, tags, colour, region, lon, lat))
                continue
            if kind == "ferries" and obj.shape not in ("polyline", "polygon"):
                h = _board_hex(doc, grid, layout, obj, "ferry")
                if "from" not in p or not str(p["from"]).strip():
                    raise _fail(source, f"{where}: a ferry needs a 'from' property (its port city)")
                cost = _to_int(p.get("cost", 6), source, f"{where}: cost", 0)
                fare = tuple(_to_int(v, source, f"{where}: fare", 0)
                             for v in _split_list(p.get("fare", "1,3,1"), source, f"{where}: fare"))
                fname = _own_name(obj)
                ferries.append(Ferry(fname, str(p["from"]), h, cost, fare))
                continue
            ignored += 1
    if ignored:
        notes.append(f"{source}: {ignored} objects ignored (not a river/border/ridge line, a city with "
                     f"'numbers' or a ferry)")
    edge_sets: dict = {"rivers": [], "borders": [], "ridges": []}
    for g in groups.values():
        edge_sets[g["kind"]].append(EdgeSet(frozenset(g["edges"]), g["name"]))

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
                notes.append(f"{source}: region layer {layer.name!r}: property {k!r} ignored "
                             f"(a region keeps kind and colour)")
        regions.append(Region(rname, tuple(hexes), tuple(extra.items())))

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

    rules = Rules()
    for key in ("border_crossing", "stop_at_border"):
        if key in props:
            setattr(rules, key, _typed(props[key], "bool", source, f"map property {key}"))
    if "start_cities" in props:
        rules.start_cities = _split_list(props["start_cities"], source, "map property start_cities")
    if "min_race_distance" in props:
        rules.min_race_distance = _to_int(props["min_race_distance"], source, "map property min_race_distance", 0)
    if "special_races" in props:
        sr = _json_value(props["special_races"], source, "map property special_races", dict)
        if not isinstance(sr.get("table"), dict):
            raise _fail(source, "map property special_races has no 'table' object")
        sr["table"] = {str(k).upper(): v for k, v in sr["table"].items()}
        rules.special_races = sr
    if "preset" in props:
        rules.extra["preset"] = str(props["preset"])

    m = Map(grid=grid, terrain=terrain, rivers=edge_sets["rivers"], borders=edge_sets["borders"],
            ridges=edge_sets["ridges"], cities=cities, regions=regions, rules=rules, ferries=ferries,
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


def _check_map_file(m: Map, source: str) -> None:
    """Make sure the map writes a file that reads back (schema-valid values)."""
    from .yamlmap import dump_map, parse_map

    try:
        parse_map(dump_map(m), source)
    except InputError as exc:
        raise _fail(source, f"the imported map would not be a valid map file: {exc}") from None


def parse_tiled(data: bytes, source: str = "<tiled>", *, tiles: dict | None = None, hex_mm: float | None = None,
                name: str | None = None, base: Path | None = None) -> tuple[Map, list[str]]:
    """A map from the bytes of a TMX or TMJ file (the kind is told by the first character).

    ``tiles`` is a mapping from :func:`parse_tiles_option`; ``base`` the folder that external
    tilesets are looked for in (default: the folder of ``source``).
    """
    base = base if base is not None else Path(source).parent
    if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte-order mark
        data = data[3:]
    start = data.lstrip()[:1]
    if start == b"{":
        doc = _read_tmj(data, source, base)
    elif start == b"<":
        doc = _read_tmx(data, source, base)
    else:
        raise _fail(source, "not a Tiled map (neither XML nor JSON)")
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


# -- export ---------------------------------------------------------------------------------

def _num(v: float) -> str:
    r = round(v, 6)
    if r == int(r):
        return str(int(r))
    return repr(r)


def _tile_size(grid: Grid) -> tuple[int, int, int]:
    """(tilewidth, tileheight, hexsidelength) of an exported map."""
    across = 2 * round(TILE_PX * math.sqrt(3) / 2)
    return (across, 2 * TILE_PX, TILE_PX) if grid.pointy else (2 * TILE_PX, across, TILE_PX)


def _tileset_png(grid: Grid) -> tuple[bytes, int, int]:
    """A row of tiles (five terrains and the region marker) as PNG bytes."""
    import io

    from PIL import Image, ImageDraw

    w, h, side = _tile_size(grid)
    names = list(EXPORT_GIDS) + ["region"]
    img = Image.new("RGBA", (w * len(names), h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img, "RGBA")
    for i, tname in enumerate(names):
        x0 = i * w
        if grid.pointy:
            q = (h - side) / 2
            pts = [(w / 2, 0), (w - 1, q), (w - 1, h - 1 - q), (w / 2, h - 1), (0, h - 1 - q), (0, q)]
        else:
            q = (w - side) / 2
            pts = [(q, 0), (w - 1 - q, 0), (w - 1, h / 2), (w - 1 - q, h - 1), (q, h - 1), (0, h / 2)]
        pts = [(x0 + x, y) for x, y in pts]
        draw.polygon(pts, fill=TILE_COLOURS[tname], outline=(90, 90, 90, 255))
        cx, cy = x0 + w / 2, h / 2
        if tname == "mountain":
            draw.polygon([(cx - w / 4, cy + h / 8), (cx, cy - h / 6), (cx + w / 4, cy + h / 8)],
                         fill=(120, 80, 40, 255))
        elif tname == "water":
            for dy in (-h / 10, h / 10):
                draw.line([(cx - w / 4, cy + dy), (cx + w / 4, cy + dy)], fill=(40, 90, 170, 255), width=2)
        elif tname == "foreign":
            draw.line([(cx - w / 5, cy - h / 6), (cx + w / 5, cy + h / 6)], fill=(130, 130, 130, 255), width=2)
        elif tname == "off":
            draw.line([(cx - w / 6, cy - h / 8), (cx + w / 6, cy + h / 8)], fill=(200, 200, 200, 255), width=1)
            draw.line([(cx - w / 6, cy + h / 8), (cx + w / 6, cy - h / 8)], fill=(200, 200, 200, 255), width=1)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue(), w * len(names), h


def _property_xml(name: str, value, indent: str) -> str:
    if isinstance(value, bool):
        return f'{indent}<property name={quoteattr(name)} type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'{indent}<property name={quoteattr(name)} type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'{indent}<property name={quoteattr(name)} type="float" value="{value!r}"/>'
    text = str(value)
    if "\n" in text or "\r" in text:
        return f"{indent}<property name={quoteattr(name)}>{escape(text)}</property>"
    return f"{indent}<property name={quoteattr(name)} value={quoteattr(text)}/>"


def _properties_xml(props: list[tuple[str, Any]], indent: str) -> list[str]:
    if not props:
        return []
    return ([f"{indent}<properties>"] + [_property_xml(k, v, indent + " ") for k, v in props]
            + [f"{indent}</properties>"])


def _list_text(items) -> str:
    items = [str(i) for i in items]
    if any("," in i or i != i.strip() or not i for i in items) or (items and items[0].startswith("[")):
        return json.dumps(items, ensure_ascii=False)
    return ",".join(items)


def _json_text(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def dump_tmx(m: Map) -> str:
    """The TMX text of a map: one terrain layer, region layers, rivers/borders/ridges as
    polylines along hex sides, cities and ferries as points, meta and rules as map properties."""
    g = m.grid
    tw, th, side = _tile_size(g)
    layout = _Layout(g, tw, th, side, "<export>")
    png, img_w, img_h = _tileset_png(g)

    props: list[tuple[str, Any]] = [("mapkit_format", 1), ("hex_mm", float(g.hex_mm))]
    for k in META_STRINGS:
        if m.meta.get(k) is not None:
            props.append((k, str(m.meta[k])))
    if m.meta.get("geo") is not None:
        props.append(("geo", _json_text(m.meta["geo"])))
    r = m.rules
    if not r.is_default():
        props.append(("border_crossing", bool(r.border_crossing)))
        if r.stop_at_border:
            props.append(("stop_at_border", True))
        if r.start_cities:
            props.append(("start_cities", json.dumps(list(r.start_cities), ensure_ascii=False)))
        if r.min_race_distance is not None:
            props.append(("min_race_distance", int(r.min_race_distance)))
        if r.special_races is not None:
            props.append(("special_races", _json_text(r.special_races)))
        for k, v in sorted(r.extra.items()):
            props.append((k, v if isinstance(v, (bool, int, float, str)) else _json_text(v)))

    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    layer_id = 0
    object_id = 0
    body: list[str] = []

    def csv(gids: list[int]) -> str:
        rows = [",".join(str(gids[r * g.columns + c]) for c in range(g.columns)) for r in range(g.rows)]
        return "\n" + ",\n".join(rows) + "\n"

    layer_id += 1
    gids = [0 if m.terrain[h] == "off" else EXPORT_GIDS[m.terrain[h]] for h in g.hexes()]
    body.append(f' <layer id="{layer_id}" name="terrain" width="{g.columns}" height="{g.rows}">')
    body.append(f'  <data encoding="csv">{csv(gids)}</data>')
    body.append(" </layer>")
    for region in m.regions:
        layer_id += 1
        members = set(region.hexes)
        gids = [REGION_GID if h in members else 0 for h in g.hexes()]
        body.append(f' <layer id="{layer_id}" name={quoteattr("region: " + region.name)} width="{g.columns}" '
                    f'height="{g.rows}" opacity="0.5">')
        body += _properties_xml([(k, v) for k, v in region.extra], "  ")
        body.append(f'  <data encoding="csv">{csv(gids)}</data>')
        body.append(" </layer>")

    def point_xy(h) -> tuple[str, str]:
        x, y = layout.to_px(*g.centre_mm(h))
        return _num(x), _num(y)

    for kind in ("rivers", "borders", "ridges"):
        sets = getattr(m, kind)
        if not sets:
            continue
        layer_id += 1
        body.append(f' <objectgroup id="{layer_id}" name="{kind}">')
        for i, es in enumerate(sets):
            lines = edges_to_polylines(g, es.edges) or [[]]
            for line in lines:
                object_id += 1
                px = [layout.to_px(x, y) for x, y in line] or [(0.0, 0.0)]
                x0, y0 = px[0]
                name = f" name={quoteattr(es.name)}" if es.name is not None else ""
                body.append(f'  <object id="{object_id}"{name} type="{SINGULAR[kind]}" x="{_num(x0)}" y="{_num(y0)}">')
                body += _properties_xml([("set", i)], "   ")
                pts = " ".join(f"{_num(x - x0)},{_num(y - y0)}" for x, y in px)
                body.append(f'   <polyline points="{pts}"/>')
                body.append("  </object>")
        body.append(" </objectgroup>")
    if m.cities:
        layer_id += 1
        body.append(f' <objectgroup id="{layer_id}" name="cities">')
        for c in m.cities:
            object_id += 1
            x, y = point_xy(c.hex)
            body.append(f'  <object id="{object_id}" name={quoteattr(c.name)} type="city" x="{x}" y="{y}">')
            cprops: list[tuple[str, Any]] = [("numbers", ",".join(str(n) for n in c.numbers))]
            if c.tags:
                cprops.append(("tags", _list_text(c.tags)))
            if c.colour is not None:
                cprops.append(("colour", c.colour))
            if c.region is not None:
                cprops.append(("region", c.region))
            if c.lon is not None:
                cprops.append(("lon", float(c.lon)))
            if c.lat is not None:
                cprops.append(("lat", float(c.lat)))
            body += _properties_xml(cprops, "   ")
            body.append("   <point/>")
            body.append("  </object>")
        body.append(" </objectgroup>")
    if m.ferries:
        layer_id += 1
        body.append(f' <objectgroup id="{layer_id}" name="ferries">')
        for f in m.ferries:
            object_id += 1
            x, y = point_xy(f.to)
            name = f" name={quoteattr(f.name)}" if f.name is not None else ""
            body.append(f'  <object id="{object_id}"{name} type="ferry" x="{x}" y="{y}">')
            body += _properties_xml([("from", f.from_city), ("cost", int(f.cost)),
                                     ("fare", ",".join(str(v) for v in f.fare))], "   ")
            body.append("   <point/>")
            body.append("  </object>")
        body.append(" </objectgroup>")

    out.append(f'<map version="1.10" orientation="hexagonal" renderorder="right-down" width="{g.columns}" '
               f'height="{g.rows}" tilewidth="{tw}" tileheight="{th}" infinite="0" hexsidelength="{side}" '
               f'staggeraxis="{"y" if g.pointy else "x"}" staggerindex="{g.offset}" '
               f'nextlayerid="{layer_id + 1}" nextobjectid="{object_id + 1}">')
    out += _properties_xml(props, " ")
    ntiles = len(EXPORT_GIDS) + 1
    out.append(f' <tileset firstgid="1" name="mapkit terrain" tilewidth="{tw}" tileheight="{th}" '
               f'tilecount="{ntiles}" columns="{ntiles}">')
    out.append(f'  <image format="png" width="{img_w}" height="{img_h}">')
    out.append(f'   <data encoding="base64">{base64.b64encode(png).decode("ascii")}</data>')
    out.append("  </image>")
    for tname, gid in EXPORT_GIDS.items():
        out.append(f'  <tile id="{gid - 1}">')
        out += _properties_xml([("terrain", tname)], "   ")
        out.append("  </tile>")
    out.append(f'  <tile id="{REGION_GID - 1}">')
    out += _properties_xml([("marks", "region")], "   ")
    out.append("  </tile>")
    out.append(" </tileset>")
    out += body
    out.append("</map>")
    return "\n".join(out) + "\n"


def save_tmx(m: Map, path, inputs=()) -> None:
    """Write ``m`` as a TMX file (atomically; never over one of ``inputs``)."""
    atomic_write(path, dump_tmx(m), inputs=inputs)
