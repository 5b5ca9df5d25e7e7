"""The table of used race numbers (docs/rules.md, Paluba and Options).

Each number may come up only once per game (``used``: the 6x6 table; ``number_uses`` = 2
for the 36-race long game). When a used number comes up, the nearest higher unused number is
taken; if there is none, the lowest unused one. The ``compressed`` table has 3 rows for the
red die (1+2, 3+4, 5+6): marking 35 marks 45 too, so 9 races fill it. ``free`` (Expres)
keeps no table: every number may come up again.

Numbers that the map does not use count as used from the start (a small map with fewer than
36 numbers moves a roll of a missing number to the next number it has).

>>> t = NumberTable("used", present=[11, 12, 35, 45, 66])
>>> t.resolve(35)
35
>>> t.mark(35); t.resolve(35), t.resolve(13)  # 13 is not on this map, 35 is used
(45, 45)
>>> t.mark(45); t.mark(66); t.resolve(51)    # nothing higher is free: the lowest free
11
>>> c = NumberTable("compressed", present=[35, 45, 36])
>>> c.mark(35); c.is_free(45), c.resolve(45)
(False, 36)
"""

from __future__ import annotations

from ....model import ALL_RACE_NUMBERS

__all__ = ["NumberTable", "partner_number"]


def partner_number(n: int) -> int:
    """The number sharing a cell of the compressed table with ``n`` (35 <-> 45, 11 <-> 21)."""
    tens, units = divmod(n, 10)
    other = tens + 1 if tens % 2 else tens - 1
    return other * 10 + units


class NumberTable:
    """Which race numbers are used; ``used`` maps a number to how often it came up."""

    __slots__ = ("mode", "uses", "present", "used")

    def __init__(self, mode: str = "used", present=ALL_RACE_NUMBERS, uses: int = 1, used=None):
        self.mode = mode
        self.uses = uses
        self.present = frozenset(present)
        self.used: dict[int, int] = dict(used or {})

    def copy(self) -> NumberTable:
        return NumberTable(self.mode, self.present, self.uses, self.used)

    def is_free(self, n: int) -> bool:
        """Whether ``n`` may still be drawn."""
        if n not in self.present:
            return False
        return self.mode == "free" or self.used.get(n, 0) < self.uses

    def free_numbers(self) -> list[int]:
        return list(self.iter_free())

    def iter_free(self):
        """The free numbers in order, one at a time (a caller that stops at the first it may
        use reads no more of the table)."""
        return (n for n in ALL_RACE_NUMBERS if self.is_free(n))

    def resolve(self, rolled: int) -> int | None:
        """The number a roll gives: ``rolled`` if free, else the next higher free, else the lowest."""
        i = ALL_RACE_NUMBERS.index(rolled)
        k = len(ALL_RACE_NUMBERS)
        for j in range(k):
            n = ALL_RACE_NUMBERS[(i + j) % k]
            if self.is_free(n):
                return n
        return None

    def mark(self, n: int) -> None:
        """Mark ``n`` as come up (and its partner in the compressed table)."""
        if self.mode == "free":
            return
        self.used[n] = self.used.get(n, 0) + 1
        if self.mode == "compressed":
            p = partner_number(n)
            self.used[p] = self.used.get(p, 0) + 1

    def reset(self) -> None:
        """Start a new cycle (every number free again)."""
        self.used.clear()

    def as_json(self) -> dict:
        return {str(n): c for n, c in sorted(self.used.items())}
