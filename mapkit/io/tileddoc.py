"""A Tiled map file (TMX or TMJ) read into one shape, before it means anything for mapkit.

:func:`read_document` parses the bytes of a ``.tmx`` (XML) or ``.tmj`` (JSON) file into a
:class:`Document`: the map's header (size, tile size, stagger axis and index), its custom
properties, its tilesets (inline, or an external ``.tsx``/``.tsj`` beside the map or below its
folder), its tile layers (global ids, flag bits masked off) and its object layers (points in
absolute pixels, group offsets and rotations applied). :mod:`mapkit.io.tiled` turns that into
a map. Hostile files are refused in one line: entity declarations and external references in
any encoding (defusedxml), a declared size over the format's 1000 before the layers are read,
JSON beyond :func:`mapkit.fileio.parse_json`'s bounds, layer data that does not fit the map.

>>> doc = read_document(b'<map orientation="hexagonal" width="2" height="1" tilewidth="14" '
...                     b'tileheight="16" hexsidelength="8"><layer name="g"><data encoding="csv">'
...                     b'1,2147483650</data></layer></map>', "tiny.tmx", Path("."))
>>> (doc.width, doc.height, doc.staggeraxis, doc.tile_layers[0].gids)
(2, 1, 'y', [1, 2])
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import zlib
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..fileio import parse_json, read_bytes

__all__ = ["Document", "Tileset", "TileLayer", "MapObject", "ObjectLayer", "read_document", "fail", "short",
           "to_int", "to_float", "typed", "json_load", "GID_MASK", "MAX_SIDE"]

# Bits 32..29 of a global tile id are flags (flip H, flip V, flip diagonal / rotate 60,
# rotate 120 on hexagonal maps); the id is what is left.
GID_MASK = 0x0FFFFFFF
MAX_SIDE = 1000  # the map format's limit on columns and rows (checked before the layers are read)


# -- the document, read from either format into one shape ----------------------------------------

@dataclass
class Tileset:
    firstgid: int
    name: str
    tiles: dict = field(default_factory=dict)  # local id -> (class or None, properties)
    source: str | None = None
    missing: bool = False
    outside: bool = False  # named outside the map's folder: never read


@dataclass
class TileLayer:
    name: str
    cls: str | None
    properties: dict
    gids: list


@dataclass
class MapObject:
    id: Any
    name: str
    cls: str | None
    shape: str  # point, polyline, polygon, rectangle, ellipse, tile, text
    points: list  # absolute pixels: the vertices (lines), or the one anchor point (others)
    properties: dict

    def label(self) -> str:
        return f"object {self.id}" + (f" {self.name!r}" if self.name else "")


@dataclass
class ObjectLayer:
    name: str
    cls: str | None
    objects: list


@dataclass
class Document:
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


def fail(source: str, message: str) -> InputError:
    return InputError(f"{source}: {message}")


def short(value) -> str:
    """A value in a message: a hostile file's 5,000-digit number is not printed whole."""
    text = repr(value)
    return text if len(text) <= 60 else text[:45] + f"... ({len(text)} characters)"


def to_int(value, source: str, what: str, minimum: int | None = None) -> int:
    try:
        if isinstance(value, bool):
            raise ValueError
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError
            value = int(value)
        n = int(value)
    except (TypeError, ValueError):
        raise fail(source, f"{what} is {short(value)}, not a whole number") from None
    if minimum is not None and n < minimum:
        raise fail(source, f"{what} is {n}, less than {minimum}")
    return n


def to_float(value, source: str, what: str) -> float:
    try:
        if isinstance(value, bool):
            raise ValueError
        f = float(value)
    except (TypeError, ValueError):
        raise fail(source, f"{what} is {short(value)}, not a number") from None
    if not math.isfinite(f):
        raise fail(source, f"{what} is {short(value)}, not a finite number")
    return f


