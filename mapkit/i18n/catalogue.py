"""Keeping the catalogues in step with the code: which strings are marked for translation,
the ``.po`` files updated with them, the ``.mo`` files compiled.

    python -m mapkit.i18n.catalogue update    # add new marked strings to every .po, drop gone ones
    python -m mapkit.i18n.catalogue compile   # .po -> .mo (run after translating; the .mo ship)
    python -m mapkit.i18n.catalogue check     # exit 1 listing untranslated or stale messages

Marked strings (:func:`extract`): in Python, the first argument of ``_("...")``, ``N_("...")``
and the first two of ``ngettext("...", "...", n)`` (found with :mod:`ast`, so only constant
strings count: a call on an f-string is reported as an error, it could never be translated);
in the browser's scripts (``mapkit/web/static/*.js`` and the families' ``front/web.js``), the
first argument of ``t("...")`` (literals joined with ``+`` are one message); in its pages
(``*.html``), the text of an element with a ``data-i18n`` attribute and the values of
``data-i18n-title``, ``-placeholder`` and ``-aria-label``. The tests run the same extraction
(tests/test_i18n.py), so a printed string without a translation fails the suite.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from . import LANGUAGES
from .po import PoEntry, mo_bytes, po_path, quote, read_po

__all__ = ["Message", "extract", "update", "compile_all", "problems", "PACKAGE", "HEADERS"]

PACKAGE = Path(__file__).resolve().parents[1]
# Plural rules of each language (GNU gettext's table).
PLURAL_FORMS = {
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "de": "nplurals=2; plural=(n != 1);",
}
HEADERS = {lang: ("Project-Id-Version: mapkit\n"
                  f"Language: {lang}\n"
                  "MIME-Version: 1.0\n"
                  "Content-Type: text/plain; charset=UTF-8\n"
                  "Content-Transfer-Encoding: 8bit\n"
                  f"Plural-Forms: {rule}\n") for lang, rule in PLURAL_FORMS.items()}
_JS_STRING = r"""(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.)*`)"""
# t("..." + "...", ...): one literal or several joined with + (a long message over lines)
_JS_CALL = re.compile(rf"\bt\(\s*({_JS_STRING}(?:\s*\+\s*{_JS_STRING})*)")
_JS_PIECE = re.compile(_JS_STRING)
_HTML_TEXT = re.compile(r"<(\w+)[^>]*\sdata-i18n(?=[\s>])[^>]*>([^<]+)<")
_HTML_ATTR = re.compile(r"\sdata-i18n-(?:title|placeholder|aria-label)=\"([^\"]+)\"")


def Message(msgid: str, plural: str | None = None) -> tuple[str, str | None]:
    """A marked string: ``(msgid, msgid_plural or None)``, the key of its catalogue entry."""
    return (msgid, plural)


# A call of _, N_ or ngettext as Python writes it: the name, then only spaces, line breaks,
# backslashes and comments before the parenthesis. A file without one is not parsed (most of the
# package's files print nothing).
_MARKED_CALL = re.compile(r"(?<![\w.])(?:_|N_|ngettext)(?:\s|\\|#[^\n]*)*\(")


def _python_messages(path: Path, errors: list) -> list[tuple]:
    text = path.read_text(encoding="utf-8")
    if not _MARKED_CALL.search(text):
        return []
    tree = ast.parse(text, str(path))
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        name = node.func.id
        if name not in ("_", "N_", "ngettext") or not node.args:
            continue
        args = node.args[:2] if name == "ngettext" else node.args[:1]
        if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            errors.append(f"{path}:{node.lineno}: {name}() of something other than a constant string")
            continue
        values = [a.value for a in args]          # type: ignore[attr-defined]
        out.append((node.lineno, Message(values[0], values[1] if len(values) > 1 else None)))
    return [m for _, m in sorted(out, key=lambda t: t[0])]


def _js_unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda mo: {"n": "\n", "t": "\t"}.get(mo.group(1), mo.group(1)), text)


def _web_messages(path: Path) -> list[tuple]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        found = [mo.group(2).strip() for mo in _HTML_TEXT.finditer(text)]
        found += [mo.group(1) for mo in _HTML_ATTR.finditer(text)]
        return [Message(" ".join(s.split())) for s in found if s.strip()]
    return [Message("".join(_js_unescape(piece.group(0)[1:-1]) for piece in _JS_PIECE.finditer(mo.group(1))))
            for mo in _JS_CALL.finditer(text)]


def source_files(root: Path = PACKAGE) -> list[Path]:
    """The files whose strings reach a player: the package's Python, the page's scripts and HTML."""
    files = sorted(p for p in root.rglob("*.py") if "locale" not in p.parts)
    files += sorted((root / "web" / "static").glob("*.js")) + sorted((root / "web" / "static").glob("*.html"))
    files += sorted(root.glob("engine/games/*/front/*.js"))
    return files


def extract(root: Path = PACKAGE) -> tuple[dict[tuple, list[str]], list[str]]:
    """``({message: [files]}, errors)``: every marked string, in the order first found."""
    found: dict[tuple, list[str]] = {}
    errors: list[str] = []
    for path in source_files(root):
        messages = _python_messages(path, errors) if path.suffix == ".py" else _web_messages(path)
        rel = path.relative_to(root.parent).as_posix()
        for msg in messages:
            where = found.setdefault(msg, [])
            if rel not in where:
                where.append(rel)
    return found, errors


def _entry_text(e: PoEntry) -> str:
    lines = list(e.comments)
    if e.fuzzy:
        lines.append("#, fuzzy")
    lines.append(f"msgid {quote(e.msgid)}")
    if e.msgid_plural is not None:
        lines.append(f"msgid_plural {quote(e.msgid_plural)}")
        lines += [f"msgstr[{k}] {quote(s)}" for k, s in enumerate(e.msgstr)]
    else:
        lines.append(f"msgstr {quote(e.msgstr[0])}")
    return "\n".join(lines)


def update(lang: str, messages: dict[tuple, list[str]], locale_dir=None) -> tuple[int, int]:
    """Rewrite ``lang``'s ``.po`` with ``messages`` in order, translations kept; ``(added,
    dropped)``."""
    path = po_path(lang, locale_dir)
    old = {(e.msgid, e.msgid_plural): e for e in read_po(path)} if path.exists() else {}
    nplurals = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
    out = [PoEntry("", msgstr=[HEADERS[lang]])]
    added = 0
    for msg, files in messages.items():
        e = old.pop(msg, None)
        if e is None:
            added += 1
            e = PoEntry(msg[0], msg[1], [""] * (nplurals if msg[1] is not None else 1))
        e.comments = [c for c in e.comments if not c.startswith("#:")] + [f"#: {f}" for f in files]
        out.append(e)
    dropped = len([k for k in old if k != ("", None)])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n\n".join(_entry_text(e) for e in out) + "\n", encoding="utf-8")
    return added, dropped


def compile_all(locale_dir=None) -> list[Path]:
    """Compile every language's ``.po`` to its ``.mo``; the files written."""
    written = []
    for lang in LANGUAGES[1:]:
        po = po_path(lang, locale_dir)
        mo = po.with_suffix(".mo")
        data = mo_bytes(read_po(po))
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)[^{}]*\}", text))


def problems(locale_dir=None, root: Path = PACKAGE) -> list[str]:
    """What stops the catalogues from matching the code: marking errors, messages missing from
    a catalogue or untranslated, translations whose ``{fields}`` differ from the English, and
    ``.mo`` files older than their ``.po``."""
    messages, out = extract(root)
    for lang in LANGUAGES[1:]:
        po = po_path(lang, locale_dir)
        entries = {(e.msgid, e.msgid_plural): e for e in read_po(po)}
        for msg in messages:
            e = entries.get(msg)
            if e is None or not e.translated:
                out.append(f"{po}: no translation of {msg[0]!r}")
                continue
            for s in e.msgstr:
                if _fields(s) != _fields(msg[0]) and _fields(s) != _fields(msg[1] or msg[0]):
                    out.append(f"{po}: the fields of {msg[0]!r} differ in {s!r}")
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(read_po(po)):
            out.append(f"{mo}: not compiled from {po.name} (python -m mapkit.i18n.catalogue compile)")
    return out


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        messages, errors = extract()
        for line in errors:
            print(line, file=sys.stderr)
        for lang in LANGUAGES[1:]:
            added, dropped = update(lang, messages)
            print(f"{po_path(lang)}: {len(messages)} messages, {added} new, {dropped} dropped")
        return 1 if errors else 0
    if command == "compile":
        for path in compile_all():
            print(f"{path}: written")
        return 0
    if command == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    print(f"usage: python -m mapkit.i18n.catalogue update|compile|check (not {command!r})", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
