"""The cities of a designed map: chosen, placed on the board and given race numbers.

Step 6 of :func:`mapkit.geo.design.design`. The cities are the spec's own list (each looked
up in the place data unless it gives its ``lon``/``lat``) or the largest places of the home
land; hand-placed cities take their hexes first, the others follow largest first, each on the
free hex nearest its projected position; the numbered cities share the 36 race numbers in six
compact groups (the algorithms are in :mod:`mapkit.geo.cities`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import InputError
from ..grid import connected_pieces
from ..model import City
from .fitting import Board, board_hex

__all__ = ["WantedCity", "design_cities", "home_components"]


@dataclass
class WantedCity:
    """A city the map is to have, before it has a hex and race numbers."""

    name: str
    lon: float
    lat: float
    population: int
    numbered: bool
    abroad: bool
    tags: tuple
    hex: str | None             # hand placement
    count: int | None           # race numbers asked for (default: by population)
    region: str | None


def home_components(grid, terrain):
    """Connected groups of home land hexes (plain, mountain), largest first."""
    land = {h for h, t in terrain.items() if t in ("plain", "mountain")}
    return sorted((sorted(p) for p in connected_pieces(land, grid.neighbours)), key=lambda c: (-len(c), c[0]))


def design_cities(spec, board: Board, terrain, foreign_of, region_of, home_isos):
    """Choose, place and number the cities; returns (list of City, notes)."""
    comps = home_components(board.grid, terrain)
    main = set(comps[0]) if comps else set()
    if isinstance(spec.cities, int):
        wanted = _largest_places(spec, board, main, home_isos)
    else:
        wanted = _named_cities(spec, board.lonlat_box)
    names = [w.name for w in wanted]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise InputError(f"the city name {dup[0]!r} is given twice")
    foreign_hexes = {h for h, t in terrain.items() if t == "foreign"}
    placed = _placements(wanted, board, main, foreign_hexes)
    numbers = _race_numbers(wanted, board)
    return _city_records(wanted, placed, numbers, board, region_of, foreign_of)


def _largest_places(spec, board: Board, main, home_isos) -> list[WantedCity]:
    """The ``spec.cities`` largest places of the board, each on or beside the main land."""
    import shapely

    from . import sources

    bp, grid = board.projection, board.grid
    wanted: list[WantedCity] = []
    pool = list(spec.places)
    if spec.bundled and not pool:
        pool = sources.places(home_isos, spec.min_population, board.lonlat_box)
    pool = sources.drop_districts(pool)
    for p in pool:
        if len(wanted) >= spec.cities:
            break
        if not shapely.contains_xy(board.outline, p.lon, p.lat):
            continue
        mx, my = bp.to_mm(p.lon, p.lat)
        h = grid.hex_at_mm(mx, my)
        # off the main land (an island, the sea, abroad), a city needs main land beside it
        if h not in main and not any(n in main for n in grid.neighbours(h)):
            continue
        name = sources.native_name(p.name) if spec.bundled else p.name
        if any(w.name == name for w in wanted):
            continue
        wanted.append(WantedCity(name, p.lon, p.lat, p.population, numbered=True, abroad=False,
                                 tags=(), hex=None, count=None, region=None))
    return wanted


def _named_cities(spec, lonlat_box) -> list[WantedCity]:
    """The spec's own cities, each found in the place data unless it gives its lon and lat."""
    from . import sources

    by_fold: dict = {}
    pool = list(spec.places)
    if spec.bundled and any(c.lon is None for c in spec.cities):
        lookup_min = 1000 if any(c.lon is None for c in spec.cities) else spec.min_population
        pool += sources.places([], 5000 if lookup_min < 15000 else 15000, lonlat_box)
    for p in pool:
        keys = {sources.fold(p.name)} | {sources.fold(a) for a in p.alternates}
        for k in keys:
            by_fold.setdefault(k, []).append(p)
    for k in by_fold:
        by_fold[k].sort(key=lambda p: (-p.population, p.ident))
    wanted = []
    for c in spec.cities:
        lon, lat, pop = c.lon, c.lat, c.population
        if lon is None or lat is None:
            p = _find_place(c, by_fold)
            if p is None:
                raise InputError(f"city {c.name}: not found in the place data inside the board; "
                                 f"give its lon and lat")
            lon, lat = p.lon, p.lat
            pop = pop if pop is not None else p.population
        numbered = c.numbered if c.numbered is not None else not c.abroad
        wanted.append(WantedCity(c.name, float(lon), float(lat), int(pop or 0), numbered, c.abroad,
                                 tuple(c.tags), c.hex, c.count, c.region))
    return wanted


