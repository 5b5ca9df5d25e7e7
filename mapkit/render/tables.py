"""The printed tables of a game, as SVG pages: distances, races, race numbers, scores.

Each function returns :class:`~mapkit.render.pages.SvgPage` objects ready for
:func:`~mapkit.render.output.svgs_to_pdf`. The tables' contents come from the analysis
modules (:mod:`mapkit.analysis.distances`, :mod:`mapkit.analysis.races`); this module only
lays them out: a page title, the table fitted to the paper, a short explanation.

- :func:`distance_page`: the steps table as a triangle (each pair once), cities with their race
  numbers, races under the kit's threshold shaded; cities without numbers that no city
  reaches (special-race targets abroad) are named under the title, not tabled.
- :func:`races_pages`: by race number, what the kit's rules say of every race, then the
  numbers each number may not race (or must check) as a look-up list. Expres: the prize of
  every race (twice the distance), forbidden races under the table threshold shaded. Paluba and
  Dampfross (prizes 20 and 10, a race needs 6 pieces of built track): the distance of every
  race, those under 6 steps shaded (count the built track), numbers of one city crossed.
- :func:`numbers_page`: the 6 x 6 used-number table and the 3 x 6 compressed table
  (docs/rules.md, Paluba), each cell with its number and city.

The banker's sheet is :mod:`mapkit.render.scores`; the kit's rules (``kit``) are made by the
game family that prints the kit and passed in (Dampfross's
:class:`~mapkit.engine.games.dampfross.front.kit.KitRules`).

>>> compressed_rows()
[(1, 2), (3, 4), (5, 6)]
"""

from __future__ import annotations

from .boardart import fmt
from .fonts import ASCENT, DIGIT_HEIGHT, text_width
from .pages import SvgPage, new_drawing
from .paper import PAPER_SIZES
from .style import FONT_FAMILY, Style, get_style
from ..i18n import _

__all__ = ["Sheet", "map_title", "distance_page", "races_pages", "numbers_page", "compressed_rows", "wrap", "fit_size",
           "SHEET_MARGIN_MM"]

SHEET_MARGIN_MM = 12.0
HEADER_MM = 16.0          # title band of a sheet
FOOTER_MM = 6.0
TITLE_SIZE = 6.0
TEXT_SIZE = 3.0
RED_DIE = "#c62828"


def compressed_rows() -> list[tuple[int, int]]:
    """The tens digits sharing a row of the compressed number table (docs/rules.md, Paluba)."""
    return [(1, 2), (3, 4), (5, 6)]


