"""Rule options: the switches of a game, as a frozen dataclass that checks itself.

Every game family declares its options as an :class:`OptionSet` subclass whose fields are
made with :func:`option`: a default, and what a value may be (a choice among names, a whole
number with a lower bound, a flag, ``None`` where allowed). :meth:`OptionSet.check` reads
those declarations, so no option needs hand-written checking code.

An option added after records were first written carries ``before``: the value that plays
as the engine played before the option existed. A record spells out every option of its
time; one that lacks a newer option gets its ``before`` value, so an old game replays
exactly (:meth:`OptionSet.from_record`).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(OptionSet):
...     dice: int = option(2, low=1, high=2)
...     fees: str = option("paluba", choices=("paluba", "expres"))
...     ferries: bool = option(True, before=False)
>>> Demo().replace(fees="expres").fees
'expres'
>>> Demo().replace(fees="cheap")
Traceback (most recent call last):
...
mapkit.errors.InputError: option fees: 'cheap' is not one of paluba, expres
>>> Demo().replace(dise=1)
Traceback (most recent call last):
...
mapkit.errors.InputError: unknown rule option 'dise'; did you mean 'dice'?
>>> Demo.from_record(Demo(), {"dice": 1}).ferries      # an old record: ferries did not exist
False
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field, fields
from typing import Self

from ..errors import InputError

__all__ = ["OptionSet", "option"]

_NOT_GIVEN = object()


def option(default, *, choices=None, low=None, high=None, nullable=None, before=_NOT_GIVEN, extra=None):
    """A dataclass field of an :class:`OptionSet`.

    ``choices``: the allowed names; ``low`` / ``high``: bounds of a whole number;
    ``nullable``: whether ``None`` is allowed (default: when the default is ``None``);
    ``before``: the value that plays as the engine did before this option existed;
    ``extra``: further allowed values beside the kind (``"auto"`` for a number, say).
    """
    meta = {"choices": tuple(choices) if choices else None, "low": low, "high": high,
            "nullable": default is None if nullable is None else nullable,
            "extra": tuple(extra or ())}
    if before is not _NOT_GIVEN:
        meta["before"] = before
    return field(default=default, metadata=meta)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class OptionSet:
    """Base class of a family's options (see the module notes)."""

    def replace(self, **changes) -> Self:
        """A copy with ``changes``; unknown names and bad values raise :class:`InputError`."""
        known = {f.name for f in fields(self)}
        for k in changes:
            if k not in known:
                near = difflib.get_close_matches(k, sorted(known), n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise InputError(f"unknown rule option {k!r}{hint}")
        new = dataclasses.replace(self, **changes)
        new.check()
        return new

    def check(self) -> None:
        """Raise :class:`InputError` naming the first option with a bad value."""
        for f in fields(self):
            _check_value(f, getattr(self, f.name))
        self.check_together()

    def check_together(self) -> None:
        """Checks across options (a family overrides this); raise :class:`InputError`."""

    def as_json(self) -> dict:
        return dataclasses.asdict(self)

    def diff(self, base: OptionSet) -> dict:
        """The options that differ from ``base`` (for short descriptions)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}

    @classmethod
    def describe(cls) -> list[tuple[str, str]]:
        """``(name, what values it takes)`` of every option, for help texts."""
        out = []
        for f in fields(cls):
            m = f.metadata
            if m.get("choices"):
                kind = " | ".join(m["choices"])
            elif isinstance(f.default, bool):
                kind = "true | false"
            else:
                kind = "number" + (f" >= {m['low']}" if m.get("low") is not None else "")
            if m.get("extra"):
                kind += " | " + " | ".join(map(str, m["extra"]))
            if m.get("nullable"):
                kind += " | null"
            out.append((f.name, kind))
        return out

    @classmethod
    def from_record(cls, defaults: Self, values: dict) -> Self:
        """The options a record names: ``values`` over ``defaults``; an option the record
        lacks (it did not exist when the game was played) takes its ``before`` value."""
        changes = dict(values)
        for f in fields(cls):
            if f.name not in changes and "before" in f.metadata:
                changes[f.name] = f.metadata["before"]
        return defaults.replace(**changes)


def _check_value(f, v) -> None:
    m = f.metadata
    name = f.name
    if v is None:
        if m.get("nullable"):
            return
        raise InputError(f"option {name}: null is not allowed")
    if v in m.get("extra", ()) and not isinstance(v, bool):
        return
    if m.get("choices"):
        if v not in m["choices"]:
            raise InputError(f"option {name}: {v!r} is not one of {', '.join(m['choices'])}")
        return
    if isinstance(f.default, bool):
        if not isinstance(v, bool):
            raise InputError(f"option {name}: {v!r} is not true or false")
        return
    if not _is_int(v):
        raise InputError(f"option {name}: {v!r} is not a whole number" + (" or null" if m.get("nullable") else ""))
    low, high = m.get("low"), m.get("high")
    if low is not None and v < low:
        raise InputError(f"option {name}: {v} is under {low}")
    if high is not None and v > high:
        raise InputError(f"option {name}: {v} is over {high}")
