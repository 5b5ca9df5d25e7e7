"""The game loop of ``mapkit play``: people and bots take turns in the terminal.

Dice are rolled by the loop (from the game's seed and the number of actions so far, as in
:func:`mapkit.engine.simulate.roll`, so a resumed game rolls what the uninterrupted game would
have), bots answer at once, and a person types commands (the family's front, :mod:`mapkit.play.fronts`). After every
action the record is saved atomically, so the game can be resumed from any point; the picture
of the board is redrawn before each person's decision.

Input is read line by line, from the keyboard or from a pipe (then each command is echoed
after its prompt, so a transcript reads like a session): a test plays a whole game by piping
commands in. When the input ends, the game is saved and can be resumed.

A ``done`` meant for a turn that ended by itself is not taken for the next turn: when a
person's last action (not a ``done``) passed the move on to other players (his points were
spent, the engine offered no ``done`` any more) and the first line of the next person's turn
is ``done`` (typed ahead, or typed at the new prompt by a player who did not see the turn
end), it is refused with a line saying why, so it cannot end a turn its player has not seen;
a second ``done`` ends the turn.

>>> parse_players("Ann, bot:greedy ,Bob,bot:random")
[Seat(name='Ann', kind='human'), Seat(name='greedy-2', kind='greedy'),
 Seat(name='Bob', kind='human'), Seat(name='random-4', kind='random')]
"""

from __future__ import annotations

import random
import sys
from os import PathLike
from typing import TYPE_CHECKING, NamedTuple, TextIO

from ..engine.errors import IllegalAction
from ..errors import InputError
from .fronts import front_for
from .commands import CommandError
from .textmap import text_map

if TYPE_CHECKING:
    from .picture import GamePicture

UNDO_RULE = ("undo takes back your own last action, as long as no dice were rolled and nobody "
             "else moved after it")

__all__ = ["Seat", "parse_players", "Saving", "Console", "Session", "dice_roll"]


class Seat(NamedTuple):
    name: str
    kind: str        # "human" or a bot name


def parse_players(text: str, default_bot: str = "random", preset: str | None = None) -> list:
    """Seats from ``"Ann,bot:greedy,Bob"``: a name is a person, ``bot:NAME`` a bot (``bot``
    alone: ``default_bot``, the game family's; ``bot:strong:200ms``: a bot with its option),
    checked against the bots of ``preset``'s game (None: any game's)."""
    from ..engine.bots import base_name, check_bot

    seats = []
    for i, raw in enumerate(x.strip() for x in text.split(",")):
        if not raw:
            raise InputError(f"--players {text!r}: seat {i + 1} is empty")
        if raw.lower().startswith("bot") and (len(raw) == 3 or raw[3] == ":"):
            _, _, kind = raw.partition(":")
            try:
                kind = check_bot(kind.strip() or default_bot, preset)
            except InputError as exc:
                raise InputError(f"--players: seat {i + 1}: {exc}") from None
            seats.append(Seat(f"{base_name(kind)}-{i + 1}", kind))
        else:
            seats.append(Seat(raw, "human"))
    names = [s.name for s in seats]
    for n in names:
        if names.count(n) > 1:
            raise InputError(f"--players: two players are called {n!r}")
    return seats


def dice_roll(state, seed) -> dict:
    """The dice due now: the same as :func:`mapkit.engine.simulate.roll`."""
    return state.sample_chance(random.Random(f"dice:{seed}:{len(state.history)}"))


class Saving(NamedTuple):
    """What a session writes as it goes: the ``record`` saved after every action, the
    ``map_file`` it names (relative to the record's folder), and the board ``picture`` (a
    :class:`~mapkit.play.picture.GamePicture`) with the path to draw it to, or None."""

    record: str | PathLike[str]
    map_file: str | None = None
    picture: GamePicture | None = None
    picture_path: str | PathLike[str] | None = None


class Console(NamedTuple):
    """The terminal a session talks to: ``out`` and ``inp`` (standard output and input by
    default) and whether a person types at it (None: whether ``inp`` is a terminal)."""

    out: TextIO | None = None
    inp: TextIO | None = None
    interactive: bool | None = None


