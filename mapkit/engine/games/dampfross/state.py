"""The state of a Dampfross-family game (Paluba, Dampfross, Expres): its data and public views.

The turn sequence lives in the steps (:mod:`~mapkit.engine.games.dampfross.steps`), track
building in :mod:`~mapkit.engine.games.dampfross.building`; this module holds what the state
*is* (accounts, track, the build phase's counters, the race being played, the results) and
what a bot or front end may read of it. Every field is plain data, so the core's generic
``clone`` copies it.

Phases: ``order`` (who starts) -> ``start`` (secret start choice only) -> ``build`` ->
``race`` (each race: draw, declare, run, post-race building) -> ``over``.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> g = new_game(Map(Grid("pointy", "odd", 9, 1), cities=[City("Aš", H("A1"), (11,)),
...              City("Cheb", H("I1"), (12,))]), "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> g.legal_actions()
[{'type': 'start', 'player': 0, 'city': 'Aš'}, {'type': 'start', 'player': 0, 'city': 'Cheb'}]
>>> g.apply({"type": "start", "city": "Aš"})
>>> g.is_chance_node(), len(g.chance_outcomes())
(True, 36)
>>> g.apply({"type": "roll", "dice": [1, 2]})
>>> g.apply({"type": "build", "path": ["A1", "B1", "C1", "D1"]})  # 3 points: the turn ends
>>> g.current_player(), g.track_names(0)
(1, ['A1/B1', 'B1/C1', 'C1/D1'])
"""

from __future__ import annotations

import weakref
from operator import itemgetter

from ...errors import IllegalAction
from ....i18n import N_
from ...ledger import Ledger
from ...network import OwnedTrack
from ...state import Log, State
from . import building, ferries, view
from .actions import ACTION_TYPES, CHANCE_TYPES, EXTERNAL_TYPES, REFUSALS
from .listing import Listing
from .numbers import NumberTable
from .rules import DampfrossRules
from .steps import STEPS
from .steps import build as build_steps
from .steps import setup as setup_steps

__all__ = ["DampfrossState", "Tables"]


_COSTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_REASONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()     # board -> Tables.reasons
_LAND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()        # board -> Tables.land_part


def _costs(board, rules) -> tuple:
    """The rules' costs on the board, by edge and hex id: build cost, movement into a hex,
    parallel fee, joining fee, and the edges at each hex; made once per board and rules (the
    rules' hooks are functions of the board and the options), shared by every game on them.
    Nobody changes them."""
    key = (type(rules), rules.options)
    per_board = _COSTS.get(board)
    if per_board is None:
        per_board = _COSTS[board] = {}
    costs = per_board.get(key)
    if costs is None:
        edges, hexes = range(len(board.edge_ends)), range(len(board.hex_names))
        costs = per_board[key] = (
            [rules.piece_cost(board, e) for e in edges], [rules.step_cost(board, h) for h in hexes],
            [rules.parallel_fee(board, e) for e in edges], [rules.join_fee(board, h) for h in hexes],
            [frozenset(e for _, e in row) for row in board.adj])
    return costs


def _land_parts(board) -> list:
    """By hex id: which piece of land it lies on (the hexes that pieces join, one number per
    connected part of the board's adjacency), -1 for a hex that no piece enters.

    Made once per board and shared by every game on it (nobody changes it)."""
    part = _LAND.get(board)
    if part is not None:
        return part
    part = _LAND[board] = [-1] * len(board.hex_names)
    count = 0
    for first, row in enumerate(board.adj):
        if part[first] >= 0 or not row:
            continue
        part[first] = count
        todo = [first]
        while todo:
            for v, _ in board.adj[todo.pop()]:
                if part[v] < 0:
                    part[v] = count
                    todo.append(v)
        count += 1
    return part


