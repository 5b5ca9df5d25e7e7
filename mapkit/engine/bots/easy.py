"""The ``easy`` bots: the greedy bot's moves with slips a beginner can punish.

An :class:`EasyBot` asks the family for the moves worth considering
(:meth:`~mapkit.engine.family.GameFamily.move_options`: every one of them legal and sensible,
the greedy bot's own among them) and takes the greedy bot's move, except that with chance
``SLIP`` it takes another of the best ``TOP`` instead, uniformly: a city a little worse to
start from, a target a little less worth building toward, a race passed or a route a little
slower. It never plays a move the family does not list, so it never plays an absurd one, and
it is deterministic under its seed (its draws come from :meth:`~.base.Bot.rng`).
"""

from __future__ import annotations

from .base import Bot

__all__ = ["EasyBot"]


class EasyBot(Bot):
    """See the module notes. Every family's ``easy`` (its moves are the family's)."""

    name = "easy"
    SLIP = 0.35         # chance of not taking the greedy bot's move
    TOP = 3             # moves it slips to: the best others

    def act(self, state) -> dict:
        from ..game import family_of

        family = family_of(state.rules.name)
        cands = family.move_options(state, self.seed)
        greedy = next((c.action for c in cands if c.greedy), None)
        if greedy is None:       # a family that lists no moves: its default bot's
            return family.bot_classes()[family.default_bot](self.seed).act(state)
        others = [c.action for c in cands if not c.greedy and state.is_legal(c.action)][:self.TOP - 1]
        rng = self.rng(state)
        if others and rng.random() < self.SLIP:
            return rng.choice(others)
        return greedy
