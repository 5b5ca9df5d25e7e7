"""The title band and the legend printed beside a board: symbols, build costs, a scale bar.

:class:`BoardLegend` is mixed into :class:`mapkit.render.boardart.BoardArt`, which supplies the
map, the style, the grid and the symbols' drawing (terrain fills, textures, anchors, crosses);
a game's own board (TransAmerica's) overrides ``cost_head``, ``cost_items``, ``move_text`` and
``legend_items``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..analysis import costs as C
from ..i18n import N_, _, ngettext, translate
from .fonts import ASCENT, DIGIT_HEIGHT, text_width
from .style import FONT_FAMILY
from .svgfmt import fmt

if TYPE_CHECKING:
    from ..grid import Grid, Hex
    from ..model import Map
    from .style import Style

__all__ = ["BoardLegend"]


def scale_caption(hexes: int, length: float) -> str:
    """The scale bar's caption (a player checks his printer against it)."""
    return _("scale check: {hexes} hexes = {mm:g} mm").format(hexes=hexes, mm=length)


class BoardLegend:
    """Title and legend of a board; see the module's docstring for what the host class supplies."""

    # What the host class supplies, declared for mypy (nothing is set or defined here).
    map: Map
    grid: Grid
    style: Style
    ports: set[str]
    crossed: set[str]

    if TYPE_CHECKING:
        def fill_terrain(self, h: Hex) -> str: ...
        def _drawn_hexes(self) -> list[Hex]: ...
        def _fill(self, terrain: str) -> str: ...
        def texture(self, dwg, terrain: str, polygons): ...
        def _anchor(self, dwg, grp, x, y, a, colour=None) -> None: ...
        def _cross(self, dwg, grp, x, y, length) -> None: ...

    def subtitle(self) -> str:
        g, m = self.grid, self.map
        return " · ".join([
            _("{columns} × {rows} hexes, {mm:g} mm apart").format(columns=g.columns, rows=g.rows, mm=g.hex_mm),
            ngettext("{n} city", "{n} cities", len(m.cities)).format(n=len(m.cities)),
            _("{n} of 36 race numbers").format(n=len(m.used_numbers()))])

    def title(self, dwg, width: float, title: str | None = None):
        """The title band (map name left, figures right); returns (group, height)."""
        st = self.style
        size = st.title_size
        height = size * 1.55
        grp = dwg.g(id="title", font_family=FONT_FAMILY, fill=st.text_colour)
        name = title or self.map.name or _("Map")
        grp.add(dwg.text(name, insert=(0, fmt(ASCENT * size)), font_size=fmt(size), font_weight="bold"))
        sub = self.subtitle()
        small = st.legend_size
        name_w = text_width(name, size, bold=True)
        if name_w + text_width(sub, small) + 6 <= width:
            grp.add(dwg.text(sub, insert=(fmt(width), fmt(ASCENT * size)), font_size=fmt(small),
                             text_anchor="end", fill=st.margin_colour))
        else:
            grp.add(dwg.text(sub, insert=(0, fmt(size * 1.1 + small)), font_size=fmt(small),
                             fill=st.margin_colour))
            height = size * 1.1 + small * 1.6
        return grp, height

    def legend_items(self):
        """The (kind, caption) pairs the legend shows for this map."""
        m = self.map
        present = {self.fill_terrain(h) for h in self._drawn_hexes()}
        items = [("plain", _("plain"))]
        if "mountain" in present:
            items.append(("mountain", _("mountains")))
        if "water" in present:
            items.append(("water", _("water")))
        if "foreign" in present:
            items.append(("foreign", _("neighbouring state")))
        if m.rivers:
            items.append(("river", _("river")))
        if m.borders:
            items.append(("border", _("state border")))
        if m.ridges:
            items.append(("ridge", _("ridge")))
        items.append(("dot", _("track runs from dot to dot")))
        items.append(("city", _("city with race numbers")))
        if self.ports:
            items.append(("port", _("port")))
        if self.crossed:
            items.append(("cross", _("big city abroad (special races)")))
        if m.ferries:
            items.append(("ferry", _("ferry")))
        return items

    # The head of the legend's line of costs, and its last words (a game's own board changes them).
    cost_head = N_("Build cost of a track piece:")

    @staticmethod
    def move_text() -> str:
        return _("Race: a step into mountains {uphill}, any other step 1").format(uphill=C.UPHILL)

    @staticmethod
    def cost_items():
        """Build costs per track piece and race movement, from :mod:`mapkit.analysis.costs`."""
        return [
            (str(C.PLAIN), _("plain – plain")),
            (str(C.RIVER), _("across a river")),
            (str(C.MOUNTAIN), _("into or out of mountains")),
            (str(C.MOUNTAIN_MOUNTAIN), _("mountain – mountain")),
            (str(C.MOUNTAIN_RIVER), _("mountains and river")),
            ("×", _("water, state border")),
        ]

    def _legend_symbol(self, dwg, kind, x, y, sw, sh):
        """Draw the legend symbol ``kind`` in the box (x, y, sw, sh)."""
        st = self.style
        grp = dwg.g()
        cx, cy = x + sw / 2, y + sh / 2
        r = sh / 2 / math.cos(math.radians(30)) * 0.98
        hexpts = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                  for a in range(-30, 330, 60)]
        if kind == "dot":
            grp.add(dwg.line((fmt(x), fmt(cy)), (fmt(x + sw), fmt(cy)), stroke=st.grid_colour,
                             stroke_width=fmt(st.grid_width * 1.5)))
            for px in (x, x + sw):
                grp.add(dwg.circle((fmt(px), fmt(cy)), fmt(st.dot_size * 0.75), fill=st.dot_colour))
        elif kind in ("plain", "mountain", "water", "foreign", "city", "port", "cross"):
            fill = self._fill(kind) if kind in ("plain", "mountain", "water", "foreign") else "#ffffff"
            grp.add(dwg.polygon([(fmt(a), fmt(b)) for a, b in hexpts], fill=fill,
                                stroke="none"))
            tex = self.texture(dwg, kind, [hexpts])
            if tex is not None:
                grp.add(tex)
            grp.add(dwg.polygon([(fmt(a), fmt(b)) for a, b in hexpts], fill="none",
                                stroke=st.grid_colour, stroke_width=fmt(st.grid_width)))
            if kind == "city":
                f = 0.8
                grp.add(dwg.polygon([(fmt(cx + (a - cx) * f), fmt(cy + (b - cy) * f)) for a, b in hexpts],
                                    fill="none", stroke=st.city_colour, stroke_width=fmt(st.city_width * 0.8)))
                size = sh * 0.42
                grp.add(dwg.text("11", insert=(fmt(cx), fmt(cy + DIGIT_HEIGHT * size / 2)), font_size=fmt(size),
                                 font_weight="bold", text_anchor="middle", fill=st.number_colour))
            elif kind == "port":
                self._anchor(dwg, grp, cx, cy, sh * 0.7)
            elif kind == "cross":
                f = 0.8
                grp.add(dwg.polygon([(fmt(cx + (a - cx) * f), fmt(cy + (b - cy) * f)) for a, b in hexpts],
                                    fill="none", stroke=st.city_colour, stroke_width=fmt(st.city_width * 0.8)))
                self._cross(dwg, grp, cx, cy, sh * 0.55)
        elif kind in ("river", "border", "ridge"):
            colour, width, dash = {
                "river": (st.river_colour, st.river_width, st.river_dash),
                "border": (st.border_colour, st.border_width, st.border_dash),
                "ridge": (st.ridge_colour, st.ridge_width, st.ridge_dash)}[kind]
            # Two hexes side by side with the feature on their shared side.
            grp.add(dwg.line((fmt(x), fmt(cy)), (fmt(x + sw), fmt(cy)), stroke=st.grid_colour,
                             stroke_width=fmt(st.grid_width)))
            extra = {"stroke_dasharray": dash} if dash else {}
            grp.add(dwg.line((fmt(cx), fmt(y)), (fmt(cx), fmt(y + sh)), stroke=colour,
                             stroke_width=fmt(width), **extra))
        elif kind == "ferry":
            grp.add(dwg.line((fmt(x), fmt(cy)), (fmt(x + sw - 1), fmt(cy)), stroke=st.ferry_colour,
                             stroke_width=fmt(st.ferry_width), stroke_dasharray=st.ferry_dash))
            grp.add(dwg.circle((fmt(x + sw - 1), fmt(cy)), 0.9, fill=st.ferry_colour))
        return grp

    def legend(self, dwg, width: float, scale_bar: bool = True):
        """The legend flowed into ``width`` mm; returns (group, height)."""
        st = self.style
        size = st.legend_size
        grp = dwg.g(id="legend", font_family=FONT_FAMILY, fill=st.text_colour, font_size=fmt(size))
        sh = 5.0              # symbol height
        sw = 5.8
        row_h = 7.0
        x = y = 0.0

        def place(w):
            nonlocal x, y
            if x > 0 and x + w > width:
                x, y = 0.0, y + row_h
            at = (x, y)
            x += w
            return at

        for kind, caption in self.legend_items():
            w = sw + 1.5 + text_width(caption, size) + 5
            px, py = place(w)
            grp.add(self._legend_symbol(dwg, kind, px, py, sw, sh))
            grp.add(dwg.text(caption, insert=(fmt(px + sw + 1.5), fmt(py + sh / 2 + DIGIT_HEIGHT * size / 2))))
        x, y = 0.0, y + row_h
        head = translate(self.cost_head)
        px, py = place(text_width(head, size, bold=True) + 3)
        base = py + sh / 2 + DIGIT_HEIGHT * size / 2
        grp.add(dwg.text(head, insert=(fmt(px), fmt(base)), font_weight="bold"))
        for value, caption in self.cost_items():
            w = text_width(value, size * 1.15, bold=True) + 1.2 + text_width(caption, size) + 4.5
            px, py = place(w)
            base = py + sh / 2 + DIGIT_HEIGHT * size / 2
            grp.add(dwg.text(value, insert=(fmt(px), fmt(base)), font_weight="bold",
                             font_size=fmt(size * 1.15), fill=st.city_colour if st.coloured else st.text_colour))
            grp.add(dwg.text(caption, insert=(fmt(px + text_width(value, size * 1.15, bold=True) + 1.2), fmt(base))))
        move = self.move_text()
        if move:
            px, py = place(text_width(move, size) + 5)
            grp.add(dwg.text(move, insert=(fmt(px), fmt(py + sh / 2 + DIGIT_HEIGHT * size / 2))))
        if scale_bar:
            hexes = 5
            length = hexes * self.grid.hex_mm
            cap = scale_caption(hexes, length)
            w = max(length, text_width(cap, size * 0.9)) + 3
            px, py = place(w)
            grp.add(self._scale_bar(dwg, px, py + 1.2, hexes, size * 0.9))
        return grp, y + row_h

    def _scale_bar(self, dwg, x, y, hexes, size):
        st = self.style
        d = self.grid.hex_mm
        grp = dwg.g(**{"class": "scale-bar"})
        grp.add(dwg.line((fmt(x), fmt(y)), (fmt(x + hexes * d), fmt(y)), stroke=st.text_colour,
                         stroke_width="0.3"))
        for i in range(hexes + 1):
            grp.add(dwg.line((fmt(x + i * d), fmt(y - 0.9)), (fmt(x + i * d), fmt(y + 0.9)),
                             stroke=st.text_colour, stroke_width="0.3"))
        grp.add(dwg.text(scale_caption(hexes, hexes * d),
                         insert=(fmt(x), fmt(y + 1.2 + ASCENT * size)), font_size=fmt(size)))
        return grp
