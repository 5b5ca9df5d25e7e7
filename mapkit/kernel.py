"""The compiled kernel (csrc/: the top-level module ``_mapkit_search``, built when mapkit is
installed where a C compiler is), or None.

Without it everything runs in Python with the same results to the last tie (the kernel is
optional: pip installs mapkit without it where it cannot build it); ``MAPKIT_PURE_PYTHON=1``
asks for the Python loops (to compare them). :mod:`mapkit.search` runs its loops in it, and
:mod:`mapkit.tolled` the sums along a route.
"""

from __future__ import annotations

import os

__all__ = ["KERNEL", "COMPILED"]


def _load():
    if os.environ.get("MAPKIT_PURE_PYTHON"):
        return None
    try:
        import _mapkit_search
    except ImportError:
        return None
    return _mapkit_search


KERNEL = _load()
# Whether the searches run compiled (the benchmarks say which).
COMPILED = KERNEL is not None
