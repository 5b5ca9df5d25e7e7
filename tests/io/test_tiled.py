"""Tiled import (TMX, TMJ) and TMX export.

The peer files are decoded a second way in the tests (zlib.decompress + struct, or splitting
the CSV text) to get the expected terrain; small hand-written maps place objects with Tiled's
own pixel formulas (HexagonalRenderer::tileToScreenCoords) so that the expected hexes and
edges are worked out by hand; round trips compare whole maps.
"""

from __future__ import annotations

import base64
import gzip
import json
import random
import re
import struct
import zlib
from collections import Counter

import pytest

from tests.support import MAPS, PEERS, assert_one_line_error, needs_peers, run_cli, run_here
from mapkit.errors import InputError
from mapkit.grid import Grid, Hex, edge_name, parse_edge, parse_hex
from mapkit.io.tiled import parse_tiled, parse_tiles_option, read_tiled
from mapkit.io.tiledexport import dump_tmx
from mapkit.io.yamlmap import load_map
from mapkit.io.yamlwrite import dump_map
from mapkit.model import TERRAINS, City, EdgeSet, Ferry, Map, Region, Rules

TILED = PEERS / "tiled"
MINI = TILED / "hexagonal-mini.tmx"
FLAT = TILED / "test_hexagonal_tile_60x60x30.tmx"
LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]

# Our reading of the hexagonal-mini tiles (the tileset image is not among the peer files):
# 14 is the sea, the tiles that fringe it and the big middle area are land, the clustered
# tiles are high ground, the block in the bottom-right corner is another country.
MINI_TILES = ("14=water,2=plain,5=plain,13=plain,8=plain,12=plain,15=plain,4=plain,"
              "10=mountain,9=mountain,11=mountain,7=mountain,16=mountain,17=mountain,3=foreign")


def mini_gids() -> list[int]:
    """The mini map's layer decoded independently: zlib.decompress + struct."""
    text = MINI.read_text("utf-8")
    payload = re.search(r'compression="zlib">\s*([A-Za-z0-9+/=]+)\s*<', text).group(1)
    raw = zlib.decompress(base64.b64decode(payload))
    return list(struct.unpack("<400I", raw))


def flat_gids() -> list[int]:
    text = FLAT.read_text("utf-8")
    csv = re.search(r'encoding="csv">(.*?)</data>', text, re.S).group(1)
    return [int(v) for v in csv.replace("\n", "").split(",")]


# -- the peer files ----------------------------------------------------------------------------

@needs_peers
def test_mini_terrain_matches_an_independent_decoding(tmp_path):
    out = tmp_path / "mini.yaml"
    r = run_here("import", MINI, "-o", out, "--tiles", MINI_TILES)
    assert r.returncode == 0, r.stderr
    m = load_map(out)
    assert (m.grid.orientation, m.grid.offset, m.grid.columns, m.grid.rows) == ("pointy", "odd", 20, 20)
    mapping = {int(k): v for k, v in (p.split("=") for p in MINI_TILES.split(","))}
    gids = mini_gids()
    # Tile (x, y) of the data is hex (col x, row y): data index y * width + x.
    for y in range(20):
        for x in range(20):
            assert m.terrain[Hex(x, y)] == mapping[gids[y * 20 + x]], (x, y)
    counts = Counter(mapping[g] for g in gids)
    assert Counter(m.terrain.values()) == counts
    assert counts["water"] == Counter(gids)[14] and sum(counts.values()) == 400
    assert m.name == "hexagonal-mini"


@needs_peers
def test_mini_default_mapping_and_empty_cells():
    m, _ = read_tiled(MINI, tiles=parse_tiles_option("14=water,*=plain"))
    gids = mini_gids()
    assert Counter(m.terrain.values()) == {"water": gids.count(14), "plain": 400 - gids.count(14)}


@needs_peers
def test_flat_file_with_flip_and_rotation_flags(tmp_path):
    # Every cell of rows 1 and 4 holds tile 1 with some of the four flag bits set (including
    # bit 29, the hexagonal 120-degree rotation); the rest is empty (off).
    values = flat_gids()
    assert {v & 0x0FFFFFFF for v in values} == {0, 1}
    assert any(v & 0x10000000 for v in values)
    out = tmp_path / "flat.yaml"
    r = run_here("import", FLAT, "-o", out, "--tiles", "1=plain", "--hex-mm", "20")
    assert r.returncode == 0, r.stderr
    m = load_map(out)
    assert (m.grid.orientation, m.grid.offset, m.grid.hex_mm) == ("flat", "odd", 20.0)
    plain = {h for h, t in m.terrain.items() if t == "plain"}
    assert plain == {Hex(c, r) for r in (0, 3) for c in range(7)}
    assert len(plain) == sum(1 for v in values if v)
    assert set(m.terrain.values()) == {"plain", "off"}


@needs_peers
@pytest.mark.parametrize("form", ["csv", "base64", "zlib", "gzip", "xml"])
def test_every_layer_encoding_reads_the_same(form):
    gids = mini_gids()
    raw = struct.pack("<400I", *gids)
    if form == "csv":
        data = '<data encoding="csv">\n' + ",\n".join(
            ",".join(str(g) for g in gids[r * 20:(r + 1) * 20]) for r in range(20)) + "\n</data>"
    elif form == "base64":
        data = f'<data encoding="base64">{base64.b64encode(raw).decode()}</data>'
    elif form == "zlib":
        data = f'<data encoding="base64" compression="zlib">{base64.b64encode(zlib.compress(raw)).decode()}</data>'
    elif form == "gzip":
        data = f'<data encoding="base64" compression="gzip">{base64.b64encode(gzip.compress(raw)).decode()}</data>'
    else:
        data = "<data>" + "".join(f'<tile gid="{g}"/>' for g in gids) + "</data>"
    text = re.sub(r"<data.*?</data>", data, MINI.read_text("utf-8"), flags=re.S)
    tiles = parse_tiles_option(MINI_TILES)
    m, _ = parse_tiled(text.encode(), str(TILED / "variant.tmx"), tiles=tiles)
    ref, _ = read_tiled(MINI, tiles=tiles)
    assert m.terrain == ref.terrain


