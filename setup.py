"""The compiled kernel of Dial's search, the one thing pyproject.toml cannot declare stably.

``_mapkit_search`` (csrc/mapkit_search.c) makes mapkit.search's bucket search, the inner loop of
the Steiner trees that TransAmerica's scoring and bots solve, 20-40 times faster, with the same
results to the last tie as its Python loop. It is optional: where no C compiler (or no Python
headers) is, pip warns and installs mapkit without it, and mapkit runs the Python loop. It is a
top-level module so that the tests, which import mapkit from the source tree, find the installed
kernel too. Everything else about the package is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("_mapkit_search", ["csrc/mapkit_search.c"], optional=True)])