class Tables:
    """What a game derives once from its board and rules (shared by every clone; the costs
    by every game on the same board and rules)."""

    __slots__ = ("piece_cost", "into_cost", "par_fee", "join_fee_at", "must_connect", "land_part", "numbered_cities",
                 "allowed_starts", "present", "special_every", "distinct_directions", "build_checks", "piece_actions",
                 "hex_edges", "price_codes", "fit_tables", "fit_codes", "fit_cap", "special_distances", "reasons",
                 "_unit_adj", "_scaled_steps", "_scaled_bounds")

    def __init__(self, game):
        board, rules = game.board, game.rules
        self.piece_cost, self.into_cost, self.par_fee, self.join_fee_at, self.hex_edges = _costs(board, rules)
        self.allowed_starts = tuple(rules.start_cities(board))
        # The build phase ends when every numbered city that track can reach is connected: the
        # cities on the land of a start city (an island that only a ferry reaches, and one where
        # nobody may start, would hold the building open for ever). A game narrows this to the
        # land of the cities its players started from (must_connect_from).
        self.land_part = _land_parts(board)
        self.numbered_cities = tuple((i, c.hex) for i, c in enumerate(board.cities) if c.numbers)
        self.must_connect = self.must_connect_from([board.cities[c].hex for c in self.allowed_starts])
        self.present = frozenset(n for n in board.numbers if board.adj[board.cities[board.number_city[n]].hex])
        self.special_every = rules.special_every(board)
        self.distinct_directions = rules.distinct_start_directions(board)
        # Whether a piece may be refused by more than costs and money (a map or variant rule).
        self.build_checks = self.distinct_directions or type(rules).check_build is not DampfrossRules.check_build
        # the listed build actions, made once per (player, edge); callers must not change them
        self.piece_actions: list = [{} for _ in range(game.num_players)]
        self.price_codes: dict[int, int] = {}   # a frontier edge's price -> its byte (listing.Listing)
        # (post-race, points, money) -> which price codes fit (listing.fit_table), made for
        # ``fit_codes`` price codes, points and money above ``fit_cap`` counting as ``fit_cap``
        self.fit_tables: dict[tuple, bytes] = {}
        self.fit_codes = 0
        self.fit_cap = 0
        self._unit_adj = None
        self._scaled_steps: dict[int, list] = {}
        # (kind of payment, edge id or city index) -> the ledger's reason of such a payment (a
        # Said, the same words each time: made once per board and shared by every game on it,
        # as a random bot's game pays thousands of fees)
        self.reasons: dict[tuple, object] = _REASONS.setdefault(board, {})
        self._scaled_bounds: dict[tuple, dict] = {}
        # (start hex, target hexes) -> steps between them on the board (special races' prizes)
        self.special_distances: dict[tuple, int] = {}

    def must_connect_from(self, start_hexes) -> frozenset:
        """The numbered cities that pieces can reach from these start hexes (over land, not over a
        ferry line: a ferry is bought, and the building does not wait for a purchase)."""
        part = self.land_part
        parts = {part[h] for h in start_hexes if h is not None} - {-1}
        return frozenset(i for i, h in self.numbered_cities if part[h] in parts)

    def scaled_step_costs(self, scale: int) -> list:
        """``into_cost`` times ``scale``, by hex id (for the route searches' weighted costs)."""
        costs = self._scaled_steps.get(scale)
        if costs is None:
            costs = self._scaled_steps[scale] = [c * scale for c in self.into_cost]
        return costs

    def scaled_bounds(self, board, targets, scale: int) -> dict:
        """hex -> the board's bound of the steps to ``targets`` (:meth:`~mapkit.engine.compiled.
        EngineMap.distance_table`) times ``scale``, filled as hexes are asked for; kept for the
        last few hundred target sets (a race's searches read it through a mapping's lookup,
        which costs them less than a function's call)."""
        key = (frozenset(targets), scale)
        bounds = self._scaled_bounds.get(key)
        if bounds is None:
            if len(self._scaled_bounds) >= 256:
                self._scaled_bounds.clear()
            steps = board.distance_table(targets)
            bounds = self._scaled_bounds[key] = steps if scale == 1 else _Scaled(steps, scale)
        return bounds

    def unit_adjacency(self, board) -> list:
        """``[((neighbour, 1), ...) per hex]``: hex steps over open edges (for table distances)."""
        if self._unit_adj is None:
            self._unit_adj = [tuple((nb, 1) for nb, _ in row) for row in board.adj]
        return self._unit_adj


