"""``mapkit serve`` in a real browser (Debian's Chromium, headless, driven by selenium): a game
started from the lobby against a bot, a piece built by clicking two hexes and seen drawn and
paid, a race declared on the board and run with trains moving, a second browser that sees the
moves live and cannot act for the first seat, a TransAmerica game against a bot (the start
marker and a piece placed by clicking, the player's own hand and no other shown), and the
editor: a mountain painted, the distance table changed, saved and reloaded."""

from __future__ import annotations

import json
import time

import pytest

from tests.web.webserver import MAPS, TINY, Served, browser_missing, chromium

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

WAIT = 30
# Seconds between two looks at the page while waiting: a page that has what a test waits for
# is seen within a command's round trip (a look is itself a WebDriver command of ~10 ms)
POLL = 0.02


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    d = tmp_path_factory.mktemp("web")
    (d / "tiny.yaml").write_text(TINY, encoding="utf-8")
    s = Served(d / "games", [d / "tiny.yaml", MAPS / "example.yaml", MAPS / "czechia.yaml"])
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    b = chromium()
    yield b
    b.quit()


def wait(driver, test, timeout=WAIT, what="the page"):
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    # the page redraws its panels on every state: an element may go stale between two looks
    try:
        return WebDriverWait(driver, timeout, poll_frequency=POLL,
                             ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: test(d))
    except TimeoutException:
        logs = [e["message"] for e in driver.get_log("browser")]
        import os
        if os.environ.get("MAPKIT_SHOTS"):
            driver.save_screenshot(os.path.join(os.environ["MAPKIT_SHOTS"], f"fail-{int(time.time())}.png"))
        raise AssertionError(f"timed out waiting for {what}; browser log: {logs[-5:]}") from None


def shot(driver, name):
    """A screenshot for a person to look at, when MAPKIT_SHOTS names a folder."""
    import os

    if os.environ.get("MAPKIT_SHOTS"):
        driver.save_screenshot(os.path.join(os.environ["MAPKIT_SHOTS"], f"{name}.png"))


def css(driver, selector):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def click_hex(driver, name):
    """Click the centre of hex ``name`` (its polygon takes the clicks), once the board is drawn."""
    (poly,) = wait(driver, lambda d: css(d, f'polygon[data-hex="{name}"]'), what=f"hex {name} on the board")
    poly.click()


def button(driver, text):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.XPATH, f'//button[normalize-space(.)="{text}"]')


def game_view(driver):
    return driver.execute_script("return window.mapkitGame && window.mapkitGame.view")


def _replayed(served, gid):
    """The game as its record on disk stands."""
    from mapkit.engine import EngineMap, replay
    from mapkit.engine.record import load_record
    from mapkit.io.yamlmap import load_map

    board = EngineMap.from_map(load_map(served.games / gid / "map.yaml"))
    return replay(load_record(served.games / gid / "record.json"), board)


def greedy_move(served, gid, seat):
    """The greedy bot's action for ``seat`` in the game as its record on disk stands."""
    from mapkit.engine.bots import make_bot

    state = _replayed(served, gid)
    assert state.current_player() == seat
    return make_bot("greedy", 7, preset=state.rules.name).decide(state)


def start_against_a_bot(d, seed="1"):
    """In the lobby, with the map and rules chosen: bots at once, a fixed seed (the dice, cards
    and the bot's choices), two seats (Ann and a greedy bot); start. The host's link."""
    from selenium.webdriver.support.ui import Select

    Select(css(d, "#pace")[0]).select_by_value("0")
    box = css(d, "#seed")[0]
    box.clear()
    box.send_keys(seed)
    while len(css(d, "#seats .seat-row")) > 2:
        css(d, "#seats .seat-row")[-1].find_element("css selector", "button").click()
    name = css(d, "#seats .seat-row .name")[0]
    name.clear()
    name.send_keys("Ann")
    assert Select(css(d, "#seats .seat-row .kind")[1]).first_selected_option.get_attribute("value") == "greedy"
    css(d, "#start")[0].click()
    return wait(d, lambda d: css(d, "a.open-host"), what="the game's links")[0]


