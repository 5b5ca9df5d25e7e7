"""A map in figures for its designer: does it play well?

Shows the board in figures (hexes per terrain, river and border edges, cities, numbers); the
chance that a drawn race is forbidden; the distances of the allowed races (histogram) and the
expected Expres prizes; per city its race numbers, mean distance to the others and how often
it lies on cheapest paths between other cities; a cheap network joining all cities
(Mehlhorn's Steiner-tree approximation on build costs); and for every possible start city
the cost of reaching its nearest 5 cities.

The draw: start and target are each two dice (36 equally likely codes; a code no city carries
is thrown again); a target equal to the start number becomes the next higher number (after
66: the lowest), as the rules do with used numbers. "Among distinct pairs" gives the same
figure over all ordered pairs of two different numbers instead.

--html FILE writes one self-contained page: the board with each hex coloured by how many
cheapest city-to-city paths run through it (with the colour scale under it), the histogram
as a chart (SVG), and every figure in tables. Then the command prints only a line naming the
page, unless --format or -o asks for the report too.

Examples:
  mapkit report maps/example.yaml
  mapkit report maps/example.yaml --format json
  mapkit report maps/example.yaml --html example-report.html --heat-metric steps
"""

from __future__ import annotations

__all__ = ["add_arguments", "run"]


def add_arguments(p):
    from .common import add_output_argument
    from .distances import add_map_options

    p.add_argument("map", metavar="MAP", help="the map file (YAML)")
    p.add_argument("--format", choices=("text", "json"), default=None,
                   help="the report's form (default text; with --html: the report only when this or -o is given)")
    p.add_argument("--html", metavar="FILE", default=None,
                   help="write an HTML page with the heat map (and print only a line naming it)")
    p.add_argument("--min", type=int, default=None, metavar="N",
                   help="forbidden-race threshold (default: the map's, else 10)")
    p.add_argument("--heat-metric", choices=("build", "steps", "travel"), default="build",
                   help="cheapest paths counted for the heat map and per city (default build)")
    p.add_argument("--nearest", type=int, default=5, metavar="K",
                   help="how many nearest cities to reach from each start city (default 5)")
    add_map_options(p)
    add_output_argument(p)


def run(args) -> int:
    import sys

    from ..analysis.report import build_report
    from ..errors import InputError
    from ..fileio import atomic_write
    from ..render.report import render_html, render_text
    from .common import dump_json, emit
    from .distances import costs_for, load_for_analysis

    if args.nearest < 1:
        raise InputError(f"--nearest {args.nearest}: give at least 1")
    if args.min is not None and args.min < 0:
        raise InputError(f"--min {args.min}: the threshold cannot be negative")
    m = load_for_analysis(args.map, args.border_crossing)
    name = m.name or str(args.map)
    r = build_report(m, costs_for(m, args), args.min, args.heat_metric, args.nearest, name, show_progress=None)
    if args.html:
        atomic_write(args.html, render_html(m, r), inputs=[args.map])
    if args.html and args.format is None and args.output is None:
        print(f"wrote {args.html} (the report on {name}, with the heat map)")
        return 0
    emit(dump_json(r) if args.format == "json" else render_text(r), args.output, inputs=[args.map])
    if args.html:  # the report went where it was asked: the page's line goes beside it
        to_stdout = args.output is not None and str(args.output) != "-"
        print(f"wrote {args.html} (the report on {name}, with the heat map)", file=None if to_stdout else sys.stderr)
    return 0
