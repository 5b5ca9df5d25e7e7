"""City rings drawn unlike mapkit's own: the two cases that once failed on the benchmark
(``benchmarks/image_import.py --seed 3``), on smaller boards. Each board is drawn by the
independent test drawer, damaged like a scan, imported with grid hints and without OCR, and
its cities compared hex by hex with the map it was drawn from.
"""

from __future__ import annotations


from mapkit import testing as syn
from mapkit.imaging.importer import ImportOptions, import_map


def _import(tmp_path, m, hex_px, style, damage_seed):
    img, legend = syn.draw_board(m, hex_px, style)
    img = syn.degrade(img, syn.random_degradation(damage_seed))
    path = tmp_path / "board.png"
    img.save(path)
    legend_path = None
    if legend != {k: syn.DAMPFROSS[k] for k in legend}:
        legend_path = tmp_path / "legend.yaml"
        legend_path.write_text("".join(f'{k}: "{v}"\n' for k, v in legend.items()),
                               encoding="utf-8")
    g = m.grid
    got, _ = import_map(str(path), ImportOptions(orientation=g.orientation, offset=g.offset,
                                                 columns=g.columns, rows=g.rows, hex_px=hex_px,
                                             legend=str(legend_path) if legend_path else None,
                                             ocr=False))
    return {c.hex for c in m.cities}, {c.hex for c in got.cities}, got


def test_wide_hexagon_rings_leave_mountains_alone(tmp_path):
    # Dampfross colours, hexagonal rings reaching 0.43 of the hex spacing out (the hex's
    # sides are at 0.5), 34 px a hex. The rings' red once crept into the printed mountain
    # colour and every mountain hex read as a city.
    m = syn.random_map(3000, 12, 11, "pointy", "even", cities=22)
    style = syn.dampfross_style(ring="hexagon", ring_r=0.40, ring_w=0.066, margin=0.8)
    truth, found, got = _import(tmp_path, m, 34.4, style, 3000)
    assert sum(1 for t in m.terrain.values() if t == "mountain") >= 10   # the case is there
    assert found - truth == set()
    assert truth - found == set()
    assert all(got.terrain[h] == m.terrain[h] for h in truth)


def test_thin_magenta_rings_at_21_px(tmp_path):
    # Colours only a legend explains: a magenta city colour (the border's too) on cream
    # paper, thin circles, 21 px a hex. The rings tinted the small hexes lavender, they read
    # as water, and every city was lost.
    m = syn.random_map(3010, 20, 14, "flat", "even", cities=36)
    style = syn.random_style(3010)
    assert style.colours["city"] == "#c0027b" and style.ring == "circle"   # the case is there
    truth, found, got = _import(tmp_path, m, 21.1, style, 3010)
    assert truth - found == set()
    assert found - truth == set()
    assert all(got.terrain[h] == m.terrain[h] for h in truth)
