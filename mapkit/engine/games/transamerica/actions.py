"""The actions of the TransAmerica family: JSON objects, one per decision or chance outcome.

Player actions carry ``player`` (the seat, 0-based; filled in with the player to move when left
out); the engine stores them normalized (canonical hex and edge names, city names).

Chance actions (``state.is_chance_node()``):

``{"type": "first", "player": 2}``
    who starts the game (each seat equally likely); the start player card then moves clockwise.
``{"type": "deal", "player": 0, "city": "Denver"}``
    a city card dealt to a player: one of each colour a round (Mission TA: one from the deck).
``{"type": "close", "city": "Omaha"}``
    (nuclear TA) a city of the next colour closed for the round, drawn from the deck.
``{"type": "colour", "city": "Boise"}``
    (one colour) the card whose colour region every start marker must stand in.
``{"type": "top", "city": "Miami"}``
    (Mission TA) the deck's new top card; everybody sees its colour, nobody its city.

Player actions:

``{"type": "variant", "player": 1, "variant": "quarantine"}``
    (maturita) the start player's variant for the round (``standard`` or a round variant).
``{"type": "changer", "player": 0, "buy": true}``
    (Super Changer) buy the faster locomotive for 3 points before the cards, or not.
``{"type": "pass_card", "player": 0, "city": "Denver"}``
    (card passing) the card given to the player on the left.
``{"type": "block", "player": 0, "edge": "K7/K8"}``
    (broken bridge) the double line blocked for this round.
``{"type": "start", "player": 0, "at": "K7"}``
    the start marker on a junction (``at``: a hex, or a city's name).
``{"type": "build", "player": 0, "pieces": ["K7/K8", "K8/L8"]}``
    track pieces in this order (``"path": ["K7", "K8", "L8"]`` is the same): one or two single
    lines (three with a Super Changer), or one double line alone; each touches the builder's
    network when it is laid.
``{"type": "done", "player": 0}``
    end the turn after a single piece (or, when no piece can be laid at all, pass).
``{"type": "draw", "player": 0}``
    (Mission TA II) take the top card instead of building.
"""

from __future__ import annotations

__all__ = ["CHANCE_TYPES", "PLAYER_TYPES", "ACTION_TYPES", "REFUSALS"]

CHANCE_TYPES = ("first", "deal", "close", "colour", "top")
PLAYER_TYPES = ("variant", "changer", "pass_card", "block", "start", "build", "done", "draw")
ACTION_TYPES = CHANCE_TYPES + PLAYER_TYPES

# Why a step refuses an action type it does not take: (rule, message).
REFUSALS = {
    "variant": ("variant.not-now", "the maturita variant is chosen by the start player before a round"),
    "changer": ("changer.not-now", "a Super Changer is bought before the cards are dealt"),
    "pass_card": ("pass.not-now", "cards are passed after the deal, before the start markers"),
    "block": ("block.not-now", "bridges are broken after the deal, before the start markers"),
    "start": ("start.not-now", "start markers are placed at the start of a round"),
    "build": ("build.not-now", "no building now"),
    "done": ("done.not-building", "'done' ends a build turn; nothing is being built now"),
    "draw": ("draw.not-now", "a card is drawn instead of building, at the start of one's turn (Mission TA II)"),
}
