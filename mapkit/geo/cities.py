"""Cities on a designed board: where they stand and which race numbers they carry.

Placement (:func:`place`): cities go, largest first, each on the free allowed hex nearest to its
projected position (hexes compared by the distance from their centre to that position).

Race numbers: :func:`allot_counts` decides how many of the 36 codes each city carries when there
are fewer than 36 cities (the largest cities get a second and a third one, by the D'Hondt
quotient population / (codes + 1)); :func:`six_groups` splits the cities into six groups of
exactly six codes each that are geographically compact (least sum of squared distances to the
group's centre: sweep and seeded starts, then an exchange search); :func:`deal_numbers` orders the
groups in reading order (tens digit 1..6) and gives each group's cities consecutive units,
largest city first.

>>> allot_counts([1000, 500, 300, 100], total=8)   # quotients 500, 333, 250, 167 win
[3, 3, 1, 1]
>>> pts = [(x + 0.1 * u, y) for x, y in [(0, 0), (10, 0), (20, 0), (0, 10), (10, 10), (20, 10)]
...        for u in range(6)]
>>> g = six_groups(pts, [1] * 36)
>>> all(len({g[6 * k + u] for u in range(6)}) == 1 for k in range(6))   # the six clumps
True
"""

from __future__ import annotations

import functools
import itertools
import math

from ..errors import InputError

__all__ = ["place", "place_spaced", "allot_counts", "six_groups", "uncram", "unspread", "deal_numbers", "group_cost"]


def place(requests, grid, allowed, taken=()):
    """Hex of every request, in the given order: the free allowed hex nearest its position.

    ``requests``: ``(key, (x_mm, y_mm), allowed_set_or_None)``; ``allowed``: default set of hexes
    a city may stand on. Returns ``{key: Hex}``; a request with no free allowed hex raises
    :class:`InputError`.

    >>> from mapkit.grid import Grid, Hex
    >>> g = Grid("pointy", "odd", 4, 3)
    >>> spots = place([("A", g.centre_mm((1, 1)), None), ("B", g.centre_mm((1, 1)), None)], g, set(g.hexes()))
    >>> spots["A"], g.distance(spots["B"], spots["A"])
    (Hex(col=1, row=1), 1)
    """
    import numpy as np

    hexes = list(grid.hexes())
    centres = np.array([grid.centre_mm(h) for h in hexes])
    used = set(taken)
    out = {}
    for key, (x, y), own in requests:
        ok = allowed if own is None else own
        d = (centres[:, 0] - x) ** 2 + (centres[:, 1] - y) ** 2
        for i in np.argsort(d, kind="stable"):
            h = hexes[int(i)]
            if h in ok and h not in used:
                out[key] = h
                used.add(h)
                break
        else:
            raise InputError(f"no free hex for city {key}")
    return out


def place_spaced(requests, grid, allowed, *, spacing: int = 2, max_off: float = 1.0, wanted=None, taken=()):
    """Cities in the given order (largest first), each on the free allowed hex nearest its
    position that stands at least ``spacing`` steps from every city placed before it; a city
    whose nearest such hex lies more than ``max_off`` hex widths from its position is left out
    (it is too close to a bigger one), and so is one whose position lies less than
    ``spacing - 1`` hex widths (half a hex at least) from a bigger city's: at the board's scale
    one place, which moving it aside would split in two. Stops after ``wanted`` cities (None: all).

    ``requests``: ``(key, (x_mm, y_mm), allowed_set_or_None)``. Returns ``({key: Hex}, [key
    left out])``. With ``spacing`` 2 no two cities touch.

    >>> from mapkit.grid import Grid
    >>> g = Grid("pointy", "odd", 8, 3)
    >>> near = (g.centre_mm((2, 1))[0] + 0.4 * g.hex_mm, g.centre_mm((2, 1))[1])
    >>> reqs = [("A", g.centre_mm((2, 1)), None), ("B", g.centre_mm((3, 1)), None), ("C", near, None),
    ...         ("D", g.centre_mm((6, 1)), None)]
    >>> placed, out = place_spaced(reqs, g, set(g.hexes()))
    >>> {k: (h.col, h.row) for k, h in placed.items()}, out      # B steps aside, C is left out
    ({'A': (2, 1), 'B': (4, 2), 'D': (6, 1)}, ['C'])
    """
    import numpy as np

    hexes = list(grid.hexes())
    centres = np.array([grid.centre_mm(h) for h in hexes])
    used = list(taken)
    out: dict = {}
    left_out = []
    where: list = []
    apart = max(0.5, spacing - 1) * grid.hex_mm
    for key, (x, y), own in requests:
        if wanted is not None and len(out) >= wanted:
            break
        if any(math.dist((x, y), p) < apart - 1e-9 for p in where):
            left_out.append(key)
            continue
        ok = allowed if own is None else own
        d = (centres[:, 0] - x) ** 2 + (centres[:, 1] - y) ** 2
        limit = (max_off * grid.hex_mm) ** 2
        for i in np.argsort(d, kind="stable"):
            if d[int(i)] > limit + 1e-9:
                left_out.append(key)
                break
            h = hexes[int(i)]
            if h in ok and all(grid.distance(h, t) >= spacing for t in used):
                out[key] = h
                used.append(h)
                where.append((x, y))
                break
        else:
            left_out.append(key)
    return out, left_out


