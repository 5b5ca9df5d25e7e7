"""What the server adds to the generic game page for one game family: its *requests*.

The page plays every game from :meth:`~mapkit.engine.state.State.view` and
:meth:`~mapkit.engine.state.State.legal_actions` alone (a button per listed action). A family
may add questions the page asks while a player makes up his mind, answered from the engine and
never changing the state: a Dampfross player asks what a path would cost before building it,
which routes lead to the race's target and what they cost in movement points and fares
(:mod:`.dampfross`). Each is a function ``(state, seat, message) -> dict`` registered here by
the family's name; the drawing of the family's own parts lives beside the page's script as
``static/families/<family>.js``.

A new family (TransAmerica) adds a module here with its ``REQUESTS`` and a script; nothing
else changes.

>>> sorted(requests_for("dampfross"))
['plan', 'preview', 'route', 'routes']
>>> requests_for("chess")
{}
"""

from __future__ import annotations

import importlib

__all__ = ["requests_for"]


def requests_for(family: str) -> dict:
    """The requests of ``family`` (name -> function), or {} for a family without any."""
    if not family.isidentifier():
        return {}
    name = f"{__name__}.{family}"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:        # the module is there but something it needs is not
            raise
        return {}
    return dict(getattr(mod, "REQUESTS", {}))
