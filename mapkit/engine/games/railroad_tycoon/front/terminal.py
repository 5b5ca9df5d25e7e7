"""Railroad Tycoon in the terminal (docs/rules.md, Railroad Tycoon): what a person types, and what the screen tells.

Places are hex names (``K7``) or city names (accents optional); a path is places separated by
spaces, commas or dashes. A player's task card and held cards are shown only to him, at his
own turn; the narration never names a task card, the others' or one's own.

========================  ==============================================================
``bid N`` / ``pass``      bid for first player (``bid 3`` is 3000) / leave the auction
``issue N``               issue N shares (5000 each), any time of your turn
``take CARD``             take a laid-out action card (its id or title: ``take hotel Boston``)
``build PATH``            a link along places: from a city or your unfinished link's end (``free`` last: the free build)
``to PLACE``              the cheapest track toward a city or hex (as many tiles as an action lays)
``deliver CITY COLOUR``   carry a good (``to CITY``: there; ``LINK...``: over these links; alone: your best)
``loco``                  buy the next locomotive
``found CITY COLOUR``     found a city on a grey city
``western CITY``          buy the Western Link of a city
``place CITY``            the city for the two goods of the two-goods card
``cards``                 the cards laid out, your own cards and task
``goods`` / ``links``     the goods on the board / every link with its id
``hint``                  what the greedy bot would do here
``undo``                  take back your own last action, until a draw is made or another moves
``show`` / ``map``        the state again / a text map of the board
``help`` / ``quit``       this list / save and stop (resume with ``--resume``)
========================  ==============================================================
"""

from __future__ import annotations

from mapkit.play.commands import help_text
from mapkit.play.fronts import Front

from ..cards import CARDS, TASKS
from . import commands

__all__ = ["RailroadTycoonFront", "HELP"]

HELP = help_text(__doc__)


class Snapshot:
    """What narration compares with: the messages and the part of the round before an action."""

    def __init__(self, g):
        self.messages = len(g.messages)
        self.part = g.part


