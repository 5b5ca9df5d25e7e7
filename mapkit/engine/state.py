"""The game state: phases, players, accounts, track, races; an OpenSpiel-like interface.

A :class:`GameState` knows no particular game: the rules come from a
:class:`~mapkit.engine.rules.Rules` object (a preset plus options) and the board from an
:class:`~mapkit.engine.board.EngineMap`. The interface follows OpenSpiel:

* ``current_player()``: the seat to act, :data:`CHANCE` at a dice roll, :data:`TERMINAL` at the end;
* ``is_chance_node()`` / ``chance_outcomes()``: dice as actions with their probabilities;
* ``legal_actions()``: every legal action where they can be listed (start cities, single pieces,
  done, pass, suggested routes); ``check(action)``: the cheap legality test for any action,
  including multi-piece builds and free routes; ``apply(action)``: check and play it;
* ``is_terminal()``, ``returns()``, ``winners()``, ``clone()``, ``undo()``.

An illegal action raises :class:`~mapkit.engine.errors.IllegalAction` naming the rule, and
the state is unchanged. Actions are JSON objects (see :mod:`mapkit.engine.actions`).

Phases: ``order`` (who starts) -> ``start`` (secret start choice only) -> ``build`` -> ``race``
(each race: draw, declare, run, post-race building) -> ``over``.

Money: every change of an account is a transfer in :attr:`GameState.ledger`
``(payer, payee, amount, reason)`` with ``-1`` for the bank; accounts never go below 0.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine.board import EngineMap
>>> from mapkit.engine.rules import make_rules
>>> board = EngineMap.from_map(Map(Grid("pointy", "odd", 9, 1), cities=[
...     City("Aš", H("A1"), (11,)), City("Cheb", H("I1"), (12,))]))
>>> g = GameState(board, make_rules("paluba", {"first_player": 0}), ["Anna", "Bert"])
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

import copy
import heapq
from typing import NamedTuple

from .actions import CHANCE_TYPES, normalize_type
from .errors import IllegalAction
from .numbers import NumberTable

__all__ = ["GameState", "RaceStatus", "CHANCE", "TERMINAL", "BANK"]

CHANCE = -1      # current_player() at a dice roll (OpenSpiel's kChancePlayerId)
TERMINAL = -4    # current_player() when the game is over (OpenSpiel's kTerminalPlayerId)
BANK = -1        # payer or payee in the ledger


def _split(amount: int, a: int, b: int, accounts) -> tuple[int, int]:
    """Split ``amount`` between partners ``a`` and ``b``: the richer pays the odd point.

    Equal accounts: ``a`` (the proposer) pays it.
    """
    half, odd = divmod(amount, 2)
    if not odd:
        return half, half
    return (half + 1, half) if accounts[a] >= accounts[b] else (half, half + 1)


class _Context:
    """What does not change during a game (shared by all clones)."""

    __slots__ = ("board", "rules", "o", "players", "n", "seed", "piece_cost", "into_cost",
                 "must_connect", "allowed_starts", "present")

    def __init__(self, board, rules, players, seed):
        self.board = board
        self.rules = rules
        self.o = rules.options
        self.players = tuple(players)
        self.n = len(players)
        self.seed = seed
        self.piece_cost = [rules.piece_cost(board, e) for e in range(len(board.edge_ends))]
        self.into_cost = [rules.step_cost(board, h) for h in range(len(board.hex_names))]
        # The build phase ends when every numbered city that track can reach is connected.
        self.must_connect = frozenset(i for i, c in enumerate(board.cities) if c.numbers and board.adj[c.hex])
        usable = [i for i, c in enumerate(board.cities) if board.adj[c.hex]]
        if self.o.start_cities == "map" and board.start_cities:
            usable = [i for i in board.start_cities if board.adj[board.cities[i].hex]]
        self.allowed_starts = tuple(usable)
        self.present = frozenset(n for n in board.numbers if board.adj[board.cities[board.number_city[n]].hex])


class RaceStatus(NamedTuple):
    """Where the race being played stands, for bots and front ends (a copy: changing it
    changes nothing). Cities are indices into ``board.cities``; hexes are board hex ids."""

    no: int
    stage: str                  # draw_start, draw_target, declare, run, ...
    start_city: int | None
    start_hex: int | None
    target_city: int | None
    target_hexes: frozenset
    decl_order: tuple           # players in the order they declare
    decl_idx: int               # whose turn it is to declare (index into decl_order)
    offers: dict                # player offered a joint train -> the player who offered it
    finished: bool


class _Race:
    """One race: its drawing, the declarations, the run and the result."""

    __slots__ = ("no", "roller", "stage", "start", "start_city", "start_hex", "target", "target_city",
                 "target_hexes", "rejected", "decl", "decl_order", "decl_idx", "offers", "trains",
                 "members", "excluded", "fares", "run_order", "run_idx", "pos", "arrivals", "places",
                 "tb_groups", "tb_group", "tb_rolls", "tb_idx", "prizes", "income", "run_round",
                 "finished")

    def __init__(self, no: int, roller: int):
        self.no = no
        self.roller = roller
        self.stage = "draw_start"
        self.start = self.start_city = self.start_hex = None
        self.target = self.target_city = None
        self.target_hexes: frozenset = frozenset()
        self.rejected: list = []
        self.decl: dict = {}
        self.decl_order: list = []
        self.decl_idx = 0
        self.offers: dict = {}
        self.trains: list = []
        self.members: dict = {}
        self.excluded: list = []
        self.fares: list = []
        self.run_order: list = []
        self.run_idx = 0
        self.pos: dict = {}
        self.arrivals: list = []
        self.places: list = []
        self.tb_groups: list = []
        self.tb_group: list = []
        self.tb_rolls: dict = {}
        self.tb_idx = 0
        self.prizes: dict = {}
        self.income: dict = {}
        self.run_round = 0
        self.finished = False

    def copy(self) -> "_Race":
        r = _Race.__new__(_Race)
        for k in _Race.__slots__:
            v = getattr(self, k)
            if isinstance(v, (list, dict)):
                v = v.copy()
            setattr(r, k, v)
        r.decl = {p: dict(d) for p, d in self.decl.items()}
        r.tb_groups = [list(g) for g in self.tb_groups]
        return r


class GameState:
    """The state of one game. Build with :func:`mapkit.engine.new_game` or ``GameState(...)``.

    ``board``: an :class:`~mapkit.engine.board.EngineMap`; ``rules``: a
    :class:`~mapkit.engine.rules.Rules`; ``players``: names in seat (clockwise) order;
    ``seed``: kept for the record (drivers use it to draw dice: :meth:`sample_chance`).
    """

    def __init__(self, board, rules, players, seed: int = 0):
        players = [str(p) for p in players]
        o = rules.options
        if len(players) < o.min_players:
            raise IllegalAction("setup.players", f"{len(players)} players; {rules.name} needs at least {o.min_players}")
        if o.max_players is not None and len(players) > o.max_players:
            raise IllegalAction("setup.players", f"{len(players)} players; {rules.name} allows at most {o.max_players}")
        if o.first_player is not None and not 0 <= o.first_player < len(players):
            raise IllegalAction("setup.first", f"first_player {o.first_player} is not a seat of {len(players)} players")
        ctx = _Context(board, rules, players, seed)
        if not ctx.allowed_starts:
            raise IllegalAction("setup.starts", "the map has no city where a track can start")
        if o.unique_starts and len(ctx.allowed_starts) < len(players):
            raise IllegalAction("setup.starts", f"unique start cities for {len(players)} players but only "
                                                f"{len(ctx.allowed_starts)} start cities")
        self._ctx = ctx
        n = ctx.n
        nh = len(board.hex_names)
        self.phase = "order"
        self.stage = ""
        self.first: int | None = None
        self.accounts = [o.start_money] * n
        self.starts: list = [None] * n          # start hex id per player
        self.start_city: list = [None] * n      # start city index per player
        self.secret: dict = {}                  # player -> city index, until revealed
        self.secret_queue: list = []
        self.taken: set = set()                 # start cities assigned (unique starts)
        self.track: list = [set() for _ in range(n)]
        self.edge_owners: dict = {}             # edge id -> owners in building order
        self.hex_owners = [0] * nh              # bit p: player p has a piece at the hex
        self.nodes: list = [set() for _ in range(n)]  # hexes of each network (+ start)
        self.reached: set = set()               # cities with a railway
        self.unconnected = len(ctx.must_connect)
        self.ledger: list = []
        self.history: list = []
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
        self.table = NumberTable(o.number_table, ctx.present, o.number_uses)
        self._race: _Race | None = None
        self.results: list = []
        self.prev_target = None
        self.snapshots: list = []
        self.pb_order: list = []
        self.pb_idx = 0
        self.budget = 0
        self.pb_extra: dict = {}
        self.pb_started: set = set()
        self.winners_: list = []
        self.end_reason = None
        if self.unconnected <= 1:
            self.second_last_turn = -1
        if o.first_player is not None:
            self._set_first(o.first_player)

    # ======================================================================================
    # public interface
    # ======================================================================================
    @property
    def board(self):
        return self._ctx.board

    @property
    def rules(self):
        return self._ctx.rules

    @property
    def options(self):
        return self._ctx.o

    @property
    def players(self) -> tuple:
        return self._ctx.players

    @property
    def num_players(self) -> int:
        return self._ctx.n

    @property
    def seed(self):
        return self._ctx.seed

    def current_player(self) -> int:
        """The seat to act; :data:`CHANCE` at a dice roll; :data:`TERMINAL` at the end."""
        if self.phase == "over":
            return TERMINAL
        spec = self._chance_spec()
        if spec is not None:
            return CHANCE
        return self._decider()

    def is_chance_node(self) -> bool:
        return self.phase != "over" and self._chance_spec() is not None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list:
        """``[(action, probability), ...]`` at a chance node (every outcome equally likely)."""
        spec = self._chance_spec()
        if spec is None:
            return []
        kind, player, ndice = spec
        if kind == "first":
            return [({"type": "first", "player": k}, 1.0 / self._ctx.n) for k in range(self._ctx.n)]
        if ndice == 1:
            return [({"type": "roll", "player": player, "dice": [d]}, 1.0 / 6) for d in range(1, 7)]
        return [({"type": "roll", "player": player, "dice": [a, b]}, 1.0 / 36)
                for a in range(1, 7) for b in range(1, 7)]

    def sample_chance(self, rng) -> dict:
        """A chance outcome drawn with ``rng`` (a ``random.Random``)."""
        spec = self._chance_spec()
        if spec is None:
            raise IllegalAction("chance.none", "this is not a chance node")
        kind, player, ndice = spec
        if kind == "first":
            return {"type": "first", "player": rng.randrange(self._ctx.n)}
        return {"type": "roll", "player": player, "dice": [rng.randint(1, 6) for _ in range(ndice)]}

    def play_chance(self, rng) -> None:
        """Apply chance outcomes drawn with ``rng`` until a player must act (or the end)."""
        while self.phase != "over" and self._chance_spec() is not None:
            self.apply(self.sample_chance(rng))

    def legal_actions(self) -> list:
        """Every legal action of the player to move that can be listed.

        Build turns list single pieces (multi-piece builds are sequences of them);
        race declarations list ``pass`` and up to two suggested routes (any other valid route
        is legal too: test it with :meth:`check`). Chance nodes: see :meth:`chance_outcomes`.
        """
        if self.phase == "over" or self._chance_spec() is not None:
            return []
        p = self._decider()
        out = []
        if self.phase in ("start", "build") and self.stage == "start":
            for c in self._start_choices(p):
                out.append({"type": "start", "player": p, "city": self.board.cities[c].name})
            return out
        if self.stage == "joint_answer" or (self.phase == "race" and self._race.stage == "declare"
                                            and p in self._race.offers):
            out.append({"type": "accept", "player": p})
            if self.stage == "joint_answer":
                out.append({"type": "decline", "player": p})
                return out
        if self.stage in ("build", "post_build"):
            for eid in self._single_pieces(p):
                out.append({"type": "build", "player": p, "pieces": [self.board.edge_name(eid)]})
            out.append({"type": "done", "player": p})
            if self.stage == "build" and self.may_declare_end():
                out.append({"type": "declare_end", "player": p})
            return out
        if self.phase == "race" and self._race.stage == "declare":
            out.append({"type": "pass", "player": p})
            for route in self.suggest_routes(p):
                out.append({"type": "race", "player": p, "route": [self.board.hex_names[h] for h in route]})
            return out
        return out

    def check(self, action) -> dict:
        """The normalized form of ``action`` if it is legal now; else :class:`IllegalAction`."""
        return self._handle(action, commit=False)

    def is_legal(self, action) -> bool:
        try:
            self._handle(action, commit=False)
            return True
        except IllegalAction:
            return False

    def apply(self, action) -> None:
        """Play ``action`` (check it first; an illegal action changes nothing)."""
        self._handle(action, commit=True)

    apply_action = apply

    def returns(self) -> list:
        """Per seat: 1 for the winner (shared equally on a tie), 0 otherwise; 0s before the end."""
        n = self._ctx.n
        if self.phase != "over" or not self.winners_:
            return [0.0] * n
        share = 1.0 / len(self.winners_)
        return [share if p in self.winners_ else 0.0 for p in range(n)]

    def winners(self) -> list:
        """The winning seats (several on a tie); empty before the end."""
        return list(self.winners_)

    def clone(self) -> "GameState":
        """An independent copy (the board, rules and history prefix are shared, not copied)."""
        g = GameState.__new__(GameState)
        d = self.__dict__.copy()
        g.__dict__ = d
        d["accounts"] = self.accounts.copy()
        d["starts"] = self.starts.copy()
        d["start_city"] = self.start_city.copy()
        d["secret"] = self.secret.copy()
        d["secret_queue"] = self.secret_queue.copy()
        d["taken"] = self.taken.copy()
        d["track"] = [t.copy() for t in self.track]
        d["edge_owners"] = self.edge_owners.copy()
        d["hex_owners"] = self.hex_owners.copy()
        d["nodes"] = [s.copy() for s in self.nodes]
        d["reached"] = self.reached.copy()
        d["ledger"] = self.ledger.copy()
        d["history"] = self.history.copy()
        d["skip"] = self.skip.copy()
        d["joint"] = dict(self.joint) if self.joint else None
        d["table"] = self.table.copy()
        d["_race"] = self._race.copy() if self._race is not None else None
        d["results"] = self.results.copy()
        d["snapshots"] = self.snapshots.copy()
        d["pb_order"] = self.pb_order.copy()
        d["pb_extra"] = self.pb_extra.copy()
        d["pb_started"] = self.pb_started.copy()
        d["winners_"] = self.winners_.copy()
        return g

    def undo(self, player: int | None = None) -> dict:
        """Take back the last action if it was a player's (never a dice roll); return it.

        ``player``: refuse unless the last action was this player's own. The state is rebuilt
        by replaying the history without it, so the dice rolled before stay as they were.
        """
        if not self.history:
            raise IllegalAction("undo.nothing", "there is no action to undo")
        last = self.history[-1]
        if last["type"] in CHANCE_TYPES:
            raise IllegalAction("undo.dice", "the last action is a dice roll; dice are never rolled again")
        if player is not None and last.get("player") != player:
            raise IllegalAction("undo.not-own", f"the last action is {self._ctx.players[last['player']]}'s, "
                                                f"not {self._ctx.players[player]}'s")
        g = GameState(self._ctx.board, self._ctx.rules, self._ctx.players, self._ctx.seed)
        for a in self.history[:-1]:
            g.apply(a)
        self.__dict__ = g.__dict__
        return last

    # -- views -------------------------------------------------------------------------------
    def track_names(self, p: int) -> list:
        """Player ``p``'s pieces as edge names, in board order (row by row)."""
        return [self.board.edge_name(e) for e in sorted(self.track[p])]

    def owners(self, edge) -> tuple:
        """Owners of the piece on ``edge`` (a name or id), in building order."""
        eid = edge if isinstance(edge, int) else self._edge_of(edge)
        return self.edge_owners.get(eid, ())

    def piece_cost(self, edge) -> int | None:
        """Build cost of a piece on ``edge`` (name or id) under this game's rules; None: no edge."""
        if not isinstance(edge, int):
            try:
                edge = self._edge_of(edge)
            except IllegalAction:
                return None
        return self._ctx.piece_cost[edge]

    def step_cost(self, hexref) -> int:
        """Movement points of a train's step into hex ``hexref`` (name or id)."""
        return self._ctx.into_cost[self.board.hex_id(hexref)]

    def start_options(self, player: int | None = None) -> list:
        """Names of the cities ``player`` (default: the one to move) may start from."""
        p = self._decider() if player is None else player
        return [self.board.cities[c].name for c in self._start_choices(p)]

    def may_declare_end(self) -> bool:
        """Whether the player to move may declare the end of the build phase now."""
        if self.phase != "build" or self.stage != "build" or self.turn_built or self.joint:
            return False
        if self.unconnected != 1:
            return False
        if self._ctx.o.build_end == "declaration":
            return self.declared_by is None
        if self.second_last_turn is None:
            return False
        return self.turn_index - self.second_last_turn - 1 >= 2 * self._ctx.n

    def summary(self) -> dict:
        """The public state as JSON: phase, accounts, track, race results, winner."""
        b = self.board
        ctx = self._ctx
        out = {
            "phase": self.phase,
            "current_player": self.current_player(),
            "players": [
                {"seat": p, "name": ctx.players[p], "account": self.accounts[p],
                 "start": (b.cities[self.start_city[p]].name if self.start_city[p] is not None else None),
                 "track": self.track_names(p)}
                for p in range(ctx.n)],
            "races": [dict(r) for r in self.results],
            "race_no": self.race_no,
            "used_numbers": sorted(n for n, c in self.table.used.items() if c),
            "unconnected_cities": sorted(b.cities[c].name for c in ctx.must_connect - self.reached),
        }
        r = self._race
        if self.phase == "race" and r is not None and not r.finished:
            out["current_race"] = self.race_view()
        if self.phase == "over":
            out["winners"] = [ctx.players[p] for p in self.winners_]
            out["end"] = self.end_reason
        return out

    def race_status(self) -> RaceStatus | None:
        """The race being played (None between races)."""
        r = self._race
        if r is None:
            return None
        return RaceStatus(r.no, r.stage, r.start_city, r.start_hex, r.target_city,
                          frozenset(r.target_hexes), tuple(r.decl_order), r.decl_idx,
                          dict(r.offers), bool(r.finished))

    def race_stage(self) -> str | None:
        """The stage of the race being played (draw_start, declare, run, ...), or None."""
        return self._race.stage if self._race is not None else None

    def race_view(self) -> dict | None:
        """The race being drawn, declared or run: cities, routes, train positions, places."""
        r = self._race
        if r is None:
            return None
        b = self.board
        names = self._ctx.players
        return {
            "race": r.no, "stage": r.stage, "roller": names[r.roller],
            "start": r.start, "start_city": b.cities[r.start_city].name if r.start_city is not None else None,
            "target": r.target,
            "target_city": b.cities[r.target_city].name if r.target_city is not None else None,
            "rejected": [dict(x) for x in r.rejected],
            "routes": {names[p]: [b.hex_names[h] for h in d["route"]] for p, d in r.decl.items() if "route" in d},
            "racers": [[names[m] for m in r.members[p]] for p in r.trains],
            "positions": {names[p]: b.hex_names[r.decl[p]["route"][i]] for p, i in r.pos.items()},
            "places": [[names[m] for m in r.members[p]] for p in r.places],
        }

    def snapshot(self) -> dict:
        """Everything that makes up the state, as comparable plain data (for tests and replay)."""
        r = self._race
        race = None
        if r is not None:
            race = {k: (sorted(v) if isinstance(v, (set, frozenset)) else v) for k, v in
                    ((k, getattr(r, k)) for k in _Race.__slots__)}
        skip = ("_ctx", "table", "_race")
        d = {k: (sorted(v) if isinstance(v, (set, frozenset)) else v) for k, v in self.__dict__.items()
             if k not in skip}
        d["track"] = [sorted(t) for t in self.track]
        d["nodes"] = [sorted(t) for t in self.nodes]
        d["edge_owners"] = sorted(self.edge_owners.items())
        d["table"] = self.table.as_json()
        d["race"] = race
        return copy.deepcopy(d)

    # ======================================================================================
    # node kinds
    # ======================================================================================
    def _chance_spec(self):
        """(kind, player, dice) when a chance action is due, else None."""
        ph = self.phase
        if ph == "order":
            return ("first", None, 0)
        if ph == "build":
            st = self.stage
            if st == "roll":
                return ("roll", self.turn_player, self._ctx.o.build_dice)
            if st == "joint_roll":
                return ("roll", self.joint["with"], self._ctx.o.build_dice)
            return None
        if ph == "race":
            r = self._race
            st = r.stage
            if st in ("draw_start", "draw_target"):
                return ("roll", r.roller, 2)
            if st == "run":
                return ("roll", r.run_order[r.run_idx], 1)
            if st == "tiebreak":
                return ("roll", r.tb_group[r.tb_idx], 1)
        return None

    def _decider(self) -> int:
        ph = self.phase
        if ph == "start":
            return self.secret_queue[0]
        if ph == "build":
            if self.stage == "joint_answer":
                return self.joint["with"]
            return self.turn_player
        if ph == "race":
            r = self._race
            if r.stage == "declare":
                return r.decl_order[r.decl_idx]
            return self.pb_order[self.pb_idx]
        raise AssertionError(ph)

    # ======================================================================================
    # dispatch
    # ======================================================================================
    def _handle(self, action, commit: bool) -> dict:
        t = normalize_type(action)
        if self.phase == "over":
            raise IllegalAction("game.over", "the game is over")
        spec = self._chance_spec()
        if t in CHANCE_TYPES:
            if spec is None:
                raise IllegalAction("chance.not-now", f"a {t!r} chance action is not due now; "
                                                      f"{self._ctx.players[self._decider()]} is to act")
            norm = self._norm_chance(t, action, spec)
            if commit:
                self.history.append(norm)
                self._do_chance(norm)
            return norm
        if spec is not None:
            raise IllegalAction("chance.due", f"a dice roll is due ({spec[0]}), not a {t!r} action")
        p = self._decider()
        who = action.get("player", p)
        if who != p:
            name = self._ctx.players[who] if isinstance(who, int) and 0 <= who < self._ctx.n else who
            raise IllegalAction("turn.order", f"it is {self._ctx.players[p]}'s turn, not {name}'s")
        handler = getattr(self, f"_act_{t}")
        norm, plan = handler(p, action)
        if commit:
            self.history.append(norm)
            plan()
        return norm

    def _norm_chance(self, t: str, action: dict, spec) -> dict:
        kind, player, ndice = spec
        if t != kind:
            raise IllegalAction("chance.kind", f"a {kind!r} chance action is due, not {t!r}")
        if kind == "first":
            k = action.get("player")
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < self._ctx.n:
                raise IllegalAction("chance.first", f"'player' must be a seat 0..{self._ctx.n - 1}, not {k!r}")
            return {"type": "first", "player": k}
        if "player" in action and action["player"] != player:
            raise IllegalAction("chance.player", f"the roll is {self._ctx.players[player]}'s "
                                                 f"(seat {player}), not seat {action['player']!r}")
        dice = action.get("dice")
        if (not isinstance(dice, list) or len(dice) != ndice
                or any(not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6 for d in dice)):
            raise IllegalAction("chance.dice", f"'dice' must be a list of {ndice} numbers 1..6, not {dice!r}")
        return {"type": "roll", "player": player, "dice": list(dice)}

    def _do_chance(self, a: dict) -> None:
        if a["type"] == "first":
            self._set_first(a["player"])
            return
        ph = self.phase
        dice = a["dice"]
        if ph == "build":
            if self.stage == "roll":
                self._build_rolled(dice)
            else:
                self._joint_rolled(dice)
            return
        st = self._race.stage
        if st == "draw_start":
            self._drew_start(10 * dice[0] + dice[1])
        elif st == "draw_target":
            self._drew_target(10 * dice[0] + dice[1])
        elif st == "run":
            self._moved(dice[0])
        else:
            self._tiebreak_rolled(dice[0])

    # ======================================================================================
    # order and start cities
    # ======================================================================================
    def _set_first(self, k: int) -> None:
        self.first = k
        n = self._ctx.n
        if self._ctx.o.start_choice == "secret":
            self.phase = "start"
            self.stage = "start"
            self.secret_queue = [(k + i) % n for i in range(n)]
        else:
            self._begin_build()

    def _start_choices(self, p: int) -> list:
        taken = self.taken if self._ctx.o.unique_starts else ()
        return [c for c in self._ctx.allowed_starts if c not in taken]

    def _act_start(self, p: int, action: dict):
        if self.stage != "start":
            raise IllegalAction("start.done", "the start city is chosen once, at the start of the game")
        ref = action.get("city")
        try:
            c = self.board.city_index(ref)
        except ValueError as exc:
            raise IllegalAction("start.city", str(exc)) from None
        choices = self._start_choices(p)
        if c not in choices:
            name = self.board.cities[c].name
            if c in self.taken and self._ctx.o.unique_starts:
                raise IllegalAction("start.unique", f"{name} is already another player's start city "
                                                    f"(unique start cities, rules.md 3)")
            allowed = ", ".join(self.board.cities[i].name for i in choices)
            raise IllegalAction("start.allowed", f"{name} is not a start city of this map (allowed: {allowed})")
        norm = {"type": "start", "player": p, "city": self.board.cities[c].name}

        def plan():
            if self.phase == "start":
                self.secret[p] = c
                self.secret_queue.pop(0)
                if not self.secret_queue:
                    self._reveal_starts()
            else:
                self._set_start(p, c)
                if self._ctx.o.unique_starts:
                    self.taken.add(c)
                self._need_points()
        return norm, plan

    def _set_start(self, p: int, c: int) -> None:
        h = self.board.cities[c].hex
        self.start_city[p] = c
        self.starts[p] = h
        self.nodes[p].add(h)

    def _reveal_starts(self) -> None:
        o = self._ctx.o
        chosen = dict(self.secret)
        self.secret = {}
        if o.unique_starts:
            count: dict = {}
            for c in chosen.values():
                count[c] = count.get(c, 0) + 1
            again = [p for p in chosen if count[chosen[p]] > 1]
            for p, c in chosen.items():
                if count[c] == 1:
                    self._set_start(p, c)
                    self.taken.add(c)
            if again:
                n = self._ctx.n
                self.secret_queue = sorted(again, key=lambda q: (q - self.first) % n)
                return
        else:
            for p, c in chosen.items():
                self._set_start(p, c)
        self._begin_build()

    # ======================================================================================
    # build phase
    # ======================================================================================
    def _begin_build(self) -> None:
        self.phase = "build"
        self.round_no = 0
        self.round_first = self.first
        self.turn_in_round = 0
        self.round_roll = None
        self._begin_turn()

    def _begin_turn(self) -> None:
        p = (self.round_first + self.turn_in_round) % self._ctx.n
        self.turn_player = p
        self.turn_built = 0
        # the round's shared roll is known before the turn starts (shown to the player)
        shared = self._ctx.o.build_roll == "shared" and self.round_roll is not None
        self.points = self.round_roll if shared else 0
        if p in self.skip:
            self.stage = "skipped"
            self._end_turn()
            return
        if self.starts[p] is None:
            self.stage = "start"
            return
        self._need_points()

    def _need_points(self) -> None:
        if self._ctx.o.build_roll == "shared" and self.round_roll is not None:
            self.points = self.round_roll
            self.stage = "build"
        else:
            self.stage = "roll"

    def _build_rolled(self, dice) -> None:
        pts = self._ctx.rules.build_points(dice)
        self.last_roller = self.turn_player
        if self._ctx.o.build_roll == "shared":
            self.round_roll = pts
        self.points = pts
        self.stage = "build"

    def _end_turn(self) -> None:
        o = self._ctx.o
        n = self._ctx.n
        p = self.turn_player
        if self.stage != "skipped" and o.unused_points_to_account and self.points > 0 and not self.joint:
            self._pay(BANK, p, self.points, "unused build points (EJ)")
        if self.joint:
            self.joint = None
        self.points = 0
        self.turn_index += 1
        if self.unconnected == 0 and self.turns_left is None:
            # (after an Expres declaration the three rounds are played out regardless)
            self._end_build(p, "every city connected")
            return
        if self.turns_left is not None:
            self.turns_left -= 1
            if self.turns_left <= 0:
                self._end_build(self.declared_by, "three rounds after the declaration")
                return
        self.turn_in_round += 1
        if self.turn_in_round >= n:
            self.round_no += 1
            self.turn_in_round = 0
            self.round_roll = None
            self.skip = set()
            if o.rotate_rounds:
                self.round_first = (self.round_first + 1) % n
            if o.build_round_limit is not None and self.round_no >= o.build_round_limit:
                self._end_build(p, f"round limit {o.build_round_limit} (option build_round_limit)")
                return
        self._begin_turn()

    def _act_done(self, p: int, action: dict):
        if self.stage not in ("build", "post_build"):
            raise IllegalAction("done.not-building", "'done' ends a build turn; nothing is being built now")
        norm = {"type": "done", "player": p}

        def plan():
            if self.stage == "build":
                self._end_turn()
            else:
                self._end_post_build_turn()
        return norm, plan

    def _act_declare_end(self, p: int, action: dict):
        if self.phase != "build" or self.stage != "build":
            raise IllegalAction("end.not-now", "the end of the build phase is declared at the start of a build turn")
        if not self.may_declare_end():
            o = self._ctx.o
            if self.turn_built:
                why = "it is declared at the start of a turn, before building"
            elif self.unconnected != 1:
                why = f"{self.unconnected} cities are unconnected; it may be declared when one is left"
            elif o.build_end == "declaration":
                why = "the end has already been declared"
            else:
                why = ("two rounds have not yet passed since the second-to-last city was connected "
                       "(rules.md 2)")
            raise IllegalAction("end.too-early", why)
        norm = {"type": "declare_end", "player": p}

        def plan():
            if self._ctx.o.build_end == "declaration":
                self.declared_by = p
                self.turns_left = self._ctx.o.extra_rounds * self._ctx.n
                # the three rounds start with the declarer: his current turn is the first
                self.round_first = p
                self.turn_in_round = 0
                self.skip = set()
                if self.turns_left == 0:
                    self._end_build(p, "declared")
            else:
                self.declared_by = p
                self._end_build(p, "declared two rounds after the second-to-last city")
        return norm, plan

    def _end_build(self, ender: int, reason: str) -> None:
        o = self._ctx.o
        n = self._ctx.n
        self.ender = ender
        self.build_end_reason = reason
        self.stage = ""
        self.turn_player = None
        self.joint = None
        self.phase = "race"
        if o.first_race_roller == "ender":
            self.race_roller = ender
        else:
            last = self.last_roller if self.last_roller is not None else ender
            self.race_roller = (last + 1) % n
        self._begin_race()

    # -- building pieces ---------------------------------------------------------------------
    def _edge_of(self, text) -> int:
        b = self.board
        try:
            ha, hb = b.parse_edge(text)
        except ValueError as exc:
            raise IllegalAction("build.edge", str(exc)) from None
        eid = b.edge_between(ha, hb)
        if eid is None:
            if ha == hb or not b.grid.adjacent(b.grid.hex_at(ha), b.grid.hex_at(hb)):
                raise IllegalAction("build.edge", f"{b.hex_names[ha]} and {b.hex_names[hb]} are not adjacent")
            raise IllegalAction("build.edge", f"no track can be built between {b.hex_names[ha]} and "
                                              f"{b.hex_names[hb]} (water, off the board or a state border; "
                                              f"rules.md 1)")
        return eid

    def _pieces_of(self, action: dict) -> list:
        if "path" in action:
            path = action["path"]
            if not isinstance(path, list) or len(path) < 2:
                raise IllegalAction("build.shape", "'path' is a list of at least two hexes")
            return [(path[i], path[i + 1]) for i in range(len(path) - 1)]
        pieces = action.get("pieces")
        if not isinstance(pieces, list) or not pieces:
            raise IllegalAction("build.shape", "'pieces' is a non-empty list of edges like 'C4/C5'")
        return pieces

    def _act_build(self, p: int, action: dict):
        if self.stage not in ("build", "post_build"):
            raise IllegalAction("build.not-now", "no building now"
                                + (" (choose a start city first)" if self.stage == "start" else ""))
        eids = [self._edge_of(x) for x in self._pieces_of(action)]
        effects = self._plan_build(p, eids)
        norm = {"type": "build", "player": p, "pieces": [self.board.edge_name(e) for e in eids]}

        def plan():
            self._commit_build(p, effects)
        return norm, plan

    def _builders(self, p: int) -> tuple:
        if self.joint and self.stage == "build":
            return (p, self.joint["with"])
        return (p,)

    def _plan_build(self, p: int, eids: list) -> list:
        """Check a sequence of pieces; return their effects without changing anything."""
        ctx = self._ctx
        b = ctx.board
        rules = ctx.rules
        post = self.stage == "post_build"
        builders = self._builders(p)
        bits = 0
        for q in builders:
            bits |= 1 << q
        joint = len(builders) == 2
        if joint:
            conn = {self.joint["at"]} | self.joint["hexes"]
            mine = set().union(*(self.nodes[q] for q in builders))
        else:
            conn = mine = self.nodes[p]
        new_hexes: set = set()
        new_edges: set = set()
        reached_now: set = set()
        spent = 0                       # dice points, or budget in the post-race building
        paid = dict.fromkeys(builders, 0)   # money leaving each builder's account
        got: dict = {}                  # money received by each owner from these pieces
        effects = []
        left = self.budget if post else self.points
        fees_budget = post and rules.fees_from_budget()
        for eid in eids:
            name = b.edge_name(eid)
            a, c = b.edge_ends[eid]
            owners = self.edge_owners.get(eid, ())
            if eid in new_edges or any(q in owners for q in builders):
                raise IllegalAction("build.own-piece", f"{name}: you already have a piece there")
            in_a = a in conn or a in new_hexes
            in_c = c in conn or c in new_hexes
            if not (in_a or in_c):
                where = "the shared track's meeting hex or the shared track" if joint else "your network"
                raise IllegalAction("build.connected", f"{name} does not touch {where}; every new piece must "
                                                       f"touch existing track or the start city (rules.md 2)")
            frm = a if in_a else c
            why = rules.check_build(self, p, eid, frm)
            if why:
                raise IllegalAction("build.map-rule", f"{name}: {why}")
            cost = ctx.piece_cost[eid]
            # the far end: where none of the builders had track before this piece
            far = None
            ma, mc = (a in mine or a in new_hexes), (c in mine or c in new_hexes)
            if not (ma and mc):
                far = c if ma else a
            fees = []
            fee = rules.join_fee(b, far) if far is not None else 0   # (0 in a city)
            if fee:
                m = self.hex_owners[far] & ~bits
                q = 0
                while m:
                    if m & 1 and q not in owners:
                        fees.append((q, fee, "joining/crossing"))
                    m >>= 1
                    q += 1
            if owners:
                fee = rules.parallel_fee(b, eid)
                if fee:
                    for q in owners:
                        fees.append((q, fee, "parallel"))
            fee_total = sum(f for _, f, _ in fees)
            need = cost + (fee_total if fees_budget else 0)
            if need > left - spent:
                if post:
                    raise IllegalAction("build.budget", f"{name} costs {cost}"
                                        + (f" + {fee_total} fees" if fees_budget and fee_total else "")
                                        + f"; the post-race budget has {left - spent} left "
                                        f"({ctx.o.post_race} rule, rules.md 2/3)")
                raise IllegalAction("build.points", f"{name} costs {cost} build points; "
                                                    f"{left - spent} left this turn (rules.md 1-2)")
            # who pays the fees (joint: split, the richer pays the odd point)
            payers = []
            for q, f, kind in fees:
                if joint:
                    sa, sb = _split(f, builders[0], builders[1], self.accounts)
                    payers.append((builders[0], q, sa, kind))
                    payers.append((builders[1], q, sb, kind))
                else:
                    payers.append((p, q, f, kind))
            for payer, _, f, _ in payers:
                paid[payer] += f
            if post:
                paid[p] += cost
            for payer in builders:
                if paid[payer] > self.accounts[payer] + got.get(payer, 0):
                    raise IllegalAction("fees.account", f"{name}: {ctx.players[payer]} would pay {paid[payer]} "
                                                        f"but has {self.accounts[payer]} on the account; nobody "
                                                        f"builds on debt (rules.md 2)")
            for _, q, f, _ in payers:
                got[q] = got.get(q, 0) + f
            spent += need
            # The bonus goes to the first track *arriving* in a city. A builder's own start
            # city is in his network, so it is never the far end: it never pays him a bonus,
            # and once he builds out of it, it has its railway and pays nobody.
            bonus = None
            if self.phase == "build" and far is not None and b.is_city[far]:
                ci = b.city_at[far]
                if ci not in self.reached and ci not in reached_now:
                    bonus = ci
            for h in (a, c):
                if b.is_city[h]:
                    reached_now.add(b.city_at[h])
            new_hexes.add(a)
            new_hexes.add(c)
            new_edges.add(eid)
            effects.append((eid, need, cost, payers, bonus))
        return effects

    def _commit_build(self, p: int, effects: list) -> None:
        ctx = self._ctx
        b = ctx.board
        builders = self._builders(p)
        joint = len(builders) == 2
        post = self.stage == "post_build"
        for eid, need, cost, payers, bonus in effects:
            a, c = b.edge_ends[eid]
            for payer, q, f, kind in payers:
                self._pay(payer, q, f, f"{kind} fee {b.edge_name(eid)}")
                if post and ctx.o.budget_counts_fees and q not in self.pb_started:
                    self.pb_extra[q] = self.pb_extra.get(q, 0) + f
            if post:
                self._pay(p, BANK, cost, f"build {b.edge_name(eid)}")
                self.budget -= need
            else:
                self.points -= need
            for q in builders:
                self.track[q].add(eid)
                self.nodes[q].add(a)
                self.nodes[q].add(c)
                self.hex_owners[a] |= 1 << q
                self.hex_owners[c] |= 1 << q
            self.edge_owners[eid] = self.edge_owners.get(eid, ()) + tuple(builders)
            if joint:
                self.joint["hexes"] = self.joint["hexes"] | {a, c}
            if bonus is not None:
                amount = ctx.o.city_bonus
                if joint:
                    # split the bonus; the poorer gets the odd point
                    s0, s1 = _split(amount, builders[0], builders[1], self.accounts)
                    self._pay(BANK, builders[0], s1, f"city bonus {b.cities[bonus].name}")
                    self._pay(BANK, builders[1], s0, f"city bonus {b.cities[bonus].name}")
                else:
                    self._pay(BANK, p, amount, f"city bonus {b.cities[bonus].name}")
            for h in (a, c):
                if b.is_city[h]:
                    ci = b.city_at[h]
                    if ci not in self.reached:
                        self.reached.add(ci)
                        if ci in ctx.must_connect:
                            self.unconnected -= 1
                            if self.unconnected <= 1 and self.second_last_turn is None and self.phase == "build":
                                self.second_last_turn = self.turn_index
            self.turn_built += 1
        if post:
            if self.budget <= 0:
                self._end_post_build_turn()
        elif self.points <= 0:
            self._end_turn()

    def quote(self, edge, player: int | None = None):
        """``(cost, fees)`` of building one piece on ``edge`` now, or None when illegal.

        ``cost``: build points (build phase) or money (after a race); ``fees``: money paid to
        other players. The cheap test that bots use; :meth:`check` gives the reason of a refusal.
        """
        p = self._decider() if player is None else player
        if self.stage not in ("build", "post_build") or self.phase == "over" or p != self._decider():
            return None
        if isinstance(edge, int):
            eid = edge
        else:
            try:
                eid = self._edge_of(edge)
            except IllegalAction:
                return None
        if len(self._builders(p)) == 2:
            try:
                (_, need, cost, payers, _), = self._plan_build(p, [eid])
            except IllegalAction:
                return None
            return cost, sum(f for _, _, f, _ in payers)
        return self._quote(p, eid)

    def _quote(self, p: int, eid: int):
        ctx = self._ctx
        b = ctx.board
        owners = self.edge_owners.get(eid, ())
        if p in owners:
            return None
        a, c = b.edge_ends[eid]
        nodes = self.nodes[p]
        in_a = a in nodes
        in_c = c in nodes
        if not (in_a or in_c):
            return None
        cost = ctx.piece_cost[eid]
        post = self.stage == "post_build"
        left = self.budget if post else self.points
        if cost > left:
            return None
        rules = ctx.rules
        fee_total = 0
        if not (in_a and in_c):
            far = c if in_a else a
            m = self.hex_owners[far] & ~(1 << p)
            if m:
                fee = rules.join_fee(b, far)   # 0 in a city
                q = 0
                while m:
                    if m & 1 and q not in owners:
                        fee_total += fee
                    m >>= 1
                    q += 1
        if owners:
            fee_total += rules.parallel_fee(b, eid) * len(owners)
        if post:
            if rules.fees_from_budget() and cost + fee_total > left:
                return None
            if cost + fee_total > self.accounts[p]:
                return None
        elif fee_total > self.accounts[p]:
            return None
        if rules.check_build(self, p, eid, a if in_a else c):
            return None
        return cost, fee_total

    def _single_pieces(self, p: int) -> list:
        """Edge ids of every single piece the player to move could build now."""
        b = self.board
        builders = self._builders(p)
        out = set()
        if len(builders) == 2:
            for h in {self.joint["at"]} | self.joint["hexes"]:
                for _, eid in b.adj[h]:
                    if eid not in out:
                        try:
                            self._plan_build(p, [eid])
                        except IllegalAction:
                            continue
                        out.add(eid)
            return sorted(out)
        seen = set()
        quote = self._quote
        for h in self.nodes[p]:
            for _, eid in b.adj[h]:
                if eid in seen:
                    continue
                seen.add(eid)
                if quote(p, eid) is not None:
                    out.add(eid)
        return sorted(out)

    # -- joint track --------------------------------------------------------------------------
    def _act_joint(self, p: int, action: dict):
        o = self._ctx.o
        n = self._ctx.n
        if not o.joint_track:
            raise IllegalAction("joint.off", "joint track is not allowed (option joint_track, rules.md 3)")
        if self.phase != "build" or self.stage != "build" or self.turn_built or self.joint:
            raise IllegalAction("joint.not-now", "a joint track is proposed at the start of one's build turn")
        q = action.get("with")
        if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < n or q == p:
            raise IllegalAction("joint.partner", f"'with' must be another player's seat, not {q!r}")
        later = [(self.round_first + i) % n for i in range(self.turn_in_round + 1, n)]
        if q not in later or q in self.skip or self.starts[q] is None:
            raise IllegalAction("joint.partner", f"{self._ctx.players[q]} has no build turn left in this round")
        try:
            at = self.board.hex_id(action.get("at"))
        except (ValueError, TypeError):
            raise IllegalAction("joint.at", f"'at' must be a hex, not {action.get('at')!r}") from None
        if at not in self.nodes[p] or at not in self.nodes[q]:
            raise IllegalAction("joint.at", f"the networks of both players must meet at "
                                            f"{self.board.hex_names[at]} (rules.md 3, joint track)")
        norm = {"type": "joint", "player": p, "with": q, "at": self.board.hex_names[at]}

        def plan():
            self.joint = {"with": q, "at": at, "hexes": frozenset(), "own": self.points}
            self.stage = "joint_answer"
        return norm, plan

    def _act_accept(self, p: int, action: dict):
        if self.phase == "build" and self.stage == "joint_answer":
            norm = {"type": "accept", "player": p}

            def plan():
                self.skip.add(p)
                if self._ctx.o.build_roll == "shared":
                    self._joint_rolled(None)
                else:
                    self.stage = "joint_roll"
            return norm, plan
        if self.phase == "race" and self._race.stage == "declare" and p in self._race.offers:
            norm = {"type": "accept", "player": p}
            proposer = self._race.offers[p]

            def plan():
                r = self._race
                del r.offers[p]
                r.decl[proposer]["partner"] = p
                r.decl[p] = {"joined": proposer}
                self._next_declarer()
            return norm, plan
        raise IllegalAction("accept.none", "there is no proposal to accept")

    def _act_decline(self, p: int, action: dict):
        if self.phase == "build" and self.stage == "joint_answer":
            norm = {"type": "decline", "player": p}

            def plan():
                self.joint = None
                self.stage = "build"
            return norm, plan
        if self.phase == "race" and self._race.stage == "declare" and p in self._race.offers:
            raise IllegalAction("decline.race", "to refuse a joint train, declare your own race or pass")
        raise IllegalAction("decline.none", "there is no proposal to decline")

    def _joint_rolled(self, dice) -> None:
        """The partner's points are in (his own roll, or the round's shared roll): 3/4 of both."""
        other = self.round_roll if dice is None else self._ctx.rules.build_points(dice)
        self.points = self._ctx.rules.joint_points(self.joint["own"], other)
        self.stage = "build"
        if self.points <= 0:
            self._end_turn()

    # ======================================================================================
    # races: drawing
    # ======================================================================================
    def _begin_race(self) -> None:
        o = self._ctx.o
        self.race_no += 1
        self.snapshots.append(self.accounts.copy())
        r = _Race(self.race_no, self.race_roller)
        self._race = r
        if o.start_from_previous_target and self.prev_target is not None:
            start = self.prev_target
            c = self.board.number_city[start]
            if c in self.reached and self._has_target(self.board.cities[c].hex, c):
                self._set_race_start(start)
                return
            r.rejected.append({"start": start, "why": "no race possible from the previous target"})
        if not self._any_pair():
            if o.number_table != "free":
                self.table.reset()
            if not self._any_pair():
                self._game_over("no race can be drawn")
                return
        r.stage = "draw_start"

    def _acceptable(self, start_city: int, dist: dict | None, target_num: int) -> str | None:
        """Why ``target_num`` cannot be the target from ``start_city`` (None: it can)."""
        b = self.board
        o = self._ctx.o
        tc = b.number_city[target_num]
        if tc not in self.reached:
            return "not connected by any track"
        if tc == start_city:
            return "the start city itself"
        if o.forbidden == "table":
            d = b.steps_between(start_city, tc)
            lim = self._ctx.rules.min_table_distance(b)
            if d is None:
                return "the cities cannot reach each other (forbidden race)"
            if d < lim:
                return f"{d} in the distance table, under {lim} (forbidden race)"
            return None
        d = dist.get(b.cities[tc].hex) if dist is not None else None
        if d is not None and d < o.min_track:
            return f"the shortest built track is {d} pieces, under {o.min_track}"
        return None

    def _track_distances(self, src: int) -> dict:
        """Pieces of built track (anyone's) from hex ``src`` to every hex it reaches."""
        adj = self.board.adj
        owners = self.edge_owners
        dist = {src: 0}
        frontier = [src]
        while frontier:
            nxt = []
            for h in frontier:
                dh = dist[h] + 1
                for nb, eid in adj[h]:
                    if nb not in dist and eid in owners:
                        dist[nb] = dh
                        nxt.append(nb)
            frontier = nxt
        return dist

    def _has_target(self, start_hex: int, start_city: int) -> bool:
        dist = self._track_distances(start_hex) if self._ctx.o.forbidden == "track" else None
        return any(self._acceptable(start_city, dist, t) is None for t in self.table.free_numbers())

    def _any_pair(self) -> bool:
        b = self.board
        seen = set()
        for s in self.table.free_numbers():
            c = b.number_city[s]
            if c in seen or c not in self.reached:
                continue
            seen.add(c)
            if self._has_target_excluding(b.cities[c].hex, c, s):
                return True
        return False

    def _has_target_excluding(self, start_hex: int, start_city: int, start_num: int) -> bool:
        t2 = self.table.copy()
        t2.mark(start_num)
        dist = self._track_distances(start_hex) if self._ctx.o.forbidden == "track" else None
        return any(self._acceptable(start_city, dist, t) is None for t in t2.free_numbers())

    def _drew_start(self, rolled: int) -> None:
        r = self._race
        b = self.board
        n = self.table.resolve(rolled)
        c = b.number_city[n]
        if c not in self.reached:
            r.rejected.append({"rolled": rolled, "start": n, "why": "not connected by any track"})
            return
        if not self._has_target_excluding(b.cities[c].hex, c, n):
            r.rejected.append({"rolled": rolled, "start": n, "why": "no allowed target from it"})
            return
        self.table.mark(n)
        self._set_race_start(n)

    def _set_race_start(self, n: int) -> None:
        r = self._race
        b = self.board
        c = b.number_city[n]
        r.start = n
        r.start_city = c
        r.start_hex = b.cities[c].hex
        r.stage = "draw_target"

    def _drew_target(self, rolled: int) -> None:
        r = self._race
        b = self.board
        n = self.table.resolve(rolled)
        dist = self._track_distances(r.start_hex) if self._ctx.o.forbidden == "track" else None
        why = self._acceptable(r.start_city, dist, n)
        if why is not None:
            r.rejected.append({"rolled": rolled, "target": n, "why": why})
            return
        self.table.mark(n)
        c = b.number_city[n]
        r.target = n
        r.target_city = c
        r.target_hexes = frozenset((b.cities[c].hex,))
        self._begin_declarations()

    # ======================================================================================
    # races: declarations
    # ======================================================================================
    def _begin_declarations(self) -> None:
        r = self._race
        n = self._ctx.n
        r.stage = "declare"
        r.decl_order = [(r.roller + i) % n for i in range(n)]
        r.decl_idx = 0

    def _next_declarer(self) -> None:
        r = self._race
        r.decl_idx += 1
        if r.decl_idx >= len(r.decl_order):
            self._resolve_declarations()

    def _act_pass(self, p: int, action: dict):
        r = self._race
        if self.phase != "race" or r.stage != "declare":
            raise IllegalAction("race.not-declaring", "'pass' declines a race; no race is being declared now")
        norm = {"type": "pass", "player": p}

        def plan():
            r.offers.pop(p, None)
            self._next_declarer()
        return norm, plan

    def _route_of(self, p: int, action: dict, partner: int | None):
        """Check a declared route: returns (hex ids, track owner per step)."""
        b = self.board
        r = self._race
        route = action.get("route")
        if not isinstance(route, list) or len(route) < 2:
            raise IllegalAction("route.shape", "'route' is a list of hexes from the start city to the target")
        try:
            hexes = [b.hex_id(h) for h in route]
        except (ValueError, TypeError) as exc:
            raise IllegalAction("route.hex", str(exc)) from None
        if hexes[0] != r.start_hex:
            raise IllegalAction("route.start", f"the route must begin at the start city "
                                               f"{b.cities[r.start_city].name} ({b.hex_names[r.start_hex]})")
        if hexes[-1] not in r.target_hexes:
            raise IllegalAction("route.target", f"the route must end at the target "
                                                f"{b.cities[r.target_city].name}")
        if len(set(hexes)) != len(hexes):
            raise IllegalAction("route.repeat", "the route visits a hex twice")
        tracks = action.get("tracks")
        if tracks is not None and (not isinstance(tracks, list) or len(tracks) != len(hexes) - 1):
            raise IllegalAction("route.tracks", f"'tracks' names one owner per step ({len(hexes) - 1} steps)")
        owners_per_step = []
        for i in range(len(hexes) - 1):
            eid = b.edge_between(hexes[i], hexes[i + 1])
            owners = self.edge_owners.get(eid, ()) if eid is not None else ()
            if not owners:
                raise IllegalAction("route.track", f"no track is built between {b.hex_names[hexes[i]]} and "
                                                   f"{b.hex_names[hexes[i + 1]]}; races run on built track")
            if tracks is not None:
                q = tracks[i]
                if q not in owners:
                    raise IllegalAction("route.tracks", f"step {b.hex_names[hexes[i]]}-{b.hex_names[hexes[i + 1]]}: "
                                                        f"seat {q!r} has no track there")
            elif p in owners:
                q = p
            elif partner is not None and partner in owners:
                q = partner
            else:
                q = owners[0]
            owners_per_step.append(q)
        return hexes, owners_per_step

    def _act_race(self, p: int, action: dict):
        r = self._race
        o = self._ctx.o
        if self.phase != "race" or r.stage != "declare":
            raise IllegalAction("race.not-declaring", "routes are declared after a race is drawn")
        partner = action.get("partner")
        if partner is not None:
            if not o.joint_races:
                raise IllegalAction("joint.off", "joint races are not allowed (option joint_races, rules.md 3)")
            later = r.decl_order[r.decl_idx + 1:]
            if not isinstance(partner, int) or isinstance(partner, bool) or partner not in later:
                raise IllegalAction("joint.partner", f"the partner must be a player who declares later, "
                                                     f"not {partner!r}")
            if partner in r.offers:
                raise IllegalAction("joint.partner", f"{self._ctx.players[partner]} already has a proposal")
        hexes, owners = self._route_of(p, action, partner)
        mine = {p} if partner is None else {p, partner}
        if o.own_piece_required and not any(q in mine for q in owners):
            raise IllegalAction("race.own-piece", "the route uses none of your own pieces; a player may not "
                                                  "race without using his own track (rules.md 2)")
        b = self.board
        norm = {"type": "race", "player": p, "route": [b.hex_names[h] for h in hexes]}
        if action.get("tracks") is not None:
            norm["tracks"] = list(owners)
        if partner is not None:
            norm["partner"] = partner

        def plan():
            r.offers.pop(p, None)
            r.decl[p] = {"route": hexes, "tracks": owners, "partner": None}
            if partner is not None:
                r.offers[partner] = p
            self._next_declarer()
        return norm, plan

    def suggest_routes(self, p: int) -> list:
        """Up to two routes (hex id lists) for player ``p``: the fastest, and the cheapest in fares.

        Both run over built track from the start to the target; routes breaking the own-piece
        rule are left out. Bots may search for others and test them with :meth:`check`.
        """
        r = self._race
        if r is None or r.stage != "declare":
            return []
        out = []
        for key in ("fast", "cheap"):
            route = self._best_route(p, key)
            if route is None or route in out:
                continue
            owners_mine = False
            for i in range(len(route) - 1):
                eid = self.board.edge_between(route[i], route[i + 1])
                if p in self.edge_owners.get(eid, ()):
                    owners_mine = True
                    break
            if self._ctx.o.own_piece_required and not owners_mine:
                continue
            out.append(route)
        return out

    def _best_route(self, p: int, key: str):
        b = self.board
        into = self._ctx.into_cost
        owners = self.edge_owners
        src = self._race.start_hex
        targets = self._race.target_hexes
        dist = {src: (0, 0)}
        prev = {}
        heap = [((0, 0), src)]
        while heap:
            d, h = heapq.heappop(heap)
            if d != dist.get(h):
                continue
            if h in targets:
                path = [h]
                while path[-1] != src:
                    path.append(prev[path[-1]])
                return path[::-1]
            for nb, eid in b.adj[h]:
                own = owners.get(eid)
                if not own:
                    continue
                fare = 0 if p in own else 1
                step = into[nb]
                nd = (d[0] + step, d[1] + fare) if key == "fast" else (d[0] + fare, d[1] + step)
                if nb not in dist or nd < dist[nb]:
                    dist[nb] = nd
                    prev[nb] = h
                    heapq.heappush(heap, (nd, nb))
        return None

    def _resolve_declarations(self) -> None:
        r = self._race
        o = self._ctx.o
        ctx = self._ctx
        r.offers = {}
        trains = [p for p in r.decl_order if p in r.decl and "route" in r.decl[p]]
        for p in trains:
            q = r.decl[p].get("partner")
            r.members[p] = (p,) if q is None else (p, q)
        active = list(trains)
        if o.own_piece_required:
            for p in list(active):
                if not any(q in r.members[p] for q in r.decl[p]["tracks"]):
                    active.remove(p)
                    r.excluded.append({"player": p, "why": "no own piece on the route"})
        while True:
            fares = self._fares(active)
            bad = []
            for p in active:
                for m in r.members[p]:
                    paid = sum(f for (a, _, f) in fares if a == m)
                    got = sum(f for (_, c, f) in fares if c == m)
                    if o.fare_limit is not None and paid - got > o.fare_limit:
                        bad.append((p, f"{ctx.players[m]} would pay {paid - got} more than he receives "
                                       f"(limit {o.fare_limit})"))
                        break
                    if self.accounts[m] - paid + got < 0:
                        bad.append((p, f"{ctx.players[m]} cannot pay {paid} fares (account {self.accounts[m]})"))
                        break
            if not bad:
                break
            for p, why in bad:
                active.remove(p)
                r.excluded.append({"player": p, "why": why})
        r.trains = active
        r.fares = fares
        # income of this race: fares received now, prizes later
        received: dict = {}
        paid_by: dict = {}
        for a, c, f in fares:
            paid_by[a] = paid_by.get(a, 0) + f
            received[c] = received.get(c, 0) + f
        # pay: debits first, so that nobody passes through a negative account
        for a, c, f in fares:
            self.accounts[a] -= f
            self.accounts[c] += f
            self.ledger.append((a, c, f, f"fare race {r.no}"))
        for c, f in received.items():
            r.income[c] = r.income.get(c, 0) + f
        if not active:
            self._finish_race(run=False)
            return
        if len(active) == 1:
            r.places = [active[0]]
            self._finish_race(run=True)
            return
        r.stage = "run"
        r.run_order = list(active)
        r.run_idx = 0
        r.pos = {p: 0 for p in active}
        r.run_round = 1

    def _fares(self, active: list) -> list:
        """(payer, payee, amount) of the fares among ``active`` trains (excluded racers get nothing)."""
        r = self._race
        fare = self._ctx.o.fare
        if not fare:
            return []
        excluded = {p for p in r.decl if "route" in r.decl[p] and p not in active}
        excluded |= {q for p in excluded for q in r.members.get(p, ())}
        out = []
        for p in active:
            mem = r.members[p]
            owed: dict = {}
            for q in r.decl[p]["tracks"]:
                if q not in mem and q not in excluded:
                    owed[q] = owed.get(q, 0) + fare
            for q, f in sorted(owed.items()):
                if len(mem) == 2:
                    sa, sb = _split(f, mem[0], mem[1], self.accounts)
                    if sa:
                        out.append((mem[0], q, sa))
                    if sb:
                        out.append((mem[1], q, sb))
                else:
                    out.append((p, q, f))
        return out

    # ======================================================================================
    # races: running
    # ======================================================================================
    def _occupied(self, p: int, idx: int) -> bool:
        """Whether train ``p`` may not stop at step ``idx`` of its route (Expres rule)."""
        r = self._race
        if idx == 0:
            return False
        route = r.decl[p]["route"]
        h = route[idx]
        if h in r.target_hexes:
            return False
        track = r.decl[p]["tracks"][idx - 1]
        for q, i in r.pos.items():
            if q == p or i == 0 or q in r.places:
                continue
            rq = r.decl[q]["route"]
            if rq[i] == h and r.decl[q]["tracks"][i - 1] == track:
                return True
        return False

    def _moved(self, die: int) -> None:
        r = self._race
        o = self._ctx.o
        into = self._ctx.into_cost
        p = r.run_order[r.run_idx]
        route = r.decl[p]["route"]
        i = r.pos[p]
        last = len(route) - 1
        pts = die
        start_i = i
        while i < last and into[route[i + 1]] <= pts:
            pts -= into[route[i + 1]]
            i += 1
        if o.no_shared_stop and i != last:
            while i > start_i and self._occupied(p, i):
                i -= 1
        r.pos[p] = i
        if i == last:
            if o.finish == "first":
                r.places.append(p)
            else:
                r.arrivals.append((p, pts))
        if o.finish == "first" and self._race_decided():
            self._finish_race(run=True)
            return
        r.run_idx += 1
        while r.run_idx < len(r.run_order) and r.pos[r.run_order[r.run_idx]] == last_of(r, r.run_order[r.run_idx]):
            r.run_idx += 1
        if r.run_idx >= len(r.run_order):
            self._end_run_round()

    def _race_decided(self) -> bool:
        r = self._race
        running = [p for p in r.trains if p not in r.places and r.pos[p] != last_of(r, p)]
        if len(r.places) >= 2 or not running:
            return True
        if len(r.places) == 1 and len(running) == 1 and not r.arrivals:
            # the last train still running can only be second
            r.places.append(running[0])
            return True
        return False

    def _end_run_round(self) -> None:
        r = self._race
        if r.arrivals:
            groups: dict = {}
            for p, left in r.arrivals:
                groups.setdefault(left, []).append(p)
            r.arrivals = []
            r.tb_groups = [groups[k] for k in sorted(groups, reverse=True)]
            self._place_groups()
            if r.stage == "tiebreak":
                return
        self._next_run_round()

    def _next_run_round(self) -> None:
        r = self._race
        if self._race_decided():
            self._finish_race(run=True)
            return
        r.run_round += 1
        r.run_order = [p for p in r.run_order if r.pos[p] != last_of(r, p)]
        r.run_idx = 0

    def _place_groups(self) -> None:
        """Place the arrivals of a round, best leftover first; ties go to a re-roll."""
        r = self._race
        while r.tb_groups and len(r.places) < 2:
            g = r.tb_groups[0]
            if len(g) == 1:
                r.places.append(g[0])
                r.tb_groups.pop(0)
                continue
            r.stage = "tiebreak"
            r.tb_group = list(g)
            r.tb_rolls = {}
            r.tb_idx = 0
            return
        r.tb_groups = []
        r.stage = "run"

    def _tiebreak_rolled(self, die: int) -> None:
        r = self._race
        p = r.tb_group[r.tb_idx]
        r.tb_rolls[p] = die
        r.tb_idx += 1
        if r.tb_idx < len(r.tb_group):
            return
        best = max(r.tb_rolls.values())
        top = [q for q in r.tb_group if r.tb_rolls[q] == best]
        if len(top) > 1:
            r.tb_group = top
            r.tb_rolls = {}
            r.tb_idx = 0
            return
        r.places.append(top[0])
        g = r.tb_groups[0]
        g.remove(top[0])
        if not g:
            r.tb_groups.pop(0)
        r.stage = "run"
        self._place_groups()
        if r.stage == "tiebreak":
            return
        self._next_run_round()

    # ======================================================================================
    # races: results, post-race building, the end
    # ======================================================================================
    def _finish_race(self, run: bool) -> None:
        r = self._race
        ctx = self._ctx
        b = ctx.board
        rules = ctx.rules
        r.finished = True
        if run:
            for place, p in enumerate(r.places[:2], start=1):
                if place == 2 and len(r.trains) < 2:
                    break
                amount = rules.prize(b, r.start_city, r.target_city, place)
                mem = r.members[p]
                if len(mem) == 2:
                    # the poorer partner gets the odd point
                    s0, s1 = _split(amount, mem[0], mem[1], self.accounts)
                    shares = ((mem[0], s1), (mem[1], s0))
                else:
                    shares = ((p, amount),)
                for m, s in shares:
                    self._pay(BANK, m, s, f"prize {place} race {r.no}")
                    r.prizes[m] = r.prizes.get(m, 0) + s
                    r.income[m] = r.income.get(m, 0) + s
        self.prev_target = r.target
        self.results.append(self._race_result())
        if self._check_end_after_race():
            return
        if run:
            self._begin_post_build()
        else:
            self._next_race()

    def _race_result(self) -> dict:
        r = self._race
        b = self.board
        names = self._ctx.players
        return {
            "race": r.no,
            "roller": names[r.roller],
            "start": r.start, "start_city": b.cities[r.start_city].name if r.start_city is not None else None,
            "target": r.target,
            "target_city": b.cities[r.target_city].name if r.target_city is not None else None,
            "rejected": [dict(x) for x in r.rejected],
            "racers": [[names[m] for m in r.members[p]] for p in r.trains],
            "excluded": [{"player": names[x["player"]], "why": x["why"]} for x in r.excluded],
            "fares": [[names[a], names[c], f] for a, c, f in r.fares],
            "places": [[names[m] for m in r.members[p]] for p in r.places[:2]],
            "prizes": {names[m]: v for m, v in sorted(r.prizes.items())},
            "accounts": list(self.accounts),
        }

    def _check_end_after_race(self) -> bool:
        o = self._ctx.o
        if self._target_reached():
            return True
        if o.races is not None and self.race_no >= o.races:
            self._game_over(f"{self.race_no} races played")
            return True
        return False

    def _target_reached(self) -> bool:
        ts = self._ctx.rules.target_score(self._ctx.n)
        if ts is None:
            return False
        best = max(self.accounts)
        if best >= ts:
            self._game_over(f"{self._ctx.players[self.accounts.index(best)]} reached {ts} points")
            return True
        return False

    def _begin_post_build(self) -> None:
        r = self._race
        n = self._ctx.n
        first = []
        for p in r.places[:2]:
            for m in r.members[p]:
                if m not in first:
                    first.append(m)
        w = first[0]
        rest = [(w + i) % n for i in range(1, n) if (w + i) % n not in first]
        self.pb_order = first + rest
        self.pb_idx = -1
        self.pb_extra = {}
        self.pb_started = set()
        r.stage = "post_build"
        self._next_post_builder()

    def _next_post_builder(self) -> None:
        r = self._race
        rules = self._ctx.rules
        while True:
            self.pb_idx += 1
            if self.pb_idx >= len(self.pb_order):
                self.stage = ""
                self._next_race()
                return
            p = self.pb_order[self.pb_idx]
            self.pb_started.add(p)
            income = r.income.get(p, 0) + self.pb_extra.get(p, 0)
            budget = rules.post_race_budget(r.no, self.accounts[p], income)
            if budget is None:
                self.stage = ""
                self._next_race()
                return
            if budget > 0:
                self.budget = budget
                self.stage = "post_build"
                self.turn_built = 0
                return

    def _end_post_build_turn(self) -> None:
        self.budget = 0
        if self._target_reached():
            return
        self._next_post_builder()

    def _next_race(self) -> None:
        self.stage = ""
        self.race_roller = (self._race.roller + 1) % self._ctx.n
        self._begin_race()

    def _game_over(self, reason: str) -> None:
        o = self._ctx.o
        self.phase = "over"
        self.stage = ""
        self.end_reason = reason
        if self._race is not None and not self._race.finished:
            self._race.stage = "void"
        if o.winner_by == "last_three" and len(self.snapshots) >= 3:
            base = self.snapshots[-3]
            score = [a - s for a, s in zip(self.accounts, base)]
        else:
            score = self.accounts
        best = max(score)
        self.winners_ = [p for p in range(self._ctx.n) if score[p] == best]

    # -- money -------------------------------------------------------------------------------
    def _pay(self, src: int, dst: int, amount: int, why: str) -> None:
        if amount <= 0:
            return
        if src >= 0:
            if self.accounts[src] < amount:  # every caller checks first; this is a guard
                raise AssertionError(f"account of seat {src} would go negative ({why})")
            self.accounts[src] -= amount
        if dst >= 0:
            self.accounts[dst] += amount
        self.ledger.append((src, dst, amount, why))


def last_of(r: _Race, p: int) -> int:
    return len(r.decl[p]["route"]) - 1
