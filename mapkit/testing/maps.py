"""Random maps with a known truth, for testing the picture importer.

A plausible board from a seed: mountains, lakes, a foreign state behind a border, rivers
along hex edges, named cities carrying the 36 race numbers (some two or three), numbered by
region as the published boards are.

>>> m = random_map(7, 8, 6, "flat", "even")
>>> (m.grid.columns, m.grid.rows, m.grid.orientation, m.grid.offset)
(8, 6, 'flat', 'even')
>>> random_map(7, 8, 6, "flat", "even") == m      # same seed, same map
True
"""

from __future__ import annotations

import random

import numpy as np

from ..grid import Grid, Hex, edge
from ..model import ALL_RACE_NUMBERS, City, EdgeSet, Map

__all__ = ["random_map", "regional_numbers", "CITY_NAMES", "REGION_MOVES"]

CITY_NAMES = (
    "Praha", "Plzeň", "Brno", "Ostrava", "Olomouc", "Liberec", "Ústí nad Labem", "Zlín",
    "Jindřichův Hradec", "Hradec Králové", "České Budějovice", "Pardubice", "Jihlava", "Kolín",
    "Wrocław", "Częstochowa", "Kraków", "Łódź", "Gdańsk", "Poznań", "Lübeck", "München",
    "Nürnberg", "Köln", "Düsseldorf", "Würzburg", "Görlitz", "Žilina", "Košice", "Győr",
    "Linz", "Graz", "Salzburg", "Regensburg", "Chemnitz", "Dresden", "Leipzig", "Bamberg",
    "Opava", "Třebíč", "Písek", "Tábor", "Kladno", "Most", "Cheb", "Znojmo", "Přerov", "Děčín",
)


# -- the truth -----------------------------------------------------------------------------
def random_map(seed: int, columns: int, rows: int, orientation: str = "pointy",
               offset: str = "odd", cities: int | None = None,
               numbering: str = "regional") -> Map:
    """A random but plausible board: mountains, lakes, a foreign state behind a border,
    rivers along hex edges, cities that carry race numbers (some carry two or three).

    ``numbering``: ``regional`` as on the published boards (cities that share a tens digit
    lie together: :func:`regional_numbers`), or ``shuffled`` (any number anywhere, as a
    board with no such plan). The two give the same map but for the numbers."""
    if numbering not in ("regional", "shuffled"):
        raise ValueError(f"numbering is regional or shuffled, not {numbering!r}")
    rng = random.Random(seed)
    grid = Grid(orientation, offset, columns, rows)
    terrain = _random_terrain(rng, grid)
    borders, rivers = _random_edges(rng, grid, terrain)
    chosen, counts, names, codes = _random_cities(rng, grid, terrain, borders, cities)
    if numbering == "regional":
        # Its own stream: the map is the same as shuffled but for which number is where.
        numbers = regional_numbers(grid, chosen, counts, random.Random(seed * 7919 + 101))
    else:
        numbers = []
        for k in counts:
            numbers.append(tuple(sorted(codes[:k])))
            del codes[:k]
    out = [City(names[i] if i < len(names) else f"Town {i + 1}", h, nums)
           for i, (h, nums) in enumerate(zip(chosen, numbers, strict=False))]
    border_sets = [EdgeSet(frozenset(borders), "Border")] if borders else []
    return Map(grid=grid, terrain=terrain, rivers=rivers, borders=border_sets,
               cities=out, meta={"name": f"synthetic {seed}"})


