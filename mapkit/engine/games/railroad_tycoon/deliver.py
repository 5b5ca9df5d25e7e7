"""Deliveries in Railroad Tycoon (docs/rules.md, Railroad Tycoon; the seed's "Přeprava zboží").

A delivery takes one good from any city and carries it over finished links, named in order
(``links``: their ids), to a city of the good's colour: the first link the player's own, at
most as many links as his locomotive's level, no city twice (so never back to its origin),
and never through a city of the good's colour (it must be unloaded there). Each link's owner
gets 1 VP; the holder of the destination's hotel 1 VP. A city left without goods is marked
empty; a good of a Western Link delivered to Chicago (or its substitute) brings 2 goods from
the bag to Chicago.

Refusals: ``deliver.good``, ``deliver.route``, ``deliver.own-first``, ``deliver.loco``,
``deliver.colour``, ``deliver.passes``, ``deliver.twice``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import IllegalAction

__all__ = ["Delivery", "check_deliver", "delivery_options", "city_links", "RULES"]

RULES = "docs/rules.md, Railroad Tycoon"


@dataclass(frozen=True)
class Delivery:
    """A checked delivery: ``cities`` from origin to destination, ``links`` and their owners,
    whether the good is one of a Western Link's."""

    player: int
    colour: str
    cities: tuple
    links: tuple
    owners: tuple
    western: bool


def city_links(s) -> dict:
    """city index -> ``[(other city, link id, owner), ...]`` over finished links."""
    ca = s.board.city_at
    out: dict = {}
    for lid, link in sorted(s.links.items()):
        if link["done"]:
            a, b = ca[link["path"][0]], ca[link["path"][-1]]
            out.setdefault(a, []).append((b, lid, link["owner"]))
            out.setdefault(b, []).append((a, lid, link["owner"]))
    return out


def check_deliver(s, p: int, action: dict) -> Delivery:
    origin = s.city_ref(action.get("from"))
    colour = action.get("colour")
    if colour not in s.goods[origin]:
        raise IllegalAction("deliver.good", f"{s.city_name(origin)} has no {colour!r} good ({RULES})")
    ids = action.get("links")
    if not isinstance(ids, list) or not ids:
        raise IllegalAction("deliver.route", "'links' must list the links the good travels, in order")
    if len(ids) > s.loco[p]:
        raise IllegalAction("deliver.loco", f"locomotive {s.loco[p]} carries a good over at most {s.loco[p]} links "
                                            f"({RULES})")
    cities = [origin]
    owners = []
    for k, lid in enumerate(ids):
        link = s.links.get(lid) if isinstance(lid, int) else None
        if link is None or not link["done"]:
            raise IllegalAction("deliver.route", f"{lid!r} is not a finished link ({RULES})")
        ends = (s.board.city_at[link["path"][0]], s.board.city_at[link["path"][-1]])
        here = cities[-1]
        if here not in ends:
            raise IllegalAction("deliver.route", f"link {lid} does not leave {s.city_name(here)} ({RULES})")
        if k == 0 and link["owner"] != p:
            raise IllegalAction("deliver.own-first", f"the first link must be one's own ({RULES})")
        if k > 0 and s.city_colour(here) == colour:
            raise IllegalAction("deliver.passes", f"a {colour} good is unloaded in {s.city_name(here)}, a "
                                                  f"{colour} city: it cannot pass through ({RULES})")
        nxt = ends[1] if ends[0] == here else ends[0]
        if nxt in cities:
            raise IllegalAction("deliver.twice", f"the good would visit {s.city_name(nxt)} twice ({RULES})")
        cities.append(nxt)
        owners.append(link["owner"])
    if s.city_colour(cities[-1]) != colour:
        raise IllegalAction("deliver.colour", f"a {colour} good goes to a {colour} city, not to "
                                              f"{s.city_name(cities[-1])} ({s.city_colour(cities[-1])}) ({RULES})")
    western = colour == "red" and s.western_goods.get(origin, 0) > 0
    return Delivery(p, colour, tuple(cities), tuple(ids), tuple(owners), western)


def delivery_options(s, p: int) -> list:
    """Every delivery ``p`` may make now, as actions (routes by depth-first search)."""
    graph = city_links(s)
    out = []
    names = s.board.cities
    for origin in range(len(s.goods)):
        colours = sorted(set(s.goods[origin]))
        if not colours or origin not in graph:
            continue
        for colour in colours:
            for ids in _routes(s, graph, p, origin, colour):
                out.append({"type": "deliver", "player": p, "from": names[origin].name, "colour": colour,
                            "links": ids})
    return out


def _routes(s, graph, p, origin, colour):
    limit = s.loco[p]
    found = []

    def walk(city, visited, ids):
        for nxt, lid, owner in graph.get(city, ()):
            if (not ids and owner != p) or nxt in visited:
                continue
            if s.city_colour(nxt) == colour:
                found.append(ids + [lid])
            elif len(ids) + 1 < limit:
                walk(nxt, visited | {nxt}, ids + [lid])
    walk(origin, {origin}, [])
    return found
