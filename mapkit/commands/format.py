"""Rewrite a map file in canonical form: terrain as an art block, edges sorted, cities in
race-number order. Writes to a new file (-o) or to standard output; never over the input,
unless asked with --in-place.

  mapkit format map.yaml -o canonical.yaml
  mapkit format --check maps/*.yaml      # exit 1 when a file is not canonical (writes nothing)
  mapkit format --in-place map.yaml      # rewrite the file itself (atomically)
  mapkit format map.yaml -o new.yaml --rename "Kolín=Kolín nad Labem"
                                         # a city renamed, and every reference to it: ferries,
                                         # start cities, special races, the games' sections
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("maps", nargs="+", metavar="MAP", help="the map file (YAML); several with --check or --in-place")
    p.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--check", action="store_true",
                     help="write nothing; exit 1 when a file is not in canonical form, naming it")
    how.add_argument("-i", "--in-place", action="store_true", help="rewrite each file in canonical form")
    p.add_argument("--rename", action="append", default=[], metavar="OLD=NEW",
                   help="rename city OLD to NEW and every reference of the map to it (ferries, start "
                        "cities, special races, the games' sections such as TransAmerica's city cards); "
                        "may be repeated")


def _renames(specs) -> list[tuple[str, str]]:
    from ..errors import InputError

    out = []
    for spec in specs:
        old, eq, new = spec.partition("=")
        if not eq or not old.strip() or not new.strip():
            raise InputError(f"--rename {spec!r}: write OLD=NEW (a city's name, then its new name)")
        out.append((old.strip(), new.strip()))
    return out


def _canonical(path, renames=()) -> tuple[str, str]:
    """(the file's text, its canonical text, with the cities ``renames`` renamed);
    InvalidError when it has reading errors."""
    from ..bundled import locate
    from ..errors import InvalidError
    from ..fileio import read_text
    from ..io.yamlmap import parse_map
    from ..io.yamlwrite import dump_map

    text = read_text(locate(path))
    source = text
    if renames:
        import yaml

        from ..renaming import rename_city

        doc = yaml.safe_load(text)
        if not isinstance(doc, dict):
            raise InvalidError(f"{path}: not a map", [])
        for old, new in renames:
            doc = rename_city(doc, old, new)
        source = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    m, issues = parse_map(source, str(path))
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
    renames = _renames(args.rename)
    if renames and args.check:
        raise InputError("--rename goes without --check")
    if not (args.check or args.in_place):
        emit(_canonical(args.maps[0], renames)[1], args.output, inputs=[args.maps[0]])
        return 0
    changed = 0
    for path in args.maps:
        if args.in_place and not os.path.lexists(path) and os.path.lexists(locate(path)):
            raise InputError(f"{path}: is a bundled map, not a file of yours; use -o FILE")
        text, canonical = _canonical(path, renames)
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
