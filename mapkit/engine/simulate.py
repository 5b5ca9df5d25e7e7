"""Many games with bots: play them (in parallel processes if asked) and sum them up.

A designer asks whether a map is fair before printing it: does one start city win too often,
are races re-drawn too often, does the build phase drag? :func:`simulate` plays ``games``
whole games with bots (:mod:`mapkit.engine.bots`) and :func:`summarize` turns the per-game
figures (:func:`game_stats`) into the report of ``mapkit simulate``.

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

import hashlib
import math
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["game_seed", "roll", "play_game", "game_stats", "SimSpec", "play_one", "simulate",
           "summarize", "wilson", "format_report", "seat_names", "MAX_ACTIONS"]

# A game that has not ended after this many actions is given up (counted as unfinished).
MAX_ACTIONS = 400_000


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a simulation with master ``seed``.

    >>> game_seed(7, 0) == game_seed(7, 0), game_seed(7, 0) == game_seed(7, 1)
    (True, False)
    """
    digest = hashlib.sha256(f"mapkit-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def roll(state, seed) -> dict:
    """The chance action due now, drawn from ``seed`` and the number of actions so far.

    The dice depend on the position only, so undoing a move never re-rolls them and a
    resumed game rolls what the uninterrupted one would have rolled.
    """
    return state.sample_chance(random.Random(f"dice:{seed}:{len(state.history)}"))


def seat_names(bots) -> list:
    """Player names for bots by seat: ``greedy-1``, ``random-2`` ..."""
    return [f"{b}-{i + 1}" for i, b in enumerate(bots)]


def play_game(board, preset: str, bots, options: dict | None = None, seed: int = 0, names=None,
              max_actions: int = MAX_ACTIONS, timer: list | None = None):
    """Play one game to the end with ``bots`` (bot objects or names, one per seat).

    Returns the final :class:`~mapkit.engine.state.GameState`. ``timer``: if a list, the
    time each bot decision took (seconds) is appended to it.
    """
    from . import new_game
    from .bots import make_bot

    bot_objs = [make_bot(b, seed) if isinstance(b, str) else b for b in bots]
    if names is None:
        names = seat_names([b.name for b in bot_objs])
    g = new_game(board, preset, names, options or {}, seed=seed)
    clock = time.perf_counter
    while not g.is_terminal() and len(g.history) < max_actions:
        if g.is_chance_node():
            g.apply(roll(g, seed))
            continue
        bot = bot_objs[g.current_player()]
        if timer is None:
            a = bot.act(g)
        else:
            t0 = clock()
            a = bot.act(g)
            timer.append(clock() - t0)
        g.apply(a)
    return g


def _reject_kind(why: str) -> str:
    if "not connected" in why:
        return "unconnected"
    if "forbidden" in why or "built track" in why:
        return "forbidden"
    return "other"


def game_stats(g) -> dict:
    """The figures of one finished (or given-up) game, as plain JSON data."""
    n = g.num_players
    board = g.board
    fares_paid = [0] * n
    fares_got = [0] * n
    fees_paid = [0] * n
    fees_got = [0] * n
    prizes = [0] * n
    bonuses = [0] * n
    post_build = [0] * n
    for src, dst, amount, why in g.ledger:
        if why.startswith("fare"):
            fares_paid[src] += amount
            fares_got[dst] += amount
        elif "fee" in why:
            if src >= 0:
                fees_paid[src] += amount
            if dst >= 0:
                fees_got[dst] += amount
        elif why.startswith("prize"):
            prizes[dst] += amount
        elif why.startswith("city bonus"):
            bonuses[dst] += amount
        elif why.startswith("build") and src >= 0:
            post_build[src] += amount
    results = g.results
    rejected = {"forbidden": 0, "unconnected": 0, "other": 0}
    redrawn = 0
    for r in results:
        if r["rejected"]:
            redrawn += 1
        for x in r["rejected"]:
            rejected[_reject_kind(x.get("why", ""))] += 1
    decisions = sum(1 for a in g.history if a["type"] not in ("first", "roll"))
    return {
        "finished": g.is_terminal(),
        "end": g.end_reason,
        "returns": g.returns(),
        "first": g.first,
        "starts": [board.cities[c].name if c is not None else None for c in g.start_city],
        "accounts": list(g.accounts),
        "build_rounds": g.round_no + 1 if g.phase != "build" else g.round_no,
        "build_turns": g.turn_index,
        "races": len(results),
        "races_held": sum(1 for r in results if r["racers"]),
        "racers": sum(len(r["racers"]) for r in results),
        "races_redrawn": redrawn,
        "rejected": rejected,
        "fares_paid": fares_paid,
        "fares_received": fares_got,
        "fees_paid": fees_paid,
        "fees_received": fees_got,
        "prizes": prizes,
        "bonuses": bonuses,
        "post_race_building": post_build,
        "actions": len(g.history),
        "decisions": decisions,
    }


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


_WORKER: dict = {}


def _board_of(spec: SimSpec):
    """The spec's board, built once per process."""
    from .board import EngineMap

    key = spec.board_data["map"]["hash"]
    b = _WORKER.get("board")
    if b is None or _WORKER.get("key") != key:
        b = EngineMap(spec.board_data)
        _WORKER["board"] = b
        _WORKER["key"] = key
    return b


def record_path(folder, index: int) -> Path:
    """``FOLDER/game-00001.json`` for game ``index`` 0."""
    return Path(folder) / f"game-{index + 1:05d}.json"


def play_one(spec: SimSpec, index: int) -> dict:
    """Play game ``index`` of the simulation; its figures (and its record, if kept)."""
    from .record import Record, save_record

    seed = game_seed(spec.seed, index)
    names = list(spec.names) or seat_names(spec.bots)
    g = play_game(_board_of(spec), spec.preset, list(spec.bots), spec.options, seed, names)
    stats = game_stats(g)
    stats["index"] = index
    stats["seed"] = seed
    if spec.records:
        rec = Record.of(g, spec.map_file)
        rec.header["bots"] = list(spec.bots)
        rec.header["simulation"] = {"seed": spec.seed, "game": index + 1}
        save_record(rec, record_path(spec.records, index))
    return stats


def _init_worker(spec):
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


# ==========================================================================================
# the report
# ==========================================================================================
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


def _r(x: float, nd: int = 4) -> float:
    v = round(x, nd)
    return 0.0 if v == 0 else v


def _mean(xs) -> float:
    xs = list(xs)
    return _r(sum(xs) / len(xs)) if xs else 0.0


def _rate(wins: float, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"wins": _r(wins), "games": n, "win_rate": _r(wins / n if n else 0.0), "ci95": [_r(lo), _r(hi)]}


def summarize(spec: SimSpec, stats: list) -> dict:
    """The report of a simulation (plain JSON data; the same for the same games)."""
    board = _board_of(spec)
    n = len(spec.bots)
    games = len(stats)
    seats = []
    for p in range(n):
        wins = sum(s["returns"][p] for s in stats)
        seats.append({"seat": p + 1, "bot": spec.bots[p], **_rate(wins, games),
                      "mean_account": _mean(s["accounts"][p] for s in stats),
                      "mean_fares_paid": _mean(s["fares_paid"][p] for s in stats),
                      "mean_fares_received": _mean(s["fares_received"][p] for s in stats),
                      "mean_prizes": _mean(s["prizes"][p] for s in stats),
                      "mean_bonuses": _mean(s["bonuses"][p] for s in stats)})
    by_bot = {}
    for p, b in enumerate(spec.bots):
        w, k = by_bot.get(b, (0.0, 0))
        by_bot[b] = (w + sum(s["returns"][p] for s in stats), k + games)
    bots = [{"bot": b, "seats": spec.bots.count(b), **_rate(w, k)} for b, (w, k) in sorted(by_bot.items())]
    # by playing position: 1 = the player who starts the game (drawn by the dice)
    order = []
    for k in range(n):
        wins = sum(s["returns"][(s["first"] + k) % n] for s in stats if s["first"] is not None)
        played = sum(1 for s in stats if s["first"] is not None)
        order.append({"position": k + 1, **_rate(wins, played)})
    starts: dict = {}
    for s in stats:
        for p, c in enumerate(s["starts"]):
            if c is None:
                continue
            w, k = starts.get(c, (0.0, 0))
            starts[c] = (w + s["returns"][p], k + 1)
    rank = {c.name: i for i, c in enumerate(board.cities)}
    start_rows = [{"city": c, "starts": k, **{x: y for x, y in _rate(w, k).items() if x != "games"}}
                  for c, (w, k) in sorted(starts.items(), key=lambda kv: rank.get(kv[0], 1 << 30))]
    races = sum(s["races"] for s in stats)
    held = sum(s["races_held"] for s in stats)
    rejected = {k: sum(s["rejected"][k] for s in stats) for k in ("forbidden", "unconnected", "other")}
    fares = [sum(s["fares_paid"]) for s in stats]
    winner_accounts = [max(s["accounts"]) for s in stats]
    margins = [sorted(s["accounts"])[-1] - sorted(s["accounts"])[-2] for s in stats if len(s["accounts"]) > 1]
    ends: dict = {}
    for s in stats:
        key = s["end"] if s["finished"] else "unfinished"
        ends[key] = ends.get(key, 0) + 1
    actions = [s["actions"] for s in stats]
    return {
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
        "start_cities": start_rows,
        "build": {"mean_rounds": _mean(s["build_rounds"] for s in stats),
                  "min_rounds": min((s["build_rounds"] for s in stats), default=0),
                  "max_rounds": max((s["build_rounds"] for s in stats), default=0),
                  "mean_turns": _mean(s["build_turns"] for s in stats)},
        "races": {"mean_drawn": _mean(s["races"] for s in stats),
                  "mean_held": _mean(s["races_held"] for s in stats),
                  "mean_nobody_raced": _mean(s["races"] - s["races_held"] for s in stats),
                  "mean_racers": _r(sum(s["racers"] for s in stats) / held if held else 0.0),
                  "share_redrawn": _r(sum(s["races_redrawn"] for s in stats) / races if races else 0.0),
                  "redraws_per_race": _r(sum(rejected.values()) / races if races else 0.0),
                  "redraws": rejected},
        "money": {"mean_fares_per_game": _mean(fares),
                  "mean_fares_per_race": _r(sum(fares) / held if held else 0.0),
                  "mean_fees_per_game": _mean(sum(s["fees_paid"]) for s in stats),
                  "mean_bonuses_per_game": _mean(sum(s["bonuses"]) for s in stats),
                  "mean_post_race_building": _mean(sum(s["post_race_building"]) for s in stats)},
        "accounts": {"mean_final": _mean(a for s in stats for a in s["accounts"]),
                     "mean_winner": _mean(winner_accounts),
                     "mean_margin": _mean(margins),
                     "min_final": min((a for s in stats for a in s["accounts"]), default=0),
                     "max_final": max((a for s in stats for a in s["accounts"]), default=0)},
        "length": {"mean_actions": _mean(actions), "min_actions": min(actions, default=0),
                   "max_actions": max(actions, default=0),
                   "mean_decisions": _mean(s["decisions"] for s in stats)},
        "ends": dict(sorted(ends.items())),
    }


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def format_report(rep: dict) -> str:
    """The report as text (what ``mapkit simulate`` prints by default)."""
    lines = []
    opts = ", ".join(f"{k}={v}" for k, v in rep["options"].items())
    lines.append(f"{rep['map']}: {rep['games']} games, {rep['preset']} rules"
                 + (f" ({opts})" if opts else "") + f", {rep['players']} players "
                 f"({', '.join(rep['bots'])}), seed {rep['seed']}")
    if rep["unfinished"]:
        lines.append(f"  {rep['unfinished']} games did not end within the action limit")
    lines.append("")
    lines.append("Wins by seat (95% Wilson interval)")
    for s in rep["seats"]:
        lo, hi = s["ci95"]
        lines.append(f"  seat {s['seat']} {s['bot']:<8} {_pct(s['win_rate'])}  [{_pct(lo).strip()} - "
                     f"{_pct(hi).strip()}]  account {s['mean_account']:7.1f}  fares paid "
                     f"{s['mean_fares_paid']:5.1f}  received {s['mean_fares_received']:5.1f}")
    if len(rep["by_bot"]) > 1:
        lines.append("Wins by bot (per seat)")
        for b in rep["by_bot"]:
            lo, hi = b["ci95"]
            lines.append(f"  {b['bot']:<8} {_pct(b['win_rate'])}  [{_pct(lo).strip()} - {_pct(hi).strip()}]"
                         f"  ({b['seats']} seats)")
    lines.append("Wins by playing position (1 = the player who starts; 95% Wilson interval)")
    lines.append("  " + "   ".join(f"{o['position']}: {_pct(o['win_rate']).strip()} [{_pct(o['ci95'][0]).strip()} - "
                                    f"{_pct(o['ci95'][1]).strip()}]" for o in rep["by_position"]))
    lines.append("Wins by start city (95% Wilson interval)")
    for c in rep["start_cities"]:
        lo, hi = c["ci95"]
        lines.append(f"  {c['city']:<20} {c['starts']:6d} starts  {_pct(c['win_rate'])}  "
                     f"[{_pct(lo).strip()} - {_pct(hi).strip()}]")
    b = rep["build"]
    lines.append(f"Build phase: {b['mean_rounds']:.1f} rounds on average ({b['min_rounds']}-{b['max_rounds']}), "
                 f"{b['mean_turns']:.1f} turns")
    r = rep["races"]
    rd = r["redraws"]
    lines.append(f"Races: {r['mean_drawn']:.2f} drawn, {r['mean_held']:.2f} held, {r['mean_nobody_raced']:.2f} "
                 f"with nobody racing; {r['mean_racers']:.2f} trains per race held")
    lines.append(f"  re-drawn: {_pct(r['share_redrawn']).strip()} of races; {r['redraws_per_race']:.2f} re-draws "
                 f"per race (forbidden {rd['forbidden']}, unconnected {rd['unconnected']}, other {rd['other']})")
    m = rep["money"]
    lines.append(f"Money per game: fares {m['mean_fares_per_game']:.1f} ({m['mean_fares_per_race']:.2f} per race "
                 f"held), building fees {m['mean_fees_per_game']:.1f}, city bonuses {m['mean_bonuses_per_game']:.1f}, "
                 f"post-race building {m['mean_post_race_building']:.1f}")
    a = rep["accounts"]
    lines.append(f"Final accounts: mean {a['mean_final']:.1f}, winner {a['mean_winner']:.1f}, margin "
                 f"{a['mean_margin']:.1f} (range {a['min_final']}-{a['max_final']})")
    ln = rep["length"]
    lines.append(f"Game length: {ln['mean_actions']:.1f} actions ({ln['min_actions']}-{ln['max_actions']}), "
                 f"{ln['mean_decisions']:.1f} player decisions")
    lines.append("Ends: " + "; ".join(f"{k}: {v}" for k, v in rep["ends"].items()))
    return "\n".join(lines) + "\n"
