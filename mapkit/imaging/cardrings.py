"""TransAmerica's board (``mapkit render --style transamerica``, the kit's ``board.pdf``): the
card cities ringed in their card's colour (:func:`find_card_rings` -> :class:`CardRings`),
and the picture with the rings painted out (:func:`paint_out`), so that the rest of the board
is read as mapkit's colour look that it is. ``docs/import.md``, "TransAmerica's board".

The look draws a card city's ring where mapkit's board draws a city's red outline: a hexagon
set inside the hex, its middle ``RING_DEPTH`` of the hex spacing in from the sides (the
style's ``city_inset`` plus half its ``city_width``: 0.825 mm of 14), its stroke
``RING_HALF_WIDTH`` either side. Each hex is sampled along that hexagon (the tuning
constants are in :mod:`.params`: ``CARD_ALONG`` points along each side, at ``CARD_ACROSS``
depths either side of it: a fit a pixel off); a side shows a colour when most of its points,
at the depth that shows it best, lie within ``CARD_LAB`` CIELAB units of that card colour and
nearer it than any other. A hex ringed on
``CARD_SIDES`` of its six sides in one colour is a card city of that colour, unless the same
colour shows further in, ``INNER_DEPTH`` ring half widths, on ``INNER_SIDES`` of its sides (a
hex filled with the colour: a drawer's green mountains or dark blue water). A board is
TransAmerica's when its rings come in ``CARD_LOOK_COLOURS`` colours or more, each on
``CARD_LOOK_RINGS`` hexes at least (mapkit's board rings its cities in red only; a hex ringed
by a river on five sides may read as one blue ring).

>>> import numpy as np
>>> from mapkit.grid import Grid
>>> from mapkit.imaging.gridtypes import GridFit
>>> g = Grid("pointy", "odd", 3, 2, 1.0)
>>> fit = GridFit(g, np.array([[40.0, 0, 0], [0, 40.0, 0]]), 40.0, 0.0, 1.0)
>>> rgb = np.full((80, 140, 3), 255, dtype=np.uint8)
>>> xy = np.stack(np.meshgrid(np.arange(140), np.arange(80)), -1) / 40.0
>>> ring = np.abs(hex_depth(xy, np.array(g.centre_mm((1, 0))), g.orientation) - RING_DEPTH) <= RING_HALF_WIDTH
>>> rgb[ring] = (46, 125, 50)                                 # a green ring round B1
>>> found = find_card_rings(rgb, fit)
>>> found.colours, found.is_card_board()
({Hex(col=1, row=0): 'green'}, False)
>>> int((paint_out(rgb, fit, found) != 255).sum())
0
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..grid import Hex
from . import params as P
from .colour import srgb_to_lab
from .sampling import apply_affine, sample

__all__ = ["CARD_COLOURS", "CardRings", "find_card_rings", "paint_out", "card_board", "hex_depth", "RING_DEPTH",
           "RING_HALF_WIDTH", "CARD_LOOK"]

# The name ``--legend`` gives the look.
CARD_LOOK = "transamerica"
# The cards' colours, in the published game's order, as mapkit prints them
# (mapkit.render.style.NAMED_COLOURS).
CARD_COLOURS = ("red", "orange", "yellow", "green", "blue")
# The ring's middle, in from the hex's sides, and its half width, as shares of the hex spacing
# (mapkit.render.style: city_inset 0.5 mm + city_width 0.65 mm / 2, of 14 mm).
RING_DEPTH = 0.5 - (0.5 + 0.65 / 2) / 14.0
RING_HALF_WIDTH = 0.65 / 2 / 14.0



@dataclass
class CardRings:
    """The card cities found: hex -> colour name, and each one's share of sides showing it."""

    colours: dict = field(default_factory=dict)
    shares: dict = field(default_factory=dict)

    def is_card_board(self) -> bool:
        """Whether the rings come in enough colours to be TransAmerica's board."""
        counts = Counter(self.colours.values())
        return sum(n >= P.CARD_LOOK_RINGS for n in counts.values()) >= P.CARD_LOOK_COLOURS


def _card_labs() -> np.ndarray:
    from ..render.style import named_colour

    inks = [named_colour(c) for c in CARD_COLOURS]
    return srgb_to_lab(np.array([[int(h[i:i + 2], 16) for i in (1, 3, 5)] for h in inks], dtype=np.uint8))


def _normals(orientation: str) -> np.ndarray:
    """The six sides' outward unit normals (grid units, y down): pointy hexes have sides
    facing 0, 60, ... degrees, flat ones 30, 90, ..."""
    start = 0.0 if orientation == "pointy" else math.pi / 6
    a = start + np.arange(6) * (math.pi / 3)
    return np.stack([np.cos(a), np.sin(a)], axis=1)


def hex_depth(pts: np.ndarray, centre: np.ndarray, orientation: str) -> np.ndarray:
    """How far points ``(..., 2)`` (grid units) lie from a hex's centre in the hex's own
    measure: the largest projection on its sides' normals (0.5 on its sides)."""
    return ((pts - centre)[..., None, :] * _normals(orientation)).sum(-1).max(-1)


