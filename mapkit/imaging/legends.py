"""The legends of mapkit's own looks, and which of them a picture fits (:func:`choose_legend`).

``mapkit render`` draws a board in one of three styles (:mod:`mapkit.render.style`): the
Dampfross colours, ``mono`` for black-and-white printers and ``expres``, the look of the real
Expres boards (grey mountains, black neighbouring states, rivers as thick black lines). A
picture read with another look's colours loses whatever that look draws differently (read
with the Dampfross colours, an Expres board's 62 grey mountains came out plain and its black
rivers were not seen), so without ``--legend`` the importer reads the terrain with each look
in colour and keeps the look whose terrain colours explain the most hexes (each hex's fill,
out of the light fitted with that legend, within ``FIT_LAB`` of one of them). Hexes, not
pixels, decide: a shadow over a Dampfross board makes its paper as grey as Expres mountains,
which the Dampfross reading's shade model explains and a count of grey pixels does not; and
Expres' black land is the colour of the ink every look prints its lines in.

Each look comes in two tints of the neighbouring states: its own (``colour``, ``expres``:
dark grey, black) and the toner-light tint ``mapkit render`` and ``mapkit sheets`` print by
default (``colour-light``, ``expres-light``, ``mono-light``: :func:`mapkit.render.style.light_foreign`).
The light tint is as near the paper as a shadow, so the tint is told apart second: of the
look chosen, its light variant wins when it explains no fewer hexes (``FIT_BETTER``) and its
hexes lie, on average, under ``TINT_BETTER`` of the distance from their nearest terrain colour
that the dark variant leaves (a light state read with the dark legend is paper a little too
grey; a picture without neighbouring states fits both alike and keeps the look's own tint).

The fit of the picture as a whole is measured on pixels: of the board's flat pixels (not at
an edge nor in writing, which mix two colours), out of the light, the share within
``FIT_LAB`` of a colour of the legend. Under ``FIT_POOR`` the picture is of a look mapkit does
not know (a board printed in other colours), and the import warns with the share, so that
the user knows a ``--legend`` file is wanted. A picture without colour is read as mono
(:mod:`mapkit.imaging.mono`) before any of this.

>>> sorted(STYLE_LEGENDS)
['colour', 'colour-light', 'expres', 'expres-light', 'mono', 'mono-light']
>>> STYLE_LEGENDS["expres"].colours["mountain"], STYLE_LEGENDS["expres"].colours["foreign"]
((169, 169, 169), (0, 0, 0))
>>> STYLE_LEGENDS["expres-light"].colours["foreign"]
(230, 230, 230)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from . import params as P
from .colour import (LEGEND_KEYS, TERRAIN_KEYS, Legend, legend_from_mapping, linear_to_lab, load_legend,
                     srgb_to_linear)
from .sampling import apply_affine, disc_pattern

__all__ = ["STYLE_LEGENDS", "COLOUR_LOOKS", "LegendChoice", "choose_legend", "given_legend", "legend_of_style",
           "hex_share", "hex_error", "flat_pixels", "pixel_share", "light_variant"]


def legend_of_style(style) -> Legend:
    """The legend of a render style: its fills, stroke and city colours, named as the style."""
    colours = {**style.terrain, "river": style.river_colour, "border": style.border_colour,
               "ridge": style.ridge_colour, "city": style.city_colour, "ferry": style.ferry_colour,
               "grid": style.grid_colour}
    base = legend_from_mapping(colours, f"<{style.name}>")
    return Legend(base.colours, name=style.name)


def _style_legends() -> dict:
    from ..render.style import STYLES, light_foreign
    looks = [style for s in STYLES.values() for style in (s, light_foreign(s))]
    return {style.name: legend_of_style(style) for style in looks}


STYLE_LEGENDS = _style_legends()
# The looks a picture in colour is measured against (each then against its light variant):
# the mono look has no colour (its grey foreign land is as light as Expres mountains); a
# picture without colour is read as mono.
COLOUR_LOOKS = ("colour", "expres")


def light_variant(name: str) -> str:
    """The name of look ``name`` with neighbouring states in the toner-light tint.

    >>> light_variant("expres"), light_variant("mono-light")
    ('expres-light', 'mono-light')
    """
    return name if name.endswith("-light") else f"{name}-light"


@dataclass
class LegendChoice:
    """The legend a picture is read with, how it was chosen, the looks' fits, the notes."""

    legend: Legend
    land: object = None                           # the TerrainReading made with it
    # legend name -> share of flat pixels explained: the legend's (and every look's where it
    # explains too little: :func:`_poor_fit`)
    fits: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)

    @property
    def mono(self) -> bool:
        """Whether the picture is read as a board without colour (mapkit's mono look)."""
        return self.legend.name == "mono"


