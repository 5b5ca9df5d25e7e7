"""The moves worth considering in a Dampfross, Paluba or Expres position, with their figures:
what ``easy`` chooses among, ``strong`` searches and ``hint`` lists
(:meth:`~mapkit.engine.family.GameFamily.move_options`).

Each move is scored by the greedy bot's own measures (:mod:`.greedy`, read through its public
methods), in money, and the figures are given apart:

* **start city** -- ``race numbers``: 2.5 per race number of the city; ``numbers near``:
  2.5 per race number of every other city, ``bonuses near``: each other city's bonus (shared
  out among players who started nearer), both discounted by ``exp(-build cost / 1.5 turns of
  points)``; ``crowding``: what the city loses when other players already start there (its
  value divided by 1 + 0.5 per player). The score is their total.
* **building** (build phase) -- toward each of the best cities: ``city bonus`` (a third of it
  when another player's network is nearer), ``race income`` (2.5 per race number),
  ``build points`` and ``fees`` of the whole way there, ``pieces now`` (built this turn) and
  ``pieces left``; the score is the value per point of cost, as the greedy bot ranks. Also
  ``declare_end`` when allowed.
* **a race** -- each candidate route: ``race income`` (the expected prize from the chances of
  first and second place), ``fares``, ``movement points``; the score is income less fares;
  ``pass`` scores 0.
* **building after a race** -- toward each city with race numbers still to come: ``race
  income`` (the fares it saves in the races left, as the greedy bot counts them), ``build
  cost`` (money: points and fees); the score is their difference; ``done`` scores 0.
* **ferries**, **joint track answers** -- each legal choice, scored 0 (the search decides).

>>> from mapkit.engine import load_engine_map, new_game
>>> import pathlib
>>> board = load_engine_map(pathlib.Path(__file__).parents[5] / "maps" / "example.yaml")
>>> g = new_game(board, "paluba", ["A", "B"], {"first_player": 0})
>>> top = move_options(g)[0]
>>> top.action, top.greedy, [k for k, _ in top.parts]
({'type': 'start', 'player': 0, 'city': 'Praha'}, True, ['race numbers', 'numbers near', 'bonuses near', 'crowding'])
"""

from __future__ import annotations

import math

from .....i18n import N_
from ....bots.moves import Candidate, listed
from ....errors import IllegalAction
from .greedy import GreedyBot
from .plan import INF, extension, pieces_to, tables
from .routes import network_fares

__all__ = ["move_options", "LIMIT"]

LIMIT = 8           # moves listed (the strong bot compares them all at the start and the first way out)
PRICED = 8          # cities priced exactly (A*) in the build phase

RACE_NUMBERS, NUMBERS_NEAR, BONUSES_NEAR, CROWDING = (
    N_("race numbers"), N_("numbers near"), N_("bonuses near"), N_("crowding"))
CITY_BONUS, RACE_INCOME, BUILD_POINTS, FEES = N_("city bonus"), N_("race income"), N_("build points"), N_("fees")
PIECES_NOW, PIECES_LEFT, FARES, MOVEMENT = N_("pieces now"), N_("pieces left"), N_("fares"), N_("movement points")
BUILD_COST = N_("build cost")


def move_options(state, seed: int = 0) -> list:
    """The moves worth considering for the player to move, best first, the greedy bot's
    (with ``seed``) marked; [] when nobody is to move."""
    return listed(state, seed, GreedyBot, _moves, LIMIT)


def _moves(state, p: int, first: dict, bot: GreedyBot) -> list:
    st = state.step
    try:
        if st in ("start", "secret_start"):
            return _starts(bot, state, p)
        if st == "build":
            return _ferries(state, p) + _builds(bot, state, p)
        if st == "post_build":
            return _ferries(state, p) + _post_builds(bot, state, p)
        if st == "declare":
            return _races(bot, state, p)
    except IllegalAction:
        return []
    return [Candidate(a) for a in state.legal_actions()[:LIMIT]]


def _starts(bot, g, p: int) -> list:
    board = g.board
    cb = tables(g).city_build()
    reach = 1.5 * 3.5 * g.options.build_dice
    bonus = g.options.city_bonus
    others = [c for q, c in enumerate(g.start_city) if q != p and c is not None]
    out = []
    for name in g.start_options(p):
        ci = board.city_index(name)
        own = bot.RACE_WEIGHT * len(board.cities[ci].numbers)
        near = shared = 0.0
        for d, city in enumerate(board.cities):
            if d == ci or cb[ci][d] == INF:
                continue
            fall = math.exp(-cb[ci][d] / reach)
            near += bot.RACE_WEIGHT * len(city.numbers) * fall
            shared += bonus / (1.0 + sum(math.exp(-cb[c][d] / reach) for c in others if cb[c][d] < INF)) * fall
        total = own + near + shared
        crowd = total / (1.0 + bot.CROWD_PENALTY * others.count(ci)) - total
        out.append(Candidate({"type": "start", "player": p, "city": name}, total + crowd,
                             ((RACE_NUMBERS, own), (NUMBERS_NEAR, near), (BONUSES_NEAR, shared), (CROWDING, crowd)),
                             N_("start in {city}"), (("city", name),)))
    return out


