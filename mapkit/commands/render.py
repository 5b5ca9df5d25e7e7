"""Draw the board at true scale (grid.hex_mm between hex centres) as SVG, PDF or PNG.

The format follows the suffix of -o. Without --tile the board, its title and legend go on one
page of the smallest of A4..A0 that holds them (or of --paper; --paper fit makes a page the size
of the drawing). With --tile the board is split over --paper pages (default A4) that overlap,
with cut and registration marks, page labels and an overview page first. Neighbouring states
print as a pale tint that saves toner; --dark-foreign prints them solid, as the style has them.

--style transamerica draws the board as TransAmerica's kit prints it (mapkit sheets --rules
transamerica): a dot on every junction, the 35 card cities ringed in their card's colour as the
only cities; the map needs its city cards (rules.city_cards). Without --style a map meant for
TransAmerica (rules.preset transamerica, with its city cards) is drawn in that look, every
other map in the colour look.

Examples:
  mapkit render maps/example.yaml -o board.pdf
  mapkit render maps/example.yaml -o board.png --dpi 200 --style mono
  mapkit render maps/czechia.yaml -o board-A4.pdf --tile --paper A4
  mapkit render maps/czechia.yaml -o expres.pdf --style expres --dark-foreign   # the published look
  mapkit render maps/usa.yaml -o usa.pdf --style expres
  mapkit render maps/germany.yaml -o deutschland.pdf --lang de   # title and legend in German
  mapkit render maps/usa.yaml -o usa-ta.pdf --style transamerica  # TransAmerica's board
"""

from __future__ import annotations

import sys

PAPERS = ("A4", "A3", "A2", "A1", "A0", "letter", "fit")
# mapkit's own looks (mapkit.render.style); the others are game families' looks of the board
# (GameFamily.board_look and board_art), asked of the registry (family_looks).
STYLES = ("colour", "mono", "expres")


def _paper(text: str) -> str:
    for p in PAPERS:
        if p.lower() == text.strip().lower():
            return p
    import argparse

    raise argparse.ArgumentTypeError(f"unknown paper {text!r}; choose from {', '.join(PAPERS)}")


def family_looks() -> tuple:
    """The looks of the board that game families print themselves (their ``board_look``, when
    it is not mapkit's board), from the registry."""
    from ..engine.game import FAMILIES

    return tuple(sorted({f.board_look for f in FAMILIES.values() if f.board_look != "board"}))


def _look(text: str) -> str:
    """``--style``: one of :data:`STYLES` or of :func:`family_looks` (the registry is read only
    when the option is given, so that ``--help`` stays quick)."""
    import argparse

    name = text.strip().lower()
    looks = STYLES + family_looks()
    if name not in looks:
        raise argparse.ArgumentTypeError(f"unknown style {text!r}; choose from {', '.join(looks)}")
    return name


def add_arguments(p):
    import argparse

    from .common import add_lang_argument

    p.formatter_class = argparse.RawDescriptionHelpFormatter  # keep the examples' lines
    p.add_argument("map", metavar="MAP", help="the map file (YAML)")
    p.add_argument("-o", "--output", metavar="FILE", required=True,
                   help="the file to write: .svg, .pdf or .png")
    p.add_argument("--paper", type=_paper, default=None, metavar="SIZE",
                   help="A4, A3, A2, A1, A0, letter or fit (default: the smallest A size that "
                        "holds the board; A4 with --tile)")
    p.add_argument("--tile", action="store_true", help="split the board over several pages")
    p.add_argument("--overlap", type=float, default=10.0, metavar="MM",
                   help="overlap of neighbouring tiles in mm (default 10)")
    p.add_argument("--dpi", type=float, default=150.0, metavar="N",
                   help="pixels per inch of paper for PNG output (default 150)")
    p.add_argument("--style", type=_look, default=None, metavar="STYLE",
                   help="colour (the Dampfross look), mono for black-and-white printers, expres "
                        "(neighbouring states black, mountains grey, rivers thick black) or "
                        "the board of a game family that prints its own (transamerica: a dot on every "
                        "junction, the card cities ringed in their colours; needs rules.city_cards); "
                        "default: the look of the family of the map's rules.preset when it prints its "
                        "own board and plays on the map, else colour")
    tint = p.add_mutually_exclusive_group()
    tint.add_argument("--dark-foreign", dest="light_foreign", action="store_false", default=True,
                      help="print neighbouring states solid dark, as the style has them (the look of "
                           "the published boards; about half of a border country's sheet in toner); "
                           "by default they are a pale tint that saves toner")
    tint.add_argument("--light-foreign", dest="light_foreign", action="store_true",
                      help="the pale tint of the neighbouring states (the default; kept for scripts)")
    add_lang_argument(p)
    p.add_argument("--title", default=None, help="title printed on the board (default: the map's name)")