class Sheet:
    """A page with a title band (the subtitle wrapped below it), a footer and a content box (mm)."""

    def __init__(self, title: str, subtitle: str, map_name: str, landscape: bool,
                 style: Style, paper: str = "A4"):
        w, h = PAPER_SIZES[paper]
        if landscape:
            w, h = h, w
        self.width, self.height = w, h
        self.style = style
        self.dwg = new_drawing(w, h)
        self.root = self.dwg.g(font_family=FONT_FAMILY, fill=style.text_colour)
        self.dwg.add(self.root)
        mg = SHEET_MARGIN_MM
        d = self.dwg
        self.root.add(d.text(title, insert=(fmt(mg), fmt(mg + ASCENT * TITLE_SIZE)),
                             font_size=fmt(TITLE_SIZE), font_weight="bold"))
        lines = wrap(subtitle, w - 2 * mg, TEXT_SIZE)
        for k, line in enumerate(lines):
            self.root.add(d.text(line, insert=(fmt(mg), fmt(mg + TITLE_SIZE * 1.2 + TEXT_SIZE * (1.1 + 1.3 * k))),
                                 font_size=fmt(TEXT_SIZE), fill=style.margin_colour))
        foot = f"{map_name} · mapkit" if map_name else "mapkit"   # a name, not words
        self.root.add(d.text(foot, insert=(fmt(w - mg), fmt(h - mg + FOOTER_MM - 1.5)),
                             font_size=fmt(2.4), text_anchor="end", fill=style.margin_colour))
        self.x0, self.y0 = mg, mg + HEADER_MM + TEXT_SIZE * 1.3 * (len(lines) - 1)
        self.x1, self.y1 = w - mg, h - mg - 1

    @property
    def box(self):
        return (self.x0, self.y0, self.x1 - self.x0, self.y1 - self.y0)

    def text(self, s, x, y, size=TEXT_SIZE, anchor="start", bold=False, fill=None, rotate=None, parent=None):
        kw = {"font_size": fmt(size), "text_anchor": anchor}
        if bold:
            kw["font_weight"] = "bold"
        if fill:
            kw["fill"] = fill
        if rotate is not None:
            kw["transform"] = f"rotate({rotate},{fmt(x)},{fmt(y)})"
        (parent or self.root).add(self.dwg.text(s, insert=(fmt(x), fmt(y)), **kw))

    def rect(self, x, y, w, h, fill="none", stroke=None, width=0.2, parent=None):
        kw = {"fill": fill}
        if stroke:
            kw.update(stroke=stroke, stroke_width=fmt(width))
        (parent or self.root).add(self.dwg.rect((fmt(x), fmt(y)), (fmt(w), fmt(h)), **kw))

    def line(self, x1, y1, x2, y2, stroke=None, width=0.2, parent=None):
        (parent or self.root).add(self.dwg.line((fmt(x1), fmt(y1)), (fmt(x2), fmt(y2)),
                                                stroke=stroke or self.style.rule_colour,
                                                stroke_width=fmt(width)))

    def cell_text(self, s, x, y, w, h, size, bold=False, fill=None, anchor="middle"):
        """Text centred vertically in the cell (x, y, w, h)."""
        tx = {"middle": x + w / 2, "start": x + 0.8, "end": x + w - 0.8}[anchor]
        self.text(s, tx, y + h / 2 + DIGIT_HEIGHT * size / 2, size, anchor, bold, fill)

    def page(self, label: str) -> SvgPage:
        return SvgPage(self.dwg.tostring(), self.width, self.height, label)


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at font size ``size``.

    >>> wrap("one two three", 100, 3.0)
    ['one two three']
    >>> wrap("one two three", 13, 3.0)
    ['one two', 'three']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def map_title(m) -> str:
    """The map's name as a sheet's title names it (a nameless map is "map" in the sheet's language)."""
    return m.name or _("map")


def _numbers_text(city) -> str:
    return " ".join(str(n) for n in city.numbers)


def fit_size(texts, width, start, smallest=1.6, bold=False):
    """The largest font size <= ``start`` at which every text fits ``width``."""
    widest = max((text_width(t, 1.0, bold) for t in texts), default=0)
    if widest <= 0:
        return start
    return max(smallest, min(start, width / widest))


# -- distances ------------------------------------------------------------------------------
def _distance_subtitle(kit) -> str:
    if kit.rule == "table":
        return _("Steps between cities over the whole board (not the built track). Shaded: fewer than {limit} "
                 "steps between two numbered cities, a forbidden race ({rules}). – : no way through.").format(
            limit=kit.limit, rules=kit.name)
    return _("Steps between cities over the whole board: no track between them can be shorter. Shaded: fewer "
             "than {limit} steps, so a race between them runs only if the built track is {limit} pieces or more: "
             "count it ({rules}). – : no way through.").format(limit=kit.limit, rules=kit.name)