def test_a_game_against_a_bot_from_the_lobby(served, browser):
    d = browser
    d.get(served.url + "/")
    wait(d, lambda d: css(d, "#map option[value=tiny]"), what="the lobby's maps")
    from selenium.webdriver.support.ui import Select

    Select(css(d, "#map")[0]).select_by_value("tiny")
    assert len(css(d, "#seats .seat-row")) == 3
    link = start_against_a_bot(d)
    assert len(css(d, "#links tr")) == 3                               # host, Ann, spectators
    d.get(link.get_attribute("href"))
    # the bot may start: wait until Ann chooses her start city
    wait(d, lambda d: any(a["type"] == "start" for a in (game_view(d) or {}).get("legal", [])), what="Ann's start")
    click_hex(d, "A1")                                                 # Aš, twice: chosen
    click_hex(d, "A1")
    v = wait(d, lambda d: (game_view(d) or {}).get("step") == "build" and game_view(d)["legal"] and game_view(d),
             what="Ann's build turn")
    points = v["turn"]["points"]
    account = v["players"][0]["account"]
    # a piece by clicking two hexes: Aš (her network), then B1 next to it
    click_hex(d, "A1")
    click_hex(d, "B1")
    row = wait(d, lambda d: css(d, 'table.plan tr[data-edge="A1/B1"]'), what="the piece's price")[0]
    assert row.text.split()[:2] == ["A1/B1", "1"]                      # plain: 1 build point, no fee
    assert "Total 1 points + 0 in fees" in css(d, ".plan-total")[0].text
    shot(d, "build-plan")
    button(d, "Build 1 piece (1)").click()
    wait(d, lambda d: css(d, 'line.track.p0[data-edge="A1/B1"]'), what="the piece drawn")
    v = game_view(d)
    if v["current_player"] == 0 and v["step"] == "build":
        assert v["turn"]["points"] == points - 1                       # paid from the build points
    assert v["players"][0]["account"] == account                       # Paluba: no money for a piece
    assert {"edge": "A1/B1", "owners": [0]} in v["board"]["track"]


def test_two_browsers_one_game(served, browser):
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0})
    other = chromium()
    try:
        ann, bea = browser, other
        ann.get(served.url + g["seats"][0]["url"])
        bea.get(served.url + g["seats"][1]["url"])
        for d in (ann, bea):
            wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "1", what="the game page")
        # Bea cannot act while it is Ann's turn: no controls, a clear word when she clicks
        assert not css(bea, "#action button")
        click_hex(bea, "L6")
        wait(bea, lambda d: "It is Ann's turn, not yours." in css(d, "#toast")[0].text, what="the refusal")
        # ... nor by sending an action for Ann by hand
        got = bea.execute_async_script(
            "const done = arguments[0];"
            "window.mapkitGame.send({type: 'start', city: 'Aš', player: 0})"
            ".then(r => done('ok'), e => done(e.message));")
        assert got == "this link plays for Bea, not for Ann"
        n = int(ann.execute_script("return document.body.dataset.n"))
        button(ann, "Aš").click()
        # Bea sees Ann's choice live, and then her piece
        wait(bea, lambda d: "Aš" in css(d, '#players tr[data-seat="0"]')[0].text, what="Ann's start seen by Bea")
        wait(ann, lambda d: (game_view(d) or {}).get("step") == "build" and game_view(d)["legal"], what="Ann's build")
        click_hex(ann, "A1")
        click_hex(ann, "A2")
        wait(ann, lambda d: css(d, 'table.plan tr[data-edge="A1/A2"]'), what="the price")
        click_hex(ann, "A2")                                            # the last hex again: built
        wait(bea, lambda d: css(d, 'line.track.p0[data-edge="A1/A2"]'), what="Ann's piece seen by Bea")
        assert int(bea.execute_script("return document.body.dataset.n")) > n
        rec = json.loads((served.games / g["id"] / "record.json").read_text(encoding="utf-8"))
        assert [a for a in rec["actions"] if a.get("player") == 1] == []   # nothing was done as Bea
    finally:
        other.quit()


