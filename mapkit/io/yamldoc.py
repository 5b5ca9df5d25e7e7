"""A YAML document as plain data, with the line of every value, bounded while it is parsed.

The text is parsed by libyaml (PyYAML's C parser) into events, and the events are built into
dicts, lists and scalars here, one at a time, so that the work stops as soon as a bound is
passed: more than ``max_values`` values (counting what aliases repeat: an alias bomb is caught
before it is expanded), nesting deeper than ``max_depth``, an integer of more than
``MAX_NUMBER_DIGITS`` digits. Nothing is kept between two reads. Scalars are read as YAML 1.1
safe loading reads them (PyYAML's resolver and constructors): ``yes`` is true, ``0x1f`` is 31,
a date stays the text written; other tags are refused.

>>> data, doc = load_yaml("a: 1\\nb:\\n  - x\\n  - [2.5, yes, ~]\\n", "m.yaml")
>>> data
{'a': 1, 'b': ['x', [2.5, True, None]]}
>>> doc.line(("b", 1, 0)), doc.line(("a",))
(4, 1)
>>> load_yaml("a: &x [1, 2]\\nb: *x\\n", "m.yaml", max_values=5)
Traceback (most recent call last):
...
mapkit.errors.InputError: m.yaml:2: document too large (more than 5 values; alias bomb?)
"""

from __future__ import annotations

import math

import yaml

from ..errors import InputError

__all__ = ["Doc", "load_yaml", "MAX_VALUES", "MAX_DEPTH", "MAX_NUMBER_DIGITS"]

# Far above any real map (a 1000 x 1000 board written with lists of hexes has about a million
# values; the bundled maps a few thousand), far below what fills the memory.
MAX_VALUES = 1_200_000
MAX_DEPTH = 60
MAX_NUMBER_DIGITS = 100

_TAG = "tag:yaml.org,2002:"
# Stateless helpers: the resolver's tables and the constructors' conversions keep nothing
# per document (the constructors are called directly, never through construct_object, which
# would remember every node).
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCT = yaml.constructor.SafeConstructor()
_CONVERT = {
    _TAG + "str": None,
    _TAG + "int": _CONSTRUCT.construct_yaml_int,
    _TAG + "float": _CONSTRUCT.construct_yaml_float,
    _TAG + "bool": _CONSTRUCT.construct_yaml_bool,
    _TAG + "null": lambda node: None,
    _TAG + "timestamp": None,  # kept as written
    _TAG + "binary": None,
    _TAG + "value": None,
}


class Doc:
    """Where each value of a document stands: ``line(path)`` for a path of keys and indexes."""

    def __init__(self, source: str):
        self.source = source
        self.lines: dict[tuple, int] = {}
        self.count = 0

    def line(self, path) -> int | None:
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def fail(self, message: str, path=()) -> InputError:
        line = self.line(path)
        where = f"{self.source}:{line}" if line else self.source
        return InputError(f"{where}: {message}", line)


_MERGE = object()  # the key of a merge (``<<: *base``)


class _Frame:
    """A mapping or sequence being built."""

    __slots__ = ("value", "path", "line", "anchor", "start", "key", "merges")

    def __init__(self, value, path, line, anchor, start):
        self.value = value
        self.path = path
        self.line = line
        self.anchor = anchor
        self.start = start  # the value count when it started: its own size for aliases
        self.key = None  # a mapping's key waiting for its value
        self.merges: list = []


def _scalar(event, line: int | None, fail):
    """The Python value of a scalar event, as PyYAML's safe loader makes it."""
    tag, text = event.tag, event.value
    if tag is None or tag == "!":
        tag = _RESOLVER.resolve(yaml.ScalarNode, text, event.implicit)
    if tag not in _CONVERT:
        raise fail(f"the tag {event.tag} is not allowed in a map file", line)
    convert = _CONVERT[tag]
    if convert is None:
        return text
    if tag == _TAG + "int":
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_NUMBER_DIGITS:
            raise fail(f"a number of {digits} digits is too long (at most {MAX_NUMBER_DIGITS})", line)
    try:
        value = convert(yaml.ScalarNode(tag, text))
    except (ValueError, yaml.YAMLError):
        raise fail(f"{text[:40]!r} is not a valid {tag[len(_TAG):]}", line) from None
    if isinstance(value, float) and not math.isfinite(value):
        raise fail(f"{text[:40]!r} is not a finite number", line)
    return value


