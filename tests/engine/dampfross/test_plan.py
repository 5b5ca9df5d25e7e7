"""The greedy bot's searches (mapkit/engine/games/dampfross/bots/plan.py) against the plain
searches they stand for: the shortcuts (one fastest route for every player, no search for a
larger fare weight once a route pays no fare, the fares from a network by a breadth-first
search that takes free steps first) must give the same answers, route for route.

The reference is the search as the bot made it before the shortcuts: one A* per player and
fare weight over the built track (a step costs its movement plus the weight per fare, the grid
distance as estimate), and Dijkstra with the fares as costs. Positions: every declaration of
seeded greedy games on the example map (ferries on) and on Czechia (Paluba and Expres).

The rows the searches read are kept from one track to the next where the pieces laid between
cannot have changed them (and shared by the players without a piece at a hex); the extensions
of a network found with them must be those of a clone of the game, whose track starts with no
rows kept. What is brought up to date as a network grows (its fares, its least build cost to
each city) must be what a search from scratch finds; an A* toward a target within a limit,
which stops early, must give what the search without the stop gives.
"""

from __future__ import annotations

from functools import cache

import pytest

from mapkit.engine import load_engine_map, new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.games.dampfross.bots.kept import kept
from mapkit.engine.games.dampfross.bots.plan import extension, network_nearest, tables
from mapkit.engine.games.dampfross.bots.routes import network_fares, route_info, track_routes
from mapkit.engine.simulate import game_seed, roll
from mapkit.search import dijkstra
from tests.support import MAPS

WEIGHTS = (0.0, 1.0, 3.0, 100.0)


@cache
def board(name):
    return load_engine_map(MAPS / f"{name}.yaml")


def _steps(g, p):
    into, ferries, fare = tables(g).into, g.board.ferries, g.options.fare

    def steps(h):
        for nb, step, own in g.track_rows().get(h, ()):
            yield nb, (into[nb] if step >= 0 else ferries[-1 - step].steps), (0 if p in own else fare)
    return steps


def plain_routes(g, p, start, targets):
    steps = _steps(g, p)
    out = []
    for w in WEIGHTS:
        found = dijkstra([start], lambda h, w=w: ((nb, m + w * f, None) for nb, m, f in steps(h)),
                         targets=targets, heuristic=g.board.distance_to(targets))
        if found.found is None:
            return out
        route = found.path(found.found)
        if route not in out:
            out.append(route)
    return out


def plain_info(g, p, route):
    """Movement points, fares and own pieces of a route, step by step."""
    steps = _steps(g, p)
    moves = [next((m, f) for nb, m, f in steps(a) if nb == b) for a, b in zip(route, route[1:], strict=False)]
    return sum(m for m, _ in moves), sum(f for _, f in moves), sum(1 for _, f in moves if f == 0)


def plain_fares(g, p):
    steps = _steps(g, p)
    network = g.nodes[p] or {g.starts[p]} - {None}
    return dijkstra(network, lambda h: ((nb, f, None) for nb, _, f in steps(h))).dist


def positions(name, preset, games, steps=("declare", "post_build")):
    """Every position of the games at one of ``steps``."""
    for i in range(games):
        seed = game_seed(3, i)
        g = new_game(board(name), preset, ["A", "B", "C", "D"], {}, seed=seed)
        bots = [make_bot("greedy", seed, preset=preset) for _ in range(4)]
        while not g.is_terminal():
            p = g.current_player()
            if p < 0:
                g.apply(roll(g, seed))
                continue
            if g.step in steps:
                yield g, p
            g.apply(bots[p].decide(g))


@pytest.mark.parametrize("name,preset,games", [("example", "paluba", 2), ("czechia", "paluba", 1),
                                               ("czechia", "expres", 1)])
def test_the_bots_routes_and_fares_are_the_plain_searches(name, preset, games):
    routes = fares = 0
    for g, p in positions(name, preset, games):
        if g.step == "declare":
            r = g.race_status()
            for q in range(g.num_players):
                got = track_routes(g, q, r.start_hex, r.target_hexes)
                assert got == plain_routes(g, q, r.start_hex, frozenset(r.target_hexes))
                for route in got:
                    assert route_info(g, q, route) == plain_info(g, q, route)
                routes += 1
        else:
            assert network_fares(g, p) == plain_fares(g, p)
            fares += 1
    assert routes > 50 and fares > 5


def _answer(ext, h):
    return h in ext.dist, ext.dist.get(h), ext.points.get(h), ext.fees.get(h), ext.prev.get(h)


@pytest.mark.parametrize("name,preset", [("example", "paluba"), ("czechia", "expres")])
def test_the_extensions_read_from_kept_rows_are_those_of_fresh_rows(name, preset):
    checked = 0
    for g, p in positions(name, preset, 1, steps=("build", "post_build")):
        fresh = g.clone()
        for city in g.board.cities[:: 5]:
            for weight in (1.0, 1.5):
                kept = extension(g, p, weight, target=city.hex)
                new = extension(fresh, p, weight, target=city.hex)
                assert _answer(kept, city.hex) == _answer(new, city.hex)
                checked += 1
    assert checked > 100


