"""The rules a printed kit of Dampfross, Paluba or Expres follows: one of the family's presets,
said in the words of the sheets (``mapkit sheets``, through :mod:`.sheets`, and ``mapkit races``,
through the family's ``kit_rules`` hook).

:class:`KitRules` reads a preset's options (:func:`mapkit.engine.make_rules`) and the map, and
gives every sheet the same figures and sentences: start money, building, fees, the number of
races, the forbidden-race rule and its threshold, the prizes, the building after a race. The
race and distance sheets ask it how to judge a race (:meth:`KitRules.verdict`) and what it
pays (:meth:`KitRules.prize`), so a Paluba kit and an Expres kit differ wherever the rules do.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> m = Map(Grid("pointy", "odd", 12, 1), cities=[City("Aš", H("A1"), (11,)), City("Most", H("L1"), (12,))])
>>> paluba, expres = KitRules.of(m, "paluba"), KitRules.of(m, "expres")
>>> paluba.start_money, paluba.prize(11), paluba.verdict(5), paluba.limit
(20, (20, 10), 'track', 6)
>>> expres.start_money, expres.prize(11), expres.verdict(5), expres.limit
(6, (22, 11), 'yes', 10)
>>> print(expres.forbidden_text())
A race under 10 in the distance table is not held: draw the target again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mapkit.i18n import N_, _, translate

if TYPE_CHECKING:
    from ..options import Options

__all__ = ["KitRules", "PRESET_TITLES", "kit_rules"]

# How the sheets name the presets a paper kit is made for (the family's ``sheet_presets``).
PRESET_TITLES = {"paluba": N_("Paluba competition rules"), "dampfross": "Dampfross", "expres": "Expres"}


@dataclass(frozen=True)
class KitRules:
    """The rules of one kit. ``limit``: the forbidden-race threshold of ``rule`` (steps in the
    distance table for ``"table"``, pieces of built track for ``"track"``)."""

    preset: str
    title: str
    options: Options         # the preset's options
    rule: str                # "table" or "track"
    limit: int
    races: int

    @classmethod
    def of(cls, m, preset: str, min_distance: int | None = None, races: int | None = None) -> KitRules:
        """The kit of ``preset`` for map ``m``. ``min_distance`` overrides the threshold of the
        preset's rule, ``races`` the number of races (the preset's, else 9)."""
        from mapkit.analysis.races import min_distance_of
        from mapkit.engine import make_rules

        o = make_rules(preset).options
        if min_distance is not None:
            limit = int(min_distance)
        elif o.forbidden == "table":
            limit = o.min_table_distance if o.min_table_distance is not None else min_distance_of(m)
        else:
            limit = o.min_track
        n = races if races is not None else (o.races if o.races is not None else 9)
        return cls(preset, PRESET_TITLES.get(preset, preset), o, o.forbidden, limit, n)

    @property
    def name(self) -> str:
        """The rules' printed name, in the current language (``title`` is the English one)."""
        return translate(self.title)

    # -- figures ---------------------------------------------------------------------------------
    @property
    def start_money(self) -> int:
        return self.options.start_money

    def verdict(self, distance: int | None) -> str:
        """``"yes"``, ``"no"`` or ``"track"``: see :func:`mapkit.analysis.races.race_verdict`."""
        from mapkit.analysis.races import race_verdict

        return race_verdict(distance, self.rule, self.limit)

    def prize(self, distance: int | None) -> tuple[int | None, int | None]:
        """``(winner, second)`` of a race between cities ``distance`` steps apart (None, None
        when there is no way between them)."""
        if distance is None:
            return None, None
        o = self.options
        if o.prizes == "table":
            return 2 * distance, distance
        return o.prize_first, o.prize_second

    def race_rows(self, m, table) -> list[tuple]:
        """Every race by number, as the kit prints it (``races.csv``, ``mapkit races``):
        ``(a, b, city a, city b, distance, verdict, first prize, second prize)`` for every pair
        ``a < b``; the distance None when there is no way, the prizes None when never run."""
        from mapkit.analysis.races import number_distances

        city_of = {n: c.name for c in m.cities for n in c.numbers}
        rows = []
        for (a, b), d in sorted(number_distances(m, table).items()):
            verdict = self.verdict(d)
            first, second = self.prize(d) if verdict != "yes" else (None, None)
            rows.append((a, b, city_of.get(a, ""), city_of.get(b, ""), d, verdict, first, second))
        return rows

    # -- sentences -------------------------------------------------------------------------------
    def start_text(self) -> str:
        return _("Every account starts at {money}; no account may go below 0.").format(money=self.start_money)

    def building_text(self) -> str:
        o = self.options
        if o.build_roll == "shared":
            who = (_("the round's roller throws two dice for everybody") if o.build_dice == 2
                   else _("the round's roller throws one die for everybody"))
        else:
            who = (_("every player throws two dice for himself") if o.build_dice == 2
                   else _("every player throws one die for himself"))
        return _("Build phase: {who}; the first track into a city without railway gets +{bonus}.").format(
            who=who, bonus=o.city_bonus)

    def fees_text(self) -> str:
        o = self.options
        if o.fees == "expres":
            parallel = _("parallel track 4 per shared piece")
        else:
            parallel = _("parallel track 2 per half piece outside a city (4 between two plain hexes, 2 into a city)")
        return _("Fees to the owner: joining or crossing a track {fee} (never in a city), {parallel}.").format(
            fee=o.join_fee, parallel=parallel)

    def forbidden_text(self) -> str:
        if self.rule == "table":
            return _("A race under {limit} in the distance table is not held: draw the target again.").format(
                limit=self.limit)
        return _("A race is run only when the shortest built track between start and target is at least "
                 "{limit} pieces; else draw the target again.").format(limit=self.limit)

    def prize_text(self) -> str:
        o = self.options
        if o.prizes == "table":
            first = _("Prize: the winner 2×, the second 1× the table distance")
        else:
            first = _("Prize: the winner {first}, the second {second}").format(first=o.prize_first,
                                                                                second=o.prize_second)
        finish = (_("the first train to arrive wins at once") if o.finish == "first"
                  else _("arrivals are judged at the end of the round (more points left wins)"))
        return f"{first}; {finish}."

    def fares_text(self) -> str:
        return _("Fares: {fare} per piece of another player's track on the route, paid before the race.").format(
            fare=self.options.fare)

    def post_race_text(self) -> str:
        mode = self.options.post_race
        if mode == "income" and self.options.budget_counts_fees:
            return _("After a race: build from this race's income only (prize and fares received, and "
                     "the joining fees paid to you by those who built before you).")
        return {
            "income": _("After a race: build from this race's income only (prize and fares received)."),
            "account": _("After a race: build from the account, any amount."),
            "tenth": _("After every second race: build for a tenth of the account (5 under 50)."),
            "none": _("No building after the races."),
        }[mode]

    def races_text(self) -> str:
        if self.preset == "expres":
            text = _("The game ends after {races} races (the players agree the number beforehand); "
                     "the highest account wins.")
        else:
            text = _("The game ends after {races} races; the highest account wins.")
        return text.format(races=self.races)

    def summary(self) -> list[str]:
        """Every rule of the kit, one sentence each (the score sheet prints them all)."""
        return [self.start_text(), self.building_text(), self.fees_text(), self.races_text(),
                self.forbidden_text(), self.prize_text(), self.fares_text(), self.post_race_text()]


def kit_rules(m, preset: str, min_distance: int | None = None, races: int | None = None) -> KitRules:
    """The kit of ``preset`` for map ``m`` (:meth:`KitRules.of`): the family's ``kit_rules`` hook."""
    return KitRules.of(m, preset, min_distance, races)