class _Scaled(dict):
    """:meth:`Tables.scaled_bounds` of a scale other than 1: the board's bounds times ``scale``."""

    __slots__ = ("steps", "scale")

    def __init__(self, steps: dict, scale: int):
        super().__init__()
        self.steps, self.scale = steps, scale

    def __missing__(self, h: int):
        v = self[h] = self.steps[h] * self.scale
        return v


class DampfrossState(State):
    """The state of one game (see the module notes). Build with :func:`mapkit.engine.new_game`."""

    STEPS = STEPS
    ACTION_TYPES = ACTION_TYPES
    CHANCE_TYPES = CHANCE_TYPES
    EXTERNAL_TYPES = EXTERNAL_TYPES
    SHARED = State.SHARED | {"tables"}

    def __init__(self, game):
        super().__init__(game)
        rules = game.rules
        o = game.options
        n = game.num_players
        if o.first_player is not None and not 0 <= o.first_player < n:
            raise IllegalAction("setup.first", f"first_player {o.first_player} is not a seat of {n} players")
        if game.tables is None:
            game.tables = Tables(game)
        t = self.tables = game.tables
        if not t.allowed_starts:
            raise IllegalAction("setup.starts", "the map has no city where a track can start")
        if rules.unique_starts() and len(t.allowed_starts) < n:
            raise IllegalAction("setup.starts", f"unique start cities for {n} players but only "
                                                f"{len(t.allowed_starts)} start cities")
        board = game.board
        self.step = "order"
        self.money = Ledger([o.start_money] * n)
        self.net = OwnedTrack(board, n)
        self.messages = Log()
        self.first: int | None = None
        self.starts: list = [None] * n          # start hex id per player
        self.start_city: list = [None] * n      # start city index per player
        self.secret: dict = {}                  # player -> city index, until revealed
        self.secret_queue: list = []
        self.taken: set = set()                 # start cities assigned (unique starts)
        self.reached: set = set()               # cities with a railway
        self.must_connect = t.must_connect     # narrowed once every player has a start city
        self.unconnected = len(t.must_connect)
        self.ferry_owners: list = [()] * len(board.ferries)
        # build phase
        self.round_no = 0
        self.round_first = 0
        self.turn_in_round = 0
        self.round_roll = None
        self.turn_player = None
        self.points = 0
        self.turn_built = 0
        self.turn_index = 0
        self.second_last_turn = None
        self.declared_by = None
        self.turns_left = None
        self.last_roller = None
        self.skip: set = set()
        self.joint = None
        self.ender = None
        self.build_end_reason = None
        # race phase
        self.race_no = 0
        self.race_roller = None
        self.table = NumberTable(o.number_table, t.present, o.number_uses)
        self.current = None                     # the race being played (a Race)
        self.results: list = []
        self.prev_target = None
        self.snapshots: list = []
        self.pb_order: list = []
        self.pb_idx = 0
        self.budget = 0
        self.pb_extra: dict = {}
        self.pb_started: set = set()
        self.last_race_no = None                # set when the time limit is up
        # the built track as a graph (track_rows()), brought up to date in place when asked: made
        # here, not when first asked, so that a bot's observation (which shares it) keeps it warm
        self._graph = TrackGraph()
        self._dists: tuple | None = None        # (track, start -> distances) for the draws
        self._checked = CheckMemo()             # the last check's work, for its action's play
        self._cls: list[dict[int, int]] = [{} for _ in range(n)]        # frontier edge -> its price
        self._stale: list[set[int]] = [set() for _ in range(n)]       # frontier edges to price again
        self._listing = [Listing() for _ in range(n)]        # the priced edges, sorted
        self.winners_: list = []
        self.end_reason = None
        if self.unconnected <= 1:
            self.second_last_turn = -1
        if o.first_player is not None:
            setup_steps.set_first(self, o.first_player)
        if rules.turn_timer() is not None:
            self.track_time()

    # -- fields of the public API ----------------------------------------------------------
    @property
    def accounts(self) -> list:
        return self.money.accounts

    @property
    def ledger(self) -> list:
        """Every transfer ``(payer, payee, amount, reason)``; -1 is the bank."""
        return self.money.entries

    @property
    def track(self) -> list:
        return self.net.track

    @property
    def edge_owners(self) -> dict:
        return self.net.edge_owners

    @property
    def hex_owners(self) -> list:
        return self.net.hex_owners

    @property
    def nodes(self) -> list:
        return self.net.nodes

    @property
    def stage(self) -> str:
        return self.STEPS[self.step].stage

    # -- changes every step makes ------------------------------------------------------------
    def go(self, step: str) -> None:
        """Move to ``step`` (the race's stage follows while a race is on)."""
        self.step = step
        r = self.current
        if r is not None and self.STEPS[step].phase == "race":
            r.stage = step

    def pay(self, src: int, dst: int, amount: int, why: str) -> None:
        self.money.pay(src, dst, amount, why)


    def refusal(self, action_type: str):
        rule, message = REFUSALS.get(action_type, (f"{action_type}.not-now", f"no {action_type!r} now"))
        if action_type == "build" and self.stage == "start":
            message += " (choose a start city first)"
        return rule, message

    def external_time_up(self, action: dict):
        """The agreed time is over (option ``time_limit``): the race being played is finished,
        then one more race, then the game ends (docs/rules.md, Options: the end of the game)."""
        if self.rules.time_limit() is None:
            raise IllegalAction("time.off", "no time limit is set (option time_limit, docs/rules.md, Options)")
        if self.last_race_no is not None:
            raise IllegalAction("time.done", "the time limit was already reached")

        def plan():
            # in the build phase the first race is the one more; in a race, the next one
            self.last_race_no = self.race_no + 1
            self.say(N_("time is up: the game ends after race {race}"), race=self.last_race_no)
        return {"type": "time_up"}, plan

    def decision_key(self):
        """The current decision, for turn timers: a whole build turn is one decision."""
        step = self.step
        if step in ("build", "roll"):
            return ("build", self.turn_index)
        if step == "post_build":
            return ("post_build", self.race_no, self.pb_idx)
        return (step, self.current_player())

    # -- the built track as a graph (kept up to date as pieces are laid) -----------------------
    def track_rows(self) -> dict:
        """hex -> ``((neighbour, step, owners), ...)`` over built track and bought ferries; a
        step is an edge id, or ``-1 - k`` for ferry line ``k``: a hex's pieces in the order
        they were first built, then its ferry lines. Races and the race-drawing distances run
        on it; it is a view of the state, not to be changed."""
        return self._track_graph().rows

    def track_neighbours(self) -> dict:
        """hex -> its neighbours over built track and bought ferries (from :meth:`track_rows`)."""
        return self._track_graph().near

    def _track_graph(self) -> TrackGraph:
        g = self._graph
        g.update(self.board, self.net, self.ferry_owners)
        return g

    # -- a check's work, kept for the action's play ---------------------------------------------
    def recall_check(self, what):
        """What the check of ``what`` (a build's player and edges, a declared race) found in
        this very position (:meth:`keep_check`), or None. A bot checks the action it plays on
        its observation, which shares the game's fields and this memo until it is changed
        (:meth:`~mapkit.engine.state.State.observation`), then the game plays it: so the
        pieces are planned, the route read, once. The position is the history (the object:
        a copy, or an observation that hides something, has its own; and its length) and the
        fields that such a check reads and a test might set by hand."""
        kept = self._checked.kept
        if kept is not None and kept[0] is self.history and kept[1] == what and kept[2] == self._check_key():
            return kept[3]
        return None

    def keep_check(self, what, found) -> None:
        """Keep what a check of ``what`` found (a plan that changes nothing until played)."""
        self._checked.kept = (self.history, what, self._check_key(), found)

    def _check_key(self) -> tuple:
        return (len(self.history), self.step, self.points, self.budget, self.net.version, id(self.current),
                tuple(self.money.accounts), tuple(self.ferry_owners))

    # -- public views -------------------------------------------------------------------------
    def winners(self) -> list:
        return list(self.winners_)

    def track_names(self, p: int) -> list:
        """Player ``p``'s pieces as edge names, in board order (row by row)."""
        return [self.board.edge_name(e) for e in sorted(self.net.track[p])]

    def owners(self, edge) -> tuple:
        """Owners of the piece on ``edge`` (a name or id), in building order."""
        eid = edge if isinstance(edge, int) else building.edge_of(self, edge)
        return self.net.owners_of[eid]

    def piece_cost(self, edge) -> int | None:
        """Build cost of a piece on ``edge`` (name or id) under this game's rules; None: no edge."""
        if not isinstance(edge, int):
            try:
                edge = building.edge_of(self, edge)
            except IllegalAction:
                return None
        return self.tables.piece_cost[edge]

    def step_cost(self, hexref) -> int:
        """Movement points of a train's step into hex ``hexref`` (name or id)."""
        return self.tables.into_cost[self.board.hex_id(hexref)]

    def quote(self, edge, player: int | None = None):
        """``(cost, fees)`` of building one piece on ``edge`` now, or None when illegal.

        ``cost``: build points (build phase) or money (after a race); ``fees``: money paid to
        other players. The cheap test that bots use; :meth:`check` gives the reason of a refusal.
        """
        return building.quote_now(self, edge, player)

    def start_options(self, player: int | None = None) -> list:
        """Names of the cities ``player`` (default: the one to move) may start from."""
        p = self.current_player() if player is None else player
        return [self.board.cities[c].name for c in setup_steps.start_choices(self, p)]

    def may_declare_end(self) -> bool:
        """Whether the player to move may declare the end of the build phase now."""
        return build_steps.may_declare_end(self)

    def suggest_routes(self, p: int) -> list:
        """Up to two routes (hex id lists) for player ``p``: the fastest, and the cheapest in fares."""
        from .steps import declare

        return declare.suggest_routes(self, p)

    def ferry_options(self, player: int | None = None) -> list:
        """Names of the ferry lines ``player`` (default: the one to move) may buy now."""
        p = self.current_player() if player is None else player
        return [self.board.ferries[k].name for k in ferries.ferries_to_buy(self, p)]

    def ferries_of(self, p: int) -> list:
        """Names of the ferry lines player ``p`` owns."""
        return [self.board.ferries[k].name for k, own in enumerate(self.ferry_owners) if p in own]

    def race_prize(self, place: int) -> int:
        """The prize of ``place`` (1 or 2) in the race being played (0 between races)."""
        r = self.current
        if r is None or r.start_city is None or (r.target_city is None and not r.special):
            return 0
        distance = None
        if r.special:
            from .steps.after import special_distance

            distance = special_distance(self)
        return self.rules.prize_of_place(self.board, r.start_city, r.target_city, place, distance)

    def race_status(self):
        """The race being played (a read-only :class:`RaceStatus`), or None between races."""
        return None if self.current is None else self.current.status()

    def race_stage(self) -> str | None:
        """The stage of the race being played (draw_start, declare, run, ...), or None."""
        return None if self.current is None else self.current.stage

    def declared_routes(self) -> dict:
        """Seat -> the hexes (ids) of the route it declared in the race being played, in the
        order of the declarations (the routes of :meth:`race_view`, by seat and hex id)."""
        r = self.current
        return {} if r is None else {p: tuple(d["route"]) for p, d in r.decl.items() if "route" in d}

    def race_view(self) -> dict | None:
        """The race being drawn, declared or run: cities, routes, train positions, places."""
        return view.race_view(self)

    def summary(self) -> dict:
        """The public state as JSON: phase, accounts, track, race results, winner."""
        return view.summary(self)

    def view_details(self, seat: int | None) -> dict:
        return view.details(self, seat)

    def hides(self, seat: int | None) -> bool:
        """Something is hidden from ``seat`` while another seat's start city written in secret
        is not revealed (:meth:`conceal`)."""
        secret = self.secret
        return bool(secret) and (len(secret) > 1 or seat not in secret)

    def conceal(self, seat: int | None, rng) -> None:
        """The one secret of the family: start cities written in secret (Expres) and not yet
        revealed; everything else is on the table (see :func:`.steps.setup.conceal_starts`)."""
        if self.secret:
            setup_steps.conceal_starts(self, seat, rng)


