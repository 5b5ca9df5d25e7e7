"""What every game's state shares: the OpenSpiel protocol, steps, JSON actions, undo, clone.

A game family (:mod:`mapkit.engine.games`) subclasses :class:`State` with its own data and a
table of *steps* (:class:`~mapkit.engine.steps.Step`): the phases of its turn sequence, each
with the player who decides there (or a chance node), the actions it accepts and the legal
actions it lists. This module knows no particular game. It gives every family:

* ``current_player()`` -- the seat to act, :data:`CHANCE` at a chance node, :data:`TERMINAL`
  at the end; ``is_chance_node()``, ``chance_outcomes()``, ``sample_chance(rng)``,
  ``play_chance(rng)``;
* ``legal_actions()`` (listed by the current step), ``check(action)`` (the normalized action
  or :class:`~mapkit.engine.errors.IllegalAction`), ``is_legal``, ``apply`` (= ``apply_action``);
* ``is_terminal()``, ``returns()``, ``winners()``;
* ``clone()`` -- an independent copy, made generically from the state's fields;
  ``snapshot()`` -- the state as comparable plain data; ``undo()`` -- replay without the last
  player action (dice stay as they fell);
* ``view()`` -- everything a front end draws and explains, as JSON of one shape for every game;
* ``observation(seat)`` -- what one seat may know, as a state of its own (what a bot is given);
  ``hides(seat)`` -- whether the family hides anything from the seat now; :class:`ListingView`
  -- a read-only window on the seat to move's listing, for a bot that reads nothing else;
* ``decision_elapsed()`` -- how long the current decision has had (for turn timers).

An illegal action raises :class:`~mapkit.engine.errors.IllegalAction` naming the rule it
breaks, and changes nothing: every step handler first checks and returns a *plan*, which runs
only when the action is applied.
"""

from __future__ import annotations

import copy
import random
import time

from ..i18n.said import Said, said
from .actions import normalize_type
from .errors import IllegalAction
from .view import VIEW_VERSION, complete_view

__all__ = ["State", "Log", "ListingView", "CHANCE", "TERMINAL", "BANK", "fastcopy"]

CHANCE = -1      # current_player() at a chance node (OpenSpiel's kChancePlayerId)
TERMINAL = -4    # current_player() when the game is over (OpenSpiel's kTerminalPlayerId)
BANK = -1        # payer or payee in the ledger


class Log(list):
    """An append-only list of immutable entries (actions, transfers, messages): a clone copies
    the list, never its entries."""

    __slots__ = ()


_SCALARS = (int, float, str, bool, type(None), frozenset, tuple, Said)


def fastcopy(v):
    """An independent copy of state data: lists, dicts and sets are copied down to their
    scalars, tuples and frozensets are kept (immutable), :class:`Log` entries are shared,
    and objects with a ``copy()`` method copy themselves."""
    t = type(v)
    if t in _SCALARS:
        return v
    if t is list:
        return [x if type(x) in _SCALARS else fastcopy(x) for x in v]
    if t is dict:
        return {k: x if type(x) in _SCALARS else fastcopy(x) for k, x in v.items()}
    if t is set:
        return set(v)
    if t is Log:
        return Log(v)
    return v.copy()


