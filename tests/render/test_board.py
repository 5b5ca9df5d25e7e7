"""The printed board: SVG content, true scale, PNG size and colours, PDF pages, tiling, styles.

Expected values are worked out here from the map files and the rules of the page layout that
docs/rendering.md states (board frame = board + 7 mm coordinate margin on every side; tiles keep
12 mm of paper margin; neighbouring tiles overlap by 10 mm), not taken from the renderer.
"""

from __future__ import annotations

import math
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PIL import Image
from pypdf import PdfReader

from tests.support import MAPS, run_cli, run_here

SVG = "{http://www.w3.org/2000/svg}"
PT_PER_MM = 72 / 25.4
SQRT3 = math.sqrt(3)
EXAMPLE = MAPS / "example.yaml"
# The example's cities and numbers, read from the YAML text without mapkit's reader.
EXAMPLE_TEXT = EXAMPLE.read_text(encoding="utf-8")
EXAMPLE_CITIES = re.findall(r"^  - name: (.+)$\n    hex:", EXAMPLE_TEXT, re.M)
EXAMPLE_NUMBERS = sorted(int(n) for block in re.findall(r"numbers: \[([0-9, ]+)\]", EXAMPLE_TEXT)
                         for n in block.split(","))
NAMES = ["Jindřichův Hradec", "Częstochowa", "Wrocław", "Lübeck", "Plzeň", "Žilina", "Ústí nad Labem"]


def write_map(tmp_path, name="test.yaml", columns=6, rows=5, hex_mm=14.0, art=None, cities=(),
              orientation="pointy", offset="odd", extra=""):
    """A map file written as text (cities: (name, hex, [numbers]))."""
    lines = ["version: 1", "name: Testland",
             f"grid: {{orientation: {orientation}, offset: {offset}, columns: {columns}, "
             f"rows: {rows}, hex_mm: {hex_mm}}}", "terrain:", "  default: plain"]
    if art:
        lines.append("  art: |")
        lines += [f"    {row}" for row in art]
    if cities:
        lines.append("cities:")
        for cname, h, nums in cities:
            lines.append(f"  - {{name: {cname}, hex: {h}, numbers: [{', '.join(map(str, nums))}]}}")
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    return path


def render(*args):
    r = run_here("render", *args)
    assert r.returncode == 0, r.stderr
    return r


def texts(root, cls=None):
    """The full text of every <text> element (of class ``cls``)."""
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")
            if cls is None or t.get("class") == cls]


def ring_centres(root, cls_prefix="terrain-"):
    """Centres (page mm) of the hexes in the terrain paths, with their terrain class.

    Walks the tree adding up ``translate`` transforms; every ``M ... Z`` ring is one hex.
    """
    out = []

    def walk(el, dx, dy):
        tr = el.get("transform")
        if tr:
            m = re.fullmatch(r"translate\(([-0-9.]+),([-0-9.]+)\)", tr)
            assert m, f"unexpected transform {tr}"
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        cls = el.get("class") or ""
        if el.tag == f"{SVG}path" and cls.startswith(cls_prefix):
            for ring in re.findall(r"M([^Z]+)Z", el.get("d")):
                pts = [tuple(map(float, p.split(","))) for p in re.findall(r"[-0-9.]+,[-0-9.]+", ring)]
                assert len(pts) == 6
                out.append((cls[len(cls_prefix):], dx + sum(p[0] for p in pts) / 6,
                            dy + sum(p[1] for p in pts) / 6))
        for child in el:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return out


def svg_size_mm(root):
    w, h = root.get("width"), root.get("height")
    assert w.endswith("mm") and h.endswith("mm")
    vb = [float(v) for v in root.get("viewBox").split()]
    assert vb[2] == pytest.approx(float(w[:-2])) and vb[3] == pytest.approx(float(h[:-2]))
    return float(w[:-2]), float(h[:-2])


