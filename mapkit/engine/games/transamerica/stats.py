"""The TransAmerica family's figures in ``mapkit simulate``: what one game shows, and the report
over many (:mod:`mapkit.engine.simulate` adds wins by seat and bot, lengths and ends).

Per game (:func:`game_stats`): rounds played, each round's length in turns and pieces, how it
ended (a player joined his cities, the pieces ran out, nobody could build), the points each
seat lost in it, the final scores.
"""

from __future__ import annotations

from ....i18n import N_, _, ngettext
from ....i18n.said import said
from ...simulate import mean, said_key

__all__ = ["game_stats", "summarize", "seat_line", "report_lines"]


def _round_end(reason: str) -> str:
    """How a round ended, in a word the report keeps (English; said in the reader's language)."""
    if "joined" in reason:
        return said(N_("joined"))
    if "pieces" in reason and "used" in reason:
        return said(N_("pieces used"))
    return said(N_("blocked")) if "no player" in reason else said(N_("other"))


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
    return "  " + _("score {score:5.1f}  lost per round {lost:4.1f}").format(
        score=seat["mean_score"], lost=seat["mean_lost_per_round"])


def report_lines(rep: dict) -> list:
    """The family's lines of the text report, in the current language."""
    r = rep["rounds"]
    ends = ", ".join(f"{said_key(k)} {v}" for k, v in r["ends"].items())
    lost = [ngettext("round {n} {lost:.2f} ({games} games)", "round {n} {lost:.2f} ({games} games)", x["games"])
            .format(n=x["round"], lost=x["mean_lost"], games=x["games"]) for x in r["lost_by_round"]]
    lines = [_("Rounds: {mean:.2f} per game ({low}-{high}); a round {turns:.1f} turns, {pieces:.1f} pieces").format(
                 mean=r["mean_per_game"], low=r["min"], high=r["max"], turns=r["mean_turns"], pieces=r["mean_pieces"]),
             "  " + _("rounds ended: {ends}").format(ends=ends),
             "  " + _("points lost per player: {rounds}").format(rounds=", ".join(lost))]
    sc = rep["scores"]
    lines.append(_("Final scores: mean {mean:.1f}, winner {winner:.1f} (range {low} to {high})").format(
        mean=sc["mean_final"], winner=sc["mean_winner"], low=sc["min_final"], high=sc["max_final"]))
    return lines
