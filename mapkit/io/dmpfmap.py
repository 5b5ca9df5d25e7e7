"""DampfrossDigital maps (``.dmpfmap``): import into a mapkit map.

A ``.dmpfmap`` is a ZIP archive written by DampfrossDigital, an open-source Python Dampfross
game: ``meta.json`` (``rows``, ``cols``, ``region_name``, projection), ``cities.json``,
``ferries.json``, NumPy arrays ``arrays/*.npy`` (``rows x cols``) and one ``rivers/N.npy`` per
river (waypoints in "unit space" along hex edges, NaN rows between pieces).

Its grid is pointy-top hexes in rows with the odd rows pushed right, row 0 at the north: that
is mapkit's ``pointy``/``odd`` layout, and DampfrossDigital's ``(row, col)`` is
``Hex(col, row)``. In unit space (hex size 1, centre to corner) hex ``(row, col)`` has its
centre at ``x = (col + 0.5 * (row % 2)) * sqrt(3)``, ``y = 1.5 * row``, so a point ``(x, y)``
is at ``(hex_mm / 2 + x * s, s + y * s)`` board millimetres, with ``s = hex_mm / sqrt(3)``.

How the content maps:

- terrain: ``cells`` (land of the region) is ``plain``, or ``mountain`` where
  ``is_mountainous``; ``other_land`` outside ``cells`` is ``foreign``; every other hex is
  ``water`` (the sea and lakes around the region). ``terrain_overrides`` (forest, desert,
  swamp) have no mapkit terrain and are reported.
- cities keep their name and number (``number`` may be one number or a list); a number that
  is not a whole number is reported and dropped; numbers that are not race codes are kept, and
  validation reports them (E140). Cities with the same name (DampfrossDigital's editor names
  new cities "New City") get " 2", " 3" ... appended, with a note.
- rivers are snapped onto hex edges (:mod:`mapkit.snap`; their waypoints are hex corners
  and side midpoints, so the edges are exactly the sides they run along, spurs included),
  named from ``river_names.json``.
- one border edge set: every edge between a home hex (plain/mountain) and a foreign hex.
- ferries whose first or last waypoint is a city become ferries from that city to the hex at
  the other end (cost 6, fare 1+3+1: the rules' defaults).
- ``geo``: the projection (a ``laea`` block as ``mapkit design`` writes it, with the source's
  ellipsoidal projection string alongside).

Bad input (not a ZIP, a missing member, arrays of the wrong shape, members whose uncompressed
size passes the limits) raises a one-line :class:`~mapkit.errors.InputError`.

>>> import io, json, zipfile, numpy as np
>>> def npy(a):
...     b = io.BytesIO(); np.save(b, a); return b.getvalue()
>>> cells = np.array([[True, True, False], [True, False, False]])
>>> other = np.array([[False, False, True], [False, True, False]])
>>> buf = io.BytesIO()
>>> with zipfile.ZipFile(buf, "w") as z:
...     z.writestr("meta.json", json.dumps({"rows": 2, "cols": 3, "region_name": "Mini"}))
...     z.writestr("cities.json", json.dumps([{"row": 0, "col": 0, "name": "Plzeň", "number": 11}]))
...     for name, a in (("cells", cells), ("other_land", other), ("is_mountainous", cells & False)):
...         z.writestr(f"arrays/{name}.npy", npy(a))
>>> m, notes = parse_dmpfmap(buf.getvalue(), "mini.dmpfmap")
>>> "".join(m.terrain_at((c, r))[0] for r in range(2) for c in range(3))
'ppfpfw'
>>> m.cities[0].name, str(m.cities[0].hex), m.cities[0].numbers
('Plzeň', 'A1', (11,))
>>> from mapkit.grid import edge_name
>>> sorted(edge_name(e) for e in m.borders[0].edges)
['A2/B2', 'B1/B2', 'B1/C1']
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from pathlib import Path

from ..errors import InputError
from ..fileio import parse_json, read_bytes
from ..grid import Grid, Hex, edge, hex_name
from ..model import City, EdgeSet, Ferry, Map
from ..snap import LineGuard, snap_polyline_to_edges

__all__ = ["import_map", "read_dmpfmap", "parse_dmpfmap", "unit_to_mm", "MAX_MEMBER_BYTES", "MAX_TOTAL_BYTES"]

# Limits on what is unpacked: the real maps' members are at most a few megabytes (the region
# outline, which is not read); anything far larger is a zip bomb or not a map.
MAX_MEMBER_BYTES = 32 * 1024 * 1024
MAX_TOTAL_BYTES = 128 * 1024 * 1024
MAX_MEMBERS = 10_000
MAX_SIDE = 2000
SQRT3 = math.sqrt(3.0)
EARTH_RADIUS_KM = 6371.0088


def unit_to_mm(grid: Grid, x: float, y: float) -> tuple[float, float]:
    """A point in DampfrossDigital's unit space -> board millimetres of a pointy/odd grid.

    >>> g = Grid("pointy", "odd", 4, 4, hex_mm=14)
    >>> [round(v, 9) for v in unit_to_mm(g, 1.5 * SQRT3, 1.5)] == [round(v, 9) for v in g.centre_mm((1, 1))]
    True
    """
    s = grid.size_mm
    return grid.hex_mm / 2 + x * s, s + y * s


class _Archive:
    """Members of the ZIP, read with size limits and one-line errors."""

    def __init__(self, data: bytes, source: str):
        self.source = source
        self.total = 0
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
            raise InputError(f"{source}: not a ZIP archive (a .dmpfmap file is one)") from None
        except NotImplementedError as exc:     # e.g. a "version needed to extract" zipfile does not know
            raise InputError(f"{source}: a ZIP archive of a kind this reader does not support ({exc})") from None
        if len(infos) > MAX_MEMBERS:
            raise InputError(f"{source}: {len(infos)} members in the archive is too many (limit {MAX_MEMBERS})")
        self.names = {i.filename for i in infos}

    def has(self, name: str) -> bool:
        return name in self.names

    def read(self, name: str) -> bytes:
        if name not in self.names:
            raise InputError(f"{self.source}: member {name} is missing (not a DampfrossDigital map?)")
        info = self.zip.getinfo(name)
        if info.file_size > MAX_MEMBER_BYTES or self.total + info.file_size > MAX_TOTAL_BYTES:
            raise InputError(f"{self.source}: member {name} unpacks to {info.file_size} bytes, more than the "
                             f"limit of {MAX_MEMBER_BYTES} (zip bomb?)")
        try:
            with self.zip.open(info) as fh:
                raw = fh.read(MAX_MEMBER_BYTES + 1)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, RuntimeError, NotImplementedError) as exc:
            raise InputError(f"{self.source}: member {name} cannot be unpacked ({exc})") from None
        except Exception as exc:  # zlib.error, lzma/bz2 errors: corrupt data
            raise InputError(f"{self.source}: member {name} is corrupt ({type(exc).__name__})") from None
        if len(raw) > MAX_MEMBER_BYTES:
            raise InputError(f"{self.source}: member {name} unpacks to more than {MAX_MEMBER_BYTES} bytes (zip bomb?)")
        self.total += len(raw)
        if self.total > MAX_TOTAL_BYTES:
            raise InputError(f"{self.source}: the archive unpacks to more than {MAX_TOTAL_BYTES} bytes (zip bomb?)")
        return raw

    def json(self, name: str):
        """A JSON member, bounded (depth, digits, lone surrogates: see :func:`mapkit.fileio.parse_json`)."""
        raw = self.read(name)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError(f"{self.source}: member {name} is not UTF-8 text") from None
        return parse_json(text, f"{self.source}: member {name}")

    def array(self, name: str):
        import numpy as np

        raw = self.read(name)
        try:
            return np.load(io.BytesIO(raw), allow_pickle=False)
        except Exception as exc:  # ValueError (pickled objects, bad header), OSError, EOFError ...
            msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(f"{self.source}: member {name} is not a NumPy array file ({msg})") from None


def _grid_mask(arc: _Archive, name: str, rows: int, cols: int):
    import numpy as np

    a = arc.array(name)
    if a.shape != (rows, cols):
        raise InputError(f"{arc.source}: member {name} has shape {a.shape}, expected ({rows}, {cols}) "
                         f"(rows x cols from meta.json)")
    if a.dtype == bool:
        return a
    if a.dtype.kind in "iuf" and np.all(np.isin(a, (0, 1))):
        return a.astype(bool)
    raise InputError(f"{arc.source}: member {name} is not a true/false array (dtype {a.dtype})")


def _int(value, source: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
            isinstance(value, float) and not value.is_integer()):
        raise InputError(f"{source}: {what} is {value!r}, not a whole number")
    n = int(value)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise InputError(f"{source}: {what} is {n}, outside {lo}..{hi}")
    return n


def _geo(meta: dict, hex_mm: float) -> dict | None:
    """A ``geo:`` block: the board's projection in the form ``mapkit design`` writes."""
    proj = meta.get("laea_proj")
    size = meta.get("hex_size_m")
    out: dict = {}
    if isinstance(proj, str):
        lat = re.search(r"\+lat_0=(-?[\d.]+)", proj)
        lon = re.search(r"\+lon_0=(-?[\d.]+)", proj)
        if lat and lon and isinstance(size, (int, float)) and size > 0 \
                and isinstance(meta.get("x_origin"), (int, float)) and isinstance(meta.get("y_origin"), (int, float)):
            s_km = size / 1000.0
            hex_km = SQRT3 * s_km
            # Hex (0, 0) is centred at (x_origin, y_origin) m; the board's top-left corner lies
            # half a hex left of it and one hex size (centre to corner) above it.
            out.update({"projection": "laea", "lon_0": float(lon.group(1)), "lat_0": float(lat.group(1)),
                        "radius_km": EARTH_RADIUS_KM, "hex_km": round(hex_km, 6), "hex_mm": hex_mm,
                        "origin_km": [round(meta["x_origin"] / 1000.0 - hex_km / 2, 6),
                                      round(meta["y_origin"] / 1000.0 + s_km, 6)]})
        out["source_projection"] = proj
    bbox = meta.get("bbox_wgs84")
    if isinstance(bbox, list) and len(bbox) == 4 and all(isinstance(v, (int, float)) for v in bbox):
        out["bbox"] = {"south": bbox[0], "west": bbox[1], "north": bbox[2], "east": bbox[3]}
    return out or None


