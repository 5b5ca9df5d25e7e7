"""Property tests on random legal play: accounts never negative, every network connected,
money conserved by every transfer, the cheap legality test agreeing with the full one, a
refused action changing nothing, and replay giving the same state, compared state by state."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from mapkit.engine import IllegalAction, Record, load_engine_map, new_game, replay
from tests.engine.scenarios import board_of, fee_map, ladder_map
from tests.support import MAPS

MAX_STEPS = 6000


@cache
def board(name):
    if name == "example":
        return load_engine_map(MAPS / "example.yaml")
    return board_of(fee_map() if name == "fee" else ladder_map(12))


def random_action(g, rng):
    """A random legal action of the player to move (sometimes a multi-piece build or a joint
    proposal, tested with is_legal first)."""
    acts = g.legal_actions()
    kinds = {}
    for a in acts:
        kinds.setdefault(a["type"], []).append(a)
    p = g.current_player()
    if "declare_end" in kinds:
        return kinds["declare_end"][0]
    if "start" in kinds:
        return rng.choice(kinds["start"])
    if "accept" in kinds and rng.random() < 0.6:
        return kinds["accept"][0]
    if "build" in kinds and rng.random() < 0.85:
        if g.options.joint_track and g.turn_built == 0 and g.phase == "build" and rng.random() < 0.1:
            for q in range(g.num_players):
                meet = g.nodes[p] & g.nodes[q] if q != p else set()
                if meet:
                    a = {"type": "joint", "with": q, "at": g.board.hex_name(min(meet))}
                    if g.is_legal(a):
                        return a
        a = rng.choice(kinds["build"])
        if rng.random() < 0.3:  # try to extend it into a longer path
            h = g.board.parse_edge(a["pieces"][0])
            path = [g.board.hex_name(x) for x in (h if h[0] in g.nodes[p] else h[::-1])]
            for _ in range(rng.randint(1, 4)):
                last = g.board.hex_id(path[-1])
                nb = rng.choice(g.board.adj[last])[0]
                path.append(g.board.hex_name(nb))
            longer = {"type": "build", "path": path}
            if g.is_legal(longer):
                return longer
        return a
    if "race" in kinds and rng.random() < 0.8:
        a = dict(rng.choice(kinds["race"]))
        if g.options.joint_races and rng.random() < 0.3:
            r = g.race_status()
            later = r.decl_order[r.decl_idx + 1:]
            if later:
                b = dict(a, partner=rng.choice(later))
                if g.is_legal(b):
                    return b
        return a
    for t in ("done", "pass", "accept", "decline"):
        if t in kinds:
            return kinds[t][0]
    raise AssertionError(f"no action to choose from {acts}")


def network_connected(g, p) -> bool:
    edges = [g.board.edge_ends[e] for e in g.track[p]]
    if not edges:
        return True
    adj = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    start = g.starts[p]
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in adj.get(h, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return set(adj) <= seen


def check_invariants(g, before_accounts, ledger_from, rng, connected):
    """The invariants after one action. ``connected``: each player's network (start, pieces)
    last found connected; a network is searched again only when it has changed (the search is
    a function of these two alone)."""
    assert min(g.accounts) >= 0
    # every change of an account is a ledger transfer; transfers between players conserve money
    delta = [0] * g.num_players
    for src, dst, amount, _ in g.ledger[ledger_from:]:
        assert amount > 0
        if src >= 0:
            delta[src] -= amount
        if dst >= 0:
            delta[dst] += amount
    assert [a - b for a, b in zip(g.accounts, before_accounts, strict=False)] == delta
    for p in range(g.num_players):
        if connected.get(p) != (g.starts[p], g.track[p]):
            assert network_connected(g, p)
            connected[p] = (g.starts[p], frozenset(g.track[p]))
    # the cheap quote agrees with the full check on a few pieces
    if g.stage in ("build", "post_build") and not g.is_terminal():
        for _ in range(3):
            e = rng.randrange(len(g.board.edge_ends))
            legal = g.is_legal({"type": "build", "pieces": [g.board.edge_name(e)]})
            assert (g.quote(e) is not None) == legal


def play_random(preset, mapname, n, seed, options, snap_every=40):
    """A random game to its end, the invariants checked after every action; the game and its
    snapshots every ``snap_every`` actions (None: none but the last) for a replay to meet."""
    rng = random.Random(seed)
    g = new_game(board(mapname), preset, [f"P{i}" for i in range(n)], options, seed=seed)
    snaps = {}
    connected = {}
    steps = 0
    while not g.is_terminal():
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
        before, ledger_from = list(g.accounts), len(g.ledger)
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
        else:
            if rng.random() < 0.05:      # a random (mostly illegal) action changes nothing
                snap = g.snapshot()
                junk = rng.choice([{"type": "build", "path": ["A1", "B1"]}, {"type": "done"},
                                   {"type": "race", "route": ["A1"]}, {"type": "roll", "dice": [3]}])
                try:
                    g.check(junk)
                except IllegalAction:
                    assert g.snapshot() == snap
            g.apply(random_action(g, rng))
        check_invariants(g, before, ledger_from, rng, connected)
        if snap_every and steps % snap_every == 0:
            snaps[len(g.history)] = g.snapshot()
    snaps[len(g.history)] = g.snapshot()
    return g, snaps


OPTIONS = st.fixed_dictionaries({}, optional={
    "build_dice": st.sampled_from([1, 2]),
    "build_roll": st.sampled_from(["shared", "own"]),
    "start_choice": st.sampled_from(["in_turn", "secret"]),
    "unique_starts": st.booleans(),
    "fees": st.sampled_from(["paluba", "expres"]),
    "build_end": st.sampled_from(["two_rounds", "declaration"]),
    "number_table": st.sampled_from(["used", "compressed", "free"]),
    "start_from_previous_target": st.booleans(),
    "forbidden": st.sampled_from(["track", "table"]),
    "finish": st.sampled_from(["round", "first"]),
    "no_shared_stop": st.booleans(),
    "post_race": st.sampled_from(["income", "account", "tenth", "none"]),
    "joint_track": st.booleans(),
    "joint_races": st.booleans(),
    "unused_points_to_account": st.booleans(),
    "races": st.integers(1, 5),
})


@settings(max_examples=120)
@given(preset=st.sampled_from(["paluba", "expres", "dampfross"]), mapname=st.sampled_from(["fee", "ladder"]),
       n=st.integers(2, 4), seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_legal_play_keeps_the_invariants_and_replays_state_by_state(preset, mapname, n, seed, options):
    if options.get("forbidden") == "table":
        options["min_table_distance"] = 3      # the small maps have no 10-step races
    g, snaps = play_random(preset, mapname, n, seed, options)
    rec = Record.from_json(Record.of(g).to_json())
    # replay and compare at the recorded positions
    from mapkit.engine import GameState, make_rules
    r = GameState(g.board, make_rules(rec.header["preset"], rec.header["options"]), rec.header["players"],
                  rec.header["seed"])
    for i, a in enumerate(rec.actions, start=1):
        r.apply(a)
        if i in snaps:
            assert r.snapshot() == snaps[i]
    assert replay(rec, g.board).snapshot() == g.snapshot()


@settings(max_examples=10)
@given(preset=st.sampled_from(["paluba", "expres", "dampfross"]), seed=st.integers(0, 2**31))
def test_random_games_on_the_example_map(preset, seed):
    g, _ = play_random(preset, "example", 4, seed, {}, snap_every=None)
    assert g.is_terminal() and g.winners()
    assert replay(Record.of(g), g.board).snapshot() == g.snapshot()


@settings(max_examples=10)
@given(seed=st.integers(0, 2**31))
def test_undo_restores_the_previous_state(seed):
    rng = random.Random(seed)
    g = new_game(board("fee"), "paluba", ["a", "b", "c"], {"races": 2}, seed=seed)
    for _ in range(rng.randint(5, 120)):
        if g.is_terminal():
            break
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
            continue
        before = g.snapshot()
        g.apply(random_action(g, rng))
        if rng.random() < 0.2:
            g.undo()
            assert g.snapshot() == before


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-3, 70) | st.text(max_size=6)
                       | st.sampled_from(["A1", "B1", "A1/B1", "Aš", "11", "E2"]),
                       lambda inner: (st.lists(inner, max_size=4)
                                      | st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                       max_leaves=8)
ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["first", "roll", "start", "build", "done", "declare_end", "joint", "race",
                              "pass", "accept", "decline", "Build", "x", 3])},
    optional={k: JSONISH for k in ("player", "dice", "city", "pieces", "path", "route", "tracks",
                                   "partner", "with", "at")})


@settings(max_examples=150)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 200), junk=st.lists(ACTIONS, min_size=1, max_size=5))
def test_any_json_action_is_applied_or_refused_with_a_rule(seed, steps, junk):
    rng = random.Random(seed)
    g = new_game(board("ladder"), rng.choice(["paluba", "expres"]), ["a", "b", "c"],
                 {"joint_track": True, "joint_races": True}, seed=seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        g.apply(g.sample_chance(rng) if g.is_chance_node() else random_action(g, rng))
    for a in junk:
        before = g.snapshot()
        try:
            g.apply(a)
        except IllegalAction as exc:
            assert exc.rule and g.snapshot() == before
