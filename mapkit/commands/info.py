"""A map in figures: board size and layout, hexes per terrain, river, border and ridge
edges, cities and race numbers."""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("--format", choices=("text", "json"), default="text")


def run(args) -> int:
    from ..analysis.report import map_figures
    from ..io.yamlmap import load_map
    from .common import dump_json, emit

    m = load_map(args.map)
    s = map_figures(m)
    if args.format == "json":
        emit(dump_json(s))
        return 0
    g = s["grid"]
    w, h = m.grid.bounds_mm()
    lines = [
        f"{s['name'] or args.map}",
        f"board: {g['columns']} x {g['rows']} hexes, {g['orientation']}-top, {g['offset']} offset, "
        f"{g['hex_mm']:g} mm per hex ({w:.0f} x {h:.0f} mm)",
        "terrain: " + ", ".join(f"{k} {v}" for k, v in s["terrain"].items() if v),
        "edges: " + ", ".join(f"{k} {v}" for k, v in s["edges"].items()),
        f"cities: {s['cities']}, race numbers used: {s['numbers']} of 36",
    ]
    if s["regions"]:
        lines.append("regions: " + ", ".join(s["regions"]))
    emit("\n".join(lines) + "\n")
    return 0
