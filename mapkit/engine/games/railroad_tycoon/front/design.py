"""Railroad Tycoon's data for a map: the ``rules.railroad_tycoon`` section, made from the map's
own cities and geography (docs/rules.md, Railroad Tycoon; docs/map-format.md). ``mapkit design
--rules railroad-tycoon`` and ``scripts/railroad_tycoon_data.py`` (the bundled maps) call
:func:`section`.

The rules (deterministic: the one random part, the colour search, is seeded):

- **The cities of the game** are the map's cities on home land. A city on foreign land (the
  Czech map's red-cross cities abroad) is grey with no goods: track stops on the first hex
  beyond the border (``rules.stop_at_border``), so no train could fetch or bring a good there.
- **Size** of a city: its race numbers first (the map's own measure of its weight: New York
  three codes, Praha three), then its population in GeoNames (the place data the map was made
  from, found by the city's ``lon``/``lat``; without the ``geo`` extra, race numbers alone).
- **Distances** are steps over passable hexes, as in the map's distance table.
- **Western Link**: of the home cities with at least three passable hexes due west of them
  (the Western Link's way off the board), those within a hex of the westernmost (the next
  westernmost while fewer than two); of them the two nearest the middle row of the cities
  (Kansas City and Des Moines are neither the north nor the south of their edge).
- **Card cities** (the cities the action and task cards name, docs/rules.md, Railroad Tycoon). On a map that
  has most of them (the eastern USA), a missing card city gets a nearby map city (great-circle
  distance from the real place), nearest pairs first: Kansas City the Western Link city nearest
  to it; a first-delivery city (Toronto, Raleigh, Duluth) the nearest city that stands for no
  other card, so that its reward is its own; any other (Minnesota) the nearest city that stands
  for no other missing card. On another map each card city gets a city by its role:
  New York the biggest city; Kansas City the westernmost Western Link city; Chicago the biggest
  city between them (the hub the Western Link's goods go to, as Chicago lies between Kansas
  City and New York). Every other card city goes to the free city nearest to its place in the
  eastern USA carried to the same relative place within the box of the map's home cities
  (north-west stays north-west, the Gulf coast becomes the south), nearest pairs first; the
  other four hotels (Boston, Baltimore, Atlanta, Charleston) before the rest and among the six
  biggest free cities only, since a hotel pays on every delivery to its city. So the connection
  cards join cities that lie, in relation to the board, as the originals do.
- **Colours**: a quarter of the home cities, rounded, are grey: the smallest ones that no card
  needs coloured (a card city of a hotel or of a first delivery must be a city one can deliver
  to). The rest take the five colours in counts that differ by one at the most (red, blue,
  purple, yellow, black in that order take the extra ones), the five biggest coloured cities
  one colour each (so no colour owns the hubs). Among those colourings the script keeps the one
  with the least sum, over every home city and colour, of the squared steps to the nearest
  other city of that colour: a hill climb by swapping the colours of two cities, from 24
  seeded random starts.
- **Goods** at set-up: by size rank among the home cities, the biggest 30 % three cubes, the
  smallest 25 % one cube, the others two; grey cities included, so that no city starts empty
  (the game ends on a count of empty cities).
- **Free build** (the card that builds for free on green hexes): seven plain home hexes, no
  city on them, around the middle of the longest gap between two neighbouring home cities
  (a relative-neighbourhood pair: no third city nearer to both), where the middle hex is plain
  and two steps from every city. That is the remotest stretch track still has a reason to cross;
  a corner far from every city would make the card worthless.

Why this makes a fair game: a good is a random colour from the bag and lies in any city, so
what matters is how far a player has to haul it. With every colour spread by the search above,
from every city each colour has a city a few steps away, in every part of the board: no region
owns a colour (nobody's start is the only market for one) and no colour is a long haul from
one region. The hubs take five different colours, so the big goods piles and the busy hotels do
not all feed one colour; grey cities are the small ones, left for the found-a-city action. The
summary printed shows it: for each colour, the mean steps from its cities to the nearest city of
each colour.
"""
from __future__ import annotations

