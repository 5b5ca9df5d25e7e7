"""Railroad Tycoon's cards: the action cards (laid out on the table) and the task cards (one
secret card a player), as the seed lists them (``railroad-tycoon-rules.cs.txt``).

Action cards, by their symbol:

=============  ======================================================================  ==========
kind           cards                                                                  taken?
=============  ======================================================================  ==========
green          connect two cities with one's own links (6 VP; New York - Kansas City   never: the
               with a Western Link 8 VP); first delivery to a city (3 VP)              first to
``s``          the three S cards, laid out at set-up: first delivery (2), first        meet it
               locomotive 4 (3), first delivery over 3 links (3)                      scores
hotel          1 VP to the holder for every delivery to its city (no symbol: for good)  kept
diamond        engineering: one build of up to 5 tiles once a round (pink diamond)    kept
redx           found a city, 2 goods to a city, 2 actions: played at once (red X)      discarded
black          free build on the green hexes, once a game                               kept, used
=============  ======================================================================  ==========

A card that names a city the map lacks (and does not substitute, ``card_cities``) is left
out of the game. The green cards' points are not in the seed: decided here (docs/engine.md).

>>> CARDS["connect:New York-Chicago"].points, CARDS["hotel:Boston"].kind, TASKS["longest-chain"].points
(6, 'hotel', 8)
"""

from __future__ import annotations

from dataclasses import dataclass

from ....i18n import N_
from ....i18n.said import said

__all__ = ["Card", "Task", "CARDS", "TASKS", "S_CARDS", "CARD_CITIES", "deck_for", "tasks_for", "HELD_KINDS"]


@dataclass(frozen=True)
class Card:
    """An action card: ``id`` (what actions and records name), ``kind`` (see the notes),
    ``cities`` (the card's city names, as printed), ``points`` (green and S cards)."""

    id: str
    kind: str
    cities: tuple[str, ...] = ()
    points: int = 0
    title: str = ""


@dataclass(frozen=True)
class Task:
    """A task card: ``goal`` (what it rewards), ``points`` (per link out of Chicago for
    ``chicago``)."""

    id: str
    goal: str
    points: int
    cities: tuple[str, ...] = ()
    title: str = ""


CONNECT_POINTS = 6
CONNECT_WESTERN_POINTS = 8
FIRST_DELIVERY_POINTS = 3

_CONNECT = (("New York", "Chicago"), ("New Orleans", "Minnesota"), ("Baltimore", "Detroit"), ("Atlanta", "Richmond"),
            ("Boston", "Washington"))
_FIRST = ("Toronto", "Raleigh", "Louisville", "Mobile", "Duluth", "Jacksonville")
_HOTELS = ("New York", "Charleston", "Baltimore", "Atlanta", "Boston", "Chicago")

_ALL = (
    [Card(f"connect:{a}-{b}", "green", (a, b), CONNECT_POINTS, said(N_("connect {a} - {b}"), a=a, b=b))
     for a, b in _CONNECT]
    + [Card("connect-western:New York-Kansas City", "green", ("New York", "Kansas City"), CONNECT_WESTERN_POINTS,
            said(N_("connect {a} - {b} with a Western Link"), a="New York", b="Kansas City"))]
    + [Card(f"first:{c}", "green", (c,), FIRST_DELIVERY_POINTS, said(N_("first delivery to {city}"), city=c))
       for c in _FIRST]
    + [Card(f"hotel:{c}", "hotel", (c,), 0, said(N_("hotel in {city}"), city=c)) for c in _HOTELS]
    + [Card("engineering", "diamond", (), 0, said(N_("engineering: build up to 5 tiles, once a round"))),
       Card("found-city", "redx", (), 0, said(N_("found a city at once"))),
       Card("two-goods", "redx", (), 0, said(N_("2 goods from the bag to one city"))),
       Card("two-actions", "redx", (), 0, said(N_("take 2 more actions at once"))),
       Card("free-build", "black", (), 0, said(N_("free build on the green hexes, once a game")))]
)
S_CARDS = (Card("s:first-delivery", "s", (), 2, said(N_("first delivery"))),
           Card("s:loco4", "s", (), 3, said(N_("first locomotive 4"))),
           Card("s:three-links", "s", (), 3, said(N_("first delivery over 3 links"))))
CARDS = {c.id: c for c in _ALL + list(S_CARDS)}
# the kinds a player keeps in his hand
HELD_KINDS = ("hotel", "diamond", "black")

_TASKS = (Task("ny-chicago", "chain", 5, ("New York", "Chicago"),
               said(N_("{a} - {b} by own links"), a="New York", b="Chicago")),
          Task("most-links", "most-links", 6, (), said(N_("most links"))),
          Task("longest-chain", "longest-chain", 8, (), said(N_("longest chain of own links"))),
          Task("loco6", "loco6", 6, (), said(N_("first locomotive 6"))),
          Task("most-money:1", "most-money", 7, (), said(N_("most money"))),
          Task("most-money:2", "most-money", 7, (), said(N_("most money"))),
          Task("fewest-shares:1", "fewest-shares", 7, (), said(N_("fewest shares"))),
          Task("fewest-shares:2", "fewest-shares", 7, (), said(N_("fewest shares"))),
          Task("western", "western", 5, (), said(N_("a Western Link"))),
          Task("chicago", "chicago", 2, ("Chicago",), said(N_("2 per own link out of {city}"), city="Chicago")))
TASKS = {t.id: t for t in _TASKS}

CARD_CITIES = tuple(sorted({c for card in _ALL for c in card.cities} | {c for t in _TASKS for c in t.cities}))


def deck_for(card_city: dict) -> list[str]:
    """The action cards of a board whose cities it has (``card_city``: name -> city index), in
    the order above (S cards apart)."""
    return [c.id for c in _ALL if all(x in card_city for x in c.cities)]


def s_cards_for(card_city: dict) -> list[str]:
    return [c.id for c in S_CARDS]


def tasks_for(card_city: dict) -> list[str]:
    return [t.id for t in _TASKS if all(x in card_city for x in t.cities)]
