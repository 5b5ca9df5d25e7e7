"""The fast paths of listing legal actions give what the plain definitions give: the build
pieces kept priced with the frontier are the edges the cheap quote accepts, in edge order, and
the suggested race routes are those of both searches over the built track (the fastest, then
the cheapest if it differs), though the listing skips the second when the first pays no fare,
and a plainly legal piece is planned as the full check of a build action plans it."""

from __future__ import annotations

import pytest

from mapkit.engine import load_engine_map, new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.errors import IllegalAction
from mapkit.engine.games.dampfross import building
from mapkit.engine.games.dampfross.state import TrackGraph
from mapkit.engine.games.dampfross.steps import declare
from mapkit.engine.simulate import game_seed, roll
from tests.support import MAPS


def plain_routes(s, p: int) -> list:
    """Both searches run, then left out as the rules say (no shortcut)."""
    out = []
    for key in ("fast", "cheap"):
        route = declare._best_route(s, p, key)[0]
        if route is None or route in out:
            continue
        if s.rules.own_piece_required() and not any(p in o for _, o in declare.route_steps(s, route)):
            continue
        out.append(route)
    return out


@pytest.mark.parametrize("mapname,options", [("example", {}), ("czechia", {"special_races": False})])
def test_listed_pieces_and_routes_match_the_plain_definitions(mapname, options):
    board = load_engine_map(MAPS / f"{mapname}.yaml")
    seed = game_seed(5, 0)
    bots = [make_bot(b, seed, preset="paluba") for b in ("random", "greedy", "random", "random")]
    g = new_game(board, "paluba", ["a", "b", "c", "d"], options, seed=seed)
    pieces = routes = 0
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(roll(g, seed))
            continue
        p = g.current_player()
        if g.step in ("build", "post_build") and not g.joint and len(g.history) % 5 == 0:
            listed = [a["pieces"][0] for a in g.legal_actions() if a["type"] == "build"]
            assert listed == [g.board.edge_name(e) for e in range(len(g.board.edge_ends))
                              if g.quote(e) is not None]
            pieces += 1
        if g.step == "declare":
            assert declare.suggest_routes(g, p) == plain_routes(g, p)
            routes += 1
        g.apply(bots[p].decide(g))
    assert pieces > 20 and routes > 10


def test_the_track_graph_kept_up_to_date_is_the_one_built_afresh():
    """Pieces laid, parallel pieces and ferry lines bought: the graph kept as the game goes
    equals one built from the track, row order included (searches break ties by it)."""
    board = load_engine_map(MAPS / "example.yaml")
    seed = game_seed(9, 0)
    bots = [make_bot("random", seed, preset="paluba") for _ in range(4)]
    g = new_game(board, "paluba", ["a", "b", "c", "d"], {}, seed=seed)
    checked = 0
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(roll(g, seed))
            continue
        if len(g.history) % 4 == 0:
            fresh = TrackGraph()
            fresh.update(g.board, g.net, g.ferry_owners)
            assert g.track_rows() == fresh.rows and g.track_neighbours() == fresh.near
            checked += 1
        g.apply(bots[g.current_player()].decide(g))
    assert checked > 50 and any(g.ferry_owners)


@pytest.mark.parametrize("mapname,preset", [("example", "paluba"), ("czechia", "expres"), ("czechia", "paluba")])
def test_a_plain_piece_is_planned_as_the_full_check_plans_it(mapname, preset):
    """Every edge at the player's network, in build turns along a game: where the short way
    gives an effect it is the full plan's (where it gives none, the full plan decides)."""
    board = load_engine_map(MAPS / f"{mapname}.yaml")
    seed = game_seed(11, 0)
    bots = [make_bot(b, seed, preset=preset) for b in ("random", "greedy", "random", "random")]
    g = new_game(board, preset, ["a", "b", "c", "d"], {}, seed=seed)
    plain = 0
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(roll(g, seed))
            continue
        p = g.current_player()
        if g.step == "build" and not g.joint and len(g.history) % 3 == 0:
            edges = {e for h in g.net.nodes[p] for _, e in g.board.adj[h]}
            for e in sorted(edges):
                short = building._plain_piece(g, p, e)
                try:
                    planned = building.plan_build(g, p, [e])
                except IllegalAction:
                    planned = None
                if short is not None:
                    assert [short] == planned
                    plain += 1
        g.apply(bots[p].decide(g))
    assert plain > 100


def _at_build(seed: int):
    """A Paluba game on the example map at its first build decision with points to spend."""
    board = load_engine_map(MAPS / "example.yaml")
    g = new_game(board, "paluba", ["a", "b"], {"first_player": 0}, seed=seed)
    g.apply({"type": "start", "city": g.legal_actions()[0]["city"]})
    g.apply({"type": "roll", "dice": [6, 6]})
    return g


def _two_pieces(g) -> dict:
    p = g.current_player()
    first = next(a for a in g.legal_actions() if a["type"] == "build")
    probe = g.clone()
    probe.apply(first)
    second = next(a for a in probe.legal_actions() if a["type"] == "build" and a["pieces"] != first["pieces"])
    return {"type": "build", "player": p, "pieces": first["pieces"] + second["pieces"]}


def test_a_bot_checking_its_action_on_its_observation_leaves_the_game_as_playing_it_unchecked():
    """The plan a check keeps (recall_check) is the one the game plays in the same position;
    a copy, or a position changed since, plans afresh."""
    g = _at_build(3)
    action = _two_pieces(g)
    plain = g.clone()
    obs = g.observation(g.current_player())
    assert obs.is_legal(action)
    assert g.recall_check(("build", 0, tuple(building.edge_of(g, e) for e in action["pieces"]))) is not None
    assert g.clone().recall_check(("build", 0, tuple(building.edge_of(g, e) for e in action["pieces"]))) is None
    g.apply(action)
    plain.apply(action)
    assert g.snapshot() == plain.snapshot()


def test_a_check_kept_is_not_used_once_the_points_are_not_those_it_was_made_with():
    g = _at_build(3)
    action = _two_pieces(g)
    assert g.is_legal(action)
    g.points = 1                                    # set by hand: the pieces cost more now
    with pytest.raises(IllegalAction):
        g.apply(action)


def test_a_declared_race_checked_then_played_is_the_race_declared_unchecked():
    board = load_engine_map(MAPS / "example.yaml")
    seed = game_seed(5, 0)
    bots = [make_bot(b, seed, preset="paluba") for b in ("greedy", "greedy", "random", "random")]
    g = new_game(board, "paluba", ["a", "b", "c", "d"], {}, seed=seed)
    races = 0
    while not g.is_terminal() and races < 6:
        if g.is_chance_node():
            g.apply(roll(g, seed))
            continue
        action = bots[g.current_player()].decide(g)
        if action["type"] == "race":
            plain = g.clone()
            assert g.observation(g.current_player()).is_legal(action)
            g.apply(action)
            plain.apply(action)
            assert g.snapshot() == plain.snapshot()
            races += 1
        else:
            g.apply(action)
    assert races == 6
