"""``mapkit import BOARD.png -o MAP.yaml``: :func:`import_map` (``path``, an
:class:`ImportOptions`) -> the map and notes for the user; the overlay and the confidence
report written when asked.

>>> import os, tempfile
>>> from mapkit.testing import random_map, draw_board, dampfross_style
>>> m = random_map(5, 8, 6, "flat", "odd")
>>> img, _ = draw_board(m, 28, dampfross_style())
>>> p = os.path.join(tempfile.mkdtemp(), "board.png"); img.save(p)
>>> got, notes = import_map(p, ImportOptions(ocr=False))
>>> (got.grid.orientation, got.grid.offset, got.grid.columns, got.grid.rows)
('flat', 'odd', 8, 6)
>>> got.terrain == m.terrain
True
"""

from __future__ import annotations

import heapq
import json
import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import InputError
from ..grid import SQRT3, Grid, Hex, connected_pieces, edge_name, hex_name
from ..model import City, EdgeSet, Map, Rules, is_race_number
from . import params as P

if TYPE_CHECKING:       # (imported when a picture is read: importing this module stays light)
    from .gridtypes import GridFit
    from .reading import Reading

__all__ = ["import_map", "read_picture", "ImportOptions", "PictureReading"]


@dataclass
class PictureReading:
    """Everything read from one picture: the picture (straightened) as it was read, the grid,
    the board, the numbers and names, and notes (the last saying why no numbers or names were
    read, if so). ``shown``: the picture as the user gave it (straightened), when what was read
    is another (TransAmerica's card rings painted out): the overlay draws over it."""

    rgb: np.ndarray
    fit: GridFit
    reading: Reading
    numbers: dict = field(default_factory=dict)      # Hex -> (race numbers...)
    names: dict = field(default_factory=dict)        # Hex -> name
    notes: list = field(default_factory=list)
    title: str | None = None                         # the board's printed title, when read
    cards: dict = field(default_factory=dict)        # TransAmerica's board: card city Hex -> colour
    shown: np.ndarray | None = None

    @property
    def picture(self) -> np.ndarray:
        """The picture the overlay draws what was read over: the user's, straightened."""
        return self.rgb if self.shown is None else self.shown


@dataclass(frozen=True)
class ImportOptions:
    """``mapkit import``'s image options: grid hints (``hex_px``: pixels between adjacent hex
    centres) replace what they name; ``legend`` a file; ``ocr`` False reads no numbers or names;
    ``ocr_languages`` Tesseract's languages of the names, the board's own first (default
    ``NAME_LANGUAGES``); ``overlay``, ``report`` files to write; ``output`` the map file; ``name``, ``hex_mm``."""

    orientation: str | None = None
    offset: str | None = None
    columns: int | None = None
    rows: int | None = None
    hex_px: float | None = None
    legend: str | None = None
    ocr: bool = True
    ocr_languages: tuple[str, ...] | None = None
    overlay: str | None = None
    report: str | None = None
    output: str | None = None
    name: str | None = None
    hex_mm: float | None = None


# Fewest pixels across a hex that a picture can be read at: --columns / --rows asking for
# smaller hexes are refused before any search (2000 columns on a 1654 px picture made arrays of
# 15 GB in the card-ring search, for hexes of 0.8 px that no stage can read).
MIN_HEX_PX = 8


def _hints(opts: ImportOptions, shape: tuple[int, ...]):
    """The grid hints, checked against the picture (``shape``: its height and width first)."""
    from .gridfind import Hints
    height, width = shape[:2]
    for name, value in (("--columns", opts.columns), ("--rows", opts.rows)):
        if value is not None and not 1 <= value <= 2000:
            raise InputError(f"{name} {value}: give a number of hexes from 1 to 2000")
        # The board may be turned in the picture: its hexes are at most the longer side over the count.
        if value is not None and max(height, width) / value < MIN_HEX_PX:
            raise InputError(f"{name} {value}: the picture is {width} x {height} px: {value} {name[2:]} would "
                             f"make hexes of {max(height, width) / value:.1f} px ({MIN_HEX_PX} or more are needed)")
    if opts.hex_px is not None and not (4.0 <= opts.hex_px <= 5000.0 and math.isfinite(opts.hex_px)):
        raise InputError(f"--hex-px {opts.hex_px}: give the distance between hex centres in pixels (4 or more)")
    return Hints(opts.orientation, opts.offset, opts.columns, opts.rows, opts.hex_px)


