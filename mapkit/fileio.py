"""Reading inputs safely and writing outputs atomically.

Inputs are read through one bounded reader: a regular file only (a device such as
``/dev/zero``, a named pipe or a socket is refused before a byte is read), at most ``limit``
bytes whatever the file claims to hold. JSON goes through :func:`parse_json`, bounded in
depth and in the digits of a number, refusing lone surrogates, with one-line errors.

Outputs go to a temporary file in the target's folder (created when missing) and are renamed
into place, so a crash never leaves a half-written file, and no command writes over one of
its inputs. A temporary name carries the writer's process id (``.NAME.PID-XXXX.tmp``): the
next write beside it removes what a killed run left behind, never a running writer's file.
A folder of outputs (a printable kit) is made whole in a temporary folder and swapped in by
:func:`mapkit.atomicfolder.atomic_folder`. Every failure of the operating system is one line
naming the path.

>>> import tempfile, os
>>> d = tempfile.mkdtemp()
>>> p = atomic_write(os.path.join(d, "new", "a.txt"), "Plzeň\\n")
>>> read_text(p)
'Plzeň\\n'
>>> parse_json(b'{"a": [1, 2.5, "x"]}', "a.json")
{'a': [1, 2.5, 'x']}
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path
from collections.abc import Iterator

from .errors import InputError

__all__ = ["read_bytes", "read_text", "parse_json", "read_json", "json_lines", "atomic_write", "check_output_path",
           "make_folder", "clean_leftovers", "temp_prefix", "sync_folder", "os_error", "MAX_INPUT_BYTES",
           "MAX_JSON_DEPTH", "MAX_NUMBER_DIGITS"]

# A map file is a few hundred kilobytes (a 1000 x 1000 board about 2 MB); anything far larger is
# not one.
MAX_INPUT_BYTES = 64 * 1024 * 1024
# JSON that mapkit reads (records, archive members, Tiled maps) nests a few levels; a number has
# at most a few dozen digits. Python's own limits (recursion, 4,300 digits) give tracebacks.
MAX_JSON_DEPTH = 100
MAX_NUMBER_DIGITS = 100
_CHUNK = 1024 * 1024
_SURROGATE = re.compile("[\ud800-\udfff]")
# What the operating system's refusals mean to a user, where its own words are obscure.
_PLAIN = {errno.EXDEV: "the temporary file and the target are on different file systems",
          errno.ENAMETOOLONG: "the name is too long for the file system",
          errno.EROFS: "the file system is read-only",
          errno.ENOSPC: "no space left on the device",
          errno.ENOTDIR: "a part of the path is a file, not a folder"}


def os_error(exc: OSError, path, action: str) -> InputError:
    """A one-line :class:`InputError` for an operating-system failure: ``PATH: cannot ACTION (why)``."""
    why = _PLAIN.get(exc.errno or 0) or exc.strerror or type(exc).__name__
    return InputError(f"{path}: cannot {action} ({why})")


# -- reading -----------------------------------------------------------------------------------

def read_bytes(path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the regular file ``path``: at most ``limit``, with one-line errors.

    The file is opened without blocking (a named pipe with no writer would wait forever) and
    checked on the open handle, so a device, pipe or socket is refused whatever its name, and
    reading stops one byte past ``limit`` whatever size the file reports (``/proc`` files
    report 0, ``/dev/zero`` never ends).
    """
    p = Path(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{p}: is a directory, not a file") from None
    except PermissionError:
        raise InputError(f"{p}: permission denied") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        if isinstance(exc, OSError):
            raise os_error(exc, p, "read") from None
        raise InputError(f"{p!s:.200}: not a file name ({exc})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputError(f"{p}: is a directory, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{p}: is not a regular file (a device, pipe or socket); give a file")
        if st.st_size > limit:
            raise InputError(f"{p}: {st.st_size} bytes is too large (limit {limit})")
        os.set_blocking(fd, True)
        parts, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            parts.append(chunk)
            got += len(chunk)
        if got > limit:
            raise InputError(f"{p}: more than {limit} bytes is too large (limit {limit})")
        return b"".join(parts)
    except OSError as exc:
        raise os_error(exc, p, "read") from None
    finally:
        os.close(fd)


def read_text(path, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of ``path`` (a byte-order mark is dropped)."""
    return decode_text(read_bytes(path, limit), str(path))


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 bytes as text, or a one-line error naming the line of the first bad byte or NUL."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{source}:{line}: not UTF-8 text (byte {exc.start})", line) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError(f"{source}:{line}: binary data (NUL byte), not a text file", line)
    return text


class _TooLong(ValueError):
    pass


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _TooLong(text)
    return int(text)


def _constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def parse_json(data: bytes | str, source: str, max_depth: int = MAX_JSON_DEPTH):
    """JSON text as Python data, with one-line errors for everything that is not plain JSON.

    Refused: malformed text (with its line), ``NaN``/``Infinity``, a number of more than
    ``MAX_NUMBER_DIGITS`` digits, nesting deeper than ``max_depth``, a lone surrogate
    (``"\\ud800"``, which no file can be written with).

    >>> parse_json('[[[1]]]', "x.json", max_depth=2)
    Traceback (most recent call last):
    ...
    mapkit.errors.InputError: x.json: nested more than 2 levels deep
    >>> parse_json('{"name": "\\\\ud800"}', "x.json")
    Traceback (most recent call last):
    ...
    mapkit.errors.InputError: x.json: name: a lone surrogate ('\\ud800') is not text
    """
    text = decode_text(data, source) if isinstance(data, bytes) else data
    try:
        value = json.loads(text, parse_int=_bounded_int, parse_constant=_constant)
    except _TooLong as exc:
        digits = str(exc)
        line = text[: text.find(digits)].count("\n") + 1
        raise InputError(f"{source}:{line}: a number of {len(digits.lstrip('-'))} digits is too long "
                         f"(at most {MAX_NUMBER_DIGITS})", line) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}: malformed JSON: {exc.msg}", exc.lineno) from None
    except ValueError as exc:
        raise InputError(f"{source}: malformed JSON: {exc}") from None
    except RecursionError:
        raise InputError(f"{source}: nested more than {max_depth} levels deep") from None
    _check_json_value(value, source, max_depth)
    return value


def _check_json_value(value, source: str, max_depth: int) -> None:
    """Depth and lone surrogates, walked with a stack (no recursion)."""
    stack: list[tuple[object, int, tuple]] = [(value, 0, ())]
    while stack:
        v, depth, path = stack.pop()
        if isinstance(v, str):
            if _SURROGATE.search(v):
                raise _surrogate_error(source, path, v)
        elif isinstance(v, (list, dict)):
            if depth >= max_depth:
                raise InputError(f"{source}: nested more than {max_depth} levels deep")
            if isinstance(v, dict):
                for k, item in v.items():
                    if _SURROGATE.search(k):
                        raise _surrogate_error(source, path, k)
                    stack.append((item, depth + 1, path + (k,)))
            else:
                stack.extend((item, depth + 1, path + (i,)) for i, item in enumerate(v))


def _surrogate_error(source: str, path, text: str) -> InputError:
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "top level"
    found = _SURROGATE.search(text)
    ch = found.group() if found else ""
    return InputError(f"{source}: {where}: a lone surrogate ({ascii(ch)}) is not text")


def read_json(path, limit: int = MAX_INPUT_BYTES, max_depth: int = MAX_JSON_DEPTH):
    """The JSON value of the file ``path`` (:func:`read_bytes` then :func:`parse_json`)."""
    return parse_json(read_bytes(path, limit), str(path), max_depth)


def json_lines(document: dict, long: int = 8) -> Iterator[str]:
    """A JSON object as pieces of text, for :func:`atomic_write` to write as they come.

    One top-level key per line; a list of more than ``long`` items, or any iterator (a
    generator of a million hexes, never held whole), one item per line; everything else on
    its line as compact JSON (UTF-8, not escaped). The text reads back as ``document`` with
    its iterators as lists.

    >>> print("".join(json_lines({"name": "Plzeň", "ids": iter(range(3)), "grid": {"rows": 2}})), end="")
    {
     "name": "Plzeň",
     "ids": [
      0,
      1,
      2
     ],
     "grid": {"rows":2}
    }
    """
    def one(v) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))

    yield "{\n"
    first = True
    for key, value in document.items():
        yield ("" if first else ",\n") + f" {one(key)}: "
        first = False
        if isinstance(value, (list, tuple)) and len(value) <= long:
            yield one(list(value))
        elif isinstance(value, (list, tuple)) or (hasattr(value, "__next__") and not isinstance(value, (str, dict))):
            yield "["
            sep = "\n  "
            for item in value:
                yield sep + one(item)
                sep = ",\n  "
            yield "\n ]" if sep != "\n  " else "]"
        else:
            yield one(value)
    yield "\n}\n"


# -- writing -----------------------------------------------------------------------------------

def make_folder(folder: Path) -> None:
    """Create ``folder`` and its missing parents, or a one-line error."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(f"{folder}: exists and is not a folder") from None
    except OSError as exc:
        raise os_error(exc, folder, "create the folder") from None


def check_output_path(path, inputs=()) -> Path:
    """Refuse to write over an input or onto a folder; create the missing folders of ``path``."""
    from .bundled import locate

    given = os.fspath(path)
    if not given:
        raise InputError("an empty file name; give the file to write")
    if given.endswith(("/", os.sep)):       # Path() would drop the slash and write a file there
        raise InputError(f"{given}: names a folder (it ends in '/'); give a file name")
    out = Path(path)
    for inp in inputs:
        try:
            # a bundled map given by its name is its file
            same = inp is not None and out.exists() and os.path.samefile(out, locate(inp))
        except (OSError, InputError):
            same = False
        if same:
            raise InputError(f"{out}: refusing to overwrite the input file")
    try:
        if out.is_dir():
            raise InputError(f"{out}: is a directory; give a file name")
    except OSError as exc:
        raise os_error(exc, out, "write") from None
    make_folder(out.parent if str(out.parent) else Path("."))
    return out


def check_writable(path, inputs=()) -> None:
    """Before long work, the one-line error :func:`atomic_write` would give at its end: an
    input, a folder, a folder that cannot be written (tried with a temporary file, the only
    test that sees read-only file systems and immutable folders, also to root)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        return      # a device or a pipe, written as it is (or refused) by atomic_write
    out = check_output_path(path, inputs)
    folder = out.parent if str(out.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(out), suffix=".tmp", dir=folder)
    except OSError as exc:
        raise os_error(exc, out, "write") from None
    os.close(fd)
    os.unlink(tmp)


def _temp_stem(name: str) -> str:
    """The part of a temporary name that tells whose it is (hashed when the name is long, so
    that the temporary name stays within the file system's 255 bytes)."""
    if len(os.fsencode(name)) <= 200:
        return name
    return "~" + hashlib.sha1(os.fsencode(name)).hexdigest()[:16]


def temp_prefix(out: Path) -> str:
    """The start of the name of a temporary file or folder of this process beside ``out``
    (``.NAME.PID-``; :func:`clean_leftovers` knows it by that)."""
    return f".{_temp_stem(out.name)}.{os.getpid()}-"


_LEFTOVER = re.compile(r"\.(\d+)-[A-Za-z0-9_]+\.tmp")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def clean_leftovers(target) -> list[Path]:
    """Remove the temporary files and folders that killed runs left beside ``target``.

    They are named ``.NAME.PID-XXXX.tmp``; only those whose process no longer runs are
    removed (a run writing the same target in parallel keeps its own). Returns what was removed.
    """
    out = Path(target)
    folder = out.parent if str(out.parent) else Path(".")
    prefix = f".{_temp_stem(out.name)}"
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(prefix):
            continue
        m = _LEFTOVER.fullmatch(entry.name[len(prefix):])
        if not m or _alive(int(m.group(1))):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


_SYSTEM_FOLDERS = ("/dev/", "/proc/", "/sys/")


def _encoded(data, out: Path):
    """Bytes to write, chunk by chunk: ``data`` is str, bytes, or an iterable of either."""
    parts = [data] if isinstance(data, (str, bytes, bytearray)) else data
    for part in parts:
        if isinstance(part, str):
            try:
                part = part.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise InputError(f"{out}: cannot write text with a lone surrogate "
                                 f"({ascii(exc.object[exc.start:exc.end])})") from None
        yield part


def _write_chunks(fh, data, out: Path) -> None:
    for part in _encoded(data, out):
        fh.write(part)


def _write_in_place(out: Path, data) -> Path:
    try:
        with open(out, "wb") as fh:
            _write_chunks(fh, data, out)
    except OSError as exc:
        raise os_error(exc, out, "write") from None
    return out


def _special_output(out: Path, data) -> Path | None:
    """Devices, pipes and the system's folders are written as they are, or refused: they
    cannot be replaced by renaming, and replacing them would be wrong. ``/dev/null``,
    ``/dev/stdout`` and a named pipe take the bytes; a block device (a disk), or a new file
    in ``/dev`` (but the memory file system ``/dev/shm``), ``/proc`` or ``/sys``, is refused.
    None for an ordinary path."""
    try:
        mode = os.stat(out).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISBLK(mode):
        raise InputError(f"{out}: is a block device (a disk); give a file name")
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        return _write_in_place(out, data)
    given, real = os.path.abspath(out), os.path.realpath(out)
    if any(p.startswith(_SYSTEM_FOLDERS) and not p.startswith("/dev/shm/") for p in (given + "/", real + "/")):
        if mode is not None and stat.S_ISREG(mode) and given.startswith(("/dev/", "/proc/self/fd/")):
            return _write_in_place(out, data)  # /dev/stdout redirected to a file
        raise InputError(f"{out}: is in a system folder (/dev, /proc, /sys); give a file elsewhere")
    return None


def atomic_write(path, data, inputs=(), durable: bool = False) -> Path:
    """Write ``data`` to ``path`` through a temporary file and rename.

    ``data`` is str (written as UTF-8), bytes, or an iterable of str or bytes pieces, written
    as they come (a large output need not be held in memory whole). Missing folders are
    created; every failure (permission, a name too long, a read-only or full file system, text
    that cannot be encoded) is a one-line :class:`InputError` and leaves nothing behind.

    ``durable``: the file's bytes and then its folder's entry are flushed to the disk
    (``fsync``) before this returns, so what was written survives a power cut; a server
    acknowledges an action only after that (the cost: a few milliseconds on most disks).
    """
    out = Path(path)
    if isinstance(data, str):
        data = next(_encoded(data, out))
    special = _special_output(out, data)
    if special is not None:
        return special
    out = check_output_path(path, inputs)       # as given: Path() drops a trailing '/'
    folder = out.parent if str(out.parent) else Path(".")
    clean_leftovers(out)
    try:
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(out), suffix=".tmp", dir=folder)
    except OSError as exc:
        raise os_error(exc, out, "write") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            _write_chunks(fh, data, out)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        # mkstemp makes the file private (0600); give it the permissions of a normal new file.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, out)
        if durable:
            sync_folder(folder)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise os_error(exc, out, "write") from None
        raise
    return out


def sync_folder(folder) -> None:
    """Flush a folder's entries to the disk (after a rename into it, so the new name survives
    a power cut). Where the system cannot open a folder for that, nothing is done."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
