"""Railroad Tycoon in a real browser (Debian's Chromium, headless, driven by selenium): a whole
round against a greedy bot on the small test board, played by clicking -- shares issued and a
bid in the auction by its buttons, a link built hex by hex (the server's preview priced it
first), a good delivered by clicking its city and then its target, and a card taken -- with
the bot's three actions drawn in between; the person's own task card is shown, the bot's not."""

from __future__ import annotations

from pathlib import Path

import pytest

from mapkit.engine.games.railroad_tycoon.cards import CARDS, HELD_KINDS, TASKS
from mapkit.engine.games.railroad_tycoon.front.plan import cheapest_way
from tests.web.test_browser import _replayed, button, click_hex, css, game_view, shot, wait
from tests.web.webserver import Served, browser_missing, chromium

pytestmark = [pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or ""), pytest.mark.slow]

SMALL = Path(__file__).resolve().parents[1] / "data" / "railroad-tycoon-small.yaml"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("rt") / "games", [SMALL])
    yield s
    s.stop()


@pytest.fixture(scope="module")
def rt_browser():
    b = chromium()
    yield b
    b.quit()


def my_turn(d, step, what):
    return wait(d, lambda d: (v := game_view(d)) and v["step"] == step and v["legal"] and v, what=what)


def a_link_to_deliver_over(state, seat):
    """The cheapest link of one action whose own good can then go over it: ``(path, origin)``."""
    best = None
    b = state.board
    for a in range(len(b.cities)):
        for z in range(len(b.cities)):
            if a == z or state.city_colour(z) not in state.goods[a]:
                continue
            way = cheapest_way(state, seat, b.cities[z].hex)
            if way is None or way.path[0] != b.cities[a].hex or not 1 <= way.tiles <= 3:
                continue
            if best is None or way.cost < best[0]:
                best = (way.cost, [b.hex_names[h] for h in way.path], state.city_name(a))
    assert best is not None
    return best[1], best[2]


def test_a_round_against_a_bot_by_clicking(served, rt_browser):
    d = rt_browser
    mid = served.json("/api/info")["maps"][0]["id"]
    g = served.new_game(mid, [("Ann", "human"), ("Bot", "greedy")], preset="railroad-tycoon",
                        options={"opener": 0}, seed=1)
    d.get(served.url + g["seats"][0]["url"])
    v = my_turn(d, "auction", "Ann's bid")
    gid = g["id"]
    # her task card, and not the bot's
    state = _replayed(served, gid)
    mine, bots = TASKS[state.task[0]].title, TASKS[state.task[1]].title
    # (the panel is redrawn with every state: look for it until it is there)
    wait(d, lambda d: any(mine in e.text for e in css(d, "#hand .task")), what="Ann's task")
    assert "task" not in v["players"][1] and (bots == mine or bots not in css(d, "#hand")[0].text)
    # the auction: two shares, then the lowest bid; the bot (no link yet) passes
    for k in (1, 2):
        button(d, "Issue a share (+5000)").click()
        wait(d, lambda d, k=k: game_view(d)["players"][0]["shares"] == k, what="a share issued")
    button(d, "Bid 1000").click()
    v = my_turn(d, "act", "Ann's first action")
    assert v["players"][0]["money"] == 9000 and "Round 1" in css(d, "#round-box")[0].text
    shot(d, "rt-act1")

    # action 1: a link, hex by hex; the preview prices it; the last hex again builds it
    path, origin = a_link_to_deliver_over(_replayed(served, gid), 0)
    for h in path:
        click_hex(d, h)
    total = wait(d, lambda d: css(d, "p.plan-total") and "tile" in css(d, "p.plan-total")[0].text
                 and css(d, "p.plan-total")[0].text, what="the path's price")
    assert "a finished link" in total
    click_hex(d, path[-1])
    v = wait(d, lambda d: any(x["owner"] == 0 for x in game_view(d)["board"]["links"]) and game_view(d),
             what="Ann's link")
    link = next(x for x in v["board"]["links"] if x["owner"] == 0)
    assert link["path"] == path and link["finished"]
    if len(path) > 2:
        wait(d, lambda d: css(d, f'path.track.p0[data-hex="{path[1]}"]'), what="her tile drawn")

    # action 2 (after the bot's): her good, clicked in its city, then its target city
    v = my_turn(d, "act", "Ann's second action")
    assert v["period"]["action"] == 2
    hexes = {c["name"]: c["hex"] for c in v["board"]["cities"]}
    click_hex(d, hexes[origin])
    (first,) = wait(d, lambda d: css(d, "#deliveries button[data-to]")[:1], what="the deliveries of the good")
    to = first.get_attribute("data-to")
    shot(d, "rt-deliver")
    vp = v["players"][0]["score"]
    click_hex(d, hexes[to])
    v = wait(d, lambda d: game_view(d)["players"][0]["score"] > vp and game_view(d), what="the delivery")

    # action 3: a card from the table
    v = my_turn(d, "act", "Ann's third action")
    take = next(a for a in v["legal"] if a["type"] == "take")
    css(d, f'button[data-type="take"][data-card="{take["card"]}"]')[0].click()
    # the bot's third action, income, the cards refilled: round 2's auction
    v = wait(d, lambda d: game_view(d)["period"]["number"] == 2 and game_view(d), what="round 2")
    if CARDS[take["card"]].kind in HELD_KINDS:           # kept: in her hand, on the page
        assert v["players"][0]["cards"] == [take["card"]]
        wait(d, lambda d: css(d, f'#hand .card[data-card="{take["card"]}"]'), what="the card in her hand")
    final = _replayed(served, gid)
    acts = [a for a in final.history if a.get("player") == 0 and a["type"] in ("build", "deliver", "take")]
    assert [a["type"] for a in acts] == ["build", "deliver", "take"]
    assert len([a for a in final.history if a.get("player") == 1 and a["type"] != "issue"]) >= 4   # bid + 3
    assert bots == mine or bots not in css(d, "#hand")[0].text
    shot(d, "rt-round2")
