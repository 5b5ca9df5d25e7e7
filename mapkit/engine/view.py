"""The view a front end draws from: one versioned shape for every game family.

:meth:`State.view(seat) <mapkit.engine.state.State.view>` gives, as JSON, everything a front
end needs to draw and explain a state -- the terminal picture (:mod:`mapkit.play.picture`),
the browser (``game.js``), a family's own front ends. The core fills the keys every game has;
the family's ``view_details(seat)`` adds its part; :func:`complete_view` then gives every key
of the contract a value, so that a front end that knows no particular game can draw any of
them, and a family's own front end draws the rest (its hooks: ``Front.picture_overlay`` in the
terminal, ``draw`` in its browser module).

Version 2 (``"view": 2``; schema ``mapkit/schemas/view.schema.json``):

* ``players``: one entry per seat with ``seat``, ``name``, ``money`` (what the player can
  spend, or null in a game without money), ``score`` (points or victory points, or null),
  ``account`` (the figure the game ranks players by: the score when there is one, else the
  money; kept from version 1) and what the family adds;
* ``board``:

  - ``track``: every piece of track, either on an *edge* (``{"edge": "C4/C5", ...}``:
    Dampfross, TransAmerica) or as a *tile on a hex* joining two of its sides
    (``{"hex": "C4", "joins": ["C3", "C5"], ...}``: the sides facing those two neighbours;
    Railroad Tycoon; a double tile is two entries on one hex), each with ``owners`` (the seats
    that own it; empty when nobody does) and, when the family has networks, ``network``;
  - ``pawns``: players' pieces standing on hexes (``{"hex", "seat", "kind"}``: start cities,
    start markers, trains);
  - ``tokens``: things of nobody on hexes (``{"hex", "kind", "colour", "count"}``: goods);
  - ``cities``: the cities as they stand now, when the game changes them (``{"name", "hex",
    "colour", ...}``: a city founded, emptied); empty when cities never change;
* ``period``: the part of the game being played, named neutrally (``{"kind": "race" |
  "round" | ..., "number": n, ...}``; null before the first), beside the family's own
  ``phase`` and ``step`` names; ``race`` (Dampfross's race, or null) is kept from version 1;
* ``legal``, ``messages``, ``over``, ``winners``, ``end`` as in version 1;
* ``step_label``: the step as a player reads it (English; ``step`` is its name for programs);
* ``said``: the words of the view the game wrote in English (log lines, a ledger's reasons,
  cards' titles, ``step_label``) with the message and fields each was made from, so that a
  front end says them in its player's language (:mod:`mapkit.i18n.said`: English text ->
  ``{"message", "fields"}``; added to version 2, which a front end may ignore).

>>> v = {"players": [{"seat": 0, "name": "Ann", "score": 3}], "board": {"track": []}}
>>> complete_view(v)["players"][0]["account"], v["board"]["tokens"], v["period"], v["view"], v["said"]
(3, [], None, 2, {})
"""

from __future__ import annotations

from ..i18n.said import said_index

__all__ = ["VIEW_VERSION", "complete_view", "view_schema"]

VIEW_VERSION = 2

_BOARD_LISTS = ("track", "pawns", "tokens", "cities")
# Keys of the view that hold no words a game wrote (not walked for them: the board and the
# legal actions are large).
_NO_WORDS = ("board", "legal", "said")


def complete_view(view: dict) -> dict:
    """Give every key of the contract (module notes) a value in ``view``, in place; returns it.

    A family sets what it has; what it leaves out is empty: no money, no score, no tokens.
    ``account`` defaults to the score, else the money (a family of version 1 that gives only
    ``account`` keeps it and its ``money`` is taken to be it)."""
    view["view"] = VIEW_VERSION
    for p in view.get("players", ()):
        if "money" not in p and "score" not in p and "account" in p:
            p["money"] = p["account"]
        p.setdefault("money", None)
        p.setdefault("score", None)
        p.setdefault("account", p["score"] if p["score"] is not None else p["money"])
    board = view.setdefault("board", {})
    for key in _BOARD_LISTS:
        board.setdefault(key, [])
    view.setdefault("period", None)
    view.setdefault("race", None)
    view.setdefault("messages", [])
    view["said"] = said_index([v for k, v in view.items() if k not in _NO_WORDS])
    return view


def view_schema() -> dict:
    """The view's JSON Schema (``mapkit/schemas/view.schema.json``)."""
    import json
    from importlib import resources

    return json.loads(resources.files("mapkit.schemas").joinpath("view.schema.json").read_text("utf-8"))
