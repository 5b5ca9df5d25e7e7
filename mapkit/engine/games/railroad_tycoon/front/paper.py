"""Railroad Tycoon's printed kit (``mapkit sheets MAP --rules railroad-tycoon``), for a map that
carries the family's section (``rules.railroad_tycoon``, :mod:`..mapdata`).

:func:`write_railroad_tycoon_sheets` writes into ``DIR``:

==================  ======================================================================
``board.pdf``       the board on one page, true scale: each city ringed in its goods colour
                    (grey cities grey) with the goods cubes it gets at set-up, the Western
                    Link cities tagged, the free-build hexes green, rivers and ridges
``board-A4.pdf``    the same board tiled on A4 with cut marks, with an overview page
``track.pdf``       the victory-point track 0..100, each field with its income (the family's
                    decision, :meth:`RailroadTycoonRules.income`)
``cards.pdf``       the action cards (the S cards too), then the task cards, nine to a page
``locos.pdf``       locomotive cards 1..8 with their prices, a set for every player
``shares.pdf``      share cards, sixteen to a page
``rules.pdf``       the rules in brief: a round, the actions and their costs, building,
                    delivery, income, the end and the score
``index.html``      links to every file with a preview picture
==================  ======================================================================

Every word a player reads is in the kit's language (``--lang``, :mod:`mapkit.i18n`), the game's
own terms of its Czech rules and of the German edition; map and city names as the map writes
them. Every file is made before any is written, then moved in atomically
(:func:`mapkit.render.sheets.write_files`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mapkit.engine.family import PrintedSheets, SheetRequest
from mapkit.errors import InputError
from mapkit.i18n import N_, _, ngettext, translate
from mapkit.render.pages import SvgPage, board_page, tiled_pages
from mapkit.render.paper import printed_paper
from mapkit.render.sheets import check_folder, index_html, make_pdfs, write_files
from mapkit.render.style import Style, get_style
from mapkit.render.tables import Sheet, wrap

from ..cards import deck_for, s_cards_for, tasks_for
from ..rules import RailroadTycoonRules
from .board import RailroadTycoonArt, RTSection, goods_fill, ink_on, section_of
from .cardsheets import card_layout, card_pages, deck_faces, loco_face, mini_layout, share_face

if TYPE_CHECKING:
    from mapkit.model import Map

__all__ = ["write_railroad_tycoon_sheets", "track_page", "income_tiers", "rules_page", "RT_FILES",
           "SHARES_PER_PLAYER"]

RT_FILES = ("board.pdf", "board-A4.pdf", "track.pdf", "cards.pdf", "locos.pdf", "shares.pdf", "rules.pdf")
SHARES_PER_PLAYER = 8           # printed share cards a player (more: note them on paper)
TRACK_COLUMNS = 10
TIER_FILLS = ("#fff3cd", "#e3f1e4", "#e1ecf7", "#f3e5f5")
# The goods colours as printed (the map's section names them in English).
COLOUR_WORDS = (N_("red"), N_("blue"), N_("purple"), N_("yellow"), N_("black"), N_("grey"))


@dataclass(frozen=True)
class Kit:
    """What every page of the kit reads: the map, its section, the rules, the style, the players."""

    m: Map
    section: RTSection
    rules: RailroadTycoonRules
    style: Style
    players: int

    @property
    def name(self) -> str:
        return getattr(self.m, "name", "") or ""

    def section_line(self) -> str:
        """What the index says of the board under its title."""
        sec = self.section
        cities, goods, free = len(sec.colour), sec.total_goods(), len(sec.free)
        return "; ".join([
            ngettext("{n} city", "{n} cities", cities).format(n=cities) + ", "
            + ngettext("{n} goods cube at set-up", "{n} goods cubes at set-up", goods).format(n=goods),
            _("Western Link: {cities}").format(cities=", ".join(sec.western) or _("none")),
            ngettext("{n} free-build hex", "{n} free-build hexes", free).format(n=free)])


# -- the victory-point track ---------------------------------------------------------------------
def income_tiers(rules) -> list[tuple[int, int, int]]:
    """``(first, last, points)``: the runs of fields over which the income rises by 1000 every
    ``points`` points, as ``rules.income`` has it.

    >>> from mapkit.engine import make_rules
    >>> income_tiers(make_rules("railroad-tycoon"))
    [(1, 10, 1), (11, 30, 2), (31, 100, 5)]
    """
    rises = [f for f in range(1, rules.TRACK_FIELDS + 1) if rules.income(f) > rules.income(f - 1)]
    tiers: list[list[int]] = []
    for prev, f in zip([0] + rises, rises, strict=False):
        gap = f - prev
        if tiers and tiers[-1][2] == gap:
            tiers[-1][1] = f
        else:
            tiers.append([prev + 1, f, gap])
    if tiers:
        tiers[-1][1] = rules.TRACK_FIELDS
    return [(a, b, g) for a, b, g in tiers]


def _track_texts(rules) -> tuple[str, str, list[str]]:
    """The track page's title, subtitle and the notes under the fields."""
    tiers = income_tiers(rules)
    steps = ", ".join(ngettext("every {n} point up to {last}", "every {n} points up to {last}", g).format(n=g, last=b)
                      for _a, b, g in tiers)
    fields = rules.TRACK_FIELDS
    return (_("Victory points and income"),
            _("Every player's marker starts on 0 and moves up by the VP he scores. At each round's end he "
              "receives the income printed on his field, less {cost} for every share he has issued.").format(
                cost=rules.SHARE_COST),
            [_("The income rises by 1000 {steps}.").format(steps=steps),
             _("Past {fields} VP the track starts again from 1: {next} VP earns what 1 VP earns (note the "
               "hundreds).").format(fields=fields, next=fields + 1),
             _("Final score: VP less one for every share issued, plus the task card.")])


