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
as a chart (SVG), and every figure in tables.

Examples:
  mapkit report maps/example.yaml
  mapkit report maps/example.yaml --format json
  mapkit report maps/example.yaml --html example-report.html --heat-metric steps
"""

from __future__ import annotations

__all__ = ["add_arguments", "run", "build_report", "render_text", "render_html"]


def add_arguments(p):
    from .common import add_output_argument
    from .distances import add_map_options

    p.add_argument("map", metavar="MAP", help="the map file (YAML)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--html", metavar="FILE", default=None, help="also write an HTML page with the heat map")
    p.add_argument("--min", type=int, default=None, metavar="N",
                   help="forbidden-race threshold (default: the map's, else 10)")
    p.add_argument("--heat-metric", choices=("build", "steps", "travel"), default="build",
                   help="cheapest paths counted for the heat map and per city (default build)")
    p.add_argument("--nearest", type=int, default=5, metavar="K",
                   help="how many nearest cities to reach from each start city (default 5)")
    add_map_options(p)
    add_output_argument(p)


def _mean(values) -> float | None:
    vs = [v for v in values if v is not None]
    return round(sum(vs) / len(vs), 3) if vs else None


def build_report(m, costs=None, min_distance=None, heat_metric="build", nearest=5, map_name="",
                 show_progress: bool | None = False) -> dict:
    """Every figure of the report as JSON-ready data (hexes by name). ``show_progress``: a bar
    on standard error (None: when it is a terminal; it shows only after half a second)."""
    from ..analysis.cells import Board
    from ..analysis.distances import city_table, stranded_cities
    from ..analysis.network import heat_by_name, nearest_cities, path_heat, steiner_network
    from ..analysis.stats import race_stats
    from ..grid import edge_name, hex_name
    from ..progress import progress
    from .info import summary

    with progress(5, "report", "step", show=show_progress) as bar:
        board = Board(m, costs=costs)
        steps = city_table(m, "steps", board=board)
        build = city_table(m, "build", board=board)
        bar.update()
        races = race_stats(m, min_distance, steps)
        bar.update()
        hexes, through = path_heat(m, heat_metric, board=board)
        bar.update()
        # Cities without numbers that no city reaches (special-race targets abroad) take no part
        # in races: they are named, not measured, and the network does not try to join them.
        stranded = {c.name for c in stranded_cities(steps)}
        network = steiner_network(m, board=board, cities=[c for c in m.cities if c.name not in stranded])
        bar.update()
        starts = nearest_cities(m, build, nearest)
        bar.update()
    n = len(m.cities)
    cities = []
    for i, c in enumerate(m.cities):
        if c.name in stranded:
            continue
        cities.append({
            "name": c.name, "hex": hex_name(c.hex), "numbers": list(c.numbers),
            "mean_steps": _mean(steps.matrix[i][j] for j in range(n) if j != i),
            "mean_build": _mean(build.matrix[i][j] for j in range(n) if j != i),
            "on_paths": round(through.get(c.name, 0.0), 3),
        })
    draws = races["draws"]
    return {
        "map": map_name,
        "figures": summary(m),
        "races": {
            "min": races["min"],
            "p_forbidden": draws["p_forbidden"],
            "draws": {"total": draws["total"], "forbidden": draws["forbidden"]},
            "distinct_pairs": draws["distinct_pairs"],
            "histogram": [[d, k] for d, k in races["histogram"].items()],
            "expected_winner_prize": races["expected_winner_prize"],
            "expected_second_prize": races["expected_second_prize"],
            "starts_without_race": races["starts_without_race"],
        },
        "cities": cities,
        "stranded": [c.name for c in m.cities if c.name in stranded],
        "network": {"method": network["method"], "cost": network["cost"],
                    "pieces": network["pieces"], "groups": network["groups"],
                    "edges": [edge_name(e) for e in network["edges"]]},
        "start_cities": starts,
        "heat": {"metric": heat_metric, "hexes": heat_by_name(hexes)},
    }


def _pct(p) -> str:
    return "-" if p is None else f"{100 * p:.1f} %"


def render_text(r: dict) -> str:
    f = r["figures"]
    g = f["grid"]
    races = r["races"]
    lines = [f"{r['map']}: report", ""]
    lines.append(f"Board: {g['columns']} x {g['rows']} hexes ({g['orientation']}-top, {g['offset']} offset)")
    lines.append("Terrain: " + ", ".join(f"{k} {v}" for k, v in f["terrain"].items() if v))
    lines.append("Edges: " + ", ".join(f"{k} {v}" for k, v in f["edges"].items()))
    lines.append(f"Cities: {f['cities']}, race numbers used: {f['numbers']} of 36")
    lines += ["", f"Races (forbidden below {races['min']} steps)"]
    d = races["draws"]
    lines.append(f"  drawn race forbidden: {_pct(races['p_forbidden'])} "
                 f"({d['forbidden']} of {d['total']} equally likely draws)")
    dp = races["distinct_pairs"]
    lines.append(f"  among distinct number pairs: {_pct(dp['p_forbidden'])} "
                 f"({dp['forbidden']} of {dp['total']})")
    if races["expected_winner_prize"] is not None:
        lines.append(f"  expected Expres prizes: winner {races['expected_winner_prize']:.2f}, "
                     f"second {races['expected_second_prize']:.2f}")
    if races["starts_without_race"]:
        lines.append(f"  numbers with no allowed target: {races['starts_without_race']}")
    lines.append("  allowed races by steps distance (pairs of numbers):")
    hist = races["histogram"]
    top = max((k for _, k in hist), default=0)
    for dist, k in hist:
        bar = "#" * max(1, round(40 * k / top)) if top else ""
        lines.append(f"    {dist:4d} {k:5d} {bar}")
    lines += ["", "Cities (mean distance to the others; cheapest paths between other cities "
                  f"through it, {r['heat']['metric']})"]
    w = max([len(c["name"]) for c in r["cities"]] + [4])
    lines.append(f"  {'city':{w}s} {'hex':>5s} {'numbers':>9s} {'steps':>7s} {'build':>7s} {'paths':>7s}")
    for c in r["cities"]:
        ms = "-" if c["mean_steps"] is None else f"{c['mean_steps']:.1f}"
        mb = "-" if c["mean_build"] is None else f"{c['mean_build']:.1f}"
        lines.append(f"  {c['name']:{w}s} {c['hex']:>5s} {len(c['numbers']):9d} {ms:>7s} {mb:>7s} "
                     f"{c['on_paths']:7.1f}")
    if r["stranded"]:
        lines.append(f"  not measured: {', '.join(r['stranded'])} (no race numbers and no way to any "
                     f"other city: special-race targets only)")
    net = r["network"]
    lines += ["", f"Network joining all cities: build cost {net['cost']} in {net['pieces']} pieces"
                  + (f" ({net['groups']} separate groups)" if net["groups"] > 1 else ""),
              f"  method: {net['method']}"]
    lines += ["", "Start cities: build cost of reaching the nearest cities "
                  "(sum of cheapest paths; one joint network, closure MST)"]
    for s in r["start_cities"]:
        near = ", ".join(f"{n} {c}" for n, c in zip(s["nearest"], s["costs"], strict=False))
        net_cost = "-" if s["network"] is None else s["network"]
        lines.append(f"  {s['city']}: sum {s['sum']}, network {net_cost}: {near}")
    return "\n".join(lines) + "\n"


# -- HTML ------------------------------------------------------------------------------------------

TERRAIN_FILL = {"plain": "#ffffff", "mountain": "#c8a97e", "water": "#9fd0f2", "foreign": "#4a4a4a",
                "off": "none"}


def board_svg(m, heat: dict, max_width_px: float = 1000.0) -> str:
    """The board as an SVG string: terrain, rivers, borders, cities, and a red heat overlay."""
    from html import escape

    from ..grid import hex_name, parse_hex

    g = m.grid
    w_mm, h_mm = g.bounds_mm()
    k = min(4.0, max_width_px / w_mm)
    pad = 4.0
    width, height = w_mm * k + 2 * pad, h_mm * k + 2 * pad

    def pts(points) -> str:
        return " ".join(f"{pad + x * k:.1f},{pad + y * k:.1f}" for x, y in points)

    total_h = height + SCALE_HEIGHT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total_h:.0f}" '
           f'viewBox="0 0 {width:.1f} {total_h:.1f}" role="img" aria-label="board with heat map">']
    out.append('<g stroke="#999" stroke-width="0.5">')
    for h in g.hexes():
        fill = TERRAIN_FILL[m.terrain[h]]
        if fill == "none":
            continue
        out.append(f'<polygon points="{pts(g.corners_mm(h))}" fill="{fill}"><title>{hex_name(h)} '
                   f'{m.terrain[h]}</title></polygon>')
    out.append("</g>")
    top = max(heat.values(), default=0.0)
    if top > 0:
        out.append('<g stroke="none" fill-opacity="0.85">')
        for name, v in heat.items():
            h = parse_hex(name)
            out.append(f'<polygon points="{pts(g.corners_mm(h))}" fill="{heat_colour(v / top)}">'
                       f'<title>{name}: {_num(v)} paths</title></polygon>')
        out.append("</g>")
    for kind, colour, dash in (("rivers", "#1565c0", ""), ("borders", "#d50000", ' stroke-dasharray="6 3"')):
        segs = []
        for e in sorted(m.edge_set(kind)):
            if g.is_edge(e):
                (x1, y1), (x2, y2) = g.edge_segment_mm(e)
                segs.append(f'<line x1="{pad + x1 * k:.1f}" y1="{pad + y1 * k:.1f}" '
                            f'x2="{pad + x2 * k:.1f}" y2="{pad + y2 * k:.1f}"/>')
        if segs:
            out.append(f'<g stroke="{colour}" stroke-width="{max(1.5, k * 0.8):.1f}" '
                       f'stroke-linecap="round"{dash}>' + "".join(segs) + "</g>")
    font = max(7.0, g.hex_mm * k * 0.28)
    scale_svg = heat_scale(top, pad, height, min(width - 2 * pad, 360.0))
    out.append(f'<g font-family="DejaVu Sans, sans-serif" font-size="{font:.1f}" text-anchor="middle">')
    for c in m.cities:
        if c.hex not in g:
            continue
        x, y = g.centre_mm(c.hex)
        nums = " ".join(map(str, c.numbers))
        out.append(f'<polygon points="{pts(g.corners_mm(c.hex))}" fill="none" stroke="#d50000" '
                   f'stroke-width="{max(1.2, k * 0.5):.1f}"/>')
        # A white halo under the name, then the name (paint-order is not honoured everywhere).
        for extra in ('stroke="#fff" stroke-width="3" stroke-linejoin="round" fill="#fff"', 'fill="#000"'):
            out.append(f'<text x="{pad + x * k:.1f}" y="{pad + y * k - font * 0.2:.1f}" '
                       f'{extra}>{escape(c.name)}</text>')
        if nums:
            out.append(f'<text x="{pad + x * k:.1f}" y="{pad + y * k + font * 0.9:.1f}" '
                       f'font-size="{font * 0.8:.1f}" fill="#444">{nums}</text>')
    out.append("</g>")
    out.append(scale_svg)
    out.append("</svg>")
    return "\n".join(out)


# A sequential scale from pale yellow to dark red (ColorBrewer YlOrRd, 5 classes): a hex's
# colour says how many cheapest paths run through it, as a share of the busiest hex.
HEAT_STOPS = ("#ffffb2", "#fecc5c", "#fd8d3c", "#f03b20", "#bd0026")
SCALE_HEIGHT = 62.0


def heat_colour(share: float) -> str:
    """The colour of ``share`` (0..1 of the busiest hex) on the heat scale, interpolated.

    >>> heat_colour(0.0), heat_colour(1.0), heat_colour(0.5)
    ('#ffffb2', '#bd0026', '#fd8d3c')
    """
    share = min(1.0, max(0.0, share))
    pos = share * (len(HEAT_STOPS) - 1)
    i = min(int(pos), len(HEAT_STOPS) - 2)
    t = pos - i
    a = [int(HEAT_STOPS[i][k:k + 2], 16) for k in (1, 3, 5)]
    b = [int(HEAT_STOPS[i + 1][k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=False))


def heat_scale(top: float, x: float, y: float, width: float) -> str:
    """The colour scale under the board: a gradient from 0 to ``top`` paths with five ticks."""
    if top <= 0:
        return (f'<text x="{x:.1f}" y="{y + 16:.1f}" font-family="DejaVu Sans, sans-serif" '
                f'font-size="11">No cheapest path runs through any hex.</text>')
    stops = "".join(f'<stop offset="{k / (len(HEAT_STOPS) - 1):.2f}" stop-color="{c}"/>'
                    for k, c in enumerate(HEAT_STOPS))
    bar_y = y + 16
    out = [f'<defs><linearGradient id="heat-scale">{stops}</linearGradient></defs>',
           '<g class="heat-scale" font-family="DejaVu Sans, sans-serif" font-size="11">',
           f'<text x="{x:.1f}" y="{y + 11:.1f}">Cheapest paths through a hex</text>',
           f'<rect x="{x:.1f}" y="{bar_y:.1f}" width="{width:.1f}" height="12" fill="url(#heat-scale)" '
           f'fill-opacity="0.85" stroke="#999" stroke-width="0.5"/>']
    for k in range(5):
        tx = x + width * k / 4
        out.append(f'<line x1="{tx:.1f}" y1="{bar_y + 12:.1f}" x2="{tx:.1f}" y2="{bar_y + 16:.1f}" stroke="#333"/>')
        anchor = "start" if k == 0 else "end" if k == 4 else "middle"
        out.append(f'<text x="{tx:.1f}" y="{bar_y + 28:.1f}" text-anchor="{anchor}">{_num(top * k / 4)}</text>')
    out.append("</g>")
    return "\n".join(out)


def histogram_svg(hist: list, width: float = 640, height: float = 260) -> str:
    """Bar chart (SVG) of allowed races by steps distance."""
    if not hist:
        return '<p>No allowed races.</p>'
    left, bottom, top_pad = 44.0, 36.0, 16.0
    lo, hi = hist[0][0], hist[-1][0]
    counts = dict((d, k) for d, k in hist)
    n = hi - lo + 1
    bw = (width - left - 10) / n
    top = max(counts.values())
    scale = (height - bottom - top_pad) / top
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="histogram" '
           f'font-family="DejaVu Sans, sans-serif" font-size="11">']
    base = height - bottom
    out.append(f'<line x1="{left}" y1="{base}" x2="{width - 6}" y2="{base}" stroke="#333"/>')
    out.append(f'<line x1="{left}" y1="{top_pad}" x2="{left}" y2="{base}" stroke="#333"/>')
    for i in range(n):
        d = lo + i
        k = counts.get(d, 0)
        x = left + i * bw
        hgt = k * scale
        if k:
            out.append(f'<rect x="{x + 1:.1f}" y="{base - hgt:.1f}" width="{max(bw - 2, 1):.1f}" '
                       f'height="{hgt:.1f}" fill="#c0392b"><title>{d} steps: {k} races</title></rect>')
            out.append(f'<text x="{x + bw / 2:.1f}" y="{base - hgt - 3:.1f}" text-anchor="middle">{k}</text>')
        if n <= 30 or i % max(1, n // 20) == 0:
            out.append(f'<text x="{x + bw / 2:.1f}" y="{base + 14:.1f}" text-anchor="middle">{d}</text>')
    out.append(f'<text x="{(left + width) / 2:.0f}" y="{height - 6:.0f}" text-anchor="middle">'
               f'steps distance of the race</text>')
    out.append(f'<text x="12" y="{(base + top_pad) / 2:.0f}" text-anchor="middle" '
               f'transform="rotate(-90 12 {(base + top_pad) / 2:.0f})">races</text>')
    out.append("</svg>")
    return "\n".join(out)


def _num(v, digits: int = 1) -> str:
    """A figure as every table of the HTML page shows it: ``digits`` decimals, "–" for none.

    >>> _num(13.1333), _num(2), _num(None), _num(12345.678, 0)
    ('13.1', '2.0', '–', '12346')
    """
    if v is None:
        return "–"
    return f"{v:.{digits}f}"


def _table(head: list[str], rows: list[list], numeric_from: int = 1) -> str:
    """An HTML table; cells from column ``numeric_from`` on are right-aligned figures."""
    from html import escape

    def row(cells, tag):
        return "<tr>" + "".join(
            f'<{tag}{" class=num" if k >= numeric_from else ""}>{escape(str(c))}</{tag}>'
            for k, c in enumerate(cells)) + "</tr>"

    return "<table>\n" + row(head, "th") + "\n" + "\n".join(row(r, "td") for r in rows) + "\n</table>"


def render_html(m, r: dict) -> str:
    """One self-contained page: the board with its heat map and colour scale, and every figure
    of the report in tables, formatted alike (one decimal; counts as whole numbers)."""
    from html import escape

    f, races, net = r["figures"], r["races"], r["network"]
    g = f["grid"]
    board = _table(["", "figure"], [
        ["board", f"{g['columns']} × {g['rows']} hexes ({g['orientation']}-top, {g['offset']} offset)"],
        *[[f"{k} hexes", v] for k, v in f["terrain"].items() if v],
        *[[f"{k} (edges)", v] for k, v in f["edges"].items()],
        ["cities", f["cities"]], ["race numbers used (of 36)", f["numbers"]]], numeric_from=1)
    d, dp = races["draws"], races["distinct_pairs"]
    race_rows = [
        ["forbidden below (steps)", races["min"]],
        ["drawn race forbidden", f"{_pct(races['p_forbidden'])} ({d['forbidden']} of {d['total']} draws)"],
        ["among distinct number pairs", f"{_pct(dp['p_forbidden'])} ({dp['forbidden']} of {dp['total']})"],
        ["expected Expres prize, winner", _num(races["expected_winner_prize"])],
        ["expected Expres prize, second", _num(races["expected_second_prize"])]]
    if races["starts_without_race"]:
        race_rows.append(["numbers with no allowed target", " ".join(map(str, races["starts_without_race"]))])
    cities = _table(["city", "hex", "numbers", "mean steps", "mean build", "on paths"], [
        [c["name"], c["hex"], " ".join(map(str, c["numbers"])), _num(c["mean_steps"]), _num(c["mean_build"]),
         _num(c["on_paths"])] for c in r["cities"]], numeric_from=3)
    stranded = (f"<p>Not measured: {escape(', '.join(r['stranded']))} (no race numbers and no way to any "
                f"other city: special-race targets only).</p>" if r["stranded"] else "")
    starts = _table(["start city", "sum", "network", "nearest cities (build cost)"], [
        [s["city"], s["sum"], "–" if s["network"] is None else s["network"],
         ", ".join(f"{n} {c}" for n, c in zip(s["nearest"], s["costs"], strict=False))] for s in r["start_cities"]],
        numeric_from=1)
    groups = f", {net['groups']} separate groups" if net["groups"] > 1 else ""
    title = escape(f"{r['map']}: map report")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: "DejaVu Sans", sans-serif; margin: 1.5em; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
td, th {{ border: 1px solid #bbb; padding: 2px 8px; text-align: left; }}
.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
th {{ background: #f0f0f0; }}
</style></head><body>
<h1>{title}</h1>
<h2>Cheapest city-to-city paths ({escape(r['heat']['metric'])})</h2>
<p>Each hex is coloured by how many cheapest paths between two other cities run through it,
on the scale under the board (a pair with several equally cheap paths gives each its share).</p>
{board_svg(m, r['heat']['hexes'])}
<h2>The board</h2>
{board}
<h2>Races</h2>
{_table(["", "figure"], race_rows)}
<h3>Allowed races by distance</h3>
{histogram_svg(races['histogram'])}
<h2>Cities</h2>
<p>Mean distance to the other cities, and the cheapest paths ({escape(r['heat']['metric'])}) between
other cities that run through the city.</p>
{cities}
{stranded}
<h2>Network joining all cities</h2>
<p>Build cost <b>{net['cost']}</b> in {net['pieces']} pieces{groups}; {escape(net['method'])}.</p>
<h2>Start cities: reaching the nearest cities</h2>
{starts}
</body></html>
"""


def run(args) -> int:
    from ..errors import InputError
    from ..fileio import atomic_write
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
    emit(dump_json(r) if args.format == "json" else render_text(r), args.output, inputs=[args.map])
    return 0