def _find_grid(rgb, hints, path):
    """The grid and notes; a ``--hex-px`` hint finding no grid, a weak or another size is checked
    by a free search (a size measured centre to corner or corner to corner is said)."""
    from .gridfind import NoGridError, find_grid
    hinted, failure = None, None
    try:
        hinted = find_grid(rgb, hints)
    except NoGridError as exc:
        failure = exc
    if hints.hex_px is None or (hinted is not None and hinted.line_score >= P.WEAK_FIT
                                and abs(hinted.hex_px / hints.hex_px - 1.0) <= P.SIZE_TOLERANCE):
        if hinted is None:
            raise InputError(f"{path}: no hex grid found in the picture ({failure})")
        return hinted, []
    try:
        free = find_grid(rgb, replace(hints, hex_px=None))
    except NoGridError:
        free = None
    if free is not None and (hinted is None or free.line_score >= hinted.line_score):
        ratio = free.hex_px / hints.hex_px
        if abs(ratio - 1.0) <= P.SIZE_TOLERANCE:
            return free, []
        for factor, measure in ((SQRT3, "the distance from the centre to a corner"),
                                (SQRT3 / 2, "the width from corner to corner")):
            if abs(ratio / factor - 1.0) <= P.SIZE_TOLERANCE:
                return free, [f"{path}: --hex-px {hints.hex_px:g} read as {measure}: the hex "
                              f"centres are {free.hex_px:.1f} px apart"]
    if hinted is not None:
        return hinted, []
    seen = f"; without --hex-px, hexes {free.hex_px:.1f} px apart are found" if free else ""
    raise InputError(f"{path}: no hex grid of {hints.hex_px:g} px between centres found in the "
                     f"picture ({failure}){seen}")


