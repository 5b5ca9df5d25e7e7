"""Readers and writers of map files, one module per format.

- :mod:`mapkit.io.yamlmap`: the YAML map file (the project's own format)
- :mod:`mapkit.io.tiled`: Tiled maps (TMX, TMJ) in, TMX out
- :mod:`mapkit.io.dmpfmap`: DampfrossDigital's ``.dmpfmap`` archives in
- :mod:`mapkit.io.snap`: lines in board millimetres snapped onto chains of hex edges
"""
