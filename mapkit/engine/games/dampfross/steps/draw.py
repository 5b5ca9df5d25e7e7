"""Drawing a race (docs/rules.md: Paluba, Options, Expres): its start, its target, and the checks that make a
drawn race one that may be run.

A race's start and target are race numbers thrown with two dice (red tens, white units) and
moved along the used-number table (:class:`~mapkit.engine.games.dampfross.numbers.NumberTable`).
A city without track is drawn again (that city alone); a target too near is drawn again
(Paluba: under 6 pieces of built track; Expres: under 10 in the distance table) and its
number is not marked. Expres draws only the target after the first race: the start is the
previous target. A special race (every N-th, from the map's table,
:mod:`~mapkit.engine.games.dampfross.special`) draws its start as usual and its target from
the table; target hexes too near the start are left out, and an entry with no hex left that
has track is rolled again. When no entry of the table can be raced from the start, the race
is an ordinary one. Steps: ``draw_start``, ``draw_target``, ``draw_special``.
"""

from __future__ import annotations

from .....i18n import N_
from .....i18n.said import said
from .....search import INF, bfs, dial
from ....chance import Dice
from ....steps import Step
from .. import special
from ..race import Race
from ..racetables import race_tables
from . import after, declare

__all__ = ["DrawStartStep", "DrawTargetStep", "DrawSpecialStep", "begin_race", "track_distances"]


class _DrawStep(Step):
    phase = "race"

    def chance(self, s):
        return Dice("roll", s.current.roller, 2)


class DrawStartStep(_DrawStep):
    name = "draw_start"
    label = N_("drawing the race's start")

    def on_chance(self, s, action):
        d = action["dice"]
        _drew_start(s, 10 * d[0] + d[1])


class DrawTargetStep(_DrawStep):
    name = "draw_target"
    label = N_("drawing the race's target")

    def on_chance(self, s, action):
        d = action["dice"]
        _drew_target(s, 10 * d[0] + d[1])


class DrawSpecialStep(_DrawStep):
    """The target of a special race, rolled as the map's table says."""

    name = "draw_special"
    label = N_("drawing a special race's target")

    def chance(self, s):
        return Dice("roll", s.current.roller, special.dice_of(_layout(s)))

    def on_chance(self, s, action):
        _drew_special(s, action["dice"])


def _layout(s) -> str:
    return race_tables(s.board).special_races.get("dice") or "one-die"


def begin_race(s) -> None:
    """A new race: roller, number; its start from the previous target (E) or drawn."""
    s.race_no += 1
    s.snapshots.append(list(s.money.accounts))
    every = s.tables.special_every
    r = Race(s.race_no, s.race_roller, special=bool(every) and s.race_no % every == 0)
    s.current = r
    b = s.board
    if s.rules.start_from_previous_target() and s.prev_target is not None:
        start = s.prev_target
        c = b.number_city[start]
        if c in s.reached and _has_target(s, b.cities[c].hex, c, s.table, r.special):
            _set_race_start(s, start)
            return
        r.rejected.append({"start": start, "why": "no race possible from the previous target"})
    if not _any_pair(s, r.special):
        if s.options.number_table != "free":
            s.table.reset()
        if not _any_pair(s, r.special):
            after.game_over(s, said(N_("no race can be drawn")))
            return
    s.go("draw_start")


# -- which races may be run --------------------------------------------------------------
def track_distances(s, src: int, within: int | None = None) -> dict:
    """Pieces of built track (anyone's, ferry lines as one piece) from hex ``src`` to every
    hex it reaches (``within``: to those at most this far); :data:`~mapkit.search.INF` for a
    hex no track leads to (or farther)."""
    return _Distances(bfs(s.track_neighbours(), [src], within))


class _Distances(dict):
    """Distances by hex id; :data:`~mapkit.search.INF` for a hex no track leads to."""

    def __missing__(self, key):
        return INF


def _refusal(s, start_city: int, dist, target_num: int) -> str | None:
    """Why ``target_num`` cannot be the target from ``start_city`` (None: it can)."""
    b = s.board
    tc = b.number_city[target_num]
    if tc not in s.reached:
        return "not connected by any track"
    if tc == start_city:
        return "the start city itself"
    if s.rules.forbidden_by_table():
        d = race_tables(b).steps_between(start_city, tc)
        lim = s.rules.min_table_distance(b)
        if d is None:
            return "the cities cannot reach each other (forbidden race)"
        if d < lim:
            return f"{d} in the distance table, under {lim} (forbidden race)"
        return None
    d = dist[b.cities[tc].hex] if dist is not None else INF
    if d != INF and d < s.rules.min_track():
        return f"the shortest built track is {d} pieces, under {s.rules.min_track()}"
    return None


def _dist_for(s, start_hex: int):
    """Track distances from ``start_hex`` as the checks of a draw need them (kept for every
    start asked for while the track stays as it is: a race's draws ask again for the starts
    that the check of a possible race tried, and for the drawn start)."""
    if s.rules.forbidden_by_table():
        return None
    key = (s.net.version, tuple(s.ferry_owners))
    # (the track, start hex -> distances): copies share it only while their track is the same
    # (the number of pieces laid and the ferries' owners), and then its distances are theirs
    if s._dists is None or s._dists[0] != key:
        s._dists = (key, {})
    by_start = s._dists[1]
    dist = by_start.get(start_hex)
    if dist is None:
        # a target is refused only when nearer than min_track: farther distances never matter
        dist = by_start[start_hex] = track_distances(s, start_hex, max(s.rules.min_track() - 1, 0))
    return dist


