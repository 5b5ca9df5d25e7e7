"""The board as text for the terminal: terrain, rivers and borders on the hex sides, cities
that tell themselves apart, every player's track and start marker (read from the state's
generic ``view()``, so any game's), in colour where the terminal has it.

Two layouts, the wider one when the terminal is wide enough:

* *wide*, four characters per hex and two lines per row of hexes: every hex side has a place
  of its own between the hexes (``|`` ``/`` ``\\`` on pointy boards, ``-`` ``/`` ``\\`` on flat
  ones), where a river is drawn with those characters and a state border with ``:``; a city
  shows its smallest race number (a city without one, three letters of its name);
* *compact*, two characters per hex and one line per row: only the sides between two hexes of
  one row have a place (the gap between them); a city shows a letter of its own.

Both print the column names (two lines for columns past Z in the compact layout) and, below
the map, what each city mark means. No line is wider than the terminal: when even the compact
layout is, a window of columns around the track of the player to move is shown.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City, EdgeSet
>>> from mapkit.engine import new_game
>>> m = Map(Grid("pointy", "odd", 4, 2), terrain={H("C2"): "mountain"},
...         rivers=[EdgeSet({(H("B1"), H("C1")), (H("B1"), H("B2"))})],
...         cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("D2"), (12,))])
>>> g = new_game(m, "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> g.apply({"type": "start", "city": "Aš"}); g.apply({"type": "roll", "dice": [1, 1]})
>>> g.apply({"type": "build", "path": ["A1", "B1"]})
>>> print(text_map(g, width=80))
     A   B   C   D
 1  11   1 | .   .
          /
 2     .   .   ^  12
<BLANKLINE>
 11 Aš, 12 Cheb
 1 2 track of seat 1, 2 (* shared)  ^ mountain  | / \\ river  : border
>>> print(text_map(g, width=13))
    A B C D
 1  A 1|. .
 2   . . ^ C
<BLANKLINE>
 A Aš (11), C Cheb (12)
 1 2 track of seat 1, 2 (* shared)
 ^ mountain  | river  : border
 (sides between rows need a wider terminal)

A map wider than the terminal even so shows a window around the track of the player to move
(his network and start marker), and says which columns it shows:

>>> print("\\n".join(text_map(g, width=10).splitlines()[:3]))
    A B C
 1  A 1|.
 2   . .
>>> text_map(g, width=10).splitlines()[-1]
' (columns A..C of A..D shown: a wider terminal shows the whole board)'
"""

from __future__ import annotations

from ..grid import column_name, parse_edge

__all__ = ["text_map", "city_marks", "ANSI"]

TERRAIN_CHAR = {"plain": ".", "mountain": "^", "water": "~", "foreign": "#", "off": " "}
# ANSI colours (SGR codes): terrain, rivers, borders, cities, and the seats' track.
ANSI = {"mountain": "33", "water": "34", "foreign": "90", "river": "94;1", "border": "91", "city": "31;1"}
SEAT_ANSI = ("95;1", "92;1", "93;1", "96;1", "35;1", "32;1", "33;1", "36;1")
WIDE_CELL, COMPACT_CELL = 4, 2
LABEL = 3           # the row numbers before each line


