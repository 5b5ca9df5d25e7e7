"""The Dampfross family's figures in ``mapkit simulate``: what one game shows, and the
report over many (:mod:`mapkit.engine.simulate` adds wins, lengths and ends).

Per game (:func:`game_stats`): start cities, accounts, build rounds and turns, races drawn,
held and re-drawn (and why), fares, building fees, prizes, city bonuses, post-race building;
special races held and won per seat, and ferry lines bought.
"""

from __future__ import annotations

from ....i18n import _, ngettext
from ...game import make_rules
from ...simulate import mean, pct, rate, rate_words, rnd

__all__ = ["game_stats", "summarize", "seat_line", "report_lines"]


def _reject_kind(why: str) -> str:
    if "not connected" in why:
        return "unconnected"
    if "forbidden" in why or "built track" in why:
        return "forbidden"
    return "other"


def game_stats(g) -> dict:
    """The family's figures of one finished (or given-up) game, as plain JSON data."""
    n = g.num_players
    board = g.board
    fares_paid, fares_got, fees_paid, fees_got = [0] * n, [0] * n, [0] * n, [0] * n
    prizes, bonuses, post_build, ferries = [0] * n, [0] * n, [0] * n, [0] * n
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
        elif why.startswith("ferry") and src >= 0:
            ferries[src] += 1
    results = g.results
    rejected = {"forbidden": 0, "unconnected": 0, "other": 0}
    redrawn = 0
    for r in results:
        if r["rejected"]:
            redrawn += 1
        for x in r["rejected"]:
            rejected[_reject_kind(x.get("why", ""))] += 1
    names = list(g.players)
    special = [r for r in results if r.get("special")]
    special_won = [0] * n
    for r in special:
        if r["places"]:
            for name in r["places"][0]:
                special_won[names.index(name)] += 1
    return {
        "starts": [board.cities[c].name if c is not None else None for c in g.start_city],
        "accounts": list(g.accounts),
        "build_rounds": g.round_no + 1 if g.phase != "build" else g.round_no,
        "build_turns": g.turn_index,
        "races": len(results),
        "races_held": sum(1 for r in results if r["racers"]),
        "racers": sum(len(r["racers"]) for r in results),
        "races_redrawn": redrawn,
        "rejected": rejected,
        "special_races": len(special),
        "special_held": sum(1 for r in special if r["racers"]),
        "special_won": special_won,
        "fares_paid": fares_paid,
        "fares_received": fares_got,
        "fees_paid": fees_paid,
        "fees_received": fees_got,
        "prizes": prizes,
        "bonuses": bonuses,
        "post_race_building": post_build,
        "ferries_bought": ferries,
    }


