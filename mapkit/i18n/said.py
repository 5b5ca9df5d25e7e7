"""Words said now and read later, in the reader's language: a game's log lines, its ledger's
reasons, its cards' titles (issue 37).

A game is played in no language: its log is kept in English (the records, the terminal and
every older client read that text), and each player's browser shows it in the page's language.
A :class:`Said` is that English text (a ``str``: it compares, joins and starts with as before)
that remembers the message it was made from (a msgid marked with :func:`mapkit.i18n.N_`) and
its fields. The view a front end gets carries :func:`said_index`, English text -> message and
fields, and the browser's ``say()`` (``mapkit/web/static/i18n.js``) looks each line up there
and says it through the page's catalogue; :meth:`Said.translated` does the same in Python.

A field is said as it is (a player's or a city's name, a number, hex names), unless it is a
:class:`Said` itself (a reason, a colour, a card's title), which is translated too.

>>> from mapkit.i18n import N_, use_language
>>> why = said(N_("every city connected"))
>>> line = said(N_("the build phase is over ({reason})"), reason=why)
>>> line, line.startswith("the build phase")
('the build phase is over (every city connected)', True)
>>> with use_language("de"):
...     line.translated()
'die Bauphase ist vorbei (jede Stadt angeschlossen)'
>>> said(N_("{player} plays first"), "You play first", player="You")
'You play first'
>>> said_index({"log": [line]})["the build phase is over (every city connected)"]
{'message': 'the build phase is over ({reason})', 'fields': {'reason': 'every city connected'}}
"""

from __future__ import annotations

__all__ = ["Said", "said", "said_index", "said_and", "said_list"]


class Said(str):
    """English text with the ``message`` (msgid) and ``fields`` it was made from."""

    message: str
    fields: dict

    def __new__(cls, text: str, message: str | None = None, fields: dict | None = None):
        return cls._made(text, text if message is None else message, dict(fields or {}))

    @classmethod
    def _made(cls, text: str, message: str, fields: dict) -> Said:
        """The Said of ``text``, keeping ``fields`` itself (the constructor keeps a copy)."""
        self = str.__new__(cls, text)
        self.message = message
        self.fields = fields
        return self

    def __reduce__(self):
        return (Said, (str(self), self.message, self.fields))

    def translated(self) -> str:
        """The text in the current language (:func:`mapkit.i18n.use_language`)."""
        from . import translate

        values = {k: v.translated() if isinstance(v, Said) else v for k, v in self.fields.items()}
        return translate(self.message).format(**values)


def said(message: str, english: str | None = None, /, **fields) -> Said:
    """``message`` (marked with ``N_``) with its ``fields`` filled in, as a :class:`Said`;
    ``english``: the English text when it is not the message filled in (a verb agreeing with a
    seat called "You": "You play first")."""
    # no copy of the fields: these keywords are this call's own (a game says a few hundred
    # lines and reasons)
    return Said._made(message.format(**fields) if english is None else english, message, fields)


def said_and(names) -> str:
    """Names joined as a list is said: one as it is, more as "A, B and C" (a :class:`Said`).

    >>> said_and(["Ann"]), said_and(["Ann", "Bob", "Eva"])
    ('Ann', 'Ann, Bob and Eva')
    """
    from . import N_

    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return said(N_("{names} and {last}"), names=", ".join(names[:-1]), last=names[-1])


def said_list(items) -> str:
    """Words listed with commas, each said in the reader's language ("red, blue, red").

    >>> from mapkit.i18n import use_language
    >>> goods = said_list([said("red"), said("blue")])
    >>> goods
    'red, blue'
    >>> with use_language("cs"):
    ...     goods.translated()
    'červená, modrá'
    """
    from . import N_

    items = list(items)
    if len(items) < 2:
        return items[0] if items else ""
    return said(N_("{first}, {rest}"), first=items[0], rest=said_list(items[1:]))


def said_index(data) -> dict:
    """Every :class:`Said` in ``data`` (dicts, lists and tuples, walked) and in their fields:
    English text -> ``{"message", "fields"}`` (a field that is a Said by its English text)."""
    out: dict = {}
    todo = [data]
    while todo:
        x = todo.pop()
        t = type(x)
        if t is dict:
            todo.extend(v for v in x.values() if type(v) in _WALKED)
        elif t is list or t is tuple:
            todo.extend(v for v in x if type(v) in _WALKED)
        elif t is Said:
            text = str(x)
            if text not in out:
                out[text] = {"message": x.message,
                             "fields": {k: str(v) if type(v) is Said else v for k, v in x.fields.items()}}
                todo.extend(v for v in x.fields.values() if type(v) is Said)
    return out


_WALKED = frozenset((dict, list, tuple, Said))
