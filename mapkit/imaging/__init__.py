"""Reading a hex map from a picture of a board: a scan, a photograph, a printed mapkit board.

The pipeline, a stage a module; each stage takes the picture and what the stages before it
read, and gives a dataclass:

====  =====================  ===========================================================
 1    :mod:`.gridfind`       the hex grid: :class:`~.gridtypes.GridFit` (orientation,
                             offset, columns, rows, an affine map grid -> pixels); helped
                             by :mod:`.gridlines` (edge pixels, the line fit),
                             :mod:`.gridboard` (which hexes are the board) and
                             :mod:`.slant` (photos taken at a slant, straightened)
 2    :mod:`.terrain`        the light (:mod:`.light`) and each hex's terrain:
                             :class:`~.terrain.TerrainReading`
 3    :mod:`.edgeshares`     how much of each stroke colour shows on each hex side:
                             :class:`~.edgeshares.EdgeShares`
 4    :mod:`.rings`          which hexes are cities: :class:`~.rings.CityReading`
 5    :mod:`.edges`          which sides carry a river or a border:
                             :class:`~.edges.EdgeReading`
 6    :mod:`.numbers`        the race numbers in each city's ring (:mod:`.numbercrops`,
                             :mod:`.digits`, :mod:`.settle`, :mod:`.regions`,
                             :mod:`.boarddigits`; Tesseract through :mod:`.ocr`)
 7    :mod:`.names`          the city names beside the cities, by Tesseract
====  =====================  ===========================================================

:mod:`.reading` runs stages 2 to 5 and gathers them in a :class:`~.reading.Reading`;
:mod:`.importer` runs the whole (``import_map(path, ImportOptions) -> (Map, notes)``, what
``mapkit import`` calls) and writes the overlay (:mod:`.overlay`) and the report. Shared
tools: :mod:`.loader` (opening a picture safely), :mod:`.colour` (colour spaces, the
legend), :mod:`.sampling` (points round hexes and along sides), :mod:`.mixing` (a sample's
colour as fill + stroke + ink). Every tuning constant is in :mod:`.params`, with its reason;
how each was measured is in ``docs/import.md``.

Test boards with a known truth (an independent drawer, a scanner's damage) are in
:mod:`mapkit.testing`.
"""
