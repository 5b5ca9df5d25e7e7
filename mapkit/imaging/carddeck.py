"""The deck of city cards of an imported TransAmerica board (:func:`card_deck`): the map's
``rules.city_cards`` block from the card cities read (:mod:`mapkit.imaging.cardrings`), each
named as the picture names it (docs/map-format.md; the block's rules:
``mapkit.engine.games.transamerica.cards``).

The board shows each card city's colour but not which two cards of each colour are set aside
with two or three players (the published cards underline them; ``mapkit sheets`` prints the
line on the cards, not on the board). The deck needs two of each colour: the first two of the
colour in reading order (row by row, left to right) are taken, and a warning says so.

>>> deck, warnings = card_deck({"Brno": "red", "Aš": "red", "Cheb": "red", "Ostrava": "blue"},
...                            {"Brno": (0, 1), "Aš": (3, 0), "Cheb": (1, 1), "Ostrava": (2, 2)})
>>> deck["red"]
{'cities': ['Aš', 'Brno', 'Cheb'], 'removed': ['Aš', 'Brno']}
>>> deck["blue"]
{'cities': ['Ostrava'], 'removed': ['Ostrava']}
>>> warnings[1]
'city cards: 3 red and 1 blue read, where a deck has 7 of each of 5 colours; check the overlay'
"""

from __future__ import annotations

from .cardrings import CARD_COLOURS

__all__ = ["card_deck", "PER_COLOUR", "REMOVED_PER_COLOUR"]

# A deck: five colours of seven cards, two of each set aside with two or three players
# (docs/rules.md, TransAmerica).
PER_COLOUR = 7
REMOVED_PER_COLOUR = 2


def card_deck(colours: dict, hexes: dict) -> tuple[dict, list[str]]:
    """``(block, warnings)``: the ``rules.city_cards`` block of cities ``colours`` (name ->
    colour) at ``hexes`` (name -> (column, row)), colours in the published order."""
    block = {}
    for colour in CARD_COLOURS:
        names = sorted((n for n, c in colours.items() if c == colour), key=lambda n: (hexes[n][1], hexes[n][0]))
        if names:
            block[colour] = {"cities": names, "removed": names[:REMOVED_PER_COLOUR]}
    warnings = [f"city cards: the board does not show which cards are set aside with 2 or 3 players; the "
                f"first {REMOVED_PER_COLOUR} of each colour (row by row) are marked removed: correct "
                f"rules.city_cards from your cards"]
    counts = {c: len(v["cities"]) for c, v in block.items()}
    if len(counts) != len(CARD_COLOURS) or set(counts.values()) != {PER_COLOUR}:
        read = " and ".join(f"{n} {c}" for c, n in counts.items()) or "none"
        warnings.append(f"city cards: {read} read, where a deck has {PER_COLOUR} of each of "
                        f"{len(CARD_COLOURS)} colours; check the overlay")
    return block, warnings
