"""The Railroad Tycoon family's front ends, imported only by the hooks of its
:class:`~mapkit.engine.games.railroad_tycoon.family.RailroadTycoonFamily` (they use
:mod:`mapkit.render`; the engine itself imports none of them):

* :mod:`.sheets` -- ``mapkit sheets``: the board (:mod:`.board`), the cards
  (:mod:`.cardsheets`), the victory-point track and the rules (:mod:`.paper`).
"""
