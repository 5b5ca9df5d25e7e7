"""The moves worth considering in a TransAmerica position, with their figures: what ``easy``
chooses among, ``strong`` searches and ``hint`` lists
(:meth:`~mapkit.engine.family.GameFamily.move_options`). Read from the seat's own cards and
the public board only.

* **start marker** -- junctions on a cheapest network of the player's five cities:
  ``pieces to your cities`` (the cost of the cheapest network joining them and the junction,
  as a loss) and ``steps to other markers`` (to the nearest marker already placed: a network
  that meets another early shares its pieces). The score is the first part; the greedy bot's
  most central junction, the ones nearest and farthest from the other markers and the cities
  of the hand are listed.
* **pieces** -- a first piece of the cheapest completion (:func:`.scoring.completion`: the
  plan) on each of the two branches farthest from other networks, with the best second
  single piece, and a piece off the plan that leads nearest to a city still to join (a
  beginner's piece, scored by how much it really shortens the completion):
  ``pieces toward your cities`` (how much the completion shrinks), ``cities joined`` (cities of
  the hand the move joins) and ``steps from other networks`` (of the new junctions, at most 8:
  a piece near another network may be laid by its owner instead). The score is the pieces
  toward the cities plus one for each city joined (the greedy bot lays the plan's pieces
  farthest from other networks first).
* **the rest** (maturita, Super Changer, passing a card, breaking a bridge) -- each legal
  choice, scored 0.
"""

from __future__ import annotations

from .....i18n import N_
from .....search import INF, dial
from .....steiner import tree_costs
from ....bots.moves import Candidate, listed
from ..cards import board_cards
from .greedy import GreedyBot

__all__ = ["move_options", "LIMIT", "AWAY"]

LIMIT = 6
AWAY = 8            # steps beyond which another network counts as far
BRANCHES = 2        # branches of the cheapest completion whose first pieces are listed
PIECES_TO_CITIES, STEPS_TO_MARKERS = N_("pieces to your cities"), N_("steps to other markers")
TOWARD, JOINED = N_("pieces toward your cities"), N_("cities joined")
STEPS_FROM_OTHERS = N_("steps from other networks")


def move_options(state, seed: int = 0) -> list:
    """The moves worth considering for the player to move, best first, the greedy bot's (with
    ``seed``) marked; [] when nobody is to move."""
    return listed(state, seed, GreedyBot, _moves, LIMIT)


def _moves(state, p: int, first: dict, bot) -> list:
    if state.step == "place" and state.hands[p]:
        return _places(state, p, first)
    if state.step == "build":
        return _builds(state, p)
    return [Candidate(a) for a in state.legal_actions()[:LIMIT]]


def _terminals(s, p: int) -> list:
    cards = board_cards(s.board)
    out = [[cards[k].hex] for k in s.hands[p]]
    if s.has("seat_connect"):
        out.append(sorted(s.tables.seats))
    return out


def _blocked(s):
    from ..track import closed_hexes

    return closed_hexes(s) if s.closed else None


def _places(s, p: int, first: dict) -> list:
    from ..scoring import board_costs

    b = s.board
    allowed = sorted({b.hex_id(a["at"]) for a in s.legal_actions()})
    costs = tree_costs(board_costs(s), _terminals(s, p), max_weight=2, blocked=_blocked(s))
    best = min((costs[h] for h in allowed), default=INF)
    if best >= INF:
        return []
    cheap = [h for h in allowed if costs[h] <= best]
    markers = sorted({s.net.hex_of(x) for x in s.net.markers.values()})
    near = dial(s.tables.cost_adj, markers, max_weight=2) if markers else None
    cards = board_cards(b)
    hand = [cards[k].hex for k in s.hands[p]]
    picks = [b.hex_id(first["at"])] if first.get("type") == "start" else []
    picks += [h for h in hand if h in cheap]
    if near is not None:
        picks += [min(cheap, key=lambda h: (near[h], h)), max(cheap, key=lambda h: (near[h], -h))]
    out = []
    for h in dict.fromkeys(h for h in picks if costs[h] < INF):
        parts = [(PIECES_TO_CITIES, -costs[h])]
        if near is not None:
            parts.append((STEPS_TO_MARKERS, near[h]))
        out.append(Candidate({"type": "start", "player": p, "at": b.hex_names[h]}, -costs[h], tuple(parts),
                             N_("marker on {place}"), (("place", _place(s, h)),)))
    return out