import math
import random
from collections import deque

from mapkit.errors import InputError
from mapkit.grid import Hex, hex_name

__all__ = ["KEY", "COLOURS", "GREY", "Board", "section", "home_cities"]

KEY = "railroad_tycoon"
COLOURS = ("red", "blue", "purple", "yellow", "black")
GREY = "grey"
GREY_SHARE = 0.25
GOODS_BIG, GOODS_SMALL = 0.30, 0.25          # shares of the home cities with 3 and with 1 cube
WEST_ROOM = 3                                # passable hexes due west of a Western Link city
FREE_BUILD_HEXES = 7
SEED, STARTS = 1830, 24

# The cities the cards name (docs/rules.md, Railroad Tycoon), with their real places (lon, lat).
CARD_PLACES = {
    "New York": (-74.006, 40.714), "Chicago": (-87.650, 41.850), "New Orleans": (-90.075, 29.955),
    "Minnesota": (-93.264, 44.980),          # the card's Minnesota: Minneapolis
    "Baltimore": (-76.612, 39.290), "Detroit": (-83.046, 42.331), "Atlanta": (-84.388, 33.749),
    "Richmond": (-77.460, 37.554), "Boston": (-71.060, 42.358), "Washington": (-77.036, 38.895),
    "Kansas City": (-94.579, 39.100), "Toronto": (-79.416, 43.700), "Raleigh": (-78.639, 35.772),
    "Louisville": (-85.759, 38.254), "Mobile": (-88.043, 30.694), "Duluth": (-92.107, 46.783),
    "Jacksonville": (-81.656, 30.332), "Charleston": (-79.933, 32.776),
}
# Cards that need a city one can deliver to (a coloured city): hotels and first deliveries.
HOTELS = ("New York", "Charleston", "Baltimore", "Atlanta", "Boston", "Chicago")
FIRST_DELIVERY = ("Toronto", "Raleigh", "Louisville", "Mobile", "Duluth", "Jacksonville")


# -- the map -------------------------------------------------------------------------------------

def home_cities(m) -> list:
    """The cities of the game: those on home land (not foreign terrain, not tagged abroad)."""
    return [c for c in m.cities if m.terrain_at(c.hex) != "foreign" and "abroad" not in c.tags]


def populations(m) -> dict[str, int]:
    """GeoNames population of each city found by its lon/lat (empty without the geo extra)."""
    placed = [(c.lon, c.lat) for c in m.cities if c.lon is not None and c.lat is not None]
    if not placed:
        return {}
    # only the places around the cities: a place found is within 0.00005 degrees of its city
    box = (min(x for x, _ in placed) - 0.001, min(y for _, y in placed) - 0.001,
           max(x for x, _ in placed) + 0.001, max(y for _, y in placed) + 0.001)
    try:
        from mapkit.geo import sources

        places = sources.places([], 15000, box)
    except Exception:  # noqa: BLE001 - the geo extra is optional: race numbers alone then
        return {}
    at = {(round(p.lon, 4), round(p.lat, 4)): p.population for p in places}
    return {c.name: at[(round(c.lon, 4), round(c.lat, 4))] for c in m.cities
            if c.lon is not None and (round(c.lon, 4), round(c.lat, 4)) in at}