# -- files the tests write: every layer encoding, flag bits, TMX and TMJ -----------------------------

# Our own board, 9 x 7 flat/even, tiles 1-4 of one tileset carrying terrains; every cell's global
# id drawn with a seed, with random flag bits (flips, the hexagonal rotations) on top, 0 empty.
MADE_TERRAIN = {1: "plain", 2: "mountain", 3: "water", 4: "foreign"}


def made_gids() -> list[int]:
    rng = random.Random(19)
    return [rng.choice([0, 1, 1, 2, 3, 4]) | rng.choice([0, 0x80000000, 0x40000000, 0x20000000, 0x10000000])
            for _ in range(9 * 7)]


def made_expected_terrain() -> dict:
    """Decoded by hand: the flag bits are the top four; tile (x, y) is data index y * 9 + x."""
    gids = made_gids()
    return {Hex(x, y): MADE_TERRAIN.get(gids[y * 9 + x] % (1 << 28), "off") for y in range(7) for x in range(9)}


def made_layer(form: str) -> tuple[str, object]:
    """(TMX <data> element, TMJ layer fields) of the made gids in one encoding."""
    gids = made_gids()
    raw = struct.pack(f"<{len(gids)}I", *gids)
    packed = {"base64": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}.get(form)
    if form == "csv":
        return ('<data encoding="csv">\n' + ",\n".join(",".join(map(str, gids[r * 9:(r + 1) * 9])) for r in range(7))
                + "\n</data>", {"data": gids})
    if form == "xml":
        return "<data>" + "".join(f'<tile gid="{g}"/>' if g else "<tile/>" for g in gids) + "</data>", None
    text = base64.b64encode(packed).decode()
    compression = f' compression="{form}"' if form != "base64" else ""
    fields = {"encoding": "base64", "data": text, **({"compression": form} if form != "base64" else {})}
    return f'<data encoding="base64"{compression}>{text}</data>', fields


def made_tmx(form: str) -> bytes:
    data, _ = made_layer(form)
    tiles = "".join(f'<tile id="{i - 1}"><properties><property name="terrain" value="{t}"/></properties></tile>'
                    for i, t in MADE_TERRAIN.items())
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" width="9" '
            f'height="7" tilewidth="16" tileheight="14" hexsidelength="8" staggeraxis="x" staggerindex="even">'
            f'<tileset firstgid="1" name="made">{tiles}</tileset><layer id="1" name="ground" width="9" height="7">'
            f'{data}</layer></map>').encode()


def made_tmj(form: str) -> bytes:
    _, fields = made_layer(form)
    tiles = [{"id": i - 1, "properties": [{"name": "terrain", "type": "string", "value": t}]}
             for i, t in MADE_TERRAIN.items()]
    return json.dumps({"type": "map", "orientation": "hexagonal", "width": 9, "height": 7, "tilewidth": 16,
                       "tileheight": 14, "hexsidelength": 8, "staggeraxis": "x", "staggerindex": "even",
                       "tilesets": [{"firstgid": 1, "name": "made", "tiles": tiles}],
                       "layers": [{"type": "tilelayer", "name": "ground", "width": 9, "height": 7, **fields}]}).encode()


@pytest.mark.parametrize("kind, form", [("tmx", f) for f in ("csv", "base64", "zlib", "gzip", "xml")]
                         + [("tmj", f) for f in ("csv", "base64", "zlib", "gzip")])
def test_every_encoding_of_a_made_map_reads_as_decoded_by_hand(tmp_path, kind, form):
    src = tmp_path / f"made.{kind}"
    src.write_bytes(made_tmx(form) if kind == "tmx" else made_tmj(form))
    out = tmp_path / "made.yaml"
    r = run_here("import", src, "-o", out)
    assert r.returncode == 0, r.stderr
    m = load_map(out, check=False)
    assert (m.grid.orientation, m.grid.offset, m.grid.columns, m.grid.rows) == ("flat", "even", 9, 7)
    assert m.terrain == made_expected_terrain()
    assert any(g & 0xF0000000 for g in made_gids()) and 0 in made_gids()


def test_a_made_map_without_terrains_names_its_tiles_and_counts(tmp_path):
    src = tmp_path / "bare.tmx"
    src.write_bytes(re.sub(rb"<tile id=.*?</tile>", b"", made_tmx("csv")))
    counts = Counter(g % (1 << 28) for g in made_gids() if g % (1 << 28))
    top = max(sorted(counts), key=lambda g: counts[g])
    r = run_here("import", src, "-o", tmp_path / "x.yaml")
    assert_one_line_error(r, "bare.tmx", "--tiles", f"{top} ({counts[top]} hexes)")
    r = run_here("import", src, "-o", tmp_path / "x.yaml", "--tiles", "1=water,*=plain")
    assert r.returncode == 0, r.stderr
    got = load_map(tmp_path / "x.yaml", check=False).terrain
    want = {h: ("water" if t == "plain" else "off" if t == "off" else "plain")
            for h, t in made_expected_terrain().items()}
    assert got == want
    r = run_here("import", src, "-o", tmp_path / "y.yaml", "--tiles", "14=lava")
    assert_one_line_error(r, "--tiles", "lava")


# -- Tiled's pixel layout, placed by hand ------------------------------------------------------------

