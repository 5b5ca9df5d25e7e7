"""The Dampfross family's bots: :class:`~.greedy.GreedyBot` (with :mod:`.plan`, its searches,
and :mod:`.tactics`, its deals and purchases)."""
