"""The Railroad Tycoon family's bots (the engine's ``random`` bot plays it too)."""