def tmx(width, height, tw, th, side, axis, index, body="", props="", data=None, tileset=None):
    gids = data if data is not None else [1] * (width * height)
    tileset = tileset if tileset is not None else (
        '<tileset firstgid="1" name="t" tilewidth="8" tileheight="8"><tile id="0"><properties>'
        '<property name="terrain" value="plain"/></properties></tile></tileset>')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" '
            f'width="{width}" height="{height}" tilewidth="{tw}" tileheight="{th}" hexsidelength="{side}" '
            f'staggeraxis="{axis}" staggerindex="{index}">{props}{tileset}'
            f'<layer name="ground" width="{width}" height="{height}"><data encoding="csv">'
            f'{",".join(map(str, gids))}</data></layer>{body}</map>').encode()


def _points_map(size, a, b, line):
    return ('<objectgroup name="things">'
            f'<object id="1" name="Děčín" x="{a[0]}" y="{a[1]}"><properties><property name="numbers" value="11"/>'
            '</properties><point/></object>'
            f'<object id="2" name="Brno" x="{b[0]}" y="{b[1]}"><properties>'
            '<property name="numbers" type="int" value="12"/></properties><point/></object>'
            f'<object id="3" name="Labe" type="river" x="{line[0][0]}" y="{line[0][1]}"><polyline points="0,0 '
            f'{line[1][0] - line[0][0]},{line[1][1] - line[0][1]}"/></object></objectgroup>')


@pytest.mark.parametrize("layout, a, b, line, expect", [
    # 14 x 12 tiles, side 6, odd rows staggered (like the mini map): row height (12 - 6) / 2 + 6
    # = 9, a staggered row moves 7 px right, vertical sides run 3..9 px below a box's top.
    # Centre of tile (3, 2): (3*14 + 7, 2*9 + 6); of tile (4, 1), staggered: (4*14 + 7 + 7, 9 + 6);
    # the right side of tile (3, 2): x = 4*14, y = 18+3 .. 18+9.
    ((14, 12, 6, "y", "odd"), (49, 24), (70, 15), ((56, 21), (56, 27)), ("D3", "E2", "D3/E3")),
    # 16 x 12 tiles, side 4: row height (12 - 4) / 2 + 4 = 8, vertical sides 4..8 px below the top.
    ((16, 12, 4, "y", "odd"), (56, 22), (80, 14), ((64, 20), (64, 24)), ("D3", "E2", "D3/E3")),
    # 16 x 12 tiles, side 10: row height 1 + 10 = 11, far from the regular 3/4 of the height.
    # Centre of tile (1, 6): (16 + 8, 66 + 6); of tile (2, 5), staggered: (32 + 8 + 8, 55 + 6);
    # the right side of tile (1, 6): x = 32, y = 66+1 .. 66+11.
    ((16, 12, 10, "y", "odd"), (24, 72), (48, 61), ((32, 67), (32, 77)), ("B7", "C6", "B7/C7")),
    # flat: 12 x 14 tiles, side 4, even columns staggered 7 px down; column width (12-4)/2 + 4 = 8.
    # Centre of tile (2, 1), staggered: (2*8 + 6, 14 + 7 + 7); of tile (3, 1): (3*8 + 6, 14 + 7).
    # Tile (2, 1)'s upper-right corner (16 + 4 + 4, 21) to its right tip (16 + 12, 21 + 7) is the
    # side it shares with tile (3, 1).
    ((12, 14, 4, "x", "even"), (22, 28), (30, 21), ((24, 21), (28, 28)), ("C2", "D2", "C2/D2")),
])
def test_tiled_pixel_layout_by_hand(layout, a, b, line, expect):
    tw, th, side, axis, index = layout
    m, _ = parse_tiled(tmx(6, 8, tw, th, side, axis, index, _points_map(side, a, b, line)), "layout.tmx")
    assert {c.name: str(c.hex) for c in m.cities} == {"Děčín": expect[0], "Brno": expect[1]}
    assert [sorted(edge_name(e) for e in r.edges) for r in m.rivers] == [[expect[2]]]
    assert m.rivers[0].name == "Labe"


def test_tmx_group_offsets_and_rotated_objects():
    # The first layout above again, with the objects inside a group shifted by (5, -3) and the
    # river drawn as a horizontal 6 px line turned 90 degrees clockwise about its start.
    body = ('<group name="g" offsetx="5" offsety="-3"><objectgroup name="rivers">'
            '<object id="1" name="Děčín" x="44" y="27"><properties><property name="numbers" value="11"/>'
            '</properties><point/></object>'
            '<object id="3" name="Labe" x="51" y="24" rotation="90"><polyline points="0,0 6,0"/></object>'
            '</objectgroup></group>')
    m, _ = parse_tiled(tmx(6, 4, 14, 12, 6, "y", "odd", body), "group.tmx")
    assert [str(c.hex) for c in m.cities] == ["D3"]
    assert m.rivers == [EdgeSet(frozenset({parse_edge("D3/E3")}), "Labe")]


