"""Read a map made elsewhere and write a mapkit map file.

The kind of SOURCE follows its suffix unless --from is given: .tmx/.tmj a Tiled map,
.dmpfmap a DampfrossDigital map, .png/.jpg/.jpeg/.tif/.tiff an image of a board. The notes
on the way (warnings, how sure the picture's reading is) are printed. The map is written even
when it does not validate (exit code 1 then, as for any invalid input): an imported map is a
draft to mend, and its problems are listed.
"""

from __future__ import annotations

import importlib
from pathlib import Path

# kind -> (module, suffixes). Each module has ``import_map(path, options) -> (Map, notes)``
# (options: the parsed command line; for images an ImportOptions); ``notes`` are lines to
# show the user (warnings, a confidence report).
IMPORTERS = {
    "tiled": ("mapkit.io.tiled", (".tmx", ".tmj")),
    "dmpfmap": ("mapkit.io.dmpfmap", (".dmpfmap",)),
    "image": ("mapkit.imaging.importer", (".png", ".jpg", ".jpeg", ".tif", ".tiff")),
}


def _languages(text: str) -> tuple[str, ...]:
    """``--ocr-languages``: Tesseract's language codes (``ces``, ``chi_sim``), comma-separated."""
    import argparse
    import re

    langs = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))
    bad = [lang for lang in langs if not re.fullmatch(r"[a-z]{3}(_[a-z]+)?", lang)]
    if not langs or bad:
        raise argparse.ArgumentTypeError(f"{text!r}: Tesseract's language codes, comma-separated (such as "
                                         f"slk,ces,deu){'; not one: ' + ', '.join(bad) if bad else ''}")
    return langs


def add_arguments(p):
    p.add_argument("source", metavar="SOURCE", help="the file to import")
    p.add_argument("-o", "--output", metavar="MAP.yaml", required=True, help="the map file to write")
    p.add_argument("--from", dest="kind", choices=sorted(IMPORTERS), help="the kind of SOURCE")
    p.add_argument("--name", help="the map's name (default: from the source; for a picture its "
                   "printed title, read by OCR, else the file's name)")
    p.add_argument("--hex-mm", type=float, default=None, help="printed hex size of the new map")
    g = p.add_argument_group("Tiled")
    g.add_argument("--tiles", metavar="MAP", help="global tile id (as in the layer data) -> terrain, e.g. "
                   "1=plain,2=mountain,3-5=water,0=off,*=plain (0: empty cell, *: any other tile); "
                   "wins over the tiles' 'terrain' property")
    g = p.add_argument_group("images")
    g.add_argument("--grid", choices=("pointy", "flat"), help="hex orientation (default: detect)")
    g.add_argument("--offset", choices=("odd", "even"), help="offset (default: detect)")
    g.add_argument("--columns", type=int, help="columns (default: detect)")
    g.add_argument("--rows", type=int, help="rows (default: detect)")
    g.add_argument("--hex-px", type=float, help="distance between adjacent hex centres in pixels "
                   "(a size from centre to corner or corner to corner is recognised)")
    g.add_argument("--legend", metavar="FILE|LOOK", help="YAML: terrain/feature -> '#rrggbb' colours, "
                   "or a look of mapkit render: colour, expres, mono, each also with -light (its "
                   "neighbouring states in the toner-light tint: colour-light ...), or transamerica "
                   "(TransAmerica's board: the card cities ringed in their colours, read back as "
                   "rules.city_cards); default: the look and tint the picture fits best")
    g.add_argument("--overlay", metavar="FILE.png", help="draw what was detected over the image")
    g.add_argument("--no-ocr", action="store_true", help="do not read race numbers")
    g.add_argument("--ocr-languages", type=_languages, default=None, metavar="LANGS",
                   help="Tesseract's languages the city names are read in, comma-separated, the "
                        "board's own first (it wins a tie); default deu,ces,pol; e.g. slk,hun,ces,deu "
                        "for a Slovak board (Debian: apt-get install tesseract-ocr-slk tesseract-ocr-hun)")
    g.add_argument("--report", metavar="FILE.json", help="write the confidence of every hex and edge read")
    p.add_argument("--format", choices=("text", "json"), default="text", help="how to print the notes")


def kind_of(path: str, kind: str | None) -> str:
    from ..errors import InputError

    if kind:
        return kind
    suffix = Path(path).suffix.lower()
    for name, (_, suffixes) in IMPORTERS.items():
        if suffix in suffixes:
            return name
    raise InputError(f"{path}: cannot tell the kind of file from {suffix or 'no suffix'!r}; "
                     f"use --from {'|'.join(sorted(IMPORTERS))}")


def run(args) -> int:
    from ..fileio import check_output_path
    from .common import save_and_report

    kind = kind_of(args.source, args.kind)
    check_output_path(args.output, inputs=[args.source])
    module = importlib.import_module(IMPORTERS[kind][0])
    options = args
    if kind == "image":
        options = module.ImportOptions(orientation=args.grid, offset=args.offset, columns=args.columns,
                                       rows=args.rows, hex_px=args.hex_px, legend=args.legend,
                                       ocr=not args.no_ocr, ocr_languages=args.ocr_languages,
                                       overlay=args.overlay, report=args.report,
                                       output=args.output, name=args.name, hex_mm=args.hex_mm)
    m, notes = module.import_map(args.source, options)
    errors = save_and_report(m, args.output, [args.source], notes, args.format, {"kind": kind},
                             f"{m.grid.columns} x {m.grid.rows} hexes, {len(m.cities)} cities")
    if errors:
        import sys

        from ..wording import plural

        print(f"{args.output}: written, but the map does not validate ({plural(errors, 'error')}, listed above)",
              file=sys.stderr)
        return 1
    return 0
