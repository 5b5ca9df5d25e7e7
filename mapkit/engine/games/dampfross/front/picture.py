"""What the board picture (:mod:`mapkit.play.picture`) shows of a Dampfross race beyond the
track and the pawns that every game has: the start city and the target (a special race's
target hexes each) ringed, and each train's declared route dashed in its colour."""

from __future__ import annotations

__all__ = ["race_overlay"]


def race_overlay(view: dict, pen) -> list:
    """The race of ``view`` (its ``race``; nothing between races) drawn with ``pen``."""
    race = view.get("race")
    if not race or not race.get("start_city"):
        return []
    f, k = pen.fmt, pen.k
    by_name = {c.name: c for c in pen.board.cities}
    marks = [("start", pen.centres[by_name[race["start_city"]].hex])]
    if race.get("special"):
        marks += [("target", pen.centre(h)) for h in race.get("target_hexes", [])]
    elif race.get("target_city"):
        marks.append(("target", pen.centres[by_name[race["target_city"]].hex]))
    out = []
    for kind, (x, y) in marks:
        dash = ' stroke-dasharray="1.2,0.8"' if kind == "target" else ""
        out.append(f'<circle class="race-{kind}" cx="{f(x)}" cy="{f(y)}" r="{f(6.2 * k)}" '
                   f'fill="none" stroke="#000000" stroke-width="{f(0.6 * k)}"{dash}/>')
    seat = {p["name"]: p["seat"] for p in view["players"]}
    for name, route in race.get("routes", {}).items():
        p = seat[name]
        pts = " ".join(f"{f(x)},{f(y)}" for x, y in map(pen.centre, route))
        out.append(f'<polyline class="route p{p}" points="{pts}" fill="none" stroke="{pen.colour(p)}" '
                   f'stroke-width="{f(0.5 * k)}" stroke-dasharray="{f(1.5 * k)},{f(1 * k)}"/>')
    return out