def allot_counts(populations, total: int = 36, cap: int = 3) -> list[int]:
    """How many race numbers each city carries (same order as ``populations``)."""
    n = len(populations)
    if n > total:
        raise InputError(f"{n} numbered cities but only {total} race numbers")
    if n * cap < total:
        raise InputError(f"{n} cities cannot carry {total} race numbers (at most {cap} each); "
                         f"give at least {math.ceil(total / cap)} cities")
    counts = [1] * n
    for _ in range(total - n):
        best = max((i for i in range(n) if counts[i] < cap),
                   key=lambda i: (populations[i] / (counts[i] + 1), -i))
        counts[best] += 1
    return counts


def group_cost(points, weights, members) -> float:
    """Sum of weight x squared distance to the weighted centre of one group."""
    w = sum(weights[i] for i in members)
    if not w:
        return 0.0
    cx = sum(points[i][0] * weights[i] for i in members) / w
    cy = sum(points[i][1] * weights[i] for i in members) / w
    return sum(weights[i] * ((points[i][0] - cx) ** 2 + (points[i][1] - cy) ** 2) for i in members)


def _sweep_start(points, weights, order, groups, size):
    """Fill groups in ``order``, deferring a city that does not fit; None if it fails."""
    out: list[list[int]] = [[] for _ in range(groups)]
    fill = [0] * groups
    pending = list(order)
    for g in range(groups):
        rest = []
        for i in pending:
            if fill[g] + weights[i] <= size and fill[g] < size:
                out[g].append(i)
                fill[g] += weights[i]
            else:
                rest.append(i)
        pending = rest
        if fill[g] != size:
            return None
    return out if not pending else None


def _exchange(points, weights, groups, max_rounds: int = 200):
    """Improve by swapping sets of equal weight (up to three cities a side) between groups.

    A group's cost is S2 - |S1|^2 / W with S1 = sum w p, S2 = sum w |p|^2 and W = sum w; a swap
    of equal weights keeps W, so each candidate is priced from the sets' sums. A group's sets
    and their sums are reckoned once while the group stays as it is, the swaps of two groups are
    priced together, a weight at a time, as arrays (:func:`_best_swap`), and two groups found
    with no swap that pays are not priced again until one of them changes.
    """
    import numpy as np

    terms = np.array([(w * p[0], w * p[1], w * (p[0] ** 2 + p[1] ** 2))
                      for p, w in zip(points, weights, strict=True)], dtype=float)
    weight = np.array(weights, dtype=int)
    known: dict[tuple, _GroupSets] = {}

    def sets_of(g) -> _GroupSets:
        key = tuple(g)
        if key not in known:
            known[key] = _GroupSets.of(g, terms, weight)
        return known[key]

    settled: set[tuple] = set()     # pairs of groups, as they are, with no swap that pays
    for _ in range(max_rounds):
        improved = False
        for a, b in itertools.combinations(range(len(groups)), 2):
            pair = (tuple(groups[a]), tuple(groups[b]))
            best = None if pair in settled else _best_swap(sets_of(groups[a]), sets_of(groups[b]))
            if best is None:
                settled.add(pair)
            else:
                ca, cb = best
                ga, gb = groups[a], groups[b]
                groups[a] = sorted([i for i in ga if i not in ca] + list(cb))
                groups[b] = sorted([j for j in gb if j not in cb] + list(ca))
                improved = True
        if not improved:
            break
    return groups, sum(group_cost(points, weights, g) for g in groups)


