"""Playing a map in the terminal: people against bots, or hot-seat between people.

================  ===============================================================
:mod:`.moves`     what a person types -> engine actions (hexes, city names, paths)
:mod:`.view`      the compact text view, one line per action
:mod:`.textmap`   the board as text: terrain, rivers, borders, cities, track, colour
:mod:`.picture`   the board picture with tracks, trains and accounts (SVG/PNG)
:mod:`.session`   the loop: dice, bots, prompts, saving the record after each step
================  ===============================================================

The engine stays free of presentation: everything here reads the public state of
:class:`mapkit.engine.GameState` and sends it JSON actions. ``mapkit play`` is the command.
"""

from .moves import Command, CommandError, parse_command
from .picture import GamePicture
from .session import Seat, Session, parse_players

__all__ = ["Command", "CommandError", "parse_command", "GamePicture", "Seat", "Session", "parse_players"]
