"""What the bots' searches keep beside a track from one decision to the next.

The built track changes only when pieces are laid (or a ferry line is bought); a bot decides
many times between two such changes (the four declarations of a race) and, between two of its
own turns, sees only a few pieces laid. So the searches of :mod:`.plan` and :mod:`.routes`
keep their work in a :class:`Kept` beside the track object (not in the state: a clone copies
the track and starts with nothing kept, while a bot's observation shares the game's track
until it changes it, copy-on-write, :meth:`~mapkit.engine.state.State.observation`):

* ``results`` -- answers that hold for one version of the track (the number of pieces laid
  and the ferry lines' owners), emptied when it changes;
* row tables (:meth:`Kept.rows`) -- the rows the searches read, hex by hex, made when first
  read; when pieces were laid since a table was last read it drops the rows those pieces
  changed (the rows at the pieces' ends, or at their ends and beside them: a fee depends on
  who owns the far hex), all pieces at once, when it is next read; a ferry line bought
  empties them;
* ``grown`` -- per-player data that only grows with the network (:meth:`Kept.grown`), brought
  up to date by its owner with the pieces laid since.
"""

from __future__ import annotations

import weakref

__all__ = ["Kept", "kept", "RowTable"]

_KEPT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class RowTable(dict):
    """A table of rows by hex id, made by ``__missing__`` in subclasses; ``seen``: the number
    of pieces laid when it was last brought up to date, ``reach``: 0 when a piece changes the
    rows at its ends only, 1 when also the rows of their neighbours."""

    __slots__ = ("seen",)
    reach = 0


class Kept:
    """The searches' work kept beside one track (see the module notes)."""

    __slots__ = ("board", "laid", "version", "ferries", "results", "tables", "grown", "_changed")

    def __init__(self, board, laid: list, ferries: list):
        self.board = board
        self.laid = laid                # the track's list of laid edges (grows in place)
        self.version = len(laid)
        self.ferries = ferries          # a copy of the ferry lines' owners
        self.results: dict = {}
        self.tables: dict = {}
        self.grown: dict = {}
        self._changed: dict = {}

    def moved_to(self, version: int, ferries: list) -> None:
        """The track is now at ``version`` with these ferry owners: forget the answers."""
        self.results.clear()
        self._changed.clear()
        if ferries != self.ferries:
            self.tables.clear()         # a ferry line's rows: made again
            self.grown.clear()
            self.ferries = ferries
        self.version = version

    def rows(self, key, make):
        """The row table ``key`` (``make()`` the first time), without the rows that pieces
        laid since it was last read changed."""
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = make()
            table.seen = self.version
        elif table.seen != self.version:
            for h in self.changed(table.seen, table.reach):
                table.pop(h, None)
            table.seen = self.version
        return table

    def changed(self, since: int, reach: int) -> frozenset:
        """The hexes at the ends of the pieces laid after the first ``since`` (``reach`` 1:
        and their neighbours)."""
        key = (since, reach)
        hexes = self._changed.get(key)
        if hexes is None:
            ends = self.board.edge_ends
            out = set()
            for e in self.laid[since:self.version]:
                out.update(ends[e])
            if reach:
                around = _around(self.board)
                for h in list(out):
                    out.update(around[h])
            hexes = self._changed[key] = frozenset(out)
        return hexes


_AROUND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _around(board) -> list:
    """By hex id: the hex's neighbours (made once per board)."""
    around = _AROUND.get(board)
    if around is None:
        around = _AROUND[board] = [tuple(nb for nb, _ in row) for row in board.adj]
    return around


# the track asked for last and its Kept (a decision asks for the same one many times)
_last: list = [None, None]


def kept(state) -> Kept:
    """The :class:`Kept` of the state's track, at the track's version."""
    net = state.net
    last = _last[0]
    if last is not None and last() is net:
        k = _last[1]
    else:
        k = _KEPT.get(net)
        if k is None:
            k = _KEPT[net] = Kept(state.board, net.laid, list(state.ferry_owners))
        _last[0], _last[1] = weakref.ref(net), k
    if k.version != len(net.laid) or k.ferries != state.ferry_owners:
        k.moved_to(len(net.laid), list(state.ferry_owners))
    return k
