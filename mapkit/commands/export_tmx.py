"""Write a map as a Tiled map (TMX) to edit it in the Tiled map editor.

The TMX file has one terrain layer painted with an embedded tileset whose tiles carry a
``terrain`` property, a tile layer per region (``region: NAME``), rivers, borders and ridges
as polylines along hex sides, cities and ferries as point objects, and the map's metadata and
rules as map properties. ``mapkit import FILE.tmx -o MAP.yaml`` reads it back; an unedited
file gives back the same map.
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("-o", "--output", metavar="FILE.tmx", required=True, help="the Tiled map to write")


def run(args) -> int:
    from pathlib import Path

    from ..errors import InputError, InvalidError
    from ..fileio import check_output_path
    from ..io.tiledexport import save_tmx
    from ..io.yamlmap import read_map
    from .common import emit

    if Path(args.output).suffix.lower() != ".tmx":
        raise InputError(f"{args.output}: the output must be a .tmx file")
    check_output_path(args.output, inputs=[args.map])
    m, issues = read_map(args.map)
    errors = [i for i in issues if i.is_error]
    if errors:
        raise InvalidError(f"{args.map}: cannot export: {errors[0]}", issues)
    save_tmx(m, args.output, inputs=[args.map])
    edges = sum(len(es.edges) for kind in ("rivers", "borders", "ridges") for es in getattr(m, kind))
    emit(f"wrote {args.output} ({m.grid.columns} x {m.grid.rows} hexes, {len(m.cities)} cities, "
         f"{edges} river/border/ridge edges, {len(m.regions)} regions)\n")
    return 0
