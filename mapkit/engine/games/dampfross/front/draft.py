"""What a map drafted for the Dampfross family needs (``mapkit design --rules paluba``,
``dampfross`` or ``expres``; :mod:`mapkit.geo.draft` asks it through the family's hooks).

- :func:`settings`: 500 home hexes for Paluba and Dampfross (the bundled boards have 463 home
  hexes on Czechia to 760 on the western USA for their 36 numbers), 750 for Expres (the
  Expres board of the USA has 707: its table forbids races under 10 steps, and on 500 hexes
  of Hungary 37 % of the races drawn would be, over the third ``mapkit validate`` warns of,
  W215); 31 towns of 15 000 people or more, the biggest town near the border of five
  neighbouring states (none under Expres, whose neighbours are closed), ferries to islands.
- :func:`sized`: under a distance table (Expres), the share of drawn races between cities
  under its distance apart, which it forbids (:func:`short_races`,
  :func:`mapkit.analysis.scale.short_race_share`), at most :data:`SHORT_RACE_AIM`: 25 %, the
  published Expres board's 22.8 % and a margin. At 750 home hexes, without W215, drafts drew
  26.5-32.0 % (Switzerland, Ireland, Bulgaria, Denmark, Slovenia, the Netherlands, Italy) and
  re-drew 21.1-35.6 % of their races in 20 games, the USA board 22.6 % in 100: nearly every
  re-draw is the table, and the rows of numbers are no more compact than the USA board's (the
  races between rows are the short ones too many). So a draft over the aim is made again with
  hexes narrowed by aim / share (the share falls a little faster than the hexes narrow:
  Ireland 32.0 % at 10.3 km, 26.5 % at 8.8, 22.3 % at 8.2) by :func:`mapkit.geo.draft.refit`,
  never to a size ``mapkit validate`` finds too big (W214). Under the track rule (Paluba,
  Dampfross) a short race only waits for a detour of track and the share does not tell the
  re-draws: :func:`mapkit.geo.draft.refit` sizes those by the warnings alone.
- :func:`with_rules`: the table of special races (international races) where track crosses
  the border, and the ferries where a sea crossing joins two towns
  (:func:`mapkit.geo.ferries.sea_ferries`).
- :func:`special_races`, the table of international races for the neighbouring states
  (docs/rules.md, International races): one die every 3rd race; the states with the longest
  borders first, one face each, and the last face the big towns abroad (the Czech map's
  red-cross cities), each reached on its town or the first hex beyond the border towards it.
  With fewer than six entries the faces are shared out (:func:`die_faces`), the first entries
  taking the extra ones: a face without an entry would be rolled again, and on Ireland's
  draft (one neighbour and its town) four rolls in six were.

>>> from mapkit.grid import Grid
>>> from mapkit.model import City, Map, Region
>>> g = Grid("pointy", "odd", 6, 1)
>>> terrain = {(0, 0): "plain", (1, 0): "plain", (2, 0): "foreign", (3, 0): "foreign",
...            (4, 0): "foreign", (5, 0): "foreign"}
>>> regions = [Region("Home", ((0, 0), (1, 0)), (("kind", "home"),)),
...            Region("Nord", ((2, 0), (3, 0)), (("kind", "foreign"),)),
...            Region("Süd", ((4, 0), (5, 0)), (("kind", "foreign"),))]
>>> m = Map(g, terrain=terrain, regions=regions, cities=[City("Ost", (0, 0), (11,)),
...                                                     City("Hof", (3, 0), (), ("abroad",), None, "Nord")])
>>> border_lengths(m), special_races(m)["table"]
({'Nord': 1}, {'1-3': {'region': 'Nord'}, '4-6': {'cities': ['Hof'], 'name': 'a big town abroad'}})
"""

from __future__ import annotations

import dataclasses

from mapkit.geo.draft import Draft, DraftSettings

__all__ = ["settings", "with_rules", "sized", "short_races", "special_races", "border_lengths", "die_faces",
           "SHORT_RACE_AIM"]

# Expres forbids races under 10 steps: its boards are larger (see the module notes).
EXPRES_LAND_HEXES = 750
# The share of drawn races under the table's distance (Expres: 10 steps) a draft may have at
# most, the published Expres board's plus a margin: the bundled usa.yaml has 22.8 %
# (mapkit.analysis.scale.short_race_share) and re-draws 22.6 % of its races in 100 games of
# four greedy bots; on 18 Expres drafts the share re-drawn in 20 games was this share within
# the noise of 180 races (0.6 points under it on average, a standard deviation of 3.6).
SHORT_RACE_AIM = 0.25


def settings(preset: str) -> DraftSettings:
    """The draft's settings for ``preset`` (see the module notes)."""
    if preset == "expres":
        return DraftSettings(land_hexes=EXPRES_LAND_HEXES, abroad_cities=0, ferries=True)
    return DraftSettings(ferries=True)


