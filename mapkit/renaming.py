"""Renaming a city everywhere a map names it.

A city's name is how the rest of the map refers to it: a ferry's port (``ferries[].from``),
the start cities (``rules.start_cities``), the special-race targets
(``rules.special_races.table[].cities``) and the game families' map sections (TransAmerica's
city cards, each family by its ``GameFamily.rename_city`` hook). Renaming only the city
leaves those pointing at a name that is no longer there (a card of "Kolín" on a map whose
Kolín is now "Kolín nad Labem"). :func:`rename_city` renames all of them at once, on the
map-format document (the YAML as data: what ``mapkit format --rename`` and the browser's
editor both hold), so that nothing else of the document changes.

>>> doc = {"cities": [{"name": "Kolín", "hex": "R12"}], "ferries": [{"from": "Kolín", "to": "R13"}],
...        "rules": {"start_cities": ["Kolín"], "special_races": {"table": {"1": {"cities": ["Kolín"]},
...                                                                         "2": {"region": "Kolín"}}}}}
>>> new = rename_city(doc, "Kolín", "Kolín nad Labem")
>>> new["cities"][0]["name"], new["ferries"][0]["from"], new["rules"]["start_cities"]
('Kolín nad Labem', 'Kolín nad Labem', ['Kolín nad Labem'])
>>> new["rules"]["special_races"]["table"]["1"], new["rules"]["special_races"]["table"]["2"]
({'cities': ['Kolín nad Labem']}, {'region': 'Kolín'})
>>> doc["cities"][0]["name"]          # the document given is left as it was
'Kolín'
"""

from __future__ import annotations

import copy

from .engine.family import renamed
from .errors import InputError

__all__ = ["rename_city", "renamed"]


def rename_city(doc: dict, old: str, new: str) -> dict:
    """A copy of map-format document ``doc`` in which city ``old`` is called ``new``, and every
    reference of the map to it too (module notes). :class:`InputError` when ``old`` is no
    city of the map, ``new`` is empty or already another city's name."""
    new = new.strip() if isinstance(new, str) else new
    if not isinstance(new, str) or not new:
        raise InputError("a city needs a name")
    cities = doc.get("cities") or []
    names = [c.get("name") for c in cities if isinstance(c, dict)]
    if old not in names:
        raise InputError(f"{old!r} is not a city of the map")
    if new != old and new in names:
        raise InputError(f"there is a city {new!r} already")
    out = copy.deepcopy(doc)
    for c in out.get("cities") or []:
        if isinstance(c, dict) and c.get("name") == old:
            c["name"] = new
    for f in out.get("ferries") or []:
        if isinstance(f, dict) and f.get("from") == old:
            f["from"] = new
    rules = out.get("rules")
    if isinstance(rules, dict):
        _rename_in_rules(rules, old, new)
    return out


def _rename_in_rules(rules: dict, old: str, new: str) -> None:
    from .plugins import families

    if isinstance(rules.get("start_cities"), list):
        rules["start_cities"] = renamed(rules["start_cities"], old, new)
    special = rules.get("special_races")
    table = special.get("table") if isinstance(special, dict) else None
    if isinstance(table, dict):
        for target in table.values():
            if isinstance(target, dict) and isinstance(target.get("cities"), list):
                target["cities"] = renamed(target["cities"], old, new)
    for fam in families():
        for key in fam.map_keys:
            if key in rules:
                rules[key] = fam.rename_city(key, rules[key], old, new)
