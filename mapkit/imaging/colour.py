"""Colours: sRGB <-> linear RGB (where light mixes) <-> CIELAB (where distances match the
eye), and the legend.

>>> lab = srgb_to_lab(np.array([[255, 255, 255], [0, 0, 0], [255, 0, 0]], dtype=np.uint8))
>>> np.round(lab).astype(int).tolist()
[[100, 0, 0], [0, 0, 0], [53, 80, 67]]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError

__all__ = ["srgb_to_linear", "linear_to_lab", "lab_to_linear", "srgb_to_lab", "parse_colour",
           "Legend", "DEFAULT_LEGEND", "LEGEND_KEYS", "TERRAIN_KEYS", "STROKE_KEYS", "LUMA",
           "load_legend", "legend_from_mapping"]

# The Dampfross look, the palette of mapkit's own renderer.
DEFAULT_COLOURS = {
    "plain": "#ffffff",
    "mountain": "#c9935a",
    "water": "#9cc9ec",
    "foreign": "#5b5b5b",
    "river": "#1565c0",
    "border": "#d32020",
    "city": "#d32020",
    "ferry": "#0d47a1",
    "grid": "#000000",
}
TERRAIN_KEYS = ("plain", "mountain", "water", "foreign")
STROKE_KEYS = ("river", "border", "ridge")
# Optional: ``ridge`` (read only when a legend names its colour), ``grid`` (the outlines) and
# ``ferry`` (dashed lines from a port to a hex; mapkit's own colour unless given).
LEGEND_KEYS = (*TERRAIN_KEYS, "river", "border", "city", "ridge", "grid", "ferry")
# Linear RGB -> relative luminance (Rec. 709 primaries, as sRGB).
LUMA = np.array([0.2126, 0.7152, 0.0722])

# D65 white and the sRGB -> XYZ matrix (IEC 61966-2-1).
_M_RGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                          [0.2126729, 0.7151522, 0.0721750],
                          [0.0193339, 0.1191920, 0.9503041]])
_WHITE = _M_RGB_TO_XYZ.sum(axis=1)
_EPSILON, _KAPPA = 216 / 24389, 24389 / 27     # CIELAB's linear segment near black


def srgb_to_linear(rgb) -> np.ndarray:
    """sRGB values (uint8 0..255, or floats 0..1) -> linear light 0..1 (float32)."""
    a = np.asarray(rgb)
    x = a.astype(np.float32) / 255.0 if a.dtype == np.uint8 else a.astype(np.float32)
    return np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4).astype(np.float32)


def linear_to_lab(lin) -> np.ndarray:
    """Linear RGB (..., 3) -> CIELAB (..., 3) under D65."""
    x = np.asarray(lin, dtype=np.float64)
    xyz = x @ _M_RGB_TO_XYZ.T / _WHITE
    f = np.where(xyz > _EPSILON, np.cbrt(np.maximum(xyz, 0)), (_KAPPA * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16,                 # L
                     500 * (f[..., 0] - f[..., 1]),         # a
                     200 * (f[..., 1] - f[..., 2])], axis=-1)   # b


def lab_to_linear(lab):
    """One CIELAB colour -> linear RGB (the inverse of :func:`linear_to_lab`), clipped to 0..1.

    >>> [round(float(v), 3) for v in lab_to_linear(linear_to_lab(np.array([0.2, 0.5, 0.7])))]
    [0.2, 0.5, 0.7]
    """
    L, a, b = lab
    fy = (L + 16) / 116
    fx = fy + a / 500
    fz = fy - b / 200
    xyz = np.array([f ** 3 if f ** 3 > _EPSILON else (116 * f - 16) / _KAPPA for f in (fx, fy, fz)]) * _WHITE
    return np.clip(np.linalg.solve(_M_RGB_TO_XYZ, xyz), 0, 1)


def srgb_to_lab(rgb) -> np.ndarray:
    """sRGB (uint8 or 0..1 floats, shape (..., 3)) -> CIELAB."""
    return linear_to_lab(srgb_to_linear(rgb))


def parse_colour(text) -> tuple[int, int, int]:
    """``"#rrggbb"`` (``"#rgb"``, a CSS name, ``[r, g, b]``) -> ``(r, g, b)``; else ValueError.

    >>> parse_colour("#F00")
    (255, 0, 0)
    >>> parse_colour("steelblue"), parse_colour([0, 128, 255])
    ((70, 130, 180), (0, 128, 255))
    """
    if isinstance(text, (list, tuple)) and len(text) == 3 and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in text):
        return tuple(text)
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a colour")
    t = text.strip()
    if t and not t.startswith("#") and t.isalpha():
        from PIL import ImageColor

        try:
            return ImageColor.getrgb(t.lower())[:3]
        except ValueError:
            raise ValueError(f"{text!r} is not a colour (expected \"#rrggbb\")") from None
    t = t.removeprefix("#")
    if len(t) == 3:
        t = "".join(ch * 2 for ch in t)
    if len(t) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in t):
        raise ValueError(f"{text!r} is not a colour (expected \"#rrggbb\")")
    return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)


@dataclass(frozen=True)
class Legend:
    """What each colour of the board means: key -> sRGB triple (keys of :data:`LEGEND_KEYS`)."""

    colours: dict = field(default_factory=dict)
    ignored: tuple = ()     # keys of the legend file that mean nothing here (paper, text...)
    name: str = ""          # a look's name (mapkit.imaging.legends) or the legend file's

    def linear(self, key: str) -> np.ndarray:
        return srgb_to_linear(np.array(self.colours[key], dtype=np.uint8))

    def strokes(self) -> list[str]:
        """The edge features this legend can read (``ridge`` only when given)."""
        return [k for k in STROKE_KEYS if k in self.colours]


def legend_from_mapping(data, source: str = "<legend>") -> Legend:
    """A legend from ``{key: "#rrggbb"}`` (missing keys: Dampfross colours; keys it does not read
    kept in ``ignored`` for a warning).

    >>> legend_from_mapping({"water": "#0000ff"}).colours["water"]
    (0, 0, 255)
    >>> legend_from_mapping({"paper": "#fffff0", "river": "#0000ff"}).ignored
    ('paper',)
    >>> legend_from_mapping({"river": "#00f0"})
    Traceback (most recent call last):
    ...
    mapkit.errors.InputError: <legend>: river: '#00f0' is not a colour (expected "#rrggbb")
    """
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError(f"{source}: a legend is a mapping of names to \"#rrggbb\" colours")
    colours = {k: parse_colour(v) for k, v in DEFAULT_COLOURS.items()}
    ignored = []
    for key, value in data.items():
        if key not in LEGEND_KEYS:
            ignored.append(str(key))
            continue
        if value is None:
            # An unquoted #rrggbb is a YAML comment: the value arrives empty.
            raise InputError(f"{source}: {key}: no colour (quote it: {key}: \"#rrggbb\")")
        try:
            colours[key] = parse_colour(value)
        except ValueError as exc:
            raise InputError(f"{source}: {key}: {exc}") from None
    return Legend(colours, tuple(ignored))


def load_legend(path) -> Legend:
    """Read a legend file (YAML mapping); one-line :class:`InputError` on any problem."""
    import yaml

    from ..fileio import read_text
    text = read_text(path, limit=1024 * 1024)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise InputError(f"{where}: malformed YAML in the legend") from None
    return legend_from_mapping(data, str(path))


DEFAULT_LEGEND = legend_from_mapping({})
