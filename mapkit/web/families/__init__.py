"""What the server adds to the generic game page for one game family: its *requests*.

The page plays every game from :meth:`~mapkit.engine.state.State.view` and
:meth:`~mapkit.engine.state.State.legal_actions` alone (a button per listed action). A family
may add questions the page asks while a player makes up his mind, answered from the engine and
never changing the state: a Dampfross player asks what a path would cost before building it,
which routes lead to the race's target and what they cost in movement points and fares
(:mod:`.dampfross`). Each is a function ``(state, seat, message) -> dict`` registered here by
the family's name; the drawing of the family's own parts lives beside the page's script as
``static/families/<family>.js``.

A family may also say in a few words what its options mean (``OPTION_NOTES``, shown in the
lobby) and that it is played only on maps with city cards (``NEEDS_CARDS``). A request answers
for the asker's seat; a spectator may ask only those a family lists in
``PUBLIC`` (answers that hold nothing of any seat: TransAmerica's ``board``).

A family may also refuse, before the engine sees it, an action whose refusal by the engine
would tell the seat something hidden (``refusal(state, seat, action)``: ``(message, rule)``
or None): the page's answer must not depend on another seat's cards.

A new family adds a module here with its ``REQUESTS`` (and ``PUBLIC``) and a script; nothing
else changes.

>>> sorted(requests_for("dampfross"))
['plan', 'preview', 'route', 'routes']
>>> sorted(requests_for("transamerica")), sorted(public_requests("transamerica"))
(['board', 'check', 'completion', 'plan', 'preview'], ['board'])
>>> requests_for("chess"), public_requests("chess"), needs_cards("dampfross"), needs_cards("transamerica")
({}, frozenset(), False, True)
"""

from __future__ import annotations

import importlib

from ...errors import InputError

__all__ = ["requests_for", "public_requests", "option_notes", "needs_cards", "refusal", "hex_of", "hexes_of",
           "MAX_PATH"]

MAX_PATH = 400          # hexes in a path a page asks about


def _module(family: str):
    if not family.isidentifier():
        return None
    name = f"{__name__}.{family}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:        # the module is there but something it needs is not
            raise
        return None


def requests_for(family: str) -> dict:
    """The requests of ``family`` (name -> function), or {} for a family without any."""
    return dict(getattr(_module(family), "REQUESTS", {}))


def public_requests(family: str) -> frozenset:
    """The names of ``family``'s requests a spectator may ask."""
    return frozenset(getattr(_module(family), "PUBLIC", ()))


def option_notes(family: str) -> dict:
    """Option name -> what it means in a few words, for the lobby (``OPTION_NOTES``)."""
    return dict(getattr(_module(family), "OPTION_NOTES", {}))


def needs_cards(family: str) -> bool:
    """Whether ``family`` plays only on maps that carry city cards (``NEEDS_CARDS``)."""
    return bool(getattr(_module(family), "NEEDS_CARDS", False))


def refusal(family: str, state, seat: int, action: dict):
    """``(message, rule)`` when ``family`` refuses a seat's ``action`` before the engine
    checks it (see the module notes), else None."""
    fn = getattr(_module(family), "refusal", None)
    return None if fn is None else fn(state, seat, action)


def hex_of(board, name) -> int:
    """The hex id of a hex name sent by a page, or a one-line :class:`InputError`."""
    try:
        return board.hex_id(str(name))
    except (KeyError, ValueError, IndexError):
        raise InputError(f"{name!r} is not a hex of the board") from None


def hexes_of(board, names) -> list:
    """The hex ids of a path of hex names sent by a page (at most :data:`MAX_PATH`)."""
    if not isinstance(names, list) or len(names) > MAX_PATH:
        raise InputError(f"a path is a list of at most {MAX_PATH} hex names")
    return [hex_of(board, n) for n in names]