def distance_page(m, table, kit, style="colour") -> SvgPage:
    """The steps distance table as a triangle; pairs the kit's rules forbid or question shaded.

    ``table`` is a :class:`~mapkit.analysis.distances.CityTable` of metric ``steps``; ``kit`` the
    kit's rules (see the module notes).
    """
    from ..analysis.distances import stranded_cities

    st = get_style(style) if isinstance(style, str) else style
    # Cities without numbers that nothing reaches would be rows of dashes: named, not tabled.
    stranded = stranded_cities(table)
    table = table.without(stranded)
    cities = list(table.cities)
    n = len(cities)
    sub = _distance_subtitle(kit)
    if stranded:
        sub += " " + _("Not listed: {cities} (no race numbers and no way there: special-race targets "
                       "only).").format(cities=", ".join(c.name for c in stranded))
    sheet = Sheet(_("Distances · {map}").format(map=map_title(m)), sub, m.name, True, st)
    x0, y0, W, H = sheet.box
    if n < 2:
        sheet.text(_("The map has fewer than two cities."), x0, y0 + 8)
        return sheet.page("distances")
    name_size = 2.7
    label_texts = [c.name for c in cities]
    num_texts = [_numbers_text(c) for c in cities]
    num_w = max(text_width(t, name_size * 0.9, True) for t in num_texts) + 2
    name_w = max(text_width(t, name_size) for t in label_texts) + 2
    label_w = num_w + name_w
    header_h = name_w + num_w + 1
    cols, rows = n - 1, n - 1
    cw = min(10.0, (W - label_w) / cols)
    ch = min(7.0, (H - header_h) / rows)
    if cw < 3.2 or ch < 2.6:
        # Too many cities for A4: shrink the labels as well.
        scale = max(0.55, min(cw / 3.2, ch / 2.6))
        name_size *= scale
        num_w *= scale
        name_w *= scale
        label_w, header_h = num_w + name_w, (name_w + num_w) * 1 + 1
        cw = (W - label_w) / cols
        ch = (H - header_h) / rows
    value_size = min(ch * 0.62, cw * 0.42, 3.4)
    tx0 = x0 + label_w          # left of the first column
    ty0 = y0 + header_h         # top of the first row
    # Column headers (rotated), for cities 0 .. n-2.
    for j in range(cols):
        c = cities[j]
        cx = tx0 + j * cw + cw / 2 + DIGIT_HEIGHT * name_size / 2
        sheet.text(num_texts[j], cx, ty0 - 1.0, name_size * 0.9, "start", True, rotate=-90,
                   fill=st.city_colour if st.coloured else None)
        sheet.text(c.name, cx, ty0 - 1.0 - num_w, name_size, "start", rotate=-90)
    # Rows: cities 1 .. n-1.
    for i in range(1, n):
        y = ty0 + (i - 1) * ch
        if i % 2 == 0:
            sheet.rect(x0, y, label_w + i * cw, ch, fill="#f2f2f2")
        sheet.cell_text(num_texts[i], x0, y, num_w - 1, ch, name_size * 0.9, bold=True, anchor="end",
                        fill=st.city_colour if st.coloured else None)
        sheet.cell_text(cities[i].name, x0 + num_w, y, name_w, ch, name_size, anchor="start")
        for j in range(i):
            d = table.matrix[i][j]
            x = tx0 + j * cw
            # Only numbered cities race; distances to cities without numbers (special-race
            # targets abroad) are listed but never shaded.
            marked = kit.verdict(d) != "no" and bool(cities[i].numbers and cities[j].numbers)
            if marked:
                sheet.rect(x, y, cw, ch, fill=st.shade)
            sheet.cell_text("–" if d is None else str(d), x, y, cw, ch, value_size, bold=not marked)
    # Rulings: the staircase grid.
    for i in range(1, n):
        y = ty0 + (i - 1) * ch
        sheet.line(x0, y + ch, tx0 + i * cw, y + ch, width=0.15)
    for j in range(cols + 1):
        x = tx0 + j * cw
        top = ty0 + max(0, j - 1) * ch if j > 0 else ty0
        sheet.line(x, top, x, ty0 + rows * ch, width=0.15)
    sheet.line(x0, ty0, tx0 + cw, ty0, width=0.15)
    return sheet.page("distances")


# -- races by number ----------------------------------------------------------------------------
def _races_texts(kit) -> tuple[str, str, str]:
    """The race grid's title and subtitle, and the look-up list's subtitle, for ``kit``."""
    if kit.rule == "table":
        grid = _("A race a–b: the winner gets the number in the cell (twice the distance), the second half "
                 "of it ({rules}). Shaded ×: forbidden (under {limit} steps).").format(rules=kit.name,
                                                                                      limit=kit.limit)
        look_up = _("Forbidden races (under {limit} steps apart): find the first number drawn, then look for "
                    "the second. Numbers of one city are always forbidden.").format(limit=kit.limit)
        return _("Races and prizes"), grid, look_up
    o = kit.options
    grid = _("{rules}: a race runs only when the shortest built track between its cities is at least {limit} "
             "pieces; the prize is {first} and {second} whatever the distance. Each cell: the fewest steps "
             "between the two cities (no track is shorter). Shaded: under {limit}, count the built track; "
             "×: one city, never run.").format(rules=kit.name, limit=kit.limit, first=o.prize_first,
                                               second=o.prize_second)
    look_up = _("Races to check (under {limit} steps apart: run only if the built track between them is "
                "{limit} pieces or more; × one city: never run): find the first number drawn, then look for "
                "the second.").format(limit=kit.limit)
    return _("Races by number"), grid, look_up


