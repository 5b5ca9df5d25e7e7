"""The heat map of ``mapkit report --html``: the board as SVG with each hex coloured by how
many cheapest city-to-city paths run through it, and the colour scale under it. The browser's
map editor colours its heat map by the same scale (:func:`heat_colour`).
"""

from __future__ import annotations

from .svgfmt import figure_text

__all__ = ["TERRAIN_FILL", "HEAT_STOPS", "heat_colour", "heat_scale", "heat_map_svg"]

TERRAIN_FILL = {"plain": "#ffffff", "mountain": "#c8a97e", "water": "#9fd0f2", "foreign": "#4a4a4a",
                "off": "none"}


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
        out.append(f'<text x="{tx:.1f}" y="{bar_y + 28:.1f}" text-anchor="{anchor}">{figure_text(top * k / 4)}</text>')
    out.append("</g>")
    return "\n".join(out)


def heat_map_svg(m, heat: dict, max_width_px: float = 1000.0) -> str:
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
                       f'<title>{name}: {figure_text(v)} paths</title></polygon>')
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