# -- SVG --------------------------------------------------------------------------------------
def test_svg_parses_and_has_every_city_name_and_number(tmp_path):
    out = tmp_path / "board.svg"
    r = run_cli("render", EXAMPLE, "-o", out)                  # as a user runs it
    assert r.returncode == 0 and "A3 landscape" in r.stdout, r.stderr
    root = ET.parse(out).getroot()
    names = texts(root, "name")
    assert sorted(names) == sorted(EXAMPLE_CITIES)           # each name once, whole, with diacritics
    assert "České Budějovice" in names and "Ústí nad Labem" in names and "Plzeň" in names
    numbers = sorted(int(n) for t in texts(root, "number") for n in t.split())
    assert numbers == EXAMPLE_NUMBERS == [10 * t + u for t in range(1, 7) for u in range(1, 7)]
    # Column letters A..P and row numbers 1..12 in the margins (top and bottom, left and right).
    all_text = texts(root)
    for letter in "ABCDEFGHIJKLMNOP":
        assert all_text.count(letter) == 2
    for row in range(1, 13):
        assert all_text.count(str(row)) >= 2
    assert any(t.startswith("Example") for t in all_text)   # the title
    assert any("Build cost" in t for t in all_text)           # the legend


def test_hex_centres_are_hex_mm_apart_on_paper(tmp_path):
    """True scale: neighbouring hex centres measured in the SVG (user unit = mm) are hex_mm apart."""
    for hex_mm, orientation in ((14.0, "pointy"), (11.5, "flat")):
        path = write_map(tmp_path, f"m{hex_mm}.yaml", columns=7, rows=6, hex_mm=hex_mm,
                         orientation=orientation, cities=[("Aš", "A1", [11])])
        out = tmp_path / f"m{hex_mm}.svg"
        render(path, "-o", out)
        root = ET.parse(out).getroot()
        svg_size_mm(root)
        centres = [(x, y) for _, x, y in ring_centres(root)]
        assert len(centres) == 42
        dists = [math.hypot(a[0] - b[0], a[1] - b[1]) for i, a in enumerate(centres)
                 for b in centres[i + 1:]]
        assert min(dists) == pytest.approx(hex_mm, abs=0.005)
        # An inner hex has exactly six neighbours at that distance.
        neighbours = max(sum(1 for b in centres if abs(math.hypot(a[0] - b[0], a[1] - b[1]) - hex_mm) < 0.01)
                         for a in centres)
        assert neighbours == 6


