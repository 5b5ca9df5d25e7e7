"""The TransAmerica family's questions (``mapkit.engine.games.transamerica.front.web``): scenarios worked
by hand on a small board, and agreement with the engine in real games of greedy bots.

The board: 35 columns x 3 rows (pointy, odd rows pushed right). Row 1 holds the 35 card cities
K00 .. K34 (A1 .. AI1), a city's colour is its column modulo 5; rows 2 and 3 are open land,
except G2, a mountain (its six lines are double lines), and A3, water (no junction).
"""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import networkx as nx
import pytest

from mapkit.engine import EngineMap, new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.simulate import roll
from mapkit.errors import InputError
from mapkit.grid import Grid
from mapkit.io.yamlmap import load_map
from mapkit.model import City, Map, Rules
from mapkit.engine.games.transamerica.front import web as fam

MAPS = Path(__file__).resolve().parents[2] / "maps"
COLOURS = ("red", "orange", "yellow", "green", "blue")


def board():
    cities = [City(f"K{c:02d}", (c, 0)) for c in range(35)]
    block = {col: {"cities": [f"K{c:02d}" for c in range(35) if c % 5 == i],
                   "removed": [f"K{i:02d}", f"K{i + 5:02d}"]} for i, col in enumerate(COLOURS)}
    return EngineMap.from_map(Map(Grid("pointy", "odd", 35, 3), terrain={(6, 1): "mountain", (0, 2): "water"},
                                  cities=cities, rules=Rules(extra={"city_cards": block})))


BOARD = board()


def started(ann_marker, bob_marker="AE2", ann=(10, 11, 12, 13, 14), bob=(20, 21, 22, 23, 24)):
    """A two-player game: Ann starts, the hands dealt (by column), the markers placed."""
    g = new_game(BOARD, "transamerica", ["Ann", "Bob"], {"first_player": 0})
    hands = {0: list(ann), 1: list(bob)}
    while g.step == "deal":
        p, c = g.queue[0]
        col = next(x for x in hands[p] if x % 5 == c)
        hands[p].remove(col)
        g.apply({"type": "deal", "player": p, "city": f"K{col:02d}"})
    g.apply({"type": "start", "at": ann_marker})
    g.apply({"type": "start", "at": bob_marker})
    return g


def pieces(answer):
    return [(x["edge"], x["double"], x["laid"], x["ok"]) for x in answer["pieces"]]


def test_two_singles_a_turn_the_third_refused_with_the_engines_reason():
    g = started("C2")
    p = fam.preview(g, 0, {"path": ["C2", "D2", "E2", "F2"]})
    assert pieces(p) == [("C2/D2", False, False, True), ("D2/E2", False, False, True), ("E2/F2", False, False, False)]
    assert p["action"] == {"type": "build", "player": 0, "pieces": ["C2/D2", "D2/E2"]}
    assert p["singles_left"] == 0 and p["turn_over"] is True
    assert p["pieces"][2]["reason"] == "2 single pieces a turn (docs/rules.md, TransAmerica)"
    assert g.check(p["action"]) == p["action"]                     # what is shown is what the engine takes


def test_a_double_line_alone_and_not_after_a_single():
    g = started("F2")                                               # beside the mountain G2
    p = fam.preview(g, 0, {"path": ["F2", "G2", "H2"]})
    assert pieces(p) == [("F2/G2", True, False, True), ("G2/H2", True, False, False)]
    assert p["action"]["pieces"] == ["F2/G2"] and p["turn_over"] is True and p["singles_left"] == 0
    p = fam.preview(g, 0, {"path": ["E2", "F2", "G2"]})            # E2/F2 touches the marker at F2
    assert pieces(p) == [("E2/F2", False, False, True), ("F2/G2", True, False, False)]
    assert p["pieces"][1]["reason"] == ("a double line is the turn's only piece (F2/G2 is double; "
                                        "docs/rules.md, TransAmerica)")
    assert p["singles_left"] == 1 and p["turn_over"] is False


def test_track_on_the_board_is_passed_and_pieces_away_from_the_network_are_refused():
    g = started("C2")
    g.apply({"type": "build", "pieces": ["C2/D2"]})
    g.apply({"type": "done"})
    g.apply({"type": "build", "pieces": ["AD2/AE2"]})
    g.apply({"type": "done"})
    p = fam.preview(g, 0, {"path": ["C2", "D2", "E2"]})
    assert pieces(p) == [("C2/D2", False, True, True), ("D2/E2", False, False, True)]
    assert p["action"]["pieces"] == ["D2/E2"] and p["singles_left"] == 1
    p = fam.preview(g, 0, {"path": ["M3", "N3"]})
    assert p["action"] is None
    assert p["pieces"][0]["reason"] == "M3/N3 does not touch Ann's network (docs/rules.md, TransAmerica)"
    p = fam.preview(g, 0, {"path": ["D2", "F2"]})                  # not neighbours
    assert p["pieces"][0]["reason"].startswith("no track can join D2 and F2")
    with pytest.raises(InputError, match="not your turn"):
        fam.preview(g, 1, {"path": ["AE2", "AF2"]})
    with pytest.raises(InputError, match="not a hex"):
        fam.preview(g, 0, {"path": ["C2", "ZZ99"]})


