"""The engine's core: the compiled board and its export, the OpenSpiel-like interface, illegal
actions, undo, clone, records and ``mapkit replay`` (the small hand-made maps and the
scripting helpers are in tests/engine/scenarios.py)."""

from __future__ import annotations

import hashlib
import json

import jsonschema
import pytest

from mapkit.analysis.costs import CostModel
from mapkit.analysis.distances import city_table
from mapkit.analysis.races import forbidden_pairs
from mapkit.engine.compiled import EngineMap, engine_map_schema
from mapkit.engine import (CHANCE, TERMINAL, IllegalAction, Record, compile_map, load_engine_map, load_record,
                           new_game, replay, save_record)
from mapkit.errors import InvalidError
from mapkit.grid import Grid, hex_name
from mapkit.grid import parse_hex as H
from mapkit.io.yamlmap import load_map
from mapkit.io.yamlwrite import dump_map
from mapkit.model import City, EdgeSet, Map
from tests.engine.scenarios import (DONE, END, PASS, RACE, P, R, S, act, board_of, fee_map, ladder_map,
                                    ladder_ready, row)
from tests.support import MAPS, run_cli, run_here

# -- the board and its export -------------------------------------------------------------------


def test_export_matches_the_map_and_its_schema():
    m = load_map(MAPS / "example.yaml")
    data = compile_map(m)
    schema = engine_map_schema()
    jsonschema.Draft202012Validator(schema).validate(data)
    assert data["map"]["hash"] == "sha256:" + hashlib.sha256(dump_map(m).encode()).hexdigest()
    cm = CostModel(m)
    by_name = {e["edge"]: e for e in data["edges"]}
    # every open edge, with the cost model's costs; closed edges (water, border) absent
    for a, b in m.grid.edges():
        name = f"{hex_name(a)}/{hex_name(b)}"
        cost = cm.build_cost(a, b)
        if cost is None:
            assert name not in by_name
        else:
            assert by_name[name]["build"] == cost
            assert by_name[name]["move"] == [cm.move_cost(a, b), cm.move_cost(b, a)]
    table = city_table(m, "steps")
    assert data["distances"]["matrix"] == table.matrix
    assert [tuple(p) for p in data["forbidden"]] == forbidden_pairs(m)
    # Praha (11) to Brno (36): the steps table gives the prizes
    d = table.between("Praha", "Brno")
    assert data["prizes"]["11-36"] == [2 * d, d]
    assert data["start_cities"] == ["Praha", "Brno", "Ostrava"]
    assert data["special_races"]["table"]["3"]["hexes"] == ["B3", "B5"]  # Karlovy Vary, Plzeň


def test_export_round_trip_and_loading_either_file(tmp_path):
    out = tmp_path / "example.game.json"
    r = run_cli("export", MAPS / "example.yaml", "-o", out)
    assert r.returncode == 0, r.stderr
    # One line says what was written: the file, the map, its hexes, open edges and cities.
    data = json.loads(out.read_text(encoding="utf-8"))
    assert r.stdout == (f"wrote {out} (map {data['map']['name']}: {len(data['hexes'])} hexes, "
                        f"{len(data['edges'])} open edges, {len(data['cities'])} cities)\n")
    from_export = load_engine_map(out)
    from_yaml = load_engine_map(MAPS / "example.yaml")
    assert from_export.to_json() == from_yaml.to_json()
    assert from_export.hash == from_yaml.hash


def test_export_bad_inputs(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("grid: {orientation: pointy, offset: odd, columns: 2, rows: 1}\n"
                   "cities: [{name: A, hex: A1}, {name: A, hex: B1}]\n", encoding="utf-8")
    r = run_here("export", bad, "-o", tmp_path / "x.json")
    assert r.returncode == 1 and "bad.yaml" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "x.json").exists()
    r = run_here("export", MAPS / "example.yaml", "-o", MAPS / "example.yaml")
    assert r.returncode == 2 and "overwrite" in r.stderr
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "mapkit-engine-map", "version": 1, "hexes": []}))
    with pytest.raises(Exception) as e:
        load_engine_map(broken)
    assert "broken.json" in str(e.value)


def test_engine_costs_follow_the_rules_options():
    # A1 plain - B1 mountain - C1 mountain, a river between the two mountains
    m = Map(Grid("pointy", "odd", 3, 1), terrain={H("B1"): "mountain", H("C1"): "mountain"},
            rivers=[EdgeSet({(H("B1"), H("C1"))})],
            cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("C1"), (12,))])
    b = board_of(m)
    g = new_game(b, "paluba", ["a", "b"], {"first_player": 0})
    assert g.piece_cost("B1/C1") == 5 and g.piece_cost("A1/B1") == 3
    assert new_game(b, "paluba", ["a", "b"], {"river_between_mountains": 7}).piece_cost("C1/B1") == 7
    assert g.step_cost("B1") == 2 and g.step_cost("A1") == 1             # uphill 2
    assert new_game(b, "expres", ["a", "b"]).step_cost("B1") == 1


# -- the interface -----------------------------------------------------------------------------