def parse_dmpfmap(data: bytes, source: str = "<dmpfmap>", *, hex_mm: float | None = None,
                  name: str | None = None) -> tuple[Map, list[str]]:
    """A map (and notes for the user) from the bytes of a ``.dmpfmap`` archive."""
    arc = _Archive(data, source)
    notes: list[str] = []
    meta = arc.json("meta.json")
    if not isinstance(meta, dict):
        raise InputError(f"{source}: meta.json is not an object")
    rows = _int(meta.get("rows"), source, "meta.json rows", 1, MAX_SIDE)
    cols = _int(meta.get("cols"), source, "meta.json cols", 1, MAX_SIDE)
    hex_mm = 14.0 if hex_mm is None else float(hex_mm)
    if not 0 < hex_mm <= 1000:
        raise InputError(f"{source}: hex size {hex_mm:g} mm is not between 0 and 1000")
    grid = Grid("pointy", "odd", cols, rows, hex_mm)

    terrain = _terrain(arc, source, rows, cols, notes)
    _note_overrides(arc, source, notes)
    cities = _cities(arc, source, rows, cols, notes)
    rivers = _rivers(arc, source, grid, meta, notes)
    border = _border_edges(grid, terrain)
    region_name = str(meta.get("region_name") or Path(source).stem)
    borders = [EdgeSet(frozenset(border), f"{region_name} border")] if border else []
    ferries = _ferries(arc, source, rows, cols, cities, notes)

    file_meta: dict = {"name": name or region_name,
                       "description": f"Imported from the DampfrossDigital map {Path(source).name}.",
                       "source": f"DampfrossDigital ({Path(source).name})"}
    geo = _geo(meta, hex_mm)
    if geo:
        file_meta["geo"] = geo
    m = Map(grid=grid, terrain=terrain, rivers=rivers, borders=borders, cities=cities, ferries=ferries,
            meta=file_meta)
    counts: dict[str, int] = {}
    for t in terrain.values():
        counts[t] = counts.get(t, 0) + 1
    notes.insert(0, f"{source}: {cols} x {rows} hexes; "
                    + ", ".join(f"{t} {counts[t]}" for t in ("plain", "mountain", "foreign", "water") if t in counts)
                    + f"; {len(cities)} cities, {len(rivers)} rivers ({sum(len(r.edges) for r in rivers)} edges), "
                    f"{len(border)} border edges, {len(ferries)} ferries")
    _check_map_file(m, source)
    return m, notes


