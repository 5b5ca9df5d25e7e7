"""mapkit: design, check, analyse, print and play hex maps for railway board games.

The data flows one way: file -> :class:`~mapkit.model.Map` -> analysis, rendering, engine.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
