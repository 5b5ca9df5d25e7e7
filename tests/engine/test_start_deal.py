"""`mapkit simulate --start-cities rotate` and the designer's figures of the report: every seat
starts from every allowed city equally often, the games' own starts say so, a record of a dealt
game replays; every allowed start city is listed; the ferry line; the verdicts and metrics in
text, JSON and the HTML page; bad input."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest

from mapkit.engine import EngineMap, load_engine_map, make_rules, replay
from mapkit.engine.record import Record
from mapkit.engine.simulate import SimSpec, format_report, game_record, play_indexed, play_one, summarize
from mapkit.engine.starts import deal
from mapkit.grid import Grid
from mapkit.grid import parse_hex as H
from mapkit.model import City, Map, Rules
from tests.support import MAPS, run_here

EXAMPLE = MAPS / "example.yaml"
STARTS = ["Praha", "Brno", "Ostrava"]          # the example map's rules.start_cities


@cache
def example():
    return load_engine_map(EXAMPLE)


def test_a_round_deals_each_city_to_each_seat_once():
    cities = ["A", "B", "C", "D", "E"]
    for seats in (2, 5, 7):
        for block in range(3):
            games = [deal(cities, seats, block * 5 + r, seed=9) for r in range(5)]
            for s in range(seats):
                assert sorted(g[s] for g in games) == cities
            if seats <= 5:
                assert all(len(set(g)) == seats for g in games)       # nobody shares a city
    orders = {tuple(deal(cities, 5, b * 5, seed=9)) for b in range(6)}
    assert len(orders) > 1                                             # the rounds are shuffled apart


def test_rotate_deals_the_start_cities():
    spec = SimSpec(example().to_json(), "paluba", {"races": 3}, ("greedy",) * 3, seed=4, start_cities="rotate")
    stats = [play_one(spec, i) for i in range(3)]
    for i, s in enumerate(stats):
        assert s["starts"] == deal(STARTS, 3, i, 4)                    # what the games' start actions did
    by_seat = [Counter(s["starts"][p] for s in stats) for p in range(3)]
    assert all(c == Counter(STARTS) for c in by_seat)
    rep = summarize(spec, stats)
    assert rep["start_deal"] == {"mode": "rotate", "cities": 3, "rounds": 1}
    assert [(c["city"], c["starts"]) for c in rep["start_cities"]] == [(c, 3) for c in STARTS]
    assert "dealt to the seats in turn, 3 games a round: 1 full round;" in format_report(rep)
    # a dealt game's record replays to the same game
    _, g = play_indexed(spec, 1)
    rec = Record.loads(game_record(spec, g, 1).dumps())
    again = replay(rec, example())
    assert again.start_city == g.start_city and again.accounts == g.accounts
    assert rec.header["simulation"]["start_cities"] == "rotate"


def test_a_secret_start_is_dealt_too():
    spec = SimSpec(example().to_json(), "expres", {"races": 2}, ("greedy", "random"), seed=2, start_cities="rotate")
    places = [c.name for c in example().cities if example().adj[c.hex]]     # expres: any city
    assert play_one(spec, 5)["starts"] == deal(places, 2, 5, 2)


def test_every_allowed_start_city_is_listed():
    spec = SimSpec(example().to_json(), "expres", {"races": 2}, ("greedy",) * 2, seed=1)
    stats = [play_one(spec, 0)]
    rep = summarize(spec, stats)
    allowed = [example().cities[c].name for c in make_rules("expres").start_cities(example())]
    assert [c["city"] for c in rep["start_cities"]] == allowed and len(allowed) > 2
    never = [c for c in rep["start_cities"] if not c["starts"]]
    assert len(never) >= len(allowed) - 2 and all(c["win_rate"] == 0.0 for c in never)
    assert f"{never[0]['city']:<20}      0 starts  never chosen" in format_report(rep)
    # and the start-city verdict tests only the cities played
    city = rep["fairness"]["verdicts"][-1]
    assert city["factor"] == "start_city" and "rotate" in city["notes"][0]
    assert sum(1 for lv in city["levels"] if lv["games"]) == len(allowed) - len(never)


def test_a_city_not_dealt_yet_is_said_so_not_never_chosen():
    # one game of two seats deals 2 of the map's cities; the others were never dealt (before,
    # the report said "never chosen" under the heading "dealt to the seats in turn")
    spec = SimSpec(example().to_json(), "expres", {"races": 1}, ("greedy",) * 2, seed=2, start_cities="rotate")
    rep = summarize(spec, [play_one(spec, 0)])
    places = [c.name for c in example().cities if example().adj[c.hex]]
    dealt = set(deal(places, 2, 0, 2))
    text = format_report(rep)
    for c in rep["start_cities"]:
        said = f"{c['city']:<20}      0 starts  never dealt"
        assert (said in text) == (c["city"] not in dealt)
    assert "never chosen" not in text and len(places) - 2 >= 10


def test_a_map_made_unfair_is_called_unfair():
    """Two start cities: a hub among four cities, and one behind a wall of mountains with two
    race numbers. Dealt to two players, the hub's player should win nearly every game."""
    numbers = iter(range(11, 67))
    cities = [City(name, H(at), tuple(next(numbers) for _ in range(k))) for name, at, k in (
        ("Hub", "G2", 6), ("Aš", "E1", 5), ("Brno", "I1", 5), ("Cheb", "E3", 5), ("Děčín", "I3", 5), ("Far", "A2", 2))]
    wall = {H(f"{c}{r}"): "mountain" for c in "BC" for r in "123"}
    board = EngineMap.from_map(Map(Grid("pointy", "odd", 13, 3), terrain=wall, cities=cities,
                                   rules=Rules(start_cities=["Hub", "Far"])))
    spec = SimSpec(board.to_json(), "paluba", {"races": 3}, ("greedy",) * 2, seed=1, start_cities="rotate")
    stats = [play_one(spec, i) for i in range(20)]
    rep = summarize(spec, stats)
    city = rep["fairness"]["verdicts"][-1]
    assert city["fair"] is False and city["text"].startswith("unfair: Hub wins 100 % [84-100], Far wins 0 %")
    # dealt, each seat plays the hub in 10 of the 20 games: the seats stay alike
    assert [v["fair"] for v in rep["fairness"]["verdicts"][:2]] == [True, True]
    # Completion: the games that did not end because no race could be drawn
    stuck = sum(1 for s in stats if s["end"] == "no race can be drawn")
    assert rep["metrics"]["completion"]["complete"] == 20 - stuck


