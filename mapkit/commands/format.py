"""Rewrite a map file in canonical form: terrain as an art block, edges sorted, cities in
race-number order. Writes to a new file (-o) or to standard output; never over the input,
unless asked with --in-place.

  mapkit format map.yaml -o canonical.yaml
  mapkit format --check maps/*.yaml      # exit 1 when a file is not canonical (writes nothing)
  mapkit format --in-place map.yaml      # rewrite the file itself (atomically)
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("maps", nargs="+", metavar="MAP", help="the map file (YAML); several with --check or --in-place")
    p.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--check", action="store_true",
                     help="write nothing; exit 1 when a file is not in canonical form, naming it")
    how.add_argument("-i", "--in-place", action="store_true", help="rewrite each file in canonical form")


def _canonical(path) -> tuple[str, str]:
    """(the file's text, its canonical text); InvalidError when it has reading errors."""
    from ..bundled import locate
    from ..errors import InvalidError
    from ..fileio import read_text
    from ..io.yamlmap import dump_map, parse_map

    text = read_text(locate(path))
    m, issues = parse_map(text, str(path))
    errors = [i for i in issues if i.is_error]
    if errors:
        raise InvalidError(f"{path}: cannot format: {errors[0]}", issues)
    return text, dump_map(m)


def run(args) -> int:
    import os
    import sys

    from ..bundled import locate
    from ..errors import InputError
    from ..fileio import atomic_write
    from .common import emit

    if len(args.maps) > 1 and not (args.check or args.in_place):
        raise InputError("several maps only with --check or --in-place")
    if args.output is not None and (args.check or args.in_place):
        raise InputError("-o goes without --check and --in-place")
    if not (args.check or args.in_place):
        emit(_canonical(args.maps[0])[1], args.output, inputs=[args.maps[0]])
        return 0
    changed = 0
    for path in args.maps:
        if args.in_place and not os.path.lexists(path) and os.path.lexists(locate(path)):
            raise InputError(f"{path}: is a bundled map, not a file of yours; use -o FILE")
        text, canonical = _canonical(path)
        if text == canonical:
            continue
        changed += 1
        if args.check:
            print(f"{path}: would be reformatted", file=sys.stderr)
        else:
            atomic_write(path, canonical)
            print(f"{path}: reformatted", file=sys.stderr)
    if args.check:
        if len(args.maps) > 1:
            print(f"{changed} of {len(args.maps)} files would be reformatted", file=sys.stderr)
        return 1 if changed else 0
    return 0
