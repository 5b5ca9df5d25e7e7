"""The server's games folder: every file ``mapkit serve`` reads or writes lies inside it.

Layout::

    GAMES/
      <game id>/game.json     who sits where (names, kinds, seat tokens), the map, the pace
      <game id>/map.yaml      the map the game is played on (canonical text, a copy)
      <game id>/record.json   the engine's record, rewritten atomically after every action
      maps/<name>.yaml        maps uploaded or saved from the editor
      cache/<hash>.json       the printed board of a map, drawn once (a cache: may be deleted)
      tmp/                    work folders of kit downloads (emptied when done)

Names that come from a browser (game ids, map names) are checked against a strict pattern
before they become paths, and every path is resolved and checked to lie inside the folder,
so no request can reach a file elsewhere. A game folder is written under a temporary name and
renamed into place, so a crash never leaves half a game.

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

import json
import os
import re
import secrets
import shutil
import unicodedata
from pathlib import Path

from ..errors import InputError
from ..fileio import atomic_write, read_text

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
            (tmp / "map.yaml").write_text(map_text, encoding="utf-8")
            (tmp / "record.json").write_text(record_text, encoding="utf-8")
            (tmp / "game.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, self.root / gid)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return gid

    def read_meta(self, gid: str) -> dict:
        path = self.game_dir(gid) / "game.json"
        try:
            return json.loads(read_text(path))
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{exc.lineno}: not JSON ({exc.msg})") from None

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
        return sorted(p for p in self.maps.glob("*.yaml") if MAP_ID.match(p.stem))

    def work_dir(self) -> Path:
        """A new empty folder under ``tmp/`` (the caller removes it)."""
        p = self.inside(self.tmp / f"work-{secrets.token_hex(6)}")
        p.mkdir()
        return p