def test_check_gives_the_engines_word_on_a_start_marker():
    g = new_game(BOARD, "transamerica", ["Ann", "Bob"], {"first_player": 0})
    while g.step == "deal":
        g.apply(roll(g, 1))
    assert fam.check(g, 0, {"action": {"type": "start", "at": "A3"}}) == {
        "ok": False, "action": None, "rule": "start.junction",
        "reason": "A3 is no junction: no track can reach it (docs/rules.md, TransAmerica)"}
    assert fam.check(g, 0, {"action": {"type": "start", "at": "K12"}})["action"] == {
        "type": "start", "player": 0, "at": "M1"}                  # a city's name: its hex
    assert len(g.history) == 10                                      # nothing was done
    with pytest.raises(InputError):
        fam.check(g, 0, {"action": {"type": "deal", "city": "K12"}})


def test_completion_counts_the_pieces_still_missing():
    g = started("K1")                       # Ann's cities K10 .. K14 at K1 .. O1: 4 pieces along row 1
    c = fam.completion(g, 0, {})
    assert c["cost"] == 4 and sorted(c["pieces"]) == ["K1/L1", "L1/M1", "M1/N1", "N1/O1"] and not c["complete"]
    g.apply({"type": "build", "pieces": ["K1/L1", "L1/M1"]})
    assert fam.completion(g, 0, {})["cost"] == 2
    # Bob at AE2: up to AE1, along row 1 to Y1 (6), then on to U1 (4): K20 .. K24 are U1 .. Y1
    assert fam.completion(g, 1, {})["cost"] == 1 + 6 + 4
    with pytest.raises(InputError):
        fam.completion(g, None, {})


def test_board_facts():
    g = started("C2")
    facts = fam.board(g, None, {})
    assert len(facts["junctions"]) == 35 * 3 - 1 and "A3" not in facts["junctions"]
    # G2 is in a pushed row: its neighbours are G1, H1, F2, H2, G3, H3
    assert sorted(facts["doubles"]) == ["F2/G2", "G1/G2", "G2/G3", "G2/H1", "G2/H2", "G2/H3"]
    assert facts["colours"] == list(COLOURS)
    assert sorted(c["city"] for c in facts["cards"] if not c["in_play"]) == [f"K{i:02d}" for i in range(10)]
    assert "M1" in facts["regions"]["yellow"]                       # K12, yellow, at M1


def _nx_board(state):
    """The board as a networkx graph, weights as the cheapest completion counts them."""
    b = state.board
    size = state.tables.size
    graph = nx.Graph()
    for e, (x, y) in enumerate(b.edge_ends):
        if e not in state.blocked:
            graph.add_edge(x, y, w=0 if e in state.net.pieces else size[e])
    return graph


@pytest.mark.parametrize("map_name, options", [("czechia", {}),
                                               ("usa", {"nuclear": True, "quarantine": True, "broken_bridge": True,
                                                        "super_changer": True})])
def test_the_questions_agree_with_the_engine(map_name, options):
    board = EngineMap.from_map(load_map(MAPS / f"{map_name}.yaml"))
    g = new_game(board, "transamerica", ["A", "B", "C"], {"round_limit": 1, **options}, seed=5)
    rng = random.Random(5)
    bot = make_bot("greedy", 5, preset="transamerica")
    priced = planned = refused = 0
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(roll(g, 5))
            continue
        p = g.current_player()
        legal = g.legal_actions()
        builds = [a for a in legal if a["type"] == "build"]
        if builds and priced < 40:
            e = rng.choice(builds)["pieces"][0]
            x, z = e.split("/")
            net = g.network(p)
            near, far = (x, z) if board.hex_id(x) in net else (z, x)
            answer = fam.preview(g, p, {"path": [near, far]})
            assert answer["action"] == {"type": "build", "player": p, "pieces": [e]}
            eid = board.edge_between(board.hex_id(x), board.hex_id(z))
            assert answer["pieces"][0]["double"] == (g.tables.size[eid] == 2)
            # a path of three more pieces onward: the part shown as layable is taken by the
            # engine as one action; the first piece refused is refused by the engine too
            path = [near, far]
            for _ in range(3):
                nbs = [board.hex_names[n] for n, _ in board.adj[board.hex_id(path[-1])]
                       if board.hex_names[n] not in path]
                if nbs:
                    path.append(rng.choice(nbs))
            answer = fam.preview(g, p, {"path": path})
            take = answer["action"]["pieces"]
            assert g.check(answer["action"])["pieces"] == take
            bad = next((x for x in answer["pieces"] if not x["ok"]), None)
            if bad is not None:
                refused += 1
                assert not g.is_legal({"type": "build", "player": p, "pieces": take + [bad["edge"]]})
            # the cheapest way to a far junction: as long as networkx finds it
            target = rng.choice(g.tables.junctions)
            if target not in net:
                plan = fam.plan(g, p, {"to": board.hex_names[target]})
                graph = _nx_board(g)
                want = nx.multi_source_dijkstra_path_length(graph, net, weight="w").get(target)
                assert plan["pieces"] == want
                ids = [board.hex_id(h) for h in plan["path"]]
                assert ids[0] in net and ids[-1] == target
                assert sum(graph[a][b]["w"] for a, b in pairwise(ids)) == want
                planned += 1
            priced += 1
        g.apply(bot.decide(g))
    assert priced > 10 and planned > 5 and refused > 3