def races_pages(m, table, kit, style="colour") -> list[SvgPage]:
    """The race grid by number and the look-up list of the races the kit forbids or questions.

    ``table``: the steps :class:`~mapkit.analysis.distances.CityTable`; ``kit``: the
    kit's rules (see the module notes for what each rule shows).
    """
    from ..analysis.races import number_distances

    st = get_style(style) if isinstance(style, str) else style
    dist = number_distances(m, table)
    nums = m.used_numbers()
    verdict = {p: kit.verdict(d) for p, d in dist.items()}
    by_prize = kit.rule == "table"
    title, sub, sub2 = _races_texts(kit)
    red = RED_DIE if st.coloured else None
    pages = []
    sheet = Sheet(f"{title} · {map_title(m)}", sub, m.name, True, st)
    x0, y0, W, H = sheet.box
    n = len(nums)
    if n >= 2:
        label_w = 9.0
        cw = min(9.0, (W - label_w) / (n - 1))
        ch = min(6.5, (H - 7) / (n - 1))
        size = min(ch * 0.6, cw * 0.36, 3.2)
        tx0, ty0 = x0 + label_w, y0 + 7
        for j in range(n - 1):
            sheet.cell_text(str(nums[j]), tx0 + j * cw, y0, cw, 7, min(3.0, cw * 0.45), bold=True, fill=red)
        for i in range(1, n):
            y = ty0 + (i - 1) * ch
            sheet.cell_text(str(nums[i]), x0, y, label_w - 1, ch, min(3.0, ch * 0.7), bold=True,
                            anchor="end", fill=red)
            for j in range(i):
                pair = (nums[j], nums[i])
                x = tx0 + j * cw
                d, v = dist[pair], verdict[pair]
                if v == "yes":
                    sheet.rect(x, y, cw, ch, fill=st.shade)
                    sheet.cell_text("×", x, y, cw, ch, size, fill=st.margin_colour)
                    continue
                if v == "track":
                    sheet.rect(x, y, cw, ch, fill=st.shade)
                shown = kit.prize(d)[0] if by_prize else d
                sheet.cell_text("–" if shown is None else str(shown), x, y, cw, ch, size)
        _race_grid_rulings(sheet, nums, x0, tx0, ty0, cw, ch)
    pages.append(sheet.page("races"))
    pages.append(_look_up_page(m, nums, verdict, kit, sub2, st))
    return pages


def _race_grid_rulings(sheet, nums, x0, tx0, ty0, cw, ch):
    """The grid's lines, heavier between tens (the regions of the map)."""
    n = len(nums)
    for i in range(1, n):
        y = ty0 + (i - 1) * ch
        heavy = i < n - 1 and nums[i] // 10 != nums[i + 1] // 10
        sheet.line(x0, y + ch, tx0 + i * cw, y + ch, width=0.45 if heavy else 0.12,
                   stroke="#555555" if heavy else None)
    for j in range(n):
        x = tx0 + j * cw
        heavy = 0 < j < n - 1 and nums[j - 1] // 10 != nums[j] // 10
        top = ty0 + max(0, j - 1) * ch
        sheet.line(x, top, x, ty0 + (n - 1) * ch, width=0.45 if heavy else 0.12,
                   stroke="#555555" if heavy else None)
    sheet.line(tx0, ty0, tx0 + cw, ty0, width=0.12)


def _look_up_page(m, nums, verdict, kit, sub, st) -> SvgPage:
    """For every number, the numbers it may not race (table rule), or that need the track
    counted, numbers of one city marked × (track rule)."""
    partners: dict[int, list[str]] = {a: [] for a in nums}
    for (a, b), v in sorted(verdict.items()):
        if v == "no":
            continue
        mark = "×" if v == "yes" and kit.rule == "track" else ""
        partners[a].append(f"{b}{mark}")
        partners[b].append(f"{a}{mark}")
    title = _("Forbidden races") if kit.rule == "table" else _("Races to check")
    sheet = Sheet(f"{title} · {map_title(m)}", sub, m.name, True, st)
    x0, y0, W, H = sheet.box
    n = len(nums)
    city_of = {nn: c for c in m.cities for nn in c.numbers}
    row_h = min(7.5, H / max(n, 1))
    size = min(3.0, row_h * 0.62)
    name_w = max([text_width(c.name, size * 0.95) for c in m.cities] + [20.0]) + 4
    avail = W - 10 - name_w
    for k, a in enumerate(nums):
        y = y0 + k * row_h
        if k % 2 == 0:
            sheet.rect(x0, y, W, row_h, fill="#f2f2f2")
        if k and a // 10 != nums[k - 1] // 10:
            sheet.line(x0, y, x0 + W, y, stroke="#555555", width=0.35)
        sheet.cell_text(str(a), x0, y, 10, row_h, size * 1.1, bold=True,
                        fill=RED_DIE if st.coloured else None)
        city = city_of.get(a)
        sheet.cell_text(city.name if city else "", x0 + 10, y, name_w, row_h, size * 0.95, anchor="start",
                        fill=st.margin_colour)
        others = " ".join(sorted(partners[a], key=lambda t: int(t.rstrip("×")))) or "—"
        osize = fit_size([others], avail - 1, size)
        sheet.cell_text(others, x0 + 10 + name_w, y, avail, row_h, osize, anchor="start")
    return sheet.page("forbidden races" if kit.rule == "table" else "races to check")


