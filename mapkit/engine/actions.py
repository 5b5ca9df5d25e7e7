"""The actions of a game: JSON objects, one per decision or dice roll.

Every action is a JSON object with a ``type``. Player actions carry ``player`` (the seat,
0-based; filled in with the player to move when left out). Chance actions record dice, so a
game record replays exactly. The engine stores every action in the normalized form shown
here (canonical hex and edge names, city names, ``player`` always present).

Chance actions (``state.is_chance_node()``; outcomes from ``state.chance_outcomes()``):

``{"type": "first", "player": 2}``
    who starts (the highest of everybody's two-dice roll, ties re-rolled, or the Expres lot:
    every seat equally likely).
``{"type": "roll", "player": 0, "dice": [4, 6]}``
    a throw of the player named: build points (one or two dice), a race drawing (two dice:
    red = tens, white = units, or the Expres tens die then units die), a race move (one die),
    a tie-break re-roll (one die).

Player actions:

``{"type": "start", "player": 0, "city": "Praha"}``
    the start city (``city``: name, race number or hex on input). In turn (D): at the start of
    the player's first turn; secret (E): everybody in seat order, revealed when all chose.
``{"type": "build", "player": 0, "pieces": ["E4/E5", "E5/F5"]}``
    build pieces in this order (``"path": ["E4", "E5", "F5"]`` is the same); each piece must
    touch the builder's network when it is laid. Build phase: paid with dice points, fees from
    the account; after a race: paid from the budget of the post-race rule.
``{"type": "done", "player": 0}``
    end the build turn (unused points are lost; the turn also ends by itself at 0 points).
``{"type": "declare_end", "player": 1}``
    declare the end of the build phase, at the start of one's turn (before building): Paluba
    two rounds after the second-to-last city was connected; Expres once one city is left
    (then three more rounds from the declarer).
``{"type": "joint", "player": 0, "with": 2, "at": "H5"}``
    (option ``joint_track``) propose a shared track from hex ``at`` where both networks meet;
    player 2 answers ``{"type": "accept"}`` or ``{"type": "decline"}``.
``{"type": "race", "player": 1, "route": ["E4", "F4", "G5"], "tracks": [1, 0], "partner": 3}``
    race along ``route`` (hexes from the start city to the target over built track). ``tracks``
    (optional) names whose track each step uses where several players have parallel pieces
    (default: one's own, else the first builder of the piece). ``partner`` (option
    ``joint_races``): propose a joint train to a player who declares later; he answers
    ``{"type": "accept"}`` or declares for himself (a refusal).
``{"type": "pass", "player": 1}``
    do not race.
``{"type": "accept", "player": 3}`` / ``{"type": "decline", "player": 3}``
    answer a joint-track or joint-race proposal.

>>> normalize_type({"type": "Build"})
'build'
"""

from __future__ import annotations

from .errors import IllegalAction

__all__ = ["CHANCE_TYPES", "PLAYER_TYPES", "ACTION_TYPES", "normalize_type"]

CHANCE_TYPES = ("first", "roll")
PLAYER_TYPES = ("start", "build", "done", "declare_end", "joint", "race", "pass", "accept", "decline")
ACTION_TYPES = CHANCE_TYPES + PLAYER_TYPES


def normalize_type(action) -> str:
    """The action's ``type`` in lower case; IllegalAction for anything that is not an action."""
    if not isinstance(action, dict):
        raise IllegalAction("action.shape", f"an action is a JSON object with a type, not {action!r}")
    t = action.get("type")
    if not isinstance(t, str) or t.lower() not in ACTION_TYPES:
        raise IllegalAction("action.type", f"unknown action type {t!r}; known: {', '.join(ACTION_TYPES)}")
    return t.lower()