def test_chance_nodes_and_outcomes():
    g = new_game(board_of(fee_map()), "paluba", ["a", "b", "c"])
    assert g.is_chance_node() and g.current_player() == CHANCE and g.legal_actions() == []
    outs = g.chance_outcomes()
    assert [a for a, _ in outs] == [{"type": "first", "player": k} for k in range(3)]
    assert sum(p for _, p in outs) == pytest.approx(1.0)
    g.apply({"type": "first", "player": 2})
    assert g.current_player() == 2 and not g.is_chance_node()
    g.apply(S("Kladno"))
    outs = g.chance_outcomes()           # two dice for the round: 36 ordered outcomes
    assert len(outs) == 36 and outs[0][0] == {"type": "roll", "player": 2, "dice": [1, 1]}
    with pytest.raises(IllegalAction) as e:
        g.apply(DONE)
    assert e.value.rule == "chance.due"
    with pytest.raises(IllegalAction) as e:
        g.apply(R(7, 1))
    assert e.value.rule == "chance.dice"


def test_an_illegal_action_changes_nothing_and_names_the_rule():
    g = new_game(board_of(fee_map()), "paluba", ["a", "b"], {"first_player": 0})
    act(g, S("Mělník"), R(1, 2))
    before = g.snapshot()
    cases = [
        (P("A3", "B3", "C3", "D3", "E3"), "build.points"),    # 3 points, 4 pieces: all refused
        (P("D5", "E5"), "build.connected"),
        ({"type": "build", "pieces": ["A3/C3"]}, "build.edge"),
        ({"type": "start", "city": "Kladno"}, "start.done"),
        ({"type": "race", "route": ["A3", "B3"]}, "race.not-declaring"),
        ({"type": "build", "player": 1, "path": ["B1", "B2"]}, "turn.order"),
        ({"type": "fly"}, "action.type"),
        ("build", "action.shape"),
        (END, "end.too-early"),
    ]
    for action, rule in cases:
        with pytest.raises(IllegalAction) as e:
            g.apply(action)
        assert e.value.rule == rule, (action, e.value)
        assert isinstance(e.value, InvalidError)
        assert g.snapshot() == before
    # three pieces for three points are fine, and end the turn
    g.apply(P("A3", "B3", "C3", "D3"))
    assert g.track_names(0) == ["A3/B3", "B3/C3", "C3/D3"]
    assert g.current_player() == 1


def test_legal_actions_are_legal_and_quotes_agree_with_check():
    g = new_game(board_of(fee_map()), "paluba", ["a", "b"], {"first_player": 0})
    act(g, S("Mělník"), R(3, 3), P("A3", "B3", "C3", "D3", "E3"), DONE, S("Kladno"))
    for a in g.legal_actions():
        assert g.check(a) == a
    builds = {a["pieces"][0] for a in g.legal_actions() if a["type"] == "build"}
    # from Kladno B1: A1, A2, B2, C1 (a city), all plain and free
    assert builds == {"A1/B1", "A2/B1", "B1/C1", "B1/B2"}
    for e in range(len(g.board.edge_ends)):
        q = g.quote(e)
        ok = g.is_legal({"type": "build", "pieces": [g.board.edge_name(e)]})
        assert (q is not None) == ok


def test_undo_never_rerolls_dice():
    g = new_game(board_of(fee_map()), "paluba", ["a", "b"], {"first_player": 0})
    act(g, S("Mělník"), R(3, 3))
    mid = g.snapshot()
    g.apply(P("A3", "B3"))
    g.apply(P("B3", "C3"))
    assert g.undo(player=0)["pieces"] == ["B3/C3"]
    assert g.track_names(0) == ["A3/B3"]
    g.undo()
    assert g.snapshot() == mid
    with pytest.raises(IllegalAction) as e:
        g.undo()
    assert e.value.rule == "undo.dice"
    g.apply(DONE)
    with pytest.raises(IllegalAction) as e:
        g.undo(player=1)
    assert e.value.rule == "undo.not-own"


def test_clone_is_independent():
    g = new_game(board_of(fee_map()), "paluba", ["a", "b"], {"first_player": 0})
    act(g, S("Mělník"), R(3, 3))
    c = g.clone()
    c.apply(P("A3", "B3", "C3"))
    assert g.track_names(0) == [] and c.track_names(0) == ["A3/B3", "B3/C3"]
    assert g.snapshot() != c.snapshot()
    assert g.clone().snapshot() == g.snapshot()


# -- records and mapkit replay ---------------------------------------------------------------------

def finished_ladder_game():
    """A short whole game on the ladder (2 races), played through the public interface."""
    g = ladder_ready(races=2)
    act(g, R(1, 1), R(6, 6),                              # race 1: Aš -> Cheb (66)
        RACE("A1", "A2", *row("B", "J", 2), "J1"), RACE(*row("A", "J", 1)),
        R(6), R(2), R(2), R(6), R(4), R(3),                # Anna 6,2,4 (1 left); Bert 2,6,3 (2 left)
        DONE, DONE,                                        # no post-race building
        R(6, 6), R(1, 3),                                  # race 2: 66 used -> wrap to 12 Cheb; Úvaly
        PASS, RACE("J1", *row("J", "E", 2)))               # Bert passes; Anna alone
    return g


