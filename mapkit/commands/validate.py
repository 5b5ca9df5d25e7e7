"""Check a map file. Prints every problem with its code and place; exit 0 when valid
(warnings allowed), 1 when the map has errors, 2 when the file cannot be read.

In the text output a warning repeated more than three times (a river between two mountains
all along a range) is one line with its count and its first places; --all lists each.
--format json always prints the JSON object, also for a file that cannot be read as a map:
then its one error has the code E001 (and the command still exits 2, with the error on
standard error).
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--all", action="store_true", help="list every warning, also the repeated ones")


def run(args) -> int:
    from ..diagnostics import READING_ERROR, summary_lines
    from ..errors import InputError
    from ..io.yamlmap import check_map
    from ..wording import plural
    from .common import dump_json, emit

    try:
        _, found = check_map(args.map)
    except InputError as exc:
        if args.format == "json":
            where = f"line {exc.line}" if exc.line else None
            emit(dump_json({"valid": False, "errors": [{"code": READING_ERROR, "message": str(exc),
                                                        "where": where}], "warnings": []}))
        raise
    errors = [i for i in found if i.is_error]
    warnings = [i for i in found if not i.is_error]
    valid = not errors and not (args.strict and warnings)
    if args.format == "json":
        emit(dump_json({"valid": valid, "errors": [i.as_json() for i in errors],
                        "warnings": [i.as_json() for i in warnings]}))
    else:
        shown = [f"{'error' if i.is_error else 'warning'} {i}" for i in found] if args.all else summary_lines(found)
        lines = [f"{args.map}: {line}" for line in shown]
        verdict = "valid" if valid else "invalid"
        lines.append(f"{args.map}: {verdict} ({plural(len(errors), 'error')}, {plural(len(warnings), 'warning')})")
        emit("\n".join(lines) + "\n")
    return 0 if valid else 1
