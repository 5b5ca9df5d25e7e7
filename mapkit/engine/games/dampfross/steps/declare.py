"""Declaring a race (docs/rules.md, Paluba and Options): who races, over which route, and the fares.

From the roller on, each player declares his exact route over built track (a step from a
port to a ferry's landing sails that ferry) or passes; with joint races (D2) he may propose a
joint train to a player who declares later. When all have declared, routes without an own
piece and racers who would pay more than the fare limit above what they receive are excluded
(repeated until nobody breaks the rule, docs/rules.md, Paluba, the Decision on declaring), fares are paid (1 per foreign
piece, to the owner named), and the race is run, given to a lone racer, or over when nobody
races. Step: ``declare``.
"""

from __future__ import annotations

from .....i18n import N_
from .....i18n.said import said
from .....search import dijkstra
from ....actions import hex_path
from ....errors import IllegalAction
from ....steps import Step
from ..building import split
from ..race import SEA
from . import after

__all__ = ["DeclareStep", "begin_declarations", "suggest_routes", "route_steps"]

# Fast routes weigh movement points above fares, cheap ones the other way round; one step
# never carries as many fares as this, so the two parts of a cost never mix.
_LEXICAL = 1_000_000


class DeclareStep(Step):
    name = "declare"
    label = N_("declaring routes")
    phase = "race"

    def decider(self, s):
        r = s.current
        return r.decl_order[r.decl_idx]

    def legal_actions(self, s, p):
        out = []
        if p in s.current.offers:
            out.append({"type": "accept", "player": p})
        out.append({"type": "pass", "player": p})
        for route in suggest_routes(s, p):
            out.append({"type": "race", "player": p, "route": [s.board.hex_names[h] for h in route]})
        return out

    def act_pass(self, s, p, action):
        def plan():
            s.current.offers.pop(p, None)
            _next_declarer(s)
        return {"type": "pass", "player": p}, plan

    def act_timeout(self, s, p, action):
        if s.rules.turn_timer() is None:
            raise IllegalAction("timer.off", "no turn timer is set (option turn_timer, docs/rules.md, Options)")
        plan = self.act_pass(s, p, action)[1]
        return {"type": "timeout", "player": p}, plan

    def act_accept(self, s, p, action):
        r = s.current
        if p not in r.offers:
            raise IllegalAction("accept.none", "there is no proposal to accept")
        proposer = r.offers[p]

        def plan():
            del r.offers[p]
            r.decl[proposer]["partner"] = p
            r.decl[p] = {"joined": proposer}
            _next_declarer(s)
        return {"type": "accept", "player": p}, plan

    def act_decline(self, s, p, action):
        if p in s.current.offers:
            raise IllegalAction("decline.race", "to refuse a joint train, declare your own race or pass")
        raise IllegalAction("decline.none", "there is no proposal to decline")

    def act_race(self, s, p, action):
        return _declare(s, p, action)


def begin_declarations(s) -> None:
    r = s.current
    n = s.num_players
    s.go("declare")
    r.decl_order = [(r.roller + i) % n for i in range(n)]
    r.decl_idx = 0


def _next_declarer(s) -> None:
    r = s.current
    r.decl_idx += 1
    if r.decl_idx >= len(r.decl_order):
        _resolve_declarations(s)


def _ferry_between(s, u: int, v: int):
    """The index of a bought ferry line joining hexes ``u`` and ``v``, or None."""
    for k, f in enumerate(s.board.ferries):
        if s.ferry_owners[k] and {f.port, f.to} == {u, v}:
            return k
    return None


def route_steps(s, hexes: list) -> list:
    """``(edge id or -1 - ferry index, owners)`` of each step of a route, or IllegalAction."""
    b = s.board
    owners_of = s.net.owners_of
    out = []
    for i, eid in enumerate(b.edges_along(hexes)):
        owners = owners_of[eid] if eid is not None else ()
        if owners:
            out.append((eid, owners))
            continue
        k = _ferry_between(s, hexes[i], hexes[i + 1]) if s.board.ferries else None
        if k is None:
            raise IllegalAction("route.track", f"no track is built between {b.hex_names[hexes[i]]} and "
                                               f"{b.hex_names[hexes[i + 1]]}; races run on built track")
        out.append((-1 - k, s.ferry_owners[k]))
    return out


def _route_hexes(s, action: dict) -> list:
    """The hex ids of a declared route (IllegalAction: not a route of hexes on the board)."""
    return hex_path(s.board, action.get("route"), "route.shape",
                    "'route' is a list of hexes from the start city to the target", "route.hex")