def track_page(kit: Kit) -> SvgPage:
    """The track 0..100 as a grid, ten fields to a row, each field's VP and income."""
    rules, st = kit.rules, kit.style
    title, subtitle, notes = _track_texts(rules)
    sheet = Sheet(title, subtitle, kit.name, True, st)
    x0, y0, W, H = sheet.box
    rows = (rules.TRACK_FIELDS + TRACK_COLUMNS - 1) // TRACK_COLUMNS
    cw = W / (TRACK_COLUMNS + 1)
    ch = min(15.0, (H - 6 - 5.0 * len(notes)) / rows)
    tiers = income_tiers(rules)

    def field(v: int, x: float, y: float) -> None:
        k = next((i for i, (a, b, _g) in enumerate(tiers) if a <= v <= b), None)
        fill = "#ffffff" if k is None or not st.coloured else TIER_FILLS[k % len(TIER_FILLS)]
        sheet.rect(x, y, cw, ch, fill=fill, stroke="#444444", width=0.3)
        sheet.text(str(v), x + 1.5, y + 0.45 * ch, 0.36 * ch, bold=True)
        sheet.text(str(rules.income(v)), x + cw - 1.5, y + ch - 1.6, 0.24 * ch, "end")

    field(0, x0, y0)
    sheet.text(_("start"), x0 + cw / 2, y0 + ch + 4, 2.8, "middle")
    for v in range(1, rules.TRACK_FIELDS + 1):
        r, c = divmod(v - 1, TRACK_COLUMNS)
        field(v, x0 + (c + 1) * cw, y0 + r * ch)
    y = y0 + rows * ch + 6
    for note in notes:
        sheet.text(note, x0, y, 3.2)
        y += 5.0
    return sheet.page("track")


