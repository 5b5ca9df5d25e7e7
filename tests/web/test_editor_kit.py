"""The editor's kit is the kit ``mapkit sheets`` prints: the family that prints the asked preset,
else the map's own ``rules.preset``, else the default (``sheet_printer``), so a TransAmerica
map drawn in the browser gets TransAmerica's kit (its city cards), not a Dampfross one."""

from __future__ import annotations

import pytest

from mapkit.engine.game import FAMILIES, sheet_printer
from mapkit.errors import InputError


def test_the_asked_preset_then_the_maps_then_the_default():
    dampfross, transamerica = FAMILIES["dampfross"], FAMILIES["transamerica"]
    assert sheet_printer("expres", "transamerica") == (dampfross, "expres", "asked")
    assert sheet_printer(None, "transamerica") == (transamerica, "transamerica", "map")
    assert sheet_printer(None, "transamerica-mega") == (dampfross, "paluba", "default")   # no kit of its own
    assert sheet_printer(None, None) == (dampfross, "paluba", "default")
    with pytest.raises(InputError, match=r"rules 'chess': sheets are printed for dampfross, expres, paluba, "
                                         r"railroad-tycoon, transamerica"):
        sheet_printer("chess", None)
