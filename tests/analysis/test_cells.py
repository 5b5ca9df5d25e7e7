"""The compiled board: the same neighbours as the grid, the same costs as CostModel."""

from __future__ import annotations

import pytest

from mapkit.analysis.cells import Board
from mapkit.analysis.costs import CostModel
from mapkit.analysis.search import path_to, search_from
from tests.analysis.test_distances import LAYOUTS, random_map


@pytest.mark.parametrize("orientation, offset", LAYOUTS)
@pytest.mark.parametrize("seed", [0, 1])
def test_neighbours_and_costs_match_grid_and_cost_model(orientation, offset, seed):
    m = random_map(900 + seed, orientation, offset, 9, 8)
    for bc in (False, True):
        for ej in (5, 7):
            cm = CostModel(m, border_crossing=bc, river_between_mountains=ej)
            b = Board(m, costs=cm)
            cells = [b.cell(h) for h in m.grid.hexes()]
            assert len(set(cells)) == len(cells)
            assert all(b.hex(c) == h for c, h in zip(cells, m.grid.hexes(), strict=False))
            for metric in ("steps", "build", "travel"):
                for h in m.grid.hexes():
                    got = dict(b.neighbours(h, metric))
                    want = {n: cm.cost(metric, h, n) for n in m.grid.neighbours(h)}
                    want = {n: w for n, w in want.items() if w is not None}
                    assert got == want, (metric, str(h))


def test_cells_off_the_board():
    m = random_map(1, "flat", "odd", 4, 3)
    b = Board(m)
    assert b.cell((4, 0)) == -1 and b.cell((-1, 0)) == -1
    assert b.neighbours((9, 9), "steps") == []


def test_paths_from_predecessors():
    m = random_map(2, "pointy", "odd", 7, 5)
    b = Board(m)
    src = b.cell(m.cities[0].hex)
    dist, pred = search_from(b, src, "build", preds=True)
    for h in m.grid.hexes():
        c = b.cell(h)
        p = path_to(pred, c, dist)
        if dist[c] == 2**31 - 1:
            assert p == []
            continue
        assert p[0] == src and p[-1] == c
        steps = [dict(b.neighbours(b.hex(x), "build"))[b.hex(y)] for x, y in zip(p, p[1:], strict=False)]
        assert sum(steps) == dist[c]