def test_the_ferry_line():
    spec = SimSpec(example().to_json(), "paluba", {"races": 2}, ("greedy",) * 2, seed=3)
    stats = [play_one(spec, i) for i in range(2)]
    rep = summarize(spec, stats)
    bought = [sum(s["ferries_bought"][p] for s in stats) for p in range(2)]
    assert rep["ferries"]["played"] is True and rep["ferries"]["by_seat"] == bought
    assert rep["ferries"]["per_game"] == pytest.approx(sum(bought) / 2)
    line = (f"Ferry lines bought: {sum(bought) / 2:.2f} per game ({sum(bought)} in 2 games); per game by seat: "
            f"1: {bought[0] / 2:.2f}, 2: {bought[1] / 2:.2f}")
    assert line in format_report(rep)
    off = SimSpec(example().to_json(), "paluba", {"races": 2, "ferries": False}, ("greedy",) * 2, seed=3)
    rep = summarize(off, [play_one(off, 0)])
    assert rep["ferries"]["played"] is False and "Ferry lines" not in format_report(rep)


def test_verdicts_and_metrics_in_the_report():
    spec = SimSpec(example().to_json(), "paluba", {"races": 2}, ("greedy",) * 2, seed=5)
    stats = [play_one(spec, i) for i in range(4)]
    rep = summarize(spec, stats)
    assert [v["factor"] for v in rep["fairness"]["verdicts"]] == ["seat", "position", "start_city"]
    assert rep["fairness"]["correction"] == "holm" and rep["fairness"]["alpha"] == 0.05
    m = rep["metrics"]
    seat_rates = [s["win_rate"] for s in rep["seats"]]
    assert m["balance_seats"]["value"] == pytest.approx(1 - (max(seat_rates) - min(seat_rates)), abs=1e-4)
    assert m["advantage"]["value"] == rep["by_position"][0]["win_rate"]
    assert m["completion"] == {"value": 1.0, "ci95": m["completion"]["ci95"], "complete": 4, "games": 4}
    text = format_report(rep)
    assert text.index("Fairness") < text.index("Wins by seat") and "  playing position: " in text
    assert "advantage (the first player wins)" in text
    assert rep == summarize(spec, stats)                               # the bootstrap is seeded


def test_rotate_html_and_json_from_the_command(tmp_path):
    page = tmp_path / "sim.html"
    r = run_here("simulate", EXAMPLE, "--games", "3", "--players", "3", "--seed", "2", "--option", "races=2",
                 "--start-cities", "rotate", "--html", page)
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"wrote {page} (the simulation of Example)\n"
    html = page.read_text("utf-8")
    for words in ("<h2>Verdicts</h2>", "Balance by playing position", "Wins by start city", "Ostrava",
                  "dealt to the seats in turn", "<svg"):
        assert words in html
    js = run_here("simulate", EXAMPLE, "--games", "3", "--players", "3", "--seed", "2", "--option", "races=2",
                  "--start-cities", "rotate", "--html", page, "--format", "json")
    assert js.returncode == 0 and f"wrote {page}" in js.stderr
    rep = json.loads(js.stdout)
    assert [c["starts"] for c in rep["start_cities"]] == [3, 3, 3]


@pytest.mark.parametrize("args,message", [
    (["--rules", "transamerica", "--start-cities", "rotate"], "the transamerica rules have no start cities"),
    (["--start-cities", "deal"], "invalid choice: 'deal'"),
])
def test_bad_rotation(args, message):
    target = MAPS / "usa.yaml" if "transamerica" in args else EXAMPLE
    r = run_here("simulate", target, "--games", "1", *args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert message in r.stderr and "Traceback" not in r.stderr


def test_the_html_page_says_never_dealt_for_a_city_no_seat_was_given():
    """One game of two seats deals 2 of the example map's start cities: the others' rows say
    "never dealt" (in the page's language), not a win rate of 0 % in [0 % - 100 %]."""
    from mapkit.i18n import use_language
    from mapkit.render.simulation import render_html

    spec = SimSpec(example().to_json(), "paluba", {"races": 1}, ("greedy",) * 2, seed=2, start_cities="rotate")
    rep = summarize(spec, [play_one(spec, 0)])
    idle = [c["city"] for c in rep["start_cities"] if not c["starts"]]
    assert idle and len(idle) == len(rep["start_cities"]) - 2
    page = render_html(rep)
    for city in idle:
        row = page[page.index(f"<td>{city}</td>"):]
        row = row[:row.index("</tr>")]
        assert "never dealt" in row and "%" not in row
    with use_language("cs"):
        assert "nepřiděleno" in render_html(rep)
