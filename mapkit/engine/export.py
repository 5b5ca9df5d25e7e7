"""A map made the engine's JSON document: what ``mapkit export`` writes and what an
:class:`~mapkit.engine.compiled.EngineMap` is built from (the document's fields are described
in :mod:`mapkit.engine.compiled`; schema: ``mapkit/schemas/engine-map.schema.json``). The core
writes what every game reads; the game families add their parts after it
(:func:`_add_sections`), so no game's tables are the core's.

:func:`export_document` gives the document with its three long lists as iterators, for a
writer that streams them; :func:`compile_map` the whole document. :func:`map_hash` names a map
by the SHA-256 of its canonical text, :func:`map_hashes` adds the hashes that game records
written before later keys of the map format carry.
"""

from __future__ import annotations

import hashlib

from ..grid import edge_name, hex_name
from ..model import Map

__all__ = ["compile_map", "export_document", "map_hash", "map_hashes", "EXPORT_FORMAT", "EXPORT_VERSION",
           "CORE_LATER_KEYS", "later_key_groups"]

EXPORT_FORMAT = "mapkit-engine-map"
EXPORT_VERSION = 1

# The keys of the map format's ``rules`` block that the core reads and that came after game
# records were first written, with the issue that added them: ferries and France's Paris
# rule. The game families' map sections come after them by their ``map_keys_since``.
CORE_LATER_KEYS = (17, ("ferry_limit", "start_directions"))


def later_key_groups(m: Map) -> tuple[tuple[str, ...], ...]:
    """The keys of the map format added after game records were first written, in groups by
    when they came (each later than the one before): the core's (:data:`CORE_LATER_KEYS`),
    then the map sections of the game families that map ``m`` has (``GameFamily.map_keys``,
    by ``map_keys_since``; a family that names no time: after all). A map that gained only
    keys of later groups still is the map that a record written before them was played on.

    >>> from mapkit.grid import Grid
    >>> from mapkit.model import Rules
    >>> later_key_groups(Map(Grid("pointy", "odd", 2, 1), rules=Rules(extra={"city_cards": {}})))
    (('ferry_limit', 'start_directions'), ('city_cards',))
    """
    from ..plugins import section_owners

    since, keys = CORE_LATER_KEYS
    groups: dict[tuple[int, int], list[str]] = {(0, since): list(keys)}
    for fam in section_owners(m):
        when = (1, 0) if fam.map_keys_since is None else (0, fam.map_keys_since)
        groups.setdefault(when, []).extend(fam.map_keys)
    return tuple(tuple(groups[k]) for k in sorted(groups))


def map_hash(m: Map) -> str:
    """``sha256:`` + the SHA-256 of the map's canonical text (the same for equal maps)."""
    from ..io.yamlwrite import dump_map

    return _text_hash(dump_map(m))


def _text_hash(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def map_hashes(m: Map) -> list[str]:
    """The map's hash, then its hashes without the keys of the latest group of later keys
    (:func:`later_key_groups`), without the two latest groups, ... (those it has): the hashes
    that game records written before each group carry. The canonical text is written once;
    the others are it with their rules block written again (:func:`mapkit.io.yamlwrite.with_rules`).

    >>> from mapkit.grid import Grid
    >>> from mapkit.model import Rules
    >>> m = Map(Grid("pointy", "odd", 2, 1), rules=Rules(extra={"ferry_limit": 2, "city_cards": {}}))
    >>> a, b, c = map_hashes(m)
    >>> b == map_hash(Map(m.grid, rules=Rules(extra={"ferry_limit": 2}))), c == map_hash(Map(m.grid))
    (True, True)
    """
    import dataclasses

    from ..io.yamlwrite import dump_map, with_rules

    text = dump_map(m)
    out = [_text_hash(text)]
    extra = m.rules.extra
    groups = later_key_groups(m)
    for k in range(len(groups) - 1, -1, -1):
        drop = {key for group in groups[k:] for key in group}
        if not drop & set(extra):
            continue
        rules = dataclasses.replace(m.rules, extra={key: v for key, v in extra.items() if key not in drop})
        h = _text_hash(with_rules(text, rules))
        if h not in out:
            out.append(h)
    return out

def _ferries(m: Map) -> list:
    """The map's ferry lines: port city and hex, landing hex, price, movement (board, sail, land)."""
    out = []
    for f in m.ferries:
        port = m.city_named(f.from_city)
        if port is None:
            continue
        out.append({"name": f.name or f"{f.from_city}-{hex_name(f.to)}", "from": port.name,
                    "port": hex_name(port.hex), "to": hex_name(f.to), "cost": f.cost, "fare": list(f.fare)})
    return out

def compile_map(m: Map) -> dict:
    """The engine's JSON document for map ``m`` (what ``mapkit export`` writes)."""
    doc = export_document(m)
    for key in ("hexes", "adjacency", "edges"):
        doc[key] = list(doc[key])
    return doc

def export_document(m: Map) -> dict:
    """The engine's document for map ``m`` with its three long lists (``hexes``,
    ``adjacency``, ``edges``) as iterators, for a writer that streams them
    (:func:`mapkit.fileio.json_lines`): on a 1000 x 1000 board they are millions of items,
    made one at a time from a few compact arrays instead of being held as objects."""
    g = m.grid
    hashes = map_hashes(m)
    links = _Links(m)
    cities = m.cities
    doc = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "map": {"name": m.name, "hash": hashes[0], **({"earlier_hashes": hashes[1:]} if len(hashes) > 1 else {})},
        "grid": {"orientation": g.orientation, "offset": g.offset, "columns": g.columns,
                 "rows": g.rows, "hex_mm": g.hex_mm},
        "border_crossing": bool(m.rules.border_crossing),
        "hexes": ({"hex": hex_name(h), "terrain": m.terrain[h]} for h in g.hexes()),
        "adjacency": links.adjacency(),
        "edges": links.edges(),
        "borders": [edge_name(e) for e in sorted(m.edge_set("borders"))],
        "cities": [{"name": c.name, "hex": hex_name(c.hex), "numbers": list(c.numbers),
                    "tags": list(c.tags), "region": c.region,
                    **({"colour": c.colour} if c.colour is not None else {})} for c in cities],
        "numbers": {str(n): c.name for c in cities for n in c.numbers},
        "ferries": _ferries(m),
        "ferry_limit": int(m.rules.extra.get("ferry_limit", 1)),
        "start_directions": str(m.rules.extra.get("start_directions", "any")),
    }
    _add_sections(m, doc)
    return doc

