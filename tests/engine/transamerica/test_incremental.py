"""What TransAmerica works out once or keeps between decisions, against the slow way.

``legal_pieces`` works each rule out once for the whole listing; a turn's second piece is
listed and checked in the position the first would leave (``track.after``, ``goes_on``), or
listed by growing the first listing (``track.grown``), without laying the first; a build of
several pieces is checked so and laid as checked; ``marker_choices`` lists the start
markers: each is compared, in every position of games played at random under the variants
that narrow them, with every edge of the board put to ``check_piece``, the pieces laid one by
one on a copy of the game, every junction put to ``marker_refusal``. The board costs and an
observation's history, brought up to date from the last ones, are compared with those a copy
of the game (which keeps nothing) works out afresh.
"""

from __future__ import annotations

import random

import pytest

from mapkit.engine import IllegalAction
from mapkit.engine.games.transamerica import track
from mapkit.engine.games.transamerica.scoring import board_costs
from mapkit.engine.games.transamerica.steps.turns import goes_on, lay_piece

from .test_scenarios import BOARD, game


def _checked(s, p: int) -> list:
    out = []
    for e in range(len(BOARD.edge_ends)):
        try:
            track.check_piece(s, p, e)
        except IllegalAction:
            continue
        out.append(e)
    return out


def _markers(s, p: int) -> list:
    out = [h for h in s.tables.junctions if track.marker_refusal(s, p, h) is None]
    return out or [h for h in s.tables.junctions if h not in track.closed_hexes(s)]


def _tried(s, p: int, pieces: list):
    """The slow way to check a turn's pieces: lay them one by one on a copy of the game;
    ``(rule, reason)`` of the first refused, else None; and the copy."""
    trial = s.clone()
    for e in pieces:
        if trial.step != "build" or trial.turn_player != p:
            return ("build.turn-over", f"the turn or round is over before {BOARD.edge_names[e]} (docs/rules.md, "
                                       f"TransAmerica)"), trial
        try:
            lay_piece(trial, p, e, track.check_piece(trial, p, e))
        except IllegalAction as exc:
            return (exc.rule, exc.reason), trial
    return None, trial


def _roots(net) -> dict:
    return {node: net.find(node) for node in list(net.parent)}


def _checked_now(s, p: int, pieces: list):
    try:
        s.check({"type": "build", "player": p, "pieces": [BOARD.edge_names[e] for e in pieces]})
    except IllegalAction as exc:
        return exc.rule, exc.reason
    return None


def _compare_build(s, p: int, rng) -> int:
    legal = track.legal_pieces(s, p)
    assert legal == _checked(s, p)
    for e in rng.sample(legal, min(3, len(legal))):
        trial = s.clone()
        ends = track.check_piece(s, p, e)
        lay_piece(trial, p, e, ends)
        if s.rules.mission():
            continue
        pos = track.after(s, p, track.now(s), e, ends)
        on = goes_on(s, p, pos.used, pos.singles, pos.double)
        assert on == (trial.step == "build" and trial.turn_player == p)
        if on:
            assert track.legal_pieces(s, p, pos) == trial.legal_pieces(p)
            assert pos.net.network_hexes(p) == trial.net.network_hexes(p)
            grown = track.grown(s, p, legal, e, ends)
            assert grown is None or grown == (trial.legal_pieces(p), trial.net.network_hexes(p))
        # a second (and third) piece: one legal now, one near the first, or any
        near = [x for h in BOARD.edge_ends[e] for _, x in BOARD.adj[h]] + legal
        near += rng.sample(range(len(BOARD.edge_ends)), 4)
        for _ in range(2):
            more = [e] + rng.sample(near, min(len(near), rng.choice((1, 2))))
            if len(more) <= s.rules.singles_per_turn(p in s.changer) - s.turn_singles:
                refused, trial = _tried(s, p, more)
                assert _checked_now(s, p, more) == refused
                if refused is None:     # laid as checked: the same track as one by one
                    built = s.clone()
                    built.apply({"type": "build", "player": p, "pieces": [BOARD.edge_names[x] for x in more]})
                    assert built.net.as_json() == trial.net.as_json()
                    assert _roots(built.net) == _roots(trial.net)
    return len(legal)


def _compare_kept(g, p: int, given: list) -> None:
    """Board costs and observations' histories against a copy's; the tables given before are
    as they were when given (a table is shared, never changed)."""
    fresh = g.clone()
    costs = board_costs(g)
    assert costs == board_costs(fresh)
    assert all(table == copy for table, copy in given)
    given.append((costs, list(costs)))
    del given[:-4]
    for seat in (p, (p + 1) % g.num_players, None):
        assert g.observation(seat, random.Random(1)).history == fresh.observation(seat, random.Random(1)).history


CASES = [
    ({}, 2), ({"quarantine": True}, 2), ({"ele": True}, 2), ({"nuclear": True}, 2),
    ({"broken_bridge": True, "super_changer": True}, 2), ({"restricted_connection": True}, 3),
    ({"restricted_connection": True, "quarantine": True}, 5), ({"unique_region_start": True}, 3),
    ({"seat_start": True, "one_colour": True}, 2), ({"mission": "two"}, 3), ({"pieces": 12}, 2),
    ({"card_passing": "all_at_once"}, 3), ({"maturita": True}, 3),
]


@pytest.mark.parametrize(("options", "players"), CASES, ids=[str(o) for o, _ in CASES])
def test_what_is_kept_or_worked_out_once_is_the_slow_way(options, players):
    rng = random.Random(f"{options}:{players}")
    g = game(players=[f"P{i}" for i in range(players)], round_limit=2, **options)
    builds = markers = 0
    given: list = []
    while not g.is_terminal() and len(g.history) < 600:
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
            continue
        p = g.current_player()
        _compare_kept(g, p, given)
        if g.step == "build":
            builds += _compare_build(g, p, rng) > 0
        elif g.step == "place":
            assert track.marker_choices(g, p) == _markers(g, p)
            markers += 1
        if g.step == "variant":     # maturita: a round with open hands after one without
            g.apply({"type": "variant", "variant": "open_hand" if g.round_no % 2 == 0 else "standard"})
            continue
        g.apply(rng.choice(g.legal_actions()))
    assert builds > 10 and markers >= players
