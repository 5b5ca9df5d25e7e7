"""The rows of searches over a board where players own track and charge for its use.

Two ``neighbours`` functions of :func:`mapkit.search.dijkstra`, whose rows the compiled kernel
(csrc/tolls.c) makes itself from the same lists, so that a search with them costs no Python
call per node:

* :class:`TolledRows` -- building: the cheapest way to extend a team's track (tolls for
  building beside others' track);
* :class:`TrackFares` -- moving: routes over built track (a fare for each step on others'
  track).

:class:`TolledRows` is the cheapest way for a team of players (``us``, a bit mask) to extend
their track over a board whose edges carry other players' pieces. Each edge has a base cost;
the team's own pieces cost nothing; an edge with pieces of others charges a toll per owner
(``edge_toll``, the toll of building parallel to them), and ending at a node where others have
track charges a toll per such owner not on the edge itself (``node_toll``, the toll of joining
them there). Tolls are money, the base cost is points: a step costs ``base + weight x tolls``.
The rows of a node with no track at it or at any neighbour are its base costs, as ints; the
rows of every other node are priced (floats where the weight is a float).

Where the kernel is not built, :func:`~mapkit.search.dijkstra` calls the rows as any other
function (a caller that searches often keeps them in a table meanwhile: ``row`` is the one
place they are made).

>>> # a path 0 - 1 - 2, edge 0 (0-1) costs 1 and edge 1 (1-2) costs 2; player 1 owns edge 1
>>> rows = TolledRows(adjacency=[((1, 0),), ((0, 0), (2, 1)), ((1, 1),)], cost=[1, 2],
...                   owners=[(), (1,)], owner_bits=[0, 2], node_owners=[0, 2, 2],
...                   edge_toll=[0, 4], node_toll=[1, 1, 1], us=1, weight=1.5)
>>> rows(0)             # node 1 has player 1's track: joining him there costs a toll of 1
((1, 2.5, 0),)
>>> rows(1)             # parallel to his piece: 4 x 1 owner
((0, 1.0, 0), (2, 8.0, 1))
>>> from mapkit.search import dijkstra
>>> dijkstra([0], rows, targets=(2,)).dist[2]
10.5
"""

from __future__ import annotations

import heapq

from .kernel import KERNEL

__all__ = ["TolledRows", "TrackFares", "team_bits"]


def team_bits(players) -> int:
    """The bit mask of a team of players (the rows' ``us``).

    >>> team_bits([0, 2]), team_bits(())
    (5, 0)
    """
    bits = 0
    for q in players:
        bits |= 1 << q
    return bits


class TolledRows:
    """``rows(u)``: ``((v, cost, edge), ...)`` from node ``u`` for the team ``us`` (see the
    module notes). The lists are read, not copied: those that change as track is laid
    (``owners``, ``owner_bits``, ``node_owners``) are the track's own, so the rows are always
    today's. ``adjacency[u]``: ``((v, edge), ...)``; ``cost``, ``owners`` (a tuple of owners),
    ``owner_bits`` and ``edge_toll`` by edge; ``node_owners`` (a bit mask) and ``node_toll`` by
    node; ``us``: the team's bit mask; ``weight``: money against points."""

    __slots__ = ("adjacency", "cost", "owners", "owner_bits", "node_owners", "edge_toll", "node_toll", "us",
                 "weight")

    def __init__(self, *, adjacency: list, cost: list, owners: list, owner_bits: list, node_owners: list,
                 edge_toll: list, node_toll: list, us: int, weight: float):
        self.adjacency, self.cost, self.owners, self.owner_bits = adjacency, cost, owners, owner_bits
        self.node_owners, self.edge_toll, self.node_toll = node_owners, edge_toll, node_toll
        self.us, self.weight = us, weight

    def __call__(self, u: int) -> tuple:
        return self.row(u)

    def row(self, u: int) -> tuple:
        """The steps from node ``u``."""
        adjacency, cost, node_owners = self.adjacency, self.cost, self.node_owners
        steps = adjacency[u]
        if not (node_owners[u] or any(node_owners[v] for v, _ in steps)):
            return tuple((v, cost[e], e) for v, e in steps)
        owners, owner_bits, edge_toll, node_toll = self.owners, self.owner_bits, self.edge_toll, self.node_toll
        us, weight = self.us, self.weight
        others = ~us
        out = []
        for v, e in steps:
            bits = owner_bits[e]
            toll = 0
            if bits:
                if bits & us:
                    out.append((v, 0, e))
                    continue
                toll = edge_toll[e] * len(owners[e])
            joined = node_owners[v] & others & ~bits
            if joined:
                toll += node_toll[v] * joined.bit_count()
            out.append((v, cost[e] + weight * toll, e))
        return tuple(out)


