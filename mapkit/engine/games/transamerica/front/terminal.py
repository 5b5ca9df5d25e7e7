"""TransAmerica in the terminal: what a person types, and what the screen tells.

Places are hex names (``K7``) or city names (accents optional); a path is places separated by
spaces, commas or dashes; pieces may be given as edges (``K7/K8``). A person's city cards are
shown only at his own turn (or to all under the open-hand variant); the narration never names a
card dealt or passed.

========================  ==============================================================
``start PLACE``           the start marker on a junction (``PLACE`` alone works too)
``build PATH``            lay pieces along a path (``b``; a bare path or edges work too)
``to PLACE``              lay pieces along the cheapest way from your network toward a place
``done``                  end the turn after a single piece (``d``)
``cards``                 your cities, and which your network joins
``cost``                  your cheapest completion now: the points you would lose
``pass CITY``             pass a card to the left (card passing)
``block EDGE``            break a bridge: block a double line for this round
``buy`` / ``no``          buy a Super Changer for 3 points, or not
``variant NAME``          maturita: the variant of this round (``standard`` for none)
``draw``                  Mission TA II: take the top card instead of building
``hint``                  what the greedy bot would do here
``undo``                  take back your own last action, until a card is dealt or another moves
``show`` / ``map``        the state again / a text map of the board
``help`` / ``quit``       this list / save and stop (resume with ``--resume``)
========================  ==============================================================

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map, City, Rules
>>> from mapkit.engine import new_game
>>> block = {c: {"cities": [c[0].upper() + x for x in "abcdefg"], "removed": [c[0].upper() + "a",
...          c[0].upper() + "b"]} for c in ("red", "orange", "yellow", "green", "blue")}
>>> m = Map(Grid("pointy", "odd", 7, 5), cities=[City(name, (i, k)) for k, c in enumerate(block)
...         for i, name in enumerate(block[c]["cities"])], rules=Rules(extra={"city_cards": block}))
>>> g = new_game(m, "transamerica", ["Ann", "Bob"], {"first_player": 0})
>>> for city in ("Rc", "Oc", "Yc", "Gc", "Bc", "Rd", "Od", "Yd", "Gd", "Bd"):
...     g.apply({"type": "deal", "city": city})
>>> f = TransAmericaFront()
>>> f.parse_command(g, "start Yc").action
{'type': 'start', 'player': 0, 'at': 'C3'}
>>> g.apply(_); g.apply({"type": "start", "at": "D3"})
>>> f.parse_command(g, "to gc").action       # the cheapest way to Gc (C4): one piece
{'type': 'build', 'player': 0, 'path': ['C3', 'C4']}
"""

from __future__ import annotations

import difflib

from mapkit.engine.games.transamerica.cards import board_cards
from mapkit.places import fold
from mapkit.play.commands import (DONE_WORDS, META, Command, CommandError, build_action, first_word, help_text,
                                  one_place, shown)
from mapkit.play.fronts import Front
from mapkit.wording import plural, verb

__all__ = ["TransAmericaFront", "HELP"]

HELP = help_text(__doc__)
COMMANDS = ["start", "build", "to", "done", "cards", "cost", "pass", "block", "buy", "no", "variant", "draw",
            *META]


class Snapshot:
    """What narration compares with: messages and the score ledger before an action."""

    def __init__(self, g):
        self.messages = len(g.messages)
        self.round = g.round_no