def _paint(text: str, code: str | None, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour and code and text.strip() else text


def city_marks(board, width: int) -> list[str]:
    """A mark per city that no other city shares: the smallest race number (or three letters
    of the name) when ``width`` is 3, else one letter (first of the name, then later ones, in
    upper then lower case, then digits).

    >>> from mapkit.grid import Grid, parse_hex as H
    >>> from mapkit.model import Map, City
    >>> from mapkit.engine import EngineMap
    >>> b = EngineMap.from_map(Map(Grid("pointy", "odd", 4, 1), cities=[City("Praha", H("A1"), (12, 11)),
    ...     City("Plzeň", H("B1"), (13,)), City("Pardubice", H("C1"), ()), City("Písek", H("D1"), ())]))
    >>> city_marks(b, 3), city_marks(b, 1)
    (['11', '13', 'Par', 'Pis'], ['P', 'L', 'A', 'I'])
    """
    from ..places import fold

    marks: list[str] = []
    taken: set[str] = set()
    for c in board.cities:
        letters = [ch for ch in fold(c.name) if ch.isalpha()] or ["x"]
        if width >= 3:
            mark = str(min(c.numbers)) if c.numbers else ("".join(letters[:3])).capitalize()
            k = 1
            while mark in taken:           # two numberless cities alike: Che, then Chm, ...
                k += 1
                rest = letters[k:k + 2]
                mark = (letters[0] + "".join(rest)).capitalize() if len(rest) == 2 else f"#{len(taken)}"
        else:
            choices = [ch.upper() for ch in letters] + [ch.lower() for ch in letters] + list("0123456789")
            mark = next((ch for ch in choices if ch not in taken), "?")
        taken.add(mark)
        marks.append(mark)
    return marks


def _layout(board, wide: bool):
    """Text position ``(line, column)`` of every hex's centre."""
    g = board.grid
    d = g.hex_mm
    cell = WIDE_CELL if wide else COMPACT_CELL
    pos = []
    for i in range(len(board.hex_names)):
        h = g.hex_at(i)
        x, y = g.centre_mm(h)
        if g.pointy:
            col = round(cell * (x - d / 2) / d) + cell // 2
            line = (2 if wide else 1) * h.row
        else:
            col = cell * h.col + cell // 2
            line = round(2 * (y - d / 2) / d) if wide else h.row
        pos.append((line, col))
    return pos


def _side_char(board, pa, pb, wide: bool):
    """``(line, column, char)`` where the side between hexes at ``pa`` and ``pb`` is drawn,
    or None when the layout has no place for it."""
    (la, ca), (lb, cb) = sorted((pa, pb))
    if board.grid.pointy:
        if la == lb:
            return la, (ca + cb) // 2, "|"
        if not wide:
            return None
        return la + 1, (ca + cb) // 2, "/" if cb > ca else "\\"
    if not wide:
        return None
    if ca == cb:
        return la + 1, ca, "-"
    # Flat boards: the side between two columns, on the upper hex's line.
    left, right = (pa, pb) if pa[1] < pb[1] else (pb, pa)
    return min(la, lb), left[1] + 2, "/" if right[0] > left[0] else "\\"


def text_map(g, width: int = 80, colour: bool = False) -> str:
    """The board of game ``g`` in ``width`` columns of text (see the module notes); ``colour``:
    with ANSI colours."""
    b = g.board
    grid = b.grid
    wide_width = WIDE_CELL * (grid.columns + 1) + 4
    wide = width >= wide_width
    pos = _layout(b, wide)
    marks = city_marks(b, 3 if wide else 1)
    cells: dict[tuple[int, int], tuple[str, str | None]] = {}

    def put(line, col, text, code):
        for k, ch in enumerate(text):
            cells[(line, col + k)] = (ch, code)

    at = _seats_at(g)
    for i, (line, col) in enumerate(pos):
        if i in b.city_at:
            mark = marks[b.city_at[i]]
            put(line, col - len(mark) // 2, mark, ANSI["city"])
            continue
        seats = at.get(i)
        if seats:
            one = len(seats) == 1 and seats[0] < 9
            put(line, col, str(seats[0] + 1) if one else "*", SEAT_ANSI[seats[0] % len(SEAT_ANSI)] if one else None)
        else:
            t = b.terrain[i]
            put(line, col, TERRAIN_CHAR.get(t, "."), ANSI.get(t))
    sides = [(a, bb, "river") for (a, bb), r in zip(b.edge_ends, b.edge_river, strict=False) if r]
    for name in b.borders:
        ea, eb = parse_edge(name)
        sides.append((grid.index(ea), grid.index(eb), "border"))
    for a, bb, kind in sides:
        spot = _side_char(b, pos[a], pos[bb], wide)
        if spot is None:
            continue
        line, col, ch = spot
        cells[(line, col)] = (":" if kind == "border" else ch, ANSI[kind])
    shown = _window(g, pos, cells, width - LABEL - 1)
    if shown is not None:
        lo, hi = shown
        cells = {(line, col - lo): v for (line, col), v in cells.items() if lo <= col < hi}
        pos = [(line, col - lo) if lo <= col < hi else (line, -1) for line, col in pos]
    return "\n".join(_header(grid, pos, wide) + _rows(cells, wide, colour)
                     + [""] + _key(b, marks, wide, width, _shown_columns(grid, pos) if shown else None))


def _window(g, pos, cells, room: int) -> tuple[int, int] | None:
    """The text columns ``[lo, hi)`` shown when the map is wider than ``room``: a window around
    the hexes of the player to move (his track and marker), else of all track, else the
    board's middle; None when the whole map fits."""
    right = max(col for _, col in cells) + 1
    if right <= room:
        return None
    at = _seats_at(g)
    me = g.current_player()
    focus = [i for i, seats in at.items() if me in seats] or list(at)
    cols = [pos[i][1] for i in focus] or [right // 2]
    centre = (min(cols) + max(cols)) // 2
    lo = max(0, min(centre - room // 2, right - room))
    return lo, lo + room


def _shown_columns(grid, pos) -> str:
    """The board's columns a window shows, as "F..AH of A..AM"."""
    seen = sorted({grid.hex_at(i).col for i, (_, col) in enumerate(pos) if col >= 0})
    return (f"{column_name(seen[0])}..{column_name(seen[-1])} of {column_name(0)}.."
            f"{column_name(grid.columns - 1)}")


def _seats_at(g) -> dict:
    """hex id -> the seats whose track (pieces they own, or pieces of their network) or start
    marker is there, from the state's generic view."""
    b = g.board
    board = g.view()["board"]
    out: dict = {}
    for entry in board["track"]:
        seats = entry.get("owners") or entry.get("network") or []
        for h in _track_hexes(b, entry):
            out.setdefault(h, set()).update(seats)
    seat = {n: p for p, n in enumerate(g.players)}
    for name, h in board.get("markers", {}).items():
        out.setdefault(b.hex_id(h), set()).add(seat[name])
    return {h: sorted(x) for h, x in out.items() if x}


def _track_hexes(b, entry: dict) -> tuple:
    """The hexes a piece of the view's track is drawn on, in either shape the view contract
    (:mod:`mapkit.engine.view`) lets a family give it: a piece on an edge (Dampfross,
    TransAmerica) on both its ends; a tile (Railroad Tycoon) on its own hex only, as its ends
    are the middles of sides, not the neighbours it faces."""
    if "edge" in entry:
        return b.edge_ends[b.edge_by_name[entry["edge"]]]
    return (b.hex_id(entry["hex"]),)


def _header(grid, pos, wide: bool) -> list[str]:
    """The column names over the first line of hexes: one line, or two (first letters, then
    last letters) when the compact layout has no room for names past Z."""
    first_line = min(line for line, _ in pos)
    centres: dict[int, int] = {}     # a column of hexes: where its name is centred
    for i, (line, col) in enumerate(pos):
        h = grid.hex_at(i)
        if col < 0 or (grid.pointy and line != first_line):
            continue
        centres.setdefault(h.col, col)
    names = {col: column_name(c) for c, col in centres.items()}
    width = max(names) + 4
    if wide or all(len(n) == 1 for n in names.values()):
        row = [" "] * width
        for col, n in names.items():
            start = col - (len(n) - 1) // 2
            for k, ch in enumerate(n):
                row[start + k] = ch
        return ["   " + "".join(row).rstrip()]
    top, bottom = [" "] * width, [" "] * width
    for col, n in names.items():
        bottom[col] = n[-1]
        if len(n) > 1:
            top[col] = n[:-1][-1]
    return ["   " + "".join(top).rstrip(), "   " + "".join(bottom).rstrip()]


def _rows(cells, wide: bool, colour: bool) -> list[str]:
    last = max(line for line, _ in cells)
    out = []
    for line in range(last + 1):
        cols = [c for (ln, c) in cells if ln == line]
        # wide: two lines a row, the row's number on its first
        narrow_label = f"{line + 1:2d} "
        label = (f"{line // 2 + 1:2d} " if line % 2 == 0 else "   ") if wide else narrow_label
        text = []
        for c in range(max(cols) + 1 if cols else 0):
            ch, code = cells.get((line, c), (" ", None))
            text.append(_paint(ch, code, colour))
        out.append((label + "".join(text)).rstrip())
    return out


def _fill(items: list[str], width: int, sep: str = ",", gap: str = " ") -> list[str]:
    """``items`` in lines of at most ``max(40, width - 1)`` characters, never breaking one."""
    lines = [""]
    for k, item in enumerate(items):
        piece = item + (sep if k < len(items) - 1 else "")
        if lines[-1] and len(lines[-1]) + len(gap) + len(piece) > max(40, width - 1):
            lines.append("")
        lines[-1] += (gap if lines[-1] else " ") + piece
    return lines


def _key(board, marks, wide: bool, width: int, window: str | None = None) -> list[str]:
    """What the city marks and the characters mean (and which columns a window shows)."""
    items = []
    for mark, c in zip(marks, board.cities, strict=False):
        others = [str(n) for n in sorted(c.numbers) if str(n) != mark]
        items.append(f"{mark} {c.name}" + (f" ({' '.join(others)})" if others else ""))
    lines = _fill(items, width)
    terrain = {board.terrain[i] for i in range(len(board.terrain))}
    legend = ["1 2 track of seat 1, 2 (* shared)"]
    legend += [f"{TERRAIN_CHAR[t]} {label}" for t, label in (("mountain", "mountain"), ("water", "water"),
                                                             ("foreign", "abroad")) if t in terrain]
    if wide:
        legend += ["| / \\ river" if board.grid.pointy else "- / \\ river", ": border"]
    elif board.grid.pointy:
        legend += ["| river", ": border", "(sides between rows need a wider terminal)"]
    else:
        legend.append("(a wider terminal shows rivers and borders)")
    if window:
        legend.append(f"(columns {window} shown: a wider terminal shows the whole board)")
    return lines + _fill(legend, width, "", "  ")
