"""Reading a hex map from a picture of a board (a scan, a photo, a printed mapkit board), a
stage a module, each giving a dataclass to the next:

1. :mod:`.gridfind`: the grid, a :class:`~.gridtypes.GridFit` (with :mod:`.gridlines`,
   :mod:`.gridboard`, :mod:`.slant`)
2. :mod:`.terrain`: the light (:mod:`.light`) and each hex's terrain, a ``TerrainReading``
3. :mod:`.edgeshares`: each stroke colour's share on each hex side, ``EdgeShares``
4. :mod:`.rings`: which hexes are cities, a ``CityReading``
5. :mod:`.edges`: which sides carry a river or a border, an ``EdgeReading``
6. :mod:`.numbers`: the race numbers (:mod:`.numbercrops`, :mod:`.digits`, :mod:`.settle`,
   :mod:`.regions`, :mod:`.boarddigits`, Tesseract through :mod:`.ocr`)
7. :mod:`.names`: the city names, by Tesseract (which pixels are print: :mod:`.printmask`)

:mod:`.reading` runs stages 2-5 into a ``Reading`` (:mod:`.mono` does for a board without
colour; both read the ferry lines, :mod:`.ferries`); TransAmerica's board has its card cities
found by their rings' colours and painted out first (:mod:`.cardrings`), the deck written by
:mod:`.carddeck`; :mod:`.importer` runs it all
(``import_map(path, ImportOptions) -> (Map, notes)``). Every tuning constant is in
:mod:`.params`; ``docs/import.md`` says how each stage works and how each constant was
measured. Test boards with a known truth: :mod:`mapkit.testing`.
"""
