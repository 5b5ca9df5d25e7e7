"""Every game of a server: created, found, resumed after a restart, and kept in memory only
while it is played.

The games folder (:class:`~mapkit.web.storage.GamesFolder`) holds every game; the hub keeps
in memory only those being played (:class:`~mapkit.web.livegame.LiveGame`). A game that
waits for nobody here -- no browser connected, no dice or bot to play -- for
``Limits.idle`` seconds leaves memory, its lobby line kept; the next request for it reads it
back from its record (a replay: the same state, the same dice). A finished game leaves the
same way. Games on one map share its compiled board.

The hub's limits (:class:`Limits`, each an option of ``mapkit serve``) bound what visitors
can make the server hold: at most ``running`` unfinished games (a new one is refused, 503,
until one ends), at most ``creations`` new games per client address in ``window`` seconds
(429). A game is accepted only if its record reads back with the record loader
(:meth:`~mapkit.engine.record.Record.loads`), the check that resumes it after a restart; a
game folder that cannot be read at start is set aside (``set-aside/``) and named, and the
server starts with the others.

>>> import asyncio, tempfile
>>> from mapkit.io.yamlmap import parse_map
>>> from mapkit.io.yamlwrite import dump_map
>>> from mapkit.web.storage import GamesFolder
>>> m, _ = parse_map("version: 1\\nname: Tiny\\ngrid: {orientation: pointy, offset: odd, columns: 9, rows: 1}\\n"
...                  "cities: [{name: Aš, hex: A1, numbers: [11]}, {name: Cheb, hex: I1, numbers: [12]}]\\n")
>>> hub = Hub(GamesFolder(tempfile.mkdtemp()), Limits(idle=0))
>>> async def demo():
...     g = await hub.create(m, dump_map(m), GameRequest("paluba", {}, [("Ann", "human"), ("Bert", "human")],
...                                                      seed=2**1000))
>>> asyncio.run(demo())          # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mapkit.errors.InputError: the game could not be saved as a record that reads back: the new game's record:...: \
a number of 302 digits is too long (at most 100)
>>> async def unload_and_back():
...     g = await hub.create(m, dump_map(m), GameRequest("paluba", {}, [("Ann", "human"), ("Bert", "human")], seed=7))
...     await g.settle()
...     hub.sweep()                   # nobody is connected, nothing to play: it leaves memory
...     gone = g.id not in hub.games
...     again = await hub.game(g.id)  # and comes back from its record
...     return gone, again is not g, again.state.history == g.state.history
>>> asyncio.run(unload_and_back())
(True, True, True)
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import logging
import secrets
import time
from dataclasses import dataclass, field

from ..engine.errors import IllegalAction
from ..errors import InputError, MapkitError
from .livegame import DEFAULT_PACE, MAX_NAME, MAX_PACE, MAX_SEATS, LiveGame, Refused
from .storage import GAME_ID, new_token

__all__ = ["Hub", "Limits", "GameRequest"]


@dataclass(frozen=True)
class GameRequest:
    """A new game as asked for: the rules ``preset`` and its ``options``, the ``seats``
    (``[(name, kind)]``, kind ``human`` or a bot's name), the ``seed`` (None: a random one) and
    the ``pace`` of bots and dice (seconds a move)."""

    preset: str
    options: dict = field(default_factory=dict)
    seats: list = field(default_factory=list)
    seed: int | None = None
    pace: float = DEFAULT_PACE

log = logging.getLogger("mapkit.web")


@dataclass(frozen=True)
class Limits:
    """What a server lets its visitors make it hold (``mapkit serve`` options; docs/web.md).

    ``running``: unfinished games at once; ``creations`` new games per client address in any
    ``window`` seconds; ``idle``: seconds a game waits for nobody before it leaves memory."""

    running: int = 200
    creations: int = 60
    window: float = 600.0
    idle: float = 120.0


class Hub:
    """Every game of a server, on disk, and in memory while played (see the module notes)."""

    def __init__(self, store, limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self.games: dict[str, LiveGame] = {}      # by game id, the games in memory
        self.lines: dict = {}             # game id -> its lobby line, for games not in memory
        self.broken: dict = {}            # game id -> why it could not be resumed (set aside)
        self._boards: dict = {}           # map text's hash -> (Map, EngineMap), shared by its games
        self._created: dict = collections.defaultdict(collections.deque)   # client -> creation times
        self._loading = asyncio.Lock()
        self._sweeper: asyncio.Task | None = None

    # -- boards --------------------------------------------------------------------------------
    def _board(self, m, map_text: str):
        """``(Map, EngineMap)`` of a map text, one per text for all its games."""
        from ..engine import EngineMap

        key = hashlib.sha256(map_text.encode("utf-8")).hexdigest()
        got = self._boards.get(key)
        if got is None:
            if m is None:
                from ..io.yamlmap import parse_map

                m, _ = parse_map(map_text, "map.yaml")
            got = self._boards[key] = (m, EngineMap.from_map(m))
        return got

    def _forget_unused_boards(self) -> None:
        used = {id(g.map) for g in self.games.values()}      # a game holds its board's Map itself
        for key in [k for k, (m, _) in self._boards.items() if id(m) not in used]:
            del self._boards[key]

    # -- creating --------------------------------------------------------------------------------
    def _admit(self, client: str | None) -> None:
        """Refuse a new game past the limits (see :class:`Limits`)."""
        unfinished = sum(not g.state.is_terminal() for g in self.games.values()) + \
            sum(not line["over"] for line in self.lines.values())
        if unfinished >= self.limits.running:
            raise Refused(f"this server runs its limit of {self.limits.running} unfinished games; "
                          "try again when one has ended", "web.full")
        if client is None:
            return
        times = self._created[client]
        now = time.monotonic()
        while times and now - times[0] > self.limits.window:
            times.popleft()
        if len(times) >= self.limits.creations:
            wait = int(self.limits.window - (now - times[0])) + 1
            raise Refused(f"{self.limits.creations} games started from here in {self.limits.window:g} s, "
                          f"the most this server takes; try again in {wait} s", "web.too-often", wait)
        times.append(now)

    async def create(self, m, map_text: str, request: GameRequest, client: str | None = None) -> LiveGame:
        """A new game on map ``m`` (its canonical ``map_text``) as ``request`` asks. Bad settings
        raise :class:`InputError` (one line); past the limits, :class:`Refused`. ``client``: who
        asks (an address), for the creation limit."""
        from ..engine import new_game
        from ..engine.record import Record

        preset, options, seed, pace = request.preset, request.options, request.seed, request.pace
        clean = _seats(request.seats, preset)
        if seed is None:
            seed = secrets.randbits(31)
        if type(seed) is not int:
            raise InputError("the seed is a whole number")
        try:
            pace = min(MAX_PACE, max(0.0, float(pace)))
        except (TypeError, ValueError, OverflowError):
            raise InputError("the pace is a number of seconds") from None
        # off the event loop: compiling a board of the largest size a server takes costs seconds
        m, board = await asyncio.to_thread(self._board, m, map_text)
        try:
            state = await asyncio.to_thread(new_game, board, preset, [c["name"] for c in clean], options or {},
                                            seed=seed)
        except IllegalAction as exc:
            raise InputError(exc.reason) from None
        meta = {"format": "mapkit-web-game", "version": 1, "seats": clean, "host": new_token(), "seed": seed,
                "pace": pace, "created": time.time(), "map_name": m.name}
        rec = Record.of(state, "map.yaml")
        rec.header["play"] = {"seats": [c["kind"] for c in clean]}
        text = rec.dumps()
        try:        # accepted only if it resumes after a restart: the loader's own check
            Record.loads(text, "the new game's record")
        except MapkitError as exc:
            raise InputError(f"the game could not be saved as a record that reads back: {exc}") from None
        self._admit(client)
        gid = await asyncio.to_thread(self.store.create_game, meta, map_text, text)
        game = LiveGame(self, gid, meta, state, m, map_text)
        self.games[gid] = game
        game.kick()
        game.arm_timer()
        return game

    # -- finding ---------------------------------------------------------------------------------
    def get(self, gid: str) -> LiveGame:
        """A game in memory (see :meth:`game` for one that may have to be read back)."""
        g = self.games.get(gid) if isinstance(gid, str) else None
        if g is None:
            raise Refused(f"no game {str(gid)[:40]!r} on this server", "web.no-game")
        return g

    async def game(self, gid: str) -> LiveGame:
        """The game ``gid``, read back from its folder when it has left memory."""
        g = self.games.get(gid) if isinstance(gid, str) else None
        if g is not None:
            g.touched = time.monotonic()       # asked for: not swept away before it is used
            return g
        if not isinstance(gid, str) or not GAME_ID.match(gid) or gid not in self.lines:
            raise Refused(f"no game {str(gid)[:40]!r} on this server", "web.no-game")
        async with self._loading:
            g = self.games.get(gid)
            if g is None:
                try:
                    g = await asyncio.to_thread(self._load, gid)
                except (MapkitError, OSError, KeyError, TypeError, ValueError) as exc:
                    raise Refused(f"game {gid} cannot be read back: {self.store.public(str(exc))}",
                                  "web.no-game") from None
                self.games[gid] = g
                self.lines.pop(gid, None)
                g.kick()
                g.arm_timer()
        return g

    def load_all(self) -> None:
        """Resume every game of the folder (after a restart). A game folder that cannot be read
        is moved to ``set-aside/`` and listed in :attr:`broken` with the reason."""
        for gid in self.store.game_ids():
            try:
                self.games[gid] = self._load(gid)
            except Exception as exc:     # whatever is wrong with one folder, the others go on
                why = self.store.public(str(exc) or type(exc).__name__)
                try:
                    where = self.store.set_aside(gid, why)
                except (MapkitError, OSError) as err:
                    where = f"left in place: {err}"
                self.broken[gid] = f"{why} (moved to {where})"
                log.error("game %s cannot be resumed: %s", gid, self.broken[gid])

    def _load(self, gid: str) -> LiveGame:
        from ..engine.record import load_record, replay
        from ..fileio import read_text

        meta = self.store.read_meta(gid)
        map_text = read_text(self.store.map_path(gid))
        m, board = self._board(None, map_text)
        rec_path = self.store.record_path(gid)
        state = replay(load_record(rec_path), board, source=f"{gid}/record.json")
        return LiveGame(self, gid, meta, state, m, map_text)

    # -- in memory only while played -------------------------------------------------------------
    def start(self) -> None:
        """Set every resumed game going, and the sweeping of idle ones (in the server's loop)."""
        for g in self.games.values():
            g.kick()
            g.arm_timer()
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(0.5, self.limits.idle / 4)))
            self.sweep()

    def sweep(self) -> list:
        """Let every game idle for ``Limits.idle`` seconds leave memory; their ids."""
        out = []
        for gid, g in list(self.games.items()):
            idle = g.idle_for()
            if idle is not None and idle >= self.limits.idle:
                g.stop()
                self.lines[gid] = g.public_info()
                del self.games[gid]
                out.append(gid)
        if out:
            self._forget_unused_boards()
        return out

    def listing(self) -> dict:
        lines = [g.public_info() for g in self.games.values()] + list(self.lines.values())
        games = sorted(lines, key=lambda x: -(x["created"] or 0))
        return {"games": games, "broken": [{"id": k, "error": v} for k, v in sorted(self.broken.items())]}