# -- the rules in brief --------------------------------------------------------------------------
def rule_sections(kit: Kit) -> list[tuple[str, list[str]]]:
    """The rules in brief (docs/rules.md, Railroad Tycoon, and the family's decisions), with this map's figures."""
    r, sec = kit.rules, kit.section
    ends = " / ".join(str(v) for v in r.END_TABLE.values())
    prices = ", ".join(f"{k}: {r.loco_price(k)}" for k in range(2, r.MAX_LOCO + 1))
    western = _(" or ").join(sec.western) or _("the Western Link cities")
    chicago = sec.card_city.get("Chicago", "Chicago")
    players = {"least": r.min_players, "most": r.max_players}
    return [
        (_("Set-up"), [
            _("{least} to {most} players. Every city gets goods drawn from the bag, as many as its disc shows. A "
              "grey city has no goods colour until it is founded. No money to start with: shares pay for the "
              "first track.").format(**players),
            _("Everyone takes locomotive 1 and a secret task card; lay out 2 action cards a player and the 3 S "
              "cards.")]),
        (_("A round"), [
            _("Auction for first player: the last round's first player opens at {bid} or more, in steps of "
              "{step}; raise or pass; the last bidder pays, or nobody if nobody bid.").format(
                bid=r.OPENING_BID, step=r.BID_STEP),
            _("Then {n} actions each, one at a time around the table from the first player.").format(n=r.ACTIONS),
            _("Then income (the track), less {cost} a share; refill the action cards to 2 a player; remove the "
              "unfinished links.").format(cost=r.SHARE_COST)]),
        (_("Actions"), [
            _("Take an action card (never a green one or an S card: the first to meet their goal scores them)."),
            _("Build track: up to {tiles} tiles ({engineering} with engineering), {tile} a tile, +{river} across a "
              "river, +{mountain} on a mountain hex, +{ridge} across a ridge; a double tile on a built hex "
              "{double}.").format(tiles=r.TILES, engineering=r.ENGINEERING_TILES, tile=r.TILE, river=r.RIVER,
                                  mountain=r.MOUNTAIN, ridge=r.RIDGE, double=r.DOUBLE),
            _("Deliver a good (below)."),
            _("Buy the next locomotive, one level up: {prices}.").format(prices=prices),
            _("Found a city ({cost}): a city tile on a grey city, {goods} goods from the bag on it.").format(
                cost=r.FOUND, goods=r.FOUND_GOODS),
            _("Western Link ({cost}): own finished link into {cities}; {goods} red goods go there, and each one "
              "delivered to {chicago} brings {more} goods from the bag to {chicago}.").format(
                cost=r.WESTERN, cities=western, goods=r.WESTERN_GOODS, chicago=chicago, more=r.CHICAGO_GOODS),
            _("Pass: give up the action."),
            _("Issue shares at any time on your turn: {share} each from the bank (you must, to pay what you "
              "owe).").format(share=r.SHARE)]),
        (_("Building"), [
            _("A link runs from a city to another city through no third city; an unfinished link from a city to a "
              "hex side. No tile on a city hex. One link, or one unfinished link, a build: each tile continues the "
              "last. Never join an opponent's unfinished link."),
            _("Through a hex with track only by a double tile that keeps the old track. The last tile of an "
              "unfinished link may be turned (paid as new). Unfinished links are removed at the round's end.")]),
        (_("Delivery"), [
            _("Take a good from any city and carry it over joined links (anyone's) to a city of its colour, not "
              "back to where it came from, over at most as many links as your locomotive's number. The first link "
              "must be your own. The good may not pass a city of its colour or visit a city twice."),
            _("Each link's owner scores 1 VP. A city whose last good leaves is marked empty.")]),
        (_("The end and the score"), [
            _("The game ends after the round in which {ends} cities are empty ({least}-{most} players), the round "
              "played out.").format(ends=ends, **players),
            _("Score: VP less one for every share issued, plus the task card if met. Ties: more finished links, "
              "then more money.")]),
    ]


def _rules_texts(kit: Kit) -> tuple[str, str]:
    """The rules page's title and subtitle."""
    if kit.name:
        subtitle = _("On {map}: mapkit's docs/rules.md, Railroad Tycoon, with mapkit's decisions where it is "
                     "silent (docs/engine.md).").format(map=kit.name)
    else:       # a message of its own: "this map" takes another case than a name in Czech
        subtitle = _("On this map: mapkit's docs/rules.md, Railroad Tycoon, with mapkit's decisions where it is "
                     "silent (docs/engine.md).")
    return _("Railroad Tycoon: the rules in brief"), subtitle


def rules_page(kit: Kit) -> SvgPage:
    """The rules in brief and the map's cities by goods colour."""
    title, subtitle = _rules_texts(kit)
    sheet = Sheet(title, subtitle, kit.name, False, kit.style)
    x0, y0, W, _H = sheet.box
    y = y0 + 1
    size = 3.2
    for head, lines in rule_sections(kit):
        sheet.text(head, x0, y + 1, 3.6, bold=True)
        y += 5.6
        for line in lines:
            for k, part in enumerate(wrap(line, W - 5, size)):
                if k == 0:
                    sheet.text("•", x0 + 1, y, size)
                sheet.text(part, x0 + 5, y, size)
                y += size * 1.38
            y += 0.9
        y += 1.6
    _colour_table(sheet, kit, y + 2)
    return sheet.page("rules")


def _colour_table(sheet: Sheet, kit: Kit, y: float) -> None:
    """The map's cities under their goods colours (with the goods at set-up)."""
    x0, _y0, W, _H = sheet.box
    colours = list(dict.fromkeys(sorted(set(kit.section.colour.values()), key=_colour_order)))
    sheet.text(_("The cities of each colour (goods at set-up; WL: Western Link):"), x0, y, 3.2, bold=True)
    y += 4
    cw = W / max(len(colours), 1)
    most = max((list(kit.section.colour.values()).count(c) for c in colours), default=1)
    pitch = min(3.9, (sheet.y1 - y - 9.5) / most)      # a long column is set closer
    for i, col in enumerate(colours):
        x = x0 + i * cw
        band = goods_fill(kit.style, col) if kit.style.coloured else "#444444"
        sheet.rect(x + 0.5, y, cw - 1, 5.5, fill=band)
        sheet.cell_text(translate(col), x, y, cw, 5.5, 3.0, bold=True, fill=ink_on(kit.style, band))
        names = [n for n, c in kit.section.colour.items() if c == col]
        for j, n in enumerate(names):
            tag = " WL" if n in kit.section.western else ""
            sheet.text(f"{n} {kit.section.goods.get(n, 0)}{tag}", x + 1.5, y + 9.5 + pitch * j, min(2.7, 0.8 * pitch))


