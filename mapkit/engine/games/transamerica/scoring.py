"""Scoring a TransAmerica round, the barrier and the end of the game (docs/rules.md, TransAmerica).

**The cheapest completion.** A player who has not joined all his cities loses 1 point for each
single line and 2 for each double line he would still need: the cheapest network that joins
his network to his unconnected cities (and a seat, under "must connect a seat"). Track on the
board costs nothing, a broken bridge cannot be used, a city closed by nuclear TA cannot be
entered; who may build where (quarantine, restricted connection, ELE) does not count -- the
score counts pieces missing from the board. It is a Steiner tree with the network as one
terminal, solved exactly (:func:`mapkit.steiner.steiner_tree`). A city no track can reach any
more (only under an odd mix of variants) costs all the player's start points.

**The end.** After the scoring: the barrier moves after round 2 (:meth:`.rules.TransAmericaRules.moved_barrier`);
a locomotive that passed it ends the game at once, and the most points win (ties share).
Elimination: the players who passed are out, the rest play on until one is left (if the last
ones pass together, the most points among them win). Mission TA: see :func:`end_mission`.
"""

from __future__ import annotations

import itertools

from ....steiner import steiner_tree
from ....i18n import N_
from ....i18n.said import said
from ...ledger import BANK
from .cards import board_cards

__all__ = ["board_costs", "cheapest_way", "completion", "shortfall", "score_round", "end_game", "end_mission",
           "mission_scores"]


def board_costs(s):
    """The board's costs now, ``((neighbour, cost), ...)`` per hex: built track 0, broken
    bridges gone, free lines 1 or 2. The list is shared: read it, do not change it.

    The last table is kept beside the state (``s._costs``, shared by its observations) with
    the track and broken bridges it was made for, and given again while they stay the same;
    when pieces have been added to that track, a new table is made from it, only the hexes at
    the new pieces' ends worked out again (a table once given is never changed)."""
    net, blocked = s.net, s.blocked
    held = s._costs
    last = held[0] if held else None
    if last is not None and last[0] is net and last[1] is blocked and last[3] == len(blocked):
        if last[2] == len(net.pieces):
            return last[4]
        adj = list(last[4])
        new = list(itertools.islice(net.pieces, last[2], None))
    else:
        adj = list(s.tables.cost_adj)
        new = list(net.pieces) + list(blocked)
    b = s.board
    pieces, size = net.pieces, s.tables.size
    for h in {h for e in new for h in b.edge_ends[e]}:
        adj[h] = tuple((nb, 0 if e in pieces else size[e]) for nb, e in b.adj[h] if e not in blocked)
    held[:] = [(net, blocked, len(net.pieces), len(blocked), adj)]
    return adj


def cheapest_way(s, p: int, target: int):
    """The cheapest way from ``p``'s network to hex ``target`` over the board's costs now
    (:func:`board_costs`): ``(hexes from the network to target, pieces)``, a piece counted as
    in the cheapest completion; None when no track can join them."""
    from ....search import dial, path_to

    dist, pred = dial(board_costs(s), sorted(s.net.network_hexes(p)), preds=True, max_weight=2)
    path = path_to(pred, target, dist)
    return (path, dist[target]) if path else None


def completion(s, p: int, limit: int | None = None):
    """The cheapest completion of ``p``'s network (a :class:`~mapkit.steiner.SteinerTree` whose
    edges are hex pairs), or None when none exists (or none within ``limit``)."""
    from .track import closed_hexes

    cards = board_cards(s.board)
    terminals = [[cards[k].hex] for k in s.missing(p)]
    if s.needs_seat(p):
        terminals.append(sorted(s.tables.seats))
    net = s.net.network_hexes(p)
    if not terminals:
        from ....steiner import SteinerTree

        return SteinerTree(0, frozenset(), frozenset(net))
    blocked = closed_hexes(s) if s.closed else None
    return steiner_tree(board_costs(s), terminals, root=sorted(net), limit=limit, max_weight=2, blocked=blocked)


def shortfall(s, p: int) -> int:
    """The points ``p`` loses now: the cost of his cheapest completion."""
    tree = completion(s, p)
    return s.rules.start_points() if tree is None else tree.cost