def _ring_pattern(orientation: str, depths: np.ndarray) -> np.ndarray:
    """Sample offsets from a hex's centre, grid units, along the sides of the hexagons
    ``depths`` in from the hex's sides: (side 6, depth k, along n, 2)."""
    normals = _normals(orientation)
    tangents = np.stack([-normals[:, 1], normals[:, 0]], axis=1)
    half_side = RING_DEPTH * math.tan(math.pi / 6)
    along = np.linspace(-0.8, 0.8, P.CARD_ALONG) * half_side
    return (depths[None, :, None, None] * normals[:, None, None, :]
            + along[None, None, :, None] * tangents[:, None, None, :])


def _sides_showing(rgb: np.ndarray, fit, centres: np.ndarray, depths: np.ndarray) -> np.ndarray:
    """(hexes, 5): on how many of its six sides each hex shows each card colour, each side at
    the depth of ``depths`` that shows it best."""
    pattern = _ring_pattern(fit.grid.orientation, depths)
    pts = apply_affine(fit.affine, centres[:, None, None, None, :] + pattern[None])
    lab = srgb_to_lab(sample(rgb, pts[..., 0], pts[..., 1]))             # (h, 6, k, n, 3)
    dist = np.linalg.norm(lab[..., None, :] - _card_labs(), axis=-1)      # (h, 6, k, n, 5)
    nearest = dist.argmin(axis=-1)
    shows = (dist.min(axis=-1) < P.CARD_LAB)[..., None] & (nearest[..., None] == np.arange(len(CARD_COLOURS)))
    side_share = shows.mean(axis=3).max(axis=2)                            # (h, 6, 5)
    return (side_share >= P.CARD_POINTS).sum(axis=1)


def find_card_rings(rgb: np.ndarray, fit) -> CardRings:
    """The hexes of the board ``fit`` found in ``rgb`` that are ringed in a card's colour (and
    not filled with it)."""
    grid = fit.grid
    hexes = list(grid.hexes())
    centres = np.array([grid.centre_mm(h) for h in hexes])
    sides = _sides_showing(rgb, fit, centres, RING_DEPTH + np.array(P.CARD_ACROSS) / fit.hex_px)
    inner = _sides_showing(rgb, fit, centres, np.array([RING_DEPTH - P.INNER_DEPTH * RING_HALF_WIDTH]))
    sides = np.where(inner >= P.INNER_SIDES, 0, sides)
    best = sides.argmax(axis=1)
    out = CardRings()
    for i in np.nonzero(sides.max(axis=1) >= P.CARD_SIDES)[0]:
        h = Hex(*hexes[i])
        out.colours[h] = CARD_COLOURS[best[i]]
        out.shares[h] = float(sides[i, best[i]] / 6)
    return out


def paint_out(rgb: np.ndarray, fit, rings: CardRings) -> np.ndarray:
    """A copy of ``rgb`` with every ring found painted in its hex's own fill (the median
    colour just inside it), so that the colour look's reader sees a plain junction there."""
    out = rgb.copy()
    grid = fit.grid
    inv = np.linalg.inv(np.vstack([fit.affine, [0.0, 0.0, 1.0]]))[:2]
    reach = RING_HALF_WIDTH + P.PAINT_MARGIN_PX / fit.hex_px
    h_px, w_px = rgb.shape[:2]
    for h in rings.colours:
        centre = np.array(grid.centre_mm(h))
        box = apply_affine(fit.affine, centre + np.array([[-0.6, -0.6], [0.6, -0.6], [-0.6, 0.6], [0.6, 0.6]]))
        x0, y0 = np.maximum(np.floor(box.min(axis=0)).astype(int), 0)
        x1, y1 = np.minimum(np.ceil(box.max(axis=0)).astype(int) + 1, [w_px, h_px])
        if x0 >= x1 or y0 >= y1:
            continue
        xy = np.stack(np.meshgrid(np.arange(x0, x1), np.arange(y0, y1)), axis=-1).astype(float)
        depth = hex_depth(apply_affine(inv, xy), centre, grid.orientation)
        window = out[y0:y1, x0:x1]
        inside = (depth >= RING_DEPTH - P.FILL_DEPTH[1]) & (depth <= RING_DEPTH - P.FILL_DEPTH[0])
        if not inside.any():
            continue
        fill = np.median(window[inside], axis=0).astype(np.uint8)
        window[np.abs(depth - RING_DEPTH) <= reach] = fill
    return out


def card_board(rgb: np.ndarray, fit, asked: bool, path: str = "") -> tuple[np.ndarray, CardRings | None, list[str]]:
    """``(picture to read, rings, notes)``: when the board is TransAmerica's (``asked``:
    ``--legend transamerica``; else when its rings come in enough colours), the picture with
    its rings painted out and the rings found; else the picture as it is and None."""
    rings = find_card_rings(rgb, fit)
    if not (asked or rings.is_card_board()):
        return rgb, None, []
    kinds = len(set(rings.colours.values()))
    how = "as asked (--legend transamerica)" if asked else f"its city rings come in {kinds} colours"
    return paint_out(rgb, fit, rings), rings, [
        f"{path}: read as TransAmerica's board ({how}): {len(rings.colours)} card cities ringed in "
        f"{kinds} colours, written as rules.city_cards; the rest read in mapkit's colour look"]
