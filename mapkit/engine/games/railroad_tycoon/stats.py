"""The Railroad Tycoon family's figures in ``mapkit simulate`` (the core adds wins by seat, bot
and position, lengths and ends): per seat the final score, VP, shares issued and locomotive;
rounds played and how games ended; deliveries by colour; the cities never served (a coloured
city no good was delivered to) and how often.
"""

from __future__ import annotations

from ....i18n import N_, _
from ....i18n.said import said
from ...simulate import mean, said_key

__all__ = ["game_stats", "summarize", "seat_line", "report_lines"]


def _end(reason: str | None) -> str:
    if not reason:
        return said(N_("unfinished"))
    return said(N_("empty cities")) if "empty" in reason else said(N_("round limit")) if "limit" in reason else reason


def game_stats(g) -> dict:
    by_colour: dict = {}
    served = set()
    for delivery in g.deliveries:
        dest, colour = delivery[2], delivery[3]
        by_colour[colour] = by_colour.get(colour, 0) + 1
        served.add(dest)
    coloured = [i for i in range(len(g.board.cities)) if g.city_colour(i) != "grey"]
    return {"rounds": g.round_no, "end": _end(g.end_reason), "final": list(g.final or g.final_scores()),
            "vp": list(g.vp.accounts), "shares": list(g.shares), "loco": list(g.loco),
            "deliveries": by_colour, "never_served": sorted(g.city_name(i) for i in coloured if i not in served),
            "links": [sum(1 for x in g.links.values() if x["owner"] == p and x["done"]) for p in range(g.num_players)]}


def summarize(board, spec, stats: list, report: dict) -> None:
    for p, seat in enumerate(report["seats"]):
        seat.update({"mean_final": mean(s["final"][p] for s in stats), "mean_vp": mean(s["vp"][p] for s in stats),
                     "mean_shares": mean(s["shares"][p] for s in stats),
                     "mean_loco": mean(s["loco"][p] for s in stats),
                     "mean_links": mean(s["links"][p] for s in stats)})
    ends: dict = {}
    colours: dict = {}
    never: dict = {}
    for s in stats:
        ends[s["end"]] = ends.get(s["end"], 0) + 1
        for c, k in s["deliveries"].items():
            colours[c] = colours.get(c, 0) + k
        for name in s["never_served"]:
            never[name] = never.get(name, 0) + 1
    report["railroad_tycoon"] = {
        "rounds": {"mean": mean(s["rounds"] for s in stats), "min": min((s["rounds"] for s in stats), default=0),
                   "max": max((s["rounds"] for s in stats), default=0)},
        "ends": dict(sorted(ends.items())),
        "deliveries_by_colour": dict(sorted(colours.items())),
        "mean_deliveries": mean(sum(s["deliveries"].values()) for s in stats),
        "never_served": dict(sorted(never.items(), key=lambda kv: (-kv[1], kv[0]))),
        "mean_winner_final": mean(max(s["final"]) for s in stats),
    }


def seat_line(seat: dict) -> str:
    words = _("final {final:6.1f}  VP {vp:5.1f}  shares {shares:5.1f}  loco {loco:3.1f}  links {links:4.1f}")
    return "  " + words.format(final=seat["mean_final"], vp=seat["mean_vp"], shares=seat["mean_shares"],
                               loco=seat["mean_loco"], links=seat["mean_links"])


def _counts(counts: dict) -> str:
    """``red 12, blue 3``: words (said in the reader's language) or names with their counts; none."""
    return ", ".join(f"{said_key(k)} {v}" for k, v in counts.items()) or _("none")


def report_lines(rep: dict) -> list:
    """The family's lines of the text report, in the current language."""
    r = rep["railroad_tycoon"]
    rounds = r["rounds"]
    never = ", ".join(f"{k} {v}" for k, v in r["never_served"].items()) or _("none")
    return [_("Rounds: {mean:.2f} per game ({low}-{high}); ended by {ends}").format(
                mean=rounds["mean"], low=rounds["min"], high=rounds["max"],
                ends=", ".join(f"{said_key(k)} {v}" for k, v in r["ends"].items())),
            _("Deliveries: {mean:.1f} per game; by colour {colours}").format(
                mean=r["mean_deliveries"], colours=_counts(r["deliveries_by_colour"])),
            _("Cities never served (games): {cities}").format(cities=never),
            _("Winner's final score: {mean:.1f} on average").format(mean=r["mean_winner_final"])]
