"""The Railroad Tycoon family's figures in ``mapkit simulate`` (the core adds wins by seat, bot
and position, lengths and ends): per seat the final score, VP, shares issued and locomotive;
rounds played and how games ended; deliveries by colour; the cities never served (a coloured
city no good was delivered to) and how often.
"""

from __future__ import annotations

from ...simulate import mean

__all__ = ["game_stats", "summarize", "seat_line", "report_lines"]


def _end(reason: str | None) -> str:
    reason = reason or "unfinished"
    return "empty cities" if "empty" in reason else "round limit" if "limit" in reason else reason


def game_stats(g) -> dict:
    by_colour: dict = {}
    served = set()
    for _, _, dest, colour, _ in g.deliveries:
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
    return (f"  final {seat['mean_final']:6.1f}  VP {seat['mean_vp']:5.1f}  shares {seat['mean_shares']:5.1f}  "
            f"loco {seat['mean_loco']:3.1f}  links {seat['mean_links']:4.1f}")


def report_lines(rep: dict) -> list:
    r = rep["railroad_tycoon"]
    rounds = r["rounds"]
    never = ", ".join(f"{k} {v}" for k, v in r["never_served"].items()) or "none"
    return [f"Rounds: {rounds['mean']:.2f} per game ({rounds['min']}-{rounds['max']}); ended by "
            + ", ".join(f"{k} {v}" for k, v in r["ends"].items()),
            f"Deliveries: {r['mean_deliveries']:.1f} per game; by colour "
            + (", ".join(f"{k} {v}" for k, v in r["deliveries_by_colour"].items()) or "none"),
            f"Cities never served (games): {never}",
            f"Winner's final score: {r['mean_winner_final']:.1f} on average"]
