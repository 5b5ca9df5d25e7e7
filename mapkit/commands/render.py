"""Draw the board at true scale (grid.hex_mm between hex centres) as SVG, PDF or PNG.

The format follows the suffix of -o. Without --tile the board, its title and legend go on one
page of the smallest of A4..A0 that holds them (or of --paper; --paper fit makes a page the size
of the drawing). With --tile the board is split over --paper pages (default A4) that overlap,
with cut and registration marks, page labels and an overview page first. Neighbouring states
print as a pale tint that saves toner; --dark-foreign prints them solid, as the style has them.

Examples:
  mapkit render maps/example.yaml -o board.pdf
  mapkit render maps/example.yaml -o board.png --dpi 200 --style mono
  mapkit render maps/czechia.yaml -o board-A4.pdf --tile --paper A4
  mapkit render maps/czechia.yaml -o expres.pdf --style expres --dark-foreign   # the published look
  mapkit render maps/usa.yaml -o usa.pdf --style expres
  mapkit render maps/germany.yaml -o deutschland.pdf --lang de   # title and legend in German
"""

from __future__ import annotations

import sys

PAPERS = ("A4", "A3", "A2", "A1", "A0", "letter", "fit")


def _paper(text: str) -> str:
    for p in PAPERS:
        if p.lower() == text.strip().lower():
            return p
    import argparse

    raise argparse.ArgumentTypeError(f"unknown paper {text!r}; choose from {', '.join(PAPERS)}")


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
    p.add_argument("--style", choices=("colour", "mono", "expres"), default="colour",
                   help="colour (the Dampfross look), mono for black-and-white printers, or expres "
                        "(neighbouring states black, mountains grey, rivers thick black)")
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
    from ..render.files import write_board
    from .common import kit_language
    from ..render.style import get_style, light_foreign

    if args.tile and args.paper == "fit":
        raise InputError("--paper fit cannot be tiled; choose A4, A3, A2, A1, A0 or letter")
    if args.overlap < 0:
        raise InputError(f"--overlap {args.overlap:g}: must not be negative")
    m = load_map(args.map)
    style = light_foreign(get_style(args.style)) if args.light_foreign else args.style
    with use_language(kit_language(args.lang)):
        result = write_board(m, args.output, paper=args.paper, tile=args.tile, overlap=args.overlap,
                             dpi=args.dpi, style=style, title=args.title, inputs=[args.map],
                             source=str(args.map))
        _report(result)
    return 0


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
