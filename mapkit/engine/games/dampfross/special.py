"""Special (international) races: the map's table, its dice and the target it gives
(docs/rules.md, "International (special) races").

Every ``every``-th race is special. Its start is drawn as any start; its target comes from
the map's table, rolled as the map says:

* ``one-die``: one die; the table's keys are faces (``1``) or ranges (``5-6``);
* ``row-parity`` (Germany): the red die gives the row, the white die only odd (``L``, liché)
  or even (``S``, sudé): ``1S`` Denmark, ``1L`` Poland ...

A target is a group of hexes (a country's land, ports, cities), resolved when the map is
compiled; a named ``rule`` refines it by the start (``other-region``: Czech 5, "any city in
Moravia when starting in Bohemia and vice versa"). Racers start together and may finish at
different hexes of the target. The start city itself is never a target hex.

>>> table = {"1": {"hexes": ["A1"]}, "5-6": {"hexes": ["B1"]}, "2S": {"hexes": []}}
>>> key_of([5], table, "one-die"), key_of([2, 4], table, "row-parity"), key_of([3], table, "one-die")
('5-6', '2S', None)
"""

from __future__ import annotations

__all__ = ["dice_of", "key_of", "entry_hexes", "target_name"]


def dice_of(layout: str) -> int:
    """How many dice a layout throws."""
    return 2 if layout == "row-parity" else 1


def key_of(dice: list, table: dict, layout: str) -> str | None:
    """The table key that ``dice`` give (None: the table has no entry for them)."""
    first = dice[0]
    if layout == "row-parity" and len(dice) > 1:
        parity = "S" if dice[1] % 2 == 0 else "L"
        for key in (f"{first}{parity}", f"{first}{parity.lower()}"):
            if key in table:
                return key
    if str(first) in table:
        return str(first)
    for key in table:
        lo, sep, hi = key.partition("-")
        if sep and lo.isdigit() and hi.isdigit() and int(lo) <= first <= int(hi):
            return key
    return None


def entry_hexes(board, entry: dict, start_hex: int) -> frozenset:
    """The hex ids a racer from ``start_hex`` may finish at for one table entry (before the
    forbidden-race rules); empty when the entry's rule gives nothing from this start."""
    target = entry.get("target", {})
    if target.get("rule") == "other-region":
        groups = entry.get("groups", {})
        home = [g for g, hexes in groups.items() if board.hex_names[start_hex] in hexes]
        if not home:
            return frozenset()
        names = {h for g, hexes in groups.items() if g not in home for h in hexes}
    else:
        names = set(entry.get("hexes", ()))
    return frozenset(board.hex_id(h) for h in names) - {start_hex}


def target_name(entry: dict, key: str) -> str:
    """A short name of a table entry for messages and results."""
    t = entry.get("target", {})
    if t.get("name"):
        return str(t["name"])
    if t.get("region"):
        return str(t["region"])
    if t.get("regions"):
        return " or ".join(t["regions"])
    if t.get("cities"):
        return ", ".join(t["cities"])
    if t.get("tags"):
        return "cities tagged " + ", ".join(t["tags"])
    return f"special race {key}"
