"""The Dampfross family's questions (``mapkit.engine.games.dampfross.front.web``) agree with the engine in
real games (greedy bots playing): every piece the engine lists as legal is priced by ``preview`` at the engine's own
quote and offered as buildable, ``plan`` leads from the network to the hex asked, and every
route ``routes`` calls legal is accepted by the engine. Games on the example map and on
Germany (ferries, special races), by every preset of the family."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mapkit.engine import EngineMap, new_game
from mapkit.engine.bots import make_bot
from mapkit.engine.simulate import roll
from mapkit.io.yamlmap import load_map
from mapkit.engine.games.dampfross.front import web as fam

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.mark.parametrize("map_name, preset", [("example", "paluba"), ("example", "expres"),
                                              ("germany", "dampfross")])
def test_questions_agree_with_the_engine(map_name, preset):
    board = EngineMap.from_map(load_map(MAPS / f"{map_name}.yaml"))
    g = new_game(board, preset, ["A", "B", "C"], {"races": 2, "build_round_limit": 4}, seed=3)
    rng = random.Random(3)
    bot = make_bot("greedy", 3, preset=preset)
    priced = routed = 0
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(roll(g, 3))
            continue
        p = g.current_player()
        legal = g.legal_actions()
        json.dumps(g.view(p))                                  # every view is JSON
        builds = [a for a in legal if a["type"] == "build" and len(a.get("pieces", ())) == 1]
        if builds and priced < 60:
            a = rng.choice(builds)
            e = a["pieces"][0]
            x, z = e.split("/")
            near = x if board.hex_id(x) in g.nodes[p] or board.hex_id(x) == g.starts[p] else z
            far = z if near == x else x
            answer = fam.preview(g, p, {"path": [near, far]})
            (piece,) = answer["pieces"]
            assert piece["ok"] and (piece["cost"], piece["fees"]) == g.quote(e), (e, piece)
            assert answer["action"] == {"type": "build", "player": p, "pieces": [e]}
            path = fam.plan(g, p, {"to": far})["path"]
            assert path[-1] == far and (board.hex_id(path[0]) in g.nodes[p] or board.hex_id(path[0]) == g.starts[p])
            priced += 1
        if any(a["type"] == "race" for a in legal) or (g.race_stage() == "declare" and legal):
            for r in fam.routes(g, p, {})["routes"]:
                if r["ok"]:
                    assert g.is_legal({"type": "race", "player": p, "route": r["route"]})
                    routed += 1
        g.apply(bot.decide(g))
    assert priced > 10 and routed > 0