class _GroupSets:
    """A group's sums ``(sx, sy, s2, w)`` and its sets of 1-3 cities by weight: for each
    weight, the sets' places in the order of :func:`itertools.combinations` by size, and their
    sums ``(sx, sy, s2)`` as an array (added city by city in that order, as a loop would)."""

    def __init__(self, group, total, by_weight):
        self.group = group
        self.total = total
        self.by_weight = by_weight

    def members(self, place: int) -> tuple:
        """The cities of the set at ``place``."""
        return tuple(self.group[i] for i in _subsets(len(self.group))[place])

    @classmethod
    def of(cls, g, terms, weights) -> _GroupSets:
        """``terms``: every city's ``(w x, w y, w |p|^2)`` (an array); ``weights``: its weight
        (an array of integers)."""
        import numpy as np

        members = np.array(g)
        row_parts, w_parts = [], []
        for k in (1, 2, 3):
            at = _positions(len(g), k)
            if not len(at):
                continue
            picked = members[at]
            row, w = terms[picked[:, 0]], weights[picked[:, 0]]
            for j in range(1, k):
                row, w = row + terms[picked[:, j]], w + weights[picked[:, j]]
            row_parts.append(row)
            w_parts.append(w)
        rows, ws = np.concatenate(row_parts), np.concatenate(w_parts)
        total = (sum(float(terms[i][0]) for i in g), sum(float(terms[i][1]) for i in g),
                 sum(float(terms[i][2]) for i in g), int(weights[list(g)].sum()))
        by_weight = {}
        for w in dict.fromkeys(ws.tolist()):
            places = np.nonzero(ws == w)[0]
            by_weight[w] = (places, rows[places])
        return cls(tuple(g), total, by_weight)


@functools.cache
def _subsets(m: int) -> tuple:
    """The sets of 1-3 of ``m`` places, in the order of :func:`itertools.combinations` by size."""
    return tuple(c for k in (1, 2, 3) for c in itertools.combinations(range(m), k))


@functools.cache
def _positions(m: int, k: int):
    import numpy as np

    return np.array(list(itertools.combinations(range(m), k)), dtype=int).reshape(-1, k)


def _cost(sx, sy, s2, w):
    return s2 - (sx * sx + sy * sy) / w


def _best_swap(ga: _GroupSets, gb: _GroupSets):
    """The sets ``(of a, of b)`` of equal weight whose swap lowers the two groups' cost most
    (by more than a rounding's worth), or None. Ties go to the first set of ``a`` in its order,
    then the first of ``b``: the choice of a loop over the pairs, so the groups come out the same
    on any machine."""
    import numpy as np

    ta0, ta1, ta2, taw = ga.total
    tb0, tb1, tb2, tbw = gb.total
    base = _cost(ta0, ta1, ta2, taw) + _cost(tb0, tb1, tb2, tbw)
    floor = 1e-9 * (1.0 + abs(base))
    found = []          # (gain, place of a's set, place of b's set)
    for w, (places_a, sa) in ga.by_weight.items():
        if w not in gb.by_weight:
            continue
        places_b, sb = gb.by_weight[w]
        ax, ay, a2 = sa[:, 0:1], sa[:, 1:2], sa[:, 2:3]
        bx, by, b2 = sb[:, 0], sb[:, 1], sb[:, 2]
        gain = (base - _cost(ta0 - ax + bx, ta1 - ay + by, ta2 - a2 + b2, taw)
                - _cost(tb0 - bx + ax, tb1 - by + ay, tb2 - b2 + a2, tbw))
        top = gain.max()
        if top > floor:
            for i, j in zip(*np.nonzero(gain == top), strict=True):
                found.append((float(top), int(places_a[i]), int(places_b[j])))
    if not found:
        return None
    top = max(f[0] for f in found)
    _, a, b = min(f for f in found if f[0] == top)
    return ga.members(a), gb.members(b)


