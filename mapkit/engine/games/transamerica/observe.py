"""What one seat may know of a TransAmerica game: the family's hook of
:meth:`~mapkit.engine.state.State.observation` (what a bot is given).

The secrets are those the view keeps (:mod:`.view`): the other players' city cards, which cards
are still in the deck, and Mission TA's top card (its colour shows, its city does not). In an
observation they are a *sample*: the cards the seat cannot see -- the deck, the hidden hands and
the top card together, a set the seat can work out from its own hand and the table -- are
shuffled with the observer's generator and dealt again into the same places, each hand keeping
its size and, where the colours are public, the colour of each of its cards (the deal gives one
of each colour and card passing I announces the colour passed; after card passing II or under
Mission TA a hand's colours are not known). The sample depends on what the seat sees and on the
generator alone, so two games that differ only in hidden cards give the same observation.

Hands that are public stay: the seat's own, all under open hand, and the hand of a player who
has joined all his cities (the game announces it, naming the cards). In the history, a card
dealt to another seat, a card another seat passed and a new top card keep their type, player
and (where public) colour, and lose the city.

>>> import random
>>> from mapkit.grid import Grid
>>> from mapkit.model import Map, City, Rules
>>> from mapkit.engine import new_game
>>> block = {c: {"cities": [f"{c[0]}{i}" for i in range(7)], "removed": []}
...          for c in ("red", "orange", "yellow", "green", "blue")}
>>> m = Map(Grid("pointy", "odd", 7, 5), cities=[City(f"{c[0]}{i}", (i, k)) for k, c in enumerate(block)
...         for i in range(7)], rules=Rules(extra={"city_cards": block}))
>>> g = new_game(m, "transamerica", ["Ann", "Bob"], {"first_player": 0})
>>> for city in ("r2", "o2", "y2", "g2", "b2", "r3", "o3", "y3", "g3", "b3"):
...     g.apply({"type": "deal", "city": city})
>>> seen = g.observation(0, random.Random(1))
>>> seen.hand(0), len(seen.hand(1)), [c[0] for c in seen.hand(1)]     # Bob's: a sample, one a colour
(['r2', 'o2', 'y2', 'g2', 'b2'], 5, ['r', 'o', 'y', 'g', 'b'])
>>> seen.history[0], seen.history[5]
({'type': 'deal', 'player': 0, 'city': 'r2'}, {'type': 'deal', 'player': 1, 'colour': 'red'})
"""

from __future__ import annotations

from ...state import Log

__all__ = ["conceal", "known_hands", "colours_public"]


def conceal(s, seat, rng) -> None:
    """Replace in ``s`` (an observation's own copy) what ``seat`` may not see (see the notes)."""
    if s.is_terminal():
        return          # every hand is shown at the end
    _sample_cards(s, seat, rng)
    _hide_history(s, seat)


def known_hands(s, seat) -> set:
    """The seats whose cards ``seat`` (None: a spectator) sees."""
    if s.has("open_hand"):
        return set(range(s.num_players))
    known = set() if s.rules.mission() else set(s.ending)
    if seat is not None:
        known.add(seat)
    return known


def colours_public(s) -> bool:
    """Whether the colour of every card in a hand is known to all (one of each colour)."""
    return not s.rules.mission() and not s.has("card_passing_2")


def _sample_cards(s, seat, rng) -> None:
    known = known_hands(s, seat)
    hidden = [q for q in range(s.num_players) if q not in known and s.hands[q]]
    if not hidden and s.top is None:
        return          # the cards the seat cannot see are the deck's, kept in card order
    colour = s.tables.card_colour
    # The pool is what the seat cannot see, a set it knows; sorted, so that only the generator
    # decides where each card goes, never where the cards really are.
    pool = sorted(set(s.deck).union(*(s.hands[q] for q in hidden), () if s.top is None else (s.top,)))
    by_colour: dict = {}
    for k in pool:
        by_colour.setdefault(colour[k], []).append(k)
    for cards in by_colour.values():
        rng.shuffle(cards)
    if s.top is not None:
        s.top = by_colour[colour[s.top]].pop()
    # new values, not changes in place: the observation shares its fields with the game
    hands = s.hands = list(s.hands)
    if colours_public(s):
        for q in hidden:
            hands[q] = [by_colour[colour[k]].pop() for k in hands[q]]
        rest = [k for cards in by_colour.values() for k in cards]
    else:
        rest = sorted(k for cards in by_colour.values() for k in cards)
        rng.shuffle(rest)
        for q in hidden:
            n = len(hands[q])
            hands[q] = sorted(rest[len(rest) - n:])
            del rest[len(rest) - n:]
    s.deck = sorted(rest)
    chosen = s.passing.get("chosen")
    if chosen:          # card passing II: a card already chosen to pass comes from the sample
        s.passing = {**s.passing, "chosen": {q: rng.choice(hands[q]) if q in hidden else k
                                             for q, k in chosen.items()}}


def _hide_history(s, seat) -> None:
    """The history as ``seat`` may know it. The game's history only grows, so what was hidden
    of it for this seat is kept (``s._hidden``, shared with the game: the observation's fields
    are the game's) and only the actions played since are hidden now."""
    hands_open = s.has("open_hand")
    history = s.history
    held = s._hidden
    key = (seat, hands_open)
    last = held.get(key)
    done = last[2] if last is not None and last[0] is history and last[1] <= len(history) else ()
    colour_of = s.tables.city_colour
    hidden = Log(done)
    hidden.extend(_hidden(s, a, seat, hands_open, colour_of) for a in history[len(done):])
    held[key] = (history, len(history), tuple(hidden))
    s.history = hidden


def _hidden(s, a: dict, seat, hands_open: bool, colour_of: dict) -> dict:
    """Action ``a`` of the history as ``seat`` may know it (``colour_of``: city -> colour)."""
    if "city" not in a:
        return a    # no card named (or hidden already: an observation's observation)
    t = a["type"]
    if t == "top":
        return {"type": "top", "colour": colour_of[a["city"]]}
    if t in ("deal", "pass_card") and a.get("player") != seat and not hands_open:
        hid = {"type": t, "player": a["player"]}
        if t == "deal" and not s.rules.mission():
            hid["colour"] = colour_of[a["city"]]
        return hid
    return a

