"""Drawing a board as SVG at true scale: terrain, hex outlines, rivers, borders, cities, names.

:class:`BoardArt` draws one map in one style. Its pieces are svgwrite groups in millimetres
that the page makers (:mod:`mapkit.render.pages`) put on paper:

- the *frame*: the board with its column letters and row numbers around it
  (``board size + 2 * COORD_MARGIN_MM`` in each direction; the board's top-left hex box starts at
  ``(COORD_MARGIN_MM, COORD_MARGIN_MM)``), so hex centres sit at
  ``COORD_MARGIN_MM + grid.centre_mm(h)``;
- the *title* and the *legend* (symbols, build costs, a scale bar), flowed to a width.

Hexes are ``grid.hex_mm`` apart on paper; names, numbers and city outlines scale with the hex
(``hex_mm / 14``), the margins, title and legend do not.

>>> from mapkit.io.yamlmap import load_map
>>> from mapkit.grid import parse_hex
>>> import pathlib
>>> art = BoardArt(load_map(pathlib.Path(__file__).parents[2] / "maps" / "example.yaml"))
>>> [round(v, 2) for v in art.frame_size]
[245.0, 163.53]
>>> art.hex_centre(parse_hex("A1"))
(14.0, 15.083)
>>> art.clashes()
[]
"""

from __future__ import annotations

import math

from ..grid import Hex, column_name
from ..model import Map
from .fonts import DIGIT_HEIGHT, text_width
from .labels import KeptLines, LabelRequest, place_labels
from .legend import BoardLegend
from .lineshift import rounded_ends, shifted_line
from .style import FONT_FAMILY, REFERENCE_HEX_MM, Style, get_style, named_colour
from .svgfmt import fmt, points
from .textures import hatch_segments, stipple_rows

__all__ = ["BoardArt", "COORD_MARGIN_MM", "cross_cities", "fmt", "points"]

# Room around the board for the column letters and row numbers.
COORD_MARGIN_MM = 7.0
MIN_NAME_SIZE = 1.9            # names never print smaller than this (mm), whatever the hex size
DOT_GAP_MM = 1.0               # the least gap between a name and a centre dot
RIVER_GAP_MM = 0.3             # paper between a border line and a river drawn beside it
PLATE_RIM_MM = 0.35            # a name's pale plate beyond its box (half that above and below), 14 mm hexes
CROSS_TAGS = ("cross", "red-cross")
ABROAD_TAGS = ("foreign", "abroad")


def _ring_path(pts) -> str:
    return "M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in pts) + " Z"


def cross_cities(m: Map) -> list:
    """The cities drawn with a red cross: targets of a special-race table that stand abroad.

    A city qualifies when a ``rules.special_races`` table entry names it under ``cities`` and it
    stands abroad (on foreign land, in a region of ``kind: foreign``, tagged ``foreign`` /
    ``abroad``, or without race numbers), or when it carries the tag ``cross``.
    """
    named: set = set()
    table = (m.rules.special_races or {}).get("table") or {}
    for entry in table.values():
        if isinstance(entry, dict):
            named.update(str(n) for n in (entry.get("cities") or []))
    foreign_regions = {r.name for r in m.regions if dict(r.extra).get("kind") == "foreign"}
    foreign_hexes = {h for r in m.regions if r.name in foreign_regions for h in r.hexes}
    out = []
    for c in m.cities:
        if any(t in CROSS_TAGS for t in c.tags):
            out.append(c)
            continue
        if c.name not in named:
            continue
        abroad = (m.terrain_at(c.hex) == "foreign" or c.region in foreign_regions
                  or c.hex in foreign_hexes or any(t in ABROAD_TAGS for t in c.tags)
                  or not c.numbers)
        if abroad:
            out.append(c)
    return out


