"""Railroad Tycoon's track (rules.md 6, the seed's "Stavba trati"), worked by hand on the strip
board of :mod:`.scenario`: costs, links and unfinished links, redirects, double tiles."""

from __future__ import annotations

import pytest

from mapkit.engine import IllegalAction

from .scenario import act, game, money, to_round, to_turn

NY_PITT = ["New York", "B1", "C1", "Pittsburgh"]


def names(g, lid):
    return [g.board.hex_names[h] for h in g.links[lid]["path"]]


def test_a_link_across_a_river_into_mountains():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    # B1: 2000; C1: 2000 + 2000 (mountain) + 1000 (the river B1/C1 crossed)
    assert g.money[0] == 10000 - 2000 - 5000
    assert g.links[0] == {"owner": 0, "path": [g.board.hex_id(h) for h in ("A1", "B1", "C1", "D1")], "done": True}
    assert sorted(g.board.hex_names[h] for h in g.tiles) == ["B1", "C1"]


def test_a_ridge_costs_4000_more():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": ["Pittsburgh", "E1", "F1", "Chicago"]})
    assert g.money[0] == 10000 - 2000 - (2000 + 4000)


def test_no_tile_on_a_city_and_no_loop_and_not_unaffordable():
    g = game()
    money(g, 0, 5000)
    with pytest.raises(IllegalAction, match="build.money"):
        g.apply({"type": "build", "path": NY_PITT})
    with pytest.raises(IllegalAction, match="build.city"):
        g.apply({"type": "build", "path": ["Boston", "B3", "C3", "Scranton", "D2"]})
    with pytest.raises(IllegalAction, match="build.path"):
        g.apply({"type": "build", "path": ["New York", "C1"]})
    with pytest.raises(IllegalAction, match="build.start"):
        g.apply({"type": "build", "path": ["B1", "C1"]})


def test_at_most_four_tiles_unless_engineering():
    g = game()
    money(g, 0, 20000)
    with pytest.raises(IllegalAction, match="build.tiles"):
        g.apply({"type": "build", "path": ["New York", "A2", "B2", "C2", "D2", "E2", "F2"]})
    act(g, 0, {"type": "build", "path": ["New York", "A2", "B2", "C2", "D2", "E2"]})
    assert not g.links[0]["done"] and names(g, 0)[-1] == "E2"


def test_redirect_then_finish_an_unfinished_link():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": ["New York", "B1", "C1"]})     # B1 points at C1
    assert g.money[0] == 8000 and not g.links[0]["done"]
    act(g, 0, {"type": "build", "path": ["New York", "B1", "B2"]})     # B1 redirected: a new tile
    assert names(g, 0) == ["A1", "B1", "B2"] and g.money[0] == 6000
    act(g, 0, {"type": "build", "path": ["B1", "B2", "C2", "Pittsburgh"]})
    assert names(g, 0) == ["A1", "B1", "B2", "C2", "D1"] and g.links[0]["done"]
    assert g.money[0] == 2000


def test_a_one_tile_link_lists_its_redirections_once():
    # B1 touches New York (A1), C1, A2 and B2. With Ann's tile on B1 pointing at C1, a path
    # New York - B1 - X lays that tile again (it is no new link: B1's side to New York is
    # taken), so the listing names it once for each of C1, A2 and B2 (A2 and B2 were listed
    # twice: as a new link and again as a redirection).
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": ["New York", "B1", "C1"]})
    to_turn(g, 0)
    out_of_ny = [a["path"] for a in g.legal_actions() if a["type"] == "build" and a["path"][:2] == ["A1", "B1"]]
    assert out_of_ny == [["A1", "B1", "C1"], ["A1", "B1", "A2"], ["A1", "B1", "B2"]]


def test_only_ones_own_last_tile_is_redirected():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": ["New York", "B1", "C1"]})
    to_turn(g, 1)
    g.apply({"type": "issue", "count": 2})
    with pytest.raises(IllegalAction):          # Bob's path from New York meets Ann's tile on B1
        g.apply({"type": "build", "path": ["New York", "B1", "B2"]})


def test_double_tile_keeps_the_old_track():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": NY_PITT})
    money(g, 1, 10000)
    with pytest.raises(IllegalAction, match="build.occupied"):     # C1's side to B1 is taken
        g.apply({"type": "build", "path": ["Scranton", "C2", "C1", "B1"]})
    act(g, 1, {"type": "build", "path": ["Scranton", "C2", "C1", "B2"]})
    # C2 2000; C1 as a double tile 2000 (no mountain surcharge: the hex is built)
    assert g.money[1] == 6000
    assert sorted(g.tiles[g.board.hex_id("C1")]) == [0, 1]
    track = [t for t in g.view(0)["board"]["track"] if t["hex"] == "C1"]
    assert sorted(tuple(t["joins"]) for t in track) == [("B1", "D1"), ("C2", "B2")]
    to_turn(g, 0)
    with pytest.raises(IllegalAction, match="build.occupied"):     # a third track on C1
        g.apply({"type": "build", "path": ["Pittsburgh", "C1", "B2"]})


