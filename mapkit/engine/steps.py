"""Steps: the phases of a game's turn sequence, in the manner of tobymao/18xx's steps.

A :class:`Step` is a stateless object (all data lives on the state, so a clone needs no
help from it) that answers, for the state it is given:

* ``chance(state)`` -- the :class:`~mapkit.engine.chance.Chance` due here, or None;
* ``decider(state)`` -- the seat that decides here (when it is no chance node);
* ``legal_actions(state, player)`` -- the actions that can be listed;
* ``act_<type>(state, player, action)`` -- check a player's action of that type and return
  ``(normalized action, plan)``; ``plan()`` carries it out. A step without ``act_<type>``
  does not take that action (the state says why, :meth:`~mapkit.engine.state.State.refusal`);
* ``on_chance(state, action)`` -- carry out a chance outcome.

``phase`` is the public phase the step belongs to (``build``, ``race`` ...), ``stage`` the
public stage name the family shows (``build``, ``post_build`` ...), ``label`` what a player
reads for it (English, marked for the catalogues with ``N_``; the view's ``step_label``).

>>> class Over(Step):
...     name, phase, terminal = "over", "over", True
>>> Over().terminal, Step().chance(None)
(True, None)
"""

from __future__ import annotations

__all__ = ["Step"]


class Step:
    """Base class of a step (see the module notes)."""

    name = "step"
    phase = ""
    stage = ""
    label = ""            # what a player reads (default: the name, underscores as spaces)
    terminal = False

    def __repr__(self):
        return f"<step {self.name}>"

    def chance(self, state):
        return None

    def decider(self, state) -> int:
        raise NotImplementedError(f"step {self.name} has no decider")

    def legal_actions(self, state, player: int) -> list:
        return []

    def on_chance(self, state, action: dict) -> None:
        raise NotImplementedError(f"step {self.name} has no chance node")
