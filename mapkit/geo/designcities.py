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

from ..errors import InputError, InvalidError
from ..grid import connected_pieces, hex_name
from ..model import City
from .fitting import Board, board_hex

__all__ = ["WantedCity", "design_cities", "home_components", "abroad_cities"]


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
        land = set(main)
        if spec.islands:
            # Islands big enough for a town or two (ferries join them: mapkit.geo.ferries).
            total = sum(len(c) for c in comps)
            land |= {h for c in comps[1:] if len(c) >= max(12, 0.05 * total) for h in c}
        wanted = _largest_places(spec, board, land, home_isos)
        taken = [board_hex(board.grid, w.hex, w.name) for w in wanted if w.hex]
        wanted += abroad_cities(spec, board, taken, terrain, foreign_of, home_isos, land)
    else:
        wanted = _named_cities(spec, board.lonlat_box)
    names = [w.name for w in wanted]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise InputError(f"the city name {dup[0]!r} is given twice")
    foreign_hexes = {h for h, t in terrain.items() if t == "foreign"}
    placed = _placements(wanted, board, main, foreign_hexes)
    numbers = _race_numbers(wanted, board, spec)
    return _city_records(wanted, placed, numbers, board, region_of, foreign_of)


def _largest_places(spec, board: Board, main, home_isos) -> list[WantedCity]:
    """The ``spec.cities`` largest towns of the home land (agglomerations: a town with its
    districts and suburbs, :mod:`mapkit.geo.agglomerate`), each on or beside the main land,
    largest first, none nearer than ``spec.spacing`` steps to a bigger one (placed here: the
    hex is part of the result)."""
    import shapely

    from . import cities as citymod
    from . import sources

    bp, grid = board.projection, board.grid
    towns = _towns(spec, board, home_isos)
    # smaller towns, down to spec.fill_population, only where the bigger ones leave the count short
    floor = min(spec.min_population, spec.fill_population or spec.min_population)
    requests = []
    for a in towns:
        if a.population < floor:
            break
        if not shapely.contains_xy(board.outline, a.lon, a.lat):
            continue
        mx, my = bp.to_mm(a.lon, a.lat)
        h = grid.hex_at_mm(mx, my)
        # off the main land (an island, the sea, abroad), a city needs main land beside it
        if h not in main and not any(n in main for n in grid.neighbours(h)):
            continue
        requests.append((a, (mx, my), None))
    placed, _ = citymod.place_spaced([(i, xy, own) for i, (_, xy, own) in enumerate(requests)], grid, main,
                                     spacing=spec.spacing, max_off=1.0 if spec.spacing > 1 else math.inf,
                                     wanted=spec.cities)
    if len(placed) < 12:
        raise InvalidError(f"only {len(placed)} towns of {floor} people or more fit on the board at "
                           f"{spec.spacing} steps apart (hexes of {bp.hex_km:g} km), and a map needs 12 at least "
                           f"(36 race numbers, 3 a city at most): lower --min-population (towns of 1000 or "
                           f"more are known) or --spacing, or give smaller hexes with --hex-km")
    wanted: list[WantedCity] = []
    for i, h in placed.items():
        a = requests[i][0]
        name = sources.native_name(a.name) if spec.bundled else a.name
        if any(w.name == name for w in wanted):
            continue
        wanted.append(WantedCity(name, a.lon, a.lat, a.population, numbered=True, abroad=False,
                                 tags=(), hex=hex_name(h), count=None, region=None))
    return wanted


def _towns(spec, board: Board, isos) -> list:
    """The agglomerations of the place data (the user's places, else GeoNames' places of
    1000 people or more in the given countries), largest first."""
    from . import sources
    from .agglomerate import agglomerate

    pool = list(spec.places)
    if spec.bundled and not pool:
        pool = sources.places(isos, min(1000, spec.min_population), board.lonlat_box)
    return agglomerate(pool)


def abroad_cities(spec, board: Board, taken, terrain, foreign_of, home_isos, land=None) -> list[WantedCity]:
    """The biggest town of each neighbouring state within ``spec.abroad_reach`` steps of the
    border (on a foreign hex, at least ``spec.spacing`` from every city), up to
    ``spec.abroad`` of them, the neighbours with the longest border first; no race numbers.
    ``land``: the home hexes track is built from (the land the cities stand on; default all
    home land): a state bordering only an island without towns (Sweden beside Sjælland on
    Denmark's draft) is out of reach and gets no town."""
    import shapely

    from . import cities as citymod
    from . import sources

    if not spec.abroad or not spec.bundled:
        return []
    bp, grid = board.projection, board.grid
    home = set(land) if land is not None else {h for h, t in terrain.items() if t in ("plain", "mountain")}
    border_len: dict[str, int] = {}
    near: set = set()
    for h, lab in foreign_of.items():
        if terrain[h] != "foreign":
            continue
        touching = sum(1 for n in grid.neighbours(h) if n in home)
        if touching:
            border_len[lab] = border_len.get(lab, 0) + touching
    frontier = {h for h in foreign_of if border_len and any(n in home for n in grid.neighbours(h))}
    near = set(frontier)
    for _ in range(spec.abroad_reach - 1):
        near |= {n for h in near for n in grid.neighbours(h) if n in foreign_of and terrain[n] == "foreign"}
    isos = [c.iso2 for c in sources.countries() if c.iso2 not in home_isos]
    best: dict[str, tuple] = {}
    for a in _towns(spec, board, isos):
        if a.population < spec.min_population or not shapely.contains_xy(board.outline, a.lon, a.lat):
            continue
        xy = bp.to_mm(a.lon, a.lat)
        state = _state_of(grid, grid.hex_at_mm(*xy), near, foreign_of)
        if state is None or state in best:
            continue
        placed, _ = citymod.place_spaced([(a.name, xy, near)], grid, near, spacing=spec.spacing,
                                         max_off=1.0, taken=list(taken) + [v[1] for v in best.values()])
        if placed:
            best[state] = (a, placed[a.name])
    order = sorted(best, key=lambda lab: (-border_len.get(lab, 0), lab))[:spec.abroad]
    out = []
    for lab in order:
        a, h = best[lab]
        out.append(WantedCity(sources.native_name(a.name), a.lon, a.lat, a.population, numbered=False,
                              abroad=True, tags=("abroad", "red-cross"), hex=hex_name(h), count=None,
                              region=lab))
    return out


def _state_of(grid, h, near, foreign_of):
    """The neighbouring state a town on hex ``h`` stands for: the state of ``h`` when it is a
    foreign hex near the border (``near``), else of the nearest such hex beside it, first by
    name (a town right at the border may fall on a home or water hex of the grid: Flensburg, 5
    km from Denmark at the end of its fjord); None when none is beside it."""
    if h in near:
        return foreign_of[h]
    beside = sorted((n for n in grid.neighbours(h) if n in near), key=lambda n: (foreign_of[n], n))
    return foreign_of[beside[0]] if beside else None


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


def _race_numbers(wanted: list[WantedCity], board: Board, spec) -> dict[str, tuple[int, ...]]:
    """City name -> race numbers: the numbered cities share the 36 in six compact groups."""
    from . import cities as citymod

    numbered = [w for w in wanted if w.numbered]
    numbers: dict[str, tuple[int, ...]] = {w.name: () for w in wanted}
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
    if spec.row_span:
        groups = citymod.uncram(pts, counts, groups, min_span=spec.row_span * board.grid.hex_mm)
    if spec.row_spread:
        groups = citymod.unspread(pts, counts, groups, max_ratio=spec.row_spread,
                                  min_span=spec.row_span * board.grid.hex_mm)
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
