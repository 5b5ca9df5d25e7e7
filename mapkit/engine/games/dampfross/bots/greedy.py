"""The greedy bot: a one-move-deep planner that a beginner finds a fair opponent.

It looks at the board as it is now, values every choice with a few simple formulas and
takes the best; it never searches the opponents' replies. Its random generator only breaks
near-ties, so the same seed gives the same game. How it decides:

**Start city.** Every allowed start city ``c`` is scored by the cities around it: each other
city ``d`` is worth its bonus (6, shared out when other players started closer to it) plus
``RACE_WEIGHT`` per race number, discounted by ``exp(-cost(c, d) / L)`` where ``cost`` is the
build cost on the empty board and ``L`` is one and a half turns of build points (10.5 with two
dice). The city's own race numbers count too; a city another player already took is worth
less (one half per player there). It takes the best city (near-ties broken by the seed); when
the choice is secret (Expres) it picks at random, weighted by value, among the cities worth at
least 85% of the best, so that equal bots do not all crowd into one city.

**Building (build phase).** Each city not yet in the network is worth its bonus if nobody
reached it yet (a third of it when another player's track is closer) plus ``RACE_WEIGHT`` per
race number; its cost is the cheapest extension of the network to it (build points plus
``FEE_WEIGHT`` x the fees in money, :func:`~.plan.extension`). The bot builds toward the best
*value per point of cost*, as far as this turn's points go. It finds that city best-first:
the empty board's build cost from the network to each city is a lower bound of its cost, so
cities are taken in order of that bound's ratio and priced exactly (A* toward the city) only
while one could still beat the best priced so far. When the end of the build phase may be
declared, it declares unless it can connect the last city this turn (and take its bonus).

**Races.** For each candidate route (the fastest, the cheapest in fares and a few in between,
:func:`~.routes.track_routes`) it estimates its chance of first and second place against the
other players' declared routes (or their fastest routes, for those who declare later): the
number of one-die turns needed for ``T`` movement points is about normal with mean ``T/3.5``
and variance ``0.068 T``. The expected prize minus the fares is the route's value; it races
the best route if that value is positive and the fares stay within the fare limit and the
account, and passes otherwise. A special race is judged the same way, to the target hex the
route reaches first. (Without joint races, a route that provably cannot be the best is not
searched for: :meth:`GreedyBot.best_route`.)

**Building after a race.** Money spent on track is score lost, so it builds only where it
pays: connecting city ``t`` saves, in each remaining race that involves ``t`` (probability
about ``2 x t's free numbers / all free numbers``), the fares it pays today to reach ``t``
over other players' track (or, when no track leads there, ``UNREACHABLE_GAIN``). The saving
counts twice (``POST_GAIN_FACTOR``). It builds the whole connection to the city with the
largest saving minus cost, if that is positive and fits the budget; otherwise it stops.

**Joint track, joint races, ferries** (:mod:`~.tactics`): proposed and accepted when they pay
by the same measures (see that module).

The weights were set by self-play; the measurements are in ``docs/play.md``.

>>> from mapkit.engine import load_engine_map, new_game
>>> import pathlib
>>> board = load_engine_map(pathlib.Path(__file__).parents[5] / "maps" / "example.yaml")
>>> g = new_game(board, "paluba", ["A", "B"], {"first_player": 0})
>>> GreedyBot(seed=0).decide(g)
{'type': 'start', 'player': 0, 'city': 'Praha'}
"""

from __future__ import annotations

import heapq
import math
import operator
from functools import reduce

from ....bots.base import Bot
from ....errors import IllegalAction
from . import tactics
from .plan import INF, extension, network_nearest, pieces_to, tables
from .routes import network_fares, route_info, track_routes

__all__ = ["GreedyBot", "finish_chances"]

TURN_MEAN = 3.5          # one die
TURN_VAR_PER_POINT = (35 / 12) / TURN_MEAN ** 3   # variance of turns per movement point


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _beats(ti: float, tj: float) -> float:
    """Chance that a train needing ``ti`` points arrives before one needing ``tj``."""
    var = TURN_VAR_PER_POINT * (ti + tj)
    if var <= 0:
        return 0.5
    return _phi((tj - ti) / TURN_MEAN / math.sqrt(var))


