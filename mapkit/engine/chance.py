"""Chance nodes: dice, the first player, a card from a deck, as recorded actions.

At a chance node the game waits for an outcome instead of a player's decision. Every
outcome is an ordinary JSON action (``{"type": "roll", "player": 0, "dice": [4, 6]}``), so
a record that contains it replays exactly, and undo never rolls again (the OpenSpiel way:
dice are chance actions). A chance node is described by one of the classes here:

* :class:`Dice` -- ``n`` six-sided dice thrown by a player;
* :class:`Seat` -- one seat drawn, each equally likely (who starts);
* :class:`Draw` -- one item from a list, each equally likely (a card from a deck).

Each lists its outcomes with their probabilities, draws one with a ``random.Random`` and
checks (normalizes) an outcome that a driver or a record supplies.

>>> d = Dice("roll", player=1, dice=2)
>>> len(d.outcomes(3)), d.outcomes(3)[0]
(36, ({'type': 'roll', 'player': 1, 'dice': [1, 1]}, 0.027777777777777776))
>>> import random
>>> d.sample(random.Random(5), 3)
{'type': 'roll', 'player': 1, 'dice': [5, 3]}
>>> Seat("first").normalize({"type": "first", "player": 7}, ("Anna", "Bert"))
Traceback (most recent call last):
...
mapkit.engine.errors.IllegalAction: illegal action [chance.first]: 'player' must be a seat 0..1, not 7
"""

from __future__ import annotations

from itertools import product
from typing import TypeGuard

from .errors import IllegalAction

__all__ = ["Chance", "Dice", "Seat", "Draw"]


def _is_int(v) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class Chance:
    """A chance node: ``kind`` is the action type of its outcomes."""

    kind = "chance"
    player: int | None = None

    def outcomes(self, n_players: int) -> list:
        """``[(action, probability), ...]``."""
        raise NotImplementedError

    def sample(self, rng, n_players: int) -> dict:
        raise NotImplementedError

    def normalize(self, action: dict, players) -> dict:
        """The action in normalized form, or :class:`IllegalAction`."""
        raise NotImplementedError

    def _kind_ok(self, action: dict) -> None:
        t = str(action.get("type", "")).lower()
        if t != self.kind:
            raise IllegalAction("chance.kind", f"a {self.kind!r} chance action is due, not {t!r}")


class Dice(Chance):
    """``dice`` six-sided dice thrown by seat ``player``."""

    __slots__ = ("kind", "player", "dice")

    def __init__(self, kind: str, player: int, dice: int):
        self.kind = kind
        self.player = player
        self.dice = dice

    def __repr__(self):
        return f"Dice({self.kind!r}, player={self.player}, dice={self.dice})"

    def outcomes(self, n_players: int) -> list:
        p = 1.0 / 6 ** self.dice
        return [({"type": self.kind, "player": self.player, "dice": list(d)}, p)
                for d in product(range(1, 7), repeat=self.dice)]

    def sample(self, rng, n_players: int) -> dict:
        return {"type": self.kind, "player": self.player, "dice": [rng.randint(1, 6) for _ in range(self.dice)]}

    def normalize(self, action: dict, players) -> dict:
        if action.get("type") != self.kind:     # the kind as drivers write it needs no folding
            self._kind_ok(action)
        if "player" in action and action["player"] != self.player:
            raise IllegalAction("chance.player", f"the roll is {players[self.player]}'s "
                                                 f"(seat {self.player}), not seat {action['player']!r}")
        dice = action.get("dice")
        if (not isinstance(dice, list) or len(dice) != self.dice
                or any(not _is_int(d) or not 1 <= d <= 6 for d in dice)):
            raise IllegalAction("chance.dice", f"'dice' must be a list of {self.dice} numbers 1..6, not {dice!r}")
        return {"type": self.kind, "player": self.player, "dice": list(dice)}


class Seat(Chance):
    """One seat drawn at random (who starts), each equally likely."""

    __slots__ = ("kind",)

    def __init__(self, kind: str = "first"):
        self.kind = kind

    def __repr__(self):
        return f"Seat({self.kind!r})"

    def outcomes(self, n_players: int) -> list:
        return [({"type": self.kind, "player": k}, 1.0 / n_players) for k in range(n_players)]

    def sample(self, rng, n_players: int) -> dict:
        return {"type": self.kind, "player": rng.randrange(n_players)}

    def normalize(self, action: dict, players) -> dict:
        self._kind_ok(action)
        k = action.get("player")
        if not _is_int(k) or not 0 <= k < len(players):
            raise IllegalAction(f"chance.{self.kind}", f"'player' must be a seat 0..{len(players) - 1}, not {k!r}")
        return {"type": self.kind, "player": k}


class Draw(Chance):
    """One of ``items`` (JSON values) drawn for seat ``player`` under the action key ``key``."""

    __slots__ = ("kind", "player", "key", "items")

    def __init__(self, kind: str, player: int | None, key: str, items):
        self.kind = kind
        self.player = player
        self.key = key
        self.items = list(items)

    def __repr__(self):
        return f"Draw({self.kind!r}, player={self.player}, {len(self.items)} items)"

    def _action(self, item) -> dict:
        a: dict = {"type": self.kind}
        if self.player is not None:
            a["player"] = self.player
        a[self.key] = item
        return a

    def outcomes(self, n_players: int) -> list:
        p = 1.0 / len(self.items)
        return [(self._action(x), p) for x in self.items]

    def sample(self, rng, n_players: int) -> dict:
        return self._action(self.items[rng.randrange(len(self.items))])

    def normalize(self, action: dict, players) -> dict:
        self._kind_ok(action)
        if self.player is not None and "player" in action and action["player"] != self.player:
            raise IllegalAction("chance.player", f"this draw is for seat {self.player}, not {action['player']!r}")
        item = action.get(self.key)
        if item not in self.items:
            shown = ", ".join(map(str, self.items[:8])) + (" ..." if len(self.items) > 8 else "")
            raise IllegalAction("chance.draw", f"{self.key!r} must be one of {shown}, not {item!r}")
        return self._action(item)