def _add_sections(m: Map, doc: dict) -> None:
    """Add to ``doc``, after the core's keys, what the game families compile for map ``m``
    (``GameFamily.compile_extras``): the parts compiled for every map (Dampfross's race
    tables) and those of the map sections ``m`` has (TransAmerica's ``city_cards``)."""
    from ..plugins import compiling_families

    for fam in compiling_families(m):
        extras = fam.compile_extras(m)
        taken = set(extras) & set(doc)
        if taken:
            raise ValueError(f"game family {fam.name}: the engine map's key {sorted(taken)[0]!r} is taken")
        doc.update(extras)

class _Links:
    """Every open edge of a map (where a piece may be built), kept in compact arrays: hex ids,
    build cost, movement cost each way, river. Building across a border stops on the first
    hex beyond it (docs/rules.md, Options), whatever the map says about its distance tables."""

    def __init__(self, m: Map):
        from array import array

        from ..analysis.costs import CostModel

        g = m.grid
        cm = CostModel(m, stop_at_border=True)
        rivers = m.edge_set("rivers")
        self.a, self.b = array("i"), array("i")
        self.build, self.there, self.back = array("b"), array("b"), array("b")
        self.river = bytearray()
        index = g.index
        for a, b in g.edges():  # a < b, row by row
            cost = cm.build_cost(a, b)
            if cost is None:
                continue
            self.a.append(index(a))
            self.b.append(index(b))
            self.build.append(cost)
            there, back = cm.move_cost(a, b), cm.move_cost(b, a)
            assert there is not None and back is not None  # a side that can be built can be travelled
            self.there.append(there)
            self.back.append(back)
            self.river.append((a, b) in rivers)
        self.hexes = len(g)
        self.grid = g

    def edges(self):
        g = self.grid
        for i in range(len(self.a)):
            a, b = self.a[i], self.b[i]
            yield {"edge": edge_name((g.hex_at(a), g.hex_at(b))), "a": a, "b": b, "build": self.build[i],
                   "move": [self.there[i], self.back[i]], "river": bool(self.river[i])}

    def adjacency(self):
        """The sorted neighbours of every hex over open edges, hex by hex (from the edge list
        turned into compressed rows: two passes, no list per hex held)."""
        from array import array

        count = array("i", bytes(4 * (self.hexes + 1)))
        for ends in (self.a, self.b):
            for h in ends:
                count[h + 1] += 1
        for i in range(self.hexes):
            count[i + 1] += count[i]
        fill = array("i", count)
        other = array("i", bytes(4 * count[self.hexes]))
        for x, y in ((self.a, self.b), (self.b, self.a)):
            for h, nb in zip(x, y, strict=False):
                other[fill[h]] = nb
                fill[h] += 1
        for i in range(self.hexes):
            yield sorted(other[count[i]:count[i + 1]])
