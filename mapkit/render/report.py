"""The designer's report (:func:`mapkit.analysis.report.build_report`) written out: as text,
and as one self-contained HTML page (the heat map, the histogram as a chart, every figure in
tables, formatted alike).
"""

from __future__ import annotations

from .heatmap import heat_map_svg
from .svgfmt import figure_text

__all__ = ["render_text", "render_html", "histogram_svg", "html_table", "PAGE_STYLE"]


def _pct(p) -> str:
    return "-" if p is None else f"{100 * p:.1f} %"


def render_text(r: dict) -> str:
    """The report as text (what ``mapkit report`` prints)."""
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


# The style of mapkit's report pages (the map's report, the simulation's).
PAGE_STYLE = """body { font-family: "DejaVu Sans", sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
td, th { border: 1px solid #bbb; padding: 2px 8px; text-align: left; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #f0f0f0; }
"""


def html_table(head: list[str], rows: list[list], numeric_from: int = 1) -> str:
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
    board = html_table(["", "figure"], [
        ["board", f"{g['columns']} × {g['rows']} hexes ({g['orientation']}-top, {g['offset']} offset)"],
        *[[f"{k} hexes", v] for k, v in f["terrain"].items() if v],
        *[[f"{k} (edges)", v] for k, v in f["edges"].items()],
        ["cities", f["cities"]], ["race numbers used (of 36)", f["numbers"]]], numeric_from=1)
    d, dp = races["draws"], races["distinct_pairs"]
    race_rows = [
        ["forbidden below (steps)", races["min"]],
        ["drawn race forbidden", f"{_pct(races['p_forbidden'])} ({d['forbidden']} of {d['total']} draws)"],
        ["among distinct number pairs", f"{_pct(dp['p_forbidden'])} ({dp['forbidden']} of {dp['total']})"],
        ["expected Expres prize, winner", figure_text(races["expected_winner_prize"])],
        ["expected Expres prize, second", figure_text(races["expected_second_prize"])]]
    if races["starts_without_race"]:
        race_rows.append(["numbers with no allowed target", " ".join(map(str, races["starts_without_race"]))])
    cities = html_table(["city", "hex", "numbers", "mean steps", "mean build", "on paths"], [
        [c["name"], c["hex"], " ".join(map(str, c["numbers"])), figure_text(c["mean_steps"]),
         figure_text(c["mean_build"]), figure_text(c["on_paths"])] for c in r["cities"]], numeric_from=3)
    stranded = (f"<p>Not measured: {escape(', '.join(r['stranded']))} (no race numbers and no way to any "
                f"other city: special-race targets only).</p>" if r["stranded"] else "")
    starts = html_table(["start city", "sum", "network", "nearest cities (build cost)"], [
        [s["city"], s["sum"], "–" if s["network"] is None else s["network"],
         ", ".join(f"{n} {c}" for n, c in zip(s["nearest"], s["costs"], strict=False))] for s in r["start_cities"]],
        numeric_from=1)
    groups = f", {net['groups']} separate groups" if net["groups"] > 1 else ""
    title = escape(f"{r['map']}: map report")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
{PAGE_STYLE}</style></head><body>
<h1>{title}</h1>
<h2>Cheapest city-to-city paths ({escape(r['heat']['metric'])})</h2>
<p>Each hex is coloured by how many cheapest paths between two other cities run through it,
on the scale under the board (a pair with several equally cheap paths gives each its share).</p>
{heat_map_svg(m, r['heat']['hexes'])}
<h2>The board</h2>
{board}
<h2>Races</h2>
{html_table(["", "figure"], race_rows)}
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