def test_record_round_trip_and_replay(tmp_path):
    g = finished_ladder_game()
    assert g.is_terminal() and g.current_player() == TERMINAL
    path = tmp_path / "game.json"
    mpath = tmp_path / "ladder.yaml"
    from mapkit.io.yamlwrite import save_map
    save_map(ladder_map(), mpath)
    save_record(Record.of(g, map_file="ladder.yaml"), path)
    rec = load_record(path)
    assert rec.header["preset"] == "paluba" and rec.header["players"] == ["Anna", "Bert"]
    assert rec.header["options"]["races"] == 2 and rec.header["map"]["hash"] == g.board.hash
    again = replay(rec, load_engine_map(mpath))
    assert again.snapshot() == g.snapshot()
    # the same through the command line, with the map found next to the record
    r = run_cli("replay", path, "--format", "json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["phase"] == "over" and s["winners"] == ["Anna"]
    # race 1: Bert 26 + 20, Anna 32 + 10; race 2: Anna alone, +20
    assert [p["account"] for p in s["players"]] == [62, 46]
    assert s["races"][0]["places"] == [["Bert"], ["Anna"]]
    assert s["races"][1]["start_city"] == "Cheb" and s["races"][1]["prizes"] == {"Anna": 20}
    assert s["players"][1]["track"] == ["A1/B1", "B1/C1", "C1/D1", "D1/E1", "E1/F1", "F1/G1",
                                        "G1/H1", "H1/I1", "I1/J1"]
    r = run_here("replay", path)
    assert r.returncode == 0 and "winner: Anna" in r.stdout and "race 2: 12 Cheb -> 13 Úvaly" in r.stdout


def test_replay_errors(tmp_path):
    g = finished_ladder_game()
    rec = Record.of(g)
    # an illegal action in the list: named by its position, exit 1
    bad = Record(rec.header, rec.actions[:5] + [{"type": "build", "path": ["E5", "F5"]}])
    path = tmp_path / "bad.json"
    save_record(bad, path)
    mpath = tmp_path / "ladder.json"
    mpath.write_text(json.dumps(compile_map(ladder_map())), encoding="utf-8")
    r = run_here("replay", path, "--map", mpath)
    assert r.returncode == 1 and "action 6" in r.stderr and "Traceback" not in r.stderr
    # another map: exit 2
    r = run_here("replay", path, "--map", MAPS / "example.yaml")
    assert r.returncode == 2 and "not on 'Example'" in r.stderr
    # not a record; no map named
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2", encoding="utf-8")
    assert run_here("replay", junk, "--map", mpath).returncode == 2
    save_record(rec, path)
    r = run_here("replay", path)
    assert r.returncode == 2 and "--map" in r.stderr
    # --upto: the state after the first 5 actions (Anna is building)
    r = run_here("replay", path, "--map", mpath, "--upto", "5", "--format", "json")
    s = json.loads(r.stdout)
    assert s["phase"] == "build" and s["actions"] == 5 and s["current_player"] == 0


def test_a_city_keeps_its_colour_on_the_board_and_a_map_without_one_compiles_as_before():
    from mapkit.grid import Grid
    from mapkit.grid import parse_hex as H
    from mapkit.model import City, Map

    def board(colour):
        m = Map(Grid("pointy", "odd", 3, 1), cities=[City("Aš", H("A1"), (11,), colour=colour),
                                                      City("Cheb", H("C1"), (12,))])
        return compile_map(m)

    plain, coloured = board(None), board("green")
    assert [sorted(c) for c in plain["cities"]] == [["hex", "name", "numbers", "region", "tags"]] * 2
    assert coloured["cities"][0]["colour"] == "green" and "colour" not in coloured["cities"][1]
    jsonschema.Draft202012Validator(engine_map_schema()).validate(coloured)
    b = EngineMap.from_json(json.loads(json.dumps(coloured)))
    assert [c.colour for c in b.cities] == ["green", None]
    assert [c.colour for c in EngineMap(plain).cities] == [None, None]


def test_a_city_is_found_by_its_own_name_before_a_race_number_or_a_hex():
    # A map may name a city "12" while another holds race number 12, or keep spaces around a
    # name: the name, as written or without the spaces and the case, comes first; then the
    # race number (digits or an int); then the hex.
    b = board_of(Map(Grid("pointy", "odd", 4, 2), cities=[
        City("Praha", H("A1"), (12,)), City("12", H("C1"), (13,)), City(" Ostrava", H("D2"), (14,))]))
    assert b.city_index("12") == 1 and b.city_index(12) == 0
    assert b.city_index(" Ostrava") == 2 and b.city_index("ostrava ") == 2
    assert b.city_index(" PRAHA") == 0 and b.city_index("14") == 2 and b.city_index("C1") == 1
    with pytest.raises(ValueError, match="'Brno' is not a city of the map"):
        b.city_index("Brno")