def _without_colour(rgb, sample: int = 200_000) -> bool:
    """True when (almost) no pixel has a hue: a grey scan.

    >>> grey = np.full((40, 40, 3), 128, dtype=np.uint8)
    >>> _without_colour(grey), _without_colour(grey + np.uint8([0, 50, 100]))
    (True, False)
    """
    flat = rgb.reshape(-1, 3)
    step = max(1, len(flat) // sample)
    part = flat[::step].astype(np.int16)
    spread = part.max(axis=1) - part.min(axis=1)
    return float(np.mean(spread > P.GREY_SPREAD)) < P.GREY_SHARE


def read_picture(path, opts: ImportOptions | None = None) -> PictureReading:
    """Load, find the grid, choose the legend (:mod:`.legends`), read the board and (unless
    ``opts.ocr`` is False) the race numbers."""
    from .cardrings import CARD_LOOK, card_board
    from .colour import DEFAULT_LEGEND, LEGEND_KEYS
    from .legends import STYLE_LEGENDS, choose_legend, given_legend
    from .loader import load_image
    from .mono import MONO_LOOKS, read_board_mono
    from .reading import read_board
    opts = opts or ImportOptions()
    card_look = opts.legend == CARD_LOOK and not Path(CARD_LOOK).exists()
    forced = None if card_look else given_legend(opts.legend)
    rgb = load_image(path)
    fit, notes = _find_grid(rgb, _hints(opts, rgb.shape), path)
    grey = _without_colour(rgb)
    if grey:
        notes.append(f"{path}: the picture has no colour: read as a board printed without "
                     "colour (mapkit's mono style: mountains hatched, water stippled, "
                     "neighbouring states light grey, rivers solid, borders dashed); a board "
                     "printed in colour is read in colour only from a picture in colour")
    if fit.picture is not None:
        rgb, fit.picture = fit.picture, None
        notes.append(f"{path}: taken at a slant (hexes up to {fit.slant:.2f} hex away from a "
                     "flat grid): straightened before reading; the overlay shows it straightened")
    mono = [k for k in MONO_LOOKS if forced is STYLE_LEGENDS[k]]
    cards = None
    shown = rgb
    if grey or mono:
        board, look = read_board_mono(rgb, fit, mono[0] if mono else None)
        legend = DEFAULT_LEGEND
        if look != "mono" and not mono:
            notes.append(f"{path}: read with the legend {look!r} (mapkit's mono look with "
                         "neighbouring states in the light tint; --legend mono reads them as plain)")
    else:
        rgb, cards, more = card_board(rgb, fit, card_look, str(path))
        choice = choose_legend(rgb, fit, forced, str(path))
        legend = choice.legend
        notes += more + choice.notes
        if legend.ignored:
            notes.append(f"{opts.legend}: ignored {', '.join(legend.ignored)} (a legend gives "
                         f"{', '.join(LEGEND_KEYS)})")
        board = read_board(rgb, fit, legend, choice.land)
        if cards is not None:
            board.cities = {h: P.OUTLINED_CITY_RADIUS for h in cards.colours}
            board.city_conf = dict(cards.shares)
    out = PictureReading(rgb, fit, board, notes=notes, cards=dict(cards.colours) if cards else {},
                         shown=None if shown is rgb else shown)
    if out.reading.cities and opts.ocr:
        _read_writing(out, legend, path, opts.ocr_languages or P.NAME_LANGUAGES)
    if opts.ocr and not opts.name:
        from .title import read_title
        out.title = read_title(rgb, fit)
    return out


def _read_writing(pr: PictureReading, legend, path, languages: tuple[str, ...]) -> None:
    """Stages 6 and 7 into ``pr`` (without Tesseract, its last note says why)."""
    from .names import read_names
    from .numbers import read_numbers
    from .ocr import OcrUnavailable
    try:
        if not pr.cards:        # (TransAmerica's board prints no race numbers)
            pr.numbers, more = read_numbers(pr.rgb, pr.fit, pr.reading, legend)
            pr.notes += [f"{path}: {n}" for n in more]
        pr.names, more = read_names(pr.rgb, pr.fit, pr.reading, languages)
        pr.notes += [f"{path}: {n}" for n in more]
    except OcrUnavailable as exc:
        pr.notes.append(f"{path}: race numbers and names not read: {exc}; the "
                        f"{len(pr.reading.cities)} cities have no numbers and are named after "
                        "their hexes")


def _edge_sets(edges: set, grid: Grid) -> list[EdgeSet]:
    """Edges grouped into connected runs (two edges touch when they share a corner)."""
    runs = connected_pieces(set(edges), grid.touching)
    return [EdgeSet(frozenset(g)) for g in sorted(runs, key=lambda g: (-len(g), min(g)))]


def build_map(pr: PictureReading, opts: ImportOptions, source: str = "") -> tuple[Map, list[str]]:
    """The map of a reading, and the warnings it needs."""
    reading, g = pr.reading, pr.fit.grid
    hex_mm = opts.hex_mm or P.DEFAULT_HEX_MM
    if not (hex_mm > 0 and math.isfinite(hex_mm)):
        raise InputError(f"--hex-mm {hex_mm}: give a positive size in millimetres")
    grid = Grid(g.orientation, g.offset, g.columns, g.rows, hex_mm)
    warnings: list[str] = []
    cities = []
    used: dict = {}
    named: dict = {}
    for h in sorted(reading.cities, key=lambda h: (h[1], h[0])):
        nums = tuple(n for n in pr.numbers.get(h, ()) if is_race_number(n))
        bad = [n for n in pr.numbers.get(h, ()) if not is_race_number(n)]
        if bad:
            warnings.append(f"{hex_name(h)}: read {' '.join(map(str, bad))}, not race numbers; left out")
        for n in nums:
            used.setdefault(n, []).append(h)
        name = pr.names.get(h)
        if name in named:
            warnings.append(f"{hex_name(h)}: read the name {name!r} of {hex_name(named[name])} "
                            "too; named after its hex")
            name = None
        if name:
            named[name] = h
        cities.append(City(name or f"City {hex_name(h)}", Hex(*h), tuple(sorted(set(nums)))))
    for n, hs in sorted(used.items()):
        if len(hs) > 1:
            warnings.append(f"race number {n} read in {', '.join(hex_name(h) for h in hs)}; "
                            "check the overlay")
    port_names = {c.hex: c.name for c in cities}
    warnings += [f"a ferry line from {port_names.get(f.port, 'the city')} ({hex_name(f.port)}) to "
                 f"{hex_name(f.to)}: not written under ferries (the board prints no cost and no fare; "
                 "add it with them)" for f in reading.ferries]
    title = opts.name or pr.title or Path(source).stem or "imported"
    strokes = reading.strokes
    abroad = [c.name for c in cities if reading.terrain.get(c.hex) == "foreign"]
    # The rules are printed on other sheets: a picture changes none of them (cities abroad
    # say nothing of whether a race may cross a border).
    rules = Rules()
    if pr.cards:
        rules, more = _card_rules(cities, pr.cards)
        warnings += more
    if abroad:
        warnings.append(f"{', '.join(abroad)}: cit{'ies' if len(abroad) > 1 else 'y'} in a "
                        "neighbouring state: rules.border_crossing left at its default, false "
                        "(the board does not show it; set it if races may cross borders)")
    m = Map(grid=grid, terrain=dict(reading.terrain),
            rivers=_edge_sets(strokes.get("river", set()), g),
            borders=_edge_sets(strokes.get("border", set()), g),
            ridges=_edge_sets(strokes.get("ridge", set()), g),
            cities=cities, rules=rules,
            meta={"name": title, "source": Path(source).name,
                  "description": f"Imported from the picture {Path(source).name} by mapkit import."})
    return m, warnings


def _card_rules(cities: list[City], colours: dict) -> tuple[Rules, list[str]]:
    """The rules of TransAmerica's board: its preset and the deck of its card cities
    (``colours``: hex -> the colour of its ring; :mod:`.carddeck`), with the warnings the deck
    needs."""
    from .carddeck import card_deck

    block, warnings = card_deck({c.name: colours[c.hex] for c in cities if c.hex in colours},
                                {c.name: c.hex for c in cities})
    return Rules(extra={"preset": "transamerica", "city_cards": block}), warnings


def confidence_report(pr: PictureReading, least: int = P.REPORT_LEAST) -> dict:
    """Everything the reader decided with how sure it was; the least sure first."""
    fit, reading = pr.fit, pr.reading
    hexes = heapq.nsmallest(least, reading.terrain_conf.items(), key=lambda kv: (kv[1], kv[0][1], kv[0][0]))
    edges = heapq.nsmallest(least, reading.edge_conf.items(), key=lambda kv: (kv[1][1], kv[0]))
    cities = heapq.nsmallest(least, reading.city_conf.items(), key=lambda kv: (abs(kv[1] - P.CITY_SURE), kv[0]))
    told = sorted((e, (kind, c)) for e, (kind, c) in reading.edge_conf.items() if kind or c < P.EDGE_TOLD)
    g = fit.grid
    return {
        "grid": {"orientation": g.orientation, "offset": g.offset, "columns": g.columns,
                 "rows": g.rows, "hex_px": round(fit.hex_px, 2),
                 "rotation_degrees": round(fit.rotation, 2),
                 "a1_centre_px": [round(v, 1) for v in fit.centre_px((0, 0))],
                 "line_score": round(fit.line_score, 3)},
        "least_sure_hexes": [{"hex": hex_name(h), "terrain": reading.terrain[h],
                              "confidence": round(c, 3)} for h, c in hexes],
        "least_sure_edges": [{"edge": edge_name(e), "read": kind or "none",
                              "confidence": round(c, 3)} for e, (kind, c) in edges],
        "least_sure_cities": [{"hex": hex_name(h), "city": h in reading.cities,
                               "confidence": round(c, 3)} for h, c in cities],
        "hexes": {hex_name(h): {"terrain": reading.terrain[h], "confidence": round(c, 3)}
                  for h, c in sorted(reading.terrain_conf.items(), key=lambda kv: (kv[0][1], kv[0][0]))},
        "edges": {edge_name(e): {"read": kind or "none", "confidence": round(c, 3)}
                  for e, (kind, c) in told},
        "ferries": [{"from": hex_name(f.port), "to": hex_name(f.to), "confidence": round(f.confidence, 3)}
                    for f in reading.ferries],
        "cities": {hex_name(h): {"numbers": list(pr.numbers.get(h, ())),
                                 "confidence": round(reading.city_conf.get(h, 0.0), 3)}
                   for h in sorted(reading.cities, key=lambda h: (h[1], h[0]))},
    }


def _report_lines(report: dict, source: str) -> list[str]:
    g = report["grid"]
    lines = [f"{source}: grid {g['orientation']} {g['offset']}, {g['columns']} x {g['rows']} hexes, "
             f"{g['hex_px']} px between centres, rotated {g['rotation_degrees']} degrees, "
             f"A1 at ({g['a1_centre_px'][0]}, {g['a1_centre_px'][1]})"]
    hexes = ", ".join(f"{d['hex']} {d['terrain']} {d['confidence']:.2f}" for d in report["least_sure_hexes"])
    edges = ", ".join(f"{d['edge']} {d['read']} {d['confidence']:.2f}" for d in report["least_sure_edges"])
    lines.append(f"{source}: least sure hexes: {hexes}")
    lines.append(f"{source}: least sure edges: {edges}")
    unsure = [d for d in report["least_sure_cities"] if P.UNSURE_CITY[0] < d["confidence"] < P.UNSURE_CITY[1]]
    if unsure:
        lines.append(f"{source}: unsure cities: " + ", ".join(
            f"{d['hex']} {'city' if d['city'] else 'no city'} {d['confidence']:.2f}" for d in unsure))
    return lines


def import_map(path, opts: ImportOptions | None = None) -> tuple[Map, list[str]]:
    """Read the board pictured in ``path``; see the module's documentation."""
    from ..fileio import atomic_write, check_output_path
    opts = opts or ImportOptions()
    src = str(path)
    overlay, report_path = opts.overlay, opts.report
    inputs = [src] + [p for p in (opts.legend, opts.output) if p]
    for out in (overlay, report_path):
        if out:
            check_output_path(out, inputs=inputs)
    pr = read_picture(src, opts)
    m, warnings = build_map(pr, opts, src)
    report = confidence_report(pr)
    notes = _report_lines(report, src) + pr.notes + [f"{src}: {w}" for w in warnings]
    notes.append(f"{src}: read {sum(1 for t in m.terrain.values() if t != 'off')} hexes, "
                 f"{sum(len(r.edges) for r in m.rivers)} river and "
                 f"{sum(len(b.edges) for b in m.borders)} border edges, {len(m.cities)} cities, "
                 f"{sum(len(c.numbers) for c in m.cities)} race numbers")
    if overlay:
        from .overlay import overlay_png

        atomic_write(overlay, overlay_png(pr.picture, pr.fit, pr.reading, pr.numbers), inputs=inputs)
        notes.append(f"wrote {overlay} (what was read, over the picture)")
    if report_path:
        atomic_write(report_path, json.dumps(report, ensure_ascii=False, indent=2) + "\n", inputs=inputs)
        notes.append(f"wrote {report_path} (confidence of every hex and edge)")
    return m, notes
