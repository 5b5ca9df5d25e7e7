"""The TransAmerica family's figures in ``mapkit simulate``: what one game shows, and the report
over many (:mod:`mapkit.engine.simulate` adds wins by seat and bot, lengths and ends).

Per game (:func:`game_stats`): rounds played, each round's length in turns and pieces, how it
ended (a player joined his cities, the pieces ran out, nobody could build), the points each
seat lost in it, the final scores.
"""

from __future__ import annotations

from ...simulate import mean

__all__ = ["game_stats", "summarize", "seat_line", "report_lines"]


def _round_end(reason: str) -> str:
    if "joined" in reason:
        return "joined"
    if "pieces" in reason and "used" in reason:
        return "pieces used"
    return "blocked" if "no player" in reason else "other"


def game_stats(g) -> dict:
    names = list(g.players)
    rounds = g.results
    return {
        "rounds": len(rounds),
        "round_turns": [r["turns"] + 1 for r in rounds],
        "round_pieces": [r["pieces"] for r in rounds],
        "round_ends": [_round_end(r["end"]) for r in rounds],
        "lost": [[r["lost"].get(n, 0) for n in names] for r in rounds],
        "scores": list(g.scores),
        "changers": sorted(g.changer),
        "out": sorted(g.out),
    }


def summarize(board, spec, stats: list, report: dict) -> None:
    n = len(spec.bots)
    for p, seat in enumerate(report["seats"]):
        seat.update({"mean_score": mean(s["scores"][p] for s in stats),
                     "mean_lost_per_round": mean(x[p] for s in stats for x in s["lost"])})
    rounds = [r for s in stats for r in range(s["rounds"])]
    turns = [t for s in stats for t in s["round_turns"]]
    pieces = [x for s in stats for x in s["round_pieces"]]
    ends: dict = {}
    for s in stats:
        for e in s["round_ends"]:
            ends[e] = ends.get(e, 0) + 1
    by_round = []
    for k in range(max((s["rounds"] for s in stats), default=0)):
        lost = [s["lost"][k][p] for s in stats if len(s["lost"]) > k for p in range(n)]
        by_round.append({"round": k + 1, "games": sum(1 for s in stats if s["rounds"] > k), "mean_lost": mean(lost)})
    report["rounds"] = {"mean_per_game": mean(s["rounds"] for s in stats),
                        "min": min((s["rounds"] for s in stats), default=0),
                        "max": max((s["rounds"] for s in stats), default=0), "total": len(rounds),
                        "mean_turns": mean(turns), "mean_pieces": mean(pieces),
                        "ends": dict(sorted(ends.items())), "lost_by_round": by_round}
    report["scores"] = {"mean_final": mean(x for s in stats for x in s["scores"]),
                        "mean_winner": mean(max(s["scores"]) for s in stats),
                        "min_final": min((x for s in stats for x in s["scores"]), default=0),
                        "max_final": max((x for s in stats for x in s["scores"]), default=0)}


def seat_line(seat: dict) -> str:
    return f"  score {seat['mean_score']:5.1f}  lost per round {seat['mean_lost_per_round']:4.1f}"


def report_lines(rep: dict) -> list:
    r = rep["rounds"]
    lines = [f"Rounds: {r['mean_per_game']:.2f} per game ({r['min']}-{r['max']}); a round {r['mean_turns']:.1f} "
             f"turns, {r['mean_pieces']:.1f} pieces",
             "  rounds ended: " + ", ".join(f"{k} {v}" for k, v in r["ends"].items()),
             "  points lost per player: " + ", ".join(f"round {x['round']} {x['mean_lost']:.2f} ({x['games']} games)"
                                                      for x in r["lost_by_round"])]
    sc = rep["scores"]
    lines.append(f"Final scores: mean {sc['mean_final']:.1f}, winner {sc['mean_winner']:.1f} (range "
                 f"{sc['min_final']} to {sc['max_final']})")
    return lines
