"""The forbidden-race and prize table by race number, as a preset's kit prints it.

--rules PRESET (default: the map's rules.preset, else expres) says whose table: expres
forbids a race under N steps in the distance table (--min; default the map's
rules.min_race_distance, else 10) and pays the winner twice the steps distance, the second
once; paluba and dampfross run a race under N steps (default 6) only when the built track is
N pieces or more, and pay fixed prizes. The same table is races.csv and races.pdf of
``mapkit sheets`` with the same --rules; the output names the rules it follows.

The text view is for the banker at the table: a grid of all race numbers (rows: start,
columns: target) showing the steps distance of each race (or, with --cell prize, the
winner's prize), "--" for a forbidden race (draw the target again), a "?" after the
distance where the built track decides.

Examples:
  mapkit races maps/example.yaml
  mapkit races maps/example.yaml --min 10 --cell prize
  mapkit races maps/czechia.yaml --rules paluba
  mapkit races maps/example.yaml --format json -o races.json
"""

from __future__ import annotations

import sys

__all__ = ["add_arguments", "run", "races_json", "render_races", "kit_of", "rules_line"]

FORMATS = ("text", "csv", "json", "md")


def add_arguments(p):
    from .common import add_output_argument
    from .distances import add_map_options

    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("--rules", default=None, metavar="PRESET",
                   help="whose table: expres, paluba or dampfross (default: the map's rules.preset, "
                        "else expres)")
    p.add_argument("--min", type=int, default=None, metavar="N",
                   help="the threshold of the rules: steps in the distance table (expres; default: "
                        "the map's min_race_distance, else 10) or pieces of built track (paluba, "
                        "dampfross; default 6)")
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--cell", choices=("distance", "prize"), default="distance",
                   help="what the text and md grids show for an allowed race (default distance)")
    add_map_options(p)
    add_output_argument(p)


def races_json(m, kit, table) -> dict:
    """The JSON shape of ``mapkit races --format json`` (docs/analysis.md, JSON output): ``min``, ``forbidden``
    (never run), ``prizes`` (every pair ``a < b``; the rules' prizes), and ``rules`` (the
    preset), ``rule`` (``table`` or ``track``) and ``track`` (the pairs the built track
    decides, under the track rule)."""
    rows = kit.race_rows(m, table)
    out = {"min": kit.limit, "rules": kit.preset, "rule": kit.rule,
           "forbidden": [[a, b] for a, b, *_, v, _f, _s in rows if v == "yes"]}
    if kit.rule == "track":
        out["track"] = [[a, b] for a, b, *_, v, _f, _s in rows if v == "track"]
    # every pair's prizes, a forbidden race's too (what it would pay: the contract's table)
    out["prizes"] = {f"{a}-{b}": list(kit.prize(d)) for a, b, _ca, _cb, d, *_ in rows}
    return out


def rules_line(kit, why: str) -> str:
    """Which rules the table follows, in words."""
    if kit.rule == "table":
        how = f"forbidden under {kit.limit} steps in the distance table; the winner 2x, the second 1x the distance"
    else:
        o = kit.options
        how = (f"under {kit.limit} steps the race runs only if the built track is {kit.limit} pieces or more; "
               f"prizes {o.prize_first} and {o.prize_second}")
    return f"rules: {kit.preset}{why}: {how}"


def render_races(m, kit, table, fmt: str, cell: str = "distance", map_name: str = "", why: str = "") -> str:
    from ..analysis.races import number_distances, race_numbers
    from .distances import compact_json

    if fmt == "json":
        return compact_json(races_json(m, kit, table))
    if fmt == "csv":
        from ..render.sheets import races_csv

        return races_csv(m, table, kit)
    dist = number_distances(m, table)
    numbers = race_numbers(m)
    limit = kit.limit

    def value(a: int, b: int) -> str:
        if a == b:
            return "."
        d = dist[(a, b) if a < b else (b, a)]
        verdict = kit.verdict(d)
        if verdict == "yes":
            return "--"
        shown = str(kit.prize(d)[0] if cell == "prize" else d)
        return shown + "?" if verdict == "track" else shown

    if kit.rule == "table":
        shown = "winner's prize (2 x distance; second gets half)" if cell == "prize" else \
            "steps distance (winner gets 2x, second 1x)"
        title = f"{map_name + ': ' if map_name else ''}races; forbidden below {limit} steps"
    else:
        shown = "winner's prize" if cell == "prize" else "steps distance"
        title = f"{map_name + ': ' if map_name else ''}races; under {limit} steps the built track decides"
    legend = (f"Row: start number, column: target number. Each cell: {shown};\n"
              f"'--' forbidden (draw the target again); '.' same number"
              + (f"; '?' run only if the built track is {limit} pieces or more." if kit.rule == "track" else ".")
              + "\n" + rules_line(kit, why))
    forbidden = [p for p, d in dist.items() if kit.verdict(d) == "yes"]
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
    by_city: dict[str, list[int]] = {}
    for n in numbers:
        by_city.setdefault(m.city_by_number(n).name, []).append(n)
    for name, ns in by_city.items():
        lines.append(f"  {' '.join(map(str, ns)):9s} {name}")
    return "\n".join(lines) + "\n"


def kit_of(m, rules: str | None, min_distance: int | None):
    """``(kit, why)``: the rules of the race table of preset ``rules`` (its family's
    ``kit_rules``), else of the map's ``rules.preset`` when it has a race table, else of expres
    (the contract's default table)."""
    from ..engine import PRESETS
    from ..engine.game import family_of
    from ..errors import InputError

    tables = sorted(p for p in PRESETS if hasattr(PRESETS[p].defaults, "forbidden"))
    if rules is not None and rules not in tables:
        raise InputError(f"--rules {rules!r}: race tables are kept by {', '.join(tables)}")
    why = ""
    if rules is None:
        rules, why = m.rules.preset, " (the map's rules.preset)"
        if rules not in tables:
            rules, why = "expres", " (the default; --rules chooses)"
    return family_of(rules).kit_rules(m, rules, min_distance), why


def run(args) -> int:
    from ..analysis.distances import city_table
    from ..errors import InputError
    from .common import emit
    from .distances import costs_for, load_for_analysis

    if args.min is not None and args.min < 0:
        raise InputError(f"--min {args.min}: the threshold cannot be negative")
    m = load_for_analysis(args.map, args.border_crossing)
    kit, why = kit_of(m, args.rules, args.min)
    table = city_table(m, "steps", costs=costs_for(m, args))
    emit(render_races(m, kit, table, args.format, args.cell, m.name or str(args.map), why),
         args.output, inputs=[args.map])
    if args.format in ("json", "csv"):
        print(f"mapkit races: {rules_line(kit, why)}", file=sys.stderr)
    return 0
