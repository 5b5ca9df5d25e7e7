"""What every bot is: an object whose :meth:`Bot.act` returns a legal action for the player
to move, decided from what his seat may know and a seed alone.

A driver (``mapkit simulate``, ``play``, ``serve``, a test) asks :meth:`Bot.decide` with the
game's state; the bot's :meth:`Bot.act` is given only the seat's *observation*
(:meth:`~mapkit.engine.state.State.observation`): a copy in which the other seats' secrets
(their cards, the deck, a start city written in secret) are replaced by a sample and the
seed of the dice is left out. So a bot cannot read an opponent's hand, however it is
written, and its play rests on nothing a player at the table could not know. A bot that reads
only the listing (``reads = "listing"``: the random bot) is given, where the family hides
nothing from its seat (:meth:`~mapkit.engine.state.State.hides`), a
:class:`~mapkit.engine.state.ListingView` of the game instead: the same listing, read-only,
without making the observation (a copy of the state's table of fields, a twentieth of a random
bot's game).

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

import hashlib
import random
from typing import cast

from ..state import ListingView

__all__ = ["Bot"]


class _SeededOnUse:
    """A generator seeded with ``key`` when first used: the sample of an observation, which
    most games' observations never draw (seeding from a text hashes it: a tenth of a random
    bot's decision). Used or not, the numbers drawn are those of a generator seeded at once."""

    __slots__ = ("_random", "_key")

    def __init__(self, generator: random.Random, key: str):
        self._random = generator
        self._key: str | None = key

    def __getattr__(self, name: str):
        if self._key is not None:
            self._random.seed(self._key)
            self._key = None
        return getattr(self._random, name)


class Bot:
    """Base class of the bots: ``name`` (the registry key), ``seed``."""

    name = "bot"
    # What act() reads of the state it is given: "state" (anything a seat may know: it is given
    # the seat's observation) or "listing" (legal_actions(), current_player() and history
    # only: given a ListingView where the family hides nothing from the seat).
    reads = "state"

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

    def search_tie(self, state) -> int:
        """The key for equally cheap paths (``tie`` of :func:`mapkit.search.dijkstra`) of this
        bot at the seat to move: 64 bits of a hash of the bot's name, seed and seat, apart from
        the numbers :meth:`rng` draws. A search without it keeps the path through the smaller
        hex ids, and hex ids run row by row from the north: every bot would bend its track the
        same way in every game. The key is the seat's for the whole game (a new one each game,
        as the simulations seed the bots by the game's seed): a key drawn afresh at each
        decision made the greedy bot weaker (it won 42.8 % of 200 games on the German map with
        ferries against bots that broke ties by hex id, where a key a game won 54.8 %)."""
        key = f"{self.name}:{self.seed}:{state.current_player()}:paths"
        return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")

    def decide(self, state) -> dict:
        """The action of the player to move in the game ``state``, chosen from his seat's
        observation: what every driver calls (never :meth:`act` with the game itself). The
        observation's sample of the others' secrets comes from this bot's generator, seeded
        by the position as :meth:`rng` is (with its own key: the sample and the bot's choices
        do not share numbers); :meth:`act` seeds it again when it draws. A bot that reads only
        the listing, at a seat from which nothing is hidden, is given a
        :class:`~mapkit.engine.state.ListingView` of the game: the observation's listing,
        without the observation."""
        seat = state.current_player()
        if self.reads == "listing" and not state.hides(seat):
            return self.act(ListingView(state))
        sample = _SeededOnUse(self._random, self.rng_key(seat, len(state.history)) + ":observe")
        return self.act(state.observation(seat, cast(random.Random, sample)))

    def act(self, state) -> dict:
        """A legal action (a JSON object) for ``state.current_player()``; ``state`` is what
        that seat may know (:meth:`decide`): to read, clone, or change through ``apply`` (a
        bot that ``reads`` only the listing may be given a
        :class:`~mapkit.engine.state.ListingView`, to read)."""
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
