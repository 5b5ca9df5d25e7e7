"""A player's priced frontier as :func:`~.building.single_pieces` reads it: the edges in
order beside their build actions and a byte per edge that names its price, so that picking
the pieces that fit is two passes in C (``bytes.translate``, ``itertools.compress``).

The prices are kept up to date lazily: a piece or a start marks the frontier edges whose price
may have changed (:func:`track_changed`), and a player's marked edges are priced again when he
next lists his pieces (:func:`reprice`); :func:`fit_table` says which of the game's prices fit
his points and money now."""

from __future__ import annotations

from bisect import bisect_left

__all__ = ["Listing", "code_of", "JUDGED", "OTHER", "FEE_SHIFT", "track_changed", "reprice", "fits_now",
           "fit_table"]


class Listing:
    """A player's priced frontier edges (``edges``, sorted), their build actions (``actions``,
    the dicts of ``Tables.piece_actions``) and the codes of their prices (``codes``, one byte
    each, :func:`code_of`) side by side: the pieces that fit are picked by translating the codes
    into a byte string of yes and no, both passes in C, with no sorting."""

    __slots__ = ("edges", "actions", "codes")

    def __init__(self):
        self.edges: list[int] = []
        self.actions: list[dict] = []
        self.codes = bytearray()

    def copy(self) -> Listing:
        other = Listing()
        other.edges, other.actions, other.codes = self.edges.copy(), self.actions.copy(), self.codes.copy()
        return other

    def add(self, e: int, action: dict, code: int) -> None:
        i = bisect_left(self.edges, e)
        self.edges.insert(i, e)
        self.actions.insert(i, action)
        self.codes.insert(i, code)

    def recode(self, e: int, code: int) -> None:
        self.codes[bisect_left(self.edges, e)] = code

    def remove(self, e: int) -> None:
        i = bisect_left(self.edges, e)
        del self.edges[i]
        del self.actions[i]
        del self.codes[i]


# Price codes: a map rule's edges (price -1), the first 254 prices a game meets, and the rest.
JUDGED, OTHER = 0, 255


def code_of(codes: dict, v: int) -> int:
    """The byte that stands for price ``v`` in a :class:`Listing` (``codes``: the game's,
    ``Tables.price_codes``, filled as prices appear).

    >>> codes = {}
    >>> code_of(codes, 3), code_of(codes, 2 << 8 | 3), code_of(codes, 3), code_of(codes, -1)
    (1, 2, 1, 0)
    """
    code = codes.get(v)
    if code is None:
        code = JUDGED if v < 0 else len(codes) + 1 if len(codes) < 254 else OTHER
        if code != OTHER:
            codes[v] = code
    return code


# How a frontier edge is kept in ``s._cls``: ``fee << FEE_SHIFT | cost`` when its price is
# known (a piece costs at most 255 points), -1 when a map rule must look at it each time.
FEE_SHIFT = 8
_COST = (1 << FEE_SHIFT) - 1


def track_changed(s, hexes, players=None, laid: int | None = None) -> None:
    """The frontier edges at ``hexes`` must be priced again for ``players`` (default:
    everybody): a network grew there, or a piece (on edge ``laid``) brought a new owner there.
    They are priced when the player next lists his pieces (:func:`reprice`). Only edges of his
    frontier concern him, and the laid edge if it was: an edge joins a frontier only as a hex
    joins his network, and leaves it only when he builds there, and both are marked then. A
    player who has priced nothing is not marked at all: his first listing prices his whole
    frontier, so a game whose players never list (the greedy bot's) marks nothing."""
    cls, stale = s._cls, s._stale
    todo = None
    for q in range(s.num_players) if players is None else players:
        if not cls[q]:
            continue
        if todo is None:
            at = s.tables.hex_edges
            # the board's own sets where they suffice (a piece changes one hex, or two; its edge
            # is at both)
            todo = at[hexes[0]] if len(hexes) == 1 else frozenset().union(*[at[h] for h in hexes])
            if laid is not None and laid not in todo:
                todo = todo | {laid}
        front = s.net.frontier[q]
        if not todo.isdisjoint(front):         # most pieces are far from most players' networks
            stale[q] |= todo & front
        if laid is not None and laid in cls[q]:
            stale[q].add(laid)


