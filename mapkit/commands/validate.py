"""Check a map file. Prints every problem with its code and place; exit 0 when valid
(warnings allowed), 1 when the map has errors, 2 when the file cannot be read.

In the text output a warning repeated more than three times (a river between two mountains
all along a range) is one line with its count and its first places; --all lists each.
--format json always prints the JSON object, also for a file that cannot be read as a map:
then its one error has the code E001 (and the command still exits 2, with the error on
standard error).

--rules PRESET (default: the map's rules.preset; none without one) also judges the board for
that rule set: W216 when its game cannot be played on the map, else W214 or W215 when the board
is too big or too small for the preset's pieces (docs/map-format.md, Validation codes). An
unknown --rules is a usage error (exit 2); an unknown rules.preset in the map is a W216.
"""

from __future__ import annotations


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--all", action="store_true", help="list every warning, also the repeated ones")
    p.add_argument("--rules", metavar="PRESET", default=None,
                   help="judge the board for this rules preset too (paluba, dampfross, expres, transamerica, "
                        "transamerica-mega, railroad-tycoon): whether its game can be played on the map and "
                        "whether the board is too big or too small for its pieces (W214-W216); default: the "
                        "map's rules.preset, else none")


def run(args) -> int:
    from ..diagnostics import READING_ERROR, summary_lines
    from ..errors import InputError
    from ..io.yamlmap import check_map
    from ..wording import plural
    from .common import dump_json, emit

    try:
        m, found = check_map(args.map)
    except InputError as exc:
        if args.format == "json":
            where = f"line {exc.line}" if exc.line else None
            emit(dump_json({"valid": False, "errors": [{"code": READING_ERROR, "message": str(exc),
                                                        "where": where}], "warnings": []}))
        raise
    found = found + _judged(m, args.rules)
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


def _judged(m, asked: str | None) -> list:
    """W214-W216 for preset ``asked``, else for the map's own ``rules.preset`` (none without one)."""
    from ..boardcheck import family_of, rule_issues
    from ..diagnostics import issue
    from ..errors import InputError

    if asked is not None:
        try:
            family_of(asked)
        except ValueError as exc:
            raise InputError(f"--rules: {exc}") from None
        return rule_issues(m, asked)
    own = m.rules.extra.get("preset")
    if own is None:
        return []
    try:
        return rule_issues(m, own)
    except ValueError as exc:
        return [issue("W216", f"rules.preset: {exc}", None)]
