"""The Railroad Tycoon family's front ends, imported only by the hooks of its
:class:`~mapkit.engine.games.railroad_tycoon.family.RailroadTycoonFamily` (they use
:mod:`mapkit.play`, :mod:`mapkit.web` and :mod:`mapkit.render`; the engine imports none of them):

* :mod:`.plan` -- what both fronts ask of the board: the cheapest way to lay a link toward a
  place, the best delivery of a good, a card or colour named loosely;
* :mod:`.terminal` and :mod:`.commands` -- ``mapkit play``: commands, narration without
  secrets, one's own task card and held cards; :mod:`.picture`, the picture's own marks;
* :mod:`.web` and ``web.js`` -- ``mapkit serve``: the questions a page asks, the page's drawing.
* :mod:`.sheets` -- ``mapkit sheets``: the board (:mod:`.board`), the cards
  (:mod:`.cardsheets`), the victory-point track and the rules (:mod:`.paper`).
"""
