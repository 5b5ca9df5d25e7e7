"""Lines moved sideways, as a river that runs along a state border is drawn beside the border
line (:meth:`mapkit.render.boardart.BoardArt.drawn_segments`): the hex sides keyed by their two
ends, rounded so that either hex's corners give the same key, and a polyline with some of its
segments moved, mitred where two moved segments meet.
"""

from __future__ import annotations

__all__ = ["rounded_ends", "shifted_line"]


def rounded_ends(seg) -> tuple:
    """A side's two ends rounded to 0.1 micrometre: the same point from either hex's corners
    (the key of the shifts of :meth:`mapkit.render.boardart.BoardArt.drawn_segments` and the points
    merged into lines)."""
    (x1, y1), (x2, y2) = seg
    return (round(x1, 4), round(y1, 4)), (round(x2, 4), round(y2, 4))


def shifted_line(pts: list, shifts: dict) -> list:
    """A polyline with some of its segments moved sideways (``shifts``: segment's two ends
    -> (dx, dy)): where two moved segments meet, at the meeting of their moved lines; where
    a moved segment meets one in place, a short step joins them.

    >>> shifted_line([(0.0, 0.0), (10.0, 0.0), (20.0, 0.0)], {frozenset({(10.0, 0.0), (20.0, 0.0)}): (0.0, 1.0)})
    [(0.0, 0.0), (10.0, 0.0), (10.0, 1.0), (20.0, 1.0)]
    """
    moves = [shifts.get(frozenset((pts[i], pts[i + 1])), (0.0, 0.0)) for i in range(len(pts) - 1)]
    out = []
    for i, (x, y) in enumerate(pts):
        before = moves[i - 1] if i > 0 else None
        after = moves[i] if i < len(moves) else None
        if before is not None and after is not None and before != (0.0, 0.0) and after != (0.0, 0.0):
            # Both moved: the meeting of the two moved lines (a mitre of equal shifts).
            n1, n2 = before, after
            d2 = n1[0] ** 2 + n1[1] ** 2
            c = (n1[0] * n2[0] + n1[1] * n2[1]) / d2
            k = 1.0 / (1.0 + c) if c > -0.99 else 1.0
            out.append((x + (n1[0] + n2[0]) * k, y + (n1[1] + n2[1]) * k))
            continue
        for move in (before, after):
            if move is not None:
                p = (x + move[0], y + move[1])
                if not out or out[-1] != p:
                    out.append(p)
    return out
