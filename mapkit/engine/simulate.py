"""Many games with bots: play them (in parallel processes if asked) and sum them up.

A designer asks whether a map is fair before printing it: does one start city win too often,
are races re-drawn too often, does the build phase drag? :func:`simulate` plays ``games``
whole games with bots (:mod:`mapkit.engine.bots`) and :func:`summarize` turns the per-game
figures (:func:`game_stats`) into the report of ``mapkit simulate``. This module knows no
particular game: it reports wins by seat, bot and playing position, how games ended and how
long they were; the game's family adds its own figures (its hooks ``game_stats``,
``summarize``, ``seat_line`` and ``report_lines``, :class:`mapkit.engine.family.GameFamily`:
Dampfross's races, fares and bonuses, :mod:`mapkit.engine.games.dampfross.stats`).

Determinism: game ``i`` is played with the seed :func:`game_seed` ``(seed, i)``; its dice are
drawn from that seed and the number of actions played so far (:func:`roll`), and the bots'
choices from their own seeds the same way. So every game is the same whichever process plays
it, and the results are summed in game order: the report is the same for any ``jobs``.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import EngineMap
>>> board = EngineMap.from_map(Map(Grid("pointy", "odd", 9, 3), cities=[
...     City("Aš", H("A1"), (11, 12, 13, 14, 15, 16)), City("Cheb", H("I3"), (21, 22, 23, 24, 25, 26)),
...     City("Brno", H("E2"), (31, 32, 33))]))
>>> spec = SimSpec(board.to_json(), "paluba", {}, ("greedy", "random"), seed=1)
>>> report = summarize(spec, [play_one(spec, i) for i in range(4)])
>>> report["games"], len(report["seats"]), report["unfinished"]
(4, 2, 0)
>>> report == summarize(spec, [play_one(spec, i) for i in range(4)])   # the same seed, the same report
True
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import N_, _, ngettext, translate
from ..i18n.said import Said, said

__all__ = ["game_seed", "roll", "play_game", "game_stats", "SimSpec", "play_one", "play_indexed", "game_record",
           "record_path", "simulate", "runner", "summarize", "wilson", "format_report", "seat_names", "rate", "mean",
           "MAX_ACTIONS", "rules_words", "players_words", "said_key", "rate_words", "rate_of"]

# A game that has not ended after this many actions is given up (counted as unfinished).
MAX_ACTIONS = 400_000


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a simulation with master ``seed``.

    >>> game_seed(7, 0) == game_seed(7, 0), game_seed(7, 0) == game_seed(7, 1)
    (True, False)
    """
    digest = hashlib.sha256(f"mapkit-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def roll(state, seed, rng: random.Random | None = None) -> dict:
    """The chance action due now, drawn from ``seed`` and the number of actions so far.

    The dice depend on the position only, so undoing a move never re-rolls them and a
    resumed game rolls what the uninterrupted one would have rolled. ``rng``: a generator to
    seed again for it (cheaper than a new one), never used by two callers at once.
    """
    key = f"dice:{seed}:{len(state.history)}"
    if rng is None:
        return state.sample_chance(random.Random(key))
    rng.seed(key)
    return state.sample_chance(rng)


def seat_names(bots) -> list:
    """Player names for bots by seat: ``greedy-1``, ``random-2``, ``strong-3`` (of
    ``strong:64``) ..."""
    return [f"{str(b).partition(':')[0]}-{i + 1}" for i, b in enumerate(bots)]


def play_game(board, preset: str, bots, options: dict | None = None, seed: int = 0, names=None,
              max_actions: int = MAX_ACTIONS, timer: list | None = None):
    """Play one game to the end with ``bots`` (bot objects or names, one per seat).

    Returns the final state. ``timer``: if a list, the time each bot decision took (seconds)
    is appended to it.
    """
    from .bots import make_bot
    from .game import new_game
    from .state import CHANCE, TERMINAL

    bot_objs = [make_bot(b, seed, preset=preset) if isinstance(b, str) else b for b in bots]
    if names is None:
        names = seat_names([b.name for b in bot_objs])
    g = new_game(board, preset, names, options or {}, seed=seed)
    clock = time.perf_counter
    dice = random.Random(0)
    while len(g.history) < max_actions:
        p = g.current_player()          # a seat, or who acts now: the dice, or nobody
        if p == TERMINAL:
            break
        if p == CHANCE:
            g.apply(roll(g, seed, dice))
            continue
        bot = bot_objs[p]
        if timer is None:
            a = bot.decide(g)
        else:
            t0 = clock()
            a = bot.decide(g)
            timer.append(clock() - t0)
        g.apply(a)
    return g


def game_stats(g) -> dict:
    """The figures of one finished (or given-up) game, as plain JSON data: what every game
    has, and what its family adds."""
    from .game import FAMILIES

    out = {
        "finished": g.is_terminal(),
        "end": getattr(g, "end_reason", None),
        "returns": g.returns(),
        "first": getattr(g, "first", None),
        "actions": len(g.history),
        "decisions": sum(1 for a in g.history if a["type"] not in g.CHANCE_TYPES),
    }
    out.update(FAMILIES[g.rules.family].game_stats(g))
    return out


@dataclass(frozen=True)
class SimSpec:
    """What every game of a simulation shares (picklable, sent to worker processes)."""

    board_data: dict
    preset: str
    options: dict
    bots: tuple
    seed: int = 0
    records: str | None = None       # folder for the game records
    map_file: str | None = None      # the map path written into the records
    names: tuple = field(default=())
    start_cities: str = "choose"     # or "rotate": dealt to the seats (mapkit.engine.starts)


_WORKER: dict = {}
_BOARDS: dict = {}          # compiled boards of this process by their map's hash (a few at most)


def _board_of(spec: SimSpec):
    """The spec's board, compiled once per process (a worker serving several simulations keeps
    the last few boards, by hash)."""
    from .compiled import EngineMap

    key = spec.board_data["map"]["hash"]
    b = _BOARDS.get(key)
    if b is None:
        b = EngineMap(spec.board_data)
        while len(_BOARDS) >= 4:
            _BOARDS.pop(next(iter(_BOARDS)), None)
        _BOARDS[key] = b
    return b


def record_path(folder, index: int) -> Path:
    """``FOLDER/game-00001.json`` for game ``index`` 0."""
    return Path(folder) / f"game-{index + 1:05d}.json"


def play_indexed(spec: SimSpec, index: int):
    """Play game ``index`` of the simulation: its figures and its final state (no side effect)."""
    seed = game_seed(spec.seed, index)
    names = list(spec.names) or seat_names(spec.bots)
    board = _board_of(spec)
    bots: list = list(spec.bots)
    if spec.start_cities == "rotate":
        from .starts import dealt_bots

        bots = dealt_bots(board, spec, index, seed)
    g = play_game(board, spec.preset, bots, spec.options, seed, names)
    stats = game_stats(g)
    stats["index"] = index
    stats["seed"] = seed
    return stats, g


def game_record(spec: SimSpec, g, index: int):
    """The record of game ``index`` played to ``g`` (what ``--records`` keeps)."""
    from .record import Record

    rec = Record.of(g, spec.map_file)
    rec.header["bots"] = list(spec.bots)
    rec.header["simulation"] = {"seed": spec.seed, "game": index + 1}
    if spec.start_cities != "choose":
        rec.header["simulation"]["start_cities"] = spec.start_cities
    return rec


def play_one(spec: SimSpec, index: int) -> dict:
    """Play game ``index`` of the simulation; its figures (and its record, if kept)."""
    from .record import save_record

    stats, g = play_indexed(spec, index)
    if spec.records:
        save_record(game_record(spec, g, index), record_path(spec.records, index))
    return stats


def _init_worker(spec):
    # Ctrl-C reaches every process of the command: the pool's workers leave it to the parent,
    # which stops them (each would print a traceback)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER["spec"] = spec
    _board_of(spec)


def _work(index):
    return play_one(_WORKER["spec"], index)


def simulate(spec: SimSpec, games: int, jobs: int = 1, progress=None) -> list:
    """Play ``games`` games; their figures in game order. ``progress(done, games)`` is called
    after every game (in this process)."""
    out = []
    if jobs <= 1 or games <= 1:
        for i in range(games):
            out.append(play_one(spec, i))
            if progress:
                progress(i + 1, games)
        return out
    import multiprocessing as mp

    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    chunk = max(1, min(16, games // (jobs * 8)))
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(spec,)) as pool:
        for i, st in enumerate(pool.imap(_work, range(games), chunksize=chunk)):
            out.append(st)
            if progress:
                progress(i + 1, games)
    return out


@contextlib.contextmanager
def runner(jobs: int = 1, scheduler: str | None = None):
    """``play(spec, games, progress=None)`` -> the games' figures in game order, for one
    simulation or many in a row: on ``jobs`` processes of this machine (:func:`simulate`), or,
    with a ``scheduler`` (an address, or ``local``), as tasks of one Dask client kept open
    across them (:func:`mapkit.engine.cluster.cluster_runner`). The figures do not depend on
    which.

    >>> from mapkit.grid import Grid, parse_hex as H
    >>> from mapkit.model import Map, City
    >>> from mapkit.engine import EngineMap
    >>> board = EngineMap.from_map(Map(Grid("pointy", "odd", 9, 3), cities=[
    ...     City("Aš", H("A1"), (11, 12, 13, 14, 15, 16)), City("Cheb", H("I3"), (21, 22, 23, 24, 25, 26))]))
    >>> spec = SimSpec(board.to_json(), "paluba", {}, ("random", "random"), seed=2)
    >>> with runner() as play:
    ...     play(spec, 2) == [play_one(spec, 0), play_one(spec, 1)]
    True
    """
    if not scheduler:
        yield lambda spec, games, progress=None: simulate(spec, games, jobs, progress)
        return
    from .cluster import cluster_runner

    with cluster_runner(scheduler, jobs) as play:
        yield play


# -- the report --------------------------------------------------------------------------
def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for ``z`` = 1.96); ties count as shares.

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def rnd(x: float, nd: int = 4) -> float:
    v = round(x, nd)
    return 0.0 if v == 0 else v


def mean(xs) -> float:
    xs = list(xs)
    return rnd(sum(xs) / len(xs)) if xs else 0.0


def rate(wins: float, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"wins": rnd(wins), "games": n, "win_rate": rnd(wins / n if n else 0.0), "ci95": [rnd(lo), rnd(hi)]}


def rate_of(entry: dict) -> tuple[float, float, float]:
    """A report entry's win rate and 95 % Wilson interval (a seat, a bot, a playing position, a
    start city), unrounded, from its wins and games (a start city's ``starts``), so that a
    report rounds them once as it prints them: the JSON's ``win_rate`` and ``ci95``, rounded to
    four digits, could print a tenth of a percent off. An entry without counts: as it is.

    >>> e = {"wins": 34251, "games": 100000, "win_rate": 0.3425, "ci95": [0.3396, 0.3454]}
    >>> pct(rate_of(e)[0]), pct(e["win_rate"])
    (' 34.3%', ' 34.2%')
    """
    wins = entry.get("wins")
    games = entry.get("games", entry.get("starts"))
    if isinstance(wins, (int, float)) and isinstance(games, int) and games > 0:
        return (wins / games, *wilson(wins, games))
    lo, hi = entry["ci95"]
    return entry["win_rate"], lo, hi


def summarize(spec: SimSpec, stats: list) -> dict:
    """The report of a simulation (plain JSON data; the same for the same games)."""
    from .game import family_of, make_rules

    board = _board_of(spec)
    n = len(spec.bots)
    games = len(stats)
    seats = [{"seat": p + 1, "bot": spec.bots[p], **rate(sum(s["returns"][p] for s in stats), games)}
             for p in range(n)]
    by_bot: dict[str, tuple[float, int]] = {}
    for p, b in enumerate(spec.bots):
        w, k = by_bot.get(b, (0.0, 0))
        by_bot[b] = (w + sum(s["returns"][p] for s in stats), k + games)
    bots = [{"bot": b, "seats": spec.bots.count(b), **rate(w, k)} for b, (w, k) in sorted(by_bot.items())]
    # by playing position: 1 = the player who starts the game (drawn by the dice)
    order = []
    for k in range(n):
        wins = sum(s["returns"][(s["first"] + k) % n] for s in stats if s["first"] is not None)
        played = sum(1 for s in stats if s["first"] is not None)
        order.append({"position": k + 1, **rate(wins, played)})
    ends: dict = {}
    for s in stats:
        key = s["end"] if s["finished"] else said(N_("unfinished"))
        ends[key] = ends.get(key, 0) + 1
    actions = [s["actions"] for s in stats]
    report = {
        "map": board.name,
        "map_hash": board.hash,
        "preset": spec.preset,
        "options": dict(sorted(spec.options.items())),
        "players": n,
        "bots": list(spec.bots),
        "games": games,
        "seed": spec.seed,
        "unfinished": sum(1 for s in stats if not s["finished"]),
        "seats": seats,
        "by_bot": bots,
        "by_position": order,
        "length": {"mean_actions": mean(actions), "min_actions": min(actions, default=0),
                   "max_actions": max(actions, default=0),
                   "mean_decisions": mean(s["decisions"] for s in stats)},
        "ends": dict(sorted(ends.items())),
    }
    family = family_of(spec.preset)
    places = family.start_places(board, make_rules(spec.preset, spec.options))
    if places is not None:
        report["start_deal"] = {"mode": spec.start_cities, "cities": len(places),
                                "rounds": games // len(places) if places else 0}
    family.summarize(board, spec, stats, report)
    _add_fairness(spec, stats, report, family)
    return report


def _add_fairness(spec: SimSpec, stats: list, report: dict, family) -> None:
    """The verdicts and Ludii's balance metrics (:mod:`mapkit.engine.fairness`), added to the
    report once the family's figures (its start cities) are in."""
    from .fairness import ALPHA, Outcome, balance_metrics, verdicts

    report["fairness"] = {"test": "exact binomial, two-sided", "correction": "holm", "alpha": ALPHA,
                          "verdicts": [v.as_dict() for v in verdicts(report)]}
    outcomes = []
    for s in stats:
        returns = tuple(s["returns"])
        draw = len(set(returns)) == 1 and returns[0] > 0         # everybody won alike
        complete = bool(s["finished"]) and family.normal_end(s["end"]) and not draw and sum(returns) > 0
        outcomes.append(Outcome(returns, s["first"], complete))
    report["metrics"] = balance_metrics(outcomes, len(spec.bots), seed=spec.seed)


def fairness_lines(rep: dict) -> list[str]:
    """The verdicts and the balance metrics of a report as text (none in a report made before
    they were, read back from its JSON)."""
    from .fairness import metrics_line, verdict_lines

    lines = verdict_lines((rep.get("fairness") or {}).get("verdicts", [])) + metrics_line(rep.get("metrics") or {})
    return lines + [""] if lines else []


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def rules_words(preset: str, options: dict) -> str:
    """``paluba rules (races=5)`` in the current language (the options as they are)."""
    opts = ", ".join(f"{k}={v}" for k, v in options.items())
    return _("{preset} rules").format(preset=preset) + (f" ({opts})" if opts else "")


def players_words(bots) -> str:
    """``4 players (greedy, greedy, random, random)`` in the current language."""
    return ngettext("{n} players", "{n} players", len(bots)).format(n=len(bots)) + f" ({', '.join(bots)})"


def said_key(key) -> str:
    """A word the report keeps as a key (how a game ended: ``9 races played``, ``unfinished``)
    in the current language: a :class:`~mapkit.i18n.said.Said` with its fields, a word marked
    with ``N_`` as it is, anything else (a key read back from JSON) as written."""
    return key.translated() if isinstance(key, Said) else translate(str(key))


def rate_words(r: dict) -> str:
    """A win rate and its 95% interval: ``33.3%  [9.7% - 70.0%]`` (:func:`rate_of`)."""
    rate, lo, hi = rate_of(r)
    return f"{pct(rate)}  [{pct(lo).strip()} - {pct(hi).strip()}]"


def format_report(rep: dict) -> str:
    """The report as text (what ``mapkit simulate`` prints by default), in the current
    language (:func:`mapkit.i18n.use_language`; its figures as they are in every language)."""
    from .game import family_of

    lines = [_("{map}: {games}, {rules}, {players}, seed {seed}").format(
        map=rep["map"], games=ngettext("{n} games", "{n} games", rep["games"]).format(n=rep["games"]),
        rules=rules_words(rep["preset"], rep["options"]), players=players_words(rep["bots"]), seed=rep["seed"])]
    if rep["unfinished"]:
        lines.append("  " + ngettext("{n} games did not end within the action limit",
                                     "{n} games did not end within the action limit",
                                     rep["unfinished"]).format(n=rep["unfinished"]))
    lines.append("")
    family = family_of(rep["preset"])
    lines += fairness_lines(rep)
    lines.append(_("Wins by seat (95% Wilson interval)"))
    for s in rep["seats"]:
        lines.append(f"  {_('seat {n}').format(n=s['seat'])} {s['bot']:<8} {rate_words(s)}" + family.seat_line(s))
    if len(rep["by_bot"]) > 1:
        lines.append(_("Wins by bot (per seat)"))
        for b in rep["by_bot"]:
            lines.append(f"  {b['bot']:<8} {rate_words(b)}  "
                         + ngettext("({n} seats)", "({n} seats)", b["seats"]).format(n=b["seats"]))
    lines.append(_("Wins by playing position (1 = the player who starts; 95% Wilson interval)"))
    lines.append("  " + "   ".join(f"{o['position']}: {pct(rate).strip()} [{pct(lo).strip()} - {pct(hi).strip()}]"
                                    for o in rep["by_position"] for rate, lo, hi in [rate_of(o)]))
    lines += family.report_lines(rep)
    ln = rep["length"]
    lines.append(_("Game length: {actions:.1f} actions ({low}-{high}), {decisions:.1f} player decisions").format(
        actions=ln["mean_actions"], low=ln["min_actions"], high=ln["max_actions"], decisions=ln["mean_decisions"]))
    ends = "; ".join(_("{end}: {count}").format(end=said_key(k), count=v) for k, v in rep["ends"].items())
    lines.append(_("Ends: {ends}").format(ends=ends))
    return "\n".join(lines) + "\n"
