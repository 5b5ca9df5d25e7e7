"""Actions are JSON objects with a ``type``; this module checks the type of any action.

Each game family lists the types it knows (``State.ACTION_TYPES``) and documents their
shapes (Dampfross: :mod:`mapkit.engine.games.dampfross.actions`). Player actions carry
``player`` (the seat, 0-based; filled in with the player to move when left out). Chance
actions (dice, draws) are recorded like any other, so a record replays exactly.

>>> normalize_type({"type": "Build"}, ("build", "done"))
'build'
>>> normalize_type({"type": "fly"}, ("build", "done"))
Traceback (most recent call last):
...
mapkit.engine.errors.IllegalAction: illegal action [action.type]: unknown action type 'fly'; known: build, done

A path of hexes in an action (a route, a line of track) is read by :func:`hex_path`:

>>> from mapkit.grid import Grid
>>> from mapkit.model import Map
>>> from mapkit.engine import EngineMap
>>> b = EngineMap.from_map(Map(Grid("pointy", "odd", 3, 2)))
>>> hex_path(b, ["A1", "b1", 2], "route.shape", "a route lists hexes")
[0, 1, 2]
>>> hex_path(b, ["A1", "Z9"], "route.shape", "a route lists hexes", "route.hex")
Traceback (most recent call last):
...
mapkit.engine.errors.IllegalAction: illegal action [route.hex]: Z9 is not on the board
"""

from __future__ import annotations

from .errors import IllegalAction

__all__ = ["normalize_type", "hex_path"]


def normalize_type(action, known) -> str:
    """The action's ``type`` in lower case; IllegalAction for anything that is not an action."""
    if not isinstance(action, dict):
        raise IllegalAction("action.shape", f"an action is a JSON object with a type, not {action!r}")
    t = action.get("type")
    if type(t) is str and t in known:      # already a known type in lower case (most actions)
        return t
    if not isinstance(t, str) or t.lower() not in known:
        raise IllegalAction("action.type", f"unknown action type {t!r}; known: {', '.join(known)}")
    return t.lower()


def hex_path(board, value, rule: str, shape: str, hex_rule: str | None = None) -> list[int]:
    """The hex ids of a path an action names (a list of at least two hex names or ids).

    Not such a list: IllegalAction ``(rule, shape)``; a hex not on ``board`` (an
    :class:`~mapkit.engine.compiled.EngineMap`): IllegalAction ``(hex_rule or rule, why)``."""
    if not isinstance(value, list) or len(value) < 2:
        raise IllegalAction(rule, shape)
    try:
        return board.hex_ids(value)
    except (ValueError, TypeError) as exc:
        raise IllegalAction(hex_rule or rule, str(exc)) from None
