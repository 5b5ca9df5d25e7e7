"""Maps from real geography: projection, data sources and the ``mapkit design`` pipeline.

* :mod:`mapkit.geo.projection`: Lambert azimuthal equal-area and the lon/lat <-> board mapping;
* :mod:`mapkit.geo.sources`: the offline data of the ``geo`` extra and the user's own files;
* :mod:`mapkit.geo.fitting`: fitting a grid over a region;
* :mod:`mapkit.geo.terrain`: home / foreign / water / mountain hexes;
* :mod:`mapkit.geo.rivers`: river networks and snapping lines onto chains of hex edges;
* :mod:`mapkit.geo.cities`: placing cities and dealing the 36 race numbers in six groups;
* :mod:`mapkit.geo.designterrain`: a design's terrain: land, sea, lakes, mountains, hand-tuning;
* :mod:`mapkit.geo.designrivers`: a design's rivers picked and snapped onto the board;
* :mod:`mapkit.geo.designcities`: a design's cities chosen, placed and numbered;
* :mod:`mapkit.geo.design`: the whole pipeline, a :class:`~mapkit.geo.design.DesignSpec` in, a map out;

The data packages are optional (``pip install 'mapkit[geo]'``) and imported only when used.
"""

__all__ = ["projection", "sources", "fitting", "terrain", "rivers", "cities", "designterrain", "designrivers",
           "designcities", "design"]