class Hands:
    """The other hands at the table, through the host's live channel in a thread: the greedy
    bot's choices for Ann until she is to declare a race (then the browser plays her), and Bea
    throughout, who races on the first route the server finds legal for her (else passes)."""

    def __init__(self, served, game):
        import threading

        self.served, self.game = served, game
        self.ann_races = threading.Event()
        self.stop = threading.Event()
        self.error = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        live = self.served.ws(self.game["id"], self.game["host"].split("t=")[1])
        try:
            live.recv()
            while not self.stop.is_set():
                try:
                    st = live.wait(lambda s: s["view"]["legal"] or s["view"]["over"], timeout=0.5)
                except (AssertionError, TimeoutError):
                    continue
                v = st["view"]
                if v["over"]:
                    return
                legal = v["legal"]
                seat = v["current_player"]
                races = [a for a in legal if a["type"] == "race"]
                if seat == 0 and (races or self.ann_races.is_set()):
                    self.ann_races.set()
                    live.state = None
                    continue
                if seat == 1 and (races or any(a["type"] == "pass" for a in legal)):
                    offered = live.call({"type": "ask", "ask": "routes"})["routes"]
                    ok = [r["route"] for r in offered if r["ok"]]
                    action = {"type": "race", "player": 1, "route": ok[0]} if ok else {"type": "pass", "player": 1}
                else:
                    action = greedy_move(self.served, self.game["id"], seat)
                r = live.act(action)
                if r["type"] != "ack":
                    raise AssertionError(r)
                live.wait(lambda s, n=r["n"]: s["n"] >= n)
        except Exception as exc:        # reported by the test
            self.error = exc
            self.ann_races.set()
        finally:
            live.close()


def test_a_strong_bot_with_a_budget_and_a_hint(served, browser):
    """The lobby seats a strong bot with a budget of 4 rollouts; at Ann's turn *Hint* lists the
    best moves with the parts of their score, the greedy bot's marked, and a click plays one."""
    from selenium.webdriver.support.ui import Select

    d = browser
    d.get(served.url + "/")
    wait(d, lambda d: css(d, "#map option[value=tiny]"), what="the lobby's maps")
    Select(css(d, "#map")[0]).select_by_value("tiny")
    while len(css(d, "#seats .seat-row")) > 2:
        css(d, "#seats .seat-row")[-1].find_element("css selector", "button").click()
    Select(css(d, "#seats .seat-row .kind")[1]).select_by_value("strong")
    budget = css(d, "#seats .seat-row .budget")[1]
    assert budget.is_displayed() and not css(d, "#seats .seat-row .budget")[0].is_displayed()
    budget.send_keys("4")
    Select(css(d, "#pace")[0]).select_by_value("0")
    css(d, "#start")[0].click()
    link = wait(d, lambda d: css(d, "a.open-host"), what="the game's links")[0]
    gid = link.get_attribute("href").split("/play/")[1].split("?")[0]
    assert json.loads((served.games / gid / "game.json").read_text())["seats"][1]["kind"] == "strong:4"
    d.get(link.get_attribute("href"))
    wait(d, lambda d: any(a["type"] == "start" for a in (game_view(d) or {}).get("legal", [])), what="Ann's start")
    wait(d, lambda d: css(d, "#action button.hint"), what="the hint button")[0].click()
    rows = wait(d, lambda d: css(d, ".hint-list li"), what="the hint's moves")
    greedy = [r for r in rows if r.get_attribute("data-greedy") == "1"]
    assert len(greedy) == 1 and "race numbers" in " ".join(r.text for r in rows)
    shot(d, "hint")
    rows[0].find_element("css selector", "button").click()
    wait(d, lambda d: (game_view(d) or {}).get("players", [{}])[0].get("start"), what="Ann's start city")


def test_a_race_declared_on_the_board(served, browser):
    # seed 4: race 1 is Aš to Most, Ann declares first, both race (no one is excluded), and the
    # dice run the race (lone racers win without it), a roll every 0.1 s: the trains are seen
    # on the board and moving (the page is looked at every POLL seconds) before the result
    g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0, "races": 2},
                        pace=0.1, seed=4)
    hands = Hands(served, g)
    try:
        assert hands.ann_races.wait(120) and hands.error is None, hands.error
        _race_in_the_browser(served, browser, g)
    finally:
        hands.stop.set()
        hands.thread.join(10)



