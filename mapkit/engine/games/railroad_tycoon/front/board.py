"""Railroad Tycoon's printed board (:class:`RailroadTycoonArt`): every city ringed in its goods
colour (grey cities grey) with a disc that holds the number of goods cubes it gets at set-up,
the Western Link cities tagged "WL", the free-build card's hexes tinted green, the ridges as
the map has them (:class:`~mapkit.render.boardart.BoardArt` draws them), and no centre dots:
track tiles lie on the hexes.

The figures come from the map's section as the engine compiles it
(:func:`~mapkit.engine.games.railroad_tycoon.mapdata.compiled`), so the board prints what the
game plays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from mapkit.grid import parse_hex
from mapkit.i18n import N_, _, ngettext, translate
from mapkit.render.boardart import BoardArt, fmt
from mapkit.render.fonts import DIGIT_HEIGHT
from mapkit.render.style import dot_colour_on, named_colour

from ..mapdata import KEY, compiled

__all__ = ["RTSection", "RailroadTycoonArt", "section_of", "goods_fill", "ink_on", "FREE_GREEN", "WESTERN_RED"]

FREE_GREEN = "#7cc47f"          # the free-build hexes' tint
FREE_OPACITY = 0.55
FREE_GREY = "#9e9e9e"           # ... where the style may not speak in colour
WESTERN_RED = "#b71c1c"
INK = "#1a1a1a"
WHITE = "#ffffff"
COLOUR_LETTER = {"red": "R", "blue": "B", "purple": "P", "yellow": "Y", "black": "K", "grey": ""}

# what the board's legend and title say (English; translated where printed)
LEGEND_CITY = N_("city in its goods colour: the goods cubes it gets at set-up")
LEGEND_CITY_MONO = N_("city: the goods cubes it gets at set-up, its goods colour's letter (R, B, P, Y; K black)")
LEGEND_GREY = N_("grey city: no goods colour until founded")
LEGEND_WESTERN = N_("Western Link city")
LEGEND_FREE = N_("free-build hex (the free-build card)")
COST_HEAD = N_("A track tile:")
MOVE_TEXT = N_("Tiles lie on hexes, never on a city; up to 4 a build")
WESTERN_TAG = "WL"              # the Western Link's tag: a name, in every language


def cost_lines(rules) -> list[tuple[str, str]]:
    """The board legend's costs of a tile, from ``rules`` (one place for the words)."""
    return [(f"{rules.TILE}", _("each tile")), (f"+{rules.RIVER}", _("across a river")),
            (f"+{rules.MOUNTAIN}", _("on a mountain hex")), (f"+{rules.RIDGE}", _("across a ridge")),
            (f"{rules.DOUBLE}", _("a double tile on a built hex"))]


@dataclass(frozen=True)
class RTSection:
    """The map's Railroad Tycoon section as the engine plays it: ``colour`` and ``goods`` by
    city name, ``western`` (city names), ``free`` (hexes), ``card_city`` (a card's city name ->
    the map's city)."""

    colour: dict
    goods: dict
    western: tuple
    free: tuple
    card_city: dict

    def total_goods(self) -> int:
        return sum(self.goods.values())


def section_of(m) -> RTSection | None:
    """The section of map ``m`` (None: it has none)."""
    part = compiled(m).get(KEY)
    if part is None:
        return None
    return RTSection({c["name"]: c["colour"] for c in part["cities"]},
                     {c["name"]: c["goods"] for c in part["cities"]},
                     tuple(part["western_link"]), tuple(parse_hex(h) for h in part["free_build"]),
                     dict(part["card_cities"]))


def goods_fill(style, colour: str) -> str:
    """The printed colour of a goods colour (white where the style may not speak in colour)."""
    if not style.coloured:
        return WHITE
    return named_colour(colour, "#757575")


def ink_on(style, fill: str) -> str:
    """Text on ``fill``: white on a dark fill, ink on a light one."""
    return WHITE if dot_colour_on(style, fill) == WHITE else INK


