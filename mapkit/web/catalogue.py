"""The maps a server offers: the bundled ones (given on the command line) and those uploaded or
saved from the editor into the games folder.

A map is known by an id: the file's stem for a bundled map, ``my-`` and the saved name for a
map of the games folder. Browsers name maps only by id, never by path. An uploaded map is
size-limited, read by the one map loader (:func:`mapkit.io.yamlmap.parse_map`), validated, and
stored in canonical form (the bytes ``mapkit format`` writes), never over a bundled file.

A saved map is replaced only by whoever saved it first: the first save (and an upload) gives
an *edit key*; a later save under the same name with that key replaces the map, one without it
is saved under a new free name, so no visitor overwrites another's map.

>>> import tempfile, pathlib
>>> from mapkit.web.storage import GamesFolder
>>> store = GamesFolder(tempfile.mkdtemp())
>>> cat = Catalogue(store, [])
>>> text = "version: 1\\nname: Tiny\\ngrid: {orientation: pointy, offset: odd, columns: 9, rows: 1}\\n" \\
...        "cities: [{name: Aš, hex: A1, numbers: [11]}, {name: Cheb, hex: I1, numbers: [12]}]\\n"
>>> entry = cat.upload(text, "tiny.yaml")
>>> entry["id"], entry["name"], entry["cards"], [e["id"] for e in cat.entries()]
('my-tiny', 'Tiny', False, ['my-tiny'])
>>> _, canonical = cat.load("my-tiny")
>>> cat.save(canonical, "tiny")["id"], cat.save(canonical, "tiny", entry["key"])["id"]   # without the key: a new name
('my-tiny-2', 'my-tiny')
>>> cat.upload("version: 1\\ngrid: {}\\n", "bad.yaml")
Traceback (most recent call last):
...
mapkit.errors.InputError: bad.yaml:2: grid: 'orientation' is a required property (and 3 more)
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from pathlib import Path

from ..errors import InputError, InvalidError
from ..fileio import atomic_write, read_text
from .echo import clip
from .storage import MAP_ID, slug

__all__ = ["Catalogue", "MAX_UPLOAD_BYTES", "MAX_SAVED_MAPS", "MAPS_KEPT", "bundled_maps"]

# A map file is at most a few hundred kilobytes (czechia.yaml: 20 kB).
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
SAVED_PREFIX = "my-"
# Saves come from anyone: a folder of at most this many maps (a few MB of small files), and
# parsed maps kept in memory for the few maps played or edited at a time (a large parsed map
# holds megabytes); the lobby's lines of every map are kept apart, small.
MAX_SAVED_MAPS = 500
MAPS_KEPT = 32


def bundled_maps(paths) -> list:
    """The map files named by ``paths``: files, folders whose ``*.yaml`` are taken, or the names
    of maps bundled with mapkit (``czechia``), as every command takes them; none given: every
    bundled map (installed with the package, so from any folder)."""
    from .. import bundled

    if not paths:
        return [bundled.FOLDER / f"{name}.yaml" for name in bundled.names()]
    out = []
    for arg in paths:
        p = Path(arg)
        if p.is_dir():
            out += sorted(p.glob("*.yaml"))
            continue
        try:
            p = bundled.locate(arg)
        except InputError:
            raise InputError(f"{arg}: no such map file or folder, and no bundled map of that name "
                             f"(bundled: {', '.join(bundled.names())})") from None
        if not p.is_file():
            raise InputError(f"{arg}: no such map file or folder")
        out.append(p)
    return out


def _within_limits(filename: str, check, what) -> None:
    try:
        check(what)
    except InputError as exc:
        raise InputError(f"{filename}: {exc}") from None


def _stamp(path):
    """``(mtime, size)`` of a file, None when it cannot be read: a changed file is read again."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