def test_tmj_pointy_even_by_hand():
    # 4 x 3 tiles of 14 x 16 px, side 8, even rows staggered (7 px right); row height 12,
    # vertical sides 4..12 px below a box's top.
    tileset = {"firstgid": 1, "name": "t", "tilewidth": 14, "tileheight": 16, "tilecount": 3, "columns": 3,
               "tiles": [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "plain"}]},
                         {"id": 1, "type": "mountain"},
                         {"id": 2, "properties": [{"name": "terrain", "type": "string", "value": "Water"}]}]}
    data = [1, 2 | 0x80000000, 3, 0,
            1 | 0x10000000, 1, 2, 3,
            1, 1, 1, 1 | 0x40000000]
    objects = [
        # centre of tile (2, 1), not staggered: x = 2*14 + 7, y = 1*12 + 8
        {"id": 1, "name": "Plzeň", "point": True, "x": 35, "y": 20,
         "properties": [{"name": "numbers", "type": "string", "value": "11, 12"},
                        {"name": "tags", "type": "string", "value": "port"}]},
        # the vertical side between tiles (1, 1) and (2, 1): x = 28, y = 12+4 .. 12+12
        {"id": 2, "name": "Vltava", "type": "river", "x": 28, "y": 16,
         "polyline": [{"x": 0, "y": 0}, {"x": 0, "y": 8}]},
        # from the top tip of tile (1, 1) at (21, 12) to the bottom tip of tile (1, 0) at (28, 16)
        {"id": 3, "name": "border", "x": 21, "y": 12, "polyline": [{"x": 0, "y": 0}, {"x": 7, "y": 4}]},
        # centre of tile (3, 2), staggered: x = 3*14 + 7 + 7, y = 2*12 + 8
        {"id": 4, "name": "to the island", "type": "ferry", "point": True, "x": 56, "y": 32,
         "properties": [{"name": "from", "value": "Plzeň"}, {"name": "cost", "type": "int", "value": 4}]},
        {"id": 5, "name": "a label", "x": 0, "y": 0, "width": 10, "height": 4},
    ]
    doc = {"type": "map", "orientation": "hexagonal", "width": 4, "height": 3, "tilewidth": 14,
           "tileheight": 16, "hexsidelength": 8, "staggeraxis": "y", "staggerindex": "even", "infinite": False,
           "properties": [{"name": "name", "type": "string", "value": "Mini TMJ"},
                          {"name": "border_crossing", "type": "bool", "value": True},
                          {"name": "start_cities", "type": "string", "value": "Plzeň"},
                          {"name": "min_race_distance", "type": "int", "value": 5}],
           "tilesets": [tileset],
           "layers": [{"type": "tilelayer", "name": "ground", "width": 4, "height": 3, "data": data},
                      {"type": "objectgroup", "name": "objects", "objects": objects}]}
    m, notes = parse_tiled(json.dumps(doc).encode(), "mini.tmj")
    rows = [[m.terrain[Hex(c, r)] for c in range(4)] for r in range(3)]
    assert rows == [["plain", "mountain", "water", "off"],
                    ["plain", "plain", "mountain", "water"],
                    ["plain"] * 4]
    assert (m.grid.orientation, m.grid.offset) == ("pointy", "even")
    assert m.cities == [City("Plzeň", parse_hex("C2"), (11, 12), ("port",))]
    assert m.rivers == [EdgeSet(frozenset({parse_edge("B2/C2")}), "Vltava")]
    assert m.borders == [EdgeSet(frozenset({parse_edge("B1/B2")}), None)]
    assert m.ferries == [Ferry("to the island", "Plzeň", parse_hex("D3"), 4, (1, 3, 1))]
    assert m.rules == Rules(border_crossing=True, start_cities=["Plzeň"], min_race_distance=5)
    assert m.meta == {"name": "Mini TMJ"}
    assert any("1 objects ignored" in n for n in notes)


