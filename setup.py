"""The compiled kernel of mapkit's searches, the one thing pyproject.toml cannot declare stably.

``_mapkit_search`` (csrc/) runs mapkit.search's loops compiled: Dial's bucket search (the inner
loop of the Steiner trees that TransAmerica's scoring and bots solve) and Dijkstra/A* (the bots'
searches in the Dampfross family), with the same results to the last tie as the Python loops.
It is optional: where no C compiler (or no Python headers) is, pip warns and installs mapkit
without it, and mapkit runs the Python loops. It is a top-level module so that the tests, which
import mapkit from the source tree, find the installed kernel too. Everything else about the
package is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("_mapkit_search",
                             ["csrc/mapkit_search.c", "csrc/arrays.c", "csrc/astar.c", "csrc/tolls.c"],
                             depends=["csrc/kernel.h"],
                             optional=True)])
