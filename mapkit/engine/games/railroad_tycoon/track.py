"""Track in Railroad Tycoon: tiles on hexes, each joining two sides of its hex, in *links*.

A link is the sequence of hexes ``[city, t1, ..., tk, end]``: a tile lies on every ``ti``
and joins the sides toward its two neighbours in the sequence; ``end`` is the city the link
runs into (a finished link) or the hex beyond the side where the last tile stops (an
unfinished link, "ending at a hex edge"). Two neighbouring cities are joined by the link
``[a, b]`` without a tile (decided: it costs and counts as one tile). A hex holds one tile,
or two as a double tile whose two tracks use four different sides, so links never branch
or cross inside a hex and join only in cities.

A build action names a path ``[start, t1, ..., tk, end]`` (hexes or city names): tiles on
``t1..tk``, the last pointing at ``end``. ``start`` is

* a city: a new link (or unfinished link);
* the last tile's hex of one's own unfinished link whose end is ``t1``: continuing it;
* the hex before the last tile of one's own unfinished link with ``t1`` its last tile's hex:
  redirecting that tile (it is laid again and paid as a new tile).

The new part may end in the last tile of one's own unfinished link that points back at it
(the two become one link): at most one unfinished link is joined in an action. Refusals:
``build.path``, ``build.start``, ``build.city``, ``build.occupied`` (a hex full, or a side
taken: a double tile keeps the old track on its own two sides), ``build.loop``,
``build.tiles``, ``build.opponent`` (touching an opponent's unfinished link),
``build.one-unfinished``, ``build.free``, ``build.money``.

Costs (the seed): a tile 2000; +1000 for the river it crosses entering its hex, +2000 on a
mountain hex, +4000 for a ridge crossed; the side into the city at a link's end is paid by
the last tile. A tile on a hex that has a tile (the double-tile upgrade) costs 2000 without
the mountain surcharge (the hex is built already; crossings are still paid). A redirected
tile is paid as a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....i18n import N_
from ....i18n.said import said
from ...errors import IllegalAction

__all__ = ["BuildPlan", "check_build", "apply_build", "build_options", "crossing", "remove_unfinished",
           "owned_links", "RULES"]

RULES = "docs/rules.md, Railroad Tycoon"


@dataclass
class BuildPlan:
    """A checked build: the link's new ``path`` (``link`` None: a new link), ``tiles`` laid
    (hex ids), ``joined`` (an own unfinished link merged into it), ``cost``, whether the
    free-build card and engineering are used."""

    player: int
    link: int | None
    path: list
    tiles: list
    joined: int | None
    cost: int
    free: bool
    engineering: bool
    names: list


def crossing(s, a: int, b: int) -> int:
    """The surcharge of track crossing the side between hexes ``a`` and ``b``: river, ridge."""
    return s.surcharge[s.board.edge_id[(a, b) if a < b else (b, a)]]


def _parse(s, action) -> list:
    raw = action.get("path")
    if not isinstance(raw, list) or len(raw) < 2:
        raise IllegalAction("build.path", "'path' must list at least two hexes or cities")
    out = []
    for x in raw:
        out.append(s.hex_of(x))
    b = s.board
    for a, c in zip(out, out[1:], strict=False):
        if (min(a, c), max(a, c)) not in b.edge_id:
            raise IllegalAction("build.path", f"{b.hex_names[a]} and {b.hex_names[c]} are not neighbours a "
                                              f"track may join ({RULES})")
    if len(set(out)) != len(out):
        raise IllegalAction("build.loop", f"a link visits no hex twice ({RULES})")
    return out


def _mode(s, p, path):
    """``(kind, link id)``: continue, redirect or new."""
    for lid, link in sorted(s.links.items()):
        if link["owner"] != p or link["done"]:
            continue
        lp = link["path"]
        if lp[-2] == path[0] and lp[-1] == path[1]:
            return "continue", lid
        if len(lp) >= 3 and lp[-3] == path[0] and lp[-2] == path[1]:
            return "redirect", lid
    if s.is_city(path[0]):
        return "new", None
    raise IllegalAction("build.start", f"a link starts in a city, or goes on from the end of one's own unfinished "
                                       f"link ({RULES})")


def _tile_ok(s, p, h, sides, skip):
    """Check a new tile on ``h`` joining ``sides``; ``skip``: a (link id) whose tile here is
    being replaced. Returns whether the hex already holds a tile (a double tile)."""
    b = s.board
    if s.is_city(h):
        raise IllegalAction("build.city", f"no tile on the city hex {b.hex_names[h]} ({RULES})")
    old = [lid for lid in s.tiles.get(h, ()) if lid != skip]
    if len(old) >= 2:
        raise IllegalAction("build.occupied", f"{b.hex_names[h]} holds a double tile already ({RULES})")
    for lid in old:
        lp = s.links[lid]["path"]
        i = lp.index(h)
        if {lp[i - 1], lp[i + 1]} & sides:
            raise IllegalAction("build.occupied", f"{b.hex_names[h]}: a double tile keeps the old track on its own "
                                                  f"sides ({RULES})")
    return bool(old)


def _open_end(s, h, n, skip) -> int | None:
    """The unfinished link whose last tile, on ``n``, points at ``h`` (other than ``skip``)."""
    for lid in s.tiles.get(n, ()):
        link = s.links[lid]
        if lid != skip and not link["done"] and link["path"][-1] == h and link["path"][-2] == n:
            return lid
    return None


def check_build(s, p: int, action: dict) -> BuildPlan:
    """Check a build action of player ``p`` (see the module notes); the plan to carry out."""
    return _check_path(s, p, _parse(s, action), bool(action.get("free")))


def _check_path(s, p: int, path: list, free: bool) -> BuildPlan:
    """:func:`check_build` of a path of hex ids already read (distinct neighbours)."""
    kind, lid = _mode(s, p, path)
    old = s.links[lid]["path"] if lid is not None else []
    full = old[:-1] + path[1:] if kind == "continue" else old[:-2] + path[1:] if kind == "redirect" else list(path)
    if len(set(full)) != len(full):
        raise IllegalAction("build.loop", f"a link visits no hex twice ({RULES})")
    tiles = path[1:-1]
    joined, cost = _check_tiles(s, p, path, kind, lid, free)
    if not tiles and not (kind == "new" and s.is_city(path[1])):
        raise IllegalAction("build.path", f"no tile laid ({RULES})")
    count = max(1, len(tiles))
    eng = "engineering" in s.held[p] and p not in s.engineered
    if count > s.rules.max_tiles(eng):
        raise IllegalAction("build.tiles", f"at most {s.rules.max_tiles(eng)} tiles in one action ({RULES})")
    if joined is not None:
        jp = s.links[joined]["path"]
        full = jp[:-1] + full[::-1][1:]
        if len(set(full)) != len(full):
            raise IllegalAction("build.loop", f"a link joins two different cities ({RULES})")
    elif s.is_city(full[-1]) and full[-1] == full[0]:
        raise IllegalAction("build.loop", f"a link joins two different cities ({RULES})")
    if free:
        cost = 0
    if cost > s.money[p]:
        raise IllegalAction("build.money", f"the track costs {cost}; {s.players[p]} has {s.money[p]} (issue shares "
                                           f"first, {RULES})")
    names = [s.board.hex_names[h] for h in path]
    return BuildPlan(p, lid, full, tiles, joined, cost, free, count > s.rules.TILES, names)


def _check_tiles(s, p, path, kind, lid, free):
    """Check every new tile; ``(joined link, cost)``."""
    r = s.rules
    last = len(path) - 2
    joined = None
    cost = 0
    if kind == "new" and len(path) == 2:
        return None, r.TILE + crossing(s, path[0], path[1])
    for i in range(1, last + 1):
        h = path[i]
        sides = {path[i - 1], path[i + 1]}
        if free and h not in s.rt.free_build:
            raise IllegalAction("build.free", f"the free build lays tiles on the green hexes only, not on "
                                              f"{s.board.hex_names[h]} ({RULES})")
        skip = lid if kind == "redirect" and i == 1 else None
        double = _tile_ok(s, p, h, sides, skip)
        for n in sides:
            m = _open_end(s, h, n, lid)
            if m is None:
                continue
            if s.links[m]["owner"] != p:
                raise IllegalAction("build.opponent", f"track may not join {s.players[s.links[m]['owner']]}'s "
                                                      f"unfinished link ({RULES})")
            if i != last or n != path[-1] or kind != "new":
                raise IllegalAction("build.one-unfinished", f"an action builds one link and joins at most one "
                                                            f"unfinished link, at its end ({RULES})")
            joined = m
        cost += (r.DOUBLE if double else r.TILE + (r.MOUNTAIN if s.board.mountain[h] else 0))
        cost += crossing(s, path[i - 1], h)
        if i == last and s.is_city(path[-1]):
            cost += crossing(s, h, path[-1])
    return joined, cost


def apply_build(s, plan: BuildPlan) -> int:
    """Carry out a checked build; the link's id."""
    p = plan.player
    if plan.cost:
        s.ledger.pay(p, -1, plan.cost, said(N_("track")))
    if plan.link is not None:
        _drop(s, plan.link)
    if plan.joined is not None:
        _drop(s, plan.joined)
    lid = plan.link if plan.link is not None else plan.joined if plan.joined is not None else s.next_link
    if lid == s.next_link:
        s.next_link += 1
    path = plan.path
    done = s.is_city(path[-1]) and len(path) >= 2
    s.links[lid] = {"owner": p, "path": path, "done": done}
    for h in path[1:-1]:
        s.tiles.setdefault(h, []).append(lid)
    if plan.free:
        s.held[p] = [c for c in s.held[p] if c != "free-build"]
        s.discarded.append("free-build")
    if plan.engineering:
        s.engineered = s.engineered | {p}
    return lid