class Catalogue:
    """Bundled and saved maps by id. Maps are read when first asked for; the last
    :data:`MAPS_KEPT` used are kept, and the lobby's line of every map."""

    def __init__(self, store, bundled):
        self.store = store
        self.bundled: dict = {}
        for p in bundled:
            key = slug(Path(p).stem)
            n = 2
            base = key
            while key in self.bundled:
                key = f"{base}-{n}"
                n += 1
            self.bundled[key] = Path(p).resolve()
        self._maps: OrderedDict = OrderedDict()     # path -> ((mtime, size), Map or None, error), last used last
        self._lines: dict = {}       # path -> ((mtime, size), the lobby's line of the map)
        self._saving = threading.Lock()  # saves run in worker threads: a name is taken by one

    # -- listing -------------------------------------------------------------------------------
    def entries(self) -> list:
        """``[{id, name, source, cities, columns, rows, cards, valid, error}]``, bundled first
        (``cards``: the map carries TransAmerica's deck of city cards, so its presets play it)."""
        out = []
        for key, path in self.bundled.items():
            out.append(self._entry(key, path, "bundled"))
        for path in self.store.saved_maps():
            out.append(self._entry(SAVED_PREFIX + path.stem, path, "saved"))
        return out

    def _entry(self, key, path, source) -> dict:
        # the lobby lists every map at every visit: its line is kept, so listing 500 saved maps
        # does not read 500 maps through the small cache of parsed ones
        stamp = _stamp(path)
        got = self._lines.get(path)
        if got is None or got[0] != stamp or stamp is None:
            got = (stamp, self._line(path))
            if len(self._lines) >= MAX_SAVED_MAPS + len(self.bundled):
                self._lines.pop(next(iter(self._lines)))      # a map deleted by hand, say
            self._lines[path] = got
        return {"id": key, "source": source, **got[1]}

    def _line(self, path) -> dict:
        m, error = self._read(path)
        e = {"name": (m.name or path.stem) if m else path.stem, "valid": error is None, "error": error}
        if m is not None:
            from ..plugins import section_owners

            # cards: a family that plays only on maps with city cards (TransAmerica) plays here
            cards = any(f.needs_cards and f.plays_on(m) for f in section_owners(m))
            e.update(cities=len(m.cities), columns=m.grid.columns, rows=m.grid.rows, cards=cards)
        return e

    def path_of(self, key: str) -> Path:
        if not isinstance(key, str):
            raise InputError(f"map: the id of a map, not {type(key).__name__}")
        if key in self.bundled:
            return self.bundled[key]
        if key.startswith(SAVED_PREFIX):
            p = self.store.map_file(key[len(SAVED_PREFIX):])
            if p.is_file():
                return p
        raise InputError(f"no map {clip(key)!r} on this server")

    def is_bundled(self, key: str) -> bool:
        return key in self.bundled

    def _read(self, path):
        """``(Map or None, error or None)``: the map read and validated (cached by mtime)."""
        from ..io.yamlmap import load_map

        try:
            st = path.stat()
        except OSError as exc:
            return None, f"{path.name}: {exc.strerror}"
        got = self._maps.get(path)
        if got is not None and got[0] == (st.st_mtime_ns, st.st_size):
            self._maps.move_to_end(path)
            return got[1], got[2]
        try:
            m, err = load_map(path), None
        except (InputError, InvalidError) as exc:
            m, err = None, str(exc).replace(str(path), path.name)
        self._maps[path] = ((st.st_mtime_ns, st.st_size), m, err)
        self._maps.move_to_end(path)
        while len(self._maps) > MAPS_KEPT:
            self._maps.popitem(last=False)       # the least recently used
        return m, err

    def load(self, key: str):
        """``(Map, canonical text)`` of map ``key``; :class:`InputError` if it is not playable."""
        from ..io.yamlwrite import dump_map

        path = self.path_of(key)
        m, err = self._read(path)
        if m is None:
            raise InputError(err)
        return m, dump_map(m)

    def text(self, key: str) -> str:
        """The file's own text (for the editor and downloads)."""
        return read_text(self.path_of(key), MAX_UPLOAD_BYTES)

    # -- writing -------------------------------------------------------------------------------
    def upload(self, text: str, filename: str = "map.yaml") -> dict:
        """Read, validate and store an uploaded map; its catalogue entry. A map with errors is
        refused with the first of them (one line)."""
        from ..io.yamldoc import load_yaml
        from ..io.yamlmap import parse_map
        from ..io.yamlwrite import dump_map
        from ..validate import validate
        from .editor import check_map, check_map_file

        if len(text.encode("utf-8")) > MAX_UPLOAD_BYTES:
            raise InputError(f"{filename}: larger than {MAX_UPLOAD_BYTES // 1024} kB; a map file is far smaller")
        # the board's size before the map is built, the rest before validating: the work of
        # both grows with the board
        _within_limits(filename, check_map_file, load_yaml(text, filename)[0])
        m, issues = parse_map(text, filename)
        _within_limits(filename, check_map, m)
        errors = [i for i in issues + validate(m) if i.is_error]
        if errors:
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            raise InvalidError(f"{filename}: invalid map: {errors[0]}{more}", errors)
        return self.save(dump_map(m), slug(m.name or Path(filename).stem))

    def free_name(self, base: str, taken=None) -> str:
        """``base``, or ``base-N`` with N one past the highest copy saved (one listing of the
        folder, not a probe per copy); ``taken``: the saved names, when the caller has them."""
        taken = {p.stem for p in self.store.saved_maps()} if taken is None else taken
        if base not in taken:
            return base
        base = base[:60]        # room for the number within a map name's 64 characters
        copy = re.compile(re.escape(base) + r"-(\d{1,9})")
        numbers = [int(m.group(1)) for t in taken if (m := copy.fullmatch(t))]
        return f"{base}-{max(numbers, default=1) + 1}"

    def save(self, canonical: str, name: str, key=None) -> dict:
        """Write a map's canonical text (``dump_map``'s, which its callers made when they read
        it) as saved map ``name``; its entry with ``key``, the edit key.

        ``name`` is replaced only when ``key`` is its edit key; else the map is saved under a
        free name of its own (``name-2``...) with a new key. Never over a bundled file."""
        if not isinstance(name, str) or not MAP_ID.match(name):
            name = slug(name if isinstance(name, str) and name else "map")
        with self._saving:
            if not (self.store.map_file(name).exists() and self.store.key_fits(name, key)):
                taken = {p.stem for p in self.store.saved_maps()}
                if len(taken) >= MAX_SAVED_MAPS:
                    raise InputError(f"the server holds {len(taken)} saved maps, the most it keeps")
                name = self.free_name(name, taken)
                key = self.store.new_map_key(name)
            path = self.store.map_file(name)
            atomic_write(path, canonical, inputs=list(self.bundled.values()), durable=True)
        return {**self._entry(SAVED_PREFIX + name, path, "saved"), "key": key}

