"""The YAML map file, format version 1: the one loader.

Reading goes file -> bounded YAML with the line of every value (:mod:`mapkit.io.yamldoc`) ->
the schema check (:mod:`mapkit.schemacheck`) -> :class:`~mapkit.model.Map`. Problems the model
cannot hold (a malformed hex name, an art block of the wrong size, an edge between hexes that
do not touch) are returned as issues with the YAML line. Every command, the engine and the
importers load a map through :func:`read_map`, :func:`check_map` or :func:`load_map`, which
also take the name of a bundled map (``czechia``) where a path is not a file. Writing a map
is :mod:`mapkit.io.yamlwrite`'s job.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
import sys
from importlib import resources

from ..diagnostics import Issue, issue
from ..errors import InputError, InvalidError
from ..fileio import read_text
from ..grid import OFFSET_MEANING, Grid, Hex, HexNameError, edge_name, hex_name, parse_edge, parse_hex
from ..model import ART_CHARS, TERRAINS, City, EdgeSet, Ferry, Map, Region, Rules
from ..validate import validate
from .yamldoc import Doc, load_yaml

__all__ = ["map_schema", "parse_map", "read_map", "check_map", "load_map", "TOP_LEVEL_KEYS",
           "FORMAT_VERSION", "META_KEYS", "EDGE_KINDS"]

FORMAT_VERSION = 1
TOP_LEVEL_KEYS = ("version", "name", "description", "author", "source", "license", "geo", "grid",
                  "terrain", "rivers", "borders", "ridges", "cities", "regions", "rules", "ferries")
META_KEYS = ("name", "description", "author", "source", "license", "geo")
EDGE_KINDS = ("rivers", "borders", "ridges")
# The schema check stops after this many problems (one is shown, with the count).
SCHEMA_ERRORS = 100


def _compose(text: str, source: str) -> tuple[dict, Doc]:
    data, doc = load_yaml(text, source)
    if data is None:
        raise InputError(f"{source}: empty file (a map needs at least a grid)")
    return data, doc


def map_schema(sections: bool = True) -> dict:
    """The map format's JSON Schema (``mapkit/schemas/map.schema.json``), with the game
    families' map sections (``GameFamily.map_schema``) added to ``rules`` (``sections``)."""
    schema = json.loads(resources.files("mapkit.schemas").joinpath("map.schema.json").read_text("utf-8"))
    if sections:
        from ..plugins import add_schema_parts

        add_schema_parts(schema["properties"]["rules"]["properties"], "map_schema", "a map's rules")
    return schema


@functools.lru_cache(maxsize=2)
def _schema_checker(sections: bool = False):
    """The map schema compiled, without the families' sections (enough for a map whose
    ``rules`` has no key but the core's: no game is looked for) or with them."""
    from ..schemacheck import compile_schema

    return compile_schema(map_schema(sections))


def _path_text(path) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "top level"


def _check_schema(data, doc: Doc):
    if not isinstance(data, dict):
        raise doc.fail(f"a map file is a mapping of keys (grid, terrain, cities, ...), not a {type(data).__name__}")
    for key in data:
        if key not in TOP_LEVEL_KEYS:
            near = difflib.get_close_matches(key, TOP_LEVEL_KEYS, n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]!r}?" if near else f"; known keys: {', '.join(TOP_LEVEL_KEYS)}"
            raise doc.fail(f"unknown top-level key {key!r}{hint}", (key,))
    rules = data.get("rules")
    core = _schema_checker().root["properties"]["rules"]["properties"]
    sections = isinstance(rules, dict) and any(k not in core for k in rules)
    found = list(_schema_checker(sections).iter_errors(data, limit=SCHEMA_ERRORS))
    errors = sorted(found, key=lambda e: (doc.line(e.path) or 0, list(map(str, e.path))))
    if errors:
        err = errors[0]
        path = err.path
        msg = err.message
        if err.keyword == "additionalProperties":
            extra = [k for k in (err.instance or {}) if k not in err.schema.get("properties", {})]
            near = difflib.get_close_matches(extra[0], list(err.schema.get("properties", {})), n=1) if extra else []
            msg = f"unknown key {extra[0]!r}" + (f"; did you mean {near[0]!r}?" if near else "") if extra else msg
            if extra:
                path = path + (extra[0],)
        if len(msg) > 200:
            msg = msg[:197] + "..."
        if tuple(err.path) == ("grid", "offset"):
            msg += f" ({OFFSET_MEANING})"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        if len(errors) >= SCHEMA_ERRORS:
            more = f" (and {SCHEMA_ERRORS - 1} more at least)"
        raise doc.fail(f"{_path_text(err.path)}: {msg}{more}", path)


