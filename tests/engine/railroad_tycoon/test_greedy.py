"""The greedy Railroad Tycoon bot's shortcuts give what the plain searches give (issue 32): the
value of a new link is the better of the value without it and of the routes through it, and
the tile paths kept for the game are those a search of its own would find. Checked at every
position of seeded games (greedy and random bots) on the small test board."""

from __future__ import annotations

import random

from mapkit.engine import new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.games.railroad_tycoon import deliver
from mapkit.engine.games.railroad_tycoon.bots import greedy

from .test_games import BOARD


def positions(bots, seed):
    g = new_game(BOARD, "railroad-tycoon", [f"P{k}" for k in range(len(bots))], {}, seed=seed)
    rng = random.Random(seed)
    made = [make_bot(b, seed=k, preset="railroad-tycoon") for k, b in enumerate(bots)]
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
            continue
        yield g
        g.apply(made[g.current_player()].decide(g))


def with_link(graph, a, b, p):
    """``graph`` and a new finished link of ``p``'s between cities ``a`` and ``b`` (id -1)."""
    out = {k: list(v) for k, v in graph.items()}
    out.setdefault(a, []).append((b, -1, p))
    out.setdefault(b, []).append((a, -1, p))
    return out


def plain_value(s, p, graph, loco) -> float:
    """The best delivery's VP by the routes of :func:`deliver._routes` (the bot's search before
    issue 32)."""
    saved = s.loco
    s.loco = [loco] * len(saved)
    try:
        best = 0.0
        for origin, goods in enumerate(s.goods):
            for colour in set(goods) if origin in graph else ():
                for ids in deliver._routes(s, graph, p, origin, colour):
                    owners = [p if lid == -1 else s.links[lid]["owner"] for lid in ids]
                    best = max(best, owners.count(p) - 0.01 * (len(owners) - owners.count(p)))
        return best
    finally:
        s.loco = saved


def test_the_value_of_a_new_link_is_that_of_the_routes_through_it():
    rng = random.Random(1)
    checked = 0
    for k, g in enumerate(positions(["greedy", "random", "greedy"], seed=3)):
        if k % 7:
            continue
        p = g.current_player()
        graph = deliver.city_links(g)
        known = greedy.goods_known(g)
        cities = len(g.goods)
        for loco in range(1, g.rules.MAX_LOCO + 1):
            now = greedy.best_value(g, p, graph, loco, known)
            assert now == plain_value(g, p, graph, loco)
            for a, b in rng.sample([(x, y) for x in range(cities) for y in range(x + 1, cities)], 6):
                through = greedy.through_value(g, p, graph, loco, a, b, known)
                assert max(now, through) == plain_value(g, p, with_link(graph, a, b, p), loco)
                checked += 1
    assert checked > 500


def test_the_paths_kept_for_the_game_are_those_searched_anew():
    bot = greedy.GreedyBot()
    checked = 0
    for k, g in enumerate(positions(["greedy", "greedy", "random"], seed=4)):
        if k % 5:
            continue
        for city in sorted(g.board.city_at):
            for limit in (4, 8):
                assert bot._paths(g, city, None, None, limit) == bot._search(g, city, None, None, limit)
                checked += 1
    assert checked > 500
