"""Reading gettext ``.po`` catalogues and writing ``.mo`` files, with the standard library only.

The logic of CPython's ``Tools/i18n/msgfmt.py`` (which is not installed with Python): a ``.po``
entry is ``msgctxt``/``msgid``/``msgid_plural``/``msgstr[n]`` lines of C-quoted strings, the
``.mo`` a sorted table of keys and values that :mod:`gettext` reads. Written here rather than
taken from Babel so that neither the install nor the run needs a package beyond the base ones;
the same reader gives the browser its JSON catalogue, so the ``.po`` is the one source of truth.

>>> entries = parse_po('msgid "Race"\\nmsgstr "Závod"\\n\\n#, fuzzy\\nmsgid "Bank"\\nmsgstr "Banka"\\n')
>>> [(e.msgid, e.msgstr, e.fuzzy) for e in entries]
[('Race', ['Závod'], False), ('Bank', ['Banka'], True)]
"""

from __future__ import annotations

import ast
import json
import struct
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

__all__ = ["PoEntry", "parse_po", "read_po", "mo_bytes", "po_path", "web_catalogue", "quote"]


@dataclass
class PoEntry:
    """One message: its English ``msgid`` (and plural), its translations (one per plural form)."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list = field(default_factory=lambda: [""])
    msgctxt: str | None = None
    fuzzy: bool = False
    comments: list = field(default_factory=list)     # the lines starting "#" other than flags

    @property
    def translated(self) -> bool:
        return not self.fuzzy and all(self.msgstr)


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if not (len(text) >= 2 and text[0] == text[-1] == '"'):
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    return ast.literal_eval(text)


def parse_po(text: str, where: str = "<po>") -> list[PoEntry]:
    """The entries of a ``.po`` text, the header (msgid "") first; ValueError naming the line for
    anything msgfmt would refuse."""
    entries: list[PoEntry] = []
    cur: PoEntry | None = None
    part: tuple[str, int] | None = None       # which string the continuation lines extend
    comments: list[str] = []
    fuzzy = False

    def finish():
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        here = f"{where}:{number}"
        if not line:
            continue
        if line.startswith("#~"):          # obsolete entry: skipped, as msgfmt does
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in line
            else:
                comments.append(raw)
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if cur is None or part is None:
                raise ValueError(f"{here}: a string outside an entry")
            name, k = part
            value = _unquote(line, here)
            if name == "msgstr":
                cur.msgstr[k] += value
            else:
                setattr(cur, name, (getattr(cur, name) or "") + value)
            continue
        if keyword == "msgctxt" or keyword == "msgid" and (part is None or part[0] != "msgctxt"):
            finish()
            cur = PoEntry("", fuzzy=fuzzy, comments=comments)
            comments, fuzzy = [], False
        if keyword == "msgctxt" and cur is not None:
            cur.msgctxt = _unquote(rest, here)
            part = ("msgctxt", 0)
        elif keyword == "msgid" and cur is not None:
            cur.msgid = _unquote(rest, here)
            part = ("msgid", 0)
        elif keyword == "msgid_plural" and cur is not None:
            cur.msgid_plural = _unquote(rest, here)
            cur.msgstr = []
            part = ("msgid_plural", 0)
        elif keyword == "msgstr" and cur is not None:
            cur.msgstr = [_unquote(rest, here)]
            part = ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]") and cur is not None:
            k = int(keyword[7:-1])
            if k != len(cur.msgstr):
                raise ValueError(f"{here}: plural form {k} out of order")
            cur.msgstr.append(_unquote(rest, here))
            part = ("msgstr", k)
        else:
            raise ValueError(f"{here}: cannot read {line[:40]!r}")
    finish()
    return entries


def read_po(path) -> list[PoEntry]:
    """The entries of the ``.po`` file ``path`` (UTF-8)."""
    p = Path(path)
    return parse_po(p.read_text(encoding="utf-8"), str(p))


def _key_value(e: PoEntry) -> tuple[str, str]:
    key = e.msgid if e.msgid_plural is None else e.msgid + "\0" + e.msgid_plural
    if e.msgctxt is not None:
        key = e.msgctxt + "\x04" + key
    return key, "\0".join(e.msgstr)


def mo_bytes(entries) -> bytes:
    """The ``.mo`` file of ``entries``: the header and the translated ones (a fuzzy or empty
    translation is left out, so gettext falls back to English, as msgfmt does)."""
    pairs = dict(_key_value(e) for e in entries if e.msgid == "" or e.translated)
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode("utf-8"), pairs[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    n = len(keys)
    keystart = 7 * 4 + 16 * n
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return head + struct.pack(f"{2 * n}i", *koffsets) + struct.pack(f"{2 * n}i", *voffsets) + ids + strs


def po_path(lang: str, locale_dir=None) -> Path:
    """Where the catalogue of ``lang`` lies."""
    from . import DOMAIN, LOCALE_DIR

    return Path(locale_dir or LOCALE_DIR) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=8)
def web_catalogue(lang: str) -> str:
    """The browser's catalogue of ``lang`` as JSON text: ``{"lang", "messages": {msgid:
    msgstr}}`` of the translated messages (English: none, the page's strings are English)."""
    from . import check_language

    check_language(lang)
    messages = {}
    if lang != "en":
        for e in read_po(po_path(lang)):
            if e.msgid and e.msgid_plural is None and e.translated:
                messages[e.msgid] = e.msgstr[0]
    return json.dumps({"lang": lang, "messages": messages}, ensure_ascii=False, sort_keys=True)


def quote(text: str) -> str:
    """``text`` as a ``.po`` string literal (one line; newlines escaped).

    >>> print(quote('say "hi"\\n'))
    "say \\"hi\\"\\n"
    """
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{out}"'
