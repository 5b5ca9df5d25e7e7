"""What a map drafted for Railroad Tycoon needs (``mapkit design --rules railroad-tycoon``;
:mod:`mapkit.geo.draft` asks it through the family's hooks): the default settings (500 home
hexes, 31 towns, the biggest towns of five neighbouring states), and the map's
``rules.railroad_tycoon`` section, its cities' colours and goods from their sizes
(:func:`.design.section`).
"""

from __future__ import annotations

import dataclasses

from mapkit.geo.draft import Draft, DraftSettings

__all__ = ["settings", "with_rules"]


def settings(preset: str) -> DraftSettings:
    """The draft's settings: the defaults."""
    return DraftSettings()


def with_rules(m, draft: Draft):
    """Map ``m`` with its Railroad Tycoon section."""
    from .design import KEY, section

    return m.replace(rules=dataclasses.replace(m.rules, extra={**m.rules.extra, KEY: section(m)}))
