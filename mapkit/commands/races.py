"""The forbidden-race table and the Expres prize table, by race number.

A race between two numbers is forbidden when the steps distance between their cities is
below N (--min; default: the map's rules.min_race_distance, else 10). Prizes (Expres): the
winner gets twice the steps distance, the second once.

The text view is for the banker at the table: a grid of all race numbers (rows: start,
columns: target) showing the steps distance of each race (or, with --cell prize, the
winner's prize), "--" for a forbidden race (draw the target again).

Examples:
  mapkit races maps/example.yaml
  mapkit races maps/example.yaml --min 10 --cell prize
  mapkit races maps/example.yaml --format json -o races.json
"""

from __future__ import annotations

__all__ = ["add_arguments", "run", "races_json", "render_races"]

FORMATS = ("text", "csv", "json", "md")


def add_arguments(p):
    from .common import add_output_argument
    from .distances import add_map_options

    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("--min", type=int, default=None, metavar="N",
                   help="forbidden below N steps (default: the map's min_race_distance, else 10)")
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--cell", choices=("distance", "prize"), default="distance",
                   help="what the text and md grids show for an allowed race (default distance)")
    add_map_options(p)
    add_output_argument(p)


def races_json(m, limit: int, table) -> dict:
    """The JSON shape of ``mapkit races --format json`` (docs/cli.md)."""
    from ..analysis.races import forbidden_pairs, prizes

    return {"min": limit,
            "forbidden": [[a, b] for a, b in forbidden_pairs(m, limit, table)],
            "prizes": {f"{a}-{b}": [p1, p2] for (a, b), (p1, p2) in prizes(m, table).items()}}


def render_races(m, limit: int, table, fmt: str, cell: str = "distance", map_name: str = "") -> str:
    from ..analysis.races import is_forbidden, number_distances, race_numbers
    from .distances import compact_json

    if fmt == "json":
        return compact_json(races_json(m, limit, table))
    dist = number_distances(m, table)
    numbers = race_numbers(m)
    if fmt == "csv":
        import csv
        import io

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["a", "b", "city_a", "city_b", "distance", "forbidden", "first", "second"])
        for (a, b), d in dist.items():
            w.writerow([a, b, m.city_by_number(a).name, m.city_by_number(b).name,
                        "" if d is None else d, "yes" if is_forbidden(d, limit) else "no",
                        "" if d is None else 2 * d, "" if d is None else d])
        return buf.getvalue()

    def value(a: int, b: int) -> str:
        if a == b:
            return "."
        d = dist[(a, b) if a < b else (b, a)]
        if is_forbidden(d, limit):
            return "--"
        return str(2 * d if cell == "prize" else d)

    shown = "winner's prize (2 x distance; second gets half)" if cell == "prize" else \
        "steps distance (winner gets 2x, second 1x)"
    title = (f"{map_name + ': ' if map_name else ''}races; forbidden below {limit} steps")
    legend = (f"Row: start number, column: target number. Each cell: {shown};\n"
              f"'--' forbidden (draw the target again); '.' same number.")
    forbidden = [p for p, d in dist.items() if is_forbidden(d, limit)]
    total = len(dist)
    if fmt == "md":
        lines = [f"**{title}**", "", legend, "",
                 "| | " + " | ".join(map(str, numbers)) + " |",
                 "|---:|" + "---:|" * len(numbers)]
        for a in numbers:
            lines.append(f"| **{a}** | " + " | ".join(value(a, b) for b in numbers) + " |")
        lines += ["", f"{len(forbidden)} of {total} races forbidden.", "",
                  "| number | city |", "|---:|---|"]
        lines += [f"| {n} | {m.city_by_number(n).name} |" for n in numbers]
        return "\n".join(lines) + "\n"
    if fmt != "text":
        raise ValueError(f"unknown format {fmt!r}")
    if not numbers:
        return f"{title}\nThe map has no race numbers.\n"
    width = max([len(value(a, b)) for a in numbers for b in numbers] + [2]) + 1

    def row(label: str, cells: list[str]) -> str:
        out = label.rjust(3)
        for i, (b, c) in enumerate(zip(numbers, cells, strict=False)):
            gap = "  " if i and b // 10 != numbers[i - 1] // 10 else ""
            out += gap + c.rjust(width)
        return out.rstrip()

    lines = [title, legend, ""]
    lines.append(row("", [str(b) for b in numbers]))
    for i, a in enumerate(numbers):
        if i and a // 10 != numbers[i - 1] // 10:
            lines.append("")
        lines.append(row(str(a), [value(a, b) for b in numbers]))
    lines += ["", f"{len(forbidden)} of {total} races forbidden.", "", "Numbers:"]
    by_city = {}
    for n in numbers:
        by_city.setdefault(m.city_by_number(n).name, []).append(n)
    for name, ns in by_city.items():
        lines.append(f"  {' '.join(map(str, ns)):9s} {name}")
    return "\n".join(lines) + "\n"


def run(args) -> int:
    from ..analysis.distances import city_table
    from ..analysis.races import min_distance_of
    from ..errors import InputError
    from .common import emit
    from .distances import costs_for, load_for_analysis

    if args.min is not None and args.min < 0:
        raise InputError(f"--min {args.min}: the threshold cannot be negative")
    m = load_for_analysis(args.map, args.border_crossing)
    limit = min_distance_of(m, args.min)
    table = city_table(m, "steps", costs=costs_for(m, args))
    emit(render_races(m, limit, table, args.format, args.cell, m.name or str(args.map)),
         args.output, inputs=[args.map])
    return 0