def _race_in_the_browser(served, browser, g):
    d = browser
    d.get(served.url + g["seats"][0]["url"])
    routes = wait(d, lambda d: css(d, "ol.routes li:not(.bad)"), what="the routes offered")
    race = game_view(d)["race"]
    first = routes[0]
    text = first.text
    assert "movement points" in text and "in fares" in text
    first.click()
    wait(d, lambda d: css(d, "polyline.chosen-route"), what="the route drawn")
    button(d, "Race this route").click()
    # the dice run the race: the trains move; the race ends with places and prizes
    wait(d, lambda d: css(d, "g.train"), what="a train on the board")
    t0 = css(d, "g.train")[0].get_attribute("transform")
    shot(d, "race")
    wait(d, lambda d: not css(d, "g.train") or css(d, "g.train")[0].get_attribute("transform") != t0,
         what="the train moving")
    wait(d, lambda d: css(d, '#race-results tr'), timeout=60, what="the race's result")
    cells = css(d, "#race-results tr")[0].text
    assert f"{race['start_city']} → {race['target_city']}" in cells


def _hand_text(driver):
    """What the page says beside the board of hands and the round (not the log, where a marker
    placed on a city names it)."""
    return " ".join(e.text for sel in ("#hand", "#action", "#round-box", "#players") for e in css(driver, sel))


def _options(driver, select):
    return [o.get_attribute("value") for o in css(driver, f"{select} option")]


def test_a_transamerica_game_against_a_bot_from_the_lobby(served, browser):
    from selenium.webdriver.support.ui import Select

    from mapkit.engine.record import load_record

    d = browser
    d.get(served.url + "/")
    wait(d, lambda d: css(d, "#map option[value=czechia]"), what="the lobby's maps")
    # TransAmerica is offered on a map with city cards only
    Select(css(d, "#map")[0]).select_by_value("tiny")
    assert "transamerica" not in _options(d, "#preset")
    Select(css(d, "#map")[0]).select_by_value("czechia")
    assert {"transamerica", "transamerica-mega", "paluba"} <= set(_options(d, "#preset"))
    Select(css(d, "#preset")[0]).select_by_value("transamerica")
    assert _options(d, "#opt-card_passing") == ["none", "one_colour", "all_at_once"]
    link = start_against_a_bot(d)           # the cards, who starts, the bot's choices: seed 1
    d.get(link.get_attribute("href"))
    v = wait(d, lambda d: any(a["type"] == "start" for a in (game_view(d) or {}).get("legal", [])) and game_view(d),
             what="Ann's start marker")
    gid = d.current_url.split("/play/")[1].split("?")[0]

    # her own hand, and nobody else's: on the page, ringed on the board
    hand = [c["city"] for c in v["players"][0]["hand"]]
    assert len(hand) == 5 and "hand" not in v["players"][1]
    deals = load_record(served.games / gid / "record.json").actions
    bots = [a["city"] for a in deals if a["type"] == "deal" and a["player"] == 1]
    assert len(bots) == 5 and not set(bots) & set(hand)
    wait(d, lambda d: len(css(d, "#hand .card")) == 5, what="Ann's cards")
    assert [c.get_attribute("data-city") for c in css(d, "#hand .card")] == hand
    assert [c for c in bots if c in _hand_text(d)] == []
    assert sorted(g.get_attribute("data-city") for g in css(d, "g.hand-city.own")) == sorted(hand)
    assert not css(d, 'g.hand-city[data-seat="1"]')
    shot(d, "ta-place")

    # a click where no track can go: the engine's reason; then her first city, twice: placed
    click_hex(d, "T2")
    wait(d, lambda d: css(d, ".refusal") and "T2 is no junction" in css(d, ".refusal")[0].text, what="the refusal")
    # her first city with a single line beside it (the others are laid in a turn of their own)
    state = _replayed(served, gid)
    b, size = state.board, state.tables.size
    singles = {b.hex_names[h] for h in range(len(b.hex_names)) if any(size[e] == 1 for _, e in b.adj[h])}
    home, city = next((c["hex"], c["city"]) for c in v["players"][0]["hand"] if c["hex"] in singles)
    click_hex(d, home)
    assert button(d, f"Place the marker on {home} ({city})")
    click_hex(d, home)
    wait(d, lambda d: css(d, f'g.marker[data-seat="0"][data-hex="{home}"]'), what="Ann's marker drawn")

    # a piece: a click on a junction next to hers shows what the engine would do; again: laid
    v = wait(d, lambda d: (game_view(d) or {}).get("step") == "build" and game_view(d)["legal"] and game_view(d),
             what="Ann's build turn")
    assert v["board"]["markers"]["Ann"] == home
    edge = next(a["pieces"][0] for a in v["legal"]
                if a["type"] == "build" and size[b.edge_between(*b.parse_edge(a["pieces"][0]))] == 1)
    far = next(h for h in edge.split("/") if h != home)
    click_hex(d, far)
    row = wait(d, lambda d: css(d, f'table.plan tr[data-edge="{edge}"]'), what="the engine's word on the piece")[0]
    assert row.text == f"{edge} single can be laid"
    assert css(d, "p.plan-total")[0].text == "1 piece now; 1 single piece left after it."
    shot(d, "ta-preview")
    click_hex(d, far)
    wait(d, lambda d: css(d, f'g.piece[data-edge="{edge}"][data-network="0"]'), what="the piece drawn")
    assert len(css(d, f'g.piece.single[data-edge="{edge}"] line.rail')) == 1
    # one single of two: the turn goes on until "Done"
    wait(d, lambda d: "You may lay 1 more single piece." in css(d, "p.allowance")[0].text, what="the turn going on")
    button(d, "Done: end the turn").click()
    # the bot answers: its pieces drawn; Ann's turn again
    v = wait(d, lambda d: (game_view(d) or {}).get("current_player") == 0 and game_view(d)["legal"]
             and len(game_view(d)["board"]["track"]) > 1 and game_view(d), what="the bot's turn")
    bot_pieces = [t["edge"] for t in v["board"]["track"] if 1 in t["network"]]
    assert bot_pieces and all(css(d, f'g.piece[data-edge="{e}"]') for e in bot_pieces)
    assert len(css(d, "g.piece")) == len(v["board"]["track"])
    for t in v["board"]["track"]:            # a double line's two rails, a single's one
        assert len(css(d, f'g.piece[data-edge="{t["edge"]}"] line.rail')) == (2 if t["double"] else 1)
    assert len(css(d, "#score-track td")) == 14                     # 13 down to 0
    assert "Round 1" in css(d, "#round-box")[0].text
    assert [c for c in bots if c in _hand_text(d)] == [] and all(c in _hand_text(d) for c in hand)
    shot(d, "ta-answered")


