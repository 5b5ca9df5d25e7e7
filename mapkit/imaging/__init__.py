"""Reading a hex map from a picture of a board: a scan, a photograph, a drawing.

The pipeline, one module per step:

- :mod:`~mapkit.imaging.loader`: open the file safely (Pillow's size limits, EXIF rotation);
- :mod:`~mapkit.imaging.colour`: sRGB -> linear RGB -> CIELAB, the legend (which colour means what);
- :mod:`~mapkit.imaging.gridfind`: the hex grid in the picture: orientation, rotation, hex size,
  origin, offset, columns and rows, as an affine map from the grid to pixels;
- :mod:`~mapkit.imaging.slant`: photos taken at a slant, straightened through a homography;
- :mod:`~mapkit.imaging.sampling`: colour samples over hex interiors, across edges, around rings;
- :mod:`~mapkit.imaging.shade`: a shadow over part of the sheet, measured round each hex;
- :mod:`~mapkit.imaging.reading`: terrain per hex, rivers and borders per edge, city rings;
- :mod:`~mapkit.imaging.ocr`: race numbers with Tesseract (optional);
- :mod:`~mapkit.imaging.overlay`: what was read, drawn over the picture for a person to check;
- :mod:`~mapkit.imaging.importer`: ``import_map(path, options) -> (Map, notes)`` for ``mapkit import``.

Test boards with a known truth (an independent drawer, a scanner's damage) are in
:mod:`mapkit.testing`.
"""

__all__ = ["colour", "loader", "gridfind", "slant", "sampling", "shade", "reading", "ocr",
           "overlay", "importer"]
