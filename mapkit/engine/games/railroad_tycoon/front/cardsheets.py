"""Railroad Tycoon's cards to cut out, on A4 with cut lines: the action cards (the S cards
too) and the task cards at playing-card size, nine to a page; the locomotive and share cards
at mini size, sixteen to a page.

Every card is a :class:`Face` (its band, title, text, badge and foot); the words a player reads
are made in one function per kind of card (:func:`action_face`, :func:`task_face`,
:func:`loco_face`, :func:`share_face`). A card naming a city the map stands in for
(``card_cities``) prints the map's city, and the card's own name in its foot.

>>> from mapkit.engine.games.railroad_tycoon.cards import CARDS
>>> action_face(CARDS["hotel:Chicago"], {"Chicago": "Plzeň"}).title
'Hotel Plzeň'
>>> len(mini_layout().slots), len(card_layout().slots)
(16, 9)
"""

from __future__ import annotations

from dataclasses import dataclass

from mapkit.i18n import N_, _, ngettext, translate
from mapkit.render.boardart import fmt
from mapkit.render.fonts import ASCENT, DIGIT_HEIGHT, text_width
from mapkit.render.pages import SvgPage, new_drawing
from mapkit.render.style import FONT_FAMILY
from mapkit.render.tables import wrap

from ..cards import CARDS, TASKS, Card, Task

__all__ = ["Face", "action_face", "task_face", "loco_face", "share_face", "card_pages", "CardLayout",
           "card_layout", "mini_layout", "BANDS"]

A4 = (210.0, 297.0)
CARD_MM = (63.0, 88.0)          # a playing card
MINI_MM = (44.0, 63.0)          # a mini card
INK = "#1a1a1a"
CUT = "#9e9e9e"

# band colour and symbol of each kind of card
BANDS = {"green": ("#2e7d32", "circle"), "s": ("#00838f", "S"), "hotel": ("#6d4c41", "H"),
         "diamond": ("#d81b60", "diamond"), "redx": ("#c62828", "cross"), "black": ("#212121", "square"),
         "task": ("#37474f", "T"), "loco": ("#455a64", ""), "share": ("#1b5e20", "")}

# the feet of the cards (English; translated where printed)
FOOT_GOAL = N_("Not taken: the first to meet it scores it")
FOOT_KEPT = N_("Taken and kept")
FOOT_AT_ONCE = N_("Taken and played at once")
FOOT_TASK = N_("Task card: secret, scored at the end")
STAND_IN = N_("{city} stands in for {name}.")


@dataclass(frozen=True)
class Face:
    """One card: ``kind`` (its band, :data:`BANDS`), ``title``, ``body`` (wrapped to the card),
    ``badge`` (points or a price, in a disc; "" for none), ``foot`` (small, at the bottom),
    ``note`` (under the text: the cards' cities the map's cities stand in for)."""

    kind: str
    title: str
    body: str
    badge: str = ""
    foot: str = ""
    note: str = ""


def _place(name: str, cities: dict) -> str:
    return cities.get(name, name)


def _stand_ins(names, cities: dict) -> str:
    """The foot naming the cards' cities the map's cities stand in for ("" when none does)."""
    return " ".join(translate(STAND_IN).format(city=cities[n], name=n) for n in names if cities.get(n, n) != n)


def _vp(points: int) -> str:
    """A card's points in its badge."""
    return ngettext("{n} VP", "{n} VP", points).format(n=points)