def reprice(s, p: int) -> None:
    """Price again player ``p``'s edges marked by :func:`track_changed` (his whole frontier when
    he has priced nothing yet).

    Each frontier edge keeps its price now: ``s._cls[p]`` maps it to ``fee << FEE_SHIFT |
    cost`` (fees at its far end and beside foreign pieces), or -1 when a map rule must judge
    it when it is listed; ``s._listing[p]`` (a :class:`Listing`) keeps the same edges sorted,
    with their actions and price codes, so that listing judges prices (:func:`fit_table`), not
    every edge. An edge off the frontier has no entry."""
    todo = s._stale[p]
    if not s._cls[p]:
        todo |= s.net.frontier[p]       # nothing was marked for him
    if not todo:
        return
    board = s.board
    ends = board.edge_ends
    net = s.net
    hex_owners, owner_bits, owners_of = net.hex_owners, net.owner_bits, net.owners_of
    t = s.tables
    piece_cost, join_fee_at, par_fee = t.piece_cost, t.join_fee_at, t.par_fee
    checks = t.build_checks
    front, cls, nodes, listing = net.frontier[p], s._cls[p], net.nodes[p], s._listing[p]
    others = ~(1 << p)
    acts, names, codes = t.piece_actions[p], board.edge_names, t.price_codes
    for e in todo:
        old = cls.get(e)
        if e not in front:
            if old is not None:
                del cls[e]
                listing.remove(e)
            continue
        cost = piece_cost[e]
        if checks or cost > _COST:
            v = -1
        else:
            a, c = ends[e]
            fee = 0
            far = (None if c in nodes else c) if a in nodes else a
            if far is not None:
                m = hex_owners[far] & others & ~owner_bits[e]
                if m:
                    fee = join_fee_at[far] * m.bit_count()
            o = owners_of[e]
            if o:
                fee += par_fee[e] * len(o)
            v = fee << FEE_SHIFT | cost
        if v != old:
            cls[e] = v
            code = codes.get(v)
            if code is None:
                code = code_of(codes, v)
            if old is None:
                action = acts.get(e)
                if action is None:
                    action = acts[e] = {"type": "build", "player": p, "pieces": [names[e]]}
                listing.add(e, action, code)
            else:
                listing.recode(e, code)
    todo.clear()


def fits_now(post: bool, left: int, account: int, fees_budget: bool):
    """Whether a piece of price ``v`` (``fee << FEE_SHIFT | cost``) may be built with ``left``
    points or budget and ``account`` money."""
    def fits(v: int) -> bool:
        cost = v & _COST
        fee = v >> FEE_SHIFT
        if post:
            return cost + fee <= account and (not fees_budget or cost + fee <= left) and cost <= left
        return cost <= left and fee <= account
    return fits


def fit_table(s, post: bool, left: int, account: int) -> bytes:
    """The ``bytes.translate`` table that maps a price code to 1 where that price may be built
    now, 0 elsewhere. Made over all the game's price codes at once and kept for these points and
    money until a new price appears: decisions repeat them (points and money beyond the dearest
    price count as that price), so most cost a lookup, not a judgement of each price."""
    t = s.tables
    price_codes = t.price_codes
    if t.fit_codes != len(price_codes):
        t.fit_tables.clear()
        t.fit_codes = len(price_codes)
        t.fit_cap = max([(v & _COST) + (v >> FEE_SHIFT) for v in price_codes if v >= 0], default=0)
    cap = t.fit_cap
    key = (post, min(left, cap), min(account, cap))
    table = t.fit_tables.get(key)
    if table is None:
        fits = fits_now(post, left, account, post and s.rules.fees_from_budget())
        judged = bytearray(256)
        for v, code in price_codes.items():
            if code != JUDGED and fits(v):
                judged[code] = 1
        table = t.fit_tables[key] = bytes(judged)
    return table
