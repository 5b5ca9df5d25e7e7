"""TransAmerica's printed kit (``mapkit sheets MAP --rules transamerica``), for a map that
carries the 35 city cards (``rules.city_cards``, :mod:`mapkit.engine.games.transamerica.cards`).

:func:`write_transamerica_sheets` writes into ``DIR``:

==================  ======================================================================
``board.pdf``       the board on one page: a dot on every junction, the 35 card cities ringed
                    in their card's colour (the map's other cities are plain junctions here)
``board-A4.pdf``    the same board tiled on A4, with an overview page
``cards.pdf``       the 35 city cards to cut out, nine to an A4 page: the city's name (underlined
                    on the cards set aside with 2-3 players), its colour and hex, and where it
                    lies on a small map of the board
``score.pdf``       the score track (13 down to the red field 0, the barrier before it, the sea
                    beyond) and a table of points lost round by round
``rules.pdf``       the rules in brief (docs/rules.md, TransAmerica) and the cities of each colour
``index.html``      links to every file with a preview picture
==================  ======================================================================

Every file is made before any is written, then moved in atomically
(:func:`mapkit.render.sheets.write_files`).
"""

from __future__ import annotations

from mapkit.engine.family import SheetRequest
from mapkit.engine.games.transamerica.cards import read_cards
from mapkit.errors import InputError
from mapkit.i18n import N_, _, translate
from mapkit.model import City
from mapkit.render.boardart import BoardArt, fmt
from mapkit.render.fonts import ASCENT, text_width
from mapkit.render.pages import SvgPage, board_page, new_drawing, tiled_pages
from mapkit.render.sheets import SheetsResult, check_folder, index_html, make_pdfs, write_files
from mapkit.render.style import FONT_FAMILY, dot_colour_on, get_style, named_colour
from mapkit.render.tables import Sheet, map_title, wrap

__all__ = ["write_transamerica_sheets", "TransAmericaArt", "card_map", "card_pages", "score_page", "rules_page",
           "CARD_MM",
           "TA_FILES"]

TA_FILES = ("board.pdf", "board-A4.pdf", "cards.pdf", "score.pdf", "rules.pdf")
CARD_MM = (63.0, 88.0)          # a playing card
CARDS_ACROSS, CARDS_DOWN = 3, 3
SEA_FIELDS = 6                  # fields of the sea drawn beyond 0
ROUND_ROWS = 12
# The card colours as printed (the map's rules.city_cards names them in English).
COLOUR_WORDS = (N_("red"), N_("orange"), N_("yellow"), N_("green"), N_("blue"))


class TransAmericaArt(BoardArt):
    """The board as TransAmerica uses it: a dot on every junction (cities too), the card cities
    ringed in their colours, and a legend of single and double lines."""

    dot_cities = True
    cost_head = N_("A turn:")

    @staticmethod
    def cost_items():
        return [("1-2", _("single lines")), (_("or 1"), _("double line: across a river, into or out of mountains")),
                ("×", _("water, closed border"))]

    @staticmethod
    def move_text() -> str:
        return ""

    def legend_items(self):
        out = []
        for kind, caption in super().legend_items():
            if kind == "city":
                caption = _("card city (ringed in its colour)")
            elif kind == "dot":
                caption = _("junction: track runs from dot to dot")
            out.append((kind, caption))
        return out

    def subtitle(self) -> str:
        g = self.grid
        return (_("{columns} × {rows} hexes, {mm:g} mm apart").format(columns=g.columns, rows=g.rows, mm=g.hex_mm)
                + " · " + _("{n} junctions").format(n=len(self.dot_hexes()))
                + " · " + _("{n} card cities").format(n=len(self.map.cities)))


def card_map(m, cards):
    """The board of TransAmerica: the map with the 35 card cities as its only cities, each
    without race numbers and coloured as its card."""
    cities = [City(c.name, c.hex, (), ("card",), c.colour) for c in cards]
    return m.replace(cities=cities)


