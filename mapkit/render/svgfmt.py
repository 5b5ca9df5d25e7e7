"""Numbers and point lists written into SVG: few decimals, stable bytes."""

from __future__ import annotations

__all__ = ["fmt", "points"]


def fmt(v: float) -> str:
    """A number for SVG: at most 3 decimals, no trailing zeros (small files, stable bytes).

    >>> fmt(1.0), fmt(2.50049), fmt(-0.0001)
    ('1', '2.5', '0')
    """
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def points(pts) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts)