def action_face(card: Card, cities: dict) -> Face:
    """The face of action card ``card`` (``cities``: a card's city -> the map's city)."""
    p = [_place(c, cities) for c in card.cities]
    sub = _stand_ins(card.cities, cities)
    goal, kept, at_once = translate(FOOT_GOAL), translate(FOOT_KEPT), translate(FOOT_AT_ONCE)
    if card.id.startswith("connect-western:"):
        return Face("green", _("Connect {a} – {b}").format(a=p[0], b=p[1]),
                    _("Scored by the first player to join {a} and {b} by his own links, with a Western Link of "
                      "his own.").format(a=p[0], b=p[1]), _vp(card.points), goal, sub)
    if card.id.startswith("connect:"):
        return Face("green", _("Connect {a} – {b}").format(a=p[0], b=p[1]),
                    _("Scored by the first player to join {a} and {b} by his own links.").format(a=p[0], b=p[1]),
                    _vp(card.points), goal, sub)
    if card.id.startswith("first:"):
        return Face("green", _("First delivery to {city}").format(city=p[0]),
                    _("Scored by the first player to deliver a good to {city}.").format(city=p[0]),
                    _vp(card.points), goal, sub)
    if card.kind == "hotel":
        return Face("hotel", _("Hotel {city}").format(city=p[0]),
                    _("Its holder scores 1 VP for every delivery to {city}, whoever makes it.").format(city=p[0]),
                    ngettext("+{n} VP", "+{n} VP", 1).format(n=1), kept, sub)
    fixed = {
        "s:first-delivery": (_("S: first delivery"), _("Laid out at set-up. Scored by the first player to deliver "
                                                       "a good."), goal),
        "s:loco4": (_("S: first locomotive 4"), _("Laid out at set-up. Scored by the first player to buy "
                                                  "locomotive 4."), goal),
        "s:three-links": (_("S: delivery over 3 links"), _("Laid out at set-up. Scored by the first player to "
                                                           "deliver a good over 3 links or more."), goal),
        "engineering": (_("Engineering"), _("Once a round, one build of up to 5 tiles instead of 4."), kept),
        "found-city": (_("Found a city"), _("Found a city free of charge: a city tile on a grey city and 2 goods "
                                            "from the bag on it."), at_once),
        "two-goods": (_("Two goods"), _("Draw 2 goods from the bag and put them on one city of your choice."),
                      at_once),
        "two-actions": (_("Two more actions"), _("Take 2 more actions at once."), at_once),
        "free-build": (_("Free build"), _("Once a game: one build whose tiles all lie on the green hexes, nothing "
                                          "paid. Kept until used."), kept),
    }
    title, body, foot = fixed[card.id]
    return Face(card.kind, title, body, _vp(card.points) if card.points else "", foot)


def task_face(task: Task, cities: dict) -> Face:
    """The face of task card ``task``."""
    a, b = ([_place(c, cities) for c in task.cities] + ["", ""])[:2]
    bodies = {
        "chain": (f"{a} – {b}", _("{a} and {b} joined by a chain of your own links.").format(a=a, b=b)),
        "most-links": (_("Most links"), _("The most finished links of all players (all tied meet it).")),
        "longest-chain": (_("Longest chain"), _("The longest chain of your own links that visits no city twice "
                                                "(all tied meet it).")),
        "loco6": (_("First locomotive 6"), _("The first player to buy locomotive 6.")),
        "most-money": (_("Most money"), _("The most money at the end (all tied meet it).")),
        "fewest-shares": (_("Fewest shares"), _("The fewest shares issued (all tied meet it).")),
        "western": (_("Western Link"), _("A Western Link of your own.")),
        "chicago": (_("Links out of {city}").format(city=a),
                    ngettext("{n} VP for every finished link of your own that ends in {city}.",
                             "{n} VP for every finished link of your own that ends in {city}.",
                             task.points).format(n=task.points, city=a)),
    }
    title, body = bodies[task.goal]
    badge = (_("+{n} a link").format(n=task.points) if task.goal == "chicago" else _vp(task.points))
    return Face("task", title, body, badge, translate(FOOT_TASK), _stand_ins(task.cities, cities))


