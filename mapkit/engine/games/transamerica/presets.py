"""The presets of the TransAmerica family: ``transamerica`` (the published game, docs/rules.md, TransAmerica,
on any map with city cards) and ``transamerica-mega`` (the seed's mega game).

>>> TransAmericaMega().options.diff(TransAmerica.defaults)
{'mega': True}
"""

from __future__ import annotations

from ....i18n import N_
from .rules import TransAmericaRules

__all__ = ["TransAmerica", "TransAmericaMega", "PRESETS"]


class TransAmerica(TransAmericaRules):
    name = "transamerica"
    description = N_("TransAmerica / TransEuropa (docs/rules.md, TransAmerica)")


class TransAmericaMega(TransAmerica):
    name = "transamerica-mega"
    description = N_("TransAmerica's mega game: Super Changer, no barrier, elimination, broken bridge")
    defaults = TransAmerica.defaults.replace(mega=True)


PRESETS = (TransAmerica, TransAmericaMega)
