"""The map editor's work on the server: a map as the editor holds it, and everything the page
shows beside the map while it is drawn.

The page holds a map as an *editor document*: the map format's own keys (``docs/map-format.md``),
except that ``terrain`` is a plain object ``{hex: terrain}`` of the hexes that are not plain
(the page paints hexes one by one, not an art block). :func:`format_document` turns it into a
map-format document with per-terrain lists, which the one map loader reads
(:func:`mapkit.io.yamlmap.parse_map`), so the editor can never make a map the loader would
read otherwise; saving writes :func:`~mapkit.io.yamlwrite.dump_map` of what was read, the
bytes ``mapkit format`` writes.

:func:`analyse` answers after every edit: the validation list (each problem with the hexes
it is at, for the page to go there), the distance table, the number of forbidden races and
the spread of the prizes, and the printed board (:mod:`mapkit.render`) to show.

>>> doc = blank_document(6, 1)
>>> doc["cities"] = [{"name": "Aš", "hex": "A1", "numbers": [11]}, {"name": "Cheb", "hex": "F1", "numbers": [12]}]
>>> a = analyse(doc, "build", board=False)
>>> a["table"]["matrix"], a["races"]["forbidden"], [i["code"] for i in a["issues"]][:1]
([[0, 5], [5, 0]], 1, ['W200'])
>>> doc["terrain"] = {"C1": "mountain"}
>>> analyse(doc, "build", board=False)["table"]["matrix"]     # 1 + 3 + 3 + 1 + 1 (docs/rules.md, The board)
[[0, 9], [9, 0]]
>>> canonical_text(doc) == canonical_text(document_of(read_document(canonical_text(doc))[0]))
True
"""

from __future__ import annotations

import io
import zipfile
from typing import Any, TypeGuard

from ..errors import InputError, InvalidError, MapkitError

__all__ = ["blank_document", "grid_of", "check_grid", "check_document", "check_map", "check_map_file",
           "valid_map", "document_of",
           "format_document", "read_document", "canonical_text", "analyse", "heat", "kit_zip", "kit_of_document",
           "MAX_GRID", "MAX_CITIES", "MAX_NAME", "MAX_ITEMS"]

EDGE_KINDS = ("rivers", "borders", "ridges")
# The limits of a map the server reads for a browser, checked before any work on it. The
# bundled maps have at most 51 x 44 hexes and 36 cities; the analysis grows with cities x
# hexes (every city's distances to every other), so a document within these limits is analysed
# in seconds, and one far beyond them (30,000 cities) is refused at once.
MAX_GRID = 200            # columns or rows of a map drawn in the browser
MAX_CITIES = 300
MAX_NAME = 200            # characters of a name (a city's, a river's, a region's, the map's)
MAX_TEXT = 4000           # characters of any other text (a description, the sources' credits)
MAX_ITEMS = 300_000       # values in a whole document (a 200 x 200 board painted hex by hex: 40,000)


def blank_document(columns: int = 20, rows: int = 15, orientation: str = "pointy", offset: str = "odd",
                   hex_mm: float = 14, name: str = "New map") -> dict:
    """An empty plain board."""
    check_grid(columns, rows, orientation, offset, hex_mm)
    return {"name": name, "grid": {"orientation": orientation, "offset": offset, "columns": int(columns),
                                   "rows": int(rows), "hex_mm": hex_mm},
            "terrain": {}, "rivers": [], "borders": [], "ridges": [], "cities": [], "regions": []}


def grid_of(spec):
    """The :class:`~mapkit.grid.Grid` of a document's ``grid`` (checked, one-line errors).

    >>> grid_of({"orientation": "flat", "offset": "even", "columns": 3, "rows": 2}).hex_mm
    14.0
    >>> grid_of({"orientation": "flat", "offset": "even", "columns": 0, "rows": 2})
    Traceback (most recent call last):
    ...
    mapkit.errors.InputError: columns: a whole number from 1 to 200
    """
    from ..grid import Grid

    if not isinstance(spec, dict):
        raise InputError("grid: an object of orientation, offset, columns, rows, hex_mm")
    hex_mm = spec.get("hex_mm", 14)
    check_grid(spec.get("columns"), spec.get("rows"), spec.get("orientation"), spec.get("offset"), hex_mm)
    return Grid(spec["orientation"], spec["offset"], spec["columns"], spec["rows"], hex_mm)