def mission_game(bob_card):
    """Mission TA: Ann's track L1-L2-M2 reaches L1 (K11); Bob's marker stands at N2. Ann's
    next piece M2/N2 joins the two networks, so a card Bob holds at L1 is laid down then."""
    g = new_game(BOARD, "transamerica", ["Ann", "Bob"], {"first_player": 0, "mission": "one"})
    g.apply({"type": "start", "at": "L2"})
    g.apply({"type": "start", "at": "N2"})
    for city in ("K30", bob_card):
        g.apply({"type": "deal", "player": g.queue[0][0], "city": city})
    g.apply({"type": "top", "city": "K33"})
    g.apply({"type": "build", "pieces": ["L2/L1", "L2/M2"]})
    g.apply({"type": "build", "pieces": ["N2/N3", "N3/O3"]})
    return g


def test_mission_answers_tell_nothing_of_the_other_hand():
    # the engine itself takes both pieces unless Bob holds the city Ann's track reaches
    held, free = mission_game("K11"), mission_game("K31")
    two = {"type": "build", "player": 0, "pieces": ["M2/N2", "N2/O2"]}
    assert free.is_legal(two) and not held.is_legal(two)
    # the page's answers are the same whichever card Bob holds: one piece at a time
    answers = []
    for g in (held, free):
        p = fam.preview(g, 0, {"path": ["M2", "N2", "O2"]})
        c = fam.check(g, 0, {"action": two})
        answers.append((p, c))
        assert pieces(p) == [("M2/N2", False, False, True), ("N2/O2", False, False, False)]
        assert p["action"]["pieces"] == ["M2/N2"] and p["pieces"][1]["reason"] == fam.ONE_AT_A_TIME[0]
        assert c == {"ok": False, "action": None, "reason": fam.ONE_AT_A_TIME[0], "rule": "web.one-by-one"}
        assert g.is_legal(p["action"])
    assert answers[0] == answers[1]
    assert fam.refusal(free, 0, {"type": "build", "path": ["M2", "N2"]}) is None
    assert fam.refusal(started("C2"), 0, two) is None                  # not Mission TA: two at once


def test_the_server_refuses_two_pieces_in_mission_before_the_engine(tmp_path):
    import asyncio

    from mapkit.web.hub import GameRequest, Hub
    from mapkit.web.livegame import Access, Refused
    from mapkit.web.storage import GamesFolder

    m = load_map(MAPS / "czechia.yaml")
    text = (MAPS / "czechia.yaml").read_text(encoding="utf-8")

    async def play():
        hub = Hub(GamesFolder(tmp_path))
        game = await hub.create(m, text, GameRequest("transamerica", {"mission": "one", "first_player": 0},
                                                     [("Ann", "human"), ("Bob", "human")], seed=3))
        s = game.state
        for _ in range(200):                    # markers by the people, cards by the server
            await asyncio.sleep(0.01)
            if s.step == "build":
                break
            if s.step == "place" and not s.is_chance_node():
                p = s.current_player()
                await game.act(Access({p}), s.legal_actions()[0])
        assert s.step == "build"
        p = s.current_player()
        first = next(a for a in s.legal_actions() if a["type"] == "build")
        trial = s.clone()
        trial.apply(first)
        second = next(a for a in trial.legal_actions() if a["type"] == "build")
        two = {"type": "build", "pieces": first["pieces"] + second["pieces"]}
        before = len(s.history)
        with pytest.raises(Refused) as err:
            await game.act(Access({p}), two)
        assert err.value.rule == "web.one-by-one" and len(s.history) == before
        await game.act(Access({p}), first)
        assert s.history[before]["pieces"] == first["pieces"]
    asyncio.run(play())
