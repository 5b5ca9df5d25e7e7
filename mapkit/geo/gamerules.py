"""What a designed map needs to play by one rule set (``mapkit design --rules PRESET``).

The presets are the games' (docs/rules.md): ``paluba``, ``dampfross``, ``expres`` (the
Dampfross family: 36 race numbers), ``transamerica`` (35 city cards) and ``railroad-tycoon``.
This module gives what the geography decides for each:

- :data:`LAND_HEXES`, how many home hexes the board has, which sets the hex size (``--hex-km``
  overrides it). The Dampfross family's bundled boards have 463 (Czechia) to 760 (the western
  USA) home hexes for their 36 numbers; a draft aims at 500, an Expres draft at 750 (the
  Expres board of the USA has 707: its table forbids races under 10 steps, and on 500 hexes of
  Hungary 37 % of the races drawn would be, over the third ``mapkit validate`` warns of (W215)).
  TransAmerica's 84 pieces are
  shared by all players and a game should last several rounds (docs/rules.md, TransAmerica):
  on the 463 home hexes of Czechia 4 bots play 2.2 rounds a game, on the 707 of the USA board
  1.1 (docs/play.md). A draft starts at 300, and ``mapkit design`` then scales the hexes until a
  hand of five cards takes about :data:`HAND_PIECES` pieces to join (docs/geography.md).
- :func:`special_races`, the Dampfross family's table of international races for the
  neighbouring states (docs/rules.md, International races): one die every 3rd race; the
  states with the longest borders first, one face each, and the last face the big towns abroad
  (the Czech map's red-cross cities), each reached on its town or the first hex beyond the border
  towards it. With fewer than six entries the faces are shared out (:func:`die_faces`), the
  first entries taking the extra ones: a face without an entry would be rolled again, and on
  Ireland's draft (one neighbour and its town) four rolls in six were.

>>> from mapkit.grid import Grid
>>> from mapkit.model import City, Map, Region
>>> g = Grid("pointy", "odd", 6, 1)
>>> terrain = {(0, 0): "plain", (1, 0): "plain", (2, 0): "foreign", (3, 0): "foreign",
...            (4, 0): "foreign", (5, 0): "foreign"}
>>> regions = [Region("Home", ((0, 0), (1, 0)), (("kind", "home"),)),
...            Region("Nord", ((2, 0), (3, 0)), (("kind", "foreign"),)),
...            Region("Süd", ((4, 0), (5, 0)), (("kind", "foreign"),))]
>>> m = Map(g, terrain=terrain, regions=regions, cities=[City("Ost", (0, 0), (11,)),
...                                                     City("Hof", (3, 0), (), ("abroad",), None, "Nord")])
>>> border_lengths(m), special_races(m)["table"]
({'Nord': 1}, {'1-3': {'region': 'Nord'}, '4-6': {'cities': ['Hof'], 'name': 'a big town abroad'}})
"""

from __future__ import annotations

import math

__all__ = ["PRESETS", "LAND_HEXES", "HAND_PIECES", "DAMPFROSS_FAMILY", "special_races", "border_lengths",
           "die_faces", "scaled_hex_km"]

DAMPFROSS_FAMILY = ("paluba", "dampfross", "expres")
PRESETS = (*DAMPFROSS_FAMILY, "transamerica", "railroad-tycoon")
LAND_HEXES = {"paluba": 500, "dampfross": 500, "expres": 750, "railroad-tycoon": 500, "transamerica": 300}
# TransAmerica: the pieces a hand of one card of each colour takes to join, aimed at.
HAND_PIECES = 30

# Faces of the die for the neighbouring states; the last face is the towns abroad.
STATE_FACES = 5
DIE_FACES = 6


