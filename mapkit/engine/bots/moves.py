"""A family's candidate moves: what ``easy`` chooses among, ``strong`` searches and ``hint``
shows (:meth:`mapkit.engine.family.GameFamily.move_options`).

A legal action set can be huge (every piece of track a player may lay), so a family names the
few moves worth considering in a position, each a :class:`Candidate`: the action, the family's
own estimate of it (``score``, in the family's unit: money, points, VP) and the figures that
went into that estimate (``parts``), best first, the greedy bot's own choice among them. The
labels are English messages marked for translation (:func:`mapkit.i18n.N_`): a front end shows
them through :func:`mapkit.i18n.translate`, the browser through its catalogue.

>>> c = Candidate({"type": "pass", "player": 0}, -1.5, (("fares", -1.5),), "pass", ())
>>> c.as_json()["parts"], c.as_json()["what"]
([{'label': 'fares', 'value': -1.5}], 'pass')
>>> [(x.action["type"], x.greedy) for x in ranked([c, Candidate({"type": "done", "player": 0}, 2.0)],
...                                                first={"type": "pass", "player": 0})]
[('done', False), ('pass', True)]
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["Candidate", "ranked", "unique", "listed", "hints", "HINTS"]

HINTS = 3           # moves a hint lists (and the greedy bot's, when it is not among them)


@dataclass(frozen=True)
class Candidate:
    """A move worth considering: ``action`` (legal now), ``score`` (the family's estimate,
    higher is better), ``parts`` (``(label, value)`` pairs: the figures of the estimate),
    ``what`` (a message describing the move, with ``{name}`` fields) and ``args`` (``(name,
    value)`` pairs filling them)."""

    action: dict
    score: float = 0.0
    parts: tuple = ()
    what: str = ""
    args: tuple = ()
    greedy: bool = False        # the greedy bot's own choice

    def as_json(self) -> dict:
        out = {"action": self.action, "score": round(self.score, 3),
               "parts": [{"label": k, "value": round(v, 3)} for k, v in self.parts],
               "what": self.what, "args": dict(self.args)}
        if self.greedy:
            out["greedy"] = True
        return out


def unique(cands) -> list:
    """The candidates without a second one of the same action (the first kept)."""
    seen: list = []
    out = []
    for c in cands:
        if c.action not in seen:
            seen.append(c.action)
            out.append(c)
    return out


def ranked(cands, first: dict | None = None, limit: int | None = None) -> list:
    """``cands`` best first by score (a stable sort), each action once, the one whose action is
    ``first`` (the greedy bot's choice) marked (and put first when no candidate has that
    action: a move the family did not score); at most ``limit``, the marked one always kept."""
    out = sorted(unique(cands), key=lambda c: -c.score)
    if first is not None:
        at = next((i for i, c in enumerate(out) if c.action == first), None)
        if at is None:
            out.insert(0, Candidate(first, out[0].score if out else 0.0, greedy=True))
        else:
            c = out[at]
            out[at] = Candidate(c.action, c.score, c.parts, c.what, c.args, True)
    if limit is not None and len(out) > limit:
        keep = out[:limit]
        if first is not None and not any(c.greedy for c in keep):
            keep[-1] = next(c for c in out if c.greedy)
        out = keep
    return out


def listed(state, seed: int, policy, moves, limit: int) -> list:
    """A family's :meth:`~mapkit.engine.family.GameFamily.move_options`: ``moves(state, seat,
    first, bot)`` (the family's candidates for the seat to move, ``first`` the move of ``bot``,
    its greedy bot ``policy`` with ``seed``, whose measures and tie keys score them) ranked with
    that move marked; [] when nobody is to move."""
    p = state.current_player()
    if p < 0:
        return []
    bot = policy(seed)
    first = bot.act(state)
    return ranked(moves(state, p, first, bot), first=first, limit=limit)


def hints(state, seat: int, seed: int = 0, count: int = HINTS) -> list:
    """The best ``count`` moves for ``seat`` when he is to move (else []), with their figures:
    asked of the family (:meth:`~mapkit.engine.family.GameFamily.move_options`) with his seat's
    observation, so a hint tells nothing of another seat's secrets; the greedy bot's move
    (with ``seed``) is always among them, marked."""
    from ..game import family_of

    if state.current_player() != seat or seat < 0:
        return []
    obs = state.observation(seat, random.Random(f"hint:{seed}:{seat}:{len(state.history)}"))
    cands = family_of(state.rules.name).move_options(obs, seed)
    top = cands[:count]
    if not any(c.greedy for c in top):
        top += [c for c in cands if c.greedy][:1]
    return top