class CheckMemo:
    """The last check's work (:meth:`DampfrossState.keep_check`): shared by a game and its
    observations until they change; a copy starts empty (it plays on its own)."""

    __slots__ = ("kept",)

    def __init__(self):
        self.kept: tuple | None = None

    def copy(self) -> CheckMemo:
        return CheckMemo()


_NEIGHBOUR = itemgetter(0)        # of a row of TrackGraph.rows


class TrackGraph:
    """The graph of :meth:`DampfrossState.track_rows`: ``rows`` and ``near`` (the neighbours
    alone), brought up to date with the pieces laid since it last looked (a piece on a new
    edge joins the end of its hexes' pieces, a parallel piece changes the owners of its
    entries), and built again when the ferry lines' owners change. Its order is the order a
    fresh build gives, so searches on it break ties alike however the game got there."""

    __slots__ = ("laid", "ferries", "rows", "near")

    def __init__(self):
        self.laid = -1
        self.ferries: tuple = ()
        self.rows: dict = {}
        self.near: dict = {}

    def copy(self) -> TrackGraph:
        g = TrackGraph()
        g.laid, g.ferries, g.rows, g.near = self.laid, self.ferries, self.rows.copy(), self.near.copy()
        return g

    def update(self, board, net, ferry_owners) -> None:
        laid = net.laid
        if self.laid == len(laid) and self.ferries == tuple(ferry_owners):
            return
        if self.laid < 0 or self.laid > len(laid) or self.ferries != tuple(ferry_owners):
            self._build(board, net, ferry_owners)
        else:
            for eid in laid[self.laid:]:
                self._lay(board, eid, net.edge_owners[eid])
        self.laid = len(laid)

    def _build(self, board, net, ferry_owners) -> None:
        rows: dict = {}
        ends = board.edge_ends
        for eid, owners in net.edge_owners.items():
            a, c = ends[eid]
            rows.setdefault(a, []).append((c, eid, owners))
            rows.setdefault(c, []).append((a, eid, owners))
        for k, owners in enumerate(ferry_owners):
            if owners:
                f = board.ferries[k]
                rows.setdefault(f.port, []).append((f.to, -1 - k, owners))
                rows.setdefault(f.to, []).append((f.port, -1 - k, owners))
        self.rows = {h: tuple(r) for h, r in rows.items()}
        self.near = {h: tuple(map(_NEIGHBOUR, r)) for h, r in rows.items()}
        self.ferries = tuple(ferry_owners)

    def _lay(self, board, eid: int, owners: tuple) -> None:
        a, c = board.edge_ends[eid]
        rows = self.rows
        near = self.near
        for h, nb in ((a, c), (c, a)):
            row = rows.get(h, ())
            entry = (nb, eid, owners)
            for i, (_, step, _) in enumerate(row):
                if step == eid:                 # the same edge: new owners
                    rows[h] = row[:i] + (entry,) + row[i + 1:]
                    break
                if step < 0:                    # a ferry line: pieces go first
                    rows[h] = row[:i] + (entry,) + row[i:]
                    near[h] = near[h][:i] + (nb,) + near[h][i:]
                    break
            else:
                rows[h] = row + (entry,)
                near[h] = near.get(h, ()) + (nb,)
