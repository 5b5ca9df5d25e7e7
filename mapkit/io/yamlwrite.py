"""The YAML map file written canonically: terrain as an ``art`` block, edges sorted, cities in
race-number order, so that ``load(save(m)) == m`` (:mod:`mapkit.io.yamlmap` reads it) and saving
twice gives identical bytes; every number written reads back as the same number.
"""

from __future__ import annotations

import json
import unicodedata

import yaml

from ..fileio import atomic_write
from ..grid import Grid, Hex, edge_name, hex_name
from ..model import CHAR_OF_TERRAIN, City, Ferry, Map, Region, Rules
from .yamlmap import EDGE_KINDS, FORMAT_VERSION, META_KEYS

__all__ = ["dump_map", "with_rules", "save_map"]


def _number(value) -> str:
    """A number as YAML 1.1 reads it back exactly: ``1e-05`` would be a string to it (its
    floats need a point and a signed exponent), so that is written ``1.0e-05``.

    >>> [_number(v) for v in (14, 14.0, 0.5, 1e-05, 2.5e+20, -3e-300)]
    ['14', '14.0', '0.5', '1.0e-05', '2.5e+20', '-3.0e-300']
    """
    if isinstance(value, bool) or not isinstance(value, float):
        return json.dumps(value)
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        if "." not in mantissa:
            mantissa += ".0"
        if exponent[0] not in "+-":
            exponent = "+" + exponent
        text = f"{mantissa}e{exponent}"
    return text