class RailroadTycoonFront(Front):
    """The Railroad Tycoon family's front end (see the module notes)."""

    help = HELP

    def snapshot(self, g):
        return Snapshot(g)

    # -- telling ---------------------------------------------------------------------------
    def narrate(self, before, g, a) -> str:
        """What the action did, without secrets: its own line and the game's new messages."""
        t = a["type"]
        who = g.players[a["player"]] if isinstance(a.get("player"), int) else ""
        head = ""
        if t == "goods" and before.part != "setup":
            head = (f"a {a['colour']} good comes to {a['city']}" if a.get("city")
                    else f"a {a['colour']} good is drawn for the two-goods card")
        elif t == "task":
            head = f"{who} draws a secret task card"
        told = list(g.messages[before.messages:])
        if t == "build":        # the engine tells the price; the path is added
            way = " - ".join(_place(g, x) for x in a["path"]) + (", free build" if a.get("free") else "")
            told = [f"{m} ({way})" if m.startswith(f"{who} builds ") else m for m in told]
        lines = ([head] if head else []) + told
        if before.part == "setup" and g.part != "setup":
            lines.insert(0, f"the goods are on the board: {g.goods_left()} goods (goods lists them)")
        return "\n".join(lines)

    def status(self, g, kinds=None, me=None) -> str:
        v = g.view(me)
        per = v["period"]
        head = f"== {g.board.name or 'game'} (Railroad Tycoon) == round {per['number']}"
        if per["part"] == "actions":
            head += f", action {min(per['action'], g.rules.ACTIONS)} of {g.rules.ACTIONS}"
        else:
            head += f", {per['part']}"
        head += f"; {len(g.empty)} of {v['empty_to_end']} empty cities end the game; {g.goods_left()} goods left"
        lines = [head]
        cur = v["current_player"]
        for x in v["players"]:
            kind = f" [{kinds[x['seat']]}]" if kinds and kinds[x["seat"]] != "human" else ""
            mark = ">" if x["seat"] == cur else " "
            cards = x["cards"] if isinstance(x["cards"], int) else len(x["cards"])
            lines.append(f" {mark} {x['seat'] + 1} {x['name'] + kind:<18} {x['money']:>6} money {x['score']:>3} VP  "
                         f"shares {x['shares']:<2} loco {x['loco']}  {cards} card{'s' * (cards != 1)}")
        if me is not None:
            lines.append(self._own(v["players"][me]))
        if v.get("auction"):
            lines.append(" " + _auction_text(g, v["auction"]))
        laid = [CARDS[c["card"]].title + ("" if CARDS[c["card"]].kind in ("green", "s") else f" [{c['card']}]")
                for c in v["cards"]]
        lines.append(" laid out: " + ("; ".join(laid) or "none"))
        return "\n".join(lines)

    @staticmethod
    def _own(x) -> str:
        task = x.get("task")
        held = ", ".join(CARDS[c].title for c in x["cards"]) if isinstance(x["cards"], list) else ""
        return (" your task: " + (f"{TASKS[task].title} ({TASKS[task].points} VP)" if task else "none")
                + "; your cards: " + (held or "none"))

    def prompt_line(self, g) -> str:
        p = g.current_player()
        name = g.players[p]
        if g.step == "auction":
            low = max(g.rules.OPENING_BID, g.auction["bid"] + g.rules.BID_STEP)
            return f"{name}, bid for first player (bid {low} or more, pass; issue N for money)"
        if g.step == "choose":
            if g.pending.get("kind") == "place":
                return f"{name}, place the goods {', '.join(g.loose) or '(none drawn)'}: place CITY"
            return f"{name}, found a city for free: found CITY COLOUR"
        return (f"{name}, action {g.action_no + 1} of {g.rules.ACTIONS} (build, to, deliver, take, loco, found, "
                f"western, pass; issue N; cards, goods, links)")

    def picture_overlay(self, view, pen) -> list:
        from .picture import overlay

        return overlay(view, pen)

    def title(self, g) -> str:
        b = g.board
        if g.is_terminal():
            return f"{b.name}: game over, won by " + ", ".join(g.players[p] for p in g.winners())
        return (f"{b.name}: Railroad Tycoon, round {g.round_no} ({g.part}); VP "
                + ", ".join(f"{n} {x}" for n, x in zip(g.players, g.vp.accounts, strict=False)))

    def final(self, g) -> str:
        """The end: why, each player's final score (VP less shares plus his task), the winners.
        The task cards are not named."""
        v = g.view()
        lines = ["Game over: " + (g.end_reason or "")]
        order = sorted(v["players"], key=lambda x: (-x["final"], x["seat"]))
        for rank, x in enumerate(order, 1):
            lines.append(f" {rank}. {x['name']}: {x['final']} (VP {x['score']}, shares {x['shares']}, "
                         f"money {x['money']})")
        lines.append("Winner: " + ", ".join(v["winners"]))
        return "\n".join(lines)

    # -- reading ---------------------------------------------------------------------------
    def action_as_command(self, g, a) -> str:
        t = a["type"]
        if t == "bid":
            return f"bid {a['amount']}"
        if t == "issue":
            return f"issue {a['count']}"
        if t == "take":
            return f"take {a['card']}"
        if t == "build":
            return "build " + " ".join(a["path"]) + (" free" if a.get("free") else "")
        if t == "deliver":
            return f"deliver {a['from']} {a['colour']} " + " ".join(str(x) for x in a["links"])
        if t == "found":
            return f"found {a['city']} {a['colour']}"
        if t in ("western", "place"):
            return f"{t} {a['city']}"
        return t

    def parse_command(self, g, line):
        return commands.read(g, line)


def _place(g, name: str) -> str:
    h = g.board.hex_id(name) if name not in g.board._city_by_name else None
    if h is not None and h in g.board.city_at:
        return g.city_name(g.board.city_at[h])
    return name


def _auction_text(g, a) -> str:
    still = ", ".join(g.players[q] for q in a["active"])
    lead = f"{a['bid']} by {g.players[a['leader']]}" if a["leader"] is not None else "no bid yet"
    return f"auction for first player: {lead}; still in: {still}"
