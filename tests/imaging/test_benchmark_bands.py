"""The image-import benchmark's breakdown of the targets' boards by pixels per hex
(``benchmarks/image_import.py``): each board's scores land in the band of its size."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import image_import as bench  # noqa: E402


@pytest.mark.parametrize("hex_px, band", [(20.0, "20-25 px"), (24.99, "20-25 px"),
                                          (25.0, "25-30 px"), (33.3, "30-35 px"),
                                          (40.0, "35-40 px")])
def test_size_band_edges(hex_px, band):
    assert bench.size_band(hex_px) == band


def test_run_group_sums_each_board_under_its_band(tmp_path):
    # A small board in the shape drawer_boards gives (truth, picture, legend, pixels per hex),
    # not one of its boards up to 30 x 24 hexes: the sums are what is checked.
    from mapkit import testing as syn

    m = syn.random_map(7, 9, 7, "pointy", "odd")
    img, _legend = syn.draw_board(m, 26.0, syn.dampfross_style())
    img.save(tmp_path / "board.png")
    boards = [(m, tmp_path / "board.png", None, 26.0)]
    bands: dict = {}
    total, _secs = bench.run_group("drawer", boards, hints=True, verbose=False, bands=bands)
    assert list(bands) == [bench.size_band(boards[0][3])]
    assert bands[bench.size_band(boards[0][3])] == total
    assert total["boards"] == 1