def run(args) -> int:
    from ..errors import InputError
    from ..i18n import use_language
    from ..io.yamlmap import load_map
    from ..render.files import BoardOutput, write_art
    from .common import kit_language
    from ..render.style import get_style, light_foreign

    if args.tile and args.paper == "fit":
        raise InputError("--paper fit cannot be tiled; choose A4, A3, A2, A1, A0 or letter")
    if args.overlap < 0:
        raise InputError(f"--overlap {args.overlap:g}: must not be negative")
    m = load_map(args.map)
    look = args.style or default_look(m)
    base = look if look in STYLES else "colour"
    style = light_foreign(get_style(base)) if args.light_foreign else get_style(base)
    how = BoardOutput(args.paper, args.tile, args.overlap, args.dpi, args.title, (args.map,), str(args.map))
    with use_language(kit_language(args.lang)):
        result = write_art(board_art(m, look, style, str(args.map)), args.output, how)
        _report(result)
    return 0


def default_look(m) -> str:
    """The look ``mapkit render`` draws map ``m`` in without ``--style``: the look of the game
    family of the map's ``rules.preset`` when that family prints a board of its own and plays
    on the map (TransAmerica's, on a map with its city cards), else ``colour``."""
    from ..engine.game import PRESETS, family_of

    preset = m.rules.preset
    if preset is None or preset not in PRESETS:
        return "colour"
    fam = family_of(preset)
    return fam.board_look if fam.board_look != "board" and fam.plays_on(m) else "colour"


def board_art(m, look: str, style, source: str):
    """The drawing of map ``m`` in ``look``: mapkit's board in ``style``, or the board of the
    game family whose look it is (drawn in ``style``'s colours); an InputError when the map
    lacks what that family's board shows."""
    from ..engine.game import family_of_look
    from ..errors import InvalidError
    from ..render.boardart import BoardArt

    if look in STYLES:
        return BoardArt(m, style)
    fam = family_of_look(look)
    if not fam.plays_on(m):
        raise InvalidError(f"{source}: --style {look} needs {fam.name}'s section of the map "
                           f"(rules.{' or rules.'.join(fam.map_keys)}), complete: {_lacking(fam, m)}")
    return fam.board_art(m, style)[0]


def _lacking(fam, m) -> str:
    """What map ``m`` lacks of the section family ``fam`` needs: its first problem (mapkit
    validate lists them all), or that the section is missing."""
    if not set(fam.map_keys) & set(m.rules.extra):
        return "the map has none"
    problems = fam.validate_map(m)
    if not problems:
        return "the map's section does not suit the family"
    more = f" (and {len(problems) - 1} more; mapkit validate lists them)" if len(problems) > 1 else ""
    first = problems[0]
    return f"{first.where + ': ' if first.where else ''}{first.message}{more}"


def _report(result) -> None:
    """The files written, their pages and paper (in the kit's language); the names that found
    no place on standard error."""
    from ..i18n import _, ngettext
    from ..render.paper import printed_paper

    files = ", ".join(str(f) for f in result.files)
    n = len(result.pages)
    print(ngettext("{files}: {n} page, {paper}", "{files}: {n} pages, {paper}", n).format(
        files=files, n=n, paper=printed_paper(result.paper)))
    if result.clashes:
        print(_("mapkit render: warning: no free place for the names of {cities}; they overlap other names "
                "or cities").format(cities=", ".join(result.clashes)), file=sys.stderr)