def _find_place(spec_city, candidates_by_fold):
    from .sources import fold

    key = fold(spec_city.lookup or spec_city.name)
    found = candidates_by_fold.get(key, [])
    if spec_city.country:
        found = [p for p in found if p.country == spec_city.country.upper()]
    return found[0] if found else None


def _placements(wanted: list[WantedCity], board: Board, main, foreign_hexes) -> dict:
    """City name -> hex: hand-placed cities first, then the others largest first."""
    from . import cities as citymod

    grid = board.grid
    taken = set()
    placed = {}
    for w in wanted:
        if w.hex:
            h = board_hex(grid, w.hex, f"city {w.name}")
            if h in taken:
                raise InputError(f"city {w.name}: hex {w.hex} is taken by another city")
            placed[w.name] = h
            taken.add(h)
    requests = []
    for w in sorted(wanted, key=lambda w: (-w.population, w.name)):
        if w.name in placed:
            continue
        allowed = foreign_hexes if w.abroad else main
        requests.append((w.name, board.projection.to_mm(w.lon, w.lat), allowed))
    placed.update(citymod.place(requests, grid, main, taken))
    return placed


def _race_numbers(wanted: list[WantedCity], board: Board) -> dict:
    """City name -> race numbers: the numbered cities share the 36 in six compact groups."""
    from . import cities as citymod

    numbered = [w for w in wanted if w.numbered]
    numbers = {w.name: () for w in wanted}
    if not numbered:
        return numbers
    forced = sum(w.count for w in numbered if w.count)
    free = [w for w in numbered if not w.count]
    counts_free = citymod.allot_counts([w.population for w in free], total=36 - forced) if free else []
    if not free and forced != 36:
        raise InputError(f"the cities' counts add up to {forced} race numbers, not 36")
    it = iter(counts_free)
    counts = [w.count or next(it) for w in numbered]
    pts = [board.projection.to_mm(w.lon, w.lat) for w in numbered]
    pts = [(float(x), float(y)) for x, y in pts]
    groups = citymod.six_groups(pts, counts)
    bw, bh = board.grid.bounds_mm()
    dealt = citymod.deal_numbers(pts, counts, groups, [w.population for w in numbered],
                                 landscape=bw >= bh)
    for w, nums in zip(numbered, dealt, strict=False):
        numbers[w.name] = nums
    return numbers


def _city_records(wanted: list[WantedCity], placed, numbers, board: Board, region_of, foreign_of):
    """The map's cities, and a note for each that stands far from its true position."""
    bp, grid = board.projection, board.grid
    out = []
    notes = []
    for w in wanted:
        h = placed[w.name]
        region = w.region or (region_of.get(h) if h in region_of else foreign_of.get(h))
        out.append(City(w.name, h, numbers[w.name], w.tags, None, region,
                        round(w.lon, 5), round(w.lat, 5)))
        true = bp.to_mm(w.lon, w.lat)
        off = math.dist(true, grid.centre_mm(h)) / grid.hex_mm
        if off > 1.5:
            notes.append(f"city {w.name} stands {off:.1f} hexes from its true position "
                         f"(the nearer hexes are taken or not allowed)")
    return out, notes