def six_groups(points, weights, groups: int = 6, size: int = 6, starts: int = 12) -> list[int]:
    """Group index (0..groups-1) of every city; every group's weights add up to ``size``."""
    n = len(points)
    if sum(weights) != groups * size:
        raise InputError(f"the cities carry {sum(weights)} race numbers, not {groups * size}")
    if any(w > size for w in weights):
        raise InputError(f"a city cannot carry more than {size} numbers")
    cx = sum(p[0] for p in points) / n
    cy = sum(p[1] for p in points) / n
    by_angle = sorted(range(n), key=lambda i: (math.atan2(points[i][1] - cy, points[i][0] - cx), i))
    best = None
    step = max(1, n // starts)
    for s in range(0, n, step):
        order = by_angle[s:] + by_angle[:s]
        start = _sweep_start(points, weights, order, groups, size)
        if start is None:
            continue
        grouped, cost = _exchange(points, weights, [sorted(g) for g in start])
        if best is None or cost < best[0] - 1e-9:
            best = (cost, grouped)
    # More starts: farthest-first seeds from every city, each city then going (hardest
    # first) to the nearest seed with room left.
    for first in range(n):
        start = _seeded_start(points, weights, first, groups, size)
        if start is None:
            continue
        grouped, cost = _exchange(points, weights, start)
        if best is None or cost < best[0] - 1e-9:
            best = (cost, grouped)
    if best is None:
        start = _pack_any(weights, groups, size)
        if start is None:
            raise InputError("the cities' race numbers cannot be split into six groups of six")
        best = (0.0, _exchange(points, weights, start)[0])
    out = [0] * n
    for g, members in enumerate(best[1]):
        for i in members:
            out[i] = g
    return out


def _span(points, members) -> float:
    return max((math.dist(points[i], points[j]) for i, j in itertools.combinations(members, 2)), default=0.0)


def uncram(points, weights, groups: list[int], min_span: float, rounds: int = 12) -> list[int]:
    """Groups (as :func:`six_groups` gives them) where no group of two cities or more lies
    within less than ``min_span`` of itself: a crammed group swaps one city for one of equal
    weight from another group, the swap that costs the least compactness (sum of squared
    distances) among those that leave neither group crammed; a group no swap can mend stays.
    A row whose cities all lie within 5 steps holds no race (Paluba: under 6 built pieces).

    >>> pts = [(0, 0), (1, 0), (2, 0), (10, 0), (11, 0), (12, 0)]
    >>> uncram(pts, [1] * 6, [0, 0, 0, 1, 1, 1], min_span=3)   # spans of 2: the inner pair crosses
    [0, 0, 1, 0, 1, 1]
    """
    def cost(old_g, new_g, old_h, new_h):
        if _span(points, new_g) < min_span or (len(new_h) > 1 and _span(points, new_h) < min_span):
            return None
        return (group_cost(points, weights, new_g) + group_cost(points, weights, new_h)
                - group_cost(points, weights, old_g) - group_cost(points, weights, old_h))

    out = list(groups)
    for _ in range(rounds):
        members = {g: [i for i in range(len(points)) if out[i] == g] for g in set(out)}
        crammed = [g for g, ms in sorted(members.items()) if len(ms) > 1 and _span(points, ms) < min_span]
        if not crammed:
            break
        if not _take_best_swap(out, members, crammed[0], weights, cost):
            break
    return out


def _swaps(out: list[int], members: dict, g: int, weights):
    """Every swap of a city ``i`` of group ``g`` with a city ``j`` of equal weight in another
    group: ``(i, j, g's new members, j's group's new members)``."""
    for i in members[g]:
        for j, h in enumerate(out):
            if h == g or weights[j] != weights[i]:
                continue
            yield i, j, [k for k in members[g] if k != i] + [j], [k for k in members[h] if k != j] + [i]


def _take_best_swap(out: list[int], members: dict, g: int, weights, cost) -> bool:
    """Make in ``out`` the swap of :func:`_swaps` of group ``g`` with the least ``cost(g's
    members, g's new members, the other group's members, its new members)`` (None: not
    allowed), ties to the first city of ``g``, then of the other group; False when no swap is
    allowed."""
    best = None
    for i, j, new_g, new_h in _swaps(out, members, g, weights):
        c = cost(members[g], new_g, members[out[j]], new_h)
        if c is not None and (best is None or (c, i, j) < best):
            best = (c, i, j)
    if best is None:
        return False
    _, i, j = best
    out[i], out[j] = out[j], out[i]
    return True


def _mean_apart(points, members) -> float:
    pairs = list(itertools.combinations(members, 2))
    return sum(math.dist(points[i], points[j]) for i, j in pairs) / len(pairs) if pairs else 0.0


def unspread(points, weights, groups: list[int], max_ratio: float, min_span: float = 0.0,
             rounds: int = 12) -> list[int]:
    """Groups where no group's cities lie ``max_ratio`` or more times as far apart on average
    as two of all the cities (``mapkit validate``'s W211 at 0.8): the most spread group swaps
    one city for one of equal weight from another group, the swap that leaves the larger of the
    two groups' ratios least, among those that bring the spread group's down and leave the
    other one under ``max_ratio`` and neither crammed (``min_span``, as :func:`uncram`); a group
    no swap can mend stays. A region with few towns (Ireland's north-west) makes a row of six
    numbers reach across the board.

    >>> pts = [(0, 0), (1, 0), (2, 0), (3, 0), (20, 0), (21, 0), (22, 0), (23, 0)]
    >>> unspread(pts, [1] * 8, [0, 1, 0, 0, 1, 1, 0, 1], max_ratio=0.8)   # each row crosses the gap
    [0, 0, 0, 0, 1, 1, 1, 1]
    """
    out = list(groups)
    every = _mean_apart(points, range(len(points)))
    if not every:
        return out

    def ratio(members):
        return _mean_apart(points, members) / every

    def cost(old_g, new_g, _old_h, new_h):
        if ratio(new_g) >= ratio(old_g) or (len(new_h) > 1 and ratio(new_h) >= max_ratio):
            return None
        if _span(points, new_g) < min_span or (len(new_h) > 1 and _span(points, new_h) < min_span):
            return None
        return max(ratio(new_g), ratio(new_h) if len(new_h) > 1 else 0.0)

    for _ in range(rounds):
        members = {g: [i for i in range(len(points)) if out[i] == g] for g in set(out)}
        spread = sorted((-ratio(ms), g) for g, ms in members.items() if len(ms) > 1 and ratio(ms) >= max_ratio)
        if not spread:
            break
        if not _take_best_swap(out, members, spread[0][1], weights, cost):
            break
    return out


def _seeded_start(points, weights, first, groups, size):
    def d2(i, j):
        return (points[i][0] - points[j][0]) ** 2 + (points[i][1] - points[j][1]) ** 2

    seeds = [first]
    while len(seeds) < groups:
        seeds.append(max(range(len(points)), key=lambda i: (min(d2(i, s) for s in seeds), -i)))
    fill = [0] * groups
    out: list[list[int]] = [[] for _ in range(groups)]

    def regret(i):
        ds = sorted(d2(i, s) for s in seeds)
        return (-(ds[1] - ds[0]) if len(ds) > 1 else 0.0, -weights[i], i)

    for i in sorted(range(len(points)), key=regret):
        for g in sorted(range(groups), key=lambda g: (d2(i, seeds[g]), g)):
            if fill[g] + weights[i] <= size:
                out[g].append(i)
                fill[g] += weights[i]
                break
        else:
            return None
    if any(f != size for f in fill):
        return None
    return [sorted(g) for g in out]


def _pack_any(weights, groups, size):
    """Any split into groups of exactly ``size`` (depth-first; heaviest cities first)."""
    order = sorted(range(len(weights)), key=lambda i: -weights[i])
    fill = [0] * groups
    out: list[list[int]] = [[] for _ in range(groups)]

    def go(k):
        if k == len(order):
            return all(f == size for f in fill)
        i = order[k]
        tried = set()
        for g in range(groups):
            if fill[g] + weights[i] <= size and fill[g] not in tried:
                tried.add(fill[g])
                fill[g] += weights[i]
                out[g].append(i)
                if go(k + 1):
                    return True
                fill[g] -= weights[i]
                out[g].pop()
        return False

    return out if go(0) else None


def deal_numbers(points, counts, groups, populations, landscape: bool = True) -> list[tuple[int, ...]]:
    """Race numbers of every city: tens digit = group in reading order, units consecutive.

    Groups are ordered in reading order of their centres: two rows of three on a landscape
    board, three rows of two on a portrait one; inside a group the largest city comes first.

    >>> pts = [(0, 0), (10, 0), (20, 0), (0, 10), (10, 10), (20, 10)]
    >>> deal_numbers(pts, [6] * 6, [5, 4, 3, 2, 1, 0], [1] * 6)
    [(11, 12, 13, 14, 15, 16), (21, 22, 23, 24, 25, 26), (31, 32, 33, 34, 35, 36),
     (41, 42, 43, 44, 45, 46), (51, 52, 53, 54, 55, 56), (61, 62, 63, 64, 65, 66)]
    """
    k = max(groups) + 1
    centres = []
    for g in range(k):
        members = [i for i in range(len(points)) if groups[i] == g]
        w = sum(counts[i] for i in members)
        centres.append((sum(points[i][0] * counts[i] for i in members) / w,
                        sum(points[i][1] * counts[i] for i in members) / w, g))
    per_row = 3 if landscape else 2
    by_y = sorted(centres, key=lambda c: (c[1], c[0], c[2]))
    ordered = []
    for r in range(0, k, per_row):
        ordered += sorted(by_y[r:r + per_row], key=lambda c: (c[0], c[1], c[2]))
    out: list[tuple[int, ...]] = [()] * len(points)
    for tens, (_, _, g) in enumerate(ordered, start=1):
        members = sorted((i for i in range(len(points)) if groups[i] == g),
                         key=lambda i: (-populations[i], points[i][1], points[i][0], i))
        unit = 1
        for i in members:
            out[i] = tuple(10 * tens + unit + j for j in range(counts[i]))
            unit += counts[i]
    return out
