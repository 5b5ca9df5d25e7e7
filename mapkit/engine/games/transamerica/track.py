"""Track in a TransAmerica round: which pieces and start markers are legal, and laying them.

A piece lies on a free line (an open edge of the board) and touches the builder's network: his
start marker or track joined to it (docs/rules.md, TransAmerica). Networks that touch are one, used and extended
by all their players. The variants narrow what is legal; each refusal names its rule:

=====================  =========================================================================
``build.taken``        a piece lies there already
``build.blocked``      a broken bridge (broken bridge variant)
``build.double``       a double line takes a whole turn: it is the turn's only piece
``build.allowance``    two single pieces a turn (three with a Super Changer)
``build.connected``    the piece does not touch the builder's network
``build.closed``       a city closed this round (nuclear TA)
``build.quarantine``   a city whose card the builder does not hold, before a holder entered it
``build.ele``          ELE TA: track grows only at its ends, never branches
``build.restricted``   restricted connection: a third network may not join two joined ones
                       (it may pass through a city of theirs, on a track of its own)
=====================  =========================================================================

Restricted connection keeps an alliance's network apart from another network that passes
through one of its cities: the passing network joins the city on a private node of its own
(:class:`~mapkit.engine.network.SharedTrack`).

:func:`check_piece` puts one piece to these rules; :func:`legal_pieces` lists them all at
once, each rule worked out once for the listing (the free lines at the network's hexes, less
the sizes, hexes and joins refused), not piece by piece. Both read a :class:`Position`: the
state's own, or the one a piece not laid yet would leave (:func:`after`), so that a turn's
second piece is checked and listed without laying the first on a copy of the game.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from ...errors import IllegalAction
from ...network import SharedTrack
from ....i18n import N_
from ....i18n.said import said_and
from .cards import board_cards

__all__ = ["Position", "now", "after", "node_of", "check_piece", "legal_pieces", "grown", "lay",
           "marker_refusal", "marker_choices", "check_marker", "closed_hexes"]

RULES = "docs/rules.md, TransAmerica"


@dataclass(frozen=True)
class Position:
    """What a piece is checked against: the track (``net``), the cities entered under
    quarantine (``opened``), the single pieces and double line laid this turn and the pieces
    used this round -- the state's own (:func:`now`), or those that pieces not laid yet would
    leave (:func:`after`), so that a turn's second piece is checked without laying the first."""

    net: SharedTrack
    opened: set
    singles: int
    double: bool
    used: int


def now(s) -> Position:
    """The state's own position."""
    return Position(s.net, s.opened, s.turn_singles, s.turn_double, s.used)


def after(s, p: int, pos: Position, eid: int, ends: tuple) -> Position:
    """The position once ``p`` has laid the piece on ``eid`` (checked: ``ends`` from
    :func:`check_piece`) in ``pos``, as :func:`lay` would leave it; nothing is changed."""
    net = pos.net.copy()
    net.add_piece(eid, ends)
    opened = (pos.opened | _opened_by(s, p, eid)) if s.has("quarantine") else pos.opened
    double = s.tables.size[eid] == 2
    return Position(net, opened, pos.singles + (not double), pos.double or double, pos.used + 1)


def node_of(s, p: int, h: int, net=None):
    """The node of hex ``h`` in ``p``'s network (the hex, or a private node of it) on track
    ``net`` (default the state's), or None."""
    net = s.net if net is None else net
    mark = net.markers.get(p)
    if mark is None:
        return None
    root = net.find(mark)
    if h not in net.members[root]:      # his network's hexes (network_hexes)
        return None
    node = h
    while node in net.parent:
        if net.find(node) == root:
            return node
        node += net.n
    return None


def _private(net, h: int) -> int:
    """A new private node of hex ``h`` on track ``net``."""
    node = h + net.n
    while node in net.parent:
        node += net.n
    return node


def _is_city(s, h: int) -> bool:
    return s.board.is_city[h] or h in s.tables.card_at


def closed_hexes(s) -> set:
    """The city hexes closed this round (nuclear TA)."""
    cards = board_cards(s.board)
    return {cards[k].hex for k in s.closed}