def _board_points(fit) -> np.ndarray:
    """Picture points (n, 2) on a lattice over the board's hexes, about ``FIT_SAMPLES``."""
    grid = fit.grid
    centres = np.array([grid.centre_mm(h) for h in grid.hexes()])
    n = max(2, int(np.sqrt(P.FIT_SAMPLES / max(len(centres), 1))))
    pattern = disc_pattern(P.FIT_RADIUS, min(n, int(fit.hex_px)))
    return apply_affine(fit.affine, (centres[:, None, :] + pattern[None]).reshape(-1, 2))


def _flat(rgb: np.ndarray, pts: np.ndarray):
    """The pixels at ``pts`` whose neighbours ``FIT_STEP`` pixels right and down have their
    colour (within ``FIT_FLAT``; a mix at an edge or in writing is no colour of a legend):
    their (x, y) and colours."""
    h, w = rgb.shape[:2]
    s = P.FIT_STEP
    x = np.clip(np.round(pts[:, 0]).astype(np.intp), 0, w - 1 - s)
    y = np.clip(np.round(pts[:, 1]).astype(np.intp), 0, h - 1 - s)
    here = rgb[y, x].astype(np.int16)
    flat = ((np.abs(here - rgb[y, x + s]).max(axis=-1) <= P.FIT_FLAT)
            & (np.abs(here - rgb[y + s, x]).max(axis=-1) <= P.FIT_FLAT))
    return x[flat], y[flat], rgb[y[flat], x[flat]]


def flat_pixels(rgb: np.ndarray, fit):
    """The board's flat pixels (:func:`_flat` on a lattice over its hexes): their (x, y) and
    colours, for :func:`pixel_share` (the same whatever the legend)."""
    return _flat(rgb, _board_points(fit))


def pixel_share(flat, land, legend: Legend) -> float:
    """The share of the board's flat pixels (:func:`flat_pixels`), out of the light
    ``land.light`` of the terrain read with ``legend``, within ``FIT_LAB`` of one of the
    legend's colours."""
    x, y, px = flat
    if not len(px):
        return 0.0
    lin = np.clip(srgb_to_linear(px) * land.light.gains(x.astype(float), y.astype(float)), 0.0, 1.0)
    keys = [k for k in LEGEND_KEYS if k in legend.colours]
    cents = linear_to_lab(np.array([legend.linear(k) for k in keys]))
    d = np.linalg.norm(linear_to_lab(lin)[:, None, :] - cents[None, :, :], axis=-1).min(axis=1)
    return float(np.mean(d < P.FIT_LAB))


def hex_share(land, legend: Legend) -> float:
    """The share of hexes whose fill, out of the light, lies within ``FIT_LAB`` of one of the
    legend's terrain colours (as given: the colours the reading measures on the board may
    move far from them)."""
    return float(np.mean(_terrain_distances(land, legend) < P.FIT_LAB))


def hex_error(land, legend: Legend) -> float:
    """The mean distance (CIELAB, lightness weighted as the reading weighs it) from each hex's
    fill, out of the light, to the nearest of the legend's terrain colours (as given)."""
    return float(np.mean(_terrain_distances(land, legend)))


def _terrain_distances(land, legend: Legend) -> np.ndarray:
    labs = linear_to_lab(np.array(list(land.fills.values())))
    cents = linear_to_lab(np.array([legend.linear(k) for k in TERRAIN_KEYS]))
    d = labs[:, None, :] - cents[None, :, :]
    d[..., 0] *= P.LIGHTNESS_WEIGHT
    return np.sqrt((d * d).sum(-1)).min(axis=1)


