"""The banker's sheet: every player's running account, race by race, as players keep it on paper.

One row per stage of the game (the start, the build phase, each race) and four columns per
player: what came in (prize, fares and fees paid to him, city bonuses), what he paid (fares
and fees), what he built for money (after a race), and the account after the row, so the
account of each row is the one above plus the first column minus the next two. The rules
of the kit (``kit``, made by the family that prints it) stand above the table; the start accounts
are filled in. Six players fit a page; more are shared evenly over further pages.

>>> account_columns()
['+ in', '− paid', '− built', '= account']
>>> [label for label, _ in score_rows(3)]
['Start', 'Build phase', 'Race 1', 'Race 2', 'Race 3', 'End']
"""

from __future__ import annotations

from ..i18n import N_, _, translate
from .fonts import DIGIT_HEIGHT
from .pages import SvgPage
from .style import get_style
from .tables import Sheet, fit_size, map_title

__all__ = ["scores_pages", "score_rows", "account_columns", "scores_csv_rows", "PLAYERS_PER_PAGE"]

PLAYERS_PER_PAGE = 6
# Printed through translate(); the CSV keeps the English words (scripts read its columns).
ACCOUNT_COLUMNS = (N_("+ in"), N_("− paid"), N_("− built"), N_("= account"))
START, BUILD_PHASE, END = N_("Start"), N_("Build phase"), N_("End")
# Shares of a player's width: the account column is wider, it holds the sums that matter.
COLUMN_SHARES = (1.0, 1.0, 1.0, 1.4)
# Row heights in units of a race row: the build phase has room for several bonuses and fees.
BUILD_PHASE_UNITS = 2.0
HEAD_MM = 13.0             # the two header rows: player names, column names
LINE = "#444444"


def account_columns() -> list[str]:
    """The four columns each player keeps."""
    return list(ACCOUNT_COLUMNS)


def score_rows(races: int) -> list[tuple[str, float]]:
    """``(label, height in race rows)`` of every row of the sheet, the labels in English (the
    CSV's row names; :func:`_row_label` prints them)."""
    return ([(START, 1.0), (BUILD_PHASE, BUILD_PHASE_UNITS)]
            + [(f"Race {i}", 1.0) for i in range(1, races + 1)] + [(END, 1.0)])


def _row_label(label: str) -> str:
    """A row's label as printed, in the current language."""
    if label.startswith("Race "):
        return _("Race {n}").format(n=label.split()[1])
    return translate(label)


def scores_csv_rows(kit, players: int) -> list[list]:
    """The sheet as CSV rows: ``row, start, target`` and the four columns of every player."""
    head = ["row", "start", "target"]
    for p in range(1, players + 1):
        head += [f"player {p} {c.split(' ', 1)[1]}" for c in ACCOUNT_COLUMNS]
    rows = [head]
    for label, _height in score_rows(kit.races):
        cells = [""] * (4 * players)
        if label == START:
            cells[3::4] = [kit.start_money] * players
        rows.append([label.lower(), "", ""] + cells)
    return rows


def scores_pages(m, players: int, kit, style="colour") -> list[SvgPage]:
    """The banker's sheet of map ``m`` for ``players`` players under ``kit``'s rules."""
    st = get_style(style) if isinstance(style, str) else style
    total = -(-players // PLAYERS_PER_PAGE)
    per_page = -(-players // total)          # share the players evenly: 8 are 4 and 4
    return [_page(m, list(range(first, min(players, first + per_page))), kit, st, k + 1, total)
            for k, first in enumerate(range(0, players, per_page))]


def _page(m, seats, kit, st, number: int, total: int) -> SvgPage:
    title = _("Banker's sheet · {map}").format(map=map_title(m))
    if total > 1:
        title += " " + _("({number} of {total})").format(number=number, total=total)
    sub = _("Rules: {rules}.").format(rules=kit.name) + " " + " ".join(kit.summary())
    sheet = Sheet(title, sub, m.name, True, st)
    x0, y0, W, H = sheet.box
    label_w, route_w = 19.0, 22.0
    pw = (W - label_w - route_w) / len(seats)
    edges = [0.0]
    for share in COLUMN_SHARES:
        edges.append(edges[-1] + pw * share / sum(COLUMN_SHARES))   # column edges within a player
    rows = score_rows(kit.races)
    foot_h = 6.0
    unit = min(12.0, (H - HEAD_MM - foot_h) / sum(h for _, h in rows))
    name_h = HEAD_MM * 0.55

    # Header: the route column, each player's name line and his four column names.
    sheet.rect(x0, y0, W, HEAD_MM, fill="#ececec", stroke=LINE, width=0.3)
    sheet.cell_text(_("start → target"), x0 + label_w, y0 + name_h, route_w, HEAD_MM - name_h, 2.4, bold=True)
    for k, p in enumerate(seats):
        x = x0 + label_w + route_w + k * pw
        sheet.text(_("player {n}:").format(n=p + 1), x + 1.5, y0 + 3.4, 2.4, fill=st.margin_colour)
        columns = [translate(name) for name in ACCOUNT_COLUMNS]
        size = min(fit_size([n], edges[c + 1] - edges[c] - 1.0, 2.4, bold=True)
                   for c, n in enumerate(columns))
        for c, name in enumerate(columns):
            sheet.cell_text(name, x + edges[c], y0 + name_h, edges[c + 1] - edges[c], HEAD_MM - name_h, size,
                            bold=c == 3)
    y = y0 + HEAD_MM
    for k, (label, units) in enumerate(rows):
        h = unit * units
        sheet.rect(x0, y, W, h, fill="#f4f4f4" if k % 2 else "#ffffff", stroke=LINE, width=0.3)
        wide = label in (START, BUILD_PHASE, END)
        sheet.cell_text(_row_label(label), x0, y, label_w + (route_w if wide else 0), h, 2.9, bold=True, anchor="start")
        if label.startswith("Race"):
            sheet.text("→", x0 + label_w + route_w / 2, y + h / 2 + DIGIT_HEIGHT * 1.5, 3.0, "middle",
                       fill=st.rule_colour)
        for s in range(len(seats)):
            x = x0 + label_w + route_w + s * pw
            if label == START:
                # Nothing comes in or goes out before the game: only the account is written.
                sheet.rect(x, y, edges[3], h, fill="#d9d9d9")
                sheet.cell_text(str(kit.start_money), x + edges[3], y, edges[4] - edges[3], h,
                                min(4.0, h * 0.45), bold=True)
            elif label == BUILD_PHASE:
                # Building in the build phase is paid with dice points, never with money.
                sheet.rect(x + edges[2], y, edges[3] - edges[2], h, fill="#d9d9d9")
            for c in range(1, 4):
                sheet.line(x + edges[c], y, x + edges[c], y + h, stroke="#888888", width=0.12)
        y += h
    # Column rules: heavy between players, a thin one before the route.
    first_race = y0 + HEAD_MM + unit * (1 + BUILD_PHASE_UNITS)
    sheet.line(x0 + label_w, first_race, x0 + label_w, first_race + kit.races * unit, stroke=LINE, width=0.3)
    for s in range(len(seats) + 1):
        x = x0 + label_w + route_w + s * pw
        sheet.line(x, y0, x, y, stroke=LINE, width=0.6 if s == 0 else 0.4)
    note = _("Each row: the account above + in − paid − built. In: prize, fares and fees paid to you, city "
             "bonuses. Paid: fares and fees you pay. Built: building paid from the account or income.")
    sheet.text(note, x0, y + 4.0, 2.4, fill=st.margin_colour)
    return sheet.page("scores")
