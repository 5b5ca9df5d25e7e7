"""What the terminal and the browser ask of a Railroad Tycoon board before acting: the
cheapest way to lay a link toward a place (:func:`cheapest_way`, a search of its own over the
tile costs of :mod:`..track`, checked by the engine), the deliveries of a good and the best of
them for its carrier (:func:`deliveries`, from :func:`..deliver.delivery_options`), and names
typed loosely (:func:`card_id`, :func:`colour_of`).

>>> g = example()
>>> way = cheapest_way(g, 0, g.hex_of("Cheb"))       # 2000 a tile, 2000 more on the mountain C1
>>> [g.board.hex_names[h] for h in way.path], way.cost, way.tiles
(['A1', 'B1', 'C1', 'D1', 'E1'], 8000, 3)
>>> g.apply({"type": "pass"}); g.apply({"type": "issue", "count": 2})     # Bob passes: Ann is first
>>> way_action(g, 0, way)
({'type': 'build', 'player': 0, 'path': ['A1', 'B1', 'C1', 'D1', 'E1']}, 0)
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass

from mapkit.engine.errors import IllegalAction
from mapkit.places import fold

from .. import track
from ..cards import CARDS
from ..deliver import delivery_options
from ..mapdata import GOODS_COLOURS

__all__ = ["example", "Way", "cheapest_way", "way_action", "deliveries", "best_delivery", "delivery_points", "card_id",
           "colour_of", "link_cities"]


def example():
    """The game of the examples: Aš (A1, red) and Cheb (E1, blue) on a strip of 5 x 2 hexes
    with a mountain on C1; Ann and Bob after the draws of the set-up, Bob to open the auction."""
    import random

    from mapkit.engine import new_game
    from mapkit.grid import Grid
    from mapkit.grid import parse_hex as H
    from mapkit.model import City, Map, Rules

    m = Map(Grid("pointy", "odd", 5, 2), terrain={H("C1"): "mountain"},
            cities=[City("Aš", H("A1")), City("Cheb", H("E1"))],
            rules=Rules(extra={"railroad_tycoon": {"colours": {"Aš": "red", "Cheb": "blue"}}}))
    g = new_game(m, "railroad-tycoon", ["Ann", "Bob"], {"opener": 1}, seed=1)
    rng = random.Random(1)
    while g.is_chance_node():
        g.apply(g.sample_chance(rng))
    return g


@dataclass(frozen=True)
class Way:
    """A way to lay: ``path`` of hex ids as a build action names it (from a city, or from the
    hex before one's unfinished link's end), ``cost`` of all its tiles, ``tiles`` laid."""

    path: list
    cost: int
    tiles: int


def _starts(s, p, target) -> list:
    """``(cost, path)`` seeds: every city (a new link) and the end of ``p``'s unfinished links."""
    b = s.board
    seeds = [(0, [c]) for c in sorted(b.city_at) if c != target]
    for link in s.links.values():
        lp = link["path"]
        if link["owner"] == p and not link["done"] and not b.is_city[lp[-1]] and lp[-1] not in s.tiles:
            seeds.append((_enter(s, lp[-2], lp[-1]), [lp[-2], lp[-1]]))
    return seeds


def _enter(s, a: int, h: int) -> int:
    """The cost of a tile on ``h`` entered from ``a``."""
    r = s.rules
    return r.TILE + (r.MOUNTAIN if s.board.mountain[h] else 0) + track.crossing(s, a, h)


