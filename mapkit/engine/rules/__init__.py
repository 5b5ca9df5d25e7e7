"""Rule presets: ``paluba``, ``expres``, ``dampfross`` (one module each) and their options.

>>> sorted(PRESETS)
['dampfross', 'expres', 'paluba']
>>> make_rules("expres", {"races": 5}).options.races
5
"""

from __future__ import annotations

from ...errors import InputError
from .base import CHOICES, Options, Rules
from .dampfross import Dampfross
from .expres import Expres
from .paluba import Paluba

__all__ = ["Options", "Rules", "Paluba", "Expres", "Dampfross", "PRESETS", "make_rules", "CHOICES"]

PRESETS: dict[str, type[Rules]] = {"paluba": Paluba, "expres": Expres, "dampfross": Dampfross}


def make_rules(preset: str = "paluba", options: dict | Options | None = None) -> Rules:
    """The rules of ``preset`` with ``options`` changed (a dict of option names, or Options)."""
    cls = PRESETS.get(preset)
    if cls is None:
        raise InputError(f"unknown rules preset {preset!r}; use one of {', '.join(sorted(PRESETS))}")
    return cls(options)
