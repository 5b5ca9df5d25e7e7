"""Playing a map in the terminal: people against bots, or hot-seat between people.

======================  =========================================================================
:mod:`.session`         the loop: chance outcomes, bots, prompts, saving the record after each step
:mod:`.fronts`          what each game family adds (commands, narration, status); the last word
:mod:`.picture`         the board picture with track, markers, trains, accounts (SVG/PNG)
:mod:`.textmap`         the board as text: terrain, rivers, borders, cities, track, colour
:mod:`.commands`        what every game's commands share: places, paths, pieces, meta commands
======================  =========================================================================

The engine stays free of presentation: everything here reads the public state (the generic
``state.view(seat)``, which shows a player his own secrets only) and sends it JSON actions.
The session, the picture and the text map work for any game through that view; a family's
front end (:func:`.fronts.front_for`, the family's ``terminal_front`` hook: Dampfross's in
:mod:`mapkit.engine.games.dampfross.front.terminal`) reads its commands. ``mapkit play`` is
the command.
"""

from .commands import Command, CommandError
from .picture import GamePicture
from .session import Console, Saving, Seat, Session, parse_players

__all__ = ["Command", "CommandError", "Console", "GamePicture", "Saving", "Seat", "Session", "parse_players"]
