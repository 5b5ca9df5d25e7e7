"""The Dampfross family's front ends, imported only by the hooks of its
:class:`~mapkit.engine.games.dampfross.family.DampfrossFamily` (they use :mod:`mapkit.play`,
:mod:`mapkit.web` and :mod:`mapkit.render`; the engine itself imports none of them):

* :mod:`.terminal`, :mod:`.moves`, :mod:`.narration` -- ``mapkit play``: what a person types,
  what the screen tells;
* :mod:`.web` and ``web.js`` -- ``mapkit serve``: the questions a page asks, the page's drawing
  of tracks, races and trains;
* :mod:`.sheets` -- ``mapkit sheets``: the paper kit.
"""