def test_no_joining_an_opponents_unfinished_link():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": ["New York", "B1", "C1"]})     # open end: B1 -> C1
    money(g, 1, 10000)
    with pytest.raises(IllegalAction, match="build.opponent"):
        g.apply({"type": "build", "path": ["Pittsburgh", "C1", "B1"]})
    act(g, 1, {"type": "build", "path": ["Pittsburgh", "C1", "B2"]})   # C1 without the side to B1


def test_joining_ones_own_unfinished_link_from_the_other_city():
    g = game()
    money(g, 0, 15000)
    act(g, 0, {"type": "build", "path": ["New York", "B1", "C1"]})
    act(g, 0, {"type": "build", "path": ["Pittsburgh", "C1", "B1"]})
    assert len(g.links) == 1
    (lid, link), = g.links.items()
    assert link["done"] and names(g, lid) == ["A1", "B1", "C1", "D1"]


def test_unfinished_links_are_removed_at_the_end_of_the_round():
    g = game()
    money(g, 0, 10000)
    act(g, 0, {"type": "build", "path": ["New York", "B1", "C1"]})
    act(g, 0, {"type": "build", "path": ["Pittsburgh", "E1", "F1", "Chicago"]})
    assert len(g.links) == 2
    to_round(g, 2)
    assert g.step == "auction" and [x["done"] for x in g.links.values()] == [True] and not g.tiles.get(1)


def test_neighbouring_cities_and_the_listed_builds_are_legal():
    g = game()
    money(g, 0, 10000)
    listed = [a for a in g.legal_actions() if a["type"] == "build"]
    assert listed and all(g.is_legal(a) for a in listed)
    assert {"type": "build", "player": 0, "path": ["A1", "B1", "C1"]} in listed


def test_the_listed_builds_are_every_legal_build_of_one_tile():
    """A second count of the listed builds: every path of two or three neighbouring hexes is
    tried as a build action, as a person would name it; the legal ones are exactly those
    listed (out of a city, on from and redirecting Ann's unfinished link, but not on from
    Bob's), with Ann's and Bob's unfinished links on the board."""
    g = game()
    money(g, 0, 15000)
    act(g, 0, {"type": "build", "path": ["New York", "B1", "C1"]})     # Ann's open end: B1 -> C1
    money(g, 1, 15000)
    act(g, 1, {"type": "build", "path": ["Scranton", "C2", "B2"]})     # Bob's open end: C2 -> B2
    to_turn(g, 0)
    listed = listed_once(g)
    assert listed == one_tile_builds(g, 0)
    assert {("B1", "C1", "D1"), ("A1", "B1", "A2")} <= listed                 # on from and redirecting
    assert ("A1", "A2", "A3") in listed and ("C2", "B2", "B3") not in listed   # out of a city; not Bob's


def test_the_listed_builds_of_a_longer_link_are_every_legal_build_of_one_tile():
    # Ann's link New York - A2 - B2 points at C2: B2's tile may be laid again toward any side
    # but A2's, C2 included (the way it points: legal, paid as a new tile; it was not listed).
    g = game()
    money(g, 0, 15000)
    act(g, 0, {"type": "build", "path": ["New York", "A2", "B2", "C2"]})
    to_turn(g, 0)
    listed = listed_once(g)
    assert listed == one_tile_builds(g, 0)
    assert ("A2", "B2", "C2") in listed


def listed_once(g) -> set:
    """The listed builds' paths, each listed once."""
    builds = [tuple(a["path"]) for a in g.legal_actions() if a["type"] == "build"]
    assert len(builds) == len(set(builds))
    return set(builds)


def one_tile_builds(g, p: int) -> set:
    """Every path of two or three neighbouring hexes tried as a build action of seat ``p``, as
    a person would name it: the legal ones."""
    b = g.board
    paths = [[x, y] for x in range(len(b.hex_names)) for y, _ in b.adj[x]]
    paths += [[x, y, z] for x, y in paths for z, _ in b.adj[y] if z != x]
    named = [[b.hex_names[h] for h in path] for path in paths]
    return {tuple(q) for q in named if g.is_legal({"type": "build", "player": p, "path": q})}