def steps_from(m, start) -> dict:
    """Steps from hex ``start`` to every passable hex (breadth first)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in m.grid.neighbours(h):
            if n not in dist and m.is_passable(n):
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


class Board:
    """What the rules read from a map: home cities by size, steps between them, hex x."""

    def __init__(self, m):
        self.m = m
        self.home = home_cities(m)
        pop = populations(m)
        self.population = pop
        self.size = {c.name: (len(c.numbers), pop.get(c.name, 0)) for c in self.home}
        self.by_size = sorted(self.home, key=lambda c: (-self.size[c.name][0], -self.size[c.name][1], c.name))
        self.steps = {c.name: steps_from(m, c.hex) for c in self.home}
        self.named = {c.name: c for c in self.home}

    def d(self, a: str, b: str) -> int:
        return self.steps[a].get(self.named[b].hex, 10**6)

    def x(self, name: str) -> float:
        return self.m.grid.centre_mm(self.named[name].hex)[0]


# -- the parts of the section ---------------------------------------------------------------------

def western_link(b: Board) -> list[str]:
    """Two western cities with WEST_ROOM passable hexes due west of them: those within a hex
    of the westernmost such city (the next westernmost while fewer than two), the two nearest
    the middle row of the home cities, west first."""
    g = b.m.grid
    hex_mm = g.centre_mm((1, 0))[0] - g.centre_mm((0, 0))[0]

    def room(c) -> int:
        x, y = g.centre_mm(c.hex)
        n = 0
        while n < WEST_ROOM:
            h = g.hex_at_mm(x - (n + 1) * hex_mm, y)
            if h not in g or not b.m.is_passable(h) or b.m.city_at(h) is not None:
                break
            n += 1
        return n

    west = sorted((c for c in b.home if room(c) >= WEST_ROOM), key=lambda c: (b.x(c.name), c.name))
    near = [c for c in west if b.x(c.name) <= b.x(west[0].name) + hex_mm + 1e-6]
    near += west[len(near):2]
    middle = sum(g.centre_mm(c.hex)[1] for c in b.home) / len(b.home)
    two = sorted(near, key=lambda c: (abs(g.centre_mm(c.hex)[1] - middle), b.x(c.name), c.name))[:2]
    return [c.name for c in sorted(two, key=lambda c: (b.x(c.name), c.name))]


def _greedy(pairs) -> dict[str, tuple[str, float]]:
    """Card city -> (map city, distance) from (distance, card, city) triples, nearest first,
    each card and each city once."""
    out: dict[str, tuple[str, float]] = {}
    used: set[str] = set()
    for dist, card, city in sorted(pairs):
        if card not in out and city not in used:
            out[card] = (city, dist)
            used.add(city)
    return out


def _between(b: Board, west: str, hub: str) -> tuple[str, str]:
    """The biggest city lying between ``west`` and ``hub`` from west to east, and why; where
    none does (the biggest city on the west coast, as Amsterdam), the city nearest to that
    stretch, the bigger first among equally near ones."""
    lo, hi = sorted((b.x(west), b.x(hub)))
    others = [c.name for c in b.by_size if c.name not in (west, hub)]
    if not others:
        raise InputError("Railroad Tycoon needs three home cities at least")
    off = {n: max(0.0, lo - b.x(n), b.x(n) - hi) for n in others}
    best = min(others, key=lambda n: off[n] > 0)     # by_size order: the biggest between first
    if off[best] == 0:
        return best, "the biggest city between"
    best = min(others, key=lambda n: off[n])
    return best, "no city lies between them: the city nearest to the stretch between"


def card_cities(b: Board, link: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """The stand-ins of the card cities and a line of reason for each."""
    from mapkit.geo.projection import great_circle_km

    names = set(b.named)
    present = [n for n in CARD_PLACES if n in names]
    if len(present) * 2 > len(CARD_PLACES):
        # The eastern USA: a missing city gets a nearby map city. Kansas City: the Western
        # Link city nearest to it. A first delivery: the nearest city that stands for no other
        # card (its reward is its own). Any other: the nearest city that stands for no other
        # missing card. Nearest pairs first within each of these three steps.
        out: dict[str, str] = {}
        why: dict[str, str] = {}
        here = {c.name: (c.lon, c.lat) for c in b.home}
        missing = [n for n in CARD_PLACES if n not in names]

        def settle(cards, allowed, reason):
            pairs = [(great_circle_km(*CARD_PLACES[n], *here[c]), n, c) for n in cards for c in allowed]
            for n, (c, km) in _greedy(pairs).items():
                out[n] = c
                why[n] = f"{c}: {reason} ({km:.0f} km)"

        if "Kansas City" in missing:
            settle(["Kansas City"], link, "the Western Link city nearest to Kansas City")
        settle([n for n in missing if n in FIRST_DELIVERY],
               [c for c in here if c not in CARD_PLACES and c not in out.values()],
               "the nearest map city that stands for no other card")
        settle([n for n in missing if n not in out],
               [c for c in here if c not in out.values()],
               "the nearest map city that stands for no other missing card")
        return {n: out[n] for n in CARD_PLACES if n in out}, why
    out = {}
    why = {}
    ny = b.by_size[0].name
    out["New York"] = ny
    why["New York"] = f"{ny}: the biggest city, the hub as New York is"
    kc = link[0]
    out["Kansas City"] = kc
    why["Kansas City"] = f"{kc}: the westernmost Western Link city, on the western edge as Kansas City is"
    hub, reason = _between(b, kc, ny)
    out["Chicago"] = hub
    why["Chicago"] = (f"{hub}: {reason} {kc} and {ny}, the hub the Western Link's goods go to, as Chicago "
                      "lies between Kansas City and New York")
    # The others: their place in the eastern USA carried to the same relative place here;
    # the four other hotels first, among the six biggest free cities (a hotel pays on every
    # delivery to its city, so it belongs on a big one), then the rest among all free cities.
    scale = math.cos(math.radians(38.0))
    usa = [(lon * scale, lat) for lon, lat in CARD_PLACES.values()]
    here_scale = math.cos(math.radians(sum(c.lat for c in b.home) / len(b.home)))
    here = {c.name: (c.lon * here_scale, c.lat) for c in b.home}

    def box(points):
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), max(xs), min(ys), max(ys)

    ux0, ux1, uy0, uy1 = box(usa)
    hx0, hx1, hy0, hy1 = box(list(here.values()))

    def carry(cards, free, reason):
        pairs = []
        for card in cards:
            lon, lat = CARD_PLACES[card]
            u, v = (lon * scale - ux0) / (ux1 - ux0), (lat - uy0) / (uy1 - uy0)
            for n in free:
                p, q = (here[n][0] - hx0) / (hx1 - hx0), (here[n][1] - hy0) / (hy1 - hy0)
                pairs.append((math.hypot(p - u, q - v), card, n))
        for card, (city, dist) in _greedy(pairs).items():
            out[card] = city
            why[card] = f"{city}: {reason} {card} lies in the eastern USA ({dist:.2f} of the box)"

    hotels = [n for n in HOTELS if n not in out]
    carry(hotels, [c.name for c in b.by_size if c.name not in out.values()][:6],
          "of the six biggest free cities, the one nearest to where")
    carry([n for n in CARD_PLACES if n not in out], [n for n in here if n not in out.values()],
          "the free city nearest to where")
    order = list(CARD_PLACES)
    return dict(sorted(out.items(), key=lambda kv: order.index(kv[0]))), why


class _Spread:
    """The cost of a colouring of ``names``: the sum over the cities and colours of the squared
    steps to the nearest other city of that colour (99 where there is none). The steps are
    tabled once (the colour search asks for thousands of colourings); one colouring's cost is
    then a few array operations."""

    NONE = 99

    def __init__(self, b: Board, names: list[str]):
        import numpy as np

        self.names = names
        steps = np.array([[b.d(a, z) for z in names] for a in names], dtype=np.int64)
        self.big = int(steps.max(initial=0)) + 1        # a city is never its own nearest
        np.fill_diagonal(steps, self.big)
        self.steps = steps[:, :, None]                   # a city, another, a colour

    def __call__(self, colour: dict[str, str]) -> float:
        import numpy as np

        of = np.array([[colour[n] == k for k in COLOURS] for n in self.names])
        near = np.where(of[None, :, :], self.steps, self.big).min(axis=1)
        near[near == self.big] = self.NONE
        return float((near * near).sum())


def colours(b: Board, must: set[str]) -> dict[str, str]:
    """Grey for the smallest quarter no card needs coloured, the five colours spread."""
    n_grey = round(GREY_SHARE * len(b.home))
    grey = [c.name for c in reversed(b.by_size) if c.name not in must][:n_grey]
    coloured = [c.name for c in b.by_size if c.name not in grey]
    counts = [len(coloured) // 5 + (i < len(coloured) % 5) for i in range(5)]
    hubs = coloured[:5]
    rest = coloured[5:]
    spread = _Spread(b, [c.name for c in b.home])
    rng = random.Random(SEED)
    best: tuple[float, dict[str, str]] | None = None
    for _ in range(STARTS):
        order = list(COLOURS)
        rng.shuffle(order)
        colour = {n: GREY for n in grey}
        colour.update(zip(hubs, order, strict=True))
        pool = [k for i, k in enumerate(COLOURS) for _ in range(counts[i] - 1)]
        rng.shuffle(pool)
        colour.update(zip(rest, pool, strict=True))
        cost = spread(colour)
        better = True
        while better:
            better = False
            # swap two cities' colours: two of the rest, or two hubs (they keep five colours)
            for group in (rest, hubs):
                for i, a in enumerate(group):
                    for z in group[i + 1:]:
                        if colour[a] == colour[z]:
                            continue
                        colour[a], colour[z] = colour[z], colour[a]
                        c2 = spread(colour)
                        if c2 < cost - 1e-9:
                            cost, better = c2, True
                        else:
                            colour[a], colour[z] = colour[z], colour[a]
        if best is None or cost < best[0] - 1e-9:
            best = (cost, dict(colour))
    assert best is not None
    return best[1]


def goods(b: Board) -> dict[str, int]:
    """3 cubes for the biggest 30 %, 1 for the smallest 25 %, 2 for the others."""
    n = len(b.by_size)
    big, small = round(GOODS_BIG * n), round(GOODS_SMALL * n)
    return {c.name: 3 if i < big else 1 if i >= n - small else 2 for i, c in enumerate(b.by_size)}


def free_build(b: Board) -> list[str]:
    """Seven plain home hexes around the middle of the longest gap between neighbouring cities."""

    m = b.m
    names = [c.name for c in b.home]
    city_hexes = {c.hex for c in m.cities}

    def plain(h) -> bool:
        return m.terrain_at(h) == "plain" and h not in city_hexes

    def clearance(h) -> int:
        return min(b.steps[n].get(h, 10**6) for n in names)

    gaps = []
    for i, a in enumerate(names):
        for z in names[i + 1:]:
            dz = b.d(a, z)
            if dz >= 10**6 or any(max(b.d(a, c), b.d(z, c)) < dz for c in names if c not in (a, z)):
                continue
            line = m.grid.line(b.named[a].hex, b.named[z].hex)
            mid = line[len(line) // 2]
            if plain(mid) and clearance(mid) >= 2:
                gaps.append((-dz, a, z, mid))
    gaps.sort()
    for _, _a, _z, mid in gaps:
        seen, todo = {mid}, deque([mid])
        cluster: list[Hex] = []
        while todo and len(cluster) < FREE_BUILD_HEXES:
            h = todo.popleft()
            cluster.append(h)
            for n in sorted(m.grid.neighbours(h), key=lambda n: (-clearance(n), n)):
                if n not in seen and plain(n):
                    seen.add(n)
                    todo.append(n)
        if len(cluster) == FREE_BUILD_HEXES:
            return [hex_name(h) for h in sorted(cluster, key=lambda h: (h[0], h[1]))]
    return []


def section(m, explain: dict | None = None) -> dict:
    """The ``rules.railroad_tycoon`` section for map ``m``; ``explain`` (a dict) gets a line of
    reason for each card city."""
    b = Board(m)
    link = western_link(b)
    cards, why = card_cities(b, link)
    if explain is not None:
        explain.update(why)
    stand = {n: cards.get(n, n) for n in CARD_PLACES}
    must = {stand[n] for n in HOTELS + FIRST_DELIVERY if stand[n] in b.named}
    colour = colours(b, must)
    colour.update({c.name: GREY for c in m.cities if c.name not in colour})
    cubes = goods(b)
    cubes.update({c.name: 0 for c in m.cities if c.name not in cubes})
    order = [c.name for c in m.cities]
    return {
        "colours": {n: colour[n] for n in order},
        "goods": {n: cubes[n] for n in order},
        "western_link": link,
        "free_build": free_build(b),
        "card_cities": cards,
    }


