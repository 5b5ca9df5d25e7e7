"""What a scanner or a phone camera does to a board picture: paper tint, a light gradient,
rotation, blur, noise and JPEG compression; for a phone, a slant (keystone) over a table, and
a shadow over part of the sheet.

>>> from PIL import Image
>>> img = Image.new("RGB", (60, 40), "white")
>>> degrade(img, Degradation(blur=1.0, noise=2.0, jpeg=80, seed=3)).size
(60, 40)
>>> a, b = (degrade(img, random_degradation(3)).tobytes() for _ in range(2))
>>> a == b                  # the same seed, the same damage
True
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass, replace

import numpy as np

__all__ = ["Degradation", "random_degradation", "random_photo", "random_shadow", "degrade"]


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
    for (x, y), (X, Y) in zip(dst, src, strict=False):
        A.append([x, y, 1, 0, 0, 0, -X * x, -X * y])
        b.append(X)
        A.append([0, 0, 0, x, y, 1, -Y * x, -Y * y])
        b.append(Y)
    coeffs = np.linalg.solve(np.array(A, dtype=float), np.array(b, dtype=float))
    return img.transform((w, h), Image.Transform.PERSPECTIVE, tuple(float(c) for c in coeffs),
                         Image.Resampling.BICUBIC, fillcolor=fill)


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
        out = out.rotate(deg.rotation, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=bg)
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