class State:
    """Base class of a game's state (see the module notes).

    A subclass sets ``STEPS`` (step name -> :class:`~mapkit.engine.steps.Step`),
    ``ACTION_TYPES``, ``CHANCE_TYPES`` and ``EXTERNAL_TYPES`` (actions that do not belong to
    the player to move, such as a clock's ``time_up``), and keeps its current step's name in
    ``self.step``. Attributes whose names start with ``_`` are not part of the state (caches,
    clocks): :meth:`snapshot` leaves them out.
    """

    STEPS: dict = {}
    ACTION_TYPES: tuple = ()
    CHANCE_TYPES: tuple = ()
    EXTERNAL_TYPES: tuple = ()
    # Attributes that are the game's, not the state's: shared by clones, not in snapshots.
    SHARED = frozenset(("game", "board", "rules", "options", "players", "num_players", "seed", "_unseeded"))
    # When the current decision started, for turn timers (a front end may replace the clock).
    clock = staticmethod(time.monotonic)
    # Why the game ended (a family sets it when it ends): shown in view() and by simulate.
    end_reason: str | None = None
    # The game's log (the family makes it): what happened, for front ends (say()).
    messages: Log
    # An observation shares the game's data until it is changed (copy-on-write, observation()).
    _borrowed = False

    def __init__(self, game):
        self.game = game
        # the game's fixed facts, read at every step of the rules: attributes cost less than
        # properties; clones share them (SHARED) and snapshots leave them out
        self.board, self.rules, self.options = game.board, game.rules, game.options
        self.players, self.num_players, self.seed = game.players, game.num_players, game.seed
        self.step = "over"
        self.history = Log()
        self._decision = None
        self._decision_started = self.clock()
        self._timed = False             # follow decisions for a clock (track_time)

    @property
    def phase(self) -> str:
        return self.STEPS[self.step].phase

    def say(self, message: str, english: str | None = None, /, **fields) -> None:
        """Add a line to the game's log (``self.messages``, a :class:`Log` the family keeps):
        ``message`` (English, marked with ``N_``) with its ``fields``, which each front end
        says in its player's language (:mod:`mapkit.i18n.said`); ``english``: the English line
        when it is not the message filled in ("You play first")."""
        self.messages.append(said(message, english, **fields))

    # -- the protocol --------------------------------------------------------------------
    def current_step(self):
        return self.STEPS[self.step]

    def is_terminal(self) -> bool:
        return self.STEPS[self.step].terminal

    def chance(self):
        """The :class:`~mapkit.engine.chance.Chance` due now, or None."""
        step = self.STEPS[self.step]
        return None if step.terminal else step.chance(self)

    def current_player(self) -> int:
        """The seat to act; :data:`CHANCE` at a chance node; :data:`TERMINAL` at the end."""
        step = self.STEPS[self.step]
        if step.terminal:
            return TERMINAL
        if step.chance(self) is not None:
            return CHANCE
        return step.decider(self)

    def is_chance_node(self) -> bool:
        return self.chance() is not None

    def chance_outcomes(self) -> list:
        """``[(action, probability), ...]`` at a chance node, else ``[]``."""
        spec = self.chance()
        return [] if spec is None else spec.outcomes(self.num_players)

    def sample_chance(self, rng) -> dict:
        """A chance outcome drawn with ``rng`` (a ``random.Random``)."""
        spec = self.chance()
        if spec is None:
            raise IllegalAction("chance.none", "this is not a chance node")
        return spec.sample(rng, self.num_players)

    def play_chance(self, rng) -> None:
        """Apply chance outcomes drawn with ``rng`` until a player must act (or the end)."""
        while self.chance() is not None:
            self.apply(self.sample_chance(rng))

    def legal_actions(self) -> list:
        """The legal actions of the player to move that can be listed ([] at chance nodes)."""
        step = self.STEPS[self.step]
        if step.terminal or step.chance(self) is not None:
            return []
        return step.legal_actions(self, step.decider(self))

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
        """Play ``action`` (checked first; an illegal action changes nothing)."""
        self._handle(action, commit=True)

    apply_action = apply

    def returns(self) -> list:
        """Per seat: 1 for the winner (shared equally on a tie), 0 otherwise; 0s before the end."""
        win = self.winners() if self.is_terminal() else []
        share = 1.0 / len(win) if win else 0.0
        return [share if p in win else 0.0 for p in range(self.num_players)]

    def winners(self) -> list:
        """The winning seats (several on a tie); empty before the end."""
        return []

    # -- copies --------------------------------------------------------------------------
    def clone(self):
        """An independent copy (the game's fixed facts are shared, not copied)."""
        other = object.__new__(type(self))
        d = other.__dict__
        shared = self.SHARED
        for k, v in self.__dict__.items():
            d[k] = v if k in shared else fastcopy(v)
        d.pop("_borrowed", None)        # a copy is its own
        return other

    def snapshot(self) -> dict:
        """The whole state as comparable plain data (sets sorted; caches left out)."""
        shared = self.SHARED
        return {k: _plain(v) for k, v in sorted(self.__dict__.items()) if k not in shared and not k.startswith("_")}

    def undo(self, player: int | None = None) -> dict:
        """Take back the last action if it was a player's (never a chance outcome); return it.

        ``player``: refuse unless the last action was this player's own. The state is rebuilt
        by replaying the history without it, so the dice rolled before stay as they were.
        """
        if not self.history:
            raise IllegalAction("undo.nothing", "there is no action to undo")
        last = self.history[-1]
        if last["type"] in self.CHANCE_TYPES:
            what = ("a dice roll; dice are never rolled again" if last["type"] in ("roll", "first")
                    else "a chance outcome; it is never drawn again")
            raise IllegalAction("undo.dice", f"the last action is {what}")
        if player is not None and last.get("player") != player:
            who = self.players[last["player"]] if isinstance(last.get("player"), int) else "nobody"
            raise IllegalAction("undo.not-own", f"the last action is {who}'s, not {self.players[player]}'s")
        fresh = type(self)(self.game)
        for a in self.history[:-1]:
            fresh.apply(a)
        started = self._decision_started
        self.__dict__ = fresh.__dict__
        self._decision_started = started
        return last

    # -- what one seat may know ----------------------------------------------------------
    def observation(self, seat: int | None, rng: random.Random | None = None) -> State:
        """What ``seat`` may know of the game, as a state of its own: what a bot is given.

        OpenSpiel's information state, sampled (a *determinization*): a copy in which every
        secret the seat may not see -- other seats' cards, the deck, a choice still written
        in secret -- is replaced by a sample drawn with ``rng`` from what the seat cannot tell
        apart, so that the copy answers the whole protocol (``legal_actions``, ``check``,
        ``apply``, ``clone`` ...) as the game does for this seat, while two games that differ
        only in what the seat cannot see give the same observation. In its ``history`` the
        others' secret actions keep their type and player and lose their secret (a card dealt
        to another seat names no city), so it is not a record to replay. The game's seed is
        left out: every driver draws dice and cards from it, so it would tell the future.
        The family's :meth:`conceal` says what is secret (the core knows no game); ``seat``
        None (or no seat) is a spectator, who sees only what is public. The observation shares
        the game's data until it is changed through ``apply`` (copy-on-write): change it so,
        or clone it first, never in place.

        ``rng``: where the sample comes from (a bot passes its own; default: a generator
        seeded by the seat and the number of actions played, never by anything secret).
        """
        # Copy-on-write: a bot is asked once per decision and mostly only reads, so the
        # observation shares the game's data (and its caches, which the bot's reading warms)
        # until it is changed through apply(); conceal() replaces what it hides.
        obs = object.__new__(type(self))
        obs.__dict__.update(self.__dict__)
        obs._borrowed = True
        game = self.__dict__.get("_unseeded")
        if game is None:        # the game without its seed, made once (clones share it)
            game = self._unseeded = copy.copy(self.game)
            game.seed = None
        obs.game, obs.seed = game, None
        if seat is not None and not 0 <= seat < self.num_players:
            seat = None
        if rng is None:
            rng = random.Random(f"observe:{seat}:{len(self.history)}")
        obs.conceal(seat, rng)
        return obs

    def hides(self, seat: int | None) -> bool:
        """Whether anything of the game is hidden from ``seat`` (None: a spectator) now: the
        family's declaration, with :meth:`conceal`. Where nothing is, the seat's observation
        differs from the game only by the seed it leaves out, so a bot that reads only the
        listing may be given the game's own through a :class:`ListingView` (no copy). The
        default: a family that conceals nothing (keeps :meth:`State.conceal`) hides nothing, one
        that conceals something hides it always; such a family answers more precisely where it
        can (Dampfross: while start cities written in secret are not revealed)."""
        return type(self).conceal is not State.conceal

    def conceal(self, seat: int | None, rng: random.Random) -> None:
        """The family's hook for :meth:`observation`: in this observation, replace every
        secret that ``seat`` (None: a spectator) may not see by a sample drawn with ``rng`` --
        a function of what the seat sees and ``rng`` alone -- and take the secrets out of the
        ``history``. The secrets are those :meth:`view` leaves out. The observation still
        shares its fields with the game: give a field a new value, never change one in place
        (``self.hands = ...``, not ``self.hands[q] = ...``). The default is a game without
        secrets: nothing to hide."""

    def _own(self) -> None:
        """An observation about to change takes its own copy of the game's data."""
        d = self.__dict__
        shared = self.SHARED
        for k, v in d.items():
            if k not in shared:
                d[k] = fastcopy(v)
        d["_borrowed"] = False

    # -- turn timers ---------------------------------------------------------------------
    def decision_key(self):
        """What identifies the current decision: while it stays the same, its clock runs on."""
        return (self.step, self.current_player())

    def track_time(self, on: bool = True) -> None:
        """Follow when each decision begins, for :meth:`decision_elapsed` (a family turns it
        on when its rules have a turn timer; a front end may turn it on to show a clock)."""
        self._timed = on
        self._decision = None
        self._decision_moved()

    def decision_elapsed(self) -> float:
        """Seconds since the current decision began (by :attr:`clock`; not part of the state).

        Followed only while :meth:`track_time` is on; otherwise the time since it was last on
        (or since the state was made)."""
        return self.clock() - self._decision_started

    # -- the view for front ends ---------------------------------------------------------
    def view(self, seat: int | None = None) -> dict:
        """Everything a front end needs to draw and explain the state, as JSON of one
        versioned shape for every game (:mod:`mapkit.engine.view`, version 2): ``game``,
        ``preset``, ``phase``, ``step``, ``period``, ``current_player``, ``players`` (with
        ``money`` and ``score`` apart), ``legal`` (the listed legal actions when ``seat`` is to
        move, or when no seat is given), ``board`` (``track`` on edges or as tiles on hexes,
        ``pawns``, ``tokens``, ``cities``, and what the family adds), ``messages``, ``over``,
        ``winners`` and ``end``; ``step_label`` and ``said`` say them in a player's language.
        ``seat``: the viewer; secrets of other seats are left out (None: a spectator sees what
        is public).
        """
        cp = self.current_player()
        legal = self.legal_actions() if cp >= 0 and (seat is None or seat == cp) else []
        step = self.STEPS[self.step]
        label = said(step.label) if step.label else step.name.replace("_", " ")
        out = {"view": VIEW_VERSION, "game": self.rules.family, "preset": self.rules.name, "phase": self.phase,
               "step": self.step, "step_label": label, "current_player": cp, "chance": self.chance() is not None,
               "legal": legal,
               "over": self.is_terminal(), "winners": [self.players[p] for p in self.winners()],
               "end": self.end_reason if self.is_terminal() else None}
        out.update(self.view_details(seat))
        return complete_view(out)

    def view_details(self, seat: int | None) -> dict:
        """The family's part of :meth:`view`: players, board, period, messages (what it
        leaves out is empty: :func:`mapkit.engine.view.complete_view`)."""
        return {"players": [{"seat": p, "name": n} for p, n in enumerate(self.players)]}

    # -- dispatch ------------------------------------------------------------------------
    def refusal(self, action_type: str):
        """``(rule, message)`` when the current step does not take ``action_type``."""
        return (f"{action_type}.not-now", f"a {action_type!r} action is not possible now")

    def _handle(self, action, commit: bool) -> dict:
        if commit and self._borrowed:
            self._own()
        t = normalize_type(action, self.ACTION_TYPES)
        step = self.STEPS[self.step]
        if step.terminal:
            raise IllegalAction("game.over", "the game is over")
        spec = step.chance(self)
        if t in self.CHANCE_TYPES:
            if spec is None:
                raise IllegalAction("chance.not-now", f"a {t!r} chance action is not due now; "
                                                      f"{self.players[step.decider(self)]} is to act")
            norm = spec.normalize(action, self.players)
            if commit:
                self.history.append(norm)
                step.on_chance(self, norm)
                if self._timed:
                    self._decision_moved()
            return norm
        if t in self.EXTERNAL_TYPES:
            norm, plan = getattr(self, f"external_{t}")(action)
        else:
            if spec is not None:
                raise IllegalAction("chance.due", f"a chance action is due ({spec.kind}), not a {t!r} action")
            p = step.decider(self)
            who = action.get("player", p)
            if who != p:
                name = self.players[who] if type(who) is int and 0 <= who < self.num_players else who
                raise IllegalAction("turn.order", f"it is {self.players[p]}'s turn, not {name}'s")
            handler = getattr(step, f"act_{t}", None)
            if handler is None:
                raise IllegalAction(*self.refusal(t))
            norm, plan = handler(self, p, action)
        if commit:
            self.history.append(norm)
            plan()
            if self._timed:
                self._decision_moved()
        return norm

    def _decision_moved(self) -> None:
        key = self.decision_key() if not self.is_terminal() else None
        if key != self._decision:
            self._decision = key
            self._decision_started = self.clock()


