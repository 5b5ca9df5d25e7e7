"""Write every printable sheet of a game into a folder: the board on one page (board.pdf), the
board tiled on A4 (board-A4.pdf), the distance table (distances.pdf), races and prizes by number
(races.pdf), the race-number tables (numbers.pdf), the banker's sheet (scores.pdf), CSV copies
of the tables and an index.html with previews.

The kit follows one rules preset (--rules; default: the map's rules.preset, else paluba),
printed by the preset's game family (its write_sheets hook):
Paluba and Dampfross pay 20 and 10 and run a race only over 6 pieces of built track or more;
Expres pays twice and once the table distance and forbids races under 10 in the table (or
the map's min_race_distance). Start money, fees and the number of races follow the preset.

TransAmerica (--rules transamerica, on a map with city cards): the board with a dot on every
junction and the card cities in their colours (board.pdf, board-A4.pdf), the 35 city cards to
cut out (cards.pdf), the score track (score.pdf) and the rules in brief (rules.pdf).

Railroad Tycoon (--rules railroad-tycoon, on a map with rules.railroad_tycoon): the board with
each city's goods colour and goods at set-up, the Western Link cities and the free-build hexes
(board.pdf, board-A4.pdf), the victory-point track with its incomes (track.pdf), the action and
task cards (cards.pdf), the locomotive and share cards (locos.pdf, shares.pdf) and the rules in
brief (rules.pdf).

Examples:
  mapkit sheets maps/czechia.yaml -o sheets/
  mapkit sheets maps/usa.yaml -o usa-ta --rules transamerica
  mapkit sheets usa-east -o usa-rt --rules railroad-tycoon --players 4
  mapkit sheets maps/example.yaml -o out --rules expres --players 4 --style mono
  mapkit sheets maps/usa.yaml -o usa --races 12 --style expres
  mapkit sheets maps/czechia.yaml -o czechia --dark-foreign
  mapkit sheets maps/usa.yaml -o usa-cs --rules expres --lang cs   # the kit in Czech
"""

from __future__ import annotations

import sys

from ..i18n import N_


def add_arguments(p):
    import argparse

    from .common import add_lang_argument

    p.formatter_class = argparse.RawDescriptionHelpFormatter  # keep the examples' lines
    p.add_argument("map", metavar="MAP", help="the map file (YAML), or a bundled map's name (mapkit maps)")
    p.add_argument("-o", "--output", metavar="DIR", required=True,
                   help="the folder to write (created if missing; a kit already there is replaced as a "
                        "whole, other files in it are kept)")
    p.add_argument("--rules", metavar="PRESET", default=None,
                   help="rules preset of the whole kit: paluba, dampfross, expres, transamerica or "
                        "railroad-tycoon (start "
                        "money, fees, forbidden races, prizes, races; default: the map's rules.preset, "
                        "else paluba)")
    p.add_argument("--players", type=int, default=6, metavar="N",
                   help="players on the banker's sheet (default 6; six to a page); Railroad Tycoon: "
                        "sets of locomotive and share cards")
    p.add_argument("--min", type=int, default=None, metavar="N", dest="min_distance",
                   help="forbidden-race threshold: steps in the distance table (expres; default the "
                        "map's min_race_distance, else 10) or pieces of built track (paluba, "
                        "dampfross; default 6)")
    p.add_argument("--races", type=int, default=None, metavar="N",
                   help="races of the game, rows of the banker's sheet (default: the preset's, 9)")
    p.add_argument("--style", choices=("colour", "mono", "expres"), default="colour",
                   help="colour (the Dampfross look), mono for black-and-white printers, or expres "
                        "(neighbouring states black, mountains grey, rivers thick black)")
    add_lang_argument(p)
    tint = p.add_mutually_exclusive_group()
    tint.add_argument("--light-foreign", dest="light_foreign", action="store_true", default=True,
                      help="print neighbouring states on the boards as a pale tint, to save toner (the default)")
    tint.add_argument("--dark-foreign", dest="light_foreign", action="store_false",
                      help="print neighbouring states solid dark, as the style has them (the look of "
                           "the published boards; about half of a border country's sheet in toner)")


