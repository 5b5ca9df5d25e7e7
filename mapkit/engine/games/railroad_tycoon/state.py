"""The state of a Railroad Tycoon game: its data, and what a bot or front end may read of it.

The turn sequence lives in the steps (:mod:`.steps`, :mod:`.turns`); track in
:mod:`.track`, deliveries in :mod:`.deliver`, the cards' goals and the final score in
:mod:`.goals`. Every field is plain data (money and VP are :class:`~mapkit.engine.ledger.Ledger`
s), so the core's generic ``clone`` copies it.

A game: set-up draws (goods city by city, a task card each, the action cards) -> the first
opener (chance) -> rounds of auction, three actions each in turn, income (refill, unfinished
links removed) -> the end after the round in which enough cities are empty.
"""

from __future__ import annotations

from ...errors import IllegalAction, map_named
from ...ledger import Ledger
from ...state import Log, State
from .actions import ACTION_TYPES, CHANCE_TYPES, REFUSALS
from .cards import S_CARDS, deck_for, tasks_for
from .mapdata import GOODS_COLOURS, rt_board
from .steps import STEPS, begin_setup

__all__ = ["RailroadTycoonState"]


class RailroadTycoonState(State):
    """The state of one game (see the module notes). Build with :func:`mapkit.engine.new_game`."""

    STEPS = STEPS
    ACTION_TYPES = ACTION_TYPES
    CHANCE_TYPES = CHANCE_TYPES
    # the board's section and the price of crossing each side: read at every step of a path
    # search, so held as fields (shared by clones, left out of snapshots) not properties
    SHARED = State.SHARED | {"rt", "surcharge"}

    def __init__(self, game):
        super().__init__(game)
        n = game.num_players
        rt = rt_board(game.board)
        if rt is None:
            raise IllegalAction("setup.map", f"{map_named(game.board.name)} has no railroad_tycoon section "
                                             f"(rules.railroad_tycoon, docs/engine.md)")
        self.rt = rt
        r = game.rules
        b = game.board
        # the surcharge of track crossing each side (by edge id): river, ridge
        self.surcharge = tuple((r.RIVER if b.edge_river[e] else 0) + (r.RIDGE if e in rt.ridges else 0)
                               for e in range(len(b.edge_ends)))
        o = game.options
        if o.opener is not None and not 0 <= o.opener < n:
            raise IllegalAction("setup.opener", f"opener {o.opener} is not a seat of {n} players")
        rules = game.rules
        self.messages = Log()
        self.ledger = Ledger([0] * n)               # money: none at the start (decided)
        self.vp = Ledger([0] * n, floor=None)       # the victory-point track
        self.shares = [0] * n
        self.loco = [1] * n
        self.held: list = [[] for _ in range(n)]    # action cards kept (hotels, engineering, free build)
        self.task: list = [None] * n                # secret task cards
        self.tasks_left = tasks_for(rt.card_city)
        self.engineered: set = set()                # used engineering this round
        self.goods: list = [[] for _ in game.board.cities]
        self.western_goods: dict = {}               # city -> Western Link goods still there
        self.western: dict = {}                     # city -> who bought its Western Link
        self.founded: dict = {}                     # city -> colour of its city tile
        self.city_tiles = rules.city_tiles()
        self.empty: set = set()                     # cities marked empty
        self.bag = rules.bag()
        self.deck = deck_for(rt.card_city)
        self.display: list = [c.id for c in S_CARDS]
        self.discarded: list = []
        self.links: dict = {}                       # id -> {"owner", "path", "done"}
        self.tiles: dict = {}                       # hex -> link ids with a tile there
        self.next_link = 0
        self.round_no = 0
        self.opener: int | None = None              # who opens this round's auction
        self.first: int | None = None               # this round's first player
        self.auction: dict = {}
        self.order: list = []
        self.action_no = 0
        self.turn = 0
        self.extra = 0                              # actions still owed by the two-actions card
        self.draws: list = []                       # chance draws still to come
        self.after = ""                             # what follows when they are drawn
        self.pending: dict = {}                     # a choice due: place goods, found a city
        self.loose: list = []                       # goods drawn for the two-goods card
        self.deliveries: list = []                  # [player, origin, destination, colour, links]
        self.loco6_first: int | None = None
        self.ending = False                         # enough cities empty: this is the last round
        self.rounds: list = []                      # one entry per finished round
        self.final: list = []
        self.winners_: list = []
        self.end_reason: str | None = None
        self.part = "setup"
        begin_setup(self)

    # -- fixed facts ---------------------------------------------------------------------
    @property
    def money(self) -> list:
        return self.ledger.accounts

    @property
    def accounts(self) -> list:
        """The money (the name every family's front end reads)."""
        return self.ledger.accounts

    def is_city(self, h: int) -> bool:
        return self.board.is_city[h]

    def city_name(self, i: int) -> str:
        return self.board.cities[i].name

    def city_colour(self, i: int) -> str:
        """A city's colour as it stands: its city tile's when founded."""
        return self.founded.get(i) or self.rt.colour[i]

    def hex_of(self, ref) -> int:
        """A hex id from a hex name or a city's name."""
        b = self.board
        if isinstance(ref, str) and ref in b._city_by_name:
            return b.cities[b._city_by_name[ref]].hex
        try:
            return b.hex_id(ref)
        except (ValueError, TypeError):
            raise IllegalAction("build.path", f"{ref!r} is neither a hex nor a city of the map") from None

    def city_ref(self, ref) -> int:
        """A city index from a name or hex."""
        try:
            return self.board.city_index(ref)
        except (ValueError, TypeError):
            raise IllegalAction("city.unknown", f"{ref!r} is not a city of the map") from None


    def go(self, step: str) -> None:
        self.step = step

    def refusal(self, action_type: str):
        return REFUSALS.get(action_type, (f"{action_type}.not-now", f"no {action_type!r} now"))

    def goods_left(self) -> int:
        return sum(len(g) for g in self.goods)

    def colours(self) -> tuple:
        return GOODS_COLOURS

    # -- public views --------------------------------------------------------------------
    def winners(self) -> list:
        return list(self.winners_)

    def legal_builds(self, p: int | None = None) -> list:
        from . import track

        return track.build_options(self, self.current_player() if p is None else p)

    def legal_deliveries(self, p: int | None = None) -> list:
        from . import deliver

        return deliver.delivery_options(self, self.current_player() if p is None else p)

    def final_scores(self) -> list:
        from . import goals

        return goals.final_scores(self)

    def summary(self) -> dict:
        from . import view

        return view.summary(self)

    def view_details(self, seat: int | None) -> dict:
        from . import view

        return view.details(self, seat)

    def conceal(self, seat: int | None, rng) -> None:
        """Other seats' task cards become a sample of the cards this seat cannot see."""
        from . import view

        view.conceal(self, seat, rng)
