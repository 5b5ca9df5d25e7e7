"""A draft made for one rule set (``mapkit design --rules PRESET``): what is the same for every
game, and the questions it asks the game family that plays the preset.

The geography makes the board (:func:`mapkit.geo.design.design`); what a game needs of it is
its family's own, found by the registry in the family's package (``front/draft.py``, through
:class:`mapkit.engine.family.GameFamily`), so that a new game designs maps without a line
changed here:

- :class:`DraftSettings` (``draft_settings(preset)``): how many home hexes the board has,
  which sets the hex size (``--hex-km`` overrides it), how many towns and from what
  population, how many towns abroad, whether islands may be joined by ferries. A family
  without settings gets the defaults: the Dampfross family's 500 home hexes and 31 towns.
- the rules block (``draft_rules``): the family adds what its games read (the Dampfross
  family's special races and ferries, TransAmerica's city cards, Railroad Tycoon's colours
  and goods) after :meth:`Draft.make` has set what every game reads (the preset, and track
  across the border where a town stands abroad).
- the size (``sized_draft``): a family that measures its board its own way searches the hex
  size itself (TransAmerica, by the pieces a hand of cards takes, with
  :func:`scaled_hex_km`; the Dampfross family under Expres's table, with :func:`refit` and
  an aim of its own: no more races drawn between near cities than on the published board);
  else :func:`refit` makes the draft again with smaller or larger hexes while ``mapkit
  validate --rules PRESET`` finds it too big or too small (W214, W215).

>>> DraftSettings().land_hexes, DraftSettings(land_hexes=750).cities
(500, 31)
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any, NamedTuple

__all__ = ["DraftSettings", "Draft", "designed_for", "refit", "scaled_hex_km", "REFIT_STEP", "REFIT_TRIES"]

# A draft the preset finds too small (W215) or too big (W214) is made again with hexes this
# much smaller or larger, up to REFIT_TRIES times (docs/geography.md, A draft for a rule set).
REFIT_STEP = 0.85
REFIT_TRIES = 3


@dataclass(frozen=True)
class DraftSettings:
    """What a draft for one preset asks of the geography (see the module notes)."""

    land_hexes: int = 500           # home hexes aimed at: the hex size
    cities: int = 31                # towns, largest first, with their suburbs
    min_population: int = 15000     # the smallest town considered (smaller ones fill the count)
    abroad_cities: int = 5          # big towns near the border of that many neighbouring states
    ferries: bool = False           # whether towns on islands may be joined by ferries


@dataclass
class Draft:
    """One draft asked for: the geography's ``spec`` (:class:`mapkit.geo.design.DesignSpec`),
    the ``preset`` it is made for, the ``family`` that plays it, and the ``notes`` said making
    it (what ``mapkit design`` prints)."""

    spec: Any
    preset: str
    family: Any
    notes: list = field(default_factory=list)

    def make(self, spec: Any = None) -> tuple[Any, list[str]]:
        """The map of ``spec`` (default :attr:`spec`) with the preset's rules block, and the
        notes said making it (the draft's own :attr:`notes` are left as they are)."""
        from .design import design

        spec = self.spec if spec is None else spec
        m, said = design(spec)
        one = dataclasses.replace(self, spec=spec, notes=list(said))
        m = self.family.draft_rules(_every_games_rules(m, self.preset), one)
        return m, one.notes


def _every_games_rules(m, preset: str):
    """The rules every game reads: the preset, and with a town abroad, track across the border
    that stops on its first hex (the towns abroad are reached there)."""
    rules = m.rules
    if any("abroad" in c.tags for c in m.cities):
        rules = dataclasses.replace(rules, border_crossing=True, stop_at_border=True)
    return m.replace(rules=dataclasses.replace(rules, extra={**rules.extra, "preset": preset}))


def designed_for(draft: Draft):
    """The map of ``draft``: at the size its spec gives (``hex_km`` or ``columns``), else at the
    size its family searches (``sized_draft``) or :func:`refit` finds; the notes go to
    ``draft.notes``."""
    spec = draft.spec
    if spec.hex_km is None and spec.columns is None:
        m = draft.family.sized_draft(draft)
        return refit(draft) if m is None else m
    m, said = draft.make()
    draft.notes += said
    return m


class _Try(NamedTuple):
    """One size tried by :func:`refit`: the map, the notes said making it, the warnings that
    ask for another size (W214, W215) and, on a board without them, the family's aim: why it
    asks for smaller hexes and how much smaller (``scale``), or None."""

    m: Any
    said: list
    codes: set
    why: str | None = None
    scale: float | None = None

    def next_scale(self) -> float | None:
        """The width of the next try's hexes against these (None: this size fits or the
        warnings pull both ways)."""
        if self.codes:
            return {"W214": 1 / REFIT_STEP, "W215": REFIT_STEP}[min(self.codes)] if len(self.codes) == 1 else None
        return self.scale


def refit(draft: Draft, too_small=None):
    """The draft at its land-hex target; where ``mapkit validate --rules`` calls it too small
    for the preset's races (W215: too many races drawn between near cities, the Netherlands
    under Expres) or too big for its building (W214), made again with hexes :data:`REFIT_STEP`
    as wide or 1 / :data:`REFIT_STEP`; and where a board without either warning is still too
    small by the family's own aim, ``too_small(m)`` (None, or why and the width it asks of the
    hexes against these: the Dampfross family under a distance table, more races drawn between
    near cities than on the published board), made again with hexes that much narrower. Up to
    :data:`REFIT_TRIES` tries, each the same way (never narrower after a W214 or wider after a
    W215); kept is the first size without a warning and within the aim, else the last without
    a warning (nearest the aim: narrower hexes would be too big, W214), else the first draft."""
    from ..errors import InputError, InvalidError

    def made(s) -> _Try:
        m, said = draft.make(s)
        # the family's measure of its board (``mapkit validate --rules``'s W214, W215)
        fam = draft.family
        issues = fam.fit_issues(m, draft.preset) if fam.plays_on(m) else []
        codes = {i.code for i in issues} & {"W214", "W215"}
        aim = too_small(m) if too_small is not None and not codes else None
        return _Try(m, said, codes, *(aim or ()))

    first = now = made(draft.spec)
    kept = None if first.codes else first
    scale = first.next_scale()
    for _ in range(REFIT_TRIES):
        if not scale:
            break
        hex_km = round(now.m.meta["geo"]["hex_km"] * scale, 1)
        if hex_km == now.m.meta["geo"]["hex_km"]:
            break
        try:
            now = made(dataclasses.replace(draft.spec, hex_km=hex_km, land_hexes=None))
        except (InputError, InvalidError):
            break
        wider = scale > 1
        scale = now.next_scale()
        if now.codes and (scale is None or (scale > 1) != wider):
            break                   # turned round (W214 after W215 or the aim): the last kept
        if not now.codes:
            kept = now
            if wider:
                break               # no longer too big: not made narrower again for the aim
    if kept is None or kept is first:
        if first.why:
            draft.notes.append(f"at {first.m.meta['geo']['hex_km']:g} km {first.why}")
        draft.notes += first.said
        return first.m
    first_km, hex_km = first.m.meta["geo"]["hex_km"], kept.m.meta["geo"]["hex_km"]
    why = first.why or f"`mapkit validate --rules {draft.preset}` warns {min(first.codes)}"
    draft.notes.append(f"hexes of {hex_km:g} km instead of {first_km:g} (at {first_km:g} km {why})")
    if kept.why:
        draft.notes.append(f"at {hex_km:g} km {kept.why}")
    draft.notes += kept.said
    return kept.m


def scaled_hex_km(start: tuple[float, float], measure, aim: float, tries: int = 6, within: float = 0.15) -> float:
    """The hex size (km) whose board comes nearest to ``aim`` of a measure that shrinks as the
    hexes grow (TransAmerica: the pieces a hand of cards takes), from ``start`` (the hex size
    and the measure on it): each try scales the hexes by measure / aim; ``measure(hex_km)``
    gives the measure there, or None where the board no longer holds what the rule set needs
    (TransAmerica: 35 card cities two steps apart). A try at or beyond a size that failed goes
    halfway (in ratio) to it instead, so a long thin or broken country ends at about the
    largest hexes that still hold its cards; the search stops when a try comes no nearer to
    the aim, is within ``within`` of it (15 %), or no longer changes the size by 0.1 km.

    >>> hand = lambda km: 600 / km                        # a hand shrinking as the hexes grow
    >>> scaled_hex_km((10.0, 60.0), hand, 30)               # 20 km: a hand of 30
    20.0
    >>> fits = lambda km: 600 / km if km <= 16 else None  # no room for the cards above 16 km
    >>> scaled_hex_km((10.0, 60.0), fits, 30)               # 20 fails, 14.1, 16.8 fails, 15.4, 16.1 fails, 15.7
    15.7
    """
    best_km, best_value = start
    fail = math.inf
    for _ in range(tries):
        if abs(best_value - aim) <= within * aim:
            break
        want = round(best_km * best_value / aim, 1)
        if want >= fail:
            want = round(math.sqrt(best_km * fail), 1)
        if want == best_km or want >= fail:
            break
        value = measure(want)
        if value is None:
            fail = want
            continue
        if abs(value - aim) >= abs(best_value - aim):
            break
        best_km, best_value = want, value
    return best_km