def with_rules(m, draft: Draft):
    """Map ``m`` with the special races (where track crosses the border: not on an Expres
    board, whose neighbours are closed) and the ferries of its sea crossings."""
    from mapkit.geo.ferries import sea_ferries

    table = special_races(m) if m.rules.border_crossing else None
    if table:
        m = m.replace(rules=dataclasses.replace(m.rules, special_races=table))
    ferries = sea_ferries(m)
    if ferries:
        m = m.replace(ferries=ferries)
        draft.notes.append("ferries: " + ", ".join(f.name or f.from_city for f in ferries))
    return m


def sized(draft: Draft):
    """The draft sized by :func:`mapkit.geo.draft.refit`, under a distance table (Expres) with
    :func:`short_races` as its aim; None under the track rule (Paluba, Dampfross), which
    :func:`~mapkit.geo.draft.refit` sizes by ``mapkit validate``'s warnings alone."""
    from mapkit.engine import make_rules
    from mapkit.geo.draft import refit

    options = make_rules(draft.preset).options
    if options.forbidden != "table":
        return None
    return refit(draft, lambda m: short_races(m, options))


def short_races(m, options) -> tuple[str, float] | None:
    """Why map ``m`` is too small for the distance table of ``options`` (a preset's options),
    and the width its hexes should have against these: more than :data:`SHORT_RACE_AIM` of
    the races drawn join cities under the table's distance apart, which it forbids, and the
    hexes narrowed by aim / share (see the module notes); None when it is not."""
    from mapkit.analysis.scale import short_race_share

    from ..fit import race_limit

    limit, _ = race_limit(m, options)
    share = short_race_share(m, limit)
    if share is None or share <= SHORT_RACE_AIM:
        return None
    return (f"{share:.1%} of the races drawn join cities under {limit} steps apart, which the distance table "
            f"forbids: more than the {SHORT_RACE_AIM:.0%} aimed at, the published Expres board's 22.8% and a margin",
            SHORT_RACE_AIM / share)


# Faces of the die for the neighbouring states; the last face is the towns abroad.
STATE_FACES = 5
DIE_FACES = 6


def die_faces(entries: int, faces: int = DIE_FACES) -> list[str]:
    """The table keys of ``entries`` entries sharing the ``faces`` of one die, in order: each
    gets ``faces // entries`` faces, the first ``faces % entries`` one more; a single face is
    its number, several a range.

    >>> die_faces(6), die_faces(2), die_faces(4), die_faces(1)
    (['1', '2', '3', '4', '5', '6'], ['1-3', '4-6'], ['1-2', '3-4', '5', '6'], ['1-6'])
    """
    if not 1 <= entries <= faces:
        raise ValueError(f"{entries} entries for a die of {faces} faces")
    keys = []
    low = 1
    for i in range(entries):
        high = low + faces // entries + (1 if i < faces % entries else 0) - 1
        keys.append(str(low) if low == high else f"{low}-{high}")
        low = high + 1
    return keys


def border_lengths(m) -> dict[str, int]:
    """Foreign region name -> the number of hex sides it shares with the home land that track
    reaches: the pieces of home land that hold a numbered city (a state beside an island
    without towns, which no track reaches, has no border here: Sweden on Denmark's draft,
    whose towns stand on Jutland)."""
    from mapkit.grid import connected_pieces

    land = {h for h, t in m.terrain.items() if t in ("plain", "mountain")}
    towns = {c.hex for c in m.cities if c.numbers}
    home = {h for piece in connected_pieces(land, m.grid.neighbours) if towns & set(piece) for h in piece}
    out: dict[str, int] = {}
    for r in m.regions:
        if dict(r.extra).get("kind") != "foreign":
            continue
        n = sum(1 for h in r.hexes for x in m.grid.neighbours(h) if x in home)
        if n:
            out[r.name] = n
    return out


def special_races(m, lengths: dict[str, int] | None = None) -> dict | None:
    """The ``rules.special_races`` block for map ``m``, or None when it has no neighbour."""
    lengths = border_lengths(m) if lengths is None else lengths
    states = sorted(lengths, key=lambda name: (-lengths[name], name))[:STATE_FACES]
    entries: list[dict] = [{"region": name} for name in states]
    abroad = [c.name for c in m.cities if "abroad" in c.tags and not c.numbers]
    if abroad:
        entry: dict = {"cities": abroad, "name": "a big town abroad"}
        if m.rules.stop_at_border:
            # A track stops on the first hex beyond the border: the nearest such hex counts too.
            from mapkit.grid import hex_name
            from mapkit.geo.design import gateway_hex

            entry["hexes"] = sorted({hex_name(gateway_hex(m, n)) for n in abroad})
            entry["name"] = "a big town abroad (or the first hex beyond the border towards it)"
        entries.append(entry)
    if not entries:
        return None
    return {"dice": "one-die", "every": 3, "table": dict(zip(die_faces(len(entries)), entries, strict=True))}
