"""Small hand-made maps and shorthand for Dampfross-family scenarios: the fee map, the ladder,
actions written as R(dice), S(city), P(path), B(pieces), RACE(...), and a ladder game ready to race."""

from __future__ import annotations

from mapkit.engine import EngineMap, new_game
from mapkit.grid import Grid, hex_name
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map

# -- small hand-made maps ------------------------------------------------------------------------
#
# fee map (7 x 5, pointy, odd rows pushed right; all plain):
#   A1  B1  C1  D1  E1  F1  G1          Kladno B1 (12), Slaný C1 (13)
#     A2  B2  C2  D2  E2  F2  G2
#   A3  B3  C3  D3  E3  F3  G3          Mělník A3 (11), Beroun E3 (14)
#     A4  B4  C4  D4  E4  F4  G4
#   A5  B5  C5  D5  E5  F5  G5          Rakovník G5 (15): left unconnected in the fee tests


def fee_map() -> Map:
    return Map(Grid("pointy", "odd", 7, 5), cities=[
        City("Mělník", H("A3"), (11,)), City("Kladno", H("B1"), (12,)), City("Slaný", H("C1"), (13,)),
        City("Beroun", H("E3"), (14,)), City("Rakovník", H("G5"), (15,))])


# ladder map (cols x 2): two rows of hexes; A1-A2, A2-B1, Xn1-Xn2 and J2-J1 are edges.
#   Aš A1 (11), Cheb J1 (12, 66), Úvaly E2 (13), Žatec J2 (14)


def ladder_map(cols: int = 10, mountains=()) -> Map:
    last = hex_name((cols - 1, 0))
    return Map(Grid("pointy", "odd", cols, 2), terrain={H(m): "mountain" for m in mountains}, cities=[
        City("Aš", H("A1"), (11,)), City("Cheb", H(last), (12, 66)), City("Úvaly", H("E2"), (13,)),
        City("Žatec", H(hex_name((cols - 1, 1))), (14,))])


def board_of(m: Map) -> EngineMap:
    return EngineMap.from_map(m)


# -- scripting -----------------------------------------------------------------------------------

def R(*dice):
    return {"type": "roll", "dice": list(dice)}


def S(city):
    return {"type": "start", "city": city}


def P(*hexes):
    return {"type": "build", "path": list(hexes)}


def B(*pieces):
    return {"type": "build", "pieces": list(pieces)}


def RACE(*hexes, **kw):
    return {"type": "race", "route": list(hexes), **kw}


DONE = {"type": "done"}
PASS = {"type": "pass"}
END = {"type": "declare_end"}
ACCEPT = {"type": "accept"}


def row(first: str, last: str, r: int) -> list:
    """Hex names along row ``r`` (1-based) from column letter ``first`` to ``last``."""
    a, b = ord(first) - 65, ord(last) - 65
    step = 1 if b >= a else -1
    return [f"{chr(65 + c)}{r}" for c in range(a, b + step, step)]


def act(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def ladder_ready(preset="paluba", players=("Anna", "Bert"), **options):
    """The ladder after its build phase: Bert (seat 1) starts and builds row 1 (Aš-Cheb, 9 pieces,
    +6 for Cheb: 26); Anna builds A1-A2, row 2 to J2 (+6 Úvaly, +6 Žatec) and J2-J1 (11 points,
    no fee: Cheb is a city): 32. Every city is connected; the last build roller was Bert, so
    Anna (seat 0) draws the first race."""
    g = new_game(board_of(ladder_map()), preset, list(players), {"first_player": 1, **options})
    act(g, S("Aš"), R(6, 6), P(*row("A", "J", 1)), DONE,
        S("Aš"), P("A1", *row("A", "J", 2), "J1"), DONE)
    return g