def _scalar(value) -> str:
    """One YAML scalar in flow style, quoted only where YAML needs it."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
        return _number(value)
    if _has_control(value):
        # YAML folds or drops control characters and Unicode line breaks in plain and
        # single-quoted scalars; a double-quoted scalar with escapes keeps them exactly.
        return _double_quoted(value)
    text = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True, width=10**9)
    text = text.rstrip("\n")
    if text.endswith("\n..."):
        text = text[: -len("\n...")]
    elif text.endswith("..."):
        text = text[:-3].rstrip()
    return text


def _double_quoted(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif unicodedata.category(ch)[0] in "CZ" and ch != " ":
            n = ord(ch)
            out.append(f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _has_control(text: str) -> bool:
    return any((unicodedata.category(ch)[0] in "CZ" and ch != " ") for ch in text)


def _flow_scalar(value) -> str:
    """A scalar inside ``[...]`` or ``{...}``, where ``,`` ``[`` ``]`` ``{`` ``}`` also need quotes."""
    text = _scalar(value)
    if isinstance(value, str) and not text.startswith(("'", '"')) and any(ch in text for ch in ",[]{}"):
        return "'" + text.replace("'", "''") + "'"
    return text


def _flow(values) -> str:
    return "[" + ", ".join(_flow_scalar(v) for v in values) + "]"


def _block_text(key: str, text: str, indent: str) -> list[str]:
    if "\n" not in text.strip("\n") or _has_control(text.replace("\n", "")):
        return [f"{indent}{key}: {_scalar(text)}"]
    body = text if text.endswith("\n") else text + "\n"
    if text != text.rstrip(" \t") or any(ln != ln.rstrip() for ln in body.split("\n")) or body.startswith((" ", "\t")):
        return [f"{indent}{key}: {_scalar(text)}"]
    chomp = "|" if text.endswith("\n") and not text.endswith("\n\n") else ("|-" if not text.endswith("\n") else "|+")
    lines = [f"{indent}{key}: {chomp}"]
    lines += [f"{indent}  {ln}" if ln else "" for ln in body.rstrip("\n").split("\n")]
    return lines


def _any(key: str, value, indent: str) -> list[str]:
    """Canonical YAML for free-form metadata: multi-line text as a block, the rest sorted."""
    if isinstance(value, str):
        return _block_text(key, value, indent)
    text = yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=True, default_flow_style=False,
                          width=100)
    return [indent + ln for ln in text.rstrip("\n").split("\n")]


def _key(k: str) -> str:
    return k if k.isdigit() else _scalar(k)


def dump_map(m: Map) -> str:
    """The canonical text of a map file."""
    out = [f"version: {FORMAT_VERSION}"]
    for k in META_KEYS:
        if k in m.meta and m.meta[k] is not None:
            out += _any(k, m.meta[k], "")
    out += _grid_lines(m.grid)
    out += _terrain_lines(m)
    out += _edge_set_lines(m)
    out += _city_lines(m.cities)
    out += _region_lines(m.regions)
    out += _rules_lines(m.rules)
    out += _ferry_lines(m.ferries)
    return "\n".join(out) + "\n"


def with_rules(text: str, rules: Rules) -> str:
    """:func:`dump_map`'s text ``text`` of a map, with its rules block written for ``rules``:
    the text :func:`dump_map` gives for the same map with those rules, without writing the
    rest of it again (the map's hash and the hashes of the same map without its later keys,
    :func:`mapkit.engine.export.map_hashes`, come from one writing). The rules block is the
    line ``rules:`` and the indented lines after it: every other line of the canonical text
    at the margin starts a top-level key, and the block comes before ``ferries``, if any.

    >>> from mapkit.grid import Grid
    >>> m = Map(Grid("pointy", "odd", 2, 1), rules=Rules(extra={"ferry_limit": 2}))
    >>> with_rules(dump_map(m), Rules()) == dump_map(Map(m.grid))
    True
    >>> with_rules(dump_map(Map(m.grid)), m.rules) == dump_map(m)
    True
    """
    lines = text.split("\n")
    margin = [i for i, ln in enumerate(lines) if ln and not ln.startswith(" ")]
    start = next((i for i in margin if lines[i] == "rules:"), None)
    if start is None:
        end = start = next((i for i in margin if lines[i] == "ferries:"), len(lines) - 1)
    else:
        end = next((i for i in margin if i > start), len(lines) - 1)
    return "\n".join(lines[:start] + _rules_lines(rules) + lines[end:])


def _grid_lines(g: Grid) -> list[str]:
    return ["grid:", f"  orientation: {g.orientation}", f"  offset: {g.offset}",
            f"  columns: {g.columns}", f"  rows: {g.rows}",
            f"  hex_mm: {_number(int(g.hex_mm) if float(g.hex_mm).is_integer() else g.hex_mm)}"]


def _terrain_lines(m: Map) -> list[str]:
    """The terrain as an art block, a line a row."""
    g = m.grid
    # When the first row is pushed (even offset, pointy) it is indented more than the next, so
    # YAML needs the block's indentation given explicitly ("|2": two more than "art").
    first_pushed = g.pointy and g.offset == "even"
    out = ["terrain:", "  default: plain", "  art: |2" if first_pushed else "  art: |"]
    for r in range(g.rows):
        chars = " ".join(CHAR_OF_TERRAIN[m.terrain[Hex(c, r)]] for c in range(g.columns))
        # Indent the pushed rows by one blank, so that pointy maps look like hexes.
        pushed = g.pointy and (r & 1) == (1 if g.offset == "odd" else 0)
        out.append("    " + (" " if pushed else "") + chars)
    return out


def _edge_set_lines(m: Map) -> list[str]:
    """Rivers, borders and ridges, each set with its name and its edges sorted."""
    out = []
    for kind in EDGE_KINDS:
        sets = getattr(m, kind)
        if not sets:
            continue
        out.append(f"{kind}:")
        for es in sets:
            first = True
            if es.name is not None:
                out.append(f"  - name: {_scalar(es.name)}")
                first = False
            edges = ", ".join(edge_name(e) for e in es.sorted_edges())
            out.append(("  - " if first else "    ") + f"edges: [{edges}]")
    return out


def _city_lines(cities: list[City]) -> list[str]:
    if not cities:
        return []
    out = ["cities:"]
    for c in cities:
        out.append(f"  - name: {_scalar(c.name)}")
        out.append(f"    hex: {hex_name(c.hex)}")
        out.append(f"    numbers: {_flow(c.numbers)}")
        if c.tags:
            out.append(f"    tags: {_flow(c.tags)}")
        if c.colour is not None:
            out.append(f"    colour: {_scalar(c.colour)}")
        if c.region is not None:
            out.append(f"    region: {_scalar(c.region)}")
        if c.lon is not None:
            out.append(f"    lon: {_scalar(c.lon)}")
        if c.lat is not None:
            out.append(f"    lat: {_scalar(c.lat)}")
    return out


def _region_lines(regions: list[Region]) -> list[str]:
    if not regions:
        return []
    out = ["regions:"]
    for region in regions:
        out.append(f"  - name: {_scalar(region.name)}")
        for k, v in region.extra:
            out.append(f"    {k}: {_scalar(v)}")
        out.append(f"    hexes: [{', '.join(hex_name(h) for h in region.hexes)}]")
    return out


def _rules_lines(rules: Rules) -> list[str]:
    """The rules block (none for the default rules), special races last."""
    if rules.is_default():
        return []
    out = ["rules:", f"  border_crossing: {_scalar(rules.border_crossing)}"]
    if rules.stop_at_border:
        out.append("  stop_at_border: true")
    if rules.start_cities:
        out.append(f"  start_cities: {_flow(rules.start_cities)}")
    if rules.min_race_distance is not None:
        out.append(f"  min_race_distance: {rules.min_race_distance}")
    for k in sorted(rules.extra):
        out += _any(k, rules.extra[k], "  ")
    if rules.special_races is not None:
        sr = rules.special_races
        out.append("  special_races:")
        for k in sorted(sr):
            if k != "table":
                out.append(f"    {k}: {_scalar(sr[k])}")
        out.append("    table:")
        for k in sorted(sr["table"]):
            target = sr["table"][k]
            parts = ", ".join(f"{tk}: {_flow(tv) if isinstance(tv, list) else _flow_scalar(tv)}"
                              for tk, tv in sorted(target.items()))
            out.append(f"      {_key(k)}: {{{parts}}}")
    return out


def _ferry_lines(ferries: list[Ferry]) -> list[str]:
    if not ferries:
        return []
    out = ["ferries:"]
    for f in ferries:
        lead = "  - "
        if f.name is not None:
            out.append(f"  - name: {_scalar(f.name)}")
            lead = "    "
        out.append(f"{lead}from: {_scalar(f.from_city)}")
        out.append(f"    to: {hex_name(f.to)}")
        out.append(f"    cost: {f.cost}")
        out.append(f"    fare: {_flow(f.fare)}")
    return out


def save_map(m: Map, path, inputs=()) -> None:
    """Write ``m`` canonically to ``path`` (atomically; never over one of ``inputs``)."""
    atomic_write(path, dump_map(m), inputs=inputs)

