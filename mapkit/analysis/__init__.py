"""Analysis of a map: costs of track and movement, city-distance tables, races, routes.

One algorithm family per module; every module has ``__all__`` and worked examples.
"""