class BoardArt(BoardLegend):
    """One map drawn in one style (``"colour"``, ``"mono"`` or a :class:`Style`)."""

    # Whether a city's hex gets a centre dot too (where no race numbers mark it).
    dot_cities = False

    def __init__(self, m: Map, style="colour"):
        self.map = m
        self.style: Style = get_style(style) if isinstance(style, str) else style
        self.grid = m.grid
        self.k = self.grid.hex_mm / REFERENCE_HEX_MM
        bw, bh = self.grid.bounds_mm()
        self.board_size = (bw, bh)
        self.margin = COORD_MARGIN_MM
        self.frame_size = (bw + 2 * self.margin, bh + 2 * self.margin)
        self.crossed = {c.name for c in cross_cities(m)}
        self.ports = {c.name for c in m.cities if "port" in c.tags}
        self.name_size = max(MIN_NAME_SIZE, self.style.name_size * self.k)
        # A centre dot this close to a name (mm) would read as part of it: it is left out.
        self.dot_clearance = (self.style.dot_size + DOT_GAP_MM) * self.k
        self.labels = self._place_labels()
        self._backed_names: set[str] | None = None

    # -- geometry ---------------------------------------------------------------------------
    def hex_centre(self, h) -> tuple[float, float]:
        """Centre of hex ``h`` in frame millimetres (rounded to 0.001 mm)."""
        x, y = self.grid.centre_mm(h)
        return (round(x + self.margin, 3), round(y + self.margin, 3))

    def _corners(self, h, shrink: float = 0.0):
        cx, cy = self.grid.centre_mm(h)
        pts = self.grid.corners_mm(h)
        if shrink:
            f = (self.grid.size_mm - shrink) / self.grid.size_mm
            pts = [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in pts]
        return pts

    def _drawn_hexes(self):
        return [h for h in self.grid.hexes() if self.map.terrain[h] != "off"]

    def fill_terrain(self, h) -> str:
        """The terrain a hex is painted as: cities on foreign land are painted plain."""
        t = self.map.terrain[h]
        if t == "foreign" and self.map.city_at(h) is not None:
            return "plain"
        return t

    def clashes(self) -> list[str]:
        """Cities whose name could not be placed clear of every other name and city hex."""
        return [k for k, lab in self.labels.items() if lab.clash]

    # -- label placement ----------------------------------------------------------------------
    def _place_labels(self):
        from shapely.geometry import MultiLineString
        from shapely.ops import unary_union

        g = self.grid
        reqs = [LabelRequest(c.name, c.name, g.centre_mm(c.hex), g.polygon(c.hex), self.name_size)
                for c in self.map.cities]
        soft = [g.polygon(h) for h in self._drawn_hexes()
                if self.fill_terrain(h) in ("water", "foreign", "mountain") and self.map.city_at(h) is None]
        soft_areas = unary_union(soft) if soft else None
        # Rivers and borders, as drawn: a name's plate (its box and rim, see _names) covers them
        # only where every place left to it would; they, the ridges and the ferries cost.
        kept = self.drawn_segments(("rivers", "borders"))
        segs = kept + self.drawn_segments(("ridges",))
        for f in self.map.ferries:
            src = self.map.city_named(f.from_city)
            if src is not None and f.to in g:
                segs.append((g.centre_mm(src.hex), g.centre_mm(f.to)))
        soft_lines = MultiLineString(segs) if segs else None
        # the plate's rim clear of the lines' middles, the letters clear of their ink (a thick
        # river's half width)
        rim = PLATE_RIM_MM * self.k
        ink = max(self.style.river_width, self.style.border_width) / 2 * max(self.k, 0.7)
        bw, bh = self.board_size
        return place_labels(reqs, (0.0, 0.0, bw, bh), soft_areas=soft_areas, soft_lines=soft_lines,
                            kept=KeptLines(MultiLineString(kept), (max(rim, ink), max(rim / 2, ink))) if kept else None)

    # -- textures (mono) ------------------------------------------------------------------------
    def _fill(self, terrain: str) -> str:
        return self.style.terrain.get(terrain, "#ffffff")

    def _texture_shape(self, h):
        """Where a hex's texture goes (the whole hex; city numbers get a plate over it)."""
        return self.grid.corners_mm(h)

    def texture(self, dwg, terrain: str, polygons):
        """The texture of ``terrain`` (hatch or stipple) over ``polygons`` (lists of corner
        points), as one path, or None. Lines and dots sit on one lattice for the whole board,
        so neighbouring hexes continue each other's texture."""
        kind = self.style.textures.get(terrain)
        if not kind or not polygons:
            return None
        st = self.style
        parts = []
        for pts in polygons:
            if kind == "hatch":
                parts += hatch_segments(pts, st.hatch_spacing)
            else:
                parts += stipple_rows(pts, st.stipple_spacing)
        if not parts:
            return None
        d = " ".join(parts)
        if kind == "hatch":
            return dwg.path(d=d, fill="none", stroke=st.texture_colour, stroke_width=fmt(st.hatch_width),
                            stroke_linecap="butt", **{"class": "texture-hatch"})
        return dwg.path(d=d, fill="none", stroke=st.texture_colour, stroke_width=fmt(st.stipple_dot),
                        stroke_linecap="round", stroke_dasharray=f"0,{fmt(st.stipple_spacing)}",
                        **{"class": "texture-stipple"})

    # -- the frame ------------------------------------------------------------------------------
    def frame(self, dwg, coordinates: bool = True, window=None):
        """The board with its margins as one group, in frame millimetres.

        ``window`` = (x0, y0, x1, y1) in frame mm: draw only what can show through it (a tile
        page clips to its window; leaving the rest out keeps the PDF small).
        """
        st = self.style
        root = dwg.g(id="board-frame", font_family=FONT_FAMILY)
        board = dwg.g(transform=f"translate({fmt(self.margin)},{fmt(self.margin)})")
        root.add(board)
        self._window = None
        if window is not None:
            # In board mm, grown by a hex so that shapes crossing the window edge stay whole.
            pad = self.grid.hex_mm
            self._window = (window[0] - self.margin - pad, window[1] - self.margin - pad,
                            window[2] - self.margin + pad, window[3] - self.margin + pad)
        drawn = [h for h in self._drawn_hexes() if self._shows(*self.grid.centre_mm(h))]

        # 1. Terrain: one path per terrain.
        by_terrain: dict[str, list] = {}
        for h in drawn:
            by_terrain.setdefault(self.fill_terrain(h), []).append(h)
        terr = dwg.g(id="terrain")
        for t in ("plain", "mountain", "water", "foreign"):
            hexes = by_terrain.get(t)
            if hexes:
                d = " ".join(_ring_path(self.grid.corners_mm(h)) for h in hexes)
                terr.add(dwg.path(d=d, fill=self._fill(t), stroke="none", **{"class": f"terrain-{t}"}))
                tex = self.texture(dwg, t, [self._texture_shape(h) for h in hexes])
                if tex is not None:
                    terr.add(tex)
        board.add(terr)

        # 2. Hex outlines: every side once.
        board.add(dwg.path(d=self._grid_path(drawn), fill="none", stroke=st.grid_colour,
                           stroke_width=fmt(st.grid_width), stroke_linecap="round", id="hex-grid"))

        # 2b. A dot in the centre of every hex a track may reach: track runs from dot to dot.
        board.add(self._dots(dwg, drawn))

        # 3. Ferries under the edge lines and cities.
        if self.map.ferries:
            board.add(self._ferries(dwg))

        # 4. Edge features.
        for kind, colour, width, dash in (
                ("rivers", st.river_colour, st.river_width, st.river_dash),
                ("ridges", st.ridge_colour, st.ridge_width, st.ridge_dash),
                ("borders", st.border_colour, st.border_width, st.border_dash)):
            d = self._edge_path(kind)
            if kind == "rivers" and st.river_casing > 0:
                self._casing(dwg, board)
            if d:
                extra = {"stroke_dasharray": dash} if dash else {}
                board.add(dwg.path(d=d, fill="none", stroke=colour, stroke_width=fmt(width * max(self.k, 0.7)),
                                   stroke_linecap="round" if not dash else "butt",
                                   stroke_linejoin="round", id=kind, **extra))

        # 5. Cities, 6. names.
        board.add(self._cities(dwg))
        board.add(self._names(dwg))
        if coordinates:
            root.add(self._coordinates(dwg))
        return root

    def _shows(self, x: float, y: float, x1: float | None = None, y1: float | None = None) -> bool:
        """Whether the point (or the box to x1, y1) in board mm lies in the current window."""
        w = getattr(self, "_window", None)
        if w is None:
            return True
        x1 = x if x1 is None else x1
        y1 = y if y1 is None else y1
        return x1 >= w[0] and x <= w[2] and y1 >= w[1] and y <= w[3]

    def dot_hexes(self) -> list:
        """The hexes that get a centre dot: those a track may reach, except cities (their
        numbers mark the centre). Plains and mountains; with border crossing, foreign hexes too,
        only those next to home land when a track stops on the first hex beyond the border."""
        m, g = self.map, self.grid
        home = ("plain", "mountain")
        stop = m.rules.stop_at_border
        out = []
        for h in self._drawn_hexes():
            t = m.terrain[h]
            if (m.city_at(h) is not None and not self.dot_cities) or t not in home + ("foreign",):
                continue
            if t == "foreign" and not (m.rules.border_crossing and (
                    not stop or any(m.terrain_at(n) in home for n in g.neighbours(h)))):
                continue
            out.append(h)
        return out

    def _dots(self, dwg, drawn):
        """The centre dots as one path per colour: zero-length strokes with round caps. A dot
        that a city's name would cover is left out: it would show between the letters."""
        from .style import dot_colour_on

        st, g = self.style, self.grid
        shown = set(drawn)
        r = self.dot_clearance
        boxes = [(x0 - r, y0 - r, x1 + r, y1 + r) for x0, y0, x1, y1 in (lab.box for lab in self.labels.values())]
        by_colour: dict[str, list] = {}
        for h in self.dot_hexes():
            x, y = g.centre_mm(h)
            if h not in shown or any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in boxes):
                continue
            colour = dot_colour_on(st, self._fill(self.fill_terrain(h)))
            by_colour.setdefault(colour, []).append(f"M{fmt(x)},{fmt(y)} h0")
        grp = dwg.g(id="centre-dots")
        for colour, parts in sorted(by_colour.items()):
            grp.add(dwg.path(d=" ".join(parts), fill="none", stroke=colour,
                             stroke_width=fmt(st.dot_size * self.k), stroke_linecap="round"))
        return grp

    def _grid_path(self, drawn) -> str:
        g = self.grid
        drawn_set = set(drawn)
        parts = []
        for h in drawn:
            cx, cy = g.centre_mm(h)
            corners = g.corners_mm(h)
            for i in range(6):
                (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 6]
                # The hex across this side: mirror the centre in the side's midpoint.
                n = g.hex_at_mm(x1 + x2 - cx, y1 + y2 - cy)
                if n in drawn_set and n < h:
                    continue  # drawn with the neighbour
                parts.append(f"M{fmt(x1)},{fmt(y1)} L{fmt(x2)},{fmt(y2)}")
        return " ".join(parts)

    def _edge_path(self, kind: str) -> str:
        from shapely.geometry import MultiLineString
        from shapely.ops import linemerge

        edges = sorted(self.map.edge_set(kind))
        segs = []
        for e in edges:
            (x1, y1), (x2, y2) = self.grid.edge_segment_mm(e)
            if self._shows((x1 + x2) / 2, (y1 + y2) / 2):
                segs.append(rounded_ends(((x1, y1), (x2, y2))))
        if not segs:
            return ""
        merged = linemerge(MultiLineString(segs))
        lines = [merged] if merged.geom_type == "LineString" else list(merged.geoms)
        shifts = self._river_shifts() if kind == "rivers" else {}
        out = []
        for ln in lines:
            pts = shifted_line(list(ln.coords), shifts) if shifts else list(ln.coords)
            out.append("M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in pts))
        return " ".join(out)

    def drawn_segments(self, kinds=("rivers", "borders")) -> list:
        """The hex sides of ``kinds`` as drawn, mm: ``[((x1, y1), (x2, y2))]``, a river along a
        border moved beside it (:meth:`_river_shifts`)."""
        shifts = self._river_shifts() if "rivers" in kinds else {}
        out = []
        for kind in kinds:
            for e in self.map.edge_set(kind):
                (x1, y1), (x2, y2) = seg = self.grid.edge_segment_mm(e)
                dx, dy = shifts.get(frozenset(rounded_ends(seg)), (0.0, 0.0)) if kind == "rivers" else (0.0, 0.0)
                out.append(((x1 + dx, y1 + dy), (x2 + dx, y2 + dy)))
        return out

    def _river_shifts(self) -> dict:
        """Rivers that run along a state border are drawn beside the border line, on the
        side of the neighbouring state (home land there may carry a city's outline), so that
        both show: ``{frozenset of the side's two ends (rounded, mm): shift (dx, dy)}``."""
        st, g = self.style, self.grid
        gap = max(RIVER_GAP_MM, st.river_casing)
        away = (st.border_width / 2 + st.river_width / 2 + gap) * max(self.k, 0.7)
        out = {}
        for e in self.map.edge_set("rivers") & self.map.edge_set("borders"):
            a, b = sorted(e)
            side = b if self.map.terrain[b] == "foreign" and self.map.terrain[a] != "foreign" else a
            (x1, y1), (x2, y2) = seg = g.edge_segment_mm(e)
            cx, cy = g.centre_mm(side)
            nx, ny = cx - (x1 + x2) / 2, cy - (y1 + y2) / 2
            n = math.hypot(nx, ny)
            out[frozenset(rounded_ends(seg))] = (away * nx / n, away * ny / n)
        return out

    def _casing(self, dwg, board) -> None:
        """Paper under the rivers that lie on neighbouring states (beside a border or between
        two hexes abroad), ``river_casing`` wider each side: a river the colour of that land
        (Expres: black on black) shows, to a player and to ``mapkit import``."""
        st, g = self.style, self.grid
        shifts = self._river_shifts()
        segs = []
        for e in sorted(self.map.edge_set("rivers")):
            seg = rounded_ends(g.edge_segment_mm(e))
            move = shifts.get(frozenset(seg))
            if move is None and not all(self.map.terrain_at(h) == "foreign" for h in e):
                continue
            dx, dy = move or (0.0, 0.0)
            (x1, y1), (x2, y2) = seg
            if self._shows((x1 + x2) / 2, (y1 + y2) / 2):
                segs.append(f"M{fmt(x1 + dx)},{fmt(y1 + dy)} L{fmt(x2 + dx)},{fmt(y2 + dy)}")
        if segs:
            width = (st.river_width + 2 * st.river_casing) * max(self.k, 0.7)
            board.add(dwg.path(d=" ".join(segs), fill="none", stroke=self._fill("plain"),
                               stroke_width=fmt(width), stroke_linecap="round", id="river-casing"))

    def _ferries(self, dwg):
        st, g = self.style, self.grid
        grp = dwg.g(id="ferries")
        for f in self.map.ferries:
            src = self.map.city_named(f.from_city)
            if src is None or f.to not in g:
                continue
            (x1, y1), (x2, y2) = g.centre_mm(src.hex), g.centre_mm(f.to)
            length = math.hypot(x2 - x1, y2 - y1)
            if length == 0:
                continue
            start = g.hex_mm / 2  # leave the city hex free for its numbers
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            grp.add(dwg.line((fmt(x1 + ux * start), fmt(y1 + uy * start)), (fmt(x2), fmt(y2)),
                             stroke=st.ferry_colour, stroke_width=fmt(st.ferry_width * self.k),
                             stroke_dasharray=st.ferry_dash, stroke_linecap="butt"))
            grp.add(dwg.circle((fmt(x2), fmt(y2)), fmt(0.9 * self.k), fill=st.ferry_colour))
        return grp

    def _cities(self, dwg):
        st, g, k = self.style, self.grid, self.k
        grp = dwg.g(id="cities")
        inset = (st.city_inset + st.city_width / 2) * k / math.cos(math.radians(30))
        for c in self.map.cities:
            cx, cy = g.centre_mm(c.hex)
            if not self._shows(cx, cy):
                continue
            cg = dwg.g(**{"class": "city"})
            # a city with a colour (a TransAmerica card's) is ringed in it, where colour may speak
            ring = named_colour(c.colour, st.city_colour) if c.colour and st.coloured else st.city_colour
            cg.add(dwg.polygon(points=[(fmt(x), fmt(y)) for x, y in self._corners(c.hex, inset)],
                               fill="none", stroke=ring, stroke_width=fmt(st.city_width * k),
                               stroke_linejoin="round"))
            nums = list(c.numbers)
            crossed = c.name in self.crossed
            port = c.name in self.ports
            if crossed and not nums:
                self._cross(dwg, cg, cx, cy, 0.5 * g.hex_mm)
                if port:
                    self._anchor(dwg, cg, cx - 0.3 * g.hex_mm, cy + 0.22 * g.hex_mm, 0.18 * g.hex_mm)
            else:
                # One row, centred: [anchor] numbers [cross].
                anchor_h, cross_len, gap = 0.21 * g.hex_mm, 0.2 * g.hex_mm, 0.05 * g.hex_mm
                rows, size = self._number_rows(nums)
                block = max((text_width(r, size, bold=True) for r in rows), default=0.0)
                left = anchor_h * 0.8 + gap if port else 0.0
                right = cross_len + gap if crossed else 0.0
                x = cx - (left + block + right) / 2
                if rows and self.style.textures.get(self.fill_terrain(c.hex)):
                    # A textured (mono) city hex: a white plate keeps the numbers readable.
                    pitch = 1.08 * size
                    bh = (len(rows) - 1) * pitch + DIGIT_HEIGHT * size + 1.0 * self.k
                    bw = left + block + right + 1.0 * self.k
                    grp_plate = dwg.rect((fmt(cx - bw / 2), fmt(cy - bh / 2)), (fmt(bw), fmt(bh)),
                                         rx=fmt(0.6 * self.k), fill="#ffffff")
                    cg.add(grp_plate)
                if port:
                    self._anchor(dwg, cg, x + anchor_h * 0.4, cy, anchor_h)
                if rows:
                    self._numbers(dwg, cg, rows, size, x + left + block / 2, cy)
                if crossed:
                    self._cross(dwg, cg, x + left + block + gap + cross_len / 2, cy, cross_len)
            grp.add(cg)
        return grp

    def _number_rows(self, nums):
        """The lines of race numbers in a city hex and their font size: stacked up to three,
        two to a line beyond."""
        st = self.style
        n = len(nums)
        if not n:
            return [], 0.0
        size = st.number_sizes[min(n, len(st.number_sizes)) - 1] * self.k
        rows = [[x] for x in nums] if n <= 3 else [nums[i:i + 2] for i in range(0, n, 2)]
        return [" ".join(str(v) for v in row) for row in rows], size

    def _numbers(self, dwg, grp, rows, size, cx, cy):
        st = self.style
        pitch = 1.08 * size
        total = (len(rows) - 1) * pitch + DIGIT_HEIGHT * size
        y = cy - total / 2 + DIGIT_HEIGHT * size
        for row in rows:
            grp.add(dwg.text(row, insert=(fmt(cx), fmt(y)), font_size=fmt(size), font_weight="bold",
                             text_anchor="middle", fill=st.number_colour, **{"class": "number"}))
            y += pitch

    def _cross(self, dwg, grp, x, y, length):
        w = length * 0.3
        h = length / 2
        d = (f"M{fmt(x - w / 2)},{fmt(y - h)} h{fmt(w)} v{fmt(h - w / 2)} h{fmt(h - w / 2)} v{fmt(w)} "
             f"h{fmt(-(h - w / 2))} v{fmt(h - w / 2)} h{fmt(-w)} v{fmt(-(h - w / 2))} h{fmt(-(h - w / 2))} "
             f"v{fmt(-w)} h{fmt(h - w / 2)} Z")
        grp.add(dwg.path(d=d, fill=self.style.cross_colour, **{"class": "cross"}))

    def _anchor(self, dwg, grp, x, y, a, colour=None):
        """A small anchor (the port mark) of height ``a`` centred at ``x``, ``y``."""
        colour = colour or self.style.port_colour
        sw = fmt(0.1 * a)
        g = dwg.g(fill="none", stroke=colour, stroke_width=sw, stroke_linecap="round",
                  **{"class": "port"})
        g.add(dwg.circle((fmt(x), fmt(y - 0.38 * a)), fmt(0.11 * a)))
        g.add(dwg.line((fmt(x), fmt(y - 0.27 * a)), (fmt(x), fmt(y + 0.46 * a))))
        g.add(dwg.line((fmt(x - 0.2 * a), fmt(y - 0.12 * a)), (fmt(x + 0.2 * a), fmt(y - 0.12 * a))))
        g.add(dwg.path(d=f"M{fmt(x - 0.36 * a)},{fmt(y + 0.1 * a)} Q{fmt(x - 0.33 * a)},{fmt(y + 0.46 * a)} "
                         f"{fmt(x)},{fmt(y + 0.46 * a)} Q{fmt(x + 0.33 * a)},{fmt(y + 0.46 * a)} "
                         f"{fmt(x + 0.36 * a)},{fmt(y + 0.1 * a)}"))
        grp.add(g)

    def _backed(self) -> set[str]:
        """The cities whose name lies on colour or a line and gets a white backing (names on
        plain white paper print over the thin hex lines, as on the printed boards); worked out
        once, for the board and each of its tiles."""
        if self._backed_names is None:
            from shapely.geometry import MultiLineString, box
            from shapely.ops import unary_union

            g = self.grid
            busy = [g.polygon(h) for h in self._drawn_hexes()
                    if self.fill_terrain(h) != "plain" and self.map.city_at(h) is None]
            busy_area = unary_union(busy) if busy else None
            lines = [g.edge_segment_mm(e) for kind in ("rivers", "borders", "ridges")
                     for e in self.map.edge_set(kind)]
            busy_lines = MultiLineString(lines) if lines else None
            self._backed_names = {name for name, lab in self.labels.items()
                                  if (busy_area is not None and box(*lab.box).intersects(busy_area))
                                  or (busy_lines is not None and box(*lab.box).intersects(busy_lines))}
        return self._backed_names

    def _names(self, dwg):
        st = self.style
        grp = dwg.g(id="names", fill=st.text_colour)
        backed = self._backed()
        for c in self.map.cities:
            lab = self.labels[c.name]
            x0, y0, x1, y1 = lab.box
            if not self._shows(x0, y0, x1, y1):
                continue
            if c.name in backed:
                p = PLATE_RIM_MM * self.k
                grp.add(dwg.rect((fmt(x0 - p), fmt(y0 - p / 2)), (fmt(x1 - x0 + 2 * p), fmt(y1 - y0 + p)),
                                 rx=fmt(0.6 * self.k), fill=st.label_backing,
                                 fill_opacity=fmt(st.label_backing_opacity), stroke="none"))
            # One text element per name (its lines as tspans, a space ending all but the last),
            # so the name reads whole in the SVG and in the PDF's text.
            t = dwg.text("", font_size=fmt(lab.size), text_anchor=lab.align, **{"class": "name"})
            last = len(lab.lines) - 1
            for k, (text, (x, y)) in enumerate(zip(lab.lines, lab.baselines(), strict=False)):
                t.add(dwg.tspan(text + (" " if k < last else ""), x=[fmt(x)], y=[fmt(y)]))
            grp.add(t)
        return grp

    def _coordinates(self, dwg):
        st, g = self.style, self.grid
        m = self.margin
        bw, bh = self.board_size
        size = st.margin_size
        grp = dwg.g(id="coordinates", fill=st.margin_colour, font_size=fmt(size), text_anchor="middle")
        mid = DIGIT_HEIGHT * size / 2
        for col in range(g.columns):
            x_top = g.centre_mm(Hex(col, 0))[0] + m
            x_bot = g.centre_mm(Hex(col, g.rows - 1))[0] + m
            name = column_name(col)
            grp.add(dwg.text(name, insert=(fmt(x_top), fmt(m / 2 + mid))))
            grp.add(dwg.text(name, insert=(fmt(x_bot), fmt(m + bh + m / 2 + mid))))
        for row in range(g.rows):
            y_left = g.centre_mm(Hex(0, row))[1] + m
            y_right = g.centre_mm(Hex(g.columns - 1, row))[1] + m
            grp.add(dwg.text(str(row + 1), insert=(fmt(m / 2), fmt(y_left + mid))))
            grp.add(dwg.text(str(row + 1), insert=(fmt(m + bw + m / 2), fmt(y_right + mid))))
        return grp
