"""Track on the board: who owns which piece, which hexes each network touches, and where
each network may grow next.

Two kinds, for the two ways the games share track:

* :class:`OwnedTrack` -- every piece belongs to the players who built it (Dampfross,
  Expres: parallel pieces of several owners on one edge are allowed and paid for).
  ``track[p]`` is the set of player ``p``'s edge ids, ``edge_owners`` maps an edge id to its
  owners in building order (``owners_of`` is the same as a list by edge id, for speed),
  ``hex_owners[h]`` a bitmask of the players with a piece at hex ``h`` and ``nodes[p]`` the
  hexes of ``p``'s network (with his start hex). ``frontier[p]`` is kept up to date as pieces
  are built: the open edges that touch ``p``'s network and are not his, the candidates for
  his next piece (so listing legal pieces never scans the whole network).
* :class:`SharedTrack` -- pieces belong to nobody; networks that touch merge and are then
  used by everybody connected to them (TransAmerica). Components are kept with union-find.

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map
>>> from mapkit.engine.board import EngineMap
>>> b = EngineMap.from_map(Map(Grid("pointy", "odd", 3, 1)))
>>> t = OwnedTrack(b, 2)
>>> t.add_node(0, 0); t.add_piece((0,), b.edge_between(0, 1))
>>> sorted(t.nodes[0]), t.owners(b.edge_between(0, 1)), sorted(t.frontier[0])
([0, 1], (0,), [1])
>>> s = SharedTrack(b); s.add_marker(0, 0); s.add_marker(1, 2); s.add_piece(b.edge_between(0, 1))
>>> s.connected(0, 1), s.add_piece(b.edge_between(1, 2)), s.connected(0, 1)
(False, [0, 1], True)
"""

from __future__ import annotations

__all__ = ["OwnedTrack", "SharedTrack"]


class OwnedTrack:
    """Pieces owned by players (see the module notes)."""

    __slots__ = ("board", "track", "edge_owners", "owners_of", "owner_bits", "hex_owners", "nodes", "frontier",
                 "version")

    def __init__(self, board, n_players: int, _copy: bool = False):
        self.board = board
        if _copy:
            return
        n_edges = len(board.edge_ends)
        self.track = [set() for _ in range(n_players)]
        self.edge_owners: dict = {}
        self.owners_of: list = [()] * n_edges
        self.owner_bits: list = [0] * n_edges
        self.hex_owners: list = [0] * len(board.hex_names)
        self.nodes = [set() for _ in range(n_players)]
        self.frontier = [set() for _ in range(n_players)]
        self.version = 0            # counts the pieces laid (for caches of the built track)

    def copy(self) -> "OwnedTrack":
        t = OwnedTrack(self.board, 0, _copy=True)
        t.track = [s.copy() for s in self.track]
        t.edge_owners = self.edge_owners.copy()
        t.owners_of = self.owners_of.copy()
        t.owner_bits = self.owner_bits.copy()
        t.hex_owners = self.hex_owners.copy()
        t.nodes = [s.copy() for s in self.nodes]
        t.frontier = [s.copy() for s in self.frontier]
        t.version = self.version
        return t

    def as_json(self) -> dict:
        return {"track": [sorted(s) for s in self.track], "edge_owners": sorted(self.edge_owners.items()),
                "hex_owners": list(self.hex_owners), "nodes": [sorted(s) for s in self.nodes]}

    def owners(self, eid: int) -> tuple:
        return self.owners_of[eid]

    def add_node(self, p: int, h: int) -> None:
        """Hex ``h`` joins player ``p``'s network (his start, a piece's end, a ferry's landing)."""
        nodes = self.nodes[p]
        if h in nodes:
            return
        nodes.add(h)
        front = self.frontier[p]
        owners_of = self.owners_of
        for _, eid in self.board.adj[h]:
            if p not in owners_of[eid]:
                front.add(eid)

    def add_piece(self, builders: tuple, eid: int) -> None:
        """A piece on edge ``eid`` owned by ``builders`` (one player, or two for joint track)."""
        a, c = self.board.edge_ends[eid]
        self.version += 1
        owners = self.owners_of[eid] + tuple(builders)
        self.owners_of[eid] = owners
        self.edge_owners[eid] = owners
        for q in builders:
            self.track[q].add(eid)
            bit = 1 << q
            self.owner_bits[eid] |= bit
            self.hex_owners[a] |= bit
            self.hex_owners[c] |= bit
            self.frontier[q].discard(eid)
            self.add_node(q, a)
            self.add_node(q, c)

    def built(self, eid: int) -> bool:
        return bool(self.owners_of[eid])


class SharedTrack:
    """Pieces of nobody; networks merge when they touch (see the module notes).

    ``markers[p]``: player ``p``'s start hex (None before he placed it); ``pieces``: the edge
    ids with a piece; ``parent``: union-find over hex ids (only hexes with track or a marker
    take part). :meth:`add_piece` returns the sorted seats whose networks it joined, or None.
    """

    __slots__ = ("board", "markers", "pieces", "parent", "touched")

    def __init__(self, board, _copy: bool = False):
        self.board = board
        if _copy:
            return
        self.markers: dict = {}
        self.pieces: set = set()
        self.parent: dict = {}
        self.touched: set = set()

    def copy(self) -> "SharedTrack":
        s = SharedTrack(self.board, _copy=True)
        s.markers = dict(self.markers)
        s.pieces = set(self.pieces)
        s.parent = dict(self.parent)
        s.touched = set(self.touched)
        return s

    def as_json(self) -> dict:
        return {"markers": sorted(self.markers.items()), "pieces": sorted(self.pieces)}

    def find(self, h: int) -> int:
        parent = self.parent
        root = h
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(h, h) != root:   # path compression
            parent[h], h = root, parent[h]
        return root

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if rb < ra:
                ra, rb = rb, ra
            self.parent[rb] = ra

    def add_marker(self, p: int, h: int) -> None:
        self.markers[p] = h
        self.touched.add(h)
        self.parent.setdefault(h, h)

    def add_piece(self, eid: int):
        """Lay a piece; the seats whose networks were separate and are now one, or None."""
        a, c = self.board.edge_ends[eid]
        before = self.find(a) != self.find(c) if (a in self.touched and c in self.touched) else False
        groups = None
        if before:
            ra, rc = self.find(a), self.find(c)
            seats_a = [p for p, h in self.markers.items() if self.find(h) == ra]
            seats_c = [p for p, h in self.markers.items() if self.find(h) == rc]
            if seats_a and seats_c:
                groups = sorted(seats_a + seats_c)
        self.pieces.add(eid)
        for h in (a, c):
            self.touched.add(h)
            self.parent.setdefault(h, h)
        self._union(a, c)
        return groups

    def component(self, h: int) -> int:
        return self.find(h)

    def connected(self, p: int, q: int) -> bool:
        """Whether the networks of seats ``p`` and ``q`` are one."""
        hp, hq = self.markers.get(p), self.markers.get(q)
        return hp is not None and hq is not None and self.find(hp) == self.find(hq)

    def network_hexes(self, p: int) -> set:
        """The hexes of seat ``p``'s network (his marker and every hex joined to it)."""
        h = self.markers.get(p)
        if h is None:
            return set()
        root = self.find(h)
        return {x for x in self.touched if self.find(x) == root}