class _Builder:
    """Events -> plain data, with a stack instead of recursion."""

    def __init__(self, doc: Doc, max_values: int, max_depth: int):
        self.doc = doc
        self.max_values = max_values
        self.max_depth = max_depth
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple] = {}
        self.root = None
        self.documents = 0

    def fail(self, message: str, line: int | None) -> InputError:
        where = f"{self.doc.source}:{line}" if line else self.doc.source
        return InputError(f"{where}: {message}", line)

    def _count(self, n: int, line: int | None) -> None:
        self.doc.count += n
        if self.doc.count > self.max_values:
            raise self.fail(f"document too large (more than {self.max_values} values; alias bomb?)", line)

    def _next_path(self) -> tuple:
        if not self.stack:
            return ()
        top = self.stack[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value),)
        return top.path + ("<<" if top.key is _MERGE else top.key,)

    def _put(self, value, path, line: int | None) -> None:
        """Store a finished value where it belongs (and its line, where it differs from its
        container's: a flow list on one line stores one line, not one per item)."""
        if path and line is not None and line != self.doc.line(path[:-1]):
            self.doc.lines.setdefault(path, line)
        if not self.stack:
            self.root = value
            return
        top = self.stack[-1]
        if isinstance(top.value, list):
            top.value.append(value)
        elif top.key is _MERGE:
            top.merges.append((value, line))
            top.key = None
        else:
            top.value[top.key] = value
            top.key = None

    def _take_key(self, event, line: int | None) -> bool:
        """A mapping's key: remember it and return True; False for anything else."""
        top = self.stack[-1] if self.stack else None
        if top is None or not isinstance(top.value, dict) or top.key is not None:
            return False
        if not isinstance(event, yaml.ScalarEvent):
            raise self.fail("a key must be a plain value", line)
        self._count(1, line)
        if event.value == "<<" and not event.style and event.tag is None:
            top.key = _MERGE
            return True
        value = _scalar(event, line, self.fail)
        # "yes", "1.5", "~" as keys: the text written, not true, 1.5 or null
        key = event.value if isinstance(value, (bool, float)) or value is None else str(value)
        if line is not None:
            self.doc.lines[top.path + (key,)] = line
        if key in top.value:
            raise self.fail(f"duplicate key {key!r}", line)
        top.key = key
        return True

    def _end(self) -> None:
        frame = self.stack.pop()
        if isinstance(frame.value, dict):
            for merged, line in frame.merges:  # keys written out win over merged ones
                for item in merged if isinstance(merged, list) else [merged]:
                    if not isinstance(item, dict):
                        raise self.fail("a merge (<<) takes a mapping or a list of mappings", line)
                    for k, v in item.items():
                        frame.value.setdefault(k, v)
        if frame.anchor is not None:
            self.anchors[frame.anchor] = (frame.value, self.doc.count - frame.start + 1)
        self._put(frame.value, frame.path, frame.line)

    def feed(self, event) -> None:
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)):
            return
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.fail("more than one document in the file (a map is one)", line)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            self._end()
        elif self._take_key(event, line):
            return
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                raise self.fail(f"undefined alias *{event.anchor}", line)
            value, size = self.anchors[event.anchor]
            self._count(size, line)
            self._put(value, self._next_path(), line)
        elif isinstance(event, yaml.ScalarEvent):
            self._count(1, line)
            value = _scalar(event, line, self.fail)
            if event.anchor is not None:
                self.anchors[event.anchor] = (value, 1)
            self._put(value, self._next_path(), line)
        else:  # a mapping or sequence starts
            self._count(1, line)
            if len(self.stack) >= self.max_depth:
                raise self.fail(f"nested more than {self.max_depth} levels deep", line)
            container: dict | list = {} if isinstance(event, yaml.MappingStartEvent) else []
            self.stack.append(_Frame(container, self._next_path(), line, event.anchor, self.doc.count))


def _yaml_error(exc: yaml.YAMLError, text: str, source: str) -> InputError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if mark is None and getattr(exc, "position", None) is not None:  # a ReaderError
        line = text[: exc.position].count("\n") + 1
        return InputError(f"{source}:{line}: malformed YAML: {getattr(exc, 'reason', 'unreadable character')}", line)
    at = f":{mark.line + 1}" if mark else ""
    what = getattr(exc, "problem", None) or getattr(exc, "context", None) or str(exc).splitlines()[0]
    if "nesting depth" in what:  # libyaml's own bound, met while it reads ahead
        what = f"nested too deeply ({what})"
    return InputError(f"{source}{at}: malformed YAML: {what}", mark.line + 1 if mark else None)


def load_yaml(text: str, source: str = "<yaml>", *, max_values: int = MAX_VALUES,
              max_depth: int = MAX_DEPTH):
    """``(data, doc)``: the document's value and where its values stand.

    An empty document (or one of comments only) gives ``None``. Every problem is a one-line
    :class:`~mapkit.errors.InputError` naming ``source`` and the line.
    """
    doc = Doc(source)
    builder = _Builder(doc, max_values, max_depth)
    parser = yaml.cyaml.CParser(text)
    try:
        while True:
            event = parser.get_event()
            if event is None:
                break
            builder.feed(event)
            if isinstance(event, yaml.StreamEndEvent):
                break
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, source) from None
    finally:
        parser.dispose()
    return builder.root, doc
