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

from ...i18n import N_, _, ngettext, translate
from ..fairness import verdict_text
from ..simulate import pct, players_words, rate_of, rules_words, said_key
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
    rate, lo, hi = rate_of(r)
    return f"{pct(rate).strip()} [{pct(lo).strip()} - {pct(hi).strip()}]"


def _step_lines(s: dict) -> list[str]:
    """A round of the search: its change, kept or not, and the figure a kept one moved most."""
    a, b = s["unfairness"]
    kept, not_kept = _("kept"), _("not kept")
    width = max(len(kept), len(not_kept))
    head = f"  {s['round']:>2}. {(kept if s['kept'] else not_kept):<{width}}  {said_key(s['change'])}: " \
           + _("{before:.1f} -> {after:.1f} (noise {noise:.1f})").format(before=a, after=b, noise=s["noise"])
    return [head] + ([f"{'':{width + 8}}{said_key(s['figure'])}"] if s["kept"] and s["figure"] else [])


# The questions of the fairness verdicts, as the balance report names them.
FACTORS = {"seat": N_("seat"), "position": N_("position"), "start_city": N_("start city")}


def _verdict_lines(before: list[dict], after: list[dict]) -> list[str]:
    """The simulation report's fairness verdicts (each a question: seat, position, start
    city) of the input map and of the balanced one, side by side."""
    if not before and not after:
        return []
    new = {v["factor"]: v for v in after}
    lines = ["  " + _("Fairness verdicts (simulate's tests, Holm-corrected), input map -> balanced map")]
    for v in before:
        w = new.get(v["factor"])
        factor = FACTORS.get(v["factor"])
        name = translate(factor) if factor else v["factor"].replace("_", " ")
        lines.append(f"    {name}: {verdict_text(v)} -> {verdict_text(w) if w else '-'}")
    return lines


def _compare_lines(rep: dict) -> list[str]:
    before, after = rep["before"], rep["after"]
    lines = _verdict_lines(before["verdicts"], after["verdicts"])
    if before["unfinished"] or after["unfinished"]:
        lines.append("  " + _("games that did not end: {before} -> {after}").format(before=before["unfinished"],
                                                                                  after=after["unfinished"]))
    lines.append("  " + _("Wins by playing position (1 = the player who starts; 95% Wilson interval)"))
    for x, y in zip(before["by_position"], after["by_position"], strict=True):
        lines.append(f"    {x['position']}: {_rate(x):<24} -> {_rate(y)}")
    lines.append("  " + _("Wins by seat"))
    for x, y in zip(before["seats"], after["seats"], strict=True):
        lines.append(f"    {_('seat {n}').format(n=x['seat'])} {x['bot']:<8} {_rate(x):<24} -> {_rate(y)}")
    cities = list(dict.fromkeys(c["city"] for c in before["start_cities"] + after["start_cities"]))
    if cities:
        lines.append("  " + _("Wins by start city (starts)"))
        old = {c["city"]: c for c in before["start_cities"]}
        new = {c["city"]: c for c in after["start_cities"]}
        for city in cities:
            x, y = old.get(city), new.get(city)
            lines.append(f"    {city:<20} {_rate(x):<24} {x['starts'] if x else 0:>5}  -> {_rate(y):<24} "
                         f"{y['starts'] if y else 0:>5}")
    return lines


# What --keep-numbers, --keep-start and --keep-cards keep, as the report names it.
PINNED = (("numbers", N_("race numbers")), ("start", N_("start cities")), ("cards", N_("cards")))


def _head_lines(rep: dict) -> list[str]:
    """What was balanced, how, what the designer kept, and the search's rounds."""
    pins = rep["pins"]
    kept = [translate(name) for key, name in PINNED if pins[key]] + pins["cities"]
    lines = [_("Balancing {map}: {rules}, {players}, {games} a map, seed {seed}").format(
        map=rep["map"], rules=rules_words(rep["preset"], rep["options"]), players=players_words(rep["bots"]),
        games=ngettext("{n} games", "{n} games", rep["games"]).format(n=rep["games"]), seed=rep["seed"])]
    if kept:
        lines.append("  " + _("kept as they are: {items}").format(items=", ".join(kept)))
    se = rep["search"]
    lines.append(_("Search on the games of seed {seed}: {tried} changes tried, {kept} kept").format(
        seed=se["seed"], tried=se["tried"], kept=se["kept"]))
    lines.append("  " + _("(unfairness in points of win share; a change is kept when it falls by at least {z} "
                          "times the noise of the fall)").format(z=f"{se['z']:g}"))
    for s in rep["steps"]:
        lines += _step_lines(s)
    if se["stopped"]:
        lines.append("  " + _("stopped: {reason}").format(reason=said_key(se["stopped"])))
    return lines


def format_balance(rep: dict) -> str:
    """The report as text, in the current language (:func:`mapkit.i18n.use_language`; the
    figures as they are in every language)."""
    lines = _head_lines(rep)
    ch = rep["check"]
    a, b = ch["unfairness"]
    verdict = _("the fall is confirmed") if ch["confirmed"] else _("no fall beyond the noise")
    lines.append(ngettext("Check on {games} other games (seed {seed}), input map -> balanced map:",
                          "Check on {games} other games (seed {seed}), input map -> balanced map:", ch["games"]).format(
        games=ch["games"], seed=ch["seed"]))
    lines.append("  " + (_("unfairness {before:.1f} -> {after:.1f} points (noise {noise:.1f}): {verdict}").format(
        before=a, after=b, noise=ch["noise"], verdict=verdict) if rep["changes"] else
        _("unfairness {before:.1f} points; no change was kept").format(before=a)))
    lines += _compare_lines(rep)
    lines.append(_("Changes: {changes}").format(changes="; ".join(said_key(c) for c in rep["changes"]))
                 if rep["changes"] else _("Changes: none"))
    lines.append(_("wrote {file}").format(file=rep["output"]))
    return "\n".join(lines) + "\n"
