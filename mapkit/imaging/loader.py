"""Opening a picture of a board safely: PNG, JPEG, TIFF -> an RGB ``uint8`` array; every
failure (a decompression bomb too) an :class:`~mapkit.errors.InputError` naming the file.

>>> import io, tempfile, os
>>> from PIL import Image
>>> d = tempfile.mkdtemp(); p = os.path.join(d, "a.png")
>>> Image.new("RGB", (60, 40), "white").save(p)
>>> load_image(p).shape
(40, 60, 3)
"""

from __future__ import annotations

import io
import warnings

import numpy as np

from ..errors import InputError

from . import params as P

__all__ = ["load_image"]


def load_image(path) -> np.ndarray:
    """The picture at ``path`` as ``(height, width, 3)`` uint8 RGB: EXIF orientation applied,
    transparency on white, 16-bit and float TIFFs scaled to 8 bits."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    from ..fileio import read_bytes
    data = read_bytes(path, limit=P.MAX_FILE_BYTES)
    name = str(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            img: Image.Image = Image.open(io.BytesIO(data))
            _check_size(img, name)      # from the header, before the pixels take memory
            img.load()
            if getattr(img, "n_frames", 1) > 1:
                img.seek(0)
            img = ImageOps.exif_transpose(img)
            arr = _to_rgb(img)
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise InputError(f"{name}: image too large (over {Image.MAX_IMAGE_PIXELS} pixels); "
                             "refusing a possible decompression bomb") from None
        except UnidentifiedImageError:
            raise InputError(f"{name}: not an image Pillow can read (expected PNG, JPEG or TIFF)") \
                from None
        except (OSError, ValueError, SyntaxError, EOFError) as exc:
            what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(f"{name}: corrupt or truncated image ({what})") from None
        except MemoryError:
            raise InputError(f"{name}: not enough memory to open the image") from None
    h, w = arr.shape[:2]
    if min(h, w) < P.MIN_SIDE:
        raise InputError(f"{name}: image of {w} x {h} pixels is too small to hold a hex grid")
    return arr


def _check_size(img, name: str) -> None:
    """Refuse a picture of more than ``MAX_PIXELS`` pixels before it is decoded: a small file
    can hold a huge blank picture, and decoding it would take gigabytes."""
    w, h = img.size
    if w * h > P.MAX_PIXELS:
        raise InputError(f"{name}: image of {w} x {h} pixels is larger than the {P.MAX_PIXELS // 1_000_000} million "
                         "pixels this reader takes; scan the board at 150 to 300 dpi")


def _to_rgb(img) -> np.ndarray:
    mode = img.mode
    if mode in ("I;16", "I;16B", "I;16L", "I;16N", "I", "F"):
        a = np.asarray(img, dtype=np.float64)
        lo, hi = float(np.min(a)), float(np.max(a))
        scale = 255.0 / (hi - lo) if hi > lo else 0.0
        g = np.clip((a - lo) * scale, 0, 255).astype(np.uint8)
        return np.repeat(g[:, :, None], 3, axis=2)
    if mode in ("RGBA", "LA", "PA") or (mode == "P" and "transparency" in img.info):
        from PIL import Image

        rgba = img.convert("RGBA")
        img = Image.alpha_composite(Image.new("RGBA", rgba.size, (255, 255, 255, 255)), rgba)
    return np.ascontiguousarray(np.asarray(img.convert("RGB"), dtype=np.uint8))
