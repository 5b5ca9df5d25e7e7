"""The questions a Railroad Tycoon page asks the server (docs/rules.md, Railroad Tycoon), answered by the engine.

* ``cards`` -- every action card and task card the game knows: id, kind, title, points (to
  name the held cards and the task in a view). Public: it tells nothing of any seat;
* ``preview`` -- what building along a clicked path would do: step by step, whether a tile is
  laid there and its price, where the path stops being legal (the engine's reason), the
  ``action`` laying the longest legal beginning (an unfinished link when it does not reach a
  city), its ``cost``, and whether the asker's money covers it;
* ``plan`` -- the cheapest new track from a city (or the asker's unfinished link) to a clicked
  hex (:func:`.plan.cheapest_way`), as a path of hexes;
* ``deliveries`` -- the asker's deliveries now of the goods of a city (of one colour): each its
  ``action``, the cities it visits, the VP it brings him, best first.

None of them changes the game. No engine refusal tells a seat another's task card (legality
never depends on a task), so the family refuses nothing before the engine (no ``refusal``).

>>> from mapkit.engine.games.railroad_tycoon.front.plan import example
>>> g = example()
>>> g.apply({"type": "pass"}); g.apply({"type": "issue", "count": 1})      # Ann is first; 5000
>>> p = preview(g, 0, {"path": ["A1", "B1", "C1", "D1", "E1"]})
>>> [(x["hex"], x["tile"], x["cost"], x["ok"]) for x in p["steps"]], p["cost"], p["affordable"]
([('B1', True, 2000, True), ('C1', True, 4000, True), ('D1', True, 2000, True), ('E1', False, 0, True)], 8000, False)
>>> plan(g, 0, {"to": "E1"})["path"]
['A1', 'B1', 'C1', 'D1', 'E1']
"""

from __future__ import annotations

from mapkit.engine.errors import IllegalAction
from mapkit.i18n import N_
from mapkit.errors import InputError
from mapkit.web.families import hex_of, hexes_of

from .. import track
from ..cards import CARDS, TASKS
from .plan import cheapest_way, deliveries as delivery_list, delivery_points, link_cities

__all__ = ["REQUESTS", "PUBLIC", "OPTION_NOTES", "cards", "preview", "plan", "deliveries"]


def _acting(state, seat) -> None:
    if seat is None or state.current_player() != seat:
        raise InputError("it is not your turn")
    if state.step != "act":
        raise InputError("you are not taking an action now")


def cards(state, seat, msg: dict) -> dict:
    """The catalogue of cards (see the module notes)."""
    return {"cards": {c.id: {"kind": c.kind, "title": c.title, "points": c.points, "cities": list(c.cities)}
                      for c in CARDS.values()},
            "tasks": {t.id: {"title": t.title, "points": t.points} for t in TASKS.values()}}


def _check(state, seat, path: list, free: bool):
    a = {"type": "build", "player": seat, "path": path}
    if free:
        a["free"] = True
    return a, track.check_build(_Rich(state, seat), seat, a)