def test_label_boxes_never_overlap_names_or_city_hexes():
    """A crowded map: every name is clear of every other name and every city hex."""
    from shapely.geometry import box

    from mapkit.grid import Grid, Hex
    from mapkit.model import City, Map
    from mapkit.render.boardart import BoardArt

    # Cities two hexes apart in a dense lattice: names have to find the free sides.
    cities = []
    k = 0
    for r in range(1, 9, 2):
        for c in range(1, 12, 3):
            cities.append(City(f"{NAMES[k % len(NAMES)]} {k}", Hex(c, r), (11 + k % 6 + 10 * (k // 6 % 6),)))
            k += 1
    m = Map(Grid("pointy", "odd", 13, 10), cities=cities)
    art = BoardArt(m)
    assert art.clashes() == []
    boxes = {name: box(*lab.box) for name, lab in art.labels.items()}
    hexes = [m.grid.polygon(c.hex) for c in m.cities]
    bw, bh = m.grid.bounds_mm()
    for name, b in boxes.items():
        assert all(b.intersection(h).area < 1e-9 for h in hexes), name
        assert all(b.intersection(o).area < 1e-9 for n2, o in boxes.items() if n2 != name), name
        x0, y0, x1, y1 = b.bounds
        assert x0 >= 0 and y0 >= 0 and x1 <= bw and y1 <= bh


@pytest.mark.parametrize("path", sorted(MAPS.glob("*.yaml")), ids=lambda p: p.stem)
def test_names_leave_every_river_and_border_in_sight(path):
    """A name's white plate would hide the river or border it lies on (in mono all but
    gone): on the bundled maps every name finds a place clear of them (on two lines for
    Freiburg im Breisgau and San Diego), the plate's 0.35 mm rim (at 14 mm hexes) included, a
    river along a border where it is drawn, beside it (Ostrava's plate hid the Odra; Las Vegas's
    the Colorado, which runs along the sides of its hex and its neighbours', on the TransAmerica
    board, while rivers only cost the placer)."""
    from shapely.geometry import MultiLineString, box

    from mapkit.io.yamlmap import load_map
    from mapkit.render.boardart import BoardArt

    m = load_map(path)
    art = BoardArt(m, "mono")
    lines = MultiLineString(art.drawn_segments())
    rim = 0.35 * m.grid.hex_mm / 14
    hidden = [name for name, lab in art.labels.items()
              if box(lab.box[0] - rim, lab.box[1] - rim / 2, lab.box[2] + rim, lab.box[3] + rim / 2)
              .intersects(lines)]
    assert hidden == []


# -- PNG ----------------------------------------------------------------------------------------
def test_png_has_the_paper_size_in_pixels(tmp_path):
    # The example board with title and legend fits A3 landscape (420 x 297 mm), not A4: the
    # board frame alone is 245 x 163.5 mm and A4 landscape leaves 277 x 190 mm inside 10 mm margins.
    out = tmp_path / "board.png"
    render(EXAMPLE, "-o", out, "--dpi", "60")
    im = Image.open(out)
    assert im.size == (round(420 / 25.4 * 60), round(297 / 25.4 * 60)) == (992, 702)
    assert round(im.info["dpi"][0]) == 60
    out2 = tmp_path / "fit.png"
    path = write_map(tmp_path, columns=6, rows=5, cities=[("Aš", "A1", [11])])
    render(path, "-o", out2, "--paper", "a4", "--dpi", "100")
    # A small board on A4 goes landscape (its drawing is wider than tall): 297 x 210 mm at 100 dpi.
    assert Image.open(out2).size == (1169, 827)


def test_png_shows_the_terrain_colours_at_the_hex_centres(tmp_path):
    art = ["^ . ~ # . .",
           " . ^ . ~ # .",
           ". . ^ . . ~",
           " # ~ . ^ . .",
           ". . # ~ ^ ."]
    path = write_map(tmp_path, columns=6, rows=5, art=art, cities=[("Aš", "F5", [11])])
    svg_out, png_out = tmp_path / "t.svg", tmp_path / "t.png"
    render(path, "-o", svg_out, "--paper", "fit")
    dpi = 100
    render(path, "-o", png_out, "--paper", "fit", "--dpi", str(dpi))
    root = ET.parse(svg_out).getroot()
    centres = ring_centres(root)
    a1 = min(centres, key=lambda c: (round(c[2], 3), c[1]))
    im = Image.open(png_out).convert("RGB")
    d, s = 14.0, 14.0 / SQRT3
    # (neighbouring states in the default toner-light tint; --dark-foreign: #5b5b5b)
    expected_rgb = {"plain": (255, 255, 255), "mountain": (0xC9, 0x93, 0x5A), "water": (0x9C, 0xC9, 0xEC),
                    "foreign": (0xE6, 0xE6, 0xE6)}
    terrain_of = {".": "plain", "^": "mountain", "~": "water", "#": "foreign"}
    checked = 0
    for r, line in enumerate(art):
        for c, ch in enumerate(line.split()):
            if (c, r) in ((5, 4), (4, 4), (5, 3), (4, 3)):   # the city and where its name may go
                continue
            # odd-r layout, pointy hexes: odd rows are pushed half a hex right. Sampled 3 mm
            # left of the centre, clear of the centre dot.
            x = a1[1] + d * (c + 0.5 * (r % 2)) - 3.0
            y = a1[2] + 1.5 * s * r
            px = im.getpixel((round(x * dpi / 25.4), round(y * dpi / 25.4)))
            want = expected_rgb[terrain_of[ch]]
            assert max(abs(p - q) for p, q in zip(px, want, strict=False)) <= 6, (c, r, px, want)
            checked += 1
    assert checked == 26


def test_mono_style_has_no_colour_and_textures(tmp_path):
    out = tmp_path / "mono.png"
    render(EXAMPLE, "-o", out, "--style", "mono", "--dpi", "40")
    im = Image.open(out).convert("RGB")
    colours = im.getcolors(maxcolors=1 << 20)
    assert all(max(p) - min(p) <= 12 for _, p in colours)     # every pixel grey
    svg = tmp_path / "mono.svg"
    render(EXAMPLE, "-o", svg, "--style", "mono")
    text = svg.read_text(encoding="utf-8")
    assert 'class="texture-hatch"' in text and 'class="texture-stipple"' in text
    assert 'stroke-dasharray="2.2,1.1"' in text                 # dashed borders


# -- PDF and tiling ------------------------------------------------------------------------------
def expected_tiles(columns, rows, hex_mm, paper_w, paper_h, overlap=10.0, margin=12.0, coord=7.0):
    """Tile pages worked out from the hex size: (pages, portrait?) for the better orientation."""
    s = hex_mm / SQRT3
    fw = hex_mm * (columns + 0.5) + 2 * coord              # pointy layout: width of the board box
    fh = s * (1.5 * (rows - 1) + 2) + 2 * coord

    def count(length, window):
        return 1 if length <= window else math.ceil((length - overlap) / (window - overlap))

    portrait = count(fw, paper_w - 2 * margin) * count(fh, paper_h - 2 * margin)
    landscape = count(fw, paper_h - 2 * margin) * count(fh, paper_w - 2 * margin)
    return (portrait, True) if portrait <= landscape else (landscape, False)


# A large board of few hexes (drawing costs by the hex, tiling by the millimetre): 20 x 15 hexes
# of 28 mm, a frame of 588 x 385.8 mm.
BIG = dict(columns=20, rows=15, hex_mm=28.0)


@pytest.mark.parametrize("paper,size", [("A4", (210, 297)), ("A3", (297, 420))])
def test_tiled_pdf_page_count_and_size(tmp_path, paper, size):
    path = write_map(tmp_path, **BIG, cities=[("Lübeck", "B2", [11])])
    out = tmp_path / f"tiles-{paper}.pdf"
    render(path, "-o", out, "--tile", "--paper", paper)
    tiles, portrait = expected_tiles(20, 15, 28.0, *size)
    # By hand: A4 portrait 4 x 2 = 8 tiles (landscape would be 3 x 3); A3 portrait 3 x 1.
    assert tiles == {"A4": 8, "A3": 3}[paper]
    reader = PdfReader(out)
    assert len(reader.pages) == tiles + 1                       # the overview page first
    w, h = (size if portrait else size[::-1])
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w * PT_PER_MM, abs=0.05)
        assert float(page.mediabox.height) == pytest.approx(h * PT_PER_MM, abs=0.05)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert f"tile 1 of {tiles}" in text and f"tile {tiles} of {tiles}" in text
    assert "Lübeck" in text


def test_tiled_overlap_option_changes_the_count(tmp_path):
    path = write_map(tmp_path, **BIG, cities=[("Aš", "B2", [11])])
    out = tmp_path / "t.pdf"
    render(path, "-o", out, "--tile", "--paper", "A4", "--overlap", "60")
    tiles, portrait = expected_tiles(20, 15, 28.0, 210, 297, overlap=60)
    # By hand: portrait windows 186 x 273 mm step 126 x 213: 5 x 2 = 10; landscape 3 x 3 = 9.
    assert (tiles, portrait) == (9, False)
    reader = PdfReader(out)
    assert len(reader.pages) == tiles + 1
    assert float(reader.pages[1].mediabox.width) == pytest.approx(297 * PT_PER_MM, abs=0.05)


def test_untiled_pdf_uses_the_smallest_paper_that_holds_the_board(tmp_path):
    # 20 x 15 hexes of 28 mm: the frame is 588 x 386 mm; A2 landscape leaves only 574 mm of width,
    # so the smallest A size is A1 (landscape, 841 x 594 mm).
    path = write_map(tmp_path, **BIG, cities=[("Aš", "B2", [11])])
    out = tmp_path / "one.pdf"
    render(path, "-o", out)
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((841 * PT_PER_MM, 594 * PT_PER_MM), abs=0.05)
    r = run_here("render", path, "-o", tmp_path / "a4.pdf", "--paper", "A4")
    assert r.returncode == 2 and "does not fit on A4" in r.stderr and "--tile" in r.stderr
    assert not (tmp_path / "a4.pdf").exists()


def test_czech_polish_german_names_survive_into_the_pdf(tmp_path):
    spots = ["B2", "F2", "J2", "B6", "F6", "J6", "F9"]
    cities = [(n, h, [21 + i if i < 6 else 31]) for i, (n, h) in enumerate(zip(NAMES, spots, strict=False))]
    path = write_map(tmp_path, columns=12, rows=10, cities=cities)
    out = tmp_path / "names.pdf"
    render(path, "-o", out)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                          encoding="utf-8").stdout
    words = set(text.split())
    for name in NAMES:
        for word in name.split():
            assert word in words, word
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True).stdout
    assert "DejaVuSans" in fonts


def test_the_same_map_gives_the_same_bytes(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    render(EXAMPLE, "-o", a, "--tile")
    render(EXAMPLE, "-o", b, "--tile")
    assert a.read_bytes() == b.read_bytes()


def test_tiled_png_pages_and_bad_requests(tmp_path):
    out = tmp_path / "p.png"
    r = render(EXAMPLE, "-o", out, "--tile", "--dpi", "20")
    assert sorted(p.name for p in tmp_path.glob("p-*.png")) == ["p-00.png", "p-01.png"]
    (tmp_path / "afile.txt").write_text("x")
    for args, message in (
            (("-o", tmp_path / "x.jpg"), "unknown output format"),
            (("-o", tmp_path / "x.png", "--dpi", "5000"), "--dpi"),
            (("-o", tmp_path / "afile.txt" / "x.pdf"), "is not a folder"),
            (("-o", tmp_path / "x.pdf", "--tile", "--overlap", "150"), "overlap"),
            (("-o", tmp_path / "x.pdf", "--paper", "B5"), "unknown paper")):
        r = run_here("render", EXAMPLE, *args)
        assert r.returncode == 2, args
        assert message in r.stderr and "Traceback" not in r.stderr
    r = run_here("render", tmp_path / "missing.yaml", "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and "missing.yaml" in r.stderr


def test_without_cairosvg_pdf_fails_in_one_line_and_svg_still_works(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "cairosvg", None)        # as if it were not installed
    r = run_here("render", EXAMPLE, "-o", tmp_path / "x.pdf")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "cairosvg" in r.stderr and "pip install" in r.stderr
    assert not (tmp_path / "x.pdf").exists()
    r = run_here("sheets", EXAMPLE, "-o", tmp_path / "sheets")
    assert r.returncode == 2 and "cairosvg" in r.stderr and not (tmp_path / "sheets").exists()
    render(EXAMPLE, "-o", tmp_path / "x.svg")


def test_tile_windows_overlap_and_registration_marks_coincide():
    """On A4 portrait (12 mm margins: windows 186 x 273 mm), neighbouring tiles show board
    windows 186 - 10 = 176 mm apart across and 263 mm apart down; a registration mark printed
    in the overlap strip of two neighbours sits on the same spot of the board on both pages."""
    from mapkit.grid import Grid, Hex
    from mapkit.model import City, Map
    from mapkit.render.boardart import BoardArt
    from mapkit.render.pages import tiled_pages

    m = Map(Grid("pointy", "odd", 40, 30), cities=[City("Aš", Hex(1, 1), (11,))])
    pages, layout = tiled_pages(BoardArt(m), "A4")
    assert (layout.columns, layout.rows) == (4, 2)

    def window_and_marks(page):
        root = ET.fromstring(page.svg)
        clip = root.find(f".//{SVG}clipPath/{SVG}rect")
        win = tuple(float(clip.get(k)) for k in ("x", "y", "width", "height"))
        group = root.find(f".//{SVG}g[@clip-path]/{SVG}g")
        dx, dy = map(float, re.fullmatch(r"translate\(([-0-9.]+),([-0-9.]+)\)", group.get("transform")).groups())
        marks = {(round(float(c.get("cx")) + dx, 3), round(float(c.get("cy")) + dy, 3))
                 for c in root.iter(f"{SVG}circle") if c.get("r") and float(c.get("r")) == 2.2}
        # Only the marks that show through the window (the others are clipped away).
        marks = {(x, y) for x, y in marks if win[0] <= x <= win[0] + win[2] and win[1] <= y <= win[1] + win[3]}
        return win, (dx, dy), marks

    info = [window_and_marks(p) for p in pages[1:]]
    for win, _, _ in info:
        assert win == (12.0, 12.0, 186.0, 273.0)
    # Page origins: the board moves 176 mm left per column and 263 mm up per row.
    (_, o00, m00), (_, o01, m01) = info[0], info[1]
    (_, o10, m10) = info[4]
    assert o00[0] - o01[0] == pytest.approx(176.0) and o00[1] - o10[1] == pytest.approx(263.0)
    # Marks of the strip between tile 1 and tile 2: on tile 1 in its right 10 mm, on tile 2 in
    # its left 10 mm, 176 mm apart on paper = the same board spot.
    right = {p for p in m00 if 12 + 186 - 10 <= p[0] <= 12 + 186}
    left = {p for p in m01 if 12 <= p[0] <= 22}
    assert len(right) == 2 and {(round(x - 176, 3), y) for x, y in right} == left
    below = {p for p in m00 if 12 + 273 - 10 <= p[1] <= 12 + 273}
    above = {p for p in m10 if 12 <= p[1] <= 22}
    assert len(below) == 2 and {(x, round(y - 263, 3)) for x, y in below} == above


# -- hex centre dots, the Expres look, toner-light foreign land ---------------------------------
def centre_dots(root):
    """Board-mm points of the centre dots, by stroke colour (``M x,y h0`` pieces)."""
    group = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "centre-dots")
    return {p.get("stroke"): [tuple(map(float, xy.split(","))) for xy in re.findall(r"M([-0-9.]+,[-0-9.]+) h0",
                                                                                p.get("d"))]
            for p in group.iter(f"{SVG}path")}


def test_every_hex_a_track_may_reach_has_a_centre_dot(tmp_path):
    """Track is drawn from dot to dot (the Expres rules: "od tečky k tečce"). A1 is a city,
    B1..C1 plain, D1 mountain, E1 and F1 foreign, G1 water: with border crossing and a stop on
    the first hex beyond the border only E1 of the foreign hexes is reached; without border
    crossing neither. Dots sit at the hex centres: x = hex_mm * (column + 1/2), y = 14/sqrt(3).
    On the solid dark state (--dark-foreign) E1's dot is white; on the default light tint, ink."""
    art = [". . . ^ # # ~"]
    path = write_map(tmp_path, columns=7, rows=1, art=art, cities=[("Aš", "A1", [11])],
                     extra="rules:\n  border_crossing: true\n  stop_at_border: true\n")
    out = tmp_path / "dots.svg"
    render(path, "-o", out, "--paper", "fit", "--dark-foreign")
    dots = centre_dots(ET.parse(out).getroot())
    y = 14 / SQRT3
    at = [(pytest.approx(14 * (c + 0.5), abs=1e-3), pytest.approx(y, abs=1e-3)) for c in range(7)]
    assert sorted(dots["#1a1a1a"]) == at[1:4]                               # B1 C1 D1
    assert dots["#ffffff"] == [at[4]]                                       # E1, dark
    render(path, "-o", out, "--paper", "fit")
    assert sorted(centre_dots(ET.parse(out).getroot())["#1a1a1a"]) == at[1:5]      # E1 on the light tint
    closed = write_map(tmp_path, name="closed.yaml", columns=7, rows=1, art=art, cities=[("Aš", "A1", [11])])
    render(closed, "-o", out, "--paper", "fit", "--dark-foreign")
    assert list(centre_dots(ET.parse(out).getroot())) == ["#1a1a1a"]      # no foreign dot


def test_no_centre_dot_shows_through_a_name(tmp_path):
    """On the example every plain or mountain hex has a dot at its centre, except city hexes
    and those whose centre a name's box (grown by the dot's clearance) covers."""
    from mapkit.io.yamlmap import load_map
    from mapkit.render.boardart import BoardArt

    m = load_map(EXAMPLE)
    art = BoardArt(m)
    r = art.dot_clearance
    land = [h for h, t in m.terrain.items() if t in ("plain", "mountain") and m.city_at(h) is None]
    boxes = [lab.box for lab in art.labels.values()]

    def covered(h):
        x, y = m.grid.centre_mm(h)
        return any(x0 - r <= x <= x1 + r and y0 - r <= y <= y1 + r for x0, y0, x1, y1 in boxes)

    want = sorted((round(m.grid.centre_mm(h)[0], 3), round(m.grid.centre_mm(h)[1], 3))
                  for h in land if not covered(h))
    assert 0 < len(land) - len(want) < len(land) // 4
    out = tmp_path / "example.svg"
    render(EXAMPLE, "-o", out)
    got = sorted(centre_dots(ET.parse(out).getroot())["#1a1a1a"])
    assert got == want


def test_expres_style_black_states_grey_mountains_thick_black_rivers(tmp_path):
    out = tmp_path / "expres.svg"
    render(EXAMPLE, "-o", out, "--style", "expres", "--dark-foreign")
    root = ET.parse(out).getroot()
    fill = {p.get("class"): p.get("fill") for p in root.iter(f"{SVG}path")
            if (p.get("class") or "").startswith("terrain-")}
    assert fill["terrain-foreign"] == "#000000"
    r, g, b = (int(fill["terrain-mountain"][i:i + 2], 16) for i in (1, 3, 5))
    assert r == g == b and 100 < r < 220                                   # a mid grey
    rivers = next(p for p in root.iter(f"{SVG}path") if p.get("id") == "rivers")
    borders = next(p for p in root.iter(f"{SVG}path") if p.get("id") == "borders")
    assert rivers.get("stroke") == "#000000"
    assert float(rivers.get("stroke-width")) >= 1.5 * float(borders.get("stroke-width"))
    # (a kit in this look: tests/commands/test_sheets.py makes one)


def ink(path) -> float:
    """Mean darkness of a picture, 0 (white paper) to 1 (solid black)."""
    im = Image.open(path).convert("L")
    return 1 - sum(v * k for k, v in enumerate(im.histogram())) / (255 * im.width * im.height)


def test_light_foreign_saves_toner_on_the_czech_tiles(tmp_path):
    """The Czech board on A4 tiles: with --dark-foreign each of the 6 tiles is mostly dark grey
    neighbouring states; in the default light tint each takes at most half the ink (measured
    0.15-0.26 against 0.05-0.10 at 30 dpi). --light-foreign, the tint's flag before it was the
    default, still draws the same tiles: the same pages (SVG, of which the PNGs are drawn) of
    the example's tiles."""
    for kind, extra in (("solid", ["--dark-foreign"]), ("light", [])):
        render(MAPS / "czechia.yaml", "-o", tmp_path / f"{kind}.png", "--tile", "--dpi", "25", *extra)
    solid = [ink(tmp_path / f"solid-{i:02d}.png") for i in range(1, 7)]
    light = [ink(tmp_path / f"light-{i:02d}.png") for i in range(1, 7)]
    assert all(lt <= 0.5 * sd for sd, lt in zip(solid, light, strict=False)), (solid, light)
    assert sum(sd > 0.17 for sd in solid) >= 4                              # mostly dark before
    for kind, extra in (("light", []), ("asked", ["--light-foreign"]), ("solid", ["--dark-foreign"])):
        render(EXAMPLE, "-o", tmp_path / f"example-{kind}.svg", "--tile", *extra)
    pages = {kind: [p.read_bytes() for p in sorted(tmp_path.glob(f"example-{kind}-*.svg"))]
             for kind in ("light", "asked", "solid")}
    assert len(pages["light"]) == 2 and pages["asked"] == pages["light"] != pages["solid"]    # overview, tile


def test_a_name_on_colour_or_a_line_has_a_white_backing_on_the_board_and_on_each_tile():
    """The names that lie on a coloured hex (not plain, not a city's) or on a river, border or
    ridge get a white backing, the others none: on the one-page board and on every tile page
    (each page drawn from the one placing of the names), as the map's geometry says."""
    from shapely.geometry import MultiLineString, box

    from mapkit.io.yamlmap import load_map
    from mapkit.render.boardart import BoardArt
    from mapkit.render.pages import board_page, tiled_pages

    m = load_map(EXAMPLE)
    art = BoardArt(m)
    g = m.grid
    coloured = [g.polygon(h) for h in g.hexes() if m.terrain[h] not in ("plain", "off") and m.city_at(h) is None]
    lines = MultiLineString([g.edge_segment_mm(e) for kind in ("rivers", "borders", "ridges")
                             for e in m.edge_set(kind)])
    want = {name for name, lab in art.labels.items()
            if box(*lab.box).intersects(lines) or any(box(*lab.box).intersects(p) for p in coloured)}
    assert 0 < len(want) < len(m.cities)

    def backed(page):
        names = next(el for el in ET.fromstring(page.svg).iter(f"{SVG}g") if el.get("id") == "names")
        out, shown, kids = set(), set(), list(names)
        for i, el in enumerate(kids):
            if el.tag == f"{SVG}text":
                name = "".join(el.itertext()).replace(" ", "")
                shown.add(name)
                if i and kids[i - 1].tag == f"{SVG}rect":
                    out.add(name)
        return out, shown

    squeezed = {name.replace(" ", ""): name for name in art.labels}
    pages = [board_page(art), *tiled_pages(art, "A4")[0]]
    assert len(pages) == 3                                  # the board, the overview, a tile
    for page in pages:
        got, shown = backed(page)
        assert {squeezed[n] for n in got} == want & {squeezed[n] for n in shown}
