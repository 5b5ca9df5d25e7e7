#!/usr/bin/env python3
"""Railroad Tycoon's data for a map: the ``rules.railroad_tycoon`` section, made from the map's
own cities and geography (docs/rules.md, Railroad Tycoon; the section is described in the README's map
format).

    python scripts/railroad_tycoon_data.py mapkit/maps/czechia.yaml           # the summary only
    python scripts/railroad_tycoon_data.py mapkit/maps/czechia.yaml --write   # and into the file

``--write`` adds the section to the file (or replaces the one there). A map in canonical text
(as ``scripts/make_maps.py`` and ``mapkit format`` write it) stays canonical: the section's
lines are inserted where the canonical text has them (the ``rules`` keys in name order, before
``special_races``) and no other line changes. ``scripts/make_maps.py`` makes the same section
with :func:`section`, so regenerating a bundled map gives the same bytes.

The rules are in mapkit/engine/games/railroad_tycoon/front/design.py, which makes the section
(``mapkit design --rules railroad-tycoon`` uses it too); this script prints its summary and writes it.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.engine.games.railroad_tycoon.front.design import COLOURS, GREY, KEY, Board, section  # noqa: E402
from mapkit.io.yamlmap import read_map  # noqa: E402
from mapkit.io.yamlwrite import dump_map  # noqa: E402

__all__ = ["KEY", "section", "summary", "with_section", "main"]


# -- the summary and the file ---------------------------------------------------------------------

def summary(m, sec: dict, why: dict) -> list[str]:
    b = Board(m)
    colour = sec["colours"]
    names = [c.name for c in b.home]
    lines = [f"{m.name}: {len(names)} home cities, population from "
             f"{'GeoNames' if b.population else 'race numbers only'}"]
    for k in (*COLOURS, GREY):
        group = [n for n in names if colour[n] == k]
        listed = ", ".join(f"{n} ({sec['goods'][n]})" for n in group)
        lines.append(f"  {k:7} {len(group):2}  {listed}")
    lines.append("  mean steps to the nearest other city of each colour (max in brackets):")
    lines.append("  from      " + "".join(f"{k:>11}" for k in COLOURS))
    for k in (*COLOURS, GREY):
        group = [n for n in names if colour[n] == k]
        cells = []
        for k2 in COLOURS:
            near = [min(b.d(a, z) for z in names if colour[z] == k2 and z != a) for a in group]
            cells.append(f"{sum(near) / len(near):6.1f} ({max(near):2})")
        lines.append(f"  {k:8}" + "".join(f"{c:>11}" for c in cells))
    lines.append(f"  goods: {sum(sec['goods'].values())} cubes; western link: {', '.join(sec['western_link'])}; "
                 f"free build: {', '.join(sec['free_build'])}")
    for card, city in sec["card_cities"].items():
        lines.append(f"  card {card} -> {why.get(card, city)}")
    return lines


def with_section(text: str, m, sec: dict) -> str:
    """The map's text with the section added (or replaced). Canonical text stays canonical;
    other text gets the section's canonical lines before ``  special_races:`` or at the end of
    the rules block (a section there already: use canonical text)."""
    import dataclasses

    rules = dataclasses.replace(m.rules, extra={**m.rules.extra, KEY: sec})
    new = dump_map(m.replace(rules=rules))
    if dump_map(m) == text:
        return new
    if KEY in m.rules.extra:
        raise SystemExit("the map has a railroad_tycoon section and is not canonical: run mapkit format first")
    lines = text.splitlines(keepends=True)
    block = _section_lines(new)
    try:
        at = next(i for i, ln in enumerate(lines) if ln.startswith("  special_races:"))
    except StopIteration:
        start = next(i for i, ln in enumerate(lines) if ln.startswith("rules:"))
        at = next((i for i in range(start + 1, len(lines)) if lines[i][:1] not in (" ", "\n", "#")), len(lines))
    return "".join(lines[:at] + block + lines[at:])


def _section_lines(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    start = lines.index(f"  {KEY}:\n")
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("    "))
    return lines[start:end]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("map", help="a map file")
    ap.add_argument("--write", action="store_true", help="add the section to the file (or replace it)")
    args = ap.parse_args(argv)
    path = Path(args.map)
    text = path.read_text(encoding="utf-8")
    m, _ = read_map(path)
    why: dict[str, str] = {}
    sec = section(m, why)
    print("\n".join(summary(m, sec, why)))
    if args.write:
        new = with_section(text, m, sec)
        removed = [ln for ln in difflib.ndiff(text.splitlines(), new.splitlines()) if ln.startswith("- ")]
        if removed and KEY not in m.rules.extra:
            raise SystemExit(f"not written: the change would alter {len(removed)} lines")
        path.write_text(new, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