def test_the_editor_paint_measure_save_reload(served, browser):
    d = browser
    d.get(served.url + "/edit?map=tiny")
    cell = 'td[data-pair="Aš|Brno"]'
    wait(d, lambda d: css(d, cell) and css(d, cell)[0].text == "11", what="the distance table")
    button(d, "mountain").click()
    click_hex(d, "F1")
    wait(d, lambda d: css(d, cell)[0].text == "12", what="the table after the mountain")
    assert "changed" in css(d, cell)[0].get_attribute("class")
    shot(d, "editor")
    assert css(d, "#issues li")[0].text.startswith("W200")       # numbers missing from the 36
    css(d, "#map-name")[0].clear()
    css(d, "#map-name")[0].send_keys("Tiny hills\n")
    wait(d, lambda d: d.execute_script("return window.mapkitEditor.doc.name") == "Tiny hills", what="the name")
    button(d, "save").click()
    wait(d, lambda d: d.execute_script("return document.body.dataset.saved") == "my-tiny-hills", what="saving")
    assert (served.games / "maps" / "tiny-hills.yaml").is_file()
    d.get(served.url + "/edit?map=my-tiny-hills")
    wait(d, lambda d: css(d, cell) and css(d, cell)[0].text == "12", what="the reloaded map's table")
    assert d.execute_script("return window.mapkitEditor.doc.terrain") == {"F1": "mountain"}
    # undo and redo
    button(d, "water").click()
    click_hex(d, "C3")
    wait(d, lambda d: d.execute_script("return window.mapkitEditor.doc.terrain.C3") == "water", what="painting")
    button(d, "undo").click()
    assert d.execute_script("return window.mapkitEditor.doc.terrain.C3 || null") is None
    button(d, "redo").click()
    assert d.execute_script("return window.mapkitEditor.doc.terrain.C3") == "water"
    # a problem in the list takes the map to its place
    button(d, "city").click()
    click_hex(d, "C3")                                           # a city on water: E130
    item = wait(d, lambda d: [li for li in css(d, "#issues li") if li.text.startswith("E130")], what="E130")[0]
    item.click()
    wait(d, lambda d: css(d, 'polygon.flash[data-hex="C3"]'), what="the place shown")
    time.sleep(0.1)


