"""Play a map in the terminal against bots, or hot-seat between people. The board is drawn as
a picture file after every turn; moves are typed with hex and city names (help lists the
commands); the game is saved after every move and can be resumed.

  mapkit play maps/example.yaml --players "Ann,bot:greedy,bot:greedy"
  mapkit play maps/czechia.yaml --rules expres --players "Ann,Bob,bot:greedy" --picture game.png
  mapkit play maps/usa.yaml --rules transamerica --players "Ann,bot:greedy,bot:greedy"
  mapkit play --resume example-game.json
"""

from __future__ import annotations

from .simulate import add_rule_arguments

__all__ = ["add_arguments", "run", "free_record_path"]


def add_arguments(p):
    p.add_argument("map", metavar="MAP", nargs="?",
                   help="the map (YAML) or its engine export (JSON); with --resume: the record's map")
    add_rule_arguments(p)
    p.add_argument("--players", metavar="LIST",
                   help='seats in playing order, comma-separated: a name is a person, bot:greedy or '
                        'bot:random a bot (default "You,bot:greedy,bot:greedy")')
    p.add_argument("--seed", type=int, metavar="N", help="seed of the dice and bots (default: a new one, shown)")
    p.add_argument("--record", metavar="FILE", help="save the game here (default: MAP-NAME-game.json; a taken "
                                                    "name gets a number, -2, -3 ...; with --resume: the "
                                                    "resumed record)")
    p.add_argument("--resume", metavar="RECORD", help="continue the game saved in RECORD")
    p.add_argument("--picture", metavar="FILE", help="draw the board here (.svg or .png; default: the record's "
                                                     "name with .svg)")
    p.add_argument("--no-picture", action="store_true", help="do not draw the board")


def run(args) -> int:
    import os
    from pathlib import Path

    from ..engine import IllegalAction, new_game
    from ..engine.compiled import EngineMap, load_engine_map
    from ..engine.record import load_record, map_file_of, replay
    from ..errors import InputError
    from ..play.session import Seat, Session, parse_players
    from .simulate import parse_options

    m = None

    def load_board(path):
        nonlocal m
        if str(path).lower().endswith(".json"):
            return load_engine_map(path)
        from ..io.yamlmap import load_map

        m = load_map(path)
        return EngineMap.from_map(m)

    if args.resume:
        record = load_record(args.resume)
        map_path = args.map or map_file_of(record, args.resume)
        if map_path is None:
            raise InputError(f"{args.resume}: the record names no map file; give the map as MAP")
        board = load_board(map_path)
        state = replay(record, board, source=str(args.resume))
        names = list(record.header["players"])
        kinds = (record.header.get("play") or {}).get("seats") or ["human"] * len(names)
        if args.players:
            given = parse_players(args.players)
            if len(given) != len(names):
                raise InputError(f"--players names {len(given)} seats; the record has {len(names)}")
            kinds = [s.kind for s in given]
        seats = [Seat(n, k) for n, k in zip(names, kinds, strict=False)]
        seed = record.header.get("seed", 0)
        record_path = Path(args.record or args.resume)
    else:
        if not args.map:
            raise InputError("give the map to play (mapkit play MAP), or --resume RECORD")
        board = load_board(args.map)
        map_path = args.map
        seats = parse_players(args.players or "You,bot:greedy,bot:greedy")
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") >> 1
        options = parse_options(args.option)
        try:
            state = new_game(board, args.rules, [s.name for s in seats], options, seed=seed)
        except IllegalAction as exc:
            raise InputError(f"{args.map}: {exc.reason}") from None
        stem = Path(args.map).stem
        wanted = Path(args.record or f"{stem}-game.json")
        if wanted.resolve() == Path(args.map).resolve():
            raise InputError(f"--record {wanted} is the map itself")
        record_path, note = free_record_path(wanted, board)
        if note:
            print(note)
    folder = record_path.parent
    if not folder.is_dir():
        raise InputError(f"{record_path}: the folder {folder} does not exist")
    from ..bundled import locate

    # the record names the map's file (a bundled map by its path, not by its name)
    map_file = os.path.relpath(locate(map_path).resolve(), folder.resolve())
    picture = picture_path = None
    if not args.no_picture:
        from ..play.picture import GamePicture

        picture_path = Path(args.picture) if args.picture else record_path.with_suffix(".svg")
        if picture_path.resolve() in (Path(map_path).resolve(), record_path.resolve()):
            raise InputError(f"--picture {picture_path} would overwrite the map or the record")
        if picture_path.suffix.lower() == ".png":
            from ..render.output import check_cairo

            check_cairo()
        picture = GamePicture(board, m)
    if not args.resume:
        print(f"New game on {board.name}, {state.rules.name} rules, seed {seed}: "
              + ", ".join(f"{s.name}" + ("" if s.kind == "human" else f" ({s.kind} bot)") for s in seats))
    else:
        print(f"Resuming {record_path}: {len(state.history)} actions played")
    session = Session(state, seats, seed, record_path, map_file=map_file, picture=picture,
                      picture_path=picture_path)
    return session.run()


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
