"""Reading inputs safely and writing outputs atomically.

Outputs go to a temporary file in the target's folder and are renamed into place, so a
crash never leaves a half-written file, and no command writes over one of its inputs.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import InputError

__all__ = ["read_bytes", "read_text", "atomic_write", "check_output_path", "MAX_INPUT_BYTES"]

# A map file is a few hundred kilobytes at most; anything far larger is not one.
MAX_INPUT_BYTES = 64 * 1024 * 1024


def read_bytes(path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of ``path``, with one-line errors for a missing file, a folder, a huge file."""
    p = Path(path)
    try:
        if p.is_dir():
            raise InputError(f"{p}: is a directory, not a file")
        size = p.stat().st_size
        if size > limit:
            raise InputError(f"{p}: {size} bytes is too large (limit {limit})")
        return p.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except PermissionError:
        raise InputError(f"{p}: permission denied") from None
    except IsADirectoryError:
        raise InputError(f"{p}: is a directory, not a file") from None
    except OSError as exc:
        raise InputError(f"{p}: cannot read ({exc.strerror or exc})") from None


def read_text(path, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of ``path`` (a byte-order mark is dropped)."""
    data = read_bytes(path, limit)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: not UTF-8 text (byte {exc.start})") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError(f"{path}:{line}: binary data (NUL byte), not a text file")
    return text


def check_output_path(path, inputs=()) -> Path:
    """Refuse to write over an input, or into a folder that does not exist."""
    out = Path(path)
    for inp in inputs:
        try:
            if inp is not None and Path(inp).exists() and out.exists() and os.path.samefile(out, inp):
                raise InputError(f"{out}: refusing to overwrite the input file")
        except OSError:
            pass
    if out.is_dir():
        raise InputError(f"{out}: is a directory; give a file name")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"{out}: folder {parent} does not exist")
    return out


def atomic_write(path, data, inputs=()) -> Path:
    """Write ``data`` (str as UTF-8, or bytes) to ``path`` through a temporary file and rename."""
    out = check_output_path(path, inputs)
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        # mkstemp makes the file private (0600); give it the permissions of a normal new file.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, out)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return out