def test_a_new_map_from_a_blank_page(served, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    d = browser
    d.get(served.url + "/edit")
    wait(d, lambda d: d.execute_script("return document.body.dataset.analysed") is not None, what="a blank map")
    css(d, "details summary")[0].click()
    for field, value in (("g-columns", "10"), ("g-rows", "6")):
        box = d.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    button(d, "new blank map of this size").click()
    wait(d, lambda d: len(css(d, "polygon[data-hex]")) == 60, what="a 10 x 6 board")
    name = css(d, "#map-name")[0]
    name.clear()
    name.send_keys("Malá mapa\n")
    button(d, "city").click()
    for hex_, city, numbers in (("B2", "Plzeň", "11, 12"), ("I5", "Brno", "21")):
        click_hex(d, hex_)
        box = wait(d, lambda d: css(d, "#city-name"), what="the city's panel")[0]
        box.clear()
        box.send_keys(city)
        box = css(d, "#city-numbers")[0]
        box.clear()
        box.send_keys(numbers)
        css(d, "#city-apply")[0].click()
    button(d, "river").click()
    # a click near the right side of C4 draws the river on C4/D4
    ActionChains(d).move_to_element_with_offset(css(d, 'polygon[data-hex="C4"]')[0], 12, 0).click().perform()
    doc = d.execute_script("return window.mapkitEditor.doc")
    assert doc["rivers"] == [{"name": "River", "edges": ["C4/D4"]}]
    assert [(c["name"], c["hex"], c["numbers"]) for c in doc["cities"]] == [("Plzeň", "B2", [11, 12]),
                                                                             ("Brno", "I5", [21])]
    wait(d, lambda d: css(d, 'td[data-pair="Plzeň|Brno"]'), what="the two cities' distance")
    # W200 only (most race numbers unused): no errors, so the map is playable once saved
    wait(d, lambda d: "(0 errors, 1 warning)" in css(d, "#issue-count")[0].text, what="the problems")
    button(d, "save").click()
    wait(d, lambda d: d.execute_script("return document.body.dataset.saved") == "my-mala-mapa", what="saving")
    d.get(served.url + "/")
    wait(d, lambda d: css(d, '#map option[value="my-mala-mapa"]'), what="the new map in the lobby")


def test_the_page_in_the_players_language(served, browser):
    # issue 37: the page speaks Czech or German from the picker in its header (kept in
    # localStorage); a game's panels come from the family's script, translated the same way
    from selenium.webdriver.support.ui import Select

    d = browser
    d.get(served.url + "/")
    try:
        d.execute_script("localStorage.setItem('mapkit-lang', 'cs')")
        d.refresh()
        wait(d, lambda d: d.find_element("id", "start").text == "Začít hru", what="the lobby in Czech")
        assert d.find_element("tag name", "html").get_attribute("lang") == "cs"
        assert "Nová hra" in d.find_element("id", "new-game").text
        wait(d, lambda d: css(d, "#seats .seat-row"), what="the seats")
        assert css(d, "#seats .seat-row .name")[0].get_attribute("value") == "Vy"
        Select(css(d, "#lang")[0]).select_by_value("de")                  # the picker reloads the page
        wait(d, lambda d: css(d, "#start") and css(d, "#start")[0].text == "Spiel starten", what="German")
        assert d.execute_script("return localStorage.getItem('mapkit-lang')") == "de"
        g = served.new_game("tiny", [("Ann", "human"), ("Bea", "human")], options={"first_player": 0})
        d.get(served.url + g["host"])
        wait(d, lambda d: any("Wählen Sie Ihre Startstadt" in e.text for e in css(d, "#action h3")),
             what="the family's panel in German")
        # the game's log and its step, written by the engine in English, said in German
        wait(d, lambda d: "Ann beginnt" in css(d, "#log")[0].text, what="the log in German")
        assert "plays first" not in css(d, "#log")[0].text
        assert "(Startstadt)" in css(d, "#turn")[0].text
        shot(d, "game-de")
    finally:
        d.execute_script("localStorage.removeItem('mapkit-lang')")
