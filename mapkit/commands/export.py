"""Compile a map for the game engine: hexes, adjacency, per-edge build and movement costs,
borders, cities and race numbers, the steps distance table, forbidden races, prizes, start
cities, the special-race table, ferries, city cards and the map's hash (schema:
mapkit/schemas/engine-map.schema.json).

The document is written as it is made: one top-level key per line, the long lists (hexes,
adjacency, edges) one item per line, streamed, so the largest board the format allows
(1000 x 1000 hexes, a JSON file of about 300 MB) is written without holding it in memory.

  mapkit export maps/example.yaml -o example.game.json

With -o FILE it prints one line saying what it wrote (the map, its hexes, open edges and cities).
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("-o", "--output", metavar="GAME-MAP.json", default=None,
                   help="write here (default: standard output)")


def run(args) -> int:
    import sys

    from ..engine.export import export_document
    from ..fileio import atomic_write, json_lines
    from ..io.yamlmap import load_map
    from ..wording import plural

    m = load_map(args.map)
    doc = export_document(m)
    if args.output is None or str(args.output) == "-":
        for piece in json_lines(doc):
            sys.stdout.write(piece)
        sys.stdout.flush()
        return 0
    counted = [0]

    def counting(edges):  # the open edges, counted as they are written
        for e in edges:
            counted[0] += 1
            yield e

    doc["edges"] = counting(doc["edges"])
    atomic_write(args.output, json_lines(doc), inputs=[args.map])
    print(f"wrote {args.output} (map {m.name or args.map}: {plural(len(m.grid), 'hex', 'hexes')}, "
          f"{plural(counted[0], 'open edge')}, {plural(len(doc['cities']), 'city', 'cities')})")
    return 0
