"""Play many games with bots and report how fair the map is: wins by seat, bot and playing
position (with 95% Wilson intervals), game length and how games ended, and the game's own
figures -- Dampfross: wins by start city, build rounds, races held and re-drawn, fares, final
accounts; TransAmerica: rounds per game, their length, how they ended, the points lost in each;
Railroad Tycoon: final scores, VP, shares, rounds, deliveries by colour, cities never served.
The same seed prints the same report whatever --jobs is, and whatever runs the games: this
machine's processes, or a Dask cluster (--scheduler).

The report opens with its verdicts: are the seats, the playing positions and the start cities
fair (exact binomial tests of each one's wins against the fair share, Holm-corrected at 5 %
family-wise per question), and Ludii's balance metrics (Balance, Advantage of the first player,
Completion) with their intervals. --start-cities rotate deals every allowed start city to the
seats in turn, so that each city's figure measures the city, not the bots' liking for it.
--html FILE writes the report as one self-contained page (then only a line naming it is
printed, unless --format or -o asks for the report too). --lang cs|de|en sets the language of
the text and HTML report (default: the environment's, as for sheets); --format json is the
same in every language.

  mapkit simulate maps/example.yaml --rules paluba --players 4 --games 1000 --seed 1 --jobs 2
  mapkit simulate maps/czechia.yaml --bots greedy,greedy,random --games 200 --format json
  mapkit simulate maps/example.yaml --games 20 --records games/ --option races=5
  mapkit simulate maps/example.yaml --games 20 --lang cs     # the report in Czech
  mapkit simulate maps/czechia.yaml --games 310 --start-cities rotate --html czechia-simulation.html
  mapkit simulate maps/usa.yaml --rules transamerica --players 4 --games 1000 --option quarantine=true
  mapkit simulate maps/usa.yaml --rules transamerica --games 100000 --scheduler tcp://scheduler:8786
  mapkit simulate usa-east --rules railroad-tycoon --players 4 --games 1000 --jobs 2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tqdm import tqdm

__all__ = ["add_arguments", "run", "parse_options", "add_rule_arguments", "add_play_arguments", "play_arguments",
           "check_setup", "check_start", "add_start_argument", "games_progress", "bot_list", "preset_of", "Progress"]


def preset_of(args) -> str:
    """The preset ``--rules`` names, else the engine's default (asked when the command runs, so
    that building the parser loads no game)."""
    from ..engine.game import DEFAULT_PRESET

    return args.rules or DEFAULT_PRESET


def add_rule_arguments(p):
    """``--rules PRESET`` and ``--option KEY=VALUE`` (shared with ``mapkit play``)."""
    p.add_argument("--rules", metavar="PRESET", default=None,
                   help="rules preset: paluba, expres, dampfross, transamerica, transamerica-mega or "
                        "railroad-tycoon (default paluba)")
    p.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                   help="change one rule option (repeatable), e.g. --option races=5 --option finish=first")


def add_arguments(p):
    from .common import add_lang_argument

    p.add_argument("map", metavar="MAP", help="the map (YAML) or its engine export (JSON)")
    add_rule_arguments(p)
    add_play_arguments(p)
    p.add_argument("--records", metavar="DIR", help="keep every game's record in DIR (game-00001.json ...)")
    add_start_argument(p)
    p.add_argument("--format", choices=("text", "json"), default=None,
                   help="the report's form (default text; with --html: the report only when this or -o is given)")
    p.add_argument("--html", metavar="FILE", help="write the report as an HTML page (and print only a line naming it)")
    p.add_argument("-o", "--output", metavar="FILE", help="write the report here instead of standard output")
    add_lang_argument(p, "the language of the text and HTML report (JSON is the same in every language)")


def add_start_argument(p):
    """``--start-cities choose|rotate`` (shared with ``mapkit balance``; checked by
    :func:`check_start`)."""
    p.add_argument("--start-cities", choices=("choose", "rotate"), default="choose",
                   help="choose: the bots choose their start cities (default); rotate: every allowed start "
                        "city is dealt to the seats in turn, each seat starting equally often from each")


def check_start(args, board, preset: str, options: dict) -> None:
    """A one-line error before any game when ``--start-cities rotate`` cannot deal on ``board``."""
    if args.start_cities == "rotate":
        from ..engine.starts import check_deal

        check_deal(board, preset, options)


def add_play_arguments(p, games: int = 100):
    """How the games are played, the same in ``mapkit simulate`` and ``mapkit balance``:
    ``--players``, ``--games`` (default ``games``), ``--seed``, ``--jobs``, ``--scheduler``,
    ``--bots``, ``--progress`` / ``--no-progress`` (read back by :func:`play_arguments` and
    :func:`games_progress`)."""
    p.add_argument("--players", type=int, metavar="N", help="number of players (default: the number of "
                                                            "--bots, else 4)")
    p.add_argument("--games", type=int, default=games, metavar="N", help=f"games to play (default {games})")
    p.add_argument("--seed", type=int, default=0, metavar="N", help="master seed (default 0)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="worker processes (default 1; 0: one per core); the report does not depend on it")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play the games as tasks on a Dask cluster: a scheduler's address (tcp://HOST:8786), "
                        "or 'local' for a cluster of --jobs processes on this machine (pip install "
                        "'mapkit[cluster]'); the report does not depend on it")
    p.add_argument("--bots", metavar="LIST",
                   help="bots by seat, comma-separated (easy, greedy, strong, random; strong:64 gives the "
                        "strong bot 64 rollouts a decision; each game has its own bots); one name fills every "
                        "seat (default: the game's default bot, greedy for the games mapkit ships)")
    p.add_argument("--progress", action="store_true", default=None,
                   help="show a progress bar on standard error (default: only on a terminal)")
    p.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")


def parse_options(items) -> dict:
    """``["races=5", "finish=first"]`` -> ``{"races": 5, "finish": "first"}`` (values as JSON
    where they parse, else text).

    >>> parse_options(["races=5", "finish=first", "target_score=null", "joint_races=true"])
    {'races': 5, 'finish': 'first', 'target_score': None, 'joint_races': True}
    """

    from ..errors import InputError
    from ..fileio import parse_json

    out = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or not key:
            raise InputError(f"--option {item!r}: expected KEY=VALUE, e.g. races=5")
        text = value.strip()
        try:
            out[key] = parse_json(text, f"--option {key}")      # bounded: no 5,000-digit numbers
        except InputError:
            if text.lstrip("-").isdigit():
                raise                                           # a number too long to read
            out[key] = text                                     # a word: a name such as secret
    return out


def bot_list(args, n_players) -> tuple:
    """The bots by seat that ``--bots`` and ``--players`` ask for (the preset's default bot
    when none is named), each checked, with a budget the games' report can repeat."""
    from ..engine.bots import bots_for, check_bot, reproducible
    from ..engine.game import family_of
    from ..errors import InputError

    preset = preset_of(args)
    names = [b.strip().lower() for b in (args.bots or family_of(preset).default_bot).split(",")]
    if not all(names):      # "greedy,,greedy" would quietly drop a seat
        raise InputError(f"--bots {args.bots!r}: give a bot name for every seat, separated by commas "
                         f"({', '.join(sorted(bots_for(preset)))})")
    checked = []
    for b in names:
        try:
            checked.append(check_bot(b, preset))
        except InputError as exc:
            raise InputError(f"--bots: {exc}") from None
        if not reproducible(checked[-1], preset):
            raise InputError(f"--bots {b}: a time budget makes the games depend on the machine's speed and load, "
                             f"and simulate gives the same report for the same seed: give a number of rollouts "
                             f"(e.g. {b.partition(':')[0]}:64)")
    names = checked
    if n_players is None:
        n_players = len(names) if len(names) > 1 else 4
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise InputError(f"--bots names {len(names)} bots for --players {n_players}; give one per seat "
                         f"or a single name")
    return tuple(names)


