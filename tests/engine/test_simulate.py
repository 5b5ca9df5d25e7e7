"""`mapkit simulate`: the same seed prints the same report whatever --jobs; kept records
replay to the games' results; the figures agree with a second count; bad input."""

from __future__ import annotations

import json
import math
from functools import cache

import pytest

from mapkit.engine import load_engine_map, load_record, replay
from mapkit.engine.simulate import SimSpec, game_seed, game_stats, play_game, play_one, summarize, wilson
from tests.support import MAPS, run_cli, run_here

EXAMPLE = MAPS / "example.yaml"


@cache
def example():
    return load_engine_map(EXAMPLE)


@pytest.mark.slow     # end to end: several worker processes
def test_same_seed_same_report_whatever_jobs(tmp_path):
    args = ["simulate", EXAMPLE, "--rules", "paluba", "--players", "3", "--games", "10", "--seed", "4",
            "--bots", "greedy,random,greedy"]
    one = run_here(*args, "--jobs", "1")
    two = run_cli(*args, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert one.stdout == two.stdout
    assert "Wins by seat" in one.stdout and "Wins by start city" in one.stdout
    # the other runs in this process (its pool of two processes forked from here): the text
    # report above is the one run as a user runs it
    js1 = run_here(*args, "--jobs", "2", "--format", "json")
    js2 = run_here(*args, "--jobs", "1", "--format", "json")
    assert js1.stdout == js2.stdout
    rep = json.loads(js1.stdout)
    assert rep["games"] == 10 and rep["bots"] == ["greedy", "random", "greedy"]
    # every game has one winner or shares it: the seats' wins add up to the games
    assert sum(s["wins"] for s in rep["seats"]) == pytest.approx(10)
    assert sum(c["starts"] for c in rep["start_cities"]) == 30
    other = run_here(*args[:-4], "--seed", "5", "--bots", "greedy,random,greedy", "--format", "json")
    assert json.loads(other.stdout)["seats"] != rep["seats"]
    # start cities dealt, and the HTML page: the same on any number of processes
    dealt = [run(*args, "--jobs", j, "--start-cities", "rotate", "--html", tmp_path / f"{j}.html")
             for run, j in ((run_here, "1"), (run_cli, "2"))]
    assert dealt[0].returncode == 0 and dealt[0].stdout == dealt[1].stdout.replace("2.html", "1.html")
    assert (tmp_path / "1.html").read_bytes() == (tmp_path / "2.html").read_bytes()


def test_records_replay(tmp_path):
    rec_dir = tmp_path / "games"
    r = run_cli("simulate", EXAMPLE, "--games", "4", "--players", "4", "--seed", "7", "--jobs", "2",
                "--records", rec_dir, "--format", "json", "--rules", "expres")
    assert r.returncode == 0, r.stderr
    files = sorted(rec_dir.glob("game-*.json"))
    assert [f.name for f in files] == [f"game-0000{i}.json" for i in range(1, 5)]
    spec = SimSpec(example().to_json(), "expres", {}, ("greedy",) * 4, seed=7)
    for i, f in enumerate(files):
        state = replay(load_record(f), example())
        assert state.is_terminal()
        # the replayed game is the one the simulation played (its figures, by a second run)
        assert game_stats(state)["accounts"] == play_one(spec, i)["accounts"]
    out = run_here("replay", files[2], "--format", "json")
    assert out.returncode == 0, out.stderr
    js = json.loads(out.stdout)
    assert js["phase"] == "over"
    assert [p["account"] for p in js["players"]] == play_one(spec, 2)["accounts"]


def test_game_stats_against_the_race_results():
    """Fares counted from the ledger equal the fares listed in the race results; prizes too."""
    g = play_game(example(), "paluba", ["greedy"] * 4, {}, seed=game_seed(3, 0))
    st = game_stats(g)
    fares = sum(f for r in g.results for _, _, f in r["fares"])
    prizes = sum(v for r in g.results for v in r["prizes"].values())
    assert sum(st["fares_paid"]) == sum(st["fares_received"]) == fares
    assert sum(st["prizes"]) == prizes
    assert st["races"] == len(g.results) == 9
    assert st["races_held"] == sum(1 for r in g.results if r["racers"])
    assert sum(st["rejected"].values()) == sum(len(r["rejected"]) for r in g.results)
    # money: start money + bank payments - payments to the bank = final accounts
    bank_in = sum(a for s, d, a, _ in g.ledger if s < 0)
    bank_out = sum(a for s, d, a, _ in g.ledger if d < 0)
    assert sum(st["accounts"]) == 4 * 20 + bank_in - bank_out


def test_wilson_interval():
    # published values of the 95% Wilson interval: 5 of 10 -> [0.2366, 0.7634];
    # 0 of 20 -> [0, 0.1611]; 18 of 20 -> [0.6990, 0.9721]
    for (k, n), (lo, hi) in {(5, 10): (0.2366, 0.7634), (0, 20): (0.0, 0.1611),
                             (18, 20): (0.6990, 0.9721)}.items():
        a, b = wilson(k, n)
        assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)
    # against the textbook formula written out once more
    k, n, z = 7, 40, 1.96
    p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert wilson(k, n) == pytest.approx((c - h, c + h))