def loco_face(level: int, price: int | None, max_level: int) -> Face:
    """Locomotive ``level``'s card (``price`` None: the one every player starts with)."""
    title = _("Locomotive {n}").format(n=level)
    body = ngettext("Carries a good over up to {n} link.", "Carries a good over up to {n} links.",
                    level).format(n=level)
    if price is None:
        return Face("loco", title, body, str(level), _("every player starts with it"))
    foot = _("bought from locomotive {n} only").format(n=level - 1)
    if level == max_level:
        foot += " · " + _("the last")
    return Face("loco", title, body + " " + _("Price {price}.").format(price=price), str(level), foot)


def share_face(rules) -> Face:
    """A share card."""
    return Face("share", _("Share"),
                _("Issued for {share} from the bank, on your turn. Costs {cost} at every income and 1 VP at the "
                  "end. Never redeemed.").format(share=rules.SHARE, cost=rules.SHARE_COST),
                f"+{rules.SHARE}", _("one share issued"))


# -- drawing --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardLayout:
    """Cards of ``size`` (mm) in ``across`` x ``down`` slots, centred on A4 portrait."""

    size: tuple
    across: int
    down: int

    @property
    def slots(self) -> list[tuple[float, float]]:
        cw, ch = self.size
        x0, y0 = (A4[0] - self.across * cw) / 2, (A4[1] - self.down * ch) / 2
        return [(x0 + i * cw, y0 + j * ch) for j in range(self.down) for i in range(self.across)]


def card_layout() -> CardLayout:
    return CardLayout(CARD_MM, 3, 3)


def mini_layout() -> CardLayout:
    return CardLayout(MINI_MM, 4, 4)


def card_pages(faces: list[Face], layout: CardLayout, label: str) -> list[SvgPage]:
    """``faces`` on A4 pages, as many to a page as ``layout`` holds, each ringed by a cut line."""
    slots = layout.slots
    pages = []
    for first in range(0, len(faces), len(slots)):
        dwg = new_drawing(*A4)
        root = dwg.g(font_family=FONT_FAMILY)
        dwg.add(root)
        chunk = faces[first:first + len(slots)]
        for face, (x, y) in zip(chunk, slots, strict=False):
            root.add(_card(dwg, face, x, y, layout.size))
        pages.append(SvgPage(dwg.tostring(), *A4, f"A4 portrait, {label} {first + 1}-{first + len(chunk)}"))
    return pages


def _fit_lines(text: str, width: float, size: float, max_lines: int) -> tuple[list[str], float]:
    """``text`` wrapped to ``width`` in at most ``max_lines`` lines, the font shrunk to fit."""
    while True:
        lines = wrap(text, width, size)
        if (len(lines) <= max_lines and all(text_width(x, size, bold=True) <= width for x in lines)) or size < 1.8:
            return lines, size
        size *= 0.92


