"""Readers and writers of map files, one module per format.

- :mod:`mapkit.io.yamlmap`, :mod:`mapkit.io.yamlwrite`: the YAML map file (the project's own
  format) read, and written canonically
- :mod:`mapkit.io.yamldoc`: YAML text to plain data with lines, bounded while parsed
- :mod:`mapkit.io.tileddoc`, :mod:`mapkit.io.tiled`, :mod:`mapkit.io.tiledexport`: a Tiled
  file (TMX, TMJ) read into one shape, that shape made a map, a map written as TMX
- :mod:`mapkit.io.dmpfmap`: DampfrossDigital's ``.dmpfmap`` archives in
- :mod:`mapkit.snap`: lines in board millimetres snapped onto chains of hex edges
"""
