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

from xml.sax.saxutils import escape

__all__ = ["GamePicture", "PLAYER_COLOURS", "map_of_board", "player_colour"]

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
    """Draws states of games on one board: :meth:`svg` (text), :meth:`write` (a file)."""

    def __init__(self, board, m=None, style: str = "colour"):
        import svgwrite

        from ..render import BoardArt

        self.board = board
        m = m if m is not None else map_of_board(board)
        # the families' parts of the board (TransAmerica: card cities that are no city of the
        # map are drawn as cities too)
        for fam in board.section_families():
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
    def _overlay(self, g, title) -> str:
        """Everything the game adds to the board, from the state's public view (the same for
        every game): track, start markers, a race's trains, blocked lines, the players."""
        from .fronts import front_for

        v = g.view()
        b = self.board
        k = self.k
        out = ['<g id="game" stroke-linecap="round" font-family="DejaVu Sans, sans-serif">']
        out += self._track(v["board"]["track"])
        out += self._marks(v)
        if v.get("race"):
            out += self._race(v["race"], list(g.players))
        for edge in v["board"].get("blocked", ()):
            x, y = self._midpoint(b.edge_by_name[edge])
            d = 2.2 * k
            out.append(f'<path class="blocked" d="M{_f(x - d)},{_f(y - d)} L{_f(x + d)},{_f(y + d)} M{_f(x - d)},'
                       f'{_f(y + d)} L{_f(x + d)},{_f(y - d)}" stroke="#c62828" stroke-width="{_f(0.9 * k)}"/>')
        # header and legend
        head = title or front_for(g).title(g)
        out.append(f'<text x="4" y="{_f(HEADER_MM - 2.5)}" font-size="5" fill="#000000">{escape(head)}</text>')
        y = self.height - LEGEND_MM / 2 + 1.5
        x = 4.0
        for entry in v["players"]:
            p = entry["seat"]
            label = f"{p + 1} {entry['name']}: {entry.get('account', '')}"
            out.append(f'<rect x="{_f(x)}" y="{_f(y - 3.5)}" width="6" height="4" fill="{player_colour(p)}"/>')
            out.append(f'<text x="{_f(x + 7.5)}" y="{_f(y)}" font-size="4" fill="#000000">{escape(label)}</text>')
            x += 12 + 2.3 * len(label)
        out.append("</g>")
        return "\n".join(out)

    def _midpoint(self, e):
        a, z = self.board.edge_ends[e]
        (x1, y1), (x2, y2) = self._centre[a], self._centre[z]
        return (x1 + x2) / 2, (y1 + y2) / 2

    def _track(self, track) -> list:
        """Each piece: one line per owner side by side (Dampfross), or one dark line for a piece
        of nobody (TransAmerica; a double line drawn double). A piece stops short of a city's
        centre so that the race numbers printed there stay readable."""
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
            owners = entry.get("owners") or []
            if owners:
                lines = [(f"track p{p}", player_colour(p), (i - (len(owners) - 1) / 2) * w, w)
                         for i, p in enumerate(owners)]
            elif entry.get("double"):
                lines = [("track shared", SHARED_TRACK, off, 0.45 * w) for off in (-0.4 * w, 0.4 * w)]
            else:
                lines = [("track shared", SHARED_TRACK, 0.0, w)]
            for cls, colour, off, width in lines:
                out.append(f'<line class="{cls}" x1="{_f(x1 + nx * off)}" y1="{_f(y1 + ny * off)}" '
                           f'x2="{_f(x2 + nx * off)}" y2="{_f(y2 + ny * off)}" stroke="{colour}" '
                           f'stroke-width="{_f(width)}" stroke-opacity="0.8"/>')
        return out

    def _marks(self, v) -> list:
        """Start cities or start markers: a ring per player, clear of the city's numbers."""
        b = self.board
        board = v["board"]
        if "starts" in board:
            spots = list(enumerate(board["starts"]))
        else:
            seat = {x["name"]: x["seat"] for x in v["players"]}
            spots = [(seat[n], h) for n, h in board.get("markers", {}).items()]
        out = []
        for p, name in spots:
            if name is None:
                continue
            x, y = self._centre[b.hex_id(name)]
            r = (0.56 + 0.07 * p) * b.grid.hex_mm
            out.append(f'<circle class="start p{p}" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" '
                       f'stroke="{player_colour(p)}" stroke-width="{_f(0.7 * self.k)}"/>')
        return out

    def _race(self, view, players) -> list:
        """A Dampfross race: start and target rings, declared routes, the trains."""
        b = self.board
        c = self._centre
        k = self.k
        out = []
        if not view.get("start_city"):
            return out
        marks = [("start", b.cities[b.city_index(view["start_city"])].hex)]
        if view.get("special"):
            # a special race's target is a group of hexes: each is ringed
            marks += [("target", b.hex_id(h)) for h in view.get("target_hexes", [])]
        elif view.get("target_city"):
            marks.append(("target", b.cities[b.city_index(view["target_city"])].hex))
        for kind, h in marks:
            x, y = c[h]
            dash = ' stroke-dasharray="1.2,0.8"' if kind == "target" else ""
            out.append(f'<circle class="race-{kind}" cx="{_f(x)}" cy="{_f(y)}" r="{_f(6.2 * k)}" '
                       f'fill="none" stroke="#000000" stroke-width="{_f(0.6 * k)}"{dash}/>')
        names = {n: i for i, n in enumerate(players)}
        for name, route in view.get("routes", {}).items():
            p = names[name]
            pts = " ".join(f"{_f(c[b.hex_id(h)][0])},{_f(c[b.hex_id(h)][1])}" for h in route)
            out.append(f'<polyline class="route p{p}" points="{pts}" fill="none" stroke="{player_colour(p)}" '
                       f'stroke-width="{_f(0.5 * k)}" stroke-dasharray="{_f(1.5 * k)},{_f(1 * k)}"/>')
        for name, hname in view.get("positions", {}).items():
            if hname == "at sea":
                continue        # on a ferry: no hex of the board to stand on
            p = names[name]
            x, y = c[b.hex_id(hname)]
            out.append(f'<circle class="train p{p}" cx="{_f(x)}" cy="{_f(y)}" r="{_f(2.4 * k)}" '
                       f'fill="{player_colour(p)}" stroke="#000000" stroke-width="{_f(0.3 * k)}"/>')
            out.append(f'<text x="{_f(x)}" y="{_f(y + 1.1 * k)}" font-size="{_f(3 * k)}" fill="#ffffff" '
                       f'text-anchor="middle" font-weight="bold">{p + 1}</text>')
        return out
