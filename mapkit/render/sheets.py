"""Every printable sheet of a game in one folder, with CSV copies and an index page.

:func:`write_sheets` writes into ``DIR``:

==================  ===================================================================
``board.pdf``       the board on one page (smallest A size that holds it)
``board-A4.pdf``    the board tiled on A4, with an overview page
``distances.pdf``   the steps table (triangle), forbidden races shaded
``races.pdf``       races by race number as the rules judge them, and a look-up list
``numbers.pdf``     the 6 x 6 used-number table and the 3 x 6 compressed table
``scores.pdf``      the banker's sheet: every player's running account, a row per race
``*.csv``           the distance, race, number and score tables as CSV (UTF-8)
``index.html``      links to every file with a preview picture (``previews/*.png``)
==================  ===================================================================

Every sheet follows the rules of one kit, which the game family that prints it makes and passes
in (``kit``: the Dampfross family's
:class:`~mapkit.engine.games.dampfross.front.kit.KitRules`): its start money, fees,
forbidden-race rule, prizes and number of races.

All files are made in a temporary folder next to ``DIR`` first and then moved in, each with
one atomic rename, so an interrupted run leaves no half-written file.
"""

from __future__ import annotations

import csv
import html
import io
import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..i18n import _, language, ngettext
from .boardart import BoardArt
from .output import pdf_and_preview
from .pages import board_page, tiled_pages
from .scores import scores_csv_rows, scores_pages
from .tables import compressed_rows, distance_page, numbers_page, races_pages

__all__ = ["SHEET_FILES", "SheetsResult", "write_sheets", "races_csv", "write_files", "make_pdfs", "check_folder",
           "index_figure", "index_html", "PREVIEW_DPI"]

SHEET_FILES = ("board.pdf", "board-A4.pdf", "distances.pdf", "races.pdf", "numbers.pdf",
               "scores.pdf")
PREVIEW_DPI = 40
@dataclass
class SheetsResult:
    folder: Path
    files: list = field(default_factory=list)
    pages: dict = field(default_factory=dict)       # file name -> page count
    clashes: list = field(default_factory=list)


