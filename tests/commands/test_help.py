"""Every command's --help is plain text: the docstrings' reST markup (``x``, :func:`...`) never
reaches the terminal."""

from __future__ import annotations

import re

import pytest

from mapkit.cli import COMMANDS
from tests.support import run_here

MARKUP = re.compile(r"``|:[a-z]+:`|`")


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_is_plain_text(command):
    r = run_here(*([command] if command else []), "--help")
    assert r.returncode == 0, r.stderr
    assert "usage: mapkit" in r.stdout
    found = [line for line in r.stdout.splitlines() if MARKUP.search(line)]
    assert not found, f"mapkit {command or ''} --help shows markup: {found}"