def typed(value, ptype: str | None, source: str, what: str):
    """A custom property's value in its declared Tiled type."""
    if ptype == "int":
        return to_int(value, source, what)
    if ptype == "float":
        return to_float(value, source, what)
    if ptype == "bool":
        if isinstance(value, bool):
            return value
        if str(value).strip().lower() in ("true", "1"):
            return True
        if str(value).strip().lower() in ("false", "0", ""):
            return False
        raise fail(source, f"{what} is {short(value)}, not true or false")
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
        raise fail(source, "XML entity declarations and external references are not allowed in a "
                            "Tiled file (Tiled never writes them)") from None
    except ET.ParseError as exc:
        line, col = getattr(exc, "position", (None, None))
        where = f"{source}:{line}" if line else source
        msg = str(exc).split(":")[0]
        raise InputError(f"{where}: malformed XML ({msg}, column {col})", line) from None
    if root.tag != expect:
        raise fail(source, f"not a Tiled {'map' if expect == 'map' else 'tileset'}: the root element is "
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
        out[name] = typed(value, ptype, source, f"{where} property {name!r}")
    return out


def _xml_tileset(el, source: str, base: Path, firstgid: int | None) -> Tileset:
    name = el.get("name") or ""
    ts = Tileset(firstgid=firstgid or 0, name=name)
    for t in el.findall("tile"):
        lid = to_int(t.get("id"), source, f"tileset {name!r} tile id", 0)
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


def _external_tileset(src: str, source: str, base: Path, firstgid: int) -> Tileset:
    path = _beside(base, src)
    if path is None:
        return Tileset(firstgid=firstgid, name=src, source=src, missing=True, outside=True)
    if not path.is_file():
        return Tileset(firstgid=firstgid, name=src, source=src, missing=True)
    data = read_bytes(path)
    text_start = data.lstrip()[:1]
    if path.suffix.lower() in (".tsj", ".json") or text_start == b"{":
        doc = json_load(data, str(path))
        if not isinstance(doc, dict):
            raise fail(str(path), "a JSON tileset is an object")
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
            raise fail(source, f"{where}: base64 data is not text")
        try:
            raw = base64.b64decode("".join(payload.split()), validate=True)
        except (binascii.Error, ValueError):
            raise fail(source, f"{where}: malformed base64 data") from None
        want = 4 * n
        if compression in ("zlib", "gzip"):
            d = zlib.decompressobj(zlib.MAX_WBITS if compression == "zlib" else zlib.MAX_WBITS | 16)
            try:
                out = d.decompress(raw, want + 1)
            except zlib.error as exc:
                raise fail(source, f"{where}: corrupt {compression} data ({exc})") from None
            if len(out) > want or d.unconsumed_tail:
                raise fail(source, f"{where}: {compression} data holds more than the {n} tiles of the map")
            raw = out
        elif compression == "zstd":
            raise fail(source, f"{where}: zstd-compressed layer data is not supported; in Tiled set "
                                f"Map > Map Properties > Tile Layer Format to CSV or Base64 (zlib) and save")
        elif compression is not None:
            raise fail(source, f"{where}: unknown compression {compression!r}")
        if len(raw) != want:
            raise fail(source, f"{where}: data has {len(raw) // 4} tiles, the map has {n}")
        values = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, want, 4)]
    elif encoding == "csv":
        if isinstance(payload, list):
            cells: list = payload
        else:
            cells = [p.strip() for p in (payload or "").split(",")]
            if cells and cells[-1] == "":
                cells.pop()
        values = [to_int(v, source, f"{where}: tile {i + 1}", 0) for i, v in enumerate(cells)]
    elif encoding is None:
        if compression is not None:
            raise fail(source, f"{where}: compression without base64 encoding")
        values = [to_int(v, source, f"{where}: tile {i + 1}", 0) for i, v in enumerate(payload or [])]
    else:
        raise fail(source, f"{where}: unknown encoding {encoding!r} (expected csv or base64)")
    if len(values) != n:
        raise fail(source, f"{where}: data has {len(values)} tiles, the map has {n}")
    for v in values:
        if v >= 1 << 32:
            raise fail(source, f"{where}: tile id {v} does not fit in 32 bits")
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
            out.append((to_float(a, source, where), to_float(b, source, where)))
        except ValueError:
            raise fail(source, f"{where}: malformed points {pair!r}") from None
    return out


def _placed(o: MapObject, get, offset, source: str, where: str) -> MapObject:
    """Object ``o``, given with its points relative to it, placed by its attributes
    (``get(key, default)``: the same keys in TMX and TMJ) and its layer's ``offset``: its
    points made absolute pixels."""
    x = to_float(get("x", 0), source, f"{where} x") + offset[0]
    y = to_float(get("y", 0), source, f"{where} y") + offset[1]
    w = to_float(get("width", 0), source, f"{where} width")
    h = to_float(get("height", 0), source, f"{where} height")
    rot = to_float(get("rotation", 0), source, f"{where} rotation")
    return dataclasses.replace(o, points=_shape_points(o.shape, x, y, w, h, rot, o.points))


