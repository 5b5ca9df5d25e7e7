"""Game records: a header and the list of actions; saved as JSON, replayed exactly.

A record is what 18xx calls a game's action list: the header names the map (by the hash
of its canonical text), the rules preset with *every* option spelled out (so that later
changes of a preset's defaults never change an old game), the players and the seed of the
dice drawer; the actions include every dice roll, so :func:`replay` rebuilds exactly the
same state without the seed.

.. code-block:: json

    {"format": "mapkit-game", "version": 1,
     "map": {"name": "Example", "hash": "sha256:...", "file": "maps/example.yaml"},
     "preset": "paluba", "options": {"start_money": 20, "...": "..."},
     "players": ["Anna", "Bert"], "seed": 7,
     "actions": [{"type": "first", "player": 1}, {"type": "start", "player": 1, "city": "Praha"}]}

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import EngineMap, new_game
>>> board = EngineMap.from_map(Map(Grid("pointy", "odd", 9, 1), cities=[
...     City("Aš", H("A1"), (11,)), City("Cheb", H("I1"), (12,))]))
>>> g = new_game(board, "paluba", ["Anna", "Bert"], seed=3)
>>> g.apply({"type": "first", "player": 1})
>>> rec = Record.of(g)
>>> rec.header["players"], [a["type"] for a in rec.actions]
(['Anna', 'Bert'], ['first'])
>>> replay(Record.from_json(rec.to_json()), board).snapshot() == g.snapshot()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .errors import IllegalAction, RecordError

__all__ = ["Record", "RECORD_FORMAT", "RECORD_VERSION", "replay", "load_record", "save_record"]

RECORD_FORMAT = "mapkit-game"
# Version 2 (2026-12): the engine of game families; records spell out the new options
# (special races, ferries, turn timer ...). Version 1 records replay as they were played.
RECORD_VERSION = 2
READABLE_VERSIONS = (1, 2)


@dataclass
class Record:
    """``header``: format, version, map, preset, options, players, seed; ``actions``: the list."""

    header: dict
    actions: list = field(default_factory=list)

    @classmethod
    def of(cls, state, map_file: str | None = None) -> Record:
        """The record of a game so far (the state's history)."""
        board = state.board
        m = {"name": board.name, "hash": board.hash}
        if map_file is not None:
            m["file"] = str(map_file)
        header = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "map": m,
                  "preset": state.rules.name, "options": state.options.as_json(),
                  "players": list(state.players), "seed": state.seed}
        return cls(header, [dict(a) for a in state.history])

    def to_json(self) -> dict:
        return {**self.header, "actions": self.actions}

    def dumps(self) -> str:
        """The record as JSON text: the header keys, then one action per line."""
        head = json.dumps(self.header, ensure_ascii=False, indent=1)[:-2]
        lines = [json.dumps(a, ensure_ascii=False, separators=(", ", ": ")) for a in self.actions]
        body = ",\n  ".join(lines)
        return f"{head},\n \"actions\": [\n  {body}\n ]\n}}\n" if lines else f"{head},\n \"actions\": []\n}}\n"

    @classmethod
    def loads(cls, text: str, source: str = "<record>") -> Record:
        """A record from its JSON text, with the checks of :func:`load_record` (a record that
        this reads back is one that a file holding ``text`` loads from)."""
        from ..fileio import parse_json

        return cls.from_json(parse_json(text, source), source)

    @classmethod
    def from_json(cls, data, source: str = "<record>") -> Record:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"{source}: not a game record (expected \"format\": \"{RECORD_FORMAT}\")")
        version = data.get("version")
        if not _is_int(version) or version not in READABLE_VERSIONS:
            raise RecordError(f"{source}: record version {_short(version)} is not supported "
                              f"(this mapkit reads versions {', '.join(map(str, READABLE_VERSIONS))})")
        for key, kind in (("map", dict), ("preset", str), ("options", dict), ("players", list),
                          ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"{source}: {key!r} is missing or not a {kind.__name__}")
        _check_map(data["map"], source)
        _check_players(data, source)
        header = {k: v for k, v in data.items() if k != "actions"}
        return cls(header, list(data["actions"]))


# What a record echoes of a bad value in an error: a line, not the megabytes a record may hold.
SHORT = 200


def _short(value, limit: int = SHORT) -> str:
    """``value`` as JSON text, cut to ``limit`` characters with ``...``.

    >>> _short({"route": ["A1"] * 100}, 40)
    '{"route": ["A1", "A1", "A1", "A1", "A...'
    """
    return _cut(json.dumps(value, ensure_ascii=False), limit)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_map(m: dict, source: str) -> None:
    """The header's map: its hash (how a board is matched), its name and file when given."""
    if not isinstance(m.get("hash"), str):
        raise RecordError(f"{source}: map.hash is missing")
    if "name" in m and m["name"] is not None and not isinstance(m["name"], str):
        raise RecordError(f"{source}: map.name must be text, not {_short(m['name'])}")
    # the file is opened by replay and play --resume: a number or a list is no path
    if "file" in m and not isinstance(m["file"], str):
        raise RecordError(f"{source}: map.file must be the map's path as text, not {_short(m['file'])}")


