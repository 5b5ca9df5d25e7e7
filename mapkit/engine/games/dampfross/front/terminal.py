"""Dampfross, Paluba and Expres in the terminal: the family's :class:`~mapkit.play.fronts.Front`
(what a person types: :mod:`.moves`; what the screen tells: :mod:`.narration`)."""

from __future__ import annotations

from mapkit.play.commands import DONE_WORDS
from mapkit.play.fronts import Front

from . import moves, narration
from .picture import race_overlay

__all__ = ["DampfrossFront"]


class DampfrossFront(Front):
    """The Dampfross family's front end."""

    help = moves.HELP
    done_words = DONE_WORDS

    def snapshot(self, g):
        return narration.Snapshot(g)

    def narrate(self, before, g, action) -> str:
        return narration.narrate(before, g, action)

    def status(self, g, kinds=None, me=None) -> str:
        return narration.status(g, kinds, me)

    def prompt_line(self, g) -> str:
        return narration.prompt_line(g)

    def title(self, g) -> str:
        return narration.title(g)

    def picture_overlay(self, view, pen) -> list:
        return race_overlay(view, pen)

    def parse_command(self, g, line):
        return moves.parse_command(g, line)

    def action_as_command(self, g, action) -> str:
        return moves.action_as_command(g, action)