def _has_target(s, start_hex: int, start_city: int, table, special_race: bool = False) -> bool:
    dist = _dist_for(s, start_hex)
    if special_race and _special_keys(s, start_hex, dist):
        return True
    return any(_refusal(s, start_city, dist, t) is None for t in table.iter_free())


def _any_pair(s, special_race: bool = False) -> bool:
    """Whether some free start number has an allowed target (or a special target)."""
    b = s.board
    seen = set()
    for n in s.table.iter_free():
        c = b.number_city[n]
        if c in seen or c not in s.reached:
            continue
        seen.add(c)
        t2 = s.table.copy()
        t2.mark(n)
        if _has_target(s, b.cities[c].hex, c, t2, special_race):
            return True
    return False


# -- drawing -----------------------------------------------------------------------------
def _drew_start(s, rolled: int) -> None:
    r = s.current
    b = s.board
    n = s.table.resolve(rolled)
    c = b.number_city[n]
    if c not in s.reached:
        r.rejected.append({"rolled": rolled, "start": n, "why": "not connected by any track"})
        return
    t2 = s.table.copy()
    t2.mark(n)
    if not _has_target(s, b.cities[c].hex, c, t2, r.special):
        r.rejected.append({"rolled": rolled, "start": n, "why": "no allowed target from it"})
        return
    s.table.mark(n)
    _set_race_start(s, n)


def _set_race_start(s, n: int) -> None:
    r = s.current
    b = s.board
    c = b.number_city[n]
    r.start = n
    r.start_city = c
    r.start_hex = b.cities[c].hex
    if r.special and not _special_keys(s, r.start_hex, _dist_for(s, r.start_hex)):
        r.special = False
        r.rejected.append({"start": n, "why": "no special target can be raced from it: an ordinary race"})
    s.go("draw_special" if r.special else "draw_target")


def _drew_target(s, rolled: int) -> None:
    r = s.current
    b = s.board
    n = s.table.resolve(rolled)
    why = _refusal(s, r.start_city, _dist_for(s, r.start_hex), n)
    if why is not None:
        r.rejected.append({"rolled": rolled, "target": n, "why": why})
        return
    s.table.mark(n)
    c = b.number_city[n]
    r.target = n
    r.target_city = c
    r.target_name = b.cities[c].name
    r.target_hexes = frozenset((b.cities[c].hex,))
    s.say(N_("race {race}: {start} ({a}) to {target} ({b})"), race=r.no, start=b.cities[r.start_city].name,
          a=r.start, target=b.cities[c].name, b=n)
    declare.begin_declarations(s)


def _special_hexes(s, key: str, start_hex: int, dist) -> tuple[frozenset, str | None]:
    """The finishing hexes of table entry ``key`` from ``start_hex``, or why there are none."""
    b = s.board
    entry = race_tables(b).special_races["table"][key]
    hexes = special.entry_hexes(b, entry, start_hex)
    if not hexes:
        return frozenset(), "no hex of the target can be raced to from this start"
    owners = s.net.hex_owners
    landings = {f.to for f, own in zip(b.ferries, s.ferry_owners, strict=False) if own}
    tracked = [h for h in hexes if owners[h] or h in landings]
    if not tracked:
        return frozenset(), "not connected by any track (no hex of the target has track)"
    if s.rules.forbidden_by_table():
        lim = s.rules.min_table_distance(b)
        steps = dial(s.tables.unit_adjacency(b), [start_hex], max_weight=1)
        near = [h for h in tracked if steps[h] < lim]
        if near:
            tracked = [h for h in tracked if steps[h] >= lim and steps[h] != INF]
        if not tracked:
            return frozenset(), (f"every hex of the target with track is under {lim} in the distance table "
                                 "(forbidden race)")
    else:
        lim = s.rules.min_track()
        tracked = [h for h in tracked if dist[h] == INF or dist[h] >= lim]
        if not tracked:
            return frozenset(), f"the shortest built track to the target is under {lim} pieces (forbidden race)"
    return frozenset(tracked), None


def _special_keys(s, start_hex: int, dist) -> list:
    """The table entries that could be raced from ``start_hex`` now."""
    table = (race_tables(s.board).special_races or {}).get("table", {})
    return [k for k in table if _special_hexes(s, k, start_hex, dist)[0]]


def _drew_special(s, dice: list) -> None:
    r = s.current
    b = s.board
    table = race_tables(b).special_races["table"]
    rolled = dice[0] if len(dice) == 1 else 10 * dice[0] + dice[1]
    key = special.key_of(dice, table, _layout(s))
    if key is None:
        r.rejected.append({"rolled": rolled, "target": None, "why": "the map's table has no entry for this roll"})
        return
    hexes, why = _special_hexes(s, key, r.start_hex, _dist_for(s, r.start_hex))
    if why is not None:
        r.rejected.append({"rolled": rolled, "target": key, "why": why})
        return
    r.target = key
    r.target_city = None
    r.target_name = special.target_name(table[key], key)
    r.target_hexes = hexes
    s.say(N_("race {race} (special): {start} ({a}) to {target} ({b})"), race=r.no,
          start=b.cities[r.start_city].name, a=r.start, target=r.target_name, b=key)
    declare.begin_declarations(s)
