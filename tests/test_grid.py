"""The hex grid: names, neighbours, distances, lines and geometry in all four layouts.

Expected values are worked out by hand from the layout definitions of map-format.md
(pointy rows / flat columns, odd or even ones pushed half a hex).
"""

from __future__ import annotations

import math
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mapkit.grid import (Grid, Hex, HexNameError, column_index, column_name, connected_pieces, edge, edge_name,
                         hex_name, parse_edge, parse_hex)

LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]
S = 14 / math.sqrt(3)  # centre-to-corner radius of a 14 mm hex


def names(hexes):
    return sorted(hex_name(h) for h in hexes)


# -- names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name,hex_", [
    ("A1", (0, 0)), ("C4", (2, 3)), ("Z1", (25, 0)), ("AA12", (26, 11)), ("AB3", (27, 2)),
    ("AZ10", (51, 9)), ("BA1", (52, 0)), ("ZZ2", (701, 1)), ("AAA1", (702, 0)),
])
def test_hex_names_both_ways(name, hex_):
    assert parse_hex(name) == hex_
    assert hex_name(hex_) == name
    assert parse_hex(name.lower()) == hex_


@pytest.mark.parametrize("bad", ["", "A", "1", "A0", "1A", "A-1", "Ä1", "A1B", "A 1", None, 12])
def test_malformed_hex_names_are_refused(bad):
    with pytest.raises(HexNameError):
        parse_hex(bad)


def test_edge_is_order_independent():
    a, b = parse_hex("H7"), parse_hex("H8")
    assert edge(a, b) == edge(b, a)
    assert edge_name(edge(b, a)) == "H7/H8"
    assert parse_edge("H8/H7") == parse_edge("h7/h8")
    with pytest.raises(HexNameError):
        parse_edge("H7-H8")
    with pytest.raises(HexNameError):
        parse_edge("H7/H8/H9")


@given(st.integers(0, 20000))
def test_column_names_round_trip(col):
    assert column_index(column_name(col)) == col


# -- neighbours: hand-worked for every layout --------------------------------------------------

@pytest.mark.parametrize("layout,expected", [
    # odd-r: row 2 (index 1) is pushed right, so B2 touches B1 C1 above and B3 C3 below.
    (("pointy", "odd"), ["A2", "B1", "B3", "C1", "C2", "C3"]),
    # even-r: row 2 (index 1) is not pushed, rows 1 and 3 are: B2 touches A1 B1 and A3 B3.
    (("pointy", "even"), ["A1", "A2", "A3", "B1", "B3", "C2"]),
    # odd-q: column B (index 1) is pushed down: B2 touches A2 A3 and C2 C3 at the sides.
    (("flat", "odd"), ["A2", "A3", "B1", "B3", "C2", "C3"]),
    # even-q: column B is not pushed, A and C are: B2 touches A1 A2 and C1 C2.
    (("flat", "even"), ["A1", "A2", "B1", "B3", "C1", "C2"]),
])
def test_neighbours_of_b2(layout, expected):
    g = Grid(*layout, columns=5, rows=5)
    assert names(g.neighbours(parse_hex("B2"))) == expected


@pytest.mark.parametrize("layout,expected", [
    # A1 in the corner: where its own row/column is pushed it also touches B2.
    (("pointy", "odd"), ["A2", "B1"]),
    (("pointy", "even"), ["A2", "B1", "B2"]),
    (("flat", "odd"), ["A2", "B1"]),
    (("flat", "even"), ["A2", "B1", "B2"]),
])
def test_corner_hex_has_few_neighbours(layout, expected):
    g = Grid(*layout, columns=5, rows=5)
    assert names(g.neighbours(parse_hex("A1"))) == expected


@pytest.mark.parametrize("layout,a,b,d", [
    (("pointy", "odd"), "A1", "E4", 6),   # 3 steps down cover 1.5 columns, then 3 across
    (("pointy", "odd"), "A1", "A3", 2),
    (("pointy", "even"), "A1", "A3", 2),
    (("pointy", "even"), "A1", "E1", 4),
    (("flat", "odd"), "A1", "C1", 2),     # A1 -> B1 (pushed down, so adjacent) -> C1
    (("flat", "odd"), "A1", "A4", 3),
    (("flat", "even"), "A1", "B1", 1),
    (("flat", "even"), "B1", "C1", 1),
    (("flat", "even"), "A1", "E3", 4),    # A1 -> B2 -> C2 -> D3 -> E3 (A, C, E pushed down)
])
def test_distance_hand_worked(layout, a, b, d):
    g = Grid(*layout, columns=8, rows=8)
    assert g.distance(parse_hex(a), parse_hex(b)) == d
    assert g.distance(parse_hex(b), parse_hex(a)) == d


# -- geometry: hand-worked centres -------------------------------------------------------------

@pytest.mark.parametrize("layout,name,centre", [
    (("pointy", "odd"), "A1", (7, S)),
    (("pointy", "odd"), "B2", (7 + 14 * 1.5, 2.5 * S)),      # pushed by half a hex
    (("pointy", "even"), "A1", (14, S)),                      # row 1 pushed
    (("pointy", "even"), "A2", (7, 2.5 * S)),
    (("flat", "odd"), "A1", (S, 7)),
    (("flat", "odd"), "B1", (2.5 * S, 14)),                   # column B pushed down
    (("flat", "even"), "A1", (S, 14)),
    (("flat", "even"), "B1", (2.5 * S, 7)),
])
def test_centres_hand_worked(layout, name, centre):
    g = Grid(*layout, columns=4, rows=4, hex_mm=14)
    x, y = g.centre_mm(parse_hex(name))
    assert x == pytest.approx(centre[0]) and y == pytest.approx(centre[1])


