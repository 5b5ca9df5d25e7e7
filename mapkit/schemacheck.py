"""A JSON Schema checker for the keywords of mapkit's own schemas, compiled once into closures.

mapkit checks every map it reads against ``schemas/map.schema.json``. The general
``jsonschema`` library costs about 60 ms to import and more to build a validator, which is a
third of a command's start-up; the schemas use a handful of keywords, and this module checks
exactly those, with jsonschema's messages. A schema using any other keyword is refused when it
is compiled, so a keyword added to a schema cannot be silently ignored (the tests compile both
schemas, and compare the verdicts with jsonschema's on the bundled maps and on mutations of them).

One deliberate difference: ``"type": "integer"`` takes whole numbers only, not ``1.0`` (which
jsonschema accepts, and which the code reading a map could not use as a count).

>>> check = compile_schema({"type": "object", "required": ["a"],
...                         "properties": {"a": {"type": "integer", "minimum": 1}}})
>>> [(e.path, e.message) for e in check.iter_errors({"a": 0})]
[(('a',), '0 is less than the minimum of 1')]
>>> [e.message for e in check.iter_errors({})]
["'a' is a required property"]
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterator
import contextlib

__all__ = ["SchemaError", "Checker", "compile_schema", "KEYWORDS"]

# Keywords that only describe (no check).
_NOTES = frozenset({"$schema", "$id", "title", "description", "default", "$defs", "$comment", "examples"})
KEYWORDS = _NOTES | {"type", "enum", "const", "properties", "additionalProperties", "required", "items",
                     "$ref", "minimum", "maximum", "exclusiveMinimum", "minLength", "minItems",
                     "maxItems", "minProperties", "propertyNames", "pattern", "oneOf"}


@dataclass(frozen=True)
class SchemaError:
    """One problem: ``path`` of keys and indexes to the value, the keyword that failed."""

    path: tuple
    message: str
    keyword: str
    schema: dict = field(repr=False, compare=False)
    instance: Any = field(repr=False, compare=False)


_Check = Callable[[Any, tuple, list], None]
# Values in messages are shortened (a wrong value may be a list of a million items).
_REPR = reprlib.Repr()
_REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxdict = 80, 80, 8, 8


def _show(value) -> str:
    return _REPR.repr(value)


class _Enough(Exception):
    pass


class _Bounded(list):
    """A list of errors that stops the check when it is full."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def append(self, item) -> None:
        super().append(item)
        if len(self) >= self.limit:
            raise _Enough


def _is_type(value, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, dict)
    raise ValueError(f"unknown type {name!r} in a schema")


def _same(a, b) -> bool:
    """JSON equality: ``1 == True`` is not."""
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


