"""The errors of the game engine.

An illegal action raises :class:`IllegalAction` (a :class:`~mapkit.errors.InvalidError`, so
the command line exits 1 with its one-line message). ``rule`` names the rule it breaks, as a
short stable identifier (``build.connected``, ``fees.account`` ...) and the message cites
the section of ``docs/rules.md``. The state is never changed by a refused action.

>>> e = IllegalAction("build.connected", "C4/C5 does not touch your network (docs/rules.md, Paluba)")
>>> e.rule, str(e)
('build.connected', 'illegal action [build.connected]: C4/C5 does not touch your network (docs/rules.md, Paluba)')
"""

from __future__ import annotations

from ..errors import InputError, InvalidError

__all__ = ["IllegalAction", "RecordError", "map_named"]


class IllegalAction(InvalidError):
    """An action the rules do not allow now; ``rule`` is the broken rule's identifier."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"illegal action [{rule}]: {message}")
        self.rule = rule
        self.reason = message


class RecordError(InputError):
    """A game record or engine map that cannot be read (malformed JSON, wrong shape)."""


def map_named(name: str | None) -> str:
    """``the map 'X'`` in a message, or ``the map`` when it has no name (the command line
    names the file before every message).

    >>> map_named("Česko"), map_named("")
    ("the map 'Česko'", 'the map')
    """
    return f"the map {name!r}" if name else "the map"
