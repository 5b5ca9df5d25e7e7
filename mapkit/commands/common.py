"""Helpers shared by the subcommands: output to a file or standard output, JSON printing."""

from __future__ import annotations

import json
import sys

from ..fileio import atomic_write

__all__ = ["emit", "dump_json", "add_output_argument", "save_and_report", "check_outputs"]


def dump_json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def emit(text: str, output=None, inputs=()) -> None:
    """Write ``text`` to ``output`` atomically, or to standard output when ``output`` is None."""
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        atomic_write(output, text, inputs=inputs)


def check_outputs(outputs: dict, inputs=()) -> None:
    """Before a command's long work: each file it will write (option -> path; None and "-",
    standard output, are left out) can be written, and no two options name the same file (the
    second would replace the first)."""
    import os

    from ..errors import InputError
    from ..fileio import check_writable

    seen: dict = {}
    for option, path in outputs.items():
        if path is None or str(path) == "-":
            continue
        if not str(path).strip():
            raise InputError(f"{option} {str(path)!r}: an empty file name; give the file to write")
        check_writable(path, inputs)
        where = os.path.realpath(path)
        if where in seen:
            raise InputError(f"{seen[where]} and {option} name the same file {path}; give two files")
        seen[where] = option


def add_output_argument(p, help_text: str = "write to FILE instead of standard output"):
    p.add_argument("-o", "--output", metavar="FILE", default=None, help=help_text)


def save_and_report(m, output, inputs, notes, fmt: str, fields: dict, summary: str) -> int:
    """Validate a map made by a command (import, design), save it and print the notes and its
    problems: JSON ``{"output", **fields, "notes", "errors", "warnings"}`` or text ending in
    ``wrote OUTPUT (SUMMARY, N validation errors)``; in the text a warning repeated more
    than three times is one line with its count and first places. Returns how many errors it has."""
    from ..diagnostics import summary_lines
    from ..io.yamlwrite import save_map
    from ..validate import validate
    from ..wording import plural

    issues = validate(m)
    save_map(m, output, inputs=inputs)
    errors = [i for i in issues if i.is_error]
    if fmt == "json":
        emit(dump_json({"output": str(output), **fields, "notes": list(notes),
                        "errors": [i.as_json() for i in errors],
                        "warnings": [i.as_json() for i in issues if not i.is_error]}))
    else:
        lines = list(notes) + [f"{output}: {line}" for line in summary_lines(issues)]
        lines.append(f"wrote {output} ({summary}, {plural(len(errors), 'validation error')})")
        emit("\n".join(lines) + "\n")
    return len(errors)


def add_lang_argument(p, what: str = "the language printed on the paper") -> None:
    """``--lang``: the language of every printed word (the map's names stay as it writes them);
    ``what``: what it sets, as the help says it."""
    from ..i18n import LANGUAGES

    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=f"{what}: cs, de or en (default: the environment's "
                        "LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)")


def kit_language(asked: str | None) -> str:
    """The language of a printed kit: the one asked for, else the environment's."""
    from ..i18n import default_language

    return asked or default_language()