class ListingView:
    """What a bot that reads only the listing is given where the family hides nothing from
    the seat to move (:meth:`State.hides`): a read-only window on the game itself, made
    without a copy. It answers ``legal_actions()``, ``current_player()`` and ``history`` (to
    read: its length, its entries) as the seat's observation would (nothing being hidden, they
    are the game's), and nothing else: no ``apply``, no seed, none of the family's fields. The
    listed actions are the game's own objects, to read, as an observation's are.

    >>> from mapkit.grid import Grid, parse_hex as H
    >>> from mapkit.model import Map, City
    >>> from mapkit.engine import new_game
    >>> g = new_game(Map(Grid("pointy", "odd", 9, 1), cities=[City("Aš", H("A1"), (11,)),
    ...              City("Cheb", H("I1"), (12,))]), "paluba", ["A", "B"], {"first_player": 0}, seed=7)
    >>> v = ListingView(g)
    >>> v.legal_actions() == g.legal_actions(), v.current_player(), len(v.history)
    (True, 0, 0)
    >>> v.apply
    Traceback (most recent call last):
    ...
    AttributeError: 'ListingView' object has no attribute 'apply'
    """

    __slots__ = ("_state",)

    def __init__(self, state: State):
        self._state = state

    def legal_actions(self) -> list:
        return self._state.legal_actions()

    def current_player(self) -> int:
        return self._state.current_player()

    @property
    def history(self) -> _ReadOnlyLog:
        return _ReadOnlyLog(self._state.history)


