"""Terrain of every hex from geography: home land, foreign land, water, mountains.

Each hex votes with its sample points (see :func:`mapkit.geo.fitting.hex_samples`): a point is
water (a lake, or no land at all), home land, or the land of one foreign country; the hex takes
the label of most points, ties going to home, then foreign, then water. Mountains are plain
hexes whose mean relief value (or share of points inside a mountain polygon) passes a threshold.

>>> import numpy as np
>>> from shapely.geometry import box
>>> home = box(0, 0, 1, 1); other = box(1, 0, 2, 1)
>>> lon = np.array([[0.2, 0.3, 0.4], [0.9, 1.2, 1.3], [5.0, 5.0, 0.5]])
>>> lat = np.full((3, 3), 0.5)
>>> classify(lon, lat, home, [("B", other)], lakes=[])
['home', 'B', 'water']
"""

from __future__ import annotations

__all__ = ["classify", "relief_scores", "polygon_share", "lake_hexes", "HOME", "WATER"]

HOME = "home"
WATER = "water"


def _contains(geom, lon, lat):
    import shapely

    return shapely.contains_xy(geom, lon, lat)


def classify(lon, lat, home, foreign, lakes=(), ) -> list[str]:
    """Label of every hex: ``home``, ``water`` or the name of a foreign country.

    ``lon``/``lat``: arrays (hexes, samples); ``home``: a (multi)polygon; ``foreign``: a list of
    ``(name, polygon)``; ``lakes``: polygons that count as water even inside a country.
    """
    import numpy as np
    import shapely

    n, k = lon.shape
    flat_lon, flat_lat = lon.ravel(), lat.ravel()
    # label index per sample: 0 water, 1 home, 2.. foreign countries
    label = np.zeros(n * k, dtype=np.int32)
    for i, (_, geom) in enumerate(foreign):
        shapely.prepare(geom)
        label[_contains(geom, flat_lon, flat_lat) & (label == 0)] = i + 2
    shapely.prepare(home)
    label[_contains(home, flat_lon, flat_lat)] = 1
    for lake in lakes:
        shapely.prepare(lake)
        label[_contains(lake, flat_lon, flat_lat)] = 0
    label = label.reshape(n, k)
    out = []
    names = [HOME] + [name for name, _ in foreign]
    for row in label:
        counts = np.bincount(row, minlength=len(foreign) + 2)
        water = counts[0]
        # Best land label: home first on ties, then foreign countries in the given order.
        best = int(np.argmax(counts[1:])) + 1
        if counts[best] >= water and counts[best] > 0:
            out.append(names[best - 1])
        else:
            out.append(WATER)
    return out


def relief_scores(relief, lon, lat, what: str = "roughness"):
    """Mean relief value over each hex's samples: ``roughness`` of the shaded relief (default;
    mountains are rough, plains and high plateaus smooth) or ``values`` (red minus green)."""
    import numpy as np

    return np.asarray(relief.sample(lon, lat, what), dtype=float).mean(axis=1)


def polygon_share(polygons, lon, lat):
    """Share (0..1) of each hex's samples inside any of ``polygons``."""
    import numpy as np
    import shapely

    inside = np.zeros(lon.shape, dtype=bool)
    for poly in polygons:
        shapely.prepare(poly)
        inside |= _contains(poly, lon, lat)
    return inside.mean(axis=1)


def lake_hexes(share: dict, count: int, neighbours) -> list:
    """The hexes a lake takes: those where it holds half the sample points or more, then the
    neighbour of those taken with the greatest share, and so on until there are ``count`` and
    they are one piece (while any neighbour has a share); so a long lake (the Balaton) is one
    chain of water, never loose hexes. ``share``: hex -> share of its sample points in the lake
    (hexes without any left out); ties go to the smaller hex.

    >>> share = {(0, 0): 0.4, (1, 0): 0.5, (2, 0): 0.45, (3, 0): 0.6, (5, 0): 0.46}
    >>> def line(h):
    ...     return [(h[0] - 1, 0), (h[0] + 1, 0)]
    >>> lake_hexes(share, 2, line)      # (1, 0) and (3, 0) joined by (2, 0); (5, 0) apart
    [(1, 0), (3, 0), (2, 0)]
    >>> lake_hexes({(4, 0): 0.3, (5, 0): 0.2}, 1, line)
    [(4, 0)]
    """
    if not share or count < 1:
        return []
    taken = sorted(h for h in share if share[h] >= 0.5) or [min(share, key=lambda h: (-share[h], h))]
    while len(taken) < count or not _one_piece(taken, neighbours):
        rim = {n for h in taken for n in neighbours(h) if n in share and n not in taken}
        if not rim:
            break
        taken.append(min(rim, key=lambda h: (-share[h], h)))
    return taken


def _one_piece(hexes, neighbours) -> bool:
    todo, seen = [hexes[0]], {hexes[0]}
    members = set(hexes)
    while todo:
        for n in neighbours(todo.pop()):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)
