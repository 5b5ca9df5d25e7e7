"""Ferry lines (:func:`read_ferries` -> :class:`FerryReading`): ``mapkit render`` draws a ferry
as a dashed line from its port city's side to the centre of a hex, straight across the hexes,
with a dot at the far end. A river runs along hex sides; a ferry runs centre to centre, and
where its course happens to lie along a side (two hexes apart across a corner) it would pass
for a river there: :func:`ferry_edges` names those sides so the rivers leave them alone.
See ``docs/import.md``, "Ferries".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from . import params as P
from .colour import LUMA
from .mixing import unmix
from .sampling import HexPicture, linear_at

__all__ = ["FerryReading", "read_ferries", "ferry_edges"]


@dataclass(frozen=True)
class FerryReading:
    """A ferry line seen: from the port city's hex to the hex with the dot, how sure (0..1)."""

    port: tuple
    to: tuple
    confidence: float


def _shares(pic: HexPicture, pts, fill, inks) -> np.ndarray:
    """The ferry colour's share at grid points ``pts`` (..., 2) over ``fill`` (..., 3); with
    the ink None (a board without colour: the ferry is black), how much darker than the fill.
    ``inks``: (the ferry's colour, the ink)."""
    colour, ink = inks
    xy = pic.pixels(pts)
    flat = xy.reshape(-1, 2)
    lin = linear_at(pic.rgb, xy) * pic.light.gains(flat[:, 0], flat[:, 1]).reshape(xy.shape[:-1] + (3,))
    if ink is None:
        return np.clip(1.0 - (lin @ LUMA) / np.maximum(fill @ LUMA, 1e-3), 0.0, 1.0)
    a, _b, miss = unmix(lin, fill, colour, ink)
    return np.where(miss < P.MISS_FULL, a, 0.0)


def _dot_hexes(pic: HexPicture, inks) -> np.ndarray:
    """Indices of the hexes with the ferry colour all round their centre: a ferry's end."""
    ang = np.linspace(0.0, 2 * np.pi, P.FERRY_DOT_ANGLES, endpoint=False)
    ring = P.FERRY_DOT_PROBE * np.stack([np.cos(ang), np.sin(ang)], axis=1)
    pts = pic.centres[:, None, :] + ring[None, :, :]
    share = _shares(pic, pts, pic.fills[:, None, :], inks)
    return np.nonzero(share.min(axis=1) >= P.FERRY_SHARE)[0]


def _course(pic: HexPicture, ends: tuple, near, inks) -> np.ndarray:
    """Per step along the line from port ``c0`` to ``c1`` (``ends``, from the port's side to
    before the dot; ``near``: the hexes it may cross): the ferry colour's share (the best of
    three places across the line; without the ink, a board without colour, the least, as a
    black line covers all three and a texture's dots and lines do not)."""
    c0, c1 = ends
    centres = pic.centres
    d = float(np.linalg.norm(c1 - c0))
    u = (c1 - c0) / d
    n = np.array([-u[1], u[0]])
    along = np.arange(0.5 + P.FERRY_END_CLEAR, d - P.FERRY_DOT_PROBE - P.FERRY_END_CLEAR, P.FERRY_STEP)
    across = np.array([-1.0, 0.0, 1.0]) * P.FERRY_ACROSS
    pts = c0 + along[:, None, None] * u + across[None, :, None] * n
    own = near[np.argmin(((pts[:, 1, None, :] - centres[near][None]) ** 2).sum(-1), axis=1)]
    shares = _shares(pic, pts, pic.fills[own][:, None, :], inks)
    return shares.max(axis=1) if inks[1] is not None else shares.min(axis=1)


def read_ferries(pic: HexPicture, grid, cities: Iterable, colour, ink) -> list[FerryReading]:
    """The ferry lines drawn in ``colour`` from the ``cities`` to hexes with a dot at the end
    (``pic``: the board as read); ``ink`` the black the colour is told from (None: a board
    without colour, the ferries black)."""
    hexes, centres = pic.hexes, pic.centres
    index = {h: i for i, h in enumerate(hexes)}
    inks = (colour, ink)
    out = []
    for t in _dot_hexes(pic, inks):
        to = hexes[t]
        for port in sorted(cities):
            if port == to or grid.distance(port, to) > P.FERRY_REACH:
                continue
            path = grid.line(port, to)
            near = sorted({index[x] for h in path for x in [h, *grid.neighbours(h)] if x in index})
            shares = _course(pic, (centres[index[port]], centres[t]), np.array(near), inks)
            # (shown all along: in each third of the course; a course too short to sample shows none)
            thirds = np.array_split(shares >= P.FERRY_SHARE, 3)
            shown = min((float(part.mean()) for part in thirds if len(part)), default=0.0)
            if shown >= P.FERRY_SHOWN:
                conf = float(min(1.0, (shown - P.FERRY_SHOWN) / P.CONFIDENCE_SPAN))
                out.append(FerryReading(port, to, conf))
    return out


def ferry_edges(grid, edges: list, ferries: list[FerryReading]) -> list[int]:
    """Indices into ``edges`` of the hex sides a ferry's course runs along (both corners on it)."""
    if not ferries:
        return []
    corners = np.array([grid.edge_segment_mm(e) for e in edges])      # (edge, end, xy)
    hit = np.zeros(len(edges), dtype=bool)
    for f in ferries:
        c0, c1 = np.array(grid.centre_mm(f.port)), np.array(grid.centre_mm(f.to))
        d = float(np.linalg.norm(c1 - c0))
        u = (c1 - c0) / d
        s = (corners - c0) @ u
        off = np.abs((corners - c0) @ np.array([-u[1], u[0]]))
        on = (off <= P.FERRY_ON_SIDE) & (s >= 0.5 - P.FERRY_ON_SIDE) & (s <= d + P.FERRY_ON_SIDE)
        hit |= on.all(axis=1)
    return [int(i) for i in np.nonzero(hit)[0]]