def _builds(bot, g, p: int) -> list:
    board = g.board
    out = []
    if g.may_declare_end():
        out.append(Candidate({"type": "declare_end", "player": p}, 0.0, (), N_("declare the end of building")))
    t = tables(g)
    mine = g.nodes[p] or {g.starts[p]} - {None}
    bounds = []
    targets = bot.city_values(g, p, with_bonus=True)
    # equal bounds in the order of the greedy bot's tie keys, as it ranks its targets (by hex
    # id the northern cities would always be priced first)
    for (ci, h, v), key in zip(targets, bot.tie_keys(g, len(targets)), strict=True):
        d = t.build_from_city(ci)
        low = min((d[x] for x in mine), default=INF)
        if 0 < low < INF and low < 2**31 - 1:
            bounds.append((v / low, key, ci, h, v))
    bounds.sort(key=lambda x: (-x[0], x[1]))
    tie = bot.search_tie(g)
    for _, _, ci, h, v in bounds[:PRICED]:
        ext = extension(g, p, bot.FEE_WEIGHT, target=h, tie=tie)
        if h not in ext.dist or ext.dist[h] <= 0:
            continue
        race = bot.RACE_WEIGHT * len(board.cities[ci].numbers)
        bonus = v - race
        if bonus and bot.rival_closer(g, p, ci, ext.points[h]):
            bonus *= bot.RIVAL_SHARE
        pieces = pieces_to(ext, h)
        action = _affordable(g, p, pieces)
        if action is None:
            continue
        now = len(action["pieces"])
        parts = ((CITY_BONUS, bonus), (RACE_INCOME, race), (BUILD_POINTS, -ext.points[h]), (FEES, -ext.fees[h]),
                 (PIECES_NOW, now), (PIECES_LEFT, len(pieces) - now))
        value = bonus + race
        cost = ext.points[h] + bot.FEE_WEIGHT * ext.fees[h]
        out.append(Candidate(action, value / cost, parts, N_("build toward {city}"),
                             (("city", board.cities[ci].name),)))
    return out


def _affordable(g, p: int, pieces: list, points: int | None = None):
    """The build of ``pieces``' beginning that this turn's points (or ``points`` of money)
    and the account allow, or None."""
    cost = tables(g).piece_cost
    left = g.points if points is None else points
    take = []
    for e in pieces:
        if cost[e] > left:
            break
        take.append(e)
        left -= cost[e]
    while take:
        a = {"type": "build", "player": p, "pieces": [g.board.edge_name(e) for e in take]}
        if g.is_legal(a):
            return a
        take.pop()
    return None


def _post_builds(bot, g, p: int) -> list:
    board = g.board
    out = [Candidate({"type": "done", "player": p}, 0.0, (), N_("end the turn"))]
    left = bot.races_left(g)
    budget = g.budget
    free = [n for n in board.numbers if g.table.is_free(n)]
    if left <= 0 or budget <= 0 or not free:
        return out
    fares = network_fares(g, p)
    priced = []
    cities = bot.city_values(g, p, with_bonus=False)
    for (ci, h, _), key in zip(cities, bot.tie_keys(g, len(cities)), strict=True):
        k = sum(1 for n in board.cities[ci].numbers if g.table.is_free(n))
        if k:
            gain = bot.POST_GAIN_FACTOR * left * min(1.0, 2.0 * k / len(free)) * fares.get(h, bot.UNREACHABLE_GAIN)
            priced.append((gain, key, ci, h))
    priced.sort(key=lambda x: (-x[0], x[1]))
    tie = bot.search_tie(g)
    for gain, _, ci, h in priced[:PRICED]:
        ext = extension(g, p, 1.0, limit=budget, target=h, tie=tie)
        if h not in ext.dist:
            continue
        pieces = pieces_to(ext, h)
        action = _affordable(g, p, pieces, budget) if pieces else None
        if action is None or len(action["pieces"]) < len(pieces):
            continue
        cost = ext.dist[h]
        out.append(Candidate(action, gain - cost, ((RACE_INCOME, gain), (BUILD_COST, -cost)),
                             N_("build to {city}"), (("city", board.cities[ci].name),)))
    return out


def _races(bot, g, p: int) -> list:
    board = g.board
    out = [Candidate({"type": "pass", "player": p}, 0.0, (), N_("pass"))]
    if p in g.race_status().offers:
        out.append(Candidate({"type": "accept", "player": p}, 0.0, (), N_("accept the joint race")))
    for value, route, travel, fares in bot.route_values(g, p):
        names = [board.hex_names[h] for h in route]
        out.append(Candidate({"type": "race", "player": p, "route": names}, value,
                             ((RACE_INCOME, value + fares), (FARES, -fares), (MOVEMENT, travel)),
                             N_("race to {city} ({points} points, {fares} in fares)"),
                             (("city", _place(g, route[-1])), ("points", travel), ("fares", fares))))
    return out


def _place(g, h: int) -> str:
    city = g.board.city_at.get(h)
    return g.board.cities[city].name if city is not None else g.board.hex_names[h]


def _ferries(g, p: int) -> list:
    out = []
    for name in g.ferry_options(p):
        price = next(f.cost for f in g.board.ferries if f.name == name)
        out.append(Candidate({"type": "ferry", "player": p, "ferry": name}, -price, ((BUILD_COST, -price),),
                             N_("buy the ferry {ferry}"), (("ferry", name),)))
    return out
