"""Helpers shared by the subcommands: output to a file or standard output, JSON printing."""

from __future__ import annotations

import json
import sys

from ..fileio import atomic_write

__all__ = ["emit", "dump_json", "add_output_argument"]


def dump_json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def emit(text: str, output=None, inputs=()) -> None:
    """Write ``text`` to ``output`` atomically, or to standard output when ``output`` is None."""
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        atomic_write(output, text, inputs=inputs)


def add_output_argument(p, help_text: str = "write to FILE instead of standard output"):
    p.add_argument("-o", "--output", metavar="FILE", default=None, help=help_text)