def summarize(board, spec, stats: list, report: dict) -> None:
    """Add the family's figures to ``report`` (the core's summary)."""
    for p, seat in enumerate(report["seats"]):
        seat.update({"mean_account": mean(s["accounts"][p] for s in stats),
                     "mean_fares_paid": mean(s["fares_paid"][p] for s in stats),
                     "mean_fares_received": mean(s["fares_received"][p] for s in stats),
                     "mean_prizes": mean(s["prizes"][p] for s in stats),
                     "mean_bonuses": mean(s["bonuses"][p] for s in stats),
                     "special_won": sum(s.get("special_won", [0] * len(spec.bots))[p] for s in stats),
                     "ferries_bought": sum(s.get("ferries_bought", [0] * len(spec.bots))[p] for s in stats)})
    rules = make_rules(spec.preset, spec.options)
    report["start_cities"] = _start_cities(board, rules, stats)
    races = sum(s["races"] for s in stats)
    held = sum(s["races_held"] for s in stats)
    rejected = {k: sum(s["rejected"][k] for s in stats) for k in ("forbidden", "unconnected", "other")}
    fares = [sum(s["fares_paid"]) for s in stats]
    margins = [sorted(s["accounts"])[-1] - sorted(s["accounts"])[-2] for s in stats if len(s["accounts"]) > 1]
    report["build"] = {"mean_rounds": mean(s["build_rounds"] for s in stats),
                       "min_rounds": min((s["build_rounds"] for s in stats), default=0),
                       "max_rounds": max((s["build_rounds"] for s in stats), default=0),
                       "mean_turns": mean(s["build_turns"] for s in stats)}
    report["races"] = {"mean_drawn": mean(s["races"] for s in stats),
                       "mean_held": mean(s["races_held"] for s in stats),
                       "mean_nobody_raced": mean(s["races"] - s["races_held"] for s in stats),
                       "mean_racers": rnd(sum(s["racers"] for s in stats) / held if held else 0.0),
                       "share_redrawn": rnd(sum(s["races_redrawn"] for s in stats) / races if races else 0.0),
                       "redraws_per_race": rnd(sum(rejected.values()) / races if races else 0.0),
                       "redraws": rejected}
    report["special_races"] = {"mean_drawn": mean(s.get("special_races", 0) for s in stats),
                               "mean_held": mean(s.get("special_held", 0) for s in stats),
                               "won_by_seat": [seat["special_won"] for seat in report["seats"]]}
    bought = sum(seat["ferries_bought"] for seat in report["seats"])
    report["ferries"] = {"bought": bought, "by_seat": [seat["ferries_bought"] for seat in report["seats"]],
                         "played": bool(board.ferries) and bool(rules.options.ferries), "lines": len(board.ferries),
                         "per_game": rnd(bought / len(stats) if stats else 0.0)}
    report["money"] = {"mean_fares_per_game": mean(fares),
                       "mean_fares_per_race": rnd(sum(fares) / held if held else 0.0),
                       "mean_fees_per_game": mean(sum(s["fees_paid"]) for s in stats),
                       "mean_bonuses_per_game": mean(sum(s["bonuses"]) for s in stats),
                       "mean_post_race_building": mean(sum(s["post_race_building"]) for s in stats)}
    report["accounts"] = {"mean_final": mean(a for s in stats for a in s["accounts"]),
                          "mean_winner": mean(max(s["accounts"]) for s in stats),
                          "mean_margin": mean(margins),
                          "min_final": min((a for s in stats for a in s["accounts"]), default=0),
                          "max_final": max((a for s in stats for a in s["accounts"]), default=0)}


def _start_cities(board, rules, stats: list) -> list:
    """Wins by start city: every city a player may start from (none yet: 0 starts), and any
    other a game started from, in the map's order."""
    starts: dict = {board.cities[c].name: (0.0, 0) for c in rules.start_cities(board)}
    for s in stats:
        for p, c in enumerate(s["starts"]):
            if c is None:
                continue
            w, k = starts.get(c, (0.0, 0))
            starts[c] = (w + s["returns"][p], k + 1)
    order = {c.name: i for i, c in enumerate(board.cities)}
    return [{"city": c, "starts": k, **{x: y for x, y in rate(w, k).items() if x != "games"}}
            for c, (w, k) in sorted(starts.items(), key=lambda kv: order.get(kv[0], 1 << 30))]


def seat_line(seat: dict) -> str:
    """The family's part of a seat's line in the text report."""
    return "  " + _("account {account:7.1f}  fares paid {paid:5.1f}  received {received:5.1f}").format(
        account=seat["mean_account"], paid=seat["mean_fares_paid"], received=seat["mean_fares_received"])


