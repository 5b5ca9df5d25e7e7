"""Whether a board suits TransAmerica's pieces (``mapkit validate --rules transamerica``: W214,
W215; :meth:`~mapkit.engine.family.GameFamily.fit_issues`).

**The measure.** A round is a race to join one's five cities, one card of each colour, with
pieces from one box for everybody (84 in the published game; docs/rules.md, TransAmerica).
:func:`mean_hand` is the mean, over every hand of one card of each colour (7^5 = 16,807 hands of
the 35 cards), of the pieces that join the hand: the cheapest tree through the cards' cheapest
paths, a double line counting 2 as in the scoring (:func:`mapkit.analysis.scale.hand_network_mean`),
on the board as the preset's rules lay track (:meth:`~.rules.TransAmericaRules.piece_size`).

**The thresholds**, from bots' games (``mapkit simulate --rules transamerica``, 16 games a
board, seed 7) on the bundled ``czechia`` and ``usa`` and on drafts of Czechia and the USA with
hexes of 8 to 500 km, each given 35 city cards by the bundled maps' deck maker
(``scripts/make_maps.py``, :mod:`.front.deck`):

===========  ==========  ===================================  ===================================
board        mean hand   6 players: rounds a game, pieces a   4 players
                         round, rounds ended by the pieces
===========  ==========  ===================================  ===================================
usa          63.2        1.0, 84, 100 %                       1.1, 83, 89 %
czechia      45.5        1.8, 83, 76 %                        2.3, 75, 11 %
CZ 14 km     45.3        2.0, 80, 44 %                        2.4, 70, 0 %
USA 170 km   36.1        2.4, 64, 0 %                         2.7, 55, 0 %
CZ 20 km     31.9        3.1, 58, 0 %                         3.4, 47, 0 %
CZ 28 km     22.8        3.5, 39, 0 %                         3.7, 34, 0 %
USA 350 km   15.8        3.8, 31, 0 %                         3.9, 27, 0 %
USA 500 km   12.7        4.3, 21, 0 %                         4.9, 19, 0 %
===========  ==========  ===================================  ===================================

* **Too big (W214)**: on the boards where no round ran out, a six-player round laid 1.66 to
  2.02 pieces for each piece of the mean hand, so above ``pieces / 2.1`` (40 of 84) the box
  runs out before anybody has joined his cities, which the rules call the extreme end of a
  round (between the 36.1 of USA 170 km, no round out of pieces, and the 45.3 of CZ 14 km,
  44 % of the rounds).
* **Too small (W215)**: under ``pieces / 6`` (14 of 84: one player's share of the box at six),
  even six players use under a third of the box in a round, and a round costs each player
  about 2 points, the rate at which the rules' barrier (after round 2, a leader with 4 or less
  lost) cuts a game short.

A preset without a limit of pieces (Mission TransAmerica) is not judged.
"""

from __future__ import annotations

from ....diagnostics import Issue, issue
from .cards import read_cards, track_edges

__all__ = ["TOO_BIG", "TOO_SMALL", "mean_hand", "fit_issues"]

# The mean hand's limits as fractions of the box of pieces (see the module notes).
TOO_BIG = 1 / 2.1
TOO_SMALL = 1 / 6


class _Lines:
    """The map's track lines as :meth:`TransAmericaRules.piece_size` reads an engine board:
    ``edge_ends`` (hex ids), ``edge_river``, ``mountain`` (per hex id)."""

    def __init__(self, m):
        rows = track_edges(m)
        self.hexes = sorted(rows)
        self.id = {h: i for i, h in enumerate(self.hexes)}
        self.mountain = [m.terrain_at(h) == "mountain" for h in self.hexes]
        rivers = m.edge_set("rivers")
        self.edge_ends = sorted({(self.id[a], self.id[b]) for a in rows for b in rows[a] if self.id[a] < self.id[b]})
        self.edge_river = [(min(self.hexes[a], self.hexes[b]), max(self.hexes[a], self.hexes[b])) in rivers
                           for a, b in self.edge_ends]


def mean_hand(m, rules) -> float | None:
    """The mean pieces that join a hand of one card of each colour on map ``m`` under
    ``rules`` (a TransAmerica preset), or None when the map has no cards or some hand cannot
    be joined."""
    from ....analysis.scale import hand_network_mean

    cards, _ = read_cards(m)
    lines = _Lines(m)
    if not cards or any(c.hex not in lines.id for c in cards):
        return None
    adjacency: list[list[tuple[int, int]]] = [[] for _ in lines.hexes]
    for eid, (a, b) in enumerate(lines.edge_ends):
        size = rules.piece_size(lines, eid)
        adjacency[a].append((b, size))
        adjacency[b].append((a, size))
    colours = list(dict.fromkeys(c.colour for c in cards))
    groups = [[lines.id[c.hex] for c in cards if c.colour == col] for col in colours]
    return hand_network_mean([tuple(row) for row in adjacency], groups)


def fit_issues(m, preset) -> list[Issue]:
    """W214 or W215 when map ``m`` is too big or too small for ``preset`` (a
    :class:`~.rules.TransAmericaRules` class)."""
    rules = preset()
    pieces = rules.pieces_per_round()
    hand = mean_hand(m, rules) if pieces else None
    if hand is None:
        return []
    what = (f"a hand of one city of each colour takes {hand:.1f} pieces on average to join (the cheapest "
            f"tree through the cities' cheapest paths, a double line counting 2)")
    if hand > TOO_BIG * pieces:
        return [issue("W214", f"the board is too big for {preset.name}: {what}, more than {TOO_BIG * pieces:.0f} "
                              f"({pieces} pieces / 2.1): six players lay about twice that in a round, so the {pieces} "
                              f"pieces run out before anybody has joined his cities", None)]
    if hand < TOO_SMALL * pieces:
        return [issue("W215", f"the board is too small for {preset.name}: {what}, less than {TOO_SMALL * pieces:.0f} "
                              f"({pieces} pieces / 6 players): a round uses a fraction of the pieces and costs "
                              f"each player about 2 points, the rate at which the barrier rule cuts a game short",
                      None)]
    return []
