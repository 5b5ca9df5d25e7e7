"""The board a browser draws on: the printed board as SVG (:class:`mapkit.render.BoardArt`, the
same picture as ``mapkit render``) and the geometry the page needs to place track, trains and
clicks on it.

Coordinates are the printed board's frame millimetres (the board plus its margin of
coordinates), the same as the SVG's user units, so the page lays its own layers over the
picture without any conversion. The geometry:

* ``width``, ``height``: the frame in mm; ``hex_mm``: the hex's size across the flats;
* ``hexes``: ``[[name, x, y], ...]`` in the engine's hex order (row by row), centres in mm;
* ``corners``: the six corners of a hex relative to its centre (the same for every hex);
* ``neighbours``: per hex ``[[index, edge name], ...]`` over the hexes of the board;
* ``cities``: ``[{name, hex, numbers}]``; ``terrain_colours``: the colour look's fills.

A game family may print its board otherwise (its ``board_look`` and ``board_art`` hooks):
TransAmerica's board (:class:`mapkit.engine.games.transamerica.front.paper.TransAmericaArt`, as ``mapkit sheets
--rules transamerica`` prints it) has a dot on every junction and the 35 card cities, ringed
in their colours, as its only cities; its ``cities`` are those, each with its ``colour`` and
whether its card is ``removed`` with 2-3 players.

Drawing the Czech board takes about a third of a second (placing its names), so each map's
picture is drawn once per look and kept, in memory and in the games folder's ``cache/``, under
the hash of the map's canonical text and the look.

>>> from mapkit.grid import Grid
>>> g = geometry(Grid("pointy", "odd", 3, 2))     # 14 mm across: A1 at margin 7 + 7, 7 + 14 / sqrt(3)
>>> g["hexes"][:2], len(g["corners"]), g["neighbours"][0]
([['A1', 14.0, 15.083], ['B1', 28.0, 15.083]], 6, [[1, 'A1/B1'], [3, 'A1/A2']])
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict

__all__ = ["geometry", "printed_board", "board_payload", "look_of", "BoardCache"]


def geometry(grid) -> dict:
    """The geometry of ``grid`` in frame millimetres (see the module notes)."""
    from ..grid import edge, edge_name, hex_name
    from ..render import COORD_MARGIN_MM

    mg = COORD_MARGIN_MM
    bw, bh = grid.bounds_mm()
    hexes = []
    index = {}
    for i, h in enumerate(grid.hexes()):
        x, y = grid.centre_mm(h)
        hexes.append([hex_name(h), round(x + mg, 3), round(y + mg, 3)])
        index[h] = i
    first = next(iter(grid.hexes()))
    cx, cy = grid.centre_mm(first)
    corners = [[round(x - cx, 3), round(y - cy, 3)] for x, y in grid.corners_mm(first)]
    neighbours = [[[index[n], edge_name(edge(h, n))] for n in grid.neighbours(h)] for h in grid.hexes()]
    return {"width": round(bw + 2 * mg, 3), "height": round(bh + 2 * mg, 3), "hex_mm": grid.hex_mm,
            "orientation": grid.orientation, "columns": grid.columns, "rows": grid.rows,
            "hexes": hexes, "corners": corners, "neighbours": neighbours}


def _art(m, look: str, style: str):
    """The picture of map ``m`` in ``look`` (mapkit's board, or the look of the game family of
    that name) and the cities it shows."""
    if look != "board":
        from ..engine.game import family_of_look

        return family_of_look(look).board_art(m, style)
    from ..render import BoardArt

    return BoardArt(m, style), [{"name": c.name, "hex": c.hex, "numbers": list(c.numbers)} for c in m.cities]


def look_of(family: str) -> str:
    """The look of the board a game family plays on (its printed board)."""
    from .families import family_named

    return family_named(family).board_look


def printed_board(m, style: str = "colour", look: str = "board") -> str:
    """The board of map ``m`` as SVG text in frame millimetres (user units = mm)."""
    return _svg(_art(m, look, style)[0])


def _svg(art) -> str:
    import svgwrite

    fw, fh = art.frame_size
    dwg = svgwrite.Drawing(size=(f"{fw:.3f}", f"{fh:.3f}"), viewBox=f"0 0 {fw:.3f} {fh:.3f}",
                           debug=False, profile="full")
    dwg.add(art.frame(dwg))
    return dwg.tostring()


def board_payload(m, look: str = "board") -> dict:
    """What a page needs of map ``m``: ``svg``, ``geometry`` with cities, the terrain colours."""
    from ..grid import hex_name
    from ..render import get_style

    art, cities = _art(m, look, "colour")
    geo = geometry(m.grid)
    geo["cities"] = [{**c, "hex": hex_name(c["hex"])} for c in cities]
    geo["terrain_colours"] = dict(get_style("colour").terrain)
    geo["name"] = m.name
    geo["look"] = look
    return {"svg": _svg(art), "geometry": geo}


class BoardCache:
    """Board payloads by the hash of the map's canonical text: in memory (the last
    ``keep``) and as JSON files in ``folder`` (the games folder's ``cache/``)."""

    def __init__(self, folder, keep: int = 16):
        self.folder = folder
        self.keep = keep
        self._mem: OrderedDict = OrderedDict()

    @staticmethod
    def key(text: str, look: str = "board") -> str:
        k = hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
        return k if look == "board" else f"{k}-{look}"

    def get(self, m, text: str, look: str = "board") -> str:
        """The payload of map ``m`` (canonical ``text``) in ``look`` as JSON text."""
        from ..fileio import atomic_write

        k = self.key(text, look)
        got = self._mem.get(k)
        if got is not None:
            self._mem.move_to_end(k)
            return got
        path = self.folder / f"{k}.json"
        if path.is_file():
            got = path.read_text(encoding="utf-8")
        else:
            got = json.dumps(board_payload(m, look), ensure_ascii=False, separators=(",", ":"))
            atomic_write(path, got)
        self._mem[k] = got
        while len(self._mem) > self.keep:
            self._mem.popitem(last=False)
        return got
