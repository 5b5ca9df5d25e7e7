"""Fairness verdicts on whole maps played by bots: a map made unfair on purpose is called
unfair, and a map whose four quarters are mirror images of each other is not (or the bots, not
the map, decide the verdict)."""

from __future__ import annotations

import pytest

from mapkit.engine.compiled import EngineMap
from mapkit.engine.simulate import SimSpec, play_one, summarize
from mapkit.io.yamlmap import parse_map

# Made unfair on purpose: Köln stands among six cities with 15 of the 36 race numbers in the
# west; Zakopane, with one number, sits in the south-east corner boxed in by mountains, five
# hexes from anything. Dealt to the seats in turn, Zakopane's starts should win next to nothing
# and Köln's more than their share.
LOPSIDED = """\
version: 1
name: Lopsided
grid: {orientation: pointy, offset: odd, columns: 18, rows: 12}
terrain:
  default: plain
  art: |
    . . . . . . . . . . . . . . . . . .
     . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . .
     . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . . . . .
     . . . . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . ^ ^ ^ ^ ^
     . . . . . . . . . . . . . ^ ^ ^ ^ ^
    . . . . . . . . . . . . . ^ ^ ^ ^ ^
     . . . . . . . . . . . . . ^ ^ ^ ^ ^
    . . . . . . . . . . . . . ^ ^ ^ . ^
     . . . . . . . . . . . . . ^ ^ ^ ^ ^
cities:
  - {name: Köln, hex: C6, numbers: [11, 12, 13]}
  - {name: Düsseldorf, hex: C4, numbers: [14, 15]}
  - {name: Essen, hex: E4, numbers: [16, 21]}
  - {name: Dortmund, hex: F6, numbers: [22, 23]}
  - {name: Bonn, hex: C8, numbers: [24, 25]}
  - {name: Duisburg, hex: A5, numbers: [26, 31]}
  - {name: Aachen, hex: A8, numbers: [32, 33]}
  - {name: Łódź, hex: J6, numbers: [34, 35, 36]}
  - {name: Poznań, hex: I2, numbers: [41, 42]}
  - {name: Kalisz, hex: H10, numbers: [43, 44]}
  - {name: Gdańsk, hex: N2, numbers: [45, 46]}
  - {name: Lublin, hex: P4, numbers: [51, 52, 53]}
  - {name: Rzeszów, hex: L9, numbers: [54, 55, 56]}
  - {name: Kraków, hex: K12, numbers: [61, 62, 63]}
  - {name: Tarnów, hex: M11, numbers: [64, 65]}
  - {name: Zakopane, hex: Q11, numbers: [66]}
rules:
  start_cities: [Köln, Łódź, Gdańsk, Zakopane]
"""

# Fair by construction: 15 x 11 plain hexes, the same five cities (numbers 3, 2, 2, 1, 1) in
# each quarter, placed so that the board's two mirror lines (the middle row; the middle
# column, which on odd-offset rows runs between two hexes) map every quarter onto the others,
# hex for hex: (c, r) -> (c, 10 - r) and (c, r) -> (14 - c, r) on even rows, (13 - c, r) on
# odd ones (0-based). Each quarter's start city is its 3-number city.
SYMMETRIC = """\
version: 1
name: Symmetric
grid: {orientation: pointy, offset: odd, columns: 15, rows: 11}
terrain:
  default: plain
cities:
  - {name: Kraków, hex: D3, numbers: [11, 12, 13]}
  - {name: Łańcut, hex: B1, numbers: [14, 15]}
  - {name: Żywiec, hex: F2, numbers: [16, 21]}
  - {name: Bielsko, hex: B5, numbers: [22]}
  - {name: Sącz, hex: F5, numbers: [23]}
  - {name: München, hex: L3, numbers: [24, 25, 26]}
  - {name: Würzburg, hex: N1, numbers: [31, 32]}
  - {name: Fürth, hex: I2, numbers: [33, 34]}
  - {name: Göttingen, hex: N5, numbers: [35]}
  - {name: Lübeck, hex: J5, numbers: [36]}
  - {name: Plzeň, hex: D9, numbers: [41, 42, 43]}
  - {name: Třeboň, hex: B11, numbers: [44, 45]}
  - {name: Žatec, hex: F10, numbers: [46, 51]}
  - {name: Kroměříž, hex: B7, numbers: [52]}
  - {name: Děčín, hex: F7, numbers: [53]}
  - {name: Gdańsk, hex: L9, numbers: [54, 55, 56]}
  - {name: Łomża, hex: N11, numbers: [61, 62]}
  - {name: Płock, hex: I10, numbers: [63, 64]}
  - {name: Świecie, hex: N7, numbers: [65]}
  - {name: Toruń, hex: J7, numbers: [66]}
rules:
  start_cities: [Kraków, München, Plzeň, Gdańsk]
"""


def _report(text: str, games: int, bots=("greedy",) * 4) -> dict:
    board, _ = parse_map(text, "test.yaml")
    spec = SimSpec(EngineMap.from_map(board).to_json(), "paluba", {}, tuple(bots), seed=1, start_cities="rotate")
    return summarize(spec, [play_one(spec, i) for i in range(games)])


def _verdict(report: dict, factor: str) -> dict:
    return next(v for v in report["fairness"]["verdicts"] if v["factor"] == factor)


def test_the_symmetric_map_is_symmetric():
    # the mirror maps of the comment above take every city onto a city with as many numbers
    board, _ = parse_map(SYMMETRIC, "test.yaml")
    where = {(c.hex.col, c.hex.row): len(c.numbers) for c in board.cities}
    assert len(where) == 20

    def across(c, r):
        return (14 - c if r % 2 == 0 else 13 - c, r)

    for (c, r), n in where.items():
        assert where[(c, 10 - r)] == n and where[across(c, r)] == n


@pytest.mark.slow     # 100 greedy games
def test_a_map_made_unfair_on_purpose_is_called_unfair():
    rep = _report(LOPSIDED, 100)          # 25 complete rounds of the 4 start cities
    v = _verdict(rep, "start_city")
    assert v["fair"] is False and "Zakopane wins 0 %" in v["text"]
    off = {lv["key"]: lv for lv in v["levels"] if lv["off"]}
    assert off["Zakopane"]["win_rate"] < 0.05 and off["Köln"]["win_rate"] > 0.35
    assert all(c["starts"] == 100 for c in rep["start_cities"])


@pytest.mark.slow     # 200 greedy games
def test_a_symmetric_map_is_fair_for_the_greedy_bot():
    """Unfair (north 16-17 %, south 33 %) while the greedy bot broke ties between targets of
    equal value by hex id, which runs from the north; fair since they go by seeded tie keys."""
    rep = _report(SYMMETRIC, 200)         # 50 complete rounds
    assert _verdict(rep, "start_city")["fair"] is True
