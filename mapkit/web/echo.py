"""What an error may repeat of a request: at most :data:`ECHO_CHARS` characters of any one
value, so a 100 kB name sent in costs the server (and its log) a line, not 100 kB back.

>>> clip("x" * 100)[-5:], len(clip("x" * 100)), clip("tiny"), clip(7)
('xx...', 83, 'tiny', '7')
>>> clip_echoes("no preset '" + "p" * 200 + "' here") == "no preset '" + "p" * 80 + "...' here"
True
>>> len(clip_echoes("a " * 1000))
403
"""

from __future__ import annotations

import re

__all__ = ["ECHO_CHARS", "MAX_ERROR_CHARS", "clip", "clip_echoes"]

ECHO_CHARS = 80           # a map id, a preset or an option name is far shorter
MAX_ERROR_CHARS = 400     # a one-line error; longer can only be an echo the rules below missed

# A quoted value (repr's quotes) or an unbroken run: the shapes an echo of input takes in the
# messages of the engine, which quotes what it refuses. The quoted form stops at its own quote
# character, so the scan is linear in the message.
_QUOTED = re.compile(r"""(['"])((?:(?!\1).){""" + str(ECHO_CHARS + 1) + r""",})\1""", re.S)
_RUN = re.compile(r"""[^\s'"]{""" + str(ECHO_CHARS + 4) + ",}")      # a clipped value is shorter


def clip(value) -> str:
    """``value`` as text, cut to :data:`ECHO_CHARS` characters and ``...``."""
    text = value if isinstance(value, str) else str(value)[:ECHO_CHARS + 1]
    return text if len(text) <= ECHO_CHARS else text[:ECHO_CHARS] + "..."


def clip_echoes(message: str) -> str:
    """An error message with every long quoted value or unbroken run in it clipped, and at most
    :data:`MAX_ERROR_CHARS` characters in all: the last guard of every answer, for messages
    written outside the web server (the engine's, the map loader's)."""
    message = _QUOTED.sub(lambda m: m.group(1) + clip(m.group(2)) + m.group(1), message)
    message = _RUN.sub(lambda m: clip(m.group(0)), message)
    return message if len(message) <= MAX_ERROR_CHARS else message[:MAX_ERROR_CHARS] + "..."
