"""``hint`` in the terminal: the best few moves with the parts of their score.

The family lists them (:func:`mapkit.engine.bots.moves.hints`, from the seat's observation);
this module only writes them, each as its description, its score and its parts, and the command
that plays it (the family's front, :meth:`mapkit.play.fronts.Front.action_as_command`). The
words go through :mod:`mapkit.i18n`.
"""

from __future__ import annotations

from ..i18n import _, translate

__all__ = ["hint_lines", "number"]


def number(x: float) -> str:
    """A figure as a hint prints it: whole numbers plain, others with two decimals.

    >>> number(6), number(-2.0), number(1.256), number(-0.0)
    ('6', '-2', '1.26', '0')
    """
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x))) if round(x) else "0"
    return f"{x:.2f}"


def hint_lines(state, seat: int, seed: int, front) -> list:
    """The lines of ``hint`` for ``seat`` in ``state`` ([] when the family lists no moves)."""
    from ..engine.bots.moves import hints

    cands = hints(state, seat, seed)
    lines = []
    for i, c in enumerate(cands, 1):
        command = front.action_as_command(state, c.action)
        what = translate(c.what).format(**dict(c.args)) if c.what else command
        parts = ", ".join(f"{translate(k)} {number(v)}" for k, v in c.parts)
        lines.append(f"  {'*' if c.greedy else ' '}{i}. {what}: {number(c.score)}"
                     + (f" ({parts})" if parts else "") + f"  [{command}]")
    if lines:
        lines.insert(0, "  " + _("best moves (score and its parts; * the greedy bot's move):"))
    return lines
