"""The tens digit is a region: the synthetic boards lay their numbers out as the published
ones do, and the number reader leans on a city's neighbours only where a board does so."""

import functools

import numpy as np
import pytest

from mapkit.imaging import digits, settle
from mapkit import testing as syn
from mapkit.imaging.regions import region_weight
from mapkit.io.yamlmap import load_map
from mapkit.model import ALL_RACE_NUMBERS

SEEDS = range(20)


@functools.cache
def _board(seed, numbering):
    """Board ``seed`` (made once for the module's tests, which only read it)."""
    return syn.random_map(seed, 24, 20, "pointy" if seed % 2 else "flat", "odd",
                          cities=(36, 30, 26)[seed % 3], numbering=numbering)


def _numbers(m):
    """Each race number's place (mm) and its tens digit (0..5), and its index in CODES."""
    rows = [(m.grid.centre_mm(c.hex), n) for c in m.cities for n in c.numbers]
    places = np.array([p for p, _ in rows], dtype=float)
    index = np.array([digits.CODES.index(str(n)) for _, n in rows])
    return places, index // 6, index


def _mean_distance(m, same_tens: bool) -> float:
    pts = [(c.hex, n // 10) for c in m.cities for n in c.numbers]
    d = [m.grid.distance(a, b) for i, (a, x) in enumerate(pts) for b, y in pts[i + 1:]
         if x == y or not same_tens]
    return sum(d) / len(d)


@pytest.mark.parametrize("seed", SEEDS)
def test_regional_boards_group_tens_digits(seed):
    m = _board(seed, "regional")
    shuffled = _board(seed, "shuffled")
    # The same board but for which number is where.
    assert sorted((c.hex, c.name) for c in m.cities) == sorted((c.hex, c.name) for c in shuffled.cities)
    assert m.terrain == shuffled.terrain and m.rivers == shuffled.rivers
    assert sorted((c.hex, len(c.numbers)) for c in m.cities) == sorted((c.hex, len(c.numbers)) for c in shuffled.cities)
    numbers = [n for c in m.cities for n in c.numbers]
    assert len(set(numbers)) == len(numbers) == sum(len(c.numbers) for c in shuffled.cities)
    assert set(numbers) <= set(ALL_RACE_NUMBERS)    # each once (36 but on a few boards)
    # A big city's numbers share their tens digit; a region's cities lie together (on the
    # bundled maps the cities of one tens digit stand 0.3-0.45 of the mean distance apart).
    assert all(len({n // 10 for n in c.numbers}) == 1 for c in m.cities)
    assert _mean_distance(m, True) < 0.55 * _mean_distance(m, False)


def test_bundled_maps_are_regional():
    """What the reader leans on holds on the published boards: on every bundled map the
    tens digits, as printed, are weighed in."""
    for name in ("czechia", "germany", "france-benelux", "usa-east", "usa-west", "usa"):
        m = load_map(f"maps/{name}.yaml")
        places, tens, _ = _numbers(m)
        assert region_weight(places, tens) > 0.5, name


def test_region_weight_is_zero_where_numbers_are_laid_out_anyhow():
    weights = [region_weight(*_numbers(_board(s, "shuffled"))[:2]) for s in SEEDS]
    regional = [region_weight(*_numbers(_board(s, "regional"))[:2]) for s in SEEDS]
    # A shuffled layout may cluster by chance (one in a hundred passes the test).
    assert sum(w > 0 for w in weights) <= 1
    assert min(regional) >= 0.8


def _smudged_scores(index, seed, right=0.02, noise=0.01):
    """Template scores of numbers read badly: the true race number a little above the rest,
    under noise that hides it about half the time."""
    rng = np.random.default_rng(seed)
    scores = rng.normal(0.0, noise, (len(index), len(digits.CODES)))
    scores[np.arange(len(index)), index] += right
    return scores


def test_neighbours_mend_smudged_readings():
    # Noise alike on every race number is kinder to the readings than a real smudge, which
    # looks like a few numbers in particular (REGION_GAIN is set on drawn boards): here the
    # neighbours mend 30 numbers over the 20 boards and spoil up to 6 on one, where a
    # region's edge runs between cities.
    alone = helped = 0
    for seed in SEEDS:
        places, _tens, index = _numbers(_board(seed, "regional"))
        scores = _smudged_scores(index, seed)
        alone += int((np.array(settle.settle(scores)) == index).sum())
        helped += int((np.array(settle.settle(scores, places)) == index).sum())
    assert alone < 0.55 * 36 * len(SEEDS)       # about half read right alone
    assert helped >= alone + len(SEEDS)


def test_neighbours_stay_out_of_shuffled_boards():
    changed = 0
    for seed in SEEDS:
        places, _tens, index = _numbers(_board(seed, "shuffled"))
        scores = _smudged_scores(index, seed)
        changed += settle.settle(scores) != settle.settle(scores, places)
    assert changed <= 1


def test_a_neighbouring_city_counts_once_whatever_its_numbers():
    # Six cities on a line, the first with three numbers of tens digit 1 (index 0), the
    # others one number each of tens digit 4 (index 3). The number at x = 1.1: its five
    # nearest other cities are all the others, the big city weighing 1 (a third for each of
    # its numbers): tens 1 counts 1, tens 4 counts 4; smoothed by half a count each of six,
    # 1.5 / 8 and 4.5 / 8. (By number its five nearest were the big city's three and the
    # next two: 3 against 2, and a small board's big cities outvoted the rest.)
    from mapkit.imaging.regions import nearest_others, shares_among

    xs = [0.0, 0.0, 0.0, 1.1, 2.3, 3.6, 5.0, 6.5]
    places = np.array([(x, 0.0) for x in xs])
    tens = np.array([0, 0, 0, 3, 3, 3, 3, 3])
    shares = shares_among(nearest_others(places), tens)
    assert shares[3].tolist() == pytest.approx([1.5 / 8, 0.5 / 8, 0.5 / 8, 4.5 / 8, 0.5 / 8, 0.5 / 8])
    # A number of the big city: its two other numbers count one each (read apart), and the
    # five other cities one each: tens 1 counts 2, tens 4 counts 5, out of 7 (+ 3 smoothing).
    assert shares[0].tolist() == pytest.approx([2.5 / 10, 0.05, 0.05, 5.5 / 10, 0.05, 0.05])