def _quarantined(s, p: int, h: int, opened: set | None = None) -> bool:
    """Quarantine: ``h`` is a city of a card in play that ``p`` does not hold, not yet entered
    (``opened``: the cities entered, default the state's)."""
    k = s.tables.card_at.get(h)
    opened = s.opened if opened is None else opened
    return (k is not None and k in s.tables.in_play and h not in opened and k not in s.hands[p])


def _join_node(s, p: int, h: int, rule: str, net=None):
    """The node where ``p``'s track or marker joins hex ``h`` outside his network (on ``net``,
    default the state's track): the hex itself, or under restricted connection a private node
    of a city where joining is not allowed."""
    net = s.net if net is None else net
    if not s.has("restricted_connection") or h not in net.parent:
        return h
    mine = net.seats_with(p) or [p]
    root = net.find(h)
    theirs = sorted(q for q, x in net.markers.items() if net.find(x) == root)
    if len(mine) == 1 and len(theirs) <= 1:
        return h
    if _is_city(s, h):
        return _private(net, h)
    raise IllegalAction(rule, f"{s.board.hex_names[h]} is on the network of {', '.join(s.players[q] for q in theirs)}; "
                              f"after two networks join nobody else may join them, except to pass through a "
                              f"city (restricted connection, {RULES})")


def check_piece(s, p: int, eid: int, pos: Position | None = None) -> tuple:
    """The two nodes a piece on edge ``eid`` by ``p`` joins in position ``pos`` (default
    :func:`now`), or :class:`IllegalAction`."""
    pos = now(s) if pos is None else pos
    b = s.board
    t = s.tables
    name = b.edge_names[eid]
    if eid in pos.net.pieces:
        raise IllegalAction("build.taken", f"a piece lies on {name} already ({RULES})")
    if eid in s.blocked:
        raise IllegalAction("build.blocked", f"the bridge {name} is broken this round (broken bridge, {RULES})")
    size = t.size[eid]
    singles = s.rules.singles_per_turn(p in s.changer)
    if pos.double or (size == 2 and pos.singles):
        raise IllegalAction("build.double", f"a double line is the turn's only piece ({name} is "
                                            f"{'double' if size == 2 else 'single'}; {RULES})")
    if size == 1 and pos.singles >= singles:
        raise IllegalAction("build.allowance", f"{singles} single pieces a turn ({RULES})")
    x, y = b.edge_ends[eid]
    nx, ny = node_of(s, p, x, pos.net), node_of(s, p, y, pos.net)
    if nx is None and ny is None:
        raise IllegalAction("build.connected", f"{name} does not touch {s.players[p]}'s network ({RULES})")
    closed = closed_hexes(s) if s.closed else ()
    for h in (x, y):
        if h in closed:
            raise IllegalAction("build.closed", f"{b.hex_names[h]} is closed this round (nuclear TA, {RULES})")
        if s.has("quarantine") and _quarantined(s, p, h, pos.opened):
            raise IllegalAction("build.quarantine", f"{b.hex_names[h]} ({s.card_name(t.card_at[h])}) is under "
                                                    f"quarantine: only a holder of its card may enter it first "
                                                    f"({RULES})")
    if s.has("ele"):
        deg = pos.net.degree
        for h in (x, y):
            if deg.get(h, 0) >= 2:
                raise IllegalAction("build.ele", f"{b.hex_names[h]} is not an end of the track: ELE TA "
                                                 f"extends track only at its ends ({RULES})")
    if nx is None:
        nx = _join_node(s, p, x, "build.restricted", pos.net)
    elif ny is None:
        ny = _join_node(s, p, y, "build.restricted", pos.net)
    return nx, ny


def legal_pieces(s, p: int, pos: Position | None = None) -> list:
    """Every edge id ``p`` may lay as his next piece in position ``pos`` (default
    :func:`now`), in board order: the pieces :func:`check_piece` allows, each rule worked
    out once for the listing (every free line at his network touches it)."""
    pos = now(s) if pos is None else pos
    if pos.double:
        return []
    allowed = {1: pos.singles < s.rules.singles_per_turn(p in s.changer), 2: not pos.singles}
    net = pos.net
    mine = net.network_hexes(p)
    near = set().union(*map(s.tables.hex_edges.__getitem__, mine))
    near.difference_update(net.pieces, s.blocked)
    near = _sizes(s, near, allowed)
    barred = _barred(s, p, net, pos.opened)
    restricted = s.has("restricted_connection")
    if barred or restricted:
        return sorted(_allowed(s, p, near, _Allowed(net, mine, barred, restricted)))
    return sorted(near)


