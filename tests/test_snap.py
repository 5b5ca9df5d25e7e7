"""Snapping drawn lines onto chains of hex edges (mapkit.snap).

Expected chains are worked out by hand on the hex layouts; continuity is checked with the
grid's own side geometry (two consecutive edges share an end point), independently of the
corner bookkeeping in the module.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mapkit.grid import Grid, edge, edge_name
from mapkit.snap import (corner_point, corners_of_hex, edges_to_polylines, snap_polyline_to_corners,
                            snap_polyline_to_edges)

LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]


def names(edges):
    return [edge_name(e) for e in edges]


def shares_end(g, e0, e1) -> bool:
    a = g.edge_segment_mm(e0)
    b = g.edge_segment_mm(e1)
    return any(math.dist(p, q) < 1e-6 for p in a for q in b)


def test_line_between_two_rows_of_pointy_hexes():
    # Pointy/odd: row 3 (index 2) is not pushed, row 4 is. A line a quarter hex below the
    # centres of B3..E3 runs through the bottom tips of B3..E3, so it follows the zigzag of
    # sides between row 3 and row 4: B3|B4, C3|B4, C3|C4, D3|C4, D3|D4, E3|D4.
    g = Grid("pointy", "odd", 6, 5)
    (x0, y0), (x1, y1) = g.centre_mm((1, 2)), g.centre_mm((4, 2))
    k = 0.75 * g.size_mm
    got = snap_polyline_to_edges(g, [(x0, y0 + k), (x1, y1 + k)])
    assert names(got) == ["B3/B4", "B4/C3", "C3/C4", "C4/D3", "D3/D4", "D4/E3"]


def test_line_between_two_columns_of_flat_hexes():
    # Flat/odd: column D (index 3) is pushed down. A vertical line three quarters of a hex
    # right of C2..C4's centres runs through their right tips: sides C2|D2, C3|D2, C3|D3, C4|D3.
    g = Grid("flat", "odd", 6, 6)
    (x0, y0), (x1, y1) = g.centre_mm((2, 1)), g.centre_mm((2, 3))
    k = 0.75 * g.size_mm
    got = snap_polyline_to_edges(g, [(x0 + k, y0), (x1 + k, y1)])
    assert names(got) == ["C2/D2", "C3/D2", "C3/D3", "C4/D3"]


def test_line_leaving_the_board_is_clipped():
    g = Grid("pointy", "odd", 3, 3)
    # Along the top rim of A1..C1: every side there has a hex off the board.
    y = g.centre_mm((0, 0))[1] - 0.75 * g.size_mm
    assert snap_polyline_to_edges(g, [(g.centre_mm((0, 0))[0], y), (g.centre_mm((2, 0))[0], y)]) == []
    unclipped = snap_polyline_to_edges(g, [(g.centre_mm((0, 0))[0], y), (g.centre_mm((2, 0))[0], y)], clip=False)
    assert len(unclipped) == 4 and all(not g.is_edge(e) for e in unclipped)


def test_degenerate_lines():
    g = Grid("flat", "even", 4, 4)
    assert snap_polyline_to_edges(g, []) == []
    assert snap_polyline_to_edges(g, [(5.0, 5.0)]) == []
    c = corner_point(g, corners_of_hex(g, (1, 1))[0])
    assert snap_polyline_to_edges(g, [c, (c[0] + 0.01, c[1])]) == []
    with pytest.raises(ValueError):
        snap_polyline_to_edges(g, [(0.0, 0.0), (math.nan, 1.0)])


def test_spurs_are_removed_unless_asked_for():
    g = Grid("pointy", "odd", 5, 5)
    c0, c1 = corners_of_hex(g, (2, 2))[0], corners_of_hex(g, (2, 2))[1]
    p0, p1 = corner_point(g, c0), corner_point(g, c1)
    there_and_back = [p0, p1, p0]
    assert snap_polyline_to_edges(g, there_and_back) == []
    assert len(snap_polyline_to_edges(g, there_and_back, spurs=True)) == 1


@st.composite
def edge_sets(draw):
    orientation, offset = draw(st.sampled_from(LAYOUTS))
    cols = draw(st.integers(2, 9))
    rows = draw(st.integers(2, 9))
    g = Grid(orientation, offset, cols, rows, hex_mm=draw(st.sampled_from([10.0, 14.0, 19.5])))
    all_edges = sorted(g.edges())
    chosen = draw(st.sets(st.sampled_from(all_edges), max_size=25))
    return g, chosen


@given(edge_sets())
def test_polylines_of_an_edge_set_snap_back_to_it(case):
    g, edges = case
    lines = edges_to_polylines(g, edges)
    back = set()
    for line in lines:
        got = snap_polyline_to_edges(g, line)
        # Each line is one continuous chain along its edges.
        assert len(got) == len(line) - 1
        assert all(shares_end(g, a, b) for a, b in zip(got, got[1:], strict=False))
        back |= set(got)
    assert back == set(edges)


@st.composite
def freehand(draw):
    orientation, offset = draw(st.sampled_from(LAYOUTS))
    g = Grid(orientation, offset, draw(st.integers(3, 10)), draw(st.integers(3, 10)))
    w, h = g.bounds_mm()
    pts = draw(st.lists(st.tuples(st.floats(0, w), st.floats(0, h)), min_size=2, max_size=6))
    return g, pts


def _distance_to_polyline(p, pts) -> float:
    best = math.inf
    for a, b in zip(pts, pts[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = dx * dx + dy * dy
        t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
        best = min(best, math.dist(p, (a[0] + t * dx, a[1] + t * dy)))
    return best


@given(freehand())
def test_freehand_lines_give_continuous_chains_close_to_the_line(case):
    g, pts = case
    corners = snap_polyline_to_corners(g, pts)
    got = snap_polyline_to_edges(g, pts, clip=False)
    # The corners form a walk along hex sides: consecutive corners one side apart, and the
    # side between them is the grid's own segment of that edge.
    sides = []
    for c0, c1 in zip(corners, corners[1:], strict=False):
        p0, p1 = corner_point(g, c0), corner_point(g, c1)
        assert math.dist(p0, p1) == pytest.approx(g.size_mm)
        e = edge(*sorted(set(c0) & set(c1)))
        seg = g.edge_segment_mm(e)
        assert all(min(math.dist(p, q) for q in seg) < 1e-6 for p in (p0, p1))
        sides.append(e)
    # The edges are those sides, each once, in walking order (a line that runs back over
    # itself meets its own edges again; they are not repeated).
    assert got == list(dict.fromkeys(sides))
    if len(set(sides)) == len(sides):
        assert all(shares_end(g, a, b) for a, b in zip(got, got[1:], strict=False))
    for e in got:
        (ax, ay), (bx, by) = g.edge_segment_mm(e)
        # A side's midpoint is never more than about one hex size from the drawn line.
        assert _distance_to_polyline(((ax + bx) / 2, (ay + by) / 2), pts) <= 1.3 * g.size_mm
    # No wild detours: at most about two sides per hex size of line length, plus the ends.
    length = sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))
    assert len(got) <= 2 * length / g.size_mm + 4


def test_closed_loop_around_a_hex():
    g = Grid("flat", "even", 5, 5)
    ring = [corner_point(g, c) for c in corners_of_hex(g, (2, 2))]
    got = snap_polyline_to_edges(g, ring + ring[:1])
    assert sorted(got) == sorted(edge((2, 2), n) for n in g.neighbours((2, 2)))
