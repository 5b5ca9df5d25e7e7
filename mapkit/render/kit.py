"""The rules a printed kit follows: one preset of the engine, said in the words of the sheets.

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

__all__ = ["KitRules", "KIT_PRESETS", "PRESET_TITLES", "map_preset"]

# The presets a paper kit is made for, and how the sheets name them.
KIT_PRESETS = ("paluba", "dampfross", "expres")
PRESET_TITLES = {"paluba": "Paluba competition rules", "dampfross": "Dampfross", "expres": "Expres"}


def map_preset(m) -> str | None:
    """The preset the map is meant for (``rules.preset``), or None."""
    preset = (m.rules.extra or {}).get("preset")
    return str(preset) if preset else None


@dataclass(frozen=True)
class KitRules:
    """The rules of one kit. ``limit``: the forbidden-race threshold of ``rule`` (steps in the
    distance table for ``"table"``, pieces of built track for ``"track"``)."""

    preset: str
    title: str
    options: object          # the preset's options (mapkit.engine.Options)
    rule: str                # "table" or "track"
    limit: int
    races: int

    @classmethod
    def of(cls, m, preset: str, min_distance: int | None = None, races: int | None = None) -> KitRules:
        """The kit of ``preset`` for map ``m``. ``min_distance`` overrides the threshold of the
        preset's rule, ``races`` the number of races (the preset's, else 9)."""
        from ..analysis.races import min_distance_of
        from ..engine import make_rules

        o = make_rules(preset).options
        if min_distance is not None:
            limit = int(min_distance)
        elif o.forbidden == "table":
            limit = o.min_table_distance if o.min_table_distance is not None else min_distance_of(m)
        else:
            limit = o.min_track
        n = races if races is not None else (o.races if o.races is not None else 9)
        return cls(preset, PRESET_TITLES.get(preset, preset), o, o.forbidden, limit, n)

    # -- figures ---------------------------------------------------------------------------------
    @property
    def start_money(self) -> int:
        return self.options.start_money

    def verdict(self, distance: int | None) -> str:
        """``"yes"``, ``"no"`` or ``"track"``: see :func:`mapkit.analysis.races.race_verdict`."""
        from ..analysis.races import race_verdict

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
        from ..analysis.races import number_distances

        city_of = {n: c.name for c in m.cities for n in c.numbers}
        rows = []
        for (a, b), d in sorted(number_distances(m, table).items()):
            verdict = self.verdict(d)
            first, second = self.prize(d) if verdict != "yes" else (None, None)
            rows.append((a, b, city_of.get(a, ""), city_of.get(b, ""), d, verdict, first, second))
        return rows

    # -- sentences -------------------------------------------------------------------------------
    def start_text(self) -> str:
        return f"Every account starts at {self.start_money}; no account may go below 0."

    def building_text(self) -> str:
        o = self.options
        dice = "two dice" if o.build_dice == 2 else "one die"
        who = ("the round's roller throws " + dice + " for everybody" if o.build_roll == "shared"
               else "every player throws " + dice + " for himself")
        return f"Build phase: {who}; the first track into a city without railway gets +{o.city_bonus}."

    def fees_text(self) -> str:
        o = self.options
        if o.fees == "expres":
            parallel = "parallel track 4 per shared piece"
        else:
            parallel = "parallel track 2 per half piece outside a city (4 between two plain hexes, 2 into a city)"
        return (f"Fees to the owner: joining or crossing a track {o.join_fee} (never in a city), "
                f"{parallel}.")

    def forbidden_text(self) -> str:
        if self.rule == "table":
            return (f"A race under {self.limit} in the distance table is not held: "
                    f"draw the target again.")
        return (f"A race is run only when the shortest built track between start and target is "
                f"at least {self.limit} pieces; else draw the target again.")

    def prize_text(self) -> str:
        o = self.options
        if o.prizes == "table":
            first = "Prize: the winner 2×, the second 1× the table distance"
        else:
            first = f"Prize: the winner {o.prize_first}, the second {o.prize_second}"
        finish = ("the first train to arrive wins at once" if o.finish == "first"
                  else "arrivals are judged at the end of the round (more points left wins)")
        return f"{first}; {finish}."

    def fares_text(self) -> str:
        return (f"Fares: {self.options.fare} per piece of another player's track on the route, "
                f"paid before the race.")

    def post_race_text(self) -> str:
        mode = self.options.post_race
        if mode == "income" and self.options.budget_counts_fees:
            return ("After a race: build from this race's income only (prize and fares received, and "
                    "the joining fees paid to you by those who built before you).")
        return {
            "income": "After a race: build from this race's income only (prize and fares received).",
            "account": "After a race: build from the account, any amount.",
            "tenth": "After every second race: build for a tenth of the account (5 under 50).",
            "none": "No building after the races.",
        }[mode]

    def races_text(self) -> str:
        agreed = " (the players agree the number beforehand)" if self.preset == "expres" else ""
        return f"The game ends after {self.races} races{agreed}; the highest account wins."

    def summary(self) -> list[str]:
        """Every rule of the kit, one sentence each (the score sheet prints them all)."""
        return [self.start_text(), self.building_text(), self.fees_text(), self.races_text(),
                self.forbidden_text(), self.prize_text(), self.fares_text(), self.post_race_text()]
