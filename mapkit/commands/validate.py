"""Check a map file. Prints every problem with its code and place; exit 0 when valid
(warnings allowed), 1 when the map has errors, 2 when the file cannot be read."""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")


def run(args) -> int:
    from ..validate import check_file
    from .common import dump_json, emit

    found = check_file(args.map)
    errors = [i for i in found if i.is_error]
    warnings = [i for i in found if not i.is_error]
    valid = not errors and not (args.strict and warnings)
    if args.format == "json":
        emit(dump_json({"valid": valid, "errors": [i.as_json() for i in errors],
                        "warnings": [i.as_json() for i in warnings]}))
    else:
        lines = [f"{args.map}: {'error' if i.is_error else 'warning'} {i}" for i in found]
        verdict = "valid" if valid else "invalid"
        lines.append(f"{args.map}: {verdict} ({len(errors)} errors, {len(warnings)} warnings)")
        emit("\n".join(lines) + "\n")
    return 0 if valid else 1
