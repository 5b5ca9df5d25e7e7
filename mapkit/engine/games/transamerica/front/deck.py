"""TransAmerica's deck of city cards made for a map from its cities and geography (the
``rules.city_cards`` block; :mod:`mapkit.engine.games.transamerica.cards` reads it).

TransAmerica needs 35 card cities in five colour regions of seven (docs/rules.md, TransAmerica). For a
map of real geography they are made from the map itself (:func:`city_cards`):

1. **cities**: the map's cities that track can reach at home, and, while there are fewer than
   35, the largest other places of the home land (GeoNames, largest first) whose hex is free
   home land that track reaches, at least ``MIN_APART`` hexes from every city and from each
   other (a card city stands apart from the map's towns);
2. **colours**: the 35 split into five compact groups of seven (the least sum of squared
   distances to the group's centre: :func:`mapkit.geo.cities.six_groups`, the split that
   makes the race-number regions), the colours given in the published order (red, orange,
   yellow, green, blue) to the groups from west to east by their centres;
3. **removed** (2 per colour, the cards set aside with 2-3 players and the seats of the seats
   variants): twice, among the colour's cities with the fewest race numbers (the smaller towns;
   an added place counts as one number), the one whose nearest other city of that colour is
   nearest (the most redundant), so that the big cities stay and a smaller deck still covers
   the region.

Deterministic: the same map and places give the same block.

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 35, 3), cities=[City(f"C{i:02d}", (i, 1), (11,)) for i in range(35)])
>>> block = city_cards(m)
>>> [block[c]["cities"][0] for c in block], block["red"]["removed"]
(['C00', 'C07', 'C14', 'C21', 'C28'], ['C00', 'C01'])
"""

from __future__ import annotations

import math

from mapkit.engine.games.transamerica.cards import COLOURS, PER_COLOUR, PUBLISHED, REMOVED_PER_COLOUR, track_edges
from mapkit.errors import InputError
from mapkit.grid import Hex, hex_name

__all__ = ["city_cards", "MIN_APART"]

# A place added as a card city stands at least this many hex steps from every other city.
MIN_APART = 2


def _extra_places(m, rows, taken, places, wanted):
    """``(name, hex)`` of up to ``wanted`` places for card cities beyond the map's cities."""
    from mapkit.geo.projection import BoardProjection
    from mapkit.geo.sources import native_name

    if not wanted:
        return []
    geo = m.meta.get("geo")
    if not geo:
        raise InputError(f"{m.name}: {wanted} more card cities needed, and the map has no geo block to place them")
    bp = BoardProjection.from_geo(geo, m.grid.hex_mm)
    names = {c.name for c in m.cities}
    out: list[tuple[str, Hex]] = []
    for p in places:
        if len(out) >= wanted:
            break
        name = native_name(p.name)
        h = m.grid.hex_at_mm(*bp.to_mm(p.lon, p.lat))
        if name in names or h is None or h not in m.grid or m.terrain_at(h) != "plain" or not rows.get(h):
            continue
        if any(m.grid.distance(h, t) < MIN_APART for t in taken):
            continue
        out.append((name, h))
        names.add(name)
        taken.append(h)
    if len(out) < wanted:
        raise InputError(f"{m.name}: only {len(out)} of the {wanted} more card cities found among the places")
    return out


def city_cards(m, places=()) -> dict:
    """The ``rules.city_cards`` block for map ``m`` (see the module notes); ``places``: GeoNames
    places (:func:`mapkit.geo.sources.places`), largest first, for card cities beyond the map's."""
    from mapkit.geo.cities import six_groups

    total = COLOURS * PER_COLOUR
    rows = track_edges(m)
    home = [c for c in m.cities if rows.get(c.hex) and m.terrain_at(c.hex) != "foreign"]
    home = home[:total]
    extra = _extra_places(m, rows, [c.hex for c in m.cities], places, total - len(home))
    entries = [(c.name, c.hex, False) for c in home] + [(n, h, True) for n, h in extra]
    size = [max(1, len(c.numbers)) for c in home] + [1] * len(extra)
    points = [m.grid.centre_mm(h) for _, h, _ in entries]
    group = six_groups(points, [1] * total, groups=COLOURS, size=PER_COLOUR)
    members = [[i for i in range(total) if group[i] == g] for g in range(COLOURS)]
    members.sort(key=lambda ms: (sum(points[i][0] for i in ms) / len(ms), min(ms)))
    block = {}
    for colour, ms in zip(PUBLISHED, members, strict=False):
        removed = _redundant(ms, points, size)
        block[colour] = {
            "cities": [entries[i][0] if not entries[i][2] else {"name": entries[i][0], "hex": hex_name(entries[i][1])}
                       for i in ms],
            "removed": [entries[i][0] for i in removed],
        }
    return block


def _redundant(members, points, size) -> list:
    """The ``REMOVED_PER_COLOUR`` members, each in turn the one nearest to another remaining
    among those with the fewest race numbers."""
    left = list(members)
    out = []
    for _ in range(REMOVED_PER_COLOUR):
        def key(i):
            return (size[i], min(math.dist(points[i], points[j]) for j in left if j != i), i)
        pick = min(left, key=key)
        out.append(pick)
        left.remove(pick)
    return out

