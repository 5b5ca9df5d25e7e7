"""Every preset's listing of legal actions (:meth:`State.legal_actions`), in random play on a small
board of its family: each listed action is legal, and none is listed twice, not even in another
spelling (two listed actions whose checked, normalized forms are the same). A bot that draws
from the listing (the random bot, the search bots' move lists) would otherwise play the twice
listed action twice as often as the others."""

from __future__ import annotations

import json
import random

import pytest

from mapkit.engine import PRESETS, load_engine_map, new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.simulate import roll
from mapkit.engine.state import CHANCE, TERMINAL
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map, Rules
from tests.engine.scenarios import board_of
from tests.support import ROOT

COLOURS = ("red", "orange", "yellow", "green", "blue")


def dampfross_board():
    """9 x 3 hexes, four cities with every race number of their regions."""
    return board_of(Map(Grid("pointy", "odd", 9, 3), cities=[
        City("Aš", H("A1"), (11, 12, 13, 14, 15, 16)), City("Cheb", H("I3"), (21, 22, 23, 24, 25, 26)),
        City("Brno", H("E2"), (31, 32, 33)), City("Ústí", H("E3"), (34, 35, 36))]))


def transamerica_board():
    """7 x 5 hexes, every one a card city (row k: colour k's seven cities), named so that no
    name reads as a hex (``red 0``, not ``r0``)."""
    block = {c: {"cities": [f"{c} {i}" for i in range(7)], "removed": [f"{c} 0", f"{c} 1"]} for c in COLOURS}
    return board_of(Map(Grid("pointy", "odd", 7, 5), rules=Rules(extra={"city_cards": block}),
                        cities=[City(f"{c} {i}", (i, k)) for k, c in enumerate(COLOURS) for i in range(7)]))


def railroad_tycoon_board():
    return load_engine_map(ROOT / "tests" / "data" / "railroad-tycoon-small.yaml")


BOARDS = {"dampfross": dampfross_board, "transamerica": transamerica_board, "railroad_tycoon": railroad_tycoon_board}
DECISIONS = 120         # the listings checked per game: enough for every family's first turns and more


def listings(board, preset: str, seed: int):
    """The listings of a seeded game of random bots, decision by decision, with the state."""
    g = new_game(board, preset, ["Ann", "Bob", "Cyd"], {}, seed=seed)
    bots = [make_bot("random", seed=k, preset=preset) for k in range(3)]
    dice = random.Random(0)
    seen = 0
    while seen < DECISIONS:
        p = g.current_player()
        if p == TERMINAL:
            return
        if p == CHANCE:
            g.apply(roll(g, seed, dice))
            continue
        seen += 1
        yield g, g.legal_actions()
        g.apply(bots[p].decide(g))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_listed_action_is_legal_and_listed_once(preset):
    family = PRESETS[preset].family
    assert family in BOARDS, f"give the family {family!r} a small board here"
    board = BOARDS[family]()
    for seed in (1, 2):
        for g, acts in listings(board, preset, seed):
            assert acts, f"{preset}: nothing listed at action {len(g.history)}"
            normal = [json.dumps(g.check(a), sort_keys=True) for a in acts]     # check: legal, or raises
            twice = sorted({a for a in normal if normal.count(a) > 1})
            assert not twice, f"{preset}, seed {seed}, action {len(g.history)}: listed twice: {twice}"
