"""What the board picture (:mod:`mapkit.play.picture`) shows of TransAmerica beyond the track
and the markers that every game has: a broken bridge (a double line blocked for the round)
crossed out in red."""

from __future__ import annotations

__all__ = ["blocked_overlay"]


def blocked_overlay(view: dict, pen) -> list:
    f, k = pen.fmt, pen.k
    out = []
    for edge in view["board"].get("blocked", ()):
        x, y = pen.midpoint(edge)
        d = 2.2 * k
        out.append(f'<path class="blocked" d="M{f(x - d)},{f(y - d)} L{f(x + d)},{f(y + d)} M{f(x - d)},'
                   f'{f(y + d)} L{f(x + d)},{f(y - d)}" stroke="#c62828" stroke-width="{f(0.9 * k)}"/>')
    return out
