"""Test boards with a known truth: a random map, a drawing of it, and a scanner's damage.

This drawer is deliberately independent of mapkit's renderer (:mod:`mapkit.render`) and of
the reader: its own hex geometry, its own line widths, ring shapes, fonts (DejaVu Sans or
Serif), margins and colours, all drawn from a seed, so that the importer is measured on
pictures it was not written against. Drawing is supersampled (3x) for anti-aliasing; the
degradations are those of a scanner or a phone camera: paper tint, a light gradient,
rotation, blur, noise and JPEG compression; and for a phone, a slant (keystone) over a table.

>>> m = random_map(7, 8, 6, "flat", "even")
>>> (m.grid.columns, m.grid.rows, m.grid.orientation, m.grid.offset)
(8, 6, 'flat', 'even')
>>> img, legend = draw_board(m, hex_px=24, style=random_style(7))
>>> img.mode, legend["plain"].startswith("#")
('RGB', True)
>>> random_map(7, 8, 6, "flat", "even") == m      # same seed, same map
True
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass, field, replace

import numpy as np

from ..grid import Grid, Hex, edge
from ..model import ALL_RACE_NUMBERS, City, EdgeSet, Map

__all__ = ["random_map", "BoardStyle", "random_style", "dampfross_style", "draw_board", "score",
           "add_scores", "rates", "board_geometry", "Degradation", "random_degradation",
           "random_photo", "degrade", "CITY_NAMES"]

SQRT3 = math.sqrt(3.0)
SUPERSAMPLE = 3

CITY_NAMES = (
    "Praha", "Plzeň", "Brno", "Ostrava", "Olomouc", "Liberec", "Ústí nad Labem", "Zlín",
    "Jindřichův Hradec", "Hradec Králové", "České Budějovice", "Pardubice", "Jihlava", "Kolín",
    "Wrocław", "Częstochowa", "Kraków", "Łódź", "Gdańsk", "Poznań", "Lübeck", "München",
    "Nürnberg", "Köln", "Düsseldorf", "Würzburg", "Görlitz", "Žilina", "Košice", "Győr",
    "Linz", "Graz", "Salzburg", "Regensburg", "Chemnitz", "Dresden", "Leipzig", "Bamberg",
    "Opava", "Třebíč", "Písek", "Tábor", "Kladno", "Most", "Cheb", "Znojmo", "Přerov", "Děčín",
)


# -- the truth -----------------------------------------------------------------------------
def random_map(seed: int, columns: int, rows: int, orientation: str = "pointy",
               offset: str = "odd", cities: int | None = None,
               numbering: str = "regional") -> Map:
    """A random but plausible board: mountains, lakes, a foreign state behind a border,
    rivers along hex edges, cities that carry race numbers (some carry two or three).

    ``numbering``: ``regional`` as on the published boards (cities that share a tens digit
    lie together: :func:`regional_numbers`), or ``shuffled`` (any number anywhere, as a
    board with no such plan). The two give the same map but for the numbers."""
    rng = random.Random(seed)
    grid = Grid(orientation, offset, columns, rows)
    hexes = list(grid.hexes())
    terrain = {h: "plain" for h in hexes}

    def blob(kind: str, size: int, allowed=("plain",)):
        start = rng.choice(hexes)
        if terrain[start] not in allowed:
            return
        grown = [start]
        terrain[start] = kind
        for _ in range(size * 4):
            if len(grown) >= size:
                break
            h = rng.choice(grown)
            n = rng.choice(grid.neighbours(h))
            if terrain[n] in allowed:
                terrain[n] = kind
                grown.append(n)

    n = len(hexes)
    # A foreign state along one side of the board, with a ragged boundary.
    if rng.random() < 0.85:
        side = rng.choice(("left", "right", "top", "bottom"))
        depth = max(1, int((columns if side in ("left", "right") else rows) * rng.uniform(0.12, 0.25)))
        for h in hexes:
            c, r = h
            pos = {"left": c, "right": columns - 1 - c, "top": r, "bottom": rows - 1 - r}[side]
            if pos < depth + rng.choice((-1, 0, 0, 1)):
                terrain[h] = "foreign"
    for _ in range(max(1, n // 60)):
        blob("mountain", rng.randint(3, 10))
    for _ in range(max(1, n // 150)):
        blob("water", rng.randint(2, 7))
    if rng.random() < 0.5:
        blob("mountain", rng.randint(2, 5), allowed=("foreign",))  # hills abroad stay foreign

    land = {h for h, t in terrain.items() if t in ("plain", "mountain")}
    foreign = {h for h, t in terrain.items() if t == "foreign"}
    borders = {edge(a, b) for a in land for b in grid.neighbours(a) if b in foreign}
    if not borders and rng.random() < 0.7:
        borders = set(_edge_path(rng, grid, terrain, rng.randint(4, 10), set()))

    rivers: list[EdgeSet] = []
    used = set(borders)
    for i in range(rng.randint(1, 2 + n // 120)):
        path = _edge_path(rng, grid, terrain, rng.randint(4, 14), used)
        if len(path) >= 3:
            used |= set(path)
            rivers.append(EdgeSet(frozenset(path), f"River {i + 1}"))

    # Cities: land hexes at least two steps apart, all in the largest piece of home land
    # (every city reachable from every other without crossing a border).
    want = cities if cities is not None else max(3, min(36, n // 14))
    piece = _largest_land(grid, terrain, borders)
    spots = [h for h in hexes if h in piece and (terrain[h] == "plain" or (terrain[h] == "mountain" and rng.random() < 0.3))]
    rng.shuffle(spots)
    chosen: list[Hex] = []
    for h in spots:
        if len(chosen) >= want:
            break
        if all(grid.distance(h, c) >= 2 for c in chosen):
            chosen.append(h)
    codes = list(ALL_RACE_NUMBERS)
    rng.shuffle(codes)
    names = list(CITY_NAMES)
    rng.shuffle(names)
    extra = max(0, min(len(codes), 36) - len(chosen)) if len(chosen) >= 12 else 0
    counts = []         # how many race numbers each city carries
    for _h in chosen:
        k = 1
        if extra and rng.random() < 0.3:
            k = min(3, 1 + min(extra, rng.randint(1, 2)))
            extra -= k - 1
        counts.append(k)
    if numbering == "regional":
        # Its own stream: the map is the same as shuffled but for which number is where.
        numbers = regional_numbers(grid, chosen, counts, random.Random(seed * 7919 + 101))
    elif numbering == "shuffled":
        numbers = []
        for k in counts:
            numbers.append(tuple(sorted(codes[:k])))
            del codes[:k]
    else:
        raise ValueError(f"numbering is regional or shuffled, not {numbering!r}")
    out = [City(names[i] if i < len(names) else f"Town {i + 1}", h, nums)
           for i, (h, nums) in enumerate(zip(chosen, numbers))]
    return Map(grid=grid, terrain=terrain, rivers=rivers, borders=[EdgeSet(frozenset(borders), "Border")] if borders else [],
               cities=out, meta={"name": f"synthetic {seed}"})


REGION_MOVES = 8       # times each region's centre is moved to its cities' mean


def _fill_regions(dist: np.ndarray, counts: list, cap: list):
    """Each city (row of ``dist``, its distances to the regions' centres) to a region with
    room for its numbers, the nearest pairs first; cities with two or three numbers first,
    so that each fits whole: the region of each city (None: none had room)."""
    n, regions = dist.shape
    cap = list(cap)
    region: list = [None] * n
    for i in sorted((i for i in range(n) if counts[i] > 1), key=lambda i: (-counts[i], i)):
        fits = [r for r in range(regions) if cap[r] >= counts[i]] or [int(np.argmax(cap))]
        region[i] = min(fits, key=lambda r: dist[i, r])
        cap[region[i]] -= counts[i]
    for _d, i, r in sorted((float(dist[i, r]), i, r) for i in range(n) for r in range(regions)):
        if region[i] is None and cap[r] >= counts[i]:
            region[i] = r
            cap[r] -= counts[i]
    return region


def regional_numbers(grid: Grid, places: list, counts: list, rng) -> list[tuple]:
    """Race numbers for cities at ``places`` carrying ``counts`` numbers each, laid out as
    on the published boards: the cities that share a tens digit lie close together (the
    tens digit is a region, rules.md section 1), and a city's numbers share one.

    Six regions start at cities far apart (each next one the city farthest from those
    chosen); each city goes to the nearest region with room for its numbers (an even share
    of them each; cities with two or three numbers first, so that each fits whole), and
    each region's centre moves to its cities' mean, ``REGION_MOVES`` times over. Which
    region gets which tens digit, and which city which units digit, is random.

    >>> g = Grid("pointy", "odd", 6, 6)
    >>> places = [(c, r) for c in range(6) for r in range(6)]          # a city on every hex
    >>> nums = regional_numbers(g, places, [1] * 36, random.Random(1))
    >>> sorted(n for ns in nums for n in ns) == sorted(ALL_RACE_NUMBERS)
    True
    >>> def mean_distance(same_tens):
    ...     d = [g.distance(a, b) for a, x in zip(places, nums) for b, y in zip(places, nums)
    ...          if a < b and (x[0] // 10 == y[0] // 10 or not same_tens)]
    ...     return round(sum(d) / len(d), 2)
    >>> mean_distance(True), mean_distance(False)     # one region's cities: 1.5 hexes apart
    (1.49, 3.25)
    """
    n = len(places)
    total = sum(counts)
    regions = min(6, n)
    cap = [total // regions + (1 if r < total % regions else 0) for r in range(regions)]
    xy = np.array([grid.centre_mm(h) for h in places], dtype=float)
    seeds = [rng.randrange(n)]
    while len(seeds) < regions:
        far = np.min(np.linalg.norm(xy[:, None, :] - xy[seeds][None, :, :], axis=2), axis=1)
        seeds.append(int(np.argmax(far)))
    centres = xy[seeds].copy()
    weight = np.array(counts, dtype=float)
    for _ in range(REGION_MOVES):
        dist = np.linalg.norm(xy[:, None, :] - centres[None, :, :], axis=2)
        region = _fill_regions(dist, counts, cap)
        for r in range(regions):
            members = [i for i in range(n) if region[i] == r]
            if members:
                centres[r] = np.average(xy[members], axis=0, weights=weight[members])
    tens = rng.sample(range(1, 7), 6)
    pools = [[10 * tens[r] + u for u in rng.sample(range(1, 7), 6)] for r in range(6)]
    out = []
    for i in range(n):
        r = region[i] if region[i] is not None else 0
        nums = []
        for _ in range(counts[i]):
            # A region short of numbers (only when the counts cannot be split evenly)
            # lends from the nearest region that has some.
            src = r if pools[r] else min((q for q in range(regions) if pools[q]),
                                         key=lambda q: dist[i, q])
            nums.append(pools[src].pop())
        out.append(tuple(sorted(nums)))
    return out


def _largest_land(grid: Grid, terrain, borders) -> set:
    land = {h for h, t in terrain.items() if t in ("plain", "mountain")}
    best: set = set()
    seen: set = set()
    for start in sorted(land):
        if start in seen:
            continue
        comp, todo = {start}, [start]
        seen.add(start)
        while todo:
            h = todo.pop()
            for n in grid.neighbours(h):
                if n in land and n not in seen and edge(h, n) not in borders:
                    seen.add(n)
                    comp.add(n)
                    todo.append(n)
        if len(comp) > len(best):
            best = comp
    return best


def _edge_path(rng, grid: Grid, terrain, length: int, avoid: set) -> list:
    """A connected run of hex sides (a river): each next side shares a corner with the last."""
    hexes = [h for h in grid.hexes() if terrain[h] in ("plain", "mountain", "foreign")]
    for _ in range(30):
        a = rng.choice(hexes)
        nbs = [b for b in grid.neighbours(a) if terrain[b] != "water"]
        if not nbs:
            continue
        b = rng.choice(nbs)
        e = edge(a, b)
        if e in avoid:
            continue
        common = [c for c in grid.neighbours_all(a) if grid.adjacent(c, b)]
        came = rng.choice(common)
        path = [e]
        seen = {e}
        while len(path) < length:
            a, b = path[-1]
            ahead = [c for c in grid.neighbours_all(a) if grid.adjacent(c, b) and c != came]
            if not ahead:
                break
            c = ahead[0]
            options = [edge(a, c), edge(b, c)]
            rng.shuffle(options)
            nxt = None
            for o in options:
                x, y = o
                if (grid.is_edge(o) and o not in seen and o not in avoid
                        and terrain[x] != "water" and terrain[y] != "water"):
                    nxt = o
                    break
            if nxt is None:
                break
            came = b if nxt == edge(a, c) else a
            path.append(nxt)
            seen.add(nxt)
        if len(path) >= 3:
            return path
    return []


# -- the look ------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardStyle:
    """Everything about the look of one drawn board. Sizes are fractions of the hex spacing
    unless they say ``px``."""

    colours: dict = field(default_factory=dict)   # plain mountain water foreign river border city grid
    paper: str = "#ffffff"                         # the margin around the board
    text: str = "#1a1a1a"
    outline_px: float = 1.5
    river_w: float = 0.12
    border_w: float = 0.11
    ring: str = "circle"                           # circle or hexagon
    ring_r: float = 0.36                           # circle radius / hexagon apothem
    ring_w: float = 0.06
    number_size: float = 0.27
    name_size: float = 0.16
    name_place: str = "below"                      # below, above, none
    font: str = "DejaVuSans.ttf"
    margin: float = 1.0                            # margin around the board, in hexes
    labels: bool = True                            # column letters and row numbers
    frame: bool = False
    multi: str = "stack"                           # how two or three numbers are set: stack, row
    border_dash: float = 0.0                       # dashed borders: dash length (0: solid)
    key: bool = False                              # a title and a colour key above the board


DAMPFROSS = {"plain": "#ffffff", "mountain": "#c9935a", "water": "#9cc9ec", "foreign": "#5b5b5b",
             "river": "#1565c0", "border": "#d32020", "city": "#d32020", "grid": "#000000"}


def dampfross_style(**changes) -> BoardStyle:
    """The default Dampfross colours with middle-of-the-range widths."""
    return replace(BoardStyle(colours=dict(DAMPFROSS)), **changes)


def _hexstr(rgb) -> str:
    return "#%02x%02x%02x" % tuple(int(round(v)) for v in rgb)


def _lab(rgb):
    from .colour import srgb_to_lab

    return srgb_to_lab(np.array(rgb, dtype=np.uint8))


def _random_palette(rng) -> dict:
    """Other colours than Dampfross (as a legend would give), distinct enough to tell apart."""
    from .colour import parse_colour

    for _ in range(200):
        plain = (rng.randint(235, 255), rng.randint(228, 255), rng.randint(200, 245))
        mountain = rng.choice([(rng.randint(150, 215), rng.randint(100, 160), rng.randint(40, 110)),
                               (rng.randint(150, 190),) * 3,
                               (rng.randint(120, 180), rng.randint(150, 200), rng.randint(90, 130))])
        water = (rng.randint(110, 190), rng.randint(170, 225), rng.randint(215, 255))
        foreign = rng.choice([(rng.randint(60, 110),) * 3,
                              (rng.randint(200, 230), rng.randint(190, 215), rng.randint(150, 190)),
                              (rng.randint(70, 120), rng.randint(80, 120), rng.randint(60, 90))])
        river = (rng.randint(0, 60), rng.randint(40, 120), rng.randint(160, 230))
        border = rng.choice([(rng.randint(190, 240), rng.randint(0, 50), rng.randint(0, 60)),
                             (rng.randint(150, 200), rng.randint(0, 40), rng.randint(120, 190))])
        city = border if rng.random() < 0.6 else (rng.randint(200, 250), rng.randint(20, 80), rng.randint(0, 40))
        grid = (rng.randint(0, 60),) * 3
        cols = {"plain": plain, "mountain": mountain, "water": water, "foreign": foreign,
                "river": river, "border": border, "city": city, "grid": grid}
        labs = {k: _lab(v) for k, v in cols.items()}
        fills = ("plain", "mountain", "water", "foreign")
        ok = all(np.linalg.norm(labs[a] - labs[b]) > 28 for i, a in enumerate(fills) for b in fills[i + 1:])
        ok = ok and all(np.linalg.norm(labs[s] - labs[f]) > 30 for s in ("river", "border", "city") for f in fills)
        ok = ok and np.linalg.norm(labs["river"] - labs["border"]) > 40
        if ok:
            return {k: _hexstr(v) for k, v in cols.items()}
    return {k: _hexstr(parse_colour(v)) for k, v in DAMPFROSS.items()}


def random_style(seed: int, palette: str = "mixed") -> BoardStyle:
    """A random look: ``palette`` is ``dampfross`` (the default legend), ``other`` (colours
    that need ``--legend``) or ``mixed`` (either)."""
    rng = random.Random(seed * 7919 + 13)
    if palette == "mixed":
        palette = "dampfross" if rng.random() < 0.5 else "other"
    colours = dict(DAMPFROSS) if palette == "dampfross" else _random_palette(rng)
    return BoardStyle(
        colours=colours,
        paper=colours["plain"] if rng.random() < 0.5 else "#ffffff",
        text=rng.choice(("#000000", "#1a1a1a", "#222244", "#333333")),
        outline_px=rng.uniform(1.0, 2.6),
        river_w=rng.uniform(0.08, 0.15),
        border_w=rng.uniform(0.08, 0.15),
        ring=rng.choice(("circle", "circle", "hexagon")),
        ring_r=rng.uniform(0.30, 0.40),
        ring_w=rng.uniform(0.045, 0.08),
        number_size=rng.uniform(0.24, 0.32),
        name_size=rng.uniform(0.13, 0.19),
        name_place=rng.choice(("below", "above", "below", "none")),
        # "pillow-default" is not a file: Pillow's own face (Aileron) stands in, as in a
        # drawer that never chose a font.
        font=rng.choice(("DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSans-Bold.ttf", "pillow-default")),
        margin=rng.uniform(0.4, 2.0),
        labels=rng.random() < 0.8,
        frame=rng.random() < 0.4,
        multi=rng.choice(("stack", "row")),
    )


# -- the drawing ---------------------------------------------------------------------------
def board_geometry(grid: Grid, hex_px: float, margin_px: float):
    """Functions of this drawer's own geometry: ``centre(h)`` and ``corners(h)`` in pixels.

    Written apart from :mod:`mapkit.grid` on purpose (the tests compare the two): pointy hexes
    in rows, odd/even rows pushed right; flat hexes in columns, odd/even columns pushed down.
    """
    d = hex_px
    s = d / SQRT3
    parity = 1 if grid.offset == "odd" else 0
    pointy = grid.orientation == "pointy"

    def centre(h):
        c, r = h
        if pointy:
            return (margin_px + d / 2 + d * c + (d / 2 if r % 2 == parity else 0.0),
                    margin_px + s + 1.5 * s * r)
        return (margin_px + s + 1.5 * s * c,
                margin_px + d / 2 + d * r + (d / 2 if c % 2 == parity else 0.0))

    def corners(h, radius=s):
        x, y = centre(h)
        start = 30.0 if pointy else 0.0
        return [(x + radius * math.cos(math.radians(start + 60 * i)),
                 y + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    if pointy:
        size = (d * (grid.columns + 0.5), s * (1.5 * (grid.rows - 1) + 2))
    else:
        size = (s * (1.5 * (grid.columns - 1) + 2), d * (grid.rows + 0.5))
    return centre, corners, size


def _font(name: str, px: float):
    from PIL import ImageFont

    size = max(4, int(round(px)))
    try:
        return ImageFont.truetype(name, size)
    except OSError:
        return ImageFont.load_default(size)


def _side(corners_a, centre_b):
    """The two corners of a hex nearest the neighbour's centre: their shared side."""
    bx, by = centre_b
    pts = sorted(corners_a, key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
    return pts[0], pts[1]


def draw_board(m: Map, hex_px: float, style: BoardStyle, seed: int = 0,
               supersample: int = SUPERSAMPLE):
    """Draw ``m`` with ``hex_px`` pixels between adjacent centres; returns ``(image, legend)``
    where ``legend`` maps the legend keys to ``"#rrggbb"`` (what ``--legend`` would say).
    ``supersample`` times larger is drawn and shrunk (anti-aliasing)."""
    from PIL import Image, ImageDraw

    k = max(1, int(supersample))
    d = hex_px * k
    s = d / SQRT3
    margin = style.margin * d + (0.6 * d if style.labels else 0.0)
    top = margin + (2.2 * d if style.key else 0.0)     # room for the title and the key
    centre0, corners0, (bw, bh) = board_geometry(m.grid, d, margin)

    def centre(h):
        x, y = centre0(h)
        return x, y + top - margin

    def corners(h, radius=s):
        return [(x, y + top - margin) for x, y in corners0(h, radius)]

    width, height = int(math.ceil(bw + 2 * margin)), int(math.ceil(bh + margin + top))
    col = style.colours
    img = Image.new("RGB", (width, height), style.paper)
    dr = ImageDraw.Draw(img)
    grid = m.grid

    if style.frame:
        pad = 0.25 * d
        dr.rectangle([margin - pad, top - pad, margin + bw + pad, top + bh + pad],
                     outline=col["grid"], width=max(1, int(style.outline_px * k * 1.5)))
    for h in grid.hexes():
        dr.polygon(corners(h, s + 0.5), fill=col[m.terrain[h]] if m.terrain[h] != "off" else style.paper)
    lw = max(1, int(round(style.outline_px * k)))
    for h in grid.hexes():
        pts = corners(h)
        dr.line(pts + [pts[0]], fill=col["grid"], width=lw, joint="curve")

    def stroke(edges, colour, w, dash=0.0):
        # Rivers and borders are thick lines: never thinner than 1.6 hex outlines.
        wpx = max(1, int(round(max(w * d, 1.6 * lw))))
        for a, b in edges:
            p, q = _side(corners(a), centre(b))
            if dash:
                # Dashes along the side, centred on it so that each corner gets a half dash.
                n = max(1, int(round(1.0 / (2 * dash))))
                for i in range(n + 1):
                    t0, t1 = max(0.0, (i - 0.25) / n), min(1.0, (i + 0.25) / n)
                    dr.line([(p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                             (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)],
                            fill=colour, width=wpx)
                continue
            dr.line([p, q], fill=colour, width=wpx)
            for x, y in (p, q):  # round joins where two sides of one river meet
                dr.ellipse([x - wpx / 2, y - wpx / 2, x + wpx / 2, y + wpx / 2], fill=colour)

    for es in m.rivers:
        stroke(es.edges, col["river"], style.river_w)
    for es in m.borders:
        stroke(es.edges, col["border"], style.border_w, style.border_dash)
    if "ridge" in col:
        for es in m.ridges:
            stroke(es.edges, col["ridge"], style.river_w)

    nfont = _font(style.font, style.number_size * d)
    small = _font(style.font, style.number_size * d * 0.8)
    name_font = _font(style.font, style.name_size * d)
    for c in m.cities:
        x, y = centre(c.hex)
        rw = max(1, int(round(style.ring_w * d)))
        r = style.ring_r * d
        if style.ring == "circle":
            dr.ellipse([x - r, y - r, x + r, y + r], outline=col["city"], width=rw)
        else:
            pts = corners(c.hex, r * 2 / SQRT3)
            dr.line(pts + [pts[0], pts[1]], fill=col["city"], width=rw, joint="curve")
        nums = [str(n) for n in c.numbers]
        if nums:
            if len(nums) == 1:
                dr.text((x, y), nums[0], font=nfont, fill=style.text, anchor="mm")
            elif style.multi == "row" and len(nums) == 2:
                dr.text((x, y), " ".join(nums), font=small, fill=style.text, anchor="mm")
            else:
                f = small if len(nums) == 2 else _font(style.font, style.number_size * d * 0.62)
                lh = f.size * 1.05
                for i, t in enumerate(nums):
                    dr.text((x, y + (i - (len(nums) - 1) / 2) * lh), t, font=f, fill=style.text, anchor="mm")
        if style.name_place != "none":
            dy = (style.ring_r + style.ring_w / 2) * d + name_font.size * 0.6
            ny = y + dy if style.name_place == "below" else y - dy
            dr.text((x, ny), c.name, font=name_font, fill=style.text, anchor="mm")

    if style.labels:
        lf = _font(style.font, 0.3 * d)
        from ..grid import column_name

        for cidx in range(grid.columns):
            x, _ = centre((cidx, 0))
            dr.text((x, top - 0.35 * d), column_name(cidx), font=lf, fill=style.text, anchor="mm")
            dr.text((x, top + bh + 0.35 * d), column_name(cidx), font=lf, fill=style.text, anchor="mm")
        for r in range(grid.rows):
            _, y = centre((0, r))
            dr.text((margin - 0.35 * d, y), str(r + 1), font=lf, fill=style.text, anchor="mm")
            dr.text((margin + bw + 0.35 * d, y), str(r + 1), font=lf, fill=style.text, anchor="mm")

    if style.key:
        # A title and a key of the colours, as printed boards have: text and swatches in
        # the margin are no hexes.
        tf = _font(style.font, 0.6 * d)
        dr.text((margin, margin), m.meta.get("name", "Board"), font=tf, fill=style.text, anchor="lt")
        kf = _font(style.font, 0.3 * d)
        x = margin
        y = margin + 1.1 * d
        for name in ("plain", "mountain", "water", "foreign", "river", "border", "city"):
            if name in ("river", "border"):
                dr.line([(x, y + 0.2 * d), (x + 0.5 * d, y + 0.2 * d)], fill=col[name],
                        width=max(1, int(0.1 * d)))
            elif name == "city":
                dr.ellipse([x + 0.05 * d, y, x + 0.45 * d, y + 0.4 * d], outline=col[name],
                           width=max(1, int(style.ring_w * d)))
            else:
                dr.rectangle([x, y, x + 0.5 * d, y + 0.4 * d], fill=col[name], outline=col["grid"],
                             width=lw)
            dr.text((x + 0.6 * d, y + 0.2 * d), name, font=kf, fill=style.text, anchor="lm")
            x += 2.0 * d
    out = img.resize((max(1, round(width / k)), max(1, round(height / k))), Image.LANCZOS) if k > 1 else img
    legend = {key: col[key] for key in ("plain", "mountain", "water", "foreign", "river", "border", "city")}
    return out, legend


# -- the damage ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Degradation:
    """What a scanner or a phone camera does to a board."""

    rotation: float = 0.0          # degrees, counter-clockwise
    blur: float = 0.0              # Gaussian radius in pixels
    noise: float = 0.0             # standard deviation of the noise, 0..255 scale
    jpeg: int | None = None        # JPEG quality, or None for none
    gradient: float = 0.0          # light falls off by this fraction across the sheet
    tint: tuple = (1.0, 1.0, 1.0)  # paper colour as channel gains
    seed: int = 0
    # A phone held not quite over the sheet: the far side comes out narrower by this
    # fraction of the picture at each end (0.05 = 10 % narrower), a little uneven; the far
    # side is "top", "bottom", "left" or "right"; the table round the sheet shows.
    keystone: float = 0.0
    far_side: str = "top"
    table: tuple | None = None     # RGB of the table round the sheet (None: the paper's)
    # The shadow of the phone or a hand over part of the sheet: that part darker by this
    # share, behind a soft straight edge (at a random place, slope and side).
    shadow: float = 0.0


def random_degradation(seed: int, max_rotation: float = 3.0) -> Degradation:
    rng = random.Random(seed * 31 + 5)
    return Degradation(
        rotation=rng.uniform(-max_rotation, max_rotation),
        blur=rng.uniform(0.3, 0.9),
        noise=rng.uniform(2.0, 7.0),
        jpeg=rng.randint(60, 90),
        gradient=rng.uniform(0.05, 0.25),
        tint=(1.0, rng.uniform(0.95, 1.0), rng.uniform(0.86, 0.98)),
        seed=seed,
    )


def random_photo(seed: int) -> Degradation:
    """A phone photo: :func:`random_degradation`'s damage, taken at a slant (keystone 1 to
    6 % at each end of the far side) over a table."""
    rng = random.Random(seed * 31 + 11)
    return replace(random_degradation(seed), keystone=rng.uniform(0.01, 0.06),
                   far_side=rng.choice(("top", "bottom", "left", "right")),
                   table=rng.choice(((96, 72, 50), (45, 45, 50), (200, 185, 160))))


def random_shadow(seed: int) -> Degradation:
    """A phone photo taken flat, with the phone's shadow over part of the sheet (25 to 40 %
    darker) on top of :func:`random_degradation`'s damage."""
    rng = random.Random(seed * 31 + 19)
    return replace(random_degradation(seed), shadow=rng.uniform(0.25, 0.4))


def _keystone(img, deg: Degradation, fill):
    """The picture seen at a slant: the far side narrower (each far corner moved in by
    ``keystone`` of the picture), every corner moved a little more at random."""
    from PIL import Image

    w, h = img.size
    k = deg.keystone
    rng = random.Random(deg.seed * 31 + 13)
    src = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    move = {"top": {0: (k * w, 0), 1: (-k * w, 0)}, "bottom": {3: (k * w, 0), 2: (-k * w, 0)},
            "left": {0: (0, k * h), 3: (0, -k * h)}, "right": {1: (0, k * h), 2: (0, -k * h)}}
    dst = []
    for i, (x, y) in enumerate(src):
        dx, dy = move[deg.far_side].get(i, (0.0, 0.0))
        dst.append((x + dx + rng.uniform(-0.3, 0.3) * k * w, y + dy + rng.uniform(-0.3, 0.3) * k * h))
    # Pillow wants the map from the output picture back to the input one.
    A, b = [], []
    for (x, y), (X, Y) in zip(dst, src):
        A.append([x, y, 1, 0, 0, 0, -X * x, -X * y])
        b.append(X)
        A.append([0, 0, 0, x, y, 1, -Y * x, -Y * y])
        b.append(Y)
    coeffs = np.linalg.solve(np.array(A, dtype=float), np.array(b, dtype=float))
    return img.transform((w, h), Image.PERSPECTIVE, tuple(float(c) for c in coeffs),
                         Image.BICUBIC, fillcolor=fill)


def degrade(img, deg: Degradation):
    """The picture after rotation, a slant, light, tint, blur, noise and JPEG (a new image)."""
    from PIL import Image, ImageFilter

    rng = np.random.default_rng(deg.seed)
    out = img.convert("RGB")
    if deg.table is not None:
        # Photographed on a table: a margin of table round the sheet.
        pad = round(0.04 * max(out.size))
        framed = Image.new("RGB", (out.width + 2 * pad, out.height + 2 * pad), deg.table)
        framed.paste(out, (pad, pad))
        out = framed
    if deg.rotation:
        bg = deg.table or tuple(int(v) for v in np.asarray(out)[0, 0])
        out = out.rotate(deg.rotation, resample=Image.BICUBIC, expand=True, fillcolor=bg)
    if deg.keystone:
        out = _keystone(out, deg, deg.table or tuple(int(v) for v in np.asarray(out)[0, 0]))
    a = np.asarray(out, dtype=np.float32)
    h, w = a.shape[:2]
    if deg.gradient or deg.tint != (1.0, 1.0, 1.0):
        ang = rng.uniform(0, 2 * math.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        t = (xx / w - 0.5) * math.cos(ang) + (yy / h - 0.5) * math.sin(ang)
        t = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
        light = 1.0 - deg.gradient * t
        a = a * light[:, :, None] * np.array(deg.tint, dtype=np.float32)
    if deg.shadow:
        srng = random.Random(deg.seed * 31 + 17)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ang = srng.uniform(0, 2 * math.pi)
        along = (xx - w / 2) * math.cos(ang) + (yy - h / 2) * math.sin(ang)
        at = srng.uniform(-0.25, 0.25) * max(w, h)
        soft = 0.02 * max(w, h)
        edge = np.clip((along - at) / soft + 0.5, 0.0, 1.0)
        a = a * (1.0 - deg.shadow * edge)[:, :, None]
    out = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if deg.blur:
        out = out.filter(ImageFilter.GaussianBlur(deg.blur))
    if deg.noise:
        a = np.asarray(out, dtype=np.float32) + rng.normal(0, deg.noise, (h, w, 3)).astype(np.float32)
        out = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if deg.jpeg:
        buf = io.BytesIO()
        out.save(buf, format="JPEG", quality=int(deg.jpeg))
        buf.seek(0)
        out = Image.open(buf).convert("RGB")
    return out


# -- scoring ---------------------------------------------------------------------------------
def score(truth: Map, got: Map) -> dict:
    """How well ``got`` (an imported map) matches ``truth``, hex by hex and edge by edge.

    Counts, so that boards can be summed: ``grid`` (1 when layout and size match; then the
    rest compares hex by hex), ``hexes``/``terrain_ok``, per edge kind ``tp``/``fp``/``fn``,
    cities ``city_tp``/``city_fp``/``city_fn``, and ``numbers_ok`` (true cities read with
    exactly their race numbers) of ``cities``.

    >>> m = random_map(3, 6, 5)
    >>> s = score(m, m)
    >>> (s["grid"], s["terrain_ok"] == s["hexes"], s["city_fn"], s["numbers_ok"] == s["cities"])
    (1, True, 0, True)
    """
    tg, gg = truth.grid, got.grid
    out = {"boards": 1, "grid": 0, "hexes": len(tg), "terrain_ok": 0, "cities": len(truth.cities),
           "city_tp": 0, "city_fp": 0, "city_fn": len(truth.cities), "numbers_ok": 0}
    for kind in ("rivers", "borders"):
        n = len(truth.edge_set(kind))
        out.update({f"{kind}_tp": 0, f"{kind}_fp": 0, f"{kind}_fn": n})
    if (tg.orientation, tg.offset, tg.columns, tg.rows) != (gg.orientation, gg.offset, gg.columns, gg.rows):
        return out
    out["grid"] = 1
    out["terrain_ok"] = sum(1 for h in tg.hexes() if truth.terrain[h] == got.terrain[h])
    for kind in ("rivers", "borders"):
        t, g = truth.edge_set(kind), got.edge_set(kind)
        out[f"{kind}_tp"], out[f"{kind}_fp"], out[f"{kind}_fn"] = len(t & g), len(g - t), len(t - g)
    th = {c.hex: c for c in truth.cities}
    gh = {c.hex: c for c in got.cities}
    out["city_tp"] = len(th.keys() & gh.keys())
    out["city_fp"] = len(gh.keys() - th.keys())
    out["city_fn"] = len(th.keys() - gh.keys())
    out["numbers_ok"] = sum(1 for h, c in th.items() if h in gh and tuple(sorted(gh[h].numbers)) == tuple(sorted(c.numbers)))
    return out


def add_scores(a: dict, b: dict) -> dict:
    return {k: a.get(k, 0) + b.get(k, 0) for k in set(a) | set(b)}


def rates(s: dict) -> dict:
    """Fractions from summed counts: terrain accuracy, precision and recall, city and number
    accuracy (None where nothing was there to count)."""
    def frac(a, b):
        return a / b if b else None

    out = {"grid": frac(s.get("grid", 0), s.get("boards", 0)),
           "terrain": frac(s.get("terrain_ok", 0), s.get("hexes", 0))}
    for kind in ("rivers", "borders"):
        tp, fp, fn = s.get(f"{kind}_tp", 0), s.get(f"{kind}_fp", 0), s.get(f"{kind}_fn", 0)
        out[f"{kind}_precision"] = frac(tp, tp + fp)
        out[f"{kind}_recall"] = frac(tp, tp + fn)
    tp, fp, fn = s.get("city_tp", 0), s.get("city_fp", 0), s.get("city_fn", 0)
    out["cities"] = frac(tp, tp + fp + fn)
    out["numbers"] = frac(s.get("numbers_ok", 0), s.get("cities", 0))
    return out