def _silhouette(m, rows) -> str:
    """The land track can reach (every junction's hex), as one SVG path in board mm."""
    from shapely import union_all

    # a hair's breadth of buffer closes the slivers between neighbouring hexes
    shape = union_all([m.grid.polygon(h).buffer(0.05) for h in rows])
    polys = getattr(shape, "geoms", [shape])
    parts = []
    for poly in polys:
        for ring in [poly.exterior, *poly.interiors]:
            pts = list(ring.coords)
            parts.append("M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in pts[:-1]) + " Z")
    return " ".join(parts)


def card_pages(m, cards, style) -> list[SvgPage]:
    """The city cards, nine to an A4 page (see the module notes)."""
    from mapkit.engine.games.transamerica.cards import track_edges

    st = get_style(style) if isinstance(style, str) else style
    rows = track_edges(m)
    outline = _silhouette(m, rows)
    bw, bh = m.grid.bounds_mm()
    per_page = CARDS_ACROSS * CARDS_DOWN
    cw, ch = CARD_MM
    pages = []
    for first in range(0, len(cards), per_page):
        dwg = new_drawing(210.0, 297.0)
        x0 = (210.0 - CARDS_ACROSS * cw) / 2
        y0 = (297.0 - CARDS_DOWN * ch) / 2
        land = dwg.g(id="land")
        land.add(dwg.path(d=outline, fill="#e3e3e3", stroke="#9e9e9e", stroke_width=fmt(0.3 / _scale(bw, bh))))
        dwg.defs.add(land)
        root = dwg.g(font_family=FONT_FAMILY)
        dwg.add(root)
        for k, card in enumerate(cards[first:first + per_page]):
            x = x0 + (k % CARDS_ACROSS) * cw
            y = y0 + (k // CARDS_ACROSS) * ch
            _card(dwg, root, m, card, (x, y), st)
        pages.append(SvgPage(dwg.tostring(), 210.0, 297.0, f"A4 portrait, cards {first + 1}-{first + per_page}"))
    return pages


def _scale(bw, bh) -> float:
    """Board mm -> card mm for the small map (a box 55 x 46 mm)."""
    return min(55.0 / bw, 46.0 / bh)


def _card(dwg, root, m, card, corner: tuple[float, float], st) -> None:
    """One city card with its top-left corner at ``corner`` (mm), the small map of ``m`` on it
    (the page's ``#land``) with the city marked."""
    cw, ch = CARD_MM
    x, y = corner
    bw, bh = m.grid.bounds_mm()
    colour = named_colour(card.colour, "#616161") if st.coloured else "#000000"
    g = dwg.g(**{"class": "card"})
    g.add(dwg.rect((fmt(x), fmt(y)), (fmt(cw), fmt(ch)), fill="#ffffff", stroke="#9e9e9e",
                   stroke_width="0.2", stroke_dasharray="1,1"))
    g.add(dwg.rect((fmt(x + 3), fmt(y + 3)), (fmt(cw - 6), fmt(ch - 6)), rx="2.5", fill="none", stroke=colour,
                   stroke_width="1.2"))
    g.add(dwg.rect((fmt(x + 3), fmt(y + 3)), (fmt(cw - 6), "15"), fill=colour))
    size = min(5.5, (cw - 12) / max(text_width(card.name, 1.0, bold=True), 0.1))
    # white on a dark band, ink on a light one (yellow)
    text_fill = "#1a1a1a" if dot_colour_on(st, colour) != "#ffffff" else "#ffffff"
    tx, ty = x + cw / 2, y + 3 + 7.5 + ASCENT * size / 2.6
    g.add(dwg.text(card.name, insert=(fmt(tx), fmt(ty)), font_size=fmt(size), font_weight="bold",
                   text_anchor="middle", fill=text_fill, **{"class": "city"}))
    if card.removed:        # the underlined names of the published cards: set aside with 2-3 players
        half = text_width(card.name, size, bold=True) / 2
        g.add(dwg.line((fmt(tx - half), fmt(ty + 1.0)), (fmt(tx + half), fmt(ty + 1.0)), stroke=text_fill,
                       stroke_width="0.5", **{"class": "underline"}))
    k = _scale(bw, bh)
    mx, my = x + (cw - bw * k) / 2, y + 22 + (46 - bh * k) / 2
    g.add(dwg.use("#land", transform=f"translate({fmt(mx)},{fmt(my)}) scale({k:.5f})"))
    cx, cy = m.grid.centre_mm(card.hex)
    g.add(dwg.circle((fmt(mx + cx * k), fmt(my + cy * k)), "1.4", fill=colour, stroke="#000000",
                     stroke_width="0.3"))
    g.add(dwg.circle((fmt(mx + cx * k), fmt(my + cy * k)), "3.0", fill="none", stroke=colour, stroke_width="0.5"))
    from mapkit.grid import hex_name

    foot = f"{translate(card.colour)} · {hex_name(card.hex)}"
    g.add(dwg.text(foot, insert=(fmt(x + cw / 2), fmt(y + ch - 11)), font_size="3.2", text_anchor="middle",
                   fill="#1a1a1a"))
    if card.removed:
        g.add(dwg.text(_("set aside with 2 or 3 players"), insert=(fmt(x + cw / 2), fmt(y + ch - 6.5)),
                       font_size="2.4", text_anchor="middle", fill="#555555"))
    root.add(g)


def score_page(m, players: int, rules, style) -> SvgPage:
    """The score track and the table of points lost, round by round."""
    st = get_style(style) if isinstance(style, str) else style
    start = rules.start_points()
    sheet = Sheet(_("Score track · {map}").format(map=map_title(m)), _score_text(rules), m.name, True, st)
    x0, y0, W, H = sheet.box
    fields = list(range(start, -SEA_FIELDS - 1, -1))
    fw = min(11.0, (W - 4) / len(fields))
    fh = 14.0
    for i, v in enumerate(fields):
        x = x0 + i * fw
        fill = "#ffffff" if v > 0 else ("#e53935" if v == 0 and st.coloured else "#9cc9ec" if st.coloured
                                        else "#d0d0d0")
        sheet.rect(x, y0, fw, fh, fill=fill, stroke="#444444", width=0.3)
        sheet.cell_text(str(v), x, y0, fw, fh, 4.0, bold=v in (start, 0))
    bar = x0 + fields.index(0) * fw
    sheet.rect(bar - 1.0, y0 - 3, 2.0, fh + 6, fill="#37474f")
    sheet.text(_("barrier"), bar, y0 + fh + 7, 3.0, "middle", bold=True)
    sheet.text(_("start"), x0 + fw / 2, y0 + fh + 7, 3.0, "middle")
    sheet.text(_("the sea"), x0 + (fields.index(0) + 1 + SEA_FIELDS / 2) * fw, y0 + fh + 7, 3.0, "middle")
    # the table: a row per round, two columns per player (lost, score)
    ty = y0 + fh + 14
    label_w = 18.0
    pw = (W - label_w) / players
    rh = min(8.0, (H - (ty - y0) - 10) / (ROUND_ROWS + 2))
    sheet.rect(x0, ty, W, rh, fill="#ececec", stroke="#444444", width=0.3)
    for p in range(players):
        x = x0 + label_w + p * pw
        sheet.cell_text(_("player {n}").format(n=p + 1), x, ty, pw, rh, 2.8, bold=True)
    y = ty + rh
    sheet.rect(x0, y, W, rh, fill="#f4f4f4", stroke="#444444", width=0.3)
    sheet.cell_text(_("start"), x0, y, label_w, rh, 2.8, bold=True, anchor="start")
    for p in range(players):
        x = x0 + label_w + p * pw
        sheet.cell_text(_("lost"), x, y, pw / 2, rh, 2.4)
        sheet.cell_text(str(start), x + pw / 2, y, pw / 2, rh, 3.2, bold=True)
    for r in range(1, ROUND_ROWS + 1):
        y += rh
        sheet.rect(x0, y, W, rh, fill="#ffffff" if r % 2 else "#f4f4f4", stroke="#444444", width=0.3)
        sheet.cell_text(_("round {n}").format(n=r), x0, y, label_w, rh, 2.8, bold=True, anchor="start")
        for p in range(players):
            x = x0 + label_w + p * pw
            sheet.line(x + pw / 2, y, x + pw / 2, y + rh, stroke="#888888", width=0.12)
    for p in range(players + 1):
        x = x0 + label_w + p * pw
        sheet.line(x, ty, x, y + rh, stroke="#444444", width=0.5)
    return sheet.page("score")


def _score_text(rules) -> str:
    return _("Every locomotive starts on {start} and moves down by the points its player loses. The barrier "
             "stands before the red field: a locomotive that reaches {barrier} has passed it and the game ends at "
             "once. After round {round} only: if the locomotive that has lost most has lost {limit} or fewer, move "
             "the barrier to stand {gap} fields in front of it. Most points win; ties share the win.").format(
        start=rules.start_points(), barrier=rules.BARRIER, round=rules.BARRIER_ROUND, limit=rules.LEADER_LIMIT,
        gap=rules.BARRIER_GAP)


def rule_lines(m, cards, rules) -> list[str]:
    """The rules of TransAmerica (docs/rules.md) in brief, with this board's figures."""
    from mapkit.engine.games.transamerica.cards import track_edges

    rows = track_edges(m)
    removed = [c.name for c in cards if c.removed]
    return [
        _("2 to 6 players. The board's junctions are the hex centres (a dot, or a city); a track piece joins two "
          "neighbouring junctions. This board has {n} junctions.").format(n=len(rows)),
        _("A double line takes a whole turn's allowance: a piece that crosses a river (blue line) or enters or "
          "leaves a mountain hex. Water and the land beyond closed borders take no track."),
        _("Each round every player gets 5 city cards, one of each colour, kept secret. With 2 or 3 players the "
          "underlined cards are set aside: {cities}.").format(cities=", ".join(removed)),
        _("In turn from the start player, each places his start marker on any junction (a city too)."),
        _("A turn: 1 or 2 pieces on single lines, or 1 piece on a double line; at least one piece. A piece "
          "touches your marker or track joined to it. Networks that touch are one: all their players use and "
          "extend them."),
        _("The round ends as soon as a player's network joins his 5 cities (he shows his cards; if his first "
          "piece did it he may still lay the second), or when all {n} pieces are laid.").format(
            n=rules.pieces_per_round()),
        _("Every other player loses 1 point for each single line and 2 for each double line of the cheapest "
          "network that would join his network to his missing cities (track on the board counts nothing)."),
        _("Next round: all track is removed, the cards are shuffled, the start player card moves to the left."),
        _score_text(rules),
    ]


def rules_page(m, cards, rules, style) -> SvgPage:
    """The rules in brief and the cities of each colour (removed ones marked)."""
    st = get_style(style) if isinstance(style, str) else style
    # a map without a name gets a title of its own: "this map" takes another case in Czech
    title = (_("TransAmerica on {map}: the rules in brief").format(map=m.name) if m.name
             else _("TransAmerica: the rules in brief"))
    sheet = Sheet(title,
                  _("The published TransAmerica / TransEuropa (mapkit's docs/rules.md, TransAmerica); mapkit "
                    "plays 20 variants of it as options."), m.name, False, st)
    x0, y0, W, H = sheet.box
    y = y0 + 2
    for k, line in enumerate(rule_lines(m, cards, rules), 1):
        parts = wrap(line, W - 8, 3.2)
        sheet.text(f"{k}.", x0, y, 3.2, bold=True)
        for part in parts:
            sheet.text(part, x0 + 6, y, 3.2)
            y += 4.4
        y += 1.6
    y += 4
    colours = list(dict.fromkeys(c.colour for c in cards))
    cw = W / len(colours)
    sheet.text(_("The cities of each colour (* set aside with 2-3 players):"), x0, y, 3.4, bold=True)
    y += 6
    for i, col in enumerate(colours):
        x = x0 + i * cw
        band = named_colour(col, "#616161") if st.coloured else "#444444"
        sheet.rect(x + 0.5, y, cw - 1, 6, fill=band)
        sheet.cell_text(translate(col), x, y, cw, 6, 3.2, bold=True,
                        fill="#1a1a1a" if dot_colour_on(st, band) != "#ffffff" else "#ffffff")
        for j, c in enumerate([c for c in cards if c.colour == col]):
            sheet.text(c.name + (" *" if c.removed else ""), x + 1.5, y + 11 + 5 * j, 3.0)
    return sheet.page("rules")


def write_transamerica_sheets(m, folder, request: SheetRequest, show_progress: bool | None = None) -> SheetsResult:
    """Write TransAmerica's kit of map ``m`` into ``folder`` as ``mapkit sheets`` asked for it
    (players, style, the neighbouring states' tint, the inputs never to overwrite, the source
    errors name; see the module notes). ``show_progress``: a progress bar on standard error
    (None: when it is a terminal)."""
    from mapkit.engine import make_rules
    from mapkit.render.style import light_foreign as light

    source, players = request.source, request.players
    cards, problems = read_cards(m)
    if not cards:
        raise InputError(f"{source}: the map has no city cards (rules.city_cards); TransAmerica needs 35 "
                         f"(see the README's map format)")
    if problems:
        raise InputError(f"{source}: the city cards are not a deck: {problems[0]}")
    out = check_folder(folder)
    rules = make_rules("transamerica")
    st = light(get_style(request.style)) if request.light_foreign else get_style(request.style)
    art = TransAmericaArt(card_map(m, cards), st)
    makers = {
        "board.pdf": lambda: [board_page(art, title=f"{m.name}: TransAmerica" if m.name else None)],
        "board-A4.pdf": lambda: tiled_pages(art, "A4")[0],
        "cards.pdf": lambda: card_pages(m, cards, st),
        "score.pdf": lambda: [score_page(m, players, rules, st)],
        "rules.pdf": lambda: [rules_page(m, cards, rules, st)],
    }
    docs, files = make_pdfs(makers, m.name or None, source, show_progress)
    files["index.html"] = _index_html(m, docs)
    write_files(out, files, request.inputs)
    return SheetsResult(out, [out / rel for rel in files], {n: len(p) for n, p in docs.items()}, art.clashes())


def _index_html(m, docs) -> str:
    what = {"board.pdf": _("The board on one page, true scale: a dot on every junction, the card cities ringed in "
                           "their colour."),
            "board-A4.pdf": _("The board tiled on A4, with an overview page first."),
            "cards.pdf": _("The 35 city cards to cut out (underlined: set aside with 2-3 players)."),
            "score.pdf": _("The score track with the barrier, and the points lost round by round."),
            "rules.pdf": _("The rules in brief and the cities of each colour.")}
    return index_html(f"{m.name or _('Map')}: TransAmerica", docs, what)