def test_report_in_game_order():
    spec = SimSpec(example().to_json(), "paluba", {"races": 3}, ("greedy", "greedy"), seed=1)
    stats = [play_one(spec, i) for i in range(3)]
    rep = summarize(spec, stats)
    assert rep["options"] == {"races": 3}
    assert rep["races"]["mean_drawn"] == 3
    assert rep["length"]["mean_actions"] == pytest.approx(sum(s["actions"] for s in stats) / 3, abs=1e-4)
    assert rep["accounts"]["mean_winner"] == pytest.approx(sum(max(s["accounts"]) for s in stats) / 3, abs=1e-4)


def test_progress_goes_to_stderr():
    r = run_here("simulate", EXAMPLE, "--games", "2", "--progress", "--players", "2")
    assert r.returncode == 0
    assert "2/2 games" in r.stderr
    quiet = run_here("simulate", EXAMPLE, "--games", "2", "--players", "2")
    assert quiet.stderr == "" and quiet.stdout == r.stdout


@pytest.mark.parametrize("args,message", [
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--bots", "strong:200ms,greedy"], "a time budget makes the games depend on the machine's speed"),
    (["--bots", "greedy:64"], "bot 'greedy' takes no option"),
    (["--bots", ",,"], "give a bot name for every seat, separated by commas (easy, greedy, random, strong)"),
    (["--bots", "greedy,,greedy"], "give a bot name for every seat"),     # not two seats quietly
    (["--bots", "strong:0"], "bot budget '0'"),
    (["--bots", "strong:-5ms"], "bot budget '-5ms'"),
    (["--players", "3", "--bots", "greedy,random"], "2 bots for --players 3"),
    (["--games", "0"], "--games 0"),
    (["--jobs", "-1"], "--jobs -1: give a number of worker processes from 1 to 256, or 0 for one per core"),
    (["--option", "racez=5"], "unknown rule option 'racez'"),
    (["--option", "finish=last"], "option finish"),
    (["--rules", "monopoly"], "unknown rules preset 'monopoly'"),
    (["--players", "1"], "needs at least 2"),
    # a slip of the keyboard is refused before a list of a billion seats fills the memory
    (["--players", "1000000000"], "--players 1000000000: give a number of players from 1 to 32"),
    (["--bots", ",".join(["random"] * 33)], "33 players; paluba allows at most 32"),
    (["--option", "races=0"], "option races: 0 is under 1"),
])
def test_bad_input(args, message):
    r = run_here("simulate", EXAMPLE, "--games", "1", *args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert message in r.stderr
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1


@pytest.mark.parametrize("outputs,message", [
    (["--html", "{tmp}/same.out", "-o", "{tmp}/same.out"], "--html and -o name the same file"),
    (["--html", "{tmp}"], "is a directory; give a file name"),
    (["-o", "{tmp}/new/"], "names a folder (it ends in '/')"),
    (["--html", ""], "--html '': an empty file name"),
    (["--scheduler", ""], "--scheduler '': give a Dask scheduler's address"),
    (["--jobs", "100000"], "--jobs 100000: give a number of worker processes from 1 to 256"),
])
def test_outputs_are_checked_before_the_games(tmp_path, outputs, message):
    # a bad output named after hours of games would lose them: no game is played (none is
    # recorded) before the refusal
    args = [a.format(tmp=tmp_path) for a in outputs]
    r = run_here("simulate", EXAMPLE, "--games", "3", "--records", tmp_path / "games", *args)
    assert r.returncode == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not (tmp_path / "games").exists() and not (tmp_path / "new").exists()
    assert not (tmp_path / "same.out").exists()


def test_missing_map():
    r = run_here("simulate", MAPS / "nowhere.yaml")
    assert r.returncode == 2 and "no such file" in r.stderr


def test_special_races_and_ferries_are_reported_apart():
    # the example map makes every 3rd race special: races 3, 6 and 9 of each 9-race game
    spec = SimSpec(example().to_json(), "paluba", {}, ("greedy", "greedy", "random"), seed=2)
    stats = [play_one(spec, i) for i in range(6)]
    rep = summarize(spec, stats)
    sp = rep["special_races"]
    assert sp["mean_drawn"] == 3.0 and 0 <= sp["mean_held"] <= 3.0
    # a second count, from a game's own results: special races won, seat by seat
    g = play_game(example(), "paluba", ["greedy", "greedy", "random"], {}, game_seed(2, 0))
    won = [0, 0, 0]
    for r in g.results:
        if r.get("special") and r["places"]:
            for name in r["places"][0]:
                won[list(g.players).index(name)] += 1
    assert game_stats(g)["special_won"] == won == stats[0]["special_won"]
    assert sp["won_by_seat"] == [sum(s["special_won"][p] for s in stats) for p in range(3)]
    # ferry purchases: what the ledger says, seat by seat
    bought = [sum(1 for e in g.ledger if e[0] == p and e[3].startswith("ferry")) for p in range(3)]
    assert game_stats(g)["ferries_bought"] == bought
    assert rep["ferries"]["by_seat"] == [sum(s["ferries_bought"][p] for s in stats) for p in range(3)]
    # off: no special race at all
    off = summarize(spec, [play_one(SimSpec(example().to_json(), "paluba", {"special_races": False},
                                           ("greedy", "greedy", "random"), seed=2), 0)])
    assert off["special_races"]["mean_drawn"] == 0.0


def test_win_rates_are_rounded_once_as_printed():
    """A seat that won 34,251 of 100,000 games won 34.251 %: the text and the HTML page say
    34.3 %, not 34.2 % from the JSON's four-digit 0.3425 rounded again (and the interval
    likewise, from the counts: Wilson's [34.0 - 34.5] by hand, 0.34251 +- 1.96 sqrt(pq/n))."""
    from mapkit.engine.simulate import format_report
    from mapkit.render.simulation import render_html

    spec = SimSpec(example().to_json(), "paluba", {"races": 3}, ("greedy", "greedy"), seed=1)
    rep = summarize(spec, [play_one(spec, i) for i in range(2)])
    seat = rep["seats"][0]
    seat.update(wins=34251.0, games=100000, win_rate=0.3425, ci95=[0.3396, 0.3454])
    text = format_report(rep)
    assert "34.3%  [34.0% - 34.5%]" in text and "34.2%  [" not in text
    page = render_html(rep)
    assert "<td class=num>34.3 %</td><td class=num>34.0 % – 34.5 %</td>" in page and ">34.2 %<" not in page
