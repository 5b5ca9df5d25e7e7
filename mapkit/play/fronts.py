"""The terminal front end's part per game family, and what every family shares.

The session (:mod:`.session`), the picture (:mod:`.picture`) and the text map
(:mod:`.textmap`) work for any game through the state's generic ``view()``: its players and
their accounts or scores, the track (each piece with the seats that own it or whose network
it is), start markers, the winners and why the game ended. What a person types and how an
action is told differ by game; a family's :class:`Front` says it:

* ``parse_command(state, line)`` -> :class:`~mapkit.play.moves.Command`;
* ``snapshot(state)`` taken before an action, ``narrate(snapshot, state, action)`` the line(s)
  telling what it did (never a secret: the screen may be shared);
* ``status(state, kinds, me)`` the compact view at a person's turn (his own secrets only),
  ``prompt_line(state)`` what he is asked, ``title(state)`` the picture's header line;
* ``action_as_command(state, action)`` (for ``hint`` and ``undo``), ``help``, ``done_words``.

:func:`final_text` is every family's last word, from the view.
"""

from __future__ import annotations

__all__ = ["Front", "DampfrossFront", "front_for", "final_text", "FRONTS"]


class Front:
    """A family's front end (see the module notes); the base tells nothing."""

    help = ""
    done_words: dict = {}

    def snapshot(self, g):
        return None

    def narrate(self, before, g, action) -> str:
        return action["type"]

    def status(self, g, kinds=None, me=None) -> str:
        return ""

    def prompt_line(self, g) -> str:
        return g.players[g.current_player()]

    def title(self, g) -> str:
        return g.board.name

    def parse_command(self, g, line):
        raise NotImplementedError

    def action_as_command(self, g, action) -> str:
        return action["type"]


class DampfrossFront(Front):
    """Dampfross, Paluba and Expres: :mod:`.moves` and :mod:`.view`."""

    def __init__(self):
        from . import moves

        self.help = moves.HELP
        self.done_words = moves.DONE_WORDS

    def snapshot(self, g):
        from .view import Snapshot

        return Snapshot(g)

    def narrate(self, before, g, action) -> str:
        from .view import narrate

        return narrate(before, g, action)

    def status(self, g, kinds=None, me=None) -> str:
        from .view import status

        return status(g, kinds, me)

    def prompt_line(self, g) -> str:
        from .view import prompt_line

        return prompt_line(g)

    def title(self, g) -> str:
        from .view import title

        return title(g)

    def parse_command(self, g, line):
        from .moves import parse_command

        return parse_command(g, line)

    def action_as_command(self, g, action) -> str:
        from .moves import action_as_command

        return action_as_command(g, action)


def _transamerica():
    from .transamerica import TransAmericaFront

    return TransAmericaFront()


FRONTS = {"dampfross": DampfrossFront, "transamerica": _transamerica}


def front_for(state) -> Front:
    """The front end of the state's game family."""
    make = FRONTS.get(state.rules.family)
    return make() if make is not None else Front()


def final_text(g) -> str:
    """The end of any game: why it ended, everybody's account or score, the winners."""
    v = g.view()
    lines = ["Game over: " + (v.get("end") or "")]
    order = sorted(v["players"], key=lambda x: (-x.get("account", 0), x["seat"]))
    for rank, x in enumerate(order, 1):
        lines.append(f" {rank}. {x['name']}: {x.get('account', 0)}")
    lines.append("Winner: " + ", ".join(v["winners"]))
    return "\n".join(lines)