class Progress:
    """The ``progress(done, total)`` callback of :func:`mapkit.engine.simulate.simulate`, as a
    tqdm bar on standard error (:func:`mapkit.progress.progress`) that stays as the last line."""

    def __init__(self, label: str, stream=None, show: bool | None = None):
        self.label, self.stream, self.show = label, stream, show
        self.bar: tqdm | None = None

    def __call__(self, done: int, total: int) -> None:
        from ..progress import progress

        if self.bar is None:
            self.bar = progress(total, self.label, "game", self.stream, self.show, delay=0, leave=True)
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.bar.close()


def play_arguments(args) -> tuple[dict, tuple, int]:
    """``(options, bots, jobs)`` of the arguments :func:`add_play_arguments` and
    :func:`add_rule_arguments` added, checked (a one-line error for a bad one)."""
    import os

    from ..engine.game import MAX_PLAYERS
    from ..errors import InputError

    if args.games < 1:
        raise InputError(f"--games {args.games}: give a number of games >= 1")
    if args.players is not None and not 1 <= args.players <= MAX_PLAYERS:
        raise InputError(f"--players {args.players}: give a number of players from 1 to {MAX_PLAYERS}")
    if not 0 <= args.jobs <= MAX_JOBS:
        raise InputError(f"--jobs {args.jobs}: give a number of worker processes from 1 to {MAX_JOBS}, "
                         f"or 0 for one per core")
    if args.scheduler is not None and not args.scheduler.strip():
        raise InputError("--scheduler '': give a Dask scheduler's address (tcp://HOST:8786) or local")
    # more workers than games would only start processes that get nothing to do
    jobs = min(args.jobs if args.jobs > 0 else (os.cpu_count() or 1), args.games)
    return parse_options(args.option), bot_list(args, args.players), jobs


