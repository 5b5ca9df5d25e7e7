"""Searches over *built* track (and bought ferries) for bots and for human players' suggestions.

Every search here is one of :mod:`mapkit.search` on the compiled board, deterministic (ties
broken by hex id), reading the state's public data and never changing it:

* :func:`track_routes` -- routes from a race's start to its target, trading movement points
  against fares;
* :func:`route_info` -- the movement points, fares and own pieces of one route;
* :func:`network_fares` -- fares from a network to every hex over built track.

What they find is kept beside the track (:mod:`.kept`): the answers until the track changes,
the rows they read (hex by hex) for as long as the pieces laid leave them as they are. The rows
of a hex where none of the racing players has a piece are the same for every such player (each
step pays the fare): they are made once, in a table shared by all players.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> g = new_game(Map(Grid("pointy", "odd", 4, 1), cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("D1"), (12,))]),
...              "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> for a in ({"type": "start", "city": "Aš"}, {"type": "roll", "dice": [1, 2]},
...           {"type": "build", "path": ["A1", "B1", "C1", "D1"]}):
...     g.apply(a)
>>> [[g.board.hex_names[h] for h in r] for r in track_routes(g, 1, g.board.hex_id("A1"), [g.board.hex_id("D1")])]
[['A1', 'B1', 'C1', 'D1']]
>>> route_info(g, 1, [0, 1, 2, 3]), route_info(g, 0, [0, 1, 2, 3])     # Bert pays a fare per piece
((3, 3, 0), (3, 0, 3))
>>> sorted(network_fares(g, 0).items())
[(0, 0), (1, 0), (2, 0), (3, 0)]
"""

from __future__ import annotations

from collections.abc import Callable

from .....search import COMPILED, dijkstra
from .....tolled import TrackFares, team_bits
from .kept import RowTable, kept
from .plan import network_hexes, tables

__all__ = ["track_routes", "route_info", "network_fares"]

INF = float("inf")


class _StepRows(RowTable):
    """``rows[h]``: ``((hex, movement, fare), ...)`` over built track and bought ferries from
    hex ``h``, in the order of the track graph (:meth:`TrackFares.row` of :func:`_fares`);
    pieces of ``p`` and of his ``team`` (a joint train's partner) pay no fare (``p`` None:
    every piece pays). A hex where none of them has a piece and no ferry line lands takes its
    row from ``shared``, the table of ``p`` None."""

    __slots__ = ("fares", "bits", "hex_owners", "ports", "shared")

    def __init__(self, state, p: int | None, team: tuple, shared: _StepRows | None = None):
        super().__init__()
        self.fares = _fares(state, p, team)
        self.bits = self.fares.us
        self.hex_owners = state.net.hex_owners
        self.ports = frozenset(h for f in state.board.ferries for h in (f.port, f.to))
        self.shared = shared

    def __missing__(self, h):
        if self.shared is not None and not self.hex_owners[h] & self.bits and h not in self.ports:
            row = self[h] = self.shared[h]
            return row
        row = self[h] = self.fares.row(h)
        return row


def _fares(state, p: int | None, team: tuple = ()) -> TrackFares:
    """The rows of routes over the state's track today for ``p`` and ``team`` (None: nobody's
    piece is free): movement and fares (:class:`~mapkit.tolled.TrackFares`), kept until the
    track changes."""
    results = kept(state).results
    key = ("track fares", p, tuple(team))
    fares = results.get(key)
    if fares is None:
        t = tables(state)
        fares = results[key] = TrackFares(track=state.track_rows(), into=t.into, line_moves=t.line_moves,
                                          fare=state.options.fare, us=0 if p is None else team_bits({p, *team}))
    return fares


def _track_steps(state, p: int | None, team: tuple = ()) -> _StepRows:
    """:class:`_StepRows` of ``p`` and ``team`` (``p`` None: the table every piece pays in), up
    to date with the track."""
    k = kept(state)
    state.track_rows()          # the track graph brought up to date
    shared = k.rows(("steps", None), lambda: _StepRows(state, None, ()))
    if p is None:
        return shared
    return k.rows(("steps", p, tuple(team)), lambda: _StepRows(state, p, team, shared))


