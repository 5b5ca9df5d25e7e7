"""Placeholder: replaced below."""
from ....bots.random import RandomBot


class GreedyBot(RandomBot):
    name = "greedy"
