"""The errors mapkit raises on purpose, and the exit codes the command line gives them.

Every error carries a one-line message that names the file and the place (YAML line, hex,
edge, city); the command line prints it without a traceback.
"""

from __future__ import annotations

__all__ = ["MapkitError", "InputError", "InvalidError", "MissingDependency", "place"]


class MapkitError(Exception):
    """Base class: ``exit_code`` is what the command line returns for it."""

    exit_code = 2


class InputError(MapkitError):
    """The command could not run: unreadable or malformed file, bad option (exit 2).

    ``line``: the line of the file the message names, where there is one (for reports that
    place problems, such as ``validate --format json``).
    """

    exit_code = 2

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


class InvalidError(MapkitError):
    """The input was read but is not valid: a map failing validation, an illegal move (exit 1)."""

    exit_code = 1

    def __init__(self, message: str, issues=None):
        super().__init__(message)
        self.issues = list(issues or [])


class MissingDependency(InputError):
    """An optional dependency (OCR, geographic data) is not installed (exit 2)."""

    def __init__(self, feature: str, package: str, extra: str | None = None):
        how = f"pip install 'mapkit[{extra}]'" if extra else f"pip install {package}"
        super().__init__(f"{feature} needs the optional package {package!r}: {how}")
        self.package = package


def place(source: str | None, line: int | None = None) -> str:
    """``file:line`` (or just ``file``) for the start of an error message."""
    if source is None:
        return "<map>" if line is None else f"<map>:{line}"
    return source if line is None else f"{source}:{line}"