def _seats(seats, preset: str) -> list:
    """The seats of a new game, checked: ``[{name, kind, token}]``."""
    from ..engine.bots import check_bot

    if not isinstance(seats, (list, tuple)) or not 2 <= len(seats) <= MAX_SEATS:
        raise InputError(f"a game has 2 to {MAX_SEATS} seats")
    if not isinstance(preset, str):
        raise InputError("preset: the name of a rules preset")
    clean = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, (list, tuple)) or len(seat) != 2:
            raise InputError(f"seat {i + 1}: a name and a kind")
        name, kind = seat
        if not isinstance(name, (str, int, float)) and name is not None:
            raise InputError(f"seat {i + 1}: the name is text")
        if not isinstance(kind, str):
            raise InputError(f"seat {i + 1}: the kind is 'human' or a bot's name")
        name = " ".join(str(name or "").split())[:MAX_NAME]
        if not name:
            raise InputError(f"seat {i + 1} has no name")
        if kind != "human":
            try:
                kind = check_bot(kind[:60], preset)
            except InputError as exc:
                raise InputError(f"seat {i + 1}: {exc}") from None
        clean.append({"name": name, "kind": kind, "token": new_token()})
    names = [c["name"] for c in clean]
    for n in names:
        if names.count(n) > 1:
            raise InputError(f"two seats are called {n!r}")
    return clean
