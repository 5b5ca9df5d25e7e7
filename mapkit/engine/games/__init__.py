"""The game families the engine plays, one package each.

A family is a package here whose ``FAMILY`` (a :class:`mapkit.engine.family.GameFamily`)
names its presets, its state class, its bots and its hooks for every front end; the engine
finds it by looking here (or through the entry-point group ``mapkit.games``), so adding a game
touches no other file.

* :mod:`~mapkit.engine.games.dampfross` -- Dampfross, Paluba, Expres (docs/rules.md: the
  board, Paluba, the options, Expres);
* :mod:`~mapkit.engine.games.transamerica` -- TransAmerica / TransEuropa (docs/rules.md, TransAmerica).
* :mod:`~mapkit.engine.games.railroad_tycoon` -- Railroad Tycoon (docs/rules.md, Railroad Tycoon).
"""
