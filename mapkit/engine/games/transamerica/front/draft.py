"""What a map drafted for TransAmerica needs (``mapkit design --rules transamerica``;
:mod:`mapkit.geo.draft` asks it through the family's hooks).

- :func:`settings`: 35 towns (one for each city card) of 2000 people or more, no towns
  abroad, a draft first made at 300 home hexes.
- :func:`with_rules`: the 35 city cards in five colours (:func:`.deck.city_cards`), towns of
  the country beyond the map's cities filling the deck where the map has fewer.
- :func:`sized`: the hex size. The 84 pieces are shared by all and a game should last several
  rounds (docs/rules.md, TransAmerica): on the bundled USA board (707 junctions) four bots end
  every game in its first round, on Czechia (463 home hexes) after 2.2 rounds. What decides is
  how many pieces a hand of five cards takes to join (:func:`..fit.mean_hand`), so the hexes
  are scaled until it is about :data:`HAND_PIECES` (:func:`mapkit.geo.draft.scaled_hex_km`);
  where the land no longer holds 35 card cities two steps apart, the search ends at about the
  largest hexes that still hold them, and the notes say so.
"""

from __future__ import annotations

import dataclasses

from mapkit.geo.draft import Draft, DraftSettings

__all__ = ["settings", "with_rules", "sized", "HAND_PIECES", "LAND_HEXES"]

# The pieces a hand of one card of each colour takes to join, aimed at (the published box's 84
# hold about 2.8 such hands), and the home hexes of the first draft.
HAND_PIECES = 30
LAND_HEXES = 300


def settings(preset: str) -> DraftSettings:
    """The draft's settings (see the module notes)."""
    return DraftSettings(land_hexes=LAND_HEXES, cities=35, min_population=2000, abroad_cities=0)


def with_rules(m, draft: Draft):
    """Map ``m`` with its deck of city cards."""
    from .deck import city_cards

    block = city_cards(m, _card_places(draft.spec))
    m = m.replace(rules=dataclasses.replace(m.rules, extra={**m.rules.extra, "city_cards": block}))
    added = sum(1 for v in block.values() for c in v["cities"] if isinstance(c, dict))
    draft.notes.append(f"35 city cards in five colours ({added} of them towns beyond the map's cities)")
    return m


def _card_places(spec):
    """The home towns (agglomerations, largest first) a deck may add cities from."""
    from mapkit.geo.agglomerate import agglomerate

    if spec.places:
        return agglomerate(spec.places)
    if not spec.bundled or not spec.home:
        return []
    from mapkit.geo.sources import find_country, places

    isos = [find_country(c).iso2 for c in spec.home]
    return [a for a in agglomerate(places(isos, 1000)) if a.population >= 5000]


def sized(draft: Draft):
    """The draft at the scale where a hand of five cities takes about :data:`HAND_PIECES`
    pieces: made at the land-hex target first, then rescaled (see the module notes)."""
    from mapkit.errors import InputError, InvalidError
    from mapkit.geo.draft import scaled_hex_km

    from ..fit import mean_hand
    from ..presets import TransAmerica

    def made(s):
        m, said = draft.make(s)
        hand = mean_hand(m, TransAmerica())
        if hand is None:
            raise InputError("some hand of city cards cannot be joined")
        return m, said, hand

    first = made(draft.spec)
    tried = {first[0].meta["geo"]["hex_km"]: first}
    failed: list = []

    def measure(hex_km):
        try:
            tried[hex_km] = made(dataclasses.replace(draft.spec, hex_km=hex_km, land_hexes=None))
        except (InputError, InvalidError):
            # at this size the towns no longer fit 35 card cities two steps apart
            failed.append(hex_km)
            return None
        return tried[hex_km][2]

    m, said, hand = tried[scaled_hex_km((first[0].meta["geo"]["hex_km"], first[2]), measure, HAND_PIECES)]
    draft.notes += said
    draft.notes.append(f"a hand of five card cities takes {hand:.1f} pieces on average to join (aim: {HAND_PIECES})")
    if hand > 1.15 * HAND_PIECES and failed:
        draft.notes.append(f"larger hexes would shorten the hands, but at {min(failed):g} km the land no longer "
                           "holds 35 card cities two steps apart (a long or broken country; --hex-km sets the "
                           "size by hand)")
    return m