def _route_of(s, p: int, action: dict, partner: int | None, hexes: list | None = None):
    """Check a declared route (``hexes``: its hex ids, when read already): returns its
    declaration (hexes, stops, owners per step)."""
    b = s.board
    r = s.current
    if hexes is None:
        hexes = _route_hexes(s, action)
    if hexes[0] != r.start_hex:
        raise IllegalAction("route.start", f"the route must begin at the start city "
                                           f"{b.cities[r.start_city].name} ({b.hex_names[r.start_hex]})")
    if hexes[-1] not in r.target_hexes:
        raise IllegalAction("route.target", f"the route must end at the target {r.target_name}")
    if len(set(hexes)) != len(hexes):
        raise IllegalAction("route.repeat", "the route visits a hex twice")
    tracks = action.get("tracks")
    if tracks is not None and (not isinstance(tracks, list) or len(tracks) != len(hexes) - 1):
        raise IllegalAction("route.tracks", f"'tracks' names one owner per step ({len(hexes) - 1} steps)")
    into = s.tables.into_cost
    owners_per_step = []
    stops, costs, via, owner = [hexes[0]], [0], [None], [None]
    for i, (step, owners) in enumerate(route_steps(s, hexes)):
        if tracks is not None:
            q = tracks[i]
            if q not in owners:
                raise IllegalAction("route.tracks", f"step {b.hex_names[hexes[i]]}-{b.hex_names[hexes[i + 1]]}: "
                                                    f"seat {q!r} has no track there")
        elif p in owners:
            q = p
        elif partner is not None and partner in owners:
            q = partner
        else:
            q = owners[0]
        owners_per_step.append(q)
        h = hexes[i + 1]
        if step >= 0:
            stops.append(h)
            costs.append(into[h])
            via.append(step)
            owner.append(q)
        else:       # a ferry line: a point a stop, each at sea but the landing
            n_stops = b.ferries[-1 - step].steps
            stops += [SEA] * (n_stops - 1) + [h]
            costs += [1] * n_stops
            via += [step] * n_stops
            owner += [q] * n_stops
    return {"route": hexes, "tracks": owners_per_step, "stops": stops, "costs": costs, "via": via,
            "owner": owner, "partner": None}


def _declare(s, p: int, action: dict):
    r = s.current
    rules = s.rules
    partner = action.get("partner")
    if partner is not None:
        if not rules.joint_races():
            raise IllegalAction("joint.off", "joint races are not allowed (option joint_races, docs/rules.md, Options)")
        later = r.decl_order[r.decl_idx + 1:]
        if type(partner) is not int or partner not in later:
            raise IllegalAction("joint.partner", f"the partner must be a player who declares later, not {partner!r}")
        if partner in r.offers:
            raise IllegalAction("joint.partner", f"{s.players[partner]} already has a proposal")
    decl = _checked_route(s, p, action, partner)
    mine = {p} if partner is None else {p, partner}
    if rules.own_piece_required() and not any(q in mine for q in decl["tracks"]):
        raise IllegalAction("race.own-piece", "the route uses none of your own pieces; a player may not "
                                              "race without using his own track (docs/rules.md, Paluba)")
    b = s.board
    norm = {"type": "race", "player": p, "route": [b.hex_names[h] for h in decl["route"]]}
    if action.get("tracks") is not None:
        norm["tracks"] = list(decl["tracks"])
    if partner is not None:
        norm["partner"] = partner

    def plan():
        r.offers.pop(p, None)
        r.decl[p] = decl
        if partner is not None:
            r.offers[partner] = p
        _next_declarer(s)
    return norm, plan


def _checked_route(s, p: int, action: dict, partner: int | None) -> dict:
    """:func:`_route_of`, read once in a position for a route of hexes without ``tracks``: a
    bot checks the race it then declares (:meth:`~..state.DampfrossState.recall_check`)."""
    if action.get("tracks") is not None:
        return _route_of(s, p, action, partner)
    hexes = _route_hexes(s, action)
    what = ("race", p, tuple(hexes), partner)
    decl = s.recall_check(what)
    if decl is None:
        decl = _route_of(s, p, action, partner, hexes)
        s.keep_check(what, decl)
    return decl


def suggest_routes(s, p: int) -> list:
    """Up to two routes (hex id lists) for player ``p``: the fastest, and the cheapest in fares.

    Both run over built track from the start to the target; routes breaking the own-piece
    rule are left out. Bots may search for others and test them with ``check``.
    """
    r = s.current
    if r is None or s.step != "declare":
        return []
    out = []
    for key in ("fast", "cheap"):
        route, fares = _best_route(s, p, key)
        if route is None or route in out:
            continue
        if s.rules.own_piece_required() and not any(p in owners for _, owners in route_steps(s, route)):
            continue
        out.append(route)
        if not fares:
            # No route pays fewer fares, and among those without fares this one moves least:
            # the cheap search would find it again (its ties break alike, its estimate being
            # the same grid distance, scaled), and it would be left out as listed.
            break
    return out


