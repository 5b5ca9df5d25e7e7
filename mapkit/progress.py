"""Progress of long work, shown with tqdm on standard error, and only when that is a terminal,
so that scripted output (and its standard error) stays clean.

:func:`progress` gives a bar to ``update`` as work is done (a silent one off a terminal);
``delay`` seconds pass before it shows, so work that ends sooner leaves no trace.

>>> import io
>>> quiet, shown = io.StringIO(), io.StringIO()
>>> for stream, show in ((quiet, None), (shown, True)):    # not a terminal: silent unless forced
...     with progress(3, "sheets", stream=stream, show=show, delay=0, leave=True) as bar:
...         for _ in range(3):
...             bar.update()
>>> quiet.getvalue(), "sheets" in shown.getvalue() and "3/3 steps" in shown.getvalue()
('', True)
"""

from __future__ import annotations

import sys

__all__ = ["progress", "on_terminal"]


def on_terminal(stream=None) -> bool:
    """Whether ``stream`` (standard error by default) is a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def progress(total: int, desc: str, unit: str = "step", stream=None, show: bool | None = None,
             delay: float = 0.5, leave: bool = False, units: str | None = None):
    """A tqdm bar of ``total`` ``unit``\\ s labelled ``desc`` on ``stream`` (standard error).
    ``show``: None shows it on a terminal only; True or False forces it either way. ``leave``:
    keep the finished bar as a last line (else it is wiped). ``units``: the count's word after
    "3/12" when it is not ``unit`` + s (another language's)."""
    from tqdm import tqdm

    stream = sys.stderr if stream is None else stream
    shown = on_terminal(stream) if show is None else show
    columns, rows = _size(stream)
    return tqdm(total=total, desc=desc, file=stream, disable=not shown, delay=delay, leave=leave,
                ncols=min(columns, 100), nrows=rows,
                bar_format="{desc} {bar} {n_fmt}/{total_fmt} " + (units or unit + "s") + " [{elapsed}<{remaining}]")


def _size(stream) -> tuple[int, int]:
    """Columns and rows of the terminal ``stream`` writes to; 80 x 24 for what it does not tell
    (a new pseudo-terminal says 0 x 0, and tqdm hides a bar below the last of 0 rows)."""
    import os

    try:
        size = os.get_terminal_size(stream.fileno())
        return size.columns or 80, size.lines or 24
    except (AttributeError, OSError, ValueError):
        return 80, 24
