"""Write every printable sheet of a game into a folder: the board on one page (board.pdf), the
board tiled on A4 (board-A4.pdf), the distance table (distances.pdf), races and prizes by number
(races.pdf), the race-number tables (numbers.pdf), the banker's sheet (scores.pdf), CSV copies
of the tables and an index.html with previews.

Examples:
  mapkit sheets maps/czechia.yaml -o sheets/
  mapkit sheets maps/example.yaml -o out --rules expres --players 4 --style mono
"""

from __future__ import annotations

import sys

RULES = ("paluba", "dampfross", "expres")


def add_arguments(p):
    import argparse

    p.formatter_class = argparse.RawDescriptionHelpFormatter  # keep the examples' lines
    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("-o", "--output", metavar="DIR", required=True,
                   help="the folder to write (created if missing; a kit already there is replaced as a "
                        "whole, other files in it are kept)")
    p.add_argument("--rules", choices=RULES, default="paluba",
                   help="rules preset for the banker's sheet (start accounts, races, prizes; "
                        "default paluba)")
    p.add_argument("--players", type=int, default=6, metavar="N",
                   help="columns on the banker's sheet (default 6)")
    p.add_argument("--min", type=int, default=None, metavar="N", dest="min_distance",
                   help="forbidden-race threshold in steps (default: the map's, else 10)")
    p.add_argument("--style", choices=("colour", "mono"), default="colour",
                   help="colour, or mono for black-and-white printers")


def run(args) -> int:
    from pathlib import Path

    from ..errors import InputError
    from ..fileio import atomic_folder
    from ..io.yamlmap import load_map
    from ..render.output import check_cairo
    from ..render.sheets import write_sheets

    if not 1 <= args.players <= 12:
        raise InputError(f"--players {args.players}: use 1 to 12")
    if args.min_distance is not None and args.min_distance < 0:
        raise InputError(f"--min {args.min_distance}: must not be negative")
    check_cairo()
    m = load_map(args.map)
    folder = Path(args.output)
    # The kit is made whole in a fresh folder and swapped in: a rerun or a parallel run into
    # the same folder never leaves files of two maps side by side (the user's own files stay).
    with atomic_folder(folder) as made:
        result = write_sheets(m, made, rules=args.rules, players=args.players, style=args.style,
                              min_distance=args.min_distance, inputs=[args.map], source=str(args.map))
        _refuse_replacing_inputs(folder, made, result.files, args.map)
    for name, n in result.pages.items():
        print(f"{folder / name}: {n} page{'s' if n != 1 else ''}")
    print(f"{folder / 'index.html'}: index with previews; CSV: distances, races, numbers, scores")
    if result.clashes:
        print(f"mapkit sheets: warning: no free place for the names of {', '.join(result.clashes)}",
              file=sys.stderr)
    return 0


def _refuse_replacing_inputs(folder, made, files, map_path) -> None:
    """The map may lie in the kit's folder, but not under the name of a file of the kit."""
    from pathlib import Path

    from ..errors import InputError

    source = Path(map_path).resolve()
    for f in files:
        rel = Path(f).relative_to(made)
        if folder.resolve() / rel == source:
            raise InputError(f"{folder / rel}: refusing to overwrite the input file")
