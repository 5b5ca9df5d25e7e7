"""The rivers of a designed map: step 4 of :func:`mapkit.geo.design.design`.

The rivers to draw are the long rivers of the network (``rivers: auto``), or the spec's named
rivers traced through their waypoints (:mod:`mapkit.geo.rivers`), then the user's own lines;
each is snapped onto a chain of hex edges, not along water and not between two foreign hexes,
a piece ending near a river already snapped joining it there. A river between two mountains
then makes its lower side plain.
"""

from __future__ import annotations

import math

from ..errors import InputError
from ..grid import hex_name
from ..model import EdgeSet
from .fitting import Board

__all__ = ["design_rivers", "plain_beside_rivers"]


def design_rivers(spec, board: Board, terrain) -> list[EdgeSet]:
    """Snap the rivers of the spec onto hex edges."""
    lines = _river_lines(spec, board.projection, board.lonlat_box, board.grid)
    if not lines:
        return []
    return _snapped_rivers(lines, board.grid, board.projection, terrain)


def plain_beside_rivers(river_sets, terrain, spec, score_of) -> None:
    """A river between two mountains would cost 5 (7 under EJ): make the lower side plain."""
    for es in river_sets:
        for a, b in es.edges:
            if terrain[a] == terrain[b] == "mountain" and (hex_name(a) not in spec.terrain
                                                          or hex_name(b) not in spec.terrain):
                lower = min((a, b), key=lambda h: (hex_name(h) in spec.terrain, score_of[h], h))
                terrain[lower] = "plain"


def _river_data_box(spec, lonlat_box) -> tuple:
    """The area to read river data from: the board, and around named rivers' waypoints."""
    data_box = list(lonlat_box)
    if spec.rivers != "auto":
        # Named rivers may run beyond the board: read the data around all their waypoints.
        for r in spec.rivers:
            for lon_w, lat_w in r.points:
                data_box = [min(data_box[0], lon_w - 0.5), min(data_box[1], lat_w - 0.5),
                       max(data_box[2], lon_w + 0.5), max(data_box[3], lat_w + 0.5)]
    return tuple(data_box)


def _river_lines(spec, bp, lonlat_box, grid) -> list:
    """The rivers to snap as ``(name or None, lon/lat array)``: the long rivers of the network,
    or the spec's named rivers traced through it, then the user's lines."""
    import numpy as np

    from . import rivers as rivermod

    lines = []
    if spec.bundled and spec.rivers == "auto":
        lines += _network_rivers(spec, bp, lonlat_box, grid)
    elif spec.bundled and spec.rivers != "none":
        from . import sources

        network = rivermod.river_network(sources.rivers(_river_data_box(spec, lonlat_box)))
        for r in spec.rivers:
            if r.drawn:
                lines.append((r.name, np.asarray(r.points, dtype=float)))
                continue
            try:
                # Reservoirs leave gaps in the data: bridge up to three hexes.
                a = rivermod.trace(network, r.points, max_gap_deg=max(0.6, 3 * bp.hex_km / 111.2))
            except ValueError as exc:
                raise InputError(f"river {r.name}: {exc} (move the waypoints onto the river)") from None
            if a is None:
                raise InputError(f"river {r.name}: no river data on the board")
            lines.append((r.name, a))
    for name, coords in spec.river_lines:
        lines.append((name, np.asarray(coords, dtype=float)))
    return lines


def _network_rivers(spec, bp, lonlat_box, grid, max_rivers: int = 40) -> list:
    """The long rivers of the network, each once: read from an area half as wide again on each
    side of the board, so that a main river is found by its whole length (the Danube, which
    enters Austria from Germany, against the Inn, longer inside Austria: both become rivers of
    their own, the Inn a tributary). A river counts when ``spec.river_min_hexes`` of it lie on
    the board."""
    import numpy as np
    from shapely.geometry import LineString, box

    from . import rivers as rivermod
    from . import sources

    lon0, lat0, lon1, lat1 = lonlat_box
    dw, dh = (lon1 - lon0) / 2, (lat1 - lat0) / 2
    wide = (max(-180.0, lon0 - dw), max(-90.0, lat0 - dh), min(180.0, lon1 + dw), min(90.0, lat1 + dh))
    network = rivermod.river_network(sources.rivers(wide))
    # Network lengths are in degrees of latitude: 111.2 km each.
    min_len = spec.river_min_hexes * bp.hex_km / 111.2
    bw, bh = grid.bounds_mm()
    frame = box(0, 0, bw, bh)
    out = []
    for a in rivermod.main_rivers(network, min_len, max_rivers=10 * max_rivers):
        x, y = bp.to_mm(a[:, 0], a[:, 1])
        on_board = LineString(np.column_stack([x, y])).intersection(frame).length / grid.hex_mm
        if on_board >= spec.river_min_hexes:
            out.append((None, a))
    return out[:max_rivers]


def _snapped_rivers(lines, grid, bp, terrain) -> list[EdgeSet]:
    """Each line's pieces on the board snapped onto chains of hex edges (not along water, not
    between two foreign hexes); a piece ending near a river already snapped joins it there."""
    import numpy as np
    from shapely.geometry import LineString, box

    from . import rivers as rivermod

    water = {h for h, t in terrain.items() if t in ("water", "off")}
    blocked = {e for e in grid.edges() if e[0] in water or e[1] in water}
    corners = rivermod.CornerGraph(grid, blocked)
    bw, bh = grid.bounds_mm()
    frame = box(0, 0, bw, bh)
    snapped: dict = {}
    order: list = []
    river_corners: set[int] = set()
    for name, a in lines:
        x, y = bp.to_mm(a[:, 0], a[:, 1])
        line = LineString(np.column_stack([x, y]))
        clipped = line.intersection(frame)
        pieces = [g for g in getattr(clipped, "geoms", [clipped]) if g.geom_type == "LineString" and not g.is_empty]
        for piece in pieces:
            pts = list(piece.coords)
            if rivermod.polyline_length(pts) < grid.hex_mm:
                continue
            start, end = _river_joins(corners, river_corners, pts, grid.hex_mm * 1.0)
            chain = corners.snap(pts, start, end)
            keep = [e for e in chain if e[0] not in water and e[1] not in water
                    and (terrain[e[0]] != "foreign" or terrain[e[1]] != "foreign")]
            if len(keep) < 2:
                continue
            river_corners |= corners.corners_of(keep)
            key = name or f"#{len(order)}"
            if key not in snapped:
                snapped[key] = set()
                order.append(key)
            snapped[key] |= set(keep)
    out = []
    seen_edges: set = set()
    for key in order:
        edges = snapped[key] - seen_edges
        seen_edges |= edges
        if edges:
            out.append(EdgeSet(frozenset(edges), None if key.startswith("#") else key))
    return out


def _river_joins(corners, river_corners, pts, join):
    """The corners of rivers already snapped that a piece's two ends join (None: no join)."""
    start = end = None
    if river_corners:
        for which in (0, -1):
            c = corners.nearest(pts[which], among=river_corners)
            if math.dist(corners.points[c], pts[which]) <= join:
                if which == 0:
                    start = c
                else:
                    end = c
        if start is not None and start == end:
            end = None
    return start, end
