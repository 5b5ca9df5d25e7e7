"""The picture of a game in progress: the printed board with the track, start markers, the
trains of a race and the accounts or scores, written as SVG (or PNG) after every turn. It is
drawn from the state's generic ``view()``, so it shows any game (a TransAmerica piece belongs to
nobody: one dark line, a double line drawn double; a broken bridge is crossed out).

The board itself is drawn once by the renderer (:class:`mapkit.render.BoardArt`, the same
picture as ``mapkit render``); the game is an overlay of plain SVG on top of it, drawn here
so that the engine stays free of presentation. Each player has a colour; pieces that several
players share are drawn side by side. A board read from an engine export (JSON) has no map
file: a :class:`~mapkit.model.Map` with its terrain, rivers, borders and cities is rebuilt
from the export for the renderer.

>>> from mapkit.grid import Grid, parse_hex as H
>>> from mapkit.model import Map, City
>>> from mapkit.engine import new_game
>>> m = Map(Grid("pointy", "odd", 6, 2), cities=[City("Aš", H("A1"), (11,)), City("Cheb", H("F2"), (12,))])
>>> g = new_game(m, "paluba", ["Anna", "Bert"], {"first_player": 0})
>>> g.apply({"type": "start", "city": "Aš"}); g.apply({"type": "roll", "dice": [1, 1]})
>>> g.apply({"type": "build", "path": ["A1", "B1"]})
>>> pic = GamePicture(g.board, m)
>>> svg = pic.svg(g)
>>> svg.count('class="track p0"'), 'Anna' in svg
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

if TYPE_CHECKING:
    from ..engine.compiled import EngineMap

__all__ = ["GamePicture", "Pen", "PLAYER_COLOURS", "TOKEN_COLOURS", "map_of_board", "player_colour"]

# Track colours by seat: clear of the river blue, the border red and the terrain browns.
PLAYER_COLOURS = ("#d81b60", "#2e7d32", "#ff8f00", "#6a1b9a", "#00838f", "#5d4037", "#c0ca33", "#212121")
LEGEND_MM = 12.0       # height of the strip with players and accounts under the board
SHARED_TRACK = "#37474f"   # a piece of nobody (TransAmerica): a dark slate line
HEADER_MM = 9.0        # height of the line with the phase or race above the board


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def map_of_board(board):
    """A :class:`~mapkit.model.Map` with the terrain, rivers, borders and cities of an engine
    board (for drawing a game whose map came as an export)."""
    from ..grid import parse_edge
    from ..model import City, EdgeSet, Map

    g = board.grid
    terrain = {g.hex_at(i): t for i, t in enumerate(board.terrain)}
    rivers = [EdgeSet(frozenset(tuple(sorted((g.hex_at(a), g.hex_at(b))))
                                for (a, b), r in zip(board.edge_ends, board.edge_river, strict=False) if r))]
    borders = [EdgeSet(frozenset(parse_edge(e) for e in board.borders))]
    cities = [City(c.name, g.hex_at(c.hex), tuple(c.numbers), tuple(c.tags), c.colour, c.region)
              for c in board.cities]
    return Map(g, terrain=terrain, rivers=[r for r in rivers if r.edges],
               borders=[b for b in borders if b.edges], cities=cities, meta={"name": board.name})


def _f(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# How far a track line stops short of a city's centre, in hexes (the number plate's radius).
CITY_TRIM = 0.3


class GamePicture:
    """Draws states of games on one board: :meth:`svg` (text), :meth:`write` (a file).
    ``family``: the game family played (its part of the board is drawn; None: every part)."""

    def __init__(self, board, m=None, style: str = "colour", family: str | None = None):
        import svgwrite

        from ..render import BoardArt

        self.board = board
        m = m if m is not None else map_of_board(board)
        # the part of the board of the family played (TransAmerica: card cities that are no
        # city of the map are drawn as cities too); another family's part is not this game's
        # board (a Paluba game on a map with city cards shows no card towns, as its paper
        # board does not). No family named: every family's part.
        for fam in board.section_families():
            if family is None or fam.name == family:
                m = fam.picture_map(m, board)
        art = BoardArt(m, style)
        self.art = art
        fw, fh = art.frame_size
        self.width = fw
        self.height = fh + HEADER_MM + LEGEND_MM
        dwg = svgwrite.Drawing(size=(f"{_f(fw)}mm", f"{_f(self.height)}mm"),
                               viewBox=f"0 0 {_f(fw)} {_f(self.height)}", debug=False, profile="full")
        dwg.add(dwg.rect((0, 0), (_f(fw), _f(self.height)), fill="#ffffff"))
        g = dwg.g(transform=f"translate(0,{_f(HEADER_MM)})")
        g.add(art.frame(dwg))
        dwg.add(g)
        text = dwg.tostring()
        cut = text.rindex("</svg>")
        self._head, self._tail = text[:cut], text[cut:]
        grid = board.grid
        self._centre = []
        for i in range(len(board.hex_names)):
            x, y = art.hex_centre(grid.hex_at(i))
            self._centre.append((x, y + HEADER_MM))
        self.k = grid.hex_mm / 14.0

    def svg(self, state, title: str | None = None) -> str:
        """The picture of ``state`` as SVG text."""
        return self._head + self._overlay(state, title) + self._tail

    def write(self, state, path, title: str | None = None, dpi: float = 100) -> None:
        """Write the picture to ``path`` (``.png``: PNG at ``dpi``; anything else: SVG), atomically."""
        from ..fileio import atomic_write

        svg = self.svg(state, title)
        if str(path).lower().endswith(".png"):
            from ..render.output import svg_to_png

            atomic_write(path, svg_to_png(svg, dpi))
        else:
            atomic_write(path, svg)

    # -- the overlay -------------------------------------------------------------------------
    def pen(self) -> Pen:
        """What a family's ``picture_overlay`` draws with: this picture's geometry."""
        return Pen(self.board, self._centre, self.k)

    def _overlay(self, g, title) -> str:
        """Everything the game adds to the board, from the state's view (one shape for every
        game, :mod:`mapkit.engine.view`): track on edges and as tiles on hexes, cities as they
        stand, tokens, pawns, the players; then what the family's front adds
        (``picture_overlay``: a race's rings and routes, crossed-out lines)."""
        from .fronts import front_for

        v = g.view()
        board = v["board"]
        pen = self.pen()
        front = front_for(g)
        out = ['<g id="game" stroke-linecap="round" font-family="DejaVu Sans, sans-serif">']
        out += self._track([t for t in board["track"] if "edge" in t])
        out += _tiles(pen, [t for t in board["track"] if "hex" in t])
        out += _cities(pen, board["cities"])
        out += _tokens(pen, board["tokens"])
        out += _pawns(pen, board["pawns"])
        out += front.picture_overlay(v, pen)
        # header and legend
        head = title or front.title(g)
        out.append(f'<text x="4" y="{_f(HEADER_MM - 2.5)}" font-size="5" fill="#000000">{escape(head)}</text>')
        y = self.height - LEGEND_MM / 2 + 1.5
        x = 4.0
        for entry in v["players"]:
            p = entry["seat"]
            label = f"{p + 1} {entry['name']}: {_figures(entry)}"
            out.append(f'<rect x="{_f(x)}" y="{_f(y - 3.5)}" width="6" height="4" fill="{player_colour(p)}"/>')
            out.append(f'<text x="{_f(x + 7.5)}" y="{_f(y)}" font-size="4" fill="#000000">{escape(label)}</text>')
            x += 12 + 2.3 * len(label)
        out.append("</g>")
        return "\n".join(out)

    def _track(self, track) -> list:
        """Each piece on an edge: one line per owner side by side (Dampfross), or one dark line
        for a piece of nobody (TransAmerica; a double line drawn double). A piece stops short
        of a city's centre so that the race numbers printed there stay readable."""
        b = self.board
        c = self._centre
        w = 1.3 * self.k
        city_hexes = {city.hex for city in b.cities}
        trim = CITY_TRIM * b.grid.hex_mm
        out = []
        for entry in track:
            a, z = b.edge_ends[b.edge_by_name[entry["edge"]]]
            (x1, y1), (x2, y2) = c[a], c[z]
            dx, dy = x2 - x1, y2 - y1
            ln = (dx * dx + dy * dy) ** 0.5 or 1.0
            nx, ny = -dy / ln, dx / ln
            if a in city_hexes:
                x1, y1 = x1 + dx / ln * trim, y1 + dy / ln * trim
            if z in city_hexes:
                x2, y2 = x2 - dx / ln * trim, y2 - dy / ln * trim
            for cls, colour, off, width in _strands(entry, w):
                out.append(f'<line class="{cls}" x1="{_f(x1 + nx * off)}" y1="{_f(y1 + ny * off)}" '
                           f'x2="{_f(x2 + nx * off)}" y2="{_f(y2 + ny * off)}" stroke="{colour}" '
                           f'stroke-width="{_f(width)}" stroke-opacity="0.8"/>')
        return out


@dataclass(frozen=True)
class Pen:
    """The picture's geometry, for the overlays of the families' fronts: the centre of a hex
    and the midpoint of an edge by name, in the picture's millimetres, and ``k`` (1 on a
    board of 14 mm hexes)."""

    board: EngineMap
    centres: list[tuple[float, float]]
    k: float

    def centre(self, hex_name: str) -> tuple[float, float]:
        return self.centres[self.board.hex_id(hex_name)]

    def midpoint(self, edge_name: str) -> tuple[float, float]:
        a, z = self.board.edge_ends[self.board.edge_by_name[edge_name]]
        (x1, y1), (x2, y2) = self.centres[a], self.centres[z]
        return (x1 + x2) / 2, (y1 + y2) / 2

    @property
    def hex_mm(self) -> float:
        return self.board.grid.hex_mm

    fmt = staticmethod(_f)
    colour = staticmethod(player_colour)


def _figures(entry: dict) -> str:
    """A player's money and score for the legend (the one the game has, or both)."""
    money, score = entry.get("money"), entry.get("score")
    if money is not None and score is not None:
        return f"{money}, {score} VP"
    return str(money if money is not None else score if score is not None else "")


def _strands(entry: dict, w: float) -> list:
    """The lines of one piece: ``(class, colour, offset, width)`` per owner side by side, a
    double piece of nobody as two thin lines, else one dark line."""
    owners = entry.get("owners") or []
    if owners:
        return [(f"track p{p}", player_colour(p), (i - (len(owners) - 1) / 2) * w, w) for i, p in enumerate(owners)]
    if entry.get("double"):
        return [("track shared", SHARED_TRACK, off, 0.45 * w) for off in (-0.4 * w, 0.4 * w)]
    return [("track shared", SHARED_TRACK, 0.0, w)]


def _tiles(pen: Pen, tiles: list) -> list:
    """Track as tiles on hexes: each from the middle of one side to the middle of the other
    through the hex's centre (a quadratic curve: a bend where the sides are not opposite);
    two tiles on one hex (a double tile) side by side by their owners' colours."""
    w = 1.3 * pen.k
    out = []
    for entry in tiles:
        cx, cy = pen.centre(entry["hex"])
        ends = []
        for other in entry["joins"]:
            ox, oy = pen.centre(other)
            ends.append(((cx + ox) / 2, (cy + oy) / 2))
        (x1, y1), (x2, y2) = ends
        for cls, colour, off, width in _strands(entry, w):
            dash = "" if entry.get("finished", True) else f' stroke-dasharray="{_f(1.2 * w)},{_f(0.8 * w)}"'
            out.append(f'<path class="{cls} tile" d="M{_f(x1 + off)},{_f(y1 + off)} Q{_f(cx + off)},{_f(cy + off)} '
                       f'{_f(x2 + off)},{_f(y2 + off)}" fill="none" stroke="{colour}" stroke-width="{_f(width)}" '
                       f'stroke-opacity="0.85"{dash}/>')
    return out


# Goods and colour groups as drawn (the names a map gives them; anything else as written).
TOKEN_COLOURS = {"red": "#c62828", "blue": "#1565c0", "purple": "#6a1b9a", "yellow": "#f9a825",
                 "black": "#212121", "grey": "#9e9e9e", "gray": "#9e9e9e", "green": "#2e7d32",
                 "orange": "#ef6c00", "white": "#ffffff", "pink": "#ec407a", "brown": "#6d4c41"}


def _fill(colour) -> str:
    return TOKEN_COLOURS.get(str(colour).lower(), "#757575") if colour else "#757575"


def _cities(pen: Pen, cities: list) -> list:
    """Cities as they stand now: a ring in the city's colour (a founded city's new colour);
    an emptied city crossed."""
    out = []
    r = 0.42 * pen.hex_mm
    for c in cities:
        x, y = pen.centre(c["hex"])
        out.append(f'<circle class="city-now" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" '
                   f'stroke="{_fill(c.get("colour"))}" stroke-width="{_f(0.9 * pen.k)}"/>')
        if c.get("empty"):
            d = 0.25 * pen.hex_mm
            out.append(f'<path class="city-empty" d="M{_f(x - d)},{_f(y - d)} L{_f(x + d)},{_f(y + d)}" '
                       f'stroke="#000000" stroke-width="{_f(0.5 * pen.k)}"/>')
    return out


def _tokens(pen: Pen, tokens: list) -> list:
    """Tokens on hexes (goods cubes): a row of small squares in their colour above the hex's
    centre, one per token (a count past five written beside)."""
    out = []
    side = 1.6 * pen.k
    row: dict = {}
    for t in tokens:
        x, y = pen.centre(t["hex"])
        shown = min(int(t.get("count", 1)), 5)
        for _ in range(shown):
            i = row.get(t["hex"], 0)
            row[t["hex"]] = i + 1
            out.append(f'<rect class="token {escape(str(t["kind"]))}" x="{_f(x - 4 * side + i * 1.2 * side)}" '
                       f'y="{_f(y - 0.32 * pen.hex_mm)}" width="{_f(side)}" height="{_f(side)}" '
                       f'fill="{_fill(t.get("colour"))}" stroke="#000000" stroke-width="{_f(0.15 * pen.k)}"/>')
        if int(t.get("count", 1)) > shown:
            out.append(f'<text x="{_f(x + 2.5 * side)}" y="{_f(y - 0.32 * pen.hex_mm + side)}" '
                       f'font-size="{_f(2.2 * pen.k)}">+{int(t["count"]) - shown}</text>')
    return out


def _pawns(pen: Pen, pawns: list) -> list:
    """Players' pieces on hexes: a start or a marker as a ring per player clear of the city's
    numbers, a train as a disc with its seat's number."""
    out = []
    k = pen.k
    for pawn in pawns:
        p = pawn["seat"]
        x, y = pen.centre(pawn["hex"])
        if pawn["kind"] == "train":
            out.append(f'<circle class="train p{p}" cx="{_f(x)}" cy="{_f(y)}" r="{_f(2.4 * k)}" '
                       f'fill="{player_colour(p)}" stroke="#000000" stroke-width="{_f(0.3 * k)}"/>')
            out.append(f'<text x="{_f(x)}" y="{_f(y + 1.1 * k)}" font-size="{_f(3 * k)}" fill="#ffffff" '
                       f'text-anchor="middle" font-weight="bold">{p + 1}</text>')
            continue
        r = (0.56 + 0.07 * p) * pen.hex_mm
        out.append(f'<circle class="start p{p}" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" '
                   f'stroke="{player_colour(p)}" stroke-width="{_f(0.7 * k)}"/>')
    return out
