"""Rewrite a map file in canonical form: terrain as an art block, edges sorted, cities in
race-number order. Writes to a new file (never over the input) or to standard output."""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML)")
    p.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")


def run(args) -> int:
    from ..io.yamlmap import dump_map, read_map
    from .common import emit

    m, issues = read_map(args.map)
    errors = [i for i in issues if i.is_error]
    if errors:
        from ..errors import InvalidError

        raise InvalidError(f"{args.map}: cannot format: {errors[0]}")
    emit(dump_map(m), args.output, inputs=[args.map])
    return 0
