"""The actions of the Railroad Tycoon family: JSON objects, one per decision or chance outcome.

Chance actions (``state.is_chance_node()``):

``{"type": "goods", "city": "New York", "colour": "red"}``
    a cube drawn from the bag for a city (set-up, founding, Chicago's refill); without
    ``city``: one of the two goods of the two-goods card, placed afterwards.
``{"type": "task", "player": 0, "card": "most-links"}``
    a player's secret task card.
``{"type": "card", "card": "hotel:Boston"}``
    an action card laid out.
``{"type": "opener", "player": 2}``
    who opens the first round's auction.

Player actions (``player`` is filled in when left out):

``{"type": "bid", "amount": 3000}``, ``{"type": "pass"}``
    the auction for first player (a bid raises by 1000s; pass leaves it); in the action
    phase ``pass`` gives up an action.
``{"type": "issue", "count": 1}``
    issue shares (5000 each), at any time of one's turn; takes no action.
``{"type": "take", "card": "hotel:Boston"}``
    take a laid-out action card (not a green-circle or S card).
``{"type": "build", "path": ["New York", "C4", "C5", "Albany"], "free": false}``
    tiles on the hexes between the first and the last (:mod:`.track`); ``free`` plays the
    free-build card.
``{"type": "deliver", "from": "Boston", "colour": "red", "links": [3, 7]}``
    a good carried over links by id (:mod:`.deliver`).
``{"type": "loco"}``
    the next locomotive.
``{"type": "found", "city": "Scranton", "colour": "blue"}``
    found a city on a grey city (10000; free after the found-city card).
``{"type": "western", "city": "Kansas City"}``
    the Western Link (30000).
``{"type": "place", "city": "Boston"}``
    the city for the two goods of the two-goods card.
"""

from __future__ import annotations

__all__ = ["CHANCE_TYPES", "PLAYER_TYPES", "ACTION_TYPES", "REFUSALS"]

CHANCE_TYPES = ("goods", "task", "card", "opener")
PLAYER_TYPES = ("bid", "pass", "issue", "take", "build", "deliver", "loco", "found", "western", "place")
ACTION_TYPES = CHANCE_TYPES + PLAYER_TYPES

REFUSALS = {
    "bid": ("bid.not-now", "bids are made in the auction for first player"),
    "issue": ("issue.not-now", "shares are issued on one's own turn"),
    "place": ("place.not-now", "goods are placed after the two-goods card"),
    "take": ("take.not-now", "cards are taken as an action"),
    "build": ("build.not-now", "track is built as an action"),
    "deliver": ("deliver.not-now", "goods are delivered as an action"),
    "loco": ("loco.not-now", "a locomotive is bought as an action"),
    "found": ("found.not-now", "a city is founded as an action"),
    "western": ("western.not-now", "the Western Link is bought as an action"),
}
