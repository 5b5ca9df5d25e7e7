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
>>> from mapkit.engine.compiled import EngineMap
>>> b = EngineMap.from_map(Map(Grid("pointy", "odd", 3, 1)))
>>> t = OwnedTrack(b, 2)
>>> t.add_node(0, 0); t.add_piece((0,), b.edge_between(0, 1))
>>> sorted(t.nodes[0]), t.owners(b.edge_between(0, 1)), sorted(t.frontier[0])
([0, 1], (0,), [1])
>>> s = SharedTrack(b); s.add_marker(0, 0); s.add_marker(1, 2); s.add_piece(b.edge_between(0, 1))
>>> s.connected(0, 1), s.add_piece(b.edge_between(1, 2)), s.connected(0, 1)
(False, [0, 1], True)
>>> sorted(s.network_hexes(1)), s.degree[1]
([0, 1, 2], 2)
>>> s = SharedTrack(b); s.add_marker(0, 0); s.add_marker(1, 2); s.add_piece(b.edge_between(0, 1))
>>> s.add_piece(b.edge_between(1, 2), ends=(1 + 3, 2))   # seat 1 passes hex 1 on a node of its own
>>> s.connected(0, 1), sorted(s.network_hexes(1))
(False, [1, 2])
"""

from __future__ import annotations

__all__ = ["OwnedTrack", "SharedTrack"]


class OwnedTrack:
    """Pieces owned by players (see the module notes)."""

    # __weakref__: caches of searches over the track are kept beside it (a bot's routes)
    __slots__ = ("board", "track", "edge_owners", "owners_of", "owner_bits", "hex_owners", "nodes", "frontier",
                 "laid", "__weakref__")

    def __init__(self, board, n_players: int, _copy: bool = False):
        self.board = board
        if _copy:
            return
        n_edges = len(board.edge_ends)
        self.track: list[set[int]] = [set() for _ in range(n_players)]
        self.edge_owners: dict = {}
        self.owners_of: list = [()] * n_edges
        self.owner_bits: list = [0] * n_edges
        self.hex_owners: list = [0] * len(board.hex_names)
        self.nodes: list[set[int]] = [set() for _ in range(n_players)]
        self.frontier: list[set[int]] = [set() for _ in range(n_players)]
        self.laid: list[int] = []   # the edge of every piece, in the order laid (for caches of the track)

    def copy(self) -> OwnedTrack:
        t = OwnedTrack(self.board, 0, _copy=True)
        t.track = [s.copy() for s in self.track]
        t.edge_owners = self.edge_owners.copy()
        t.owners_of = self.owners_of.copy()
        t.owner_bits = self.owner_bits.copy()
        t.hex_owners = self.hex_owners.copy()
        t.nodes = [s.copy() for s in self.nodes]
        t.frontier = [s.copy() for s in self.frontier]
        t.laid = self.laid.copy()
        return t

    def as_json(self) -> dict:
        return {"track": [sorted(s) for s in self.track], "edge_owners": sorted(self.edge_owners.items()),
                "hex_owners": list(self.hex_owners), "nodes": [sorted(s) for s in self.nodes]}

    @property
    def version(self) -> int:
        """How many pieces were laid: it changes whenever the built track does."""
        return len(self.laid)

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
        self.laid.append(eid)
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

    ``markers[p]``: player ``p``'s start node (absent before he placed it); ``pieces``: edge id
    -> the two nodes it joins; ``parent``: union-find over nodes (only nodes with track or a
    marker take part); ``members[root]``: the hexes of each network, kept as pieces are laid;
    ``degree[h]``: how many pieces end at hex ``h``. A node is a hex id, or -- where a network
    passes through a hex without joining another network there (TransAmerica's restricted
    connection: a city entered and left by one alliance's track apart from another's) -- a
    *private* node ``h + k * hexes`` (``k`` >= 1) of that hex: :meth:`hex_of` maps it back.
    :meth:`add_piece` returns the sorted seats whose networks it joined, or None.
    """

    __slots__ = ("board", "n", "markers", "pieces", "parent", "members", "degree")

    def __init__(self, board, _copy: bool = False):
        self.board = board
        self.n = len(board.hex_names)
        if _copy:
            return
        self.markers: dict = {}
        self.pieces: dict = {}
        self.parent: dict = {}
        self.members: dict = {}
        self.degree: dict = {}

    def copy(self) -> SharedTrack:
        s = SharedTrack(self.board, _copy=True)
        s.markers = dict(self.markers)
        s.pieces = dict(self.pieces)
        s.parent = dict(self.parent)
        s.members = {r: set(m) for r, m in self.members.items()}
        s.degree = dict(self.degree)
        return s

    def as_json(self) -> dict:
        return {"markers": sorted(self.markers.items()), "pieces": sorted(self.pieces.items())}

    @property
    def touched(self):
        """The nodes with track or a marker."""
        return self.parent.keys()

    def hex_of(self, node: int) -> int:
        return node % self.n

    def find(self, h: int) -> int:
        parent = self.parent
        root = h
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(h, h) != root:   # path compression
            parent[h], h = root, parent[h]
        return root

    def _touch(self, node: int) -> None:
        if node not in self.parent:
            self.parent[node] = node
            self.members[node] = {node % self.n}

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        ma, mb = self.members[ra], self.members[rb]
        if (len(ma), -ra) < (len(mb), -rb):     # the larger network's root stays
            ra, rb, ma, mb = rb, ra, mb, ma
        self.parent[rb] = ra
        ma |= mb
        del self.members[rb]

    def add_marker(self, p: int, h: int, node: int | None = None) -> list | None:
        """Player ``p``'s start marker on hex ``h`` (at ``node``, default the hex itself); the
        sorted seats joined when it is placed on another network, else None."""
        node = h if node is None else node
        self._touch(node)
        root = self.find(node)
        others = [q for q, x in self.markers.items() if q != p and self.find(x) == root]
        self.markers[p] = node
        return sorted(others + [p]) if others else None

    def add_piece(self, eid: int, ends: tuple | None = None):
        """Lay a piece on edge ``eid`` joining ``ends`` (default: its two hexes, as nodes); the
        seats whose networks were separate and are now one, or None."""
        a, c = self.board.edge_ends[eid]
        na, nc = (a, c) if ends is None else ends
        groups = None
        if na in self.parent and nc in self.parent:
            ra, rc = self.find(na), self.find(nc)
            if ra != rc:
                seats_a = [p for p, h in self.markers.items() if self.find(h) == ra]
                seats_c = [p for p, h in self.markers.items() if self.find(h) == rc]
                if seats_a and seats_c:
                    groups = sorted(seats_a + seats_c)
        self.pieces[eid] = (na, nc)
        for node in (na, nc):
            self._touch(node)
        for h in (a, c):
            self.degree[h] = self.degree.get(h, 0) + 1
        self._union(na, nc)
        return groups

    def component(self, h: int) -> int:
        return self.find(h)

    def connected(self, p: int, q: int) -> bool:
        """Whether the networks of seats ``p`` and ``q`` are one."""
        hp, hq = self.markers.get(p), self.markers.get(q)
        return hp is not None and hq is not None and self.find(hp) == self.find(hq)

    def seats_with(self, p: int) -> list:
        """The seats whose network is ``p``'s (``p`` among them), sorted."""
        h = self.markers.get(p)
        if h is None:
            return []
        root = self.find(h)
        return sorted(q for q, x in self.markers.items() if self.find(x) == root)

    def network_hexes(self, p: int) -> set:
        """The hexes of seat ``p``'s network (his marker and every hex joined to it); the set
        is the track's own: read it, do not change it."""
        h = self.markers.get(p)
        if h is None:
            return set()
        return self.members[self.find(h)]