def preview(state, seat, msg: dict) -> dict:
    """Step by step along ``msg["path"]``: ``{hex, tile, cost, ok, reason}``; the ``action``
    laying the longest legal beginning (None: nothing), its ``cost``, ``tiles``, ``finished``,
    ``affordable`` (the money covers it) and ``money``."""
    _acting(state, seat)
    b = state.board
    names = [b.hex_names[h] for h in hexes_of(b, msg.get("path"))]
    free = bool(msg.get("free"))
    reasons: list = []
    costs: list = []
    best = None
    for k in range(2, len(names) + 1):
        try:
            a, plan = _check(state, seat, names[:k], free)
        except IllegalAction as exc:
            reasons.append(exc.reason)
            costs.append(None)
            continue
        reasons.append(None)
        costs.append(plan.cost)
        best = (a, plan)
    steps = []
    upto = len(best[0]["path"]) if best else 0
    last_cost = 0
    for j, name in enumerate(names[1:], 1):
        ok = j < upto
        tile = ok and j < upto - 1
        cost = None
        if ok and costs[j - 1] is not None:
            cost, last_cost = costs[j - 1] - last_cost, costs[j - 1]
        why = None if ok else next((r for r in reasons[j - 1:] if r), reasons[-1])
        steps.append({"hex": name, "tile": tile, "cost": cost if cost is not None else (0 if ok else None),
                      "ok": ok, "reason": why})
    _pointer_costs(steps)
    if best is None:
        return {"steps": steps, "action": None, "cost": 0, "tiles": 0, "finished": False, "affordable": False,
                "money": state.money[seat]}
    a, p = best
    finished = b.is_city[b.hex_id(a["path"][-1])]
    return {"steps": steps, "action": a, "cost": p.cost, "tiles": len(p.tiles), "finished": finished,
            "affordable": p.cost <= state.money[seat], "money": state.money[seat]}


def _pointer_costs(steps) -> None:
    """A step's cost is the tile laid on its hex: the increments of the prefixes' prices are
    the previous step's tile; shift them so each step carries its own tile's price."""
    oks = [s for s in steps if s["ok"]]
    for s, nxt in zip(oks, oks[1:], strict=False):
        s["cost"] = nxt["cost"] if s["tile"] else 0
    if oks:
        oks[-1]["cost"] = 0


def plan(state, seat, msg: dict) -> dict:
    """``{"path", "cost", "tiles"}``: the cheapest new track to hex ``msg["to"]``."""
    _acting(state, seat)
    b = state.board
    h = hex_of(b, msg.get("to"))
    way = cheapest_way(state, seat, h)
    if way is None:
        raise InputError(f"no new track can reach {b.hex_names[h]}")
    return {"path": [b.hex_names[x] for x in way.path], "cost": way.cost, "tiles": way.tiles}


def deliveries(state, seat, msg: dict) -> dict:
    """The asker's deliveries of the goods of city ``msg["from"]`` (a name or hex), of colour
    ``msg["colour"]`` when given: ``{"options": [{action, cities, to, points, links}]}``, best first."""
    _acting(state, seat)
    try:
        origin = state.city_ref(msg.get("from"))
    except IllegalAction as exc:
        raise InputError(exc.reason) from None
    colour = msg.get("colour") or None
    out = []
    for a in delivery_list(state, seat, origin, colour):
        cities = [state.city_name(c) for c in link_cities(state, a)]
        out.append({"action": a, "cities": cities, "to": cities[-1], "hex": state.board.hex_names[
            state.board.cities[state.city_ref(cities[-1])].hex], "points": delivery_points(state, seat, a),
            "links": len(a["links"])})
    return {"options": out}


class _Rich:
    """The state seen with money enough, so a preview names the price before the shares that
    pay for it (the ``affordable`` flag says whether they are needed)."""

    def __init__(self, s, p):
        self._s = s
        self.money = [1 << 40 if q == p else m for q, m in enumerate(s.money)]

    def __getattr__(self, name):
        return getattr(self._s, name)


REQUESTS = {"cards": cards, "preview": preview, "plan": plan, "deliveries": deliveries}
PUBLIC = frozenset({"cards"})

# What the options mean, for the lobby (docs/rules.md, Railroad Tycoon; docs/engine.md "Railroad Tycoon").
OPTION_NOTES = {
    "opener": N_("seat that opens round 1's auction (0 = the first); empty: drawn"),
    "empty_cities": N_("empty cities that end the game; empty: 10/12/14/16/18 by players"),
    "bag_per_colour": N_("goods cubes of each colour in the bag"),
    "city_tiles": N_("city tiles of each colour (to found cities)"),
    "round_limit": N_("end after this many rounds (not a rule: for games that stall)"),
}
