"""Replay a game record and show the final state as its game family sums it up: Dampfross
the phase, accounts, each player's track, the race results and, when the game is over, the
winner; TransAmerica scores, markers, each round's end and the points lost.

The map is the file named in the record (relative to the record's folder) unless --map is
given; its hash must match the record's.

  mapkit replay game.json
  mapkit replay game.json --map maps/example.yaml --format json
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("record", metavar="RECORD.json", help="the game record (JSON)")
    p.add_argument("--map", metavar="MAP", help="the map (YAML) or its export (JSON)")
    p.add_argument("--upto", type=int, metavar="N", help="replay only the first N actions")
    p.add_argument("--format", choices=("text", "json"), default="text")


def text_summary(family, s: dict) -> str:
    """The summary ``s`` of a game of ``family`` as text: the phase, then the family's lines."""
    lines = [f"phase: {s['phase']}" + (f" ({s['end']})" if s.get("end") else "")]
    return "\n".join(lines + family.summary_lines(s)) + "\n"


def run(args) -> int:
    from ..engine.compiled import load_engine_map
    from ..engine.game import FAMILIES
    from ..engine.record import load_record, map_file_of, replay
    from ..errors import InputError
    from .common import dump_json, emit

    record = load_record(args.record)
    map_path = args.map or map_file_of(record, args.record)
    if map_path is None:
        raise InputError(f"{args.record}: the record names no map file; give one with --map")
    board = load_engine_map(map_path)
    if args.upto is not None and args.upto < 0:
        raise InputError(f"--upto {args.upto}: give a number of actions >= 0")
    state = replay(record, board, upto=args.upto, source=str(args.record))
    family = FAMILIES[state.rules.family]
    s = family.summary(state)
    if args.format == "json":
        out = {"record": str(args.record), "map": board.name, "preset": record.header["preset"],
               "actions": len(record.actions) if args.upto is None else min(args.upto, len(record.actions)),
               **s}
        emit(dump_json(out))
    else:
        emit(text_summary(family, s))
    return 0