def _hex(doc: Doc, name: str, path, grid: Grid, issues: list, what: str) -> Hex | None:
    """Parse a hex name; record E100 (malformed) or E101 (off board) with the line."""
    line = doc.line(path)
    try:
        h = parse_hex(name)
    except HexNameError as exc:
        issues.append(issue("E100", f"{what}: {exc} (line {line})", f"line {line}"))
        return None
    if h not in grid:
        issues.append(issue("E101", f"{what}: hex {hex_name(h)} is outside the board "
                                    f"({grid.columns} x {grid.rows}) (line {line})", hex_name(h)))
        return None
    return h


def _terrain(data: dict, doc: Doc, grid: Grid, issues: list) -> dict[Hex, str]:
    spec = data.get("terrain") or {}
    default = spec.get("default", "plain")
    terrain = {h: default for h in grid.hexes()}
    art = spec.get("art")
    if art is not None:
        base = doc.line(("terrain", "art")) or 0
        # A literal block (|) starts on the line after the key.
        raw_lines = art.split("\n")
        rows = [(i, ln) for i, ln in enumerate(raw_lines) if ln.strip()]
        first = base + 1 if rows and "\n" in art else base
        if len(rows) != grid.rows:
            issues.append(issue("E110", f"terrain art has {len(rows)} rows, the grid has {grid.rows} "
                                        f"(line {base})", f"line {base}"))
        for r, (i, ln) in enumerate(rows[: grid.rows]):
            chars = [ch for ch in ln if not ch.isspace()]
            lineno = first + i
            if len(chars) != grid.columns:
                issues.append(issue("E110", f"terrain art row {r + 1} has {len(chars)} hexes, the grid "
                                            f"has {grid.columns} columns (line {lineno})", f"line {lineno}"))
            for c, ch in enumerate(chars[: grid.columns]):
                t = ART_CHARS.get(ch)
                if t is None:
                    issues.append(issue("E111", f"unknown terrain character {ch!r} at {hex_name((c, r))} "
                                                f"(known: . ^ ~ # x) (line {lineno})", hex_name((c, r))))
                else:
                    terrain[Hex(c, r)] = t
    listed: dict[Hex, str] = {}
    for t in TERRAINS:
        for i, name in enumerate(spec.get(t) or []):
            h = _hex(doc, name, ("terrain", t, i), grid, issues, f"terrain {t}")
            if h is None:
                continue
            if h in listed and listed[h] != t:
                issues.append(issue("E112", f"{hex_name(h)} is listed as {listed[h]} and as {t} "
                                            f"(line {doc.line(('terrain', t, i))})", hex_name(h)))
                continue
            listed[h] = t
            terrain[h] = t
    return terrain


def _edge_sets(data: dict, kind: str, doc: Doc, grid: Grid, issues: list) -> list[EdgeSet]:
    out = []
    for i, es in enumerate(data.get(kind) or []):
        edges = set()
        for j, name in enumerate(es.get("edges") or []):
            path = (kind, i, "edges", j)
            line = doc.line(path)
            try:
                e = parse_edge(name)
            except HexNameError as exc:
                issues.append(issue("E100", f"{kind}: {exc} (line {line})", f"line {line}"))
                continue
            ename = edge_name(e)
            if e[0] not in grid or e[1] not in grid:
                issues.append(issue("E121", f"{kind}: edge {ename} is off the board (line {line})", ename))
                continue
            if not grid.adjacent(*e):
                issues.append(issue("E120", f"{kind}: {hex_name(e[0])} and {hex_name(e[1])} are not adjacent, "
                                            f"so {ename} is not an edge (line {line})", ename))
                continue
            if e in edges:
                issues.append(issue("W204", f"{kind}: edge {ename} listed twice (line {line})", ename))
            edges.add(e)
        out.append(EdgeSet(frozenset(edges), es.get("name")))
    return out


def _cities(data: dict, doc: Doc, grid: Grid, issues: list) -> list[City]:
    out = []
    for i, c in enumerate(data.get("cities") or []):
        path = ("cities", i, "hex")
        line = doc.line(path)
        try:
            h = parse_hex(c["hex"])
        except HexNameError as exc:
            issues.append(issue("E100", f"city {c['name']}: {exc} (line {line})", c["name"]))
            continue
        out.append(City(name=c["name"], hex=h, numbers=tuple(c.get("numbers") or ()),
                        tags=tuple(c.get("tags") or ()), colour=c.get("colour"), region=c.get("region"),
                        lon=c.get("lon"), lat=c.get("lat")))
    return out


