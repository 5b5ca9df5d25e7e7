"""Writing a map as a Tiled map (TMX) that Tiled shows and edits, and that reads back equal.

One terrain layer painted with an embedded tileset whose tiles carry a ``terrain`` property
(and an embedded PNG of the tiles, so Tiled draws the terrain), a tile layer per region
(``region: NAME``), rivers, borders and ridges as polylines along hex sides, cities and
ferries as points, the map's metadata and rules as map properties. Hexes are 56 x 64 px
(side 32): every centre and corner falls on a whole pixel. :func:`mapkit.io.tiled.parse_tiled`
of the result gives back the map.

>>> from mapkit.grid import Grid, parse_hex
>>> from mapkit.model import Map, City
>>> from mapkit.io.tiled import parse_tiled
>>> m = Map(Grid("pointy", "odd", 3, 2), cities=[City("Brno", parse_hex("B2"), (21,))], meta={"name": "Two rows"})
>>> parse_tiled(dump_tmx(m).encode(), "two.tmx")[0] == m
True
"""

from __future__ import annotations

import base64
import json
import math
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..fileio import atomic_write
from ..grid import Grid
from ..model import Map
from ..snap import edges_to_polylines
from .tiled import META_STRINGS, Layout

__all__ = ["dump_tmx", "save_tmx", "TILE_PX", "EXPORT_GIDS"]

# Size of the hexes in an exported map: centre to corner in pixels (even, so that every
# centre and corner falls on a whole pixel).
TILE_PX = 32
SINGULAR = {"rivers": "river", "borders": "border", "ridges": "ridge", "cities": "city",
            "ferries": "ferry"}
# Export: global id of each terrain's tile (``off`` hexes are written as empty cells).
EXPORT_GIDS = {"plain": 1, "mountain": 2, "water": 3, "foreign": 4, "off": 5}
REGION_GID = 6
TILE_COLOURS = {"plain": (216, 232, 176, 255), "mountain": (190, 150, 100, 255),
                "water": (127, 178, 229, 255), "foreign": (200, 200, 200, 255),
                "off": (255, 255, 255, 255), "region": (230, 60, 60, 110)}


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
    layout = Layout(g, tw, th, side, "<export>")
    png, img_w, img_h = _tileset_png(g)
    props = _map_properties(m)

    body = _Body()
    _tile_layers(m, body)
    _line_layers(m, layout, body)
    _city_layer(m, layout, body)
    _ferry_layer(m, layout, body)

    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    out.append(f'<map version="1.10" orientation="hexagonal" renderorder="right-down" width="{g.columns}" '
               f'height="{g.rows}" tilewidth="{tw}" tileheight="{th}" infinite="0" hexsidelength="{side}" '
               f'staggeraxis="{"y" if g.pointy else "x"}" staggerindex="{g.offset}" '
               f'nextlayerid="{body.layer_id + 1}" nextobjectid="{body.object_id + 1}">')
    out += _properties_xml(props, " ")
    out += _tileset_xml(tw, th, png, img_w, img_h)
    out += body.lines
    out.append("</map>")
    return "\n".join(out) + "\n"


class _Body:
    """The layers of a TMX file as they are written, with the last layer and object ids used."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.layer_id = 0
        self.object_id = 0

    def next_layer(self) -> int:
        self.layer_id += 1
        return self.layer_id

    def next_object(self) -> int:
        self.object_id += 1
        return self.object_id


def _map_properties(m: Map) -> list[tuple[str, Any]]:
    """The map properties: mapkit's marker, the hex size, the metadata and the rules."""
    props: list[tuple[str, Any]] = [("mapkit_format", 1), ("hex_mm", float(m.grid.hex_mm))]
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
    return props


def _csv(g: Grid, gids: list[int]) -> str:
    """A tile layer's cells as CSV, a line a row."""
    rows = [",".join(str(gids[r * g.columns + c]) for c in range(g.columns)) for r in range(g.rows)]
    return "\n" + ",\n".join(rows) + "\n"


