"""The TransAmerica family's bots: :mod:`.greedy` (the engine's ``random`` bot plays every family)."""
