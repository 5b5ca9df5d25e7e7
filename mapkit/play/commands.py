"""What a person types, read the same way in every game: commands and their errors, places
(hex names, city names with or without accents, race numbers), paths of places and lists of
pieces. A family's terminal front (:class:`mapkit.play.fronts.Front`) reads its own commands
with these.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine.compiled import EngineMap
>>> board = EngineMap.from_map(Map(Grid("pointy", "odd", 8, 2), cities=[City("Plzeň", H("A1"), (11,)),
...         City("Ústí nad Labem", H("H2"), (12,))]))
>>> [board.hex_names[h] for h in split_places(board, "Plzen-B1 usti nad labem")]
['A1', 'B1', 'H2']
>>> build_action(board, "A1/B1 B1/C1")
{'type': 'build', 'pieces': ['A1/B1', 'B1/C1']}
>>> first_word("undo")
Command(kind='meta', action=None, text=None, name='undo')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..grid import hex_name
from ..places import CityNames, PlaceError, find_place, fold

__all__ = ["Command", "CommandError", "fold", "resolve_place", "split_places", "one_place", "two_places",
           "edge_list", "help_text", "first_word", "build_action", "shown", "DONE_WORDS", "META",
           "MAX_LINE", "MAX_PLACES"]

# Bounds on what one typed line may ask, so that every command's work stays small: no one
# types a longer line, and a path across the largest board has far fewer places.
MAX_LINE = 2000          # characters of a command
MAX_PLACES = 500         # places in one list
ECHO = 80                # characters of typed text an error repeats


def help_text(doc: str) -> str:
    """The command table of the module notes, as plain text for the ``help`` command."""
    rows = []
    for line in doc.split("\n========================  =", 1)[1].splitlines()[1:]:
        if line.startswith("===="):
            break
        cmd, _, what = line.replace("``", "").partition("  ")
        rows.append(f"  {cmd.strip():<22}{what.strip()}")
    return "\n".join(rows)



# The words that end a build turn, and the action they make.
DONE_WORDS = {"done": "done", "d": "done", "end": "done", "finish": "done"}
META = {"help": "help", "h": "help", "?": "help", "show": "show", "status": "show", "s": "show",
        "look": "show", "map": "map", "hint": "hint", "suggest": "hint", "undo": "undo", "u": "undo",
        "quit": "quit", "exit": "quit", "q": "quit", "save": "quit"}


class CommandError(ValueError):
    """A command that cannot be understood or carried out; the message says why and what to try."""


@dataclass
class Command:
    """``kind``: ``action`` (``action`` is an engine action; ``text`` an optional note shown
    after it), ``info`` (``text`` to show) or ``meta`` (``name``: help, show, map, hint, undo, quit)."""

    kind: str
    action: dict | None = None
    text: str | None = None
    name: str | None = None


def shown(text: str) -> str:
    """Typed text as an error repeats it: its first ``ECHO`` characters, "..." after them when
    it is longer (an error line stays one short line whatever was typed).

    >>> shown("Praha"), shown("x" * 100) == "x" * 80 + "..."
    ('Praha', True)
    """
    text = text.strip()
    return text if len(text) <= ECHO else text[:ECHO] + "..."


def _city_names(board) -> CityNames:
    return CityNames.of(board.cities)


def resolve_place(board, text: str) -> int:
    """The hex id of a place: a hex name, a city name (accents optional) or a race number
    (:func:`mapkit.places.find_place`, the matcher every command shares)."""
    names = _city_names(board)
    # A text over twice as long as the longest name is no place, not even a misspelt one
    # (no suggestion comes close); it is refused here so that the error need not repeat it.
    if len(text.strip()) > max(ECHO, 2 * max((len(n) for n in names.folded), default=0)):
        raise CommandError(f"{shown(text)!r} is neither a hex nor a city of the map")
    try:
        h, city = find_place(board.grid, names, text)
    except PlaceError as exc:
        raise CommandError(str(exc)) from None
    if city is not None:
        return board.cities[city].hex
    assert h is not None        # find_place gives a hex when it gives no city
    return board.hex_id(hex_name(h))


def split_places(board, text: str) -> list:
    """The places of a path as hex ids; city names of several words are matched whole."""
    _refuse_long(text)
    names = _city_names(board).folded
    raw = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    words: list[str] = []
    for w in raw:
        # dashes separate places unless the dashed word is a city (Frýdek-Místek)
        f = fold(w)
        if "-" in w and f not in names and not any(n.startswith(f) for n in names if " " not in n):
            words.extend(x for x in w.split("-") if x)
        else:
            words.append(w)
    if len(words) > MAX_PLACES:
        raise CommandError(f"give at most {MAX_PLACES} places, not {len(words)}")
    # no run of more words than the longest city name has can be a city: each place tries
    # that many at most (the work grows with the line, not with its cube)
    longest = max((len(n.split()) for n in names), default=1)
    out = []
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + longest), i + 1, -1):     # the longest run that is a city
            run = fold(" ".join(words[i:j]))
            if run in names:
                out.append(board.cities[names[run]].hex)
                i = j
                break
        else:
            out.append(resolve_place(board, words[i]))
            i += 1
    return out


def edge_list(board, text: str):
    """Edges given as ``E4/E5 E5/F5``: their names, or None if the text is not a list of edges."""
    parts = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if not parts or not all("/" in w for w in parts):
        return None
    out = []
    for w in parts:
        try:
            a, b = board.parse_edge(w)
        except ValueError as exc:
            raise CommandError(f"{shown(w)}: {exc}") from None
        e = board.edge_between(a, b)
        if e is None:
            raise CommandError(f"{shown(w)}: no track can be built there (not adjacent, water, off the board "
                               "or a border)")
        out.append(board.edge_name(e))
    return out


def first_word(line: str) -> tuple[str, str, str, str] | Command:
    """``(text, word, lower-case word, rest)`` of a typed line; a meta command (help, undo ...)
    as its :class:`Command` instead."""
    text = line.strip()
    if not text:
        raise CommandError("type a command (help lists them)")
    _refuse_long(text)
    word, _, rest = text.partition(" ")
    if word.lower() in META:
        return Command("meta", name=META[word.lower()])
    return text, word, word.lower(), rest.strip()




def _refuse_long(text: str) -> None:
    """A line longer than ``MAX_LINE`` is refused before any work is done for it."""
    if len(text) > MAX_LINE:
        raise CommandError(f"a line of {len(text)} characters is too long: at most {MAX_LINE}")


def one_place(board, text: str) -> int:
    places = split_places(board, text)
    if len(places) != 1:
        raise CommandError(f"give one place, not {len(places)}: {shown(text)!r}")
    return places[0]


def two_places(board, text: str) -> list:
    places = split_places(board, text)
    if not 1 <= len(places) <= 2:
        raise CommandError(f"give one or two places, not {len(places)}")
    return places


def build_action(board, text: str) -> dict:
    """A build action from typed edges (``E4/E5 E5/F5``) or a path of places."""
    pieces = edge_list(board, text)
    if pieces is not None:
        return {"type": "build", "pieces": pieces}
    places = split_places(board, text)
    if len(places) < 2:
        raise CommandError("a path needs at least two places (build E4 E5), or use 'to CITY'")
    return {"type": "build", "path": [board.hex_names[h] for h in places]}
