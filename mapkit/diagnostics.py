"""Problems found in a map: a stable code, a message, and the place.

The codes are stable: scripts and tests rely on them (the README lists them).
Errors start with ``E``, warnings with ``W``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Issue", "CODES", "issue", "register_codes", "summary_lines", "READING_ERROR"]

# The code under which ``validate --format json`` reports a file that cannot be read as a map
# at all (missing, malformed YAML, wrong types, unknown keys); the command still exits 2.
READING_ERROR = "E001"

# code -> (severity, short title). Never renumber; add new codes at the end of a group.
CODES = {
    # reading
    READING_ERROR: ("error", "the file cannot be read as a map"),
    # names and the board
    "E100": ("error", "malformed hex or edge name"),
    "E101": ("error", "hex outside the board"),
    # terrain
    "E110": ("error", "art block of the wrong size"),
    "E111": ("error", "unknown character in the art block"),
    "E112": ("error", "hex given two terrains by the lists"),
    # edges
    "E120": ("error", "edge between hexes that are not adjacent"),
    "E121": ("error", "edge off the board"),
    # cities
    "E130": ("error", "city on water or off the board's land"),
    "E131": ("error", "city off the board"),
    "E132": ("error", "city on foreign land without border crossing"),
    "E133": ("error", "two cities on one hex"),
    "E134": ("error", "duplicate city name"),
    "E135": ("error", "city cannot be reached from the others"),
    # race numbers
    "E140": ("error", "race number not two digits 1..6"),
    "E141": ("error", "race number used twice"),
    # references
    "E150": ("error", "start city does not exist"),
    "E151": ("error", "region hex does not exist"),
    "E152": ("error", "special-race target does not exist"),
    "E153": ("error", "ferry names a city or hex that does not exist"),
    "E154": ("error", "duplicate region name"),
    "E155": ("error", "city names a region that does not exist"),
    # E160-E169: TransAmerica's city cards (rules.city_cards), registered by
    # mapkit.engine.games.transamerica.cards; a game family's map section registers its own
    # warnings
    "W200": ("warning", "race numbers missing from the 36"),
    "W201": ("warning", "river between two mountains"),
    "W202": ("warning", "river or border on an edge that touches water or off-board hexes"),
    "W203": ("warning", "city without race numbers"),
    "W204": ("warning", "edge listed twice"),
    "W205": ("warning", "city name easily misread"),
    # the board's design (mapkit.boardcheck)
    "W210": ("warning", "cities on touching hexes with more than three race numbers together"),
    "W211": ("warning", "a tens digit spread over the board"),
    "W212": ("warning", "a tens digit crammed into a few hexes"),
    "W213": ("warning", "two cities less than half a hex apart in reality"),
    # the board for a rule set (validate --rules; a game family's GameFamily.fit_issues)
    "W214": ("warning", "board too big for the rule set"),
    "W215": ("warning", "board too small for the rule set"),
    "W216": ("warning", "the rule set cannot be played on the map"),
}


@dataclass(frozen=True)
class Issue:
    """One problem: ``where`` is a hex (``C4``), an edge (``C4/C5``), a city or ``line N``."""

    code: str
    message: str
    where: str | None = None

    @property
    def severity(self) -> str:
        return CODES[self.code][0]

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def as_json(self) -> dict:
        return {"code": self.code, "message": self.message, "where": self.where}

    def __str__(self) -> str:
        at = f" [{self.where}]" if self.where else ""
        return f"{self.code}{at}: {self.message}"


def register_codes(codes: dict[str, tuple[str, str]]) -> None:
    """Add a game family's codes for its map section (``code -> (severity, title)``); a code
    may be registered again only with the same meaning."""
    for code, meaning in codes.items():
        if CODES.get(code, meaning) != meaning:
            raise ValueError(f"issue code {code} is taken: {CODES[code][1]}")
    CODES.update(codes)


def issue(code: str, message: str, where: str | None = None) -> Issue:
    if code not in CODES:
        raise KeyError(f"unknown issue code {code}")
    return Issue(code, message, where)


def summary_lines(issues, repeat: int = 3, shown: int = 3) -> list[str]:
    """One line per issue (``warning W201 [C4/C5]: ...``), except warnings of a code that
    occurs more than ``repeat`` times: those become one line with the count and the first
    ``shown`` places, where the first of them stood.

    >>> edges = ("A1/A2", "B1/B2", "C1/C2", "D1/D2")
    >>> ws = [issue("W201", f"river on {e} runs between two mountains", e) for e in edges]
    >>> summary_lines([issue("W203", "city X has no race numbers", "X")] + ws)
    ['warning W203 [X]: city X has no race numbers',
     'warning W201 x4: river between two mountains at A1/A2, B1/B2, C1/C2 and 1 more']
    """
    counts: dict[str, int] = {}
    for i in issues:
        counts[i.code] = counts.get(i.code, 0) + 1
    lines: list[str] = []
    done: set[str] = set()
    for i in issues:
        kind = "error" if i.is_error else "warning"
        if i.is_error or counts[i.code] <= repeat:
            lines.append(f"{kind} {i}")
        elif i.code not in done:
            done.add(i.code)
            places = [j.where or "?" for j in issues if j.code == i.code]
            more = f" and {len(places) - shown} more" if len(places) > shown else ""
            lines.append(f"{kind} {i.code} x{counts[i.code]}: {CODES[i.code][1]} at "
                         f"{', '.join(places[:shown])}{more}")
    return lines
