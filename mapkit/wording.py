"""Small grammar helpers for what mapkit prints: a count with its noun in the right number,
and a verb agreeing with a player's name ("You start", "Anna starts")."""

from __future__ import annotations

__all__ = ["plural", "verb", "who"]


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and ``word`` in the right number: ``words`` (default ``word + "s"``) unless n is 1.

    >>> plural(1, "error"), plural(0, "error"), plural(2, "city", "cities")
    ('1 error', '0 errors', '2 cities')
    """
    return f"{n} {word if n == 1 else (words or word + 's')}"


def verb(subject: str, base: str, third: str | None = None) -> str:
    """The verb ``base`` ("start") agreeing with ``subject``: the bare form after "You" (a
    seat may be named You), else the third person singular (``third``, default ``base`` + s,
    or + es after s, sh, ch, x and o).

    >>> verb("You", "start"), verb("Anna", "start"), verb("Bot 1", "pass"), verb("you", "have", "has")
    ('start', 'starts', 'passes', 'have')
    """
    if subject.strip().lower() == "you":
        return base
    if third is not None:
        return third
    return base + ("es" if base.endswith(("s", "sh", "ch", "x", "o")) else "s")


def who(subject: str, base: str, third: str | None = None) -> str:
    """``subject`` and the verb agreeing with it (:func:`verb`).

    >>> who("You", "play") + " first", who("Bot 1", "have", "has") + " joined"
    ('You play first', 'Bot 1 has joined')
    """
    return f"{subject} {verb(subject, base, third)}"