@dataclass(frozen=True)
class _Allowed:
    """What narrows a listing of pieces beyond free lines at the network and their sizes: the
    track, the network's hexes, the hexes no piece may touch, restricted connection."""

    net: SharedTrack
    mine: set
    barred: set
    restricted: bool


def _allowed(s, p: int, near: set, a: _Allowed) -> list:
    """The edges of ``near`` (free lines at ``p``'s network) that ``a`` lets him lay."""
    joins: dict = {}
    ends = s.board.edge_ends
    barred, mine = a.barred, a.mine
    out = []
    for e in near:
        x, y = ends[e]
        if x in barred or y in barred:
            continue
        if a.restricted and not (x in mine and y in mine):
            nb = y if x in mine else x
            if nb not in joins:
                joins[nb] = _joins(s, p, nb, a.net)
            if not joins[nb]:
                continue
        out.append(e)
    return out


# the variants that narrow a listing of pieces by more than free lines and their sizes
_NARROWING = frozenset(("quarantine", "ele", "restricted_connection"))


def grown(s, p: int, legal: list, eid: int, ends: tuple):
    """What ``p`` may lay next in this turn once he has laid the piece on ``eid`` now
    (checked: ``ends`` from :func:`check_piece`), and the hexes of his network then: ``(edge
    ids in board order, hexes)``, grown from ``legal`` (:func:`legal_pieces` now) without
    copying the track -- the listing loses the piece and gains the free lines at the hexes the
    piece joins to his network, less the sizes the turn then refuses. None when the listing
    now is narrowed by more than free lines (a piece laid this turn, closed cities,
    quarantine, ELE, restricted connection): then :func:`legal_pieces` in :func:`after`."""
    if s.turn_singles or s.turn_double or s.closed or s.variants & _NARROWING:
        return None
    net = s.net
    mine = net.network_hexes(p)
    joined: set = set()
    for node in ends:       # hexes: no private nodes without restricted connection
        if node not in mine:
            joined |= net.members[net.find(node)] if node in net.parent else {node}
    t = s.tables
    near = set(legal)
    if joined:
        near.update(*map(t.hex_edges.__getitem__, joined))
        near.difference_update(net.pieces, s.blocked)
    near.discard(eid)
    if t.size[eid] == 2:
        return [], mine | joined
    allowed = {1: s.rules.singles_per_turn(p in s.changer) > 1, 2: False}
    return sorted(_sizes(s, near, allowed)), mine | joined


def _sizes(s, near: set, allowed: dict) -> set:
    """The edges of ``near`` whose size ``allowed`` (size -> bool; other sizes: yes) lets in."""
    if all(allowed.values()):
        return near
    if allowed[1]:      # all but the double lines
        return near.intersection(s.tables.not_double)
    size = s.tables.size
    return {e for e in near if allowed.get(size[e], True)}


def _barred(s, p: int, net, opened: set) -> set:
    """The hexes no piece of ``p``'s may touch now: cities closed this round, cities under
    quarantine for him, and under ELE every hex that is no end of track."""
    out = set(closed_hexes(s)) if s.closed else set()
    if s.has("quarantine"):
        out.update(h for h in s.tables.card_at if _quarantined(s, p, h, opened))
    if s.has("ele"):
        out.update(h for h, d in net.degree.items() if d >= 2)
    return out


def _joins(s, p: int, h: int, net) -> bool:
    """Whether ``p``'s track may join hex ``h`` outside his network (restricted connection)."""
    try:
        _join_node(s, p, h, "build.restricted", net)
    except IllegalAction:
        return False
    return True


def lay(s, p: int, eid: int, ends: tuple) -> None:
    """Lay the piece (checked before) and count it against the turn and the round."""
    joined = s.net.add_piece(eid, ends)
    s.used += 1
    if s.tables.size[eid] == 2:
        s.turn_double = True
    else:
        s.turn_singles += 1
    if s.has("quarantine"):
        s.opened |= _opened_by(s, p, eid)
    if joined:
        s.say(N_("the networks of {players} are joined"), players=said_and(s.players[q] for q in joined))


