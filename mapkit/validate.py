"""Checks of a map's meaning: cities, race numbers, edges, references, reachability.

:func:`validate` returns :class:`~mapkit.diagnostics.Issue` objects (errors and warnings),
each naming its place; it never raises on a map that the reader could build.
Reading problems (malformed names, art size) come from :func:`mapkit.io.yamlmap.read_map`;
:func:`mapkit.io.yamlmap.check_map` returns both.

>>> from mapkit.grid import Grid, parse_hex
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 3, 3), terrain={parse_hex("B2"): "water"},
...         cities=[City("Lake", parse_hex("B2"), (11,))])
>>> [i.code for i in validate(m) if i.is_error]
['E130']
"""

from __future__ import annotations

import unicodedata

from collections import Counter, deque

from .diagnostics import Issue, issue
from .grid import Hex, edge_name, hex_name
from .model import ALL_RACE_NUMBERS, Map, is_race_number

__all__ = ["validate", "passable_graph_components"]


def validate(m: Map, rules: str | None = None) -> list[Issue]:
    """Every problem of the map's content, errors first then warnings, in a stable order.

    The warnings include the board's design (:mod:`mapkit.boardcheck`: W210-W213); with
    ``rules`` (a rule preset's name, ``mapkit validate --rules``), also how the board suits
    that rule set (W214-W216; ValueError for an unknown preset).
    """
    from .boardcheck import layout_issues, rule_issues

    found: list[Issue] = []
    found += _check_cities(m)
    found += _check_numbers(m)
    found += _check_edges(m)
    found += _check_references(m)
    found += _check_reachability(m)
    found += _check_sections(m)
    found += layout_issues(m)
    if rules is not None:
        found += rule_issues(m, rules)
    errors = [i for i in found if i.is_error]
    warnings = [i for i in found if not i.is_error]
    return errors + warnings


def _check_cities(m: Map) -> list[Issue]:
    out = []
    by_hex: dict[Hex, str] = {}
    # composed and decomposed accents (Třebíč typed two ways) print alike: one name
    names = Counter(unicodedata.normalize("NFC", c.name) for c in m.cities)
    for name, n in sorted(names.items()):
        if n > 1:
            out.append(issue("E134", f"the city name {name!r} is used {n} times", name))
    for c in m.cities:
        hname = hex_name(c.hex)
        if c.hex not in m.grid:
            out.append(issue("E131", f"city {c.name} stands on {hname}, outside the board "
                                     f"({m.grid.columns} x {m.grid.rows})", c.name))
            continue
        t = m.terrain_at(c.hex)
        if t in ("water", "off"):
            what = "water" if t == "water" else "an off-board hex"
            out.append(issue("E130", f"city {c.name} stands on {what} at {hname}", c.name))
        elif t == "foreign" and not m.rules.border_crossing:
            out.append(issue("E132", f"city {c.name} stands on foreign land at {hname}; set "
                                     f"rules.border_crossing: true for cities abroad", c.name))
        if c.hex in by_hex:
            out.append(issue("E133", f"cities {by_hex[c.hex]} and {c.name} both stand on {hname}", hname))
        else:
            by_hex[c.hex] = c.name
        if not c.numbers and t != "foreign":
            # A city abroad without numbers marks a special-race target (the Czech map's
            # red-cross towns), as _check_reachability allows: it needs no race number.
            out.append(issue("W203", f"city {c.name} has no race numbers", c.name))
        why = _misread(c.name)
        if why:
            out.append(issue("W205", f"city name {c.name!r} has {why}", c.name))
    return out


def _misread(name: str) -> str | None:
    """Why a city's name is easily misread, or None. Such a name is legal, and commands find
    it by its exact name first; but a player typing it, or the race number it looks like, is
    easily misunderstood, and a line break prints as a space."""
    if any(ch < " " or ch == "\x7f" for ch in name):
        return "a line break, tab or other control character"
    if name != name.strip():
        return "spaces around it"
    if name.isdigit():
        return "only digits, like a race number"
    return None


def _check_numbers(m: Map) -> list[Issue]:
    out = []
    owners: dict[int, list[str]] = {}
    for c in m.cities:
        for n in c.numbers:
            if not is_race_number(n):
                out.append(issue("E140", f"city {c.name}: race number {n} is not two digits 1..6 "
                                         f"(11..16, 21..26, ..., 61..66)", c.name))
                continue
            owners.setdefault(n, []).append(c.name)
    for n, names in sorted(owners.items()):
        if len(names) > 1:
            out.append(issue("E141", f"race number {n} is used by {' and '.join(names)}", names[-1]))
    if m.cities:
        missing = [n for n in ALL_RACE_NUMBERS if n not in owners]
        if missing:
            out.append(issue("W200", f"{len(missing)} of the 36 race numbers are not used: "
                                     f"{', '.join(map(str, missing))}", None))
    return out


