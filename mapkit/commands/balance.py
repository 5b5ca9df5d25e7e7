"""Make a map fairer by simulation: move race numbers between cities (each number staying in
its tens digit's region), choose the start cities, and (TransAmerica) deal the city cards anew,
so that no playing position and no start city wins more than its share. Each candidate map is
played on the same games as the current one and kept only when it is fairer beyond the
games' noise; the result is checked on other games. Writes the new map (never over its
input) and prints a before/after report with 95% intervals, saying what changed and why
(docs/play.md, "Balancing a map"). --lang cs|de|en sets the language of the text report
(default: the environment's, as for sheets); --format json is the same in every language.

  mapkit balance czechia --rules paluba -o czechia-balanced.yaml --games 200 --rounds 20 --jobs 2
  mapkit balance maps/germany.yaml -o germany-balanced.yaml --keep Berlin,Hamburg --keep-start
  mapkit balance czechia --rules transamerica -o czechia-ta.yaml --keep-numbers --format json
  mapkit balance maps/example.yaml -o example-balanced.yaml --option unique_starts=true --scheduler local
  mapkit balance maps/example.yaml -o example-balanced.yaml --games 20 --rounds 2 --lang de   # the report in German
"""

from __future__ import annotations

from .common import add_lang_argument
from .simulate import add_play_arguments, add_rule_arguments, add_start_argument

__all__ = ["add_arguments", "run"]


def add_arguments(p):
    p.add_argument("map", metavar="MAP", help="the map file (YAML) or a bundled map's name")
    p.add_argument("-o", "--output", required=True, metavar="NEW.yaml",
                   help="write the balanced map here (a new file; never the input)")
    add_rule_arguments(p)
    add_play_arguments(p, games=200)
    add_start_argument(p)
    p.add_argument("--rounds", type=int, default=20, metavar="N",
                   help="candidate maps to play, the search's budget (default 20); each plays --games games")
    p.add_argument("--keep", action="append", default=[], metavar="CITY[,CITY...]",
                   help="keep these cities' race numbers, cards and start-city standing (repeatable)")
    p.add_argument("--keep-numbers", action="store_true", help="move no race number")
    p.add_argument("--keep-start", action="store_true", help="keep the start cities as the map lists them")
    p.add_argument("--keep-cards", action="store_true", help="keep TransAmerica's city cards as they are")
    p.add_argument("--format", choices=("text", "json"), default="text", help="the report's form (default text)")
    p.add_argument("--report", metavar="FILE", help="write the report here instead of standard output")
    add_lang_argument(p, "the language of the text report (JSON is the same in every language)")


def _kept_cities(items, cities) -> frozenset:
    """The names ``--keep`` gives (comma lists, accents and case optional), as the map writes them."""
    from ..errors import InputError
    from ..places import CityNames

    names = CityNames.of(cities)
    out = set()
    for item in items:
        for text in (t.strip() for t in item.split(",")):
            if not text:
                continue
            i = names.find(text)
            if i is None:
                near = names.similar(text)
                raise InputError(f"--keep {text}: no city of the map is called so"
                                 + (f"; did you mean {' or '.join(near)}?" if near else ""))
            out.add(names.names[i])
    return frozenset(out)


def _read(args):
    """The input map, checked: a YAML map that validates, not the file ``-o`` names."""
    from pathlib import Path

    from ..bundled import locate
    from ..errors import InputError
    from ..io.yamlmap import load_map
    from .common import check_outputs

    path = locate(args.map)
    if Path(path).suffix.lower() == ".json":
        raise InputError(f"{args.map}: balance changes a map file (YAML), not an engine export")
    check_outputs({"-o": args.output, "--report": args.report}, inputs=[args.map])
    return load_map(path)


def run(args) -> int:
    from ..engine import EngineMap
    from ..engine.balance import NothingToChange, Pins, Plan, balance, balance_report, format_balance
    from ..engine.game import DEFAULT_PRESET, family_of
    from ..engine.simulate import runner
    from ..errors import InputError
    from ..i18n import use_language
    from ..io.yamlwrite import save_map
    from .common import dump_json, emit, kit_language
    from .simulate import check_setup, check_start, games_progress, play_arguments

    if args.rounds < 1:
        raise InputError(f"--rounds {args.rounds}: give a number of candidate maps >= 1")
    m = _read(args)
    args.rules = args.rules or m.rules.preset or DEFAULT_PRESET
    options, bots, jobs = play_arguments(args)
    board = EngineMap.from_map(m)
    check_setup(board, args.rules, bots, options, args.map)
    check_start(args, board, args.rules, options)
    cities = family_of(args.rules).picture_map(m, board).cities
    pins = Pins(_kept_cities(args.keep, cities), args.keep_numbers, args.keep_start, args.keep_cards)
    plan = Plan(args.rules, options, bots, args.seed, args.games, args.rounds, pins, args.start_cities)
    try:
        with runner(jobs, args.scheduler) as play:
            out = balance(m, plan, play, games_progress(args, "balancing"))
    except NothingToChange as exc:
        raise InputError(f"{args.map}: {exc}") from None
    save_map(out.map, args.output, inputs=[args.map])
    report = balance_report(out, plan, str(args.output))
    report["map"] = report["map"] or str(args.map)     # a map without a name: its file
    if args.format == "json":
        text = dump_json(report)
    else:
        with use_language(kit_language(args.lang)):        # the report's words; its JSON speaks no language
            text = format_balance(report)
    emit(text, args.report, inputs=[args.map, args.output])
    return 0