def _random_terrain(rng, grid: Grid) -> dict:
    """Plain land with a foreign state along one side (a ragged boundary), mountains and lakes."""
    hexes = list(grid.hexes())
    terrain = {h: "plain" for h in hexes}
    columns, rows = grid.columns, grid.rows

    def blob(kind: str, size: int, allowed=("plain",)):
        start = rng.choice(hexes)
        if terrain[start] not in allowed:
            return
        grown = [start]
        terrain[start] = kind
        for _ in range(size * 4):
            if len(grown) >= size:
                break
            h = rng.choice(grown)
            n = rng.choice(grid.neighbours(h))
            if terrain[n] in allowed:
                terrain[n] = kind
                grown.append(n)

    n = len(hexes)
    if rng.random() < 0.85:
        side = rng.choice(("left", "right", "top", "bottom"))
        depth = max(1, int((columns if side in ("left", "right") else rows) * rng.uniform(0.12, 0.25)))
        for h in hexes:
            c, r = h
            pos = {"left": c, "right": columns - 1 - c, "top": r, "bottom": rows - 1 - r}[side]
            if pos < depth + rng.choice((-1, 0, 0, 1)):
                terrain[h] = "foreign"
    for _ in range(max(1, n // 60)):
        blob("mountain", rng.randint(3, 10))
    for _ in range(max(1, n // 150)):
        blob("water", rng.randint(2, 7))
    if rng.random() < 0.5:
        blob("mountain", rng.randint(2, 5), allowed=("foreign",))  # hills abroad stay foreign
    return terrain


def _random_edges(rng, grid: Grid, terrain: dict) -> tuple[set, list[EdgeSet]]:
    """The border round the foreign state (or a line of border edges) and a few rivers."""
    land = {h for h, t in terrain.items() if t in ("plain", "mountain")}
    foreign = {h for h, t in terrain.items() if t == "foreign"}
    borders = {edge(a, b) for a in land for b in grid.neighbours(a) if b in foreign}
    if not borders and rng.random() < 0.7:
        borders = set(_edge_path(rng, grid, terrain, rng.randint(4, 10), set()))
    rivers: list[EdgeSet] = []
    used = set(borders)
    for i in range(rng.randint(1, 2 + len(terrain) // 120)):
        path = _edge_path(rng, grid, terrain, rng.randint(4, 14), used)
        if len(path) >= 3:
            used |= set(path)
            rivers.append(EdgeSet(frozenset(path), f"River {i + 1}"))
    return borders, rivers


def _random_cities(rng, grid: Grid, terrain: dict, borders: set, cities: int | None):
    """City hexes (land at least two steps apart, all in the largest piece of home land, so
    every city reaches every other without crossing a border), how many race numbers each
    carries, and the shuffled names and race numbers to give them."""
    hexes = list(grid.hexes())
    want = cities if cities is not None else max(3, min(36, len(hexes) // 14))
    piece = _largest_land(grid, terrain, borders)
    spots = [h for h in hexes if h in piece
             and (terrain[h] == "plain" or (terrain[h] == "mountain" and rng.random() < 0.3))]
    rng.shuffle(spots)
    chosen: list[Hex] = []
    for h in spots:
        if len(chosen) >= want:
            break
        if all(grid.distance(h, c) >= 2 for c in chosen):
            chosen.append(h)
    codes = list(ALL_RACE_NUMBERS)
    rng.shuffle(codes)
    names = list(CITY_NAMES)
    rng.shuffle(names)
    extra = max(0, min(len(codes), 36) - len(chosen)) if len(chosen) >= 12 else 0
    counts = []
    for _h in chosen:
        k = 1
        if extra and rng.random() < 0.3:
            k = min(3, 1 + min(extra, rng.randint(1, 2)))
            extra -= k - 1
        counts.append(k)
    return chosen, counts, names, codes


REGION_MOVES = 8       # times each region's centre is moved to its cities' mean


def _fill_regions(dist: np.ndarray, counts: list, cap: list):
    """Each city (row of ``dist``, its distances to the regions' centres) to a region with
    room for its numbers, the nearest pairs first; cities with two or three numbers first,
    so that each fits whole: the region of each city (None: none had room)."""
    n, regions = dist.shape
    cap = list(cap)
    region: list = [None] * n
    for i in sorted((i for i in range(n) if counts[i] > 1), key=lambda i: (-counts[i], i)):
        fits = [r for r in range(regions) if cap[r] >= counts[i]] or [int(np.argmax(cap))]
        region[i] = min(fits, key=lambda r: dist[i, r])
        cap[region[i]] -= counts[i]
    for _d, i, r in sorted((float(dist[i, r]), i, r) for i in range(n) for r in range(regions)):
        if region[i] is None and cap[r] >= counts[i]:
            region[i] = r
            cap[r] -= counts[i]
    return region


def regional_numbers(grid: Grid, places: list, counts: list, rng) -> list[tuple]:
    """Race numbers for cities at ``places`` carrying ``counts`` numbers each, laid out as
    on the published boards: the cities that share a tens digit lie close together (the
    tens digit is a region, docs/rules.md, The board), and a city's numbers share one.

    Six regions start at cities far apart (each next one the city farthest from those
    chosen); each city goes to the nearest region with room for its numbers (an even share
    of them each; cities with two or three numbers first, so that each fits whole), and
    each region's centre moves to its cities' mean, ``REGION_MOVES`` times over. Which
    region gets which tens digit, and which city which units digit, is random.

    >>> g = Grid("pointy", "odd", 6, 6)
    >>> places = [(c, r) for c in range(6) for r in range(6)]          # a city on every hex
    >>> nums = regional_numbers(g, places, [1] * 36, random.Random(1))
    >>> sorted(n for ns in nums for n in ns) == sorted(ALL_RACE_NUMBERS)
    True
    >>> def mean_distance(same_tens):
    ...     d = [g.distance(a, b) for a, x in zip(places, nums) for b, y in zip(places, nums)
    ...          if a < b and (x[0] // 10 == y[0] // 10 or not same_tens)]
    ...     return round(sum(d) / len(d), 2)
    >>> mean_distance(True), mean_distance(False)     # one region's cities: 1.5 hexes apart
    (1.49, 3.25)
    """
    n = len(places)
    total = sum(counts)
    regions = min(6, n)
    cap = [total // regions + (1 if r < total % regions else 0) for r in range(regions)]
    xy = np.array([grid.centre_mm(h) for h in places], dtype=float)
    seeds = [rng.randrange(n)]
    while len(seeds) < regions:
        far = np.min(np.linalg.norm(xy[:, None, :] - xy[seeds][None, :, :], axis=2), axis=1)
        seeds.append(int(np.argmax(far)))
    centres = xy[seeds].copy()
    weight = np.array(counts, dtype=float)
    for _ in range(REGION_MOVES):
        dist = np.linalg.norm(xy[:, None, :] - centres[None, :, :], axis=2)
        region = _fill_regions(dist, counts, cap)
        for r in range(regions):
            members = [i for i in range(n) if region[i] == r]
            if members:
                centres[r] = np.average(xy[members], axis=0, weights=weight[members])
    tens = rng.sample(range(1, 7), 6)
    pools = [[10 * tens[r] + u for u in rng.sample(range(1, 7), 6)] for r in range(6)]
    out = []
    for i in range(n):
        r = region[i] if region[i] is not None else 0
        nums = []
        for _ in range(counts[i]):
            # A region short of numbers (only when the counts cannot be split evenly)
            # lends from the nearest region that has some.
            src = r if pools[r] else min((q for q in range(regions) if pools[q]),
                                         key=lambda q: dist[i, q])
            nums.append(pools[src].pop())
        out.append(tuple(sorted(nums)))
    return out


def _largest_land(grid: Grid, terrain, borders) -> set:
    land = {h for h, t in terrain.items() if t in ("plain", "mountain")}
    best: set = set()
    seen: set = set()
    for start in sorted(land):
        if start in seen:
            continue
        comp, todo = {start}, [start]
        seen.add(start)
        while todo:
            h = todo.pop()
            for n in grid.neighbours(h):
                if n in land and n not in seen and edge(h, n) not in borders:
                    seen.add(n)
                    comp.add(n)
                    todo.append(n)
        if len(comp) > len(best):
            best = comp
    return best


def _edge_path(rng, grid: Grid, terrain, length: int, avoid: set) -> list:
    """A connected run of hex sides (a river): each next side shares a corner with the last."""
    hexes = [h for h in grid.hexes() if terrain[h] in ("plain", "mountain", "foreign")]
    for _ in range(30):
        a = rng.choice(hexes)
        nbs = [b for b in grid.neighbours(a) if terrain[b] != "water"]
        if not nbs:
            continue
        b = rng.choice(nbs)
        e = edge(a, b)
        if e in avoid:
            continue
        common = [c for c in grid.neighbours_all(a) if grid.adjacent(c, b)]
        came = rng.choice(common)
        path = [e]
        seen = {e}
        while len(path) < length:
            a, b = path[-1]
            ahead = [c for c in grid.neighbours_all(a) if grid.adjacent(c, b) and c != came]
            if not ahead:
                break
            c = ahead[0]
            options = [edge(a, c), edge(b, c)]
            rng.shuffle(options)
            nxt = None
            for o in options:
                x, y = o
                if (grid.is_edge(o) and o not in seen and o not in avoid
                        and terrain[x] != "water" and terrain[y] != "water"):
                    nxt = o
                    break
            if nxt is None:
                break
            came = b if nxt == edge(a, c) else a
            path.append(nxt)
            seen.add(nxt)
        if len(path) >= 3:
            return path
    return []