@pytest.mark.parametrize("layout", LAYOUTS)
def test_adjacent_centres_are_hex_mm_apart_and_share_a_side(layout):
    g = Grid(*layout, columns=7, rows=6, hex_mm=17.5)
    for a, b in g.edges():
        (ax, ay), (bx, by) = g.centre_mm(a), g.centre_mm(b)
        assert math.hypot(ax - bx, ay - by) == pytest.approx(17.5)
        p, q = g.edge_segment_mm((a, b))
        assert math.hypot(p[0] - q[0], p[1] - q[1]) == pytest.approx(g.size_mm)
        # The shared side's midpoint is halfway between the centres.
        assert ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) == pytest.approx(((ax + bx) / 2, (ay + by) / 2))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_board_fits_its_bounds_and_polygons_tile_without_overlap(layout):
    g = Grid(*layout, columns=6, rows=5, hex_mm=10)
    w, h = g.bounds_mm()
    polys = [g.polygon(x) for x in g.hexes()]
    for p in polys:
        minx, miny, maxx, maxy = p.bounds
        assert minx >= -1e-9 and miny >= -1e-9 and maxx <= w + 1e-9 and maxy <= h + 1e-9
    area = sum(p.area for p in polys)
    from shapely.ops import unary_union

    assert unary_union(polys).area == pytest.approx(area)   # no overlaps
    assert polys[0].area == pytest.approx(3 * math.sqrt(3) / 2 * g.size_mm ** 2)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_pixels_scale_with_dpi(layout):
    g = Grid(*layout, columns=3, rows=3, hex_mm=25.4)
    x, y = g.centre_mm((1, 1))
    assert g.centre_px((1, 1), 300) == pytest.approx((x / 25.4 * 300, y / 25.4 * 300))


# -- properties ----------------------------------------------------------------------------------

boards = st.tuples(st.sampled_from(LAYOUTS), st.integers(1, 12), st.integers(1, 12))


@given(boards)
def test_neighbourhood_is_symmetric(board):
    layout, cols, rows = board
    g = Grid(*layout, columns=cols, rows=rows)
    for h in g.hexes():
        for n in g.neighbours(h):
            assert h in g.neighbours(n)
            assert g.adjacent(h, n) and g.distance(h, n) == 1


@given(boards)
def test_interior_hexes_have_six_neighbours(board):
    layout, cols, rows = board
    g = Grid(*layout, columns=cols, rows=rows)
    for h in g.hexes():
        if 0 < h.col < cols - 1 and 0 < h.row < rows - 1:
            assert len(set(g.neighbours(h))) == 6


def _bfs(g, start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in g.neighbours(h):
            if n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


@given(boards, st.data())
def test_cube_distance_equals_bfs_steps_on_an_open_board(board, data):
    layout, cols, rows = board
    # On a rectangle of offset hexes the shortest path never needs to leave the board, so
    # cube distance and BFS over the board agree.
    g = Grid(*layout, columns=cols, rows=rows)
    start = Hex(data.draw(st.integers(0, cols - 1)), data.draw(st.integers(0, rows - 1)))
    for h, d in _bfs(g, start).items():
        assert g.distance(start, h) == d


@given(boards, st.data())
def test_lines_are_chains_of_adjacent_hexes(board, data):
    layout, cols, rows = board
    g = Grid(*layout, columns=cols, rows=rows)
    a = Hex(data.draw(st.integers(0, cols - 1)), data.draw(st.integers(0, rows - 1)))
    b = Hex(data.draw(st.integers(0, cols - 1)), data.draw(st.integers(0, rows - 1)))
    line = g.line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == g.distance(a, b) + 1
    assert all(g.adjacent(p, q) for p, q in zip(line, line[1:], strict=False))


@given(boards, st.data())
def test_coordinates_round_trip(board, data):
    layout, cols, rows = board
    g = Grid(*layout, columns=cols, rows=rows)
    h = Hex(data.draw(st.integers(-5, cols + 5)), data.draw(st.integers(-5, rows + 5)))
    assert g.from_axial(g.to_axial(h)) == h
    assert g.from_cube(g.to_cube(h)) == h
    assert sum(g.to_cube(h)) == 0
    assert g.hex_at_mm(*g.centre_mm(h)) == h
    if h in g:
        assert g.hex_at(g.index(h)) == h


@pytest.mark.parametrize("seed", range(20))
def test_connected_pieces_are_networkx_connected_components(seed):
    # The reference: networkx's connected components of the same graph, in the same order
    # (each piece's first node in the order given); `near` here is one-sided and reaches
    # nodes not given, which the pieces leave out.
    import random

    import networkx as nx

    rng = random.Random(seed)
    nodes = rng.sample(range(200), rng.randint(0, 120))
    links = {n: [rng.randrange(220) for _ in range(rng.randint(0, 3))] for n in range(200)}
    g = nx.Graph()
    g.add_nodes_from(nodes)
    g.add_edges_from((n, m) for n in nodes for m in links[n] if m in g)
    assert connected_pieces(nodes, links.__getitem__) == list(nx.connected_components(g))
