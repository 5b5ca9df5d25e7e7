"""The terrain of a designed map: steps 2, 3 and 7 of :func:`mapkit.geo.design.design`.

Every hex is labelled home (``plain``), foreign (one region per neighbouring country) or water
(sea and lakes) by its sample points (:mod:`mapkit.geo.terrain`); lakes may be made whole
pieces of water of about their own area; the rough home hexes become mountains (by the shaded
relief, or the user's mountain polygons); then the spec's hand-tuned terrain is applied, by
place and by hex name.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import InputError
from ..grid import Hex, hex_name
from .fitting import Board, board_hex

if TYPE_CHECKING:
    from .design import DesignSpec  # design imports this module

__all__ = ["MOUNTAIN_THRESHOLD", "LandCover", "design_terrain"]

# The mean relief roughness from which a hex is a mountain when the spec gives none (mapkit
# design --mountain-threshold); a rule set's draft may raise it (TransAmerica's double lines).
MOUNTAIN_THRESHOLD = 18.0


@dataclass
class LandCover:
    """The terrain of every hex, the foreign country of each foreign hex and every hex's
    mountain score (the higher, the rougher), as the design's later steps change them."""

    terrain: dict
    foreign_of: dict
    score_of: dict


def design_terrain(spec: DesignSpec, board: Board, home, foreign) -> tuple[LandCover, DesignSpec]:
    """The board's terrain for ``spec`` over the home land ``home`` and the ``foreign`` land
    (``(region name, geometry)`` each); returns it and the spec with every hand-tuned hex in
    its ``terrain``."""
    from . import fitting
    from . import terrain as terrainmod

    grid = board.grid
    hexes = list(grid.hexes())
    lakes = _lakes(spec, board)
    lon, lat = fitting.hex_samples(grid, board.projection)
    labels = terrainmod.classify(lon, lat, home, foreign, lakes)
    terrain, foreign_of = _terrain_of(hexes, labels)
    if spec.whole_lakes:
        _lakes_on_board(board, lakes, terrain, foreign_of, lon, lat)
    score_of = _mountains(spec, board, hexes, terrain, lon, lat)
    spec = _hand_tuned(spec, board, terrain, foreign_of)
    return LandCover(terrain, foreign_of, score_of), spec


def _lakes(spec, board: Board) -> list:
    """The lakes on the board that are large enough (default: a third of a hex's area)."""
    hex_area_km2 = math.sqrt(3) / 2 * board.projection.hex_km ** 2
    lake_min = spec.lake_min_km2 if spec.lake_min_km2 is not None else hex_area_km2 / 3
    lakes = []
    if spec.bundled:
        from . import sources

        lakes = [lk for lk in sources.lakes(board.lonlat_box, lake_min) if lk.intersects(board.outline)]
    return lakes


def _lakes_on_board(board: Board, lakes, terrain, foreign_of, lon, lat) -> None:
    """Each lake as wide as a third of a hex or more becomes one piece of water of about its
    own area in hexes (at least one): a long lake whose hexes each hold less than half of
    it (the Balaton) would otherwise be a few loose hexes or none."""
    import numpy as np
    import shapely

    from . import terrain as terrainmod

    grid, bp = board.grid, board.projection
    hexes = list(grid.hexes())
    hex_area = math.sqrt(3) / 2 * bp.hex_km ** 2

    def project(coords):
        x, y = bp.projection.forward(coords[:, 0], coords[:, 1])
        return np.column_stack([x, y])

    for lake in lakes:
        shapely.prepare(lake)
        inside = shapely.contains_xy(lake, lon, lat).mean(axis=1)
        share = {hexes[i]: float(inside[i]) for i in np.flatnonzero(inside)}
        area = shapely.transform(lake, project).area
        for h in terrainmod.lake_hexes(share, max(1, round(area / hex_area)), grid.neighbours):
            terrain[h] = "water"
            foreign_of.pop(h, None)


def _terrain_of(hexes, labels):
    """Terrain of every hex from its label, and the foreign country of each foreign hex."""
    from . import terrain as terrainmod

    terrain = {}
    foreign_of: dict[Hex, str] = {}
    for h, lab in zip(hexes, labels, strict=False):
        if lab == terrainmod.HOME:
            terrain[h] = "plain"
        elif lab == terrainmod.WATER:
            terrain[h] = "water"
        else:
            terrain[h] = "foreign"
            foreign_of[h] = lab
    home_hexes = [h for h in hexes if terrain[h] == "plain"]
    if not home_hexes:
        raise InputError("no hex of the board lies in the home land; make the hexes smaller")
    return terrain, foreign_of


def _mountains(spec, board: Board, hexes, terrain, lon, lat) -> dict:
    """Make the rough home hexes mountains (in ``terrain``); returns every hex's score."""
    import numpy as np

    from . import fitting
    from . import terrain as terrainmod

    grid = board.grid
    score = np.zeros(len(hexes))
    limit = None
    if spec.mountains == "relief" and spec.bundled:
        from . import sources

        relief = sources.Relief(board.lonlat_box)
        dense_lon, dense_lat = fitting.hex_samples(grid, board.projection, rings=(0.3, 0.55, 0.8))
        score = terrainmod.relief_scores(relief, dense_lon, dense_lat)
        limit = MOUNTAIN_THRESHOLD if spec.mountain_threshold is None else spec.mountain_threshold
        if spec.tint_threshold is not None:
            # High ground by its colour (broad ranges such as the Šumava are not rough): scale
            # the tint so that reaching its threshold reaches the roughness threshold.
            tint = terrainmod.relief_scores(relief, dense_lon, dense_lat, "values")
            score = np.maximum(score, limit + (tint - spec.tint_threshold))
    if spec.mountain_polygons:
        share = terrainmod.polygon_share(spec.mountain_polygons, lon, lat)
        score = np.maximum(score, share * 1000.0) if limit is not None else share
        limit = limit if limit is not None else 0.5
        if spec.mountains == "relief" and spec.bundled:
            limit = min(limit, 500.0)
    if limit is not None:
        for i, h in enumerate(hexes):
            # The shading is rough along every coast: coastal hexes need half as much again.
            coastal = spec.mountains == "relief" and any(terrain[n] == "water" for n in grid.neighbours(h))
            if terrain[h] == "plain" and score[i] >= limit * (1.5 if coastal else 1.0):
                terrain[h] = "mountain"
    return {h: float(score[i]) for i, h in enumerate(hexes)}


def _hand_tuned(spec, board: Board, terrain, foreign_of):
    """Apply the hand-tuned terrain, by place (independent of the grid) then by hex name;
    returns the spec with every tuned hex in its ``terrain``."""
    grid = board.grid
    tuned = dict(spec.terrain)
    for lon_t, lat_t, t in spec.terrain_at:
        mx, my = board.projection.to_mm(lon_t, lat_t)
        h = grid.hex_at_mm(mx, my)
        if h in grid:
            tuned.setdefault(hex_name(h), t)
    spec = dataclasses.replace(spec, terrain=tuned)
    for name, t in sorted(spec.terrain.items()):
        h = board_hex(grid, name, "terrain")
        if t == "foreign" and h not in foreign_of:
            foreign_of[h] = _nearest_label(grid, h, foreign_of) or "Abroad"
        if t != "foreign":
            foreign_of.pop(h, None)
        terrain[h] = t
    return spec


def _nearest_label(grid, h, labels):
    best = None
    for other, lab in labels.items():
        d = grid.distance(h, other)
        if best is None or (d, other) < best[0]:
            best = ((d, other), lab)
    return best[1] if best else None