def _csv(rows: Iterable[Iterable[object]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for r in rows:
        w.writerow(r)
    return buf.getvalue()


def races_csv(m, table, kit) -> str:
    """Every race by number: distance, whether the kit's rules forbid it (``yes``, ``no``, or
    ``track``: it depends on the built track) and the prizes it pays (blank when never run)."""
    rows = [["a", "b", "city_a", "city_b", "distance", "forbidden", "first_prize", "second_prize"]]
    rows += [["" if v is None else v for v in row] for row in kit.race_rows(m, table)]
    return _csv(rows)


def write_sheets(m, folder, kit, players: int = 6, style: str = "colour", light_foreign: bool = False,
                 inputs=(), source: str = "<map>", show_progress: bool | None = False) -> SheetsResult:
    """Write every sheet of map ``m`` into ``folder`` (created if missing) by the rules ``kit``
    (made by the family that prints the kit; see the module notes); ``light_foreign`` prints the
    neighbouring states of the boards as a pale tint (:func:`~mapkit.render.style.light_foreign`).
    ``show_progress``: a progress bar on standard error (None: when it is a terminal)."""
    from ..analysis.distances import city_table, stranded_cities
    from .style import get_style
    from .style import light_foreign as light

    out = check_folder(folder)

    art = BoardArt(m, light(get_style(style)) if light_foreign else style)
    table = city_table(m, "steps")

    makers = {
        "board.pdf": lambda: [board_page(art)],
        "board-A4.pdf": lambda: tiled_pages(art, "A4")[0],
        "distances.pdf": lambda: [distance_page(m, table, kit, style)],
        "races.pdf": lambda: races_pages(m, table, kit, style),
        "numbers.pdf": lambda: [numbers_page(m, style)],
        "scores.pdf": lambda: scores_pages(m, players, kit, style),
    }
    docs, files = make_pdfs(makers, m.name or None, source, show_progress)

    # CSV copies (the distances without the cities no city reaches, as on the sheet).
    shown = table.without(stranded_cities(table))
    rows: list[Sequence[object]] = [["numbers", "city"] + [c.name for c in shown.cities]]
    for c, r in zip(shown.cities, shown.matrix, strict=False):
        rows.append([" ".join(str(n) for n in c.numbers), c.name, *("" if v is None else v for v in r)])
    files["distances.csv"] = _csv(rows)
    files["races.csv"] = races_csv(m, table, kit)
    city_of = {n: c.name for c in m.cities for n in c.numbers}
    partner_row = {t: f"{a}+{b}" for a, b in compressed_rows() for t in (a, b)}
    rows = [["number", "red_tens", "white_units", "city", "compressed_row"]]
    for t in range(1, 7):
        for u in range(1, 7):
            n = 10 * t + u
            rows.append([n, t, u, city_of.get(n, ""), partner_row[t]])
    files["numbers.csv"] = _csv(rows)
    files["scores.csv"] = _csv(scores_csv_rows(kit, players))
    files["index.html"] = _index_html(m, docs, art, kit)

    write_files(out, files, inputs)
    pages = {name: len(p) for name, p in docs.items()}
    return SheetsResult(out, [out / rel for rel in files], pages, art.clashes())


def make_pdfs(makers: dict, title: str | None, source: str, show_progress=False) -> tuple[dict, dict]:
    """``(pages by file name, files)``: each maker's pages (``NAME.pdf`` -> a function giving
    :class:`~mapkit.render.pages.SvgPage` objects) drawn, then made one PDF and a preview of its
    first page (``previews/NAME.png``), with a progress bar of two steps a sheet."""
    from ..progress import progress

    docs: dict[str, list] = {}
    files: dict[str, bytes | str] = {}
    # (in the kit's language: the bar shows while it is made)
    with progress(2 * len(makers), _("sheets"), "step", show=show_progress, units=_("steps")) as bar:
        for name, make in makers.items():
            try:
                docs[name] = make()
            except ValueError as exc:
                if name != "board.pdf":
                    raise
                raise InputError(f"{source}: the board does not fit on one sheet up to A0 ({exc})") from None
            bar.update()
        for name, pages in docs.items():
            files[name], files[f"previews/{name[:-4]}.png"] = pdf_and_preview(
                [p.svg for p in pages], f"{title} – {name[:-4]}" if title else None, PREVIEW_DPI)
            bar.update()
    return docs, files


def check_folder(folder) -> Path:
    """``folder`` as a path, when it can be written (a folder, or missing in a folder that is
    there); else :class:`InputError`."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: exists and is not a folder")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"{out}: folder {parent} does not exist")
    return out


def write_files(folder, files: dict, inputs=()) -> None:
    """Write ``files`` (path in the folder -> text or bytes) into ``folder``: all of them into a
    temporary folder beside it first, then each moved in with one atomic rename (the folder is
    created when missing), so an interrupted run leaves no half-written file; never over one of
    ``inputs``."""
    out = check_folder(folder)
    parent = out.parent if str(out.parent) else Path(".")
    resolved_inputs = {Path(i).resolve() for i in inputs if i is not None}
    for rel in files:
        target = (out / rel).resolve()
        if target in resolved_inputs:
            raise InputError(f"{out / rel}: refusing to overwrite the input file")

    # Write everything into a temporary folder beside the target, then move it in.
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=parent))
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o777 & ~umask)  # mkdtemp makes it private; the folder is for the user
    try:
        for rel, data in files.items():
            p = tmp / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        if not out.exists():
            os.replace(tmp, out)
        else:
            for rel in files:
                dest = out / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                if dest.is_dir():
                    raise InputError(f"{dest}: is a folder; cannot write a sheet there")
                os.replace(tmp / rel, dest)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def index_figure(fname: str, pages: int, description: str, csv_name: str | None = None) -> str:
    """One file of a kit's index page: its preview, links, page count and what it is for."""
    stem = fname[:-4]
    extra = f' · <a href="{csv_name}">{csv_name}</a>' if csv_name else ""
    count = html.escape(ngettext("{n} page", "{n} pages", pages).format(n=pages))
    return (f'<figure><a href="{fname}"><img src="previews/{stem}.png" alt="{html.escape(stem)}" '
            f'loading="lazy"></a><figcaption><a href="{fname}"><b>{fname}</b></a> · {count}{extra}<br>'
            f'{html.escape(description)}</figcaption></figure>')


def _index_html(m, docs, art, kit) -> str:
    from .paper import printed_paper

    g = m.grid
    tiles = len(docs["board-A4.pdf"]) - 1
    descriptions = {
        "board.pdf": _("The board on one page ({paper}), true scale: {mm:g} mm between hex centres.").format(
            paper=printed_paper(docs["board.pdf"][0].label), mm=g.hex_mm),
        "board-A4.pdf": ngettext("The board tiled on A4: {n} page to trim and glue, with an overview page first.",
                                 "The board tiled on A4: {n} pages to trim and glue, with an overview page first.",
                                 tiles).format(n=tiles),
        "distances.pdf": (_("Steps between cities; races under {limit} steps shaded (forbidden).")
                          if kit.rule == "table" else
                          _("Steps between cities; under {limit} steps shaded (count the built track).")
                          ).format(limit=kit.limit),
        "races.pdf": (_("Prizes by race number (winner 2×, second 1× the distance), forbidden races shaded; the "
                        "forbidden partners of every number.") if kit.rule == "table" else
                      _("Races by number: distances, those that need {limit} pieces of built track counted "
                        "shaded; the races to check for every number.")).format(limit=kit.limit),
        "numbers.pdf": _("The 6 × 6 used-number table and the 3 × 6 compressed table."),
        "scores.pdf": _("The banker's sheet: every player's running account, race by race ({rules}).").format(
            rules=kit.name),
    }
    csvs = {"distances.pdf": "distances.csv", "races.pdf": "races.csv", "numbers.pdf": "numbers.csv",
            "scores.pdf": "scores.csv"}
    return index_html(m.name or _("Map"), docs, descriptions,
                      f"{art.subtitle()}. " + _("Rules: {rules}.").format(rules=kit.name), csvs)


def index_html(title: str, docs: dict, what: dict, sub: str = "", csvs: dict | None = None) -> str:
    """A kit's index.html (every family's): ``title`` and ``sub`` (plain text) at the top, then
    a preview of every PDF of ``docs`` (name -> pages) linked to it, with its pages, its CSV copy
    (``csvs[name]``) and ``what[name]`` (plain text), in the kit's language."""
    name = html.escape(title)
    body = "\n".join(index_figure(fname, len(pages), what[fname], (csvs or {}).get(fname))
                     for fname, pages in docs.items())
    lead = f"{html.escape(sub)}\n" if sub else ""
    return f"""<!DOCTYPE html>
<html lang="{language()}">
<head>
<meta charset="utf-8">
<title>{name}: {html.escape(_("printable sheets"))}</title>
<style>
body {{ font-family: "DejaVu Sans", sans-serif; margin: 2em; color: #1a1a1a; }}
h1 {{ margin-bottom: 0.2em; }}
p.sub {{ color: #555; margin-top: 0; }}
main {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 1.5em; }}
figure {{ margin: 0; }}
figure img {{ width: 100%; border: 1px solid #bbb; box-shadow: 0 1px 4px #0002; background: #fff; }}
figcaption {{ font-size: 0.9em; margin-top: 0.4em; }}
</style>
</head>
<body>
<h1>{name}</h1>
<p class="sub">{lead}{html.escape(_("Print the PDFs at 100 % (actual size)."))}</p>
<main>
{body}
</main>
</body>
</html>
"""
