"""One game a server runs: seats and their links, the driver of dice and bots, live updates.

A :class:`LiveGame` holds one engine state and the browsers connected to it. It is the only
thing that changes the state, always under the game's lock, in this order: check the action
(:meth:`~mapkit.engine.state.State.check`, so an illegal one changes nothing), apply it, save
the record atomically and on the disk (:func:`mapkit.engine.record.save_record`, flushed:
nothing is acknowledged that a power cut could lose), then send every connection
the state as its seat may see it (:meth:`~mapkit.engine.state.State.view`). Dice are drawn
by the server (:func:`mapkit.engine.simulate.roll`: from the seed and the number of actions,
so a game resumed after a restart rolls what it would have rolled) and bots are asked in
turn, both at the game's *pace* (seconds between automatic actions while a person plays, so
that trains are seen moving).

Who may do what is decided by the link a browser opened:

* a **seat token** acts for that seat only (its secrets are shown to it alone);
* the **host token** (given to whoever created the game) acts for every seat that a person
  holds (hot-seat on one screen), may download the record of an unfinished game and see the
  links again;
* **no token**: a spectator, who sees what is public and cannot act.

Browsers never roll dice, never act for a bot, never act for another seat; every action they
send is checked by the engine like any other.

>>> import asyncio, tempfile
>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.io.yamlwrite import dump_map
>>> from mapkit.web.storage import GamesFolder
>>> from mapkit.web.hub import GameRequest, Hub
>>> m = Map(Grid("pointy", "odd", 9, 1), cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("I1"), (12,))],
...         meta={"name": "Tiny"})
>>> hub = Hub(GamesFolder(tempfile.mkdtemp()))
>>> async def demo():
...     g = await hub.create(m, dump_map(m), GameRequest("paluba", {"first_player": 0},
...                                                      [("Ann", "human"), ("Bot", "greedy")], seed=1, pace=0))
...     ann = g.seat_token(0)
...     try:
...         await g.act(g.access(ann), {"type": "start", "city": "Nowhere"})
...     except IllegalAction as exc:
...         print(exc.reason)
...     await g.act(g.access(ann), {"type": "start", "city": "Aš"})
...     await g.settle()
...     return g.state.step, g.state.current_player(), [a["type"] for a in g.state.history]
>>> asyncio.run(demo())        # the server rolls Ann's build dice; she is to build
'Nowhere' is not a city of the map (give a name, race number or hex)
('build', 0, ['start', 'roll'])
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time

from ..engine.errors import IllegalAction
from ..errors import MapkitError
from .families import refusal as family_refusal

__all__ = ["LiveGame", "Access", "Connection", "Refused", "MAX_SEATS", "DEFAULT_PACE", "MAX_QUEUED", "STATUS"]

log = logging.getLogger("mapkit.web")

MAX_SEATS = 8
DEFAULT_PACE = 0.4       # seconds between dice and bot actions while a person plays
MAX_PACE = 5.0
MAX_NAME = 40
# Replies waiting for a browser that does not read them: past this the connection is dropped
# (the server keeps no unbounded queue for anyone). A page waits for each answer before it
# asks again, so it never has more than a few waiting.
MAX_QUEUED = 64
MAX_QUEUED_BYTES = 4 * 1024 * 1024


class Refused(MapkitError):
    """A request refused before it reached the engine (wrong seat, a dice roll, no such thing);
    its ``rule`` says which (and the HTTP status, :data:`STATUS`)."""

    exit_code = 1

    def __init__(self, message: str, rule: str = "web.refused", retry_after: int | None = None):
        super().__init__(message)
        self.rule = rule
        self.retry_after = retry_after      # seconds until it would be taken (HTTP Retry-After)


# The HTTP status of a refusal by its rule (docs/web.md): a link that may not do this, 403;
# nothing of that name, 404; the server's own limits, 429 and 503; the rest, 400.
STATUS = {"web.no-game": 404, "web.token": 403, "web.host": 403, "web.seat": 403, "web.spectator": 403,
          "web.too-often": 429, "web.full": 503}


class Access:
    """What one link may do: ``seats`` it acts for, ``host``; a spectator has neither."""

    __slots__ = ("seats", "host")

    def __init__(self, seats=frozenset(), host: bool = False):
        self.seats = frozenset(seats)
        self.host = host

    @property
    def spectator(self) -> bool:
        return not self.seats and not self.host

    def __repr__(self):
        return f"Access(seats={sorted(self.seats)}, host={self.host})"


class Connection:
    """A browser's live channel: replies are sent in order; of the state, only the newest
    one not yet sent is kept (a slow browser skips states, never gets them out of order)."""

    def __init__(self, send, access: Access):
        self.send = send                 # async callable taking a text message
        self.access = access
        self.replies: list = []
        self.queued_bytes = 0
        self.state_text: str | None = None
        self.wake = asyncio.Event()
        self.closed = False

    @property
    def overflowing(self) -> bool:
        """Whether the browser has left more replies unread than the server keeps."""
        return len(self.replies) > MAX_QUEUED or self.queued_bytes > MAX_QUEUED_BYTES

    def reply(self, text: str) -> None:
        self.replies.append(text)
        self.queued_bytes += len(text)
        self.wake.set()

    def post_state(self, text: str) -> None:
        self.state_text = text
        self.wake.set()

    async def pump(self) -> None:
        """Send what is queued until the connection closes."""
        while not self.closed:
            await self.wake.wait()
            self.wake.clear()
            while self.replies or self.state_text is not None:
                if self.replies:
                    text = self.replies.pop(0)
                    self.queued_bytes -= len(text)
                else:
                    text, self.state_text = self.state_text, None
                try:
                    await self.send(text)
                except Exception:       # the browser went away mid-send (the socket says how)
                    self.closed = True
                    return


class LiveGame:
    """One game being played on the server (see the module notes)."""

    def __init__(self, hub, gid: str, meta: dict, state, m, map_text: str):
        from ..engine.bots import make_bot

        self.hub = hub
        self.id = gid
        self.meta = meta
        self.state = state
        self.map = m
        self.map_text = map_text
        self.seats = meta["seats"]                      # [{name, kind, token}]
        self.seed = meta["seed"]
        self.pace = float(meta.get("pace", 0))
        preset = state.rules.name
        self.bots = [None if s["kind"] == "human" else make_bot(s["kind"], self.seed, preset=preset)
                     for s in self.seats]
        self.lock = asyncio.Lock()
        self.conns: set = set()
        self.version = 0
        self.updated = time.time()
        self.touched = time.monotonic()     # the last change or connection: idle games leave memory
        self._driver: asyncio.Task | None = None
        self._timer: asyncio.TimerHandle | None = None
        self.error: str | None = None       # why the server's own action was refused (a bot's mistake): the game stops

    # -- who is who ------------------------------------------------------------------------
    def seat_token(self, seat: int) -> str:
        return self.seats[seat]["token"]

    @property
    def host_token(self) -> str:
        return self.meta["host"]

    def humans(self) -> frozenset:
        return frozenset(i for i, s in enumerate(self.seats) if s["kind"] == "human")

    def access(self, token: str | None) -> Access:
        """The rights of a link's token; a spectator without one. A wrong token is refused."""
        if not token:
            return Access()
        if secrets.compare_digest(token, self.host_token):
            return Access(self.humans(), host=True)
        for i, s in enumerate(self.seats):
            if s["kind"] == "human" and secrets.compare_digest(token, s["token"]):
                return Access({i})
        raise Refused("this link is not valid for this game (ask the host for your seat's link)", "web.token")

    def viewer_seat(self, access: Access):
        """The seat whose view a link gets: its own; a hot-seat screen sees the person to move."""
        if not access.seats:
            return None
        cp = self.state.current_player()
        if cp in access.seats:
            return cp
        return min(access.seats)

    def view(self, access: Access) -> dict:
        v = self.state.view(self.viewer_seat(access))
        if access.spectator:
            v["legal"] = []
        v["you"] = sorted(access.seats)
        return v

    def public_info(self) -> dict:
        """The lobby's line about this game: nothing secret, no tokens."""
        s = self.state
        return {"id": self.id, "map": self.map.name, "preset": s.rules.name, "game": s.rules.family,
                "players": [{"name": x["name"], "kind": x["kind"]} for x in self.seats],
                "phase": s.phase, "over": s.is_terminal(),
                "winners": [s.players[p] for p in s.winners()], "actions": len(s.history),
                "created": self.meta.get("created"), "updated": self.updated, "error": self.error}

    def links(self, base: str = "") -> dict:
        """Every link of the game (for its host)."""
        return {"host": f"{base}/play/{self.id}?t={self.host_token}",
                "spectate": f"{base}/play/{self.id}",
                "seats": [{"seat": i, "name": s["name"], "kind": s["kind"],
                           "url": f"{base}/play/{self.id}?t={s['token']}" if s["kind"] == "human" else None}
                          for i, s in enumerate(self.seats)]}

    # -- the record ------------------------------------------------------------------------
    def record(self):
        from ..engine.record import Record

        rec = Record.of(self.state, "map.yaml")
        rec.header["play"] = {"seats": [s["kind"] for s in self.seats]}
        return rec

    def save(self) -> None:
        from ..engine.record import save_record

        save_record(self.record(), self.hub.store.record_path(self.id), durable=True)
        self.updated = time.time()

    async def saved(self) -> None:
        """Save the record (called under the game's lock, before anyone is told of the change).
        In a worker thread: writing and renaming a file takes milliseconds on a slow disk, and
        the other games go on meanwhile."""
        await asyncio.to_thread(self.save)

    # -- acting ----------------------------------------------------------------------------
    async def act(self, access: Access, action) -> dict:
        """Check and apply a browser's action for a seat it holds; the normalized action.
        Refused (:class:`Refused`) or illegal (:class:`IllegalAction`): nothing changes."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise Refused("an action is a JSON object with a \"type\"", "web.malformed")
        s = self.state
        t = action["type"]
        async with self.lock:
            if t in s.CHANCE_TYPES:
                raise Refused("dice and other chance draws are made by the server, not by players", "web.chance")
            if t in s.EXTERNAL_TYPES:
                if not access.host:
                    raise Refused(f"only the game's host may announce {t!r}", "web.host")
                norm = s.check(action)
            else:
                if access.spectator:
                    raise Refused("a spectator cannot act; open your seat's link to play", "web.spectator")
                cp = s.current_player()
                seat = action.get("player", cp if cp in access.seats else min(access.seats))
                if type(seat) is not int or seat not in access.seats:
                    held = ", ".join(s.players[p] for p in sorted(access.seats))
                    who = s.players[seat] if type(seat) is int and 0 <= seat < s.num_players else (
                        f"seat {json.dumps(seat)[:40]}")
                    raise Refused(f"this link plays for {held}, not for {who}", "web.seat")
                if s.is_terminal():
                    raise IllegalAction("game.over", "the game is over")
                if cp >= 0 and cp != seat:
                    raise IllegalAction("turn.order", f"it is {s.players[cp]}'s turn, not {s.players[seat]}'s")
                policy = family_refusal(s.rules.family, s, seat, action)
                if policy is not None:
                    raise Refused(*policy)
                norm = s.check({**action, "player": seat})
            s.apply(norm)
            await self.saved()
        self.changed()
        return norm

    async def undo(self, access: Access) -> dict:
        """Take back the last action if it was one of ``access``'s seats' (the engine's rule)."""
        if access.spectator:
            raise Refused("a spectator cannot undo", "web.spectator")
        async with self.lock:
            s = self.state
            if not s.history:
                raise IllegalAction("undo.nothing", "there is no action to undo")
            last = s.history[-1]
            p = last.get("player")
            if last["type"] not in s.CHANCE_TYPES and p not in access.seats:
                who = s.players[p] if isinstance(p, int) and 0 <= p < s.num_players else "nobody"
                raise IllegalAction("undo.not-own", f"the last action is {who}'s; you may take back only your own")
            taken = s.undo(player=p if p in access.seats else None)
            await self.saved()
        self.changed()
        return taken

    def changed(self) -> None:
        """After any change: tell every connection, start the driver, set the turn timer."""
        self.touched = time.monotonic()
        self.version += 1
        self.broadcast()
        self.kick()
        self.arm_timer()

    # -- the driver: dice and bots ---------------------------------------------------------------
    def kick(self) -> None:
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    def _automatic(self):
        """The action the server makes now (dice or a bot's), a callable giving it, or None."""
        from ..engine.simulate import roll

        s = self.state
        if s.is_terminal():
            return None
        if s.is_chance_node():
            return lambda: roll(s, self.seed)
        bot = self.bots[s.current_player()]
        return None if bot is None else (lambda: bot.decide(s))

    async def _drive(self) -> None:
        paced = bool(self.humans()) and self.pace > 0
        while True:
            async with self.lock:
                make = self._automatic()
                if make is None:
                    return
                try:
                    if self.state.is_chance_node():
                        action = make()
                    else:
                        action = await asyncio.to_thread(make)
                    self.state.apply(action)
                except (IllegalAction, ValueError) as exc:      # a bot's mistake: stop, say so
                    log.error("game %s: the server's own action was refused: %s", self.id, exc)
                    self.error = f"stopped: the server's own action was refused ({exc})"
                    return
                await self.saved()
            self.touched = time.monotonic()
            self.version += 1
            self.broadcast()
            self.arm_timer()
            await asyncio.sleep(self.pace if paced else 0)
        # (never reached)

    def idle_for(self) -> float | None:
        """Seconds since the last change or connection, when the game waits for nobody here (no
        browser connected, no dice or bot to play): it may leave memory. None while busy."""
        if self.conns or (self._driver is not None and not self._driver.done()) or self.lock.locked():
            return None
        return time.monotonic() - self.touched

    def stop(self) -> None:
        """Before the game leaves memory: its turn timer off (armed again when it is loaded)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def settle(self) -> None:
        """Wait until the driver has nothing left to do (tests, the load test's end)."""
        while self._driver is not None and not self._driver.done():
            await asyncio.wait([self._driver])

    # -- the turn timer --------------------------------------------------------------------------
    def timer_seconds(self):
        rule = getattr(self.state.rules, "turn_timer", None)
        return rule() if callable(rule) else None

    def arm_timer(self) -> None:
        """When the rules set a turn timer and a person is to decide, time the decision out
        (the engine's ``timeout`` action) when it has run longer."""
        s = self.state
        limit = self.timer_seconds()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if limit is None or s.is_terminal() or s.is_chance_node():
            return
        p = s.current_player()
        if p < 0 or self.bots[p] is not None or not s.is_legal({"type": "timeout", "player": p}):
            return
        key = s.decision_key()
        left = max(0.0, limit - s.decision_elapsed())
        self._timer = asyncio.get_running_loop().call_later(left, self._time_out, key, p)

    def _time_out(self, key, p) -> None:
        async def run():
            async with self.lock:
                s = self.state
                if s.is_terminal() or s.decision_key() != key or s.current_player() != p:
                    return
                try:
                    s.apply({"type": "timeout", "player": p})
                except IllegalAction:
                    return
                await self.saved()
            self.changed()
        asyncio.get_running_loop().create_task(run())

    # -- connections -----------------------------------------------------------------------------
    def state_message(self, access: Access) -> str:
        return json.dumps({"type": "state", "version": self.version, "n": len(self.state.history),
                           "view": self.view(access)}, ensure_ascii=False, separators=(",", ":"))

    def broadcast(self) -> None:
        """Post the new state to every connection (one view per kind of viewer)."""
        made: dict = {}
        for c in list(self.conns):
            a = c.access
            key = (self.viewer_seat(a), a.spectator, a.seats)
            text = made.get(key)
            if text is None:
                text = made[key] = self.state_message(a)
            c.post_state(text)

    def hello(self, access: Access) -> dict:
        from ..play.picture import PLAYER_COLOURS

        s = self.state
        return {"type": "hello", "game": {
            "id": self.id, "map": self.map.name, "preset": s.rules.name, "family": s.rules.family,
            "players": [{"seat": i, "name": x["name"], "kind": x["kind"]} for i, x in enumerate(self.seats)],
            "you": sorted(access.seats), "host": access.host, "timer": self.timer_seconds(),
            "options": s.options.as_json(), "pace": self.pace, "colours": list(PLAYER_COLOURS),
            "over": s.is_terminal(), "error": self.error}}