def check_grid(columns, rows, orientation, offset, hex_mm) -> None:
    """A one-line :class:`InputError` for a grid the editor does not draw."""
    for what, v in (("columns", columns), ("rows", rows)):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= MAX_GRID:
            raise InputError(f"{what}: a whole number from 1 to {MAX_GRID}")
    if orientation not in ("pointy", "flat"):
        raise InputError("orientation: pointy or flat")
    if offset not in ("odd", "even"):
        from ..grid import OFFSET_MEANING

        raise InputError(f"offset: odd or even ({OFFSET_MEANING})")
    if not isinstance(hex_mm, (int, float)) or not 5 <= hex_mm <= 60:
        raise InputError("hex_mm: from 5 to 60")


def check_document(doc) -> None:
    """A one-line :class:`InputError` for an editor document beyond the server's limits (see
    ``MAX_*``), found without reading the map: the grid's size, the number of cities and of all
    values, the length of every text.

    >>> check_document({"grid": {"orientation": "pointy", "offset": "odd", "columns": 9, "rows": 1},
    ...                 "cities": [{"name": "Aš", "hex": "A1"}] * 301})
    Traceback (most recent call last):
    ...
    mapkit.errors.InputError: cities: 301 cities; a map in the editor has at most 300
    """
    if not isinstance(doc, dict):
        raise InputError("a map document is a JSON object")
    grid = doc.get("grid")
    if isinstance(grid, dict):
        for what in ("columns", "rows"):
            v = grid.get(what)
            if isinstance(v, int) and not isinstance(v, bool) and v > MAX_GRID:
                raise InputError(f"grid: {v} {what}; a map in the editor has at most {MAX_GRID}")
    cities = doc.get("cities")
    if isinstance(cities, list) and len(cities) > MAX_CITIES:
        raise InputError(f"cities: {len(cities)} cities; a map in the editor has at most {MAX_CITIES}")
    _check_values(doc)


def _check_values(doc) -> None:
    """Every value of ``doc`` counted (at most ``MAX_ITEMS``) and every text measured (names at
    most ``MAX_NAME`` characters, other texts ``MAX_TEXT``; the terrain's art block, one line
    per row, longer)."""
    count = 0
    stack = [("", doc)]
    while stack:
        where, v = stack.pop()
        count += 1
        if count > MAX_ITEMS:
            raise InputError(f"the document holds more than {MAX_ITEMS} values; a map in the editor is far smaller")
        if isinstance(v, dict):
            stack.extend((f"{where}.{k}" if where else str(k), x) for k, x in v.items())
            stack.extend((where, k) for k in v)
        elif isinstance(v, list):
            stack.extend((f"{where}[{i}]", x) for i, x in enumerate(v))
        elif isinstance(v, str):
            limit = ((MAX_GRID + 1) * MAX_GRID if where.endswith("art") else
                     MAX_NAME if where.endswith("name") or where.endswith("]") else MAX_TEXT)
            if len(v) > limit:
                raise InputError(f"{where or 'a name'}: a text of {len(v)} characters; at most {limit}")


def _check_sides(columns: int, rows: int) -> None:
    if max(columns, rows) > MAX_GRID:
        raise InputError(f"grid: {columns} x {rows} hexes; a map on this server has at most "
                         f"{MAX_GRID} columns and rows")


def check_map_file(data) -> None:
    """The grid's limit of :func:`check_map` on a map file's data as read (YAML), before the
    map is built: building it grows with the board (a 1000 x 1000 board, the format's largest,
    takes seconds); what is no map at all is left to the map loader to name.

    >>> check_map_file({"grid": {"columns": 900, "rows": 900}})
    Traceback (most recent call last):
    ...
    mapkit.errors.InputError: grid: 900 x 900 hexes; a map on this server has at most 200 columns and rows
    >>> check_map_file({"grid": {"columns": "many", "rows": 900}}), check_map_file([])
    (None, None)
    """
    grid = data.get("grid") if isinstance(data, dict) else None
    if not isinstance(grid, dict):
        return
    columns, rows = grid.get("columns"), grid.get("rows")
    if _whole_number(columns) and _whole_number(rows):
        _check_sides(columns, rows)