def _regions(data: dict, doc: Doc, grid: Grid, issues: list) -> list[Region]:
    out = []
    for i, r in enumerate(data.get("regions") or []):
        hexes = []
        for j, name in enumerate(r.get("hexes") or []):
            path = ("regions", i, "hexes", j)
            line = doc.line(path)
            try:
                h = parse_hex(name)
            except HexNameError as exc:
                issues.append(issue("E100", f"region {r['name']}: {exc} (line {line})", f"line {line}"))
                continue
            if h not in grid:
                issues.append(issue("E151", f"region {r['name']}: hex {hex_name(h)} does not exist on the "
                                            f"board (line {line})", hex_name(h)))
                continue
            hexes.append(h)
        extra = {k: v for k, v in r.items() if k not in ("name", "hexes")}
        out.append(Region(r["name"], tuple(sorted(set(hexes))), tuple(extra.items())))
    return out


def _rules(data: dict) -> Rules:
    spec = dict(data.get("rules") or {})
    special = spec.pop("special_races", None)
    if special is not None:
        special = dict(special)
        special["table"] = {str(k).upper(): v for k, v in special["table"].items()}
    return Rules(border_crossing=bool(spec.pop("border_crossing", False)),
                 stop_at_border=bool(spec.pop("stop_at_border", False)),
                 start_cities=list(spec.pop("start_cities", []) or []),
                 min_race_distance=spec.pop("min_race_distance", None),
                 special_races=special, extra=spec)


def _ferries(data: dict, doc: Doc, grid: Grid, issues: list) -> list[Ferry]:
    out = []
    for i, f in enumerate(data.get("ferries") or []):
        h = _hex(doc, f["to"], ("ferries", i, "to"), grid, issues, f"ferry {f.get('name') or i + 1}")
        if h is None:
            continue
        out.append(Ferry(f.get("name"), f["from"], h, int(f.get("cost", 6)), tuple(f.get("fare", (1, 3, 1)))))
    return out


def parse_map(text: str, source: str = "<map>") -> tuple[Map, list[Issue]]:
    """Parse map text; return the map and the problems found while reading it.

    Raises :class:`~mapkit.errors.InputError` (one line, with file and line) when the text
    is not a map file at all: malformed YAML, wrong types, unknown keys.
    """
    m, issues, _, _ = _parse(text, source)
    return m, issues


def _parse(text: str, source: str) -> tuple[Map, list[Issue], dict, Doc]:
    """:func:`parse_map` with the document and where its values stand (to place later issues)."""
    data, doc = _compose(text, source)
    _check_schema(data, doc)
    issues: list[Issue] = []
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise doc.fail(f"format version {version} is not supported (this mapkit reads version {FORMAT_VERSION})",
                       ("version",))
    g = data["grid"]
    grid = Grid(g["orientation"], g["offset"], g["columns"], g["rows"], g.get("hex_mm", 14))
    m = Map(
        grid=grid,
        terrain=_terrain(data, doc, grid, issues),
        rivers=_edge_sets(data, "rivers", doc, grid, issues),
        borders=_edge_sets(data, "borders", doc, grid, issues),
        ridges=_edge_sets(data, "ridges", doc, grid, issues),
        cities=_cities(data, doc, grid, issues),
        regions=_regions(data, doc, grid, issues),
        rules=_rules(data),
        ferries=_ferries(data, doc, grid, issues),
        meta={k: data[k] for k in META_KEYS if k in data},
    )
    return m, issues, data, doc


# Where in the file an issue found by validation stands: the issue's ``where`` (a city, a hex,
# an edge, a name) is looked up among the values under the section of its code (the first
# that matches of the code's prefixes); for a city the line is that of the key named here
# (its hex, its numbers), else of the value found. The last match counts (a name used twice:
# the second). A code not listed points nowhere in the file (W200: numbers missing).
_SECTIONS = {"E13": ("cities",), "E14": ("cities",), "W203": ("cities",), "E155": ("cities",),
             "E150": ("rules",), "E152": ("rules",), "E100": ("rules",), "E16": ("rules",),
             "E153": ("ferries",), "E154": ("regions",), "E151": ("regions",),
             "W20": ("rivers", "borders", "ridges"), "W21": ("cities",)}
_CITY_KEYS = {"E130": "hex", "E131": "hex", "E132": "hex", "E140": "numbers", "E141": "numbers",
              "E155": "region", "W210": "hex", "W211": "numbers", "W212": "numbers", "W213": "hex"}


