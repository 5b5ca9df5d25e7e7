"""The TransAmerica family's front ends, imported only by the hooks of its
:class:`~mapkit.engine.games.transamerica.family.TransAmericaFamily` (they use
:mod:`mapkit.play`, :mod:`mapkit.web` and :mod:`mapkit.render`; the engine itself imports
none of them):

* :mod:`.terminal` -- ``mapkit play``: commands, narration without secrets, one's own cards;
* :mod:`.web` and ``web.js`` -- ``mapkit serve``: the questions a page asks, its printed board
  (a dot on every junction, the card cities in their colours), the page's drawing;
* :mod:`.sheets` -- ``mapkit sheets``: the board, the city cards, the score track, the rules.
"""