def route_info(state, p: int, route: list, team: tuple = ()) -> tuple:
    """``(travel points, fares, own pieces)`` of a route (hex ids) for player ``p``.

    The owner of each step is the engine's default: ``p`` where he has a piece, else the
    first builder; a fare is due for every step on another player's piece (or ferry). Kept
    until the track changes (the rivals' routes are asked for again at each declaration).
    """
    results = kept(state).results
    key = ("info", p, tuple(team), tuple(route))
    info = results.get(key)
    if info is None:
        # the kernel walks the track's lists; the Python loop reads the rows kept beside it
        info = results[key] = _fares(state, p, team).walk(route, None if COMPILED else _track_steps(state, p, team))
    return info


def track_routes(state, p: int, start: int, targets, weights=(0.0, 1.0, 3.0, 100.0), team: tuple = ()) -> list:
    """Routes (hex id lists) over built track from ``start`` to any hex of ``targets``.

    One search per weight ``w``: a step costs its movement points plus ``w`` per fare, so
    ``w = 0`` is the fastest route and a large ``w`` the cheapest in fares. Distinct routes
    only, in the order of ``weights``. A* toward the targets: a step moves at least one
    point, so the grid distance bounds what is left. Kept beside the state until the track
    changes (bots ask again for the same rivals' routes).

    Work that would find nothing new is left out, the answer staying the same:

    * with ``w = 0`` a step costs its movement alone, whoever races: one search gives every
      player's fastest route;
    * a route that pays ``p`` no fare is the answer of every larger weight too, so those are
      not searched: along it the costs are those of the smaller weight and elsewhere no lower,
      its hexes are settled in the same order with the same estimates, and each keeps the
      same predecessor (the first settled of those that reach it as cheaply, all free).
    """
    targets = frozenset(targets)
    results = kept(state).results
    asked = ("routes", p, tuple(team), start, targets, tuple(weights))
    answer = results.get(asked)
    if answer is None:
        answer = results[asked] = _track_routes(state, p, start, targets, weights, team)
    return [list(route) for route in answer]


def _track_routes(state, p: int, start: int, targets: frozenset, weights, team: tuple) -> list:
    results = kept(state).results
    to_go = state.board.distance_table(targets).__getitem__
    out: list = []
    free_from = None            # the smallest weight whose route paid no fare so far
    for w in weights:
        if free_from is not None and w >= free_from:
            continue            # the same route again
        key = ("route", start, targets) if w == 0 else ("route", p, tuple(team), start, targets, w)
        route = results.get(key, False)
        if route is False:
            # w > 0: a step costs its movement plus w per fare (the rows' label); w = 0: its
            # movement, whoever races. The kernel makes the rows itself; the Python loop
            # reads those kept beside the track.
            rows: Callable
            if COMPILED:
                rows = _fares(state, None if w == 0 else p, team)
            else:
                rows = _track_steps(state, None if w == 0 else p, team).__getitem__
            found = dijkstra([start], rows, targets=targets, heuristic=to_go, label_weight=w or None,
                             settled_only=True)
            route = results[key] = None if found.found is None else found.path(found.found)
        if route is None:
            return out
        if (free_from is None or w < free_from) and not route_info(state, p, route, team)[1]:
            free_from = w
        if route not in out:
            out.append(route)
    return out


def network_fares(state, p: int) -> dict:
    """Fares from player ``p``'s network to every hex reachable over built track.

    Own pieces are free, every other piece (or ferry) costs the fare. Hexes not in the answer
    cannot be reached over built track from the network at all. Kept until the track changes
    (callers must not change it).

    From one track to the next the fares are brought up to date rather than found again
    (:meth:`~mapkit.tolled.TrackFares.lower`): laying pieces and growing a network only make
    fares smaller, so the search starts from the ends of the pieces laid since and the new
    hexes of the network, with the fares known, and goes on only where it finds a fare smaller
    than the one known.
    """
    k = kept(state)
    network = frozenset(network_hexes(state, p))
    key = ("fares", p)
    known = k.grown.get(key)
    if known is not None and known[0] == k.version and known[1] == network:
        return known[2]
    if known is None or not known[1] <= network:
        fares: dict = {}
        seeds = network
    else:
        fares = dict(known[2])
        seeds = (network - known[1]) | k.changed(known[0], 0)
    _fares(state, p).lower(fares, seeds, network)
    k.grown[key] = (k.version, network, fares)
    return fares
