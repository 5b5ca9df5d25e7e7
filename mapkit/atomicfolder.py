"""A folder of outputs (a printable kit) made whole and swapped in: :func:`atomic_folder`.

The folder is built in a temporary folder beside the target (named as :mod:`mapkit.fileio`
names its temporary files, so the next run removes what a killed run left behind) and put in
place in one step (Linux ``renameat2(RENAME_EXCHANGE)``, else the old folder moved aside
first) while holding a lock on the parent folder; the user's own files in the old folder are
carried over, and a manifest says which files a run wrote, so a later run leaves none of them
behind.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import tempfile
from pathlib import Path
from collections.abc import Iterator

from .errors import InputError
from .fileio import clean_leftovers, make_folder, os_error, temp_prefix

__all__ = ["atomic_folder"]


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux ``renameat2(RENAME_EXCHANGE)``); False where the
    system or file system cannot."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    rc = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _carry_over(old: Path, new: Path, written: frozenset = frozenset(), at: str = "") -> None:
    """Move back into ``new`` every entry of ``old`` that ``new`` does not have (the user's own
    files in the folder), descending into folders that both have; ``written``: the paths
    (relative, with ``/``) that a previous run wrote, by its manifest: not the user's, left
    behind."""
    for entry in sorted(os.scandir(old), key=lambda e: e.name):
        rel = at + entry.name
        dest = new / entry.name
        if rel in written:
            continue
        is_dir = entry.is_dir(follow_symlinks=False)
        if is_dir and not os.path.lexists(dest) and any(w.startswith(rel + "/") for w in written):
            # a folder holding files of the last run: only the user's own in it come back
            with contextlib.suppress(OSError):
                os.mkdir(dest)
                _carry_over(Path(entry.path), dest, written, rel + "/")
                if not any(os.scandir(dest)):
                    os.rmdir(dest)
            continue
        if not os.path.lexists(dest):
            with contextlib.suppress(OSError):
                os.rename(entry.path, dest)
        elif is_dir and dest.is_dir() and not dest.is_symlink():
            _carry_over(Path(entry.path), dest, written, rel + "/")


def _manifest_files(folder: Path, manifest: str | None) -> frozenset:
    """The files the manifest ``folder/manifest`` says a run wrote (none: no manifest)."""
    if manifest is None:
        return frozenset()
    try:
        data = json.loads((folder / manifest).read_text("utf-8"))
        return frozenset(str(f) for f in data["files"]) | {manifest}
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()


def _write_manifest(made: Path, manifest: str, writer: str) -> None:
    files = sorted(p.relative_to(made).as_posix() for p in made.rglob("*") if p.is_file())
    (made / manifest).write_text(json.dumps({"written_by": writer, "files": files}, ensure_ascii=False, indent=1)
                                 + "\n", "utf-8")


@contextlib.contextmanager
def _parent_locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (the parent of a folder being swapped) while a
    run swaps its folder in and carries the user's files over: a file moved into ``out`` by
    path lands in whichever folder is there when the move resolves the path, so a second run
    swapping between the two could scan that folder before the file lands and delete it with
    the folder. A lock on the folder itself (flock on its descriptor) leaves no lock file
    behind; where there is no flock, the swap runs unlocked as before."""
    try:
        import fcntl
        fd = os.open(folder, os.O_RDONLY)
    except (ImportError, OSError):
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the last descriptor releases the lock


def _swap_in(made: Path, out: Path, manifest: str | None = None) -> None:
    """Put the finished folder ``made`` at ``out`` in one step, keeping the user's own files
    (and leaving behind those the old folder's ``manifest`` names)."""
    with _parent_locked(out.parent if str(out.parent) else Path(".")):
        _swap_in_unlocked(made, out, manifest)


def _swap_in_unlocked(made: Path, out: Path, manifest: str | None) -> None:
    for _ in range(100):
        try:
            os.rename(made, out)  # nothing there yet
            return
        except OSError as exc:
            if exc.errno not in (errno.EEXIST, errno.ENOTEMPTY):
                raise
        if _exchange(made, out):
            _carry_over(made, out, _manifest_files(made, manifest))
            shutil.rmtree(made, ignore_errors=True)
            return
        # No exchange on this system: move the old folder aside, then the new one in.
        aside = made.with_name(made.name + ".old")
        try:
            os.rename(out, aside)
        except FileNotFoundError:
            continue
        try:
            os.rename(made, out)
        except OSError:
            os.rename(aside, out)
            raise
        _carry_over(aside, out, _manifest_files(aside, manifest))
        shutil.rmtree(aside, ignore_errors=True)
        return
    raise OSError(errno.EBUSY, "the folder keeps changing under the swap", str(out))


@contextlib.contextmanager
def atomic_folder(path, manifest: str | None = None, writer: str = "mapkit"):
    """Make a folder as a whole: yields a fresh path (not yet existing) inside a temporary
    folder beside ``path``; what is built there replaces ``path`` in one step when the block
    ends without error, and is removed otherwise.

    The files of the old folder that the new one also has are gone with the old folder (no
    mix of two runs' files, even of runs in parallel); the user's other files are kept.
    ``manifest``: a file name; the new folder gets a manifest of every file it holds (and
    ``writer``), and the files that the old folder's manifest names are gone too, even those
    the new run did not write (a kit of another map or game leaves nothing of its own behind).
    Missing parent folders are created; leftovers of killed runs are removed first.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp()) / "kit"
    >>> with atomic_folder(d) as tmp:
    ...     tmp.mkdir(); _ = (tmp / "a.txt").write_text("1")
    >>> sorted(p.name for p in d.iterdir())
    ['a.txt']
    """
    out = Path(path)
    if out.is_symlink():  # a link to a folder: the folder it names is the one replaced
        out = Path(os.path.realpath(out))
    try:
        if out.exists() and not out.is_dir():
            raise InputError(f"{out}: exists and is not a folder")
    except OSError as exc:
        raise os_error(exc, out, "write") from None
    parent = out.parent if str(out.parent) else Path(".")
    make_folder(parent)
    clean_leftovers(out)
    try:
        work = Path(tempfile.mkdtemp(prefix=temp_prefix(out), suffix=".tmp", dir=parent))
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(work, 0o777 & ~umask)  # mkdtemp makes it private
    except OSError as exc:
        raise os_error(exc, out, "create the folder") from None
    made = work / "new"
    try:
        yield made
        if not made.is_dir():
            raise InputError(f"{out}: nothing was made")
        os.chmod(made, 0o777 & ~umask)
        if manifest is not None:
            _write_manifest(made, manifest, writer)
        try:
            _swap_in(made, out, manifest)
        except OSError as exc:
            raise os_error(exc, out, "replace the folder") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