def _check_players(data: dict, source: str) -> None:
    """The players (distinct names), the seed and the seats' bots, each of the type mapkit
    writes: a seed of another type would roll other dice on each resume."""
    seen: set = set()
    for i, name in enumerate(data["players"]):
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"{source}: players[{i}] must be a player's name (text), not {_short(name)}")
        if name in seen:    # a seat's earlier actions are found by its player's name
            raise RecordError(f"{source}: players: two players are called {_short(name)}")
        seen.add(name)
    if "seed" in data and not _is_int(data["seed"]):
        raise RecordError(f"{source}: seed must be a whole number, not {_short(data['seed'])}")
    if "bots" in data:
        _check_kinds(data["bots"], "bots", data, source, human=False)
    if "simulation" in data and not isinstance(data["simulation"], dict):
        raise RecordError(f"{source}: simulation must be an object, not {_short(data['simulation'])}")
    if "play" in data:
        play = data["play"]
        if not isinstance(play, dict):
            raise RecordError(f"{source}: play must be an object, not {_short(play)}")
        if "seats" in play:
            _check_kinds(play["seats"], "play.seats", data, source, human=True)


def _check_kinds(kinds, key: str, data: dict, source: str, human: bool) -> None:
    """A list of one bot name per player (``human``: or "human"), as mapkit writes them."""
    from ..errors import InputError
    from .bots import check_bot

    n = len(data["players"])
    what = "\"human\" or a bot's name" if human else "a bot's name"
    if not isinstance(kinds, list) or len(kinds) != n:
        raise RecordError(f"{source}: {key} must be a list of {n} ({what} for each player), not {_short(kinds)}")
    for i, kind in enumerate(kinds):
        if not isinstance(kind, str) or len(kind) > 60:
            raise RecordError(f"{source}: {key}[{i}] must be {what}, not {_short(kind)}")
        if human and kind == "human":
            continue
        try:
            check_bot(kind, data["preset"])
        except InputError as exc:
            raise RecordError(f"{source}: {key}[{i}]: {exc}") from None


def save_record(record: Record, path, inputs=(), durable: bool = False) -> None:
    """Write the record atomically as UTF-8 JSON (``durable``: on the disk before this returns,
    :func:`mapkit.fileio.atomic_write`)."""
    from ..fileio import atomic_write

    atomic_write(path, record.dumps(), inputs=inputs, durable=durable)


def load_record(path) -> Record:
    """A record from a file: bounded in size, nesting and number length, one-line errors."""
    from ..fileio import read_json

    if str(path) == "":     # else the reader is handed "" and names the current folder
        raise RecordError("the record's path is empty: give the game record's file")
    return Record.from_json(read_json(path), str(path))


def replay(record: Record, board, upto: int | None = None, source: str = "<record>"):
    """The state after the record's actions (the first ``upto`` of them, if given).

    The board must be the record's map (same hash; a map that only gained keys of the format
    added since the record was written counts as the same). Options the record lacks (added
    to the engine after it was written) play as before they existed. An illegal action raises
    :class:`IllegalAction` naming its position in the list.
    """
    from ..errors import InputError
    from .game import PRESETS, Game

    h = record.header
    if h["map"]["hash"] not in board.hashes:
        raise RecordError(f"{source}: the record was played on map {h['map'].get('name')!r} "
                          f"({h['map']['hash'][:19]}...), not on {board.name!r} ({board.hash[:19]}...)")
    cls = PRESETS.get(h["preset"])
    if cls is None:
        raise RecordError(f"{source}: unknown rules preset {h['preset']!r}; this mapkit plays "
                          f"{', '.join(sorted(PRESETS))}")
    try:
        rules = cls.from_record(h["options"])
        state = rules.state_class()(Game(board, rules, h["players"], h.get("seed", 0)))
    except (InputError, IllegalAction) as exc:
        raise RecordError(f"{source}: {exc}") from None
    actions = record.actions if upto is None else record.actions[:upto]
    most = LIST_SLACK * len(board.hex_names) + 64
    for i, a in enumerate(actions):
        try:
            too_long = _longest(a, most)
            if too_long:
                raise IllegalAction("action.size", f"a list of {too_long} items, more than a board of "
                                                   f"{len(board.hex_names)} hexes can need")
            state.apply(a)
        except IllegalAction as exc:
            # the action and the reason (which may quote a value of the action) cut to a line
            raise IllegalAction(exc.rule, f"{source}: action {i + 1} {_short(a)}: "
                                          f"{_cut(exc.reason, 4 * SHORT)}") from None
    return state


# A list in an action names hexes or pieces (edges); one longer than this many times the
# board's hexes is refused unread, so that a hostile record costs no time to check.
LIST_SLACK = 4


def _longest(action, most: int) -> int:
    """The length of the first list or object in ``action`` (nested too) longer than ``most``, or 0.

    >>> _longest({"type": "race", "route": ["A1"] * 9}, 8), _longest({"route": [["A1"] * 3]}, 8)
    (9, 0)
    """
    todo = [action]
    while todo:
        v = todo.pop()
        if isinstance(v, (list, dict)):
            if len(v) > most:
                return len(v)
            todo.extend(v.values() if isinstance(v, dict) else v)
    return 0


def map_file_of(record: Record, record_path) -> Path | None:
    """The map file named in the header, relative to the record's folder when not absolute."""
    f = record.header["map"].get("file")
    if not f:
        return None
    p = Path(f)
    if not p.is_absolute():
        near = Path(record_path).parent / p
        try:
            if near.exists():
                return near
        except (OSError, ValueError):   # a name the system cannot hold (too long, a NUL): the reader says so
            pass
    return p