def test_tmj_flat_gzip_external_tileset_and_group_offset(tmp_path):
    # 3 x 2 tiles of 16 x 14 px, side 8, odd columns staggered 7 px down; column width 12.
    (tmp_path / "terrain.tsj").write_text(json.dumps({
        "name": "ext", "tilewidth": 16, "tileheight": 14,
        "tiles": [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "plain"}]},
                  {"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "water"}]}]}), "utf-8")
    gids = [5, 6, 5, 6, 5 | 0x20000000, 0]
    payload = base64.b64encode(gzip.compress(struct.pack("<6I", *gids))).decode()
    doc = {"type": "map", "orientation": "hexagonal", "width": 3, "height": 2, "tilewidth": 16, "tileheight": 14,
           "hexsidelength": 8, "staggeraxis": "x", "staggerindex": "odd",
           "tilesets": [{"firstgid": 5, "source": "terrain.tsj"}],
           "layers": [{"type": "tilelayer", "name": "g", "width": 3, "height": 2, "encoding": "base64",
                       "compression": "gzip", "data": payload},
                      {"type": "group", "name": "grp", "offsetx": 10, "offsety": 5, "layers": [
                          {"type": "objectgroup", "name": "cities", "objects": [
                              # centre of tile (1, 1), staggered: (1*12 + 8, 1*14 + 7 + 7) = (20, 28)
                              {"id": 1, "name": "Wrocław", "point": True, "x": 10, "y": 23,
                               "properties": [{"name": "numbers", "type": "int", "value": 23}]}]}]}]}
    path = tmp_path / "flat.tmj"
    path.write_text(json.dumps(doc), "utf-8")
    m, _ = read_tiled(path)
    assert [[m.terrain[Hex(c, r)] for c in range(3)] for r in range(2)] == [["plain", "water", "plain"],
                                                                             ["water", "plain", "off"]]
    assert m.cities == [City("Wrocław", parse_hex("B2"), (23,))]


def test_tiles_option():
    assert parse_tiles_option("0=water, 2-3=mountain,*=foreign") == {0: "water", 2: "mountain", 3: "mountain",
                                                                     "*": "foreign"}
    for bad in ("1", "1=lava", "x=plain", "5-2=plain"):
        with pytest.raises(InputError):
            parse_tiles_option(bad)


def test_tiles_option_wins_over_tile_properties():
    m, _ = parse_tiled(tmx(2, 2, 14, 16, 8, "y", "odd"), "t.tmx", tiles={1: "mountain"})
    assert set(m.terrain.values()) == {"mountain"}


# -- round trips -------------------------------------------------------------------------------------

def test_example_round_trip_in_process():
    m = load_map(MAPS / "example.yaml")
    back, _ = parse_tiled(dump_tmx(m).encode(), "example.tmx")
    assert back == m


def test_example_round_trip_through_the_commands(tmp_path):
    tmx_path = tmp_path / "example.tmx"
    r = run_cli("export-tmx", MAPS / "example.yaml", "-o", tmx_path)
    assert r.returncode == 0, r.stderr
    out = tmp_path / "back.yaml"
    r = run_cli("import", tmx_path, "-o", out)
    assert r.returncode == 0, r.stderr
    assert out.read_text("utf-8") == dump_map(load_map(MAPS / "example.yaml"))


NAMES = ["Praha", "Plzeň", "Częstochowa", "Wrocław", "Jindřichův Hradec", "Lübeck", "Žilina", "Brno",
         "Kolín", "Tábor", "Ústí nad Labem", "Ostrava"]


def random_map(seed: int, orientation: str, offset: str) -> Map:
    rnd = random.Random(seed)
    g = Grid(orientation, offset, rnd.randint(2, 9), rnd.randint(2, 8), rnd.choice([14.0, 12.5, 20.0]))
    hexes = list(g.hexes())
    edges = sorted(g.edges())
    terrain = {h: rnd.choice(TERRAINS) for h in hexes}

    def sets(n):
        out = []
        for i in range(n):
            chosen = frozenset(rnd.sample(edges, rnd.randint(0, min(12, len(edges)))))
            out.append(EdgeSet(chosen, rnd.choice([None, f"Řeka {i}", "Odra"])))
        return out

    numbers = rnd.sample(range(11, 67), 12)
    cities = []
    for i, name in enumerate(rnd.sample(NAMES, rnd.randint(0, 6))):
        cities.append(City(name, rnd.choice(hexes), tuple(sorted(numbers[2 * i:2 * i + rnd.randint(0, 2)])),
                           tuple(rnd.sample(["port", "capital", "a, b", "[x]"], rnd.randint(0, 2))),
                           rnd.choice([None, "red", "modrá"]), rnd.choice([None, "Čechy"]),
                           rnd.choice([None, 14.25]), rnd.choice([None, 50.0625])))
    regions = [Region(f"Kraj {i}", tuple(rnd.sample(hexes, rnd.randint(0, len(hexes)))),
                      tuple(rnd.choice([(), (("kind", "foreign"),), (("colour", "#aabbcc"), ("kind", "home"))])))
               for i in range(rnd.randint(0, 2))]
    rules = rnd.choice([
        Rules(),
        Rules(border_crossing=True, stop_at_border=rnd.random() < 0.5, start_cities=[c.name for c in cities[:2]],
              min_race_distance=rnd.randint(0, 12),
              special_races={"every": 3, "dice": "one-die", "table": {"1": {"region": "Kraj 0"},
                                                                      "2-3": {"cities": ["Praha"]},
                                                                      "5S": {"tags": ["port"]}}},
              extra={"preset": "expres"})])
    ferries = [Ferry(rnd.choice([None, "Kiel-Denmark"]), rnd.choice(NAMES), rnd.choice(hexes), rnd.randint(0, 9),
                     tuple(rnd.randint(0, 4) for _ in range(rnd.randint(1, 3)))) for _ in range(rnd.randint(0, 2))]
    meta = {"name": f"Mapa {seed}"}
    if rnd.random() < 0.5:
        meta.update({"description": "Dva řádky,\nplná diakritika: ěščřžýáíé.\n", "author": "Tester",
                     "source": "made by hand",
                     "license": "CC-BY", "geo": {"projection": "laea", "lon_0": 15.5, "lat_0": 49.8,
                                                 "origin_km": [-250.0, 180.0]}})
    return Map(grid=g, terrain=terrain, rivers=sets(rnd.randint(0, 3)), borders=sets(rnd.randint(0, 2)),
               ridges=sets(rnd.randint(0, 1)), cities=cities, regions=regions, rules=rules, ferries=ferries,
               meta=meta)


@pytest.mark.parametrize("orientation, offset", LAYOUTS)
@pytest.mark.parametrize("seed", range(6))
def test_random_maps_round_trip(orientation, offset, seed):
    m = random_map(seed * 7 + len(orientation) + len(offset), orientation, offset)
    back, _ = parse_tiled(dump_tmx(m).encode(), "random.tmx")
    for f in ("grid", "terrain", "rivers", "borders", "ridges", "cities", "regions", "rules", "ferries", "meta"):
        assert getattr(back, f) == getattr(m, f), f
    assert back == m


@needs_peers
@pytest.mark.parametrize("name", ["France", "Test"])
def test_imported_dampfrossdigital_maps_round_trip(name):
    from mapkit.io.dmpfmap import read_dmpfmap

    m, _ = read_dmpfmap(PEERS / "dampfrossdigital" / f"{name}.dmpfmap")
    back, _ = parse_tiled(dump_tmx(m).encode(), f"{name}.tmx")
    assert back == m


def test_export_is_deterministic_and_tiled_shaped():
    m = load_map(MAPS / "example.yaml")
    a, b = dump_tmx(m), dump_tmx(m)
    assert a == b
    assert 'orientation="hexagonal"' in a and 'staggeraxis="y"' in a and 'staggerindex="odd"' in a
    import xml.etree.ElementTree as ET

    root = ET.fromstring(a.encode())
    assert [t.find("properties/property").get("value") for t in root.find("tileset").findall("tile")][:5] == \
        ["plain", "mountain", "water", "foreign", "off"]
    assert len(root.findall("objectgroup[@name='cities']/object")) == len(m.cities)


# -- errors through the command line ----------------------------------------------------------------

@needs_peers
def test_error_without_a_tile_mapping(tmp_path):
    out = tmp_path / "x.yaml"
    r = run_here("import", MINI, "-o", out)
    assert_one_line_error(r, "hexagonal-mini.tmx", "--tiles", "14 (94 hexes)")
    assert not out.exists()


@pytest.mark.parametrize("name, content, needle", [
    ("truncated.tmx", b'<?xml version="1.0"?><map orientation="hexagonal" width="2"', "malformed XML"),
    ("ortho.tmx", tmx(2, 2, 14, 16, 8, "y", "odd").replace(b"hexagonal", b"orthogonal"), "only hexagonal"),
    ("zstd.tmx", tmx(2, 2, 14, 16, 8, "y", "odd").replace(b'encoding="csv">1,1,1,1',
                                                          b'encoding="base64" compression="zstd">AAAA'), "zstd"),
    ("short.tmx", tmx(2, 2, 14, 16, 8, "y", "odd", data=[1, 1, 1]), "data has 3 tiles, the map has 4"),
    ("missing.tmx", tmx(2, 2, 14, 16, 8, "y", "odd", tileset='<tileset firstgid="1" source="gone.tsx"/>'),
     "gone.tsx"),
    ("badterrain.tmx", tmx(2, 2, 14, 16, 8, "y", "odd").replace(b'value="plain"', b'value="forest"'), "forest"),
    ("bomb.tmx", b'<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaa">]><map>&a;</map>', "entity"),
    ("infinite.tmj", json.dumps({"type": "map", "orientation": "hexagonal", "infinite": True, "width": 2,
                                 "height": 2, "tilewidth": 8, "tileheight": 8}).encode(), "infinite"),
    ("badjson.tmj", b'{"type": "map",', "malformed JSON"),
    ("offboard.tmx", tmx(2, 2, 14, 16, 8, "y", "odd", body='<objectgroup name="c"><object id="7" name="Far" '
                                                           'x="500" y="500"><properties><property name="numbers" '
                                                           'value="11"/></properties><point/></object></objectgroup>'),
     "outside the board"),
])
def test_bad_files_give_one_line_errors(tmp_path, name, content, needle):
    src = tmp_path / name
    src.write_bytes(content)
    out = tmp_path / "out.yaml"
    r = run_here("import", src, "-o", out)
    assert_one_line_error(r, name, needle)
    assert not out.exists()


@needs_peers
def test_bad_tiles_option_and_export_suffix(tmp_path):
    r = run_here("import", MINI, "-o", tmp_path / "x.yaml", "--tiles", "14=lava")
    assert_one_line_error(r, "--tiles", "lava")
    r = run_here("export-tmx", MAPS / "example.yaml", "-o", tmp_path / "x.png")
    assert_one_line_error(r, "x.png", ".tmx")
    assert not (tmp_path / "x.png").exists()


def test_byte_order_mark_and_json_suffix_sniffing(tmp_path):
    m, _ = parse_tiled(b"\xef\xbb\xbf" + tmx(2, 2, 14, 16, 8, "y", "odd"), "bom.tmx")
    assert set(m.terrain.values()) == {"plain"}
    doc = {"type": "map", "orientation": "hexagonal", "width": 2, "height": 1, "tilewidth": 14, "tileheight": 16,
           "hexsidelength": 8, "layers": [{"type": "tilelayer", "name": "g", "data": [1, 0]}]}
    src = tmp_path / "board.json"
    src.write_text(json.dumps(doc), "utf-8")
    out = tmp_path / "board.yaml"
    r = run_here("import", src, "--from", "tiled", "--tiles", "1=water", "-o", out)
    assert r.returncode == 0, r.stderr
    m = load_map(out)
    assert [m.terrain[Hex(0, 0)], m.terrain[Hex(1, 0)]] == ["water", "off"]


# -- every bundled map and every key of the format round-trip ---------------------------------------

@pytest.mark.parametrize("name", sorted(p.stem for p in MAPS.glob("*.yaml")))
def test_every_bundled_map_round_trips_through_tiled(tmp_path, name):
    tmx_path, back = tmp_path / f"{name}.tmx", tmp_path / f"{name}.yaml"
    assert run_here("export-tmx", MAPS / f"{name}.yaml", "-o", tmx_path).returncode == 0
    r = run_here("import", tmx_path, "-o", back)
    assert r.returncode == 0, r.stderr
    original, got = load_map(MAPS / f"{name}.yaml"), load_map(back)
    for f in ("grid", "terrain", "rivers", "borders", "ridges", "cities", "regions", "rules", "ferries", "meta"):
        assert getattr(got, f) == getattr(original, f), f
    assert back.read_text("utf-8") == dump_map(original)


EVERY_KEY = """\
version: 1
name: Všechno
description: |
  Two lines,
  every key of the format.
author: A. Uthor
source: written by hand
license: CC0
geo: {projection: laea, lon_0: 15.5, lat_0: 49.8, hex_km: 14.0, origin_km: [-250.0, 180.0]}
grid: {orientation: flat, offset: even, columns: 6, rows: 5, hex_mm: 12.5}
terrain:
  default: plain
  art: |
    . . ^ ^ ~ #
    . . . ^ ~ #
    . . . . . #
    . . . . . #
    x . . . . #
  plain: [A1]
  mountain: [B2]
  water: [C3]
  foreign: [F1]
  off: [A5]
rivers: [{name: Vltava, edges: [B1/B2, B2/C2]}]
borders: [{name: CZ-X, edges: [E1/F1, E2/F2]}]
ridges: [{edges: [C4/C5]}, {name: Hřbet, edges: [D4/D5]}]
cities:
  - {name: Praha, hex: B3, numbers: [11, 12], tags: [capital, port], colour: red, region: Čechy,
     lon: 14.42, lat: 50.0875}
  - {name: Brno, hex: D4, numbers: [13]}
  - {name: Dresden, hex: F3, numbers: [], tags: [abroad]}
regions:
  - {name: Čechy, hexes: [A1, B1, B3], kind: home, colour: '#cc0000'}
  - {name: Sasko, hexes: [F1, F2, F3], kind: foreign}
rules:
  border_crossing: true
  stop_at_border: true
  start_cities: [Praha]
  min_race_distance: 3
  preset: expres
  ferry_limit: 2
  start_directions: distinct
  city_cards:
    red: {cities: [Praha, {name: Kolín, hex: B3}], removed: [Praha]}
  railroad_tycoon:
    colours: {Praha: red}
    goods: {Praha: 3}
    western_link: [Brno]
    free_build: [C2]
    card_cities: {Chicago: Praha}
  special_races:
    every: 3
    dice: one-die
    table:
      1: {region: Sasko}
      2: {regions: [Čechy, Sasko], name: either land}
      3: {cities: [Dresden]}
      4: {hexes: [F2]}
      5: {tags: [port]}
      6: {rule: other-region}
ferries: [{name: Labe, from: Praha, to: A2, cost: 4, fare: [1, 2, 1]}]
"""


def _schema_paths(schema, root, path=()):
    """Every key path the map schema allows (array items as [])."""
    if "$ref" in schema:
        target = root
        for part in schema["$ref"][2:].split("/"):
            target = target[part]
        yield from _schema_paths(target, root, path)
        return
    for key, sub in schema.get("properties", {}).items():
        yield path + (key,)
        yield from _schema_paths(sub, root, path + (key,))
    if isinstance(schema.get("items"), dict):
        yield from _schema_paths(schema["items"], root, path + ("[]",))
    if isinstance(schema.get("additionalProperties"), dict):
        yield from _schema_paths(schema["additionalProperties"], root, path + ("*",))


def _data_paths(data, path=()):
    if isinstance(data, dict):
        for k, v in data.items():
            key = "*" if path[-2:] == ("special_races", "table") or path[-1:] == ("city_cards",) else k
            yield path + (key,)
            yield from _data_paths(v, path + (key,))
    elif isinstance(data, list):
        for v in data:
            yield from _data_paths(v, path + ("[]",))


def test_every_key_of_the_format_round_trips_through_tiled(tmp_path):
    from mapkit.io.yamldoc import load_yaml

    from mapkit.io.yamlmap import map_schema

    schema = map_schema()
    allowed = set(_schema_paths(schema, schema))
    used = set(_data_paths(load_yaml(EVERY_KEY, "every.yaml")[0]))
    assert allowed <= used, sorted(allowed - used)          # the map below uses every key there is
    src = tmp_path / "every.yaml"
    src.write_text(EVERY_KEY, "utf-8")
    m = load_map(src, check=False)       # the keys matter here, not the meaning (5 x 7 cards ...)
    back, _ = parse_tiled(dump_tmx(m).encode(), "every.tmx")
    for f in ("grid", "terrain", "rivers", "borders", "ridges", "cities", "regions", "rules", "ferries", "meta"):
        assert getattr(back, f) == getattr(m, f), f


# -- hostile files ----------------------------------------------------------------------------------

def _entity_bomb(encoding: str) -> bytes:
    text = tmx(2, 2, 14, 16, 8, "y", "odd", props='<properties><property name="name" value="&c;"/></properties>')
    text = text.decode().replace('<?xml version="1.0" encoding="UTF-8"?>\n',
                                 f'<?xml version="1.0" encoding="{encoding}"?>\n<!DOCTYPE map ['
                                 '<!ENTITY a "xxxxxxxxxxxxxxxxxxxx"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
                                 '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>\n')
    return text.encode("utf-16-le" if encoding == "UTF-16" else "utf-8")


@pytest.mark.parametrize("encoding", ["UTF-8", "UTF-16"])
def test_entity_declarations_are_refused_in_any_encoding(tmp_path, encoding):
    src = tmp_path / "bomb.tmx"
    src.write_bytes(_entity_bomb(encoding))       # UTF-16 without a byte order mark
    out = tmp_path / "out.yaml"
    r = run_here("import", src, "-o", out)
    assert_one_line_error(r, "bomb.tmx", "entity declarations")
    assert not out.exists()


def test_an_old_tiled_doctype_without_entities_is_read():
    text = tmx(2, 2, 14, 16, 8, "y", "odd").replace(
        b'<?xml version="1.0" encoding="UTF-8"?>\n',
        b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n')
    m, _ = parse_tiled(text, "old.tmx")
    assert set(m.terrain.values()) == {"plain"}


TSX = ('<?xml version="1.0" encoding="UTF-8"?><tileset name="t" tilewidth="8" tileheight="8"><tile id="0">'
       '<properties><property name="terrain" value="water"/></properties></tile></tileset>')


@pytest.mark.parametrize("where", ["absolute", "climb", "link", "below"])
def test_external_tilesets_are_read_only_beside_the_map_or_below(tmp_path, where):
    outside = tmp_path / "outside.tsx"
    outside.write_text(TSX, "utf-8")
    folder = tmp_path / "maps"
    (folder / "tiles").mkdir(parents=True)
    (folder / "tiles" / "t.tsx").write_text(TSX, "utf-8")
    (folder / "link.tsx").symlink_to(outside)
    source = {"absolute": str(outside), "climb": "../outside.tsx", "link": "link.tsx", "below": "tiles/t.tsx"}[where]
    src = folder / "m.tmx"
    src.write_bytes(tmx(2, 2, 14, 16, 8, "y", "odd", tileset=f'<tileset firstgid="1" source="{source}"/>'))
    r = run_here("import", src, "-o", tmp_path / "m.yaml")
    if where == "below":
        assert r.returncode == 0, r.stderr
        assert set(load_map(tmp_path / "m.yaml").terrain.values()) == {"water"}
    else:
        assert_one_line_error(r, "lies outside the map's folder and was not read")
        r = run_here("import", src, "-o", tmp_path / "m.yaml", "--tiles", "1=mountain")
        assert r.returncode == 0 and "outside the map's folder, not read" in r.stdout
        assert set(load_map(tmp_path / "m.yaml").terrain.values()) == {"mountain"}


@pytest.mark.parametrize("kind", ["tmx", "tmj"])
def test_the_declared_size_is_checked_before_the_layers(tmp_path, kind):
    # 2000 x 2000 is over the format's 1000: refused on the declared size, so the layer data (a
    # few cells of garbage here) is never decoded.
    if kind == "tmx":
        content = tmx(2, 2, 14, 16, 8, "y", "odd").replace(b'width="2" height="2" tilewidth', b'width="2000" '
                                                           b'height="2000" tilewidth').replace(b"1,1,1,1", b"x,y")
    else:
        content = json.dumps({"type": "map", "orientation": "hexagonal", "width": 2000, "height": 2000,
                              "tilewidth": 14, "tileheight": 16, "hexsidelength": 8,
                              "layers": [{"type": "tilelayer", "name": "g", "data": ["x", "y"]}]}).encode()
    src = tmp_path / f"big.{kind}"
    src.write_bytes(content)
    r = run_here("import", src, "-o", tmp_path / "big.yaml")
    assert_one_line_error(r, "map width 2000 is more than the 1000 hexes a map file allows")


@pytest.mark.parametrize("content, needle", [
    (tmx(2, 2, 14, 16, 8, "y", "odd").replace(b'width="2" height', b'width="' + b"9" * 5000 + b'" height'),
     "not a whole number"),
    (json.dumps({"type": "map", "orientation": "hexagonal", "width": 2, "height": 2}).replace(
        '"width": 2', '"width": ' + "9" * 5000).encode(), "digits is too long"),
    (json.dumps({"type": "map", "orientation": "hexagonal", "width": 2, "height": 2, "tilewidth": 14,
                 "tileheight": 16, "hexsidelength": 8, "properties": [{"name": "name", "value": "x"}],
                 "layers": [{"type": "tilelayer", "name": "g", "data": [1, 1, 1, 1]}]}).replace(
        '"value": "x"', '"value": "\\ud800"').encode(), "lone surrogate"),
    (b'{"type": "map", "layers": ' + b"[" * 500 + b"]" * 500 + b"}", "nested more than"),
])
def test_huge_numbers_deep_nesting_and_lone_surrogates_are_one_line(tmp_path, content, needle):
    src = tmp_path / ("m.tmx" if content.startswith(b"<") else "m.tmj")
    src.write_bytes(content)
    r = run_here("import", src, "-o", tmp_path / "m.yaml")
    assert_one_line_error(r, needle)
    assert len(r.stderr) < 400


def test_tiles_option_refuses_a_tile_id_given_twice():
    # 1 twice; 3 lies in both ranges 2-3 and 3-4; * twice.
    for text, needle in (("1=plain,1=water", "tile id 1 is given twice"),
                         ("1=plain,1=plain", "tile id 1 is given twice"),
                         ("2-3=plain,3-4=water", "tile id 3 is given twice"),
                         ("*=plain,*=water", "* is given twice")):
        with pytest.raises(InputError, match=re.escape(needle)):
            parse_tiles_option(text)


def _river_map(points: str, x: float = 0, y: float = 0) -> bytes:
    # 6 x 4 pointy/odd tiles of 14 x 12 px, side 6 (as in test_tiled_pixel_layout_by_hand).
    return tmx(6, 4, 14, 12, 6, "y", "odd", '<objectgroup name="rivers"><object id="1" '
               f'x="{x}" y="{y}"><polyline points="{points}"/></object></objectgroup>')


def test_a_river_waypoint_far_off_the_board_is_cut_at_the_board():
    # Down the right side of tile (3, 2), x = 56, y = 21..27 (D3/E3, see
    # test_tiled_pixel_layout_by_hand), then east along y = 27 to a waypoint far off the board:
    # snapping walked all the way there (1e300: forever). Row 2's lower corners lie on y = 27,
    # with its bottom tips 3 px lower (E3: (63, 30), F3: (77, 30)); row 3 is pushed 7 px, so
    # the zigzag between is D4/E3, E3/E4, E4/F3, F3/F4, and the last side, F3 with the
    # missing tile (6, 3), is off the board.
    expect = {"D3/E3", "D4/E3", "E3/E4", "E4/F3", "F3/F4"}
    for far in ("1e3", "1e6", "1e300"):
        m, _ = parse_tiled(_river_map(f"56,21 56,27 {far},27"), "far.tmx")
        assert {edge_name(e) for e in m.rivers[0].edges} == expect, far
    # Far on both axes (the sweep's file): nothing on the board, no edges, no hang.
    m, _ = parse_tiled(_river_map("0,0 1e300,1e300", 1e300, -1e300), "far.tmx")
    assert [r.edges for r in m.rivers] == [frozenset()]


def test_a_non_finite_river_point_is_refused_naming_the_object():
    with pytest.raises(InputError) as exc:
        parse_tiled(_river_map("0,0 1e308,0", 1e308), "inf.tmx")
    assert "\n" not in str(exc.value) and "object 1 in layer 'rivers'" in str(exc.value)
    assert "not finite" in str(exc.value)


def test_a_scribble_of_200000_points_is_refused_at_once(tmp_path):
    # 6 x 4 hexes: 2 * 3 * 24 + 100 = 244 sides, 10 points a side: 2440 points at most.
    rng = random.Random(1)
    pts = " ".join(f"{rng.uniform(10, 80):.1f},{rng.uniform(10, 40):.1f}" for _ in range(200_000))
    src = tmp_path / "scribble.tmx"
    src.write_bytes(_river_map(pts))
    r = run_here("import", src, "-o", tmp_path / "out.yaml")
    assert_one_line_error(r, "scribble.tmx", "object 1 in layer 'rivers'", "more than 2440 points")
