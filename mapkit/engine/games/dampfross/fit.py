"""Whether a board suits a Dampfross-family preset's dice and races (``mapkit validate --rules
paluba|dampfross|expres``: W214, W215; :meth:`~mapkit.engine.family.GameFamily.fit_issues`).

The bundled maps of the published lands (Germany, France with Benelux, the eastern and the
western USA after the Dampfross boards; the whole USA after the Expres board; Dan Zeman's
Czechia) give the measure of a playable board:

* **Too big (W214): the building.** The building phase ends when every city is joined
  (docs/rules.md, The end of the building phase), so it builds at least a network joining all
  the numbered cities (:func:`mapkit.analysis.scale.network_cost`). Counted in one player's
  turns of the preset's dice (two dice: 7 points on average; Expres's one die: 3.5), that
  network takes 12.1 turns on ``usa-east``, 18.0-18.3 on ``france-benelux`` and ``czechia``,
  21.7 on ``germany`` and 23.6 on ``usa-west`` with two dice, and 52.0 on ``usa`` with one die
  (the Expres board). A board needing more than half as much again as the largest of its dice
  (36 turns with two dice, 78 with one) is too big: its building phase alone takes half as
  long again as the longest the published boards give.
* **Too small (W215): the races.** A race between cities under the preset's distance is
  forbidden (the table rule: Expres, 10 in the table or the map's ``min_race_distance``) or
  runs only over a detour of built track (the track rule: Paluba and Dampfross, 6 pieces). On
  the published lands 8-20 % of the drawn races are that short under 6 and 23 % on the Expres
  board under 10 (:func:`mapkit.analysis.scale.short_race_share`); more than a third is too
  small a board for the preset's races.
"""

from __future__ import annotations

from ....diagnostics import Issue, issue

__all__ = ["MEAN_DIE", "TOO_BIG_TURNS", "TOO_SMALL_SHARE", "race_limit", "fit_issues"]

MEAN_DIE = 3.5
# Turns of one player's dice the network joining every city may take: half as much again as
# the largest bundled board for that many dice (usa-west 23.6 with two, usa 52.0 with one).
TOO_BIG_TURNS = {2: 36, 1: 78}
# The share of drawn races under the preset's distance above which a board is too small.
TOO_SMALL_SHARE = 1 / 3


def race_limit(m, options) -> tuple[int, str]:
    """The distance under which a race is forbidden or needs a detour, and how the preset says
    so: ``(6, "track")`` under the Paluba rule, ``(10, "table")`` under Expres's table."""
    from ....analysis.races import min_distance_of

    if options.forbidden == "table":
        return min_distance_of(m, options.min_table_distance), "table"
    return options.min_track, "track"


def fit_issues(m, preset) -> list[Issue]:
    """W214 or W215 when map ``m`` is too big or too small for ``preset`` (a Dampfross-family
    preset class)."""
    from ....analysis.scale import network_cost, short_race_share

    o = preset().options
    out = []
    cost = network_cost(m)
    turns = cost / (MEAN_DIE * o.build_dice)
    limit_turns = TOO_BIG_TURNS[o.build_dice]
    dice = "two dice, 7 points" if o.build_dice == 2 else "one die, 3.5 points"
    if turns > limit_turns:
        out.append(issue("W214", f"the board is too big for {preset.name}: a network joining every city costs "
                                 f"{cost} build points, {turns:.1f} turns of one player's roll ({dice} on average), "
                                 f"more than {limit_turns} (the largest published board takes "
                                 f"{limit_turns / 1.5:.0f}): the building phase, which ends when every city is "
                                 f"joined, takes half as long again", None))
    limit, rule = race_limit(m, o)
    share = short_race_share(m, limit)
    if share is not None and share > TOO_SMALL_SHARE:
        what = (f"which the distance table forbids (under {limit})" if rule == "table"
                else f"which run only when the track between them takes a detour of {limit} pieces")
        out.append(issue("W215", f"the board is too small for {preset.name}: {share:.0%} of the races drawn join "
                                 f"cities under {limit} steps apart, {what}; more than a third (the published boards: "
                                 f"at most a fifth under 6, a quarter under 10)", None))
    return out
