"""Stages 2 to 5 together (:func:`read_board` -> :class:`Reading`, what stages 6 and 7, the
overlay and the report read on).

>>> from mapkit.testing import random_map, draw_board, dampfross_style
>>> from mapkit.imaging.gridfind import find_grid
>>> from mapkit.imaging.colour import DEFAULT_LEGEND
>>> m = random_map(4, 10, 8, "pointy", "odd")
>>> img = np.asarray(draw_board(m, 30, dampfross_style())[0])
>>> r = read_board(img, find_grid(img), DEFAULT_LEGEND)
>>> r.strokes["river"] == m.edge_set("rivers"), set(r.cities) == {c.hex for c in m.cities}
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import params as P
from ..grid import Grid
from .colour import linear_to_lab
from .darkrivers import dark_rivers, reads_dark_rivers
from .edges import read_edges, with_dashes
from .edgeshares import StrokeColours, measure_edges
from .ferries import ferry_edges, read_ferries
from .rings import city_edges, read_cities
from .sampling import HexPicture
from .terrain import mark_off, read_terrain

__all__ = ["Reading", "read_board"]


@dataclass
class Reading:
    """What was read from the picture, with a confidence in 0..1 for every decision."""

    grid: Grid
    terrain: dict = field(default_factory=dict)          # Hex -> terrain
    terrain_conf: dict = field(default_factory=dict)     # Hex -> 0..1
    strokes: dict = field(default_factory=dict)          # kind -> set of edges
    edge_conf: dict = field(default_factory=dict)        # edge -> (kind or None, 0..1)
    cities: dict = field(default_factory=dict)           # Hex -> ring radius (grid units)
    city_conf: dict = field(default_factory=dict)        # Hex -> 0..1 (cities and near misses)
    light: object = None                                 # the Light of stage 2
    fills: dict = field(default_factory=dict)            # Hex -> corrected linear RGB fill
    colours: dict = field(default_factory=dict)          # legend key -> measured linear RGB
    in_colour: bool = True                               # False: a board printed without colour
    ferries: list = field(default_factory=list)          # FerryReading: port -> the hex with the dot


def read_board(rgb: np.ndarray, fit, legend, land=None) -> Reading:
    """Read terrain, edge strokes and city rings of the board ``fit`` found in ``rgb``
    (``land``: its terrain read with ``legend`` already, as choosing the legend does)."""
    grid = fit.grid
    hexes = list(grid.hexes())
    centres = np.array([grid.centre_mm(h) for h in hexes])
    land = land if land is not None else read_terrain(rgb, fit, legend)
    mark_off(land.terrain, grid, fit.outline)
    # A stroke's background: the terrain's colour as printed (JPEG tints a hex's own fill).
    class_lin = {**land.colours, "off": land.colours[land.paper]}
    fills = np.array([class_lin[land.terrain[h]] for h in hexes])
    edges = list(grid.edges())
    edge_index = {e: i for i, e in enumerate(edges)}
    ea = np.array([grid.index(a) for a, _ in edges], dtype=np.intp)
    eb = np.array([grid.index(b) for _, b in edges], dtype=np.intp)
    # The legend's stroke colours as they are (measured on thin lines they mix with the
    # outline); the city colour competes too (an outline along a city's sides).
    ink, city = legend.linear("grid"), legend.linear("city")
    # (rivers in the ink's colour are told from the outlines by width: mapkit.imaging.darkrivers)
    dark = reads_dark_rivers(legend)
    strokes = [k for k in legend.strokes() if not (dark and k == "river")]
    stroke_lin = {k: legend.linear(k) for k in strokes}
    same_red = "border" in strokes and float(np.linalg.norm(
        linear_to_lab(stroke_lin["border"]) - linear_to_lab(city))) < P.SAME_RED
    if not same_red:
        stroke_lin["_city"] = city
    pic = HexPicture(rgb, fit.affine, fit.hex_px, hexes, centres, fills, land.light)
    shares = measure_edges(pic, ea, eb, StrokeColours(stroke_lin, ink, ring=city))
    found = read_cities(pic, grid, legend, land, city_edges(edge_index, shares))
    land.terrain.update(found.ground)
    land.confidence.update(found.ground_confidence)
    # On an outlined city's sides a river is measured over the fill blended with the outline.
    sides = sorted({edge_index[e] for h, r in found.cities.items() if r >= P.HUG_RADIUS
                    for e in grid.edges_of(h)})
    if sides:
        over = measure_edges(pic, ea[sides], eb[sides], StrokeColours(stroke_lin, ink, outline=city)).over
        shares.line[sides, :] = np.maximum(shares.line[sides, :], over)
    ferries = read_ferries(pic, grid, found.cities, legend.linear("ferry"), ink)
    _off_ferries(shares, stroke_lin, legend.linear("ferry"), ferry_edges(grid, edges, ferries))
    if "border" in strokes:
        with_dashes(shares, edges, land.terrain, found.cities)
    decided = read_edges(grid, shares, edges, land.terrain, found.cities, strokes, same_red)
    if dark:
        rivers = dark_rivers(rgb, fit, land, found.cities)
        decided.strokes["river"] = rivers.edges - decided.strokes.get("ridge", set())
        decided.confidence.update({e: c for e, c in rivers.confidence.items()
                                   if c[0] or decided.confidence.get(e, (None,))[0] is None})
    colours = {**land.colours, **stroke_lin}
    return Reading(grid, land.terrain, land.confidence, decided.strokes, decided.confidence,
                   found.cities, found.confidence, land.light, land.fills, colours, ferries=ferries)


def _off_ferries(shares, stroke_lin: dict, ferry, rows: list) -> None:
    """The sides a ferry's course runs along show no stroke of a colour near the ferry's (in
    place): a river never runs straight from one hex's middle to another's."""
    for j, k in enumerate(shares.kinds):
        if float(np.linalg.norm(stroke_lin[k] - ferry)) < P.OTHER_COLOUR:
            for part in (shares.line, shares.outer, shares.dashed, shares.beside, shares.over):
                part[rows, j] = 0.0