def score_round(s, reason: str) -> None:
    """Score the round that just ended, move the barrier, then the end or the next round."""
    from .steps import rounds

    losses = {}
    for p in s.active():
        loss = 0 if s.complete(p) else shortfall(s, p)
        losses[p] = loss
        if loss:
            s.score.pay(p, BANK, loss, said(N_("round {round}: {n} pieces short"), round=s.round_no, n=loss))
    s.results.append({"round": s.round_no, "first": s.players[s.round_first], "end": reason,
                      "complete": [s.players[p] for p in s.ending], "pieces": s.used, "turns": s.turn_index,
                      "lost": {s.players[p]: v for p, v in losses.items()},
                      "scores": list(s.scores), "variants": sorted(s.variants)})
    s.say(N_("round {round} is over ({reason}); lost: {losses}"), round=s.round_no, reason=reason,
          losses=", ".join(f"{s.players[p]} {v}" for p, v in losses.items()))
    rules = s.rules
    active = s.active()
    if s.round_no == rules.BARRIER_ROUND and not rules.no_barrier():
        moved = rules.moved_barrier([s.scores[p] for p in active], s.barrier)
        if moved != s.barrier:
            s.barrier = moved
            s.say(N_("the barrier moves: a locomotive at {n} or below has passed it"), n=moved)
    passed = [p for p in active if rules.passed(s.scores[p], s.barrier)]
    sea = rules.no_barrier()
    if passed:
        s.say(N_("fell into the sea: {players}") if sea else N_("passed the barrier: {players}"),
              players=", ".join(s.players[p] for p in passed))
    if passed and rules.elimination():
        left = [p for p in active if p not in passed]
        s.out.update(passed)
        s.say(N_("out of the game: {players}"), players=", ".join(s.players[p] for p in passed))
        if len(left) == 1:
            return end_game(s, left, said(N_("one player left (elimination)")))
        if not left:
            return end_game(s, passed, said(N_("the last players fell into the sea together (elimination)") if sea
                                            else N_("the last players passed the barrier together (elimination)")))
    elif passed:
        return end_game(s, active, said(N_("a locomotive fell into the sea") if sea
                                        else N_("a locomotive passed the barrier")))
    limit = rules.round_limit()
    if limit is not None and s.round_no >= limit:
        return end_game(s, s.active(), said(N_("round limit {limit} (option round_limit)"), limit=limit))
    rounds.begin_round(s)


def end_game(s, among: list, reason: str) -> None:
    """The game is over: the most points among ``among`` win (ties share)."""
    best = max(s.scores[p] for p in among)
    s.winners_ = sorted(p for p in among if s.scores[p] == best)
    s.end_reason = reason
    s.turn_player = None
    s.say(N_("the game is over ({reason}); won by {players}"), reason=reason,
          players=", ".join(s.players[p] for p in s.winners_))
    s.go("over")


def mission_scores(s) -> list:
    """Mission TA: cities connected (cards laid down) minus cities held and not connected."""
    return [len(s.laid[p]) - len(s.missing(p)) for p in range(s.num_players)]


def end_mission(s, ender, reason: str) -> None:
    """Mission TA is over: one point lost for each unconnected city held; the most points win,
    and on a tie the player who ended the game wins if he is among the best (the seed: "even
    if he has not connected the most cities")."""
    for p in range(s.num_players):
        short = len(s.missing(p))
        if short:
            s.score.pay(p, BANK, short, said(N_("{n} cities held, not connected"), n=short))
    s.ender = ender
    scores = s.scores
    best = max(scores)
    top = [p for p in range(s.num_players) if scores[p] == best]
    s.results.append({"round": 1, "first": s.players[s.round_first], "end": reason, "complete": [],
                      "pieces": s.used, "turns": s.turn_index, "lost": {}, "scores": list(scores),
                      "variants": sorted(s.variants),
                      "laid": {s.players[p]: len(s.laid[p]) for p in range(s.num_players)}})
    if ender is not None and ender in top:
        top = [ender]
    end_game(s, top, reason)