# What a kit wrote (its files, by the kit folder's manifest): replaced by the next kit.
KIT_MANIFEST = ".mapkit-sheets.json"
# Where the kit's rules came from when --rules did not say (printed in the kit's language).
WHY_MAP = N_("(the map's rules.preset)")
WHY_DEFAULT = N_("(the default; --rules chooses)")


def run(args) -> int:
    from pathlib import Path

    from ..engine.family import SheetRequest
    from ..errors import InputError
    from ..atomicfolder import atomic_folder
    from ..i18n import use_language
    from ..io.yamlmap import load_map
    from ..render.output import check_cairo
    from .common import kit_language

    if not 1 <= args.players <= 12:
        raise InputError(f"--players {args.players}: use 1 to 12")
    if args.min_distance is not None and args.min_distance < 0:
        raise InputError(f"--min {args.min_distance}: must not be negative")
    if args.races is not None and not 1 <= args.races <= 40:
        raise InputError(f"--races {args.races}: use 1 to 40")
    check_cairo()
    m = load_map(args.map)
    family, preset, why = _kit_of(m, args.rules)
    request = SheetRequest(preset, players=args.players, style=args.style, min_distance=args.min_distance,
                           races=args.races, light_foreign=args.light_foreign, inputs=(args.map,),
                           source=str(args.map))
    folder = Path(args.output)
    # The kit is made whole in a fresh folder and swapped in: a rerun or a parallel run into
    # the same folder never leaves files of two maps side by side (the user's own files stay;
    # the manifest names what a kit wrote, so a kit of another map or game replaces it all).
    lang = kit_language(args.lang)
    with atomic_folder(folder, manifest=KIT_MANIFEST, writer="mapkit sheets") as made, use_language(lang):
        result = family.write_sheets(m, made, request)
        _refuse_replacing_inputs(folder, made, result.files, args.map)
    with use_language(lang):      # the lines about the kit, in its language
        _report(folder, result, preset, why)
    return 0


def _report(folder, result, preset: str, why: str | None) -> None:
    """What ``mapkit sheets`` wrote: each PDF's pages, the index, the rules; the names that
    found no place on standard error."""
    from ..i18n import _, ngettext, translate

    for name, n in result.pages.items():
        print(ngettext("{file}: {n} page", "{file}: {n} pages", n).format(file=folder / name, n=n))
    print(f"{folder / 'index.html'}: {result.index_note}")
    print(_("rules: {preset}").format(preset=preset) + (" " + translate(why) if why else ""))
    if result.clashes:
        print(_("mapkit sheets: warning: no free place for the names of {cities}").format(
            cities=", ".join(result.clashes)), file=sys.stderr)


def _kit_of(m, rules: str | None):
    """``(family, preset, why)``: the family printing the kit of preset ``rules``, else of the
    map's ``rules.preset`` when a family prints one for it, else of the default preset
    (:func:`mapkit.engine.game.sheet_printer`); ``why`` says where the preset came from when it
    was not asked for (a message marked N_, or None)."""
    from ..engine.game import sheet_printer

    family, preset, source = sheet_printer(rules, m.rules.preset)
    return family, preset, {"asked": None, "map": WHY_MAP, "default": WHY_DEFAULT}[source]


def _refuse_replacing_inputs(folder, made, files, map_path) -> None:
    """The map may lie in the kit's folder, but not under the name of a file of the kit."""
    from pathlib import Path

    from ..errors import InputError

    source = Path(map_path).resolve()
    for f in files:
        rel = Path(f).relative_to(made)
        if folder.resolve() / rel == source:
            raise InputError(f"{folder / rel}: refusing to overwrite the input file")