def die_faces(entries: int, faces: int = DIE_FACES) -> list[str]:
    """The table keys of ``entries`` entries sharing the ``faces`` of one die, in order: each
    gets ``faces // entries`` faces, the first ``faces % entries`` one more; a single face is
    its number, several a range.

    >>> die_faces(6), die_faces(2), die_faces(4), die_faces(1)
    (['1', '2', '3', '4', '5', '6'], ['1-3', '4-6'], ['1-2', '3-4', '5', '6'], ['1-6'])
    """
    if not 1 <= entries <= faces:
        raise ValueError(f"{entries} entries for a die of {faces} faces")
    keys = []
    low = 1
    for i in range(entries):
        high = low + faces // entries + (1 if i < faces % entries else 0) - 1
        keys.append(str(low) if low == high else f"{low}-{high}")
        low = high + 1
    return keys


def border_lengths(m) -> dict[str, int]:
    """Foreign region name -> the number of hex sides it shares with the home land that track
    reaches: the pieces of home land that hold a numbered city (a state beside an island
    without towns, which no track reaches, has no border here: Sweden on Denmark's draft,
    whose towns stand on Jutland)."""
    from ..grid import connected_pieces

    land = {h for h, t in m.terrain.items() if t in ("plain", "mountain")}
    towns = {c.hex for c in m.cities if c.numbers}
    home = {h for piece in connected_pieces(land, m.grid.neighbours) if towns & set(piece) for h in piece}
    out: dict[str, int] = {}
    for r in m.regions:
        if dict(r.extra).get("kind") != "foreign":
            continue
        n = sum(1 for h in r.hexes for x in m.grid.neighbours(h) if x in home)
        if n:
            out[r.name] = n
    return out


def special_races(m, lengths: dict[str, int] | None = None) -> dict | None:
    """The ``rules.special_races`` block for map ``m``, or None when it has no neighbour."""
    lengths = border_lengths(m) if lengths is None else lengths
    states = sorted(lengths, key=lambda name: (-lengths[name], name))[:STATE_FACES]
    entries: list[dict] = [{"region": name} for name in states]
    abroad = [c.name for c in m.cities if "abroad" in c.tags and not c.numbers]
    if abroad:
        entry: dict = {"cities": abroad, "name": "a big town abroad"}
        if m.rules.stop_at_border:
            # A track stops on the first hex beyond the border: the nearest such hex counts too.
            from ..grid import hex_name
            from .design import gateway_hex

            entry["hexes"] = sorted({hex_name(gateway_hex(m, n)) for n in abroad})
            entry["name"] = "a big town abroad (or the first hex beyond the border towards it)"
        entries.append(entry)
    if not entries:
        return None
    return {"dice": "one-die", "every": 3, "table": dict(zip(die_faces(len(entries)), entries, strict=True))}


def scaled_hex_km(start: tuple[float, float], measure, aim: float = HAND_PIECES, tries: int = 6) -> float:
    """The hex size (km) whose board comes nearest to ``aim`` pieces a hand, from ``start``
    (the hex size and the hand measured on it): each try scales the hexes by hand / aim;
    ``measure(hex_km)`` gives the hand there, or None where the board no longer holds what the
    rule set needs (TransAmerica: 35 card cities two steps apart). A try at or beyond a size
    that failed goes halfway (in ratio) to it instead, so a long thin or broken country ends at
    about the largest hexes that still hold its cards; the search stops when a try comes no
    nearer to the aim, is within 15 % of it, or no longer changes the size by 0.1 km.

    >>> hand = lambda km: 600 / km                    # a hand shrinking as the hexes grow
    >>> scaled_hex_km((10.0, 60.0), hand)               # 20 km: a hand of 30
    20.0
    >>> fits = lambda km: 600 / km if km <= 16 else None  # no room for the cards above 16 km
    >>> scaled_hex_km((10.0, 60.0), fits)               # 20 fails, 14.1, 16.8 fails, 15.4, 16.1 fails, 15.7
    15.7
    """
    best_km, best_hand = start
    fail = math.inf
    for _ in range(tries):
        if abs(best_hand - aim) <= 0.15 * aim:
            break
        want = round(best_km * best_hand / aim, 1)
        if want >= fail:
            want = round(math.sqrt(best_km * fail), 1)
        if want == best_km or want >= fail:
            break
        hand = measure(want)
        if hand is None:
            fail = want
            continue
        if abs(hand - aim) >= abs(best_hand - aim):
            break
        best_km, best_hand = want, hand
    return best_km
