"""The ``mapkit`` command line.

Each subcommand lives in its own module under :mod:`mapkit.commands` with two functions,
``add_arguments(parser)`` and ``run(args) -> int``; modules import their heavy dependencies
inside ``run`` so that the command starts quickly. Errors raised on purpose
(:class:`~mapkit.errors.MapkitError`) print one line and exit 1 or 2; ``--debug`` shows the
traceback.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys

from . import __version__
from .errors import MapkitError

__all__ = ["main", "COMMANDS", "plain_text"]

# name -> (module under mapkit.commands, one-line help). Order is the order of --help.
COMMANDS = {
    "maps": ("maps", "list the bundled maps (their names work wherever a command takes a MAP)"),
    "validate": ("validate", "check a map file and list its problems with their places"),
    "format": ("format", "rewrite a map file in canonical form (to a new file)"),
    "info": ("info", "a map in figures: size, terrain, cities, numbers"),
    "distances": ("distances", "the city-distance table (steps, build cost, travel points)"),
    "races": ("races", "the forbidden-race table and the Expres prize table by race number"),
    "route": ("route", "a cheapest path between two cities or hexes, with its cost"),
    "report": ("report", "a map in figures for designers: race statistics, networks, heat map"),
    "import": ("import_", "read a map made elsewhere (Tiled, DampfrossDigital, an image)"),
    "design": ("design", "make a map of a real country or region from geographic data (offline)"),
    "export-tmx": ("export_tmx", "write a map as a Tiled map (TMX) to edit in the Tiled editor"),
    "render": ("render", "draw the board at true scale as SVG, PDF or PNG, on one page or tiled"),
    "sheets": ("sheets", "write every printable sheet of a game: board, tables, score sheet"),
    "export": ("export", "compile a map for the game engine (JSON, with the map's hash)"),
    "replay": ("replay", "replay a game record and show the final state and the winner"),
    "simulate": ("simulate", "play many games with bots and report wins by seat and start city"),
    "balance": ("balance", "make a map fairer by simulation: race numbers, start cities, city cards"),
    "play": ("play", "play a map in the terminal against bots or hot-seat, with a picture of the board"),
    "serve": ("serve", "play in the browser with friends and bots, and edit maps with live analysis"),
}


# reST in the commands' docstrings: a role (:func:`~a.b.c`, :class:`text <target>`) and literal text (``x``)
_ROLE = re.compile(r":[a-z]+:`(~?)([^`<]*?)\s*(?:<[^>`]*>)?`")
_LITERAL = re.compile(r"``(.+?)``", re.S)


def plain_text(text: str) -> str:
    """A docstring's reST markup taken away for the terminal: ``x`` becomes x, a role its
    target (its last part after ~) or its text.

    >>> plain_text("``--from`` reads a :class:`~mapkit.model.Map` (:func:`mapkit.io.read`, :ref:`the format <fmt>`)")
    '--from reads a Map (mapkit.io.read, the format)'
    """
    text = _ROLE.sub(lambda mo: mo.group(2).rsplit(".", 1)[-1] if mo.group(1) else mo.group(2), text)
    return _LITERAL.sub(r"\1", text)


class _PlainHelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The description as written (its paragraphs and examples), all of the help as plain text."""

    def format_help(self) -> str:
        return plain_text(super().format_help())


def _add_command(sub, name: str, module_name: str, help_text: str):
    module = importlib.import_module(f"mapkit.commands.{module_name}")
    p = sub.add_parser(name, help=help_text, description=(module.__doc__ or help_text).strip(),
                       formatter_class=_PlainHelpFormatter)
    module.add_arguments(p)
    p.set_defaults(_run=module.run)
    return p


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mapkit",
        description="Design, check, analyse, print and play hex maps for railway board games.",
        formatter_class=_PlainHelpFormatter)
    parser.add_argument("--version", action="version", version=f"mapkit {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        if only is None or only == name:
            _add_command(sub, name, module_name, help_text)
        else:
            sub.add_parser(name, help=help_text)
    return parser


def _wanted_command(argv) -> str | None:
    for a in argv:
        if a in COMMANDS:
            return a
        if not a.startswith("-"):
            return None
    return None


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # Import only the module of the command asked for: start-up stays fast.
    parser = build_parser(only=_wanted_command(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args) or 0)
    except MapkitError as exc:
        if args.debug:
            raise
        print(f"mapkit {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("mapkit: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
