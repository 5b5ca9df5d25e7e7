"""The grid stage's data: what the user knows (:class:`Hints`), what was found
(:class:`GridFit`), and the error when there is no grid (:class:`NoGridError`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError
from ..grid import Grid
from .sampling import apply_affine

__all__ = ["Hints", "GridFit", "NoGridError", "SIDE_DIRECTIONS"]

# Unit steps to the six neighbours of a pointy hex in grid units (y down).
SIDE_DIRECTIONS = np.array([[math.cos(math.radians(a)), math.sin(math.radians(a))]
                            for a in (0, 60, 120, 180, 240, 300)])


class NoGridError(InputError):
    """The picture shows no hex grid (or too little of one)."""


@dataclass
class Hints:
    """What the user knows about the grid; ``None`` = find it."""

    orientation: str | None = None
    offset: str | None = None
    columns: int | None = None
    rows: int | None = None
    hex_px: float | None = None


@dataclass
class GridFit:
    """A grid found in a picture: ``affine`` (2 x 3) maps grid units (``Grid.centre_mm`` at
    ``hex_mm = 1``) to pixels ``(x, y)``."""

    grid: Grid
    affine: np.ndarray
    hex_px: float
    rotation: float
    line_score: float
    outline: dict = field(default_factory=dict)   # Hex -> number of its sides showing a line
    # Taken at a slant: the straightened picture all refers to, and how far (hex units) the
    # hexes as taken stood from any flat grid. Otherwise None and 0.
    picture: np.ndarray | None = None
    slant: float = 0.0

    def centre_px(self, h) -> tuple[float, float]:
        x, y = apply_affine(self.affine, np.array(self.grid.centre_mm(h)))
        return float(x), float(y)