def _xml_layers(parent, doc: Document, source: str, offset: tuple[float, float], n: int):
    for el in parent:
        ox = offset[0] + to_float(el.get("offsetx", 0), source, "offsetx")
        oy = offset[1] + to_float(el.get("offsety", 0), source, "offsety")
        name = el.get("name") or ""
        cls = el.get("class")
        if el.tag == "group":
            _xml_layers(el, doc, source, (ox, oy), n)
        elif el.tag == "layer":
            where = f"layer {name!r}"
            data = el.find("data")
            if data is None:
                raise fail(source, f"{where} has no <data>")
            if data.find("chunk") is not None:
                raise fail(source, f"{where}: infinite maps (chunks) are not supported; in Tiled untick "
                                    f"Map > Map Properties > Infinite and save")
            enc = data.get("encoding")
            payload = [t.get("gid", 0) for t in data.findall("tile")] if enc is None else data.text or ""
            gids = _decode_gids(enc, data.get("compression"), payload, n, source, where)
            doc.tile_layers.append(TileLayer(name, cls, _xml_properties(el, source, where), gids))
        elif el.tag == "objectgroup":
            layer = ObjectLayer(name, cls, [])
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
                obj = MapObject(oid, o.get("name") or "", o.get("class") or o.get("type"), shape, rel,
                                _xml_properties(o, source, where))
                layer.objects.append(_placed(obj, o.get, (ox, oy), source, where))
            doc.object_layers.append(layer)


def _header(get, source: str) -> dict:
    orientation = get("orientation")
    if orientation != "hexagonal":
        raise fail(source, f"the map's orientation is {orientation!r}; only hexagonal maps can be imported")
    if str(get("infinite") or "0").lower() in ("1", "true"):
        raise fail(source, "infinite maps are not supported; in Tiled untick Map > Map Properties > "
                            "Infinite and save")
    sizes = {key: to_int(get(key), source, f"map attribute {key}", 1)
             for key in ("width", "height", "tilewidth", "tileheight")}
    for key in ("width", "height"):
        if sizes[key] > MAX_SIDE:
            raise fail(source, f"map {key} {sizes[key]} is more than the {MAX_SIDE} hexes a map file allows")
    sizes["hexsidelength"] = to_int(get("hexsidelength") or 0, source, "map attribute hexsidelength", 0)
    axis = (get("staggeraxis") or "y").lower()
    index = (get("staggerindex") or "odd").lower()
    if axis not in ("x", "y"):
        raise fail(source, f"staggeraxis is {axis!r}, not x or y")
    if index not in ("odd", "even"):
        raise fail(source, f"staggerindex is {index!r}, not odd or even")
    return {**sizes, "staggeraxis": axis, "staggerindex": index}


def _read_tmx(data: bytes, source: str, base: Path) -> Document:
    root = _xml_root(data, source, "map")
    head = _header(root.get, source)
    doc = Document(source=source, properties=_xml_properties(root, source, "map"), tilesets=[],
               tile_layers=[], object_layers=[], **head)
    for el in root.findall("tileset"):
        firstgid = to_int(el.get("firstgid"), source, "tileset firstgid", 1)
        if el.get("source"):
            doc.tilesets.append(_external_tileset(el.get("source"), source, base, firstgid))
        else:
            doc.tilesets.append(_xml_tileset(el, source, base, firstgid))
    _xml_layers(root, doc, source, (0.0, 0.0), doc.width * doc.height)
    return doc


# -- TMJ (JSON) ------------------------------------------------------------------------------

def json_load(data: bytes | str, source: str):
    return parse_json(data, source)


def _json_properties(obj: dict, source: str, where: str) -> dict:
    props = obj.get("properties")
    out: dict = {}
    if props is None:
        return out
    if isinstance(props, dict):  # the old JSON format: {name: value} plus "propertytypes"
        types = obj.get("propertytypes") or {}
        for k, v in props.items():
            out[str(k)] = typed(v, types.get(k), source, f"{where} property {k!r}")
        return out
    if not isinstance(props, list):
        raise fail(source, f"{where}: properties is not a list")
    for p in props:
        if not isinstance(p, dict) or "name" not in p:
            raise fail(source, f"{where}: a property without a name")
        out[str(p["name"])] = typed(p.get("value"), p.get("type"), source, f"{where} property {p['name']!r}")
    return out