class RailroadTycoonArt(BoardArt):
    """The board as Railroad Tycoon uses it (see the module notes)."""

    cost_head = COST_HEAD

    def __init__(self, m, section: RTSection, rules, style="colour"):
        self.section = section
        self.rules = rules
        super().__init__(m, style)

    def dot_hexes(self) -> list:
        return []

    def cost_items(self):       # type: ignore[override]
        return cost_lines(self.rules)

    @staticmethod
    def move_text() -> str:
        return translate(MOVE_TEXT)

    def subtitle(self) -> str:
        g, cities, goods = self.grid, len(self.map.cities), self.section.total_goods()
        return " · ".join([
            _("{columns} × {rows} hexes, {mm:g} mm apart").format(columns=g.columns, rows=g.rows, mm=g.hex_mm),
            ngettext("{n} city", "{n} cities", cities).format(n=cities),
            ngettext("{n} goods cube at set-up", "{n} goods cubes at set-up", goods).format(n=goods)])

    def legend_items(self):
        keep = ("plain", "mountain", "water", "foreign", "river", "border", "ridge")
        out = [(k, c) for k, c in super().legend_items() if k in keep]
        out += [("rt-city", translate(LEGEND_CITY if self.style.coloured else LEGEND_CITY_MONO)),
                ("rt-grey", translate(LEGEND_GREY))]
        if self.section.western:
            out.append(("rt-western", translate(LEGEND_WESTERN)))
        if self.section.free:
            out.append(("rt-free", translate(LEGEND_FREE)))
        return out

    # -- the free-build hexes, under everything but the terrain ----------------------------------
    def frame(self, dwg, coordinates: bool = True, window=None):
        root = super().frame(dwg, coordinates, window)
        board = root.elements[0]
        at = next((i + 1 for i, e in enumerate(board.elements) if e.attribs.get("id") == "terrain"), 0)
        board.elements.insert(at, self._free_tint(dwg))
        return root

    def _free_tint(self, dwg):
        grp = dwg.g(id="free-build")
        parts = []
        for h in self.section.free:
            if h in self.grid and self._shows(*self.grid.centre_mm(h)):
                parts.append("M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in self.grid.corners_mm(h)) + " Z")
        if parts:
            fill = FREE_GREEN if self.style.coloured else FREE_GREY
            grp.add(dwg.path(d=" ".join(parts), fill=fill, fill_opacity=fmt(FREE_OPACITY), stroke="none"))
        return grp

    # -- cities ------------------------------------------------------------------------------------
    def _cities(self, dwg):
        grp = dwg.g(id="cities")
        st, g = self.style, self.grid
        inset = (st.city_inset + st.city_width) * self.k / math.cos(math.radians(30))
        for c in self.map.cities:
            cx, cy = g.centre_mm(c.hex)
            if not self._shows(cx, cy):
                continue
            colour = self.section.colour.get(c.name, "grey")
            ring = goods_fill(st, colour) if st.coloured else INK
            cg = dwg.g(**{"class": "city"})
            cg.add(dwg.polygon(points=[(fmt(x), fmt(y)) for x, y in self._corners(c.hex, inset)],
                               fill="none", stroke=ring, stroke_width=fmt(2 * st.city_width * self.k),
                               stroke_linejoin="round"))
            self._goods_disc(dwg, cg, (cx, cy), colour, self.section.goods.get(c.name, 0))
            if c.name in self.section.western:
                self._western_tag(dwg, cg, cx, cy + 0.27 * g.hex_mm)
            grp.add(cg)
        return grp

    def _goods_disc(self, dwg, grp, at, colour: str, goods: int) -> None:
        """The disc in the city's centre: its goods colour, the cubes it gets at set-up."""
        st, k = self.style, self.k
        cx, cy = at
        fill = goods_fill(st, colour)
        r = 2.5 * k
        grp.add(dwg.circle((fmt(cx), fmt(cy)), fmt(r), fill=fill, stroke=INK, stroke_width=fmt(0.25 * k)))
        size = 3.6 * k
        grp.add(dwg.text(str(goods), insert=(fmt(cx), fmt(cy + DIGIT_HEIGHT * size / 2)), font_size=fmt(size),
                         font_weight="bold", text_anchor="middle", fill=ink_on(st, fill), **{"class": "goods"}))
        letter = COLOUR_LETTER.get(colour, "")
        if not st.coloured and letter:       # mono: the colour's letter beside the disc
            small = 2.2 * k
            grp.add(dwg.text(letter, insert=(fmt(cx + r + 0.4 * k), fmt(cy - r + DIGIT_HEIGHT * small)),
                             font_size=fmt(small), font_weight="bold", fill=INK))

    def _western_tag(self, dwg, grp, x, y) -> None:
        k = self.k
        w, h = 5.0 * k, 2.6 * k
        fill = WESTERN_RED if self.style.coloured else INK
        grp.add(dwg.rect((fmt(x - w / 2), fmt(y - h / 2)), (fmt(w), fmt(h)), rx=fmt(0.5 * k), fill=fill))
        size = 2.0 * k
        grp.add(dwg.text(WESTERN_TAG, insert=(fmt(x), fmt(y + DIGIT_HEIGHT * size / 2)), font_size=fmt(size),
                         font_weight="bold", text_anchor="middle", fill=WHITE, **{"class": "western"}))

    # -- the legend's own symbols ------------------------------------------------------------------
    def _legend_symbol(self, dwg, kind, x, y, sw, sh):
        if not kind.startswith("rt-"):
            return super()._legend_symbol(dwg, kind, x, y, sw, sh)
        st = self.style
        grp = dwg.g()
        cx, cy = x + sw / 2, y + sh / 2
        r = sh / 2 / math.cos(math.radians(30)) * 0.98
        hexpts = [(fmt(cx + r * math.cos(math.radians(a))), fmt(cy + r * math.sin(math.radians(a))))
                  for a in range(-30, 330, 60)]
        fill = (FREE_GREEN if st.coloured else FREE_GREY) if kind == "rt-free" else WHITE
        opacity = fmt(FREE_OPACITY) if kind == "rt-free" else "1"
        grp.add(dwg.polygon(hexpts, fill=fill, fill_opacity=opacity, stroke=st.grid_colour,
                            stroke_width=fmt(st.grid_width)))
        if kind in ("rt-city", "rt-grey"):
            colour = "red" if kind == "rt-city" else "grey"
            disc = goods_fill(st, colour)
            grp.add(dwg.circle((fmt(cx), fmt(cy)), fmt(sh * 0.3), fill=disc, stroke=INK, stroke_width="0.15"))
            size = sh * 0.42
            grp.add(dwg.text("3" if kind == "rt-city" else "0", insert=(fmt(cx), fmt(cy + DIGIT_HEIGHT * size / 2)),
                             font_size=fmt(size), font_weight="bold", text_anchor="middle", fill=ink_on(st, disc)))
        elif kind == "rt-western":
            grp.add(dwg.rect((fmt(cx - sh * 0.45), fmt(cy - sh * 0.24)), (fmt(sh * 0.9), fmt(sh * 0.48)),
                             rx="0.4", fill=WESTERN_RED if st.coloured else INK))
            size = sh * 0.36
            grp.add(dwg.text(WESTERN_TAG, insert=(fmt(cx), fmt(cy + DIGIT_HEIGHT * size / 2)), font_size=fmt(size),
                             font_weight="bold", text_anchor="middle", fill=WHITE))
        return grp
