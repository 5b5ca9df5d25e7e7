"""The server's games folder: every file ``mapkit serve`` reads or writes lies inside it.

Layout::

    GAMES/
      <game id>/game.json     who sits where (names, kinds, seat tokens), the map, the pace
      <game id>/map.yaml      the map the game is played on (canonical text, a copy)
      <game id>/record.json   the engine's record, rewritten atomically after every action
      maps/<name>.yaml        maps uploaded or saved from the editor
      maps/.keys.json         the edit key of each saved map (hashed): who may save over it
      cache/<hash>.json       the printed board of a map, drawn once (a cache: may be deleted)
      tmp/                    work folders of kit downloads (emptied when done)
      set-aside/<game id>/    a game folder that could not be read, moved out of the way
      .lock                   held by the one server that uses the folder (its address inside)

Names that come from a browser (game ids, map names) are checked against a strict pattern
before they become paths, and every path is resolved and checked to lie inside the folder,
so no request can reach a file elsewhere; the saved maps listed are plain files inside it (a
link leading out is not followed). A game folder is written under a temporary name and renamed
into place, its files and the folder flushed to the disk first, so a crash or a power cut never
leaves half a game. One server at a time uses a folder (:meth:`GamesFolder.lock`): two would
overwrite each other's records.

>>> import tempfile
>>> store = GamesFolder(tempfile.mkdtemp())
>>> store.game_dir("../etc")
Traceback (most recent call last):
...
mapkit.errors.InputError: '../etc' is not a game id
>>> slug("Malá mapa Čech!")
'mala-mapa-cech'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import time
import unicodedata
from pathlib import Path

from ..errors import InputError
from ..fileio import atomic_write, parse_json, read_bytes, sync_folder

__all__ = ["GamesFolder", "slug", "GAME_ID", "MAP_ID", "new_token"]

GAME_ID = re.compile(r"^[a-z0-9]{6,32}$")
MAP_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def new_token() -> str:
    """An unguessable seat token (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def slug(text: str) -> str:
    """A file-name-safe form of a name: ASCII letters, digits and dashes (accents dropped)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    s = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    return s[:60] or "map"


class GamesFolder:
    """The folder of a server (created when missing)."""

    def __init__(self, root):
        self.root = Path(root).resolve()
        for sub in ("", "maps", "cache", "tmp"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        self.maps = self.root / "maps"
        self.cache = self.root / "cache"
        self.tmp = self.root / "tmp"
        self._lock_file = None

    def lock(self, holder: str) -> None:
        """Take the folder for this process (until it ends), or refuse with one line naming the
        folder and the server that holds it. The lock is the operating system's (``flock``): it
        goes with the process, however it ends, so no stale lock is ever left behind."""
        import fcntl

        fh = open(self.root / ".lock", "a+", encoding="utf-8")      # noqa: SIM115 (held for the process's life)
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.seek(0)
            who = " ".join(fh.read(400).split()) or "another process"
            fh.close()
            raise InputError(f"{self.root}: this games folder is in use by another mapkit serve ({who}); "
                             f"stop it, or give another folder with --games") from None
        self._lock_file = fh
        self.note_holder(holder)

    def note_holder(self, holder: str) -> None:
        """Write who holds the lock into the lock file (a second server names it)."""
        fh = self._lock_file
        if fh is not None:
            fh.seek(0)
            fh.truncate()
            fh.write(f"{holder}, process {os.getpid()}, since {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
            fh.flush()

    def public(self, text: str) -> str:
        """``text`` with the folder's own path left out (an answer to a browser names no path
        of the server's machine)."""
        return text.replace(str(self.root) + os.sep, "").replace(str(self.root), "the games folder")

    def inside(self, path) -> Path:
        """``path`` resolved, or :class:`InputError` when it lies outside the folder."""
        p = Path(path).resolve()
        if p != self.root and self.root not in p.parents:
            raise InputError(f"{path}: outside the games folder")
        return p

    # -- games -------------------------------------------------------------------------------
    def game_dir(self, gid: str) -> Path:
        if not isinstance(gid, str) or not GAME_ID.match(gid):
            raise InputError(f"{gid!r} is not a game id")
        return self.inside(self.root / gid)

    def game_ids(self) -> list:
        """The ids of the games stored, oldest first (by creation time in game.json)."""
        out = []
        for p in self.root.iterdir():
            if p.is_dir() and GAME_ID.match(p.name) and (p / "game.json").is_file():
                out.append(p.name)
        return sorted(out)

    def create_game(self, meta: dict, map_text: str, record_text: str) -> str:
        """Write a new game's three files under a temporary name, then rename: its id."""
        while True:
            gid = secrets.token_hex(5)
            if not (self.root / gid).exists():
                break
        tmp = self.inside(self.tmp / f"new-{gid}")
        tmp.mkdir(mode=0o700)
        try:
            for name, text in (("map.yaml", map_text), ("record.json", record_text),
                               ("game.json", json.dumps(meta, ensure_ascii=False, indent=1) + "\n")):
                with open(tmp / name, "w", encoding="utf-8") as fh:
                    fh.write(text)
                    fh.flush()
                    os.fsync(fh.fileno())
            sync_folder(tmp)
            os.replace(tmp, self.root / gid)
            sync_folder(self.root)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return gid

    def read_meta(self, gid: str) -> dict:
        """A game's ``game.json``, read as every JSON input is (bounded: depth, digits, size)."""
        path = self.game_dir(gid) / "game.json"
        meta = parse_json(read_bytes(path, 1024 * 1024), f"{gid}/game.json")
        if not isinstance(meta, dict) or not isinstance(meta.get("seats"), list):
            raise InputError(f"{gid}/game.json: not a game's file (no seats)")
        return meta

    def set_aside(self, gid: str, why: str) -> str:
        """Move a game folder that cannot be read to ``set-aside/`` (with ``why.txt``), so the
        server starts with the others and nothing is deleted; its new place, relative."""
        src = self.game_dir(gid)
        dest_dir = self.root / "set-aside"
        dest_dir.mkdir(exist_ok=True)
        dest = dest_dir / gid
        n = 2
        while dest.exists():
            dest = dest_dir / f"{gid}-{n}"
            n += 1
        os.replace(src, dest)
        atomic_write(dest / "why.txt", why + "\n")
        return str(dest.relative_to(self.root))

    def write_meta(self, gid: str, meta: dict) -> None:
        atomic_write(self.game_dir(gid) / "game.json", json.dumps(meta, ensure_ascii=False, indent=1) + "\n")

    def record_path(self, gid: str) -> Path:
        return self.game_dir(gid) / "record.json"

    def map_path(self, gid: str) -> Path:
        return self.game_dir(gid) / "map.yaml"

    # -- maps --------------------------------------------------------------------------------
    def map_file(self, name: str) -> Path:
        """The path of saved map ``name`` (checked: a plain name, inside ``maps/``)."""
        if not isinstance(name, str) or not MAP_ID.match(name):
            raise InputError(f"{name!r} is not a map name (letters, digits, - and _)")
        return self.inside(self.maps / f"{name}.yaml")

    def saved_maps(self) -> list:
        """The saved maps: plain files in ``maps/`` (a link is not followed out of the folder)."""
        return sorted(p for p in self.maps.glob("*.yaml")
                      if MAP_ID.match(p.stem) and not p.is_symlink() and p.is_file())

    # -- who may save over a saved map -------------------------------------------------------------
    def _keys(self) -> dict:
        try:
            keys = parse_json(read_bytes(self.maps / ".keys.json", 16 * 1024 * 1024), "maps/.keys.json")
        except InputError:
            return {}
        return keys if isinstance(keys, dict) else {}

    def new_map_key(self, name: str) -> str:
        """A new edit key for saved map ``name`` (its hash kept; the key itself given once)."""
        key = new_token()
        keys = self._keys()
        keys[name] = hashlib.sha256(key.encode()).hexdigest()
        atomic_write(self.maps / ".keys.json", json.dumps(keys, indent=0, sort_keys=True) + "\n", durable=True)
        return key

    def key_fits(self, name: str, key) -> bool:
        """Whether ``key`` is the edit key of saved map ``name``."""
        want = self._keys().get(name)
        if not isinstance(key, str) or not isinstance(want, str):
            return False
        return secrets.compare_digest(hashlib.sha256(key.encode()).hexdigest(), want)

    def work_dir(self) -> Path:
        """A new empty folder under ``tmp/`` (the caller removes it)."""
        p = self.inside(self.tmp / f"work-{secrets.token_hex(6)}")
        p.mkdir()
        return p
