"""Fitting a hex board over a region of the world.

:func:`fit_board` picks the projection (Lambert azimuthal equal-area centred on the region),
the hex size (from kilometres or from a column count) and the board's size, and centres the
region on the board. :func:`hex_samples` gives sample points of every hex in lon/lat, which the
terrain classification votes over.

>>> from mapkit.geo.projection import LambertAzimuthalEqualArea
>>> bp, grid = fit_board((-100.0, -50.0, 100.0, 50.0), LambertAzimuthalEqualArea(15.0, 50.0), hex_km=10.0)
>>> grid.columns, grid.rows        # 200 km wide: 20 hexes; 100 km high: 12 rows of 8.66 km
(20, 12)
>>> bp.mm_per_km
1.4
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from ..errors import InputError
from ..grid import SQRT3, Grid, Hex, parse_hex
from .projection import BoardProjection, LambertAzimuthalEqualArea

__all__ = ["fit_board", "hex_samples", "region_bounds_km", "board_outline", "board_hex", "Board", "MAX_SIDE"]

# A board larger than this is surely a mistake (and would take long to build).
MAX_SIDE = 400


def region_bounds_km(projection: LambertAzimuthalEqualArea, bbox=None, geometry=None, margin_km=0.0):
    """Projected bounds (x_min, y_min, x_max, y_max) in km of a lon/lat box or geometry."""
    import numpy as np

    if bbox is not None:
        lon0, lat0, lon1, lat1 = bbox
        t = np.linspace(0.0, 1.0, 65)
        lons = np.concatenate([lon0 + (lon1 - lon0) * t, np.full_like(t, lon1), lon1 - (lon1 - lon0) * t,
                               np.full_like(t, lon0)])
        lats = np.concatenate([np.full_like(t, lat0), lat0 + (lat1 - lat0) * t, np.full_like(t, lat1),
                               lat1 - (lat1 - lat0) * t])
    else:
        import shapely

        coords = shapely.get_coordinates(geometry)
        lons, lats = coords[:, 0], coords[:, 1]
    x, y = projection.forward(lons, lats)
    return (float(x.min()) - margin_km, float(y.min()) - margin_km,
            float(x.max()) + margin_km, float(y.max()) + margin_km)


def fit_board(bounds_km, projection, *, hex_km=None, columns=None, hex_mm=14.0,
              orientation="pointy", offset="odd"):
    """The board projection and grid that cover ``bounds_km`` with the region centred.

    Give ``hex_km`` (distance between adjacent hex centres in the world) or ``columns``.
    """
    x0, y0, x1, y1 = bounds_km
    width, height = x1 - x0, y1 - y0
    if width <= 0 or height <= 0:
        raise InputError("the region to map is empty")
    pointy = orientation == "pointy"
    # Extent of a board in units of the hex spacing d: pointy (cols + 0.5, (1.5(rows-1)+2)/sqrt3),
    # flat ((1.5(cols-1)+2)/sqrt3, rows + 0.5).
    if hex_km is None:
        if not columns or columns < 2:
            raise InputError("give a hex size in km or a number of columns (at least 2)")
        hex_km = width / (columns + 0.5) if pointy else width / ((1.5 * (columns - 1) + 2) / SQRT3)
    if not hex_km > 0:
        raise InputError("the hex size must be positive")
    d = float(hex_km)
    s = d / SQRT3
    if pointy:
        cols = max(1, math.ceil(width / d - 0.5 - 1e-9))
        rows = max(1, math.ceil((height / s - 2.0) / 1.5 + 1 - 1e-9))
    else:
        cols = max(1, math.ceil((width / s - 2.0) / 1.5 + 1 - 1e-9))
        rows = max(1, math.ceil(height / d - 0.5 - 1e-9))
    if columns:
        cols = int(columns)
    if cols > MAX_SIDE or rows > MAX_SIDE:
        raise InputError(f"the board would be {cols} x {rows} hexes; choose larger hexes "
                         f"(at most {MAX_SIDE} a side)")
    grid = Grid(orientation, offset, cols, rows, hex_mm)
    bw, bh = grid.bounds_mm()
    k = hex_mm / d
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    origin = (cx - bw / k / 2, cy + bh / k / 2)
    return BoardProjection(projection, d, float(hex_mm), origin), grid


class Board(NamedTuple):
    """A board fitted over a region: what every step of the design pipeline places things on."""

    projection: BoardProjection
    grid: Grid
    outline: Any                # shapely polygon of the board in lon/lat, a little widened
    lonlat_box: tuple           # the outline's bounds: lon_min, lat_min, lon_max, lat_max


def board_outline(bp: BoardProjection, grid: Grid):
    """The board's frame in lon/lat (41 points a side), widened by 0.05 degrees."""
    import numpy as np
    from shapely.geometry import Polygon

    bw, bh = grid.bounds_mm()
    t = np.linspace(0, 1, 41)
    edge_x = np.concatenate([t * bw, np.full_like(t, bw), (1 - t) * bw, np.zeros_like(t)])
    edge_y = np.concatenate([np.zeros_like(t), t * bh, np.full_like(t, bh), (1 - t) * bh])
    blon, blat = bp.to_lonlat(edge_x, edge_y)
    return Polygon(np.column_stack([blon, blat])).buffer(0.05)


def board_hex(grid: Grid, name: str, what: str) -> Hex:
    """The hex called ``name``, which must lie on the board (``what`` names it in the error)."""
    try:
        h = parse_hex(name)
    except ValueError:
        raise InputError(f"{what}: {name!r} is not a hex name") from None
    if h not in grid:
        raise InputError(f"{what}: hex {name} is outside the board ({grid.columns} x {grid.rows})")
    return h


def hex_samples(grid: Grid, bp: BoardProjection, rings=(0.45, 0.85)):
    """Sample points of every hex (row-major order), as lon and lat arrays of shape (hexes, n).

    The centre plus six points on each ring (a fraction of the centre-to-corner radius),
    towards the corners and the side midpoints alternately ring by ring.
    """
    import numpy as np

    centres = np.array([grid.centre_mm(h) for h in grid.hexes()])
    offsets = [(0.0, 0.0)]
    r0 = grid.size_mm
    for i, frac in enumerate(rings):
        start = (-30.0 if grid.pointy else 0.0) + (30.0 if i % 2 else 0.0)
        for j in range(6):
            a = math.radians(start + 60.0 * j)
            # Side-midpoint directions reach only cos(30) of the radius inside the hex.
            f = frac * (math.cos(math.radians(30)) if i % 2 else 1.0)
            offsets.append((r0 * f * math.cos(a), r0 * f * math.sin(a)))
    off = np.array(offsets)
    mx = centres[:, 0:1] + off[None, :, 0]
    my = centres[:, 1:2] + off[None, :, 1]
    lon, lat = bp.to_lonlat(mx, my)
    return np.asarray(lon), np.asarray(lat)
