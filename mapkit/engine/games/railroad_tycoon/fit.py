"""Whether a board suits Railroad Tycoon (``mapkit validate --rules railroad-tycoon``: W215;
:meth:`~mapkit.engine.family.GameFamily.fit_issues`).

A game ends when as many cities are empty as the rules say for the number of players (10, 12,
14, 16 and 18 for two to six; docs/rules.md, Railroad Tycoon). On a board with fewer cities
holding goods at set-up, a game of that many players can end only when every city is empty
(the engine counts at most the cities that had goods), the last cubes waiting in the remotest
towns: drafts of Slovenia and Norway with 16 to 21 cities had 13 and 19 of 20 four-player
games cut off at the 30-round cap (docs/geography.md). So a board is too small (W215) when its
cities with goods at set-up are fewer than the empty cities that end a game of some number of
players; the warning names the smallest.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import City, Map, Rules
>>> from .rules import RailroadTycoon
>>> towns = [City(f"T{i}", (2 * i, 0)) for i in range(11)]
>>> m = Map(Grid("pointy", "odd", 22, 1), cities=towns,
...         rules=Rules(extra={"railroad_tycoon": {"colours": {c.name: "red" for c in towns}}}))
>>> [w] = fit_issues(m, RailroadTycoon())
>>> w.code, w.message[:100]
('W215', 'the board is too small for railroad-tycoon: it has 11 cities with goods at set-up, fewer than the 12')
"""

from __future__ import annotations

from ....diagnostics import Issue, issue
from .mapdata import KEY, compiled

__all__ = ["fit_issues", "stocked_cities"]


def stocked_cities(m) -> int:
    """The cities of map ``m`` that hold goods at set-up."""
    return sum(1 for c in compiled(m).get(KEY, {}).get("cities", []) if c["goods"] > 0)


def fit_issues(m, rules) -> list[Issue]:
    """W215 when map ``m`` has fewer cities with goods than a game under ``rules`` of some
    number of players needs empty to end (see the module notes)."""
    have = stocked_cities(m)
    for players in range(rules.min_players, rules.max_players + 1):
        need = rules.empty_cities_to_end(players)
        if need > have:
            more = "" if players == rules.max_players else " (or more)"
            return [issue("W215", f"the board is too small for {rules.name}: it has {have} cities with goods at "
                                  f"set-up, fewer than the {need} empty cities that end a game of {players} "
                                  f"players{more}: such a game ends only when every city is empty, and may not "
                                  "end at all", None)]
    return []
