"""A river that runs along a state border is drawn beside the border line, on the side of the
neighbouring state, so that a player (and mapkit import) sees both; elsewhere rivers stay on
the hex sides. Positions are worked out here from the hex geometry of docs/map-format.md
(pointy hexes, ``hex_mm`` between centres, odd rows pushed right by half a hex), not taken
from the renderer."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from tests.support import run_here

SVG = "{http://www.w3.org/2000/svg}"
HEX_MM = 14.0
SIZE = HEX_MM / math.sqrt(3)          # centre to corner


def centre(col: int, row: int) -> tuple[float, float]:
    """A hex centre in board millimetres (A1 at half a hex from the left, a corner's
    distance from the top)."""
    return (HEX_MM / 2 + HEX_MM * col + (HEX_MM / 2 if row % 2 else 0.0), SIZE + 1.5 * SIZE * row)


def side(a, b):
    """The side two neighbouring hexes share: its two corners (those of ``a`` nearest ``b``)."""
    ca, cb = centre(*a), centre(*b)
    corners = [(ca[0] + SIZE * math.cos(math.radians(60 * i - 30)),
                ca[1] + SIZE * math.sin(math.radians(60 * i - 30))) for i in range(6)]
    return sorted(corners, key=lambda p: math.dist(p, cb))[:2]


MAP = """version: 1
name: Riverland
grid: {orientation: pointy, offset: odd, columns: 6, rows: 4, hex_mm: 14}
terrain:
  default: plain
  foreign: [E1, F1, E2, F2, E3, F3, E4, F4]
rivers: [{name: Odra, edges: [D2/E2, D2/E3, C3/D3]}]
borders: [{name: CZ-PL, edges: [D1/E1, D2/E2, D2/E3, D3/E3, D4/E4, D4/E3]}]
"""


def _path_points(svg_text: str, path_id: str) -> list[tuple[float, float]]:
    """The points of a path of the board group (drawn in board millimetres: the group is
    moved by the coordinate margin)."""
    root = ET.fromstring(svg_text)
    path = next(el for el in root.iter(f"{SVG}path") if el.get("id") == path_id)
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
    return list(zip(nums[::2], nums[1::2], strict=False))


def _distance_to_line(p, a, b) -> float:
    """Signed distance of ``p`` from the line through ``a`` and ``b``."""
    (x1, y1), (x2, y2) = a, b
    return ((x2 - x1) * (y1 - p[1]) - (x1 - p[0]) * (y2 - y1)) / math.dist(a, b)


def test_a_river_along_a_border_is_drawn_beside_it_on_the_foreign_side(tmp_path):
    src = tmp_path / "riverland.yaml"
    src.write_text(MAP, encoding="utf-8")
    out = tmp_path / "board.svg"
    r = run_here("render", src, "-o", out, "--paper", "fit")
    assert r.returncode == 0, r.stderr
    svg = out.read_text(encoding="utf-8")
    river = _path_points(svg, "rivers")
    border = _path_points(svg, "borders")
    # The style's widths (docs/rendering.md): border 1.0 mm, river 0.95 mm, 0.3 mm between.
    away = 1.0 / 2 + 0.95 / 2 + 0.3
    d2, e2, e3 = (3, 1), (4, 1), (4, 2)          # D2, E2, E3 (columns from 0, rows from 0)
    for foreign in (e2, e3):
        a, b = side(d2, foreign)
        # The river's points beside this side: at ``away`` from its line, towards the
        # foreign hex's centre; the border's on the line itself.
        towards = math.copysign(1.0, _distance_to_line(centre(*foreign), a, b))
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        near = [p for p in river if math.dist(p, mid) < SIZE]
        assert near and all(abs(_distance_to_line(p, a, b) - towards * away) < 0.02 for p in near)
        assert min(abs(_distance_to_line(p, a, b)) for p in border if math.dist(p, mid) < SIZE) < 0.01
    # C3/D3 carries a river and no border: drawn on the side, corner to corner.
    a, b = side((2, 2), (3, 2))
    assert any(math.dist(p, a) < 0.01 for p in river) and any(math.dist(p, b) < 0.01 for p in river)
