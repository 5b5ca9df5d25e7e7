"""How well an imported map matches the map its picture was drawn from.

>>> from mapkit.testing.maps import random_map
>>> m = random_map(3, 6, 5)
>>> s = score(m, m)
>>> (s["grid"], s["terrain_ok"] == s["hexes"], s["city_fn"], s["numbers_ok"] == s["cities"])
(1, True, 0, True)
>>> any(map_differences(m, m).values())
False
"""

from __future__ import annotations

from ..model import Map

__all__ = ["score", "add_scores", "rates", "map_differences"]


def score(truth: Map, got: Map) -> dict:
    """How well ``got`` (an imported map) matches ``truth``, hex by hex and edge by edge.

    Counts, so that boards can be summed: ``grid`` (1 when layout and size match; then the
    rest compares hex by hex), ``hexes``/``terrain_ok``, per edge kind ``tp``/``fp``/``fn``,
    cities ``city_tp``/``city_fp``/``city_fn``, and ``numbers_ok`` (true cities read with
    exactly their race numbers) of ``cities``, ``names_ok`` (true cities read with their
    name).
    """
    tg, gg = truth.grid, got.grid
    out = {"boards": 1, "grid": 0, "hexes": len(tg), "terrain_ok": 0, "cities": len(truth.cities),
           "city_tp": 0, "city_fp": 0, "city_fn": len(truth.cities), "numbers_ok": 0,
           "names_ok": 0}
    for kind in ("rivers", "borders"):
        n = len(truth.edge_set(kind))
        out.update({f"{kind}_tp": 0, f"{kind}_fp": 0, f"{kind}_fn": n})
    if (tg.orientation, tg.offset, tg.columns, tg.rows) != (gg.orientation, gg.offset, gg.columns, gg.rows):
        return out
    out["grid"] = 1
    out["terrain_ok"] = sum(1 for h in tg.hexes() if truth.terrain[h] == got.terrain[h])
    for kind in ("rivers", "borders"):
        t, g = truth.edge_set(kind), got.edge_set(kind)
        out[f"{kind}_tp"], out[f"{kind}_fp"], out[f"{kind}_fn"] = len(t & g), len(g - t), len(t - g)
    th = {c.hex: c for c in truth.cities}
    gh = {c.hex: c for c in got.cities}
    out["city_tp"] = len(th.keys() & gh.keys())
    out["city_fp"] = len(gh.keys() - th.keys())
    out["city_fn"] = len(th.keys() - gh.keys())
    out["numbers_ok"] = sum(1 for h, c in th.items()
                            if h in gh and tuple(sorted(gh[h].numbers)) == tuple(sorted(c.numbers)))
    out["names_ok"] = sum(1 for h, c in th.items() if h in gh and gh[h].name == c.name)
    return out


def add_scores(a: dict, b: dict) -> dict:
    return {k: a.get(k, 0) + b.get(k, 0) for k in set(a) | set(b)}


def rates(s: dict) -> dict:
    """Fractions from summed counts: terrain accuracy, precision and recall, city and number
    accuracy (None where nothing was there to count)."""
    def frac(a, b):
        return a / b if b else None

    out = {"grid": frac(s.get("grid", 0), s.get("boards", 0)),
           "terrain": frac(s.get("terrain_ok", 0), s.get("hexes", 0))}
    for kind in ("rivers", "borders"):
        tp, fp, fn = s.get(f"{kind}_tp", 0), s.get(f"{kind}_fp", 0), s.get(f"{kind}_fn", 0)
        out[f"{kind}_precision"] = frac(tp, tp + fp)
        out[f"{kind}_recall"] = frac(tp, tp + fn)
    tp, fp, fn = s.get("city_tp", 0), s.get("city_fp", 0), s.get("city_fn", 0)
    out["cities"] = frac(tp, tp + fp + fn)
    out["numbers"] = frac(s.get("numbers_ok", 0), s.get("cities", 0))
    out["names"] = frac(s.get("names_ok", 0), s.get("cities", 0))
    return out


def map_differences(truth: Map, got: Map) -> dict:
    """What ``got`` has wrong against ``truth``, item by item: lists of hexes or edges
    (``grid``, ``terrain``, ``rivers missed``/``extra``, ``borders missed``/``extra``,
    ``cities missed``/``extra``, ``numbers``, ``names``); all empty for the same map. Only
    ``grid`` is filled when the grids differ (nothing else can be compared)."""
    tg, gg = truth.grid, got.grid
    if (tg.orientation, tg.offset, tg.columns, tg.rows) != (gg.orientation, gg.offset, gg.columns, gg.rows):
        return {"grid": [f"{gg.orientation} {gg.offset} {gg.columns}x{gg.rows}"]}
    out = {"grid": [], "terrain": [h for h in tg.hexes() if truth.terrain[h] != got.terrain[h]]}
    for kind in ("rivers", "borders"):
        t, g = truth.edge_set(kind), got.edge_set(kind)
        out[f"{kind} missed"] = sorted(t - g)
        out[f"{kind} extra"] = sorted(g - t)
    th = {c.hex: c for c in truth.cities}
    gh = {c.hex: c for c in got.cities}
    out["cities missed"] = sorted(th.keys() - gh.keys())
    out["cities extra"] = sorted(gh.keys() - th.keys())
    both = sorted(th.keys() & gh.keys())
    out["numbers"] = [h for h in both if sorted(th[h].numbers) != sorted(gh[h].numbers)]
    out["names"] = [h for h in both if th[h].name != gh[h].name]
    return out