def _tile_layers(m: Map, body: _Body) -> None:
    """The terrain layer, then a layer per region painting its hexes."""
    g = m.grid
    layer_id = body.next_layer()
    gids = [0 if m.terrain[h] == "off" else EXPORT_GIDS[m.terrain[h]] for h in g.hexes()]
    body.lines.append(f' <layer id="{layer_id}" name="terrain" width="{g.columns}" height="{g.rows}">')
    body.lines.append(f'  <data encoding="csv">{_csv(g, gids)}</data>')
    body.lines.append(" </layer>")
    for region in m.regions:
        layer_id = body.next_layer()
        members = set(region.hexes)
        gids = [REGION_GID if h in members else 0 for h in g.hexes()]
        body.lines.append(f' <layer id="{layer_id}" name={quoteattr("region: " + region.name)} width="{g.columns}" '
                          f'height="{g.rows}" opacity="0.5">')
        body.lines += _properties_xml([(k, v) for k, v in region.extra], "  ")
        body.lines.append(f'  <data encoding="csv">{_csv(g, gids)}</data>')
        body.lines.append(" </layer>")


def _line_layers(m: Map, layout: Layout, body: _Body) -> None:
    """A layer each for rivers, borders and ridges: every edge set as polylines along hex sides."""
    g = m.grid
    for kind in ("rivers", "borders", "ridges"):
        sets = getattr(m, kind)
        if not sets:
            continue
        layer_id = body.next_layer()
        body.lines.append(f' <objectgroup id="{layer_id}" name="{kind}">')
        for i, es in enumerate(sets):
            lines = edges_to_polylines(g, es.edges) or [[]]
            for line in lines:
                object_id = body.next_object()
                px = [layout.to_px(x, y) for x, y in line] or [(0.0, 0.0)]
                x0, y0 = px[0]
                name = f" name={quoteattr(es.name)}" if es.name is not None else ""
                body.lines.append(f'  <object id="{object_id}"{name} type="{SINGULAR[kind]}" '
                                  f'x="{_num(x0)}" y="{_num(y0)}">')
                body.lines += _properties_xml([("set", i)], "   ")
                pts = " ".join(f"{_num(x - x0)},{_num(y - y0)}" for x, y in px)
                body.lines.append(f'   <polyline points="{pts}"/>')
                body.lines.append("  </object>")
        body.lines.append(" </objectgroup>")


def _point_xy(m: Map, layout: Layout, h) -> tuple[str, str]:
    """A hex centre in the TMX's pixels."""
    x, y = layout.to_px(*m.grid.centre_mm(h))
    return _num(x), _num(y)


def _city_layer(m: Map, layout: Layout, body: _Body) -> None:
    """The cities as points with their numbers, tags, colour, region and place."""
    objects = []
    for c in m.cities:
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
        objects.append((c.name, c.hex, cprops))
    _point_layer(m, layout, body, "cities", objects)


def _ferry_layer(m: Map, layout: Layout, body: _Body) -> None:
    """The ferries as points at their far ends, with their port city, cost and fare."""
    objects = [(f.name, f.to, [("from", f.from_city), ("cost", int(f.cost)),
                               ("fare", ",".join(str(v) for v in f.fare))]) for f in m.ferries]
    _point_layer(m, layout, body, "ferries", objects)


def _point_layer(m: Map, layout: Layout, body: _Body, kind: str, objects: list) -> None:
    """An object layer of points (none without objects): ``(name or None, hex, properties)``."""
    if not objects:
        return
    layer_id = body.next_layer()
    body.lines.append(f' <objectgroup id="{layer_id}" name="{kind}">')
    for name, h, props in objects:
        object_id = body.next_object()
        x, y = _point_xy(m, layout, h)
        name_attr = f" name={quoteattr(name)}" if name is not None else ""
        body.lines.append(f'  <object id="{object_id}"{name_attr} type="{SINGULAR[kind]}" x="{x}" y="{y}">')
        body.lines += _properties_xml(props, "   ")
        body.lines.append("   <point/>")
        body.lines.append("  </object>")
    body.lines.append(" </objectgroup>")


def _tileset_xml(tw: int, th: int, png: bytes, img_w: int, img_h: int) -> list[str]:
    """The embedded tileset: the tiles' picture and each tile's terrain (or region mark)."""
    ntiles = len(EXPORT_GIDS) + 1
    out = [f' <tileset firstgid="1" name="mapkit terrain" tilewidth="{tw}" tileheight="{th}" '
           f'tilecount="{ntiles}" columns="{ntiles}">']
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
    return out


def save_tmx(m: Map, path, inputs=()) -> None:
    """Write ``m`` as a TMX file (atomically; never over one of ``inputs``)."""
    atomic_write(path, dump_tmx(m), inputs=inputs)
