"""The before/after report of ``mapkit balance``: what the search tried and kept, in words,
and the input and balanced maps on the check games with their 95 % Wilson intervals, as plain
JSON data (:func:`balance_report`) and as text (:func:`format_balance`).

The figures of each map are those of ``mapkit simulate`` on the check games (``seats``,
``by_position``, ``start_cities`` of its report: ``mapkit simulate NEW.yaml --seed SEED+1``
prints the same), with the map's unfairness (:mod:`mapkit.engine.balance.measure`), and the
fairness verdicts the simulation's report carries (``fairness.verdicts``, when ``mapkit
simulate`` gives them: its tests are read here, not made again).
"""

from __future__ import annotations

from ..simulate import pct
from .search import Outcome, Plan

__all__ = ["balance_report", "format_balance"]


def _side(report: dict, unfairness: float) -> dict:
    return {"unfairness": unfairness, "seats": [{k: s[k] for k in ("seat", "bot", "wins", "games", "win_rate", "ci95")}
                                                for s in report["seats"]],
            "by_position": report["by_position"], "start_cities": report.get("start_cities", []),
            "start_deal": report.get("start_deal"), "unfinished": report["unfinished"],
            "verdicts": (report.get("fairness") or {}).get("verdicts", [])}


def balance_report(out: Outcome, plan: Plan, output: str) -> dict:
    """The report as plain JSON data (module notes)."""
    steps = [{"round": s.round, "kind": s.change.kind, "change": s.change.words, "detail": s.change.detail,
              "unfairness": [s.comparison.current, s.comparison.candidate], "noise": s.comparison.noise,
              "kept": s.kept, "figure": s.figure} for s in out.steps]
    from .measure import RESAMPLES, Z

    c = out.check
    return {
        "map": out.before["map"], "output": output, "preset": plan.preset,
        "options": dict(sorted(plan.options.items())), "players": len(plan.bots), "bots": list(plan.bots),
        "games": plan.games, "seed": plan.seed, "rounds": plan.rounds, "pins": plan.pins.as_json(),
        "search": {"seed": plan.seed, "tried": len(out.steps), "kept": sum(s.kept for s in out.steps),
                   "stopped": out.stopped, "z": Z, "resamples": RESAMPLES},
        "steps": steps,
        "changes": [s.change.words for s in out.steps if s.kept],
        "check": {"seed": out.check_seed, "games": plan.games, "unfairness": [c.current, c.candidate],
                  "noise": c.noise, "confirmed": c.better},
        "before": _side(out.before, out.before_measure.unfairness),
        "after": _side(out.after, out.after_measure.unfairness),
    }


def _rate(r: dict | None) -> str:
    if r is None:
        return "-"
    lo, hi = r["ci95"]
    return f"{pct(r['win_rate']).strip()} [{pct(lo).strip()} - {pct(hi).strip()}]"


def _step_lines(s: dict) -> list[str]:
    a, b = s["unfairness"]
    head = f"  {s['round']:>2}. {'kept    ' if s['kept'] else 'not kept'}  {s['change']}: {a:.1f} -> {b:.1f} " \
           f"(noise {s['noise']:.1f})"
    return [head] + ([f"{'':16}{s['figure']}"] if s["kept"] and s["figure"] else [])


def _verdict_lines(before: list[dict], after: list[dict]) -> list[str]:
    """The simulation report's fairness verdicts (each a question: seat, position, start
    city) of the input map and of the balanced one, side by side."""
    if not before and not after:
        return []
    new = {v["factor"]: v for v in after}
    lines = ["  Fairness verdicts (simulate's tests, Holm-corrected), input map -> balanced map"]
    for v in before:
        w = new.get(v["factor"])
        lines.append(f"    {v['factor'].replace('_', ' ')}: {v['text']} -> {w['text'] if w else '-'}")
    return lines


def _compare_lines(rep: dict) -> list[str]:
    before, after = rep["before"], rep["after"]
    lines = _verdict_lines(before["verdicts"], after["verdicts"])
    if before["unfinished"] or after["unfinished"]:
        lines.append(f"  games that did not end: {before['unfinished']} -> {after['unfinished']}")
    lines.append("  Wins by playing position (1 = the player who starts; 95% Wilson interval)")
    for x, y in zip(before["by_position"], after["by_position"], strict=True):
        lines.append(f"    {x['position']}: {_rate(x):<24} -> {_rate(y)}")
    lines.append("  Wins by seat")
    for x, y in zip(before["seats"], after["seats"], strict=True):
        lines.append(f"    seat {x['seat']} {x['bot']:<8} {_rate(x):<24} -> {_rate(y)}")
    cities = list(dict.fromkeys(c["city"] for c in before["start_cities"] + after["start_cities"]))
    if cities:
        lines.append("  Wins by start city (starts)")
        old = {c["city"]: c for c in before["start_cities"]}
        new = {c["city"]: c for c in after["start_cities"]}
        for city in cities:
            x, y = old.get(city), new.get(city)
            lines.append(f"    {city:<20} {_rate(x):<24} {x['starts'] if x else 0:>5}  -> {_rate(y):<24} "
                         f"{y['starts'] if y else 0:>5}")
    return lines


def format_balance(rep: dict) -> str:
    """The report as text."""
    opts = ", ".join(f"{k}={v}" for k, v in rep["options"].items())
    pins = rep["pins"]
    kept = [name for name, on in (("race numbers", pins["numbers"]), ("start cities", pins["start"]),
                                  ("cards", pins["cards"])) if on] + pins["cities"]
    lines = [f"Balancing {rep['map']}: {rep['preset']} rules" + (f" ({opts})" if opts else "")
             + f", {rep['players']} players ({', '.join(rep['bots'])}), {rep['games']} games a map, seed {rep['seed']}"]
    if kept:
        lines.append("  kept as they are: " + ", ".join(kept))
    se = rep["search"]
    lines.append(f"Search on the games of seed {se['seed']}: {se['tried']} changes tried, {se['kept']} kept")
    lines.append(f"  (unfairness in points of win share; a change is kept when it falls by at least {se['z']:g} "
                 f"times the noise of the fall)")
    for s in rep["steps"]:
        lines += _step_lines(s)
    if se["stopped"]:
        lines.append(f"  stopped: {se['stopped']}")
    ch = rep["check"]
    a, b = ch["unfairness"]
    verdict = "the fall is confirmed" if ch["confirmed"] else "no fall beyond the noise"
    lines.append(f"Check on {ch['games']} other games (seed {ch['seed']}), input map -> balanced map:")
    lines.append(f"  unfairness {a:.1f} -> {b:.1f} points (noise {ch['noise']:.1f}): {verdict}"
                 if rep["changes"] else f"  unfairness {a:.1f} points; no change was kept")
    lines += _compare_lines(rep)
    lines.append(f"Changes: {'; '.join(rep['changes']) if rep['changes'] else 'none'}")
    lines.append(f"wrote {rep['output']}")
    return "\n".join(lines) + "\n"
