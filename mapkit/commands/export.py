"""Compile a map for the game engine: hexes, adjacency, per-edge build and movement costs,
borders, cities and race numbers, the steps distance table, forbidden races, prizes, start
cities, the special-race table and the map's hash (schema: mapkit/schemas/engine-map.schema.json).

  mapkit export maps/example.yaml -o example.game.json
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML)")
    p.add_argument("-o", "--output", metavar="GAME-MAP.json", default=None,
                   help="write here (default: standard output)")


def dumps_export(data: dict) -> str:
    """The export as JSON text: one top-level key per line, long lists one item per line."""
    import json

    def one(v):
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))

    parts = []
    for k, v in data.items():
        if isinstance(v, list) and len(v) > 8:
            inner = ",\n  ".join(one(x) for x in v)
            parts.append(f" {one(k)}: [\n  {inner}\n ]")
        elif k == "distances":
            rows = ",\n   ".join(one(r) for r in v["matrix"])
            parts.append(f" {one(k)}: {{\"metric\":{one(v['metric'])},\"cities\":{one(v['cities'])},"
                         f"\"matrix\":[\n   {rows}\n  ]}}")
        else:
            parts.append(f" {one(k)}: {one(v)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def run(args) -> int:
    from ..engine.board import compile_map
    from ..io.yamlmap import load_map
    from .common import emit

    m = load_map(args.map)
    emit(dumps_export(compile_map(m)), args.output, inputs=[args.map])
    return 0
