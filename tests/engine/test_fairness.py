"""The designer's statistics (mapkit.engine.fairness): Holm's correction by hand and against its
textbook step-down definition, the exact binomial test against closed forms, verdicts on fair
and unfair sets (and how often a fair set is called unfair), Ludii's metrics by hand."""

from __future__ import annotations

import math
import random

import pytest

from mapkit.engine.fairness import Outcome, balance, balance_metrics, binomial_p, holm, verdicts
from mapkit.engine.simulate import rate


def test_holm_by_hand():
    # sorted: 0.005 * 4 = 0.02; 0.01 * 3 = 0.03; 0.03 * 2 = 0.06; 0.04 * 1 = 0.04 -> kept at 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # at 5 %: the two smallest are rejected. Holm rejects what Bonferroni does and more:
    # 0.03 below is 0.03 * 1 for Holm (rejected), 0.03 * 2 = 0.06 for Bonferroni (kept)
    assert holm([0.001, 0.03]) == pytest.approx([0.002, 0.03])
    assert holm([0.5, 0.9]) == [1.0, 1.0]          # 0.5 * 2 capped at 1; 0.9 * 1 never below it
    assert holm([]) == []


def _step_down(ps, alpha):
    """Holm's procedure as the textbook states it: with the p-values sorted, reject H(1)..H(k-1)
    where k is the first rank with p(k) > alpha / (m - k + 1)."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    rejected = set()
    for k, i in enumerate(order):
        if ps[i] > alpha / (m - k):
            break
        rejected.add(i)
    return rejected


def test_holm_against_the_step_down_procedure():
    rng = random.Random(38)
    for _ in range(500):
        ps = [rng.random() ** rng.choice([1, 3, 8]) for _ in range(rng.randint(1, 12))]
        adj = holm(ps)
        assert {i for i, q in enumerate(adj) if q <= 0.05} == _step_down(ps, 0.05)


def test_binomial_test_against_closed_forms():
    assert binomial_p(9, 10, 0.5) == pytest.approx(2 * 11 / 1024)       # P(X >= 9) = (10 + 1) / 2^10
    assert binomial_p(1, 10, 0.5) == pytest.approx(2 * 11 / 1024)       # the same, below
    assert binomial_p(10, 10, 0.5) == pytest.approx(2 / 1024)
    assert binomial_p(0, 20, 0.25) == pytest.approx(2 * 0.75 ** 20)
    assert binomial_p(5, 20, 0.25) == 1.0
    # a joint win: 8.5 of 10 takes the larger p of 8 (2 * 56/1024) and 9 (2 * 11/1024)
    assert binomial_p(8.5, 10, 0.5) == pytest.approx(2 * 56 / 1024)
    # many games: the normal approximation with continuity correction is close
    z = (25_500 - 0.5 - 25_000) / math.sqrt(100_000 * 0.25 * 0.75)
    assert binomial_p(25_500, 100_000, 0.25) == pytest.approx(math.erfc(z / math.sqrt(2)), rel=0.05)


def _report(position_wins, games, seat_wins=None, bots=("greedy",) * 4):
    n = len(position_wins)
    seat_wins = seat_wins or [games / n] * n
    return {"players": n, "bots": list(bots), "games": games,
            "seats": [{"seat": k + 1, **rate(w, games)} for k, w in enumerate(seat_wins)],
            "by_position": [{"position": k + 1, **rate(w, games)} for k, w in enumerate(position_wins)]}


def test_an_unfair_position_named_in_words():
    # exact binomial p-values at 1/4 of 400 games (computed apart): 136 wins 7.134e-5,
    # 112 0.1864, 84 0.06981, 68 1.573e-4; Holm: 2.854e-4, 0.1864, 0.1396, 4.718e-4
    v = {x.factor: x for x in verdicts(_report([136, 112, 84, 68], 400))}
    pos = v["position"]
    assert pos.fair is False and pos.fair_share == pytest.approx(0.25)
    assert [lv.p for lv in pos.levels] == pytest.approx([7.134e-5, 0.1864, 0.06981, 1.573e-4], rel=1e-3)
    assert [lv.p_holm for lv in pos.levels] == pytest.approx([2.854e-4, 0.1864, 0.1396, 4.718e-4], rel=1e-3)
    # Wilson 95 %: 136/400 -> [29.5, 38.8] %, 68/400 -> [13.6, 21.0] %
    assert pos.text() == "unfair: position 1 wins 34 % [30-39], position 4 wins 17 % [14-21] (fair share 25 %)"
    assert v["seat"].text() == "fair"
    assert pos.as_dict()["levels"][0]["off"] is True


def test_seats_with_different_bots_are_not_judged():
    v = verdicts(_report([100, 100], 200, [150, 50], bots=("greedy", "random")))
    assert v[0].factor == "seat" and v[0].fair is None and "different bots" in v[0].text()
    assert v[1].text() == "fair"


def test_start_cities_never_played_are_listed_not_tested():
    rep = _report([25, 25, 25, 25], 100)
    rep["start_cities"] = [{"city": "Praha", "starts": 300, **rate(75, 300)},
                           {"city": "Brno", "starts": 100, **rate(25, 100)},
                           {"city": "Zlín", "starts": 0, **rate(0, 0)}]
    rep["start_deal"] = {"mode": "rotate", "cities": 3, "rounds": 33}
    city = verdicts(rep)[-1]
    assert city.factor == "start_city" and city.fair is True and not city.notes
    assert [lv.games for lv in city.levels] == [300, 100, 0] and city.levels[2].p == 1.0


def _simulated_sets(shares, games, sets, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(sets):
        winners = rng.choices(range(len(shares)), shares, k=games)
        out.append([winners.count(k) for k in range(len(shares))])
    return out


def test_fair_sets_are_called_fair_and_unfair_ones_unfair():
    fair = _simulated_sets([0.25] * 4, 400, 300, seed=1)
    called = [verdicts(_report(w, 400))[1].fair for w in fair]
    # Holm keeps the family-wise error at 5 %: of 300 fair sets about 15 or fewer are called unfair
    assert sum(1 for c in called if c is False) <= 27          # 5 % + a margin of chance (binomial 99.9 %)
    # without the correction, four tests at 5 % each would call far more of them unfair
    uncorrected = sum(1 for w in fair if any(binomial_p(x, 400, 0.25) <= 0.05 for x in w))
    assert uncorrected > sum(1 for c in called if c is False)
    unfair = _simulated_sets([0.34, 0.30, 0.19, 0.17], 800, 50, seed=2)
    assert all(verdicts(_report(w, 800))[1].fair is False for w in unfair)


def test_ludii_metrics_by_hand():
    assert balance([0.30, 0.225, 0.35, 0.125]) == pytest.approx(0.775)
    games = [Outcome((1.0, 0.0, 0.0), 0, True), Outcome((0.0, 1.0, 0.0), 0, True),
             Outcome((0.5, 0.5, 0.0), 2, True), Outcome((0.0, 0.0, 0.0), 1, False)]
    m = balance_metrics(games, 3, seed=5, resamples=500)
    # seats win 1.5, 1.5, 0 of 4: 1 - 0.375; positions (from the first): game 1 (1, 0, 0),
    # game 2 (0, 1, 0), game 3 first = seat 3: (0, 0.5, 0.5), game 4 none -> 1, 1.5, 0.5
    assert m["balance_seats"]["value"] == pytest.approx(1 - 0.375)
    assert m["balance_positions"]["value"] == pytest.approx(1 - 1 / 4)
    assert m["advantage"]["value"] == pytest.approx(0.25) and m["advantage"]["games"] == 4
    assert m["completion"]["value"] == pytest.approx(0.75) and m["completion"]["complete"] == 3
    lo, hi = m["balance_seats"]["ci95"]
    assert 0.0 <= lo <= hi <= 1.0


def test_balance_interval_is_seeded():
    rng = random.Random(3)
    games = [Outcome(tuple(1.0 if k == w else 0.0 for k in range(4)), rng.randrange(4), True)
             for w in (rng.randrange(4) for _ in range(2000))]
    a, b, c = (balance_metrics(games, 4, seed=s) for s in (1, 1, 2))
    assert a == b and a["balance_seats"]["ci95"] != c["balance_seats"]["ci95"]
    # a fair game of 2000: the rates differ by chance by a few points only
    lo, hi = a["balance_seats"]["ci95"]
    assert 0.9 < lo <= a["balance_seats"]["value"] + 0.01 and hi <= 1.0


def test_balance_of_more_players_than_64_bits_of_shares_would_hold():
    # Shares were counted in units of 1/lcm(1..players), past 2**63 from 43 players on. With
    # 43 seats: seat k wins game k alone (43 games), and game 44 is won by seats 0, 1 and 2
    # together: seats 0-2 win 1 1/3 each, the others 1; Balance = 1 - (4/3 - 1) / 44.
    games = [Outcome(tuple(1.0 if q == k else 0.0 for q in range(43)), 0, True) for k in range(43)]
    games.append(Outcome(tuple(1 / 3 if q < 3 else 0.0 for q in range(43)), 0, True))
    m = balance_metrics(games, 43, seed=1, resamples=200)
    assert m["balance_seats"]["value"] == pytest.approx(1 - (1 / 3) / 44, abs=1e-4)
    lo, hi = m["balance_seats"]["ci95"]
    assert 0.0 <= lo <= hi <= 1.0


def test_balance_of_games_nobody_won_is_not_called_balanced():
    from mapkit.engine.fairness import metrics_line

    games = [Outcome((0.0, 0.0, 0.0), 0, False)] * 5
    m = balance_metrics(games, 3, seed=1, resamples=100)
    assert m["won"] == 0
    text = "\n".join(metrics_line(m))
    assert "balance not measured: no game was won" in text and "balance by seat" not in text
