"""List the maps that ship with mapkit: their names (usable wherever a command takes a MAP),
board size, cities, race numbers and the rule preset each is meant for.

Examples:
  mapkit maps
  mapkit maps --format json
  mapkit sheets czechia -o czechia-sheets
"""

from __future__ import annotations

__all__ = ["add_arguments", "run", "bundled_maps"]


def add_arguments(p):
    p.add_argument("--format", choices=("text", "json"), default="text")


def bundled_maps() -> list[dict]:
    """One row per bundled map: name, title, columns, rows, cities, numbers, preset (or None)."""
    from .. import bundled
    from ..io.yamlmap import read_map

    rows = []
    for name in bundled.names():
        m, _ = read_map(bundled.path_of(name))
        rows.append({"name": name, "title": m.name, "columns": m.grid.columns, "rows": m.grid.rows,
                     "cities": len(m.cities), "numbers": len(m.used_numbers()),
                     "preset": m.rules.extra.get("preset")})
    return rows


def run(args) -> int:
    from .common import dump_json, emit

    rows = bundled_maps()
    if args.format == "json":
        emit(dump_json(rows))
        return 0
    head = ("name", "board", "cities", "numbers", "preset", "title")
    table = [head] + [(r["name"], f"{r['columns']} x {r['rows']}", str(r["cities"]), str(r["numbers"]),
                       r["preset"] or "-", r["title"]) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(head) - 1)]
    lines = ["  ".join(cell.ljust(w) if i != 2 and i != 3 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=False))) + "  " + row[-1] for row in table]
    lines.append("Use a name wherever a command takes a MAP: mapkit sheets czechia -o czechia-sheets")
    emit("\n".join(lines) + "\n")
    return 0