def _card(dwg, face: Face, x: float, y: float, size: tuple[float, float]):
    cw, ch = size
    s = cw / CARD_MM[0]
    band, symbol = BANDS[face.kind]
    g = dwg.g(**{"class": f"card card-{face.kind}"})
    g.add(dwg.rect((fmt(x), fmt(y)), (fmt(cw), fmt(ch)), fill="#ffffff", stroke=CUT, stroke_width="0.2",
                   stroke_dasharray="1,1"))
    pad = 3 * s
    g.add(dwg.rect((fmt(x + pad), fmt(y + pad)), (fmt(cw - 2 * pad), fmt(ch - 2 * pad)), rx=fmt(2.5 * s),
                   fill="none", stroke=band, stroke_width=fmt(1.2 * s)))
    band_h = 16 * s
    g.add(dwg.rect((fmt(x + pad), fmt(y + pad)), (fmt(cw - 2 * pad), fmt(band_h)), fill=band))
    left = x + pad + 2 * s
    if symbol:
        _symbol(dwg, g, symbol, left + 3.5 * s, y + pad + band_h / 2, 3.2 * s)
        left += 8 * s
    width = x + cw - pad - 2 * s - left
    lines, tsize = _fit_lines(face.title, width, 4.2 * s, 2)
    ty = y + pad + band_h / 2 - (len(lines) - 1) * tsize * 0.6 + DIGIT_HEIGHT * tsize / 2
    for k, line in enumerate(lines):
        g.add(dwg.text(line, insert=(fmt(left), fmt(ty + k * tsize * 1.2)), font_size=fmt(tsize),
                       font_weight="bold", fill="#ffffff", **{"class": "title"}))
    by = y + pad + band_h + 4 * s
    for text, text_size, fill in ((face.body, 3.3 * s, INK), (face.note, 2.7 * s, "#555555")):
        by += ASCENT * text_size
        for line in wrap(text, cw - 2 * pad - 7 * s, text_size) if text else []:
            g.add(dwg.text(line, insert=(fmt(x + cw / 2), fmt(by)), font_size=fmt(text_size), text_anchor="middle",
                           fill=fill))
            by += text_size * 1.3
        by += 1.5 * s
    if face.badge:
        _badge(dwg, g, face.badge, x + cw / 2, y + ch - 21 * s, band, s)
    if face.foot:
        fsize = min(2.4 * s, (cw - 2 * pad - 2 * s) / max(text_width(face.foot, 1.0), 0.1))
        g.add(dwg.text(face.foot, insert=(fmt(x + cw / 2), fmt(y + ch - pad - 2.5 * s)), font_size=fmt(fsize),
                       text_anchor="middle", fill="#555555"))
    return g


def _badge(dwg, g, text: str, cx: float, cy: float, colour: str, s: float) -> None:
    size = 5.0 * s if len(text) <= 5 else 3.6 * s
    r = max(8.0 * s, text_width(text, size, bold=True) / 2 + 2.5 * s)
    g.add(dwg.circle((fmt(cx), fmt(cy)), fmt(r), fill="#ffffff", stroke=colour, stroke_width=fmt(1.0 * s)))
    g.add(dwg.text(text, insert=(fmt(cx), fmt(cy + DIGIT_HEIGHT * size / 2)), font_size=fmt(size),
                   font_weight="bold", text_anchor="middle", fill=INK, **{"class": "badge"}))


def _symbol(dwg, g, symbol: str, cx: float, cy: float, r: float) -> None:
    """The card kind's white symbol in its band: a ring, a diamond, a cross, a square or a letter."""
    white = {"fill": "none", "stroke": "#ffffff", "stroke_width": fmt(r * 0.3)}
    if symbol == "circle":
        g.add(dwg.circle((fmt(cx), fmt(cy)), fmt(r * 0.8), **white))
    elif symbol == "diamond":
        g.add(dwg.polygon([(fmt(cx), fmt(cy - r)), (fmt(cx + r * 0.7), fmt(cy)), (fmt(cx), fmt(cy + r)),
                           (fmt(cx - r * 0.7), fmt(cy))], fill="#ffffff"))
    elif symbol == "cross":
        for dx in (-1, 1):
            g.add(dwg.line((fmt(cx - r * 0.75), fmt(cy - dx * r * 0.75)), (fmt(cx + r * 0.75), fmt(cy + dx * r * 0.75)),
                           **white))
    elif symbol == "square":
        g.add(dwg.rect((fmt(cx - r * 0.7), fmt(cy - r * 0.7)), (fmt(r * 1.4), fmt(r * 1.4)), **white))
    else:
        size = r * 2
        g.add(dwg.text(symbol, insert=(fmt(cx), fmt(cy + DIGIT_HEIGHT * size / 2)), font_size=fmt(size),
                       font_weight="bold", text_anchor="middle", fill="#ffffff"))


def deck_faces(card_ids, task_ids, cities: dict) -> tuple[list[Face], list[Face]]:
    """The faces of the action cards ``card_ids`` and of the task cards ``task_ids``."""
    return ([action_face(CARDS[c], cities) for c in card_ids], [task_face(TASKS[t], cities) for t in task_ids])
