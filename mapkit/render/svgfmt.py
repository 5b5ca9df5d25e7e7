"""Numbers and point lists written into SVG, and the figures of the report's page: few
decimals, stable bytes."""

from __future__ import annotations

__all__ = ["fmt", "points", "figure_text"]


def fmt(v: float) -> str:
    """A number for SVG: at most 3 decimals, no trailing zeros (small files, stable bytes).

    >>> fmt(1.0), fmt(2.50049), fmt(-0.0001)
    ('1', '2.5', '0')
    """
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def points(pts) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts)


def figure_text(v, digits: int = 1) -> str:
    """A figure as the report's HTML page shows it, in its tables and on its heat map:
    ``digits`` decimals, "–" for none.

    >>> figure_text(13.1333), figure_text(2), figure_text(None), figure_text(12345.678, 0)
    ('13.1', '2.0', '–', '12346')
    """
    if v is None:
        return "–"
    return f"{v:.{digits}f}"
