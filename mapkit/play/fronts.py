"""The terminal front end's part per game family, and what every family shares.

The session (:mod:`.session`), the picture (:mod:`.picture`) and the text map
(:mod:`.textmap`) work for any game through the state's generic ``view()``: its players and
their accounts or scores, the track (each piece with the seats that own it or whose network
it is), start markers, the winners and why the game ended. What a person types and how an
action is told differ by game; a family's :class:`Front` (its ``terminal_front()``,
:class:`mapkit.engine.family.GameFamily`) says it:

* ``parse_command(state, line)`` -> :class:`~mapkit.play.commands.Command`;
* ``snapshot(state)`` taken before an action, ``narrate(snapshot, state, action)`` the line(s)
  telling what it did (never a secret: the screen may be shared);
* ``status(state, kinds, me)`` the compact view at a person's turn (his own secrets only),
  ``prompt_line(state)`` what he is asked, ``title(state)`` the picture's header line;
* ``action_as_command(state, action)`` (for ``hint`` and ``undo``), ``help``, ``done_words``;
* ``final(state)`` the last word when the game is over (by default :func:`final_text`);
* ``picture_overlay(view, pen)`` what the board picture shows of the game beyond the view's
  track, pawns, tokens and cities (a race's start and target, crossed-out lines).

A family without a front of its own gets the base :class:`Front`: the legal actions listed
and chosen by number, each action told as its JSON. :func:`final_text` is every family's last
word, from the view.
"""

from __future__ import annotations

import json

from .commands import META, Command, CommandError, first_word

__all__ = ["Front", "front_for", "final_text"]


class Front:
    """A family's front end (see the module notes); the base plays any game by the numbers
    of its legal actions."""

    help = ("  N                     play legal action number N (show lists them)\n"
            "  hint / undo           what the bot would do / take back your last action\n"
            "  show / map            the state again / a text map of the board\n"
            "  help / quit           this list / save and stop (resume with --resume)")
    done_words: dict = {}

    def snapshot(self, g):
        return None

    def narrate(self, before, g, action) -> str:
        who = g.players[action["player"]] if isinstance(action.get("player"), int) else "chance"
        return f"{who}: {self.action_as_command(g, action)}"

    def status(self, g, kinds=None, me=None) -> str:
        lines = [f"{g.rules.name}, phase {g.phase}"]
        if me is not None and g.current_player() == me:
            lines += [f"  {i}. {self.action_as_command(g, a)}" for i, a in enumerate(g.legal_actions(), 1)]
        return "\n".join(lines)

    def prompt_line(self, g) -> str:
        return f"{g.players[g.current_player()]}, choose an action by its number (show lists them)"

    def title(self, g) -> str:
        return g.board.name

    def picture_overlay(self, view: dict, pen) -> list:
        """What the family draws on the board picture (:mod:`.picture`) beyond what every game
        has (track, pawns, tokens, cities): SVG elements drawn with ``pen``
        (:class:`~mapkit.play.picture.Pen`) from the ``view``. The base: nothing."""
        return []

    def final(self, g) -> str:
        """The last word of a finished game: :func:`final_text`."""
        return final_text(g)

    def parse_command(self, g, line):
        words = first_word(line)
        if isinstance(words, Command):
            return words
        legal = g.legal_actions()
        text = words[0]
        if not text.isdigit() or not 1 <= int(text) <= len(legal):
            raise CommandError(f"type the number of a legal action, 1 to {len(legal)}, or one of "
                               f"{', '.join(sorted(set(META.values())))}")
        return Command("action", action=legal[int(text) - 1])

    def action_as_command(self, g, action) -> str:
        return json.dumps({k: v for k, v in action.items() if k != "player"}, ensure_ascii=False)


def front_for(state) -> Front:
    """The front end of the state's game family (the base front when it has none)."""
    from ..engine.game import FAMILIES

    front = FAMILIES[state.rules.family].terminal_front()
    return front if front is not None else Front()


def final_text(g) -> str:
    """The end of any game: why it ended, everybody's account or score, the winners."""
    v = g.view()
    lines = ["Game over: " + (v.get("end") or "")]
    order = sorted(v["players"], key=lambda x: (-x.get("account", 0), x["seat"]))
    for rank, x in enumerate(order, 1):
        lines.append(f" {rank}. {x['name']}: {x.get('account', 0)}")
    lines.append("Winner: " + ", ".join(v["winners"]))
    return "\n".join(lines)