def _check_edges(m: Map) -> list[Issue]:
    out = []
    for kind in ("rivers", "borders"):
        for es in getattr(m, kind):
            label = f"{kind[:-1]} {es.name}" if es.name else kind[:-1]
            for e in es.sorted_edges():
                ta, tb = m.terrain_at(e[0]), m.terrain_at(e[1])
                if {ta, tb} & {"water", "off"}:
                    out.append(issue("W202", f"{label} on {edge_name(e)} touches "
                                             f"{'water' if 'water' in (ta, tb) else 'an off-board hex'}",
                                     edge_name(e)))
                elif kind == "rivers" and ta == tb == "mountain":
                    out.append(issue("W201", f"{label} on {edge_name(e)} runs between two mountains "
                                             f"(build cost 5, or 7 under the EJ rule)", edge_name(e)))
    return out


def _check_references(m: Map) -> list[Issue]:
    out = []
    names = {c.name for c in m.cities}
    region_names = Counter(r.name for r in m.regions)
    for name, n in sorted(region_names.items()):
        if n > 1:
            out.append(issue("E154", f"the region name {name!r} is used {n} times", name))
    for c in m.cities:
        if c.region is not None and c.region not in region_names:
            out.append(issue("E155", f"city {c.name} names region {c.region!r}, which is not in regions",
                             c.name))
    for s in m.rules.start_cities:
        if s not in names:
            out.append(issue("E150", f"start city {s!r} is not a city of the map", s))
    sr = m.rules.special_races
    if sr:
        for key, target in sorted(sr.get("table", {}).items()):
            for rname in ([target["region"]] if "region" in target else []) + list(target.get("regions", [])):
                if rname not in region_names:
                    out.append(issue("E152", f"special race {key}: region {rname!r} does not exist", rname))
            for cname in target.get("cities", []):
                if cname not in names:
                    out.append(issue("E152", f"special race {key}: city {cname!r} does not exist", cname))
            for hname in target.get("hexes", []):
                from .grid import HexNameError, parse_hex

                try:
                    h = parse_hex(hname)
                except HexNameError:
                    out.append(issue("E100", f"special race {key}: {hname!r} is not a hex name", hname))
                    continue
                if h not in m.grid:
                    out.append(issue("E152", f"special race {key}: hex {hname} is outside the board", hname))
    for f in m.ferries:
        label = f"ferry {f.name}" if f.name else "ferry"
        if f.from_city not in names:
            out.append(issue("E153", f"{label}: city {f.from_city!r} does not exist", f.from_city))
        if f.to not in m.grid:
            out.append(issue("E153", f"{label}: hex {hex_name(f.to)} is outside the board", hex_name(f.to)))
    return out


def passable_graph_components(m: Map, border_crossing: bool | None = None) -> dict[Hex, int]:
    """Component id of every passable hex.

    Two hexes are connected through neighbours without crossing a closed border, or by a
    ferry from its port city to its landing hex. With border crossing and
    ``rules.stop_at_border``, no step joins two foreign hexes: a track stops on the first hex
    beyond the border.
    """
    bc = m.rules.border_crossing if border_crossing is None else border_crossing
    borders = m.edge_set("borders") if not bc else frozenset()
    stop = m.rules.stop_at_border
    # A ferry joins its port city to its landing hex (islands are reached by ferry).
    ferry_links: dict[Hex, list[Hex]] = {}
    for f in m.ferries:
        port = m.city_named(f.from_city)
        if port is not None and m.is_passable(f.to, bc):
            ferry_links.setdefault(port.hex, []).append(f.to)
            ferry_links.setdefault(f.to, []).append(port.hex)
    comp: dict[Hex, int] = {}
    next_id = 0
    for start in m.grid.hexes():
        if start in comp or not m.is_passable(start, bc):
            continue
        comp[start] = next_id
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for n in m.grid.neighbours(h) + ferry_links.get(h, []):
                if n in comp or not m.is_passable(n, bc):
                    continue
                if borders and ((h, n) if h < n else (n, h)) in borders and m.grid.adjacent(h, n):
                    continue
                if bc and stop and m.terrain_at(h) == "foreign" and m.terrain_at(n) == "foreign":
                    continue  # a track stops on the first hex beyond the border
                comp[n] = next_id
                queue.append(n)
        next_id += 1
    return comp


def _check_reachability(m: Map) -> list[Issue]:
    # A city abroad without race numbers only marks a special-race target (the red-cross
    # cities of the Czech map): track need not reach it, so it is not checked.
    cities = [c for c in m.cities if c.hex in m.grid and m.is_passable(c.hex)
              and (c.numbers or m.terrain_at(c.hex) != "foreign")]
    if len(cities) < 2:
        return []
    comp = passable_graph_components(m)
    sizes = Counter(comp[c.hex] for c in cities)
    main, _ = max(sizes.items(), key=lambda kv: (kv[1], -kv[0]))
    out = []
    for c in cities:
        if comp[c.hex] != main:
            out.append(issue("E135", f"city {c.name} ({hex_name(c.hex)}) cannot be reached from the other "
                                     f"cities over land (or by ferry) without crossing a border", c.name))
    return out


def _check_sections(m: Map) -> list[Issue]:
    """The game families' map sections the map has (TransAmerica's city cards), each checked
    by its family (``GameFamily.validate_map``, found through :mod:`mapkit.plugins`)."""
    from .plugins import section_owners

    return [i for fam in section_owners(m) for i in fam.validate_map(m)]
