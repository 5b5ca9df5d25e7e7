"""The board and helpers of the Railroad Tycoon scenarios (worked by hand from the seed).

A strip of 9 x 3 hexes (pointy, odd rows pushed right)::

    row 1:  A1 New York (blue)  B1  C1 mountain  D1 Pittsburgh (red)  E1  F1  G1 Chicago (red)  H1
            I1 Kansas City (purple)
    row 2:  open land (E2, F2: the free-build hexes)
    row 3:  A3 Boston (yellow)  D3 Scranton (grey)  G3 Atlanta (blue)

A river runs along B1/C1, a ridge along E1/F1. Kansas City is the Western Link city. At
set-up New York holds 2 goods, Pittsburgh, Chicago and Boston 1 each (drawn as a test asks).
"""

from __future__ import annotations

from mapkit.engine import EngineMap, new_game
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, EdgeSet, Map, Rules

BLOCK = {"colours": {"New York": "blue", "Pittsburgh": "red", "Chicago": "red", "Kansas City": "purple",
                     "Boston": "yellow", "Atlanta": "blue"},
         "goods": {"New York": 2, "Pittsburgh": 1, "Chicago": 1, "Kansas City": 0, "Boston": 1, "Atlanta": 0},
         "western_link": ["Kansas City"], "free_build": ["E2", "F2"]}


def strip_map(block=None) -> Map:
    cities = [City("New York", H("A1")), City("Pittsburgh", H("D1")), City("Chicago", H("G1")),
              City("Kansas City", H("I1")), City("Boston", H("A3")), City("Scranton", H("D3")),
              City("Atlanta", H("G3"))]
    return Map(Grid("pointy", "odd", 9, 3), terrain={H("C1"): "mountain"}, cities=cities,
               rivers=[EdgeSet({(H("B1"), H("C1"))})], ridges=[EdgeSet({(H("E1"), H("F1"))})],
               rules=Rules(extra={"railroad_tycoon": block or BLOCK}))


BOARD = EngineMap.from_map(strip_map())


PLAIN_CARDS = ("hotel:Boston", "engineering", "two-goods", "two-actions", "found-city", "free-build")


def game(players=("Ann", "Bob"), goods=None, tasks=None, cards=None, **options):
    """A game after set-up: ``goods`` city -> colours drawn (else black, the bag's first), ``tasks`` per seat,
    ``cards`` laid out (default: cards without goals, :data:`PLAIN_CARDS`); the last seat opens, so Ann is first player
    when everybody passes the first auction."""
    options.setdefault("opener", len(players) - 1)
    g = new_game(BOARD, "railroad-tycoon", list(players), options, seed=1)
    draw(g, goods or {}, list(tasks or []), list(PLAIN_CARDS if cards is None else cards))
    return g


def draw(g, goods: dict, tasks: list, cards: list) -> None:
    """Apply the chance draws due, as asked (else the first outcome)."""
    while g.is_chance_node():
        d = g.draws[0] if g.step == "draw" else {"kind": ""}
        if d["kind"] == "goods" and goods.get(g.city_name(d["city"])):
            g.apply({"type": "goods", "city": g.city_name(d["city"]), "colour": goods[g.city_name(d["city"])].pop(0)})
        elif d["kind"] == "task" and tasks:
            g.apply({"type": "task", "player": d["player"], "card": tasks.pop(0)})
        elif d["kind"] == "card" and cards:
            g.apply({"type": "card", "card": cards.pop(0)})
        else:
            g.apply(g.chance_outcomes()[0][0])


def to_turn(g, p: int, **chance) -> None:
    """Pass (auctions and actions) until seat ``p`` is to act in the action phase."""
    while True:
        if g.is_chance_node():
            draw(g, chance.get("goods", {}), [], chance.get("cards", []))
            continue
        if g.step == "act" and g.current_player() == p:
            return
        g.apply({"type": "pass"})


def act(g, p: int, action: dict, **chance) -> None:
    """Seat ``p``'s action at his next turn (earlier turns of everybody passed)."""
    to_turn(g, p, **chance)
    g.apply({"player": p, **action})
    draw(g, chance.get("goods", {}), [], chance.get("cards", []))


def money(g, p: int, amount: int) -> None:
    """Give seat ``p`` money by issuing shares (at his turn)."""
    to_turn(g, p)
    g.apply({"type": "issue", "player": p, "count": -(-amount // 5000)})


def to_round(g, n: int, **chance) -> None:
    """Pass until round ``n``'s auction (or the end)."""
    while not g.is_terminal() and g.round_no < n:
        if g.is_chance_node():
            draw(g, chance.get("goods", {}), [], chance.get("cards", []))
        else:
            g.apply({"type": "pass"})
