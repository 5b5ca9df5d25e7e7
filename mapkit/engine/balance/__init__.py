"""``mapkit balance``: a map made fairer by simulation (docs/play.md, "Balancing a map").

A map is fair when no playing position and no start city wins more than its share of games.
This package measures how far a map is from that in simulated games and searches for small
changes that bring it nearer, within what the designer pins:

* :mod:`.measure` -- the unfairness of a map's games (win shares by position and start city,
  each gap to the fair share corrected for the games' own noise), and whether one map's
  games are fairer than another's beyond that noise (a paired bootstrap over the same games);
* :mod:`.changes` -- what a change is, the designer's pins, the checks every candidate map
  passes (it validates with no new warning; no region grows wider than the input's widest);
  the game families propose the changes themselves
  (:meth:`~mapkit.engine.family.GameFamily.balance_changes`: the Dampfross family moves race
  numbers and chooses start cities, TransAmerica deals its city cards anew);
* :mod:`.search` -- the seeded hill climb: a budget of candidate maps, each played on the same
  games as the current map, kept when fairer beyond the noise, and the result checked on
  other games;
* :mod:`.report` -- the before/after report, as JSON data and as text.

A worked example: on a board with a rich west (Aš, six numbers) and a poor east, two random
bots, four games a map and two candidates (real runs play hundreds of games a map)::

    >>> from mapkit.grid import Grid, parse_hex as H
    >>> from mapkit.model import Map, City
    >>> from mapkit.engine.simulate import runner
    >>> m = Map(Grid("pointy", "odd", 9, 3), cities=[City("Aš", H("A1"), (11, 12, 13, 14, 15, 16)),
    ...     City("Cheb", H("I3"), (21, 22, 23, 24, 25, 26)), City("Brno", H("E2"), (31, 32, 33))],
    ...     meta={"name": "Tiny"})
    >>> plan = Plan("paluba", {"races": 2}, ("random", "random"), seed=3, games=4, rounds=2)
    >>> with runner() as play:
    ...     out = balance(m, plan, play)
    >>> out.map.rules.start_cities
    ['Aš', 'Brno']
    >>> text = format_balance(balance_report(out, plan, "new.yaml")).splitlines()
    >>> for line in text[:6]:
    ...     print(line)
    Balancing Tiny: paluba rules (races=2), 2 players (random, random), 4 games a map, seed 3
    Search on the games of seed 3: 2 changes tried, 1 kept
      (unfairness in points of win share; a change is kept when it falls by at least 2 times the noise of the fall)
       1. kept      Cheb is no longer a start city: 61.2 -> 0.0 (noise 17.1)
                    position 2's win share 100.0% -> 50.0%
       2. not kept  start city Aš replaced by Cheb: 0.0 -> 0.0 (noise 19.9)

With so few games the check on other games (seed 4) confirms nothing, and the report says so::

    >>> for line in text[6:8]:
    ...     print(line)
    Check on 4 other games (seed 4), input map -> balanced map:
      unfairness 0.0 -> 0.0 points (noise 28.0): no fall beyond the noise
"""

from __future__ import annotations

from .changes import Change, Context, Pins
from .measure import Comparison, Measure, compare, measure
from .report import balance_report, format_balance
from .search import NothingToChange, Outcome, Plan, Step, balance

__all__ = ["Pins", "Context", "Change", "Measure", "Comparison", "measure", "compare", "Plan", "Step", "Outcome",
           "NothingToChange", "balance", "balance_report", "format_balance"]