def _json_tileset(obj: dict, source: str, firstgid: int) -> Tileset:
    name = str(obj.get("name") or "")
    ts = Tileset(firstgid=firstgid, name=name)
    tiles = obj.get("tiles") or []
    if isinstance(tiles, dict):  # old format: {"3": {...}}
        tiles = [dict(v, id=k) for k, v in tiles.items() if isinstance(v, dict)]
    if not isinstance(tiles, list):
        raise fail(source, f"tileset {name!r}: tiles is not a list")
    for t in tiles:
        if not isinstance(t, dict):
            raise fail(source, f"tileset {name!r}: a tile is not an object")
        lid = to_int(t.get("id"), source, f"tileset {name!r} tile id", 0)
        cls = t.get("class") or t.get("type")
        ts.tiles[lid] = (cls if isinstance(cls, str) else None,
                         _json_properties(t, source, f"tileset {name!r} tile {lid}"))
    return ts


def _json_layers(layers, doc: Document, source: str, offset, n: int):
    if not isinstance(layers, list):
        raise fail(source, "layers is not a list")
    for el in layers:
        if not isinstance(el, dict):
            raise fail(source, "a layer is not an object")
        name = str(el.get("name") or "")
        cls = el.get("class") if isinstance(el.get("class"), str) else None
        ox = offset[0] + to_float(el.get("offsetx", 0), source, f"layer {name!r} offsetx")
        oy = offset[1] + to_float(el.get("offsety", 0), source, f"layer {name!r} offsety")
        kind = el.get("type")
        where = f"layer {name!r}"
        if kind == "group":
            _json_layers(el.get("layers") or [], doc, source, (ox, oy), n)
        elif kind == "tilelayer":
            if "chunks" in el:
                raise fail(source, f"{where}: infinite maps (chunks) are not supported; in Tiled untick "
                                    f"Map > Map Properties > Infinite and save")
            enc = el.get("encoding") or ("base64" if isinstance(el.get("data"), str) else "csv")
            gids = _decode_gids(enc, el.get("compression"), el.get("data"), n, source, where)
            doc.tile_layers.append(TileLayer(name, cls, _json_properties(el, source, where), gids))
        elif kind == "objectgroup":
            layer = ObjectLayer(name, cls, [])
            objects = el.get("objects") or []
            if not isinstance(objects, list):
                raise fail(source, f"{where}: objects is not a list")
            for o in objects:
                if not isinstance(o, dict):
                    raise fail(source, f"{where}: an object is not an object")
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
                        raise fail(source, f"{owhere}: {shape} is not a list of points")
                    for p in pts:
                        if not isinstance(p, dict):
                            raise fail(source, f"{owhere}: a {shape} point is not {{x, y}}")
                        rel.append((to_float(p.get("x"), source, f"{owhere} point x"),
                                    to_float(p.get("y"), source, f"{owhere} point y")))
                elif "text" in o:
                    shape = "text"
                elif o.get("gid"):
                    shape = "tile"
                else:
                    shape = "rectangle"
                ocls = o.get("class") or o.get("type")
                obj = MapObject(oid, str(o.get("name") or ""), ocls if isinstance(ocls, str) else None, shape,
                                rel, _json_properties(o, source, owhere))
                layer.objects.append(_placed(obj, o.get, (ox, oy), source, owhere))
            doc.object_layers.append(layer)


def _read_tmj(data: bytes, source: str, base: Path) -> Document:
    obj = json_load(data, source)
    if not isinstance(obj, dict) or obj.get("type", "map") != "map":
        raise fail(source, "not a Tiled JSON map (expected an object with \"type\": \"map\")")
    head = _header(obj.get, source)
    doc = Document(source=source, properties=_json_properties(obj, source, "map"), tilesets=[],
               tile_layers=[], object_layers=[], **head)
    for ts in obj.get("tilesets") or []:
        if not isinstance(ts, dict):
            raise fail(source, "a tileset is not an object")
        firstgid = to_int(ts.get("firstgid"), source, "tileset firstgid", 1)
        if ts.get("source"):
            doc.tilesets.append(_external_tileset(str(ts["source"]), source, base, firstgid))
        else:
            doc.tilesets.append(_json_tileset(ts, source, firstgid))
    _json_layers(obj.get("layers") or [], doc, source, (0.0, 0.0), doc.width * doc.height)
    return doc


def read_document(data: bytes, source: str, base: Path) -> Document:
    """A TMX or TMJ file's bytes as a :class:`Document` (the kind told by the first character;
    a UTF-8 byte order mark is dropped). External tilesets are looked for under ``base``."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    start = data.lstrip()[:1]
    if start == b"{":
        return _read_tmj(data, source, base)
    if start == b"<":
        return _read_tmx(data, source, base)
    raise fail(source, "not a Tiled map (neither XML nor JSON)")