def _terrain(arc: _Archive, source: str, rows: int, cols: int, notes: list[str]) -> dict[Hex, str]:
    """Every hex's terrain from the archive's masks: home land, mountains, other land, water."""
    import numpy as np

    cells = _grid_mask(arc, "arrays/cells.npy", rows, cols)
    other = _grid_mask(arc, "arrays/other_land.npy", rows, cols)
    mountain = _grid_mask(arc, "arrays/is_mountainous.npy", rows, cols)
    terrain: dict[Hex, str] = {}
    for r in range(rows):
        for c in range(cols):
            if cells[r, c]:
                t = "mountain" if mountain[r, c] else "plain"
            elif other[r, c]:
                t = "foreign"
            else:
                t = "water"
            terrain[Hex(c, r)] = t
    both = int(np.count_nonzero(cells & other))
    if both:
        notes.append(f"{source}: {both} hexes are marked both home land and other land; they are home land")
    return terrain


def _note_overrides(arc: _Archive, source: str, notes: list[str]) -> None:
    """Terrain overrides (forest, desert, swamp) have no mapkit terrain: count them in a note."""
    if arc.has("terrain_overrides.json"):
        ov = arc.json("terrain_overrides.json")
        if isinstance(ov, dict) and ov:
            kinds: dict[str, int] = {}
            for v in ov.values():
                kinds[str(v)] = kinds.get(str(v), 0) + 1
            notes.append(f"{source}: terrain overrides have no mapkit terrain and were left as they are: "
                         + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))