class Checker:
    """A compiled schema: ``iter_errors(value)`` lists every problem, ``is_valid(value)``."""

    def __init__(self, schema: dict):
        self.root = schema
        self._refs: dict[str, _Check] = {}
        self._check = self._compile(schema)

    def iter_errors(self, value, limit: int | None = None) -> Iterator[SchemaError]:
        """Every problem of ``value`` (the first ``limit`` found, when given: a wrong list of a
        million items need not make a million messages)."""
        errors: list[SchemaError] = _Bounded(limit) if limit is not None else []
        with contextlib.suppress(_Enough):
            self._check(value, (), errors)
        return iter(list(errors))

    def is_valid(self, value) -> bool:
        return next(self.iter_errors(value), None) is None

    # -- compiling ------------------------------------------------------------------------------
    def _ref(self, ref: str) -> _Check:
        if not ref.startswith("#/"):
            raise ValueError(f"only local references are supported, not {ref!r}")
        if ref not in self._refs:
            target: Any = self.root
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            self._refs[ref] = lambda v, p, e: None  # a placeholder while it compiles (recursion)
            compiled = self._compile(target)
            self._refs[ref] = compiled
        return lambda v, p, e: self._refs[ref](v, p, e)

    def _compile(self, schema) -> _Check:
        if schema is True or schema == {}:
            return lambda v, p, e: None
        if schema is False:
            return lambda v, p, e: e.append(SchemaError(p, f"False schema does not allow {_show(v)}", "false", {}, v))
        unknown = set(schema) - KEYWORDS
        if unknown:
            raise ValueError(f"schema keyword(s) {sorted(unknown)} are not supported by mapkit.schemacheck")
        checks: list[_Check] = []
        for key in schema:
            if key not in _NOTES:
                checks.append(getattr(self, "_k_" + key.lstrip("$"))(schema[key], schema))

        def check(v, p, e):
            for c in checks:
                c(v, p, e)

        return checks[0] if len(checks) == 1 else check

    # -- keywords (each returns a check) -------------------------------------------------------
    def _k_ref(self, ref, schema) -> _Check:
        return self._ref(ref)

    def _k_type(self, types, schema) -> _Check:
        names = [types] if isinstance(types, str) else list(types)
        for n in names:
            _is_type(None, n)  # unknown names fail now
        text = ", ".join(repr(n) for n in names)

        def check(v, p, e):
            if not any(_is_type(v, n) for n in names):
                e.append(SchemaError(p, f"{_show(v)} is not of type {text}", "type", schema, v))

        return check

    def _k_enum(self, options, schema) -> _Check:
        def check(v, p, e):
            if not any(_same(v, o) for o in options):
                e.append(SchemaError(p, f"{_show(v)} is not one of {options!r}", "enum", schema, v))

        return check

    def _k_const(self, const, schema) -> _Check:
        def check(v, p, e):
            if not _same(v, const):
                e.append(SchemaError(p, f"{const!r} was expected", "const", schema, v))

        return check

    def _k_properties(self, props, schema) -> _Check:
        compiled = {k: self._compile(s) for k, s in props.items()}

        def check(v, p, e):
            if isinstance(v, dict):
                for k, c in compiled.items():
                    if k in v:
                        c(v[k], p + (k,), e)

        return check

    def _k_additionalProperties(self, extra, schema) -> _Check:
        known = set(schema.get("properties", {}))
        if extra is False:
            def check(v, p, e):
                if isinstance(v, dict):
                    unexpected = [k for k in v if k not in known]
                    if unexpected:
                        listed = ", ".join(repr(k) for k in unexpected)
                        verb = "was" if len(unexpected) == 1 else "were"
                        e.append(SchemaError(p, f"Additional properties are not allowed ({listed} {verb} "
                                                f"unexpected)", "additionalProperties", schema, v))
            return check
        each = self._compile(extra)

        def check_each(v, p, e):
            if isinstance(v, dict):
                for k, item in v.items():
                    if k not in known:
                        each(item, p + (k,), e)

        return check_each

    def _k_required(self, names, schema) -> _Check:
        def check(v, p, e):
            if isinstance(v, dict):
                for n in names:
                    if n not in v:
                        e.append(SchemaError(p, f"{n!r} is a required property", "required", schema, v))

        return check

    def _k_items(self, item_schema, schema) -> _Check:
        each = self._compile(item_schema)

        def check(v, p, e):
            if isinstance(v, list):
                for i, item in enumerate(v):
                    each(item, p + (i,), e)

        return check

    def _bound(self, limit, schema, keyword: str, fails, words: str) -> _Check:
        def check(v, p, e):
            if _is_type(v, "number") and fails(v, limit):
                e.append(SchemaError(p, f"{_show(v)} {words} {limit!r}", keyword, schema, v))

        return check

    def _k_minimum(self, limit, schema) -> _Check:
        return self._bound(limit, schema, "minimum", lambda v, m: v < m, "is less than the minimum of")

    def _k_maximum(self, limit, schema) -> _Check:
        return self._bound(limit, schema, "maximum", lambda v, m: v > m, "is greater than the maximum of")

    def _k_exclusiveMinimum(self, limit, schema) -> _Check:
        return self._bound(limit, schema, "exclusiveMinimum", lambda v, m: v <= m,
                           "is less than or equal to the minimum of")

    def _size(self, limit, schema, keyword: str, kind: str, short: bool) -> _Check:
        words = ("should be non-empty" if limit == 1 else "is too short") if short else "is too long"

        def check(v, p, e):
            if _is_type(v, kind) and (len(v) < limit if short else len(v) > limit):
                e.append(SchemaError(p, f"{_show(v)} {words}", keyword, schema, v))

        return check

    def _k_minLength(self, limit, schema) -> _Check:
        return self._size(limit, schema, "minLength", "string", True)

    def _k_minItems(self, limit, schema) -> _Check:
        return self._size(limit, schema, "minItems", "array", True)

    def _k_maxItems(self, limit, schema) -> _Check:
        return self._size(limit, schema, "maxItems", "array", False)

    def _k_minProperties(self, limit, schema) -> _Check:
        return self._size(limit, schema, "minProperties", "object", True)

    def _k_pattern(self, pattern, schema) -> _Check:
        rx = re.compile(pattern)

        def check(v, p, e):
            if isinstance(v, str) and not rx.search(v):
                e.append(SchemaError(p, f"{_show(v)} does not match {pattern!r}", "pattern", schema, v))

        return check

    def _k_propertyNames(self, name_schema, schema) -> _Check:
        each = self._compile(name_schema)

        def check(v, p, e):
            if isinstance(v, dict):
                for k in v:
                    each(k, p, e)

        return check

    def _k_oneOf(self, options, schema) -> _Check:
        compiled = [self._compile(s) for s in options]

        def check(v, p, e):
            matched = 0
            for c in compiled:
                found: list = []
                c(v, p, found)
                matched += not found
            if matched != 1:
                words = "is not valid under any of the given schemas" if not matched else \
                    "is valid under each of " + ", ".join(repr(s) for s in options)
                e.append(SchemaError(p, f"{_show(v)} {words}", "oneOf", schema, v))

        return check


def compile_schema(schema: dict) -> Checker:
    """A :class:`Checker` for ``schema`` (ValueError for a keyword it does not know)."""
    return Checker(schema)