def given_legend(given: str | None) -> Legend | None:
    """The legend ``--legend`` gives: a look's name (when no file has that name) or a file,
    read at once (a bad legend file is said before the picture is read); None: none given."""
    if not given:
        return None
    if given in STYLE_LEGENDS and not Path(given).exists():
        return STYLE_LEGENDS[given]
    legend = load_legend(given)
    return Legend(legend.colours, legend.ignored, name=str(given))


def choose_legend(rgb: np.ndarray, fit, forced: Legend | None, path: str = "") -> LegendChoice:
    """The legend to read the board ``fit`` found in ``rgb`` with, and its terrain reading:
    ``forced`` (from :func:`given_legend`) wins; else the look in colour whose terrain colours
    explain the most hexes (the Dampfross colours unless another explains ``FIT_BETTER``
    more of them), then its own tint of the neighbouring states or the light one
    (:func:`_tint`)."""
    from .terrain import hex_fills, read_terrain
    grid = fit.grid
    fills = hex_fills(rgb, fit.affine, fit.hex_px, np.array([grid.centre_mm(h) for h in grid.hexes()]))
    candidates = {forced.name: forced} if forced is not None else {k: STYLE_LEGENDS[k] for k in COLOUR_LOOKS}
    lands = {k: read_terrain(rgb, fit, legend, fills) for k, legend in candidates.items()}
    hexes = {k: hex_share(lands[k], legend) for k, legend in candidates.items()}
    best = next(iter(candidates))
    for name, share in hexes.items():
        if share >= hexes[best] + P.FIT_BETTER:
            best = name
    if forced is None:
        light = light_variant(best)
        candidates[light] = STYLE_LEGENDS[light]
        lands[light] = read_terrain(rgb, fit, candidates[light], fills)
        hexes[light] = hex_share(lands[light], candidates[light])
        best = _tint(best, light, hexes, {k: hex_error(lands[k], candidates[k]) for k in (best, light)})
    flat = flat_pixels(rgb, fit)
    pixels = {best: pixel_share(flat, lands[best], candidates[best])}
    if pixels[best] < P.FIT_POOR:
        # (no look explains the picture well: each one's share, for the warning)
        pixels = {k: pixels[k] if k == best else pixel_share(flat, lands[k], legend)
                  for k, legend in candidates.items()}
    notes = _poor_fit(pixels, path, forced=forced is not None)
    if best != "colour" and forced is None:
        notes.append(f"{path}: read with the legend {best!r} (mapkit's {_look_words(best)}: its "
                     f"colours explain {100 * hexes[best]:.0f} % of the hexes, the Dampfross colours "
                     f"{100 * hexes['colour']:.0f} %; --legend colour reads it with those)")
    return LegendChoice(candidates[best], lands[best], pixels, notes)


def _tint(dark: str, light: str, hexes: dict, errors: dict) -> str:
    """Of a look (``dark``) and its light variant, the one the picture's hexes fit: the light
    one when it explains as many hexes (within ``FIT_BETTER``) and leaves them nearer their
    colours by ``TINT_BETTER`` (its mean distance under that share of the dark's).

    >>> _tint("colour", "colour-light", {"colour": 1.0, "colour-light": 1.0},
    ...       {"colour": 1.2, "colour-light": 0.01})
    'colour-light'
    >>> _tint("colour", "colour-light", {"colour": 0.98, "colour-light": 0.83},
    ...       {"colour": 3.6, "colour-light": 0.5})
    'colour'
    """
    if hexes[light] + P.FIT_BETTER >= hexes[dark] and errors[light] < P.TINT_BETTER * errors[dark]:
        return light
    return dark


def _look_words(name: str) -> str:
    """How a note names look ``name``: "expres look", "colour look with light neighbouring states"."""
    base = name.removesuffix("-light")
    return f"{base} look" + (" with neighbouring states in the light tint" if name != base else "")


def _poor_fit(fits: dict, path: str, forced: bool) -> list:
    """The warning when no legend explains the picture well (``FIT_POOR``)."""
    best = max(fits.values(), default=0.0)
    if best >= P.FIT_POOR:
        return []
    shares = ", ".join(f"{k} {100 * v:.0f} %" for k, v in fits.items())
    what = "the legend given" if forced else "no legend of mapkit's looks"
    return [f"{path}: warning: {100 * (1 - best):.0f} % of the picture's plain colours match "
            f"{what} ({shares} explained): terrain and lines may be misread; give the "
            "board's colours with --legend FILE"]