class _ReadOnlyLog:
    """A game's history to read (:class:`ListingView`): its length and entries, no changes."""

    __slots__ = ("_log",)

    def __init__(self, log: Log):
        self._log = log

    def __len__(self) -> int:
        return len(self._log)

    def __getitem__(self, i):
        return self._log[i]

    def __iter__(self):
        return iter(self._log)


_PLAIN = frozenset((int, float, str, bool, type(None)))
_SEQUENCES = frozenset((list, tuple, Log))


def _plain(v):
    """``v`` as comparable plain data (:meth:`State.snapshot`): sets sorted, tuples as lists,
    objects by their ``as_json()``. The scalars in a list or dict are taken as they are, not
    passed to a call of their own (a snapshot is mostly scalars: the history's actions).

    >>> class Money:
    ...     def as_json(self):
    ...         return {"accounts": (3, 4)}
    >>> _plain({"track": [{5, 1}, frozenset()], "log": Log([("a", 1)]), "money": Money(), "n": None})
    {'track': [[1, 5], []], 'log': [['a', 1]], 'money': {'accounts': [3, 4]}, 'n': None}
    """
    t = type(v)
    if t in _PLAIN:
        return v
    if t is dict:
        return {k: x if type(x) in _PLAIN else _plain(x) for k, x in v.items()}
    if t in _SEQUENCES:
        return [x if type(x) in _PLAIN else _plain(x) for x in v]
    if t is set or t is frozenset:
        return sorted(v)
    if hasattr(v, "as_json"):
        return _plain(v.as_json())
    return v