class Session:
    """One game in the terminal. ``seats``: :class:`Seat` per player; ``saving``: where the
    record and the picture go (:class:`Saving`); ``console``: the terminal (:class:`Console`)."""

    def __init__(self, state, seats, seed, saving: Saving, console: Console | None = None):
        from ..engine.bots import make_bot

        self.g = state
        self.seats = list(seats)
        self.seed = seed
        self.record_path, self.map_file, self.picture, self.picture_path = saving
        console = console or Console()
        self.out = console.out or sys.stdout
        self.inp = console.inp or sys.stdin
        self.interactive = self.inp.isatty() if console.interactive is None else console.interactive
        self.front = front_for(state)
        preset = state.rules.name
        self.bots = [make_bot(s.kind, seed, preset=preset) if s.kind != "human" else None for s in self.seats]
        self._drawn_at = -1
        self._last_human: int | None = None
        self._after_own = -1
        self._last_own: tuple[int, str] | None = None   # (player, action type) of the last person's action
        self._movers: set = set()          # players who acted since (dice rolls not counted)
        self.width, self.colour = _terminal(self.out)

    # -- output --------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def save(self) -> None:
        from ..engine.record import Record, save_record

        rec = Record.of(self.g, self.map_file)
        rec.header["play"] = {"seats": [s.kind for s in self.seats]}
        save_record(rec, self.record_path)

    def draw(self, force: bool = False) -> None:
        if self.picture is None:
            return
        n = len(self.g.history)
        if n == self._drawn_at and not force:
            return
        self.picture.write(self.g, self.picture_path)
        self._drawn_at = n

    # -- input ---------------------------------------------------------------------------------
    def typed_ahead(self) -> bool:
        """Whether a line is waiting before the prompt is shown (from a pipe: always)."""
        if not self.interactive:
            return True
        try:
            import select

            return bool(select.select([self.inp], [], [], 0)[0])
        except (OSError, ValueError):       # no select on this stream
            return False

    def ask(self, prompt: str):
        """A line from the player, or None at the end of the input."""
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.say()
                return None
        self.out.write(prompt)
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            return None
        self.out.write(line if line.endswith("\n") else line + "\n")
        self.out.flush()
        return line.rstrip("\r\n")

    # -- the loop ------------------------------------------------------------------------------
    def apply(self, action: dict, chance: bool = False) -> None:
        before = self.front.snapshot(self.g)
        self.g.apply(action)
        self.save()
        if not chance:
            self._movers.add(self.g.history[-1].get("player"))
        told = self.front.narrate(before, self.g, self.g.history[-1])
        if told:
            self.say(told)

    def _turn_ended_itself(self, now: int) -> bool:
        """Whether the last person's action, not a done, passed the move on: player ``now`` is
        another, or other players acted since."""
        if self._last_own is None:
            return False
        p, kind = self._last_own
        return kind not in self.front.done_words.values() and (now != p or bool(self._movers - {p}))

    def _done_refused(self, p: int, ahead: bool) -> str:
        """Why a done that came first in player ``p``'s turn, after the last person's turn had
        ended by itself, is not taken: no turn was waiting for it (the engine offered no done
        once that turn's points were spent), and this turn, new, has not been seen."""
        last = self._last_own[0] if self._last_own else p
        when = "typed before this turn began" if ahead else "typed after the turn it was meant for"
        turn = "your" if last == p else f"{self.g.players[last]}'s"
        return (f"  done not taken: it was {when}, and {turn} turn had already ended by itself "
                f"(nothing was left to do in it); this is {self.g.players[p]}'s new turn: type done again "
                f"to end it")

    def run(self) -> int:
        g = self.g
        self.save()
        if self.picture is not None:
            self.say(f"The board is drawn in {self.picture_path} after every turn (open it in an image viewer "
                     f"or a browser and reload).")
        self.say(f"The game is saved in {self.record_path} after every move. Type help for the commands.")
        while not g.is_terminal():
            if g.is_chance_node():
                self.apply(dice_roll(g, self.seed), chance=True)
                continue
            p = g.current_player()
            bot = self.bots[p]
            if bot is not None:
                self.apply(bot.decide(g))
                continue
            if not self.human_turn(p):
                self.say(f"The game is saved in {self.record_path}; continue it with "
                         f"mapkit play --resume {self.record_path}")
                return 0
        self.draw(force=True)
        self.say(self.front.final(g))
        self.say(f"The record is in {self.record_path}; mapkit replay {self.record_path} shows it again.")
        return 0

    def human_turn(self, p: int) -> bool:
        """Read commands until the player has acted once; False when he quits or input ends."""
        g = self.g
        self.draw()
        if self._last_human != p or len(g.history) != self._after_own:
            self.say("")
            self.say(self.front.status(g, [s.kind for s in self.seats], p))
        self._last_human = p
        first = True
        while True:
            self.say(self.front.prompt_line(g))
            ahead = self.typed_ahead()
            line = self.ask(f"{g.players[p]}> ")
            if line is None:
                return False
            if first and line.strip().lower() in self.front.done_words and self._turn_ended_itself(p):
                self.say(self._done_refused(p, ahead))
                self._last_own = None
                continue
            first = False
            try:
                cmd = self.front.parse_command(g, line)
            except CommandError as exc:
                self.say(f"  {exc}")
                continue
            if cmd.kind == "info":
                self.say(cmd.text)
                continue
            if cmd.kind == "meta":
                if cmd.name == "quit":
                    return False
                if cmd.name == "help":
                    self.say(self.front.help)
                elif cmd.name == "show":
                    self.say(self.front.status(g, [s.kind for s in self.seats], p))
                elif cmd.name == "map":
                    self.say(text_map(g, _terminal(self.out)[0], self.colour))  # the width now
                elif cmd.name == "hint":
                    self.hint(p)
                elif cmd.name == "undo":
                    self.undo(p)
                continue
            try:
                self.apply(cmd.action)
            except IllegalAction as exc:
                self.say(f"  not allowed: {exc.reason}")
                continue
            if cmd.text:
                self.say(cmd.text)
            self._after_own = len(g.history)
            self._last_own, self._movers = (p, cmd.action["type"]), set()
            return True

    def hint(self, p: int) -> None:
        """What the game's default bot would do for player ``p``, then the best few moves with
        the parts of their score (:mod:`mapkit.play.hints`)."""
        from ..engine.bots import make_bot
        from ..engine.game import FAMILIES
        from .hints import hint_lines

        g = self.g
        a = make_bot(FAMILIES[g.rules.family].default_bot, self.seed, preset=g.rules.name).decide(g)
        self.say(f"  hint: {self.front.action_as_command(g, a)}")
        for line in hint_lines(g, p, self.seed, self.front):
            self.say(line)

    def undo(self, p: int) -> None:
        """Take back player ``p``'s last action, saying what was taken back and what an undo
        more would take back; or why nothing can be."""
        g = self.g
        try:
            a = g.undo(player=p)
        except IllegalAction as exc:
            self.say(f"  nothing to undo: {exc.reason}. {UNDO_RULE[0].upper()}{UNDO_RULE[1:]}.")
            return
        self.save()
        try:
            more = f"undo again to take back: {self.front.action_as_command(g, g.clone().undo(player=p))}"
        except IllegalAction as exc:
            more = f"nothing more to undo ({exc.reason})"
        self.say(f"  took back: {self.front.action_as_command(g, a)}; {more}")
        self.draw()


def _terminal(out) -> tuple[int, bool]:
    """The width of the terminal ``out`` writes to (80 when it is none) and whether it shows
    colour (a terminal other than "dumb", unless NO_COLOR is set)."""
    import os
    import shutil

    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    if not tty:
        return 80, False
    colour = os.environ.get("NO_COLOR") is None and os.environ.get("TERM", "") not in ("", "dumb")
    return shutil.get_terminal_size((80, 24)).columns, colour
