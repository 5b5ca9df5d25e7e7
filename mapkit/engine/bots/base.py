"""What every bot is: an object whose :meth:`Bot.act` returns a legal action for the player
to move, decided from the public state and a seed alone.

A bot keeps no memory between decisions: its random numbers come from a generator seeded by
the bot's seed, the seat and the number of actions played so far (:meth:`Bot.rng`), so a bot
makes the same decision in the same position whatever happened before, in this process or
another one (``mapkit simulate --jobs``), and after a game is saved and resumed
(``mapkit play --resume``).

>>> class First(Bot):
...     name = "first"
...     def act(self, state):
...         return state.legal_actions()[0]
>>> First(seed=3).rng_key(seat=1, ply=10)
'first:3:1:10'
"""

from __future__ import annotations

import random

__all__ = ["Bot"]


class Bot:
    """Base class of the bots: ``name`` (the registry key), ``seed``."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._random = random.Random(0)

    def __repr__(self):
        return f"{type(self).__name__}(seed={self.seed})"

    def rng_key(self, seat: int, ply: int) -> str:
        """The seed text of the generator for seat ``seat`` after ``ply`` actions."""
        return f"{self.name}:{self.seed}:{seat}:{ply}"

    def rng(self, state) -> random.Random:
        """The generator for this decision (the same in the same position, in any process):
        the bot's one generator, seeded again. Seeding sets its whole state, so it keeps
        nothing from before; reseeding costs half of making a new one (``random.Random(text)``
        seeds twice: from the text's hash, then from the text). Take it once per decision."""
        r = self._random
        r.seed(self.rng_key(state.current_player(), len(state.history)))
        return r

    def act(self, state) -> dict:
        """A legal action (a JSON object) for ``state.current_player()``."""
        raise NotImplementedError

    @staticmethod
    def fallback(state) -> dict:
        """The safest legal action: end the turn, pass a race, decline; else the first one."""
        acts = state.legal_actions()
        for kind in ("done", "pass", "decline"):
            for a in acts:
                if a["type"] == kind:
                    return a
        return acts[0]
