"""Projections from longitude/latitude to the board: Lambert azimuthal equal-area, in a few lines.

A map made from geography needs distances and areas on the board to follow those in the world.
The Lambert azimuthal equal-area projection (on a sphere of the Earth's mean radius) keeps areas
exactly and distances to within about 1 % over a country-sized region around its centre, which
is far below the size of a hex. No projection library is needed.

>>> p = LambertAzimuthalEqualArea(15.0, 50.0)
>>> p.forward(15.0, 50.0)
(0.0, 0.0)

One degree east at 50 N is 111.2 km x cos 50 = 71.5 km; the parallel bends north by
x^2 tan(50) / 2R = 0.5 km:

>>> x, y = p.forward(16.0, 50.0)
>>> round(x, 1), round(y, 1)
(71.5, 0.5)
>>> lon, lat = p.inverse(x, y)
>>> round(lon, 9), round(lat, 9)
(16.0, 50.0)

:class:`BoardProjection` adds the step from kilometres to millimetres on the board (origin at the
board's top-left corner, y down) and is what a designed map records in its ``geo:`` block:

>>> bp = BoardProjection(p, hex_km=10.0, hex_mm=14.0, origin_km=(-100.0, 50.0))
>>> bp.to_mm(15.0, 50.0)                   # 100 km right, 50 km down, at 1.4 mm per km
(140.0, 70.0)
>>> [round(v, 6) for v in bp.to_lonlat(140.0, 70.0)]
[15.0, 50.0]
>>> BoardProjection.from_geo(bp.to_geo()) == bp
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["EARTH_RADIUS_KM", "LambertAzimuthalEqualArea", "BoardProjection", "great_circle_km"]

# IUGG mean Earth radius.
EARTH_RADIUS_KM = 6371.0088


def great_circle_km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Distance in km along the sphere (haversine).

    >>> round(great_circle_km(14.42076, 50.08804, 16.60796, 49.19522))   # Praha - Brno
    186
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))


@dataclass(frozen=True)
class LambertAzimuthalEqualArea:
    """Spherical Lambert azimuthal equal-area projection centred on ``(lon_0, lat_0)``.

    ``forward`` gives kilometres east (x) and north (y) of the centre. Both directions accept
    floats or numpy arrays.
    """

    lon_0: float
    lat_0: float
    radius_km: float = EARTH_RADIUS_KM

    name = "laea"

    def forward(self, lon, lat):
        import numpy as np

        lam = np.radians(np.asarray(lon, dtype=float) - self.lon_0)
        phi = np.radians(np.asarray(lat, dtype=float))
        phi0 = math.radians(self.lat_0)
        cos_c = math.sin(phi0) * np.sin(phi) + math.cos(phi0) * np.cos(phi) * np.cos(lam)
        # The antipode has no image; points close to it are pushed to the rim.
        k = np.sqrt(2.0 / np.maximum(1.0 + cos_c, 1e-12))
        x = self.radius_km * k * np.cos(phi) * np.sin(lam)
        y = self.radius_km * k * (math.cos(phi0) * np.sin(phi) - math.sin(phi0) * np.cos(phi) * np.cos(lam))
        if np.ndim(x) == 0:
            return float(x), float(y)
        return x, y

    def inverse(self, x, y):
        import numpy as np

        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        rho = np.hypot(x, y)
        phi0 = math.radians(self.lat_0)
        c = 2.0 * np.arcsin(np.clip(rho / (2.0 * self.radius_km), -1.0, 1.0))
        safe = np.where(rho == 0, 1.0, rho)
        sin_phi = np.cos(c) * math.sin(phi0) + np.where(rho == 0, 0.0, y * np.sin(c) * math.cos(phi0) / safe)
        lat = np.degrees(np.arcsin(np.clip(sin_phi, -1.0, 1.0)))
        lam = np.arctan2(x * np.sin(c), rho * math.cos(phi0) * np.cos(c) - y * math.sin(phi0) * np.sin(c))
        lon = self.lon_0 + np.degrees(lam)
        lon = (lon + 180.0) % 360.0 - 180.0
        if np.ndim(lon) == 0:
            return float(lon), float(lat)
        return lon, lat

    def to_dict(self) -> dict:
        return {"projection": self.name, "lon_0": _r(self.lon_0), "lat_0": _r(self.lat_0),
                "radius_km": _r(self.radius_km)}


@dataclass(frozen=True)
class BoardProjection:
    """Longitude/latitude <-> millimetres on a board.

    ``origin_km`` is the projected position (km east, km north) of the board's top-left corner;
    a hex of ``hex_km`` (centre to centre in the world) is ``hex_mm`` on paper.
    """

    projection: LambertAzimuthalEqualArea
    hex_km: float
    hex_mm: float
    origin_km: tuple[float, float]

    @property
    def mm_per_km(self) -> float:
        return self.hex_mm / self.hex_km

    def km_to_mm(self, x, y):
        k = self.mm_per_km
        return (x - self.origin_km[0]) * k, (self.origin_km[1] - y) * k

    def mm_to_km(self, mx, my):
        k = self.mm_per_km
        return self.origin_km[0] + mx / k, self.origin_km[1] - my / k

    def to_mm(self, lon, lat):
        """Board millimetres (x right, y down) of a longitude/latitude."""
        x, y = self.projection.forward(lon, lat)
        mx, my = self.km_to_mm(x, y)
        if isinstance(mx, float):
            return round(mx, 9), round(my, 9)
        return mx, my

    def to_lonlat(self, mx, my):
        return self.projection.inverse(*self.mm_to_km(mx, my))

    def to_geo(self) -> dict:
        """The ``geo:`` block of a map file."""
        out = self.projection.to_dict()
        out.update({"hex_km": _r(self.hex_km), "hex_mm": _r(self.hex_mm),
                    "origin_km": [_r(self.origin_km[0]), _r(self.origin_km[1])]})
        return out

    @classmethod
    def from_geo(cls, geo: dict, hex_mm: float | None = None) -> BoardProjection:
        """Rebuild from a map's ``geo:`` block (raises ValueError if it is not one of ours)."""
        if not isinstance(geo, dict) or geo.get("projection") != "laea":
            raise ValueError("the geo block does not describe a 'laea' projection")
        try:
            proj = LambertAzimuthalEqualArea(float(geo["lon_0"]), float(geo["lat_0"]),
                                             float(geo.get("radius_km", EARTH_RADIUS_KM)))
            ox, oy = geo["origin_km"]
            return cls(proj, float(geo["hex_km"]), float(hex_mm if hex_mm is not None else geo["hex_mm"]),
                       (float(ox), float(oy)))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the geo block is incomplete: {exc}") from None


def _r(v: float) -> float:
    """Round for the file: 6 decimals is 0.1 m on the ground, stable across platforms."""
    return round(float(v), 6)