def _drop(s, lid: int) -> None:
    link = s.links.pop(lid)
    for h in link["path"][1:-1]:
        rest = [x for x in s.tiles.get(h, ()) if x != lid]
        if rest:
            s.tiles[h] = rest
        else:
            s.tiles.pop(h, None)


def remove_unfinished(s) -> list:
    """Take every unfinished link off the board (the end of a round); their ids."""
    gone = [lid for lid, link in sorted(s.links.items()) if not link["done"]]
    for lid in gone:
        _drop(s, lid)
    return gone


def owned_links(s, p: int) -> list:
    """The finished links of ``p`` as ``(id, city a, city b)`` (city indices)."""
    ca = s.board.city_at
    return [(lid, ca[link["path"][0]], ca[link["path"][-1]]) for lid, link in sorted(s.links.items())
            if link["owner"] == p and link["done"]]


def build_options(s, p: int) -> list:
    """One-tile builds ``p`` may make now (what the listed legal actions offer), each once: a
    tile out of each city, on from and redirecting one's unfinished links (by link id), and
    links between neighbouring cities. Longer builds are legal too (a bot or a person names
    the whole path). A path out of a city whose first tile is the only tile of one's own
    unfinished link redirects that tile (:func:`_mode` reads it so), so it is listed with the
    redirections, not again among the new links. A redirection may lay the tile again the way
    it points (legal, and paid as a new tile), so that is listed too. The paths are made of
    distinct neighbours here, so they are checked as ids, without being named and read back."""
    b = s.board
    mine = [link["path"] for _, link in sorted(s.links.items()) if link["owner"] == p and not link["done"]]
    redirected = {(lp[-3], lp[-2]) for lp in mine}
    paths = []
    for c in sorted(b.city_at):
        for t, _ in b.adj[c]:
            if s.is_city(t):
                if c < t:
                    paths.append([c, t])
                continue
            if (c, t) not in redirected:
                paths += [[c, t, e] for e, _ in b.adj[t] if e != c]
    for lp in mine:
        x = lp[-1]
        paths += [[lp[-2], x, e] for e, _ in b.adj[x] if e != lp[-2]]
        paths += [[lp[-3], lp[-2], e] for e, _ in b.adj[lp[-2]] if e != lp[-3]]
    out = []
    names = b.hex_names
    for path in paths:
        try:
            _check_path(s, p, path, False)
        except IllegalAction:
            continue
        out.append({"type": "build", "player": p, "path": [names[h] for h in path]})
    return out
