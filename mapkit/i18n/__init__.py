"""The language of what a player reads: printed sheets and the browser page (issue 37).

Every printed word goes through :func:`_` (or :func:`ngettext`), the standard library's gettext
over the catalogues in ``mapkit/locale/<lang>/LC_MESSAGES/mapkit.po`` (the source, edited by
translators) and ``mapkit.mo`` (compiled from it by ``python -m mapkit.i18n.catalogue compile``,
shipped, so a plain ``pip install .`` needs no build step and nothing is fetched at run time).
The browser page reads the same catalogues as JSON (:func:`mapkit.i18n.po.web_catalogue`).

The language is a context variable, not an argument threaded through every drawing function:
:func:`use_language` sets it for a block (``mapkit sheets --lang cs``), and each thread, task
or worker process starts in English, so the library's output never depends on the caller's
locale unless a command asks (:func:`default_language` reads it for the command line).
Strings that must be defined before a language is chosen (module constants) are marked with
:func:`N_` and translated where they are printed.

English is the source language: its msgids are the printed text, so an English kit needs no
catalogue and a missing translation falls back to English.

>>> with use_language("de"):
...     _("Forbidden races"), ngettext("{n} page", "{n} pages", 2).format(n=2)
('Verbotene Rennen', '2 Seiten')
>>> _("Forbidden races")
'Forbidden races'
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "DOMAIN", "LOCALE_DIR", "_", "N_", "translate", "ngettext", "language",
           "use_language", "default_language", "check_language"]

# Languages with a catalogue, English (the source) first.
LANGUAGES = ("en", "cs", "de")
# Each language named in itself (the browser's picker).
LANGUAGE_NAMES = {"en": "English", "cs": "Čeština", "de": "Deutsch"}
DOMAIN = "mapkit"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
# The order in which gettext itself consults the environment.
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_LANG: ContextVar[str] = ContextVar("mapkit_language", default="en")


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the msgids are English)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def check_language(lang: str) -> str:
    """``lang`` when mapkit speaks it, else ValueError naming the languages it does."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    return lang


def language() -> str:
    """The language of the current context (``"en"`` unless :func:`use_language` set another)."""
    return _LANG.get()


@contextmanager
def use_language(lang: str | None):
    """Print in ``lang`` inside the block (None: keep the current language)."""
    if lang is None:
        yield
        return
    token = _LANG.set(check_language(lang))
    try:
        yield
    finally:
        _LANG.reset(token)


def _(message: str) -> str:
    """``message`` (English) in the current language."""
    return _translations(_LANG.get()).gettext(message)


def translate(message: str) -> str:
    """A message marked elsewhere (with :func:`N_`) in the current language: :func:`_` for a
    string that is not a constant here, which the extractor could not see."""
    return _translations(_LANG.get()).gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues without translating it (a module constant, printed
    later through :func:`_`)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for count ``n`` in the current language (Czech has
    three: 1 strana, 2 strany, 5 stran)."""
    return _translations(_LANG.get()).ngettext(singular, plural, n)


def default_language(environ=None) -> str:
    """The language the environment asks for, as gettext reads it: the first of LANGUAGE (a
    colon-separated list), LC_ALL, LC_MESSAGES and LANG that is set decides, its first
    language mapkit speaks wins (``cs_CZ.UTF-8`` -> ``cs``); else English (also for C/POSIX).

    >>> default_language({"LANG": "cs_CZ.UTF-8"}), default_language({"LANGUAGE": "fr:de", "LANG": "cs"})
    ('cs', 'de')
    >>> default_language({"LC_ALL": "C.UTF-8", "LANG": "de_DE"}), default_language({})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ENV_VARIABLES:
        value = env.get(name, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        return "en"
    return "en"