def finish_chances(mine: float, others) -> tuple[float, float]:
    """``(P(first), P(second))`` of a train needing ``mine`` movement points.

    ``others``: ``(points, probability that this player races)`` per rival. Rivals are
    taken as independent.

    >>> [round(x, 2) for x in finish_chances(10, [])]
    [1.0, 0.0]
    >>> [round(x, 2) for x in finish_chances(10, [(10, 1.0)])]
    [0.5, 0.5]
    >>> first, second = finish_chances(8, [(20, 1.0), (20, 1.0)])
    >>> first > 0.9, round(first + second, 2)
    (True, 1.0)
    """
    beat = [(1 - pr) + pr * _beats(mine, t) for t, pr in others]
    first = float(math.prod(beat))
    second = 0.0
    for k, (t, pr) in enumerate(others):
        lose_k = pr * _beats(t, mine)
        rest = math.prod(b for j, b in enumerate(beat) if j != k)
        second += lose_k * rest
    return first, second


class GreedyBot(Bot):
    """The greedy planner (see the module notes for how it decides)."""

    name = "greedy"
    # the tunable weights (variants for experiments are subclasses)
    RACE_WEIGHT = 2.5        # value of one race number of a city in the own network (money)
    FEE_WEIGHT = 1.5         # a point of fee money against a build point (dice points are free)
    RIVAL_SHARE = 1 / 3      # share of a bonus still expected when a rival's track is closer
    UNREACHABLE_GAIN = 8     # gain per race from a city that no built track leads to from us
    SECRET_CHOICE_SHARE = 0.85  # secret start choice: any city worth 85% of the best may be picked
    RACE_PROB = 0.8          # chance that a player who has not declared yet will race
    CROWD_PENALTY = 0.5      # a start city already taken by k players is worth 1 / (1 + 0.5 k)
    POST_GAIN_FACTOR = 2.0   # weight of the expected savings against the cost of post-race track
    _legal = None            # an action this decision already found legal (act sets it)

    def act(self, state) -> dict:
        p = state.current_player()
        st = state.step
        self._legal = None          # an action already found legal in this decision
        try:
            if st in ("start", "secret_start"):
                a = self._start(state, p)
            elif st == "joint_answer":
                a = tactics.answer_joint_track(self, state, p)
            elif st == "build":
                a = (tactics.buy_ferry(self, state, p) or tactics.propose_joint_track(self, state, p)
                     or self._build(state, p))
            elif st == "post_build":
                a = tactics.buy_ferry(self, state, p) or self._post_build(state, p)
            elif st == "declare":
                a = self._declare(state, p)
            else:
                a = None
        except IllegalAction:
            a = None
        if a is None or (a is not self._legal and not state.is_legal(a)):
            return self.fallback(state)
        return a

    # -- start city ------------------------------------------------------------------------
    def _start(self, g, p: int) -> dict:
        board = g.board
        cb = tables(g).city_build()
        o = g.options
        reach = 1.5 * 3.5 * o.build_dice
        bonus = o.city_bonus
        others = [c for q, c in enumerate(g.start_city) if q != p and c is not None]
        rng = self.rng(g)
        decay = tables(g).decay(reach)      # exp(-cost / reach) between cities
        cities = range(len(board.cities))
        # what city d is worth to whoever starts near it: its bonus shared with the others
        # near it, and its race numbers
        worth = [bonus / (1.0 + sum(decay[c][d] for c in others if cb[c][d] < INF))
                 + self.RACE_WEIGHT * len(board.cities[d].numbers) for d in cities]
        scored = []
        for name in g.start_options(p):
            ci = board.city_index(name)
            # every other city's worth times its decay, added in city order; a city no track
            # joins to ci decays to 0.0 and adds nothing, as does ci itself (its worth 0.0 here)
            w = worth.copy()
            w[ci] = 0.0
            v = reduce(operator.add, map(operator.mul, w, decay[ci]), self.RACE_WEIGHT * len(board.cities[ci].numbers))
            v /= 1.0 + self.CROWD_PENALTY * others.count(ci)
            scored.append((v, name))
        top = max(v for v, _ in scored)
        # Near-ties are broken by the seed. When the choice is secret nobody sees the others'
        # picks: choosing among the good cities at random keeps equal bots apart.
        share = self.SECRET_CHOICE_SHARE if o.start_choice == "secret" else 0.98
        near = [(v, name) for v, name in scored if v >= share * top]
        pick = rng.choices(near, weights=[v for v, _ in near])[0][1]
        return {"type": "start", "player": p, "city": pick}

    # -- building in the build phase ---------------------------------------------------------
    def city_values(self, g, p: int, with_bonus: bool):
        """(city index, hex, value) of every city not yet in the network."""
        bonus = g.options.city_bonus if with_bonus else 0
        mine = g.nodes[p]
        reached = g.reached
        weight = self.RACE_WEIGHT
        out = []
        for ci, h, numbers in tables(g).linked_cities:
            if h in mine:
                continue
            v = weight * numbers
            if bonus and ci not in reached:
                v += bonus
            if v > 0:
                out.append((ci, h, v))
        return out

    def rival_closer(self, g, p: int, ci: int, my_cost: float) -> bool:
        """Whether another player's network is closer to city ``ci`` (empty-board costs)."""
        return any(q != p and network_nearest(g, q)[ci] < my_cost for q in range(g.num_players))

    def _build(self, g, p: int) -> dict:
        board = g.board
        pts = g.points
        targets = self.city_values(g, p, with_bonus=True)
        if g.may_declare_end():
            # asked before "no targets": the last city may lie in the network already (a start
            # city nobody has built out of), which building toward the others never joins
            last = [board.cities[ci].hex for ci, _, _ in targets if ci not in g.reached]
            if not last:
                return {"type": "declare_end", "player": p}
            ext = extension(g, p, self.FEE_WEIGHT, limit=pts * (1 + self.FEE_WEIGHT))
            if not any(h in ext.dist and ext.points[h] <= pts for h in last):
                return {"type": "declare_end", "player": p}
        if not targets:
            return {"type": "done", "player": p}
        for _, h, ext in self._ranked_targets(g, p, targets, self.search_tie(g)):
            a = self._first_pieces(g, p, ext, h, pts)
            if a is not None:
                return a
        return {"type": "done", "player": p}

    def _ranked_targets(self, g, p: int, targets, paths: int | None = None):
        """The targets in order of value per cost, priced lazily: ``(ratio, hex, Extension)``
        (their paths found with the search's tie key ``paths``).

        A target's bound is its value over the empty board's build cost from the network (the
        cost can only be higher); a target is priced exactly (A*) when its bound leads, and
        yielded when its exact ratio leads all bounds and exact ratios still waiting. So the
        targets come in order of exact ratio (then hex) however tight the bounds are, as long
        as none is below its exact ratio; the tighter, the fewer are priced in vain.
        """
        bonus = g.options.city_bonus
        if g.nodes[p]:
            near = network_nearest(g, p)
            lows = [near[ci] for ci, _, _ in targets]
        else:
            lows = tables(g).nearest([ci for ci, _, _ in targets], {g.starts[p]} - {None})
        others = [network_nearest(g, q) for q in range(g.num_players) if q != p]
        # by city: the least empty-board cost from another player's network
        rival = list(map(min, *others)) if len(others) > 1 else others[0] if others else [INF] * len(g.board.cities)
        cut = bonus * (1 - self.RIVAL_SHARE)
        ties = self.tie_keys(g, len(targets))
        heap: list[tuple] = []
        for (ci, h, v), low, tie in zip(targets, lows, ties, strict=True):
            if low <= 0 or low == INF or low >= 2**31 - 1:
                continue
            # a rival nearer than the bound is nearer than the cost (rival_closer): the bonus
            # shrinks whatever the cost, and the bound with it
            bound = v - cut if v >= bonus and ci not in g.reached and rival[ci] < low else v
            heap.append((-(bound / low), tie, h, ci, v, None))
        heapq.heapify(heap)     # no two entries alike (one per hex): popped in sorted order
        while heap:
            neg, tie, h, ci, v, ext = heapq.heappop(heap)
            if ext is not None:
                yield -neg, h, ext
                continue
            ext = extension(g, p, self.FEE_WEIGHT, target=h, tie=paths)
            if h not in ext.dist or ext.dist[h] <= 0:
                continue
            if v >= bonus and ci not in g.reached and rival[ci] < ext.points[h]:     # rival_closer
                v -= bonus * (1 - self.RIVAL_SHARE)
            heapq.heappush(heap, (-(v / ext.dist[h]), tie, h, ci, v, ext))

    def tie_keys(self, g, n: int) -> list[float]:
        """``n`` numbers in [0, 1) that order ``n`` choices of equal value (the targets of a
        building, in the order given), drawn from this decision's generator: a tie goes
        to either side alike, as the position's seed has it, not always to the smaller hex id
        (which is the northern hex: on a board whose halves mirror each other the northern
        start cities won 16-17 % of 200 games and the southern 33 %)."""
        rng = self.rng(g)
        return [rng.random() for _ in range(n)]

    def _first_pieces(self, g, p: int, ext, h: int, pts: int):
        """The build toward ``h`` as far as the points go (less if the fees exceed the account)."""
        t = tables(g)
        take = []
        left = pts
        for e in pieces_to(ext, h):
            c = t.piece_cost[e]
            if c > left:
                break
            take.append(e)
            left -= c
        while take:
            a = {"type": "build", "player": p, "pieces": [g.board.edge_name(e) for e in take]}
            if g.is_legal(a):
                self._legal = a
                return a
            take.pop()       # fees beyond the account: build less
        return None

    # -- building after a race ---------------------------------------------------------------
    def races_left(self, g) -> int:
        o = g.options
        if o.races is not None:
            return max(0, o.races - g.race_no)
        return 5    # a point target: assume a few more races

    def _post_build(self, g, p: int) -> dict:
        board = g.board
        left = self.races_left(g)
        budget = g.budget
        done = {"type": "done", "player": p}
        if left <= 0 or budget <= 0:
            return done
        table = g.table
        free = [n for n in board.numbers if table.is_free(n)]
        if not free:
            return done
        fares = network_fares(g, p)
        near = network_nearest(g, p)
        worths = []
        open_numbers = set(free)
        for ci, h, _ in self.city_values(g, p, with_bonus=False):
            k = sum(1 for n in board.cities[ci].numbers if n in open_numbers)
            if not k:
                continue
            chance = min(1.0, 2.0 * k / len(free))
            gain = fares.get(h, self.UNREACHABLE_GAIN)
            worths.append((ci, h, self.POST_GAIN_FACTOR * left * chance * gain))
        candidates = []
        # the empty board's cost from the network: the cost can only be higher (fees)
        for (ci, h, worth), tie in zip(worths, self.tie_keys(g, len(worths)), strict=True):
            low = near[ci]
            if low <= budget and worth - low > 0:
                candidates.append((worth - low, tie, worth, h))
        # best first: a city is priced (A*) only while its bound could still beat or tie the
        # best found (a tie goes by the tie keys)
        candidates.sort(key=lambda c: (-c[0], c[1]))
        best = None
        paths = self.search_tie(g) if candidates else None
        for bound, tie, worth, h in candidates:
            if best is not None and bound < best[0]:
                break
            ext = extension(g, p, 1.0, limit=budget, target=h, tie=paths)
            if h not in ext.dist:
                continue
            net = worth - ext.dist[h]          # build cost + fees, all money
            if net > 0 and (best is None or (net, -tie) > (best[0], -best[1])):
                best = (net, tie, h, ext)
        if best is None:
            return done
        pieces = pieces_to(best[3], best[2])
        if not pieces:
            return done
        return {"type": "build", "player": p, "pieces": [board.edge_name(e) for e in pieces]}

    # -- races ---------------------------------------------------------------------------------
    def rivals(self, g, p: int, skip=()) -> list:
        """``(movement points, chance of racing)`` of every other player in this race."""
        r = g.race_status()
        into = tables(g).into
        order = r.decl_order
        me_at = order.index(p)
        declared = g.declared_routes()
        out = []
        for q in order:
            if q == p or q in skip:
                continue
            if order.index(q) < me_at:
                hexes = declared.get(q)
                if hexes is not None:
                    out.append((sum(into[h] for h in hexes[1:]), 1.0))
                continue
            theirs = track_routes(g, q, r.start_hex, r.target_hexes, weights=(0.0,))
            if theirs:
                travel, _, own = route_info(g, q, theirs[0])
                if own or not g.options.own_piece_required:
                    out.append((travel, self.RACE_PROB))
        return out

    def route_values(self, g, p: int, team: tuple = (), rivals=None):
        """``[(value, route, travel, fares), ...]`` of the candidate routes for ``p`` (and his
        joint partner), best first: expected prize minus fares."""
        r = g.race_status()
        routes = track_routes(g, p, r.start_hex, r.target_hexes, team=team)
        if rivals is None:
            rivals = self.rivals(g, p, skip=team)
        return self._valued(g, p, routes, team, (rivals, g.race_prize(1), g.race_prize(2)))

    def _valued(self, g, p: int, routes, team: tuple, prizes: tuple) -> list:
        """:meth:`route_values` of these routes (in the order of their fare weights); ``prizes``:
        the rivals and the prizes of the first and second place."""
        o = g.options
        rivals, prize1, prize2 = prizes
        out = []
        for route in routes:
            travel, fares, own = route_info(g, p, route, team=team)
            if o.own_piece_required and not own:
                continue
            if fares > g.accounts[p] or (o.fare_limit is not None and fares > o.fare_limit):
                continue
            out.append((self._prize(travel, rivals, prize1, prize2) - fares, route, travel, fares))
        out.sort(key=lambda x: -x[0])
        return out

    @staticmethod
    def _prize(travel: float, rivals, prize1: float, prize2: float) -> float:
        """The expected prize of a train needing ``travel`` movement points."""
        first, second = finish_chances(travel, rivals)
        return first * prize1 + (second * prize2 if rivals else 0.0)

    def best_route(self, g, p: int) -> list:
        """``[(value, route, travel, fares)]``: the first of :meth:`route_values` when its value
        is above 0; else ``[]`` or a route whose value is not above 0 either (the bot passes
        alike). It searches fewer routes where those left out cannot change that answer.

        The routes of :func:`~.routes.track_routes` are the cheapest at fare weights 0, 1, 3 and
        100; a larger weight never gives more fares nor fewer movement points (each route is
        the cheapest at its weight: add the two inequalities). So the fares of weight 100's
        route, ``F``, bound those of weights 1 and 3 from below, and the movement points of the
        last smaller weight's route, ``T``, theirs: their value is at most the prize expected
        at ``T`` (less for more points: the chance to come first, and to come first or second,
        only falls) minus ``F``. Weight 100 is searched first; weights 1 and 3 are not searched
        when that bound does not beat the best value of a route before them in the list (it
        comes first on a tie), or is not above 0 (the bot then races another route or none).
        Before any of them, the fares from the network (:func:`~.routes.network_fares`) bound
        ``F`` from below (:meth:`_fares_floor`), and when that bound leaves them all out, weight
        100 is not searched either."""
        r = g.race_status()
        start, targets = r.start_hex, r.target_hexes
        found = track_routes(g, p, start, targets, weights=(0.0,))
        prizes = (self.rivals(g, p), g.race_prize(1), g.race_prize(2))
        if not found or route_info(g, p, found[0])[1] == 0 or not prizes[1] >= prizes[2] >= 0:
            return self._valued(g, p, track_routes(g, p, start, targets), (), prizes)[:1]
        if self._left_out(g, p, found, prizes, self._fares_floor(g, p, start, targets)):
            return self._valued(g, p, found, (), prizes)[:1]
        cheapest = track_routes(g, p, start, targets, weights=(100.0,))[0]
        least_fares = route_info(g, p, cheapest)[1]
        for w in (1.0, 3.0):
            if self._left_out(g, p, found, prizes, least_fares):
                break
            route = track_routes(g, p, start, targets, weights=(w,))[0]
            found.append(route)
            if not route_info(g, p, route)[1]:
                break       # a route without fares: the one of every larger weight too
        routes = []
        for route in (*found, cheapest):
            if route not in routes:
                routes.append(route)
        return self._valued(g, p, routes, (), prizes)[:1]

    def _left_out(self, g, p: int, found: list, prizes: tuple, least_fares: int) -> bool:
        """Whether routes of larger fare weights than ``found``'s, paying at least
        ``least_fares``, cannot come first (:meth:`best_route`)."""
        rivals, prize1, prize2 = prizes
        bound = self._prize(route_info(g, p, found[-1])[0], rivals, prize1, prize2) - least_fares
        if bound <= 0:
            return True
        lead = self._valued(g, p, found, (), prizes)
        return bool(lead) and lead[0][0] >= bound

    @staticmethod
    def _fares_floor(g, p: int, start: int, targets) -> int:
        """A lower bound of the fares of any route from ``start`` to ``targets``: the fares from
        the network to a target and to the start differ by no more than the fares between the
        two (a way from the network through one to the other pays no less than the cheapest)."""
        fares = network_fares(g, p)
        if start not in fares:
            return 0
        return min((abs(fares[t] - fares[start]) for t in targets if t in fares), default=0)

    def _declare(self, g, p: int) -> dict:
        r = g.race_status()
        board = g.board
        # with joint races, the value of racing alone is weighed against a joint train
        best = self.route_values(g, p) if g.options.joint_races else self.best_route(g, p)
        alone = best[0][0] if best else 0.0
        if p in r.offers and tactics.accept_joint_race(self, g, p, r.offers[p], alone):
            return {"type": "accept", "player": p}
        offer = tactics.propose_joint_race(self, g, p, alone)
        if offer is not None:
            return offer
        if not best or best[0][0] <= 0:
            return {"type": "pass", "player": p}
        return {"type": "race", "player": p, "route": [board.hex_names[h] for h in best[0][1]]}
