"""The designer's report in figures: does a map play well?

The board in figures; race statistics (the chance that a drawn race is forbidden, the
distances of the allowed races, the expected Expres prizes); per city its mean distances and
the cheapest paths through it; a cheap network joining all cities; for every start city the
cost of reaching its nearest cities; the path heat of every hex. All as JSON-ready data:
``mapkit report`` prints it (:mod:`mapkit.render.report`) or writes it as JSON.
"""

from __future__ import annotations

__all__ = ["map_figures", "build_report"]


def map_figures(m) -> dict:
    """The map in figures: board, hexes per terrain, river, border and ridge edges, cities,
    race numbers used, regions (``mapkit info`` and the report's first section)."""
    from collections import Counter

    from ..model import TERRAINS

    counts = Counter(m.terrain.values())
    return {
        "name": m.name,
        "grid": {"orientation": m.grid.orientation, "offset": m.grid.offset,
                 "columns": m.grid.columns, "rows": m.grid.rows, "hex_mm": m.grid.hex_mm},
        "terrain": {t: counts.get(t, 0) for t in TERRAINS},
        "edges": {k: len(m.edge_set(k)) for k in ("rivers", "borders", "ridges")},
        "cities": len(m.cities),
        "numbers": len(m.used_numbers()),
        "regions": [r.name for r in m.regions],
    }


def _mean(values) -> float | None:
    vs = [v for v in values if v is not None]
    return round(sum(vs) / len(vs), 3) if vs else None


def build_report(m, costs=None, min_distance=None, heat_metric="build", nearest=5, map_name="",
                 show_progress: bool | None = False) -> dict:
    """Every figure of the report as JSON-ready data (hexes by name). ``show_progress``: a bar
    on standard error (None: when it is a terminal; it shows only after half a second)."""
    from ..grid import edge_name, hex_name
    from ..progress import progress
    from .cells import Board
    from .distances import city_table, stranded_cities
    from .network import heat_by_name, nearest_cities, path_heat, steiner_network
    from .stats import race_stats

    with progress(5, "report", "step", show=show_progress) as bar:
        board = Board(m, costs=costs)
        steps = city_table(m, "steps", board=board)
        build = city_table(m, "build", board=board)
        bar.update()
        races = race_stats(m, min_distance, steps)
        bar.update()
        hexes, through = path_heat(m, heat_metric, board=board)
        bar.update()
        # Cities without numbers that no city reaches (special-race targets abroad) take no part
        # in races: they are named, not measured, and the network does not try to join them.
        stranded = {c.name for c in stranded_cities(steps)}
        network = steiner_network(m, board=board, cities=[c for c in m.cities if c.name not in stranded])
        bar.update()
        starts = nearest_cities(m, build, nearest)
        bar.update()
    n = len(m.cities)
    cities = []
    for i, c in enumerate(m.cities):
        if c.name in stranded:
            continue
        cities.append({
            "name": c.name, "hex": hex_name(c.hex), "numbers": list(c.numbers),
            "mean_steps": _mean(steps.matrix[i][j] for j in range(n) if j != i),
            "mean_build": _mean(build.matrix[i][j] for j in range(n) if j != i),
            "on_paths": round(through.get(c.name, 0.0), 3),
        })
    draws = races["draws"]
    return {
        "map": map_name,
        "figures": map_figures(m),
        "races": {
            "min": races["min"],
            "p_forbidden": draws["p_forbidden"],
            "draws": {"total": draws["total"], "forbidden": draws["forbidden"]},
            "distinct_pairs": draws["distinct_pairs"],
            "histogram": [[d, k] for d, k in races["histogram"].items()],
            "expected_winner_prize": races["expected_winner_prize"],
            "expected_second_prize": races["expected_second_prize"],
            "starts_without_race": races["starts_without_race"],
        },
        "cities": cities,
        "stranded": [c.name for c in m.cities if c.name in stranded],
        "network": {"method": network["method"], "cost": network["cost"],
                    "pieces": network["pieces"], "groups": network["groups"],
                    "edges": [edge_name(e) for e in network["edges"]]},
        "start_cities": starts,
        "heat": {"metric": heat_metric, "hexes": heat_by_name(hexes)},
    }

