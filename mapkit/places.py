"""Place names as people type them: one matcher for every command (``route``, ``play``, ...).

A place is a hex by name (``E4``, any case), a city by race number (``45``) or a city by name:
accents and case are ignored (``plzen`` is Plzeň, ``LUBECK`` is Lübeck) and a beginning that
only one city has is enough (``Usti`` is Ústí nad Labem). When nothing matches, the error
names up to three cities with a similar name.

>>> from mapkit.grid import Grid
>>> names = CityNames(["Plzeň", "Praha", "Ústí nad Labem"], {11: 0, 12: 1, 13: 1})
>>> names.find("plzen"), names.find("13"), names.find("usti"), names.find("P")
(0, 1, 2, None)
>>> find_place(Grid("pointy", "odd", 8, 4), names, "c3")
(Hex(col=2, row=2), None)
>>> find_place(Grid("pointy", "odd", 8, 4), names, "Plzn")
Traceback (most recent call last):
...
mapkit.places.PlaceError: 'Plzn' is neither a hex nor a city of the map; did you mean Plzeň?
"""

from __future__ import annotations

import difflib
import unicodedata

from .errors import InputError
from .grid import Hex, HexNameError, hex_name, parse_hex

__all__ = ["fold", "PlaceError", "CityNames", "find_place"]

# Letters that Unicode does not decompose into a base letter and an accent.
_UNDECOMPOSED = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "đ": "d", "Đ": "D"})
SIMILAR = 0.6          # difflib ratio from which a city is suggested


def fold(text: str) -> str:
    """Lower case without accents, blanks trimmed: ``fold("Plzeň") == "plzen"``.

    >>> fold("Częstochowa"), fold("Lübeck"), fold(" Jindřichův Hradec "), fold("Wrocław")
    ('czestochowa', 'lubeck', 'jindrichuv hradec', 'wroclaw')
    """
    t = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED))
    return "".join(ch for ch in t if not unicodedata.combining(ch)).casefold().strip()


class PlaceError(InputError):
    """A place that names no hex and no city of the map; the message says what was meant."""


class CityNames:
    """The cities of a map by folded name and race number. ``names``: city names in index
    order; ``numbers``: race number -> city index."""

    def __init__(self, names, numbers=None):
        self.names = list(names)
        self.numbers = dict(numbers or {})
        self.folded = {fold(n): i for i, n in enumerate(self.names)}
        self.exact: dict[str, int] = {}
        for i, n in enumerate(self.names):
            self.exact.setdefault(unicodedata.normalize("NFC", n.strip()), i)

    @classmethod
    def of(cls, cities) -> CityNames:
        """From objects with ``name`` and ``numbers`` (a map's or an engine board's cities)."""
        cities = list(cities)
        return cls([c.name for c in cities], {n: i for i, c in enumerate(cities) for n in c.numbers})

    def find(self, text: str) -> int | None:
        """The index of the city ``text`` names (race number, name, or a beginning of one name
        only), or None."""
        t = text.strip()
        # the name as written first (a map may have Poznań and Poznan, or a city named "12"),
        # then a race number, then the name without case and accents
        exact = self.exact.get(unicodedata.normalize("NFC", t))
        if exact is not None:
            return exact
        if t.isdigit():
            return self.numbers.get(int(t))
        f = fold(t)
        if f in self.folded:
            return self.folded[f]
        starts = [i for name, i in self.folded.items() if f and name.startswith(f)]
        return starts[0] if len(starts) == 1 else None

    def similar(self, text: str, n: int = 3) -> list[str]:
        """Up to ``n`` city names close to ``text`` (or beginning alike), best first."""
        f = fold(text)
        scored = []
        for name, i in self.folded.items():
            r = max(difflib.SequenceMatcher(None, f, name).ratio(),
                    difflib.SequenceMatcher(None, f, name[:len(f)]).ratio())
            if r >= SIMILAR:
                scored.append((-r, name, i))
        found = [self.names[i] for _, _, i in sorted(scored)[:n]]
        if not found:   # several cities begin so: name them
            found = [self.names[i] for name, i in self.folded.items() if f and name.startswith(f)][:n]
        return found

    def unknown(self, text: str) -> PlaceError:
        """The error for ``text`` that names no city, with suggestions."""
        near = self.similar(text)
        hint = (f"; did you mean {' or '.join(near)}?" if near
                else " (give a hex like E4, a city name or a race number)")
        return PlaceError(f"{text.strip()!r} is neither a hex nor a city of the map{hint}")


def find_place(grid, cities: CityNames, text: str) -> tuple[Hex | None, int | None]:
    """``(hex, None)`` for a hex name on ``grid``, ``(None, city index)`` for a city; PlaceError
    for an empty text, a hex off the board, a race number no city has or an unknown name."""
    t = str(text).strip()
    if not t:
        raise PlaceError("an empty place name")
    try:
        h = parse_hex(t)
    except HexNameError:
        h = None
    if h is not None:
        if h not in grid:
            raise PlaceError(f"{hex_name(h)} is not on the board ({grid.columns} columns, {grid.rows} rows)")
        return h, None
    i = cities.find(t)
    if i is not None:
        return None, i
    if t.isdigit():
        raise PlaceError(f"no city has the race number {t}")
    raise cities.unknown(t)