def cheapest_way(s, p: int, target: int) -> Way | None:
    """The cheapest path of new tiles (on hexes without any) from a city or ``p``'s unfinished
    link to hex ``target`` (a city: into it; another hex: pointing at it), or None."""
    b = s.board
    heap = [(c, len(path), path) for c, path in _starts(s, p, target)]
    heapq.heapify(heap)
    done: set = set()
    while heap:
        cost, _, path = heapq.heappop(heap)
        h = path[-1]
        if h == target:
            tiles = len(path) - 2
            return Way(path, cost + (track.crossing(s, path[-2], h) if b.is_city[h] and tiles else 0), max(tiles, 0))
        key = (h, len(path) == 1)
        if key in done or (b.is_city[h] and len(path) > 1):
            continue
        done.add(key)
        for nb, _ in b.adj[h]:
            if nb in path:
                continue
            if nb == target and len(path) > 1:
                heapq.heappush(heap, (cost, len(path) + 1, [*path, nb]))
            elif nb == target and b.is_city[nb]:          # two neighbouring cities: one tile's price
                heapq.heappush(heap, (s.rules.TILE + track.crossing(s, h, nb), 2, [h, nb]))
            elif not b.is_city[nb] and nb not in s.tiles:
                heapq.heappush(heap, (cost + _enter(s, h, nb), len(path) + 1, [*path, nb]))
    return None


def way_action(s, p: int, way: Way) -> tuple[dict, int]:
    """The build action that lays what one action may of ``way`` (all of it, or its first tiles
    as an unfinished link), checked by the engine, and the tiles left after it."""
    limit = s.rules.max_tiles("engineering" in s.held[p] and p not in s.engineered)
    path = way.path if way.tiles <= limit else way.path[:limit + 2]
    action = {"type": "build", "player": p, "path": [s.board.hex_names[h] for h in path]}
    s.check(action)
    return action, max(0, way.tiles - limit)


def delivery_points(s, p: int, a: dict) -> int:
    """The VP a delivery brings ``p``: his own links, his hotel in the destination."""
    owners = [s.links[lid]["owner"] for lid in a["links"]]
    dest = link_cities(s, a)[-1]
    hotels = sum(1 for c in s.held[p] if CARDS[c].kind == "hotel" and s.rt.card_city.get(CARDS[c].cities[0]) == dest)
    return owners.count(p) + hotels


def link_cities(s, a: dict) -> list:
    """The cities (indices) a delivery visits, from its origin."""
    ca = s.board.city_at
    cities = [s.city_ref(a["from"])]
    for lid in a["links"]:
        lp = s.links[lid]["path"]
        ends = (ca[lp[0]], ca[lp[-1]])
        cities.append(ends[1] if ends[0] == cities[-1] else ends[0])
    return cities


def deliveries(s, p: int, origin: int | None = None, colour: str | None = None, dest: int | None = None) -> list:
    """``p``'s legal deliveries now, of a city's goods, of a colour, to a city; best first (his
    VP, then fewer links)."""
    out = []
    for a in delivery_options(s, p):
        cities = link_cities(s, a)
        if (origin is None or cities[0] == origin) and (colour is None or a["colour"] == colour) \
                and (dest is None or cities[-1] == dest):
            out.append(a)
    out.sort(key=lambda a: (-delivery_points(s, p, a), len(a["links"])))
    return out


def best_delivery(s, p: int, origin=None, colour=None, dest=None) -> dict:
    found = deliveries(s, p, origin, colour, dest)
    if not found:
        raise IllegalAction("deliver.route", "no delivery of yours fits: the first link your own, at most "
                                             f"{s.loco[p]} links (your locomotive), to a city of the good's colour")
    return found[0]


def card_id(s, text: str, among) -> str | None:
    """The card of ``among`` (ids) that ``text`` names: its id, its title, or words of them
    that fit it alone (``hotel boston``)."""
    t = fold(text.strip())
    if not t:
        return None
    exact = [c for c in among if t in (fold(c), fold(CARDS[c].title))]
    if exact:
        return exact[0]
    words = re.split(r"[\s:-]+", t)
    part = [c for c in among if all(w in re.split(r"[\s:-]+", fold(f"{c} {CARDS[c].title}")) or
                                    w in fold(c) for w in words)]
    return part[0] if len(part) == 1 else None


def colour_of(text: str) -> str | None:
    t = text.strip().lower()
    found = [c for c in GOODS_COLOURS if c == t or (len(t) >= 2 and c.startswith(t))]
    return found[0] if len(found) == 1 else None
