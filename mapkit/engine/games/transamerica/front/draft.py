"""What a map drafted for TransAmerica needs (``mapkit design --rules transamerica``;
:mod:`mapkit.geo.draft` asks it through the family's hooks).

- :func:`settings`: 35 towns (one for each city card) of 2000 people or more, no towns
  abroad, a draft first made at 300 home hexes.
- :func:`with_rules`: the 35 city cards in five colours (:func:`.deck.city_cards`), towns of
  the country beyond the map's cities filling the deck where the map has fewer.
- :func:`sized`: the hex size and the double lines. The 84 pieces are shared by all and a game
  should last several rounds (docs/rules.md, TransAmerica): on the bundled USA board (707
  junctions) four bots end every game in its first round, on Czechia (463 home hexes) after 2.2
  rounds. First the hexes are scaled until a hand of five cards takes about
  :data:`HAND_PIECES` pieces to join (:func:`..fit.mean_hand`, with
  :func:`mapkit.geo.draft.scaled_hex_km`). The hand alone does not say how long a game lasts:
  a long country's hands vary more, and its losers lose more (Austria at a hand of 34.1 played
  2.2 rounds, Czechia at 31.9 played 3.4). So four greedy bots then play
  :data:`ROUND_GAMES` seeded games (:func:`played_rounds`), and while they play under
  :data:`ROUNDS_LOW` rounds a game the draft is made again, at most :data:`ROUND_TRIES` times,
  and kept when its games last longer: first (up to :data:`THIN_TRIES` times) with fewer
  double lines, where its mountains come from the relief and the user set no
  ``--mountain-threshold`` (the threshold :data:`THINNER` times higher: mountain hexes make
  every piece into or out of them double, and a mountainous country's hands are mostly double
  lines), then with hexes scaled until the hand is smaller by the rounds' shortfall. Where the
  land no longer holds 35 card cities two steps apart, the hexes stop at about the largest
  that still hold them, and the notes say so.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from mapkit.geo.draft import Draft, DraftSettings

__all__ = ["settings", "with_rules", "sized", "played_rounds", "HAND_PIECES", "LAND_HEXES", "ROUNDS_AIM",
           "ROUNDS_LOW", "ROUND_GAMES", "ROUND_SEED", "ROUND_TRIES", "THINNER",
           "THIN_TRIES"]

# The pieces a hand of one card of each colour takes to join, aimed at first (the published
# box's 84 hold about 2.8 such hands), and the home hexes of the first draft.
HAND_PIECES = 30
LAND_HEXES = 300
# The rounds a game of four greedy bots aimed at (on the drafts of Czechia and the USA whose
# hands take 23 to 36 pieces they play 2.7 to 3.7: the table in ..fit), the least kept without
# another try, and the games that measure it (seeded: a draft is the same on every run).
ROUNDS_AIM = 3.0
ROUNDS_LOW = 2.8
ROUND_GAMES = 40
ROUND_SEED = 1
ROUND_TRIES = 5
# How much higher each try sets the relief threshold of a mountain (fewer double lines), and
# how many of the tries may thin them (the others scale the hexes).
THINNER = 1.5
THIN_TRIES = 3


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
    """The draft at the scale, and with the double lines, where four greedy bots play about
    :data:`ROUNDS_AIM` rounds a game (see the module notes)."""
    sizes = _Sizes(draft)
    best = first = sizes.nearest(sizes.made(draft.spec), HAND_PIECES, within=0.15)
    best.rounds = played_rounds(best.map)
    thinned, last_thinned = 0, best
    for _ in range(ROUND_TRIES):
        if best.rounds >= ROUNDS_LOW:
            break
        thinner = _thinner(draft.spec, last_thinned) if thinned < THIN_TRIES else None
        if thinner is not None:
            thinned += 1
            tried = last_thinned = sizes.made(thinner)
        else:
            tried = sizes.nearest(best, best.hand * best.rounds / ROUNDS_AIM, within=0.05)
            if tried is best:
                break                       # no larger hexes hold the cards
        tried.rounds = played_rounds(tried.map)
        if tried.rounds > best.rounds:
            best = tried
        elif thinner is None:
            break
    draft.notes += best.said
    draft.notes.append(f"a hand of five card cities takes {best.hand:.1f} pieces on average to join; four greedy "
                       f"bots play {best.rounds:.2f} rounds a game ({ROUND_GAMES} games, seed {ROUND_SEED}; aim: "
                       f"{ROUNDS_AIM:g})")
    if best is not first:
        draft.notes.append(_what_changed(first, best))
    if best.rounds < ROUNDS_LOW and sizes.failed:
        draft.notes.append(f"larger hexes would lengthen the game, but at {min(sizes.failed):g} km the land no longer "
                           "holds 35 card cities two steps apart (a long or broken country; --hex-km sets the "
                           "size by hand)")
    return best.map


@dataclass
class _Made:
    """One board tried: the map, the notes said making it, the spec it was made from, its mean
    hand (:func:`..fit.mean_hand`) and the rounds the bots played on it (once measured)."""

    map: Any
    said: list
    spec: Any
    hand: float
    rounds: float = 0.0

    @property
    def hex_km(self) -> float:
        return self.map.meta["geo"]["hex_km"]

    def mountains(self) -> int:
        return sum(1 for t in self.map.terrain.values() if t == "mountain")


class _Sizes:
    """The boards of one draft tried at several sizes; :attr:`failed`: the sizes whose land no
    longer held 35 card cities two steps apart."""

    def __init__(self, draft: Draft):
        self.draft = draft
        self.failed: list[float] = []

    def made(self, spec) -> _Made:
        from mapkit.errors import InputError

        from ..fit import mean_hand
        from ..presets import TransAmerica

        m, said = self.draft.make(spec)
        hand = mean_hand(m, TransAmerica())
        if hand is None:
            raise InputError("some hand of city cards cannot be joined")
        return _Made(m, said, dataclasses.replace(spec, hex_km=m.meta["geo"]["hex_km"], land_hexes=None), hand)

    def nearest(self, start: _Made, aim: float, within: float) -> _Made:
        """The board whose hand comes nearest to ``aim`` from ``start`` (``start`` itself when
        no other size comes nearer)."""
        from mapkit.errors import InputError, InvalidError
        from mapkit.geo.draft import scaled_hex_km

        tried = {start.hex_km: start}

        def measure(hex_km):
            try:
                tried[hex_km] = self.made(dataclasses.replace(start.spec, hex_km=hex_km))
            except (InputError, InvalidError):
                # at this size the towns no longer fit 35 card cities two steps apart
                self.failed.append(hex_km)
                return None
            return tried[hex_km].hand

        return tried[scaled_hex_km((start.hex_km, start.hand), measure, aim, within=within)]


def _thinner(asked, board: _Made):
    """The spec of ``board`` with fewer mountains (:data:`THINNER` times the relief threshold),
    or None where the user set the threshold, the mountains do not come from the relief, or
    the board has none left."""
    from mapkit.geo.designterrain import MOUNTAIN_THRESHOLD

    spec = board.spec
    if asked.mountain_threshold is not None or spec.mountains != "relief" or not spec.bundled:
        return None
    if not board.mountains():
        return None
    threshold = spec.mountain_threshold if spec.mountain_threshold is not None else MOUNTAIN_THRESHOLD
    return dataclasses.replace(spec, mountain_threshold=round(threshold * THINNER, 1))


def _what_changed(first: _Made, best: _Made) -> str:
    """The note saying how the kept board differs from the first one sized by the hand."""
    parts = []
    if best.hex_km != first.hex_km:
        parts.append(f"hexes of {best.hex_km:g} km instead of {first.hex_km:g}")
    if best.spec.mountain_threshold != first.spec.mountain_threshold:
        parts.append(f"{best.mountains()} mountain hexes instead of {first.mountains()} (relief roughness "
                     f"{best.spec.mountain_threshold:g} and up; --mountain-threshold keeps them)")
    return (f"{' and '.join(parts)}: on the board sized by the hand alone four greedy bots played "
            f"{first.rounds:.2f} rounds a game")


def played_rounds(m, games: int = ROUND_GAMES, seed: int = ROUND_SEED) -> float:
    """The mean rounds of ``games`` seeded TransAmerica games of four greedy bots on map ``m``
    (in this process: the same figure however the draft is run)."""
    from mapkit.engine.compiled import EngineMap
    from mapkit.engine.simulate import SimSpec, simulate

    spec = SimSpec(EngineMap.from_map(m).to_json(), "transamerica", {}, ("greedy",) * 4, seed)
    stats = simulate(spec, games)
    return sum(s["rounds"] for s in stats) / len(stats)
