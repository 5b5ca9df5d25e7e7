"""The questions a Dampfross, Paluba or Expres player asks the server before acting.

* ``plan`` -- the cheapest way from the player's network to a clicked hex (the bots' planner,
  :func:`~mapkit.engine.games.dampfross.bots.plan.extension`), as a path of hexes;
* ``preview`` -- what building along a path would cost, piece by piece: build points (or money
  after a race), the fees to other players, and where the path stops being legal, with the
  engine's reason. Worked out on a copy of the state by the engine itself (its ``quote`` of
  each piece, then the piece laid), so what is shown is what the build will take;
* ``routes`` -- the routes over built track from the race's start to its target, with their
  movement points, fares and whether the engine accepts them;
* ``route`` -- the same figures for a route the player clicked together.

None of them changes the game.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> m = Map(Grid("pointy", "odd", 6, 1), terrain={H("C1"): "mountain"},
...         cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("F1"), (12,))])
>>> g = new_game(m, "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> g.apply({"type": "start", "city": "Aš"}); g.apply({"type": "roll", "dice": [2, 3]})
>>> plan(g, 0, {"to": "D1"})["path"]
['A1', 'B1', 'C1', 'D1']
>>> p = preview(g, 0, {"path": ["A1", "B1", "C1", "D1"]})
>>> [(x["edge"], x["cost"], x["ok"]) for x in p["pieces"]], p["cost"], p["left"]
([('A1/B1', 1, True), ('B1/C1', 3, True), ('C1/D1', 3, False)], 4, 1)
>>> p["pieces"][2]["reason"]
'C1/D1 costs 3 build points; 1 left'
"""

from __future__ import annotations

from itertools import pairwise

from mapkit.errors import InputError
from mapkit.web.families import hex_of, hexes_of

from mapkit.engine.errors import IllegalAction

__all__ = ["REQUESTS", "plan", "preview", "routes", "route"]

def _building(state, seat) -> None:
    if state.current_player() != seat or state.step not in ("build", "post_build"):
        raise InputError("you are not building now")


def plan(state, seat: int, msg: dict) -> dict:
    """``{"path": [hex, ...], "cost", "fees"}``: the cheapest extension to hex ``msg["to"]``."""
    from ..bots.plan import extension

    _building(state, seat)
    b = state.board
    h = hex_of(b, msg.get("to"))
    ext = extension(state, seat, 1.0, target=h)
    if h not in ext.dist:
        raise InputError(f"no track can be built from your network to {b.hex_names[h]}")
    path = [h]
    while ext.prev.get(path[-1]) is not None:
        path.append(ext.prev[path[-1]][0])
    path.reverse()
    return {"path": [b.hex_names[x] for x in path], "cost": ext.points[h], "fees": ext.fees[h]}


def preview(state, seat: int, msg: dict) -> dict:
    """Piece by piece: ``{edge, from, to, cost, fees, ok, own, reason}``; the totals of the
    legal beginning (``cost``, ``fees``, ``left`` = points or money after it) and its
    ``action`` (None when not even the first piece can be built)."""
    _building(state, seat)
    b = state.board
    hexes = hexes_of(b, msg.get("path"))
    g = state.clone()
    post = g.step == "post_build"
    pieces = []
    take = []
    cost = fees = 0
    stopped = None
    for a, z in pairwise(hexes):
        e = b.edge_between(a, z)
        name = b.edge_name(e) if e is not None else f"{b.hex_names[a]}/{b.hex_names[z]}"
        item = {"edge": name, "from": b.hex_names[a], "to": b.hex_names[z], "cost": None, "fees": None,
                "ok": False, "own": False, "reason": None}
        pieces.append(item)
        if stopped is not None:
            item["reason"] = stopped
            continue
        if e is None:
            item["reason"] = stopped = (f"no track can join {b.hex_names[a]} and {b.hex_names[z]} "
                                        f"(not neighbours, water, off the board or a closed border)")
            continue
        if seat in g.owners(e):
            item.update(ok=True, own=True, cost=0, fees=0)
            continue
        if g.current_player() != seat or g.step not in ("build", "post_build"):
            item["reason"] = stopped = "the turn ends before this piece (nothing left to build with)"
            continue
        q = g.quote(e, seat)
        action = {"type": "build", "player": seat, "pieces": [name]}
        if q is None:
            have = g.budget if post else g.points
            price = g.piece_cost(e)
            try:
                g.check(action)
                why = f"{name} cannot be built now"
            except IllegalAction as exc:
                why = exc.reason
            item["cost"] = price
            if price is not None and price > have:
                why = f"{name} costs {price} {'in money' if post else 'build points'}; {have} left"
            item["reason"] = stopped = why
            continue
        item.update(ok=True, cost=q[0], fees=q[1])
        g.apply(action)
        take.append(name)
        cost += q[0]
        fees += q[1]
    left = (g.budget if post else g.points) if g.current_player() == seat else 0
    build = {"type": "build", "player": seat, "pieces": take} if take else None
    return {"pieces": pieces, "cost": cost, "fees": fees, "left": left, "money": post, "action": build}


def _declaring(state, seat) -> None:
    if state.current_player() != seat or state.race_stage() != "declare":
        raise InputError("no race is being declared for you now")


def _route_entry(state, seat, ids) -> dict:
    from ..bots.routes import route_info

    b = state.board
    travel, fares, own = route_info(state, seat, ids)
    names = [b.hex_names[h] for h in ids]
    entry = {"route": names, "travel": travel, "fares": fares, "own": own, "ok": True, "reason": None}
    try:
        state.check({"type": "race", "player": seat, "route": names})
    except IllegalAction as exc:
        entry.update(ok=False, reason=exc.reason)
    return entry


def routes(state, seat: int, msg: dict) -> dict:
    """The routes to the target (fastest first) with movement points, fares, legality."""
    from .moves import race_candidates

    _declaring(state, seat)
    return {"routes": [_route_entry(state, seat, ids) for ids, *_ in race_candidates(state, seat)]}


def route(state, seat: int, msg: dict) -> dict:
    """Movement points, fares, own pieces and legality of the route ``msg["route"]``."""
    _declaring(state, seat)
    ids = hexes_of(state.board, msg.get("route"))
    if len(ids) < 2:
        raise InputError("a route has at least two hexes")
    return _route_entry(state, seat, ids)


REQUESTS = {"plan": plan, "preview": preview, "routes": routes, "route": route}
