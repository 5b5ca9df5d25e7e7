"""One race of the Dampfross family: its drawing, declarations, run and result, as plain data.

A :class:`Race` lives on the state while it is drawn, declared, run and followed by building;
the steps of :mod:`~mapkit.engine.games.dampfross.steps` change it. :class:`RaceStatus` is the
read-only copy that bots and front ends get (``state.race_status()``).

A declared route is kept as *stops*: the hexes a train passes, with the movement points of
the step into each (uphill 2) and what it arrives over (an edge id, or ``-1 - k`` for the
landing of ferry ``k``). A ferry crossing adds one-point stops at sea (board, sail, land:
Germany-Denmark 1 + 3 + 1 = five stops), whose hex is ``SEA`` (-1).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Race", "RaceStatus", "SEA"]

SEA = -1   # the hex of a stop at sea, on a ferry


class RaceStatus(NamedTuple):
    """Where the race being played stands, for bots and front ends (a copy: changing it
    changes nothing). Cities are indices into ``board.cities``; hexes are board hex ids."""

    no: int
    stage: str                  # draw_start, draw_target, draw_special, declare, run, ...
    start_city: int | None
    start_hex: int | None
    target_city: int | None     # None for a special race (its target is a group of hexes)
    target_hexes: frozenset
    decl_order: tuple           # players in the order they declare
    decl_idx: int               # whose turn it is to declare (index into decl_order)
    offers: dict                # player offered a joint train -> the player who offered it
    finished: bool
    special: bool = False
    target_name: str | None = None


class Race:
    """One race (see the module notes). Every field is plain data."""

    __slots__ = ("no", "roller", "stage", "special", "start", "start_city", "start_hex", "target",
                 "target_city", "target_name", "target_hexes", "rejected", "decl", "decl_order", "decl_idx",
                 "offers", "trains", "members", "excluded", "fares", "run_order", "run_idx", "pos",
                 "arrivals", "places", "tb_groups", "tb_group", "tb_rolls", "tb_idx", "prizes", "income",
                 "run_round", "finished")

    def __init__(self, no: int, roller: int, special: bool = False):
        self.no = no
        self.roller = roller
        self.stage = "draw_start"
        self.special = special
        self.start = self.start_city = self.start_hex = None
        self.target = self.target_city = self.target_name = None
        self.target_hexes: frozenset = frozenset()
        self.rejected: list = []
        # player -> {"route": [hex...], "stops": [...], "costs": [...], "via": [...],
        #            "tracks": [owner per step], "partner": seat or None} | {"joined": seat}
        self.decl: dict = {}
        self.decl_order: list = []
        self.decl_idx = 0
        self.offers: dict = {}
        self.trains: list = []
        self.members: dict = {}
        self.excluded: list = []
        self.fares: list = []
        self.run_order: list = []
        self.run_idx = 0
        self.pos: dict = {}          # train -> index of its stop
        self.arrivals: list = []
        self.places: list = []
        self.tb_groups: list = []
        self.tb_group: list = []
        self.tb_rolls: dict = {}
        self.tb_idx = 0
        self.prizes: dict = {}
        self.income: dict = {}
        self.run_round = 0
        self.finished = False

    def copy(self) -> Race:
        r = Race.__new__(Race)
        for k in Race.__slots__:
            v = getattr(self, k)
            if isinstance(v, (list, dict)):
                v = v.copy()
            setattr(r, k, v)
        r.decl = {p: dict(d) for p, d in self.decl.items()}
        r.tb_groups = [list(g) for g in self.tb_groups]
        return r

    def as_json(self) -> dict:
        out = {}
        for k in Race.__slots__:
            v = getattr(self, k)
            out[k] = sorted(v) if isinstance(v, (set, frozenset)) else v
        return out

    def status(self) -> RaceStatus:
        return RaceStatus(self.no, self.stage, self.start_city, self.start_hex, self.target_city,
                          frozenset(self.target_hexes), tuple(self.decl_order), self.decl_idx, dict(self.offers),
                          bool(self.finished), self.special, self.target_name)

    def last_stop(self, p: int) -> int:
        """Index of train ``p``'s last stop (its arrival)."""
        return len(self.decl[p]["stops"]) - 1

    def arrived(self, p: int) -> bool:
        return self.pos[p] == len(self.decl[p]["stops"]) - 1
