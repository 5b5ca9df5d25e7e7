"""Test set-up: deterministic property tests and the shared fixtures (helpers: tests/support.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Compiled Python kept for the run: an environment that sets PYTHONDONTWRITEBYTECODE (as this
# workplace does) makes every test worker, and each of the ~360 `python -m mapkit` processes the
# tests start as a user would, compile mapkit again: 23.6 s of the suite's processor time. The
# compiled files go under .pytest_cache (ignored by git), never beside the sources.
if sys.dont_write_bytecode:
    _PYC = str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache")
    sys.pycache_prefix, sys.dont_write_bytecode = _PYC, False
    os.environ["PYTHONPYCACHEPREFIX"] = _PYC
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# One OpenBLAS thread per process: with a worker on each core (pytest-xdist), numpy's default of
# a BLAS thread per core makes the threads of the two workers spin against each other; the
# imaging tests took 120 s of processor time instead of 87 (set before numpy is first imported;
# child processes, mapkit run as a user would, inherit it).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# The printed kits speak the environment's language when --lang is not given (mapkit.i18n): the
# tests, whose expectations are English, run in English whatever the developer's locale.
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from tests.support import MAPS, run_cli  # noqa: E402

# Deterministic property tests: the same examples on every run, no deadlines on a busy machine.
settings.register_profile("mapkit", derandomize=True, deadline=None, max_examples=60,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mapkit"))

# The end-to-end tests, marked ``slow`` (the fast tier leaves them out: ``-m "not slow"``; CI
# runs everything): pictures imported with OCR, the browser, servers started as a user starts
# them and their load, printed kits in PDF and PNG, maps regenerated from geographic data.
SLOW = ("tests/imaging/", "tests/web/test_browser.py", "tests/web/test_load.py", "tests/web/test_limits.py",
        "tests/web/test_server.py", "tests/web/test_transamerica.py", "tests/commands/test_sheets.py",
        "tests/render/test_board.py", "tests/test_bundled_maps.py", "tests/engine/test_toy_family.py")


# The workers' shares (pytest-xdist, --dist loadfile in addopts): a module's tests go to one
# worker together (its module-scoped fixtures are made once), and so do the modules that share
# what a process keeps and takes seconds to make again: the race-number templates of the picture
# imports (a fifth of a second a size, some 20 sizes an import) and the geographic data of the
# designed maps (3 s to read). These groups go out first, then the other slow modules, then the
# quick ones, so that the workers finish together; a run of one group's modules alone shares them
# out module by module.
SHARED = {"imaging": ("tests/imaging/",),
          "geography": ("tests/geo/test_countries.py", "tests/geo/test_design.py", "tests/test_bundled_maps.py")}


def _where(item, root) -> str:
    try:
        return item.path.relative_to(root).as_posix()
    except ValueError:
        return ""


def _group(path: str) -> str | None:
    return next((name for name, prefixes in SHARED.items() if path.startswith(prefixes)), None)


def pytest_collection_modifyitems(config, items):
    root = config.rootpath
    for item in items:
        if _where(item, root).startswith(SLOW):
            item.add_marker(pytest.mark.slow)
    order = [*SHARED, "slow", "quick"]
    items.sort(key=lambda item: order.index(_group(_where(item, root))
                                            or ("slow" if _where(item, root).startswith(SLOW) else "quick")))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """--dist loadfile, with the modules of each SHARED group as one unit of work."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedFileScheduling(LoadFileScheduling):
        grouping: bool | None = None

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if self.grouping is None:      # only when the run holds more than one group's modules
                self.grouping = len({_group(n.split("::", 1)[0]) for n in self.collection or ()}) > 1
            return (self.grouping and _group(path)) or path

    return SharedFileScheduling(config, log)


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def example_map_path():
    return MAPS / "example.yaml"