def _colour_order(colour: str) -> int:
    from ..mapdata import CITY_COLOURS

    return CITY_COLOURS.index(colour) if colour in CITY_COLOURS else len(CITY_COLOURS)


# -- the kit -------------------------------------------------------------------------------------
def _makers(kit: Kit, art: RailroadTycoonArt) -> dict:
    sec, rules = kit.section, kit.rules
    actions, tasks = deck_faces(deck_for(sec.card_city) + s_cards_for(sec.card_city), tasks_for(sec.card_city),
                                sec.card_city)
    locos = [loco_face(level, None if level == 1 else rules.loco_price(level), rules.MAX_LOCO)
             for _p in range(kit.players) for level in range(1, rules.MAX_LOCO + 1)]
    shares = [share_face(rules)] * (SHARES_PER_PLAYER * kit.players)
    title = f"{kit.name}: Railroad Tycoon" if kit.name else "Railroad Tycoon"      # names, in every language
    return {
        "board.pdf": lambda: [board_page(art, title=title)],
        "board-A4.pdf": lambda: tiled_pages(art, "A4", title=title)[0],
        "track.pdf": lambda: [track_page(kit)],
        "cards.pdf": lambda: (card_pages(actions, card_layout(), "action cards")
                              + card_pages(tasks, card_layout(), "task cards")),
        "locos.pdf": lambda: card_pages(locos, mini_layout(), "locomotives"),
        "shares.pdf": lambda: card_pages(shares, mini_layout(), "shares"),
        "rules.pdf": lambda: [rules_page(kit)],
    }


def write_railroad_tycoon_sheets(m, folder, request: SheetRequest) -> PrintedSheets:
    """Write Railroad Tycoon's kit of map ``m`` into ``folder`` (see the module notes)."""
    from mapkit.engine import make_rules
    from mapkit.render.style import light_foreign as light

    if request.min_distance is not None or request.races is not None:
        raise InputError("--min and --races belong to the Dampfross kits; Railroad Tycoon has no races")
    section = section_of(m)
    if section is None:
        raise InputError(f"{request.source}: the map has no Railroad Tycoon section (rules.railroad_tycoon: "
                         f"city colours, goods, the Western Link; see docs/engine.md)")
    out = check_folder(folder)
    st = light(get_style(request.style)) if request.light_foreign else get_style(request.style)
    rules = make_rules(request.preset)
    assert isinstance(rules, RailroadTycoonRules)   # the family writes the sheets of its own presets only
    kit = Kit(m, section, rules, st, request.players)
    art = RailroadTycoonArt(m, section, rules, st)
    docs, files = make_pdfs(_makers(kit, art), m.name or None, request.source, None)
    files["index.html"] = _index_html(kit, docs)
    write_files(out, files, list(request.inputs))
    return PrintedSheets([out / rel for rel in files], {n: len(p) for n, p in docs.items()}, art.clashes(),
                         _("index with previews"))


def _descriptions(kit: Kit, docs: dict) -> dict:
    """What index.html says of each file."""
    tiles = len(docs["board-A4.pdf"]) - 1
    return {"board.pdf": _("The board on one page ({paper}), true scale: each city in its goods colour with the "
                           "goods it gets at set-up, the Western Link cities, the free-build hexes in green.").format(
                paper=printed_paper(docs["board.pdf"][0].label)),
            "board-A4.pdf": ngettext("The board tiled on A4: {n} page to trim and glue, with an overview page first.",
                                     "The board tiled on A4: {n} pages to trim and glue, with an overview page first.",
                                     tiles).format(n=tiles),
            "track.pdf": _("The victory-point track 0..100 with the income of every field."),
            "cards.pdf": _("The action cards (the S cards too), then the task cards, to cut out."),
            "locos.pdf": ngettext("Locomotive cards 1..8 with their prices, a set for each of {n} player.",
                                  "Locomotive cards 1..8 with their prices, a set for each of {n} players.",
                                  kit.players).format(n=kit.players),
            "shares.pdf": _("Share cards, {n} a player.").format(n=SHARES_PER_PLAYER),
            "rules.pdf": _("The rules in brief and the cities of each colour.")}


def _index_html(kit: Kit, docs: dict) -> str:
    return index_html(f"{kit.name or _('Map')}: Railroad Tycoon", docs, _descriptions(kit, docs), kit.section_line())
