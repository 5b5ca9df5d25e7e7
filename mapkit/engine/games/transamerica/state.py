"""The state of a TransAmerica game: its data and what a bot or front end may read of it.

The turn sequence lives in the steps (:mod:`~mapkit.engine.games.transamerica.steps`), track
in :mod:`~mapkit.engine.games.transamerica.track`, the scoring in
:mod:`~mapkit.engine.games.transamerica.scoring`. Every field is plain data (the track is a
:class:`~mapkit.engine.network.SharedTrack`, the score track a
:class:`~mapkit.engine.ledger.Ledger`), so the core's generic ``clone`` copies it.

A round: (maturita's variant) -> (Super Changers) -> (nuclear closures, one colour) -> the
deal -> (card passing) -> (broken bridges) -> start markers -> build turns -> scoring.

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map, City, Rules
>>> from mapkit.engine import new_game
>>> block = {c: {"cities": [f"{c[0]}{i}" for i in range(7)], "removed": [f"{c[0]}0", f"{c[0]}1"]}
...          for c in ("red", "orange", "yellow", "green", "blue")}
>>> m = Map(Grid("pointy", "odd", 7, 5), cities=[City(f"{c[0]}{i}", (i, k)) for k, c in enumerate(block)
...         for i in range(7)], rules=Rules(extra={"city_cards": block}))
>>> g = new_game(m, "transamerica", ["Ann", "Bob"], {"first_player": 0})
>>> g.chance_outcomes()[0]     # the cards are dealt as chance actions (2 players: 5 a colour)
({'type': 'deal', 'player': 0, 'city': 'r2'}, 0.2)
>>> for city in ("r2", "o2", "y2", "g2", "b2", "r3", "o3", "y3", "g3", "b3"):
...     g.apply({"type": "deal", "city": city})
>>> g.hand(0), g.step
(['r2', 'o2', 'y2', 'g2', 'b2'], 'place')
"""

from __future__ import annotations

import weakref

from ...errors import IllegalAction, map_named
from ...ledger import Ledger
from ...network import SharedTrack
from ...state import Log, State
from . import observe, view
from .actions import ACTION_TYPES, CHANCE_TYPES, REFUSALS
from .cards import board_cards
from .steps import STEPS

__all__ = ["TransAmericaState", "Tables", "tables_for"]

# board -> {(rules' class, options, players): Tables}: made once for every game on them
_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def tables_for(game) -> Tables:
    """The game's :class:`Tables`, made once per board, rules and number of players and shared
    by every game on them (they are functions of those alone; nobody changes them)."""
    per_board = _TABLES.get(game.board)
    if per_board is None:
        per_board = _TABLES[game.board] = {}
    key = (type(game.rules), game.rules.options, game.num_players)
    tables = per_board.get(key)
    if tables is None:
        tables = per_board[key] = Tables(game)
    return tables


class Tables:
    """What a game derives once from its board and rules (shared by every clone, and by every
    game on the same board, rules and number of players: :func:`tables_for`).

    ``size[e]``: 1 or 2 (single or double line); ``junctions``: hexes a track can reach;
    ``colours``: the card colours in dealing order; ``card_colour[k]``: the colour index of
    card ``k``; ``card_at``: hex -> card; ``in_play``: the cards of this game (the removed
    ones are out with 2-3 players); ``seats``: the removed cards' hexes (the seats variants);
    ``region[h]``: the colour region of junction ``h`` (the colour of the nearest card city,
    by steps; on a tie the first colour); ``cost_adj``: ``((neighbour, size), ...)`` per hex;
    ``hex_edges[h]``: the edge ids at hex ``h`` (a frozenset); ``card_hex[k]``: card ``k``'s hex;
    ``card_by_name``, ``card_by_fold``: a city's name (as written, folded) -> its first card;
    ``city_colour``: a card city's name -> its colour's name; ``not_double``: the edge ids of
    every piece but the double lines (a frozenset).
    """

    __slots__ = ("size", "junctions", "colours", "card_colour", "card_at", "in_play", "seats", "region",
                 "cost_adj", "doubles", "hex_edges", "card_hex", "card_by_name", "card_by_fold",
                 "city_colour", "not_double")

    def __init__(self, game):
        from ....places import fold
        from ....search import INF, dial

        board, rules = game.board, game.rules
        cards = board_cards(board)
        if not cards:
            raise IllegalAction("setup.cards", f"{map_named(board.name)} has no city cards (rules.city_cards); "
                                               f"TransAmerica needs 35 (docs/rules.md, TransAmerica; "
                                               f"docs/map-format.md)")
        self.size = tuple(rules.piece_size(board, e) for e in range(len(board.edge_ends)))
        self.doubles = tuple(e for e, k in enumerate(self.size) if k == 2)
        self.not_double = frozenset(e for e, k in enumerate(self.size) if k != 2)
        self.junctions = tuple(h for h in range(len(board.hex_names)) if board.adj[h])
        self.colours = tuple(dict.fromkeys(c.colour for c in cards))
        self.card_colour = tuple(self.colours.index(c.colour) for c in cards)
        self.card_at = {c.hex: k for k, c in enumerate(cards)}
        out = rules.removed_cards_out(game.num_players)
        self.in_play = tuple(k for k, c in enumerate(cards) if not (out and c.removed))
        self.seats = frozenset(c.hex for c in cards if c.removed)
        unit = [tuple((nb, 1) for nb, _ in row) for row in board.adj]
        dist = [dial(unit, [c.hex for c in cards if c.colour == col], max_weight=1) for col in self.colours]
        self.region = [-1] * len(board.hex_names)
        for h in self.junctions:
            best = min(range(len(self.colours)), key=lambda k: (dist[k][h], k))
            if dist[best][h] < INF:
                self.region[h] = best
        self.cost_adj = [tuple((nb, self.size[e]) for nb, e in row) for row in board.adj]
        self.hex_edges = tuple(frozenset(e for _, e in row) for row in board.adj)
        self.card_hex = tuple(c.hex for c in cards)
        self.city_colour = {c.name: c.colour for c in cards}
        self.card_by_name: dict = {}
        self.card_by_fold: dict = {}
        for k, c in enumerate(cards):
            self.card_by_name.setdefault(c.name, k)
            self.card_by_fold.setdefault(fold(c.name), k)


