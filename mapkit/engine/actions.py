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
"""

from __future__ import annotations

from .errors import IllegalAction

__all__ = ["normalize_type"]


def normalize_type(action, known) -> str:
    """The action's ``type`` in lower case; IllegalAction for anything that is not an action."""
    if not isinstance(action, dict):
        raise IllegalAction("action.shape", f"an action is a JSON object with a type, not {action!r}")
    t = action.get("type")
    if not isinstance(t, str) or t.lower() not in known:
        raise IllegalAction("action.type", f"unknown action type {t!r}; known: {', '.join(known)}")
    return t.lower()
