"""Playing a map in the terminal: people against bots, or hot-seat between people.

======================  =========================================================================
:mod:`.session`         the loop: chance outcomes, bots, prompts, saving the record after each step
:mod:`.fronts`          what each game family adds (commands, narration, status); the last word
:mod:`.picture`         the board picture with track, markers, trains, accounts (SVG/PNG)
:mod:`.textmap`         the board as text: terrain, rivers, borders, cities, track, colour
:mod:`.moves`           Dampfross: what a person types -> engine actions (hexes, city names, paths)
:mod:`.view`            Dampfross: the compact text view, one line per action
:mod:`.transamerica`    TransAmerica: commands, narration without secrets, status with one's cards
======================  =========================================================================

The engine stays free of presentation: everything here reads the public state (the generic
``state.view(seat)``, which shows a player his own secrets only) and sends it JSON actions.
The session, the picture and the text map work for any game through that view; a family's
front end (:func:`.fronts.front_for`) reads its commands. ``mapkit play`` is the command.
"""

from .moves import Command, CommandError, parse_command
from .picture import GamePicture
from .session import Seat, Session, parse_players

__all__ = ["Command", "CommandError", "parse_command", "GamePicture", "Seat", "Session", "parse_players"]