# -- the number tables ------------------------------------------------------------------------
def numbers_page(m, style="colour") -> SvgPage:
    """The 6 x 6 used-number table and the 3 x 6 compressed table (docs/rules.md, Paluba)."""
    st = get_style(style) if isinstance(style, str) else style
    sub = _("Cross out a number when it comes up; a used number moves on to the nearest higher free one, "
            "else the lowest free one.")
    sheet = Sheet(_("Race numbers · {map}").format(map=map_title(m)), sub, m.name, False, st)
    x0, y0, W, H = sheet.box
    city_of = {nn: c.name for c in m.cities for nn in c.numbers}
    red = RED_DIE if st.coloured else st.text_colour
    head = 13.0
    cw = (W - head) / 6

    def die_headers(y):
        sheet.text(_("white die (units)"), x0 + head + 3 * cw, y - 1.8, 2.8, "middle", fill=st.margin_colour)
        for u in range(1, 7):
            sheet.cell_text(str(u), x0 + head + (u - 1) * cw, y, cw, 7, 3.6, bold=True)

    def red_label(y, h):
        sheet.text(_("red die (tens)"), x0 + 2.2, y + h / 2, 2.8, "middle", fill=red, rotate=-90)

    # 6 x 6.
    ch = 17.0
    ty = y0 + 8
    die_headers(ty)
    ty += 7
    red_label(ty, 6 * ch)
    for t in range(1, 7):
        y = ty + (t - 1) * ch
        sheet.cell_text(str(t), x0 + 4, y, head - 4, ch, 4.2, bold=True, fill=red)
        for u in range(1, 7):
            x = x0 + head + (u - 1) * cw
            n = 10 * t + u
            sheet.rect(x, y, cw, ch, fill="#ffffff", stroke="#444444", width=0.3)
            used = n in city_of
            sheet.text(str(n), x + 2, y + 2 + ASCENT * 4.2, 4.2, bold=True,
                       fill=None if used else st.rule_colour)
            if used:
                name = city_of[n]
                size = fit_size([name], cw - 3, 2.6)
                sheet.text(name, x + cw / 2, y + ch - 2.2, size, "middle", fill=st.margin_colour)
    y_after = ty + 6 * ch + 10

    # 3 x 6 compressed.
    sheet.text(_("Compressed table: a number and its partner of the same row go together (9 races fill it)."),
               x0, y_after, 3.0, bold=True)
    ty = y_after + 10
    die_headers(ty)
    ty += 7
    ch2 = 24.0
    red_label(ty, 3 * ch2)
    for k, (a, b) in enumerate(compressed_rows()):
        y = ty + k * ch2
        sheet.cell_text(f"{a}+{b}", x0 + 4, y, head - 4, ch2, 3.4, bold=True, fill=red)
        for u in range(1, 7):
            x = x0 + head + (u - 1) * cw
            sheet.rect(x, y, cw, ch2, fill="#ffffff", stroke="#444444", width=0.3)
            for row, t in enumerate((a, b)):
                n = 10 * t + u
                yy = y + 2 + row * (ch2 / 2)
                used = n in city_of
                sheet.text(str(n), x + 2, yy + ASCENT * 3.6, 3.6, bold=True,
                           fill=None if used else st.rule_colour)
                if used:
                    name = city_of[n]
                    size = fit_size([name], cw - 12, 2.4)
                    sheet.text(name, x + 11, yy + ASCENT * 3.6, size, fill=st.margin_colour)
            sheet.line(x + 1, y + ch2 / 2, x + cw - 1, y + ch2 / 2, width=0.12)
    return sheet.page("numbers")