def _place(s, h: int) -> str:
    b = s.board
    city = b.city_at.get(h)
    return f"{b.hex_names[h]} ({b.cities[city].name})" if city is not None else b.hex_names[h]


def _builds(s, p: int) -> list:
    from ..scoring import completion

    b = s.board
    legal = s.legal_pieces(p)
    tree = completion(s, p) if legal else None
    if tree is None or not tree.edges:
        return []
    plan = {b.edge_between(x, y) for x, y in tree.edges} - set(s.net.pieces)
    firsts = [e for e in legal if e in plan]
    away = _away(s, p)
    net = s.net.network_hexes(p)

    def far(e):
        return min((away[h] for h in b.edge_ends[e] if h not in net), default=0)
    firsts.sort(key=lambda e: (-far(e), e))
    missing = {board_cards(b)[k].hex for k in s.missing(p)}
    size = s.tables.size
    out = []
    for e in firsts[:BRANCHES]:
        move = [e]
        if size[e] == 1 and not s.turn_singles and not s.rules.mission():
            seconds = sorted((x for x in plan - {e} if size[x] == 1
                              and (set(b.edge_ends[x]) & (net | set(b.edge_ends[e])))), key=lambda x: (-far(x), x))
            for x in seconds:
                if s.is_legal({"type": "build", "player": p, "pieces": [b.edge_names[e], b.edge_names[x]]}):
                    move.append(x)
                    break
        out.append(_laid(s, p, move, missing, far))
    detour = _detour(s, p, legal, plan, missing)
    if detour is not None:
        out.append(_laid(s, p, [detour], missing, far, tree.cost))
    return out


def _detour(s, p: int, legal: list, plan: set, missing: set):
    """The legal piece off the plan that leads nearest to a city still to join (a beginner's
    piece: toward a city, not on the cheapest way), or None."""
    from ..scoring import board_costs

    off = [e for e in legal if e not in plan and s.tables.size[e] == 1]
    if not off or not missing:
        return None
    d = dial(board_costs(s), sorted(missing), max_weight=2)
    return min(off, key=lambda e: (min(d[h] for h in s.board.edge_ends[e]), e))


def _laid(s, p: int, move: list, missing: set, far, cost: int | None = None) -> Candidate:
    """The candidate of laying ``move``: pieces of the plan shorten the completion by their
    size; a piece off it (``cost``: the completion's before) by what a new completion says."""
    from ..scoring import completion

    b = s.board
    ends = {h for x in move for h in b.edge_ends[x]}
    joined = len(ends & missing)
    toward = sum(s.tables.size[x] for x in move)
    names = [b.edge_names[x] for x in move]
    if cost is not None:
        trial = s.clone()
        trial.apply({"type": "build", "player": p, "pieces": names})
        after = completion(trial, p)
        toward = cost - (after.cost if after is not None else cost)
    steps = min(far(x) for x in move)
    return Candidate({"type": "build", "player": p, "pieces": names}, toward + joined,
                     ((TOWARD, toward), (JOINED, joined), (STEPS_FROM_OTHERS, steps)),
                     N_("lay {pieces}"), (("pieces", " ".join(names)),))


def _away(s, p: int) -> list:
    """Steps from every hex to the nearest hex of another player's network (at most AWAY)."""
    mine = s.net.network_hexes(p)
    others = sorted({h for q in s.active() if q != p for h in s.net.network_hexes(q)} - mine)
    if not others:
        return [AWAY] * len(s.board.hex_names)
    d = dial(s.tables.cost_adj, others, max_weight=2, limit=AWAY)
    return [min(x, AWAY) for x in d]