def _leaves(value, path: tuple):
    """Every scalar of a YAML value with its path."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,))
    else:
        yield path, value


def _keys(value) -> tuple:
    """What a scalar of the file answers to as an issue's place: its text, and an edge's
    canonical name when it is one (``B2/B1`` is the edge ``B1/B2``)."""
    text = str(value).strip()
    try:
        return (text, edge_name(parse_edge(text))) if "/" in text else (text,)
    except (HexNameError, ValueError):
        return (text,)


class _Places:
    """The paths of a map file's scalars by what they answer to, made once per section, so
    that placing every issue reads the file once (a map of 10,000 cities gave 10,000 warnings,
    each of which walked the whole section: minutes)."""

    def __init__(self, data: dict):
        self.data = data
        self.by_section: dict[str, dict] = {}

    def last(self, section: str, where: str):
        index = self.by_section.get(section)
        if index is None:
            index = self.by_section[section] = {}
            for path, value in _leaves(self.data.get(section), (section,)):
                for key in _keys(value):
                    index[key] = path          # the last match, as the file is read
        return index.get(where)


def issue_line(i: Issue, data: dict, doc: Doc, places: _Places | None = None) -> int | None:
    """The line of the map file that issue ``i`` (found by validation) points at, or None."""
    sections = next((v for k, v in _SECTIONS.items() if i.code.startswith(k)), ())
    if i.where is None or i.where.startswith("line "):
        return None
    places = places or _Places(data)
    found = None
    for section in sections:
        found = places.last(section, i.where) or found
    if found is None:
        return None
    key = _CITY_KEYS.get(i.code)
    if key and found[0] == "cities" and len(found) >= 3:
        found = found[:2] + (key,)
    return doc.line(found)


def _placed(issues: list[Issue], data: dict, doc: Doc) -> list[Issue]:
    """The issues with the line they point at added to their message (when it has none)."""
    out = []
    places = _Places(data)
    for i in issues:
        line = None if "(line " in i.message else issue_line(i, data, doc, places)
        out.append(i if line is None else dataclasses.replace(i, message=f"{i.message} (line {line})"))
    return out


def read_map(path) -> tuple[Map, list[Issue]]:
    """Read a map file (or a bundled map by name): the map and the problems found while reading
    it (not yet validated). Reading errors raise :class:`~mapkit.errors.InputError`."""
    from ..bundled import locate

    found = locate(path)
    return parse_map(read_text(found), str(path))


def _errors_first(issues: list[Issue]) -> list[Issue]:
    return [i for i in issues if i.is_error] + [i for i in issues if not i.is_error]


def check_map(path, border_crossing: bool | None = None) -> tuple[Map, list[Issue]]:
    """Read and validate a map file: the map and every problem, errors first.

    With ``border_crossing`` the map is validated, and returned, under that setting instead of
    its ``rules.border_crossing``.
    """
    from ..bundled import locate

    m, issues, data, doc = _parse(read_text(locate(path)), str(path))
    if border_crossing is not None and border_crossing != m.rules.border_crossing:
        m = m.replace(rules=dataclasses.replace(m.rules, border_crossing=border_crossing))
    return m, _errors_first(issues + _placed(validate(m), data, doc))


def load_map(path, *, check: bool = True, border_crossing: bool | None = None,
             allow: dict | None = None) -> Map:
    """Read and validate a map file; raise :class:`InvalidError` when it has errors.

    ``allow``: error code -> what it means for the caller; those errors do not stop the load
    and are printed as notes on standard error (the analysis commands allow E135, a city that
    cannot be reached: "its distances are unreachable"). ``check=False`` skips validation and
    the problems found while reading.
    """
    if not check:
        return read_map(path)[0]
    allow = allow or {}
    m, issues = check_map(path, border_crossing)
    errors = [i for i in issues if i.is_error and i.code not in allow]
    if errors:
        more = f" (and {len(errors) - 1} more; run mapkit validate)" if len(errors) > 1 else ""
        raise InvalidError(f"{path}: invalid map: {errors[0]}{more}", issues)
    for i in issues:
        if i.is_error:
            print(f"{path}: note: {i.message}; {allow[i.code]}", file=sys.stderr)
    return m


def __getattr__(name: str):
    """The writer's names, moved to :mod:`.yamlwrite`, still found here by scripts that import
    them from this module (``from mapkit.io.yamlmap import load_map, save_map``)."""
    if name in ("dump_map", "save_map", "with_rules"):
        from . import yamlwrite

        return getattr(yamlwrite, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