def _cities(arc: _Archive, source: str, rows: int, cols: int, notes: list[str]) -> list[City]:
    """The cities of ``cities.json``; a name used before gets " 2", " 3" ... appended."""
    raw_cities = arc.json("cities.json")
    if not isinstance(raw_cities, list):
        raise InputError(f"{source}: cities.json is not a list")
    cities: list[City] = []
    seen: dict[str, int] = {}
    renamed = []
    for i, c in enumerate(raw_cities):
        where = f"cities.json city {i + 1}"
        if not isinstance(c, dict):
            raise InputError(f"{source}: {where} is not an object")
        r = _int(c.get("row"), source, f"{where} row", 0, rows - 1)
        col = _int(c.get("col"), source, f"{where} col", 0, cols - 1)
        h = Hex(col, r)
        cname = str(c.get("name") or "").strip() or hex_name(h)
        numbers = _city_numbers(c.get("number"), source, cname, notes)
        seen[cname] = seen.get(cname, 0) + 1
        if seen[cname] > 1:
            new = f"{cname} {seen[cname]}"
            while new in seen:
                new += "'"
            seen[new] = 1
            renamed.append(f"{new} ({hex_name(h)})")
            cname = new
        cities.append(City(cname, h, tuple(numbers)))
    if renamed:
        notes.append(f"{source}: cities with a name used before were renamed: {', '.join(renamed)}")
    return cities


def _city_numbers(num, source: str, cname: str, notes: list[str]) -> list[int]:
    """A city's ``number`` (one or a list) as whole numbers; any other value is noted and dropped."""
    values = num if isinstance(num, list) else ([] if num is None else [num])
    numbers = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and not v.is_integer()):
            notes.append(f"{source}: city {cname}: number {v!r} is not a whole number; dropped")
        else:
            numbers.append(int(v))
    return numbers


