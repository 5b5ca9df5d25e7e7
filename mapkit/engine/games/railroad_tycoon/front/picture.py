"""What the board picture (:mod:`mapkit.play.picture`) shows of Railroad Tycoon beyond the
tiles, goods and cities every game has: a link between two neighbouring cities (it lays no
tile, so the view's track has no entry for it) as a line in its owner's colour, and a ring on
each city whose Western Link is bought."""

from __future__ import annotations

__all__ = ["overlay"]


def overlay(view: dict, pen) -> list:
    f, k = pen.fmt, pen.k
    out = []
    for link in view["board"].get("links", ()):
        if len(link["path"]) != 2:
            continue
        (x1, y1), (x2, y2) = (pen.centre(h) for h in link["path"])
        out.append(f'<line class="track p{link["owner"]} direct" x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}" '
                   f'stroke="{pen.colour(link["owner"])}" stroke-width="{f(1.3 * k)}" stroke-opacity="0.85"/>')
    for t in view["board"].get("tokens", ()):
        if t["kind"] == "western_link":
            x, y = pen.centre(t["hex"])
            out.append(f'<circle class="western p{t["owner"]}" cx="{f(x)}" cy="{f(y)}" r="{f(0.5 * pen.hex_mm)}" '
                       f'fill="none" stroke="{pen.colour(t["owner"])}" stroke-width="{f(0.8 * k)}" '
                       f'stroke-dasharray="{f(1.5 * k)},{f(0.8 * k)}"/>')
    return out
