"""The actions of the Dampfross family: JSON objects, one per decision, dice roll or clock event.

Player actions carry ``player`` (the seat, 0-based; filled in with the player to move when left
out). The engine stores every action in the normalized form shown here (canonical hex and edge
names, city names, ``player`` always present).

Chance actions (``state.is_chance_node()``; outcomes from ``state.chance_outcomes()``):

``{"type": "first", "player": 2}``
    who starts (the highest of everybody's two-dice roll, ties re-rolled, or the Expres lot:
    every seat equally likely).
``{"type": "roll", "player": 0, "dice": [4, 6]}``
    a throw of the player named: build points (one or two dice), a race drawing (two dice:
    red = tens, white = units), a special race's target (one die, or the red die and the
    white die's parity, as the map's table says), a race move (one die), a tie-break (one die).

Player actions:

``{"type": "start", "player": 0, "city": "Praha"}``
    the start city (``city``: name, race number or hex on input).
``{"type": "build", "player": 0, "pieces": ["E4/E5", "E5/F5"]}``
    build pieces in this order (``"path": ["E4", "E5", "F5"]`` is the same); each piece must
    touch the builder's network when it is laid.
``{"type": "done", "player": 0}``
    end the build turn (unused points are lost; the turn also ends by itself at 0 points).
``{"type": "declare_end", "player": 1}``
    declare the end of the build phase, at the start of one's turn (before building).
``{"type": "joint", "player": 0, "with": 2, "at": "H5"}``
    (option ``joint_track``) propose a shared track from hex ``at`` where both networks meet;
    player 2 answers ``accept`` or ``decline``.
``{"type": "ferry", "player": 0, "ferry": "Kiel-Denmark"}``
    buy a ferry line of the map from the account (its ``cost``, 6 on the published maps), in
    one's build turn; its port must be in one's network (docs/rules.md, Options).
``{"type": "race", "player": 1, "route": ["E4", "F4", "G5"], "tracks": [1, 0], "partner": 3}``
    race along ``route`` (hexes from the start city to the target over built track; a step
    from a port to a ferry's landing sails the ferry). ``tracks`` (optional) names whose track
    each step uses where several players have parallel pieces (default: one's own, else the
    first builder). ``partner`` (option ``joint_races``): propose a joint train to a player who
    declares later; he answers ``accept`` or declares for himself (a refusal).
``{"type": "pass", "player": 1}``
    do not race.
``{"type": "accept", "player": 3}`` / ``{"type": "decline", "player": 3}``
    answer a joint-track or joint-race proposal.
``{"type": "timeout", "player": 1}``
    (option ``turn_timer``) the player's time ran out: the rest of his build turn is lost
    (unused points included), or he does not take part in the race; a front end sends it
    when ``state.decision_elapsed()`` passes the timer.

Clock events (anybody's, at any time):

``{"type": "time_up"}``
    (option ``time_limit``) the agreed time is over: the race being played is finished, then
    one more race, then the game ends.
"""

from __future__ import annotations

__all__ = ["CHANCE_TYPES", "PLAYER_TYPES", "EXTERNAL_TYPES", "ACTION_TYPES", "REFUSALS"]

CHANCE_TYPES = ("first", "roll")
PLAYER_TYPES = ("start", "build", "done", "declare_end", "joint", "ferry", "race", "pass", "accept", "decline",
                "timeout")
EXTERNAL_TYPES = ("time_up",)
ACTION_TYPES = CHANCE_TYPES + PLAYER_TYPES + EXTERNAL_TYPES

# Why a step refuses an action type it does not take: (rule, message).
REFUSALS = {
    "start": ("start.done", "the start city is chosen once, at the start of the game"),
    "build": ("build.not-now", "no building now"),
    "done": ("done.not-building", "'done' ends a build turn; nothing is being built now"),
    "declare_end": ("end.not-now", "the end of the build phase is declared at the start of a build turn"),
    "joint": ("joint.not-now", "a joint track is proposed at the start of one's build turn"),
    "ferry": ("ferry.not-now", "a ferry line is bought in one's build turn"),
    "race": ("race.not-declaring", "routes are declared after a race is drawn"),
    "pass": ("race.not-declaring", "'pass' declines a race; no race is being declared now"),
    "accept": ("accept.none", "there is no proposal to accept"),
    "decline": ("decline.none", "there is no proposal to decline"),
    "timeout": ("timer.not-now", "no clock runs for this decision (build turns and race declarations)"),
}