MAX_JOBS = 256     # worker processes: each loads mapkit and the board (tens of MB)


def check_setup(board, preset: str, bots, options: dict, source) -> None:
    """A one-line error now, before any game, when a game cannot be set up on ``board``."""
    from ..engine import IllegalAction, new_game
    from ..engine.simulate import seat_names
    from ..errors import InputError

    try:
        new_game(board, preset, seat_names(bots), options)
    except IllegalAction as exc:
        raise InputError(f"{source}: {exc.reason}") from None


def games_progress(args, label: str):
    """The progress bar ``--progress`` asks for (default: on a terminal), or None."""
    from ..progress import on_terminal

    show = args.progress if args.progress is not None else on_terminal()
    return Progress(label, show=True) if show else None


def run(args) -> int:
    import os
    from pathlib import Path

    from ..engine import load_engine_map
    from ..engine.simulate import SimSpec, runner, summarize
    from ..errors import InputError
    from ..i18n import use_language
    from .common import check_outputs, kit_language

    options, bots, jobs = play_arguments(args)
    board = load_engine_map(args.map)
    check_outputs({"--html": args.html, "-o": args.output}, inputs=[args.map])
    check_setup(board, preset_of(args), bots, options, args.map)
    check_start(args, board, preset_of(args), options)
    records = None
    map_file = None
    if args.records:
        rec_dir = Path(args.records)
        if rec_dir.exists() and not rec_dir.is_dir():
            raise InputError(f"--records {rec_dir}: exists and is not a directory")
        try:
            rec_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"--records {rec_dir}: cannot create ({exc.strerror or exc})") from None
        records = str(rec_dir)
        from ..bundled import locate

        map_file = os.path.relpath(locate(args.map).resolve(), rec_dir.resolve())
    spec = SimSpec(board.to_json(), preset_of(args), options, bots, args.seed, records, map_file,
                   start_cities=args.start_cities)
    with runner(jobs, args.scheduler) as play:
        stats = play(spec, args.games, games_progress(args, "simulating"))
    report = summarize(spec, stats)
    report["map"] = report["map"] or str(args.map)     # a map without a name: its file
    with use_language(kit_language(args.lang)):       # the report's words; its JSON speaks no language
        _write_report(args, report)
    return 0


def _write_report(args, report: dict) -> None:
    """The report where ``--html``, ``--format`` and ``-o`` ask, in the current language."""
    import sys

    from ..engine.simulate import format_report
    from ..i18n import _
    from .common import dump_json, emit

    wrote = _("wrote {file} (the simulation of {map})")
    if args.html:
        from ..fileio import atomic_write
        from ..render.simulation import render_html

        atomic_write(args.html, render_html(report), inputs=[args.map])
        if args.format is None and args.output is None:
            print(wrote.format(file=args.html, map=report["map"]))
            return
    text = dump_json(report) if args.format == "json" else format_report(report)
    emit(text, args.output, inputs=[args.map])
    if args.html:  # the report went where it was asked: the page's line goes beside it
        to_stdout = args.output is not None and str(args.output) != "-"
        print(wrote.format(file=args.html, map=report["map"]), file=None if to_stdout else sys.stderr)