def _opened_by(s, p: int, eid: int) -> set:
    """Quarantine: the cities of ``p``'s cards that a piece of his on ``eid`` enters."""
    card_at, hand = s.tables.card_at, s.hands[p]
    return {h for h in s.board.edge_ends[eid] if card_at.get(h) is not None and card_at[h] in hand}


def marker_refusal(s, p: int, h: int):
    """``(rule, message)`` when ``p`` may not place his start marker on hex ``h``, else None."""
    return _MarkerRules(s, p).refusal(h)


class _MarkerRules:
    """What refuses ``p``'s start marker now, worked out once for every hex asked about."""

    __slots__ = ("s", "p", "closed", "taken")

    def __init__(self, s, p: int):
        self.s, self.p = s, p
        self.closed = closed_hexes(s) if s.closed else ()
        t = s.tables
        self.taken = ({t.region[s.net.hex_of(x)] for q, x in s.net.markers.items() if q != p}
                      if s.has("unique_region_start") else ())

    def refusal(self, h: int):
        s, p = self.s, self.p
        b = s.board
        t = s.tables
        where = b.hex_names[h]
        if not b.adj[h]:
            return "start.junction", f"{where} is no junction: no track can reach it ({RULES})"
        if h in self.closed:
            return "start.closed", f"{where} is closed this round (nuclear TA, {RULES})"
        if s.has("quarantine") and _quarantined(s, p, h):
            return "start.quarantine", f"{where} is under quarantine: only a holder of its card may enter it ({RULES})"
        if s.has("seat_start") and h not in t.seats:
            return "start.seat", f"{where} is not a seat; the start marker stands on a seat ({RULES})"
        if s.has("one_colour") and s.colour is not None and t.region[h] != s.colour:
            return "start.colour", (f"{where} is not in the {t.colours[s.colour]} region; every start marker "
                                    f"stands there this round (one colour, {RULES})")
        if t.region[h] in self.taken:
            return "start.region", (f"{where} is in the {t.colours[t.region[h]]} region, where another start "
                                    f"marker stands (start in a unique colour region, {RULES})")
        if s.has("restricted_connection"):
            try:
                _join_node(s, p, h, "start.restricted")
            except IllegalAction as exc:
                return exc.rule, exc.reason
        return None


# the variants that refuse start markers (with nuclear TA's closed cities)
_MARKER_VARIANTS = frozenset(("quarantine", "seat_start", "one_colour", "unique_region_start",
                              "restricted_connection"))


def marker_choices(s, p: int) -> list:
    """The junctions where ``p`` may place his start marker. When the variants in force leave
    none (a rare combination), every junction not closed is allowed."""
    t = s.tables
    if not s.closed and not (s.variants & _MARKER_VARIANTS):
        return list(t.junctions)        # a junction has an open edge: nothing else refuses it
    rules = _MarkerRules(s, p)
    out = [h for h in t.junctions if rules.refusal(h) is None]
    if not out:
        closed = closed_hexes(s)
        out = [h for h in t.junctions if h not in closed]
    return out


def check_marker(s, p: int, ref) -> tuple:
    """``(hex, node)`` of a start marker at ``ref`` (a hex name or a city), or IllegalAction.
    A hex's name as the board writes it (``"B1"``, as the listed actions name the hexes) is
    that hex even where a city's name reads the same (a city ``b1`` on another hex)."""
    b = s.board
    h = b.hex_id(ref) if isinstance(ref, str) and ref in b.hex_names else None
    if h is None:
        try:
            h = b.cities[b.city_index(ref)].hex
        except ValueError:
            h = None
    if h is None:
        k = None
        with contextlib.suppress(IllegalAction):
            k = s.card_of(ref)
        if k is not None:
            h = board_cards(b)[k].hex
        else:
            try:
                h = b.hex_id(ref)
            except (ValueError, TypeError):
                raise IllegalAction("start.at", f"'at' must be a hex or a city, not {ref!r}") from None
    why = marker_refusal(s, p, h)
    if why is not None and h not in marker_choices(s, p):
        raise IllegalAction(*why)
    node = h
    if s.has("restricted_connection"):
        try:
            node = _join_node(s, p, h, "start.restricted")
        except IllegalAction:
            node = _private(s.net, h)
    return h, node
