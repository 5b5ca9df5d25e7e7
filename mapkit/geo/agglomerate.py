"""Towns as a map knows them: the places of a gazetteer merged into agglomerations.

GeoNames lists a city's districts and suburbs as places of their own (Favoriten and Hötting,
Pest, Buda and "Budapest XVII. kerület") and often gives a town only the population of its
core (Leoben 8264, Kapfenberg 3296, while Göss, Donawitz, Hafendorf and Diemlach count
apart). A board wants the agglomeration: one city with everybody who lives there.

:func:`agglomerate` walks the places from the largest down. A place joins the agglomeration
whose core is the strongest pull on it (the core's population over the squared distance) among
the cores of its own country that reach it: a core of ``P`` people reaches
``reach_km(P) = 3 km x (P / 8000) ** 0.35`` (3 km for a town of 8000, 7.3 km for 100 000, 19.6
km for 1.7 million, so a capital takes in its districts and suburbs and a market town its
villages), twice as far a place whose name starts with the core's ("Budapest XVII. kerület");
a place that no core reaches starts an agglomeration of its own. An agglomeration's population
is its core's plus that of each place beyond the core's own area (``core_km(P)``, the radius of
a town of ``P`` people at 2500 people a km²: 14.7 km for 1.7 million): the gazetteer counts a
city's districts in the city (Wrocław's 91 places would make it twice Kraków) but not a
town's villages (Leoben's 8264 leaves out Göss and Donawitz). Its position is that of the
place it is named after; its name is the name of its best-known member
among those with at least a tenth of the core's people (named in the most languages in the
gazetteer's alternate names, the core on a tie) when the core has at most one name: so a core
whose population the gazetteer got wrong (Eisenzicken's 54 353, one name) is named after the
town people know (Oberwart); a core named in several languages keeps its name.

>>> from mapkit.geo.sources import Place
>>> core = Place("Leoben", 15.0914, 47.3765, 8264, "AT", ("Leoben", "Leobenas"))
>>> goss = Place("Göss", 15.1000, 47.3600, 3752, "AT")          # 2 km south
>>> bruck = Place("Bruck", 15.2683, 47.4106, 9093, "AT")        # 14 km east: a town of its own
>>> [(a.name, a.population) for a in agglomerate([core, goss, bruck])]
[('Leoben', 12016), ('Bruck', 9093)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["Agglomeration", "agglomerate", "reach_km", "core_km", "local_km"]


@dataclass(frozen=True)
class Agglomeration:
    """A town with its districts and suburbs: named, placed at its core, all its people."""

    name: str
    lon: float
    lat: float
    population: int
    country: str
    members: tuple = ()         # the names of the places merged, core first

    @property
    def size(self) -> int:
        return len(self.members)


def reach_km(population: float) -> float:
    """How far a core of ``population`` people takes in the places around it, in km.

    >>> round(reach_km(8000), 1), round(reach_km(100_000), 1), round(reach_km(1_700_000), 1)
    (3.0, 7.3, 19.6)
    """
    return 3.0 * (max(population, 1.0) / 8000.0) ** 0.35


def core_km(population: float) -> float:
    """The radius of a round town of ``population`` people at 2500 people a km².

    >>> round(core_km(8000), 2), round(core_km(1_700_000), 1)
    (1.01, 14.7)
    """
    return math.sqrt(max(population, 0.0) / (2500.0 * math.pi))


def local_km(lon, lat, lat0: float):
    """Kilometres east and north on a plane tangent at latitude ``lat0`` (good to a few per cent
    over the few tens of km a reach spans)."""
    k = 111.2
    return lon * k * math.cos(math.radians(lat0)), lat * k


def agglomerate(places) -> list[Agglomeration]:
    """The agglomerations of ``places`` (:class:`~mapkit.geo.sources.Place`), largest first."""
    order = sorted(places, key=lambda p: (-p.population, p.name, p.ident))
    if not order:
        return []
    lat0 = sum(p.lat for p in order) / len(order)
    cells: dict[tuple, list[int]] = {}         # grid of cores, 16 km cells
    cores: list = []                           # (x, y, reach, place)
    members: list[list] = []
    for p in order:
        x, y = local_km(p.lon, p.lat, lat0)
        best = None
        cx, cy = int(x // 16), int(y // 16)
        for dx in (-2, -1, 0, 1, 2):
            for dy in (-2, -1, 0, 1, 2):
                for k in cells.get((cx + dx, cy + dy), ()):
                    kx, ky, reach, core = cores[k]
                    d = math.hypot(x - kx, y - ky)
                    named = p.name.startswith(core.name + " ") or p.name.startswith(core.name + ",")
                    if core.country != p.country or d > reach * (2 if named else 1):
                        continue
                    pull = core.population / max(d, 0.5) ** 2
                    if best is None or pull > best[0]:
                        best = (pull, k, d)
        if best is not None:
            members[best[1]].append((p, best[2]))
            continue
        reach = min(reach_km(p.population), 30.0)
        cells.setdefault((cx, cy), []).append(len(cores))
        cores.append((x, y, reach, p))
        members.append([(p, 0.0)])
    out = [_merged(ms) for ms in members]
    out.sort(key=lambda a: (-a.population, a.name))
    return out


def _merged(ms: list) -> Agglomeration:
    """One agglomeration from its ``(place, km from the core)``, core first."""
    core = ms[0][0]
    own = core_km(core.population)
    population = core.population + sum(p.population for p, d in ms[1:] if d > own)
    named = core
    if len([a for a in core.alternates if a]) <= 1:
        # A core named in one language only is often a village with a wrong count: the
        # agglomeration takes the name of its best-known member of some size.
        known = [p for p, _ in ms if p.population * 10 >= core.population]
        named = max(known, key=lambda p: (len(p.alternates), p is core, p.population))
    return Agglomeration(named.name, named.lon, named.lat, population, core.country,
                         tuple(p.name for p, _ in ms))