class TransAmericaState(State):
    """The state of one game (see the module notes). Build with :func:`mapkit.engine.new_game`."""

    STEPS = STEPS
    ACTION_TYPES = ACTION_TYPES
    CHANCE_TYPES = CHANCE_TYPES

    def __init__(self, game):
        super().__init__(game)
        rules = game.rules
        o = game.options
        n = game.num_players
        if game.tables is None:
            game.tables = tables_for(game)
        if o.first_player is not None and not 0 <= o.first_player < n:
            raise IllegalAction("setup.first", f"first_player {o.first_player} is not a seat of {n} players")
        variants = rules.round_variants()
        if "unique_region_start" in variants and n > len(game.tables.colours):
            raise IllegalAction("setup.players", f"{n} players cannot start in {len(game.tables.colours)} "
                                                 f"different colour regions (docs/rules.md, TransAmerica)")
        if "restricted_connection" in variants and n % 2 == 0:
            raise IllegalAction("setup.players", "restricted connection is for an odd number of players "
                                                 "(docs/rules.md, TransAmerica)")
        self.step = "order"
        self.score = Ledger([0 if rules.mission() else rules.start_points()] * n, floor=None)
        self.messages = Log()
        self.first: int | None = None           # who started the game
        self.round_no = 0
        self.round_first: int | None = None     # who holds the start player card this round
        self.barrier = rules.BARRIER
        self.out: set = set()                   # eliminated seats
        self.changer: set = set()               # seats with a Super Changer
        self.fixed: dict = {}                   # seat -> hex of a fixed start marker
        self.variants: frozenset[str] = frozenset()             # the round variants in force this round
        self.choice: str | None = None          # maturita: this round's variant
        self.stages: list = []                  # the set-up steps still to come this round
        self.queue: list = []                   # seats still to act in the current set-up step
        self.deck: list = []                    # card ids not yet dealt this round
        self.hands: list = [[] for _ in range(n)]
        self.closed: list = []                  # nuclear: card ids of closed cities
        self.colour: int | None = None          # one colour: the drawn colour's index
        self.drawn: int | None = None           # one colour: the card drawn
        self.passing: dict = {}                 # card passing: colour, choices
        self.blocked: set = set()               # broken bridges: edge ids
        self.opened: set = set()                # quarantine: city hexes a holder has entered
        self.net = SharedTrack(game.board)
        self._costs: list = []                  # the last board costs (scoring.board_costs)
        self._hidden: dict = {}                 # the history as each seat knows it (observe)
        self.used = 0                           # pieces laid this round
        self.turn_player: int | None = None
        self.turn_singles = 0
        self.turn_double = False
        self.drew = False                       # Mission TA II: took a card this turn
        self.turn_index = 0
        self.ending: list = []                  # seats whose cities are all connected: the round ends
        self.idle = 0                           # turns in a row without a piece
        self.results: list = []                 # one entry per scored round
        self.laid: list = [[] for _ in range(n)]   # Mission TA: cards laid down
        self.top: int | None = None             # Mission TA: the deck's top card
        self.owed: list = []                    # Mission TA: seats to get a card
        self.resume: str | None = None          # Mission TA: what follows a drawn top card
        self.ender: int | None = None
        self.winners_: list = []
        self.end_reason: str | None = None
        if o.first_player is not None:
            from .steps import rounds

            rounds.set_first(self, o.first_player)

    # -- fixed facts and small views ---------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return self.game.tables

    @property
    def scores(self) -> list:
        return self.score.accounts

    @property
    def accounts(self) -> list:
        """The scores (the name every family's front end reads)."""
        return self.score.accounts

    @property
    def ledger(self) -> list:
        return self.score.entries

    def active(self) -> list:
        """The seats still in the game, in seat order."""
        return [p for p in range(self.num_players) if p not in self.out]

    def in_turn_from(self, p: int) -> list:
        """The seats still in the game, in turn order from ``p`` (clockwise)."""
        n = self.num_players
        return [(p + i) % n for i in range(n) if (p + i) % n not in self.out]

    def next_seat(self, p: int) -> int:
        """The next seat to the left (clockwise) that is still in the game."""
        return self.in_turn_from(p)[1 % len(self.in_turn_from(p))]

    def has(self, variant: str) -> bool:
        """Whether a round variant is in force this round."""
        return variant in self.variants

    def card_name(self, k: int) -> str:
        return board_cards(self.board)[k].name

    def card_of(self, ref) -> int:
        """A card id from a city name (accents and case as the map writes them, or folded)."""
        from ....places import fold

        if isinstance(ref, str):
            t = self.game.tables
            k = t.card_by_name.get(ref)
            if k is None:
                k = t.card_by_fold.get(fold(ref))
            if k is not None:
                return k
        raise IllegalAction("card.city", f"{ref!r} is not a city card of this map")

    def hand(self, p: int) -> list:
        """Player ``p``'s city cards, by name (a bot or front end asks only for its own)."""
        return [self.card_name(k) for k in self.hands[p]]

    def network(self, p: int) -> set:
        """The hexes of player ``p``'s network (read only)."""
        return self.net.network_hexes(p)

    def missing(self, p: int) -> list:
        """Card ids in ``p``'s hand whose city his network does not reach."""
        net = self.net.network_hexes(p)
        at = self.game.tables.card_hex
        return [k for k in self.hands[p] if at[k] not in net]

    def needs_seat(self, p: int) -> bool:
        """Seats variant: whether ``p`` must still connect a seat."""
        return self.has("seat_connect") and not (self.net.network_hexes(p) & self.tables.seats)

    def complete(self, p: int) -> bool:
        """Whether ``p``'s network joins all his cities (and a seat where one is required)."""
        hand = self.hands[p]
        if not hand:
            return False
        net = self.net.network_hexes(p)
        at = self.game.tables.card_hex
        return all(at[k] in net for k in hand) and not self.needs_seat(p)

    @property
    def stage(self) -> str:
        return self.STEPS[self.step].stage

    # -- changes every step makes ------------------------------------------------------------
    def go(self, step: str) -> None:
        self.step = step


    def refusal(self, action_type: str):
        return REFUSALS.get(action_type, (f"{action_type}.not-now", f"no {action_type!r} now"))

    def decision_key(self):
        if self.step == "build":
            return ("build", self.turn_index)
        return (self.step, self.current_player())

    # -- public views ------------------------------------------------------------------------
    def winners(self) -> list:
        return list(self.winners_)

    def pieces_left(self) -> int | None:
        limit = self.rules.pieces_per_round()
        return None if limit is None else limit - self.used

    def legal_pieces(self, p: int | None = None) -> list:
        """Edge ids ``p`` (default: the player to move) may lay as his next piece now."""
        from . import track

        return track.legal_pieces(self, self.current_player() if p is None else p)

    def shortfall(self, p: int):
        """The cheapest completion of ``p``'s network now: a :class:`~mapkit.steiner.SteinerTree`
        over free lines (None: no track can complete it)."""
        from . import scoring

        return scoring.completion(self, p)

    def track_names(self) -> list:
        return [self.board.edge_name(e) for e in sorted(self.net.pieces)]

    def summary(self) -> dict:
        return view.summary(self)

    def view(self, seat: int | None = None) -> dict:
        """The generic view; a spectator (or another seat) is not shown legal actions that give
        the player's cards away (the cards he may pass; under quarantine, where he may go)."""
        out = super().view(seat)
        if seat is None and not self.has("open_hand") and (
                self.step in ("pass", "pass_all") or (self.has("quarantine") and self.step in ("place", "build"))):
            out["legal"] = []
        return out

    def view_details(self, seat: int | None) -> dict:
        return view.details(self, seat)

    def conceal(self, seat: int | None, rng) -> None:
        """Other seats' cards, the deck and the top card become a sample (:mod:`.observe`)."""
        observe.conceal(self, seat, rng)
