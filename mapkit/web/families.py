"""What the server adds to the generic game page for one game family, asked of the family
(:class:`mapkit.engine.family.GameFamily`): its *requests*, and the helpers they share.

The page plays every game from :meth:`~mapkit.engine.state.State.view` and
:meth:`~mapkit.engine.state.State.legal_actions` alone (a button per listed action). A family
may add questions the page asks while a player makes up his mind, answered from the engine and
never changing the state: a Dampfross player asks what a path would cost before building it,
which routes lead to the race's target and what they cost in movement points and fares. Every
game also answers ``hint`` (:func:`hint`: the family's best moves with their figures). Each
is a function ``(state, seat, message) -> dict`` the family's ``web_requests()`` names; the
drawing of the family's own parts is its ``web_script()``, served as ``/families/NAME.js``.

A family may also say in a few words what its options mean (``option_notes()``, shown in the
lobby) and that it is played only on maps with city cards (``needs_cards``). A request answers
for the asker's seat; a spectator may ask only those in the family's ``public_requests()``
(answers that hold nothing of any seat: TransAmerica's ``board``).

A family may also refuse, before the engine sees it, an action whose refusal by the engine
would tell the seat something hidden (``refusal(state, seat, action)``: ``(message, rule)``
or None): the page's answer must not depend on another seat's cards.

>>> sorted(requests_for("dampfross"))
['hint', 'plan', 'preview', 'route', 'routes']
>>> sorted(requests_for("transamerica")), sorted(public_requests("transamerica"))
(['board', 'check', 'completion', 'hint', 'plan', 'preview'], ['board'])
>>> sorted(requests_for("chess")), public_requests("chess"), needs_cards("dampfross"), needs_cards("transamerica")
(['hint'], frozenset(), False, True)
"""

from __future__ import annotations

from ..errors import InputError

__all__ = ["family_named", "requests_for", "public_requests", "option_notes", "needs_cards", "refusal", "hex_of",
           "hexes_of", "MAX_PATH"]

MAX_PATH = 400          # hexes in a path a page asks about


def family_named(family: str):
    """The registered family called ``family``, or the base family (no requests, no notes)."""
    from ..engine.family import GameFamily
    from ..engine.game import FAMILIES

    return FAMILIES.get(family) or GameFamily()


def requests_for(family: str) -> dict:
    """The requests of ``family`` (name -> function), and ``hint``, which every game has (a
    family may answer it its own way)."""
    return {"hint": hint, **family_named(family).web_requests()}


def hint(state, seat: int, msg: dict) -> dict:
    """``{"moves": [...]}``: the best few moves for ``seat`` when he is to move, each with its
    score and the parts of it, the greedy bot's marked (:func:`mapkit.engine.bots.moves.hints`:
    from his seat's observation; none when he is not to move)."""
    from ..engine.bots.moves import hints

    if seat is None or state.current_player() != seat:
        raise InputError("a hint is for the player to move")
    return {"moves": [c.as_json() for c in hints(state, seat, state.seed or 0)]}


def public_requests(family: str) -> frozenset:
    """The names of ``family``'s requests a spectator may ask."""
    return frozenset(family_named(family).public_requests())


def option_notes(family: str) -> dict:
    """Option name -> what it means in a few words, for the lobby."""
    return dict(family_named(family).option_notes())


def needs_cards(family: str) -> bool:
    """Whether ``family`` plays only on maps that carry city cards."""
    return bool(family_named(family).needs_cards)


def refusal(family: str, state, seat: int, action: dict):
    """``(message, rule)`` when ``family`` refuses a seat's ``action`` before the engine
    checks it (see the module notes), else None."""
    return family_named(family).refusal(state, seat, action)


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
