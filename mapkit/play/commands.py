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
           "edge_list", "help_text", "first_word", "build_action", "DONE_WORDS", "META"]


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


def _city_names(board) -> CityNames:
    return CityNames.of(board.cities)


def resolve_place(board, text: str) -> int:
    """The hex id of a place: a hex name, a city name (accents optional) or a race number
    (:func:`mapkit.places.find_place`, the matcher every command shares)."""
    try:
        h, city = find_place(board.grid, _city_names(board), text)
    except PlaceError as exc:
        raise CommandError(str(exc)) from None
    if city is not None:
        return board.cities[city].hex
    assert h is not None        # find_place gives a hex when it gives no city
    return board.hex_id(hex_name(h))


def split_places(board, text: str) -> list:
    """The places of a path as hex ids; city names of several words are matched whole."""
    names = _city_names(board).folded
    raw = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    words: list[str] = []
    for w in raw:
        # dashes separate places unless the dashed word is a city (Frýdek-Místek)
        if "-" in w and fold(w) not in names and not any(n.startswith(fold(w)) for n in names if " " not in n):
            words.extend(x for x in w.split("-") if x)
        else:
            words.append(w)
    out = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):       # the longest run of words that is a city
            if j - i > 1 and fold(" ".join(words[i:j])) in names:
                out.append(board.cities[names[fold(" ".join(words[i:j]))]].hex)
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
            raise CommandError(f"{w}: {exc}") from None
        e = board.edge_between(a, b)
        if e is None:
            raise CommandError(f"{w}: no track can be built there (not adjacent, water, off the board or a border)")
        out.append(board.edge_name(e))
    return out


def first_word(line: str) -> tuple[str, str, str, str] | Command:
    """``(text, word, lower-case word, rest)`` of a typed line; a meta command (help, undo ...)
    as its :class:`Command` instead."""
    text = line.strip()
    if not text:
        raise CommandError("type a command (help lists them)")
    word, _, rest = text.partition(" ")
    if word.lower() in META:
        return Command("meta", name=META[word.lower()])
    return text, word, word.lower(), rest.strip()




def one_place(board, text: str) -> int:
    places = split_places(board, text)
    if len(places) != 1:
        raise CommandError(f"give one place, not {len(places)}: {text!r}")
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
