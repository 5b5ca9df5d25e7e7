"""Test boards with a known truth, for the picture importer's tests and benchmark.

- :mod:`~mapkit.testing.maps`: random maps (:func:`random_map`);
- :mod:`~mapkit.testing.drawing`: a drawer of board pictures independent of mapkit's renderer
  (:func:`draw_board`, :func:`random_style`, :func:`dampfross_style`);
- :mod:`~mapkit.testing.damage`: a scanner's or a phone camera's damage (:func:`degrade`);
- :mod:`~mapkit.testing.scoring`: how well an imported map matches the truth (:func:`score`,
  :func:`rates`, :func:`map_differences`).

None of it is used by mapkit itself; it is here (not among the tests) so that the benchmark in
``benchmarks/`` draws the same boards as the tests.
"""

from .damage import Degradation, degrade, random_degradation, random_photo, random_shadow
from .drawing import (DAMPFROSS, SUPERSAMPLE, BoardStyle, board_geometry, dampfross_style,
                      draw_board, random_style)
from .maps import CITY_NAMES, REGION_MOVES, random_map, regional_numbers
from .scoring import add_scores, map_differences, rates, score

__all__ = ["Degradation", "degrade", "random_degradation", "random_photo", "random_shadow",
           "DAMPFROSS", "SUPERSAMPLE", "BoardStyle", "board_geometry", "dampfross_style",
           "draw_board", "random_style", "CITY_NAMES", "REGION_MOVES", "random_map",
           "regional_numbers", "add_scores", "map_differences", "rates", "score"]