def _whole_number(v: object) -> TypeGuard[int]:
    """Whether ``v`` as read from YAML is a number of hexes (an int, not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool)


def check_map(m) -> None:
    """The limits of :func:`check_document` on a map already read (an uploaded file)."""
    _check_sides(m.grid.columns, m.grid.rows)
    if len(m.cities) > MAX_CITIES:
        raise InputError(f"cities: {len(m.cities)} cities; a map on this server has at most {MAX_CITIES}")


def document_of(m) -> dict:
    """The editor document of map ``m``."""
    import yaml

    from ..grid import hex_name
    from ..io.yamlwrite import dump_map

    data = yaml.safe_load(dump_map(m))
    data.pop("version", None)
    data["terrain"] = {hex_name(h): t for h, t in sorted(m.terrain.items(), key=lambda x: (x[0].row, x[0].col))
                       if t != "plain"}
    for k in EDGE_KINDS + ("cities", "regions"):
        data.setdefault(k, [])
    return data


def format_document(doc: dict) -> dict:
    """The map-format document of an editor document (terrain as per-terrain lists)."""
    if not isinstance(doc, dict):
        raise InputError("a map document is a JSON object")
    out: dict[str, Any] = {"version": 1}
    for k, v in doc.items():
        if k == "version":
            continue
        if k == "terrain":
            if not isinstance(v, dict):
                raise InputError("terrain: an object of hex -> terrain")
            lists: dict = {}
            for h, t in v.items():
                if t != "plain":
                    lists.setdefault(str(t), []).append(h)
            out["terrain"] = {"default": "plain", **lists}
        elif v in ([], {}, None) and k in EDGE_KINDS + ("cities", "regions", "ferries", "rules"):
            continue
        else:
            out[k] = v
    return out


def _yaml_text(doc: dict) -> str:
    import yaml

    return yaml.safe_dump(format_document(doc), allow_unicode=True, sort_keys=False, width=100)


def read_document(doc_or_text, source: str = "<editor>"):
    """``(Map, reading problems)`` of an editor document (or of map text); the loader's
    :class:`InputError` when it is not a map at all."""
    if isinstance(doc_or_text, str):
        text = doc_or_text
    else:
        check_document(doc_or_text)
        text = _yaml_text(doc_or_text)
    from ..io.yamlmap import parse_map

    m, issues = parse_map(text, source)
    check_map(m)
    return m, issues


def canonical_text(doc: dict) -> str:
    """The canonical map text (``mapkit format``'s bytes) of an editor document."""
    from ..io.yamlwrite import dump_map

    m, _ = read_document(doc)
    return dump_map(m)


def _places(m, where) -> list:
    """The hexes a problem's ``where`` names (a hex, an edge, a city), for the page to show."""
    from ..grid import HexNameError, hex_name, parse_edge, parse_hex

    if not where:
        return []
    try:
        if "/" in where:
            return [hex_name(h) for h in parse_edge(where)]
        return [hex_name(parse_hex(where))]
    except (HexNameError, ValueError):
        c = m.city_named(where)
        return [hex_name(c.hex)] if c is not None else []


def analyse(doc: dict, metric: str = "build", board: bool = True) -> dict:
    """Everything the editor shows beside the map (see the module notes). A document the
    loader refuses gives ``{"fatal": message}`` and nothing else."""
    from ..analysis.distances import METRICS
    from ..validate import validate

    if metric not in METRICS:
        raise InputError(f"unknown metric {metric!r}; use one of {', '.join(METRICS)}")
    try:
        m, read_issues = read_document(doc)
    except MapkitError as exc:
        return {"fatal": str(exc)}
    issues = read_issues + validate(m)
    issues = [i for i in issues if i.is_error] + [i for i in issues if not i.is_error]
    out = {"fatal": None, "name": m.name,
           "issues": [{**i.as_json(), "severity": i.severity, "at": _places(m, i.where)} for i in issues],
           "errors": sum(i.is_error for i in issues), "cities": len(m.cities)}
    out.update(_tables(m, metric))
    if board:
        from .boards import printed_board

        out["svg"] = printed_board(m)
    return out


def _tables(m, metric: str) -> dict:
    from ..analysis.distances import city_table, stranded_cities
    from ..analysis.races import forbidden_pairs, min_distance_of, prizes, race_numbers
    from ..analysis.stats import race_stats

    try:
        steps = city_table(m, "steps")
        table = steps if metric == "steps" else city_table(m, metric)
        table = table.without(stranded_cities(steps))
        numbers = race_numbers(m)
        forbidden = forbidden_pairs(m, table=steps)
        allowed = [w for pair, (w, _) in prizes(m, steps).items() if w is not None and pair not in set(forbidden)]
        stats = race_stats(m, table=steps)
    except (MapkitError, KeyError, ValueError, IndexError) as exc:   # a map too broken to measure
        return {"table": None, "races": None, "note": f"no tables until the errors are fixed ({exc})"}
    n = len(numbers)
    return {"table": {"metric": metric, "cities": [c.name for c in table.cities], "matrix": table.matrix},
            "races": {"numbers": n, "pairs": n * (n - 1) // 2, "forbidden": len(forbidden),
                      "min_distance": min_distance_of(m),
                      "drawn_forbidden": stats["draws"]["p_forbidden"],
                      "prize_min": min(allowed, default=None), "prize_max": max(allowed, default=None),
                      "expected_winner_prize": stats["expected_winner_prize"]},
            "note": None}


def heat(doc: dict, metric: str = "build") -> dict:
    """The heat map: per hex the share of cheapest city-to-city paths through it (0..1 of
    the busiest) and its colour on the scale of ``mapkit report --html``."""
    from ..analysis.network import path_heat
    from ..grid import hex_name
    from ..render.heatmap import heat_colour

    m, _ = read_document(doc)
    hexes, _ = path_heat(m, metric)
    top = max(hexes.values(), default=0.0)
    return {"metric": metric, "hexes": {hex_name(h): [round(v / top, 4), heat_colour(v / top)]
                                        for h, v in hexes.items()} if top else {}}


def valid_map(doc: dict):
    """The map of ``doc`` when it has no errors; else :class:`InvalidError` with the first."""
    from ..validate import validate

    m, issues = read_document(doc)
    errors = [i for i in issues + validate(m) if i.is_error]
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise InvalidError(f"the map has errors: {errors[0]}{more}", errors)
    return m


def kit_of_document(doc: dict, work, rules=None, lang: str = "en") -> bytes:
    """The printable kit of the editor document ``doc`` as a zip (its first error refused), in
    the page's language ``lang``."""
    if rules is not None and not isinstance(rules, str):
        raise InputError("rules: the name of a rules preset")
    return kit_zip(valid_map(doc), work, rules, lang)


def kit_zip(m, work, rules: str | None = None, lang: str = "en") -> bytes:
    """The printable kit of ``m`` written into folder ``work``, as a zip: the kit ``mapkit
    sheets`` prints, by the family that prints preset ``rules`` (else the map's own preset's,
    else the default's; :func:`mapkit.engine.game.sheet_printer`)."""
    from ..engine.family import SheetRequest
    from ..engine.game import sheet_printer
    from ..i18n import use_language

    family, preset, _ = sheet_printer(rules, m.rules.preset)
    folder = work / "kit"
    with use_language(lang):
        # neighbouring states in the toner-light tint, as mapkit sheets prints them by default
        family.write_sheets(m, folder, SheetRequest(preset, light_foreign=True))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(folder.rglob("*")):
            if p.is_file():
                info = zipfile.ZipInfo(str(p.relative_to(folder)), date_time=(2000, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, p.read_bytes())
    return buf.getvalue()
