"""The city-distance table over the whole board, ignoring built track.

Metrics: steps (least hex steps: the Expres distance table), build (least total build
cost), travel (least race movement points, uphill 2; not symmetric: row = from, column = to).
Formats: text (an aligned triangle for steps and build, the full square for travel, cities
with their race numbers), csv, md (Markdown) and json.

Examples:
  mapkit distances maps/example.yaml
  mapkit distances maps/example.yaml --metric build --format csv -o build.csv
  mapkit distances maps/example.yaml --metric travel --format json
"""

from __future__ import annotations

__all__ = ["add_arguments", "run", "add_map_options", "load_for_analysis", "costs_for",
           "render_table", "compact_json", "city_keys", "city_label", "stranded_note"]

FORMATS = ("text", "csv", "json", "md")
METRIC_TITLES = {"steps": "least hex steps", "build": "least build cost",
                 "travel": "least movement points (uphill 2), row = from, column = to"}


def add_map_options(p) -> None:
    """Options shared by the analysis commands: border crossing and the cost switches."""
    import argparse

    p.add_argument("--border-crossing", action=argparse.BooleanOptionalAction, default=None,
                   help="allow (or forbid) crossing state borders and entering foreign land; "
                        "default: the map's rules.border_crossing")
    p.add_argument("--river-between-mountains", type=int, choices=(5, 7), default=5,
                   help="build cost of a river between two mountains (7: the EJ house rule)")
    p.add_argument("--uphill", type=int, choices=(1, 2), default=2,
                   help="movement points for a step into a mountain (1: Expres)")


def load_for_analysis(path, border_crossing: bool | None = None):
    """The map, validated for analysis (:func:`mapkit.io.yamlmap.load_map`).

    Every validation error stops the command (exit 1), except cities that cannot be reached
    (E135): the tables show those distances as unreachable (null) instead. With a
    ``border_crossing`` override the map is validated, and analysed, under that setting.
    """
    from ..io.yamlmap import load_map

    return load_map(path, border_crossing=border_crossing, allow={"E135": "its distances are unreachable"})


def costs_for(m, args):
    from ..analysis.costs import CostModel

    return CostModel(m, river_between_mountains=getattr(args, "river_between_mountains", 5),
                     uphill=getattr(args, "uphill", 2))


def add_arguments(p):
    from .common import add_output_argument

    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("--metric", choices=("steps", "build", "travel"), default="steps")
    p.add_argument("--format", choices=FORMATS, default="text")
    add_map_options(p)
    add_output_argument(p)


def city_key(city, unnumbered_index: int) -> str:
    """A short column key: the city's smallest race number, or ``#k`` without numbers."""
    return str(min(city.numbers)) if city.numbers else f"#{unnumbered_index}"


def city_keys(cities) -> list[str]:
    keys, k = [], 0
    for c in cities:
        if not c.numbers:
            k += 1
        keys.append(city_key(c, k))
    return keys


def city_label(city) -> str:
    """``Praha (11 12 13)``: the name with the race numbers."""
    return f"{city.name} ({' '.join(map(str, city.numbers))})" if city.numbers else city.name


def compact_json(data: dict) -> str:
    """JSON with one line per top-level value and per matrix row (readable, still JSON).

    >>> print(compact_json({"a": "Plzeň", "m": [[0, 1], [1, None]]}), end="")
    {
      "a": "Plzeň",
      "m": [
        [0, 1],
        [1, null]
      ]
    }
    """
    import json

    def one(v) -> str:
        return json.dumps(v, ensure_ascii=False)

    parts = []
    for k, v in data.items():
        if isinstance(v, list) and v and all(isinstance(r, list) for r in v):
            rows = ",\n".join("    " + one(r) for r in v)
            parts.append(f"  {one(k)}: [\n{rows}\n  ]")
        elif isinstance(v, dict) and v:
            items = ",\n".join(f"    {one(kk)}: {one(vv)}" for kk, vv in v.items())
            parts.append(f"  {one(k)}: {{\n{items}\n  }}")
        else:
            parts.append(f"  {one(k)}: {one(v)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _cell(v) -> str:
    return "-" if v is None else str(v)


def stranded_note(stranded) -> str:
    """The line that names the cities a table leaves out (empty when none)."""
    if not stranded:
        return ""
    return (f"Not listed: {', '.join(c.name for c in stranded)} (no race numbers and no way to any "
            f"other city: special-race targets only).")


def render_table(table, fmt: str, map_name: str = "") -> str:
    """The table as text, csv, md or json (the ``mapkit distances`` output).

    JSON lists every city (docs/analysis.md, JSON output); the other formats leave out the cities without race
    numbers that no city can reach (:func:`~mapkit.analysis.distances.stranded_cities`), whose
    rows would be dashes only, and the text and md formats name them below the table.
    """
    from ..analysis.distances import stranded_cities

    if fmt == "json":
        return compact_json(table.as_json(map_name))
    stranded = stranded_cities(table)
    table = table.without(stranded)
    note = stranded_note(stranded)
    cities = table.cities
    n = len(cities)
    mat = table.matrix
    if fmt == "csv":
        import csv
        import io

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["city", "numbers", *[c.name for c in cities]])
        for c, row in zip(cities, mat, strict=False):
            w.writerow([c.name, " ".join(map(str, c.numbers)), *["" if v is None else v for v in row]])
        return buf.getvalue()
    keys = city_keys(cities)
    labels = [city_label(c) if c.numbers else f"{k} {c.name}" for k, c in zip(keys, cities, strict=False)]
    tri = table.symmetric
    title = f"{map_name + ': ' if map_name else ''}{table.metric} distances ({METRIC_TITLES[table.metric]})"
    if fmt == "md":
        lines = [f"**{title}**", ""]
        head = "| city | " + " | ".join(keys) + " |"
        lines += [head, "|---|" + "---:|" * n]
        for i in range(n):
            cells = [("" if tri and j > i else _cell(mat[i][j])) for j in range(n)]
            lines.append(f"| {labels[i]} | " + " | ".join(cells) + " |")
        lines.append("")
        lines.append("`-`: unreachable." + (" The table is symmetric: the lower triangle shows it all."
                                            if tri else ""))
        if note:
            lines += ["", note]
        return "\n".join(lines) + "\n"
    if fmt != "text":
        raise ValueError(f"unknown format {fmt!r}")
    width = max([len(k) for k in keys] + [len(_cell(v)) for row in mat for v in row] + [1]) + 1
    lw = max([len(s) for s in labels] + [4])
    lines = [title, ""]
    lines.append(" " * lw + "".join(k.rjust(width) for k in keys[: n if not tri else n]).rstrip())
    for i in range(n):
        upto = i + 1 if tri else n
        row_text = "".join(("." if i == j else _cell(mat[i][j])).rjust(width) for j in range(upto))
        lines.append((labels[i].ljust(lw) + row_text).rstrip())
    lines.append("")
    lines.append("- : unreachable" + ("; symmetric, so only the lower triangle is shown" if tri else ""))
    if note:
        lines.append(note)
    return "\n".join(lines) + "\n"


def run(args) -> int:
    from ..analysis.distances import city_table
    from .common import emit

    m = load_for_analysis(args.map, args.border_crossing)
    table = city_table(m, args.metric, costs=costs_for(m, args))
    name = m.name or str(args.map)
    emit(render_table(table, args.format, name), args.output, inputs=[args.map])
    return 0