def _start_city_lines(rep: dict) -> list:
    deal = rep.get("start_deal") or {}
    dealt = deal.get("mode") == "rotate"
    if dealt:
        k = deal["cities"]
        extra = rep["games"] - deal["rounds"] * k
        more = _(" and {n} more").format(n=extra) if extra else ""
        per = ngettext("{k} game a round", "{k} games a round", k).format(k=k)
        rounds = ngettext("{n} full round", "{n} full rounds", deal["rounds"]).format(n=deal["rounds"])
        lines = [_("Wins by start city (dealt to the seats in turn, {per}: {rounds}{more}; "
                   "95% Wilson interval)").format(per=per, rounds=rounds, more=more)]
    else:
        lines = [_("Wins by start city (chosen by the bots; 95% Wilson interval)")]
    for c in rep["start_cities"]:
        if not c["starts"]:     # dealt: fewer games than cities (or games ended before a start)
            lines.append(f"  {c['city']:<20} " + (_("{n:6d} starts  never dealt") if dealt
                                                   else _("{n:6d} starts  never chosen")).format(n=0))
            continue
        lines.append(f"  {c['city']:<20} " + ngettext("{n:6d} starts  {rate}", "{n:6d} starts  {rate}",
                                                      c["starts"]).format(n=c["starts"], rate=rate_words(c)))
    return lines


def _by_seat(values, each: str = "{}") -> str:
    """``1: 4, 2: 3, ...``: a figure of each seat."""
    return ", ".join(f"{k + 1}: {each.format(w)}" for k, w in enumerate(values))


def report_lines(rep: dict) -> list:
    """The family's lines of the text report, in the current language."""
    lines = _start_city_lines(rep)
    b = rep["build"]
    lines.append(_("Build phase: {rounds:.1f} rounds on average ({low}-{high}), {turns:.1f} turns").format(
        rounds=b["mean_rounds"], low=b["min_rounds"], high=b["max_rounds"], turns=b["mean_turns"]))
    r = rep["races"]
    rd = r["redraws"]
    lines.append(_("Races: {drawn:.2f} drawn, {held:.2f} held, {nobody:.2f} with nobody racing; {trains:.2f} trains "
                   "per race held").format(drawn=r["mean_drawn"], held=r["mean_held"],
                                           nobody=r["mean_nobody_raced"], trains=r["mean_racers"]))
    lines.append("  " + _("re-drawn: {share} of races; {redraws:.2f} re-draws per race (forbidden {forbidden}, "
                          "unconnected {unconnected}, other {other})").format(
        share=pct(r["share_redrawn"]).strip(), redraws=r["redraws_per_race"], forbidden=rd["forbidden"],
        unconnected=rd["unconnected"], other=rd["other"]))
    sp = rep["special_races"]
    if sp["mean_drawn"]:
        lines.append("  " + _("special races: {drawn:.2f} drawn, {held:.2f} held per game; won by seat: {seats}")
                     .format(drawn=sp["mean_drawn"], held=sp["mean_held"], seats=_by_seat(sp["won_by_seat"])))
    fe = rep["ferries"]
    if fe["bought"] or fe.get("played"):
        games = rep["games"] or 1
        lines.append(ngettext("Ferry lines bought: {per_game:.2f} per game ({bought} in {games} games); per game by "
                              "seat: {seats}", "Ferry lines bought: {per_game:.2f} per game ({bought} in {games} "
                              "games); per game by seat: {seats}", rep["games"]).format(
            per_game=fe["bought"] / games, bought=fe["bought"], games=rep["games"],
            seats=_by_seat([w / games for w in fe["by_seat"]], "{:.2f}")))
    m = rep["money"]
    lines.append(_("Money per game: fares {fares:.1f} ({per_race:.2f} per race held), building fees {fees:.1f}, "
                   "city bonuses {bonuses:.1f}, post-race building {building:.1f}").format(
        fares=m["mean_fares_per_game"], per_race=m["mean_fares_per_race"], fees=m["mean_fees_per_game"],
        bonuses=m["mean_bonuses_per_game"], building=m["mean_post_race_building"]))
    a = rep["accounts"]
    lines.append(_("Final accounts: mean {mean:.1f}, winner {winner:.1f}, margin {margin:.1f} (range {low}-{high})")
                 .format(mean=a["mean_final"], winner=a["mean_winner"], margin=a["mean_margin"],
                         low=a["min_final"], high=a["max_final"]))
    return lines
