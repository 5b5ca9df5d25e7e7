"""Analysis of a map: costs of track and movement, city-distance tables, races, routes.

One algorithm family per module; every module has ``__all__`` and worked examples.

* :mod:`~mapkit.analysis.costs`: what a track piece and a train step cost (docs/rules.md, The board).
* :mod:`~mapkit.analysis.cells`: a map compiled for searches (integer cells, edge weights).
* :mod:`~mapkit.analysis.search`: Dial's bucket Dijkstra, pure Python and batched numpy.
* :mod:`~mapkit.analysis.distances`: city-distance tables (``city_table``), distances from a hex.
* :mod:`~mapkit.analysis.races`: forbidden races and Expres prizes by race number.
* :mod:`~mapkit.analysis.routes`: cheapest paths (``cheapest_path``), over the board or built track.
* :mod:`~mapkit.analysis.stats`: race statistics (forbidden draws, allowed distances, prizes).
* :mod:`~mapkit.analysis.network`: path heat, Steiner networks, nearest cities.
* :mod:`~mapkit.analysis.layout`: where the numbered cities stand: touching groups, rows of race
  numbers spread or crammed, places split (the figures of ``mapkit validate``'s W210-W213).
* :mod:`~mapkit.analysis.scale`: a board's size in pieces: the network joining every city, the
  share of short races, the mean network of a hand of cards (W214, W215).
"""
