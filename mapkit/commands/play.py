"""Play a map in the terminal against bots, or hot-seat between people. The board is drawn as
a picture file after every turn; moves are typed with hex and city names (help lists the
commands); the game is saved after every move and can be resumed.

  mapkit play maps/example.yaml --players "Ann,bot:greedy,bot:greedy"
  mapkit play maps/czechia.yaml --rules expres --players "Ann,Bob,bot:greedy" --picture game.png
  mapkit play maps/usa.yaml --rules transamerica --players "Ann,bot:greedy,bot:greedy"
  mapkit play --resume example-game.json
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from .simulate import add_rule_arguments, preset_of

__all__ = ["add_arguments", "run", "free_record_path"]


def add_arguments(p):
    p.add_argument("map", metavar="MAP", nargs="?",
                   help="the map (YAML) or its engine export (JSON); with --resume: the record's map")
    add_rule_arguments(p)
    p.add_argument("--players", metavar="LIST",
                   help='seats in playing order, comma-separated: a name is a person, bot:NAME a bot (bot:greedy, '
                        'bot:random, bot:easy, bot:strong, bot:strong:200ms; bot alone: the game\'s default bot; '
                        'default "You,bot,bot")')
    p.add_argument("--seed", type=int, metavar="N", help="seed of the dice and bots (default: a new one, shown)")
    p.add_argument("--record", metavar="FILE", help="save the game here, or in this folder under the default name "
                                                    "(default: MAP-NAME-game.json; a taken name gets a number, -2, "
                                                    "-3 ...; with --resume: the resumed record)")
    p.add_argument("--resume", metavar="RECORD", help="continue the game saved in RECORD")
    p.add_argument("--picture", metavar="FILE", help="draw the board here (.svg or .png; default: the record's "
                                                     "name with .svg)")
    p.add_argument("--no-picture", action="store_true", help="do not draw the board")


def run(args) -> int:
    import os

    from ..errors import InputError
    from ..play.session import Saving, Session

    game = _resumed_game(args) if args.resume else _new_game(args)
    record_path = game.record_path
    folder = record_path.parent
    if not folder.is_dir():
        raise InputError(f"{record_path}: the folder {folder} does not exist")
    from ..bundled import locate

    # the record names the map's file (a bundled map by its path, not by its name)
    map_file = os.path.relpath(locate(game.map_path).resolve(), folder.resolve())
    picture, picture_path = _picture(args, game)
    state, seats = game.state, game.seats
    if not args.resume:
        print(f"New game on {game.board.name}, {state.rules.name} rules, seed {game.seed}: "
              + ", ".join(f"{s.name}" + ("" if s.kind == "human" else f" ({s.kind} bot)") for s in seats))
    else:
        print(f"Resuming {record_path}: {len(state.history)} actions played")
    session = Session(state, seats, game.seed, Saving(record_path, map_file, picture, picture_path))
    return session.run()


class _Game(NamedTuple):
    """A game about to be played: its board (and the map, when read from a map file), its
    state, seats and seed, the map's path and the record's."""

    board: Any
    map: Any
    state: Any
    seats: list
    seed: int
    map_path: Any
    record_path: Path


def _load_board(path):
    """``(engine board, map)`` of a map file, or of an engine export (map ``None``)."""
    from ..engine.compiled import EngineMap, load_engine_map

    if str(path).lower().endswith(".json"):
        return load_engine_map(path), None
    from ..io.yamlmap import load_map

    m = load_map(path)
    return EngineMap.from_map(m), m


def _resumed_game(args) -> _Game:
    """The game of ``--resume RECORD`` replayed, its seats (``--players`` may change their kinds)."""
    from ..engine.record import load_record, map_file_of, replay
    from ..errors import InputError
    from ..engine.game import family_of
    from ..play.session import Seat, parse_players

    record = load_record(args.resume)
    map_path = args.map or map_file_of(record, args.resume)
    if map_path is None:
        raise InputError(f"{args.resume}: the record names no map file; give the map as MAP")
    board, m = _load_board(map_path)
    state = replay(record, board, source=str(args.resume))
    names = list(record.header["players"])
    kinds = (record.header.get("play") or {}).get("seats") or ["human"] * len(names)
    if args.players:
        preset = record.header["preset"]
        given = parse_players(args.players, family_of(preset).default_bot, preset)
        if len(given) != len(names):
            raise InputError(f"--players names {len(given)} seats; the record has {len(names)}")
        kinds = [s.kind for s in given]
    seats = [Seat(n, k) for n, k in zip(names, kinds, strict=False)]
    seed = record.header.get("seed", 0)
    return _Game(board, m, state, seats, seed, map_path, _record_path(args.record, args.resume))


def _new_game(args) -> _Game:
    """A new game on MAP, saved under a record name that is free (a note says when the name
    asked for is taken)."""
    import os

    from ..engine import IllegalAction, new_game
    from ..engine.game import family_of
    from ..errors import InputError
    from ..play.session import parse_players
    from .simulate import parse_options

    if not args.map:
        raise InputError("give the map to play (mapkit play MAP), or --resume RECORD")
    board, m = _load_board(args.map)
    seats = parse_players(args.players or "You,bot,bot", family_of(preset_of(args)).default_bot, preset_of(args))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") >> 1
    options = parse_options(args.option)
    try:
        state = new_game(board, preset_of(args), [s.name for s in seats], options, seed=seed)
    except IllegalAction as exc:
        raise InputError(f"{args.map}: {exc.reason}") from None
    wanted = _record_path(args.record, f"{Path(args.map).stem}-game.json")
    if wanted.resolve() == Path(args.map).resolve():
        raise InputError(f"--record {wanted} is the map itself")
    record_path, note = free_record_path(wanted, board)
    if note:
        print(note)
    return _Game(board, m, state, seats, seed, args.map, record_path)


def _record_path(given: str | None, default: str) -> Path:
    """Where ``--record`` asks the record to go: a file, or a folder that exists (the record
    goes in it under the ``default`` name, as a user who names a folder expects; nothing is
    written beside the folder)."""
    from ..errors import InputError

    if not given:
        return Path(default)
    path = Path(given)
    if path.is_dir():
        return path / Path(default).name
    if given.endswith(("/", "\\")):      # a folder was meant, and Path would drop the slash
        raise InputError(f"--record {given}: the folder does not exist")
    return path


def _picture(args, game: _Game):
    """``(picture, its path)`` of the board drawn after every turn, or ``(None, None)``; its
    path is checked before anything is written, so that a bad one leaves no record behind."""
    from ..errors import InputError

    if args.no_picture:
        return None, None
    from ..play.picture import GamePicture

    picture_path = Path(args.picture) if args.picture else game.record_path.with_suffix(".svg")
    if picture_path.resolve() in (Path(game.map_path).resolve(), game.record_path.resolve()):
        raise InputError(f"--picture {picture_path} would overwrite the map or the record")
    if picture_path.is_dir():
        raise InputError(f"--picture {picture_path} is a folder; give a file name (.svg or .png)")
    if picture_path.suffix.lower() not in (".svg", ".png"):
        # the writer makes SVG of anything but .png: a .gif would hold SVG
        raise InputError(f"--picture {picture_path}: the board is drawn as .svg or .png, not "
                         f"{picture_path.suffix or 'a file without an extension'}")
    if not picture_path.parent.is_dir():
        raise InputError(f"--picture {picture_path}: the folder {picture_path.parent} does not exist")
    if picture_path.suffix.lower() == ".png":
        from ..render.output import check_cairo

        check_cairo()
    return GamePicture(game.board, game.map, family=game.state.rules.family), picture_path


def free_record_path(path, board):
    """``(path, None)`` when no file is there; else the first free ``STEM-N.SUFFIX`` (N = 2,
    3, ...) and a line saying what holds ``path``: a new game never overwrites a record, nor
    fails because one (finished or not) is there.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> (d / "g.json").write_text("{}") and (d / "g-2.json").write_text("{}") and None
    >>> p, note = free_record_path(d / "g.json", None)
    >>> p.name, note.endswith("this game is saved in " + str(d / "g-3.json"))
    ('g-3.json', True)
    """
    from pathlib import Path

    path = Path(path)
    if not path.exists():
        return path, None
    n = 2
    while (free := path.with_name(f"{path.stem}-{n}{path.suffix}")).exists():
        n += 1
    return free, f"{path} {_what_holds(path, board)}; this game is saved in {free}"


def _what_holds(path, board) -> str:
    from ..engine.record import load_record, replay
    from ..errors import MapkitError

    if board is None:
        return "exists"
    try:
        state = replay(load_record(path), board, source=str(path))
    except MapkitError:
        return "exists (not a record of a game on this map)"
    if state.is_terminal():
        return "holds a finished game"
    return f"holds an unfinished game (continue it with mapkit play --resume {path})"
