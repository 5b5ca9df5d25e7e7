"""The maps that ship inside mapkit, by name: wherever a command takes a MAP, ``czechia`` will do.

The files are ``mapkit/maps/*.yaml`` (the repository's ``maps/`` is a link to them), installed
with the package, so ``mapkit sheets czechia -o kit`` works from any folder. A path that names
a file always wins over a bundled map of the same name.

>>> "czechia" in names()
True
>>> locate("Czechia").name, locate("czechia.yaml").name
('czechia.yaml', 'czechia.yaml')
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import InputError

__all__ = ["FOLDER", "names", "path_of", "locate"]

FOLDER = Path(__file__).resolve().parent / "maps"


def names() -> list[str]:
    """The bundled maps' names (file names without ``.yaml``), sorted."""
    return sorted(p.stem for p in FOLDER.glob("*.yaml"))


def path_of(name: str) -> Path | None:
    """The file of the bundled map ``name`` (``czechia`` or ``czechia.yaml``, any case), or None."""
    stem = name[:-5] if name.lower().endswith(".yaml") else name
    if not stem or os.sep in stem or "/" in stem or stem.startswith("."):
        return None
    p = FOLDER / f"{stem.lower()}.yaml"
    try:
        return p if p.is_file() else None
    except OSError:         # a name the file system cannot hold (too long) names no bundled map
        return None


def locate(arg) -> Path:
    """The file a MAP argument means: the path itself when something is there, else the bundled
    map of that name. A bare name that is neither is a one-line error listing the bundled maps."""
    p = Path(arg)
    if os.path.lexists(p):
        return p
    text = str(arg)
    found = path_of(text)
    if found is not None:
        return found
    if "/" not in text and os.sep not in text and not p.suffix:
        raise InputError(f"{text}: no such file, and no bundled map of that name "
                         f"(bundled: {', '.join(names())})")
    return p
