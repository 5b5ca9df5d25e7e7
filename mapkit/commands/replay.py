"""Replay a game record and show the final state: the phase, accounts, each player's track,
the race results and, when the game is over, the winner (TransAmerica: scores, markers, each
round's end and the points lost).

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


def text_summary(s: dict) -> str:
    lines = [f"phase: {s['phase']}" + (f" ({s['end']})" if s.get("end") else "")]
    if "rounds" in s:
        return _transamerica_text(s, lines)
    for pl in s["players"]:
        start = f", start {pl['start']}" if pl["start"] else ""
        lines.append(f"{pl['name']}: account {pl['account']}{start}, {len(pl['track'])} pieces"
                     + (f": {' '.join(pl['track'])}" if pl["track"] else ""))
    for r in s["races"]:
        head = f"race {r['race']}: {r['start']} {r['start_city']} -> {r['target']} {r['target_city']}"
        if not r["racers"]:
            lines.append(f"{head}: nobody raced")
            continue
        places = ", ".join(f"{i}. {'+'.join(p)}" for i, p in enumerate(r["places"], 1))
        prizes = ", ".join(f"{k} {v}" for k, v in r["prizes"].items())
        lines.append(f"{head}: {places}" + (f" (prizes: {prizes})" if prizes else ""))
    if s["phase"] == "over":
        lines.append("winner: " + ", ".join(s["winners"]))
    return "\n".join(lines) + "\n"


def _transamerica_text(s: dict, lines: list) -> str:
    """A TransAmerica game: scores, markers, each round's end and points lost, the winners."""
    lines.append(f"round {s['round']}; the barrier: at {s['barrier']} or below; {len(s['track'])} pieces on the board")
    for pl in s["players"]:
        lines.append(f"{pl['name']}: score {pl['score']}" + (f", marker {pl['marker']}" if pl["marker"] else "")
                     + (" (out)" if pl["out"] else ""))
    for r in s["rounds"]:
        lost = ", ".join(f"{n} {v}" for n, v in r["lost"].items())
        lines.append(f"round {r['round']} ({r['end']}; {r['pieces']} pieces): lost {lost or 'nothing'}")
    if s["phase"] == "over":
        lines.append("winner: " + ", ".join(s["winners"]))
    return "\n".join(lines) + "\n"


def run(args) -> int:
    from ..engine.compiled import load_engine_map
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
    s = state.summary()
    if args.format == "json":
        out = {"record": str(args.record), "map": board.name, "preset": record.header["preset"],
               "actions": len(record.actions) if args.upto is None else min(args.upto, len(record.actions)),
               **s}
        emit(dump_json(out))
    else:
        emit(text_summary(s))
    return 0