def _plain_extension(g, p, weight, target, limit):
    """The A* of :func:`extension` without its early stop: every hex within ``limit`` is
    settled before the target is given up."""
    t = tables(g)
    rows = [tuple((nb, c, e) for nb, e, c in row) for row in t.adj]
    bits = 1 << p
    fee_par, fee_join = g.tables.par_fee, g.tables.join_fee_at
    owners_of, owner_bits, hex_owners = g.net.owners_of, g.net.owner_bits, g.net.hex_owners

    def step(h):
        for nb, c, e in rows[h]:
            if owner_bits[e] & bits:
                yield nb, 0, e
                continue
            fee = fee_par[e] * len(owners_of[e]) + fee_join[nb] * (hex_owners[nb] & ~bits & ~owner_bits[e]).bit_count()
            yield nb, c + weight * fee, e
    network = g.nodes[p] or {g.starts[p]} - {None}
    return dijkstra(network, step, heuristic=t.estimate_to(target).__getitem__, targets=(target,), limit=limit)


def test_an_extension_within_a_limit_is_the_search_without_its_early_stop():
    checked = missed = 0
    for g, p in positions("czechia", "paluba", 1, steps=("post_build",)):
        for city in g.board.cities[:: 3]:
            for limit in (g.budget, 6):
                ext = extension(g, p, 1.0, limit=limit, target=city.hex)
                plain = _plain_extension(g, p, 1.0, city.hex, limit)
                assert (city.hex in ext.dist) == (plain.found is not None)
                if plain.found is None:
                    missed += 1
                    continue
                assert ext.dist[city.hex] == plain.dist[city.hex]
                assert [ext.prev[h] for h in plain.path(city.hex)] == [plain.prev[h] for h in plain.path(city.hex)]
                checked += 1
    assert checked > 20 and missed > 20


def test_the_least_costs_from_a_network_kept_as_it_grows_are_those_found_afresh():
    checked = 0
    for g, _ in positions("czechia", "paluba", 1, steps=("build", "post_build", "declare")):
        rows = [tables(g).build_from_city(ci) for ci in range(len(g.board.cities))]
        for q in range(g.num_players):
            near = network_nearest(g, q)
            assert near == [min((row[h] for h in g.nodes[q]), default=float("inf")) for row in rows]
            checked += 1
    assert checked > 400


@pytest.mark.parametrize("name,preset,games", [("example", "paluba", 3), ("czechia", "paluba", 2),
                                               ("czechia", "expres", 1)])
def test_the_best_route_searched_with_bounds_is_the_route_all_routes_valued_race(name, preset, games):
    bot = make_bot("greedy", 0, preset=preset)
    left_out = 0
    for g, p in positions(name, preset, games, steps=("declare",)):
        r = g.race_status()
        best = bot.best_route(g, p)
        key = ("route", p, (), r.start_hex, frozenset(r.target_hexes), 1.0)
        fastest = track_routes(g, p, r.start_hex, r.target_hexes, weights=(0.0,))
        if fastest and route_info(g, p, fastest[0])[1] and key not in kept(g).results:
            left_out += 1       # the fastest route pays fares, and weight 1 was not searched
        first = bot.route_values(g, p)[:1]
        if first and first[0][0] > 0:
            assert best == first        # the route to race
        else:
            assert not best or best[0][0] <= 0      # a pass either way
        view = (g.race_view() or {}).get("routes", {})
        assert {g.players[q]: [g.board.hex_names[h] for h in hexes] for q, hexes in g.declared_routes().items()} == view
    assert left_out > 3


def test_the_build_targets_come_in_order_of_their_exact_ratio_however_tight_the_bounds():
    bot = make_bot("greedy", 0, preset="paluba")
    checked = ties = 0
    for g, p in positions("czechia", "paluba", 1, steps=("build",)):
        targets = bot.city_values(g, p, with_bonus=True)
        got = [(ratio, h) for ratio, h, _ in bot._ranked_targets(g, p, targets)]
        tie = dict(zip((h for _, h, _ in targets), bot.tie_keys(g, len(targets)), strict=True))
        expected = []
        for ci, h, v in targets:
            ext = extension(g, p, bot.FEE_WEIGHT, target=h)
            if h not in ext.dist or ext.dist[h] <= 0:
                continue
            if v >= g.options.city_bonus and ci not in g.reached and bot.rival_closer(g, p, ci, ext.points[h]):
                v -= g.options.city_bonus * (1 - bot.RIVAL_SHARE)
            expected.append((v / ext.dist[h], h))
        expected.sort(key=lambda x: (-x[0], tie[x[1]]))     # equal ratios in the order of the tie keys
        assert got == expected
        checked += 1
        ties += len({r for r, _ in expected}) < len(expected)
    assert checked > 30 and ties > 0