def _rivers(arc: _Archive, source: str, grid: Grid, meta: dict, notes: list[str]) -> list[EdgeSet]:
    """The rivers of ``rivers/N.npy`` in numeric order, snapped onto hex edges and named from
    ``river_names.json``."""
    import numpy as np

    names = arc.json("river_names.json") if arc.has("river_names.json") else []
    if not isinstance(names, list):
        names = []
    river_files = sorted((int(m.group(1)), n) for n in arc.names
                         if (m := re.fullmatch(r"rivers/(\d{1,9})\.npy", n)))
    rivers: list[EdgeSet] = []
    guard = LineGuard(grid)
    for idx, member in river_files:
        a = arc.array(member)
        if a.ndim != 2 or a.shape[1] != 2 or a.dtype.kind not in "iuf":
            raise InputError(f"{source}: member {member} has shape {a.shape} ({a.dtype}), expected (M, 2) numbers")
        a = a.astype(float)
        edges: set = set()
        # NaN rows part a river's pieces (the format's own gaps); each run goes through the guard.
        edge_of_gap = np.diff(np.concatenate(([1], np.isnan(a).any(axis=1).astype(np.int8), [1])))
        for i, j in zip(np.flatnonzero(edge_of_gap == -1).tolist(), np.flatnonzero(edge_of_gap == 1).tolist(),
                        strict=True):
            try:
                pieces = guard.pieces([unit_to_mm(grid, x, y) for x, y in a[i:j].tolist()], f"member {member}")
            except ValueError as exc:
                raise InputError(f"{source}: {exc}") from None
            for piece in pieces:
                edges.update(snap_polyline_to_edges(grid, piece, spurs=True))
        rname = names[idx] if idx < len(names) and isinstance(names[idx], str) and names[idx] else None
        if edges:
            rivers.append(EdgeSet(frozenset(edges), rname))
        else:
            notes.append(f"{source}: river {rname or idx} lies outside the board or is shorter than a hex side")
    count = meta.get("river_count")
    if isinstance(count, int) and count != len(river_files):
        notes.append(f"{source}: meta.json says {count} rivers, the archive has {len(river_files)}")
    return rivers


def _border_edges(grid: Grid, terrain: dict[Hex, str]) -> set:
    """The border: every edge between home land and foreign land."""
    border = set()
    for h, t in terrain.items():
        if t in ("plain", "mountain"):
            for n in grid.neighbours(h):
                if terrain[n] == "foreign":
                    border.add(edge(h, n))
    return border


def _ferries(arc: _Archive, source: str, rows: int, cols: int, cities: list[City], notes: list[str]) -> list[Ferry]:
    """The ferries of ``ferries.json``: from a city at one end to the hex at the other."""
    ferries: list[Ferry] = []
    by_hex = {c.hex: c for c in cities}
    if not arc.has("ferries.json"):
        return ferries
    raw_ferries = arc.json("ferries.json")
    if not isinstance(raw_ferries, list):
        raise InputError(f"{source}: ferries.json is not a list")
    for i, f in enumerate(raw_ferries):
        where = f"ferries.json ferry {i + 1}"
        wps = f.get("waypoints") if isinstance(f, dict) else None
        if not isinstance(wps, list) or len(wps) < 2 or not all(isinstance(w, list) and len(w) == 2 for w in wps):
            raise InputError(f"{source}: {where} has no list of [row, col] waypoints")
        ends = [Hex(_int(w[1], source, f"{where} col", 0, cols - 1),
                    _int(w[0], source, f"{where} row", 0, rows - 1))
                for w in (wps[0], wps[-1])]
        if ends[0] in by_hex:
            start, to = by_hex[ends[0]], ends[1]
        elif ends[1] in by_hex:
            start, to = by_hex[ends[1]], ends[0]
        else:
            notes.append(f"{source}: {where} from {hex_name(ends[0])} to {hex_name(ends[1])} starts at no city; "
                         f"left out")
            continue
        target = by_hex.get(to)
        fname = f"{start.name}-{target.name if target else hex_name(to)}"
        ferries.append(Ferry(fname, start.name, to, 6, (1, 3, 1)))
    return ferries


def _check_map_file(m: Map, source: str) -> None:
    from .yamlmap import parse_map
    from .yamlwrite import dump_map

    try:
        parse_map(dump_map(m), source)
    except InputError as exc:
        raise InputError(f"{source}: the imported map would not be a valid map file: {exc}") from None


def read_dmpfmap(path, *, hex_mm: float | None = None, name: str | None = None) -> tuple[Map, list[str]]:
    """Read a ``.dmpfmap`` file."""
    return parse_dmpfmap(read_bytes(path), str(path), hex_mm=hex_mm, name=name)


def import_map(path, args) -> tuple[Map, list[str]]:
    """The ``mapkit import`` entry point: ``--hex-mm``, ``--name``."""
    return read_dmpfmap(path, hex_mm=getattr(args, "hex_mm", None), name=getattr(args, "name", None))
