"""Ferry lines for a designed map: where a short sea crossing joins two cities that land
joins only by a long way round, or not at all (an island; Denmark's islands, Sicily).

:func:`sea_ferries` looks at every pair of cities on the coast (a hex beside water): the
crossing is the fewest water hexes from a water hex beside one to a water hex beside the other
(at most ``max_sea``); the way by land is the steps over passable hexes (none across a closed
border, and with ``rules.stop_at_border`` not from one foreign hex to another). A pair is a
ferry when the land way is at least twice the ferry's (the crossing plus boarding and landing)
or there is none. First, land that nothing joins yet is joined, the shortest crossing first
(an island's cities and the mainland's: one line each); then, biggest saving first, one line
a port, up to ``limit`` lines in all. A line goes from the city with more race numbers (the
bigger) to the other's hex, costing 6, its fare 1 to board, 1 a hex at sea and 1 to land (the
France-England lines of docs/rules.md, Ferries).

>>> from mapkit.grid import Grid
>>> from mapkit.model import City, Map
>>> g = Grid("pointy", "odd", 9, 1)
>>> terrain = {(c, 0): ("water" if 3 <= c <= 5 else "plain") for c in range(9)}
>>> m = Map(g, terrain=terrain, cities=[City("West", (2, 0), (11,)), City("East", (6, 0), (12, 13))])
>>> [(f.name, f.from_city, tuple(f.to), f.fare) for f in sea_ferries(m)]
[('East-West', 'East', (2, 0), (1, 3, 1))]
"""

from __future__ import annotations

from collections import deque

from ..grid import Hex, edge
from ..model import Ferry

__all__ = ["sea_ferries"]


def _steps(m, start, passable) -> dict:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in m.grid.neighbours(h):
            if n not in dist and passable(h, n):
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


def _land_step(m):
    crossing = m.rules.border_crossing
    stop = m.rules.stop_at_border
    border = m.edge_set("borders")

    def ok(a, b) -> bool:
        ta, tb = m.terrain_at(a), m.terrain_at(b)
        if tb in ("water", "off") or (tb == "foreign" and not crossing):
            return False
        if not crossing and edge(a, b) in border:
            return False
        return not (stop and ta == "foreign" and tb == "foreign")

    return ok


def sea_ferries(m, max_sea: int = 8, limit: int = 4) -> list[Ferry]:
    """The ferry lines of map ``m`` (see the module notes), in the order chosen."""
    water = {h for h, t in m.terrain.items() if t == "water"}
    if not water:
        return []
    coast = [c for c in m.cities if any(n in water for n in m.grid.neighbours(c.hex))]
    land = _land_step(m)
    found = []
    for i, a in enumerate(coast):
        shore = [n for n in m.grid.neighbours(a.hex) if n in water]
        sea: dict[Hex, int] = {}
        for s in shore:
            for h, d in _steps(m, s, lambda x, y: y in water).items():
                if d + 1 < sea.get(h, max_sea + 1):
                    sea[h] = d + 1
        by_land = _steps(m, a.hex, land)
        for b in coast[i + 1:]:
            crossing = min((sea[n] for n in m.grid.neighbours(b.hex) if n in sea), default=None)
            if crossing is None or crossing > max_sea:
                continue
            ferry = crossing + 2
            road = by_land.get(b.hex)
            if road is not None and road < 2 * ferry:
                continue
            port, landing = (a, b) if (len(a.numbers), a.name) >= (len(b.numbers), b.name) else (b, a)
            # joining land that is not joined: the shortest crossing first; else the biggest saving
            key = (0, crossing) if road is None else (1, ferry - road)
            found.append((key, port.name, landing.name, crossing, port, landing))
    out: list[Ferry] = []
    ports: set[str] = set()
    part = {c.name: c.name for c in m.cities}

    def root(n: str) -> str:
        while part[n] != n:
            n = part[n]
        return n

    for i, a in enumerate(m.cities):          # cities joined by land are one part
        reach = _steps(m, a.hex, land)
        for b in m.cities[i + 1:]:
            if b.hex in reach:
                part[root(b.name)] = root(a.name)
    for key, _, _, crossing, port, landing in sorted(found, key=lambda t: t[:3]):
        joins = root(port.name) != root(landing.name)
        if key[0] == 0 and not joins:
            continue                          # joined already by an earlier ferry
        if key[0] == 1 and (len(out) >= limit or port.name in ports or landing.name in ports):
            continue
        part[root(landing.name)] = root(port.name)
        ports |= {port.name, landing.name}
        out.append(Ferry(f"{port.name}-{landing.name}", port.name, landing.hex, 6, (1, crossing, 1)))
    return out
