"""Readers and writers of map files, one module per format.

- :mod:`mapkit.io.yamlmap`: the YAML map file (the project's own format)
"""