def _best_route(s, p: int, key: str):
    """The fastest or cheapest route of ``p`` (hex ids) and its fares, or ``(None, None)``:
    A* over the built track (:meth:`~..state.DampfrossState.track_rows`) toward the target,
    the grid distance (every step moves at least one point) bounding the movement points
    left, with the movement points of a step read already scaled. A hex's steps are given to
    the search as a list (cheaper than a generator resumed step by step), the bound through a
    mapping's lookup. (Keeping each player's weighed rows from race to race made the searches
    faster but the games slower: the garbage collector followed every row kept.)"""
    fast = key == "fast"
    per_move, per_fare = (_LEXICAL, 1) if fast else (1, _LEXICAL)
    moves = s.tables.scaled_step_costs(per_move)
    track = s.track_rows()
    no_row: tuple = ()
    # without a bought ferry line every step is a piece of track: rows without the ferry's test
    # (0.7 % of a random-bot game's instructions on the Czech map, measured)
    if any(s.ferry_owners):
        ferries = s.board.ferries

        def rows(h):
            return [(nb, (moves[nb] if step >= 0 else ferries[-1 - step].steps * per_move)
                     + (0 if p in own else per_fare), None) for nb, step, own in track.get(h, no_row)]
    else:
        def rows(h):
            return [(nb, moves[nb] if p in own else moves[nb] + per_fare, None)
                    for nb, _, own in track.get(h, no_row)]
    r = s.current
    to_go = s.tables.scaled_bounds(s.board, r.target_hexes, per_move)
    found = dijkstra([r.start_hex], rows, targets=r.target_hexes, heuristic=to_go.__getitem__)
    if found.found is None:
        return None, None
    cost = found.dist[found.found]
    return found.path(found.found), (cost % _LEXICAL if fast else cost // _LEXICAL)


# -- when all have declared ------------------------------------------------------------------
def _resolve_declarations(s) -> None:
    r = s.current
    rules = s.rules
    r.offers = {}
    trains = [p for p in r.decl_order if p in r.decl and "route" in r.decl[p]]
    for p in trains:
        q = r.decl[p].get("partner")
        r.members[p] = (p,) if q is None else (p, q)
    active = list(trains)
    if rules.own_piece_required():
        for p in list(active):
            if not any(q in r.members[p] for q in r.decl[p]["tracks"]):
                active.remove(p)
                r.excluded.append({"player": p, "why": "no own piece on the route"})
    limit = rules.fare_limit()
    accounts = s.money.accounts
    while True:
        fares = _fares(s, active)
        bad = []
        for p in active:
            for m in r.members[p]:
                paid = sum(f for (a, _, f) in fares if a == m)
                got = sum(f for (_, c, f) in fares if c == m)
                if limit is not None and paid - got > limit:
                    bad.append((p, f"{s.players[m]} would pay {paid - got} more than he receives (limit {limit})"))
                    break
                if accounts[m] - paid + got < 0:
                    bad.append((p, f"{s.players[m]} cannot pay {paid} fares (account {accounts[m]})"))
                    break
        if not bad:
            break
        for p, why in bad:
            active.remove(p)
            r.excluded.append({"player": p, "why": why})
    r.trains = active
    r.fares = fares
    # income of this race: fares received now, prizes later; debits first, so that nobody
    # passes through a negative account
    s.money.settle(fares, said(N_("fare race {race}"), race=r.no))
    for _, c, f in fares:
        r.income[c] = r.income.get(c, 0) + f
    if not active:
        after.finish_race(s, run=False)
        return
    if len(active) == 1:
        r.places = [active[0]]
        after.finish_race(s, run=True)
        return
    s.go("run")
    r.run_order = list(active)
    r.run_idx = 0
    r.pos = {p: 0 for p in active}
    r.run_round = 1


def _fares(s, active: list) -> list:
    """(payer, payee, amount) of the fares among ``active`` trains (excluded racers get nothing)."""
    r = s.current
    fare = s.rules.fare()
    if not fare:
        return []
    excluded = {p for p in r.decl if "route" in r.decl[p] and p not in active}
    excluded |= {q for p in excluded for q in r.members.get(p, ())}
    accounts = s.money.accounts
    out = []
    for p in active:
        mem = r.members[p]
        owed: dict = {}
        for q in r.decl[p]["tracks"]:
            if q not in mem and q not in excluded:
                owed[q] = owed.get(q, 0) + fare
        for q, f in sorted(owed.items()):
            if len(mem) == 2:
                sa, sb = split(f, mem[0], mem[1], accounts)
                if sa:
                    out.append((mem[0], q, sa))
                if sb:
                    out.append((mem[1], q, sb))
            else:
                out.append((p, q, f))
    return out
