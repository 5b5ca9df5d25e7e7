"""How the ``strong`` TransAmerica bot builds: the greedy bot's plan, laid in another order.

Every piece of a player's plan (his cheapest completion) shortens it by its size, whichever he
lays first; what the order changes is who lays the pieces that other players need too. A piece
on another player's cheapest completion is one he may well lay himself, and then it costs the
bot nothing; a piece laid by the bot there is a piece given to him. So the bot lays first the
pieces of its plan that the fewest of the others' plans share, and on a tie the greedy bot's
order (farthest from the other networks, :class:`~.greedy.GreedyBot`).

The others' plans depend on their cities, which the seat cannot see: it counts them over
``WORLDS`` samples of the hidden hands (the seat's own observation sampled again, from the
bot's generator: the same position gives the same move), each other player's cheapest
completion in each. On ``maps/usa.yaml``, where the pieces run out before anybody joins his
cities, two seats building so (the greedy bot otherwise) against two greedy seats won 56.0 % of
400 games (``benchmarks/bots.py``'s games of seed 1, the greedy bot in those seats 51.2 %);
the reversed greedy order (nearest the others first) won 41.9 %: who lays the pieces several
players need decides much of the score. The ``strong`` bot that builds so won 65.5 % of 200
games there instead of 59.5 % (docs/play.md, "Bots by level").
"""

from __future__ import annotations

import random

from .greedy import GreedyBot

__all__ = ["SharingBot", "WORLDS", "shared_pieces"]

WORLDS = 4      # samples of the hidden hands in which the others' plans are counted


def shared_pieces(s, p: int, rng: random.Random, worlds: int = WORLDS) -> dict:
    """Piece (edge id) -> in how many of the other players' cheapest completions it lies, over
    ``worlds`` samples of the hands ``p`` cannot see (``s``: ``p``'s observation)."""
    from ..scoring import completion

    edge_id = s.board.edge_id
    counts: dict = {}
    for _ in range(worlds):
        world = s.observation(p, rng)
        for q in world.active():
            if q == p:
                continue
            tree = completion(world, q)
            if tree is None:
                continue
            for e in map(edge_id.get, tree.edges):
                if e is not None:
                    counts[e] = counts.get(e, 0) + 1
    return counts


class SharingBot(GreedyBot):
    """The greedy bot, laying first the pieces of its plan the others' plans share least (see
    the module notes)."""

    def _lay_order(self, s, p):
        greedy_key = super()._lay_order(s, p)
        rng = random.Random(f"{self.rng_key(p, len(s.history))}:shared")
        shared = shared_pieces(s, p, rng)

        def key(e, net):
            return (-shared.get(e, 0), greedy_key(e, net))
        return key
