"""The mono look's textures as SVG path pieces: hatching (mountains) and stippling (water),
drawn as vector lines and dots clipped to a hex so that they print sharp (SVG patterns would
be rasterised by cairo). Moved out of :mod:`mapkit.render.boardart` to keep it short."""

from __future__ import annotations

import math

from .svgfmt import fmt

__all__ = ["hatch_segments", "stipple_rows"]


def hatch_segments(pts, spacing: float) -> list[str]:
    """Path pieces of 45-degree lines ``x - y = k * spacing * sqrt(2)`` inside a convex polygon."""
    from shapely.geometry import LineString, Polygon

    poly = pts if hasattr(pts, "geom_type") else Polygon(pts)
    minx, miny, maxx, maxy = poly.bounds
    step = spacing * math.sqrt(2)             # along x, for lines spaced ``spacing`` apart
    out = []
    k = math.floor((minx - maxy) / step)
    while k * step <= maxx - miny:
        c = k * step
        # The line x - y = c across the polygon's box.
        seg = LineString([(miny + c, miny), (maxy + c, maxy)]).intersection(poly)
        if not seg.is_empty and seg.length > 1e-6:
            for g in getattr(seg, "geoms", [seg]):
                (x1, y1), (x2, y2) = g.coords[0], g.coords[-1]
                out.append(f"M{fmt(x1)},{fmt(y1)} L{fmt(x2)},{fmt(y2)}")
        k += 1
    return out


def stipple_rows(pts, spacing: float) -> list[str]:
    """Path pieces of dotted rows inside a convex polygon: each row starts on a lattice point
    (rows ``spacing`` apart, every other row shifted half a step), so a dash pattern of
    ``0, spacing`` with round caps puts its dots on the lattice."""
    from shapely.geometry import LineString, Polygon

    poly = pts if hasattr(pts, "geom_type") else Polygon(pts)
    minx, miny, maxx, maxy = poly.bounds
    out = []
    j = math.ceil(miny / spacing)
    while j * spacing <= maxy:
        y = j * spacing
        seg = LineString([(minx - 1, y), (maxx + 1, y)]).intersection(poly)
        shift = (spacing / 2) * (j % 2)
        for g in ([] if seg.is_empty else getattr(seg, "geoms", [seg])):
            if g.length <= 1e-6:
                continue
            xa, xb = sorted((g.coords[0][0], g.coords[-1][0]))
            x0 = shift + math.ceil((xa + 0.25 - shift) / spacing) * spacing
            if x0 <= xb - 0.25:
                out.append(f"M{fmt(x0)},{fmt(y)} H{fmt(xb - 0.25)}")
        j += 1
    return out