class TrackFares:
    """``rows(u)``: ``((v, movement, fare), ...)`` over built track from node ``u``: the steps of
    ``track[u]`` (``((v, step, owners), ...)``: a step is an edge id, or ``-1 - k`` for the
    ``k``-th extra line, such as a ferry, with a tuple of its owners), each moving ``into[v]``
    points (``line_moves[k]`` on an extra line) and charging ``fare`` unless one of its owners
    is in the team ``us`` (a bit mask; 0: every step pays). Searched with ``label_weight = w``
    a step costs its movement plus ``w`` per fare; without it, its movement alone.

    >>> track = {0: ((1, 0, (1,)),), 1: ((0, 0, (1,)), (2, -1, (0,))), 2: ((1, -1, (0,)),)}
    >>> rows = TrackFares(track=track, into=[1, 1, 2], line_moves=[3], fare=2, us=1)
    >>> rows(1)             # player 1's piece to 0 costs a fare; our own line to 2 does not
    ((0, 1, 2), (2, 3, 0))
    """

    __slots__ = ("track", "into", "line_moves", "fare", "us", "members")

    def __init__(self, *, track: dict, into: list, line_moves: list, fare: int, us: int):
        self.track, self.into, self.line_moves, self.fare, self.us = track, into, line_moves, fare, us
        self.members = frozenset(q for q in range(us.bit_length()) if us >> q & 1)

    def __call__(self, u: int) -> tuple:
        return self.row(u)

    def row(self, u: int) -> tuple:
        """The steps from node ``u``."""
        into, lines, fare, members = self.into, self.line_moves, self.fare, self.members
        return tuple((v, into[v] if step >= 0 else lines[-1 - step], fare if members.isdisjoint(owners) else 0)
                     for v, step, owners in self.track.get(u, ()))

    def walk(self, route: list, rows=None) -> tuple:
        """``(movement, fares, free steps)`` along ``route`` (a list of nodes): each step read
        from the row of its first node, the first step there to the next node (a step that is
        not on the track adds nothing); a free step pays no fare. ``rows``: the rows to read by
        node (the ones kept by a caller; default: :meth:`row`). The kernel walks the track's
        lists itself.

        >>> track = {0: ((1, 0, (1,)),), 1: ((0, 0, (1,)), (2, -1, (0,))), 2: ((1, -1, (0,)),)}
        >>> # player 0 (us=1) pays for player 1's piece, not for his own line
        >>> TrackFares(track=track, into=[1, 1, 2], line_moves=[3], fare=2, us=1).walk([0, 1, 2])
        (4, 2, 1)
        >>> TrackFares(track=track, into=[1, 1, 2], line_moves=[3], fare=2, us=0).walk([0, 1, 2])
        (4, 4, 0)
        """
        if KERNEL is not None and rows is None:
            try:
                return KERNEL.route_sums((self.track, self.into, self.line_moves, self.fare, self.us), route)
            except TypeError:
                pass            # not ints the kernel holds: Python's loop answers
        read = rows.__getitem__ if rows is not None else self.row
        travel = fares = free = 0
        for a, b in zip(route, route[1:], strict=False):
            for v, move, fare in read(a):
                if v == b:
                    travel += move
                    fares += fare
                    free += fare == 0
                    break
        return travel, fares, free

    def lower(self, least: dict, seeds, free) -> None:
        """Bring ``least`` (the least fares known from the nodes of ``free`` to others, by
        node; none at first) up to date, in place: the nodes of ``free`` (a set) cost nothing,
        and from every seed (a node whose steps or fare may have changed since) the fares are
        lowered in order of fare (Dijkstra's search from the fares known) wherever a step
        leads to a smaller fare than the one known; movement does not count. Every other step
        was already no cheaper than the fares at its ends, so the fares found are the least.
        The kernel works it out from the track's lists, and writes ``least`` at the end.

        >>> track = {0: ((1, 0, (1,)),), 1: ((0, 0, (1,)), (2, -1, (0,))), 2: ((1, -1, (0,)),)}
        >>> rows = TrackFares(track=track, into=[1, 1, 2], line_moves=[3], fare=2, us=1)
        >>> least = {}
        >>> rows.lower(least, [2], {2})        # from player 0's line end 2: his line is free
        >>> sorted(least.items())
        [(0, 2), (1, 0), (2, 0)]
        """
        seeds = sorted(seeds)
        if KERNEL is not None:
            try:
                KERNEL.lower_fares((self.track, self.into, self.line_moves, self.fare, self.us), least, seeds, free)
                return
            except TypeError:
                pass            # not ints the kernel holds: Python's loop answers (least is as it was)
        track, members, fare = self.track, self.members, self.fare
        heap = []
        for h in seeds:
            if h in free:
                least[h] = 0
            if h in least:
                heap.append((least[h], h))
        heapq.heapify(heap)
        while heap:
            d, u = heapq.heappop(heap)
            if d > least[u]:
                continue
            for v, _, owners in track.get(u, ()):
                nd = d if not members.isdisjoint(owners) else d + fare
                old = least.get(v)
                if old is None or nd < old:
                    least[v] = nd
                    heapq.heappush(heap, (nd, v))