class TransAmericaFront(Front):
    """The TransAmerica family's front end (see the module notes)."""

    help = HELP
    done_words = DONE_WORDS

    def snapshot(self, g):
        return Snapshot(g)

    # -- telling ---------------------------------------------------------------------------
    def narrate(self, before, g, a) -> str:
        """What the action did, without secrets: its own line and the game's new messages."""
        t = a["type"]
        who = g.players[a["player"]] if isinstance(a.get("player"), int) else ""
        head = ""
        if t == "deal" and g.step != "deal":
            head = "the cards are dealt"
        elif t == "top":
            head = f"a {g.tables.colours[g.tables.card_colour[g.card_of(a['city'])]]} card lies on top of the deck"
        elif t == "done":
            head = f"{who} {verb(who, 'end')} the turn"
        elif t == "pass_card" and not any(" card to " in m for m in g.messages[before.messages:]):
            head = f"{who} {verb(who, 'choose')} a card to pass"
        elif t == "changer" and not a["buy"]:
            head = f"{who} {verb(who, 'keep')} the old locomotive"
        # (a build is told by the game's messages, as the browser's log shows it)
        return "\n".join(([head] if head else []) + list(g.messages[before.messages:]))

    def status(self, g, kinds=None, me=None) -> str:
        v = g.view(me)
        r = v["round"]
        b = g.board
        head = f"== {b.name or 'game'} ({g.rules.name}) == round {r['round']}"
        if r.get("start_player"):
            head += f", {r['start_player']} {verb(r['start_player'], 'have', 'has')} the start player card"
        if r.get("pieces_left") is not None:
            head += f"; {r['pieces_used']} pieces laid, {r['pieces_left']} left"
        if g.rules.no_barrier():
            head += "; no barrier: below 0 is the sea"
        else:
            head += f"; the barrier: at {r['barrier']} or below"
        lines = [head]
        if r.get("variants"):
            lines.append(" variants this round: " + ", ".join(r["variants"]))
        if r.get("colour"):
            lines.append(f" every start marker stands in the {r['colour']} region")
        if v["board"]["closed"]:
            lines.append(" closed this round: " + ", ".join(v["board"]["closed"]))
        cur = v["current_player"]
        for x in v["players"]:
            kind = f" [{kinds[x['seat']]}]" if kinds and kinds[x["seat"]] != "human" else ""
            mark = ">" if x["seat"] == cur else " "
            extra = []
            if x["changer"]:
                extra.append("Super Changer")
            if x["out"]:
                extra.append("out")
            if len(x["network"]) > 1:
                extra.append("network with " + ", ".join(g.players[q] for q in x["network"] if q != x["seat"]))
            if "laid" in x:
                extra.append(f"{len(x['laid'])} laid down")
            lines.append(f" {mark} {x['seat'] + 1} {x['name'] + kind:<18} score {x['score']:4d}   marker "
                         f"{x['marker'] or '-':<5} {x['cards']} cards" + (f"  ({'; '.join(extra)})" if extra else ""))
        if me is not None and "hand" in v["players"][me]:
            lines.append(" " + _hand_text(v["players"][me]["hand"]))
        if r.get("top_colour"):
            lines.append(f" the top card of the deck is {r['top_colour']} ({r['deck']} cards left)")
        if g.results:
            last = g.results[-1]
            lines.append(f" round {last['round']} ended ({last['end']}); lost: "
                         + ", ".join(f"{n} {x}" for n, x in last["lost"].items()))
        return "\n".join(lines)

    def prompt_line(self, g) -> str:
        p = g.current_player()
        name = g.players[p]
        step = g.step
        if step == "place":
            return f"{name}, place your start marker: start PLACE (a hex or a city)"
        if step == "build":
            v = g.view(p)["round"]
            left = v.get("singles_left", 0)
            what = plural(left, "single piece") + (" or 1 double line" if v.get("double_allowed") else "")
            return f"{name}, lay {what} (build, to, done; cards, cost)"
        if step in ("pass", "pass_all"):
            return f"{name}, pass a card to {g.players[g.next_seat(p)]}: pass CITY"
        if step == "block":
            return f"{name}, break a bridge for this round: block EDGE (a double line)"
        if step == "changer":
            return f"{name}, buy a Super Changer for {g.rules.CHANGER_PRICE} points? (buy / no)"
        if step == "variant":
            return f"{name}, choose the variant of round {g.round_no}: variant NAME (standard, quarantine, ...)"
        return name

    def picture_overlay(self, view, pen) -> list:
        from .picture import blocked_overlay

        return blocked_overlay(view, pen)

    def title(self, g) -> str:
        b = g.board
        if g.is_terminal():
            return f"{b.name}: game over, won by " + ", ".join(g.players[p] for p in g.winners())
        head = f"{b.name}: TransAmerica, round {g.round_no}"
        if g.step == "build" and g.turn_player is not None:
            head += f", {g.players[g.turn_player]} to build"
        return head + "; scores " + ", ".join(f"{n} {x}" for n, x in zip(g.players, g.scores, strict=False))

    # -- reading -------------------------------------------------------------------------
    def action_as_command(self, g, a) -> str:
        t = a["type"]
        if t == "start":
            return f"start {a['at']}"
        if t == "build":
            if "path" in a:
                return "build " + " ".join(a["path"])
            return "build " + " ".join(a["pieces"])
        if t == "pass_card":
            return f"pass {a['city']}"
        if t == "block":
            return f"block {a['edge']}"
        if t == "changer":
            return "buy" if a["buy"] else "no"
        if t == "variant":
            return f"variant {a['variant']}"
        return t

    def parse_command(self, g, line) -> Command:
        words = first_word(line)
        if isinstance(words, Command):
            return words
        text, word, w, rest = words
        p = g.current_player()
        if p < 0:
            raise CommandError("the game is over" if g.is_terminal() else "waiting for the cards")
        b = g.board

        def act(a, note=None):
            return Command("action", action={"type": a["type"], "player": p,
                                             **{k: v for k, v in a.items() if k != "type"}}, text=note)

        step = g.step
        if w == "cards":
            hand = g.view(p)["players"][p].get("hand", [])
            return Command("info", text=" " + _hand_text(hand))
        if w == "cost":
            return Command("info", text=_cost_text(g, p))
        if w == "start" or (step == "place" and w not in COMMANDS):
            self._need(g, "place", "placing a start marker")
            h = one_place(b, rest if w == "start" else text)
            return act({"type": "start", "at": b.hex_names[h]})
        if w in ("build", "b"):
            self._need(g, "build", "building")
            return act(build_action(b, rest))
        if w in ("to", "toward", "towards"):
            self._need(g, "build", "building")
            return act(*_toward(g, p, one_place(b, rest)))
        if w in DONE_WORDS:
            self._need(g, "build", "ending a turn")
            return act({"type": "done"})
        if w == "draw":
            self._need(g, "build", "drawing a card")
            return act({"type": "draw"})
        if w == "pass":
            if step not in ("pass", "pass_all"):
                raise CommandError(f"no cards are passed now ({self._now(g)})")
            return act({"type": "pass_card", "city": _card_name(g, rest)})
        if w == "block":
            self._need(g, "block", "breaking a bridge")
            return act({"type": "block", "edge": rest.upper()})
        if w in ("buy", "no", "yes"):
            self._need(g, "changer", "buying a Super Changer")
            return act({"type": "changer", "buy": w != "no"})
        if w == "variant":
            self._need(g, "variant", "choosing a variant")
            return act({"type": "variant", "variant": rest.strip().lower().replace(" ", "_")})
        if step == "build":
            try:
                return act(build_action(b, text))
            except CommandError:
                pass
        near = difflib.get_close_matches(w, COMMANDS, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise CommandError(f"unknown command {shown(word)!r}{hint} ({self._now(g)}; help lists every command)")

    def _now(self, g) -> str:
        return self.prompt_line(g).split(", ", 1)[-1] if g.current_player() >= 0 else "the game is over"

    def _need(self, g, step, what) -> None:
        if g.step != step:
            raise CommandError(f"{what} is not possible now: {self._now(g)}")


def _hand_text(hand) -> str:
    if not hand:
        return "no cards"
    return "your cards: " + ", ".join(f"{c['city']} ({c['colour']}, {c['hex']}{', joined' if c['joined'] else ''})"
                                      for c in hand)


def _card_name(g, text) -> str:
    folded = fold(text)
    for k in range(len(board_cards(g.board))):
        if fold(g.card_name(k)) == folded:
            return g.card_name(k)
    names = [g.card_name(k) for k in g.hands[g.current_player()]]
    near = difflib.get_close_matches(text, names, n=1)
    raise CommandError(f"{shown(text)!r} is not one of your cards ({', '.join(names)})"
                       + (f"; did you mean {near[0]}?" if near else ""))


def _toward(g, p, target) -> tuple:
    """The pieces along the cheapest way from ``p``'s network toward hex ``target`` that this
    turn allows (a double line only as the turn's first piece), and a note on the rest."""
    from ..scoring import cheapest_way

    b = g.board
    net = g.network(p)
    name = b.hex_names[target]
    if target in net:
        raise CommandError(f"{name} is on your network already")
    way = cheapest_way(g, p, target)
    if way is None:
        raise CommandError(f"no track can join {name} to your network")
    path, cost = way
    take = []
    trial = g.clone()
    for x, y in zip(path, path[1:], strict=False):
        e = b.edge_between(x, y)
        if e in g.net.pieces:
            continue
        a = {"type": "build", "player": p, "pieces": [b.edge_names[e]]}
        if trial.step != "build" or trial.current_player() != p or not trial.is_legal(a):
            break
        trial.apply(a)
        take.append((x, y))
    if not take:
        raise CommandError(f"the next piece toward {name} cannot be laid now; type done to end the turn")
    steps = [b.hex_names[take[0][0]]] + [b.hex_names[y] for _, y in take]
    if any(take[i][1] != take[i + 1][0] for i in range(len(take) - 1)):
        return {"type": "build", "pieces": [b.edge_name(b.edge_between(x, y)) for x, y in take]}, None
    rest = cost - sum(g.tables.size[b.edge_between(x, y)] for x, y in take)
    note = f"  {rest} more to {name}" if rest > 0 else None
    return {"type": "build", "path": steps}, note


def _cost_text(g, p) -> str:
    if g.net.markers.get(p) is None:
        return "no network yet: place your start marker first"
    tree = g.shortfall(p)
    if tree is None:
        return "no track can join all your cities any more"
    if tree.cost == 0:
        return "your network joins all your cities"
    b = g.board
    pieces = sorted(b.edge_name(b.edge_between(x, y)) for x, y in tree.edges
                    if b.edge_between(x, y) not in g.net.pieces)
    return (f"your cheapest completion: {tree.cost} points ({len(pieces)} pieces): "
            + " ".join(pieces[:40]) + (" ..." if len(pieces) > 40 else ""))
